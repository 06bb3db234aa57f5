"""binary_metrics: RR, AP, P@k and recall@k by hand, against trec_eval (pytrec_eval), as properties, and its errors.

trec_eval counts a document as relevant when its grade is >= ``relevance_level``, divides AP
and recall by every relevant judged document of the query (retrieved or not) and P_k by k
even when fewer than k were retrieved. It ranks by score rounded to float32 and breaks ties
by doc id, so the oracle runs give each query distinct whole-number scores in ranked order.
"""

import math

import numpy as np
import pytest
import pytrec_eval
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from ndcg_core import binary_metrics

TOL = 1e-12
CUTS = (1, 3, 5, 10, 50)  # 50 is beyond every list: P_50 still divides by 50
MEASURES = {
    "recip_rank",
    "map",
    "set_P",
    "set_recall",
    *(f"{m}." + ",".join(map(str, CUTS)) for m in ("map_cut", "P", "recall")),
}


def _values(m):
    return m.reciprocal_rank, m.average_precision, m.precision, m.recall


# ---------------------------------------------------------------- hand-derived cases


@pytest.mark.parametrize(
    ("relevance", "kwargs", "expected"),
    [
        # The source's A, B, C = 1, 3, 2: at threshold 1 every item is relevant and in place.
        ([1, 3, 2], dict(k=3), (1.0, 1.0, 1.0, 1.0)),
        # Threshold 2: B (rank 2) and C (rank 3). AP = (1/2 + 2/3) / 2, P@3 = 2/3.
        ([1, 3, 2], dict(k=3, threshold=2), (1 / 2, (1 / 2 + 2 / 3) / 2, 2 / 3, 1.0)),
        # Threshold 3: only B. AP = (1/2) / 1.
        ([1, 3, 2], dict(k=3, threshold=3), (1 / 2, 1 / 2, 1 / 3, 1.0)),
        # Two relevant judged items not listed (pool 3, 2): AP = 3/5, recall = 3/5.
        ([1, 3, 2], dict(k=3, n_relevant=5), (1.0, 3 / 5, 1.0, 3 / 5)),
        # No relevant item at all: everything 0, no division by zero.
        ([0, 0, 0], dict(), (0.0, 0.0, 0.0, 0.0)),
        # ...and with relevant items judged but not listed, still 0 (AP's numerator is 0).
        ([0, 0, 0], dict(n_relevant=2), (0.0, 0.0, 0.0, 0.0)),
        # RR only looks inside the top k: the relevant item at rank 3 is cut at k = 2.
        ([0, 0, 1], dict(k=2), (0.0, 0.0, 0.0, 0.0)),
        ([0, 0, 1], dict(k=3), (1 / 3, 1 / 3, 1 / 3, 1.0)),
        # AP@2 keeps dividing by every relevant item: (1/1) / 2.
        ([1, 0, 1], dict(k=2), (1.0, 1 / 2, 1 / 2, 1 / 2)),
        # P@5 of a one-item list divides by 5, as trec_eval's P_5 does.
        ([2], dict(k=5), (1.0, 1.0, 1 / 5, 1.0)),
        # k = None is the whole list: P divides by its length.
        ([0, 1, 0, 1], dict(), (1 / 2, (1 / 2 + 2 / 4) / 2, 2 / 4, 1.0)),
        # A fractional threshold: grades 2 and 1.5 count at 1.5, grade 1 does not.
        ([1, 2, 1.5], dict(threshold=1.5), (1 / 2, (1 / 2 + 2 / 3) / 2, 2 / 3, 1.0)),
    ],
)
def test_hand_computed_cases(relevance, kwargs, expected):
    """Small lists give the RR, AP, P and recall worked out by hand from trec_eval's definitions."""
    assert _values(binary_metrics(relevance, **kwargs)) == pytest.approx(expected, abs=TOL)


def test_counts_used_are_reported():
    """The result names the relevant ranks within k, the denominators and the threshold it used."""
    m = binary_metrics([1, 3, 0, 2], k=3, threshold=2, n_relevant=4)
    assert m.relevant_ranks == (2,)
    assert (m.first_relevant_rank, m.relevant_at_k, m.cutoff) == (2, 1, 3)
    assert (m.n_listed, m.n_relevant_listed, m.n_relevant, m.threshold, m.k) == (4, 2, 4, 2.0, 3)
    assert binary_metrics([0, 0]).first_relevant_rank is None
    assert binary_metrics([0, 1]).cutoff == 2


def test_empty_list_scores_zero():
    """An empty list has no relevant item: every metric is 0."""
    assert _values(binary_metrics([])) == (0.0, 0.0, 0.0, 0.0)
    assert _values(binary_metrics([], k=3, n_relevant=2)) == (0.0, 0.0, 0.0, 0.0)


def test_result_is_frozen():
    """The result is immutable, like the core's other results."""
    m = binary_metrics([1])
    with pytest.raises(AttributeError):
        m.precision = 0.5


