"""The core against two independent implementations: scikit-learn's ndcg_score and trec_eval (pytrec_eval).

scikit-learn averages DCG over tied scores (McSherry & Najork 2008) with linear gain and
judges only the listed items, so it checks ``ties="average"``. trec_eval uses linear gain,
every judged document of the query as its ideal, and breaks score ties by document id
(descending) after rounding scores to float32; it checks ``evaluate_run`` and
``score_ranking(..., ideal_pool=...)`` on scores that are distinct in float32, and
``ties="stable"`` on rows pre-sorted into trec_eval's tie order.
"""

import numpy as np
import pandas as pd
import pytest
import pytrec_eval
from sklearn.metrics import ndcg_score

from ndcg_core import evaluate_run, score_ranking

SKLEARN_CASES_PER_BLOCK = 100
SKLEARN_BLOCKS = 4  # 400 random lists in all
SKLEARN_TOL = 1e-12

# Largest per-query difference seen against trec_eval is 2.2e-16 (one ulp near 1); the
# sums run in double on both sides, in a different order, over at most 40 terms.
TREC_TOL = 1e-14
TREC_CUTS = (1, 3, 5, 10, 20)
TREC_MEASURES = {"ndcg", "ndcg_cut." + ",".join(str(k) for k in TREC_CUTS)}


def _trec_key(k):
    return "ndcg" if k is None else f"ndcg_cut_{k}"


# ---------------------------------------------------------------- scikit-learn


def _random_list(rng):
    """A random ranked list with many ties: scores from a few distinct values, grades 0..4 some fractional."""
    n = int(rng.integers(2, 31))  # sklearn needs at least 2 items per row
    levels = rng.normal(size=int(rng.integers(1, 5)))  # 1 to 4 distinct scores: heavy ties
    scores = rng.choice(levels, size=n)
    rel = rng.integers(0, 5, size=n).astype(float)
    if rng.random() < 0.3:
        frac = rng.random(n) < 0.4
        rel[frac] = np.round(rng.uniform(0, 4, size=int(frac.sum())), 2)
    if rng.random() < 0.05:
        rel[:] = 0.0
    k = None if rng.random() < 0.25 else int(rng.integers(1, 36))  # some k beyond the list
    return rel, scores, k


@pytest.mark.parametrize("block", range(SKLEARN_BLOCKS))
def test_average_ties_agree_with_sklearn_on_random_lists(block):
    """On 400 seeded random lists with heavy ties, tie-averaged nDCG equals sklearn's for linear and exponential gain."""
    rng = np.random.default_rng(1000 + block)
    n_ties = 0
    for case in range(SKLEARN_CASES_PER_BLOCK):
        rel, scores, k = _random_list(rng)
        lin = score_ranking(rel, scores, k=k, gain="linear", ties="average")
        exp = score_ranking(rel, scores, k=k, gain="exponential", ties="average")
        sk_lin = ndcg_score([rel], [scores], k=k)
        # sklearn's gain is the y_true value itself, so 2^rel - 1 gives the exponential gain.
        sk_exp = ndcg_score([2.0**rel - 1.0], [scores], k=k)
        where = f"block {block} case {case}: rel={rel.tolist()} scores={scores.tolist()} k={k}"
        assert abs(lin.ndcg - sk_lin) <= SKLEARN_TOL, where
        assert abs(exp.ndcg - sk_exp) <= SKLEARN_TOL, where
        n_ties += lin.has_ties
    assert n_ties >= SKLEARN_CASES_PER_BLOCK * 0.8  # the cases really exercise ties


def test_sklearn_agreement_is_sensitive_to_the_tie_policy():
    """sklearn's tie averaging differs from the optimistic order, so the random-list check can tell policies apart."""
    rel, scores = [0, 3, 1], [1, 1, 0]
    sk = ndcg_score([rel], [scores])
    assert abs(score_ranking(rel, scores, gain="linear").ndcg - sk) < 1e-12
    assert abs(score_ranking(rel, scores, gain="linear", ties="optimistic").ndcg - sk) > 0.1


