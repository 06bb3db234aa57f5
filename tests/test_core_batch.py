"""evaluate_run: per-query nDCG of a whole run, checked by hand and against score_ranking query by query."""

import math

import numpy as np
import pandas as pd
import pytest

from ndcg_core import DISCOUNTS, TIES, evaluate_run, score_ranking
from ndcg_core.batch import _topk, evaluate_run_gains

L3 = math.log2(3)
PER_QUERY_COLUMNS = ["query_id", "dcg", "idcg", "ndcg", "n_retrieved", "n_relevant"]


def _frame(rows, columns):
    return pd.DataFrame(rows, columns=columns)


def _run(rows):
    return _frame(rows, ["query_id", "doc_id", "score"])


def _qrels(rows):
    return _frame(rows, ["query_id", "doc_id", "relevance"])


SMALL_RUN = _run(
    [
        ("q1", "a", 0.9), ("q1", "b", 0.8), ("q1", "c", 0.7),
        ("q2", "a", 0.5), ("q2", "x", 0.4),
        ("q3", "a", 0.2),
    ]
)  # fmt: skip
SMALL_QRELS = _qrels(
    [
        ("q1", "a", 1), ("q1", "b", 3), ("q1", "c", 2),
        ("q2", "x", 2), ("q2", "y", 1),  # y judged but never retrieved
        ("q3", "a", 0),  # judged, but nothing relevant
        ("q9", "a", 3),  # a query the run does not have
    ]
)  # fmt: skip


def test_per_query_columns_and_worked_example_row():
    """The per-query table has query_id, dcg, idcg, ndcg, n_retrieved, n_relevant; q1 is the worked example."""
    ev = evaluate_run(SMALL_RUN, SMALL_QRELS)
    pq = ev.per_query
    assert list(pq.columns) == PER_QUERY_COLUMNS
    row = pq.set_index("query_id").loc["q1"]
    assert row["dcg"] == pytest.approx(1 + 7 / L3 + 3 / 2, rel=1e-15)
    assert row["idcg"] == pytest.approx(7 + 3 / L3 + 1 / 2, rel=1e-15)
    assert abs(row["ndcg"] - 0.736364) < 1e-6
    assert (row["n_retrieved"], row["n_relevant"]) == (3, 3)


def test_only_queries_of_the_run_are_listed_in_run_order():
    """Queries only in the qrels (q9) are not listed; the run's queries keep their first-seen order."""
    ev = evaluate_run(SMALL_RUN, SMALL_QRELS)
    assert ev.per_query["query_id"].tolist() == ["q1", "q2", "q3"]


def test_docs_missing_from_qrels_count_zero_and_unretrieved_judged_docs_join_the_ideal():
    """In q2 the unjudged doc a gains 0 and the unretrieved judged doc y still counts in the ideal."""
    ev = evaluate_run(SMALL_RUN, SMALL_QRELS, gain="linear")
    row = ev.per_query.set_index("query_id").loc["q2"]
    assert row["dcg"] == pytest.approx(0 + 2 / L3, rel=1e-15)  # a (unjudged) at 1, x (2) at 2
    assert row["idcg"] == pytest.approx(2 + 1 / L3, rel=1e-15)  # x (2), y (1)
    assert row["ndcg"] == pytest.approx((2 / L3) / (2 + 1 / L3), rel=1e-15)
    assert (row["n_retrieved"], row["n_relevant"]) == (2, 2)


def test_empty_zero_counts_unanswerable_queries_as_zero_and_skip_leaves_them_out():
    """q3 has no relevant doc: empty="zero" averages it in as 0, empty="skip" leaves it out of the mean."""
    zero = evaluate_run(SMALL_RUN, SMALL_QRELS, empty="zero")
    skip = evaluate_run(SMALL_RUN, SMALL_QRELS, empty="skip")
    by_q = zero.per_query.set_index("query_id")["ndcg"]
    assert by_q["q3"] == 0.0
    assert zero.mean == pytest.approx((by_q["q1"] + by_q["q2"] + 0.0) / 3, rel=1e-15)
    assert skip.mean == pytest.approx((by_q["q1"] + by_q["q2"]) / 2, rel=1e-15)
    # Both keep every query in the per-query table.
    pd.testing.assert_frame_equal(zero.per_query, skip.per_query)
    assert (zero.empty, skip.empty) == ("zero", "skip")


