"""Small computations the lessons need beyond one nDCG value."""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

import numpy as np

from ndcg_core._registry import discount_weights, gain_values
from ndcg_core._validate import as_numbers, check_gain_fits, check_options

if TYPE_CHECKING:
    from numpy.typing import ArrayLike

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


def discount_share(discounts: ArrayLike, k: int) -> float:
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
def _search(grades: tuple[float, ...], discount: str, k: int | None) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """Two orders whose DCG@k linear and exponential gain rank oppositely, by the clearest margin.

    The searched orders put ``top`` of the candidate items, in every order, above the rest
    (the rest in input order). Only those ``top`` ranks decide which order is better: the
    ranks below hold the same items in both orders, or lie below k.
    """
    rel = np.array(grades)
    idx = _candidate_items(rel)
    top = len(idx) if k is None else min(k, len(idx))
    perms = np.array(list(itertools.permutations(range(len(idx)), top)))
    d = discount_weights(top, discount)
    sub = rel[idx]
    # Orders that put the same grades in the same places score alike: keep the first of each.
    _, first_seen = np.unique(sub[perms], axis=0, return_index=True)
    perms = perms[np.sort(first_seen)]
    lin = gain_values(sub, "linear")[perms] @ d
    exp = gain_values(sub, "exponential")[perms] @ d
    # Margin by which linear prefers row i over row j while exponential prefers j over i:
    # take, for each candidate "first", the best "second" and keep the clearest pair.
    best = None
    by_linear = np.argsort(-lin, kind="stable")
    for start in range(0, len(perms), 512):
        rows = by_linear[start : start + 512]
        margin = np.minimum(lin[rows, None] - lin[None, :], exp[None, :] - exp[rows, None])
        i, j = np.unravel_index(int(np.argmax(margin)), margin.shape)
        if margin[i, j] > 1e-9 and (best is None or margin[i, j] > best[0]):
            best = (float(margin[i, j]), int(rows[i]), int(j))
    if best is None:
        return None

    def order(row: int) -> tuple[int, ...]:
        head = [idx[p] for p in perms[row]]
        return tuple(head) + tuple(i for i in range(len(rel)) if i not in head)

    return order(best[1]), order(best[2])


def gain_disagreement(relevance: ArrayLike, *, k: int | None = None, discount: str = "log2") -> GainDisagreement | None:
    """Find two orders of the given items whose DCG@k linear and exponential gain rank oppositely.

    Only the top k ranks count, so the search is over which items fill them and in which
    order. With up to 7 items it is exhaustive. With more, the candidates are up to two
    items of each grade (highest grades first) and one of the lowest grade, at most 7:
    the searched orders put some of them, in every order, at the top and append all the
    other items after them in input order. With at most two distinct grades no such pair
    exists (every increasing gain is then an affine function of the grade), nor at k = 1
    (both gains order single grades alike).

    Parameters
    ----------
    relevance : sequence of float
        Grades (>= 0) of the items, in any order.
    k : int, optional
        Cut-off: both orders are compared by DCG@k, the sum over ranks 1..k only. None
        means the whole list.
    discount : {"log2", "log", "jarvelin", "reciprocal", "none"}, default "log2"
        Discount of both DCGs; see ``discount_weights``.

    Returns
    -------
    GainDisagreement or None
        Two orders of all the items (tuples of input indices, in ranked order): ``first``
        has the higher linear DCG@k and ``second`` the higher exponential DCG@k, with both
        DCG@k values of each. None when no such pair was found.

    Raises
    ------
    ValueError
        If a grade is negative or not a finite number, ``k`` is not a whole number >= 1
        or None, or ``discount`` is unknown.

    Examples
    --------
    >>> g = gain_disagreement([0, 1, 3])
    >>> [[0, 1, 3][i] for i in g.first], [[0, 1, 3][i] for i in g.second]
    ([1, 0, 3], [0, 3, 1])
    >>> [round(x, 4) for x in g.linear_dcg], [round(x, 4) for x in g.exponential_dcg]
    ([2.5, 2.3928], [4.5, 4.9165])
    >>> gain_disagreement([2, 2, 0]) is None
    True

    At k = 2 only the first two ranks count:

    >>> g = gain_disagreement([3, 2, 2, 0], k=2)
    >>> [[3, 2, 2, 0][i] for i in g.first[:2]], [[3, 2, 2, 0][i] for i in g.second[:2]]
    ([2, 2], [3, 0])
    """
    rel = as_numbers(relevance, "relevance", nonnegative=True)
    k = check_options(k=k, discount=discount).k
    if len(set(rel.tolist())) < 3:
        return None
    found = _search(tuple(rel.tolist()), discount, k)
    if found is None:
        return None
    first, second = found
    d = discount_weights(len(rel), discount)[: len(rel) if k is None else k]

    def dcg(order: tuple[int, ...], gain: str) -> float:
        return float(gain_values(rel[list(order)][: len(d)], gain) @ d)

    return GainDisagreement(
        first,
        second,
        (dcg(first, "linear"), dcg(second, "linear")),
        (dcg(first, "exponential"), dcg(second, "exponential")),
    )


def _swap_kernel(gains: np.ndarray, discounts: np.ndarray, idcg: float) -> np.ndarray:
    """ΔnDCG of swapping ranks i and j: (g_i − g_j)(d_j − d_i) / IDCG, zero when IDCG is 0."""
    if idcg <= 0:
        return np.zeros((len(gains), len(gains)))
    deltas: np.ndarray = np.subtract.outer(gains, gains) * np.subtract.outer(discounts, discounts).T / idcg
    return deltas


def swap_deltas(
    relevance: ArrayLike, *, k: int | None = None, gain: str = "exponential", discount: str = "log2"
) -> np.ndarray:
    """Change in nDCG@k from swapping any two ranks of a ranked list (LambdaRank's |ΔnDCG|, signed).

    Swapping ranks i and j changes only their two terms, so DCG@k moves by
    (gain_i − gain_j)(d_j − d_i), with d = 0 beyond k, and IDCG@k does not move
    (Burges 2010, "From RankNet to LambdaRank to LambdaMART").

    Parameters
    ----------
    relevance : sequence of float
        Grades (>= 0) in ranked order.
    k : int, optional
        Cut-off; None means the whole list.
    gain : {"exponential", "linear"}, default "exponential"
    discount : {"log2", "log", "jarvelin", "reciprocal", "none"}, default "log2"

    Returns
    -------
    numpy.ndarray
        An n x n symmetric matrix: entry [i, j] is nDCG@k after swapping ranks i + 1 and
        j + 1 minus nDCG@k now. The diagonal is 0, and so is everything when IDCG@k is 0.

    Raises
    ------
    ValueError
        If a grade is negative or not a finite number, or an option is unknown.

    Examples
    --------
    >>> d = swap_deltas([1, 3, 2], gain="exponential")
    >>> round(float(d[0, 1]), 4)  # grades 1, 3, 2 become 3, 1, 2: nDCG 0.7364 → 0.9721
    0.2358
    """
    k = check_options(k=k, gain=gain, discount=discount).k  # gain and discount come back as they were given
    rel = as_numbers(relevance, "relevance", nonnegative=True)
    if len(rel) == 0:
        raise ValueError("relevance is empty; swaps need at least one item")
    check_gain_fits(rel, gain, lambda i: f"relevance[{i}] = {rel[i]:g}")
    gains = gain_values(rel, gain)
    d = discount_weights(len(rel), discount)
    if k is not None:
        d[k:] = 0.0
    idcg = float(np.sort(gains)[::-1] @ d)
    return _swap_kernel(gains, d, idcg)
