"""ndcg_core.collection.score_collection: per-query nDCG against pytrec_eval (trec_eval) and
scikit-learn, the means under each option, the coverage counts, and the bundled sample."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
import pytrec_eval
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.metrics import ndcg_score

from ndcg_core.collection import score_collection
from ndcg_core.files import load
from ndcg_core.trec import trec_eval_ndcg

ROOT = Path(__file__).resolve().parent.parent
LOG3 = math.log2(3)


def make_case(seed: int, *, queries: int = 6, docs: int = 12, low: int = -1):
    """A seeded run and qrels (frames and pytrec_eval dicts): distinct scores, unjudged and unretrieved
    documents, grades ``low``..3, a run query without judgments and a judged query missing from the run."""
    rng = np.random.default_rng(seed)
    run_rows, qrels_rows, run, qrels = [], [], {}, {}
    for q in range(queries):
        qid = f"q{q}"
        pool = [f"d{q}_{i:02d}" for i in range(docs)]
        if q != queries - 1:  # the last query has no judgments
            judged = rng.choice(pool, size=int(rng.integers(1, docs)), replace=False)
            qrels[qid] = {str(d): int(rng.integers(low, 4)) for d in judged}
            # pytrec_eval crashes on a query whose every grade is negative: keep one grade >= 0
            qrels[qid][str(judged[0])] = max(qrels[qid][str(judged[0])], 0)
            qrels_rows += [(qid, d, g) for d, g in qrels[qid].items()]
        if q == 0:
            continue  # judged, never retrieved
        retrieved = rng.choice(pool, size=int(rng.integers(1, docs)), replace=False)
        scores = rng.permutation(len(retrieved)) * 0.25 + 1.0  # distinct, exact as 32-bit floats
        run[qid] = {str(d): float(s) for d, s in zip(retrieved, scores, strict=True)}
        run_rows += [(qid, str(d), float(s)) for d, s in zip(retrieved, scores, strict=True)]
    run_df = pd.DataFrame(run_rows, columns=["query_id", "doc_id", "score"])
    qrels_df = pd.DataFrame(qrels_rows, columns=["query_id", "doc_id", "relevance"])
    return run_df, qrels_df, run, qrels


def per_query(result, column: str) -> dict[str, float]:
    return dict(zip(result.per_query["query_id"], result.per_query[column], strict=True))


def trec_oracle(run, qrels, k):
    measure = "ndcg" if k is None else f"ndcg_cut_{k}"
    spec = {"ndcg"} if k is None else {f"ndcg_cut.{k}"}
    return {q: v[measure] for q, v in pytrec_eval.RelevanceEvaluator(qrels, spec).evaluate(run).items()}


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("k", [1, 3, 10, None])
def test_linear_equals_pytrec_eval(seed, k):
    """ideal=judged, missing=skip, no_relevant=zero: each query's linear nDCG@k equals trec_eval's ndcg_cut_k."""
    run_df, qrels_df, run, qrels = make_case(seed)
    result = score_collection(run_df, qrels_df, k=k)
    want = trec_oracle(run, qrels, k)
    got = per_query(result, "ndcg_linear")
    assert set(got) == set(want)  # only queries in both files
    for q, value in want.items():
        assert got[q] == pytest.approx(value, abs=1e-12), q
    mean = trec_eval_ndcg(run_df, qrels_df, cutoffs=() if k is None else (k,), full=k is None)
    assert result.mean["linear"] == pytest.approx(mean.mean["ndcg" if k is None else f"ndcg_cut_{k}"], abs=1e-12)
    assert result.mean["linear"] == pytest.approx(np.mean(list(want.values())), abs=1e-12)
    assert result.counted == len(want)


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("k", [3, 10])
def test_exponential_equals_pytrec_eval_on_2g_minus_1(seed, k):
    """The exponential nDCG@k equals trec_eval's ndcg_cut_k when every grade g is replaced by 2^g − 1."""
    run_df, qrels_df, run, qrels = make_case(seed, low=0)
    result = score_collection(run_df, qrels_df, k=k)
    exp_qrels = {q: {d: 2**g - 1 for d, g in docs.items()} for q, docs in qrels.items()}
    want = trec_oracle(run, exp_qrels, k)
    got = per_query(result, "ndcg_exponential")
    assert set(got) == set(want)
    for q, value in want.items():
        assert got[q] == pytest.approx(value, abs=1e-12), q
    assert result.mean["exponential"] == pytest.approx(np.mean(list(want.values())), abs=1e-12)


