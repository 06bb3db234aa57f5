"""Prediction prompts: a question asked before the number it is about, answered from the learner's own example.

Pure: no streamlit. Each builder takes what the page already scored (a ``RankingScore`` from
``ndcg_core``, or the numbers the page computed) and returns a ``Prompt``: the question, its
options, which of them are right and the explanation with the learner's numbers, each as a
(catalogue key, parameters) pair that the page translates when it draws (``ui/predict.py``).
Names are user text: they enter the parameters already escaped for markdown (``format.plain``).
A builder returns None when the example cannot carry its question (one item, no relevant item...).
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from itertools import permutations

import numpy as np

from ndcg_core import RankingScore, binary_metrics, discount_weights, gain_values, score_ranking
from teach import exercises
from teach.format import fmt, num, plain

Text = tuple[str, Mapping[str, object]]  # a catalogue key and its parameters
TOL = 1e-12  # two scores closer than this are equal (the core's own tolerance for leaders)
MAX_K_OPTIONS = 12  # the lab's "which k" offers k = 2..12 one by one, then "later"
RATIO_BINS = ((0.0, 0.7), (0.7, 0.8), (0.8, 0.9), (0.9, 1.0))  # the guided start's nDCG ranges, then "exactly 1"


@dataclass(frozen=True)
class Option:
    value: str  # what the widget returns
    label: Text


@dataclass(frozen=True)
class Prompt:
    """One question before an answer: ``right`` holds every option that counts as right."""

    topic: str  # which question (one per place in a lesson)
    context: tuple  # the numbers it is about: a new example asks anew
    question: Text
    options: tuple[Option, ...]
    right: frozenset[str]
    why: Text  # the answer explained with the learner's numbers
    extra: dict[str, object] = field(default_factory=dict, compare=False)  # computed values, for tests and pages

    @property
    def ident(self) -> str:
        """A short stable name of this question on these numbers (the widget's key and the streak's record)."""
        digest = hashlib.blake2b(repr((self.topic, self.context)).encode(), digest_size=6).hexdigest()
        return f"{self.topic}_{digest}"

    def is_right(self, value: object) -> bool:
        return value in self.right


def _literal(value: str, text: str | None = None) -> Option:
    return Option(value, ("predict_literal", {"text": text if text is not None else value}))


def _direction(before: float, after: float) -> str:
    return "up" if after > before + TOL else "down" if after < before - TOL else "same"


def _grades(r: RankingScore, *, ideal: bool = False) -> list[float]:
    return [float(g) for g in r.column("relevance", ideal=ideal)]


def _names(r: RankingScore) -> list[str]:
    return [str(x) for x in r.column("item")]


def _rescore(r: RankingScore, grades: list[float], k: int | None) -> RankingScore:
    """``grades`` in ranked order scored at cut-off ``k`` with ``r``'s options and ideal pool (its ideal grades)."""
    return score_ranking(
        grades,
        k=k,
        gain=r.gain,
        discount=r.discount,
        discount_base=r.discount_base,
        ideal_pool=_grades(r, ideal=True),
    )


# ---------------------------------------------------------------- the step lesson


def move_to_top(r: RankingScore) -> Prompt | None:
    """ "Will nDCG go up if X moves to rank 1?" for the best-graded item not at rank 1 (None with one item)."""
    # Asked on every run of the step page: the same example's prompt is built once (two scorings, ~0.5 ms a move).
    return _move_to_top(
        tuple(_grades(r)), tuple(_names(r)), tuple(_grades(r, ideal=True)), r.k, r.gain, r.discount, r.discount_base
    )


