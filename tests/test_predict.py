"""The prediction prompts' answers (teach/predict.py): each right answer derived by hand, beside the core's numbers."""

from __future__ import annotations

import math

import numpy as np
import pytest

from ndcg_core import gain_disagreement, limits, score_ranking
from teach import predict
from teach.catalogue import translate


def dcg(grades, gain="exponential") -> float:
    """DCG written out: sum of gain(g) / log2(i + 1), the formula of the source (no core)."""
    return sum(((2**g - 1) if gain == "exponential" else g) / math.log2(i + 2) for i, g in enumerate(grades))


def scored(grades, k=None, names=None):
    return score_ranking(grades, k=k, labels=names or [chr(65 + i) for i in range(len(grades))])


def test_moving_the_best_item_to_the_top_of_the_source_example_raises_ndcg():
    """On A, B, C (1, 3, 2) the question moves B (rank 2) up: 6.9165 / 9.3928 becomes 9.1309 / 9.3928, so "up"."""
    p = predict.move_to_top(scored([1, 3, 2], k=3))
    assert p.question == ("predict_move_q", {"name": "B", "rank": 2})
    assert p.right == {"up"}
    assert p.extra["before"] == pytest.approx(dcg([1, 3, 2]) / dcg([3, 2, 1]))
    assert p.extra["after"] == pytest.approx(dcg([3, 1, 2]) / dcg([3, 2, 1]))
    assert round(p.extra["after"], 4) == 0.9721


@pytest.mark.parametrize(
    ("grades", "answer"),
    [([3, 3, 1], "same"), ([3, 2, 0], "down"), ([0, 0, 2], "up")],
)
def test_moving_to_the_top_can_also_keep_or_lower_ndcg(grades, answer):
    """Passing an equal grade keeps nDCG; passing a higher one lowers it (8.8928 → 7.4165 for 3, 2, 0)."""
    p = predict.move_to_top(scored(grades))
    assert p.right == {answer}
    direction = np.sign(round(p.extra["after"] - p.extra["before"], 12))
    assert {1: "up", 0: "same", -1: "down"}[int(direction)] == answer


def test_one_item_has_no_move_question():
    """A list of one item cannot move anything to rank 1: no prompt."""
    assert predict.move_to_top(scored([2])) is None


def test_exponential_gain_makes_grade_3_worth_seven_grade_1_items():
    """(2^3 − 1) / (2^1 − 1) = 7: the options are 3×, 7×, 9× and 7 is right; grade 1 asks nothing."""
    p = predict.worth(3, "B")
    assert [o.value for o in p.options] == ["3", "7", "9"]
    assert p.right == {"7"}
    assert p.why[1]["lin"] == "3"
    assert predict.worth(1) is None
    assert predict.worth(4).right == {"15"}


def test_the_gain_flip_question_names_the_order_exponential_gain_prefers():
    """For the core's pair on 3, 2, 2, 0 linear prefers one order and exponential the other, as the DCG sums show."""
    grades = [3.0, 2.0, 2.0, 0.0]
    flip = gain_disagreement(grades)
    assert flip is not None
    p = predict.gain_flip(flip.first, flip.second, list("ABCD"), grades, None)
    one, two = ([grades[i] for i in o] for o in (flip.first, flip.second))
    assert dcg(one, "linear") > dcg(two, "linear") and dcg(one) < dcg(two)
    assert p.right == {"second"}
    swapped = predict.gain_flip(flip.second, flip.first, list("ABCD"), grades, None)
    assert swapped.right == {"second"} and swapped.question == p.question  # asked of linear's winner either way


def test_the_discount_halves_the_gain_from_rank_3():
    """1/log2(3) = 0.63 and 1/log2(4) = 0.5: rank 3 is the first at half; C (gain 3) there adds 1.5000."""
    p = predict.halving_rank(scored([1, 3, 2]))
    assert p.right == {"3"}
    assert 1 / math.log2(3) > 0.5 >= 1 / math.log2(4)
    assert p.why == (
        "predict_half_why_item",
        {"rank": 3, "weight": "0.50", "log": "4", "name": "C", "gain": "3", "part": "1.5000"},
    )
    assert predict.halving_rank(scored([1, 3])).why[0] == "predict_half_why"


@pytest.mark.parametrize(
    ("grades", "answer"),
    [([1, 3, 2], "lower"), ([3, 1, 2], "higher"), ([3, 2, 1], "same")],
)
def test_ndcg_at_1_against_the_whole_list(grades, answer):
    """nDCG@1 of 1, 3, 2 is 1/7 = 0.1429 < 0.7364; of 3, 1, 2 it is 1 > 0.9721; the ideal order is 1 at every k."""
    p = predict.first_vs_all(scored(grades))
    assert p.right == {answer}
    assert p.extra["top"] == pytest.approx((2 ** grades[0] - 1) / 7)
    assert p.extra["whole"] == pytest.approx(dcg(grades) / dcg([3, 2, 1]))


def test_which_k_flips_the_winner():
    """X leads at k = 1 and Y from k = 2 (the core's docstring curves): k = 2 is right; no change is "never"."""
    x, y = np.array([1.0, 0.5, 0.5, 0.4]), np.array([0.5, 0.6, 0.5, 0.6])
    p = predict.flip_k(x, y, limits.swap_points(x, y))
    assert p.right == {"2"}
    assert [o.value for o in p.options] == ["2", "3", "4", "none"]
    same = predict.flip_k(x, x * 0.5, limits.swap_points(x, x * 0.5))
    assert same.right == {"none"}