# ---------------------------------------------------------------- errors


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: binary_metrics([1, -1, 0]), r"relevance\[1\] = -1\.0 is negative; grades must be >= 0"),
        (lambda: binary_metrics([1, 0, math.nan]), r"relevance\[2\] = nan is not a finite number"),
        (lambda: binary_metrics([1, "x"]), r"relevance\[1\] = 'x' is not a number"),
        (lambda: binary_metrics([1, 0], k=0), r"k = 0 must be >= 1"),
        (lambda: binary_metrics([1, 0], k=1.5), r"k = 1\.5 must be a whole number >= 1 or None"),
        (lambda: binary_metrics([1, 0], threshold=0), r"threshold = 0\.0 must be a finite number > 0"),
        (lambda: binary_metrics([1, 0], threshold=-2), r"threshold = -2\.0 must be a finite number > 0"),
        (lambda: binary_metrics([1, 0], threshold=math.nan), r"threshold = nan must be a finite number > 0"),
        (lambda: binary_metrics([1, 0], threshold="1"), r"threshold = '1' must be a number > 0"),
        (lambda: binary_metrics([1, 0], threshold=True), r"threshold = True must be a number > 0"),
        (
            lambda: binary_metrics([1, 3, 0], n_relevant=1),
            r"n_relevant = 1 is less than the 2 listed items with grade >= 1; it counts every relevant judged item",
        ),
        (lambda: binary_metrics([0], n_relevant=-1), r"n_relevant = -1 must be >= 0"),
        (lambda: binary_metrics([1], n_relevant=2.5), r"n_relevant = 2\.5 must be a whole number >= 0 or None"),
    ],
)
def test_bad_input_names_the_value(call, message):
    """Bad grades, k, threshold and n_relevant raise ValueError naming the value and where it is."""
    with pytest.raises(ValueError, match=message):
        call()


# ---------------------------------------------------------------- trec_eval


def _random_queries(seed, n_queries=40):
    """Queries with a ranked list (some listed docs unjudged) and judged docs outside the list.

    Returns, per query, the listed grades in ranked order (unjudged = 0), every judged grade,
    and the pytrec_eval qrels and run (scores n, n-1, ..., 1: distinct in float32).
    """
    rng = np.random.default_rng(seed)
    cases, qrels, run = {}, {}, {}
    for qi in range(n_queries):
        q = f"q{qi}"
        n = int(rng.integers(1, 31))
        listed = rng.integers(0, 5, size=n)
        judged_listed = rng.random(n) < 0.8
        outside = rng.integers(0, 5, size=int(rng.integers(0, 9)))
        if rng.random() < 0.1:  # some queries with nothing relevant at any threshold
            listed[:], outside[:] = 0, 0
        qrels[q] = {f"d{i}": int(g) for i, g in enumerate(listed) if judged_listed[i]}
        qrels[q] |= {f"u{j}": int(g) for j, g in enumerate(outside)}
        if not qrels[q]:
            qrels[q]["u-extra"] = 0  # pytrec_eval skips queries without any judgement
        run[q] = {f"d{i}": float(n - i) for i in range(n)}
        grades = [float(g) if judged_listed[i] else 0.0 for i, g in enumerate(listed)]
        cases[q] = (grades, list(qrels[q].values()))
    return cases, qrels, run


def _top(run, k):
    return {q: {d: s for d, s in docs.items() if s > len(docs) - k} for q, docs in run.items()}


@pytest.mark.parametrize("threshold", [1, 2, 3])
@pytest.mark.parametrize("seed", range(3))
def test_agrees_with_trec_eval_on_random_queries(seed, threshold):
    """RR, AP (map, map_cut_k), P_k and recall_k equal trec_eval's per query, with judged docs beyond the list."""
    cases, qrels, run = _random_queries(seed)
    trec = pytrec_eval.RelevanceEvaluator(qrels, MEASURES, relevance_level=threshold).evaluate(run)
    rr_at = {
        k: pytrec_eval.RelevanceEvaluator(qrels, {"recip_rank"}, relevance_level=threshold).evaluate(_top(run, k))
        for k in CUTS
    }
    assert set(trec) == set(cases)
    beyond = 0
    for q, (grades, judged) in cases.items():
        n_rel = sum(g >= threshold for g in judged)
        beyond += n_rel > sum(g >= threshold for g in grades)
        whole = binary_metrics(grades, threshold=threshold, n_relevant=n_rel)
        want = (trec[q]["recip_rank"], trec[q]["map"], trec[q]["set_P"], trec[q]["set_recall"])
        assert _values(whole) == pytest.approx(want, abs=TOL), (q, grades, judged)
        for k in CUTS:
            m = binary_metrics(grades, k=k, threshold=threshold, n_relevant=n_rel)
            want = (rr_at[k][q]["recip_rank"], trec[q][f"map_cut_{k}"], trec[q][f"P_{k}"], trec[q][f"recall_{k}"])
            assert _values(m) == pytest.approx(want, abs=TOL), (q, k, grades, judged)
    assert beyond >= 10  # the pool really is larger than the list for many queries


