"""The live class's pure parts: stored answers, the projector's histogram, the most common mistake, and the link."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from live import links, questions
from live.store import CODE_ALPHABET
from teach import exercises


def first(kind: str, test) -> exercises.Exercise:
    """The exercise of ``kind`` with the lowest seed that passes ``test``."""
    return next(ex for ex in (exercises.make(kind, s) for s in range(500)) if test(ex))


def _other_gain_stands_out(ex) -> bool:
    """The other gain's nDCG is wrong (beyond the tolerance) and near no other slip."""
    slips = questions._estimate_slips(ex)
    other = slips.pop("live_slip_other_gain")
    return abs(other - ex.ndcg()) > exercises.ESTIMATE_TOLERANCE + 0.01 and all(
        abs(other - v) > 2 * questions.NEAR["estimate"] for v in slips.values()
    )


ESTIMATE_K = first("estimate", lambda ex: ex.k is not None and ex.gain == "exponential" and _other_gain_stands_out(ex))
ESTIMATE = first("estimate", lambda ex: ex.k is None)
FLIPPED = first("better", lambda ex: exercises.verdicts(ex)["linear"] != exercises.verdicts(ex)["exponential"])
TERM = first("term", lambda ex: ex.gain == "exponential" and ex.grades[ex.rank - 1] >= 2)
IDEAL = exercises.make("ideal", 3)


def stored(ex, *responses):
    return [(s.response, s.value, s.correct) for s in (questions.store(ex, r) for r in responses)]


# ---------------------------------------------------------------- stored answers


@pytest.mark.parametrize("kind", questions.KINDS)
def test_a_right_answer_is_stored_as_right_and_reads_back(kind):
    """The right answer of each kind is stored as right, and ``load`` gives back the response that was stored."""
    ex = questions.question(kind, 5)
    right = {
        "estimate": ex.ndcg,
        "term": lambda: exercises.term(ex),
        "ideal": lambda: exercises.ideal_order(ex),
        "better": lambda: exercises.verdicts(ex),
    }[kind]()
    s = questions.store(ex, right)
    assert s.correct
    assert questions.load(ex, s.response) == (right if kind != "estimate" and kind != "term" else float(right))


def test_a_dragged_order_is_stored_with_the_ndcg_it_reached():
    """An order's stored value is the nDCG of that order, computed by hand here."""
    order = (1, 0, 2, 3, 4)  # grades (1, 1, 2, 3, 0) in this order: 1, 1, 2, 3, 0 (swapping two equal grades)
    grades = [IDEAL.grades[i] for i in order]
    gains = [2**g - 1 if IDEAL.gain == "exponential" else g for g in grades]
    dcg = sum(g / math.log2(i + 2) for i, g in enumerate(gains))
    idcg = sum(g / math.log2(i + 2) for i, g in enumerate(sorted(gains, reverse=True)))
    s = questions.store(IDEAL, order)
    assert s.value == pytest.approx(dcg / idcg, abs=1e-12)
    assert not s.correct and json.loads(s.response) == list(order)


@pytest.mark.parametrize(
    ("kind", "response", "message"),
    [
        ("estimate", 1.5, "not a number from 0 to 1"),
        ("estimate", -0.1, "not a number from 0 to 1"),
        ("estimate", float("nan"), "not a number"),
        ("term", float("inf"), "not a number"),
        ("better", {"linear": "A"}, "does not pick A, B or same"),
        ("better", {"linear": "A", "exponential": "C"}, "does not pick A, B or same"),
        ("ideal", (0, 0, 1, 2, 3), "is not an order of the"),
        ("ideal", (0, 1), "is not an order of the"),
    ],
)
def test_an_answer_that_cannot_be_right_is_refused_with_its_value(kind, response, message):
    """A response outside what the question can take raises ValueError naming it."""
    with pytest.raises(ValueError, match=message):
        questions.store(questions.question(kind, 3), response)


def test_a_kind_a_room_cannot_ask_is_refused():
    """Only the four kinds of the issue are room questions."""
    with pytest.raises(ValueError, match="question kind 'swap' is not one of estimate, ideal, better, term"):
        questions.question("swap", 1)


# ---------------------------------------------------------------- the histogram


def test_the_estimate_histogram_counts_each_answer_in_its_tenth():
    """Estimates fall into ten bins of 0.1; 1.0 lands in the last, and the bin of the truth is marked right."""
    answers = stored(ESTIMATE, 0.0, 0.05, 0.1, 0.55, 0.99, 1.0)
    bars = questions.bars(ESTIMATE, answers)
    assert bars.labels[0] == "0.0–0.1" and bars.labels[-1] == "0.9–1.0"
    assert bars.counts == (2, 1, 0, 0, 0, 1, 0, 0, 0, 2)
    truth = ESTIMATE.ndcg()
    assert [i for i, r in enumerate(bars.holds) if r] == [min(9, int(truth * 10))]


