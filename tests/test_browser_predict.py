"""Predict, then see, in a real browser (issue 26): the guided start played with real drags, a returning visitor's
skip, a lesson prompt answered right and wrong, and the celebration that reduced motion turns off."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import expect

from ndcg_core import score_ranking
from tests.test_browser import WAIT, drag, metric, settle, still
from ui.i18n import translate

pytestmark = pytest.mark.browser

LANGS = ["ko", "en"]
DESKTOP = {"viewport": {"width": 1400, "height": 900}}
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
FIRST_LOAD = 3 * WAIT  # a fresh server's first run, on a shared machine


def open_context(browser, size: dict, **options):
    context = browser.new_context(**size, **options)
    page = context.new_page()
    page.js_errors = []
    page.on("pageerror", lambda e: page.js_errors.append(str(e)))
    if size.get("has_touch"):
        page.cdp = context.new_cdp_session(page)
    return context, page


def guide_rows(page) -> list[str]:
    return page.locator(".st-key-guide li[data-uid] .name").all_inner_texts()


def laid_out(locator) -> dict:
    """The box of ``locator`` once it has one (a rerun redrawing the list leaves it without a box for a moment)."""
    deadline = time.monotonic() + WAIT / 1000
    while (box := locator.bounding_box()) is None:
        assert time.monotonic() < deadline, f"{locator} was never laid out"
        time.sleep(0.1)
    return box


def touch_drag(page, source: str, target: str) -> None:
    """A finger on ``source``'s ☰ handle, moved in small steps to just above ``target``, then lifted."""
    page.locator(".st-key-guide_list").scroll_into_view_if_needed()  # a touch lands only on what is on screen
    still(page)
    a = laid_out(page.locator(f".st-key-guide li[data-uid]:has(.name:text-is('{source}')) .handle"))
    b = laid_out(page.locator(f".st-key-guide li[data-uid]:has(.name:text-is('{target}'))"))
    x, y, ty = a["x"] + a["width"] / 2, a["y"] + a["height"] / 2, b["y"] + b["height"] * 0.15
    page.cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    for i in range(1, 13):
        page.wait_for_timeout(40)
        page.cdp.send(
            "Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y + (ty - y) * i / 12}]}
        )
    page.cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def pick(page, place: str, label: str) -> None:
    """Click the option ``label`` of the prompt ``place`` (a real click on the radio's label)."""
    box = page.locator(f".st-key-predict_{place}")
    box.scroll_into_view_if_needed()
    box.locator("[role=radiogroup] label").filter(has_text=re.compile(rf"^\s*{re.escape(label)}\s*$")).click()
    settle(page)


# Desktop: two mouse drags give B, C, A (nDCG 1); phone: one drag by the ☰ handle gives B, A, C (nDCG 0.9721).
PLANS = {
    False: ((("B", ["B", "A", "C"]), ("C", ["B", "C", "A"])), "guide_ratio_one", 1.0),
    True: ((("B", ["B", "A", "C"]),), None, score_ranking([3, 1, 2], k=3).ndcg),
}