@functools.lru_cache(maxsize=256)
def _move_to_top(
    grades: tuple[float, ...],
    names: tuple[str, ...],
    ideal: tuple[float, ...],
    k: int | None,
    gain: str,
    discount: str,
    discount_base: float,
) -> Prompt | None:
    if len(grades) < 2:
        return None

    def ndcg(order) -> float:  # ``order`` scored at k with the example's options and ideal pool
        return score_ranking(
            list(order), k=k, gain=gain, discount=discount, discount_base=discount_base, ideal_pool=list(ideal)
        ).ndcg

    rank = 1 + int(np.argmax(grades[1:])) + 1  # the first of the highest grades below rank 1
    moved = [grades[rank - 1], *grades[: rank - 1], *grades[rank:]]
    before, after = ndcg(grades), ndcg(moved)
    answer = _direction(before, after)
    name = plain(names[rank - 1])
    params = {"name": name, "rank": rank, "grade": num(grades[rank - 1]), "before": fmt(before), "after": fmt(after)}
    return Prompt(
        "move_top",
        (grades, k, gain, discount, ideal),
        ("predict_move_q", {"name": name, "rank": rank}),
        (
            Option("up", ("predict_opt_up", {})),
            Option("same", ("predict_opt_same", {})),
            Option("down", ("predict_opt_down", {})),
        ),
        frozenset({answer}),
        {
            "up": ("predict_move_why_up", {**params}),
            "same": ("predict_move_why_same", {**params}),
            "down": ("predict_move_why_down", {**params}),
        }[answer],
        {"before": before, "after": after},
    )


# ---------------------------------------------------------------- gain


def worth(grade: int, name: str | None = None) -> Prompt | None:
    """ "Under exponential gain, one grade-g item is worth how many grade-1 items?" (None below grade 2)."""
    if grade < 2:
        return None
    exp_gain = float(gain_values([grade], "exponential")[0])
    lin_gain = float(gain_values([grade], "linear")[0])
    one = float(gain_values([1], "exponential")[0])
    times = exp_gain / one
    values = sorted({grade, grade * grade, int(times)})
    params = {"grade": grade, "exp": num(exp_gain), "lin": num(lin_gain), "times": num(times)}
    why: Text = ("predict_worth_why", {**params})
    if name is not None:
        why = ("predict_worth_why_named", {**params, "name": plain(name)})
    return Prompt(
        "worth",
        (grade, name),
        ("predict_worth_q", {"grade": grade}),
        tuple(Option(str(v), ("predict_opt_times", {"n": v})) for v in values),
        frozenset({str(int(times))}),
        why,
        {"times": times},
    )


def top_item_worth(r: RankingScore) -> Prompt | None:
    """``worth`` for the example's highest-graded listed item (a whole grade of 2 or more)."""
    grades, names = _grades(r), _names(r)
    if not grades:
        return None
    best = int(np.argmax(grades))
    if grades[best] != int(grades[best]):
        return None
    return worth(int(grades[best]), names[best])


def gain_flip(
    first: tuple[int, ...], second: tuple[int, ...], names: list[str], grades: list[float], k: int | None
) -> Prompt:
    """ "Linear gain prefers order 1. Which does exponential gain prefer?" for a pair the gains rank oppositely.

    ``first`` and ``second`` are orders of input indices (as ``ndcg_core.gain_disagreement`` gives them);
    the DCGs come from ``score_ranking`` under each gain.
    """

    def dcg(order: tuple[int, ...], gain: str) -> float:
        return score_ranking([grades[i] for i in order], k=k, gain=gain).dcg

    linear, exponential = exercises.COMPARED  # the pair the lessons compare
    lin = (dcg(first, linear), dcg(second, linear))
    exp = (dcg(first, exponential), dcg(second, exponential))
    if lin[0] < lin[1] - TOL:  # ask about the order linear gain prefers, whichever way round it came
        first, second, lin, exp = second, first, (lin[1], lin[0]), (exp[1], exp[0])
    answer = {"up": "second", "down": "first", "same": "tie"}[_direction(exp[0], exp[1])]
    shown = 6

    def line(order: tuple[int, ...]) -> str:
        text = ", ".join(plain(names[i]) for i in order[:shown])
        return text + (", …" if len(order) > shown else "")

    params = {
        "one": line(first),
        "two": line(second),
        "lin1": fmt(lin[0]),
        "lin2": fmt(lin[1]),
        "exp1": fmt(exp[0]),
        "exp2": fmt(exp[1]),
    }
    return Prompt(
        "gain_flip",
        (tuple(first), tuple(second), tuple(grades), k),
        ("predict_flip_q", {"one": params["one"], "two": params["two"]}),
        (
            Option("first", ("predict_opt_order_1", {})),
            Option("second", ("predict_opt_order_2", {})),
            Option("tie", ("predict_opt_tie", {})),
        ),
        frozenset({answer}),
        {
            "first": ("predict_flip_why_first", {**params}),
            "second": ("predict_flip_why_second", {**params}),
            "tie": ("predict_flip_why_tie", {**params}),
        }[answer],
        {linear: lin, exponential: exp},
    )


