"""nDCG over many queries of a run at once, vectorized with NumPy.

The ideal of each query is every judged document of that query (trec_eval's pool);
run documents missing from the qrels count as relevance 0. Ties in score follow the
same named policies as ``score_ranking``.

With a cut-off k, and each query's rows listed together as in TREC run files, only the
rows that can reach a query's top k are joined with the qrels and ranked (``_top_k_rows``);
the others cannot change DCG@k.
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
    """A column as floats (maybe a read-only view), or ValueError naming the first bad value and its query id."""
    raw = df[col]
    if isinstance(raw.dtype, np.dtype) and raw.dtype.kind in "iuf":
        values = raw.to_numpy(dtype=float)  # plain NumPy numbers; float64 comes back as a read-only view
    else:
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
    import pyarrow as pa  # present whenever pandas stores text in Arrow
    import pyarrow.compute as pc

    # Row i + 1 starts a run when it differs from row i; Arrow lists those rows without a
    # row-sized boolean array on the NumPy side.
    arr = pa.array(text.array)
    changes = pc.indices_nonzero(pc.not_equal(arr[1:], arr[:-1])).to_numpy().astype(np.int64)
    if len(changes) >= len(text) // 4:  # not grouped: gathering the heads would cost more than it saves
        return text, None
    heads = np.concatenate([[0], changes + 1])
    return text.iloc[heads], np.diff(heads, append=len(text))


@dataclass(frozen=True)
class _Codes:
    """Integer codes of an id column, one per run of equal neighbouring ids.

    ``values[j]`` stands for ``lengths[j]`` consecutive rows; ``lengths`` is None when every
    value is one row. Runs are as long as possible: neighbouring runs hold different ids.
    """

    values: np.ndarray
    lengths: np.ndarray | None

    def per_row(self) -> np.ndarray:
        """One code per row."""
        return self.values if self.lengths is None else np.repeat(self.values, self.lengths)

    def counts(self, size: int) -> np.ndarray:
        """How many rows have each code 0 .. size - 1."""
        if self.lengths is None:
            return np.bincount(self.values, minlength=size)
        return np.bincount(self.values, weights=self.lengths, minlength=size).astype(np.int64)


def _codes(column: str, run: pd.DataFrame, qrels: pd.DataFrame, *, grouped: bool) -> tuple[_Codes, _Codes, pd.Index]:
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
        out.append(_Codes(c, lengths))
        if len(c) and c.min() < 0:  # only uncompressed columns can hold a missing id
            i = int(np.argmax(c < 0))
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

    ``starts`` and ``lengths`` are each block's first row and row count, in run order, and
    ``codes`` its query code; ``depth`` is the longest block.
    """

    starts: np.ndarray
    lengths: np.ndarray
    codes: np.ndarray
    depth: int

    @classmethod
    def find(cls, rq: _Codes, n_queries: int) -> _QueryBlocks | None:
        """The blocks of a run from its query codes, or None when some query's rows are split up.

        ``n_queries`` is how many distinct queries the run has: the layout is contiguous
        exactly when there are that many runs of equal query codes along the rows.
        """
        if rq.lengths is not None:  # already one value per run
            codes, lengths = rq.values, rq.lengths
            starts = np.cumsum(lengths) - lengths
        else:
            starts = np.flatnonzero(_starts(rq.values))
            codes, lengths = rq.values[starts], np.diff(starts, append=len(rq.values))
        if len(starts) == 0 or len(starts) != n_queries:
            return None
        return cls(starts=starts, lengths=lengths, codes=codes, depth=int(lengths.max()))

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

    def rows_of(self, lines: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The rows of the given blocks, block after block, and the position in ``lines`` of each row's block."""
        lengths = self.lengths[lines]
        which = np.repeat(np.arange(len(lines)), lengths)
        # Row i of the result is (start of its block) + (its offset inside the block).
        offset_in_block = np.arange(int(lengths.sum())) - np.repeat(np.cumsum(lengths) - lengths, lengths)
        return self.starts[lines][which] + offset_in_block, which


#: _KEEP_LAST[j] masks the j highest bytes of a little-endian uint64: the last j of the 8 bytes it was read from.
_KEEP_LAST = np.array([((1 << (8 * j)) - 1) << (64 - 8 * j) for j in range(9)], dtype=np.uint64)

#: Ids fingerprinted per slice: the slice's temporaries stay in cache and are reused, not fresh memory.
_FINGERPRINT_SLICE = 1 << 16


def _text_fingerprints(text: pd.Series) -> np.ndarray | None:
    """One uint32 per id: equal ids get equal values, different ids almost always different ones.

    The value is the id's last 8 bytes (its distinctive part in typical doc ids, which end in
    numbers) mixed with its length, read straight from the Arrow buffers: a few vectorized
    passes, several times cheaper than hashing every id. Ids that share their length and
    last 8 bytes collide, so equal values are only a hint, to be confirmed on the text.
    None unless ``text`` is Arrow-backed text without missing values.
    """
    dtype = text.dtype
    if not (isinstance(dtype, pd.StringDtype) and dtype.storage == "pyarrow") or text.hasnans or len(text) == 0:
        return None
    import pyarrow as pa  # present whenever pandas stores text in Arrow

    arr = pa.array(text.array)  # the column's Arrow data, no copy for a single chunk
    if isinstance(arr, pa.ChunkedArray):
        arr = arr.combine_chunks()
    if arr.type not in (pa.string(), pa.large_string()):
        return None
    _, offset_buffer, data_buffer = arr.buffers()
    offset_type = np.dtype(np.int64 if arr.type == pa.large_string() else np.int32)
    # Id i is bytes offsets[i]:offsets[i + 1] of the data buffer (a sliced array starts at arr.offset).
    offsets = np.frombuffer(
        offset_buffer, dtype=offset_type, count=len(arr) + 1, offset=arr.offset * offset_type.itemsize
    )
    first, last = int(offsets[0]), int(offsets[-1])

    # Step 1: the ids' bytes, behind 8 zero bytes so that a window ending inside the first id starts in the array.
    data = np.zeros(8 + last - first, dtype=np.uint8)
    if last > first:
        data[8:] = np.frombuffer(data_buffer, dtype=np.uint8, count=last - first, offset=first)

    # Step 2: every 8-byte window of ``data`` as one uint64, window w being bytes w .. w + 7: a view
    # with a stride of one byte, nothing copied.
    windows = np.ndarray(shape=(len(data) - 7,), dtype="<u8", buffer=data, strides=(1,))

    fingerprints = np.empty(len(arr), dtype=np.uint32)
    for lo in range(0, len(arr), _FINGERPRINT_SLICE):
        hi = min(lo + _FINGERPRINT_SLICE, len(arr))
        # Step 3: the window ending where each id ends. An id ending at buffer byte e ends at
        # byte e - first + 8 of ``data``, so its window starts at e - first.
        ends = offsets[lo + 1 : hi + 1] if first == 0 else offsets[lo + 1 : hi + 1] - first
        length = np.diff(offsets[lo : hi + 1])
        window = windows[ends]

        # Step 4: a short id's window also holds bytes of the id before it (or padding): keep
        # only its own last min(length, 8) bytes. Then mix in the length ("123456789" and
        # "23456789" share their last 8 bytes), spread over the bits by a large odd multiplier.
        window &= _KEEP_LAST[np.minimum(length, 8)]
        window ^= length.astype(np.uint64) * np.uint64(0x9E3779B97F4A7C15)

        # Step 5: fold to 32 bits, which sort twice as fast: multiplying by a large odd constant
        # carries every bit upwards, so the high half depends on all 64. On a little-endian
        # machine the high halves are the odd uint32 (elsewhere the low ones: still a fingerprint).
        window *= np.uint64(0xC2B2AE3D27D4EB4F)
        fingerprints[lo:hi] = window.view(np.uint32)[1::2]
    return fingerprints


def _lists_a_doc_twice(doc_text: pd.Series, blocks: _QueryBlocks) -> bool:
    """Whether some query (a block of rows) lists the same doc id twice, ids compared as text.

    Sorting each block's keys puts equal ones side by side. The keys are fingerprints when the
    ids allow (cheap, see ``_text_fingerprints``), else exact codes from factorizing the ids.
    Where fingerprints repeat inside a block, that block's ids are factorized to be sure.
    """
    keys = _text_fingerprints(doc_text)
    exact = keys is None
    if exact:
        keys = pd.factorize(doc_text)[0]
    # Padding cells get distinct values. Exact codes (>= 0) never equal them; a fingerprint may,
    # which only costs that block an exact check below.
    fill = np.arange(blocks.depth, dtype=np.uint32) if not exact else -1 - np.arange(blocks.depth)
    ordered = np.sort(blocks.matrix(keys, fill=fill), axis=1)
    repeats = np.flatnonzero((ordered[:, 1:] == ordered[:, :-1]).any(axis=1))
    del ordered
    if exact or len(repeats) == 0:
        return len(repeats) > 0

    # Fingerprints repeat in these blocks: compare their ids as text. A (block, id code) pair
    # seen twice is a real repeat.
    rows, block = blocks.rows_of(repeats)
    codes, uniques = pd.factorize(doc_text.iloc[rows])
    pair = block * len(uniques) + codes
    pair.sort()
    return bool((pair[1:] == pair[:-1]).any())


def _top_k_rows(
    scores: np.ndarray, rq: _Codes, doc_text: pd.Series, n_queries: int, k: int
) -> tuple[np.ndarray, np.ndarray] | None:
    """Indices of the run rows that can reach the top k of their query and their query codes, or None to keep every row.

    Let t be the k-th largest score of a query. Fewer than k of its rows score above t, so
    they are all in the top k; the rows scoring exactly t are the tie group straddling the
    cut, kept whole because "average" counts the group's mean gain (and the other policies
    pick their top-k members from it). Rows scoring below t rank after at least k rows under
    every tie policy, so they add nothing to DCG@k and can be dropped before the join and
    the ranking. The kept rows get the same ranks, gains and tie groups as in the whole run.

    t comes cheaply from one ``np.partition`` of a (queries x depth) score matrix, which
    needs each query's rows to be contiguous. None (keep every row: the general path) when
    they are not, when no query is deeper than k, when the matrix would hold more than twice
    as many cells as the run has rows (very ragged depths), when a doc id is missing, or when
    a query lists a doc twice (the general path then raises its usual error).
    """
    # 1. The layout: one contiguous block of rows per query, not too ragged, deeper than k somewhere.
    blocks = _QueryBlocks.find(rq, n_queries)
    if blocks is None or blocks.depth <= k or len(blocks.lengths) * blocks.depth > 2 * len(scores):
        return None

    # 2. Missing and repeated doc ids are errors the general path reports. Only the kept rows
    # will be joined with the qrels, so look for them over all rows here.
    doc_text = doc_text.astype(str)  # ids are compared as text, as in _codes
    if doc_text.hasnans or _lists_a_doc_twice(doc_text, blocks):
        return None

    # 3. t of each block: after partitioning, column depth - k holds the k-th largest score.
    # Padding is -inf, so a block shorter than k gets t = -inf and keeps every row.
    table = blocks.matrix(scores, fill=-np.inf)
    cut = blocks.depth - k
    threshold = np.partition(table, cut, axis=1)[:, cut]

    # 4. The rows scoring at least their block's t. Found in the matrix, they come out block by
    # block, each block's in row order: run order. Padding cells (past a block's end) are dropped.
    line, column = np.divmod(np.flatnonzero(table >= threshold[:, None]), blocks.depth)
    real = column < blocks.lengths[line]
    line, column = line[real], column[real]
    return blocks.starts[line] + column, blocks.codes[line]


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
            f"qrels relevance {float(rel[i])!r} for query {qrels['query_id'].iloc[i]!r} "
            "is too large for exponential gain"
        )

    rq, qq, queries = _codes("query_id", run, qrels, grouped=True)
    queries = np.asarray(queries)
    nq = len(queries)
    n_ret = rq.counts(nq)
    max_len = int(n_ret.max(initial=0))  # the longest ranking, which sizes the discounts
    max_judged = int(qq.counts(nq).max(initial=0))  # the longest ideal, which sizes them too
    qq = qq.per_row()

    # With a cut-off, only the rows that can reach a query's top k matter from here on, and
    # only their doc ids need codes (_top_k_rows has checked every row for repeated docs).
    kept = None if k is None else _top_k_rows(scores, rq, run["doc_id"], int(np.count_nonzero(n_ret)), k)
    if kept is None:
        rq = rq.per_row()
        rd, qd, _ = _codes("doc_id", run, qrels, grouped=False)
    else:
        rows, rq = kept
        scores = scores[rows]
        # Row numbers in the error messages of _codes and _join below would count kept rows only,
        # but the errors they could report about run rows were ruled out by _top_k_rows.
        run = run[list(RUN_COLUMNS)].iloc[rows]
        rd, qd, _ = _codes("doc_id", run, qrels, grouped=False)
        del kept, rows
    rd, qd = rd.per_row(), qd.per_row()

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

    # The ideal of each query: its judged gains, descending. Gains of 0 come last and add
    # nothing, so only the positive ones are ranked.
    positive = np.flatnonzero(qgain > 0)
    iorder, iq = _group_rank(qq[positive], nq, np.argsort(-qgain[positive]))
    igain = qgain[positive][iorder]
    irank = _rank_in_group(_starts(iq))
    del positive, iorder

    disc = discount_weights(max(max_len, max_judged, 1), "log2")
    if k is not None:
        disc[k:] = 0.0
    og *= disc[rank]
    del rank
    dcg = _group_sums(oq, og, nq)
    idcg = _group_sums(iq, igain * disc[irank], nq)
    n_rel = np.bincount(qq[rel > 0], minlength=nq)

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