@given(seed=st.integers(0, 2**32 - 1), k=st.sampled_from([1, 2, 5, 20]))
@settings(deadline=None, max_examples=30)
def test_linear_equals_pytrec_eval_on_any_seed(seed, k):
    """On any seeded case the per-query linear nDCG@k equals pytrec_eval's to 1e-12."""
    run_df, qrels_df, run, qrels = make_case(seed, queries=4, docs=8)
    got = per_query(score_collection(run_df, qrels_df, k=k), "ndcg_linear")
    want = trec_oracle(run, qrels, k)
    assert set(got) == set(want)
    for q, value in want.items():
        assert got[q] == pytest.approx(value, abs=1e-12)


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("k", [3, 10, None])
def test_retrieved_ideal_equals_sklearn(seed, k):
    """ideal=retrieved: a query's nDCG@k equals sklearn's ndcg_score on the retrieved list alone (unjudged and negative grades 0)."""
    run_df, qrels_df, run, qrels = make_case(seed)
    result = score_collection(run_df, qrels_df, k=k, ideal="retrieved")
    got_lin, got_exp = per_query(result, "ndcg_linear"), per_query(result, "ndcg_exponential")
    checked = 0
    for q, docs in run.items():
        if q not in qrels:
            continue
        true = np.array([max(qrels[q].get(d, 0), 0) for d in docs], dtype=float)
        scores = np.array(list(docs.values()))
        if not (true > 0).any():
            assert got_lin[q] == 0.0  # nothing relevant retrieved: the retrieved ideal is 0 and nDCG counts 0
            continue
        if len(true) > 1:  # sklearn needs at least two documents
            assert got_lin[q] == pytest.approx(ndcg_score([true], [scores], k=k), abs=1e-12), q
            assert got_exp[q] == pytest.approx(ndcg_score([2**true - 1], [scores], k=k), abs=1e-12), q
            checked += 1
        else:
            assert got_lin[q] == 1.0  # one relevant document on its own is ideal
    assert checked >= 1


def test_retrieved_ideal_differs_from_judged_when_relevant_documents_were_missed():
    """A relevant judged document the run never retrieved lowers the judged-ideal nDCG but not the retrieved-ideal one."""
    run = pd.DataFrame({"query_id": ["q"] * 2, "doc_id": ["a", "b"], "score": [2.0, 1.0]})
    qrels = pd.DataFrame({"query_id": ["q"] * 3, "doc_id": ["a", "b", "c"], "relevance": [1, 0, 3]})
    judged = score_collection(run, qrels, ideal="judged")
    retrieved = score_collection(run, qrels, ideal="retrieved")
    assert judged.mean["linear"] == pytest.approx(1 / (3 + 1 / LOG3), rel=1e-12)  # DCG 1, IDCG 3 + 1/log2 3
    assert retrieved.mean["linear"] == 1.0


# --------------------------------------------------------------------------- options on a hand case


def hand_case():
    """q1: ranked d1 (0), d2 (2), d3 (−1); d5 (1) judged, not retrieved.  q2: retrieved, every grade 0.
    q3: retrieved, never judged.  q4: judged (1 and −2), not retrieved."""
    run = pd.DataFrame(
        {
            "query_id": ["q1", "q1", "q1", "q2", "q3", "q3"],
            "doc_id": ["d1", "d2", "d3", "d1", "d1", "d2"],
            "score": [3.0, 2.0, 1.0, 1.0, 2.0, 1.0],
        }
    )
    qrels = pd.DataFrame(
        {
            "query_id": ["q1", "q1", "q1", "q1", "q2", "q2", "q4", "q4"],
            "doc_id": ["d1", "d2", "d3", "d5", "d1", "d2", "d1", "d2"],
            "relevance": [0, 2, -1, 1, 0, 0, 1, -2],
        }
    )
    return run, qrels


Q1_LINEAR = (2 / LOG3) / (2 + 1 / LOG3)  # DCG: 2 at rank 2; ideal: grades 2, 1 = 0.47963
Q1_EXPONENTIAL = (3 / LOG3) / (3 + 1 / LOG3)  # gains 2² − 1 = 3 and 2¹ − 1 = 1


