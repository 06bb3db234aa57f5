"""evaluate_ddf: ``evaluate_run`` on Dask DataFrames, for runs too large for one machine.

An optional extra: ``pip install 'ndcg-teaching-app[dask]'`` brings dask[dataframe] and
distributed. Nothing else in ``ndcg_core`` imports this module, and this module imports
dask only when ``evaluate_ddf`` is called, so ``import ndcg_core`` works without dask.

Every query is evaluated on its own rows and its own judgements only, so a run can be cut
by query: both frames are shuffled so that each query's run rows and qrels rows sit in the
same partition pair, and ``evaluate_run`` itself runs on each pair. The numbers are
therefore ``evaluate_run``'s, not a second implementation of them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, overload

import numpy as np
import pandas as pd

from ndcg_core._validate import check_options
from ndcg_core.batch.evaluate import QRELS_COLUMNS, RUN_COLUMNS, evaluate_run

if TYPE_CHECKING:  # for annotations only: dask is an optional extra, imported when evaluate_ddf is called
    from dask.dataframe import DataFrame as DaskFrame
    from dask.dataframe import Scalar as DaskScalar

INSTALL_HINT = "pip install 'ndcg-teaching-app[dask]' (dask[dataframe]==2026.8.0, distributed==2026.8.0)"

#: Each input row's position in its frame: partition number << _ROW_BITS | row in partition.
_ROW = "__ndcg_row"
_ROW_BITS = 40
#: Per output row: the position of its query's first run row, to restore evaluate_run's order.
_FIRST = "__ndcg_first"

PER_QUERY_COLUMNS = ("query_id", "dcg", "idcg", "ndcg", "n_retrieved", "n_relevant")


def _dask_dataframe() -> Any:
    """dask.dataframe (typed Any: dask's annotations are partial), or ImportError with the one-line install hint."""
    try:
        import dask.dataframe as dd
    except ImportError as exc:
        raise ImportError(f"ndcg_core.dask needs dask, an optional extra: {INSTALL_HINT}") from exc
    return dd


def _check_ddf(dd: Any, df: object, columns: tuple[str, ...], name: str) -> None:
    """The same column checks as evaluate_run, made up front on the frame's schema (no data is read)."""
    if not isinstance(df, dd.DataFrame):
        hint = "; for a pandas DataFrame use evaluate_run" if isinstance(df, pd.DataFrame) else ""
        raise ValueError(f"{name} must be a Dask DataFrame with columns {', '.join(columns)}{hint}")
    missing = [c for c in columns if c not in df.columns]
    if missing:
        raise ValueError(f"{name} lacks column(s) {', '.join(missing)}")


def _with_positions(
    part: pd.DataFrame, columns: tuple[str, ...], partition_info: dict[str, Any] | None = None
) -> pd.DataFrame:
    """The frame's needed columns, ids as text (how evaluate_run compares them), and each row's position."""
    out = part[list(columns)].copy()
    for col in ("query_id", "doc_id"):
        out[col] = out[col].astype(str)  # keeps missing ids missing, for evaluate_run to refuse
    number = 0 if partition_info is None else int(partition_info["number"])
    out[_ROW] = (np.int64(number) << _ROW_BITS) + np.arange(len(out), dtype=np.int64)
    return out


def _by_query(dd: Any, df: Any, columns: tuple[str, ...], npartitions: int) -> Any:
    """``df`` hash-partitioned by the text of its query ids into ``npartitions`` partitions."""
    meta = df._meta[list(columns)].astype({"query_id": "str", "doc_id": "str"}).assign(**{_ROW: np.int64(0)})
    tagged = df.map_partitions(_with_positions, columns, meta=meta)
    return tagged.shuffle("query_id", npartitions=npartitions)


def _meta() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "query_id": pd.Series(dtype="str"),
            "dcg": pd.Series(dtype=float),
            "idcg": pd.Series(dtype=float),
            "ndcg": pd.Series(dtype=float),
            "n_retrieved": pd.Series(dtype=np.int64),
            "n_relevant": pd.Series(dtype=np.int64),
            _FIRST: pd.Series(dtype=np.int64),
        }
    )


