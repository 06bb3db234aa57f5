"""The exercises page's state: the exercise in view (its address), the answers and the score of the session.

The address is ``exercise=KIND&seed=N`` (``STATE``); a bad value falls back alone and is named in
one sentence. The exercises themselves are ``teach.exercises``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from teach import exercises, model
from ui import failsafe
from ui.session import PageState, Slot

PATH = "exercises"
PARAMS = frozenset({"exercise", "seed"})
DEFAULT = ("estimate", 1)
_IN_VIEW = Slot("exercise_in_view")  # (kind, seed)
_PROBLEM = Slot("exercise_problem")
_ANSWERS = Slot("exercise_answers")  # (kind, seed) -> whether the first answer was right
_RESPONSES = Slot("exercise_responses")  # (kind, seed) -> the last checked response
_ORDERS = Slot("exercise_orders")  # (kind, seed) -> the order a student dragged (ideal-order exercise)


def read(params: Mapping[str, str]) -> None:
    """Take the exercise of a link's ``exercise`` and ``seed``; a bad value falls back alone, named in one sentence."""
    kind, seed = DEFAULT
    problem: model.Problem | None = None
    raw_kind = params.get("exercise", kind).strip()
    if raw_kind in exercises.KINDS:
        kind = raw_kind
    else:
        problem = ("ex_bad_kind", {"value": raw_kind[:20]})  # the default kind is the first
    try:
        seed = exercises.check_seed(params.get("seed", str(seed)))
    except ValueError:
        problem = problem or ("ex_bad_seed", {"value": params.get("seed", "")[:20], "max": exercises.MAX_SEED - 1})
    _IN_VIEW.set((kind, seed))
    _PROBLEM.set(problem)


def exercise() -> tuple[str, int]:
    """The exercise in view (kind, seed), read from ``exercise=KIND&seed=N`` when the session started."""
    return _IN_VIEW.get()


def write() -> dict[str, str]:
    kind, seed = exercise()
    return {"exercise": kind, "seed": str(seed)}


STATE = PageState(PATH, PARAMS, read, write)


def set_exercise(kind: str, seed: int) -> None:
    _IN_VIEW.set((kind, seed))
    _PROBLEM.set(None)


def exercise_problem() -> model.Problem | None:
    """What was wrong with the link's exercise, if anything (shown once, until the student picks another)."""
    return _PROBLEM.get()


def record_answer(kind: str, seed: int, response: Any, correct: bool) -> None:
    """Keep the response shown; the first answer to an exercise is the one the score counts."""
    _ANSWERS.setdefault({}).setdefault((kind, seed), correct)
    _RESPONSES.setdefault({})[(kind, seed)] = response


def checked_response(kind: str, seed: int) -> Any:
    """The response last checked for this exercise, or None before the first Check."""
    return _RESPONSES.get({}).get((kind, seed))


def score() -> tuple[int, int]:
    """(right, answered) over the exercises of this session."""
    answers = _ANSWERS.get({})
    return sum(answers.values()), len(answers)


@failsafe.callback
def clear_score() -> None:
    _ANSWERS.set({})
    _RESPONSES.set({})


def exercise_order(kind: str, seed: int, start: tuple[int, ...]) -> tuple[int, ...]:
    """The order the student has dragged this exercise's items into (``start`` until the first move)."""
    return _ORDERS.get({}).get((kind, seed), start)


def set_exercise_order(kind: str, seed: int, order: tuple[int, ...]) -> None:
    _ORDERS.setdefault({})[(kind, seed)] = order
