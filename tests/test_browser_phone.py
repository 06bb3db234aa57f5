"""The ranking list on a phone: swipes scroll the page, the ☰ handle reorders, and the hint speaks of touch.

A Playwright context with a 390 x 844 touch screen stands in for a phone; touches are real CDP
touch events (UX review #10, #11 and #24).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from deploy.harness import ARTIFACTS
from ndcg_core import score_ranking
from tests.test_browser import WAIT, open_app, overlaps, rows, settle, still
from ui.i18n import translate

pytestmark = pytest.mark.browser
GRADES = [3, 0, 1, 0, 2, 3, 0, 1, 2, 0, 1, 2]
LONG = "rel=" + ",".join(map(str, GRADES))
NAMES = [chr(ord("A") + i) for i in range(len(GRADES))]

# The page scrolls in Streamlit's main section, not the window.
SCROLL_TOP = "() => document.querySelector('[data-testid=stMain]').scrollTop"
# The box of the dragged row and of every clipping box between it and the page.
CLIPS = """() => {
  const li = [...document.querySelectorAll('*')].map((el) => el.shadowRoot).filter(Boolean)
    .map((r) => r.querySelector('li.dragging')).find(Boolean);
  if (!li) return null;
  const box = (r) => ({top: r.top, bottom: r.bottom});
  const clips = [];
  for (let n = li.parentNode; n; n = n.parentNode || n.host) {
    if (n.nodeType !== 1) continue;
    const cs = getComputedStyle(n);
    const page = ['MAIN', 'HTML', 'BODY'].includes(n.tagName);
    if (cs.overflowY !== 'visible' && !page) clips.push(box(n.getBoundingClientRect()));
  }
  return {row: box(li.getBoundingClientRect()), clips: clips};
}"""


@pytest.fixture
def phone(browser):
    """A page in a phone-sized touch context, with a CDP session for touch events."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.js_errors = errors
    pg.cdp = context.new_cdp_session(pg)
    yield pg
    context.close()


def touch(page, points: list[tuple[float, float]], pause: int = 16) -> None:
    """One finger: down at the first point, through the others with ``pause`` ms between, then up."""
    (x, y), rest = points[0], points[1:]
    page.cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    for x, y in rest:
        page.wait_for_timeout(pause)
        page.cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
    page.cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def headline(page):
    """The value of the nDCG metric at the top of the page."""
    return (
        page.locator("[data-testid=stMetric]")
        .filter(has=page.locator("[data-testid=stMetricLabel]", has_text=re.compile(r"^\s*nDCG")))
        .locator("[data-testid=stMetricValue]")
        .first
    )


def center(page, selector: str) -> tuple[float, float]:
    box = page.locator(selector).first.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def row_name_between(page, low: float, high: float) -> tuple[float, float]:
    """The middle of the first row name whose middle lies between ``low`` and ``high`` px from the screen's top."""
    for name in page.locator("li[data-uid] .name").all():
        box = name.bounding_box()
        if box and low <= box["y"] + box["height"] / 2 <= high:
            return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    raise AssertionError(f"no row of the list lies between {low} and {high} px")


def bring_list_near_top(page) -> None:
    """Scroll the page so that the list's first row sits about 150 px below the top of the screen."""
    page.evaluate("""() => {
      const main = document.querySelector('[data-testid=stMain]');
      const li = [...document.querySelectorAll('*')].map((el) => el.shadowRoot).filter(Boolean)
        .map((r) => r.querySelector('li[data-uid]')).find(Boolean);
      main.scrollTop += li.getBoundingClientRect().top - 150;
    }""")
    page.wait_for_timeout(300)


def test_a_vertical_swipe_on_a_row_scrolls_the_page(phone, server_url):
    """A finger swiping up on a row's name scrolls the page, even across a 12-item list, and moves no row."""
    open_app(phone, f"{server_url}/steps?{LONG}&lang=ko")
    bring_list_near_top(phone)
    for swipe in range(2):
        before = phone.evaluate(SCROLL_TOP)
        x, y = row_name_between(phone, 150, 800)
        touch(phone, [(x, y - 25 * i) for i in range(11)])
        phone.wait_for_timeout(400)
        after = phone.evaluate(SCROLL_TOP)
        assert after > before + 100, f"swipe {swipe + 1}: the page scrolled {before} -> {after}"
    assert rows(phone) == NAMES
    assert not phone.js_errors


