"""Predict, then see (issue 26): the guided start on the home page and a prompt before the number in each lesson."""

from __future__ import annotations

import re

import numpy as np
import pytest

from ndcg_core import limits, score_ranking
from tests.conftest import line_charts, open_page
from ui.i18n import translate

LANGS = ["ko", "en"]


def _nodes(at) -> list:
    """Every element of the main area, in page order."""
    return [node for node in at.main if getattr(node, "type", None) not in (None, "vertical", "horizontal")]


def _text(node) -> str:
    for attr in ("value", "label"):
        value = getattr(node, attr, None)
        if isinstance(value, str):
            return value
    return ""


def prompt_radio(at, place: str):
    """The prompt's choice of ``place`` (its key is predict_PLACE_<ident>)."""
    found = [r for r in at.radio if (r.key or "").startswith(f"predict_{place}_")]
    assert len(found) == 1, f"no single prompt {place!r} on the page"
    return found[0]


def feedback(at) -> tuple[list[str], list[str], list[str]]:
    """The page's success lines, info lines and captions."""
    return [s.value for s in at.success], [i.value for i in at.info], [c.value for c in at.caption]


def _lab_swaps() -> list[int]:
    """Where the leader changes for the lab's X = 0, 2, 0, 0, 1 against Y reversed (the core's swap points)."""
    x = np.array([0.0, 2.0, 0.0, 0.0, 1.0])
    return limits.swap_points(limits.ndcg_at_every_k(x), limits.ndcg_at_every_k(x[::-1]))


LAB_SWAPS = _lab_swaps()


# page, place, link, right answer, a wrong answer, a text the prompt comes before (catalogue key and parameters)
CASES = [
    ("lessons/steps.py", "steps", {}, "up", "down", ("cg_title", {})),
    ("lessons/gain.py", "gain", {}, "7", "3", ("gain_table_title", {})),
    ("lessons/discount.py", "discount", {}, "3", "2", ("share_title", {})),
    ("lessons/cutoff.py", "cutoff", {}, "lower", "higher", ("cutoff_chart", {})),
    (
        "lessons/metrics.py",
        "metrics",
        {"items": "A,B,C", "rel": "0,1,2", "k": "3", "threshold": "1"},
        "2",
        "1",
        ("metrics_table_title", {}),
    ),
    ("lessons/definitions.py", "definitions", {}, "no", "yes", ("defs_table_title", {"at": "@3"})),
    (
        "lessons/limits.py",
        "limits",
        {"rel": "0,2,0,0,1", "lab_alt": "reverse"},
        str(LAB_SWAPS[0]) if LAB_SWAPS else "none",
        "3",  # the leader changes at k = 2 and k = 4, not at 3
        ("lab_swaps", {"ks": ", ".join(f"@{k}" for k in LAB_SWAPS)}) if LAB_SWAPS else ("lab_no_swap", {}),
    ),
]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("page", "place", "link", "right", "wrong", "after"), CASES, ids=[c[1] for c in CASES])
def test_each_lesson_asks_before_it_shows_and_answers_right_and_wrong(page, place, link, right, wrong, after, lang):
    """The prompt stands above the number it is about with no verdict; a right pick says so and counts 1 of 1,
    a wrong first pick names the right answer and counts 0 of 1."""
    at = open_page(page, {**link, "lang": lang})
    nodes = _nodes(at)
    radio = prompt_radio(at, place)
    where = next(i for i, n in enumerate(nodes) if getattr(n, "key", None) == radio.key)
    key, params = after
    later = next(i for i, n in enumerate(nodes) if translate(key, lang, **params) in _text(n))
    assert where < later
    assert radio.value is None and not [s for s in feedback(at)[0] if translate("predict_right", lang) in s]

    prompt_radio(at, place).set_value(right).run()
    success, _, captions = feedback(at)
    assert any(s.startswith(f"**{translate('predict_right', lang)}**") for s in success)
    assert any(translate("predict_streak", lang, right=1, asked=1) in c for c in captions)

    again = open_page(page, {**link, "lang": lang})
    prompt_radio(again, place).set_value(wrong).run()
    success, info, captions = feedback(again)
    assert not any(translate("predict_right", lang) in s for s in success)
    assert any(translate("predict_wrong", lang, answer="X").split("**")[0] in i for i in info)
    assert any(translate("predict_streak", lang, right=0, asked=1) in c for c in captions)
    prompt_radio(again, place).set_value(right).run()  # a second pick is shown, but only the first guess counts
    assert any(translate("predict_streak", lang, right=0, asked=1) in c for c in feedback(again)[2])


