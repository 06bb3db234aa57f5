"""The drag list draws its own numbers (issue 25): computed in the browser during a drag, confirmed by the server on drop.

The browser's arithmetic is ``ui.components.ndcg_js.NDCG_JS``, the text the list ships; it is run here in
Chromium on random examples against ``score_ranking``. The other tests hold a mouse or a finger mid-drag
and read the list's number and bars before the drop, move a row by keyboard, and compare the confirmed
number with the server's, in both languages.
"""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import expect

from ndcg_core import score_ranking
from tests.test_browser import WAIT, metric, open_app, row_box, settle
from tests.test_browser_phone import bring_list_near_top, center, phone  # noqa: F401  (the phone fixture)
from ui.components import sortable
from ui.components.ndcg_js import NDCG_JS
from ui.i18n import translate

pytestmark = pytest.mark.browser

GRADES = [3, 2, 3, 0, 1, 2]  # Wikipedia's example
NAMES = list("ABCDEF")
LINK = "rel=3,2,3,0,1,2&gain=linear&k=4"
MOVED = [2, 3, 0, 1, 3, 2]  # A dropped below E: B, C, D, E, A, F

# The list's panel and rows as the browser shows them: the number, where it came from, each bar's value.
PANEL = """() => {
  const root = [...document.querySelectorAll('*')].map((e) => e.shadowRoot).filter(Boolean)
    .find((r) => r.querySelector('.score'));
  if (!root) return null;
  const s = root.querySelector('.score');
  return {
    num: s.querySelector('.num').textContent, source: s.dataset.source, note: s.querySelector('.note').textContent,
    bars: Object.fromEntries([...s.querySelectorAll('.sbar')].map((b) => [b.dataset.kind, Number(b.dataset.value)])),
    rows: [...root.querySelectorAll('li[data-uid]')].map((li) => [li.querySelector('.name').textContent,
      li.querySelector('.dg') ? Number(li.querySelector('.dg').dataset.value) : null]),
  };
}"""
CONFIRMED = """() => [...document.querySelectorAll('*')].map((e) => e.shadowRoot).filter(Boolean)
  .some((r) => r.querySelector('.score[data-source=server]'))"""


def expected(grades: list[float], k: int = 4) -> dict:
    """What the panel must show for ``grades`` in this order: nDCG to 4 places, DCG and IDCG, each row's bar."""
    r = score_ranking(grades, k=k, gain="linear")
    return {"num": f"{r.ndcg:.4f}", "dcg": r.dcg, "idcg": r.idcg, "dg": r.column("discounted_gain").tolist()}


def check_panel(panel: dict, want: dict, names: list[str], source: str) -> None:
    assert panel["source"] == source
    assert panel["num"] == want["num"]
    assert panel["bars"]["dcg"] == pytest.approx(want["dcg"], abs=1e-9)
    assert panel["bars"]["idcg"] == pytest.approx(want["idcg"], abs=1e-9)
    assert [name for name, _ in panel["rows"]] == names
    assert [dg for _, dg in panel["rows"]] == pytest.approx(want["dg"], abs=1e-9)


def random_case(rng: random.Random) -> dict:
    """A random list (1–60 items, whole or half grades 0–4, sometimes all 0), gain, k and judged pool."""
    n, top, halves = rng.randint(1, 60), rng.choice([0, 1, 3, 4]), rng.random() < 0.3
    grades = [rng.randint(0, 2 * top) / 2 if halves else float(rng.randint(0, top)) for _ in range(n)]
    extra = [float(rng.randint(0, 4)) for _ in range(rng.randint(1, 10))] if rng.random() < 0.4 else None
    k = None if rng.random() < 0.3 else rng.randint(1, n + 5)
    return {"g": grades, "gain": rng.choice(["linear", "exponential"]), "k": k, "extra": extra}


