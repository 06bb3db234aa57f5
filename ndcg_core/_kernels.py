"""The steps of nDCG that ``score_ranking`` (one list) and ``evaluate_run`` (many queries) share.

Each works on flat arrays, so one list and a whole run sorted query by query use the
same code: ranking by score under a tie policy, finding groups of equal neighbours,
averaging gains inside tie groups, and DCG / IDCG with the IDCG = 0 convention.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ndcg_core._registry import TIES

if TYPE_CHECKING:
    from numpy.typing import ArrayLike


def rank_order(scores: np.ndarray, gains: np.ndarray, ties: str, *, exact: bool = True) -> np.ndarray:
    """Indices of ``scores`` by descending score, equal scores ordered by the tie policy's key.

    Sorting by the secondary key first and then stably by score gives the lexicographic
    order. With ``exact=False`` the caller only needs the DCG, so items the policy cannot
    tell apart (the whole tie group when it averages, equal keys otherwise) may come in
    any order, which allows NumPy's faster unstable sorts.
    """
    policy = TIES[ties]
    key = policy.key(gains)
    if key is None:
        return np.argsort(-scores, kind=None if policy.averages and not exact else "stable")
    by_key = np.argsort(key, kind="stable" if exact else None)
    return by_key[np.argsort(-scores[by_key], kind="stable")]


def group_starts(sorted_values: np.ndarray, within: np.ndarray | None = None) -> np.ndarray:
    """True where a group of equal neighbours begins: the first row and every change of value.

    ``within`` marks the starts of enclosing groups (queries), which start a group too.
    """
    out = np.empty(len(sorted_values), dtype=bool)
    out[:1] = True
    np.not_equal(sorted_values[1:], sorted_values[:-1], out=out[1:])
    if within is not None:
        out |= within
    return out


def group_ids(starts: np.ndarray) -> np.ndarray:
    """0-based group number of each row, from the group starts."""
    ids = np.cumsum(starts)
    ids -= 1
    return ids


def gains_used(ranked_gains: np.ndarray, tie_groups: np.ndarray, ties: str) -> np.ndarray:
    """Gain each ranked position counts: its own, or its tie group's mean when the policy averages."""
    if not TIES[ties].averages or len(tie_groups) == 0 or tie_groups[-1] == len(tie_groups) - 1:
        return ranked_gains  # nothing to average: no tie group has two members
    means: np.ndarray = (np.bincount(tie_groups, weights=ranked_gains) / np.bincount(tie_groups))[tie_groups]
    return means


def ndcg_ratio(dcg: ArrayLike, idcg: ArrayLike) -> np.ndarray:
    """DCG / IDCG, 0 where IDCG is 0 (nothing relevant: nDCG 0 by convention), at most 1 despite rounding."""
    out = np.zeros(np.shape(dcg), dtype=float)
    np.divide(dcg, idcg, out=out, where=np.asarray(idcg) > 0)
    np.minimum(out, 1.0, out=out)
    return out