def test_query_without_any_qrels_counts_as_empty():
    """A run query with no qrels at all has IDCG 0 and nDCG 0, like one whose judged docs are all grade 0."""
    run = _run([("q1", "a", 1.0), ("qx", "a", 1.0)])
    qrels = _qrels([("q1", "a", 2)])
    ev = evaluate_run(run, qrels)
    row = ev.per_query.set_index("query_id").loc["qx"]
    assert (row["dcg"], row["idcg"], row["ndcg"], row["n_relevant"]) == (0.0, 0.0, 0.0, 0)
    assert ev.mean == 0.5
    assert evaluate_run(run, qrels, empty="skip").mean == 1.0


def test_mean_is_nan_when_skip_leaves_nothing():
    """With empty="skip" and no query having a relevant doc, there is nothing to average: the mean is NaN."""
    ev = evaluate_run(_run([("q", "a", 1.0)]), _qrels([("q", "a", 0)]), empty="skip")
    assert math.isnan(ev.mean)
    assert evaluate_run(_run([("q", "a", 1.0)]), _qrels([("q", "a", 0)]), empty="zero").mean == 0.0


def test_k_cuts_every_query():
    """At k = 1 each query's nDCG is its top doc's gain over its best judged gain."""
    ev = evaluate_run(SMALL_RUN, SMALL_QRELS, k=1, gain="linear")
    by_q = ev.per_query.set_index("query_id")["ndcg"]
    assert by_q.to_dict() == {"q1": pytest.approx(1 / 3), "q2": 0.0, "q3": 0.0}
    assert ev.k == 1


def test_run_row_order_does_not_matter_without_ties():
    """Shuffling the rows of a tie-free run leaves every per-query value unchanged."""
    shuffled = SMALL_RUN.sample(frac=1.0, random_state=3).reset_index(drop=True)
    a = evaluate_run(SMALL_RUN, SMALL_QRELS).per_query.set_index("query_id").sort_index()
    b = evaluate_run(shuffled, SMALL_QRELS).per_query.set_index("query_id").sort_index()
    pd.testing.assert_frame_equal(a, b)


def _random_run(seed, n_queries=25, int_ids=False):
    """A random run with heavy score ties, and qrels with unjudged and unretrieved docs."""
    rng = np.random.default_rng(seed)
    run_rows, qrel_rows = [], []
    for qi in range(n_queries):
        n = int(rng.integers(1, 25))
        docs = rng.choice(300, size=n + 5, replace=False)
        scores = rng.choice([0.1, 0.2, 0.3, 0.4], size=n)
        q = 1000 + qi if int_ids else f"q{qi}"
        name = (lambda d: int(d)) if int_ids else (lambda d: f"d{d}")
        run_rows += [(q, name(d), float(s)) for d, s in zip(docs[:n], scores, strict=True)]
        judged = [d for d in docs if rng.random() < 0.5] if qi else []  # the first query has no qrels
        qrel_rows += [(q, name(d), float(rng.choice([0, 1, 2, 3, 1.5]))) for d in judged]
    return _run(run_rows), _qrels(qrel_rows)


def _expected_by_score_ranking(run, qrels, **kw):
    """Per-query nDCG computed one query at a time with score_ranking and the query's judged grades as the pool."""
    out = {}
    for q, rows in run.groupby("query_id", sort=False):
        judged = qrels[qrels["query_id"] == q].set_index("doc_id")["relevance"]
        rel = [float(judged.get(d, 0.0)) for d in rows["doc_id"]]
        # A query with no qrels has an empty pool: nothing judged, IDCG 0.
        r = score_ranking(rel, rows["score"].to_numpy(), ideal_pool=judged.to_numpy(dtype=float), **kw)
        out[str(q)] = (r.dcg, r.idcg, r.ndcg)
    return out


@pytest.mark.parametrize("ties", TIES)
@pytest.mark.parametrize("gain", ["linear", "exponential"])
@pytest.mark.parametrize("k", [None, 1, 5])
def test_every_tie_policy_matches_score_ranking_per_query(ties, gain, k):
    """For every tie policy, gain and cut-off, each query's DCG, IDCG and nDCG equal score_ranking's."""
    run, qrels = _random_run(7)
    ev = evaluate_run(run, qrels, k=k, gain=gain, ties=ties)
    expected = _expected_by_score_ranking(run, qrels, k=k, gain=gain, ties=ties)
    got = ev.per_query.set_index("query_id")
    assert sorted(got.index) == sorted(expected)
    for q, (dcg, idcg, ndcg) in expected.items():
        assert got.loc[q, "dcg"] == pytest.approx(dcg, rel=1e-12, abs=1e-15), q
        assert got.loc[q, "idcg"] == pytest.approx(idcg, rel=1e-12, abs=1e-15), q
        assert got.loc[q, "ndcg"] == pytest.approx(ndcg, rel=1e-12, abs=1e-15), q
    assert ev.mean == pytest.approx(np.mean([v[2] for v in expected.values()]), rel=1e-12)
    assert (ev.k, ev.gain, ev.ties) == (k, gain, ties)


