"""Seeded exercises: one (kind, seed) gives the same exercise to every student who opens its link.

Pure: no streamlit. Each exercise is drawn by numpy's generator seeded with (kind, seed), its
answer comes from ``ndcg_core``, and ``check`` grades a response. The page (lessons/exercises.py)
and the worksheet (teach/worksheet.py) both read exercises from here.
"""

from __future__ import annotations

import math
import string
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from ndcg_core import discount_weights, gain_values, score_ranking, swap_deltas
from teach.catalogue import translate
from teach.format import fmt, num

KINDS = ("estimate", "swap", "better", "ideal", "term")
MAX_SEED = 10**9  # seeds 0 .. MAX_SEED - 1
# The two gains the source article sets side by side, which the exercises compare (a pair by design: not every
# gain of the core's registry, and each has its ``ex_gain_NAME`` name).
COMPARED = ("linear", "exponential")
ESTIMATE_TOLERANCE = 0.05  # an nDCG estimate within this counts as right
TERM_TOLERANCE = 0.005  # a DCG term right to two decimals
NAMES = tuple(string.ascii_uppercase[:8])


@dataclass(frozen=True)
class Exercise:
    """One exercise. ``grades`` are in the shown (ranked) order of ``items``.

    ``second`` (kind "better") is ranking B as indices into ``items``; ``rank`` (kind "term")
    is the 1-based rank whose discounted gain is asked for.
    """

    kind: str
    seed: int
    items: tuple[str, ...]
    grades: tuple[int, ...]
    gain: str
    k: int | None
    second: tuple[int, ...] = ()
    rank: int = 0

    @property
    def at(self) -> str:
        return "" if self.k is None else f"@{self.k}"

    def ndcg(self, order=None, gain: str | None = None) -> float:
        """nDCG@k of the items in ``order`` (indices; default as shown) under ``gain`` (default the exercise's)."""
        rel = [self.grades[i] for i in (range(len(self.items)) if order is None else order)]
        return score_ranking(rel, k=self.k, gain=gain or self.gain).ndcg


@dataclass(frozen=True)
class Verdict:
    """How a response was graded: ``correct``, and the numbers the reveal shows."""

    correct: bool
    truth: float | tuple = 0.0
    error: float = 0.0


def check_seed(raw: object) -> int:
    """A seed from a URL or a box: a whole number 0 ≤ seed < MAX_SEED, or ValueError naming it."""
    text = str(raw).strip()
    if not (text.isascii() and text.isdigit()) or len(text) > 9:
        raise ValueError(f"seed {text[:20]!r} is not a whole number from 0 to {MAX_SEED - 1}")
    return int(text)


def _rng(kind: str, seed: int) -> np.random.Generator:
    return np.random.default_rng([KINDS.index(kind), seed])


def _grades(rng: np.random.Generator, n: int) -> tuple[int, ...]:
    """n grades 0–3 with at least two different positive grades, not already in ideal order."""
    while True:
        g = rng.integers(0, 4, size=n)
        positive = set(g[g > 0].tolist())
        if len(positive) >= 2 and (np.diff(g) > 0).any():
            return tuple(int(x) for x in g)


def _better_pair(rng: np.random.Generator, grades: tuple[int, ...], disagree: bool) -> tuple[int, ...] | None:
    """Ranking B (a permutation) whose verdict against the shown order flips between the gains (or not)."""
    n = len(grades)
    orders = np.array([np.arange(n)] + [rng.permutation(n) for _ in range(400)])
    d = discount_weights(n, "log2")
    delta = {}
    for gain in COMPARED:
        g = gain_values(grades, gain)
        ndcg = g[orders] @ d / (np.sort(g)[::-1] @ d)
        delta[gain] = ndcg[1:] - ndcg[0]
    clear = np.minimum(abs(delta["linear"]), abs(delta["exponential"])) >= 1e-3  # no near ties
    flips = (delta["linear"] > 0) != (delta["exponential"] > 0)
    fits = np.flatnonzero(clear & (flips if disagree else ~flips))
    return tuple(int(i) for i in orders[fits[0] + 1]) if len(fits) else None


