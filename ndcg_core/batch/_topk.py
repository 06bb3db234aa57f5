"""Top-k pruning for evaluate_run: with a cut-off k, keep only the run rows that can reach a query's top k."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from ndcg_core._kernels import group_starts
from ndcg_core.batch._ids import Codes, text_fingerprints


@dataclass(frozen=True)
class QueryBlocks:
    """The layout of a run that lists each query's rows in one contiguous block, as TREC run files do.

    ``starts`` and ``lengths`` are each block's first row and row count, in run order, and
    ``codes`` its query code; ``depth`` is the longest block.
    """

    starts: np.ndarray
    lengths: np.ndarray
    codes: np.ndarray
    depth: int

    @classmethod
    def find(cls, rq: Codes, n_queries: int) -> QueryBlocks | None:
        """The blocks of a run from its query codes, or None when some query's rows are split up.

        ``n_queries`` is how many distinct queries the run has: the layout is contiguous
        exactly when there are that many runs of equal query codes along the rows.
        """
        if rq.lengths is not None:  # already one value per run
            codes, lengths = rq.values, rq.lengths
            starts = np.cumsum(lengths) - lengths
        else:
            starts = np.flatnonzero(group_starts(rq.values))
            codes, lengths = rq.values[starts], np.diff(starts, append=len(rq.values))
        if len(starts) == 0 or len(starts) != n_queries:
            return None
        return cls(starts=starts, lengths=lengths, codes=codes, depth=int(lengths.max()))

    def matrix(self, values: np.ndarray, fill: float | np.ndarray) -> np.ndarray:
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


def lists_a_doc_twice(doc_text: pd.Series, blocks: QueryBlocks) -> bool:
    """Whether some query (a block of rows) lists the same doc id twice, ids compared as text.

    Sorting each block's keys puts equal ones side by side. The keys are fingerprints when the
    ids allow (cheap, see ``text_fingerprints``), else exact codes from factorizing the ids.
    Where fingerprints repeat inside a block, that block's ids are factorized to be sure.
    """
    fingerprints = text_fingerprints(doc_text)
    exact = fingerprints is None
    keys = pd.factorize(doc_text)[0] if fingerprints is None else fingerprints
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


def top_k_rows(
    scores: np.ndarray, rq: Codes, doc_text: pd.Series, n_queries: int, k: int
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
    blocks = QueryBlocks.find(rq, n_queries)
    if blocks is None or blocks.depth <= k or len(blocks.lengths) * blocks.depth > 2 * len(scores):
        return None

    # 2. Missing and repeated doc ids are errors the general path reports. Only the kept rows
    # will be joined with the qrels, so look for them over all rows here.
    doc_text = doc_text.astype(str)  # ids are compared as text, as in encode_ids
    if doc_text.hasnans or lists_a_doc_twice(doc_text, blocks):
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