def test_hand_case_per_query_and_coverage():
    """The hand case: q1 and q2 are scored, q3 is run-only, q4 judged-only, q2 has nothing relevant, two grades are negative."""
    result = score_collection(*hand_case())
    assert Q1_LINEAR == pytest.approx(0.47963, abs=1e-5)
    table = result.per_query.set_index("query_id")
    assert list(table.index) == ["q1", "q2"]
    assert table.loc["q1", "ndcg_linear"] == pytest.approx(Q1_LINEAR, rel=1e-12)
    assert table.loc["q1", "ndcg_exponential"] == pytest.approx(Q1_EXPONENTIAL, rel=1e-12)
    assert table.loc["q2", "ndcg_linear"] == 0.0 and table.loc["q2", "ndcg_exponential"] == 0.0
    assert table["n_retrieved"].tolist() == [3, 1]
    assert table["n_judged"].tolist() == [4, 2]
    assert table["n_relevant"].tolist() == [2, 0]  # the −1 grade is not relevant
    assert table["counted"].tolist() == [True, True]
    cov = result.coverage
    assert cov.scored == 2
    assert cov.run_only == ("q3",)
    assert cov.judged_only == ("q4",)
    assert cov.no_relevant == ("q2",)
    assert cov.negative == 2
    assert result.mean["linear"] == pytest.approx(Q1_LINEAR / 2, rel=1e-12)  # q2 counts 0, as in trec_eval
    assert result.counted == 2
    assert (result.k, result.ideal, result.missing, result.no_relevant) == (10, "judged", "skip", "zero")


def test_hand_case_no_relevant_skip():
    """no_relevant=skip leaves q2 (no relevant document) out of the mean: the mean is q1's alone."""
    result = score_collection(*hand_case(), no_relevant="skip")
    assert result.mean["linear"] == pytest.approx(Q1_LINEAR, rel=1e-12)
    assert result.mean["exponential"] == pytest.approx(Q1_EXPONENTIAL, rel=1e-12)
    assert result.counted == 1
    assert result.per_query.set_index("query_id")["counted"].to_dict() == {"q1": True, "q2": False}
    assert result.coverage.no_relevant == ("q2",)


def test_hand_case_missing_zero():
    """missing=zero adds q4 (judged, not retrieved) with 0, so the mean is q1 / 3, as trec_eval -c gives."""
    run, qrels = hand_case()
    result = score_collection(run, qrels, missing="zero")
    table = result.per_query.set_index("query_id")
    assert list(table.index) == ["q1", "q2", "q4"]
    assert table.loc["q4", "ndcg_linear"] == 0.0 and table.loc["q4", "n_retrieved"] == 0
    assert table.loc["q4", "n_judged"] == 2 and table.loc["q4", "n_relevant"] == 1
    assert result.mean["linear"] == pytest.approx(Q1_LINEAR / 3, rel=1e-12)
    assert result.counted == 3
    dash_c = trec_eval_ndcg(run, qrels, cutoffs=(10,), full=False, complete=True)
    assert result.mean["linear"] == pytest.approx(dash_c.mean["ndcg_cut_10"], rel=1e-12)
    assert result.coverage.scored == 2  # q4 is averaged, not scored


def test_hand_case_missing_zero_and_no_relevant_skip():
    """missing=zero with no_relevant=skip: q2 is left out, q4 (it has a relevant judgment) counts 0: mean q1 / 2."""
    result = score_collection(*hand_case(), missing="zero", no_relevant="skip")
    assert result.per_query.set_index("query_id")["counted"].to_dict() == {"q1": True, "q2": False, "q4": True}
    assert result.mean["linear"] == pytest.approx(Q1_LINEAR / 2, rel=1e-12)
    assert result.counted == 2


def test_a_judged_only_query_without_relevant_documents_is_skipped_too():
    """With missing=zero and no_relevant=skip, a judged-only query whose every grade is 0 is left out of the mean too."""
    run, qrels = hand_case()
    qrels = pd.concat(
        [qrels, pd.DataFrame({"query_id": ["q5"], "doc_id": ["d1"], "relevance": [0]})], ignore_index=True
    )
    result = score_collection(run, qrels, missing="zero", no_relevant="skip")
    table = result.per_query.set_index("query_id")
    assert table.loc["q5", "n_relevant"] == 0
    assert not table.loc["q5", "counted"]
    assert result.mean["linear"] == pytest.approx(Q1_LINEAR / 2, rel=1e-12)