@pytest.mark.parametrize("discount", list(DISCOUNTS))
@pytest.mark.parametrize("base", [2.0, 3.0])
@pytest.mark.parametrize("k", [None, 5])
def test_every_discount_matches_score_ranking_per_query(discount, base, k):
    """For every discount, log base and cut-off, each query's DCG, IDCG and nDCG equal score_ranking's on its list."""
    run, qrels = _random_run(13)
    for ties in ("average", "optimistic"):
        kw = {"k": k, "discount": discount, "discount_base": base, "ties": ties}
        ev = evaluate_run(run, qrels, **kw)
        _assert_matches_score_ranking(ev, run, qrels, **kw)
        assert (ev.discount, ev.discount_base) == (discount, base)


@pytest.mark.parametrize("discount", list(DISCOUNTS))
def test_every_discount_takes_the_shortcut_and_matches_the_general_path(discount):
    """With a cut-off on contiguous queries, the top-k shortcut gives the general path's numbers under every discount."""
    run, qrels = _blocked_run(12, [30, 4, 25, 30, 12, 30])
    kw = {"k": 5, "discount": discount, "discount_base": 3.0}
    ev, taken = _run_tracing_shortcut(run, qrels, **kw)
    assert taken == [True]
    pd.testing.assert_frame_equal(ev.per_query, _general_path(run, qrels, **kw).per_query, check_exact=True)
    _assert_matches_score_ranking(ev, run, qrels, **kw)


def test_discount_changes_the_numbers_and_log_base_only_rescales():
    """The discount is really applied: reciprocal differs from log2, and the "log" base rescales DCG and IDCG alike."""
    run, qrels = _random_run(14)
    log2 = evaluate_run(run, qrels, k=10)
    assert evaluate_run(run, qrels, k=10, discount="reciprocal").mean != pytest.approx(log2.mean, rel=1e-6)
    log10 = evaluate_run(run, qrels, k=10, discount="log", discount_base=10)
    np.testing.assert_allclose(log10.per_query["dcg"], log2.per_query["dcg"] * math.log2(10), rtol=1e-13)
    np.testing.assert_allclose(log10.per_query["ndcg"], log2.per_query["ndcg"], rtol=1e-13)
    assert (log2.discount, log2.discount_base) == ("log2", 2.0)


def test_tie_policies_give_different_answers_on_a_tied_run():
    """On a run with ties the four policies are not all equal, and average lies between pessimistic and optimistic."""
    run, qrels = _random_run(11)
    means = {t: evaluate_run(run, qrels, k=5, ties=t).mean for t in TIES}
    assert means["pessimistic"] < means["average"] < means["optimistic"]
    assert means["pessimistic"] <= means["stable"] <= means["optimistic"]


def test_integer_ids_work_like_string_ids():
    """Integer query and doc ids give the same nDCG as their string spelling; query ids come back as text."""
    run_i, qrels_i = _random_run(5, int_ids=True)
    run_s = run_i.assign(query_id=run_i["query_id"].astype(str), doc_id=run_i["doc_id"].astype(str))
    qrels_s = qrels_i.assign(query_id=qrels_i["query_id"].astype(str), doc_id=qrels_i["doc_id"].astype(str))
    a = evaluate_run(run_i, qrels_i, k=10)
    b = evaluate_run(run_s, qrels_s, k=10)
    pd.testing.assert_frame_equal(a.per_query, b.per_query)
    assert a.mean == b.mean
    assert a.per_query["query_id"].iloc[0] == "1000"


def test_ids_are_matched_as_text_across_run_and_qrels():
    """An integer id in the run and the same id as a string in the qrels name the same query and doc."""
    run = _run([(7, 1, 0.9), (7, 2, 0.1)])
    qrels = _qrels([("7", "2", 3), ("7", "1", 0)])
    ev = evaluate_run(run, qrels, gain="linear")
    assert ev.per_query["n_relevant"].tolist() == [1]
    assert ev.mean == pytest.approx(1 / L3, rel=1e-15)


