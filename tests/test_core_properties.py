"""Properties of nDCG that hold for every input, checked with Hypothesis on generated lists."""

import numpy as np
import pandas as pd
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from ndcg_core import DISCOUNTS, GAINS, TIES, evaluate_run, gain_values, score_ranking

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
TOL = 1e-12

grades = st.one_of(
    st.integers(min_value=0, max_value=4).map(float),
    st.floats(min_value=0, max_value=6, allow_nan=False, allow_infinity=False),
)
relevance_lists = st.lists(grades, min_size=1, max_size=25)
int_scores = st.integers(min_value=-5, max_value=5)  # few values: plenty of ties
gains = st.sampled_from(sorted(GAINS))
discounts = st.sampled_from(sorted(DISCOUNTS))
tie_policies = st.sampled_from(TIES)
cutoffs = st.one_of(st.none(), st.integers(min_value=1, max_value=30))
bases = st.sampled_from([2.0, 3.0, 10.0, 1.5])


@st.composite
def scored_lists(draw):
    """Grades with integer scores of the same length (small score range, so ties are common)."""
    rel = draw(relevance_lists)
    scores = draw(st.lists(int_scores, min_size=len(rel), max_size=len(rel)))
    return rel, scores


def _score(rel, scores, **kw):
    return score_ranking(rel, scores, **kw)


@SETTINGS
@given(scored_lists(), gains, discounts, tie_policies, cutoffs, bases)
def test_ndcg_lies_in_zero_one_and_dcg_never_exceeds_idcg(data, gain, discount, ties, k, base):
    """0 <= nDCG <= 1, and DCG <= IDCG without relying on the final clip to 1."""
    rel, scores = data
    r = _score(rel, scores, gain=gain, discount=discount, ties=ties, k=k, discount_base=base)
    assert 0.0 <= r.ndcg <= 1.0
    assert 0.0 <= r.dcg <= r.idcg * (1 + TOL)
    # IDCG is 0 exactly when no item has a positive gain (2^g - 1 rounds to 0 for a tiny grade g).
    assert (r.idcg == 0.0) == (not (gain_values(rel, gain) > 0).any())
    if r.idcg > 0:
        assert abs(r.ndcg - r.dcg / r.idcg) <= TOL


@SETTINGS
@given(relevance_lists, gains, discounts, cutoffs, bases)
def test_the_ideal_order_scores_one(rel, gain, discount, k, base):
    """The list sorted by descending grade has DCG = IDCG, so nDCG = 1 whenever IDCG > 0."""
    ideal = sorted(rel, reverse=True)
    r = score_ranking(ideal, gain=gain, discount=discount, k=k, discount_base=base)
    assume(r.idcg > 0)
    assert abs(r.dcg - r.idcg) <= TOL * r.idcg
    assert abs(r.ndcg - 1.0) <= TOL
    # Scores equal to the grades rank the list ideally too, whatever the tie policy.
    for ties in TIES:
        assert abs(score_ranking(rel, rel, gain=gain, discount=discount, k=k, ties=ties).ndcg - 1.0) <= TOL


@SETTINGS
@given(relevance_lists, st.randoms(use_true_random=False), gains, discounts, cutoffs)
def test_idcg_does_not_depend_on_the_input_order(rel, rnd, gain, discount, k):
    """Shuffling the list, or its scores, leaves IDCG exactly unchanged."""
    shuffled = list(rel)
    rnd.shuffle(shuffled)
    a = score_ranking(rel, gain=gain, discount=discount, k=k)
    b = score_ranking(shuffled, gain=gain, discount=discount, k=k)
    c = score_ranking(rel, [rnd.randint(0, 3) for _ in rel], gain=gain, discount=discount, k=k)
    assert a.idcg == b.idcg == c.idcg


@SETTINGS
@given(relevance_lists, st.data(), gains, discounts, cutoffs, bases)
def test_moving_a_better_item_up_never_lowers_dcg(rel, data, gain, discount, k, base):
    """Swapping an item above an adjacent less relevant one never lowers DCG (discounts never increase with rank)."""
    swaps = [i for i in range(len(rel) - 1) if rel[i] < rel[i + 1]]
    assume(swaps)
    i = data.draw(st.sampled_from(swaps))
    better = list(rel)
    better[i], better[i + 1] = better[i + 1], better[i]
    before = score_ranking(rel, gain=gain, discount=discount, k=k, discount_base=base)
    after = score_ranking(better, gain=gain, discount=discount, k=k, discount_base=base)
    assert after.dcg >= before.dcg - TOL * max(1.0, before.dcg)
    assert after.idcg == before.idcg


