"""nDCG of one ranked list, with every intermediate step kept for display.

CG, DCG and IDCG are one kernel: running sums of gain x discount. IDCG is that kernel
run on the ideal order. Tied model scores follow a named tie policy; "average" is the
tie-averaged DCG of McSherry & Najork 2008, which scikit-learn also uses.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property

import numpy as np
import pandas as pd

from ndcg_core._registry import (
    DISCOUNTS,
    GAINS,
    MAX_EXPONENTIAL_RELEVANCE,
    TIES,
    check_choice,
    discount_weights,
    gain_values,
)
from ndcg_core._validate import as_numbers, check_k

STEP_COLUMNS = (
    "rank", "item", "relevance", "score", "tie_group", "gain", "gain_used", "discount",
    "discounted_gain", "cg", "dcg", "idcg", "ndcg", "in_cutoff",
)
IDEAL_COLUMNS = ("rank", "item", "relevance", "gain", "discount", "discounted_gain", "cg", "idcg", "in_cutoff")


def _rank_order(scores: np.ndarray | None, gains: np.ndarray, ties: str) -> tuple[np.ndarray, np.ndarray]:
    """Input indices in ranked order, and the tie group of each ranked position."""
    n = len(gains)
    if scores is None:
        return np.arange(n), np.arange(n)
    secondary = {"optimistic": -gains, "pessimistic": gains}.get(ties, np.arange(n))
    order = np.lexsort((secondary, -scores))
    ranked_scores = scores[order]
    starts = np.empty(n, dtype=bool)
    starts[:1] = True
    starts[1:] = ranked_scores[1:] != ranked_scores[:-1]
    return order, np.cumsum(starts) - 1


def _gains_used(ranked_gains: np.ndarray, groups: np.ndarray, ties: str) -> np.ndarray:
    """Gain each position counts: its own, or its tie group's mean under "average"."""
    if ties != "average" or len(groups) == 0 or groups[-1] == len(groups) - 1:
        return ranked_gains
    means = np.bincount(groups, weights=ranked_gains) / np.bincount(groups)
    return means[groups]


def _running_dcg(gains: np.ndarray, discounts: np.ndarray) -> np.ndarray:
    """Running DCG: DCG@i for i = 1..len(gains). With all discounts 1 this is CG."""
    return np.cumsum(gains * discounts[: len(gains)])


def _at(running: np.ndarray, k: int | None) -> float:
    """Value of a running sum at cut-off k (the whole list when k is None or larger)."""
    if len(running) == 0:
        return 0.0
    i = len(running) if k is None else min(k, len(running))
    return float(running[i - 1])


def _safe_ratio(num: np.ndarray, den: np.ndarray) -> np.ndarray:
    out = np.zeros(np.shape(num), dtype=float)
    np.divide(num, den, out=out, where=np.asarray(den) > 0)
    return np.minimum(out, 1.0)


@dataclass(frozen=True)
class RankingScore:
    """nDCG of one ranking, with the step tables of the actual and the ideal order."""

    dcg: float
    idcg: float
    ndcg: float
    k: int | None
    gain: str
    discount: str
    ties: str
    order: tuple[int, ...]
    tie_group_sizes: tuple[int, ...]
    _steps: dict = field(repr=False, compare=False)
    _ideal: dict = field(repr=False, compare=False)

    @property
    def idcg_is_zero(self) -> bool:
        """True when no item has a positive grade: nDCG is 0 by convention."""
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


def _check_labels(labels, n: int, name: str) -> list[str]:
    if labels is None:
        return [str(i + 1) for i in range(n)]
    labels = [str(x) for x in labels]
    if len(labels) != n:
        raise ValueError(f"{name} has {len(labels)} entries but there are {n} grades")
    return labels


def _check_pool_covers(rel: np.ndarray, pool: np.ndarray) -> None:
    """The pool holds every judged item, so it must contain each listed positive grade."""
    missing = Counter(float(x) for x in rel if x > 0) - Counter(float(x) for x in pool if x > 0)
    if missing:
        grade = min(missing)
        i = int(np.argmax(rel == grade))
        raise ValueError(
            f"ideal_pool lacks relevance[{i}] = {grade!r}; the pool must hold every judged item, listed or not"
        )