def test_a_round_answer_lands_in_the_bin_it_starts():
    """0.3, 0.6 and 0.7 are counted in the bins 0.3–0.4, 0.6–0.7 and 0.7–0.8, not one lower (float edges)."""
    bars = questions.bars(ESTIMATE, [(json.dumps(v), v, False) for v in (0.3, 0.6, 0.7)])
    assert [label for label, c in zip(bars.labels, bars.counts, strict=True) if c] == ["0.3–0.4", "0.6–0.7", "0.7–0.8"]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.floats(0, 1), max_size=40))
def test_every_estimate_is_counted_once(values):
    """Whatever the answers, the bars count each of them exactly once."""
    bars = questions.bars(ESTIMATE, [(json.dumps(v), v, False) for v in values])
    assert sum(bars.counts) == len(values)
    assert sum(bars.holds) == 1


def test_the_term_histogram_grows_to_hold_the_largest_answer():
    """DCG terms have no upper bound: the ten bins reach a round number above the largest answer."""
    bars = questions.bars(TERM, stored(TERM, 0.0, 12.5, 3.0))
    assert bars.labels[-1].endswith("–20.0") and sum(bars.counts) == 3
    truth = exercises.term(TERM)
    right = [label for label, r in zip(bars.labels, bars.holds, strict=True) if r]
    low, high = (float(x) for x in right[0].split("–"))
    assert low <= truth < high


def test_the_better_chart_shows_each_pair_given_and_the_right_one():
    """A "better" chart has one bar per pair of picks someone gave, plus the right pair even when nobody gave it."""
    right = exercises.verdicts(FLIPPED)
    wrong = {"linear": right["linear"], "exponential": right["linear"]}
    answers = stored(FLIPPED, wrong, wrong)
    bars = questions.bars(FLIPPED, answers, same_word="=")
    assert len(bars.labels) == 2 and sorted(bars.counts) == [0, 2]
    assert bars.counts[bars.holds.index(True)] == 0


def test_two_wrong_answers_beside_the_right_one_count_no_right_answer():
    """Two wrong estimates in the bin holding the answer count as wrong there, the verdict each phone shows (U4)."""
    truth = ESTIMATE.ndcg()
    near = [v for v in (truth - 0.07, truth - 0.06, truth + 0.06, truth + 0.07) if int(v * 10) == int(truth * 10)]
    answers = stored(ESTIMATE, *near[:2])
    assert len(answers) == 2 and not any(ok for _, _, ok in answers)  # wrong by the ±0.05 rule, in the same bin
    bars = questions.bars(ESTIMATE, answers)
    at = bars.holds.index(True)
    assert bars.counts[at] == 2 and bars.correct[at] == 0 and sum(bars.correct) == 0


def test_each_bar_counts_its_right_answers_and_its_most_common_mistake():
    """A bar holding right and wrong answers counts each; the most common mistake is counted where its answers fall."""
    other = ESTIMATE_K.ndcg(gain="linear")
    answers = stored(ESTIMATE_K, ESTIMATE_K.ndcg(), other, other, 0.999 if other < 0.9 else 0.0)
    bars = questions.bars(ESTIMATE_K, answers)
    assert sum(bars.correct) == 1 and bars.correct[bars.holds.index(True)] == 1
    assert sum(bars.slip) == 2 and bars.slip[min(9, int(other * 10))] == 2
    right = exercises.verdicts(FLIPPED)
    same = {"linear": right["linear"], "exponential": right["linear"]}
    picks = questions.bars(FLIPPED, stored(FLIPPED, same, right, right), same_word="=")
    assert picks.correct[picks.holds.index(True)] == 2 and sum(picks.correct) == 2 and sum(picks.slip) == 1


# ---------------------------------------------------------------- the most common mistake


def test_no_wrong_answer_means_no_mistake():
    """When every answer is right there is no mistake to name."""
    assert questions.mistake(ESTIMATE, stored(ESTIMATE, ESTIMATE.ndcg())) is None


def test_the_other_gain_is_named_when_most_wrong_answers_used_it():
    """Answers equal to the nDCG under the other gain are named as that slip, with its value."""
    other = ESTIMATE_K.ndcg(gain="linear")
    slip = questions.mistake(ESTIMATE_K, stored(ESTIMATE_K, other, other, 0.999 if other < 0.9 else 0.0))
    assert slip.key == "live_slip_other_gain" and slip.count == 2 and slip.wrong == 3
    assert slip.params["value"] == pytest.approx(other)