def test_a_flip_beyond_the_twelfth_k_is_later():
    """With 15 ranks the options stop at k = 12, and a flip at k = 14 is the "k ≥ 13" option."""
    x = np.linspace(1, 0.5, 15)
    y = x.copy()
    y[13:] = 1.0
    y[:13] -= 0.1
    p = predict.flip_k(x, y, limits.swap_points(x, y))
    assert limits.swap_points(x, y) == [14]
    assert p.right == {"later"}


@pytest.mark.parametrize(
    ("grades", "threshold", "k", "answer", "rr"),
    [
        ([0, 0, 2, 1], 1, None, "3", 1 / 3),
        ([0, 1, 2], 2, None, "3", 1 / 3),
        ([1, 3, 2], 2, 3, "2", 1 / 2),
        ([0, 0, 0], 1, None, "0", 0.0),
        ([0, 0, 0, 0, 1, 0], 1, None, "less", 1 / 5),
    ],
)
def test_reciprocal_rank_is_one_over_the_first_relevant_rank(grades, threshold, k, answer, rr):
    """RR = 1 / rank of the first grade >= threshold, 0 without one; past rank 4 it is "1/5 or less"."""
    p = predict.reciprocal_rank(scored(grades, k=k), threshold)
    assert p.right == {answer}
    assert p.extra["rr"] == pytest.approx(rr)


def test_the_app_and_scikit_learn_agree_or_not_to_four_decimals():
    """0.7364 against 0.8175 (scikit-learn's linear gain on 1, 3, 2) is "no"; equal values are "yes"."""
    linear = dcg([1, 3, 2], "linear") / dcg([3, 2, 1], "linear")
    assert round(linear, 4) == 0.8175
    assert predict.same_number(0.7364, linear, gain_key="exponential").right == {"no"}
    assert predict.same_number(0.81749, 0.81751, gain_key="linear").right == {"yes"}


def test_the_ideal_order_of_a_b_c_is_b_c_a_and_ties_accept_both():
    """B (3), C (2), A (1) is the one ideal order, IDCG 7 + 3/1.585 + 1/2 = 9.3928; tied grades accept either order."""
    p = predict.ideal_of(list("ABC"), [1, 3, 2])
    assert p.right == {"B, C, A"}
    assert len(p.options) == 6
    assert p.extra["idcg"] == pytest.approx(dcg([3, 2, 1])) and round(p.extra["idcg"], 4) == 9.3928
    assert predict.ideal_of(list("XYZ"), [2, 2, 1]).right == {"X, Y, Z", "Y, X, Z"}


@pytest.mark.parametrize(
    ("order", "grades", "answer"),
    [("ABC", [1, 3, 2], "0.7-0.8"), ("BCA", [3, 2, 1], "1"), ("BAC", [3, 1, 2], "0.9-1.0"), ("ACB", [1, 2, 3], "<")],
)
def test_the_ratio_range_of_the_learners_order(order, grades, answer):
    """A, B, C is 0.7364 (0.7–0.8), B, C, A is 1, B, A, C is 0.9721; A, C, B is 6.3928 / 9.3928 = 0.6806 (< 0.7)."""
    p = predict.ratio(list(order), grades)
    want = "0.0-0.7" if answer == "<" else answer
    assert p.right == {want}
    assert p.extra["ndcg"] == pytest.approx(dcg(grades) / dcg([3, 2, 1]))


def test_names_enter_the_text_escaped_and_the_ident_follows_the_numbers():
    """A name with markdown is escaped in the question; a new example gives the question a new ident."""
    a = predict.move_to_top(scored([1, 3], names=["x", "*bold*"]))
    assert a.question[1]["name"] == r"\*bold\*"
    b = predict.move_to_top(scored([1, 2], names=["x", "*bold*"]))
    assert a.ident != b.ident and a.ident == predict.move_to_top(scored([1, 3], names=["x", "*bold*"])).ident


def _every_prompt():
    r = scored([1, 3, 2], k=3)
    flip = gain_disagreement([3.0, 2.0, 2.0, 0.0])
    x, y = np.array([1.0, 0.5, 0.5, 0.4]), np.array([0.5, 0.6, 0.5, 0.6])
    return [
        predict.move_to_top(r),
        predict.move_to_top(scored([3, 3, 1])),
        predict.move_to_top(scored([3, 2, 0])),
        predict.top_item_worth(r),
        predict.worth(2),
        predict.gain_flip(flip.first, flip.second, list("ABCD"), [3.0, 2.0, 2.0, 0.0], None),
        predict.halving_rank(r),
        predict.halving_rank(),
        *(predict.first_vs_all(scored(g)) for g in ([1, 3, 2], [3, 1, 2], [3, 2, 1])),
        predict.flip_k(x, y, [2]),
        predict.flip_k(x, y, []),
        *(predict.reciprocal_rank(scored(g), 1) for g in ([0, 2], [0, 0], [0, 0, 0, 0, 0, 1])),
        predict.same_number(0.5, 0.5, gain_key="linear"),
        predict.same_number(0.5, 0.6, gain_key="linear"),
        predict.ideal_of(list("ABC"), [1, 3, 2]),
        predict.ratio(list("ABC"), [1, 3, 2]),
    ]


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_every_prompt_reads_in_both_languages_and_has_a_right_option(lang):
    """Each prompt's question, options and explanation fill their catalogue text, and a right answer is an option."""
    for p in _every_prompt():
        for key, params in (p.question, p.why, *(o.label for o in p.options)):
            assert translate(key, lang, **params)
        assert p.right and p.right <= {o.value for o in p.options}
        assert len({o.value for o in p.options}) == len(p.options)