def test_same_doc_id_in_different_queries_is_not_a_duplicate():
    """Doc "a" may appear once in each query; its grade is looked up per query."""
    run = _run([("q1", "a", 1.0), ("q2", "a", 1.0)])
    qrels = _qrels([("q1", "a", 2), ("q2", "a", 0), ("q2", "b", 1)])
    by_q = evaluate_run(run, qrels).per_query.set_index("query_id")["ndcg"]
    assert by_q.to_dict() == {"q1": 1.0, "q2": 0.0}


def test_numeric_columns_given_as_text_are_read_as_numbers():
    """Scores and grades read from a text file as strings are parsed as numbers."""
    run = _run([("q", "a", "0.2"), ("q", "b", "0.9")])
    qrels = _qrels([("q", "a", "3"), ("q", "b", "0")])
    ev = evaluate_run(run, qrels, gain="linear")
    assert ev.mean == pytest.approx((3 / L3) / 3, rel=1e-15)


def test_empty_qrels_score_every_query_zero():
    """With no judgments at all every query has IDCG 0 and nDCG 0, and the numeric columns stay floats."""
    ev = evaluate_run(SMALL_RUN, _qrels([]))
    assert ev.per_query["ndcg"].tolist() == [0.0, 0.0, 0.0]
    assert ev.per_query["idcg"].dtype == float and ev.per_query["dcg"].dtype == float
    assert ev.mean == 0.0


def test_empty_run_gives_empty_table_and_nan_mean():
    """A run with no rows has no queries to list and no mean."""
    ev = evaluate_run(SMALL_RUN.iloc[:0], SMALL_QRELS)
    assert list(ev.per_query.columns) == PER_QUERY_COLUMNS
    assert len(ev.per_query) == 0
    assert math.isnan(ev.mean)


def test_larger_random_run_matches_score_ranking_with_long_lists():
    """Queries of up to 200 docs with many tied scores still match score_ranking query by query."""
    rng = np.random.default_rng(99)
    run_rows, qrel_rows = [], []
    for qi in range(8):
        n = int(rng.integers(150, 201))
        for d in range(n):
            run_rows.append((f"q{qi}", f"d{d}", float(rng.integers(0, 20))))
            if rng.random() < 0.4:
                qrel_rows.append((f"q{qi}", f"d{d}", int(rng.integers(0, 4))))
        qrel_rows += [(f"q{qi}", f"u{j}", int(rng.integers(1, 4))) for j in range(3)]
    run, qrels = _run(run_rows), _qrels(qrel_rows)
    ev = evaluate_run(run, qrels, k=20).per_query.set_index("query_id")
    for q, (_, _, ndcg) in _expected_by_score_ranking(run, qrels, k=20).items():
        assert ev.loc[q, "ndcg"] == pytest.approx(ndcg, rel=1e-12), q


def test_grouped_shuffled_and_object_dtype_runs_agree():
    """Rows grouped by query, shuffled rows and plain-object id columns all give the same per-query values."""
    run, qrels = _random_run(21, n_queries=60)
    grouped = evaluate_run(run, qrels, k=10).per_query.set_index("query_id").sort_index()
    shuffled_run = run.sample(frac=1.0, random_state=2).reset_index(drop=True)
    shuffled_qrels = qrels.sample(frac=1.0, random_state=3).reset_index(drop=True)
    as_object = {c: run[c].astype(object) for c in ("query_id", "doc_id")}
    variants = [
        (shuffled_run, shuffled_qrels),
        (run.assign(**as_object), qrels.assign(query_id=qrels["query_id"].astype(object))),
    ]
    for r, q in variants:
        got = evaluate_run(r, q, k=10).per_query.set_index("query_id").sort_index()
        pd.testing.assert_frame_equal(got, grouped, check_exact=False, rtol=1e-13)


def test_packed_sort_and_fallback_sort_give_the_same_stable_order():
    """The fast packed integer sort and the argsort fallback for huge keys order rows identically, ties by row."""
    from ndcg_core.batch._sort import stable_order

    key = np.random.default_rng(4).integers(0, 50, size=5000)
    packed_order, packed_keys = stable_order(key, 49)
    fallback_order, fallback_keys = stable_order(key, 2**62)  # too wide to pack with a row index
    np.testing.assert_array_equal(packed_order, np.argsort(key, kind="stable"))
    np.testing.assert_array_equal(fallback_order, packed_order)
    np.testing.assert_array_equal(fallback_keys, packed_keys)