def test_forgetting_the_cutoff_is_named():
    """nDCG computed over the whole list instead of the top k is named as "no cut-off"."""
    slips = questions._estimate_slips(ESTIMATE_K)
    whole = slips["live_slip_no_cutoff"]
    g = [2**x - 1 for x in ESTIMATE_K.grades]  # by hand: the whole list with exponential gain
    by_hand = sum(v / math.log2(i + 2) for i, v in enumerate(g)) / sum(
        v / math.log2(i + 2) for i, v in enumerate(sorted(g, reverse=True))
    )
    assert whole == pytest.approx(by_hand)
    if abs(whole - ESTIMATE_K.ndcg()) > questions.NEAR["estimate"]:
        assert questions.mistake(ESTIMATE_K, stored(ESTIMATE_K, whole)).key in (
            "live_slip_no_cutoff",
            "live_slip_ideal_top_k",
            "live_slip_other_gain",
            "live_slip_log_rank",
        )


def test_the_term_slips_are_the_usual_wrong_formulas():
    """Each DCG-term slip is the formula a student gets wrong: ln, log₂(rank), no discount, the rank itself."""
    grade, r = TERM.grades[TERM.rank - 1], TERM.rank
    g = 2**grade - 1
    slips = questions._term_slips(TERM)
    assert slips["live_slip_ln"] == pytest.approx(g / math.log(r + 1))
    assert slips["live_slip_log_rank"] == pytest.approx(g / math.log2(r))
    assert slips["live_slip_no_discount"] == g
    assert slips["live_slip_divide_rank"] == pytest.approx(g / r)
    assert slips["live_slip_other_gain"] == pytest.approx(grade / math.log2(r + 1))
    slip = questions.mistake(TERM, stored(TERM, g / math.log(r + 1), g / math.log(r + 1), g))
    assert (slip.key, slip.count, slip.wrong) == ("live_slip_ln", 2, 3)


def test_every_wrong_answer_is_named_under_one_mistake():
    """The most common mistake comes with the others made, so the counts add up to the wrong answers (U18)."""
    other = ESTIMATE_K.ndcg(gain="linear")
    low = 0.0 if abs(other) > 0.05 else 0.01
    slip = questions.mistake(ESTIMATE_K, stored(ESTIMATE_K, other, other, low, ESTIMATE_K.ndcg()))
    assert (slip.key, slip.count, slip.wrong) == ("live_slip_other_gain", 2, 3)
    assert [(k, n) for k, _, n in slip.others] == [("live_slip_low", 1)]
    assert slip.count + sum(n for *_, n in slip.others) == slip.wrong


def test_answers_far_from_every_slip_are_too_high_or_too_low():
    """A wrong number near no known slip is counted as too high or too low."""
    truth = ESTIMATE.ndcg()
    far = 0.0 if truth > 0.5 else 1.0
    slip = questions.mistake(ESTIMATE, stored(ESTIMATE, far))
    assert slip.key == ("live_slip_low" if far < truth else "live_slip_high")


def test_the_same_pick_under_both_gains_is_named_when_the_gains_disagree():
    """On a question whose verdict flips with the gain, picking one ranking under both gains is that slip."""
    right = exercises.verdicts(FLIPPED)
    same = {"linear": right["linear"], "exponential": right["linear"]}
    slip = questions.mistake(FLIPPED, stored(FLIPPED, same, same, right))
    assert slip.key == "live_slip_same_both" and slip.count == 2 and slip.wrong == 2


def test_a_wrong_order_is_named_by_its_first_pair_the_wrong_way_round():
    """A wrong order names the first two neighbouring grades it puts low above high."""
    ideal = exercises.ideal_order(IDEAL)
    swapped = (ideal[1], ideal[0], *ideal[2:]) if IDEAL.grades[ideal[0]] != IDEAL.grades[ideal[1]] else None
    assert swapped is not None
    slip = questions.mistake(IDEAL, stored(IDEAL, swapped, ideal))
    assert slip.key == "live_slip_order"
    assert slip.params == {"low": IDEAL.grades[ideal[1]], "high": IDEAL.grades[ideal[0]]}


def test_every_slip_key_the_code_can_give_is_listed():
    """``SLIPS`` lists every key ``mistake`` returns, so the catalogue test knows them all."""
    seen = {
        questions.mistake(ex, stored(ex, *rs)).key
        for ex, rs in [
            (FLIPPED, [{"linear": "A", "exponential": "A"}]),
            (IDEAL, [tuple(reversed(exercises.ideal_order(IDEAL)))]),
            (ESTIMATE, [0.0]),
            (ESTIMATE, [1.0]),
        ]
    }
    seen |= set(questions._estimate_slips(ESTIMATE_K)) | set(questions._term_slips(TERM))
    assert seen - {"live_slip_high"} <= set(questions.SLIPS) and "live_slip_picks" in questions.SLIPS


