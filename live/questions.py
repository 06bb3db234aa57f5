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
    """The projector's chart: one bar per label, with its count; ``right`` marks the bars holding right answers."""

    labels: tuple[str, ...]
    counts: tuple[int, ...]
    right: tuple[bool, ...]
    edges: tuple[float, ...] = ()  # the bins' edges (numeric answers); none for "better"


@dataclass(frozen=True)
class Mistake:
    """The most common mistake: a catalogue ``key`` with its ``params``, and how many wrong answers made it."""

    key: str
    params: dict
    count: int
    wrong: int


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


def bars(ex: exercises.Exercise, answers: list[tuple[str, float | None]], *, same_word: str = "=") -> Bars:
    """The histogram of ``answers`` ((response JSON, value) pairs): ten numeric bins, or for "better" one bar per
    pair of choices (linear / exponential) that someone gave, plus the right pair."""
    if ex.kind == "better":

        def name(p: str) -> str:
            return same_word if p == "same" else p

        right = exercises.verdicts(ex)
        seen = Counter(tuple(json.loads(r)[g] for g in GAINS) for r, _ in answers)
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
        )
    # Every number is counted: one below 0 in the first bin, one beyond the last edge (a term above TERM_MAX or
    # inf, which a database may hold from before the limit) in a last bar "> top"; only nan is no number.
    values = [x for x in (_number(v) for _, v in answers if v is not None) if not math.isnan(x)]
    edges = _edges(ex, values)
    inside = [max(v, edges[0]) for v in values if v <= edges[-1]]
    counts = [int(c) for c in np.histogram(inside, bins=edges)[0]] if inside else [0] * (len(edges) - 1)
    digits = 1 if ex.kind != "term" else max(1, -math.floor(math.log10(edges[1] - edges[0])))
    labels = [f"{a:.{digits}f}–{b:.{digits}f}" for a, b in zip(edges[:-1], edges[1:], strict=True)]
    t = truth(ex)
    assert t is not None  # for type checkers: only "better" has no right number
    holds = [
        bool(a <= t <= b) if i == len(labels) - 1 else bool(a <= t < b)
        for i, (a, b) in enumerate(zip(edges[:-1], edges[1:], strict=True))
    ]
    shown = [float(e) for e in edges]
    if len(inside) < len(values):
        labels.append(f"> {shown[-1]:.{digits}f}")
        counts.append(len(values) - len(inside))
        holds.append(False)
        shown.append(shown[-1] + shown[1] - shown[0])
    return Bars(tuple(labels), tuple(counts), tuple(holds), tuple(shown))


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


def mistake(ex: exercises.Exercise, answers: list[tuple[str, float | None, bool]]) -> Mistake | None:
    """The most common mistake among the wrong ``answers`` ((response JSON, value, correct)); None when none is wrong.

    A number counts as a known slip (the other gain, no cut-off, log₂(i) for log₂(i + 1), ...) when it lies
    within ``NEAR`` of that slip's value; the rest are "too high" or "too low". A wrong "better" answer is the
    pair of picks most often given; a wrong order is the first pair of grades it puts the wrong way round.
    """
    wrong = [(r, v) for r, v, ok in answers if not ok]
    if not wrong:
        return None
    if ex.kind == "better":
        (lin, exp), count = Counter(tuple(json.loads(r)[g] for g in GAINS) for r, _ in wrong).most_common(1)[0]
        key = (
            "live_slip_same_both"
            if lin == exp and exercises.verdicts(ex)["linear"] != exercises.verdicts(ex)["exponential"]
            else "live_slip_picks"
        )
        return Mistake(key, dict(zip(GAINS, (lin, exp), strict=True)), count, len(wrong))
    if ex.kind == "ideal":
        firsts: Counter[tuple[int, int]] = Counter()
        for r, _ in wrong:
            g = [ex.grades[i] for i in json.loads(r)]
            i = next(i for i in range(len(g) - 1) if g[i] < g[i + 1])
            firsts[(g[i], g[i + 1])] += 1
        (low, high), count = firsts.most_common(1)[0]
        return Mistake("live_slip_order", {"low": low, "high": high}, count, len(wrong))
    slips = (_estimate_slips if ex.kind == "estimate" else _term_slips)(ex)
    t = truth(ex)
    assert t is not None  # for type checkers: only "better" has no right number
    slips = {k: v for k, v in slips.items() if abs(v - t) > NEAR[ex.kind]}  # a "slip" that gives the answer is none
    named: Counter[str] = Counter()
    for _, v in wrong:
        assert v is not None  # for type checkers: an estimate or a DCG term is stored with its number
        near = min(slips, key=lambda k: abs(slips[k] - v), default=None)
        if near is not None and abs(slips[near] - v) <= NEAR[ex.kind]:
            named[near] += 1
        else:
            named["live_slip_high" if v > t else "live_slip_low"] += 1
    key, count = named.most_common(1)[0]
    return Mistake(key, {"value": slips.get(key)}, count, len(wrong))
