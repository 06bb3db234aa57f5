"""The presenter view in a real browser: the arrow keys step through CG → DCG → IDCG → nDCG, each on one screen."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.harness import ARTIFACTS
from tests.test_browser import WAIT, settle
from ui.i18n import translate

pytestmark = pytest.mark.browser
LINK = "/steps?items=A,B,C&rel=1,3,2&k=3&present=1&lang=ko"
TITLES = [translate(key, "ko") for key in ("cg_title", "dcg_title", "idcg_title", "ndcg_title")]
SIZES = [(1920, 1080), (1280, 720)]

# The smallest computed font size of visible text in the main area (headings, paragraphs, table cells,
# the arithmetic and button labels; KaTeX is measured separately by its own box).
SMALLEST_TEXT = """() => {
  const main = document.querySelector('[data-testid=stMain]');
  let smallest = 1e9, where = '';
  for (const el of main.querySelectorAll('p, li, td, th, pre, [data-testid=stText]')) {
    if (!el.innerText.trim() || el.closest('.katex')) continue;
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (size < smallest) { smallest = size; where = el.innerText.slice(0, 40); }
  }
  return [smallest, where];
}"""

# The lowest bottom edge of any visible element in the main area, in CSS pixels from the top of the page.
BOTTOM = """() => {
  let bottom = 0;
  for (const el of document.querySelectorAll('[data-testid=stMain] [data-testid=stElementContainer]')) {
    const box = el.getBoundingClientRect();
    if (box.height > 0) bottom = Math.max(bottom, box.bottom + window.scrollY);
  }
  return bottom;
}"""


def step_header(page, title: str):
    return page.locator("[data-testid=stHeading] h2", has_text=title).first


def test_presenter_view_steps_by_keyboard_and_each_step_fits_one_screen(browser, server_url):
    """→ moves through the four steps; each step's header is in view, its text is ≥ 24 px, and it fits at both sizes."""
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    page = context.new_page()
    try:
        page.goto(server_url + LINK)
        settle(page)
        ARTIFACTS.mkdir(exist_ok=True)
        for n, title in enumerate(TITLES, start=1):
            expect(step_header(page, title)).to_be_visible(timeout=WAIT)
            for other in TITLES:
                if other != title:
                    expect(step_header(page, other)).to_have_count(0)
            expect(page.locator("[data-testid=stSidebar]")).to_be_hidden()
            assert page.locator("[data-testid=stDataFrame], [data-testid=stDataEditor]").count() == 0
            for width, height in SIZES:
                page.set_viewport_size({"width": width, "height": height})
                page.wait_for_timeout(300)
                expect(step_header(page, title)).to_be_in_viewport()
                smallest, where = page.evaluate(SMALLEST_TEXT)
                assert smallest >= 24, f"step {n} at {width}×{height}: {where!r} is {smallest}px"
                bottom = page.evaluate(BOTTOM)
                assert bottom <= height, f"step {n} at {width}×{height} is {bottom}px tall"
                page.screenshot(path=str(ARTIFACTS / f"present_step{n}_{width}x{height}.png"))
            page.set_viewport_size({"width": 1920, "height": 1080})
            assert f"step={n}" in page.url
            if n < len(TITLES):
                page.keyboard.press("ArrowRight")
                settle(page)
                expect(step_header(page, TITLES[n])).to_be_visible(timeout=WAIT)
        page.keyboard.press("ArrowLeft")
        expect(step_header(page, TITLES[2])).to_be_visible(timeout=WAIT)
    finally:
        context.close()
