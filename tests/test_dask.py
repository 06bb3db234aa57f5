"""evaluate_ddf: evaluate_run on Dask DataFrames, checked against evaluate_run on the same rows on a local cluster."""

import logging
import sys
import types

import dask.dataframe as dd
import distributed
import numpy as np
import pandas as pd
import pytest

import ndcg_core.dask as ndask
from ndcg_core import evaluate_run
from ndcg_core.dask import evaluate_ddf

PER_QUERY_COLUMNS = ["query_id", "dcg", "idcg", "ndcg", "n_retrieved", "n_relevant"]


@pytest.fixture(scope="module")
def monkeypatch_module():
    """A monkeypatch that lasts for the module (the cluster's lifetime)."""
    with pytest.MonkeyPatch.context() as mp:
        yield mp


@pytest.fixture(scope="module")
def client(monkeypatch_module):
    """Two worker processes, one thread each, on random ports and without a dashboard (safe under xdist -n 2).

    A worker process is spawned: it re-imports the parent's ``__main__``. After an AppTest in the same
    pytest process that is app.py (Streamlit leaves its script there), which a worker cannot run, so the
    cluster starts with a plain ``__main__``.
    """
    monkeypatch_module.setitem(sys.modules, "__main__", types.ModuleType("__main__"))
    with (
        distributed.LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,  # no dashboard; its health server on a random port, not 8787 (xdist)
            scheduler_kwargs={"dashboard_address": ":0"},
            scheduler_port=0,
            silence_logs=logging.ERROR,
        ) as cluster,
        distributed.Client(cluster, timeout="20s") as c,
    ):
        yield c


def _data(seed: int, *, interleave: bool):
    """A seeded run and qrels: ties, run queries without qrels, judged-only queries, unjudged and unretrieved docs."""
    rng = np.random.default_rng(seed)
    run_rows, qrels_rows = [], []
    for q in range(30):
        qid = f"q{q}"
        docs = rng.choice(40, size=int(rng.integers(1, 15)), replace=False)
        scores = rng.integers(0, 6, size=len(docs)) / 4  # few distinct values: many ties
        run_rows += [(qid, f"d{d}", s) for d, s in zip(docs, scores)]
        if q % 7 == 3:
            continue  # a run query with no qrels at all
        judged = rng.choice(40, size=int(rng.integers(1, 12)), replace=False)
        grades = rng.integers(0, 4, size=len(judged))
        if q % 5 == 1:
            grades[:] = 0  # judged, but nothing relevant: idcg 0
        qrels_rows += [(qid, f"d{d}", int(g)) for d, g in zip(judged, grades)]
    for q in range(4):  # judged, never retrieved: not reported
        qrels_rows += [(f"j{q}", f"d{d}", 2) for d in range(3)]
    run = pd.DataFrame(run_rows, columns=["query_id", "doc_id", "score"])
    qrels = pd.DataFrame(qrels_rows, columns=["query_id", "doc_id", "relevance"]).sample(frac=1, random_state=seed)
    if interleave:  # queries' rows not listed together; ties="stable" still follows this row order
        run = run.sample(frac=1, random_state=seed)
    return run.reset_index(drop=True), qrels.reset_index(drop=True)


CASES = [
    # (seed, gain, k, empty, ties, interleave)
    (0, "exponential", None, "zero", "average", False),
    (1, "exponential", 5, "skip", "stable", True),
    (2, "linear", None, "skip", "optimistic", False),
    (3, "linear", 5, "zero", "pessimistic", True),
    (4, "exponential", 5, "zero", "average", True),
    (5, "linear", None, "zero", "stable", False),
    (6, "exponential", None, "skip", "pessimistic", False),
    (7, "linear", 5, "skip", "average", False),
]


@pytest.mark.parametrize(("seed", "gain", "k", "empty", "ties", "interleave"), CASES)
def test_matches_evaluate_run(client, seed, gain, k, empty, ties, interleave):
    """Per-query values and the mean equal evaluate_run's on the concatenated frames exactly, for every option mix."""
    run, qrels = _data(seed, interleave=interleave)
    opts = {"k": k, "gain": gain, "ties": ties, "empty": empty}
    expected = evaluate_run(run, qrels, **opts)
    per_query, mean = evaluate_ddf(dd.from_pandas(run, npartitions=4), dd.from_pandas(qrels, npartitions=3), **opts)

    assert isinstance(per_query, pd.DataFrame)
    assert list(per_query.columns) == PER_QUERY_COLUMNS
    # Same rows in the same (first-seen) order, so no sorting is needed; exact equality, no tolerance.
    pd.testing.assert_frame_equal(per_query, expected.per_query, check_exact=True)
    assert mean == expected.mean
    # The data covers what the comparison is meant to cover.
    assert (per_query["n_relevant"] == 0).any() and (per_query["ndcg"] > 0).any()
    assert not per_query["query_id"].str.startswith("j").any()


