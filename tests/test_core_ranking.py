"""score_ranking against hand-derived values: the worked example, step tables, discounts and ties.

Every expected number here is written out as a formula (gain / log2(rank + 1) ...) so a
reader can redo it on paper; the decimals quoted from the source article sit beside them.
"""

import itertools
import math

import numpy as np
import pytest
from sklearn.metrics import ndcg_score

from ndcg_core import DISCOUNTS, TIES, discount_weights, gain_values, score_ranking
from ndcg_core.ranking import IDEAL_COLUMNS, STEP_COLUMNS

L3 = math.log2(3)  # log2(rank + 1) at rank 2
L5 = math.log2(5)  # log2(rank + 1) at rank 4

# The article's worked example: items A, B, C shown in that order with grades 1, 3, 2.
EXAMPLE_REL = [1, 3, 2]
EXAMPLE_LABELS = ["A", "B", "C"]
EXP_DCG = 1 / 1 + 7 / L3 + 3 / 2  # gains 2^1-1, 2^3-1, 2^2-1 at ranks 1, 2, 3
EXP_IDCG = 7 / 1 + 3 / L3 + 1 / 2  # ideal order B, C, A
LIN_DCG = 1 / 1 + 3 / L3 + 2 / 2
LIN_IDCG = 3 / 1 + 2 / L3 + 1 / 2


# ---------------------------------------------------------------- worked example


def test_worked_example_exponential_gain_matches_hand_formula():
    """With exponential gain, A,B,C graded 1,3,2 give DCG 1 + 7/log2(3) + 3/2 and IDCG 7 + 3/log2(3) + 1/2."""
    r = score_ranking(EXAMPLE_REL, labels=EXAMPLE_LABELS, gain="exponential")
    assert r.dcg == pytest.approx(EXP_DCG, rel=1e-15)
    assert r.idcg == pytest.approx(EXP_IDCG, rel=1e-15)
    assert r.ndcg == pytest.approx(EXP_DCG / EXP_IDCG, rel=1e-15)


def test_worked_example_exponential_gain_matches_article_decimals():
    """The article's printed figures DCG 6.916508, IDCG 9.392789 and nDCG 0.736364 hold to 1e-6."""
    r = score_ranking(EXAMPLE_REL, labels=EXAMPLE_LABELS)  # exponential is the default gain
    assert abs(r.dcg - 6.916508) < 1e-6
    assert abs(r.idcg - 9.392789) < 1e-6
    assert abs(r.ndcg - 0.736364) < 1e-6


def test_worked_example_linear_gain():
    """With linear gain the same list scores (1 + 3/log2(3) + 2/2) / (3 + 2/log2(3) + 1/2) = 0.817494."""
    r = score_ranking(EXAMPLE_REL, gain="linear")
    assert r.dcg == pytest.approx(LIN_DCG, rel=1e-15)
    assert r.idcg == pytest.approx(LIN_IDCG, rel=1e-15)
    assert abs(r.ndcg - 0.817494) < 1e-6


def test_worked_example_with_scores_matches_sklearn():
    """Scores 0.5, 0.8, 0.2 rank B first; linear nDCG@3 is (3 + 1/log2(3) + 2/2) / IDCG = sklearn's 0.972504."""
    ours = score_ranking(EXAMPLE_REL, [0.5, 0.8, 0.2], gain="linear", k=3, labels=EXAMPLE_LABELS)
    theirs = ndcg_score([[1, 3, 2]], [[0.5, 0.8, 0.2]], k=3)
    hand = (3 + 1 / L3 + 2 / 2) / LIN_IDCG
    assert ours.order == (1, 0, 2)
    assert abs(theirs - 0.972504) < 1e-6
    assert ours.ndcg == pytest.approx(hand, rel=1e-15)
    assert abs(ours.ndcg - theirs) < 1e-12


# ---------------------------------------------------------------- step tables


