"""Real browser tests: Debian's Chromium drives the running app with the mouse and the keyboard."""

from __future__ import annotations

import re
import time
from urllib.parse import quote

import pytest
from playwright.sync_api import expect

from deploy.harness import ARTIFACTS, SETTLED_JS
from ndcg_core import score_ranking
from ui.i18n import translate
from ui.nav import EXAMPLE_LESSONS

pytestmark = pytest.mark.browser
SOURCE = "items=A,B,C&rel=1,3,2&gain=exponential&k=3"
WAIT = 20_000


def metric(page, label: str):
    """The value element of the metric whose label is ``label`` (a k past the list's length may add "(list of n)")."""
    named = re.compile(rf"^\s*{re.escape(label)}(?: \((?:list of \d+|목록 \d+개)\))?\s*$")
    return (
        page.locator("[data-testid=stMetric]")
        .filter(has=page.locator("[data-testid=stMetricLabel]", has_text=named))
        .locator("[data-testid=stMetricValue]")
        .first
    )


def rows(page):
    """Item names of the drag list, top to bottom."""
    return page.locator("li[data-uid] .name").all_inner_texts()


def row_box(page, name: str) -> dict:
    """The box of the list row named ``name``, once it is laid out: a rerun redrawing the list leaves a row without
    a box for a moment (bounding_box is None), so look again until it has one."""
    row, deadline = page.locator(f"li[data-uid] .name:text-is('{name}')"), time.monotonic() + WAIT / 1000
    while (box := row.bounding_box()) is None:
        assert time.monotonic() < deadline, f"the row {name!r} was never laid out"
        page.wait_for_timeout(100)
    return box


def drag(page, source: str, target: str, *, below: bool = False, steps: int = 12) -> None:
    """Press the mouse on one row and release it over another, moving in ``steps`` steps with no pause."""
    a, b = row_box(page, source), row_box(page, target)
    x, y = a["x"] + 5, a["y"] + a["height"] / 2
    ty = b["y"] + (b["height"] * 0.85 if below else b["height"] * 0.15)
    page.mouse.move(x, y)
    page.mouse.down()
    pressed = page.locator("li.dragging .name").inner_text()
    assert pressed == source, f"the press landed on {pressed!r}, not {source!r}: the list moved after it was measured"
    for i in range(1, steps + 1):
        page.mouse.move(x, y + (ty - y) * i / steps)
    page.mouse.up()


def overlaps(boxes: list) -> list:
    """The pairs of boxes (text, left, right, top, bottom) that overlap by more than half a pixel."""
    return [
        (a[0], b[0])
        for i, a in enumerate(boxes)
        for b in boxes[i + 1 :]
        if a[1] < b[2] - 0.5 and b[1] < a[2] - 0.5 and a[3] < b[4] - 0.5 and b[3] < a[4] - 0.5
    ]


def settle(page) -> None:
    """Wait until the app's script run has finished, so the next action meets a settled page."""
    page.wait_for_function(
        SETTLED_JS,
        timeout=WAIT,
    )


def still(page) -> None:
    """Wait until the drag list stops moving: lazily loaded elements above it (the metrics) can push it down."""
    last, same, deadline = None, 0, time.monotonic() + WAIT / 1000
    while same < 3 and time.monotonic() < deadline:
        box = page.locator("li[data-uid]").first.bounding_box()
        here = (box and round(box["y"]), page.evaluate("document.querySelectorAll('[data-testid=stSkeleton]').length"))
        same = same + 1 if here == last else 0
        last = here
        page.wait_for_timeout(100)
    assert same >= 3, "the drag list kept moving for 20 s"


def open_app(page, url: str):
    """Open a page and wait until its list is drawn (folded in an expander on the lessons after the step one)."""
    page.goto(url)
    expect(page.locator("li[data-uid]").first).to_be_attached(timeout=WAIT)
    settle(page)
    expect(page.locator("[data-testid=stMetricValue]").first).to_be_visible(timeout=WAIT)
    still(page)


