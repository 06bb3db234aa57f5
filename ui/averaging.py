"""Averaging nDCG over queries: a built-in three-query run, its nDCG@3 per query and the two means.

A query with no relevant judged document has IDCG = 0. scikit-learn and trec_eval count it as
nDCG 0 in the mean (``empty="zero"``); some libraries leave it out (``empty="skip"``). Every
number shown comes from ``ndcg_core.evaluate_run``.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from types import MappingProxyType

import pandas as pd
import pyarrow as pa
import streamlit as st

from ndcg_core import RunEvaluation, evaluate_run
from teach.format import fmt, num
from teach.model import LANGS
from ui import session, tables
from ui.i18n import T, translate

K = 3
GAIN = "linear"
# Each query's grades in ranked order. Query 1 is the source's A, B, C = 1, 3, 2; query 3 has
# no relevant document, so its IDCG is 0.
GRADES: tuple[tuple[int, ...], ...] = ((1, 3, 2), (2, 0, 1), (0, 0, 0))
RULES = ("zero", "skip")


def example_frames() -> tuple[pd.DataFrame, pd.DataFrame]:
    """The run (scores falling in the listed order) and the qrels (every listed document judged)."""
    run, qrels = [], []
    for q, grades in enumerate(GRADES, start=1):
        for i, grade in enumerate(grades):
            doc = f"q{q}-d{i + 1}"
            run.append((f"q{q}", doc, float(len(grades) - i)))
            qrels.append((f"q{q}", doc, grade))
    return (
        pd.DataFrame(run, columns=["query_id", "doc_id", "score"]),
        pd.DataFrame(qrels, columns=["query_id", "doc_id", "relevance"]),
    )


@lru_cache(maxsize=1)
def evaluations() -> Mapping[str, RunEvaluation]:
    """``evaluate_run`` of the example under each rule for IDCG = 0 queries: "zero" and "skip".

    The example is a constant, so this runs once per process, not on every rerun. Every session
    shares the result read-only (tests/test_shared_state.py checks no page changes it).
    """
    run, qrels = example_frames()
    return MappingProxyType({rule: evaluate_run(run, qrels, k=K, gain=GAIN, empty=rule) for rule in RULES})


def _sum(ndcgs, mean: float) -> dict[str, str | int]:
    """The fields of one written-out mean: (a + b + ...) / n = mean."""
    return {"terms": " + ".join(fmt(v) for v in ndcgs), "n": len(ndcgs), "mean": fmt(mean)}


@lru_cache(maxsize=1)
def _figures() -> Mapping[str, tuple]:
    """The per-query columns and both written-out means, as tuples: built once, read by every rerun."""
    ev = evaluations()
    per_query = ev["zero"].per_query
    counted = per_query[per_query["idcg"] > 0]
    return MappingProxyType(
        {
            **{c: tuple(per_query[c].tolist()) for c in ("dcg", "idcg", "ndcg")},
            "zero": tuple(_sum(per_query["ndcg"], ev["zero"].mean).items()),
            "skip": tuple(_sum(counted["ndcg"], ev["skip"].mean).items()),
            "means": (fmt(ev["zero"].mean), fmt(ev["skip"].mean)),
        }
    )


@lru_cache(maxsize=len(LANGS))
def _table(language: str) -> pa.Table:
    """The per-query table in one language, built once per process: an Arrow table is immutable, so every
    session may show the same one, and no rerun rebuilds it."""
    fig, at = _figures(), f"@{K}"
    return tables.arrow(
        {
            translate("avg_col_query", language): [
                translate("avg_query", language, n=n) for n in range(1, len(GRADES) + 1)
            ],
            translate("avg_col_grades", language): [", ".join(num(g) for g in grades) for grades in GRADES],
            translate("metric_dcg", language, at=at): fig["dcg"],
            translate("metric_idcg", language, at=at): fig["idcg"],
            translate("metric_ndcg", language, at=at): fig["ndcg"],
        }
    )


def section() -> None:
    """The averaging section: lead, per-query table, both means with their sums, and which tools do which."""
    fig = _figures()
    st.header(T("avg_title"))
    st.write(T("avg_lead"))
    tables.show(_table(session.language()))
    row = st.container(horizontal=True, gap="medium", key="avg_means")  # a flex row: 2 elements fewer than columns
    row.metric(T("avg_mean_zero"), fig["means"][0])
    row.metric(T("avg_mean_skip"), fig["means"][1])
    st.text("\n".join([T("avg_line_zero", **dict(fig["zero"])), T("avg_line_skip", **dict(fig["skip"]))]))
    st.write(T("avg_tools"))
