"""Bad input raises ValueError with a message that names the bad value and where it is."""

import math

import numpy as np
import pandas as pd
import pytest

from ndcg_core import discount_weights, evaluate_run, gain_disagreement, gain_values, score_ranking


def _run(rows):
    return pd.DataFrame(rows, columns=["query_id", "doc_id", "score"])


def _qrels(rows):
    return pd.DataFrame(rows, columns=["query_id", "doc_id", "relevance"])


GOOD_RUN = _run([("q1", "a", 0.9), ("q1", "b", 0.5), ("q2", "a", 0.3)])
GOOD_QRELS = _qrels([("q1", "a", 1), ("q2", "a", 2)])

# ---------------------------------------------------------------- relevance grades


def test_negative_grade_names_value_and_index():
    """A negative grade is rejected, naming relevance[2] and its value."""
    with pytest.raises(ValueError, match=r"relevance\[2\] = .*-1\.0.* is negative; grades must be >= 0"):
        score_ranking([1, 2, -1])


def test_nan_grade_names_index():
    """A NaN grade is rejected as not a finite number, naming relevance[2]."""
    with pytest.raises(ValueError, match=r"relevance\[2\] = .*nan.* is not a finite number"):
        score_ranking([1, 2, float("nan")])


@pytest.mark.parametrize("bad", [math.inf, -math.inf])
def test_infinite_grade_names_index(bad):
    """An infinite grade is rejected as not a finite number, naming relevance[1]."""
    with pytest.raises(ValueError, match=r"relevance\[1\] = .*inf.* is not a finite number"):
        score_ranking([1, bad, 0])


@pytest.mark.parametrize(
    ("bad", "shown"),
    [("x", "'x'"), (None, "None"), ("3", "'3'"), (True, "True"), (1 + 2j, r"\(1\+2j\)")],
)
def test_non_numeric_grade_names_value_and_index(bad, shown):
    """Text, None, a bool or a complex number among the grades is not a number, named with its index."""
    with pytest.raises(ValueError, match=rf"relevance\[2\] = {shown} is not a number"):
        score_ranking([1, 2, bad])


def test_bool_array_of_grades_is_rejected():
    """A whole list of booleans is not a list of grades."""
    with pytest.raises(ValueError, match=r"relevance\[0\] = .*True_? is not a number"):
        score_ranking(np.array([True, False]))


def test_empty_relevance():
    """An empty list has nothing to score."""
    with pytest.raises(ValueError, match="relevance is empty; give at least one graded item"):
        score_ranking([])


def test_relevance_must_be_a_list():
    """A string or a bare number is not a list of grades."""
    with pytest.raises(ValueError, match="relevance must be a list of numbers, got str"):
        score_ranking("123")
    with pytest.raises(ValueError, match="relevance must be a list of numbers, got int"):
        score_ranking(3)


def test_relevance_must_be_one_dimensional():
    """A matrix of grades is rejected with its shape."""
    with pytest.raises(ValueError, match=r"relevance must be one-dimensional, got shape \(2, 2\)"):
        score_ranking([[1, 2], [3, 4]])


def test_grade_too_large_for_exponential_gain():
    """2^1001 - 1 does not fit the gain safely, so grade 1001 is refused for exponential gain but fine for linear."""
    with pytest.raises(
        ValueError, match=r"relevance\[1\] = .*1001\.0.* is too large for exponential gain \(at most 1000\)"
    ):
        score_ranking([1, 1001])
    assert score_ranking([1, 1001], gain="linear").ndcg < 1


def test_largest_exponential_grade_still_gives_finite_dcg():
    """Grade 1000, the largest allowed, keeps DCG finite even for many such items: 2^1000 times the discount sum fits a double."""
    r = score_ranking([1000.0] * 200, discount="none")
    assert math.isfinite(r.dcg) and r.ndcg == 1.0