def open_grid_cell(page, *, column: float, row: int):
    """Click a cell of the editor's grid (a canvas) and press Enter, until its text editor opens; return that editor.

    The grid can still be laying itself out from the page's last run when the first click lands,
    so a click that opened nothing is made again, at most three times, as a user would.
    """
    grid = page.locator("[data-testid=stDataFrame]").first
    editor = page.locator("#portal textarea, #portal input").first
    for _ in range(3):
        settle(page)
        box = grid.bounding_box()  # header 38 px, rows 35 px (ui/editor.py)
        page.mouse.click(box["x"] + box["width"] * column, box["y"] + 38 + 35 * row + 17)
        page.keyboard.press("Enter")
        try:
            expect(editor).to_be_visible(timeout=5000)
            return editor
        except AssertionError:
            page.keyboard.press("Escape")
    expect(editor).to_be_visible(timeout=WAIT)
    return editor


def test_source_link_shows_the_worked_example(page, server_url):
    """The source's link shows nDCG 0.7364, DCG 6.9165 and IDCG 9.3928 on the root page and the step page."""
    page.goto(f"{server_url}/?{SOURCE}&lang=en")
    for label, value in (("nDCG@3", "0.7364"), ("DCG@3", "6.9165"), ("IDCG@3", "9.3928")):
        expect(metric(page, label)).to_have_text(value, timeout=WAIT)
    open_app(page, f"{server_url}/steps?{SOURCE}&lang=en")
    for label, value in (("nDCG@3", "0.7364"), ("DCG@3", "6.9165"), ("IDCG@3", "9.3928")):
        expect(metric(page, label)).to_have_text(value, timeout=WAIT)
    assert not page.js_errors


def test_mouse_drag_moves_an_item_and_updates_ndcg(page, server_url):
    """Dragging C above A gives C, A, B and the hand-computed nDCG 0.7592 with its ΔnDCG."""
    open_app(page, f"{server_url}/steps?{SOURCE}&lang=en")
    drag(page, "C", "A")
    expect(page.locator("li[data-uid] .name").first).to_have_text("C", timeout=WAIT)
    hand = (3 + 1 / 1.584962500721156 + 7 / 2) / (7 + 3 / 1.584962500721156 + 1 / 2)
    expect(metric(page, "nDCG@3")).to_have_text(f"{hand:.4f}", timeout=WAIT)
    expect(page.locator("[data-testid=stMetricDelta]").first).to_have_text(
        f"{hand - 0.7363636171343382:+.4f}", timeout=WAIT
    )
    assert rows(page) == ["C", "A", "B"]
    page.wait_for_function(  # the address is written at the end of the run
        "() => new URLSearchParams(location.search).get('items') === 'C,A,B'", timeout=WAIT
    )
    page.reload()
    expect(metric(page, "nDCG@3")).to_have_text(f"{hand:.4f}", timeout=WAIT)
    expect(page.locator("li[data-uid]")).to_have_count(3, timeout=WAIT)  # the list may draw after the metrics
    assert rows(page) == ["C", "A", "B"]


def test_keyboard_moves_the_focused_item(page, server_url):
    """Alt+ArrowDown twice on A, keeping focus, gives B, A, C then B, C, A (nDCG 0.9721, then 1.0000)."""
    open_app(page, f"{server_url}/steps?{SOURCE}&lang=en")
    page.locator("li[data-uid='0']").focus()
    page.keyboard.press("Alt+ArrowDown")
    want = score_ranking([3, 1, 2], k=3).ndcg
    expect(metric(page, "nDCG@3")).to_have_text(f"{want:.4f}", timeout=WAIT)
    assert rows(page) == ["B", "A", "C"]
    page.keyboard.press("Alt+ArrowDown")
    expect(metric(page, "nDCG@3")).to_have_text("1.0000", timeout=WAIT)
    assert rows(page) == ["B", "C", "A"]


