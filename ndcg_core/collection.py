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

from dataclasses import dataclass

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc

from ndcg_core.batch import evaluate_run_gains
from ndcg_core.trec import trec_order

GAINS = ("linear", "exponential")
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
    """Per-query nDCG under both gains, the means, and what was counted."""

    per_query: pd.DataFrame  # query_id, ndcg_linear, ndcg_exponential, n_retrieved, n_judged, n_relevant, counted
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


def score_collection(run: pd.DataFrame, qrels: pd.DataFrame, *, k: int | None = 10, ideal: str = "judged",
                     missing: str = "skip", no_relevant: str = "zero") -> CollectionScores:
    """nDCG@k of each query in both ``run`` (query_id, doc_id, score) and ``qrels`` (query_id, doc_id, relevance)."""
    _option(ideal, IDEALS, "ideal")
    _option(missing, MISSING, "missing")
    _option(no_relevant, NO_RELEVANT, "no_relevant")
    grades = qrels["relevance"].to_numpy(dtype=float)
    judged = pd.DataFrame({"query_id": qrels["query_id"].astype(str).array,  # Arrow text stays Arrow text
                           "doc_id": qrels["doc_id"].astype(str).array, "relevance": np.maximum(grades, 0.0)})
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
    if ranked.empty:
        columns = dict.fromkeys(GAINS)
    else:  # both gains from one join of the run with its judgments
        evs = evaluate_run_gains(ranked, judged, gains=GAINS, k=k, ties="stable", empty="zero")
        columns = {gain: evs[gain].per_query for gain in GAINS}
    base = columns["linear"]
    if base is None:
        base = pd.DataFrame({"query_id": [], "idcg": [], "n_retrieved": []})
    table = pd.DataFrame({"query_id": base["query_id"].astype(str).to_numpy()})
    for gain in GAINS:
        table[f"ndcg_{gain}"] = columns[gain]["ndcg"].to_numpy(dtype=float) if columns[gain] is not None else []
    table["n_retrieved"] = base["n_retrieved"].to_numpy(dtype=np.int64)
    no_rel = base["idcg"].to_numpy(dtype=float) == 0
    if missing == "zero" and judged_only:
        extra = pd.DataFrame({"query_id": list(judged_only), **{f"ndcg_{g}": 0.0 for g in GAINS}, "n_retrieved": 0})
        table = pd.concat([table, extra], ignore_index=True)
        no_rel = np.concatenate([no_rel, [n_relevant.get(q, 0) == 0 for q in judged_only]])
    table["n_judged"] = table["query_id"].map(n_judged).fillna(0).astype(np.int64)
    table["n_relevant"] = table["query_id"].map(n_relevant).fillna(0).astype(np.int64)
    table["counted"] = ~no_rel if no_relevant == "skip" else np.ones(len(table), dtype=bool)
    table = table.sort_values("query_id", kind="stable").reset_index(drop=True)
    counted = table[table["counted"]]
    mean = {g: float(counted[f"ndcg_{g}"].mean()) if len(counted) else float("nan") for g in GAINS}
    scored_no_rel = tuple(sorted(base["query_id"].astype(str).to_numpy()[base["idcg"].to_numpy(dtype=float) == 0]))
    coverage = Coverage(scored=len(base), run_only=run_only, judged_only=judged_only, no_relevant=scored_no_rel,
                        negative=int(np.count_nonzero(grades < 0)))
    return CollectionScores(table, mean, len(counted), coverage, k, ideal, missing, no_relevant)
