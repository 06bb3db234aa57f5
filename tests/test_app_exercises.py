"""The exercises page: a link opens one exercise, Check grades it against the core, and the session keeps a score."""

from __future__ import annotations

import pytest

from teach import exercises, worksheet
from tests.conftest import open_page
from ui.i18n import translate

PAGE = "lessons/exercises.py"


def page(kind="estimate", seed="7", lang="en", **extra):
    at = open_page(PAGE, {"exercise": kind, "seed": seed, "lang": lang, **extra})
    assert not at.exception, [e.value for e in at.exception]
    return at


def submit(at, kind, seed):
    """Press the Check button of the exercise's form (or the ideal-order button)."""
    label = translate("ex_check", "en")
    button = next(b for b in at.button if b.label == label and (str(seed) in (b.key or "")))
    button.click().run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def texts(at) -> str:
    return "\n".join(
        [m.value for m in at.markdown]
        + [t.value for t in at.text]
        + [c.value for c in at.caption]
        + [s.value for s in at.success]
        + [e.value for e in at.error]
        + [w.value for w in at.warning]
    )


@pytest.mark.parametrize("lang", ["ko", "en"])
@pytest.mark.parametrize("kind", exercises.KINDS)
def test_every_kind_opens_from_its_link_in_both_languages(kind, lang):
    """exercise=KIND&seed=N opens that exercise's question, and the address keeps only exercise, seed and lang."""
    at = page(kind, "12", lang)
    ex = exercises.make(kind, 12)
    assert at.radio(key="exercises_kind").value == kind
    assert at.number_input(key="exercises_seed").value == 12
    assert translate(f"ex_kind_{kind}", lang) in [h.value for h in at.subheader]
    assert worksheet.question(ex, lang) in [m.value for m in at.markdown]
    assert dict(at.query_params) == {"exercise": [kind], "seed": ["12"], "lang": [lang]} or {
        k: v for k, v in at.query_params.items()
    } == {"exercise": kind, "seed": "12", "lang": lang}
    if kind != "ideal":
        shown = at.table[0].value
        assert [str(x) for x in shown.iloc[:, 1]] == list(ex.items)


def test_an_estimate_within_the_tolerance_is_right_and_scored_once():
    """A good estimate shows "Right!", the worked solution and score 1 of 1; a second, wrong try keeps the score."""
    at = page("estimate", "7")
    truth = exercises.make("estimate", 7).ndcg()
    at.number_input(key="exercises_estimate_7").set_value(round(truth + 0.03, 2))
    submit(at, "estimate", 7)
    assert [s.value for s in at.success] == ["Right!"]
    assert "nDCG@3 = 5.9165 / 12.9165 = 0.4581" in texts(at)
    assert "Score this session: 1 of 1 right" in texts(at)
    assert translate("ex_only_top_k", "en", k=3, n=5) in texts(at)  # the ranks below k are said not to count
    at.number_input(key="exercises_estimate_7").set_value(0.9)
    submit(at, "estimate", 7)
    assert [e.value for e in at.error] == ["Not quite."]
    assert "You said 0.9000; the answer is 0.4581, off by 0.4419." in texts(at)
    assert "Score this session: 1 of 1 right" in texts(at)


def test_check_without_an_answer_asks_for_one():
    """Pressing Check with an empty box says so in one sentence and scores nothing."""
    at = submit(page("term", "3"), "term", 3)
    assert [w.value for w in at.warning] == [translate("ex_need_answer", "en")]
    assert translate("ex_score_none", "en") in texts(at)


def test_the_best_swap_is_right_and_shows_the_heatmap_with_its_table():
    """Choosing the best pair is right, and the ΔnDCG heatmap appears with a table of the same numbers."""
    at = page("swap", "3")
    ex = exercises.make("swap", 3)
    at.selectbox(key="exercises_swap_3").set_value(exercises.best_swaps(ex)[0])
    submit(at, "swap", 3)
    assert [s.value for s in at.success] == ["Right!"]
    for key in [k for k in at.session_state if k.endswith("_as_table")]:  # open "Show as a table"
        at.session_state[key] = True
    at.run()
    grid = at.table[-1].value
    d = exercises.swaps(ex)
    assert [round(float(x), 4) for x in grid.iloc[0, 1:]] == [round(float(x), 4) for x in d[0]]
    heat = [c for c in at.get("bidi_component") if c.proto.component_name.endswith("ndcg_heat")]
    assert len(heat) == 1 and not at.get("plotly_chart")  # an SVG heatmap: no page loads plotly's bundle


def test_a_worse_swap_is_wrong_and_names_the_best_one():
    """A swap that is not the best is wrong, and the line under it names the best pair and its gain."""
    at = page("swap", "3")
    at.selectbox(key="exercises_swap_3").set_value((1, 2))
    submit(at, "swap", 3)
    assert [e.value for e in at.error] == ["Not quite."]
    best = exercises.best_swaps(exercises.make("swap", 3))[0]
    assert f"The largest gain: rank {best[0]} ↔ rank {best[1]}" in texts(at)