def test_step_table_columns_and_running_values_for_worked_example():
    """The step table lists rank, item, grade, gain, discount and the running CG, DCG, IDCG and nDCG@i."""
    r = score_ranking(EXAMPLE_REL, labels=EXAMPLE_LABELS)
    s = r.steps
    assert list(s.columns) == list(STEP_COLUMNS)
    assert s["rank"].tolist() == [1, 2, 3]
    assert s["item"].tolist() == ["A", "B", "C"]
    assert s["relevance"].tolist() == [1, 3, 2]
    assert s["gain"].tolist() == [1, 7, 3]
    assert s["gain_used"].tolist() == [1, 7, 3]
    np.testing.assert_allclose(s["discount"], [1, 1 / L3, 1 / 2], rtol=1e-15)
    np.testing.assert_allclose(s["discounted_gain"], [1, 7 / L3, 3 / 2], rtol=1e-15)
    assert s["cg"].tolist() == [1, 4, 6]
    dcg = [1, 1 + 7 / L3, EXP_DCG]
    idcg = [7, 7 + 3 / L3, EXP_IDCG]
    np.testing.assert_allclose(s["dcg"], dcg, rtol=1e-15)
    np.testing.assert_allclose(s["idcg"], idcg, rtol=1e-15)
    np.testing.assert_allclose(s["ndcg"], np.array(dcg) / np.array(idcg), rtol=1e-15)
    assert s["in_cutoff"].tolist() == [True, True, True]
    assert s["score"].isna().all()  # no scores given: the list is already in ranked order


def test_ideal_table_orders_worked_example_b_c_a():
    """The ideal table sorts the pool by gain: B (3), C (2), A (1), with the running IDCG."""
    r = score_ranking(EXAMPLE_REL, labels=EXAMPLE_LABELS)
    t = r.ideal_steps
    assert list(t.columns) == list(IDEAL_COLUMNS)
    assert t["item"].tolist() == ["B", "C", "A"]
    assert t["relevance"].tolist() == [3, 2, 1]
    assert t["gain"].tolist() == [7, 3, 1]
    assert t["cg"].tolist() == [3, 5, 6]
    np.testing.assert_allclose(t["discounted_gain"], [7, 3 / L3, 1 / 2], rtol=1e-15)
    np.testing.assert_allclose(t["idcg"], [7, 7 + 3 / L3, EXP_IDCG], rtol=1e-15)


def test_labels_follow_their_items_when_scores_reorder_them():
    """Labels pass through unchanged and travel with their item when scores reorder the list."""
    r = score_ranking([0, 2, 1], [0.1, 0.9, 0.5], labels=["doc-x", "doc-y", "doc-z"])
    assert r.steps["item"].tolist() == ["doc-y", "doc-z", "doc-x"]
    assert r.steps["relevance"].tolist() == [2, 1, 0]
    assert r.steps["score"].tolist() == [0.9, 0.5, 0.1]
    assert r.ideal_steps["item"].tolist() == ["doc-y", "doc-z", "doc-x"]


def test_default_labels_are_one_based_input_positions():
    """Without labels each item is named by its 1-based input position."""
    r = score_ranking([0, 2, 1], [0.1, 0.9, 0.5])
    assert r.steps["item"].tolist() == ["2", "3", "1"]


def test_column_returns_read_only_array_equal_to_the_table():
    """column() gives the same numbers as the DataFrame, and the caller cannot write into them."""
    r = score_ranking(EXAMPLE_REL)
    col = r.column("dcg")
    np.testing.assert_array_equal(col, r.steps["dcg"].to_numpy())
    with pytest.raises(ValueError):
        col[0] = 99.0
    np.testing.assert_array_equal(r.column("idcg", ideal=True), r.ideal_steps["idcg"].to_numpy())


def test_steps_returns_a_copy():
    """Editing the returned step table does not change the stored result."""
    r = score_ranking(EXAMPLE_REL)
    s = r.steps
    s.loc[0, "dcg"] = -5.0
    assert r.steps.loc[0, "dcg"] == 1.0


# ---------------------------------------------------------------- ideal pool, zero grades, cut-off


def test_ideal_pool_with_extra_judged_items_raises_idcg():
    """Judged items outside the list join the ideal: pool grades 3,3,2,1,0 give IDCG 7 + 7/log2(3) + 3/2 + 1/log2(5)."""
    r = score_ranking(EXAMPLE_REL, ideal_pool=[1, 3, 2, 3, 0], labels=EXAMPLE_LABELS, pool_labels=list("ABCDE"))
    idcg = 7 + 7 / L3 + 3 / 2 + 1 / L5 + 0
    assert r.dcg == pytest.approx(EXP_DCG, rel=1e-15)
    assert r.idcg == pytest.approx(idcg, rel=1e-15)
    assert r.ndcg == pytest.approx(EXP_DCG / idcg, rel=1e-15)
    assert r.ndcg < score_ranking(EXAMPLE_REL).ndcg
    t = r.ideal_steps
    assert len(t) == 5
    assert t["relevance"].tolist() == [3, 3, 2, 1, 0]
    assert t["item"].tolist() == ["B", "D", "C", "A", "E"]
    # The step table's running IDCG@i uses the pool's ideal.
    np.testing.assert_allclose(r.steps["idcg"], [7, 7 + 7 / L3, 7 + 7 / L3 + 3 / 2], rtol=1e-15)


