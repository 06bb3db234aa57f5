"""A live class's questions: the seeded exercises of ``ui.exercises``, an answer's stored form, the
projector's histogram, and the most common mistake among the wrong answers.

Pure: no streamlit. A question is (kind, seed), so every student sees the same exercise. An answer is
stored as JSON text with one number for the histogram: the estimate, the DCG term, or the nDCG the
student's dragged order reached ("better" answers have none; they are counted per choice).
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from ndcg_core import gain_values, score_ranking
from teach import exercises

KINDS = ("estimate", "ideal", "better", "term")  # the four kinds a room can ask, in menu order
CHOICES = ("A", "B", "same")
GAINS = exercises.COMPARED  # a "which ranking wins" question asks under each
SLIPS = (
    "live_slip_other_gain",
    "live_slip_no_cutoff",
    "live_slip_ideal_top_k",
    "live_slip_log_rank",
    "live_slip_ln",
    "live_slip_no_discount",
    "live_slip_divide_rank",
    "live_slip_high",
    "live_slip_low",
    "live_slip_same_both",
    "live_slip_picks",
    "live_slip_order",
)  # every mistake ``mistake`` can name (catalogue keys)
NEAR = {"estimate": 0.02, "term": 0.01}  # a wrong answer this close to a known mistake's value is that mistake
TERM_MAX = 1000.0  # the largest DCG term a student may answer (the largest right one is 7: gain 2³ − 1 at rank 1)


@dataclass(frozen=True)
class Stored:
    """An answer as the store keeps it: JSON ``response``, the histogram's ``value``, and whether it is ``correct``."""

    response: str
    value: float | None
    correct: bool


@dataclass(frozen=True)
class Bars:
    """The projector's chart: one bar per label, with its count of answers, how many of them were judged right
    (``correct``: the verdict each phone shows, never "the bin holds the answer"), and how many made the most common
    mistake (``slip``); ``holds`` marks the bar whose range holds the right value."""

    labels: tuple[str, ...]
    counts: tuple[int, ...]
    holds: tuple[bool, ...]
    correct: tuple[int, ...]
    slip: tuple[int, ...]
    edges: tuple[float, ...] = ()  # the bins' edges (numeric answers); none for "better"


@dataclass(frozen=True)
class Mistake:
    """The most common mistake: a catalogue ``key`` with its ``params``, and how many wrong answers made it; ``others``
    are the other mistakes made, (key, params, count), most common first, so every wrong answer is named once."""

    key: str
    params: dict
    count: int
    wrong: int
    others: tuple[tuple[str, dict, int], ...] = ()


Category = tuple[str, tuple[tuple[str, object], ...]]  # a mistake: its catalogue key and its params, hashable


def question(kind: str, seed: int) -> exercises.Exercise:
    """The exercise a room's question shows; ValueError for a kind a room cannot ask."""
    if kind not in KINDS:
        raise ValueError(f"question kind {kind!r} is not one of {', '.join(KINDS)}")
    return exercises.make(kind, seed)


def store(ex: exercises.Exercise, response) -> Stored:
    """A student's response in its stored form; ValueError when it is not an answer to ``ex``."""
    if ex.kind in ("estimate", "term"):
        top = 1.0 if ex.kind == "estimate" else TERM_MAX
        try:
            value = float(response)
        except OverflowError:  # an int of 400 digits
            value = math.inf
        if not (0 <= value <= top):  # nan and ±inf too
            raise ValueError(f"answer {str(response)[:40]!r} is not a number from 0 to {top:g}")
        return Stored(json.dumps(value), value, exercises.check(ex, value).correct)
    if ex.kind == "better":
        picks = {g: response.get(g) for g in GAINS} if isinstance(response, dict) else {}
        if any(p not in CHOICES for p in picks.values()) or len(picks) != len(GAINS):
            raise ValueError(f"answer {response!r} does not pick A, B or same under both gains")
        return Stored(json.dumps(picks, sort_keys=True), None, exercises.check(ex, picks).correct)
    order = tuple(int(i) for i in response)
    if sorted(order) != list(range(len(ex.items))):
        raise ValueError(f"answer {response!r} is not an order of the {len(ex.items)} items")
    return Stored(json.dumps(list(order)), ex.ndcg(order), exercises.check(ex, order).correct)


def load(ex: exercises.Exercise, text: str):
    """The response stored as ``text`` (the inverse of ``store``)."""
    data = json.loads(text)
    if ex.kind in ("estimate", "term"):
        return float(data)
    if ex.kind == "better":
        return {g: data[g] for g in GAINS}
    return tuple(int(i) for i in data)


def truth(ex: exercises.Exercise) -> float | None:
    """The right number (None for "better"): the nDCG, the DCG term, or the ideal order's nDCG (1)."""
    if ex.kind == "estimate":
        return ex.ndcg()
    if ex.kind == "term":
        return exercises.term(ex)
    if ex.kind == "ideal":
        return 1.0
    return None


