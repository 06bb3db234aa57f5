"""Undo, Reset and browser Back: no change to the example is lost without a way back (UX #9)."""

from __future__ import annotations

from tests.conftest import metrics, open_page
from tests.test_app_editor import edit


def order(at) -> list[str]:
    return [i.name for i in at.session_state["example"].items]


def steps():
    return open_page("lessons/steps.py", {"items": "A,B,C", "rel": "1,3,2", "k": "3", "lang": "en"})


def test_undo_is_off_until_something_changed():
    """A fresh page offers no Undo and no Reset, because nothing has changed yet."""
    at = steps()
    assert at.button(key="steps_undo").disabled
    assert at.button(key="steps_reset").disabled


def test_undo_takes_back_moves_one_at_a_time():
    """Two moves are undone one per click, each time with the earlier nDCG."""
    at = steps()
    at.button(key="steps_reverse").click().run()
    at.button(key="steps_ideal").click().run()
    assert order(at) == ["B", "C", "A"]
    at.button(key="steps_undo").click().run()
    assert order(at) == ["C", "B", "A"]
    at.button(key="steps_undo").click().run()
    assert order(at) == ["A", "B", "C"] and metrics(at)["nDCG@3"] == "0.7364"
    assert at.button(key="steps_undo").disabled


def test_undo_takes_back_a_grade_edit_and_a_setting():
    """A typed grade and a gain switch are undone too, and the table shows the earlier grade again."""
    at = steps()
    edit(at, edited={0: {"grade": "3"}})
    at.radio(key="steps_gain").set_value("linear").run()
    at.button(key="steps_undo").click().run()
    assert at.session_state["example"].gain == "exponential"
    at.button(key="steps_undo").click().run()
    assert [i.grade for i in at.session_state["example"].items] == [1.0, 3.0, 2.0]
    assert metrics(at)["nDCG@3"] == "0.7364"


def test_reset_can_be_undone():
    """Reset goes back to the opening example, and Undo brings the student's order back."""
    at = steps()
    at.button(key="steps_reverse").click().run()
    at.button(key="steps_reset").click().run()
    assert order(at) == ["A", "B", "C"]
    at.button(key="steps_undo").click().run()
    assert order(at) == ["C", "B", "A"]


def test_after_a_reload_reset_still_offers_the_lessons_example():
    """A page opened (or reloaded) on a changed example offers Reset, and it opens the source's A, B, C = 1, 3, 2
    (UX #9: after a reload Reset and Undo were both off, a dead end)."""
    at = open_page("lessons/steps.py", {"items": "C,B,A", "rel": "2,3,1", "k": "3", "lang": "en"})
    assert at.button(key="steps_undo").disabled
    assert not at.button(key="steps_reset").disabled
    at.button(key="steps_reset").click().run()
    assert order(at) == ["A", "B", "C"] and metrics(at)["nDCG@3"] == "0.7364"
    assert at.button(key="steps_reset").disabled
    at.button(key="steps_undo").click().run()
    assert order(at) == ["C", "B", "A"]


def test_reset_goes_to_the_opening_example_first():
    """After a move, Reset opens the example the tab opened with; pressed again, the source's example."""
    at = open_page("lessons/steps.py", {"items": "A,B,C,D", "rel": "1,3,2,0", "k": "3", "lang": "en"})
    at.button(key="steps_reverse").click().run()
    at.button(key="steps_reset").click().run()
    assert order(at) == ["A", "B", "C", "D"]
    at.button(key="steps_reset").click().run()
    assert order(at) == ["A", "B", "C"]
