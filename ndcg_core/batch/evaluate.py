"""evaluate_run: nDCG of every query of a run against qrels, in a few vectorized passes.

The phases: check the inputs; encode ids and join each run row with its grade
(``_ids``, ``_topk``, ``_join``); rank each query's rows by score under the tie policy and
sum DCG (``_sort`` and the kernels shared with ``score_ranking``); sum IDCG over each
query's judged gains; divide.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np
import pandas as pd

from ndcg_core._kernels import gains_used, group_ids, group_starts, ndcg_ratio, rank_order
from ndcg_core._registry import TIES, discount_weights, gain_names, gain_values
from ndcg_core._validate import check_gain_fits, check_options
from ndcg_core.batch import _topk
from ndcg_core.batch._ids import encode_ids
from ndcg_core.batch._join import join, join_unique_run, pair_keys
from ndcg_core.batch._sort import group_rank, group_sums, rank_in_group

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
    discount: str = "log2"
    discount_base: float = 2.0


def _check_frame(df: object, columns: tuple[str, ...], name: str) -> None:
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


@dataclass(frozen=True)
class _Joined:
    """The run rows that can count, joined with their grades, and the qrels' gains.

    ``queries`` holds the query id of each query code and ``n_retrieved`` its run rows (all
    of them, before any pruning); ``depth`` is the longest ranking or ideal of any query,
    which sizes the discounts. Per kept run row: ``rq`` (query code), ``scores`` and
    ``gains`` (0 when unjudged). Per qrels row: ``qq`` (query code) and ``qgain``.
    """

    queries: np.ndarray
    n_retrieved: np.ndarray
    depth: int
    rq: np.ndarray
    scores: np.ndarray
    gains: np.ndarray
    qq: np.ndarray
    qgain: np.ndarray


def _join_run(
    run: pd.DataFrame, qrels: pd.DataFrame, scores: np.ndarray, rel: np.ndarray, gain: str, k: int | None
) -> _Joined:
    """Encode the ids, keep the rows that can reach a query's top k, and give each its judged gain."""
    rq_codes, qq_codes, uniques = encode_ids("query_id", run, qrels, grouped=True)
    queries = np.asarray(uniques)
    del uniques
    nq = len(queries)
    n_ret = rq_codes.counts(nq)
    depth = max(int(n_ret.max(initial=0)), int(qq_codes.counts(nq).max(initial=0)))
    qq = qq_codes.per_row()
    del qq_codes

    # With a cut-off, only the rows that can reach a query's top k matter from here on, and
    # only their doc ids need codes (top_k_rows has checked every row for repeated docs).
    kept = None if k is None else _topk.top_k_rows(scores, rq_codes, run["doc_id"], int(np.count_nonzero(n_ret)), k)
    if kept is None:
        rq = rq_codes.per_row()
    else:
        rows, rq = kept
        scores = scores[rows]
        # Row numbers in the error messages of encode_ids and join below would count kept rows
        # only, but the errors they could report about run rows were ruled out by top_k_rows.
        run = run[list(RUN_COLUMNS)].iloc[rows]
        del rows
    del rq_codes
    rd_codes, qd_codes, _ = encode_ids("doc_id", run, qrels, grouped=False)
    rd, qd = rd_codes.per_row(), qd_codes.per_row()
    del rd_codes, qd_codes

    # Gain of each run row: its (query, doc) pair among the qrels pairs (0 when unjudged).
    width = int(max(rd.max(initial=0), qd.max(initial=0))) + 1
    qgain = gain_values(rel, gain)
    # The kept rows of the shortcut list each (query, doc) pair once: a hash lookup joins them.
    joiner = join if kept is None else join_unique_run
    run_gain = joiner(pair_keys(qq, qd, width), pair_keys(rq, rd, width), nq * width, qgain, run, qrels)
    return _Joined(queries, n_ret, depth, rq, scores, run_gain, qq, qgain)


def _dcg(j: _Joined, ties: str, disc: np.ndarray) -> np.ndarray:
    """DCG of each query: its rows ranked by descending score under the tie policy, then grouped by query."""
    nq = len(j.queries)
    order, oq = group_rank(j.rq, nq, rank_order(j.scores, j.gains, ties, exact=False))
    og = j.gains[order]
    qstart = group_starts(oq)
    if TIES[ties].averages:  # tie groups: runs of equal score inside a query
        og = gains_used(og, group_ids(group_starts(j.scores[order], within=qstart)), ties)
    del order
    og *= disc[rank_in_group(qstart)]
    return group_sums(oq, og, nq)