def test_a_touch_drag_by_the_handle_reorders_and_updates_ndcg(phone, server_url):
    """Dragging E's ☰ above A keeps ▲/▼ current and the row unclipped mid-drag, then gives E first and its nDCG."""
    open_app(phone, f"{server_url}/steps?{LONG}&lang=ko")
    expect(headline(phone)).to_have_text(f"{score_ranking(GRADES).ndcg:.4f}", timeout=WAIT)
    bring_list_near_top(phone)
    x, y = center(phone, "li[data-uid='4'] .handle")
    top = phone.locator("li[data-uid='0']").bounding_box()
    ty = top["y"] - 20  # a little above the list: the row must stop at the list's top edge, not be cut by it
    phone.cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    for i in range(1, 7):
        phone.wait_for_timeout(30)
        phone.cdp.send(
            "Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y + (ty - y) * i / 6}]}
        )
    phone.wait_for_timeout(100)
    assert rows(phone)[:2] == ["E", "A"]
    dragged, old_first = phone.locator("li[data-uid='4']"), phone.locator("li[data-uid='0']")
    assert dragged.locator("button.up").is_disabled(), "the dragged row is first, yet its ▲ is enabled"
    assert old_first.locator("button.up").is_enabled(), "A is second, yet its ▲ is still disabled"
    clip = phone.evaluate(CLIPS)
    assert clip is not None, "no row is being dragged"
    for box in clip["clips"]:
        assert box["top"] - 0.5 <= clip["row"]["top"] and clip["row"]["bottom"] <= box["bottom"] + 0.5, (
            f"the dragged row {clip['row']} is cut by a clipping box {box}"
        )
    phone.cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    want = [GRADES[4], *GRADES[:4], *GRADES[5:]]
    expect(headline(phone)).to_have_text(f"{score_ranking(want).ndcg:.4f}", timeout=WAIT)
    assert rows(phone) == ["E", "A", "B", "C", "D", *NAMES[5:]]
    assert phone.locator("li.dragging").count() == 0
    assert not phone.js_errors


def test_a_long_press_on_a_row_then_a_move_reorders(phone, server_url):
    """A finger resting 0.6 s on C's name and then moving above A drags C to the top, and the page does not scroll."""
    open_app(phone, f"{server_url}/steps?{LONG}&lang=en")
    bring_list_near_top(phone)
    x, y = center(phone, "li[data-uid='2'] .name")
    top = phone.locator("li[data-uid='0']").bounding_box()
    ty = top["y"] + top["height"] * 0.15
    before = phone.evaluate(SCROLL_TOP)
    phone.cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    phone.wait_for_timeout(600)
    expect(phone.locator("li.dragging .name")).to_have_text("C")
    for i in range(1, 7):
        phone.wait_for_timeout(30)
        phone.cdp.send(
            "Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y + (ty - y) * i / 6}]}
        )
    during = phone.evaluate(SCROLL_TOP)
    phone.cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    want = [GRADES[2], *GRADES[:2], *GRADES[3:]]
    expect(headline(phone)).to_have_text(f"{score_ranking(want).ndcg:.4f}", timeout=WAIT)
    assert rows(phone) == ["C", "A", "B", *NAMES[3:]]
    assert abs(during - before) < 2, f"the page scrolled {before} -> {during} under a long-press drag"
    assert not phone.js_errors


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_the_phone_hint_speaks_of_touch_not_of_alt_keys(phone, server_url, lang):
    """On a touch screen the list's hint is the touch one and no Alt+↑/↓ is shown; a screenshot is kept."""
    open_app(phone, f"{server_url}/steps?{LONG}&lang={lang}")
    hint = phone.locator("div.ndcg-sortable .hint")
    expect(hint).to_have_text(translate("list_hint_touch", lang), use_inner_text=True, timeout=WAIT)
    assert "Alt" not in hint.inner_text()
    settle(phone)
    still(phone)
    bring_list_near_top(phone)
    phone.evaluate("() => { document.querySelector('[data-testid=stMain]').scrollTop -= 120; }")
    phone.wait_for_timeout(300)
    ARTIFACTS.mkdir(exist_ok=True)
    phone.screenshot(path=str(ARTIFACTS / f"phone_list_{lang}.png"))
    assert not phone.js_errors


