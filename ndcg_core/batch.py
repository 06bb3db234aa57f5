"""nDCG over many queries of a run at once, vectorized with NumPy.

The ideal of each query is every judged document of that query (trec_eval's pool);
run documents missing from the qrels count as relevance 0. Ties in score follow the
same named policies as ``score_ranking``.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from ndcg_core._registry import (
    EMPTY,
    GAINS,
    MAX_EXPONENTIAL_RELEVANCE,
    TIES,
    check_choice,
    discount_weights,
    gain_values,
)
from ndcg_core._validate import check_k

RUN_COLUMNS = ("query_id", "doc_id", "score")
QRELS_COLUMNS = ("query_id", "doc_id", "relevance")


@dataclass(frozen=True)
class RunEvaluation:
    """Per-query nDCG of a run, and its mean under the chosen policy for empty queries."""

    per_query: pd.DataFrame
    mean: float
    k: int | None
    gain: str
    ties: str
    empty: str


def _check_frame(df, columns: tuple[str, ...], name: str) -> None:
    if not isinstance(df, pd.DataFrame):
        raise ValueError(f"{name} must be a DataFrame with columns {', '.join(columns)}")
    missing = [c for c in columns if c not in df.columns]
    if missing:
        raise ValueError(f"{name} lacks column(s) {', '.join(missing)}")


def _numeric_column(df: pd.DataFrame, col: str, name: str, *, nonnegative: bool) -> np.ndarray:
    """A column as floats, or ValueError naming the first bad value and its query id."""
    raw = df[col]
    values = pd.to_numeric(raw, errors="coerce").to_numpy(dtype=float, na_value=np.nan)
    bad = ~np.isfinite(values)
    if nonnegative:
        bad |= values < 0
    if bad.any():
        i = int(np.argmax(bad))
        what = "negative" if np.isfinite(values[i]) else "not a finite number"
        raise ValueError(
            f"{name} {col} {raw.iloc[i]!r} for query {df['query_id'].iloc[i]!r}, "
            f"doc {df['doc_id'].iloc[i]!r} (row {i}) is {what}"
        )
    return values


def _codes(*columns: pd.Series) -> tuple[list[np.ndarray], np.ndarray]:
    """Factorize several columns over one shared vocabulary: integer codes and the uniques."""
    joined = pd.concat([c.astype(str) for c in columns], ignore_index=True)
    codes, uniques = pd.factorize(joined, sort=False)
    out, start = [], 0
    for c in columns:
        out.append(codes[start : start + len(c)])
        start += len(c)
    return out, np.asarray(uniques)


def _small_ints(codes: np.ndarray, size: int) -> np.ndarray:
    """Codes in the narrowest integer type: NumPy's stable sort is a radix sort up to 16 bits."""
    return codes.astype(np.uint16 if size <= 1 << 16 else np.int64, copy=False)


def _group_rank(codes: np.ndarray, size: int, within: np.ndarray) -> np.ndarray:
    """Row order grouped by ``codes`` (stable), keeping the order ``within`` inside each group."""
    return within[np.argsort(_small_ints(codes, size)[within], kind="stable")]


def _join(qkey: np.ndarray, rkey: np.ndarray, run: pd.DataFrame, qrels: pd.DataFrame) -> np.ndarray:
    """Qrels row of each run row (-1 when unjudged), refusing a (query, doc) pair listed twice.

    One sort of both key sets: doubling the keys and adding 1 for run rows puts a judged
    pair right before its run row, and any other equal neighbours are duplicates.
    """
    nq = len(qkey)
    both = np.concatenate([qkey, rkey]) * 2
    both[nq:] += 1
    order = np.argsort(both)
    pair = both[order] >> 1
    from_run = order >= nq
    same = pair[1:] == pair[:-1]
    dup = same & (from_run[1:] == from_run[:-1])
    if dup.any():
        for in_run, df, name, offset in ((True, run, "run", nq), (False, qrels, "qrels", 0)):
            hits = dup & (from_run[1:] == in_run)
            if hits.any():
                i = int(np.maximum(order[:-1][hits], order[1:][hits]).min()) - offset
                raise ValueError(
                    f"{name} has doc {df['doc_id'].iloc[i]!r} twice for query {df['query_id'].iloc[i]!r} (row {i})"
                )
    judged = np.flatnonzero(same & ~from_run[:-1])  # from_run[p + 1] holds: no duplicates are left
    row = np.full(len(rkey), -1, dtype=np.int64)
    row[order[judged + 1] - nq] = order[judged]
    return row


def _starts(sorted_codes: np.ndarray) -> np.ndarray:
    """True where a new group begins in a sorted code array."""
    out = np.ones(len(sorted_codes), dtype=bool)
    out[1:] = sorted_codes[1:] != sorted_codes[:-1]
    return out


def _rank_in_group(starts: np.ndarray) -> np.ndarray:
    """0-based position of each row within its group, given the group starts."""
    idx = np.arange(len(starts))
    return idx - np.maximum.accumulate(np.where(starts, idx, 0))


