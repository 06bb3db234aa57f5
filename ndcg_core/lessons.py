"""Small computations the lessons need beyond one nDCG value."""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from ndcg_core._registry import discount_weights, gain_values
from ndcg_core._validate import as_numbers, check_options

#: Largest number of items whose orders are searched exhaustively (7! = 5040 orders).
EXHAUSTIVE_ITEMS = 7


@dataclass(frozen=True)
class GainDisagreement:
    """Two orders of the same items that linear and exponential gain rank oppositely.

    ``first`` is preferred by linear gain and ``second`` by exponential gain; both are
    tuples of input indices, in ranked order. DCG pairs are (first, second).
    """

    first: tuple[int, ...]
    second: tuple[int, ...]
    linear_dcg: tuple[float, float]
    exponential_dcg: tuple[float, float]


def discount_share(discounts, k: int) -> float:
    """Share of the total discount weight that ranks 1..k carry.

    Parameters
    ----------
    discounts : sequence of float
        Weights of ranks 1, 2, ..., n, as ``discount_weights`` gives them.
    k : int
        Cut-off: the ranks 1..k whose share is wanted. A k beyond n counts every rank.

    Returns
    -------
    float
        Sum of the first k weights over the sum of all; 0 when every weight is 0.

    Raises
    ------
    ValueError
        If ``discounts`` cannot be read as numbers.

    Examples
    --------
    >>> round(discount_share(discount_weights(3, "log2"), 1), 4)
    0.4693
    >>> discount_share([1, 1, 1, 1], 1)
    0.25
    """
    w = np.asarray(discounts, dtype=float)
    total = w.sum()
    return float(w[:k].sum() / total) if total > 0 else 0.0


def _candidate_items(rel: np.ndarray) -> list[int]:
    """Indices worth reordering: up to two items of each grade, highest grades first, and a zero."""
    if len(rel) <= EXHAUSTIVE_ITEMS:
        return list(range(len(rel)))
    picked: list[int] = []
    by_grade: dict[float, list[int]] = {}
    for i in np.argsort(-rel, kind="stable"):
        by_grade.setdefault(float(rel[i]), []).append(int(i))
    lowest = min(by_grade)
    for rounds in (1, 2):
        for grade, idx in by_grade.items():
            if len(idx) >= rounds and len(picked) < EXHAUSTIVE_ITEMS - (lowest != grade and rounds == 1):
                picked.append(idx[rounds - 1])
    if by_grade[lowest][0] not in picked:
        picked[-1] = by_grade[lowest][0]
    return picked[:EXHAUSTIVE_ITEMS]


@lru_cache(maxsize=256)
def _search(grades: tuple[float, ...], discount: str) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    rel = np.array(grades)
    idx = _candidate_items(rel)
    perms = np.array(list(itertools.permutations(range(len(idx)))))
    d = discount_weights(len(idx), discount)
    sub = rel[idx]
    lin = gain_values(sub, "linear")[perms] @ d
    exp = gain_values(sub, "exponential")[perms] @ d
    # Margin by which linear prefers row i over row j while exponential prefers j over i:
    # take, for each candidate "first", the best "second" and keep the clearest pair.
    best = None
    lin_order = np.argsort(-lin, kind="stable")[:400]
    for i in lin_order:
        margin = np.minimum(lin[i] - lin, exp - exp[i])
        j = int(np.argmax(margin))
        if margin[j] > 1e-9 and (best is None or margin[j] > best[0]):
            best = (float(margin[j]), int(i), j)
    if best is None:
        return None
    rest = [i for i in range(len(rel)) if i not in idx]
    first = tuple(idx[p] for p in perms[best[1]]) + tuple(rest)
    second = tuple(idx[p] for p in perms[best[2]]) + tuple(rest)
    return first, second


def gain_disagreement(relevance, *, discount: str = "log2") -> GainDisagreement | None:
    """Find two orders of the given items on which linear and exponential gain disagree.

    Orders of up to 7 items are searched exhaustively; with more items, the searched
    orders rearrange a few items of each grade at the top and keep the rest in place.
    With at most two distinct grades no such pair exists: every increasing gain is then
    an affine function of the grade.

    Parameters
    ----------
    relevance : sequence of float
        Grades (>= 0) of the items, in any order.
    discount : {"log2", "log", "jarvelin", "reciprocal", "none"}, default "log2"
        Discount of both DCGs; see ``discount_weights``.

    Returns
    -------
    GainDisagreement or None
        Two orders (tuples of input indices, in ranked order): ``first`` has the higher
        linear DCG and ``second`` the higher exponential DCG, with both DCGs of each. None
        when no such pair was found.

    Raises
    ------
    ValueError
        If a grade is negative or not a finite number, or ``discount`` is unknown.

    Examples
    --------
    >>> g = gain_disagreement([0, 1, 3])
    >>> [[0, 1, 3][i] for i in g.first], [[0, 1, 3][i] for i in g.second]
    ([1, 0, 3], [0, 3, 1])
    >>> [round(x, 4) for x in g.linear_dcg], [round(x, 4) for x in g.exponential_dcg]
    ([2.5, 2.3928], [4.5, 4.9165])
    >>> gain_disagreement([2, 2, 0]) is None
    True
    """
    rel = as_numbers(relevance, "relevance", nonnegative=True)
    check_options(discount=discount)
    if len(set(rel.tolist())) < 3:
        return None
    found = _search(tuple(rel.tolist()), discount)
    if found is None:
        return None
    first, second = found
    d = discount_weights(len(rel), discount)
    dcgs = {
        g: tuple(float(gain_values(rel[list(o)], g) @ d) for o in (first, second)) for g in ("linear", "exponential")
    }
    return GainDisagreement(first, second, dcgs["linear"], dcgs["exponential"])
