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


def _runs_of_equal(text: pd.Series) -> tuple[pd.Series, np.ndarray | None]:
    """The first value of each run of equal neighbours, and the run lengths.

    Runs and qrels list a query's rows together, so factorizing one value per run is far
    cheaper than factorizing every row. Only Arrow-backed text compares fast enough for this.
    """
    dtype = text.dtype
    if len(text) < 2 or not (isinstance(dtype, pd.StringDtype) and dtype.storage == "pyarrow") or text.hasnans:
        return text, None
    arr = text.array
    first = np.ones(len(text), dtype=bool)
    first[1:] = np.asarray(arr[1:] != arr[:-1], dtype=bool)
    heads = np.flatnonzero(first)
    if len(heads) > len(text) // 4:  # not grouped: gathering the heads would cost more than it saves
        return text, None
    return text.iloc[heads], np.diff(heads, append=len(text))


def _codes(
    column: str, run: pd.DataFrame, qrels: pd.DataFrame, *, grouped: bool
) -> tuple[np.ndarray, np.ndarray, pd.Index]:
    """Codes of one id column of the run and of the qrels over a shared vocabulary, and the vocabulary.

    Ids are compared as text, so 7 and "7" are the same id. A missing id is refused.
    ``grouped`` says the column usually lists equal ids together (query ids do, doc ids do
    not), so that factorizing one value per run of equal ids is worth trying.
    """
    parts = [
        _runs_of_equal(text) if grouped else (text, None) for text in (df[column].astype(str) for df in (run, qrels))
    ]
    codes, uniques = pd.factorize(pd.concat([p[0] for p in parts], ignore_index=True), sort=False)
    out, start = [], 0
    for (heads, lengths), (df, name) in zip(parts, ((run, "run"), (qrels, "qrels")), strict=True):
        c = codes[start : start + len(heads)]
        start += len(heads)
        out.append(c if lengths is None else np.repeat(c, lengths))
        if len(out[-1]) and out[-1].min() < 0:
            i = int(np.argmax(out[-1] < 0))
            where = "" if column == "query_id" else f" (query {df['query_id'].iloc[i]!r})"
            raise ValueError(f"{name} row {i} has no {column}{where}")
    return out[0], out[1], uniques