@pytest.mark.filterwarnings("ignore:overflow encountered:RuntimeWarning")
def test_overflowing_linear_dcg_is_refused():
    """Huge linear grades overflow the DCG sum; the core says so instead of returning inf or NaN."""
    with pytest.raises(ValueError, match="grades are too large: DCG overflows to infinity"):
        score_ranking([1e308, 1e308], gain="linear", discount="none")


# ---------------------------------------------------------------- scores, k and named choices


def test_scores_length_mismatch():
    """Scores must give one number per graded item."""
    with pytest.raises(ValueError, match="scores has 2 entries but relevance has 3"):
        score_ranking([1, 2, 3], [0.5, 0.4])


def test_non_finite_score_names_index():
    """A NaN score is rejected, naming scores[1]."""
    with pytest.raises(ValueError, match=r"scores\[1\] = .*nan.* is not a finite number"):
        score_ranking([1, 2], [0.5, float("nan")])


def test_negative_scores_are_allowed():
    """Scores are model outputs, so negative scores are fine (only grades must be >= 0)."""
    assert score_ranking([0, 1], [-2.0, -1.0]).ndcg == 1.0


@pytest.mark.parametrize("k", [0, -3])
def test_k_below_one(k):
    """k must be at least 1."""
    with pytest.raises(ValueError, match=rf"k = {k} must be >= 1"):
        score_ranking([1, 2], k=k)


@pytest.mark.parametrize(("k", "shown"), [(2.5, "2.5"), ("3", "'3'"), (True, "True"), (3.0, "3.0")])
def test_k_must_be_a_whole_number(k, shown):
    """k = 2.5, "3", True or 3.0 is not a whole number of ranks."""
    with pytest.raises(ValueError, match=rf"k = {shown} must be a whole number >= 1 or None"):
        score_ranking([1, 2], k=k)


def test_numpy_integer_k_is_accepted():
    """A NumPy integer k works like a Python int."""
    assert score_ranking([1, 3, 2], k=np.int64(2)).k == 2


def test_unknown_gain():
    """An unknown gain name lists the known ones."""
    with pytest.raises(ValueError, match="unknown gain 'cubic'; choose one of exponential, linear"):
        score_ranking([1, 2], gain="cubic")


def test_unknown_discount():
    """An unknown discount name lists the known ones."""
    with pytest.raises(
        ValueError, match="unknown discount 'log10'; choose one of jarvelin, log, log2, none, reciprocal"
    ):
        score_ranking([1, 2], discount="log10")


def test_unknown_tie_policy():
    """An unknown tie policy lists the known ones."""
    with pytest.raises(
        ValueError, match="unknown tie policy 'random'; choose one of average, optimistic, pessimistic, stable"
    ):
        score_ranking([1, 2], [1, 1], ties="random")


def test_choice_names_must_be_strings():
    """A non-string choice is unknown, not a crash."""
    with pytest.raises(ValueError, match="unknown gain None"):
        score_ranking([1, 2], gain=None)
    with pytest.raises(ValueError, match="unknown gain 'Linear'"):
        gain_values([1], "Linear")  # names are case-sensitive


@pytest.mark.parametrize("base", [1.0, 0.5, math.inf, math.nan])
def test_discount_base_must_exceed_one(base):
    """A log base of 1 or less (or not finite) is refused."""
    with pytest.raises(ValueError, match=r"discount base .* must be a finite number > 1"):
        score_ranking([1, 2], discount="log", discount_base=base)
    with pytest.raises(ValueError, match=r"discount base .* must be a finite number > 1"):
        discount_weights(3, "jarvelin", base=base)


def test_labels_length_mismatch():
    """Labels must name every item."""
    with pytest.raises(ValueError, match="labels has 2 entries but there are 3 grades"):
        score_ranking([1, 2, 3], labels=["a", "b"])


# ---------------------------------------------------------------- ideal pool