# ---------------------------------------------------------------- trec_eval


def _random_trec_data(seed, n_queries=30, tied=False):
    """A run and qrels with unjudged retrieved docs, judged docs not retrieved and some all-zero queries.

    Scores are a shifted permutation of integers, so they are distinct in float32, unless
    ``tied``: then they come from three values.
    """
    rng = np.random.default_rng(seed)
    run_rows, qrel_rows = [], []
    for qi in range(n_queries):
        q = f"q{qi}"
        n = int(rng.integers(1, 41))
        docs = rng.choice(500, size=n + 8, replace=False)
        retrieved, unretrieved = docs[:n], docs[n : n + int(rng.integers(0, 8))]
        if tied:
            scores = rng.choice([0.25, 0.5, 0.75], size=n)
        else:
            scores = rng.permutation(n).astype(float) * 1.5 - 11.0
        run_rows += [(q, f"d{d}", float(s)) for d, s in zip(retrieved, scores, strict=True)]
        judged = [d for d in retrieved if rng.random() < 0.6] + list(unretrieved)
        if not judged:
            judged = [retrieved[0]]
        all_zero = rng.random() < 0.1
        qrel_rows += [(q, f"d{d}", 0 if all_zero else int(rng.integers(0, 5))) for d in judged]
    run = pd.DataFrame(run_rows, columns=["query_id", "doc_id", "score"])
    qrels = pd.DataFrame(qrel_rows, columns=["query_id", "doc_id", "relevance"])
    return run, qrels


def _pytrec(run, qrels, measures=TREC_MEASURES):
    qd, rd = {}, {}
    for q, d, r in qrels.itertuples(index=False):
        qd.setdefault(q, {})[d] = int(r)
    for q, d, s in run.itertuples(index=False):
        rd.setdefault(q, {})[d] = float(s)
    return pytrec_eval.RelevanceEvaluator(qd, set(measures)).evaluate(rd)


@pytest.mark.parametrize("seed", range(6))
def test_evaluate_run_agrees_with_trec_eval(seed):
    """evaluate_run with linear gain equals trec_eval's ndcg and ndcg_cut_k per query, unjudged and unretrieved docs included."""
    run, qrels = _random_trec_data(seed)
    trec = _pytrec(run, qrels)
    assert set(trec) == set(run["query_id"])
    for k in (*TREC_CUTS, None):
        ev = evaluate_run(run, qrels, k=k, gain="linear")
        ours = ev.per_query.set_index("query_id")["ndcg"]
        theirs = pd.Series({q: m[_trec_key(k)] for q, m in trec.items()})
        diff = (ours.loc[theirs.index] - theirs).abs()
        assert diff.max() <= TREC_TOL, (k, diff.idxmax(), diff.max())
        # Every query has qrels here, so the empty="zero" mean is trec_eval's mean over queries.
        assert ev.mean == pytest.approx(theirs.mean(), abs=TREC_TOL)


@pytest.mark.parametrize("seed", range(3))
def test_score_ranking_with_ideal_pool_agrees_with_trec_eval(seed):
    """score_ranking on one query's retrieved grades, with every judged grade as ideal_pool, equals trec_eval."""
    run, qrels = _random_trec_data(100 + seed, n_queries=20)
    trec = _pytrec(run, qrels)
    for q, rows in run.groupby("query_id", sort=False):
        judged = qrels[qrels["query_id"] == q].set_index("doc_id")["relevance"]
        rel = [float(judged.get(d, 0)) for d in rows["doc_id"]]
        for k in (*TREC_CUTS, None):
            r = score_ranking(rel, rows["score"].to_numpy(), k=k, gain="linear", ideal_pool=judged.to_numpy())
            assert abs(r.ndcg - trec[q][_trec_key(k)]) <= TREC_TOL, (q, k)


