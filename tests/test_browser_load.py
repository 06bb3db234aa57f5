"""The class in real browsers (benchmarks/load_classroom.py), small: three students on one fresh server.

Latency figures are the benchmark's business; the browser test asks that every interaction of
every kind shows exactly the student's own example, with no error, leak, lost, doubled or wrong
state. The small tests before it show that the run's checks can fail at all: a leak or a lost
move that were never counted would make the class test pass for nothing.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from benchmarks.load_classroom import KINDS, Shown, classify, make_students, run_class, stepped
from deploy.harness import off_loop

pytestmark = pytest.mark.browser


def _shown(ex, **changes) -> Shown:
    """The /steps page as it looks when it shows ``ex``."""
    shown = Shown("steps", {**ex.query()}, True, ex.ndcg(), list(ex.order), [str(ex.grade(x)) for x in ex.order], 0)
    return replace(shown, **changes)


def test_every_student_makes_every_kind_in_an_order_of_their_own():
    """Each of 20 plans holds all five kinds, twice each in ten, and the plans are not all in one order."""
    students = make_students(20, 10)
    assert all(sorted(s.plan) == sorted(KINDS * 2) for s in students)
    assert len({tuple(s.plan) for s in students}) > 1
    assert len({x for s in students for x in s.start.order}) == sum(len(s.start.order) for s in students)


def test_another_students_item_name_on_the_page_is_a_leak():
    """A page that shows the student's example plus another student's item name counts as a leak."""
    student = make_students(2)[0]
    other = make_students(2)[1].start.order[0]
    shown = _shown(student.ex, text=f"the ideal order: {other}")
    assert shown.shows(student.ex, "steps")
    assert classify(student, shown, student.ex, None, "test") == "leak"
    assert len(student.leaks) == 1


def test_a_move_that_never_showed_is_lost_and_one_applied_twice_is_doubled():
    """After Alt+↓ on the first row, the old order counts as lost and a move of two ranks as doubled."""
    student = make_students(1)[0]
    ex = student.ex
    once = ex.with_order(stepped(ex.order, ex.order[0], 1))
    twice = once.with_order(stepped(once.order, ex.order[0], 1))
    assert classify(student, _shown(ex), ex, twice, "test") == "lost"
    assert classify(student, _shown(twice), ex, twice, "test") == "doubled"
    assert (len(student.lost), len(student.doubled)) == (1, 1)


def test_a_setting_that_jumped_to_the_first_option_is_wrong():
    """A gain that changed by itself (the example is not the one before, nor the move twice) counts as wrong."""
    student = make_students(1)[0]
    ex = student.ex
    jumped = replace(ex, gain="linear" if ex.gain == "exponential" else "exponential")
    assert classify(student, _shown(jumped), ex, None, "test") == "wrong"
    assert len(student.wrong) == 1


def test_three_students_keep_their_own_example_through_ten_interactions_of_every_kind(tmp_path):
    """Three students, ten interactions each (drag or key move, gain, k, page switch, grade edit): all show, nothing leaks."""
    result = off_loop(run_class, 3, 10, 0, tmp_path)
    problems = [
        line
        for s in result.students
        for what in ("errors", "leaks", "lost", "doubled", "wrong")
        for line in getattr(s, what)
    ]
    assert not problems and not result.log_problems, (problems + result.log_problems)[:5]
    assert [s.shown for s in result.students] == [10, 10, 10]
    assert all({k for k in s.waits if k != "open"} == set(KINDS) for s in result.students)
    assert all(
        any(x.startswith("drag ") for x in s.log) and any(x.startswith("Alt+") for x in s.log) for s in result.students
    ), "every student drags with the mouse and moves by keyboard"
    assert result.runs >= 3 * 11, "the script runs were not counted"
