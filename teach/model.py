"""The example: items, grades, scores and settings, its validation and its reorderings.

Pure Python (no streamlit), so it is tested directly. Problems are (message key, parameters)
pairs; the pages translate them with ``ui.i18n``. The URL codec is ``ui.url``.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field, replace

MAX_ITEMS = 500
MAX_NAME = 40
MAX_PARAM = 6000
MAX_K = 10_000
SCALES = (1, 2, 3, 4)
DEFAULT_SCALE = 3
LANGS = ("ko", "en")

Problem = tuple[str, dict]


@dataclass(frozen=True)
class Item:
    """One row of the ranking: a stable id, the user's name, grade and optional model score."""

    uid: int
    name: object
    grade: object
    score: object = None


@dataclass(frozen=True)
class Example:
    """Everything one lesson needs. ``items`` is in ranked order unless scores rank them."""

    items: tuple[Item, ...]
    gain: str = "exponential"
    k: int | None = None
    scale: int = DEFAULT_SCALE
    use_scores: bool = False
    ties: str = "average"
    use_pool: bool = False
    pool: tuple[float, ...] = field(default=())
    threshold: int = 1  # the grade from which an item counts as relevant for RR, AP, P@k, R@k
    # The row the user renamed last: when two rows share a name, that row is the one left out.
    # Not part of the example's identity, and not in the URL.
    renamed: int | None = field(default=None, compare=False)


DEFAULT = Example(
    items=(Item(0, "A", 1.0, 0.5), Item(1, "B", 3.0, 0.8), Item(2, "C", 2.0, 0.2)),
    gain="exponential",
    k=3,
)


@dataclass(frozen=True)
class Checked:
    """The valid items in ranked order, ready for ``score_ranking``, and what was left out."""

    names: tuple[str, ...]
    grades: tuple[float, ...]
    scores: tuple[float, ...] | None
    uids: tuple[int, ...]
    problems: tuple[Problem, ...]


def number(value) -> float | None:
    """A finite float from a cell or URL value, or None when blank or not a number."""
    if value is None or isinstance(value, bool):
        return None
    if isinstance(value, str):
        value = value.strip()
        if not value:
            return None
    try:
        x = float(value)
    except (TypeError, ValueError, OverflowError):
        return None
    return x if math.isfinite(x) else None


def grade_value(value):
    """A typed grade or score as the example keeps it: a float, None when blank, else the text itself."""
    if blank(value):
        return None
    x = number(value)
    return x if x is not None else str(value).strip()


def typed_text(value) -> str:
    """A grade or score as text, as the table and the URL show it: "3", "0.25", what was typed, or ""."""
    if blank(value):
        return ""
    x = number(value)
    if x is None:
        return str(value).strip()
    return f"{x:g}" if x == int(x) and abs(x) < 1e15 else repr(x)


def blank(value) -> bool:
    if value is None:
        return True
    if isinstance(value, float) and math.isnan(value):
        return True
    return isinstance(value, str) and not value.strip()


def empty_row(item: Item) -> bool:
    """True for a row with no name, grade or score: the table's new row before anything is typed."""
    return blank(item.name) and blank(item.grade) and blank(item.score)


def grade_problem(value, scale: int) -> Problem | None:
    """Why a grade is unusable on the chosen scale, or None when it is fine."""
    if blank(value):
        return ("row_grade_blank", {})
    x = number(value)
    if x is None:
        return ("row_grade_nan", {"value": str(value)[:20]})
    if x < 0:
        return ("row_grade_negative", {"value": f"{x:g}"})
    if x != int(x):
        return ("row_grade_fraction", {"value": f"{x:g}", "scale": scale})
    if x > scale:
        return ("row_grade_above", {"value": f"{x:g}", "scale": scale})
    return None


def name_problem(name) -> Problem | None:
    """Why an item name is unusable (blank or too long), or None."""
    if blank(name):
        return ("row_name_blank", {})
    text = str(name).strip()
    if len(text) > MAX_NAME:
        return ("row_name_long", {"max": MAX_NAME})
    return None