# ---------------------------------------------------------------- the link


def test_a_typed_code_is_read_whatever_its_case_and_dashes():
    """ "abc-234" and " ABC 234 " are the code ABC234."""
    assert links.parse_code("abc-234") == links.parse_code(" ABC 234 ") == "ABC234"


def test_an_eight_character_code_is_read_and_a_seven_character_one_is_not():
    """New rooms' codes have 8 characters ("abcd-2345" is ABCD2345); 6 still read (older rooms), 7 do not."""
    assert links.parse_code("abcd-2345") == "ABCD2345"
    with pytest.raises(ValueError):
        links.parse_code("ABCD234")


@pytest.mark.parametrize("text", ["", "ABC23", "ABC2345", "ABCDE1", "ABCDEO", "<scrip", "가나다라마바"])
def test_a_code_that_cannot_be_a_join_code_raises_naming_it(text):
    """Codes of the wrong length or with 0, 1, O, I or other characters raise ValueError naming them."""
    with pytest.raises(ValueError, match="is not 8 letters and digits of a join code"):
        links.parse_code(text)


def test_odd_link_values_are_dropped_and_named():
    """A bad teacher key or view is dropped and named; the room still opens."""
    place, bad = links.read({"room": "ABC234", "teacher": "x" * 200, "view": "<b>"})
    assert place == {"room": "ABC234"} and bad == ["teacher", "view"]


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.sampled_from([*links.PARAMS, "lang", "x"]), st.text(max_size=80)))
def test_any_link_either_opens_a_place_or_names_what_it_dropped(params):
    """Any link's values give a place of valid values only, and every value left out is named."""
    place, bad = links.read(params)
    if place:
        assert all(c in CODE_ALPHABET for c in place["room"]) and len(place["room"]) == 6
        assert place.get("view", "projector") == "projector"
    given_names = {k for k in params if k in links.PARAMS}
    assert not set(place) & set(bad) and set(bad) <= given_names
    if place:
        assert set(place) | set(bad) == given_names


def test_histogram_bins_match_numpy():
    """The estimate bins equal numpy's histogram over ten bins of 0–1."""
    rng = np.random.default_rng(7)
    values = rng.random(50).tolist()
    bars = questions.bars(ESTIMATE, [(json.dumps(v), v, False) for v in values])
    assert list(bars.counts) == np.histogram(values, bins=10, range=(0, 1))[0].tolist()


# ---------------------------------------------------------------- any number a student can type (review 3, X1)

ANY_NUMBER = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([1e20, 1e308, -1e308, float("inf"), float("-inf"), float("nan"), -0.0, 5e-324]),
)


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(["estimate", "term", "ideal"]), st.lists(ANY_NUMBER, max_size=12))
def test_the_board_never_fails_on_any_number(kind, values):
    """The histogram and the most common mistake take any float (nan, inf, huge, negative) and count every number."""
    ex = {"estimate": ESTIMATE, "term": TERM, "ideal": IDEAL}[kind]
    response = json.dumps(exercises.ideal_order(ex)[::-1]) if kind == "ideal" else "0"
    bars = questions.bars(ex, [(response, v, False) for v in values])
    assert sum(bars.counts) == sum(1 for v in values if not math.isnan(v))
    assert len(bars.labels) == len(bars.counts) == len(bars.holds) == len(bars.edges) - 1
    assert all(math.isfinite(e) for e in bars.edges) and sum(bars.holds) == 1
    questions.mistake(ex, [(response, v, False) for v in values])


def test_a_huge_term_answer_is_refused_in_words_and_still_drawn_if_stored():
    """10**20 and a 400-digit number are refused as answers (ValueError, never OverflowError), and the board
    counts such values, if a database holds them, in a last bar beyond the rest."""
    for typed in (10**20, 10**400, "9" * 400, 1e308, float(questions.TERM_MAX) * 2):
        with pytest.raises(ValueError, match=f"from 0 to {questions.TERM_MAX:g}"):
            questions.store(TERM, typed)
    assert questions.store(TERM, questions.TERM_MAX).value == questions.TERM_MAX
    bars = questions.bars(
        TERM, [(r, v, False) for r, v in (("1", 1.0), ("1e20", 1e20), ("big", 10**400), ("top", 1e308), ("3", 3.0))]
    )
    assert sum(bars.counts) == 5 and bars.counts[-1] == 3 and bars.labels[-1].startswith(">")
    assert not bars.holds[-1] and bars.edges[-2] <= questions.TERM_MAX
