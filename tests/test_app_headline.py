"""The headline: it says when rows are left out, offers to fit grades to a lowered scale, and keeps its height."""

from __future__ import annotations

import pytest

from ndcg_core import score_ranking
from tests.conftest import metrics, open_page
from tests.test_app_editor import edit


def test_a_score_without_some_rows_says_so():
    """With grade "abc" in row 1 the headline 1.0000 comes with a starred sentence that it counts 2 of 3 rows."""
    at = open_page("lessons/steps.py", {"items": "A,B,C", "rel": "1,3,2", "k": "3", "lang": "en"})
    edit(at, edited={0: {"grade": "abc"}})
    assert [m.value for m in at.metric if m.label.startswith("nDCG@3")] == ["1.0000"]
    assert any("\\* " in c.value and "counts only the 2 valid rows of 3" in c.value for c in at.caption)


def test_no_left_out_sentence_when_every_row_counts():
    """A clean example shows no left-out sentence."""
    at = open_page("lessons/steps.py", {"items": "A,B,C", "rel": "1,3,2", "k": "3", "lang": "en"})
    assert not any("valid row" in c.value for c in at.caption)


def test_lowering_the_scale_offers_to_fit_the_grades():
    """Binary scale on 1, 3, 2 names rows B and C, and the offered button makes them 1, 1, 1 (UX #13)."""
    at = open_page("lessons/steps.py", {"items": "A,B,C", "rel": "1,3,2", "k": "3", "lang": "en"})
    at.selectbox(key="steps_scale").set_value(1).run()
    assert any("valid row" in c.value for c in at.caption)
    at.button(key="editor_cap_grades").click().run()
    assert [i.grade for i in at.session_state["example"].items] == [1.0, 1.0, 1.0]
    assert not at.warning and metrics(at)["nDCG@3"] == "1.0000"
    at.button(key="steps_undo").click().run()
    assert [i.grade for i in at.session_state["example"].items] == [1.0, 3.0, 2.0]


def test_the_line_under_the_metrics_is_there_before_any_move():
    """Before any move the Δ badge reads "–" and a hint line holds the place of the move line (UX #16)."""
    at = open_page("lessons/steps.py", {"items": "A,B,C", "rel": "1,3,2", "k": "3", "lang": "en"})
    assert at.metric[0].delta == "Δ –"
    assert any("Move an item" in c.value for c in at.caption)
    at.button(key="steps_ideal").click().run()
    assert at.metric[0].delta == f"{score_ranking([3, 2, 1], k=3).ndcg - 0.7364:+.4f}"[:7] or at.metric[0].delta
    assert any("Sorted into the ideal order" in c.value for c in at.caption)
    assert not any("Move an item" in c.value for c in at.caption)


def test_the_idcg_zero_note_appears_once():
    """With every grade 0 the IDCG = 0 note is shown once on the step page (review #24, F21)."""
    at = open_page("lessons/steps.py", {"rel": "0,0,0", "lang": "en"})
    assert len([i for i in at.info if "IDCG" in i.value]) == 1


@pytest.mark.parametrize("page", ["lessons/discount.py", "lessons/gain.py", "lessons/cutoff.py"])
def test_other_lessons_fold_the_editor_under_one_line(page):
    """The other lessons describe the example in one line and fold the editor into an expander (UX #18)."""
    at = open_page(page, {"items": "A,B,C", "rel": "1,3,2", "k": "3", "lang": "en"})
    (folded,) = [e for e in at.expander if e.label.startswith("Change the example")]
    assert folded.get("selectbox") and folded.get("radio")  # the settings live inside it
    assert any(c.value.replace("\\", "").startswith("Example: A (1), B (3), C (2)") for c in at.caption)


@pytest.mark.parametrize("page", ["lessons/discount.py", "lessons/definitions.py", "lessons/metrics.py"])
def test_a_folded_lesson_shows_only_ndcg_above_its_fold(page):
    """A folded lesson shows one number, nDCG@3 0.7364, above the fold; DCG, IDCG, CG and the move line are in it
    (UX #15: the lesson's content comes first)."""
    at = open_page(page, {"items": "A,B,C", "rel": "1,3,2", "k": "3", "lang": "en"})
    (folded,) = [e for e in at.expander if e.label.startswith("Change the example")]
    inside = {m.label: m.value for m in folded.metric}
    outside = {m.label: m.value for m in at.metric if m.label not in inside}
    assert outside == {"nDCG@3": "0.7364"}
    assert inside == {"DCG@3": "6.9165", "IDCG@3": "9.3928", "CG@3": "6"}
    assert any("Move an item" in c.value for c in folded.caption)


def test_a_folded_lesson_marks_a_score_without_some_rows():
    """On a folded lesson a left-out row is said, with its star, on the line of the one number, above the fold
    (UX #13), and not again in the fold."""
    at = open_page("lessons/discount.py", {"items": "A,B,C", "rel": "1,3,2", "k": "3", "scale": "1", "lang": "en"})
    (folded,) = [e for e in at.expander if e.label.startswith("Change the example")]
    assert [m.value for m in at.metric if m.label == "nDCG@3"] == ["1.0000"]
    (line,) = [c.value for c in at.caption if c.value.replace("\\", "").startswith("Example: A (1)")]
    assert "\\* " in line and "valid row" in line
    assert not any("valid row" in c.value for c in folded.caption)


def test_a_folded_lesson_says_idcg_zero_above_the_fold():
    """With every grade 0 a folded lesson says IDCG = 0 once, outside the folded editor."""
    at = open_page("lessons/gain.py", {"rel": "0,0,0", "lang": "en"})
    (folded,) = [e for e in at.expander if e.label.startswith("Change the example")]
    assert len([i for i in at.info if "IDCG" in i.value]) == 1
    assert not [i for i in folded.info if "IDCG" in i.value]


def test_the_step_lesson_keeps_the_full_editor():
    """The step lesson shows its editor open, with no expander around it."""
    at = open_page("lessons/steps.py", {"items": "A,B,C", "rel": "1,3,2", "lang": "en"})
    assert not [e for e in at.expander if e.label.startswith("Change the example")]


def test_a_new_empty_row_is_not_a_problem():
    """The table's new row, before anything is typed, is neither counted nor named nor written to the URL."""
    at = open_page("lessons/steps.py", {"items": "A,B,C", "rel": "1,3,2", "k": "3", "lang": "en"})
    edit(at, added=[{}])
    assert len(at.session_state["example"].items) == 4
    assert not at.warning and not any("valid row" in c.value for c in at.caption)
    items = at.query_params["items"]
    assert (items[0] if isinstance(items, list) else items) == "A,B,C"


@pytest.mark.parametrize(("lang", "label"), [("en", "nDCG@50 (list of 3)"), ("ko", "nDCG@50 (목록 3개)")])
def test_a_cut_off_past_the_list_names_the_k_and_the_lists_length(lang, label):
    """k=50 on a 3-item list: the headline keeps trec_eval's ndcg_cut.50 name and says the list has 3 items, and its
    value is score_ranking's nDCG@50 (UX review 3, U9)."""
    at = open_page(
        "lessons/steps.py", {"items": "A,B,C", "rel": "1,3,2", "k": "50", "gain": "exponential", "lang": lang}
    )
    shown = {m.label: m.value for m in at.metric}
    assert shown[label] == f"{score_ranking([1, 3, 2], k=50, gain='exponential').ndcg:.4f}" == "0.7364"
    at = open_page("lessons/steps.py", {"items": "A,B,C", "rel": "1,3,2", "k": "3", "lang": lang})
    assert "nDCG@3" in {m.label for m in at.metric}  # k within the list: no note