# ---------------------------------------------------------------- the top-k shortcut
#
# With a cut-off k, evaluate_run keeps only the rows that can reach a query's top k when each
# query's rows are contiguous (ndcg_core.batch._topk.top_k_rows); otherwise it ranks every row
# (the general path). The tests below force each path and check that both give the same numbers.


def _general_path(run, qrels, **kw):
    """evaluate_run with the top-k shortcut switched off: every row is joined and ranked."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(_topk, "top_k_rows", lambda *args, **kwargs: None)
        return evaluate_run(run, qrels, **kw)


def _run_tracing_shortcut(run, qrels, **kw):
    """evaluate_run, and for each call of the shortcut whether it kept a subset of rows (True) or declined (False)."""
    taken = []
    real = _topk.top_k_rows

    def spy(*args, **kwargs):
        out = real(*args, **kwargs)
        taken.append(out is not None)
        return out

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(_topk, "top_k_rows", spy)
        ev = evaluate_run(run, qrels, **kw)
    return ev, taken


def _blocked_run(seed, depths, *, fractional=False, unretrieved=True, levels=6):
    """A run listing each query's rows together (depth per query given), heavy score ties, and its qrels."""
    rng = np.random.default_rng(seed)
    run_rows, qrel_rows = [], []
    for qi, n in enumerate(depths):
        q = f"q{qi}"
        docs = rng.choice(10 * max(depths) + 50, size=n + 5, replace=False)
        scores = rng.integers(0, levels, size=n) / 4  # few distinct values: ties everywhere, also across the cut
        run_rows += [(q, f"d{d}", float(s)) for d, s in zip(docs[:n], scores, strict=True)]
        if qi == 1:
            continue  # a query without qrels
        judged = [d for d in docs[:n] if rng.random() < 0.6] + (list(docs[n:]) if unretrieved else [])
        grades = np.round(rng.uniform(0, 3, size=len(judged)), 1) if fractional else rng.integers(0, 4, len(judged))
        qrel_rows += [(q, f"d{d}", float(g)) for d, g in zip(judged, grades, strict=True)]
    return _run(run_rows), _qrels(qrel_rows)


def _assert_matches_score_ranking(ev, run, qrels, **kw):
    """Each query's DCG, IDCG and nDCG in ``ev`` equal score_ranking's on that query alone."""
    got = ev.per_query.set_index("query_id")
    for q, (dcg, idcg, ndcg) in _expected_by_score_ranking(run, qrels, **kw).items():
        assert got.loc[q, "dcg"] == pytest.approx(dcg, rel=1e-12, abs=1e-15), q
        assert got.loc[q, "idcg"] == pytest.approx(idcg, rel=1e-12, abs=1e-15), q
        assert got.loc[q, "ndcg"] == pytest.approx(ndcg, rel=1e-12, abs=1e-15), q


@pytest.mark.parametrize("ties", TIES)
@pytest.mark.parametrize("gain", ["linear", "exponential"])
@pytest.mark.parametrize("k", [1, 3, 10])
def test_shortcut_equals_general_path_on_equal_depth_runs(ties, gain, k):
    """On contiguous queries of equal depth the shortcut is taken and gives exactly the general path's table."""
    run, qrels = _blocked_run(1, [40] * 12)
    ev, taken = _run_tracing_shortcut(run, qrels, k=k, gain=gain, ties=ties)
    assert taken == [True]
    general = _general_path(run, qrels, k=k, gain=gain, ties=ties)
    pd.testing.assert_frame_equal(ev.per_query, general.per_query, check_exact=True)
    assert ev.mean == general.mean
    _assert_matches_score_ranking(ev, run, qrels, k=k, gain=gain, ties=ties)


@pytest.mark.parametrize("ties", TIES)
def test_shortcut_equals_general_path_on_ragged_runs(ties):
    """On contiguous queries of different depths, some shorter than k, the shortcut matches the general path."""
    depths = [30, 3, 25, 1, 40, 12, 38, 7, 33, 29]
    run, qrels = _blocked_run(2, depths)
    for k in (5, 10):
        ev, taken = _run_tracing_shortcut(run, qrels, k=k, ties=ties)
        assert taken == [True]
        pd.testing.assert_frame_equal(
            ev.per_query, _general_path(run, qrels, k=k, ties=ties).per_query, check_exact=True
        )
        _assert_matches_score_ranking(ev, run, qrels, k=k, ties=ties)
    assert ev.per_query["n_retrieved"].tolist() == depths