@pytest.mark.parametrize("seed", range(3))
def test_stable_ties_in_trec_order_agree_with_trec_eval_on_tied_scores(seed):
    """trec_eval breaks score ties by doc id, descending; "stable" on rows pre-sorted that way reproduces it."""
    run, qrels = _random_trec_data(200 + seed, tied=True)
    trec = _pytrec(run, qrels, {"ndcg_cut.5"})
    in_trec_order = run.sort_values("doc_id", ascending=False, kind="stable")
    ours = evaluate_run(in_trec_order, qrels, k=5, gain="linear", ties="stable").per_query.set_index("query_id")
    theirs = pd.Series({q: m["ndcg_cut_5"] for q, m in trec.items()})
    assert (ours["ndcg"].loc[theirs.index] - theirs).abs().max() <= TREC_TOL
    # Averaging the ties instead gives a different, order-free answer on this tied run.
    averaged = evaluate_run(run, qrels, k=5, gain="linear").per_query.set_index("query_id")["ndcg"]
    assert (averaged.loc[theirs.index] - theirs).abs().max() > 1e-3


def test_trec_eval_scores_all_zero_queries_zero_and_skips_unjudged_queries():
    """trec_eval gives 0 to a query whose judged docs are all grade 0 and leaves out a query with no qrels; empty="zero" matches on the judged ones."""
    run = pd.DataFrame(
        {
            "query_id": ["a", "a", "z", "z", "n"],
            "doc_id": ["d1", "d2", "d1", "d2", "d1"],
            "score": [2.0, 1.0, 2.0, 1.0, 1.0],
        }
    )
    qrels = pd.DataFrame({"query_id": ["a", "a", "z"], "doc_id": ["d2", "d9", "d1"], "relevance": [1, 2, 0]})
    trec = _pytrec(run, qrels, {"ndcg_cut.10"})
    assert set(trec) == {"a", "z"}  # "n" has no qrels at all
    assert trec["z"]["ndcg_cut_10"] == 0.0
    ev = evaluate_run(run, qrels, k=10, gain="linear", empty="zero").per_query.set_index("query_id")
    assert ev.loc["z", "ndcg"] == 0.0 and ev.loc["z", "idcg"] == 0.0
    assert ev.loc["n", "ndcg"] == 0.0 and ev.loc["n", "n_relevant"] == 0
    assert abs(ev.loc["a", "ndcg"] - trec["a"]["ndcg_cut_10"]) <= TREC_TOL
    # Hand value for "a": d2 (grade 1) at rank 2 against the ideal d9 (2), d2 (1).
    assert ev.loc["a", "ndcg"] == pytest.approx((1 / np.log2(3)) / (2 + 1 / np.log2(3)), rel=1e-15)
    # Over the queries trec_eval reports, empty="zero" reproduces its mean.
    judged_only = evaluate_run(run[run["query_id"] != "n"], qrels, k=10, gain="linear", empty="zero")
    assert judged_only.mean == pytest.approx(np.mean([m["ndcg_cut_10"] for m in trec.values()]), abs=TREC_TOL)


def test_trec_eval_compares_scores_in_float32():
    """Scores 1 and 1 + 1e-8 are equal in float32, so trec_eval ties them; the oracle data must avoid such pairs."""
    run = pd.DataFrame({"query_id": ["q", "q"], "doc_id": ["a", "b"], "score": [1.0, 1.0 + 1e-8]})
    qrels = pd.DataFrame({"query_id": ["q", "q"], "doc_id": ["a", "b"], "relevance": [0, 1]})
    trec = _pytrec(run, qrels, {"ndcg_cut.1"})
    # In double, b is ahead and nDCG@1 is 1; trec_eval ties them and puts b (higher id) first too, so
    # give b the lower id to expose the rounding.
    run2 = run.assign(doc_id=["b", "a"])
    qrels2 = qrels.assign(doc_id=["b", "a"])
    trec2 = _pytrec(run2, qrels2, {"ndcg_cut.1"})
    assert trec["q"]["ndcg_cut_1"] == 1.0
    assert trec2["q"]["ndcg_cut_1"] == 0.0
    assert evaluate_run(run2, qrels2, k=1, gain="linear").mean == 1.0