def test_the_browsers_arithmetic_equals_score_ranking_on_600_random_examples(page):
    """The list's own JavaScript gives score_ranking's DCG, IDCG, nDCG and per-rank terms to 1e-9 on 600 examples."""
    assert sortable.CODE_JS.startswith(NDCG_JS), "the list ships the arithmetic tested here"
    rng = random.Random(25)
    cases = [random_case(rng) for _ in range(600)]
    cases += [{"g": [0.0, 0.0, 0.0], "gain": "exponential", "k": 2, "extra": None}]  # nothing relevant: 0
    cases += [{"g": [0.0, 0.0], "gain": "linear", "k": None, "extra": [3.0, 1.0]}]  # relevant only in the pool
    page.set_content("<p>nDCG</p>")
    got = page.evaluate(
        "(cases) => {"
        + NDCG_JS
        + "return cases.map((c) => { const r = ndcgScore(c.g, c.gain, c.k, c.extra);"
        + " return [r.dcg, r.idcg, r.ndcg, r.terms]; }); }",
        cases,
    )
    worst = 0.0
    for case, (dcg, idcg, ndcg, terms) in zip(cases, got, strict=True):
        pool = case["g"] + case["extra"] if case["extra"] else None
        r = score_ranking(case["g"], k=case["k"], gain=case["gain"], ideal_pool=pool)
        for mine, core in ((dcg, r.dcg), (idcg, r.idcg), (ndcg, r.ndcg), *zip(terms, r.column("discounted_gain"))):
            worst = max(worst, abs(mine - core))
            assert mine == pytest.approx(core, abs=1e-9, rel=0), case
    assert got[-2][2] == 0.0 and got[-1][2] == 0.0
    assert worst < 1e-9
    assert (
        page.evaluate("() => " + "(() => {" + NDCG_JS + "return ndcgScore([1, 2], 'cubic', null, null); })()") is None
    )


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_mid_drag_the_number_and_bars_change_before_the_drop_and_the_drop_gives_the_servers(page, server_url, lang):
    """Holding the mouse with A dragged below E shows the new nDCG@4 and bars from the browser while the headline still
    shows the old one; on release the list shows the server's number, equal to the headline's."""
    open_app(page, f"{server_url}/steps?{LINK}&lang={lang}")
    check_panel(page.evaluate(PANEL), expected(GRADES), NAMES, "server")
    label = "nDCG@4"
    before = expected(GRADES)["num"]
    expect(metric(page, label)).to_have_text(before)
    a, e = row_box(page, "A"), row_box(page, "E")
    x, y, ty = a["x"] + 5, a["y"] + a["height"] / 2, e["y"] + e["height"] * 0.85
    page.mouse.move(x, y)
    page.mouse.down()
    for i in range(1, 13):
        page.mouse.move(x, y + (ty - y) * i / 12)
    held = page.evaluate(PANEL)
    check_panel(held, expected(MOVED), list("BCDEAF"), "browser")
    assert held["num"] != before
    expect(metric(page, label)).to_have_text(before)  # the server has not been asked yet
    page.mouse.up()
    expect(metric(page, label)).to_have_text(expected(MOVED)["num"], timeout=WAIT)
    settle(page)
    page.wait_for_function(CONFIRMED, timeout=WAIT)
    dropped = page.evaluate(PANEL)
    check_panel(dropped, expected(MOVED), list("BCDEAF"), "server")
    assert dropped["num"] == metric(page, label).inner_text()
    assert not page.js_errors


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_a_touch_drag_at_phone_size_changes_the_number_before_the_drop(phone, server_url, lang):  # noqa: F811
    """At 390×844 with touch, a finger on A's ☰ held below E shows the new nDCG@4 and bars before it lifts; then the server's."""
    open_app(phone, f"{server_url}/steps?{LINK}&lang={lang}")
    bring_list_near_top(phone)
    x, y = center(phone, "li[data-uid='0'] .handle")
    e = phone.locator("li[data-uid='4']").bounding_box()
    ty = e["y"] + e["height"] * 0.85
    phone.cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    for i in range(1, 9):
        phone.wait_for_timeout(20)
        step = {"x": x, "y": y + (ty - y) * i / 8}
        phone.cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [step]})
    phone.wait_for_timeout(50)
    held = phone.evaluate(PANEL)
    check_panel(held, expected(MOVED), list("BCDEAF"), "browser")
    phone.cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    expect(metric(phone, "nDCG@4")).to_have_text(expected(MOVED)["num"], timeout=WAIT)
    settle(phone)
    phone.wait_for_function(CONFIRMED, timeout=WAIT)
    check_panel(phone.evaluate(PANEL), expected(MOVED), list("BCDEAF"), "server")
    assert not phone.js_errors


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_a_keyboard_move_shows_the_browsers_number_at_once_then_the_servers(page, server_url, lang):
    """Alt+↓ on the focused row A shows the new nDCG@4 and bars at once, measured in the page, then the server's, equal."""
    open_app(page, f"{server_url}/steps?{LINK}&lang={lang}")
    page.locator("li[data-uid='0']").focus()
    page.keyboard.press("Alt+ArrowDown")
    swapped = [2, 3, 3, 0, 1, 2]
    now = page.evaluate(PANEL)
    assert now["num"] == expected(swapped)["num"]
    assert [dg for _, dg in now["rows"]] == pytest.approx(expected(swapped)["dg"], abs=1e-9)
    expect(metric(page, "nDCG@4")).to_have_text(expected(swapped)["num"], timeout=WAIT)
    settle(page)
    page.wait_for_function(CONFIRMED, timeout=WAIT)
    check_panel(page.evaluate(PANEL), expected(swapped), list("BACDEF"), "server")
    assert not page.js_errors


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_ranked_by_model_scores_the_list_says_the_number_is_the_servers(page, server_url, lang):
    """With model scores (a tie policy decides the order) the list computes nothing: it says so and shows the server's nDCG."""
    open_app(page, f"{server_url}/steps?items=A,B,C&rel=1,3,2&scores=0.5,0.5,0.2&ties=average&k=3&lang={lang}")
    panel = page.evaluate(PANEL)
    r = score_ranking([1, 3, 2], [0.5, 0.5, 0.2], k=3, gain="exponential", ties="average")
    assert panel["source"] == "server"
    assert panel["num"] == f"{r.ndcg:.4f}"
    assert panel["note"] == translate("list_score_server_only", lang)
    expect(metric(page, "nDCG@3")).to_have_text(panel["num"])