def _edges(ex: exercises.Exercise, values: list[float]) -> np.ndarray:
    """Ten bins over 0–1 (nDCG), or over 0 to a round top that holds the answer and every answer up to TERM_MAX (a
    DCG term)."""
    if ex.kind != "term":
        return np.round(np.linspace(0.0, 1.0, 11), 9)  # 0.3, not 0.30000000000000004: a typed 0.3 is in 0.3–0.4
    top = max([1.0, exercises.term(ex), *(v for v in values if v <= TERM_MAX)])  # the right answer's bar too
    step = 10.0 ** math.floor(math.log10(top / 10))  # a float: an int top above 2⁶³ broke numpy (review 3, X1)
    top = math.ceil(top / 10 / step) * step * 10
    return np.round(np.linspace(0.0, top, 11), 9)


def _number(value) -> float:
    """``value`` as a float; an int too large for one is ±inf."""
    try:
        return float(value)
    except OverflowError:
        return math.inf if value > 0 else -math.inf


def bars(
    ex: exercises.Exercise,
    answers: list[tuple[str, float | None, bool]],
    *,
    same_word: str = "=",
    pick_name: Callable[[str], str] | None = None,
) -> Bars:
    """The histogram of ``answers`` ((response JSON, value, correct)): ten numeric bins, or for "better" one bar per
    pair of choices (linear / exponential, each named by ``pick_name``) that someone gave, plus the right pair. Each
    bar also counts its right answers and its answers of the most common mistake (``mistake``)."""
    common = mistake(ex, answers)
    top = None if common is None else (common.key, _hashable(common.params))
    cats = categories(ex, answers)
    if ex.kind == "better":

        def name(p: str) -> str:
            if pick_name is not None:
                return pick_name(p)
            return same_word if p == "same" else p

        right = exercises.verdicts(ex)
        given = [tuple(json.loads(r)[g] for g in GAINS) for r, _, _ in answers]
        seen = Counter(given)
        pairs = [
            (a, b)
            for a in CHOICES
            for b in CHOICES
            if (a, b) in seen or (a, b) == (right["linear"], right["exponential"])
        ]
        return Bars(
            tuple(f"{name(a)} / {name(b)}" for a, b in pairs),
            tuple(seen.get(p, 0) for p in pairs),
            tuple(p == (right["linear"], right["exponential"]) for p in pairs),
            tuple(sum(1 for g, (_, _, ok) in zip(given, answers, strict=True) if g == p and ok) for p in pairs),
            tuple(
                sum(1 for g, c in zip(given, cats, strict=True) if g == p and c is not None and c == top) for p in pairs
            ),
        )
    # Every number is counted: one below 0 in the first bin, one beyond the last edge (a term above TERM_MAX or
    # inf, which a database may hold from before the limit) in a last bar "> top"; only nan is no number.
    numbered = [
        (x, ok, c)
        for x, ok, c in ((_number(v), ok, c) for (_, v, ok), c in zip(answers, cats, strict=True) if v is not None)
        if not math.isnan(x)
    ]
    edges = _edges(ex, [x for x, _, _ in numbered])
    n = len(edges) - 1
    # The bin of each number as numpy's histogram counts it: [a, b), the last one [a, b]; beyond it, the bar "> top".
    where = [
        n if x > edges[-1] else min(n - 1, max(0, int(np.searchsorted(edges, x, side="right")) - 1))
        for x, _, _ in numbered
    ]
    width = n + (1 if n in where else 0)
    counts = [where.count(i) for i in range(width)]
    correct = [sum(1 for w, (_, ok, _) in zip(where, numbered, strict=True) if w == i and ok) for i in range(width)]
    slip = [
        sum(1 for w, (_, _, c) in zip(where, numbered, strict=True) if w == i and c is not None and c == top)
        for i in range(width)
    ]
    digits = 1 if ex.kind != "term" else max(1, -math.floor(math.log10(edges[1] - edges[0])))
    labels = [f"{a:.{digits}f}–{b:.{digits}f}" for a, b in zip(edges[:-1], edges[1:], strict=True)]
    t = truth(ex)
    assert t is not None  # for type checkers: only "better" has no right number
    holds = [
        bool(a <= t <= b) if i == len(labels) - 1 else bool(a <= t < b)
        for i, (a, b) in enumerate(zip(edges[:-1], edges[1:], strict=True))
    ]
    shown = [float(e) for e in edges]
    if width > n:
        labels.append(f"> {shown[-1]:.{digits}f}")
        holds.append(False)
        shown.append(shown[-1] + shown[1] - shown[0])
    return Bars(tuple(labels), tuple(counts), tuple(holds), tuple(correct), tuple(slip), tuple(shown))