def test_move_buttons_work_without_a_mouse_drag(page, server_url):
    """The ▲ button of C moves it above B."""
    open_app(page, f"{server_url}/steps?{SOURCE}&lang=en")
    page.locator("li[data-uid='2'] button.up").click()
    expect(page.locator("li[data-uid] .name").nth(1)).to_have_text("C", timeout=WAIT)
    expect(metric(page, "nDCG@3")).to_have_text(f"{score_ranking([1, 2, 3], k=3).ndcg:.4f}", timeout=WAIT)


def test_switch_gain_and_k(page, server_url):
    """Choosing linear gain shows 0.8175; choosing k = 2 shows nDCG@2 from the core."""
    open_app(page, f"{server_url}/steps?{SOURCE}&lang=en")
    page.get_by_text("Standard: rel").click()
    expect(metric(page, "nDCG@3")).to_have_text("0.8175", timeout=WAIT)
    page.get_by_role("combobox", name="Cut-off k (nDCG@k)").click()
    page.get_by_role("option", name="2", exact=True).click()
    want = score_ranking([1, 3, 2], gain="linear", k=2).ndcg
    expect(metric(page, "nDCG@2")).to_have_text(f"{want:.4f}", timeout=WAIT)
    # The address bar is written at the end of the run, just after the headline: wait for it.
    expect(page).to_have_url(re.compile(r"[?&]gain=linear&k=2(&|$)"), timeout=WAIT)


def test_switching_language_relabels_the_chosen_options_at_once(page, server_url):
    """Right after 한국어 → English, the scale and preset boxes show their chosen option in English and the gain
    radio still marks its choice (Streamlit keeps a widget's old label unless the server sends its value again)."""
    open_app(page, f"{server_url}/steps?{SOURCE}&lang=ko")  # the article's example: scale 0–3, a preset
    page.locator("[data-testid=stSidebar]").get_by_text("English", exact=True).click()
    expect(page).to_have_url(re.compile(r"[?&]lang=en"), timeout=WAIT)
    settle(page)

    def box(label: str, lang: str):
        return page.get_by_role("combobox", name=translate(label, lang), exact=True)

    expect(box("scale", "en")).to_have_value(translate("scale_3", "en"), timeout=WAIT)
    expect(box("preset_pick", "en")).to_have_value(translate("preset_source_title", "en"), timeout=WAIT)
    expect(page.get_by_role("radio", name=translate("choice_gain_exponential", "en"))).to_be_checked(timeout=WAIT)
    page.locator("[data-testid=stSidebar]").get_by_text("한국어", exact=True).click()
    expect(page).to_have_url(re.compile(r"[?&]lang=ko"), timeout=WAIT)
    settle(page)
    expect(box("scale", "ko")).to_have_value(translate("scale_3", "ko"), timeout=WAIT)
    expect(page.get_by_role("radio", name=translate("choice_gain_exponential", "ko"))).to_be_checked(timeout=WAIT)


def test_cutoff_slider_by_keyboard(page, server_url):
    """On the nDCG@k page, ArrowLeft on the k slider moves from k = 3 to k = 2."""
    open_app(page, f"{server_url}/cutoff?{SOURCE}&lang=en")
    page.locator("[data-testid=stSlider] input[type=range]").first.focus()
    page.keyboard.press("ArrowLeft")
    expect(metric(page, "nDCG@2")).to_have_text(f"{score_ranking([1, 3, 2], k=2).ndcg:.4f}", timeout=WAIT)


def test_hostile_name_is_shown_as_text_and_runs_no_script(page, server_url):
    """An <img onerror> name from a link is shown literally in the list, its hover title and the chart's tooltip, and no
    element or dialog appears."""
    dialogs = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    name = "<img src=x onerror=alert(1)>"
    open_app(page, f"{server_url}/steps?items={quote(name)},B&rel=1,2&lang=en")
    expect(page.locator("li[data-uid] .name").first).to_have_text(name, timeout=WAIT)
    expect(page.locator("li[data-uid] .name").first).to_have_attribute("title", name)  # whole on hover, as text
    # in the bar chart: the bar's tooltip (a name wider than its bar is not written over it)
    expect(page.locator("div.ndcg-bars svg rect title").filter(has_text=name).first).to_be_attached(timeout=WAIT)
    page.wait_for_timeout(1000)
    assert page.locator("img[src=x]").count() == 0
    assert dialogs == []