def test_ideal_pool_lacking_a_listed_grade():
    """The pool holds every judged item, so a listed grade 3 absent from it is named."""
    with pytest.raises(
        ValueError, match=r"ideal_pool lacks relevance\[1\] = 3\.0; the pool must hold every judged item"
    ):
        score_ranking([1, 3, 2], ideal_pool=[1, 2, 5])


def test_ideal_pool_lacking_a_second_copy_of_a_grade():
    """Two listed items of grade 2 need two grade-2 entries in the pool."""
    with pytest.raises(ValueError, match=r"ideal_pool lacks relevance\[0\] = 2\.0"):
        score_ranking([2, 2], ideal_pool=[2, 3])


def test_ideal_pool_negative_grade():
    """Pool grades are checked like relevance grades."""
    with pytest.raises(ValueError, match=r"ideal_pool\[1\] = .*-2\.0.* is negative"):
        score_ranking([1], ideal_pool=[1, -2])


def test_pool_labels_length_mismatch():
    """Pool labels must name every pool item."""
    with pytest.raises(ValueError, match="pool_labels has 1 entries but there are 2 grades"):
        score_ranking([1], ideal_pool=[1, 2], pool_labels=["x"])


# ---------------------------------------------------------------- evaluate_run


def test_duplicate_doc_in_one_query_of_a_run():
    """A run listing doc b twice for query q1 is refused, naming the query and the doc."""
    run = _run([("q1", "a", 0.9), ("q1", "b", 0.5), ("q2", "b", 0.3), ("q1", "b", 0.1)])
    with pytest.raises(ValueError, match=r"run has doc 'b' twice for query 'q1' \(row 3\)"):
        evaluate_run(run, GOOD_QRELS)


def test_duplicate_doc_in_one_query_of_the_qrels():
    """Qrels judging doc a twice for query q2 are refused, naming the query and the doc."""
    qrels = _qrels([("q1", "a", 1), ("q2", "a", 2), ("q2", "a", 0)])
    with pytest.raises(ValueError, match=r"qrels has doc 'a' twice for query 'q2'"):
        evaluate_run(GOOD_RUN, qrels)


def test_negative_qrels_grade_names_the_query():
    """A negative judged grade is refused, naming the query id, the doc and the row."""
    qrels = _qrels([("q1", "a", 1), ("q2", "a", -2)])
    with pytest.raises(ValueError, match=r"qrels relevance .*-2.* for query 'q2', doc 'a' \(row 1\) is negative"):
        evaluate_run(GOOD_RUN, qrels)


def test_missing_qrels_grade_names_the_query():
    """A blank judged grade is refused as not a finite number, naming its query."""
    qrels = _qrels([("q1", "a", 1.0), ("q2", "a", None)])
    with pytest.raises(
        ValueError, match=r"qrels relevance .* for query 'q2', doc 'a' \(row 1\) is not a finite number"
    ):
        evaluate_run(GOOD_RUN, qrels)


def test_non_numeric_run_score_names_the_query():
    """A score that is not a number is refused, naming the query, the doc and the row."""
    run = _run([("q1", "a", 0.9), ("q1", "b", "high")])
    with pytest.raises(ValueError, match=r"run score 'high' for query 'q1', doc 'b' \(row 1\) is not a finite number"):
        evaluate_run(run, GOOD_QRELS)


def test_qrels_grade_too_large_for_exponential_gain_names_the_query():
    """A judged grade above 1000 is refused for exponential gain, naming its query."""
    qrels = _qrels([("q1", "a", 1), ("q2", "a", 2000)])
    with pytest.raises(ValueError, match=r"qrels relevance .*2000.* for query 'q2' is too large for exponential gain"):
        evaluate_run(GOOD_RUN, qrels)
    assert evaluate_run(GOOD_RUN, qrels, gain="linear").mean > 0


