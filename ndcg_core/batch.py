"""nDCG over many queries of a run at once, vectorized with NumPy.

The ideal of each query is every judged document of that query (trec_eval's pool);
run documents missing from the qrels count as relevance 0. Ties in score follow the
same named policies as ``score_ranking``.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from ndcg_core._registry import EMPTY, GAINS, MAX_EXPONENTIAL_RELEVANCE, TIES, check_choice, discount_weights, gain_values
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


def _check_unique(q: np.ndarray, d: np.ndarray, df: pd.DataFrame, name: str) -> None:
    key = q.astype(np.int64) * (int(d.max(initial=0)) + 1) + d
    order = np.argsort(key, kind="stable")
    dup = key[order][1:] == key[order][:-1]
    if dup.any():
        i = int(order[1:][dup][0])
        raise ValueError(
            f"{name} has doc {df['doc_id'].iloc[i]!r} twice for query {df['query_id'].iloc[i]!r} (row {i})"
        )


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
    _check_unique(rq, rd, run, "run")
    _check_unique(qq, qd, qrels, "qrels")
    nq = len(queries)

    # Relevance of each run row: look its (query, doc) key up among the sorted qrels keys.
    width = int(max(rd.max(initial=0), qd.max(initial=0))) + 1
    qkey = qq.astype(np.int64) * width + qd
    korder = np.argsort(qkey)
    skeys = qkey[korder]
    rkey = rq.astype(np.int64) * width + rd
    pos = np.minimum(np.searchsorted(skeys, rkey), max(len(skeys) - 1, 0))
    hit = (skeys[pos] == rkey) if len(skeys) else np.zeros(len(rkey), dtype=bool)
    run_gain = np.where(hit, gain_values(rel[korder][pos] if len(skeys) else np.zeros(len(rkey)), gain), 0.0)

    # Rank the run within each query by descending score, ties by the chosen policy.
    secondary = {"optimistic": -run_gain, "pessimistic": run_gain}.get(ties, np.arange(len(rq)))
    order = np.lexsort((secondary, -scores, rq))
    oq, os_, og = rq[order], scores[order], run_gain[order]
    n = len(order)
    qstart = np.ones(n, dtype=bool)
    qstart[1:] = oq[1:] != oq[:-1]
    first_row = np.maximum.accumulate(np.where(qstart, np.arange(n), 0))
    rank = np.arange(n) - first_row
    max_len = int(rank.max(initial=-1)) + 1

    qrank_order = np.lexsort((-gain_values(rel, gain), qq))
    iq = qq[qrank_order]
    igain = gain_values(rel, gain)[qrank_order]
    istart = np.ones(len(iq), dtype=bool)
    istart[1:] = iq[1:] != iq[:-1]
    irank = np.arange(len(iq)) - np.maximum.accumulate(np.where(istart, np.arange(len(iq)), 0))

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