def test_short_perfect_list_cannot_reach_one_with_a_larger_pool():
    """A list holding only the best item scores 7 / (7 + 3/log2(3)) < 1 when a grade-2 item was judged but not listed."""
    r = score_ranking([3], ideal_pool=[3, 2])
    assert r.ndcg == pytest.approx(7 / (7 + 3 / L3), rel=1e-15)
    assert r.ndcg < 1
    assert score_ranking([3]).ndcg == 1.0  # without the pool the same list is ideal


def test_ideal_pool_equal_to_the_list_changes_nothing():
    """Passing the listed grades themselves as the pool gives the same result as no pool."""
    a = score_ranking([2, 0, 1, 3], [4, 3, 2, 1])
    b = score_ranking([2, 0, 1, 3], [4, 3, 2, 1], ideal_pool=[3, 2, 1, 0])
    assert (a.dcg, a.idcg, a.ndcg) == (b.dcg, b.idcg, b.ndcg)


def test_empty_ideal_pool_means_nothing_was_judged():
    """A list of unjudged items (all grade 0) with an empty pool scores 0 with IDCG 0, as a query without qrels."""
    r = score_ranking([0, 0], [2, 1], ideal_pool=[])
    assert (r.dcg, r.idcg, r.ndcg, r.idcg_is_zero) == (0.0, 0.0, 0.0, True)
    assert r.steps["idcg"].tolist() == [0.0, 0.0]
    assert len(r.ideal_steps) == 0


def test_all_zero_grades_give_zero_idcg_and_zero_ndcg():
    """When no item is relevant IDCG is 0 and nDCG is 0.0 by convention, not NaN."""
    r = score_ranking([0, 0, 0], [3, 2, 1])
    assert r.idcg == 0.0
    assert r.dcg == 0.0
    assert r.ndcg == 0.0
    assert r.idcg_is_zero is True
    assert r.steps["ndcg"].tolist() == [0.0, 0.0, 0.0]
    assert score_ranking([0, 1]).idcg_is_zero is False


def test_k_larger_than_the_list_is_the_whole_list():
    """k = 10 on a 3-item list gives the same DCG, IDCG and nDCG as no cut-off."""
    a = score_ranking(EXAMPLE_REL, k=10)
    b = score_ranking(EXAMPLE_REL)
    assert (a.dcg, a.idcg, a.ndcg) == (b.dcg, b.idcg, b.ndcg)
    assert a.k == 10
    assert a.steps["in_cutoff"].all()


def test_k_cuts_both_dcg_and_idcg():
    """At k = 2 the worked example scores (1 + 7/log2(3)) / (7 + 3/log2(3)); rank 3 is outside the cut."""
    r = score_ranking(EXAMPLE_REL, k=2)
    assert r.dcg == pytest.approx(1 + 7 / L3, rel=1e-15)
    assert r.idcg == pytest.approx(7 + 3 / L3, rel=1e-15)
    assert r.ndcg == pytest.approx((1 + 7 / L3) / (7 + 3 / L3), rel=1e-15)
    assert r.steps["in_cutoff"].tolist() == [True, True, False]
    assert r.ideal_steps["in_cutoff"].tolist() == [True, True, False]
    assert len(r.steps) == 3  # the table still shows every item


def test_k_cuts_the_pool_ideal_too():
    """With a pool of 5 judged items and k = 1, IDCG is the single best gain 2^3 - 1."""
    r = score_ranking([1, 3], ideal_pool=[3, 1, 3, 2, 0], k=1)
    assert r.dcg == 1.0
    assert r.idcg == 7.0
    assert r.ndcg == pytest.approx(1 / 7, rel=1e-15)


def test_k_one_rewards_only_the_top_item():
    """At k = 1 nDCG is the top item's gain over the best gain in the pool."""
    assert score_ranking([2, 3, 0], gain="linear", k=1).ndcg == pytest.approx(2 / 3, rel=1e-15)