def test_shortcut_with_fractional_grades_stays_within_rounding_of_general_path():
    """With grades like 1.3, averaging a tie group may add its gains in another order: the values agree to 1e-14."""
    run, qrels = _blocked_run(3, [35] * 10, fractional=True)
    for ties in TIES:
        ev, taken = _run_tracing_shortcut(run, qrels, k=10, ties=ties)
        assert taken == [True]
        general = _general_path(run, qrels, k=10, ties=ties)
        pd.testing.assert_frame_equal(ev.per_query, general.per_query, check_exact=False, rtol=1e-14, atol=1e-15)
        _assert_matches_score_ranking(ev, run, qrels, k=10, ties=ties)


def test_interleaved_queries_take_the_general_path_and_still_match():
    """When a query's rows are not contiguous the shortcut declines, and the result still equals the grouped run's."""
    run, qrels = _blocked_run(4, [30] * 8)
    shuffled = run.sample(frac=1.0, random_state=5).reset_index(drop=True)
    for ties in ("average", "optimistic", "pessimistic"):  # "stable" depends on row order by design
        ev, taken = _run_tracing_shortcut(shuffled, qrels, k=5, ties=ties)
        assert taken == [False]
        grouped = evaluate_run(run, qrels, k=5, ties=ties).per_query.set_index("query_id")
        pd.testing.assert_frame_equal(ev.per_query.set_index("query_id").loc[grouped.index], grouped, check_exact=True)
        _assert_matches_score_ranking(ev, shuffled, qrels, k=5, ties=ties)


def test_tie_group_straddling_the_cut_is_kept_whole():
    """Scores 3, 2, 2, 2, 1 at k = 2: the three docs scoring 2 share ranks 2-4, and every policy sees all of them."""
    run = _run([("q", "a", 3.0), ("q", "b", 2.0), ("q", "c", 2.0), ("q", "d", 2.0), ("q", "e", 1.0)])
    run = pd.concat([run, run.assign(query_id="r")], ignore_index=True)  # r: the same list, judged differently
    qrels = _qrels([("q", "a", 1), ("q", "c", 3), ("q", "d", 2), ("r", "e", 3)])
    expected = {  # DCG@2 (linear gain) of query q: a at rank 1, then the tie group's gain at rank 2
        "average": 1 + (0 + 3 + 2) / 3 / L3,
        "optimistic": 1 + 3 / L3,
        "pessimistic": 1 + 0 / L3,
        "stable": 1 + 0 / L3,  # b is listed first
    }
    for ties, dcg in expected.items():
        ev, taken = _run_tracing_shortcut(run, qrels, k=2, gain="linear", ties=ties)
        assert taken == [True]
        row = ev.per_query.set_index("query_id").loc["q"]
        assert row["dcg"] == pytest.approx(dcg, rel=1e-15), ties
        assert row["idcg"] == pytest.approx(3 + 2 / L3, rel=1e-15)
        assert ev.per_query.set_index("query_id").loc["r", "dcg"] == 0.0  # e, its only relevant doc, ranks last
        _assert_matches_score_ranking(ev, run, qrels, k=2, gain="linear", ties=ties)


def test_k_at_least_the_depth_and_k_none_rank_every_row():
    """With k >= every query's depth the shortcut declines, and with k = None it is not tried; both match score_ranking."""
    run, qrels = _blocked_run(6, [8, 5, 8, 2])
    for k in (8, 50):
        ev, taken = _run_tracing_shortcut(run, qrels, k=k)
        assert taken == [False]
        _assert_matches_score_ranking(ev, run, qrels, k=k)
    ev, taken = _run_tracing_shortcut(run, qrels, k=None)
    assert taken == []
    _assert_matches_score_ranking(ev, run, qrels, k=None)


def test_shortcut_agrees_with_sklearn():
    """Where every judged doc is retrieved, the shortcut's tie-averaged nDCG@k equals sklearn's, query by query."""
    from sklearn.metrics import ndcg_score

    n_queries, depth = 15, 30
    run, qrels = _blocked_run(7, [depth] * n_queries, unretrieved=False)
    judged = qrels.set_index(["query_id", "doc_id"])["relevance"]
    y_true = np.array([judged.get((q, d), 0.0) for q, d in zip(run["query_id"], run["doc_id"], strict=True)])
    y_true, y_score = y_true.reshape(n_queries, depth), run["score"].to_numpy().reshape(n_queries, depth)
    for k in (1, 5, 10):
        ev, taken = _run_tracing_shortcut(run, qrels, k=k, gain="linear")
        assert taken == [True]
        theirs = [ndcg_score(y_true[i : i + 1], y_score[i : i + 1], k=k) for i in range(n_queries)]
        np.testing.assert_allclose(ev.per_query["ndcg"], theirs, rtol=1e-12, atol=1e-15)
        assert ev.mean == pytest.approx(ndcg_score(y_true, y_score, k=k), rel=1e-12)