# ---------------------------------------------------------------- discount


def halving_rank(r: RankingScore | None = None, *, names: list[str] | None = None) -> Prompt:
    """ "With log2(i+1), from which rank does an item count half its gain or less?" (rank 3).

    With a scored example of three or more items, the answer names its item at that rank."""
    weights = discount_weights(16, "log2")
    rank = 1 + int(np.flatnonzero(weights <= 0.5 + TOL)[0])
    choices_ = (2, 3, 4, 8)
    params: dict[str, object] = {"rank": rank, "weight": fmt(float(weights[rank - 1]), 2), "log": num(rank + 1)}
    why: Text = ("predict_half_why", {**params})
    context: tuple = (rank,)
    if r is not None and len(r.column("rank")) >= rank:
        gains = [float(g) for g in r.column("gain")]
        item = plain((names or _names(r))[rank - 1])
        part = gains[rank - 1] * float(weights[rank - 1])
        why = ("predict_half_why_item", {**params, "name": item, "gain": num(gains[rank - 1]), "part": fmt(part)})
        context = (rank, item, gains[rank - 1])
    return Prompt(
        "half",
        context,
        ("predict_half_q", {}),
        tuple(Option(str(c), ("predict_opt_rank", {"rank": c})) for c in choices_),
        frozenset({str(rank)}),
        why,
        {"rank": rank},
    )


# ---------------------------------------------------------------- the cut-off


def first_vs_all(r: RankingScore) -> Prompt | None:
    """ "Will nDCG@1 be higher, equal or lower than nDCG@n?" under the example's gain (None with one item)."""
    grades = _grades(r)
    n = len(grades)
    if n < 2:
        return None
    curve = _rescore(r, grades, None).column("ndcg")
    top, whole = float(curve[0]), float(curve[-1])
    answer = {"up": "lower", "down": "higher", "same": "same"}[_direction(top, whole)]
    params = {"n": n, "top": fmt(top), "whole": fmt(whole), "name": plain(_names(r)[0]), "grade": num(grades[0])}
    return Prompt(
        "first_vs_all",
        (tuple(grades), r.gain, r.discount, tuple(_grades(r, ideal=True))),
        ("predict_cut_q", {"n": n}),
        (
            Option("higher", ("predict_opt_higher", {})),
            Option("same", ("predict_opt_same_value", {})),
            Option("lower", ("predict_opt_lower", {})),
        ),
        frozenset({answer}),
        {
            "higher": ("predict_cut_why_higher", {**params}),
            "same": ("predict_cut_why_same", {**params}),
            "lower": ("predict_cut_why_lower", {**params}),
        }[answer],
        {"top": top, "whole": whole},
    )


def flip_k(curve_x: np.ndarray, curve_y: np.ndarray, swaps: list[int]) -> Prompt | None:
    """ "Which k flips the winner?" between rankings X and Y, from their nDCG@k curves and the core's swap points."""
    n = len(curve_x)
    if n < 2:
        return None
    last = min(n, MAX_K_OPTIONS)
    options = [Option(str(k), ("predict_opt_k", {"k": k})) for k in range(2, last + 1)]
    if n > MAX_K_OPTIONS:
        options.append(Option("later", ("predict_opt_k_later", {"k": MAX_K_OPTIONS + 1})))
    options.append(Option("none", ("predict_opt_k_none", {})))
    right = {str(k) if k <= MAX_K_OPTIONS else "later" for k in swaps} or {"none"}
    params = {"x1": fmt(float(curve_x[0])), "y1": fmt(float(curve_y[0])), "ks": ", ".join(f"@{k}" for k in swaps)}
    return Prompt(
        "flip_k",
        (tuple(np.round(curve_x, 12)), tuple(np.round(curve_y, 12))),
        ("predict_flipk_q", {}),
        tuple(options),
        frozenset(right),
        ("predict_flipk_why", {**params}) if swaps else ("predict_flipk_why_none", {**params}),
        {"swaps": list(swaps)},
    )


# ---------------------------------------------------------------- other metrics


