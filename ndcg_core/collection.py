"""A run scored against its judgments the way the upload page shows it: both gains, the coverage, the rules.

``score_collection`` follows trec_eval by default (documents ordered by score as 32-bit floats,
ties broken by docno descending, a negative grade gains nothing, the ideal over every judged
document, only queries in both files averaged) and names the two choices trec_eval fixes:

- ``ideal="retrieved"`` builds the ideal from the retrieved documents only, as scikit-learn's
  ``ndcg_score`` does for one list;
- ``missing="zero"`` averages judged queries the run missed as 0 (trec_eval ``-c``);
- ``no_relevant="skip"`` leaves queries with no relevant document out of the mean (trec_eval
  counts them as 0).

A run query with no judgments at all is never scored (trec_eval leaves it out); ``Coverage``
says how many there were.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc

from ndcg_core._registry import gain_names
from ndcg_core.files import Loaded, arrow_table
from ndcg_core.trec_fast import _Table as TrecTable
from ndcg_core.trec_fast import collection_ndcg

if TYPE_CHECKING:
    #: The registered gains' names, read from the registry at each use (``_registry.gain_names()``): the upload page
    #: offers one choice per gain. ``score_collection`` scores every registered gain, read at each call.
    GAINS: tuple[str, ...]
else:

    def __getattr__(name: str) -> tuple[str, ...]:
        """``GAINS``, read from the registry at each use (PEP 562), so that a gain registered later is in it."""
        if name == "GAINS":
            return gain_names()
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


IDEALS = ("judged", "retrieved")
MISSING = ("skip", "zero")
NO_RELEVANT = ("zero", "skip")


@dataclass(frozen=True)
class Coverage:
    """Which queries were scored, and which were not and why."""

    scored: int  # queries in the run and the judgments
    run_only: tuple[str, ...]  # run queries with no judgments: left out
    judged_only: tuple[str, ...]  # judged queries the run did not retrieve for
    no_relevant: tuple[str, ...]  # scored queries whose ideal DCG is 0 (no relevant document)
    negative: int  # judgments with a grade below 0 (gain 0)


@dataclass(frozen=True)
class CollectionScores:
    """Per-query nDCG under every registered gain, the means, and what was counted."""

    per_query: pd.DataFrame  # query_id, ndcg_<gain> for each gain (linear, exponential, ...), n_retrieved, n_judged,
    #                          n_relevant, counted
    mean: dict[str, float]  # gain -> mean over the counted queries (NaN when none counts)
    counted: int
    coverage: Coverage
    k: int | None
    ideal: str
    missing: str
    no_relevant: str


def _option(value: str, allowed: tuple[str, ...], name: str) -> str:
    if value not in allowed:
        raise ValueError(f"{name} must be one of {', '.join(allowed)}, got {value!r}")
    return value


def score_collection(
    run: pd.DataFrame | Loaded,
    qrels: pd.DataFrame | Loaded,
    *,
    k: int | None = 10,
    ideal: str = "judged",
    missing: str = "skip",
    no_relevant: str = "zero",
) -> CollectionScores:
    """nDCG@k of each query in both ``run`` (query_id, doc_id, score) and ``qrels`` (query_id, doc_id, relevance).

    Either may be a file as ``files.load`` read it: a TREC file its bulk reader took is then scored from that
    reader's table, with no frame built.
    """
    _option(ideal, IDEALS, "ideal")
    _option(missing, MISSING, "missing")
    _option(no_relevant, NO_RELEVANT, "no_relevant")
    if isinstance(run, Loaded) and run.kind == "qrels" or isinstance(qrels, Loaded) and qrels.kind == "run":
        raise ValueError("score_collection needs a file with run lines and one with judgments")
    gains = gain_names()
    fast = _fast_parts(run, qrels, k, ideal, gains)
    # the careful path reads frames (a file's frame is built now, if it was not)
    parts = fast if fast is not None else _careful_parts(_frame(run, "run"), _frame(qrels, "qrels"), k, ideal, gains)
    base, ndcg, run_only, judged_only, n_judged, n_relevant, negative = parts
    table = pd.DataFrame({"query_id": base["query_id"].astype(str).to_numpy()})
    for gain in gains:
        table[f"ndcg_{gain}"] = ndcg[gain]
    table["n_retrieved"] = base["n_retrieved"].to_numpy(dtype=np.int64)
    no_rel = base["idcg"].to_numpy(dtype=float) == 0
    if missing == "zero" and judged_only:
        extra = pd.DataFrame({"query_id": list(judged_only), **{f"ndcg_{g}": 0.0 for g in gains}, "n_retrieved": 0})
        table = pd.concat([table, extra], ignore_index=True)
        no_rel = np.concatenate([no_rel, [n_relevant.get(q, 0) == 0 for q in judged_only]])
    table["n_judged"] = table["query_id"].map(n_judged).fillna(0).astype(np.int64)
    table["n_relevant"] = table["query_id"].map(n_relevant).fillna(0).astype(np.int64)
    table["counted"] = ~no_rel if no_relevant == "skip" else np.ones(len(table), dtype=bool)
    table = table.sort_values("query_id", kind="stable").reset_index(drop=True)
    counted = table[table["counted"]]
    mean = {g: float(counted[f"ndcg_{g}"].mean()) if len(counted) else float("nan") for g in gains}
    scored_no_rel = tuple(sorted(base["query_id"].astype(str).to_numpy()[base["idcg"].to_numpy(dtype=float) == 0]))
    coverage = Coverage(
        scored=len(base), run_only=run_only, judged_only=judged_only, no_relevant=scored_no_rel, negative=negative
    )
    return CollectionScores(table, mean, len(counted), coverage, k, ideal, missing, no_relevant)


def _frame(given: pd.DataFrame | Loaded, what: str) -> pd.DataFrame:
    """The frame of a run (``what="run"``) or of judgments: a file's is built now, if it was not."""
    if not isinstance(given, Loaded):
        return given
    frame = given.run if what == "run" else given.qrels
    if frame is None:  # score_collection has checked the files' kinds already
        raise ValueError("score_collection needs a file with run lines and one with judgments")
    return frame