def test_duplicate_below_the_cut_is_still_refused_with_its_row():
    """A doc listed twice far below the top k is still an error, with the general path's message and row."""
    run, qrels = _blocked_run(8, [20] * 4)
    dup = run.iloc[[25]].assign(score=-1.0)  # q1's sixth doc again, scored below everything
    run = pd.concat([run.iloc[:40], dup, run.iloc[40:]], ignore_index=True)
    message = rf"run has doc '{dup['doc_id'].iloc[0]}' twice for query 'q1' \(row 40\)"
    with pytest.raises(ValueError, match=message):
        evaluate_run(run, qrels, k=3)
    with pytest.raises(ValueError, match=message):
        _general_path(run, qrels, k=3)


def test_qrels_duplicate_and_missing_doc_id_below_the_cut_are_still_refused():
    """With the shortcut on, a doc judged twice and a run row without doc id (ranked last) are refused as before."""
    run, qrels = _blocked_run(9, [20] * 4)
    twice = pd.concat([qrels, qrels.iloc[[3]]], ignore_index=True)
    with pytest.raises(ValueError, match=r"qrels has doc '.*' twice for query 'q0'"):
        evaluate_run(run, twice, k=3)
    no_doc = run.copy()
    no_doc.loc[45, ["doc_id", "score"]] = [None, -5.0]
    with pytest.raises(ValueError, match=r"run row 45 has no doc_id \(query 'q2'\)"):
        evaluate_run(no_doc, qrels, k=3)


def test_ids_sharing_their_last_bytes_are_told_apart():
    """Doc ids differing only before their last 8 characters look alike to the fingerprints but are not duplicates."""
    rows = [
        (f"q{q}", f"{prefix}-{q:02d}-000{d:03d}", float(d % 3)) for q in range(3) for prefix in "ab" for d in range(12)
    ]
    run = _run(rows)  # "a-00-000001" and "b-00-000001": same length, same last 8 characters
    qrels = _qrels([(q, d, float(i % 4)) for i, (q, d, _) in enumerate(rows) if i % 3])
    ev, taken = _run_tracing_shortcut(run, qrels, k=4)
    assert taken == [True]
    pd.testing.assert_frame_equal(ev.per_query, _general_path(run, qrels, k=4).per_query, check_exact=True)
    twice = pd.concat([run, run.iloc[[5]].assign(score=-1.0)], ignore_index=True).sort_values("query_id", kind="stable")
    with pytest.raises(ValueError, match=r"run has doc 'a-00-000005' twice for query 'q0'"):
        evaluate_run(twice.reset_index(drop=True), qrels, k=4)


def test_object_dtype_and_sliced_runs_take_the_shortcut():
    """Plain-object id columns and a run that is a slice of a larger frame take the shortcut with the same result."""
    run, qrels = _blocked_run(10, [25] * 9)
    reference = _general_path(run, qrels, k=5).per_query
    as_object = run.assign(query_id=run["query_id"].astype(object), doc_id=run["doc_id"].astype(object))
    ev, taken = _run_tracing_shortcut(as_object, qrels, k=5)
    assert taken == [True]
    pd.testing.assert_frame_equal(ev.per_query, reference, check_exact=True)
    tail = run.iloc[50:]  # Arrow arrays sliced at an offset
    ev, taken = _run_tracing_shortcut(tail, qrels, k=5)
    assert taken == [True]
    pd.testing.assert_frame_equal(ev.per_query, _general_path(tail, qrels, k=5).per_query, check_exact=True)


def test_text_fingerprints_are_equal_for_equal_ids():
    """Equal ids get equal fingerprints wherever they sit, in a sliced column too; non-Arrow text gets none."""
    from ndcg_core.batch._ids import text_fingerprints

    ids = ["", "a", "ab", "1234567", "12345678", "123456789", "23456789", "clueweb09-en0000-00-00001", "é€x", "d1"]
    text = pd.Series(ids + ids[::-1] + ids, dtype="str")
    fp = text_fingerprints(text)
    n = len(ids)
    np.testing.assert_array_equal(fp[:n], fp[n : 2 * n][::-1])
    np.testing.assert_array_equal(fp[:n], fp[2 * n :])
    np.testing.assert_array_equal(text_fingerprints(text.iloc[n + 3 :]), fp[n + 3 :])
    assert len(set(fp[:n].tolist())) == n  # these ids happen to be told apart, length included
    assert text_fingerprints(text.astype(object)) is None