def test_lazy_result_matches_evaluate_run(client):
    """With compute=False the Dask per-query frame holds evaluate_run's rows and the lazy mean its mean."""
    run, qrels = _data(11, interleave=True)
    expected = evaluate_run(run, qrels, k=5, empty="skip")
    per_query, mean = evaluate_ddf(
        dd.from_pandas(run, npartitions=5), dd.from_pandas(qrels, npartitions=2), k=5, empty="skip", compute=False
    )

    assert isinstance(per_query, dd.DataFrame)
    got = per_query.compute().sort_values("query_id").reset_index(drop=True)
    want = expected.per_query.sort_values("query_id").reset_index(drop=True)
    pd.testing.assert_frame_equal(got, want, check_exact=True)
    # A Dask sum / count adds in another order than NumPy's mean: equal up to rounding, about 1e-16.
    assert mean.compute() == pytest.approx(expected.mean, rel=0, abs=1e-15)


def test_ids_compared_as_text(client):
    """Query ids 7 in the run and "7" in the qrels are one query, as in evaluate_run, though they hash differently."""
    run, qrels = _data(8, interleave=False)
    run["query_id"] = run["query_id"].str[1:].astype(int)  # 0..29 as numbers
    qrels["query_id"] = qrels["query_id"].str.replace("q", "", regex=False)  # "0".."29" and "j0".."j3" as text
    expected = evaluate_run(run, qrels)
    per_query, mean = evaluate_ddf(dd.from_pandas(run, npartitions=4), dd.from_pandas(qrels, npartitions=4))

    pd.testing.assert_frame_equal(per_query, expected.per_query, check_exact=True)
    assert per_query["idcg"].gt(0).sum() > 15  # the numbers found their text twins
    assert mean == expected.mean


def test_partition_rows_put_back_in_input_order():
    """A partition whose rows a shuffle reordered is evaluated in input row order, which ties="stable" follows."""
    run, qrels = _data(1, interleave=True)
    expected = evaluate_run(run, qrels, ties="stable")
    tagged_run = ndask._with_positions(run, ("query_id", "doc_id", "score"))
    tagged_qrels = ndask._with_positions(qrels, ("query_id", "doc_id", "relevance"))
    options = {
        "k": None,
        "gain": "exponential",
        "discount": "log2",
        "discount_base": 2.0,
        "ties": "stable",
        "empty": "zero",
    }
    got = ndask._evaluate_partition(tagged_run.iloc[::-1], tagged_qrels.iloc[::-1], options)

    got = got.sort_values("__ndcg_first").drop(columns="__ndcg_first").reset_index(drop=True)
    pd.testing.assert_frame_equal(got, expected.per_query, check_exact=True)


def test_missing_column_raises(client):
    """A run without a score column is refused up front with evaluate_run's message, before anything is computed."""
    run, qrels = _data(0, interleave=False)
    with pytest.raises(ValueError, match=r"^run lacks column\(s\) score$"):
        evaluate_ddf(dd.from_pandas(run.drop(columns="score"), npartitions=2), dd.from_pandas(qrels, npartitions=2))
    with pytest.raises(ValueError, match=r"^qrels lacks column\(s\) doc_id, relevance$"):
        evaluate_ddf(dd.from_pandas(run, npartitions=2), dd.from_pandas(qrels[["query_id"]], npartitions=2))


def test_pandas_frame_refused():
    """A pandas frame is refused with a pointer to evaluate_run."""
    run, qrels = _data(0, interleave=False)
    with pytest.raises(ValueError, match=r"^run must be a Dask DataFrame .*use evaluate_run$"):
        evaluate_ddf(run, dd.from_pandas(qrels, npartitions=1))


def test_bad_value_raises_when_computed(client):
    """A negative grade in any partition raises evaluate_run's ValueError when the result is computed."""
    run, qrels = _data(2, interleave=False)
    qrels.loc[len(qrels) - 1, "relevance"] = -1
    with pytest.raises(
        ValueError, match=r"^qrels relevance (np\.int64\()?-1\)? for query 'q\d+', doc 'd\d+' \(row \d+\) is negative$"
    ):
        evaluate_ddf(dd.from_pandas(run, npartitions=3), dd.from_pandas(qrels, npartitions=3))


def test_split_query_is_caught(client, monkeypatch):
    """Were a query's rows left in two partitions, the result is refused rather than reporting it twice."""
    monkeypatch.setattr(
        ndask, "_by_query", lambda dd_, df, columns, n: df.map_partitions(ndask._with_positions, columns)
    )
    run = pd.DataFrame({"query_id": ["q1", "q1"], "doc_id": ["a", "b"], "score": [0.5, 0.4]})
    qrels = pd.DataFrame({"query_id": ["q1", "q1"], "doc_id": ["a", "b"], "relevance": [1, 1]})
    with pytest.raises(RuntimeError, match=r"^query 'q1' was split across partitions"):
        evaluate_ddf(dd.from_pandas(run, npartitions=2), dd.from_pandas(qrels, npartitions=2))


def test_missing_dask_gives_install_hint(monkeypatch):
    """Without dask, evaluate_ddf raises ImportError naming the extra to install."""
    monkeypatch.setitem(sys.modules, "dask.dataframe", None)  # makes `import dask.dataframe` fail
    with pytest.raises(ImportError, match=r"pip install 'ndcg-teaching-app\[dask\]'"):
        evaluate_ddf(None, None)
