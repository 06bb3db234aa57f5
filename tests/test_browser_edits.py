"""Real browser checks of edits kept: Back undoes, the table grows, nothing jumps, the phone keeps the score."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.test_browser import SOURCE, WAIT, metric, open_app, rows, settle, still

pytestmark = pytest.mark.browser


def test_browser_back_undoes_a_move(page, server_url):
    """Two moves, then Back twice: the list, the nDCG and the address return step by step (UX #9)."""
    open_app(page, f"{server_url}/steps?{SOURCE}&lang=en")
    page.get_by_role("button", name="Reverse").click()
    expect(metric(page, "nDCG@3")).not_to_have_text("0.7364", timeout=WAIT)
    settle(page)
    page.get_by_role("button", name="Sort ideally").click()
    expect(metric(page, "nDCG@3")).to_have_text("1.0000", timeout=WAIT)
    settle(page)
    page.go_back()
    expect(page.locator("li[data-uid] .name").first).to_have_text("C", timeout=WAIT)
    settle(page)
    assert rows(page) == ["C", "B", "A"]
    page.go_back()
    expect(metric(page, "nDCG@3")).to_have_text("0.7364", timeout=WAIT)
    settle(page)
    assert rows(page) == ["A", "B", "C"] and "items=A,B,C" in page.url


def test_the_first_move_does_not_push_the_list_down(page, server_url):
    """The list stays where it was after the first move: the Δ and the move line had their place (UX #16)."""
    open_app(page, f"{server_url}/steps?{SOURCE}&lang=en")
    before = page.locator("li[data-uid]").first.bounding_box()["y"]
    page.locator("li[data-uid]").nth(2).locator("button.up").click()
    expect(page.locator("[data-testid=stCaptionContainer]", has_text="rank 3 → 2")).to_be_visible(timeout=WAIT)
    settle(page)
    still(page)
    assert abs(page.locator("li[data-uid]").first.bounding_box()["y"] - before) <= 2


def test_the_table_grows_with_a_typed_row(page, server_url):
    """Adding a row by clicking the empty last row leaves room for it, so row A stays in view (UX #6)."""
    open_app(page, f"{server_url}/steps?{SOURCE}&lang=en")
    grid = page.locator("[data-testid=stDataFrame]").first
    before = grid.bounding_box()
    # The grid is a canvas: click the empty row under C (header + 3 rows of 35 px), then type.
    page.mouse.click(before["x"] + 60, before["y"] + 35 * 4 + 17)
    expect(page.locator("li[data-uid]")).to_have_count(4, timeout=WAIT)  # the click added an empty row
    settle(page)
    # Typing into the new row is not checked here: under a loaded test run the grid can drop the
    # keys while it redraws from the click's rerun (noted on issue 8); the AppTest edits cover values.
    after = grid.bounding_box()
    assert after["height"] >= 38 + 35 * 5 - 2, after  # header, A-D and the empty row, with no inner scroll
    assert page.locator("li[data-uid] .name").first.inner_text() == "A"
    assert abs(after["y"] - before["y"]) <= 2  # nothing above the table moved while the student typed


def test_the_phone_keeps_the_score_in_view_while_the_list_is_used(browser, server_url):
    """On a phone, with the list at the top of the screen, a sticky line still shows nDCG@3 (UX #11)."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    try:
        open_app(page, f"{server_url}/steps?{SOURCE}&lang=en")
        page.locator("li[data-uid]").last.scroll_into_view_if_needed()
        page.locator("li[data-uid]").first.evaluate("e => e.scrollIntoView({block: 'start'})")
        page.wait_for_timeout(300)
        line = page.locator(".st-key-sticky_score")
        box = line.bounding_box()
        assert box is not None and 0 <= box["y"] < 200, box
        assert "nDCG@3 = 0.7364" in line.inner_text()
        assert page.locator("[data-testid=stMetricValue]").first.bounding_box()["y"] < 0  # the metrics scrolled away
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_a_phone_shows_short_names_in_the_list_whole_beside_their_bars(browser, server_url, lang):
    """At 390 px, with each row's grade and bar, names of five letters are shown whole, not cut to "D…"."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    try:
        open_app(page, f"{server_url}/steps?items=Doc%20A,Doc%20B,Doc%20C,Doc%20D&rel=2,3,0,1&k=4&lang={lang}")
        expect(page.locator("li[data-uid] .dg").first).to_be_visible(timeout=WAIT)
        names = page.locator("li[data-uid] .name")
        cut = names.evaluate_all("es => es.filter(e => e.scrollWidth > e.clientWidth).map(e => e.textContent)")
        assert names.count() == 4 and cut == []
    finally:
        context.close()


def test_phone_step_tables_need_no_sideways_swipe(browser, server_url):
    """At 390 px the CG, DCG and IDCG tables show every column, running sums included (UX #20)."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    try:
        open_app(page, f"{server_url}/steps?rel=3,0,1,0,2,3,0,1,2,0,1,2&k=5&lang=ko")
        tables = page.locator("[data-testid=stTable]")
        expect(tables.nth(5)).to_be_attached(timeout=WAIT)  # the order tables, CG, DCG, IDCG and more
        for i in range(tables.count()):
            fits = tables.nth(i).evaluate(
                "t => [...t.querySelectorAll('*')].every(e => e.scrollWidth <= e.clientWidth + 1)"
                " && t.getBoundingClientRect().right <= window.innerWidth"
            )
            assert fits, f"step table {i + 1} is wider than the phone"
    finally:
        context.close()


def test_phone_toolbars_cover_no_button_or_formula(browser, server_url):
    """On a phone, where table toolbars are always shown, none overlaps a button or a formula (UX #19)."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    try:
        open_app(page, f"{server_url}/steps?{SOURCE}&lang=ko")
        expect(page.locator("[data-testid=stElementToolbar]").first).to_be_attached(timeout=WAIT)
        overlaps = page.evaluate("""() => {
          const boxes = s => [...document.querySelectorAll(s)].map(e => [e, e.getBoundingClientRect()]);
          const hit = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
          const out = [];
          for (const [, t] of boxes('[data-testid=stElementToolbar]'))
            for (const [e, r] of boxes('button, [data-testid=stLatex], .katex-display'))
              if (r.width && !e.closest('[data-testid=stElementToolbar]') && hit(t, r)) out.push(e.innerText.slice(0, 30));
          return out; }""")
        assert overlaps == []
    finally:
        context.close()