def check(example: Example) -> Checked:
    """Split the example's rows into usable ones and a problem per unusable row."""
    names: list[str] = []
    grades: list[float] = []
    scores: list[float] = []
    uids: list[int] = []
    problems: list[Problem] = []
    # A name used twice stays with the row that had it first, not with the row just renamed.
    order = sorted(example.items, key=lambda i: i.uid == example.renamed)
    owner: dict[str, int] = {}
    for item in order:
        if not blank(item.name):
            owner.setdefault(str(item.name).strip(), item.uid)
    row_of = {item.uid: row for row, item in enumerate(example.items, start=1)}
    for row, item in enumerate(example.items, start=1):
        if empty_row(item):  # a row just added and not typed into yet: nothing to count or to lose
            continue
        text = "" if blank(item.name) else str(item.name).strip()  # "" only for a name that name_problem rejects
        score = number(item.score) if example.use_scores else None
        problem = name_problem(item.name) or grade_problem(item.grade, example.scale)
        if problem is None and owner.get(text) != item.uid:
            problem = ("row_name_duplicate", {"name": text, "other": row_of[owner[text]]})
        if problem is None and example.use_scores and score is None:
            problem = ("row_score_nan", {"value": typed_text(item.score)[:20]})  # blank: '', never 'None'
        if problem is not None:
            problems.append((problem[0], {**problem[1], "row": row}))
            continue
        grade = number(item.grade)
        assert grade is not None  # for type checkers: grade_problem found the grade a number
        names.append(text)
        grades.append(grade)
        scores.append(0.0 if score is None else score)  # None only without scores (with them, it was a problem)
        uids.append(item.uid)
    if len(names) > MAX_ITEMS:
        problems.append(("row_too_many", {"count": len(names), "max": MAX_ITEMS}))
        names, grades, scores, uids = names[:MAX_ITEMS], grades[:MAX_ITEMS], scores[:MAX_ITEMS], uids[:MAX_ITEMS]
    return Checked(
        tuple(names), tuple(grades), tuple(scores) if example.use_scores else None, tuple(uids), tuple(problems)
    )


def letters(n: int) -> list[str]:
    """Default item names A, B, ..., Z, AA, AB, ..."""
    out = []
    for i in range(n):
        s, j = "", i
        while True:
            s = chr(ord("A") + j % 26) + s
            j = j // 26 - 1
            if j < 0:
                break
        out.append(s)
    return out


def reorder(example: Example, uids) -> Example | None:
    """The example with items in the given order of ids, or None if the ids do not match."""
    by_uid = {i.uid: i for i in example.items}
    uids = list(uids)
    if not all(type(u) is int for u in uids):  # a report from the browser is any JSON: None, text, ...
        return None
    if sorted(uids) != sorted(by_uid) or len(set(uids)) != len(uids):
        return None
    return replace(example, items=tuple(by_uid[u] for u in uids))


def ideal_order(example: Example) -> Example:
    """Items sorted by grade, highest first; unusable rows keep their place at the end."""
    good = {u for u in check(example).uids}

    def grade(item: Item) -> float:
        x = number(item.grade)
        assert x is not None  # for type checkers: check() keeps only rows whose grade is a number
        return x

    usable = sorted((i for i in example.items if i.uid in good), key=lambda i: -grade(i))
    rest = [i for i in example.items if i.uid not in good]
    return replace(example, items=tuple(usable + rest))


def reversed_order(example: Example) -> Example:
    return replace(example, items=example.items[::-1])


def shuffled(example: Example, seed: int) -> Example:
    """A seeded shuffle, so a class can reproduce "shuffle #3"."""
    items = list(example.items)
    random.Random(seed).shuffle(items)
    return replace(example, items=tuple(items))


def with_default_scores(example: Example) -> Example:
    """Give items without a model score one that keeps the current order (1.0, 0.9, ...)."""
    n = len(example.items)
    items = tuple(
        item if number(item.score) is not None else replace(item, score=round(1 - i / max(n, 10), 3))
        for i, item in enumerate(example.items)
    )
    return replace(example, items=items)