@pytest.mark.parametrize("ties", TIES)
@pytest.mark.parametrize("k", [None, 3])
def test_both_gains_from_one_join_equal_two_separate_runs(ties, k):
    """evaluate_run_gains gives, for each gain, exactly evaluate_run's table and mean (one shared join)."""
    run, qrels = _random_run(11)
    both = evaluate_run_gains(run, qrels, gains=("linear", "exponential"), k=k, ties=ties, empty="skip")
    for gain in ("linear", "exponential"):
        alone = evaluate_run(run, qrels, k=k, gain=gain, ties=ties, empty="skip")
        pd.testing.assert_frame_equal(both[gain].per_query, alone.per_query)
        assert both[gain].mean == alone.mean and both[gain].gain == gain


def test_gains_must_be_named_once():
    """No gain, or one gain twice, is refused with a sentence naming what was given."""
    run, qrels = _random_run(1)
    with pytest.raises(ValueError, match=r"gains must name at least one gain, each once, got \['linear', 'linear'\]"):
        evaluate_run_gains(run, qrels, gains=("linear", "linear"))
    with pytest.raises(ValueError, match=r"unknown gain 'cubic'; choose one of exponential, linear"):
        evaluate_run_gains(run, qrels, gains=("cubic",))


# ---------------------------------------------------------------- the fast ideal and join (issue 27, item 2)


def _sorted_ideal(run, qrels, **kw):
    """evaluate_run with the ideal gains sorted, as before counting them per grade."""
    from ndcg_core.batch import evaluate as evaluate_module

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(evaluate_module, "_ideal_by_counting", lambda *args: None)
        return evaluate_run(run, qrels, **kw)


@pytest.mark.parametrize("gain", ["linear", "exponential"])
@pytest.mark.parametrize("k", [None, 1, 5])
def test_ideal_by_counting_grades_is_bit_identical_to_sorting_them(gain, k):
    """Counting each query's judged docs per whole grade gives exactly the sorted ideal's IDCG, nDCG and mean."""
    run, qrels = _blocked_run(7, [30, 3, 25, 1, 40, 12], levels=4)
    qrels = qrels.assign(relevance=np.random.default_rng(8).integers(0, 7, size=len(qrels)))  # grades 0-6
    counted = evaluate_run(run, qrels, k=k, gain=gain)
    pd.testing.assert_frame_equal(
        counted.per_query, _sorted_ideal(run, qrels, k=k, gain=gain).per_query, check_exact=True
    )
    assert counted.mean == _sorted_ideal(run, qrels, k=k, gain=gain).mean


def test_ideal_counting_declines_fractional_and_huge_grades():
    """Grades like 1.5 or 300 are sorted, not counted, and a query's ideal still matches score_ranking."""
    from ndcg_core.batch.evaluate import _ideal_by_counting

    qq = np.array([0, 0, 1])
    assert _ideal_by_counting(qq, np.array([1.5, 2.0, 1.0]), np.array([1.5, 2.0, 1.0]), 2) is None
    assert _ideal_by_counting(qq, np.array([300.0, 2.0, 1.0]), np.array([300.0, 2.0, 1.0]), 2) is None
    iq, igain = _ideal_by_counting(qq, np.array([1.0, 3.0, 2.0]), np.array([1.0, 7.0, 3.0]), 2)
    assert iq.tolist() == [0, 0, 1] and igain.tolist() == [7.0, 1.0, 3.0]
    run, qrels = _blocked_run(9, [20] * 5, fractional=True)
    _assert_matches_score_ranking(evaluate_run(run, qrels, k=5), run, qrels, k=5)


def test_shortcut_join_by_hash_equals_the_sorting_join():
    """With the top-k shortcut the run rows are joined by a hash lookup; the table is exactly the sorting join's."""
    from ndcg_core.batch import _join
    from ndcg_core.batch import evaluate as evaluate_module

    run, qrels = _blocked_run(10, [40] * 12)
    fast, taken = _run_tracing_shortcut(run, qrels, k=5)
    assert taken == [True]
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(evaluate_module, "join_unique_run", _join.join)
        slow = evaluate_run(run, qrels, k=5)
    pd.testing.assert_frame_equal(fast.per_query, slow.per_query, check_exact=True)