def test_trec_oracle_tells_the_denominators_apart():
    """trec_eval's AP divides by the judged pool and P_5 by 5: the list-only and list-length versions differ."""
    qrels = {"q": {"a": 1, "b": 0, "c": 1}}
    trec = pytrec_eval.RelevanceEvaluator(qrels, {"map", "P.5"}).evaluate({"q": {"a": 2.0, "b": 1.0}})["q"]
    assert trec["map"] == pytest.approx(binary_metrics([1, 0], n_relevant=2).average_precision) == 0.5
    assert binary_metrics([1, 0]).average_precision == 1.0  # without the pool it would be 1
    assert trec["P_5"] == pytest.approx(binary_metrics([1, 0], k=5).precision) == 0.2


# ---------------------------------------------------------------- properties

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
grades = st.lists(st.integers(min_value=0, max_value=4).map(float), min_size=0, max_size=25)
cutoffs = st.one_of(st.none(), st.integers(min_value=1, max_value=30))
thresholds = st.sampled_from([1, 2, 3, 4, 0.5, 2.5])
extra = st.integers(min_value=0, max_value=10)


@SETTINGS
@given(grades, cutoffs, thresholds, extra)
def test_every_value_lies_in_zero_one_and_counts_agree(rel, k, threshold, more):
    """RR, AP, P and recall lie in [0, 1]; P·cutoff and recall·n_relevant both count the relevant items in the top k."""
    listed = sum(g >= threshold for g in rel)
    m = binary_metrics(rel, k=k, threshold=threshold, n_relevant=listed + more)
    assert all(0.0 <= v <= 1.0 for v in _values(m))
    assert m.precision * m.cutoff == pytest.approx(m.relevant_at_k)
    assert m.recall * m.n_relevant == pytest.approx(m.relevant_at_k)
    assert m.reciprocal_rank == (1 / m.first_relevant_rank if m.relevant_ranks else 0.0)
    assert m.average_precision <= m.recall + TOL  # each precision@r term is at most 1


@SETTINGS
@given(grades, thresholds)
def test_perfect_ranking_has_ap_one(rel, threshold):
    """Relevant items first, nothing relevant outside the list: RR, AP and recall are 1."""
    assume(any(g >= threshold for g in rel))
    m = binary_metrics(sorted(rel, reverse=True), threshold=threshold)
    assert (m.reciprocal_rank, m.average_precision, m.recall) == (1.0, pytest.approx(1.0, abs=TOL), 1.0)


@SETTINGS
@given(grades, cutoffs, thresholds)
def test_ap_is_one_only_for_a_perfect_ranking(rel, k, threshold):
    """AP reaches 1 exactly when every relevant item sits at ranks 1..R within the top k."""
    m = binary_metrics(rel, k=k, threshold=threshold)
    perfect = m.n_relevant > 0 and m.relevant_ranks == tuple(range(1, m.n_relevant + 1))
    assert (abs(m.average_precision - 1.0) <= TOL) == perfect


@SETTINGS
@given(grades, cutoffs, thresholds, st.data())
def test_moving_a_relevant_item_up_never_lowers_a_metric(rel, k, threshold, data):
    """Swapping a relevant item above a non-relevant one never lowers RR, AP, P or recall."""
    pairs = [(i, j) for i in range(len(rel)) for j in range(i + 1, len(rel)) if rel[i] < threshold <= rel[j]]
    assume(pairs)
    i, j = data.draw(st.sampled_from(pairs))
    better = list(rel)
    better[i], better[j] = better[j], better[i]
    before, after = binary_metrics(rel, k=k, threshold=threshold), binary_metrics(better, k=k, threshold=threshold)
    assert all(a >= b - TOL for a, b in zip(_values(after), _values(before), strict=True))


@SETTINGS
@given(grades, thresholds, st.integers(min_value=1, max_value=29), extra)
def test_ap_and_recall_grow_with_k_and_shrink_with_the_pool(rel, threshold, k, more):
    """AP@k and recall@k never fall as k grows, and never rise as more relevant judged items join the pool."""
    listed = sum(g >= threshold for g in rel)
    at_k = binary_metrics(rel, k=k, threshold=threshold, n_relevant=listed + more)
    at_next = binary_metrics(rel, k=k + 1, threshold=threshold, n_relevant=listed + more)
    bigger_pool = binary_metrics(rel, k=k, threshold=threshold, n_relevant=listed + more + 1)
    assert at_next.average_precision >= at_k.average_precision - TOL and at_next.recall >= at_k.recall
    assert bigger_pool.average_precision <= at_k.average_precision + TOL and bigger_pool.recall <= at_k.recall