@lru_cache(maxsize=512)
def make(kind: str, seed: int) -> Exercise:
    """The exercise of ``kind`` for ``seed``; the same on every machine (numpy's PCG64)."""
    if kind not in KINDS:
        raise ValueError(f"exercise kind {kind!r} is not one of {', '.join(KINDS)}")
    seed = check_seed(seed)
    rng = _rng(kind, seed)
    gain = COMPARED[int(rng.integers(0, len(COMPARED)))]
    if kind == "better":
        # Half the seeds give two rankings that the two gains judge oppositely (the article's point).
        disagree = bool(rng.integers(0, 2))
        while True:
            n = int(rng.integers(4, 7))
            grades = _grades(rng, n)
            second = _better_pair(rng, grades, disagree)
            if second is not None:
                return Exercise(kind, seed, NAMES[:n], grades, "both", None, second=second)
    n = int(rng.integers(5, 8))
    grades = _grades(rng, n)
    if kind == "ideal":
        return Exercise(kind, seed, NAMES[:n], grades, gain, None)
    if kind == "term":
        asked = [i for i in range(2, n + 1) if grades[i - 1] > 0] or list(range(2, n + 1))  # a term worth computing
        rank = asked[int(rng.integers(0, len(asked)))]
        return Exercise(kind, seed, NAMES[:n], grades, gain, None, rank=rank)
    k = (None, 3, 5)[int(rng.integers(0, 3))] if kind == "estimate" else None
    if k is not None and k >= n:
        k = None
    return Exercise(kind, seed, NAMES[:n], grades, gain, k)


# ---------------------------------------------------------------- answers


def term(ex: Exercise) -> float:
    """The discounted gain at ``ex.rank``: gain(grade) / log2(rank + 1)."""
    g = float(gain_values([ex.grades[ex.rank - 1]], ex.gain)[0])
    return g / math.log2(ex.rank + 1)


def swaps(ex: Exercise) -> np.ndarray:
    """ΔnDCG@k of swapping any two ranks (see ``ndcg_core.swap_deltas``)."""
    return swap_deltas(ex.grades, k=ex.k, gain=ex.gain)


def best_swaps(ex: Exercise) -> list[tuple[int, int]]:
    """The pairs of 1-based ranks (i < j) whose swap raises nDCG the most (several when tied)."""
    d = swaps(ex)
    top = d.max()
    n = len(ex.grades)
    return [(i + 1, j + 1) for i in range(n) for j in range(i + 1, n) if d[i, j] >= top - 1e-12]


# The two rankings of a "better" exercise are stored as "A" and "B" (a link's or a room's answers keep them) but
# shown as X and Y, so they are never read as the items A, B, C, ... (review 3, G11).
PICK_NAMES = {"A": "X", "B": "Y"}


def pick_name(pick: str, lang: str) -> str:
    """A "better" answer as shown: ranking X, ranking Y, or the word for "the same"."""
    return translate("ex_same", lang) if pick == "same" else PICK_NAMES.get(pick, pick)


def verdicts(ex: Exercise) -> dict[str, str]:
    """For kind "better": which ranking wins under each gain, "A", "B" or "same"."""
    out = {}
    for gain in COMPARED:
        a, b = ex.ndcg(gain=gain), ex.ndcg(ex.second, gain=gain)
        out[gain] = "same" if abs(a - b) < 1e-12 else ("A" if a > b else "B")
    return out


def ideal_order(ex: Exercise) -> tuple[int, ...]:
    """One ideal order (indices): grades descending, ties in shown order."""
    return tuple(sorted(range(len(ex.grades)), key=lambda i: -ex.grades[i]))


def is_ideal(ex: Exercise, order) -> bool:
    """True when ``order`` (indices) lists the grades from highest to lowest: any order within a tie is right."""
    g = [ex.grades[i] for i in order]
    return sorted(order) == list(range(len(ex.grades))) and all(a >= b for a, b in zip(g, g[1:], strict=False))


def check(ex: Exercise, response) -> Verdict:
    """Grade ``response``: a number (estimate, term), a pair of ranks (swap), a dict of gain → "A"/"B"/"same"
    (better) or an order of indices (ideal)."""
    if ex.kind == "estimate":
        truth = ex.ndcg()
        error = abs(float(response) - truth)
        return Verdict(error <= ESTIMATE_TOLERANCE + 1e-12, truth, error)
    if ex.kind == "term":
        truth = term(ex)
        error = abs(float(response) - truth)
        return Verdict(error <= TERM_TOLERANCE + 1e-12, truth, error)
    if ex.kind == "swap":
        i, j = sorted(int(x) for x in response)
        d = swaps(ex)
        return Verdict((i, j) in best_swaps(ex), float(d.max()), float(d.max() - d[i - 1, j - 1]))
    if ex.kind == "better":
        winners = verdicts(ex)
        return Verdict(all(response.get(g) == v for g, v in winners.items()), tuple(winners.items()))
    if ex.kind == "ideal":
        return Verdict(is_ideal(ex, tuple(response)), ex.ndcg(ideal_order(ex)), 1.0 - ex.ndcg(tuple(response)))
    raise ValueError(f"exercise kind {ex.kind!r} is not one of {', '.join(KINDS)}")