def reciprocal_rank(r: RankingScore, threshold: float, n_relevant: int | None = None) -> Prompt:
    """ "What is RR here?" with relevant meaning grade >= threshold, from ``binary_metrics``."""
    grades, names = _grades(r), _names(r)
    m = binary_metrics(grades, k=r.k, threshold=threshold, n_relevant=n_relevant)
    first = m.first_relevant_rank
    shown = min(m.cutoff, 4)
    options = [_literal(str(i), "1" if i == 1 else f"1/{i}") for i in range(1, shown + 1)]
    if m.cutoff > shown:
        options.append(Option("less", ("predict_opt_rr_less", {"n": shown + 1})))
    options.append(_literal("0"))
    if first is None:
        right, why = "0", ("predict_rr_why_none", {"k": m.cutoff, "t": num(threshold)})
    else:
        right = str(first) if first <= shown else "less"
        why = (
            "predict_rr_why",
            {"name": plain(names[first - 1]), "rank": first, "t": num(threshold), "rr": fmt(m.reciprocal_rank)},
        )
    return Prompt(
        "rr",
        (tuple(grades), r.k, threshold),
        ("predict_rr_q", {"t": num(threshold)}),
        tuple(options),
        frozenset({right}),
        why,
        {"rr": m.reciprocal_rank},
    )


# ---------------------------------------------------------------- one ranking, many definitions


def same_number(ours: float, theirs: float, *, gain_key: str) -> Prompt:
    """ "Will scikit-learn's ndcg_score print the nDCG this app shows (with its gain)?" to four decimals."""
    answer = "yes" if fmt(ours) == fmt(theirs) else "no"
    params = {"ours": fmt(ours), "theirs": fmt(theirs)}
    return Prompt(
        "same_number",
        (fmt(ours), fmt(theirs), gain_key),
        ("predict_same_q", {"ours": fmt(ours)}),
        (Option("yes", ("predict_opt_yes", {})), Option("no", ("predict_opt_no", {}))),
        frozenset({answer}),
        {
            "yes": ("predict_same_why_yes", {**params}),
            "no": ("predict_same_why_no", {**params}),
        }[answer],
        {},
    )


# ---------------------------------------------------------------- the guided start (A, B, C)


def ideal_of(names: list[str], grades: list[float]) -> Prompt:
    """ "Which order has the largest DCG?" over every order of a few items; any order with the ideal DCG is right."""
    orders = list(permutations(range(len(names))))
    dcgs = [score_ranking([grades[i] for i in o], gain="exponential").dcg for o in orders]
    best = max(dcgs)
    labels = [", ".join(plain(names[i]) for i in o) for o in orders]
    right = frozenset(label for label, d in zip(labels, dcgs, strict=True) if d >= best - TOL)
    ideal = [names[i] for i in orders[int(np.argmax(dcgs))]]
    return Prompt(
        "ideal",
        (tuple(names), tuple(grades)),
        ("guide_ideal_q", {}),
        tuple(_literal(label) for label in labels),
        right,
        ("guide_ideal_why", {"order": ", ".join(plain(x) for x in ideal), "idcg": fmt(best)}),
        {"idcg": best},
    )


def ratio_bin(value: float) -> str:
    """The guided start's range of an nDCG value ("0.7-0.8", ..., "1" for exactly 1 at four decimals)."""
    if fmt(value) == fmt(1.0):
        return "1"
    for lo, hi in RATIO_BINS:
        if lo <= value < hi:
            return f"{lo:.1f}-{hi:.1f}"
    return "1"


def ratio(names: list[str], grades: list[float]) -> Prompt:
    """ "Guess the nDCG of your order" in ranges; the answer DCG / IDCG with the learner's own order."""
    r = score_ranking(grades, gain="exponential", labels=names)
    options = [_literal(f"{lo:.1f}-{hi:.1f}", f"{lo:.1f} – {hi:.1f}" if lo else f"< {hi:.1f}") for lo, hi in RATIO_BINS]
    options.append(Option("1", ("guide_ratio_one", {})))
    return Prompt(
        "ratio",
        (tuple(names), tuple(grades)),
        ("guide_ratio_q", {"order": ", ".join(plain(x) for x in names)}),
        tuple(options),
        frozenset({ratio_bin(r.ndcg)}),
        ("guide_ratio_why", {"dcg": fmt(r.dcg), "idcg": fmt(r.idcg), "ndcg": fmt(r.ndcg)}),
        {"ndcg": r.ndcg},
    )