def test_hand_case_retrieved_ideal():
    """ideal=retrieved: q1's ideal reorders d1, d2, d3 only (grades 0, 2, 0), so nDCG = (2/log2 3) / 2."""
    result = score_collection(*hand_case(), ideal="retrieved")
    table = result.per_query.set_index("query_id")
    assert table.loc["q1", "ndcg_linear"] == pytest.approx(1 / LOG3, rel=1e-12)
    assert table.loc["q1", "ndcg_exponential"] == pytest.approx(1 / LOG3, rel=1e-12)
    assert table.loc["q2", "ndcg_linear"] == 0.0


def test_k_cuts_the_ranking():
    """k=1: q1's top document d1 has grade 0, so nDCG@1 is 0; k=2 sees d2: (2/log2 3) / (2 + 1/log2 3)."""
    run, qrels = hand_case()
    at1 = score_collection(run, qrels, k=1).per_query.set_index("query_id")
    at2 = score_collection(run, qrels, k=2).per_query.set_index("query_id")
    assert at1.loc["q1", "ndcg_linear"] == 0.0
    assert at2.loc["q1", "ndcg_linear"] == pytest.approx(Q1_LINEAR, rel=1e-12)


def test_ties_are_broken_by_docno_descending_as_32_bit_floats():
    """Scores equal as 32-bit floats tie, and trec_eval ranks the larger docno first."""
    run = pd.DataFrame({"query_id": ["q"] * 2, "doc_id": ["a", "b"], "score": [1.0 + 1e-9, 1.0]})
    qrels = pd.DataFrame({"query_id": ["q"], "doc_id": ["a"], "relevance": [1]})
    result = score_collection(run, qrels)
    assert result.mean["linear"] == pytest.approx(1 / LOG3, rel=1e-12)  # b first, a second
    want = trec_oracle({"q": {"a": 1.0 + 1e-9, "b": 1.0}}, {"q": {"a": 1}}, 10)
    assert result.mean["linear"] == pytest.approx(want["q"], abs=1e-12)


def test_no_shared_query_gives_nan_means():
    """A run and judgments with no query in common: nothing is scored and the means are nan."""
    run = pd.DataFrame({"query_id": ["a"], "doc_id": ["d"], "score": [1.0]})
    qrels = pd.DataFrame({"query_id": ["b"], "doc_id": ["d"], "relevance": [1]})
    result = score_collection(run, qrels)
    assert result.counted == 0 and len(result.per_query) == 0
    assert math.isnan(result.mean["linear"]) and math.isnan(result.mean["exponential"])
    assert result.coverage.run_only == ("a",) and result.coverage.judged_only == ("b",)
    zero = score_collection(run, qrels, missing="zero")
    assert zero.counted == 1 and zero.mean["linear"] == 0.0


@pytest.mark.parametrize(
    ("option", "value", "match"),
    [
        ("ideal", "all", r"ideal must be one of judged, retrieved, got 'all'"),
        ("missing", "drop", r"missing must be one of skip, zero, got 'drop'"),
        ("no_relevant", "one", r"no_relevant must be one of zero, skip, got 'one'"),
    ],
)
def test_bad_options_raise(option, value, match):
    """An unknown ideal, missing or no_relevant raises ValueError listing the allowed values."""
    with pytest.raises(ValueError, match=match):
        score_collection(*hand_case(), **{option: value})


# ---------------------------------------------------------------------------------- bundled sample


@pytest.mark.parametrize(("name", "mean"), [("run_a.txt", 0.5828), ("run_b.txt", 0.6808)])
def test_bundled_sample(name, mean):
    """The bundled sample: nDCG@10 linear means are 0.5828 (A) and 0.6808 (B), equal to trec_eval's."""
    qrels = load((ROOT / "samples" / "qrels.txt").read_bytes(), "qrels.txt").qrels
    run = load((ROOT / "samples" / name).read_bytes(), name).run
    result = score_collection(run, qrels, k=10)
    assert f"{result.mean['linear']:.4f}" == f"{mean:.4f}"
    trec = trec_eval_ndcg(run, qrels, cutoffs=(10,), full=False)
    assert result.mean["linear"] == pytest.approx(trec.mean["ndcg_cut_10"], abs=1e-12)
    assert result.counted == 50 and result.coverage.scored == 50