def score_ranking(
    relevance,
    scores=None,
    *,
    k: int | None = None,
    gain: str = "exponential",
    discount: str = "log2",
    ideal_pool=None,
    ties: str = "average",
    labels=None,
    pool_labels=None,
    discount_base: float = 2.0,
) -> RankingScore:
    """nDCG@k of one list of graded items, with CG, DCG and IDCG step tables.

    ``relevance`` is in ranked order unless ``scores`` is given; then items are ranked
    by descending score and tied scores follow ``ties``. ``ideal_pool`` holds the grade
    of every judged item (listed or not), as trec_eval's ideal; None means the listed
    items. IDCG = 0 gives nDCG = 0.
    """
    rel = as_numbers(relevance, "relevance", nonnegative=True)
    n = len(rel)
    if n == 0:
        raise ValueError("relevance is empty; give at least one graded item")
    k = check_k(k)
    check_choice("gain", gain, GAINS)
    check_choice("discount", discount, DISCOUNTS)
    check_choice("tie policy", ties, TIES)
    if gain == "exponential" and rel.max() > MAX_EXPONENTIAL_RELEVANCE:
        i = int(np.argmax(rel > MAX_EXPONENTIAL_RELEVANCE))
        raise ValueError(
            f"relevance[{i}] = {float(rel[i])!r} is too large for exponential gain "
            f"(at most {MAX_EXPONENTIAL_RELEVANCE:g})"
        )
    names = _check_labels(labels, n, "labels")
    sc = None
    if scores is not None:
        sc = as_numbers(scores, "scores", nonnegative=False)
        if len(sc) != n:
            raise ValueError(f"scores has {len(sc)} entries but relevance has {n}")
    if ideal_pool is None:
        pool, pool_names = rel, names
    else:
        pool = as_numbers(ideal_pool, "ideal_pool", nonnegative=True)
        _check_pool_covers(rel, pool)
        pool_names = _check_labels(pool_labels, len(pool), "pool_labels")

    gains = gain_values(rel, gain)
    order, groups = _rank_order(sc, gains, ties)
    ranked_gains = gains[order]
    used = _gains_used(ranked_gains, groups, ties)
    m = len(pool)
    disc = discount_weights(max(n, m), discount, discount_base)

    ideal_idx = np.argsort(-gain_values(pool, gain), kind="stable")
    ideal_gains = gain_values(pool, gain)[ideal_idx]
    running_dcg = _running_dcg(used, disc)
    running_idcg = _running_dcg(ideal_gains, disc)
    dcg, idcg = _at(running_dcg, k), _at(running_idcg, k)
    if not (np.isfinite(dcg) and np.isfinite(idcg)):
        raise ValueError("grades are too large: DCG overflows to infinity")
    ndcg = min(dcg / idcg, 1.0) if idcg > 0 else 0.0

    ranks = np.arange(1, max(n, m) + 1)
    cut = ranks <= (k if k is not None else len(ranks))
    idcg_at = running_idcg[np.minimum(ranks[:n], m) - 1] if m else np.zeros(n)  # empty pool: nothing judged
    steps = {
        "rank": ranks[:n],
        "item": [names[i] for i in order],
        "relevance": rel[order],
        "score": sc[order] if sc is not None else np.full(n, np.nan),
        "tie_group": groups + 1,
        "gain": ranked_gains,
        "gain_used": used,
        "discount": disc[:n],
        "discounted_gain": used * disc[:n],
        "cg": np.cumsum(rel[order]),
        "dcg": running_dcg,
        "idcg": idcg_at,
        "ndcg": _safe_ratio(running_dcg, idcg_at),
        "in_cutoff": cut[:n],
    }
    ideal = {
        "rank": ranks[:m],
        "item": [pool_names[i] for i in ideal_idx],
        "relevance": pool[ideal_idx],
        "gain": ideal_gains,
        "discount": disc[:m],
        "discounted_gain": ideal_gains * disc[:m],
        "cg": np.cumsum(pool[ideal_idx]),
        "idcg": running_idcg,
        "in_cutoff": cut[:m],
    }
    return RankingScore(
        dcg=dcg,
        idcg=idcg,
        ndcg=float(ndcg),
        k=k,
        gain=gain,
        discount=discount,
        ties=ties,
        order=tuple(int(i) for i in order),
        tie_group_sizes=tuple(int(c) for c in np.bincount(groups)),
        _steps=steps,
        _ideal=ideal,
    )
