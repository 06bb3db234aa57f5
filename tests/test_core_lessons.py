"""The lessons' helpers: how much weight the top ranks carry, and where linear and exponential gain disagree."""

import itertools
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ndcg_core import discount_share, discount_weights, gain_disagreement, gain_values, score_ranking


def test_discount_share_hand_values():
    """Ranks 1..k carry their share of the total weight: 1 of 1 + 1/log2(3) + 1/2 at k = 1."""
    total = 1 + 1 / math.log2(3) + 1 / 2
    w = discount_weights(3, "log2")
    assert discount_share(w, 1) == pytest.approx(1 / total, rel=1e-15)
    assert discount_share(w, 2) == pytest.approx((1 + 1 / math.log2(3)) / total, rel=1e-15)
    assert discount_share(w, 3) == 1.0
    assert discount_share(w, 10) == 1.0
    assert discount_share([1, 1, 1, 1], 1) == 0.25


def test_discount_share_of_zero_weights_is_zero():
    """With no weight at all the share is 0, not a division by zero."""
    assert discount_share([0.0, 0.0], 1) == 0.0


def test_steeper_discounts_concentrate_weight_at_the_top():
    """Over 100 ranks the top 10 carry more of the reciprocal weight than of the log2 weight, and 10% with no discount."""
    share = {d: discount_share(discount_weights(100, d), 10) for d in ("reciprocal", "log2", "none")}
    assert share["reciprocal"] > share["log2"] > share["none"] == pytest.approx(0.1)


def test_gain_disagreement_hand_checked_example():
    """For grades 0, 1, 3 linear gain prefers one order and exponential gain the other, with the DCGs it reports."""
    rel = [0, 1, 3]
    g = gain_disagreement(rel)
    assert g is not None
    first = [rel[i] for i in g.first]
    second = [rel[i] for i in g.second]
    for name, pair in (("linear", g.linear_dcg), ("exponential", g.exponential_dcg)):
        assert pair[0] == pytest.approx(score_ranking(first, gain=name).dcg, rel=1e-15)
        assert pair[1] == pytest.approx(score_ranking(second, gain=name).dcg, rel=1e-15)
    assert g.linear_dcg[0] > g.linear_dcg[1]
    assert g.exponential_dcg[0] < g.exponential_dcg[1]
    # The found pair: 1, 0, 3 (linear 1 + 0 + 3/2 = 2.5) against 0, 3, 1 (linear 3/log2(3) + 1/2).
    assert first == [1, 0, 3] and second == [0, 3, 1]
    assert g.linear_dcg == pytest.approx((2.5, 3 / math.log2(3) + 0.5), rel=1e-15)
    assert g.exponential_dcg == pytest.approx((1 + 7 / 2, 7 / math.log2(3) + 0.5), rel=1e-15)


@pytest.mark.parametrize("rel", [[2, 2, 0], [1, 0, 1, 0], [5], [3, 3, 3]])
def test_no_disagreement_with_two_or_fewer_distinct_grades(rel):
    """With at most two distinct grades every increasing gain is affine in the grade, so no disagreement exists."""
    assert gain_disagreement(rel) is None


def test_no_disagreement_for_grades_3_2_1():
    """For grades 3, 2, 1 under log2 both gains order all six permutations identically (checked by enumeration)."""
    rel = np.array([3.0, 2.0, 1.0])
    perms = list(itertools.permutations(range(3)))
    d = discount_weights(3, "log2")
    lin = [gain_values(rel[list(p)], "linear") @ d for p in perms]
    exp = [gain_values(rel[list(p)], "exponential") @ d for p in perms]
    assert np.array_equal(np.argsort(lin), np.argsort(exp))
    assert gain_disagreement(rel) is None


def _brute_force_disagrees(rel, discount):
    """True if some pair of orders is ranked oppositely by the two gains by a clear margin (1e-6)."""
    rel = np.asarray(rel, dtype=float)
    perms = np.array(list(itertools.permutations(range(len(rel)))))
    d = discount_weights(len(rel), discount)
    lin = gain_values(rel, "linear")[perms] @ d
    exp = gain_values(rel, "exponential")[perms] @ d
    margin = np.minimum(lin[:, None] - lin[None, :], exp[None, :] - exp[:, None])
    return bool(margin.max() > 1e-6)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.integers(min_value=0, max_value=4), min_size=3, max_size=5),
    st.sampled_from(["log2", "reciprocal", "jarvelin"]),
)
def test_small_lists_are_searched_exhaustively(rel, discount):
    """For up to 5 items a disagreement is reported exactly when brute force over all pairs of orders finds one."""
    found = gain_disagreement(rel, discount=discount)
    exists = _brute_force_disagrees(rel, discount)
    if exists:
        assert found is not None
    if found is not None:
        assert found.linear_dcg[0] > found.linear_dcg[1]
        assert found.exponential_dcg[0] < found.exponential_dcg[1]


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=4), min_size=4, max_size=10))
def test_long_lists_report_a_valid_pair_of_permutations(extra):
    """A long list holding grades 3, 2, 2, 0 has a pair, and it is two permutations whose DCGs really disagree."""
    rel = [3, 2, 2, 0, *extra]
    g = gain_disagreement(rel)
    assert g is not None
    assert sorted(g.first) == sorted(g.second) == list(range(len(rel)))
    first = [rel[i] for i in g.first]
    second = [rel[i] for i in g.second]
    assert g.linear_dcg[0] == pytest.approx(score_ranking(first, gain="linear").dcg, rel=1e-12)
    assert g.exponential_dcg[1] == pytest.approx(score_ranking(second, gain="exponential").dcg, rel=1e-12)
    assert g.linear_dcg[0] > g.linear_dcg[1]
    assert g.exponential_dcg[0] < g.exponential_dcg[1]