def test_missing_ids_are_refused_with_their_row():
    """A blank query id or doc id cannot be matched to anything, so it is refused with its row."""
    run = _run([("q1", "a", 0.9), (None, "b", 0.5)])
    with pytest.raises(ValueError, match=r"run row 1 has no query_id"):
        evaluate_run(run, GOOD_QRELS)
    run = _run([("q1", "a", 0.9), ("q1", None, 0.5)])
    with pytest.raises(ValueError, match=r"run row 1 has no doc_id \(query 'q1'\)"):
        evaluate_run(run, GOOD_QRELS)
    qrels = _qrels([("q1", "a", 1), ("q2", float("nan"), 2)])
    with pytest.raises(ValueError, match=r"qrels row 1 has no doc_id \(query 'q2'\)"):
        evaluate_run(GOOD_RUN, qrels)


def test_run_lacking_a_column():
    """A run without a score column is refused, naming the missing column."""
    with pytest.raises(ValueError, match=r"run lacks column\(s\) score"):
        evaluate_run(GOOD_RUN.drop(columns="score"), GOOD_QRELS)
    with pytest.raises(ValueError, match=r"qrels lacks column\(s\) doc_id, relevance"):
        evaluate_run(GOOD_RUN, GOOD_QRELS[["query_id"]])


def test_run_must_be_a_dataframe():
    """A run given as a list is refused with the expected columns."""
    with pytest.raises(ValueError, match="run must be a DataFrame with columns query_id, doc_id, score"):
        evaluate_run([("q1", "a", 1.0)], GOOD_QRELS)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"k": 0}, "k = 0 must be >= 1"),
        ({"k": 2.5}, r"k = 2\.5 must be a whole number"),
        ({"gain": "square"}, "unknown gain 'square'"),
        ({"ties": "coin"}, "unknown tie policy 'coin'"),
        ({"empty": "nan"}, "unknown empty-query policy 'nan'; choose one of skip, zero"),
        ({"discount": "log10"}, "unknown discount 'log10'; choose one of jarvelin, log, log2, none, reciprocal"),
        ({"discount": None}, "unknown discount None"),
        ({"discount": "log", "discount_base": 1.0}, r"discount base 1\.0 must be a finite number > 1"),
    ],
)
def test_evaluate_run_checks_its_options(kwargs, message):
    """evaluate_run refuses a bad k, gain, discount, tie policy or empty-query policy with the same messages as score_ranking."""
    with pytest.raises(ValueError, match=message):
        evaluate_run(GOOD_RUN, GOOD_QRELS, **kwargs)


@pytest.mark.parametrize(
    ("base", "shown"),
    [(1.0, r"1\.0"), (0.5, r"0\.5"), (math.inf, "inf"), (math.nan, "nan"), ("two", "'two'"), (None, "None")],
)
def test_evaluate_run_refuses_a_bad_discount_base(base, shown):
    """A base of 1 or less, not finite or not a number is refused by evaluate_run as by score_ranking, for every discount."""
    message = rf"discount base {shown} must be a finite number > 1"
    for discount in ("log2", "jarvelin"):
        with pytest.raises(ValueError, match=message):
            evaluate_run(GOOD_RUN, GOOD_QRELS, discount=discount, discount_base=base)
        with pytest.raises(ValueError, match=message):
            score_ranking([1, 2], discount=discount, discount_base=base)


def test_ideal_pool_grade_too_large_for_exponential_gain():
    """A pool grade above 1000 is named like a listed one, instead of overflowing IDCG."""
    with pytest.raises(
        ValueError, match=r"ideal_pool\[2\] = 2000\.0 is too large for exponential gain \(at most 1000\)"
    ):
        score_ranking([1, 2], ideal_pool=[1, 2, 2000])


def test_gain_disagreement_checks_its_discount():
    """gain_disagreement refuses an unknown discount with the same message as score_ranking."""
    with pytest.raises(
        ValueError, match="unknown discount 'log10'; choose one of jarvelin, log, log2, none, reciprocal"
    ):
        gain_disagreement([0, 1, 3], discount="log10")
    with pytest.raises(ValueError, match="unknown discount None"):
        gain_disagreement([0, 1, 3], discount=None)