def _idcg(j: _Joined, rel: np.ndarray, disc: np.ndarray) -> np.ndarray:
    """IDCG of each query: its judged gains, descending. Gains of 0 add nothing, so only positive ones are ranked."""
    nq = len(j.queries)
    positive = np.flatnonzero(j.qgain > 0)
    ideal = _ideal_by_counting(j.qq[positive], rel[positive], j.qgain[positive], nq)
    if ideal is None:
        iorder, iq = group_rank(j.qq[positive], nq, np.argsort(-j.qgain[positive]))
        igain = j.qgain[positive][iorder]
    else:
        iq, igain = ideal
    return group_sums(iq, igain * disc[rank_in_group(group_starts(iq))], nq)


#: Whole grades up to this one are counted per query instead of sorted (``_ideal_by_counting``).
_MAX_COUNTED_GRADE = 255


def _ideal_by_counting(
    qq: np.ndarray, grades: np.ndarray, gains: np.ndarray, nq: int
) -> tuple[np.ndarray, np.ndarray] | None:
    """The judged gains grouped by query, each query's in descending order, and their query codes; None to sort.

    With whole grades 0 .. a few hundred (the usual qrels), counting each query's documents
    per grade gives the same sequence as sorting them, without a sort: query by query, every
    grade from the highest down, repeated as often as the query has it. A gain depends on the
    grade alone and keeps its order, so the gains come out in the same order with the same
    values, and the sums in ``_idcg`` add the same numbers in the same order. None (sort
    instead) for fractional or larger grades, or when the count table would outgrow the qrels.
    """
    if len(grades) == 0:
        return None
    top = float(grades.max())
    if top > _MAX_COUNTED_GRADE or nq * (int(top) + 1) > 4 * len(grades) + 65536:
        return None
    codes = grades.astype(np.int64)
    if not np.array_equal(codes, grades):
        return None
    levels = int(top) + 1
    gain_of = np.zeros(levels)
    gain_of[codes] = gains  # equal grades have equal gains
    # Column c of a query's line counts its documents of grade levels - 1 - c: highest first.
    cell = qq.astype(np.int64) * levels
    cell += levels - 1 - codes
    counts = np.bincount(cell, minlength=nq * levels)
    igain = np.repeat(np.tile(gain_of[::-1], nq), counts)
    iq = np.repeat(np.arange(nq), counts.reshape(nq, levels).sum(axis=1))
    return iq, igain


def evaluate_run(
    run: pd.DataFrame,
    qrels: pd.DataFrame,
    *,
    k: int | None = None,
    gain: str = "exponential",
    discount: str = "log2",
    discount_base: float = 2.0,
    ties: str = "average",
    empty: str = "zero",
) -> RunEvaluation:
    """nDCG@k of every query in a run against qrels, and their mean.

    Each query's ideal is every judged document of that query, retrieved or not
    (trec_eval's pool); run documents missing from the qrels count as grade 0. The
    numbers equal ``score_ranking`` on each query's list with its judged grades as
    ``ideal_pool``. Queries judged in the qrels but absent from the run are not reported.

    Three defaults differ from trec_eval's ``ndcg``:

    - the gain is exponential, while trec_eval counts the grade itself: pass
      ``gain="linear"`` for its numbers;
    - a run query with no qrels at all is reported with nDCG 0 and, under
      ``empty="zero"``, counts as 0 in the mean, while trec_eval leaves it out
      (``empty="skip"`` leaves it out of the mean too);
    - ``ties="average"`` spreads tied gains; ``ties="stable"`` keeps the run's row order,
      while trec_eval breaks score ties by document id, descending.

    Parameters
    ----------
    run : pandas.DataFrame
        Columns query_id, doc_id, score: one row per retrieved document. Ids are compared
        as text, so 7 and "7" are the same id.
    qrels : pandas.DataFrame
        Columns query_id, doc_id, relevance: the grade (>= 0) of each judged document.
    k : int, optional
        Cut-off: only ranks 1..k count. None means every retrieved document.
    gain : {"exponential", "linear"}, default "exponential"
        ``"exponential"`` counts 2^grade - 1, ``"linear"`` the grade itself (trec_eval's).
    discount : {"log2", "log", "jarvelin", "reciprocal", "none"}, default "log2"
        Weight of each rank; see ``discount_weights``.
    discount_base : float, default 2.0
        Log base of the ``"log"`` and ``"jarvelin"`` discounts; a finite number > 1. The
        other discounts ignore it.
    ties : {"average", "optimistic", "pessimistic", "stable"}, default "average"
        Tie policy for equal scores within a query, as in ``score_ranking``; ``"stable"``
        keeps the run's row order (not trec_eval's tie-break by document id).
    empty : {"zero", "skip"}, default "zero"
        Whether a query with no relevant judged document counts as 0 in the mean or is
        left out of it. This includes a run query with no qrels at all, which trec_eval
        always leaves out: ``"zero"`` then gives a lower mean than trec_eval.

    Returns
    -------
    RunEvaluation
        ``per_query``, a DataFrame with columns query_id, dcg, idcg, ndcg, n_retrieved and
        n_relevant, one row per query of the run in first-seen order; ``mean``, the mean
        nDCG (NaN when no query counts); and the options used.

    Raises
    ------
    ValueError
        If ``run`` or ``qrels`` is not a DataFrame with the columns above, a score or grade
        is not a finite number, a grade is negative or too large for the exponential gain,
        an id is missing, a query lists or judges a document twice, or an option is
        unknown or out of range.

    See Also
    --------
    score_ranking : nDCG of one list, with its step tables.

    Examples
    --------
    >>> import pandas as pd
    >>> run = pd.DataFrame({"query_id": ["q1", "q1", "q1", "q2"], "doc_id": ["a", "b", "c", "a"],
    ...                     "score": [0.9, 0.8, 0.7, 0.5]})
    >>> qrels = pd.DataFrame({"query_id": ["q1", "q1", "q1", "q2"], "doc_id": ["a", "b", "c", "b"],
    ...                       "relevance": [1, 3, 2, 1]})
    >>> ev = evaluate_run(run, qrels, k=3)
    >>> ev.per_query["ndcg"].round(4).tolist()
    [0.7364, 0.0]
    >>> round(ev.mean, 4)
    0.3682
    """
    return evaluate_run_gains(
        run, qrels, gains=(gain,), k=k, discount=discount, discount_base=discount_base, ties=ties, empty=empty
    )[gain]