def test_a_mouse_screen_keeps_the_keyboard_hint(page, server_url):
    """With a mouse the hint names Alt+↑/↓ and the touch hint is hidden."""
    open_app(page, f"{server_url}/steps?{LONG}&lang=en")
    hint = page.locator("div.ndcg-sortable .hint")
    expect(hint).to_have_text(translate("list_hint", "en"), use_inner_text=True, timeout=WAIT)


def test_the_headline_metrics_sit_two_by_two(phone, server_url):
    """At 390 px the four metrics fill two rows of two, evenly wide."""
    open_app(phone, f"{server_url}/steps?items=A,B,C&rel=3,1,2&k=3&lang=en")
    boxes = [m.bounding_box() for m in phone.locator(".st-key-headline_metrics [data-testid=stMetric]").all()]
    assert len(boxes) == 4
    assert abs(boxes[0]["y"] - boxes[1]["y"]) < 2 and boxes[2]["y"] > boxes[0]["y"] + boxes[0]["height"] - 1
    assert abs(boxes[0]["width"] - boxes[1]["width"]) < 2 and abs(boxes[0]["x"] - boxes[2]["x"]) < 2


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_delta_line_under_ndcg_is_not_cut_on_a_phone(phone, server_url, lang):
    """At 390 px the short text under the nDCG metric ("since last move") fits its box: no ellipsis."""
    open_app(phone, f"{server_url}/steps?items=A,B,C&rel=3,1,2&k=3&lang={lang}")
    metric = phone.locator(".st-key-headline_metrics [data-testid=stMetric]").first
    cut = metric.evaluate(
        "m => [...m.querySelectorAll('*')].filter(e => getComputedStyle(e).textOverflow === 'ellipsis'"
        " && e.scrollWidth > e.clientWidth + 1).map(e => e.innerText)"
    )
    assert cut == []


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_step_bar_chart_reads_on_a_phone(phone, server_url, lang):
    """At 390 px the step page's bar chart is drawn at the phone's width: its labels are at least 11 px tall and
    none runs past the chart's right edge."""
    open_app(phone, f"{server_url}/steps?items=A,B,C&rel=1,3,2&k=3&lang={lang}")
    chart = phone.locator("div.ndcg-bars svg").first
    chart.scroll_into_view_if_needed()
    expect(chart.locator("text").first).to_be_attached(timeout=WAIT)
    phone.wait_for_timeout(500)  # the redraw at the laid-out width
    sizes = chart.evaluate(
        "s => { const box = s.getBoundingClientRect(); return {width: box.width, right: box.right,"
        " texts: [...s.querySelectorAll('text')].filter(t => t.textContent).map(t => {"
        " const r = t.getBoundingClientRect(); return [r.height, r.right]; })}; }"
    )
    assert 300 <= sizes["width"] <= 390
    assert sizes["texts"] and min(h for h, _ in sizes["texts"]) >= 11, sizes["texts"]
    assert max(r for _, r in sizes["texts"]) <= sizes["right"] + 1


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_step_bar_charts_item_names_never_overlap_on_a_phone(phone, server_url, lang):
    """At 390 px names too wide for their bars are left to the tooltips: no two texts of the chart overlap, and a
    one-letter name still stands over its bar."""
    boxes = (
        "s => [...s.querySelectorAll('text')].filter(t => t.textContent && !t.getAttribute('transform'))"
        ".map(t => { const r = t.getBoundingClientRect(); return [t.textContent, r.left, r.right, r.top, r.bottom]; })"
    )

    for items, names in (("Doc%20A,Doc%20B,Doc%20C,Doc%20D,Doc%20E", []), ("A,B,C,D,E", ["A", "B", "C"])):
        open_app(phone, f"{server_url}/steps?items={items}&rel=3,2,3,0,1&gain=exponential&k=3&lang={lang}")
        chart = phone.locator("div.ndcg-bars svg").first
        chart.scroll_into_view_if_needed()
        expect(chart.locator("text").first).to_be_attached(timeout=WAIT)
        phone.wait_for_timeout(500)  # the redraw at the laid-out width
        texts = chart.evaluate(boxes)
        assert overlaps(texts) == [], overlaps(texts)
        assert set(names) <= {t[0] for t in texts}
