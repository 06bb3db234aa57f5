"""Binary-relevance metrics of one ranked list under trec_eval's definitions: RR, AP, P@k, recall@k.

An item is relevant when its grade is at least ``threshold`` (trec_eval's ``relevance_level``).
AP and recall divide by the number of relevant judged documents of the query, which can be
larger than the number listed when judged documents were not retrieved. Reported MRR and MAP
are means of RR and AP over queries; this module scores one query.
"""

from __future__ import annotations

import numbers
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from ndcg_core._validate import as_numbers, check_k

if TYPE_CHECKING:
    from numpy.typing import ArrayLike


@dataclass(frozen=True)
class BinaryMetrics:
    """RR, AP, P@k and recall@k of one ranked list, with the counts they were computed from.

    ``relevant_ranks`` holds the 1-based ranks of the relevant items within the top k (the
    whole list when k is None); ``n_relevant`` is the denominator of AP and recall, and
    ``n_relevant_listed`` the number of relevant items anywhere in the list.
    """

    reciprocal_rank: float
    average_precision: float
    precision: float
    recall: float
    k: int | None
    threshold: float
    n_listed: int
    n_relevant: int
    n_relevant_listed: int
    relevant_ranks: tuple[int, ...]

    @property
    def cutoff(self) -> int:
        """The ranks that count: k, or the length of the list when k is None (P@k's denominator)."""
        return self.n_listed if self.k is None else self.k

    @property
    def relevant_at_k(self) -> int:
        """How many relevant items lie within the top k."""
        return len(self.relevant_ranks)

    @property
    def first_relevant_rank(self) -> int | None:
        """Rank of the first relevant item within the top k, or None when there is none."""
        return self.relevant_ranks[0] if self.relevant_ranks else None


def _check_threshold(threshold: object) -> float:
    if isinstance(threshold, (bool, np.bool_)) or not isinstance(threshold, numbers.Real):
        raise ValueError(f"threshold = {threshold!r} must be a number > 0")
    value = float(threshold)
    if not np.isfinite(value) or value <= 0:
        raise ValueError(f"threshold = {value!r} must be a finite number > 0; a grade of 0 is never relevant")
    return value


def _check_n_relevant(n_relevant: object, listed: int, threshold: float) -> int:
    if n_relevant is None:
        return listed
    if isinstance(n_relevant, (bool, np.bool_)) or not isinstance(n_relevant, numbers.Integral):
        raise ValueError(f"n_relevant = {n_relevant!r} must be a whole number >= 0 or None")
    if n_relevant < 0:
        raise ValueError(f"n_relevant = {int(n_relevant)} must be >= 0")
    if n_relevant < listed:
        raise ValueError(
            f"n_relevant = {int(n_relevant)} is less than the {listed} listed items with grade >= {threshold:g}; "
            "it counts every relevant judged item, listed or not"
        )
    return int(n_relevant)


def _metrics(
    relevant: np.ndarray, k: int | None, n_relevant: int
) -> tuple[float, float, float, float, tuple[int, ...]]:
    """RR, AP, P, recall and the relevant ranks of a boolean relevance array in ranked order."""
    cutoff = len(relevant) if k is None else k
    ranks = np.flatnonzero(relevant[:cutoff]) + 1
    rr = 1.0 / ranks[0] if len(ranks) else 0.0
    # The j-th relevant item at rank r adds precision@r = j / r.
    ap = float(np.sum(np.arange(1, len(ranks) + 1) / ranks)) / n_relevant if n_relevant else 0.0
    precision = len(ranks) / cutoff if cutoff else 0.0
    recall = len(ranks) / n_relevant if n_relevant else 0.0
    return float(rr), ap, precision, recall, tuple(int(r) for r in ranks)


def binary_metrics(
    relevance: ArrayLike, *, k: int | None = None, threshold: float = 1, n_relevant: int | None = None
) -> BinaryMetrics:
    """Reciprocal rank, average precision, precision@k and recall@k of one ranked list (trec_eval's).

    Parameters
    ----------
    relevance : sequence of float
        Grades (>= 0) of the listed items, in ranked order (rank 1 first).
    k : int, optional
        Cut-off: only ranks 1..k count. None means the whole list. A k beyond the list is
        allowed, and P@k still divides by k (trec_eval's ``P_k``).
    threshold : float, default 1
        An item is relevant when its grade is >= threshold (trec_eval's ``relevance_level``).
    n_relevant : int, optional
        Number of relevant judged documents of the query, listed or not: the denominator of
        AP and recall. None means the relevant items in the list. It cannot be smaller than
        that number.

    Returns
    -------
    BinaryMetrics
        ``reciprocal_rank`` (1 / rank of the first relevant item within the top k, 0 if none),
        ``average_precision`` (the sum of precision@r over the ranks r of the relevant items
        within the top k, divided by ``n_relevant``; trec_eval's ``map`` and ``map_cut_k``),
        ``precision`` (relevant items in the top k / k) and ``recall`` (relevant items in the
        top k / ``n_relevant``), with the counts used. AP and recall are 0 when ``n_relevant``
        is 0.

    Raises
    ------
    ValueError
        If a grade is negative or not a finite number, ``k`` is not a whole number >= 1 or
        None, ``threshold`` is not a finite number > 0, or ``n_relevant`` is not a whole
        number or is smaller than the number of relevant items listed.

    Examples
    --------
    The source's A, B, C = 1, 3, 2: every item is relevant at threshold 1.

    >>> m = binary_metrics([1, 3, 2], k=3)
    >>> m.reciprocal_rank, m.average_precision, m.precision, m.recall
    (1.0, 1.0, 1.0, 1.0)

    At threshold 2 only B and C are relevant: AP = (1/2 + 2/3) / 2.

    >>> m = binary_metrics([1, 3, 2], k=3, threshold=2)
    >>> m.relevant_ranks, m.reciprocal_rank, round(m.average_precision, 4), round(m.precision, 4)
    ((2, 3), 0.5, 0.5833, 0.6667)

    Two more relevant judged documents that were not retrieved halve AP and recall:

    >>> m = binary_metrics([1, 0, 1], n_relevant=4)
    >>> round(m.average_precision, 4), m.recall
    (0.4167, 0.5)
    """
    rel = as_numbers(relevance, "relevance", nonnegative=True)
    k = check_k(k)
    threshold = _check_threshold(threshold)
    relevant = rel >= threshold
    listed = int(relevant.sum())
    total = _check_n_relevant(n_relevant, listed, threshold)
    rr, ap, precision, recall, ranks = _metrics(relevant, k, total)
    return BinaryMetrics(
        reciprocal_rank=rr,
        average_precision=ap,
        precision=precision,
        recall=recall,
        k=k,
        threshold=threshold,
        n_listed=len(rel),
        n_relevant=total,
        n_relevant_listed=listed,
        relevant_ranks=ranks,
    )