def play_guide(page, lang: str, *, phone: bool) -> list[str]:
    """Drag as planned, lock the order, and answer the four guesses right; return the order."""
    drags, ratio_key, ndcg = PLANS[phone]
    expect(page.locator(".st-key-guide li[data-uid]")).to_have_count(3, timeout=FIRST_LOAD)
    settle(page)
    for source, after in drags:
        if phone:
            touch_drag(page, source, "A")
        else:
            still(page)
            drag(page, source, "A")
        settle(page)
        expect(page.locator(".st-key-guide li[data-uid] .name")).to_have_text(after, timeout=WAIT)
        page.wait_for_timeout(300)  # the list redraws with the server's order after the run
    order = guide_rows(page)
    assert order == drags[-1][1], order
    page.locator(".st-key-guide_lock button").click()
    settle(page)
    pick(page, "guide_gain", translate("predict_opt_times", lang, n=7))
    expect(page.locator(".st-key-predict_guide_gain [data-testid=stAlertContentSuccess]")).to_be_visible(timeout=WAIT)
    pick(page, "guide_discount", translate("predict_opt_rank", lang, rank=3))
    pick(page, "guide_ideal", "B, C, A")
    pick(page, "guide_ratio", translate(ratio_key, lang) if ratio_key else "0.9 – 1.0")
    expect(page.locator(".st-key-predict_guide_ratio [data-testid=stAlertContentSuccess]")).to_contain_text(
        f"nDCG {ndcg:.4f}", timeout=WAIT
    )
    return order


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
@pytest.mark.parametrize("lang", LANGS)
def test_a_newcomer_plays_the_guided_start_into_the_step_lesson_with_their_ranking(browser, server_url, lang, size):
    """Real drags reorder A, B, C; four right guesses; the last button opens /steps at its top with that order and nDCG."""
    context, page = open_context(browser, size)
    page.goto(f"{server_url}/?lang={lang}")
    order = play_guide(page, lang, phone="has_touch" in size)
    button = page.locator(".st-key-guide_open button")
    button.scroll_into_view_if_needed()
    expect(button).to_contain_text(", ".join(order))
    button.click()
    grades = [{"A": 1, "B": 3, "C": 2}[x] for x in order]
    address = f"/steps\\?items={'%2C'.join(order)}&rel={'%2C'.join(map(str, grades))}"
    page.wait_for_url(re.compile(address), timeout=WAIT)
    expect(page.locator("li[data-uid] .name")).to_have_text(order, timeout=WAIT)
    expect(metric(page, "nDCG@3")).to_have_text(f"{score_ranking(grades, k=3).ndcg:.4f}", timeout=WAIT)
    page.wait_for_timeout(1200)  # the step page's later elements have mounted
    assert page.evaluate("() => document.querySelector('[data-testid=stMain]').scrollTop") == 0  # at its top
    assert not page.js_errors
    context.close()


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
@pytest.mark.parametrize("lang", LANGS)
def test_a_returning_visitor_skips_the_guided_start(browser, server_url, lang, size):
    """After Skip, a reload and a later visit to the bare address (localStorage) show Replay, not the story."""
    context, page = open_context(browser, size)
    page.goto(f"{server_url}/?lang={lang}")
    skip = page.locator(".st-key-guide_skip button")
    expect(skip).to_be_visible(timeout=FIRST_LOAD)
    settle(page)
    skip.click()
    expect(page.locator(".st-key-guide_replay button")).to_be_visible(timeout=FIRST_LOAD)
    page.wait_for_url(re.compile(r"guide=off"), timeout=WAIT)
    page.reload()
    expect(page.locator(".st-key-guide_replay button")).to_be_visible(timeout=FIRST_LOAD)
    later = context.new_page()  # the same browser, another day: no parameter in the address
    later.js_errors = []
    later.on("pageerror", lambda e: later.js_errors.append(str(e)))
    later.goto(f"{server_url}/?lang={lang}")
    expect(later.locator(".st-key-guide_replay button")).to_be_visible(timeout=FIRST_LOAD)
    settle(later)
    expect(later.locator(".st-key-guide_lock")).to_have_count(0)
    later.locator(".st-key-guide_replay button").click()
    expect(later.locator(".st-key-guide_lock button")).to_be_visible(timeout=WAIT)
    assert not page.js_errors and not later.js_errors
    context.close()


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
@pytest.mark.parametrize("lang", LANGS)
def test_a_lesson_prompt_answered_wrong_then_right(browser, server_url, lang, size):
    """On /steps a wrong first guess names the answer and counts 0 of 1; the right one then says so, still 0 of 1."""
    context, page = open_context(browser, size)
    page.goto(f"{server_url}/steps?lang={lang}")
    box = page.locator(".st-key-predict_steps")
    expect(box).to_be_visible(timeout=FIRST_LOAD)
    settle(page)
    expect(box.locator("[data-testid=stAlert]")).to_have_count(0)
    pick(page, "steps", translate("predict_opt_down", lang))
    expect(box.locator("[data-testid=stAlertContentInfo]")).to_contain_text(translate("predict_opt_up", lang))
    expect(box).to_contain_text(translate("predict_streak", lang, right=0, asked=1))
    pick(page, "steps", translate("predict_opt_up", lang))
    expect(box.locator("[data-testid=stAlertContentSuccess]")).to_contain_text("0.9721", timeout=WAIT)
    expect(box).to_contain_text(translate("predict_streak", lang, right=0, asked=1))
    assert not page.js_errors
    context.close()


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_a_right_answer_is_celebrated_unless_motion_is_reduced(browser, server_url, motion):
    """A right prompt answer and a right exercise pop "★ +1"; with reduced motion it is neither animated nor shown."""
    context, page = open_context(browser, DESKTOP, reduced_motion=motion)
    page.goto(f"{server_url}/steps?lang=en")
    expect(page.locator(".st-key-predict_steps")).to_be_visible(timeout=FIRST_LOAD)
    settle(page)
    pick(page, "steps", "Goes up")
    cheer = page.locator(".ndcg-cheer")
    expect(cheer).to_have_count(1, timeout=WAIT)
    style = cheer.evaluate("e => [getComputedStyle(e).animationName, getComputedStyle(e).display]")
    assert style == (["ndcg-cheer", "block"] if motion == "no-preference" else ["none", "none"])
    page.goto(f"{server_url}/exercises?exercise=estimate&seed=7&lang=en")
    field = page.get_by_label("My estimate of nDCG@3")
    expect(field).to_be_visible(timeout=WAIT)
    settle(page)
    field.click()
    page.keyboard.type("0.45")
    page.keyboard.press("Enter")
    expect(page.get_by_text("Right!")).to_be_visible(timeout=WAIT)
    cheer = page.locator(".ndcg-cheer")
    expect(cheer).to_have_count(1, timeout=WAIT)
    shown = cheer.evaluate("e => getComputedStyle(e).display")
    assert shown == ("block" if motion == "no-preference" else "none")
    context.close()