def _stable_order(key: np.ndarray, key_max: int, *, consume: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """Stable sort of non-negative integer keys: the row order and the sorted keys.

    When key and row index fit in 63 bits together, one ``np.sort`` of (key << bits) | row
    does it: NumPy sorts plain integers several times faster than it argsorts them.
    ``consume=True`` lets it overwrite an int64 ``key`` that the caller no longer needs.
    """
    n = len(key)
    bits = max(n - 1, 1).bit_length()
    if int(key_max).bit_length() + bits > 63:
        order = np.argsort(key, kind="stable")
        return order, key[order]
    packed = key.astype(np.int64, copy=not consume)
    packed <<= bits
    packed |= np.arange(n, dtype=np.int64)
    packed.sort()
    keys = packed >> bits
    packed &= (1 << bits) - 1
    return packed, keys


def _group_rank(codes: np.ndarray, size: int, within: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Rows grouped by ``codes`` keeping the order ``within`` inside each group, and their codes."""
    pos, grouped = _stable_order(codes[within], size, consume=True)
    return within[pos], grouped


def _join(
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
    order, pair = _stable_order(both, 2 * key_max + 1, consume=True)
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


def _pair_keys(q: np.ndarray, d: np.ndarray, width: int) -> np.ndarray:
    """One integer per (query, doc) pair: q * width + d."""
    key = q.astype(np.int64)
    key *= width
    key += d
    return key


def _starts(sorted_codes: np.ndarray) -> np.ndarray:
    """True where a new group begins in a sorted code array."""
    out = np.ones(len(sorted_codes), dtype=bool)
    out[1:] = sorted_codes[1:] != sorted_codes[:-1]
    return out


def _rank_in_group(starts: np.ndarray) -> np.ndarray:
    """0-based position of each row within its group, given the group starts."""
    idx = np.arange(len(starts))
    first = np.where(starts, idx, 0)
    np.maximum.accumulate(first, out=first)
    idx -= first
    return idx


def _group_sums(keys: np.ndarray, weights: np.ndarray, size: int) -> np.ndarray:
    # astype: NumPy's bincount returns integers when given no rows at all, even with float weights.
    return np.bincount(keys, weights=weights, minlength=size).astype(float, copy=False)


@dataclass(frozen=True)
class _QueryBlocks:
    """The layout of a run that lists each query's rows in one contiguous block, as TREC run files do.

    ``starts`` and ``lengths`` are each block's first row and row count, in run order;
    ``depth`` is the longest block.
    """

    starts: np.ndarray
    lengths: np.ndarray
    depth: int

    @classmethod
    def find(cls, rq: np.ndarray, n_queries: int) -> _QueryBlocks | None:
        """The blocks of a run from its per-row query codes, or None when some query's rows are split up.

        ``n_queries`` is how many distinct queries the run has: the layout is contiguous
        exactly when the query code changes that many times along the rows (counting row 0).
        """
        heads = np.flatnonzero(_starts(rq))
        if len(heads) == 0 or len(heads) != n_queries:
            return None
        lengths = np.diff(heads, append=len(rq))
        return cls(starts=heads, lengths=lengths, depth=int(lengths.max()))

    def matrix(self, values: np.ndarray, fill) -> np.ndarray:
        """A per-row array laid out as one block per line, (blocks x depth).

        When every block is ``depth`` rows long this is a reshaped view, no copy. Otherwise
        short lines are padded with ``fill``: a scalar, or one value per column.
        """
        n_blocks = len(self.lengths)
        if (self.lengths == self.depth).all():
            return values.reshape(n_blocks, self.depth)
        out = np.empty((n_blocks, self.depth), dtype=values.dtype)
        out[:] = fill
        line = np.repeat(np.arange(n_blocks), self.lengths)
        column = np.arange(len(values)) - np.repeat(self.starts, self.lengths)
        out[line, column] = values
        return out


def _top_k_rows(scores: np.ndarray, rq: np.ndarray, rd: np.ndarray, n_queries: int, k: int) -> np.ndarray | None:
    """Indices of the run rows that can reach the top k of their query, or None to keep every row.

    Let t be the k-th largest score of a query. Fewer than k of its rows score above t, so
    they are all in the top k; the rows scoring exactly t are the tie group straddling the
    cut, kept whole because "average" counts the group's mean gain (and the other policies
    pick their top-k members from it). Rows scoring below t rank after at least k rows under
    every tie policy, so they add nothing to DCG@k and can be dropped before the join and
    the ranking. This is exact: the kept rows get the same ranks, gains and tie groups.

    t comes cheaply from one ``np.partition`` of a (queries x depth) score matrix, which
    needs each query's rows to be contiguous. None (keep every row, the general path) when
    they are not, when no query is deeper than k, when the matrix would hold more than twice
    as many cells as the run has rows (very ragged depths), or when a query lists a doc twice
    (the general path then raises its usual error).
    """
    # 1. The layout: one contiguous block of rows per query, not too ragged, deeper than k somewhere.
    blocks = _QueryBlocks.find(rq, n_queries)
    if blocks is None or blocks.depth <= k or len(blocks.lengths) * blocks.depth > 2 * len(rq):
        return None

    # 2. Duplicates: the join only sees the kept rows, so look for a doc listed twice in a query
    # over all rows here. Sorting each block's doc codes puts repeats side by side; padding gets
    # distinct negative codes (-1, -2, ...) so that it never looks like a repeat.
    docs = np.sort(blocks.matrix(rd, fill=-1 - np.arange(blocks.depth)), axis=1)
    if (docs[:, 1:] == docs[:, :-1]).any():
        return None
    del docs

    # 3. t of each block: after partitioning, column depth - k holds the k-th largest score.
    # Padding is -inf, so a block shorter than k gets t = -inf and keeps every row.
    cut = blocks.depth - k
    threshold = np.partition(blocks.matrix(scores, fill=-np.inf), cut, axis=1)[:, cut]

    # 4. The rows scoring at least their block's t, in run order.
    return np.flatnonzero(scores >= np.repeat(threshold, blocks.lengths))


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

    rq, qq, queries = _codes("query_id", run, qrels, grouped=True)
    rd, qd, _ = _codes("doc_id", run, qrels, grouped=False)
    queries = np.asarray(queries)
    nq = len(queries)
    n_ret = np.bincount(rq, minlength=nq)
    max_len = int(n_ret.max(initial=0))  # the longest ranking, which sizes the discounts

    # With a cut-off, only the rows that can reach a query's top k matter from here on.
    if k is not None:
        keep = _top_k_rows(scores, rq, rd, int(np.count_nonzero(n_ret)), k)
        if keep is not None:
            scores, rq, rd = scores[keep], rq[keep], rd[keep]
            del keep

    # Grade of each run row: its (query, doc) pair among the qrels pairs (0 when unjudged).
    width = int(max(rd.max(initial=0), qd.max(initial=0))) + 1
    qgain = gain_values(rel, gain)
    run_gain = _join(_pair_keys(qq, qd, width), _pair_keys(rq, rd, width), nq * width, qgain, run, qrels)
    del rd, qd

    # Rank the run within each query by descending score, ties by the chosen policy. Sorting
    # by the minor key first and then stably by the major one gives the lexicographic order.
    if ties == "average":
        by_score = np.argsort(-scores)  # order inside a tie does not matter: its gains are averaged
    elif ties == "stable":
        by_score = np.argsort(-scores, kind="stable")
    else:
        by_gain = np.argsort(-run_gain if ties == "optimistic" else run_gain)
        by_score = by_gain[np.argsort(-scores[by_gain], kind="stable")]
        del by_gain
    order, oq = _group_rank(rq, nq, by_score)
    del by_score, rq
    og = run_gain[order]
    qstart = _starts(oq)
    if ties == "average":
        # Tie groups: runs of equal score inside a query; each member counts the group's mean gain.
        os_ = scores[order]
        gstart = qstart.copy()
        gstart[1:] |= os_[1:] != os_[:-1]
        del os_
        gid = np.cumsum(gstart)
        gid -= 1
        og = (np.bincount(gid, weights=og) / np.bincount(gid))[gid]
        del gid, gstart
    del order
    rank = _rank_in_group(qstart)

    # The ideal of each query: its judged gains, descending.
    iorder, iq = _group_rank(qq, nq, np.argsort(-qgain))
    igain = qgain[iorder]
    irank = _rank_in_group(_starts(iq))

    disc = discount_weights(max(max_len, int(irank.max(initial=-1)) + 1, 1), "log2")
    if k is not None:
        disc[k:] = 0.0
    og *= disc[rank]
    del rank
    dcg = _group_sums(oq, og, nq)
    idcg = _group_sums(iq, igain * disc[irank], nq)
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