def evaluate_run_gains(
    run: pd.DataFrame,
    qrels: pd.DataFrame,
    *,
    gains: tuple[str, ...] | None = None,
    k: int | None = None,
    discount: str = "log2",
    discount_base: float = 2.0,
    ties: str = "average",
    empty: str = "zero",
) -> dict[str, RunEvaluation]:
    """``evaluate_run`` under each of ``gains`` (None: every registered gain), with the run joined to its qrels once.

    Every registered gain maps grade 0 to 0 and keeps the order of grades, so a run row's gain
    under any of them is that gain of its joined grade (unjudged: 0), and ties order alike; the
    join, the costly part on a large run, is shared. Each result equals ``evaluate_run``'s.
    """
    _check_frame(run, RUN_COLUMNS, "run")
    _check_frame(qrels, QRELS_COLUMNS, "qrels")
    if gains is None:
        gains = gain_names()
    if not gains or len(set(gains)) != len(gains):
        raise ValueError(f"gains must name at least one gain, each once, got {list(gains)}")
    for gain in gains:
        opts = check_options(k=k, gain=gain, discount=discount, discount_base=discount_base, ties=ties, empty=empty)
    k = opts.k
    assert opts.discount_base is not None  # for type checkers: check_options was given discount_base
    scores = _numeric_column(run, "score", "run", nonnegative=False)
    rel = _numeric_column(qrels, "relevance", "qrels", nonnegative=True)
    for gain in gains:
        check_gain_fits(
            rel, gain, lambda i: f"qrels relevance {float(rel[i])!r} for query {qrels['query_id'].iloc[i]!r}"
        )
    graded = _join_run(run, qrels, scores, rel, "linear", k)  # the linear gain is the grade itself
    disc = discount_weights(max(graded.depth, 1), discount, discount_base)
    if k is not None:
        disc[k:] = 0.0
    out: dict[str, RunEvaluation] = {}
    for gain in gains:
        j = (
            graded
            if gain == "linear"
            else replace(graded, gains=gain_values(graded.gains, gain), qgain=gain_values(graded.qgain, gain))
        )
        out[gain] = _evaluation(
            j, rel, disc, k=k, gain=gain, ties=ties, empty=empty, discount=discount, discount_base=opts.discount_base
        )
    return out


def _evaluation(
    j: _Joined,
    rel: np.ndarray,
    disc: np.ndarray,
    *,
    k: int | None,
    gain: str,
    ties: str,
    empty: str,
    discount: str,
    discount_base: float,
) -> RunEvaluation:
    """The per-query table and mean of one gain, from the joined run."""
    dcg, idcg = _dcg(j, ties, disc), _idcg(j, rel, disc)
    n_rel = np.bincount(j.qq[rel > 0], minlength=len(j.queries))

    in_run = j.n_retrieved > 0
    dcg, idcg = dcg[in_run], idcg[in_run]
    ndcg = ndcg_ratio(dcg, idcg)
    per_query = pd.DataFrame(
        {
            "query_id": j.queries[in_run],
            "dcg": dcg,
            "idcg": idcg,
            "ndcg": ndcg,
            "n_retrieved": j.n_retrieved[in_run],
            "n_relevant": n_rel[in_run],
        }
    )
    counted = ndcg if empty == "zero" else ndcg[idcg > 0]
    mean = float(counted.mean()) if len(counted) else float("nan")
    return RunEvaluation(
        per_query, mean, k=k, gain=gain, ties=ties, empty=empty, discount=discount, discount_base=discount_base
    )