# ---------------------------------------------------------------- discounts


def test_discount_weights_hand_values():
    """Each named discount gives the textbook weights at ranks 1..5."""
    np.testing.assert_allclose(discount_weights(5, "log2"), [1, 1 / L3, 1 / 2, 1 / L5, 1 / math.log2(6)], rtol=1e-15)
    np.testing.assert_allclose(discount_weights(5, "reciprocal"), [1, 1 / 2, 1 / 3, 1 / 4, 1 / 5], rtol=1e-15)
    np.testing.assert_array_equal(discount_weights(5, "none"), [1, 1, 1, 1, 1])
    np.testing.assert_allclose(
        discount_weights(4, "log", base=10), [1 / math.log10(i + 1) for i in range(1, 5)], rtol=1e-14
    )
    assert set(DISCOUNTS) == {"log2", "log", "jarvelin", "reciprocal", "none"}


def test_jarvelin_discount_base_2_hand_values():
    """Järvelin & Kekäläinen with b = 2: ranks 1 is undiscounted, then 1/log2(i): 1, 1, 1/log2(3), 1/2, 1/log2(5)."""
    np.testing.assert_allclose(discount_weights(5, "jarvelin", base=2), [1, 1, 1 / L3, 1 / 2, 1 / L5], rtol=1e-15)


def test_jarvelin_discount_base_3_hand_values():
    """With b = 3 ranks 1 and 2 are undiscounted and rank i >= 3 is divided by log3(i): 1, 1, 1, 1/log3(4), 1/log3(5)."""
    np.testing.assert_allclose(
        discount_weights(5, "jarvelin", base=3),
        [1, 1, 1, 1 / math.log(4, 3), 1 / math.log(5, 3)],
        rtol=1e-14,
    )


def test_jarvelin_dcg_hand_computed_for_b_2_and_b_3():
    """Linear DCG of grades 3,2,3,0,1,2 is 3 + 2 + 3/log2(3) + 0 + 1/log2(5) + 2/log2(6) at b = 2, and 3 + 2 + 3 + 0 + 1/log3(5) + 2/log3(6) at b = 3."""
    rel = [3, 2, 3, 0, 1, 2]
    b2 = score_ranking(rel, gain="linear", discount="jarvelin", discount_base=2)
    b3 = score_ranking(rel, gain="linear", discount="jarvelin", discount_base=3)
    assert b2.dcg == pytest.approx(3 + 2 + 3 / L3 + 0 + 1 / L5 + 2 / math.log2(6), rel=1e-14)
    assert b3.dcg == pytest.approx(3 + 2 + 3 + 0 + 1 / math.log(5, 3) + 2 / math.log(6, 3), rel=1e-14)
    # Ideal order 3,3,2,2,1,0.
    assert b2.idcg == pytest.approx(3 + 3 + 2 / L3 + 2 / 2 + 1 / L5, rel=1e-14)
    assert b3.idcg == pytest.approx(3 + 3 + 2 + 2 / math.log(4, 3) + 1 / math.log(5, 3), rel=1e-14)


def test_jarvelin_base_2_differs_from_log2_only_after_rank_1():
    """Järvelin's b = 2 discount is log2(i) not log2(i + 1): rank 2 gets weight 1 instead of 1/log2(3)."""
    a = score_ranking([0, 3], gain="linear", discount="jarvelin")
    b = score_ranking([0, 3], gain="linear", discount="log2")
    assert a.dcg == 3.0
    assert b.dcg == pytest.approx(3 / L3, rel=1e-15)


@pytest.mark.parametrize("base", [math.e, 10.0, 1.5, 2.0])
def test_log_discount_any_base_only_rescales_dcg(base):
    """The "log" discount in base b multiplies DCG and IDCG by log2(b), so nDCG equals the log2 one."""
    rel, scores = [2, 0, 3, 1, 1, 0, 2], [0.3, 0.9, 0.1, 0.5, 0.5, 0.7, 0.2]
    ref = score_ranking(rel, scores, discount="log2", k=5)
    r = score_ranking(rel, scores, discount="log", discount_base=base, k=5)
    assert r.dcg == pytest.approx(ref.dcg * math.log2(base), rel=1e-13)
    assert r.idcg == pytest.approx(ref.idcg * math.log2(base), rel=1e-13)
    assert r.ndcg == pytest.approx(ref.ndcg, rel=1e-13)