@SETTINGS
@given(scored_lists(), st.integers(min_value=-1000, max_value=1000), gains, tie_policies, cutoffs)
def test_adding_a_constant_to_every_score_changes_nothing(data, shift, gain, ties, k):
    """Only the order of scores matters: adding the same integer to every score gives the identical result."""
    rel, scores = data
    a = score_ranking(rel, scores, gain=gain, ties=ties, k=k)
    b = score_ranking(rel, [s + shift for s in scores], gain=gain, ties=ties, k=k)
    assert (a.dcg, a.idcg, a.ndcg, a.order, a.tie_group_sizes) == (b.dcg, b.idcg, b.ndcg, b.order, b.tie_group_sizes)


@SETTINGS
@given(scored_lists(), gains, discounts, cutoffs)
def test_average_ties_lie_between_pessimistic_and_optimistic(data, gain, discount, k):
    """Tie-averaged DCG is a mean over tied orders, so it lies between the worst and the best of them."""
    rel, scores = data
    r = {t: score_ranking(rel, scores, gain=gain, discount=discount, k=k, ties=t) for t in TIES}
    lo, mid, hi, stable = r["pessimistic"].dcg, r["average"].dcg, r["optimistic"].dcg, r["stable"].dcg
    slack = TOL * max(1.0, hi)
    assert lo - slack <= mid <= hi + slack
    assert lo - slack <= stable <= hi + slack


@SETTINGS
@given(scored_lists(), gains, discounts, cutoffs)
def test_distinct_scores_make_every_tie_policy_agree(data, gain, discount, k):
    """With no tied scores the tie policy cannot matter."""
    rel, scores = data
    distinct = [s * 100 + i for i, s in enumerate(scores)]  # unique, same order between different values
    results = {score_ranking(rel, distinct, gain=gain, discount=discount, k=k, ties=t).dcg for t in TIES}
    assert len(results) == 1


@SETTINGS
@given(relevance_lists, gains, discounts, cutoffs)
def test_running_columns_end_at_the_totals(rel, gain, discount, k):
    """The step table's DCG and IDCG at rank min(k, n) are the reported DCG and IDCG."""
    r = score_ranking(rel, gain=gain, discount=discount, k=k)
    cut = len(rel) if k is None else min(k, len(rel))
    assert r.column("dcg")[cut - 1] == r.dcg
    assert r.column("idcg")[cut - 1] == r.idcg
    assert int(r.column("in_cutoff").sum()) == cut


@st.composite
def runs(draw):
    """A small run of up to 5 queries with integer scores and a qrels pool per query."""
    run_rows, qrel_rows = [], []
    for q in range(draw(st.integers(min_value=1, max_value=5))):
        n = draw(st.integers(min_value=1, max_value=12))
        scores = draw(st.lists(int_scores, min_size=n, max_size=n))
        run_rows += [(f"q{q}", f"d{i}", float(s)) for i, s in enumerate(scores)]
        judged = draw(st.lists(st.integers(min_value=0, max_value=n + 3), unique=True, max_size=n + 4))
        qrel_rows += [(f"q{q}", f"d{i}", draw(st.integers(min_value=0, max_value=3))) for i in judged]
    run = pd.DataFrame(run_rows, columns=["query_id", "doc_id", "score"])
    qrels = pd.DataFrame(qrel_rows, columns=["query_id", "doc_id", "relevance"])
    return run, qrels


@settings(max_examples=100, deadline=None)
@given(runs(), gains, tie_policies, cutoffs)
def test_evaluate_run_equals_score_ranking_query_by_query(data, gain, ties, k):
    """Each query's nDCG from evaluate_run equals score_ranking on that query's rows with its judged grades as the pool."""
    run, qrels = data
    ev = evaluate_run(run, qrels, gain=gain, ties=ties, k=k).per_query.set_index("query_id")
    for q, rows in run.groupby("query_id", sort=False):
        judged = qrels[qrels["query_id"] == q].set_index("doc_id")["relevance"]
        rel = [float(judged.get(d, 0)) for d in rows["doc_id"]]
        r = score_ranking(rel, rows["score"].to_numpy(), gain=gain, ties=ties, k=k, ideal_pool=judged.to_numpy())
        assert abs(ev.loc[q, "ndcg"] - r.ndcg) <= TOL
        assert abs(ev.loc[q, "dcg"] - r.dcg) <= TOL * max(1.0, r.dcg)
        assert abs(ev.loc[q, "idcg"] - r.idcg) <= TOL * max(1.0, r.idcg)
    assert np.isfinite(ev["ndcg"]).all()