class _Parts(NamedTuple):
    """The scored queries and what was counted, from either path."""

    base: pd.DataFrame  # query_id, idcg (linear gain), n_retrieved of each scored query
    ndcg: Mapping[str, np.ndarray | list[float]]  # gain -> each scored query's nDCG
    run_only: tuple[str, ...]
    judged_only: tuple[str, ...]
    n_judged: pd.Series  # query -> judgments
    n_relevant: pd.Series  # query -> judgments with a grade above 0
    negative: int  # judgments with a grade below 0


def _careful_parts(
    run: pd.DataFrame, qrels: pd.DataFrame, k: int | None, ideal: str, gains: tuple[str, ...] | None = None
) -> _Parts:
    """The scored queries and what was counted, through ``trec_order`` and ``evaluate_run_gains`` (any input).

    ``gains`` names the gains to score (None: every registered gain); the linear gain must be one of them.
    """
    from ndcg_core.batch import evaluate_run_gains  # the careful path's modules, imported on first use
    from ndcg_core.trec import trec_order

    if gains is None:
        gains = gain_names()
    grades = qrels["relevance"].to_numpy(dtype=float)
    judged = pd.DataFrame(
        {
            "query_id": qrels["query_id"].astype(str).array,  # Arrow text stays Arrow text
            "doc_id": qrels["doc_id"].astype(str).array,
            "relevance": np.maximum(grades, 0.0),
        }
    )
    ranked = trec_order(run)
    judged_queries = pd.unique(judged["query_id"])
    run_queries = pd.unique(ranked["query_id"])
    # Arrow's hashed membership test: np.isin on text is quadratic, pandas' isin walks the values in Python.
    in_judged = pc.is_in(pa.array(ranked["query_id"].array), value_set=pa.array(judged_queries, pa.string()))
    in_judged = in_judged.to_numpy(zero_copy_only=False)
    run_only = tuple(sorted(set(run_queries) - set(judged_queries)))
    judged_only = tuple(sorted(set(judged_queries) - set(run_queries)))
    ranked = ranked[in_judged].reset_index(drop=True)
    n_judged = judged.groupby("query_id").size()  # of the whole judgments, whatever the ideal
    n_relevant = judged[judged["relevance"] > 0].groupby("query_id").size()
    if ideal == "retrieved":  # the ideal reorders what was retrieved: judgments of other documents are dropped
        judged = judged.merge(ranked[["query_id", "doc_id"]], on=["query_id", "doc_id"], how="inner")
    ndcg: dict[str, np.ndarray | list[float]]
    if ranked.empty:
        base = pd.DataFrame({"query_id": [], "idcg": [], "n_retrieved": []})
        ndcg = {g: [] for g in gains}
    else:  # every gain from one join of the run with its judgments
        evs = evaluate_run_gains(ranked, judged, gains=gains, k=k, ties="stable", empty="zero")
        base = evs["linear"].per_query
        ndcg = {g: evs[g].per_query["ndcg"].to_numpy(dtype=float) for g in gains}
    return _Parts(base, ndcg, run_only, judged_only, n_judged, n_relevant, int(np.count_nonzero(grades < 0)))