def test_reciprocal_discount_divides_by_rank():
    """The reciprocal discount gives linear DCG 1/1 + 3/2 + 2/3 for the worked example."""
    r = score_ranking(EXAMPLE_REL, gain="linear", discount="reciprocal")
    assert r.dcg == pytest.approx(1 + 3 / 2 + 2 / 3, rel=1e-15)
    assert r.idcg == pytest.approx(3 + 2 / 2 + 1 / 3, rel=1e-15)


def test_no_discount_makes_dcg_equal_cg_for_linear_gain():
    """With discount "none" and linear gain the running DCG is exactly the running CG, so the order does not matter."""
    r = score_ranking([1, 0, 3, 2, 0.5], gain="linear", discount="none")
    np.testing.assert_array_equal(r.steps["dcg"], r.steps["cg"])
    assert r.dcg == 6.5
    assert r.ndcg == 1.0
    # Under a cut-off the order matters again: CG@2 of 1, 0 versus ideal 3, 2.
    assert score_ranking([1, 0, 3, 2], gain="linear", discount="none", k=2).ndcg == pytest.approx(1 / 5)


def test_gain_values_linear_and_exponential():
    """Linear gain is the grade itself and exponential gain is 2^grade - 1, fractional grades included."""
    np.testing.assert_array_equal(gain_values([0, 1, 2, 3], "linear"), [0, 1, 2, 3])
    np.testing.assert_allclose(gain_values([0, 1, 2, 3, 0.5], "exponential"), [0, 1, 3, 7, math.sqrt(2) - 1])


# ---------------------------------------------------------------- ties


def _dcg_of_order(gains, order, disc, k):
    cut = len(order) if k is None else min(k, len(order))
    return float(sum(gains[order[i]] * disc[i] for i in range(cut)))


def _tie_respecting_orders(scores):
    """Every permutation of the input that ranks items by non-increasing score (brute force)."""
    n = len(scores)
    return [p for p in itertools.permutations(range(n)) if all(scores[p[i]] >= scores[p[i + 1]] for i in range(n - 1))]


TIE_CASES = [
    # (relevance, scores, k)
    ([3, 0, 1, 2], [1, 1, 1, 1], None),
    ([3, 0, 1, 2], [1, 1, 1, 1], 2),
    ([2, 0, 3, 1, 0], [0.5, 0.5, 0.9, 0.1, 0.5], 3),
    ([1, 2, 0, 3, 2, 1], [2, 1, 2, 1, 2, 0], None),
    ([1, 2, 0, 3, 2, 1], [2, 1, 2, 1, 2, 0], 4),
    ([0, 0, 4, 1, 2, 0, 3], [1, 1, 1, 0, 0, 0, 0], 5),
    ([0.5, 2.5, 1, 0], [3, 3, 3, 3], 1),
]


@pytest.mark.parametrize("gain", ["linear", "exponential"])
@pytest.mark.parametrize("discount", ["log2", "reciprocal", "jarvelin"])
@pytest.mark.parametrize(("rel", "scores", "k"), TIE_CASES)
def test_tie_policies_match_brute_force_over_tied_orders(rel, scores, k, gain, discount):
    """ "average" is the mean DCG over every order of the tied items; "optimistic"/"pessimistic" are the max/min."""
    gains = gain_values(rel, gain)
    disc = discount_weights(len(rel), discount)
    dcgs = [_dcg_of_order(gains, p, disc, k) for p in _tie_respecting_orders(scores)]
    assert len(dcgs) > 1  # the case really has ties
    got = {t: score_ranking(rel, scores, k=k, gain=gain, discount=discount, ties=t) for t in TIES}
    assert got["average"].dcg == pytest.approx(float(np.mean(dcgs)), rel=1e-13, abs=1e-14)
    assert got["optimistic"].dcg == pytest.approx(max(dcgs), rel=1e-13, abs=1e-14)
    assert got["pessimistic"].dcg == pytest.approx(min(dcgs), rel=1e-13, abs=1e-14)
    idcg = got["average"].idcg
    assert all(r.idcg == idcg for r in got.values())  # the ideal never depends on scores or ties
    if idcg > 0:
        assert got["average"].ndcg == pytest.approx(float(np.mean(dcgs)) / idcg, rel=1e-13)