# ---------------------------------------------------------------- worked solutions (page and worksheet)


def gain_name(gain: str, lang: str) -> str:
    return translate(f"ex_gain_{gain}", lang)


def _dcg_sum(grades, gain: str, k: int | None) -> tuple[str, float]:
    """ "7/1.000 + 0/1.585 + 3/2.000" and its value: each term as gain / log₂(i + 1), up to rank k."""
    shown = list(grades)[: k if k is not None else len(grades)]
    gains = gain_values(shown, gain) if shown else np.array([])
    terms = [f"{num(g)}/{math.log2(i + 2):.3f}" for i, g in enumerate(gains)]
    return " + ".join(terms), float(sum(g / math.log2(i + 2) for i, g in enumerate(gains)))


def ndcg_lines(grades, gain: str, k: int | None) -> list[str]:
    """DCG, IDCG and nDCG written out: the arithmetic a student does on paper."""
    at = "" if k is None else f"@{k}"
    dcg_terms, dcg = _dcg_sum(grades, gain, k)
    idcg_terms, idcg = _dcg_sum(sorted(grades, reverse=True), gain, k)
    ndcg = dcg / idcg if idcg > 0 else 0.0
    return [
        f"DCG{at} = {dcg_terms} = {fmt(dcg)}",
        f"IDCG{at} = {idcg_terms} = {fmt(idcg)}",
        f"nDCG{at} = {fmt(dcg)} / {fmt(idcg)} = {fmt(ndcg)}",
    ]


def term_line(ex: Exercise) -> str:
    """ "(2^2 − 1) / log₂(3 + 1) = 3 / 2.000 = 1.5000"."""
    grade = ex.grades[ex.rank - 1]
    g = float(gain_values([grade], ex.gain)[0])
    top = f"(2^{grade} − 1)" if ex.gain == "exponential" else f"{grade}"
    return f"{top} / log₂({ex.rank} + 1) = {num(g)} / {math.log2(ex.rank + 1):.3f} = {fmt(term(ex))}"


def answer_text(ex: Exercise, lang: str) -> str:
    """The answer in one line, as the answer key gives it."""
    if ex.kind == "estimate":
        return f"nDCG{ex.at} = {fmt(ex.ndcg())}"
    if ex.kind == "term":
        return fmt(term(ex))
    if ex.kind == "swap":
        return ", ".join(translate("ex_pair", lang, i=i, j=j) for i, j in best_swaps(ex))
    if ex.kind == "better":
        return " · ".join(f"{gain_name(g, lang)}: {pick_name(v, lang)}" for g, v in verdicts(ex).items())
    return ", ".join(ex.items[i] for i in ideal_order(ex))


def solution(ex: Exercise, lang: str) -> list[str]:
    """The worked solution, line by line (plain text; item names here are the generated letters)."""
    if ex.kind == "estimate":
        return ndcg_lines(ex.grades, ex.gain, ex.k)
    if ex.kind == "term":
        return [translate("ex_term_rule", lang), term_line(ex)]
    if ex.kind == "swap":
        before = ex.ndcg()
        i, j = best_swaps(ex)[0]
        after = before + float(swaps(ex)[i - 1, j - 1])
        pairs = ", ".join(translate("ex_pair", lang, i=a, j=b) for a, b in best_swaps(ex))
        return [
            translate("ex_swap_rule", lang),
            translate("ex_swap_best", lang, pairs=pairs, before=fmt(before), after=fmt(after)),
        ]
    if ex.kind == "better":
        lines = []
        for gain, winner in verdicts(ex).items():
            a, b = ex.ndcg(gain=gain), ex.ndcg(ex.second, gain=gain)
            lines.append(
                translate(
                    "ex_better_line",
                    lang,
                    gain=gain_name(gain, lang),
                    a=fmt(a),
                    b=fmt(b),
                    winner=pick_name(winner, lang),
                )
            )
        v = verdicts(ex)
        lines.append(
            translate("ex_better_flip", lang) if v["linear"] != v["exponential"] else translate("ex_better_agree", lang)
        )
        return lines
    order = ideal_order(ex)
    return [translate("ex_ideal_one", lang, order=", ".join(f"{ex.items[i]} ({ex.grades[i]})" for i in order))]