def test_which_is_better_is_graded_under_both_gains():
    """Both verdicts right is right; the solution lists A's and B's nDCG under each gain."""
    seed = next(s for s in range(50) if len(set(exercises.verdicts(exercises.make("better", s)).values())) == 2)
    at = page("better", str(seed))
    truth = exercises.verdicts(exercises.make("better", seed))
    for gain, winner in truth.items():
        at.radio(key=f"exercises_better_{gain}_{seed}").set_value(winner)
    submit(at, "better", seed)
    assert [s.value for s in at.success] == ["Right!"]
    assert translate("ex_better_flip", "en") in texts(at)


def test_ideal_order_built_by_the_list_is_checked():
    """The shown order is wrong; after the list reports the ideal order, Check says it is right with nDCG 1."""
    at = page("ideal", "4")
    submit(at, "ideal", 4)
    assert [e.value for e in at.error] == ["Not quite."]
    ex = exercises.make("ideal", 4)
    order = [str(i) for i in exercises.ideal_order(ex)]
    at.session_state["exercises_ideal_4"] = {"moved": {"order": order, "uid": order[0]}}
    at.run()
    submit(at, "ideal", 4)
    assert [s.value for s in at.success] == ["Right!"]
    assert "nDCG of your order: 1.0000" in texts(at)
    assert "Score this session: 0 of 1 right" in texts(at)


def test_next_exercise_moves_the_number_and_the_address():
    """ "Next exercise" shows seed + 1 of the same kind, in the box and in the address."""
    at = page("term", "41")
    next(b for b in at.button if b.key == "exercises_next").click().run()
    assert at.number_input(key="exercises_seed").value == 42
    assert at.query_params["seed"] in ("42", ["42"])


@pytest.mark.parametrize(
    ("params", "sentence", "kind", "seed"),
    [
        ({"exercise": "guess", "seed": "5"}, "The link's exercise kind 'guess' does not exist", "estimate", 5),
        ({"exercise": "swap", "seed": "-3"}, "The link's exercise number '-3' is not a whole number", "swap", 1),
        ({"exercise": "swap", "seed": "<b>x</b>"}, "number '<b>x</b>' is not a whole number", "swap", 1),
    ],
)
def test_a_bad_exercise_link_falls_back_with_one_sentence(params, sentence, kind, seed):
    """A bad kind or seed falls back alone and is named in one sentence; the rest of the link still applies."""
    at = open_page(PAGE, {**params, "lang": "en"})
    assert not at.exception
    assert len(at.warning) == 1 and sentence in at.warning[0].value.replace("\\", "")
    assert at.radio(key="exercises_kind").value == kind
    assert at.number_input(key="exercises_seed").value == seed


def test_leaving_the_exercises_keeps_the_example_and_coming_back_keeps_the_exercise():
    """The step lesson still shows the linked example, and returning to exercises opens the same one."""
    at = open_page("lessons/steps.py", {"rel": "3,1,2", "lang": "en"})
    at.switch_page(PAGE).run()
    at.radio(key="exercises_kind").set_value("swap").run()
    assert at.query_params["exercise"] in ("swap", ["swap"]) and "rel" not in at.query_params
    at.switch_page("lessons/steps.py").run()
    assert at.query_params["rel"] in ("3,1,2", ["3,1,2"]) and "exercise" not in at.query_params
    at.switch_page(PAGE).run()
    assert at.radio(key="exercises_kind").value == "swap"


def test_the_worksheet_downloads_are_offered_in_both_formats():
    """The worksheet expander offers a Markdown and a printable HTML file named after the number."""
    at = page("swap", "9")
    labels = [b.label for b in at.get("download_button")]
    assert labels == [translate("ex_worksheet_md", "en"), translate("ex_worksheet_html", "en")]
    assert at.number_input(key="exercises_ws_count").value == 10


def test_a_bad_kind_is_named_in_korean_with_the_kind_shown_instead():
    """In Korean the fallback sentence names the kind shown by its Korean title, not by its URL slug."""
    at = open_page(PAGE, {"exercise": "guess", "seed": "5", "lang": "ko"})
    sentence = at.warning[0].value.replace("\\", "")
    assert "'guess'" in sentence and translate("ex_kind_estimate", "ko") in sentence and "'estimate'" not in sentence


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_the_swap_pickers_placeholder_is_in_the_users_language(lang):
    """Before a pair is picked, the swap exercise's box says "choose two ranks" in the page's language, not Streamlit's English."""
    at = page("swap", "3", lang)
    box = at.selectbox(key="exercises_swap_3")
    assert box.value is None and box.proto.placeholder == translate("ex_pick_pair", lang)