def _evaluate_partition(run: pd.DataFrame, qrels: pd.DataFrame, options: dict[str, Any]) -> pd.DataFrame:
    """evaluate_run on one partition pair, rows back in their input order, with each query's first position."""
    # Not every shuffle keeps row order: put each query's rows back in input order (ties="stable"
    # follows it), each query's rows together, as in a TREC run (evaluate_run's fast path).
    run = run.sort_values(["query_id", _ROW], kind="stable")
    qrels = qrels.sort_values(["query_id", _ROW], kind="stable")
    ev = evaluate_run(
        run.drop(columns=_ROW).reset_index(drop=True), qrels.drop(columns=_ROW).reset_index(drop=True), **options
    )
    per_query = ev.per_query.astype({"query_id": "str"})
    first = run.drop_duplicates("query_id").set_index("query_id")[_ROW]
    per_query[_FIRST] = per_query["query_id"].map(first).to_numpy(dtype=np.int64)
    return per_query


@overload
def evaluate_ddf(
    run_ddf: DaskFrame,
    qrels_ddf: DaskFrame,
    *,
    k: int | None = ...,
    gain: str = ...,
    discount: str = ...,
    discount_base: float = ...,
    ties: str = ...,
    empty: str = ...,
    npartitions: int | None = ...,
    compute: Literal[True] = ...,
) -> tuple[pd.DataFrame, float]: ...


@overload
def evaluate_ddf(
    run_ddf: DaskFrame,
    qrels_ddf: DaskFrame,
    *,
    k: int | None = ...,
    gain: str = ...,
    discount: str = ...,
    discount_base: float = ...,
    ties: str = ...,
    empty: str = ...,
    npartitions: int | None = ...,
    compute: Literal[False],
) -> tuple[DaskFrame, DaskScalar]: ...


@overload
def evaluate_ddf(
    run_ddf: DaskFrame,
    qrels_ddf: DaskFrame,
    *,
    k: int | None = ...,
    gain: str = ...,
    discount: str = ...,
    discount_base: float = ...,
    ties: str = ...,
    empty: str = ...,
    npartitions: int | None = ...,
    compute: bool = ...,
) -> tuple[pd.DataFrame, float] | tuple[DaskFrame, DaskScalar]: ...