@pytest.mark.parametrize("place", ["gain", "discount", "cutoff", "metrics", "definitions"])
def test_what_answers_a_prompt_is_out_of_focus_until_the_guess(browser, server_url, place):
    """On each lesson whose next element gives the answer away, that element is blurred and takes no pointer until a
    pick; after a real click on an option it is sharp."""
    context, page = open_context(browser, DESKTOP)
    page.goto(f"{server_url}/{place}?lang=en")
    veil = page.locator(f".st-key-predict_veil_{place}")
    expect(veil).to_be_visible(timeout=FIRST_LOAD)
    settle(page)
    expect(veil).to_have_css("filter", "blur(7px)", timeout=WAIT)  # the page's style sheet may land after the veil
    expect(veil).to_have_css("pointer-events", "none")
    box = page.locator(f".st-key-predict_{place}")
    box.scroll_into_view_if_needed()
    box.locator("[role=radiogroup] label").first.click()
    settle(page)
    expect(veil).to_have_count(0, timeout=WAIT)
    expect(page.get_by_text(translate("predict_veil", "en"))).to_have_count(0)
    assert not page.js_errors
    context.close()


@pytest.mark.parametrize("lang", LANGS)
def test_the_phone_home_page_opens_on_the_first_question(browser, server_url, lang):
    """At 390×844 the home page's first screen holds the guided start's question and the first row of the list the
    learner drags, not a title and a list of links (U16)."""
    context, page = open_context(browser, PHONE)
    page.goto(f"{server_url}/?lang={lang}")
    cards = page.locator(".st-key-guide li[data-uid]")
    expect(cards).to_have_count(3, timeout=FIRST_LOAD)
    settle(page)
    box = cards.first.bounding_box()
    assert box is not None and box["y"] + box["height"] <= PHONE["viewport"]["height"]
    heading = page.locator("[data-testid=stMain] h2, [data-testid=stMain] h3").first  # "1. Which order is best?"
    top = heading.bounding_box()
    assert top is not None and top["y"] + top["height"] <= PHONE["viewport"]["height"]
    assert not page.js_errors
    context.close()