@pytest.mark.parametrize(("rel", "scores", "k"), TIE_CASES)
def test_stable_ties_keep_input_order(rel, scores, k):
    """ "stable" ranks tied items in their input order (a stable sort by descending score)."""
    r = score_ranking(rel, scores, k=k, ties="stable")
    expected = tuple(sorted(range(len(rel)), key=lambda i: -scores[i]))
    assert r.order == expected
    gains = gain_values(rel, "exponential")
    assert r.dcg == pytest.approx(_dcg_of_order(gains, expected, discount_weights(len(rel), "log2"), k), rel=1e-15)


@pytest.mark.parametrize(("rel", "scores", "k"), TIE_CASES)
def test_average_ties_equal_sklearn(rel, scores, k):
    """Tie-averaged linear nDCG equals scikit-learn's ndcg_score, which also averages over ties."""
    ours = score_ranking(rel, scores, k=k, gain="linear", ties="average").ndcg
    theirs = ndcg_score([rel], [scores], k=k)
    assert abs(ours - theirs) < 1e-12


def test_tie_policies_are_registry_entries_in_a_fixed_order():
    """TIES names average, optimistic, pessimistic, stable in that order; each entry gives its key and whether it averages."""
    assert list(TIES) == ["average", "optimistic", "pessimistic", "stable"]
    assert "stable" in TIES and "random" not in TIES
    gains = np.array([1.0, 7.0, 3.0])
    assert TIES["optimistic"].key(gains).tolist() == [-1.0, -7.0, -3.0]  # ascending key: higher gain first
    assert TIES["pessimistic"].key(gains).tolist() == [1.0, 7.0, 3.0]
    assert TIES["stable"].key(gains) is None and TIES["average"].key(gains) is None  # input order
    assert [name for name, policy in TIES.items() if policy.averages] == ["average"]


def test_average_tie_hand_value():
    """Two tied items graded 3 and 0 at ranks 1-2 each count gain 3.5 under exponential gain: DCG 3.5 + 3.5/log2(3)."""
    r = score_ranking([3, 0], [1, 1])
    assert r.dcg == pytest.approx(3.5 + 3.5 / L3, rel=1e-15)
    assert r.steps["gain_used"].tolist() == [3.5, 3.5]
    assert r.steps["gain"].tolist() == [7.0, 0.0]
    assert r.has_ties is True
    assert r.tie_group_sizes == (2,)


def test_optimistic_and_pessimistic_orders_within_ties():
    """Optimistic puts the tied grade-3 item first and pessimistic puts it last; distinct scores still win."""
    rel, scores = [0, 3, 1, 2], [5, 5, 9, 5]
    assert score_ranking(rel, scores, ties="optimistic").order == (2, 1, 3, 0)
    assert score_ranking(rel, scores, ties="pessimistic").order == (2, 0, 3, 1)
    assert score_ranking(rel, scores, ties="stable").order == (2, 0, 1, 3)


def test_tie_groups_in_step_table():
    """The step table numbers tie groups from 1 in ranked order, and distinct scores have no ties."""
    r = score_ranking([1, 2, 3, 0], [0.2, 0.9, 0.2, 0.5])
    assert r.steps["tie_group"].tolist() == [1, 2, 3, 3]
    assert r.tie_group_sizes == (1, 1, 2)
    assert score_ranking([1, 2], [0.1, 0.2]).has_ties is False


def test_ties_do_not_matter_without_scores():
    """Without scores the list is already ranked, so every tie policy gives the same result."""
    results = {(r.dcg, r.order) for r in (score_ranking([2, 0, 2, 1], ties=t) for t in TIES)}
    assert len(results) == 1


def test_ties_do_not_matter_among_equal_grades():
    """Tied items with equal grades give the same DCG under every tie policy."""
    dcgs = {score_ranking([2, 2, 0], [1, 1, 0], ties=t).dcg for t in TIES}
    assert len(dcgs) == 1


def test_integer_and_float_inputs_agree():
    """Integer, float and NumPy inputs give identical results."""
    a = score_ranking([1, 3, 2], [5, 8, 2])
    b = score_ranking(np.array([1.0, 3.0, 2.0]), (5.0, 8.0, 2.0))
    assert (a.dcg, a.idcg, a.ndcg, a.order) == (b.dcg, b.idcg, b.ndcg, b.order)