@pytest.mark.parametrize("lang", ["ko", "en"])
@pytest.mark.parametrize("path", ["", "steps", "discount", "gain", "cutoff", "metrics", "definitions"])
def test_screenshot_every_page(page, server_url, path, lang):
    """Every page renders with no error box in both languages; a screenshot is kept as a test artifact."""
    page.set_viewport_size({"width": 1400, "height": 3000})
    page.goto(f"{server_url}/{path}?{SOURCE}&lang={lang}")
    expect(metric(page, "nDCG@3")).to_be_visible(timeout=WAIT)
    page.wait_for_function("document.querySelectorAll('[data-testid=stSkeleton]').length === 0", timeout=WAIT)
    page.wait_for_timeout(800)
    assert page.locator("[data-testid=stException]").count() == 0
    assert page.locator("[data-testid=stAlertContentError]").count() == 0
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"page-{path or 'intro'}-{lang}.png"))
    assert not page.js_errors


@pytest.mark.parametrize("moves", [1, 2, 4])
def test_a_quick_mouse_drag_lands_where_it_is_released(page, server_url, moves):
    """A drag of 1, 2 or 4 pointer moves with no pause drops C above A, and A below C (UX review #1)."""
    open_app(page, f"{server_url}/steps?{SOURCE}&lang=en")
    drag(page, "C", "A", steps=moves)
    expect(metric(page, "nDCG@3")).to_have_text(f"{score_ranking([2, 1, 3], k=3).ndcg:.4f}", timeout=WAIT)
    assert rows(page) == ["C", "A", "B"]
    assert page.locator("li.dragging").count() == 0
    settle(page)
    still(page)
    drag(page, "C", "B", below=True, steps=moves)
    expect(metric(page, "nDCG@3")).to_have_text(f"{score_ranking([1, 3, 2], k=3).ndcg:.4f}", timeout=WAIT)
    assert rows(page) == ["A", "B", "C"]
    assert page.locator("li.dragging").count() == 0


@pytest.mark.parametrize("moves", [1, 2, 4, 12])
def test_touch_drag_on_the_handle(browser, server_url, moves):
    """A finger dragging C's handle above A in 1 to 12 moves reorders the list, as on a tablet."""
    context = browser.new_context(viewport={"width": 900, "height": 1200}, has_touch=True)
    page = context.new_page()
    try:
        open_app(page, f"{server_url}/steps?{SOURCE}&lang=en")
        handle = page.locator("li[data-uid='2'] .handle").bounding_box()
        top = page.locator("li[data-uid='0']").bounding_box()
        x, y = handle["x"] + handle["width"] / 2, handle["y"] + handle["height"] / 2
        ty = top["y"] + top["height"] * 0.15
        cdp = context.new_cdp_session(page)
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
        for i in range(1, moves + 1):
            cdp.send(
                "Input.dispatchTouchEvent",
                {"type": "touchMove", "touchPoints": [{"x": x, "y": y + (ty - y) * i / moves}]},
            )
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        expect(page.locator("li[data-uid] .name").first).to_have_text("C", timeout=WAIT)
        hand = (3 + 1 / 1.584962500721156 + 7 / 2) / (7 + 3 / 1.584962500721156 + 1 / 2)
        expect(metric(page, "nDCG@3")).to_have_text(f"{hand:.4f}", timeout=WAIT)
        assert rows(page) == ["C", "A", "B"]
        assert page.locator("li.dragging").count() == 0
    finally:
        context.close()