def evaluate_ddf(
    run_ddf: DaskFrame,
    qrels_ddf: DaskFrame,
    *,
    k: int | None = None,
    gain: str = "exponential",
    discount: str = "log2",
    discount_base: float = 2.0,
    ties: str = "average",
    empty: str = "zero",
    npartitions: int | None = None,
    compute: bool = True,
) -> tuple[pd.DataFrame, float] | tuple[DaskFrame, DaskScalar]:
    """``evaluate_run`` on Dask DataFrames: per-query nDCG@k of a run against qrels, and their mean.

    The numbers are exactly ``evaluate_run``'s on the concatenated pandas frames (same
    options, same defaults, same conventions: run queries only, a run query with no qrels
    reported with nDCG 0, judged-only queries not reported); see its docstring.

    Partitioning. The frames may come partitioned any way, e.g. one partition per file as
    ``dd.read_parquet`` or ``dd.read_csv`` give them. Both are hash-shuffled by the text of
    their query ids into the same ``npartitions``, so that partition i of the run and
    partition i of the qrels hold every row of the same queries, and ``evaluate_run`` runs
    on each pair (``dd.map_partitions``). The function does this itself rather than ask for
    frames indexed by query_id with known ``divisions``, because:

    - ids are compared as text (7 and "7" are one query), so the partitioning key must be
      the id's text; sorted divisions on the raw column would put 7 and "7" apart, and
      cannot even be computed on a column mixing numbers and text;
    - the qrels must land in the same partitions as the run, and checking that two frames
      a caller says are co-partitioned really are costs a pass over both anyway; a hash
      shuffle is that one pass, with no sampling or sorting pass as ``set_index`` needs;
    - not every shuffle method promises to keep the input row order, and ``ties="stable"``
      depends on the run's row order, so every row carries its input position and each
      partition is put back in that order (each query's rows together, as in a TREC run).

    Every query's rows then sit in one partition pair by construction; with ``compute=True``
    the result is also checked for it (a query reported twice raises RuntimeError).

    Parameters
    ----------
    run_ddf : dask.dataframe.DataFrame
        Columns query_id, doc_id, score (others are ignored), as for ``evaluate_run``.
    qrels_ddf : dask.dataframe.DataFrame
        Columns query_id, doc_id, relevance.
    k, gain, discount, discount_base, ties, empty
        As for ``evaluate_run``.
    npartitions : int, optional
        Partitions of the shuffled frames and of the result; by default the larger of the
        two frames' partition counts.
    compute : bool, default True
        True: compute, and return a pandas DataFrame in ``evaluate_run``'s row order (first
        seen in the run, partitions in order) and the mean as a float, both bit-for-bit
        equal to ``evaluate_run``'s. False: return a lazy Dask DataFrame (rows grouped by
        partition, query ids sorted within each) and a lazy Dask scalar mean, computed as a
        Dask sum / count; it can differ from ``evaluate_run``'s mean by the rounding of a
        different summation order (about 1e-16 relative).

    Returns
    -------
    tuple
        ``(per_query, mean)``: per_query has the columns query_id, dcg, idcg, ndcg,
        n_retrieved and n_relevant, one row per query of the run; mean is the mean nDCG under
        ``empty`` (NaN when no query counts).

    Raises
    ------
    ValueError
        At once, if a frame is not a Dask DataFrame, lacks a column or an option is bad; when
        computed, for the bad values ``evaluate_run`` refuses (their messages count rows
        within the query's partition, not in the whole frame).
    ImportError
        If dask is not installed, with the command that installs it.

    Examples
    --------
    >>> import dask, dask.dataframe as dd, pandas as pd
    >>> run = pd.DataFrame({"query_id": ["q1", "q1", "q1", "q2"], "doc_id": ["a", "b", "c", "a"],
    ...                     "score": [0.9, 0.8, 0.7, 0.5]})
    >>> qrels = pd.DataFrame({"query_id": ["q1", "q1", "q1", "q2"], "doc_id": ["a", "b", "c", "b"],
    ...                       "relevance": [1, 3, 2, 1]})
    >>> run_ddf, qrels_ddf = dd.from_pandas(run, npartitions=2), dd.from_pandas(qrels, npartitions=1)
    >>> with dask.config.set(scheduler="sync"):
    ...     per_query, mean = evaluate_ddf(run_ddf, qrels_ddf, k=3)
    >>> per_query["ndcg"].round(4).tolist(), round(mean, 4)
    ([0.7364, 0.0], 0.3682)
    """
    dd = _dask_dataframe()
    _check_ddf(dd, run_ddf, RUN_COLUMNS, "run")
    _check_ddf(dd, qrels_ddf, QRELS_COLUMNS, "qrels")
    opts = check_options(k=k, gain=gain, discount=discount, discount_base=discount_base, ties=ties, empty=empty)
    options = {
        "k": opts.k,
        "gain": opts.gain,
        "discount": opts.discount,
        "discount_base": opts.discount_base,
        "ties": opts.ties,
        "empty": opts.empty,
    }
    if npartitions is None:
        npartitions = max(run_ddf.npartitions, qrels_ddf.npartitions)
    elif isinstance(npartitions, bool) or not isinstance(npartitions, int) or npartitions < 1:
        raise ValueError(f"npartitions = {npartitions!r} must be a whole number >= 1 or None")

    run = _by_query(dd, run_ddf, RUN_COLUMNS, npartitions)
    qrels = _by_query(dd, qrels_ddf, QRELS_COLUMNS, npartitions)
    per_query = dd.map_partitions(_evaluate_partition, run, qrels, options, meta=_meta(), align_dataframes=False)

    if not compute:
        per_query = per_query.drop(columns=_FIRST)
        counted = per_query["ndcg"] if opts.empty == "zero" else per_query["ndcg"][per_query["idcg"] > 0]
        return per_query, counted.mean()

    per_query = per_query.compute().sort_values(_FIRST, kind="stable")
    if not per_query["query_id"].is_unique:
        dup = per_query["query_id"][per_query["query_id"].duplicated()].iloc[0]
        raise RuntimeError(f"query {dup!r} was split across partitions; its numbers would be wrong")
    per_query = per_query.drop(columns=_FIRST).reset_index(drop=True)
    # The mean exactly as evaluate_run takes it, over the same values in the same order.
    ndcg = per_query["ndcg"].to_numpy()
    counted = ndcg if opts.empty == "zero" else ndcg[per_query["idcg"].to_numpy() > 0]
    mean = float(counted.mean()) if len(counted) else float("nan")
    return per_query, mean