VEILED = [c for c in CASES if c[1] in ("gain", "discount", "cutoff", "metrics", "definitions")]


@pytest.mark.parametrize(("page", "place", "link", "right", "wrong", "after"), VEILED, ids=[c[1] for c in VEILED])
def test_what_answers_a_prompt_is_veiled_until_the_guess(page, place, link, right, wrong, after):
    """Until a pick, one line under the prompt says what follows comes into focus after the guess; a pick, right or
    wrong, takes the line (and with it the blur, ui.style) away."""
    veil = translate("predict_veil", "en")
    at = open_page(page, {**link, "lang": "en"})
    assert sum(veil in c for c in feedback(at)[2]) == 1
    prompt_radio(at, place).set_value(wrong).run()
    assert not any(veil in c for c in feedback(at)[2])


@pytest.mark.parametrize("lang", LANGS)
def test_nothing_above_the_gain_prompt_gives_its_answer(lang):
    """No text above the gain lesson's question says what a grade of 3 is worth exponentially (7), the answer."""
    at = open_page("lessons/gain.py", {"lang": lang})
    nodes = _nodes(at)
    where = next(i for i, n in enumerate(nodes) if getattr(n, "key", None) == prompt_radio(at, "gain").key)
    above = [_text(n) for n in nodes[:where]]
    assert above and not [t for t in above if re.search(r"(?<![\d.])7(?![\d.])", t)]


def test_the_streak_counts_first_guesses_across_lessons():
    """Two right first guesses on two lessons make "2 of 2" in the same session."""
    at = open_page("lessons/steps.py", {"lang": "en"})
    prompt_radio(at, "steps").set_value("up").run()
    at.switch_page("lessons/gain.py").run()
    prompt_radio(at, "gain").set_value("7").run()
    assert any(translate("predict_streak", "en", right=2, asked=2) in c.value for c in at.caption)


def test_the_step_prompt_explains_with_the_learners_own_numbers():
    """On 0, 2, 3 the step prompt asks about the item at rank 3 and explains with nDCG before and after."""
    at = open_page("lessons/steps.py", {"items": "X,Y,Z", "rel": "0,2,3", "k": "3", "lang": "en"})
    radio = prompt_radio(at, "steps")
    assert "Z (now at rank 3)" in radio.label
    radio.set_value("up").run()
    before = score_ranking([0, 2, 3], k=3).ndcg
    after = score_ranking([3, 0, 2], k=3).ndcg
    assert any(f"from {before:.4f} to {after:.4f}" in s.value for s in at.success)


# ---------------------------------------------------------------- the guided start


@pytest.mark.parametrize("lang", LANGS)
def test_a_newcomer_plays_the_guided_start_into_the_step_lesson_with_their_order(lang):
    """Each screen waits for its guess; the end opens the step lesson with the learner's own order B, A, C."""
    at = open_page("lessons/intro.py", {"lang": lang})
    assert at.button(key="guide_lock") and not [r for r in at.radio if (r.key or "").startswith("predict_guide")]
    at.session_state["guide_list"] = {"moved": {"order": ["1", "0", "2"], "uid": "1", "how": "drag"}}
    at.run()
    at.button(key="guide_lock").click().run()
    assert [r.key.split("_")[2] for r in at.radio if (r.key or "").startswith("predict_guide")] == ["gain"]
    prompt_radio(at, "guide_gain").set_value("7").run()
    prompt_radio(at, "guide_discount").set_value("3").run()
    prompt_radio(at, "guide_ideal").set_value("B, C, A").run()
    ratio = prompt_radio(at, "guide_ratio")
    assert "B, A, C" in ratio.label
    ratio.set_value("0.9-1.0").run()  # B, A, C: 9.1309 / 9.3928 = 0.9721
    assert any("nDCG 0.9721" in s.value for s in at.success)
    assert any(translate("predict_streak", lang, right=4, asked=4) in c.value for c in at.caption)
    at.button(key="guide_open").click().run()
    ex = at.session_state["example"]
    assert [i.name for i in ex.items] == ["B", "A", "C"] and ex.gain == "exponential" and ex.k == 3
    assert at.query_params["items"] == "B,A,C" and at.query_params["rel"] == "3,1,2"
    assert any(m.label.startswith("nDCG") and m.value == "0.9721" for m in at.metric)  # the step lesson's headline