def _group_sums(keys: np.ndarray, weights: np.ndarray, size: int) -> np.ndarray:
    return np.bincount(keys, weights=weights, minlength=size)


def evaluate_run(
    run: pd.DataFrame,
    qrels: pd.DataFrame,
    *,
    k: int | None = None,
    gain: str = "exponential",
    ties: str = "average",
    empty: str = "zero",
) -> RunEvaluation:
    """nDCG@k of every query in ``run`` against ``qrels``, and their mean.

    ``run`` has columns query_id, doc_id, score; ``qrels`` has query_id, doc_id,
    relevance. Queries with no relevant judged document count as 0 (``empty="zero"``)
    or are left out of the mean (``"skip"``).
    """
    _check_frame(run, RUN_COLUMNS, "run")
    _check_frame(qrels, QRELS_COLUMNS, "qrels")
    k = check_k(k)
    check_choice("gain", gain, GAINS)
    check_choice("tie policy", ties, TIES)
    check_choice("empty-query policy", empty, EMPTY)
    scores = _numeric_column(run, "score", "run", nonnegative=False)
    rel = _numeric_column(qrels, "relevance", "qrels", nonnegative=True)
    if gain == "exponential" and len(rel) and rel.max() > MAX_EXPONENTIAL_RELEVANCE:
        i = int(np.argmax(rel > MAX_EXPONENTIAL_RELEVANCE))
        raise ValueError(
            f"qrels relevance {rel[i]!r} for query {qrels['query_id'].iloc[i]!r} is too large for exponential gain"
        )

    (rq, qq), queries = _codes(run["query_id"], qrels["query_id"])
    (rd, qd), _ = _codes(run["doc_id"], qrels["doc_id"])
    nq = len(queries)

    # Grade of each run row: its (query, doc) pair among the qrels pairs (0 when unjudged).
    width = int(max(rd.max(initial=0), qd.max(initial=0))) + 1
    judged_row = _join(qq.astype(np.int64) * width + qd, rq.astype(np.int64) * width + rd, run, qrels)
    qgain = gain_values(rel, gain)
    run_gain = np.where(judged_row >= 0, qgain[judged_row], 0.0) if len(qgain) else np.zeros(len(rq))

    # Rank the run within each query by descending score, ties by the chosen policy. Sorting
    # by the minor key first and then stably by the major one gives the lexicographic order.
    if ties == "average":
        by_score = np.argsort(-scores)  # order inside a tie does not matter: its gains are averaged
    elif ties == "stable":
        by_score = np.argsort(-scores, kind="stable")
    else:
        by_gain = np.argsort(-run_gain if ties == "optimistic" else run_gain)
        by_score = by_gain[np.argsort(-scores[by_gain], kind="stable")]
    order = _group_rank(rq, nq, by_score)
    oq, os_, og = rq[order], scores[order], run_gain[order]
    qstart = _starts(oq)
    rank = _rank_in_group(qstart)
    max_len = int(rank.max(initial=-1)) + 1

    # The ideal of each query: its judged gains, descending.
    iorder = _group_rank(qq, nq, np.argsort(-qgain))
    iq = qq[iorder]
    igain = qgain[iorder]
    irank = _rank_in_group(_starts(iq))

    disc = discount_weights(max(max_len, int(irank.max(initial=-1)) + 1, 1), "log2")
    if k is not None:
        disc[k:] = 0.0
    d = disc[rank]
    if ties == "average":
        gstart = qstart.copy()
        gstart[1:] |= os_[1:] != os_[:-1]
        gid = np.cumsum(gstart) - 1
        mean_gain = np.bincount(gid, weights=og) / np.bincount(gid)
        contrib = mean_gain[gid] * d
    else:
        contrib = og * d
    dcg = _group_sums(oq, contrib, nq)
    idcg = _group_sums(iq, igain * disc[irank], nq)
    n_ret = np.bincount(rq, minlength=nq)
    n_rel = np.bincount(qq, weights=(rel > 0).astype(float), minlength=nq).astype(int)

    in_run = n_ret > 0
    dcg, idcg, n_ret, n_rel, ids = dcg[in_run], idcg[in_run], n_ret[in_run], n_rel[in_run], queries[in_run]
    ndcg = np.zeros(len(dcg))
    np.divide(dcg, idcg, out=ndcg, where=idcg > 0)
    ndcg = np.minimum(ndcg, 1.0)
    per_query = pd.DataFrame(
        {"query_id": ids, "dcg": dcg, "idcg": idcg, "ndcg": ndcg, "n_retrieved": n_ret, "n_relevant": n_rel}
    )
    kept = ndcg if empty == "zero" else ndcg[idcg > 0]
    mean = float(kept.mean()) if len(kept) else float("nan")
    return RunEvaluation(per_query=per_query, mean=mean, k=k, gain=gain, ties=ties, empty=empty)
