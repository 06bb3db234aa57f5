"""The presenter view in a real browser: the arrow keys step through CG → DCG → IDCG → nDCG, each on one screen."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from deploy.harness import ARTIFACTS
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


def test_escape_leaves_the_presenter_view_for_the_whole_step_page(page, server_url):
    """Esc in the presenter view opens the whole step page with its editor and the same example, and the URL loses present and step."""
    page.goto(server_url + LINK.replace("&lang=ko", "&step=2&lang=en"))
    settle(page)
    expect(page.get_by_role("button", name=translate("present_leave", "en"))).to_be_visible(timeout=WAIT)
    page.keyboard.press("Escape")
    expect(page.locator("li[data-uid]").first).to_be_attached(timeout=WAIT)
    expect(page.locator("li[data-uid] .name")).to_have_text(["A", "B", "C"])
    for title in (translate(key, "en") for key in ("cg_title", "dcg_title", "idcg_title", "ndcg_title")):
        expect(step_header(page, title)).to_have_count(1)
    expect(page.locator("[data-testid=stSidebar]")).to_be_visible()
    expect(page).not_to_have_url(re.compile(r"[?&](present|step)="), timeout=WAIT)
    assert "rel=1,3,2" in page.url.replace("%2C", ",")


TWENTY = (
    "/steps?items="
    + ",".join(chr(65 + i) for i in range(20))
    + "&rel=3,1,0,2,3,0,1,2,0,3,1,1,0,2,3,0,1,2,0,1&present=1"
)
# How far the main area scrolls: 0 when the step fits the screen.
OVERFLOW = (
    """() => { const m = document.querySelector('[data-testid=stMain]'); return m.scrollHeight - m.clientHeight; }"""
)


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_each_step_of_a_twenty_item_list_fits_a_1280_by_720_screen(browser, server_url, lang):
    """With 20 items and no k, each of the four steps fits 1280×720 without scrolling, with its text at 24 px or more."""
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    try:
        for n, key in enumerate(("cg_title", "dcg_title", "idcg_title", "ndcg_title"), start=1):
            page.goto(f"{server_url}{TWENTY}&step={n}&lang={lang}")
            settle(page)
            expect(step_header(page, translate(key, lang))).to_be_in_viewport(timeout=WAIT)
            if n < 4:
                expect(page.locator("[data-testid=stTable] tbody tr").first).to_be_visible(timeout=WAIT)
            page.wait_for_function("() => !document.querySelector('[data-testid=stSkeleton]')", timeout=WAIT)
            smallest, where = page.evaluate(SMALLEST_TEXT)
            assert smallest >= 24, f"step {n} ({lang}): {where!r} is {smallest}px"
            overflow, bottom = page.evaluate(OVERFLOW), page.evaluate(BOTTOM)
            page.screenshot(path=str(ARTIFACTS / f"present_twenty_{lang}_step{n}.png"))
            assert overflow <= 0 and bottom <= 720, f"step {n} ({lang}): {overflow}px to scroll, bottom at {bottom}px"
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_the_step_lesson_offers_its_presenter_view_in_the_sidebar(browser, server_url, lang):
    """At 1400×900 the step lesson's sidebar shows "Present this lesson" unscrolled; a click opens Step 1 of the
    presenter view with the example that was open (U3)."""
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    page = context.new_page()
    try:
        page.goto(f"{server_url}/steps?items=P,Q,R&rel=2,0,3&k=3&lang={lang}")
        settle(page)
        button = page.locator("[data-testid=stSidebar]").get_by_role("button", name=translate("present_open", lang))
        expect(button).to_be_in_viewport(ratio=1, timeout=WAIT)
        page.screenshot(path=str(ARTIFACTS / f"present_entry_{lang}.png"))
        button.click()
        expect(step_header(page, translate("cg_title", lang))).to_be_visible(timeout=WAIT)
        expect(page.locator("[data-testid=stSidebar]")).to_be_hidden()
        expect(page).to_have_url(re.compile(r"[?&]present=1&step=1"), timeout=WAIT)
        assert "items=P,Q,R" in page.url.replace("%2C", ",") and "rel=2,0,3" in page.url.replace("%2C", ",")
    finally:
        context.close()