# ---------------------------------------------------------------- the most common mistake


def _estimate_slips(ex: exercises.Exercise) -> dict[str, float]:
    """nDCG as the usual slips compute it, by catalogue key."""
    other = "linear" if ex.gain == "exponential" else "exponential"
    out = {"live_slip_other_gain": ex.ndcg(gain=other)}
    g = list(ex.grades)
    if ex.k is not None:
        out["live_slip_no_cutoff"] = score_ranking(g, k=None, gain=ex.gain).ndcg
        top = sorted(g[: ex.k], reverse=True)  # the ideal drawn from the shown top k only
        idcg = score_ranking(top, gain=ex.gain).dcg
        out["live_slip_ideal_top_k"] = score_ranking(g, k=ex.k, gain=ex.gain).dcg / idcg if idcg else 0.0
    gains = gain_values(g[: ex.k or len(g)], ex.gain)
    ideal = np.sort(gain_values(g, ex.gain))[::-1][: ex.k or len(g)]
    rank = np.arange(1, len(gains) + 1)
    out["live_slip_log_rank"] = float(
        (gains / np.maximum(1, np.log2(rank))).sum() / (ideal / np.maximum(1, np.log2(rank))).sum()
    )
    return out


def _term_slips(ex: exercises.Exercise) -> dict[str, float]:
    """The DCG term as the usual slips compute it, by catalogue key."""
    grade, r = ex.grades[ex.rank - 1], ex.rank
    g = float(gain_values([grade], ex.gain)[0])
    other = float(gain_values([grade], "linear" if ex.gain == "exponential" else "exponential")[0])
    return {
        "live_slip_other_gain": other / math.log2(r + 1),
        "live_slip_log_rank": g / math.log2(r),
        "live_slip_ln": g / math.log(r + 1),
        "live_slip_no_discount": g,
        "live_slip_divide_rank": g / r,
    }


def _hashable(params: dict) -> tuple[tuple[str, object], ...]:
    return tuple(sorted(params.items()))


def categories(ex: exercises.Exercise, answers: list[tuple[str, float | None, bool]]) -> list[Category | None]:
    """Each answer's mistake ((catalogue key, params)), None for a right one.

    A number counts as a known slip (the other gain, no cut-off, log₂(i) for log₂(i + 1), ...) when it lies
    within ``NEAR`` of that slip's value; the rest are "too high" or "too low". A wrong "better" answer is its
    pair of picks; a wrong order is the first pair of grades it puts the wrong way round.
    """
    if ex.kind == "better":
        split = exercises.verdicts(ex)["linear"] != exercises.verdicts(ex)["exponential"]

        def picks(r: str) -> Category:
            lin, exp = (json.loads(r)[g] for g in GAINS)
            key = "live_slip_same_both" if lin == exp and split else "live_slip_picks"
            return key, _hashable(dict(zip(GAINS, (lin, exp), strict=True)))

        return [None if ok else picks(r) for r, _, ok in answers]
    if ex.kind == "ideal":

        def first_swap(r: str) -> Category:
            g = [ex.grades[i] for i in json.loads(r)]
            i = next(i for i in range(len(g) - 1) if g[i] < g[i + 1])
            return "live_slip_order", _hashable({"low": g[i], "high": g[i + 1]})

        return [None if ok else first_swap(r) for r, _, ok in answers]
    slips = (_estimate_slips if ex.kind == "estimate" else _term_slips)(ex)
    t = truth(ex)
    assert t is not None  # for type checkers: only "better" has no right number
    slips = {k: v for k, v in slips.items() if abs(v - t) > NEAR[ex.kind]}  # a "slip" that gives the answer is none

    def named(value: float | None) -> Category:
        assert value is not None  # for type checkers: an estimate or a DCG term is stored with its number
        v = _number(value)  # an int too large for a float (a database may hold one) is inf
        near = min(slips, key=lambda k: abs(slips[k] - v), default=None)
        if near is not None and abs(slips[near] - v) <= NEAR[ex.kind]:
            return near, _hashable({"value": slips[near]})
        return ("live_slip_high" if v > t else "live_slip_low"), _hashable({"value": None})

    return [None if ok else named(v) for _, v, ok in answers]


def mistake(ex: exercises.Exercise, answers: list[tuple[str, float | None, bool]]) -> Mistake | None:
    """The most common mistake among the wrong ``answers`` ((response JSON, value, correct)), with the others made;
    None when none is wrong (``categories`` names each answer's mistake)."""
    made = Counter(c for c in categories(ex, answers) if c is not None).most_common()
    if not made:
        return None
    (key, params), count = made[0]
    others = tuple((k, dict(p), n) for (k, p), n in made[1:])
    return Mistake(key, dict(params), count, sum(n for _, n in made), others)
