"""nDCG of one ranked list, with every intermediate step kept for display.

DCG and IDCG are one kernel: running sums of gain x discount. IDCG is that kernel run
on the ideal order. CG is the running sum of the raw grades, as the source article
defines it; it equals the undiscounted DCG only under linear gain. Tied model scores
follow a named tie policy from the registry (``_registry.TIES``, with the references);
"average" is the tie-averaged DCG that scikit-learn also uses.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, TypeAlias

import numpy as np
import pandas as pd

from ndcg_core._kernels import gains_used, group_ids, group_starts, ndcg_ratio, rank_order
from ndcg_core._registry import discount_weights, gain_values
from ndcg_core._validate import as_numbers, check_gain_fits, check_options

if TYPE_CHECKING:
    from numpy.typing import ArrayLike

STEP_COLUMNS = (
    "rank",
    "item",
    "relevance",
    "score",
    "tie_group",
    "gain",
    "gain_used",
    "discount",
    "discounted_gain",
    "cg",
    "dcg",
    "idcg",
    "ndcg",
    "in_cutoff",
)
IDEAL_COLUMNS = ("rank", "item", "relevance", "gain", "discount", "discounted_gain", "cg", "idcg", "in_cutoff")

_Columns: TypeAlias = "dict[str, np.ndarray | list[str]]"  # a step table: column name -> values, one per rank


def _running_dcg(gains: np.ndarray, discounts: np.ndarray) -> np.ndarray:
    """Running DCG: DCG@i for i = 1..len(gains). With all discounts 1 it sums the gains: CG under linear gain only."""
    return np.cumsum(gains * discounts[: len(gains)])


def _at(running: np.ndarray, k: int | None) -> float:
    """Value of a running sum at cut-off k (the whole list when k is None or larger)."""
    if len(running) == 0:
        return 0.0
    i = len(running) if k is None else min(k, len(running))
    return float(running[i - 1])


@dataclass(frozen=True)
class RankingScore:
    """nDCG of one ranking, with the step tables of the actual and the ideal order."""

    dcg: float
    idcg: float
    ndcg: float
    k: int | None
    gain: str
    discount: str
    discount_base: float  # the log base of the "log" and "jarvelin" discounts (2 for "log2"), so labels can name it
    ties: str
    order: tuple[int, ...]
    tie_group_sizes: tuple[int, ...]
    _steps: _Columns = field(repr=False, compare=False)
    _ideal: _Columns = field(repr=False, compare=False)

    @property
    def idcg_is_zero(self) -> bool:
        """True when no item of the ideal pool (the listed items, or every judged item when
        ``ideal_pool`` is given) has a positive grade: IDCG is 0 and nDCG is 0 by convention.
        In pool mode the listed items can all be graded 0 while IDCG > 0."""
        return self.idcg == 0.0

    @property
    def has_ties(self) -> bool:
        """True when two or more listed items share a model score."""
        return any(size > 1 for size in self.tie_group_sizes)

    @cached_property
    def _steps_frame(self) -> pd.DataFrame:
        return pd.DataFrame(self._steps, columns=list(STEP_COLUMNS))

    @cached_property
    def _ideal_frame(self) -> pd.DataFrame:
        return pd.DataFrame(self._ideal, columns=list(IDEAL_COLUMNS))

    @property
    def steps(self) -> pd.DataFrame:
        """One row per ranked position: grade, gain, discount and the running CG, DCG, IDCG, nDCG."""
        return self._steps_frame.copy()

    @property
    def ideal_steps(self) -> pd.DataFrame:
        """One row per position of the ideal order (the pool sorted by gain, descending)."""
        return self._ideal_frame.copy()

    def column(self, name: str, ideal: bool = False) -> np.ndarray:
        """A read-only view of one step column, without building a DataFrame."""
        arr = np.asarray((self._ideal if ideal else self._steps)[name])
        arr.flags.writeable = False
        return arr


def _check_labels(labels: Iterable[object] | None, n: int, name: str) -> list[str]:
    if labels is None:
        return [str(i + 1) for i in range(n)]
    texts = [str(x) for x in labels]
    if len(texts) != n:
        raise ValueError(f"{name} has {len(texts)} entries but there are {n} grades")
    return texts


def _check_pool_covers(rel: np.ndarray, pool: np.ndarray) -> None:
    """The pool holds every judged item, so it must contain each listed positive grade."""
    missing = Counter(float(x) for x in rel if x > 0) - Counter(float(x) for x in pool if x > 0)
    if missing:
        grade = min(missing)
        i = int(np.argmax(rel == grade))
        raise ValueError(
            f"ideal_pool lacks relevance[{i}] = {grade!r}; the pool must hold every judged item, listed or not"
        )


@dataclass(frozen=True)
class _Inputs:
    """The checked inputs of score_ranking: grades and scores in input order, the ideal pool, their labels."""

    rel: np.ndarray
    scores: np.ndarray | None
    names: list[str]
    pool: np.ndarray
    pool_names: list[str]


def _inputs(
    rel: np.ndarray,
    scores: ArrayLike | None,
    ideal_pool: ArrayLike | None,
    labels: Iterable[object] | None,
    pool_labels: Iterable[object] | None,
    gain: str,
) -> _Inputs:
    """Check the rest of the inputs around the checked grades ``rel`` (the options are checked already)."""
    check_gain_fits(rel, gain, lambda i: f"relevance[{i}] = {float(rel[i])!r}")
    names = _check_labels(labels, len(rel), "labels")
    sc = None
    if scores is not None:
        sc = as_numbers(scores, "scores", nonnegative=False)
        if len(sc) != len(rel):
            raise ValueError(f"scores has {len(sc)} entries but relevance has {len(rel)}")
    if ideal_pool is None:
        return _Inputs(rel, sc, names, rel, names)
    pool = as_numbers(ideal_pool, "ideal_pool", nonnegative=True)
    _check_pool_covers(rel, pool)
    check_gain_fits(pool, gain, lambda i: f"ideal_pool[{i}] = {float(pool[i])!r}")
    return _Inputs(rel, sc, names, pool, _check_labels(pool_labels, len(pool), "pool_labels"))


@dataclass(frozen=True)
class _Kernel:
    """The ranked list and the ideal order, with their gains, discounts and running DCG."""

    order: np.ndarray  # input index at each rank
    groups: np.ndarray  # 0-based tie group at each rank
    ranked_gains: np.ndarray
    used: np.ndarray  # the gain each rank counts under the tie policy
    ideal_idx: np.ndarray  # pool index at each rank of the ideal order
    ideal_gains: np.ndarray
    disc: np.ndarray  # discounts of ranks 1 .. max(list, pool)
    running_dcg: np.ndarray
    running_idcg: np.ndarray


def _kernel(x: _Inputs, gain: str, discount: str, discount_base: float, ties: str) -> _Kernel:
    """Rank the list by score under the tie policy, order the pool ideally, and run DCG and IDCG."""
    n = len(x.rel)
    gains = gain_values(x.rel, gain)
    if x.scores is None:
        order, groups = np.arange(n), np.arange(n)
    else:
        order = rank_order(x.scores, gains, ties)
        groups = group_ids(group_starts(x.scores[order]))
    ranked_gains = gains[order]
    used = gains_used(ranked_gains, groups, ties)
    pool_gains = gain_values(x.pool, gain)
    ideal_idx = np.argsort(-pool_gains, kind="stable")
    ideal_gains = pool_gains[ideal_idx]
    disc = discount_weights(max(n, len(x.pool)), discount, discount_base)
    running = (_running_dcg(used, disc), _running_dcg(ideal_gains, disc))
    return _Kernel(order, groups, ranked_gains, used, ideal_idx, ideal_gains, disc, *running)


def _tables(x: _Inputs, r: _Kernel, k: int | None) -> tuple[_Columns, _Columns]:
    """The step tables of the ranked list and of the ideal order, as dicts of columns."""
    n, m = len(x.rel), len(x.pool)
    ranks = np.arange(1, max(n, m) + 1)
    cut = ranks <= (k if k is not None else len(ranks))
    idcg_at = r.running_idcg[np.minimum(ranks[:n], m) - 1] if m else np.zeros(n)  # empty pool: nothing judged
    steps: _Columns = {
        "rank": ranks[:n],
        "item": [x.names[i] for i in r.order],
        "relevance": x.rel[r.order],
        "score": x.scores[r.order] if x.scores is not None else np.full(n, np.nan),
        "tie_group": r.groups + 1,
        "gain": r.ranked_gains,
        "gain_used": r.used,
        "discount": r.disc[:n],
        "discounted_gain": r.used * r.disc[:n],
        "cg": np.cumsum(x.rel[r.order]),
        "dcg": r.running_dcg,
        "idcg": idcg_at,
        "ndcg": ndcg_ratio(r.running_dcg, idcg_at),
        "in_cutoff": cut[:n],
    }
    ideal: _Columns = {
        "rank": ranks[:m],
        "item": [x.pool_names[i] for i in r.ideal_idx],
        "relevance": x.pool[r.ideal_idx],
        "gain": r.ideal_gains,
        "discount": r.disc[:m],
        "discounted_gain": r.ideal_gains * r.disc[:m],
        "cg": np.cumsum(x.pool[r.ideal_idx]),
        "idcg": r.running_idcg,
        "in_cutoff": cut[:m],
    }
    return steps, ideal


def score_ranking(
    relevance: ArrayLike,
    scores: ArrayLike | None = None,
    *,
    k: int | None = None,
    gain: str = "exponential",
    discount: str = "log2",
    ideal_pool: ArrayLike | None = None,
    ties: str = "average",
    labels: Iterable[object] | None = None,
    pool_labels: Iterable[object] | None = None,
    discount_base: float = 2.0,
) -> RankingScore:
    """nDCG@k of one list of graded items, with CG, DCG and IDCG step tables.

    DCG@k is the sum over ranks i <= k of gain(grade_i) x discount(i); IDCG@k is the
    same sum over the ideal order, and nDCG@k = DCG@k / IDCG@k (0 when IDCG is 0, and
    capped at 1 so that rounding never shows more).

    The default gain is exponential, while scikit-learn's ``ndcg_score`` and trec_eval
    use the grade itself: pass ``gain="linear"`` to get their numbers.

    Parameters
    ----------
    relevance : sequence of float
        Grades (>= 0) of the listed items: in ranked order, or in any order when
        ``scores`` is given.
    scores : sequence of float, optional
        Model scores, one per item. Items are then ranked by descending score, and equal
        scores follow ``ties``. None means ``relevance`` is already in ranked order.
    k : int, optional
        Cut-off: only ranks 1..k count, in DCG and IDCG alike. None means the whole list.
    gain : {"exponential", "linear"}, default "exponential"
        ``"exponential"`` counts 2^grade - 1, ``"linear"`` the grade itself (the gain of
        scikit-learn and trec_eval).
    discount : {"log2", "log", "jarvelin", "reciprocal", "none"}, default "log2"
        Weight of each rank; see ``discount_weights``.
    ideal_pool : sequence of float, optional
        Grade of every judged item, listed or not (trec_eval's ideal). It must hold every
        positive listed grade. None means the listed items. With ``k=None`` IDCG then
        runs over the whole pool, which may be longer than the list (trec_eval's uncut
        ``ndcg``), not over the listed length.
    ties : {"average", "optimistic", "pessimistic", "stable"}, default "average"
        Used only when ``scores`` is given. Tie policy for equal scores: each member counts the tie group's mean gain
        (``"average"``, as scikit-learn), or the group is ordered by grade, highest first
        (``"optimistic"``) or lowest first (``"pessimistic"``), or in input order (``"stable"``).
    labels : sequence, optional
        Names of the listed items for the step table; default "1", "2", ... in input order.
    pool_labels : sequence, optional
        Names of the ``ideal_pool`` items for the ideal table.
    discount_base : float, default 2.0
        Log base of the ``"log"`` and ``"jarvelin"`` discounts; a finite number > 1. The
        other discounts ignore it.

    Returns
    -------
    RankingScore
        ``dcg``, ``idcg`` and ``ndcg`` at the cut-off, the ranked ``order`` (input
        indices), the tie group sizes, and the ``steps`` and ``ideal_steps`` tables with
        the running CG, DCG, IDCG and nDCG at every rank.

    Raises
    ------
    ValueError
        If ``relevance`` is empty, a grade is negative or not a finite number, a grade is
        too large for the exponential gain, ``scores``, ``labels`` or ``pool_labels`` has
        the wrong length, ``ideal_pool`` lacks a listed grade, an option is unknown or
        out of range, or DCG overflows.

    See Also
    --------
    evaluate_run : nDCG of every query of a run at once.

    Examples
    --------
    The worked example: items graded 1, 3, 2, shown in that order.

    >>> r = score_ranking([1, 3, 2], k=3)
    >>> round(r.dcg, 4), round(r.idcg, 4), round(r.ndcg, 4)
    (6.9165, 9.3928, 0.7364)

    Ranked by model scores, with linear gain:

    >>> r = score_ranking([1, 3, 2], [0.5, 0.8, 0.2], gain="linear")
    >>> r.order, round(r.ndcg, 4)
    ((1, 0, 2), 0.9725)

    Tied items graded 3 and 0 each count the mean gain (7 + 0) / 2 under ``ties="average"``:

    >>> score_ranking([3, 0], [1.0, 1.0]).steps["gain_used"].tolist()
    [3.5, 3.5]
    """
    rel = as_numbers(relevance, "relevance", nonnegative=True)
    if len(rel) == 0:
        raise ValueError("relevance is empty; give at least one graded item")
    k = check_options(k=k, gain=gain, discount=discount, discount_base=discount_base, ties=ties).k
    x = _inputs(rel, scores, ideal_pool, labels, pool_labels, gain)
    r = _kernel(x, gain, discount, discount_base, ties)
    dcg, idcg = _at(r.running_dcg, k), _at(r.running_idcg, k)
    if not (np.isfinite(dcg) and np.isfinite(idcg)):
        raise ValueError("grades are too large: DCG overflows to infinity")
    steps, ideal = _tables(x, r, k)
    return RankingScore(
        dcg=dcg,
        idcg=idcg,
        ndcg=float(ndcg_ratio(dcg, idcg)),
        k=k,
        gain=gain,
        discount=discount,
        discount_base=float(discount_base),
        ties=ties,
        order=tuple(int(i) for i in r.order),
        tie_group_sizes=tuple(int(c) for c in np.bincount(r.groups)),
        _steps=steps,
        _ideal=ideal,
    )