def test_the_guided_start_hides_the_next_screen_until_the_guess():
    """Before a pick on the gain screen, neither the gain table nor the discount screen is shown."""
    at = open_page("lessons/intro.py", {"lang": "en"})
    at.button(key="guide_lock").click().run()
    titles = [s.value for s in at.subheader]
    assert translate("guide_gain_title", "en") in titles
    assert translate("guide_discount_title", "en") not in titles


def test_skipping_is_kept_in_the_address_and_a_link_with_it_skips():
    """Skip hides the story and writes guide=off; opening guide=off shows only Replay; Replay brings it back."""
    at = open_page("lessons/intro.py", {"lang": "en"})
    at.button(key="guide_skip").click().run()
    assert "guide_lock" not in [b.key for b in at.button] and "guide_replay" in [b.key for b in at.button]
    assert at.query_params["guide"] == "off"
    back = open_page("lessons/intro.py", {"lang": "en", "guide": "off"})
    assert "guide_lock" not in [b.key for b in back.button]
    back.button(key="guide_replay").click().run()
    assert "guide_lock" in [b.key for b in back.button] and "guide" not in back.query_params


def test_a_browser_that_remembers_the_skip_skips_it():
    """localStorage's "off", reported by the browser at the first run, hides the story in the same session."""
    at = open_page("lessons/intro.py", {"lang": "en"})
    assert "guide_lock" in [b.key for b in at.button]
    at.session_state["remember_guide"] = {"stored": "off"}
    at.run()
    assert "guide_lock" not in [b.key for b in at.button] and at.query_params["guide"] == "off"


def test_a_bad_drag_report_changes_nothing():
    """An order that is not A, B, C's ids (a hostile report) is ignored: the list stays A, B, C."""
    at = open_page("lessons/intro.py", {"lang": "en"})
    at.session_state["guide_list"] = {"moved": {"order": ["1", "1", "x"], "uid": "1", "how": "drag"}}
    at.run()
    assert not at.exception
    at.button(key="guide_lock").click().run()
    prompt_radio(at, "guide_gain").set_value("7").run()
    prompt_radio(at, "guide_discount").set_value("3").run()
    prompt_radio(at, "guide_ideal").set_value("B, C, A").run()
    assert "A, B, C" in prompt_radio(at, "guide_ratio").label


def test_the_shared_home_link_never_carries_the_skip():
    """The sidebar's link of a learner who skipped holds the example, not guide=off."""
    at = open_page("lessons/intro.py", {"lang": "en"})
    at.button(key="guide_skip").click().run()
    shared = " ".join(t.value for t in at.sidebar.text)
    assert "items=A,B,C" in shared and "guide" not in shared


def test_the_labs_stars_wait_for_the_guess():
    """The lab's k chart draws its stars (where the winner flips: the prompt's answer) only after the guess."""
    at = open_page("lessons/limits.py", {"rel": "0,2,0,0,1", "lab_alt": "reverse", "lang": "en"})

    def star_traces() -> list[dict]:
        return [s for s in line_charts(at)["limits_k_chart"]["series"] if s.get("symbol") == "star"]

    assert LAB_SWAPS and not star_traces()
    prompt_radio(at, "limits").set_value("3").run()  # a wrong guess shows the answer too
    assert [list(t["x"]) for t in star_traces()] == [LAB_SWAPS]