@pytest.mark.parametrize("slug", [lesson.slug for lesson in EXAMPLE_LESSONS])
def test_first_request_of_a_fresh_server_can_be_a_lesson_page(page, fresh_server_url, slug):
    """Opening a lesson first on a new server shows it in the app's frame (menu, caption), with no dialog."""
    open_app(page, f"{fresh_server_url}/{slug}?{SOURCE}&lang=en")
    expect(page.get_by_role("heading", name=translate(f"{slug}_title", "en"))).to_be_visible(timeout=WAIT)
    nav = page.locator("[data-testid=stSidebarNav]")
    expect(nav).to_contain_text(translate("nav_discount", "en"), timeout=WAIT)
    assert "cutoff" not in nav.inner_text(), "the legacy pages/ file list is showing"
    expect(page.locator("[data-testid=stSidebar]")).to_contain_text(translate("sidebar_link", "en"), timeout=WAIT)
    expect(metric(page, "nDCG@3")).to_have_text("0.7364", timeout=WAIT)
    assert page.get_by_text("Page not found").count() == 0
    assert page.locator("[role=dialog]").count() == 0
    assert not page.js_errors


@pytest.mark.parametrize(
    ("typed", "words"), [("-1", "negative"), ("1.5", "not a whole number"), ("9", "above the scale")]
)
def test_a_typed_grade_reaches_the_row_check_unchanged(page, server_url, typed, words):
    """Typing -1, 1.5 or 9 as C's grade gives the row's own warning; the table does not clamp or round it."""
    open_app(page, f"{server_url}/steps?{SOURCE}&lang=en")
    editor = open_grid_cell(page, column=0.8, row=2)  # C's grade cell
    editor.fill(typed)
    expect(editor).to_have_value(typed)
    page.keyboard.press("Enter")
    warning = page.locator("[data-testid=stAlert]").filter(has_text="Row 3")
    expect(warning).to_contain_text(words, timeout=WAIT)
    expect(warning).to_contain_text(typed, timeout=WAIT)
    expect(metric(page, "nDCG@3")).to_have_text(f"{score_ranking([1, 3], k=3).ndcg:.4f}", timeout=WAIT)


SEEN_JS = """() => {
  window.__seen = {};
  const look = () => {
    const seen = window.__seen;
    const number = document.querySelector('[data-testid=stMetricValue]');
    if (seen.number === undefined && number && number.getClientRects().length) {
      seen.number = performance.now();
      seen.text = number.innerText.trim();
    }
    if (seen.rest === undefined && document.querySelector('[data-testid=stDataFrame], [data-testid=stSidebar] [data-testid=stRadio]')) {
      seen.rest = performance.now();
    }
    if (seen.number === undefined || seen.rest === undefined) requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}"""


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_a_fresh_step_page_shows_its_number_first_then_the_whole_page(page, server_url, lang):
    """A fresh /steps shows nDCG 0.7364 while neither the editor nor the sidebar's language picker exists yet, then
    the whole page in two script runs: the list, the editor, the picker and the share link, with the same number."""
    runs: list[int] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda p: runs.append(1) if _starts_a_run(p) else None))
    page.add_init_script(f"({SEEN_JS})()")
    page.goto(f"{server_url}/steps?{SOURCE}&lang={lang}")
    expect(page.locator("li[data-uid]").first).to_be_attached(timeout=WAIT)
    settle(page)
    seen = page.evaluate("window.__seen")
    assert seen["text"] == "0.7364" and seen["number"] < seen["rest"], seen
    expect(page.locator("[data-testid=stMetricValue]").first).to_have_text("0.7364")
    expect(page.locator("[data-testid=stSidebar] [data-testid=stRadio]")).to_be_visible()
    expect(page.locator(".st-key-share_link")).to_be_attached()
    assert rows(page) == ["A", "B", "C"] and len(runs) == 2
    assert not page.js_errors


def _starts_a_run(payload: bytes | str) -> bool:
    from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

    return not isinstance(payload, str) and ForwardMsg.FromString(payload).WhichOneof("type") == "new_session"