def test_gain_disagreement_checks_its_input():
    """Grades are validated like score_ranking's."""
    with pytest.raises(ValueError, match=r"relevance\[1\] = .*-1\.0.* is negative"):
        gain_disagreement([1, -1, 2])


def _dcg_at(rel, order, k, gain):
    """DCG@k of ``order`` recomputed independently with score_ranking."""
    return score_ranking([rel[i] for i in order], k=k, gain=gain).dcg


def test_gain_disagreement_at_k_3_for_grades_3_2_2_0():
    """At k = 3 the pair for grades 3, 2, 2, 0 disagrees on DCG@3, unlike the whole-list pair B,A,C,D vs A,D,B,C."""
    rel = [3, 2, 2, 0]
    old_first, old_second = (1, 0, 2, 3), (0, 3, 1, 2)  # the pair found without k
    lin_old = [_dcg_at(rel, o, 3, "linear") for o in (old_first, old_second)]
    exp_old = [_dcg_at(rel, o, 3, "exponential") for o in (old_first, old_second)]
    assert lin_old[0] > lin_old[1] and exp_old[0] > exp_old[1]  # both prefer B,A,C,D at @3
    g = gain_disagreement(rel, k=3)
    assert g is not None
    for name, pair in (("linear", g.linear_dcg), ("exponential", g.exponential_dcg)):
        assert pair == pytest.approx((_dcg_at(rel, g.first, 3, name), _dcg_at(rel, g.second, 3, name)), rel=1e-12)
    assert g.linear_dcg[0] > g.linear_dcg[1]
    assert g.exponential_dcg[0] < g.exponential_dcg[1]


def test_no_disagreement_at_k_1():
    """At k = 1 DCG@1 is the gain of the top item, which both gains order alike."""
    assert gain_disagreement([3, 2, 2, 0], k=1) is None


def _brute_force_disagrees_at(rel, k, discount):
    """True if some two choices of the top k items, in order, are ranked oppositely (margin 1e-9, as the search's)."""
    rel = np.asarray(rel, dtype=float)
    top = min(k, len(rel))
    perms = np.array(list(itertools.permutations(range(len(rel)), top)))
    d = discount_weights(top, discount)
    lin = gain_values(rel, "linear")[perms] @ d
    exp = gain_values(rel, "exponential")[perms] @ d
    margin = np.minimum(lin[:, None] - lin[None, :], exp[None, :] - exp[:, None])
    return bool(margin.max() > 1e-9)


@settings(max_examples=80, deadline=None)
@given(
    st.lists(st.integers(min_value=0, max_value=4), min_size=1, max_size=12),
    st.one_of(st.none(), st.integers(min_value=1, max_value=14)),
    st.sampled_from(["log2", "reciprocal", "jarvelin"]),
)
def test_a_returned_pair_really_disagrees_at_k(rel, k, discount):
    """Whenever a pair is returned its reported DCG@k values are right and really disagree; None with <= 2 grades."""
    g = gain_disagreement(rel, k=k, discount=discount)
    if len(set(rel)) <= 2:
        assert g is None
    if g is None:
        return
    assert sorted(g.first) == sorted(g.second) == list(range(len(rel)))
    for name, pair in (("linear", g.linear_dcg), ("exponential", g.exponential_dcg)):
        want = [score_ranking([rel[i] for i in o], k=k, gain=name, discount=discount).dcg for o in (g.first, g.second)]
        assert pair == pytest.approx(want, rel=1e-12)
    assert g.linear_dcg[0] > g.linear_dcg[1]
    assert g.exponential_dcg[0] < g.exponential_dcg[1]


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.integers(min_value=0, max_value=4), min_size=3, max_size=6),
    st.integers(min_value=1, max_value=7),
)
def test_small_lists_at_k_are_searched_exhaustively(rel, k):
    """For up to 6 items a pair at k is reported exactly when brute force over every top-k choice finds one."""
    found = gain_disagreement(rel, k=k)
    assert (found is not None) == _brute_force_disagrees_at(rel, k, "log2")


@pytest.mark.parametrize(
    ("k", "match"),
    [(0, r"k = 0 must be >= 1"), (2.5, r"k = 2\.5 must be a whole number"), (True, r"k = True must be a whole number")],
)
def test_gain_disagreement_checks_k(k, match):
    """A bad k raises ValueError naming the value, as score_ranking does."""
    with pytest.raises(ValueError, match=match):
        gain_disagreement([3, 2, 2, 0], k=k)
