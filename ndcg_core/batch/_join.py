"""The join of evaluate_run: each run row's gain from its judged (query, doc) pair, in one sort."""

from __future__ import annotations

import numpy as np
import pandas as pd

from ndcg_core.batch._sort import stable_order


def pair_keys(q: np.ndarray, d: np.ndarray, width: int) -> np.ndarray:
    """One integer per (query, doc) pair: q * width + d."""
    key = q.astype(np.int64)
    key *= width
    key += d
    return key


def join(
    qkey: np.ndarray, rkey: np.ndarray, key_max: int, qgain: np.ndarray, run: pd.DataFrame, qrels: pd.DataFrame
) -> np.ndarray:
    """Gain of each run row from its judged (query, doc) pair (0 when unjudged), refusing a pair listed twice.

    One sort of both key sets: doubling the keys and adding 1 for run rows puts a judged
    pair right before its run row, and any other equal neighbours are duplicates.
    """
    m = len(qkey)  # qrels rows come first, run rows after
    both = np.concatenate([qkey, rkey])
    both <<= 1
    both[m:] += 1
    order, pair = stable_order(both, 2 * key_max + 1, consume=True)
    del both
    pair >>= 1
    from_run = order >= m
    same = pair[1:] == pair[:-1]
    del pair
    dup = same & (from_run[1:] == from_run[:-1])
    if dup.any():
        for in_run, df, name, offset in ((True, run, "run", m), (False, qrels, "qrels", 0)):
            hits = dup & (from_run[1:] == in_run)
            if hits.any():
                i = int(np.maximum(order[:-1][hits], order[1:][hits]).min()) - offset
                raise ValueError(
                    f"{name} has doc {df['doc_id'].iloc[i]!r} twice for query {df['query_id'].iloc[i]!r} (row {i})"
                )
    judged = np.flatnonzero(same & ~from_run[:-1])  # from_run[p + 1] holds: no duplicates are left
    run_gain = np.zeros(len(rkey))
    run_gain[order[judged + 1] - m] = qgain[order[judged]]
    return run_gain


def join_unique_run(
    qkey: np.ndarray, rkey: np.ndarray, key_max: int, qgain: np.ndarray, run: pd.DataFrame, qrels: pd.DataFrame
) -> np.ndarray:
    """``join`` for run rows already known to hold each (query, doc) pair once: a hash lookup instead of a sort.

    The top-k shortcut has checked the run for repeated docs, so only the qrels need that
    check, which the hash table makes while it is built. Sorting both key sets together costs
    several times more on a large run (a sort's cost grows faster than its size once the keys
    leave the cache). A repeated qrels pair goes to ``join``, which names it.
    """
    table = pd.Index(qkey)
    if not table.is_unique:
        return join(qkey, rkey, key_max, qgain, run, qrels)
    at = table.get_indexer(rkey)
    run_gain = np.zeros(len(rkey))
    judged = np.flatnonzero(at >= 0)
    run_gain[judged] = qgain[at[judged]]
    return run_gain
