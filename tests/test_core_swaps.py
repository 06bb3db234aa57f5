"""swap_deltas: the change in nDCG@k from swapping two ranks, by hand and against scikit-learn."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.metrics import ndcg_score

from ndcg_core import score_ranking, swap_deltas

grades = st.lists(st.integers(0, 4), min_size=2, max_size=9)


def sklearn_ndcg(rel, k, gain):
    """scikit-learn's nDCG@k of a list in ranked order (falling scores); 2^rel − 1 passed for exponential gain."""
    g = [2.0**x - 1 for x in rel] if gain == "exponential" else [float(x) for x in rel]
    if not any(g):
        return 0.0
    return ndcg_score([g], [list(range(len(rel), 0, -1))], k=k)


def test_swap_of_the_source_example_by_hand():
    """Swapping ranks 1 and 2 of A, B, C = 1, 3, 2 (exponential) gives 3, 1, 2: nDCG 0.7364 → 9.1309 / 9.3928."""
    idcg = 7 + 3 / math.log2(3) + 1 / 2
    before = (1 + 7 / math.log2(3) + 3 / 2) / idcg
    after = (7 + 1 / math.log2(3) + 3 / 2) / idcg
    d = swap_deltas([1, 3, 2])
    assert d[0, 1] == pytest.approx(after - before, abs=1e-15)
    assert d[0, 1] == pytest.approx((1 - 7) * (1 / math.log2(3) - 1) / idcg, abs=1e-15)


def test_swaps_are_symmetric_with_a_zero_diagonal():
    """Swapping i with j is swapping j with i, and swapping a rank with itself changes nothing."""
    d = swap_deltas([3, 0, 2, 1, 2], k=3, gain="linear")
    assert np.array_equal(d, d.T)
    assert not np.diagonal(d).any()


def test_swaps_beyond_k_change_nothing():
    """Two ranks both below the cut-off k leave nDCG@k as it is."""
    d = swap_deltas([1, 0, 2, 3, 1], k=2)
    assert d[2, 3] == 0 and d[3, 4] == 0 and d[0, 3] > 0


def test_all_zero_grades_give_zero_swaps():
    """With IDCG = 0 no swap changes nDCG (it stays 0)."""
    assert not swap_deltas([0, 0, 0]).any()


@pytest.mark.parametrize(
    ("relevance", "kwargs", "match"),
    [
        ([], {}, "relevance is empty"),
        ([1, -1], {}, r"relevance\[1\] = -1.0 is negative"),
        ([1, "x"], {}, r"relevance\[1\] = 'x' is not a number"),
        ([1, 2], {"k": 0}, "k = 0 must be >= 1"),
        ([1, 2], {"gain": "cubic"}, "gain"),
        ([1, 2000], {}, r"relevance\[1\] = 2000 is too large for exponential gain"),
    ],
)
def test_swap_deltas_checks_its_input(relevance, kwargs, match):
    """Bad grades and options raise a ValueError that names the value and its position."""
    with pytest.raises(ValueError, match=match):
        swap_deltas(relevance, **kwargs)


@settings(max_examples=60, deadline=None)
@given(rel=grades, k=st.one_of(st.none(), st.integers(1, 10)), gain=st.sampled_from(["linear", "exponential"]))
def test_every_swap_equals_scikit_learn_on_the_swapped_list(rel, k, gain):
    """Each entry equals scikit-learn's nDCG@k of the swapped list minus that of the list itself."""
    d = swap_deltas(rel, k=k, gain=gain)
    before = sklearn_ndcg(rel, k, gain)
    assert before == pytest.approx(score_ranking(rel, k=k, gain=gain).ndcg, abs=1e-12)
    for i in range(len(rel)):
        for j in range(i + 1, len(rel)):
            swapped = list(rel)
            swapped[i], swapped[j] = swapped[j], swapped[i]
            assert d[i, j] == pytest.approx(sklearn_ndcg(swapped, k, gain) - before, abs=1e-12)
