"""Keyboard only (issue 9: "every action is reachable by keyboard"): Tab, Shift+Tab, arrows, Space and Enter on /steps."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from ndcg_core import score_ranking
from tests.test_browser import SOURCE, WAIT, metric, open_app, rows

pytestmark = pytest.mark.browser

# The focused element, looked up through shadow roots (the drag list lives in one): its tag, its
# aria-label, its text, the st-key-* class of its nearest keyed container, and its focus ring.
FOCUSED = """() => {
  let el = document.activeElement;
  while (el && el.shadowRoot && el.shadowRoot.activeElement) el = el.shadowRoot.activeElement;
  if (!el) return null;
  let key = '';
  for (let n = el; n; n = n.parentElement || (n.getRootNode() && n.getRootNode().host)) {
    const m = typeof n.className === 'string' && n.className.match(/st-key-[\\w-]+/);
    if (m) { key = m[0]; break; }
  }
  const cs = getComputedStyle(el);
  return {tag: el.tagName, label: el.getAttribute('aria-label') || '', text: (el.innerText || '').trim(), key,
          keys: el.getAttribute('aria-keyshortcuts') || '', ring: cs.outlineStyle + ' ' + cs.outlineWidth};
}"""


def tab_until(page, wanted, *, back: bool = False, limit: int = 80) -> dict:
    """Press Tab (or Shift+Tab) until the focused element matches ``wanted``; fail after ``limit`` presses."""
    seen = []
    for _ in range(limit):
        page.keyboard.press("Shift+Tab" if back else "Tab")
        focused = page.evaluate(FOCUSED)
        if focused and wanted(focused):
            return focused
        seen.append(focused and (focused["tag"], focused["label"] or focused["text"][:20]))
    raise AssertionError(f"not reached in {limit} presses; focus went through {seen}")


def test_tab_and_alt_arrow_move_an_item_and_the_move_buttons_answer_space(page, server_url):
    """From the top of the page, Tab reaches row A, Alt+↓ moves it below B (nDCG 0.9721), and Tab then Space on its ▲ moves it back."""
    open_app(page, f"{server_url}/steps?{SOURCE}&lang=en")
    row = tab_until(page, lambda f: f["tag"] == "LI")
    assert row["label"] == "1. A, grade 1"
    assert row["keys"] == "Alt+ArrowUp Alt+ArrowDown"
    page.keyboard.press("Alt+ArrowDown")
    expect(metric(page, "nDCG@3")).to_have_text(f"{score_ranking([3, 1, 2], k=3).ndcg:.4f}", timeout=WAIT)
    assert rows(page) == ["B", "A", "C"]
    expect(page.locator("li[data-uid='0']")).to_be_focused()  # the moved row keeps the focus after the rerun
    up = tab_until(page, lambda f: f["tag"] == "BUTTON", limit=1)
    assert up["label"] == "move up: A"
    assert up["ring"] == "solid 3px", "a focused ▲ shows the same 3 px ring as a focused row"
    page.keyboard.press("Space")
    expect(metric(page, "nDCG@3")).to_have_text("0.7364", timeout=WAIT)
    assert rows(page) == ["A", "B", "C"]


def test_tab_reaches_the_gain_options_and_an_arrow_key_chooses_one(page, server_url):
    """Tab reaches the gain radio; ↑ chooses the standard (linear) gain: nDCG 0.8175 and gain=linear in the URL."""
    open_app(page, f"{server_url}/steps?{SOURCE}&lang=en")
    focused = tab_until(page, lambda f: f["key"] == "st-key-steps_gain")
    assert focused["tag"] == "INPUT"
    page.keyboard.press("ArrowUp")
    expect(metric(page, "nDCG@3")).to_have_text("0.8175", timeout=WAIT)
    expect(page).to_have_url(re.compile(r"[?&]gain=linear(&|$)"), timeout=WAIT)
    page.keyboard.press("Space")  # Space on the chosen option keeps it
    expect(metric(page, "nDCG@3")).to_have_text("0.8175")


def test_k_and_undo_by_keyboard(page, server_url):
    """Tab to k, ↓ opens its list, ↑ and Enter choose 2 (nDCG@2); Tab on to Undo and Enter brings back nDCG@3."""
    open_app(page, f"{server_url}/steps?{SOURCE}&lang=en")
    tab_until(page, lambda f: f["key"] == "st-key-steps_k")
    page.keyboard.press("ArrowDown")
    expect(page.get_by_role("option", name="2", exact=True)).to_be_visible(timeout=WAIT)
    page.keyboard.press("ArrowUp")
    page.keyboard.press("Enter")
    expect(metric(page, "nDCG@2")).to_have_text(f"{score_ranking([1, 3, 2], k=2).ndcg:.4f}", timeout=WAIT)
    tab_until(page, lambda f: f["tag"] == "BUTTON" and f["text"] == "Undo")
    page.keyboard.press("Enter")
    expect(metric(page, "nDCG@3")).to_have_text("0.7364", timeout=WAIT)


def test_focused_page_links_and_radio_options_show_a_clear_ring(page, server_url):
    """A page link or a radio option reached by keyboard has a 3 px ring in the palette's blue, not just a faint grey."""
    open_app(page, f"{server_url}/steps?{SOURCE}&lang=en")
    page.locator("[data-testid=stSidebarNavLink]").first.focus()
    page.keyboard.press("Tab")
    page.keyboard.press("Shift+Tab")  # focus by key, so :focus-visible applies
    ring = page.evaluate(
        "(() => { const cs = getComputedStyle(document.activeElement);"
        " return [cs.outlineStyle, cs.outlineWidth, cs.outlineColor]; })()"
    )
    assert ring == ["solid", "3px", "rgb(0, 114, 178)"]
    page.locator("[data-testid=stRadio] input").first.focus()
    page.keyboard.press("ArrowRight")
    ring = page.evaluate(
        "(() => { const cs = getComputedStyle(document.activeElement.closest('label'));"
        " return [cs.outlineStyle, cs.outlineWidth, cs.outlineColor]; })()"
    )
    assert ring == ["solid", "3px", "rgb(0, 114, 178)"]