def _fast_parts(
    run: pd.DataFrame | Loaded,
    qrels: pd.DataFrame | Loaded,
    k: int | None,
    ideal: str,
    gains: tuple[str, ...] | None = None,
) -> _Parts | None:
    """``_careful_parts``' answer from ``trec_fast.collection_ndcg``; None outside its case (the careful path decides).

    The case: text ids without missing values, each query's rows together in both frames, float scores and
    numeric grades, every number finite, no document twice in a query, ``k`` None or a whole number >= 1. A file
    its bulk reader took is in it already, and is read from that reader's table.
    """
    if not (k is None or (type(k) is int and k >= 1)):
        return None
    r, q = _table_of(run, "score"), _table_of(qrels, "relevance")
    if r is None or q is None:
        return None
    grades = q.number
    got = collection_ndcg(r, q, k=k, retrieved_ideal=ideal == "retrieved", gains=gains)
    if got is None:
        return None
    base = pd.DataFrame(
        {"query_id": np.array(got.queries, dtype=object), "idcg": got.idcg, "n_retrieved": got.n_retrieved}
    )
    run_queries, judged_queries = set(r.qids), set(q.qids)
    relevant = np.add.reduceat((grades > 0).astype(np.int64), q.starts)
    n_judged = pd.Series(q.lengths, index=pd.Index(q.qids, dtype=object))
    n_relevant = pd.Series(relevant, index=pd.Index(q.qids, dtype=object))
    return _Parts(
        base,
        got.ndcg,
        tuple(sorted(run_queries - judged_queries)),
        tuple(sorted(judged_queries - run_queries)),
        n_judged,
        n_relevant,
        int(np.count_nonzero(grades < 0)),
    )


def _table_of(given: pd.DataFrame | Loaded, number: str) -> TrecTable | None:
    """``trec_fast``'s table of a run or judgments: a bulk-read file's own, else one read from the frame's Arrow
    text buffers; None outside the fast case."""
    frame: pd.DataFrame | None
    if isinstance(given, Loaded):
        table = given.tables[0 if number == "score" else 1]
        if table is not None:
            return table
        frame = given.run if number == "score" else given.qrels
    else:
        frame = given
    if not (isinstance(frame, pd.DataFrame) and len(frame) and {"query_id", "doc_id", number} <= set(frame.columns)):
        return None
    dtype = frame[number].dtype
    if not (isinstance(dtype, np.dtype) and dtype.kind in ("f" if number == "score" else "iuf")):
        return None
    return _frame_table(frame["query_id"], frame["doc_id"], frame[number].to_numpy(dtype=float))


def _frame_table(query: pd.Series, doc: pd.Series, number: np.ndarray) -> TrecTable | None:
    """``trec_fast``'s table of one frame, read from its Arrow text buffers; None unless its case."""
    q, d = _arrow_text(query), _arrow_text(doc)
    if q is None or d is None:
        return None
    return arrow_table(q, d, number)


def _arrow_text(column: pd.Series) -> pa.Array[Any] | None:
    """A text column as one Arrow string array (Arrow-backed text: no copy); None for other values or gaps."""
    dtype = column.dtype
    arr: pa.Array[Any] | pa.ChunkedArray[Any]
    try:
        if isinstance(dtype, pd.StringDtype) and dtype.storage == "pyarrow":
            arr = pa.array(column.array)
        elif (
            isinstance(dtype, np.dtype)
            and dtype.kind == "O"
            and pd.api.types.infer_dtype(column, skipna=False) == "string"
        ):
            arr = pa.array(column.to_numpy(), type=pa.large_string())
        else:
            return None
    except (pa.ArrowInvalid, pa.ArrowTypeError, UnicodeError):
        return None
    if isinstance(arr, pa.ChunkedArray):
        arr = arr.combine_chunks()
    if arr.null_count or arr.type not in (pa.string(), pa.large_string()):
        return None
    return arr
