"""Seeded exercises and the worksheet: the same seed gives the same exercise, and every answer is the core's."""

import math
from html.parser import HTMLParser

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.metrics import ndcg_score

from ndcg_core import score_ranking
from teach import exercises, worksheet
from teach.exercises import KINDS, check, make

seeds = st.integers(0, exercises.MAX_SEED - 1)


def sk(grades, gain, k=None):
    """scikit-learn's nDCG@k of grades in ranked order (2^rel − 1 passed for exponential gain)."""
    g = [2.0**x - 1 for x in grades] if gain == "exponential" else [float(x) for x in grades]
    return ndcg_score([g], [list(range(len(g), 0, -1))], k=k)


@pytest.mark.parametrize("kind", KINDS)
def test_a_seed_gives_the_same_exercise_every_time(kind):
    """make(kind, seed) is a pure function of its arguments: a fresh draw (cache cleared) is equal."""
    first = [make(kind, s) for s in range(20)]
    make.cache_clear()
    assert [make(kind, s) for s in range(20)] == first
    assert len({(e.grades, e.second, e.rank, e.k, e.gain) for e in first}) > 10  # and seeds differ


def test_known_seed_is_pinned():
    """Seed 7 of the estimate kind is pinned, so a link written on the board today opens the same list next year."""
    ex = make("estimate", 7)
    assert (ex.items, ex.grades, ex.gain, ex.k) == (("A", "B", "C", "D", "E"), (0, 3, 2, 3, 2), "exponential", 3)
    assert round(ex.ndcg(), 4) == 0.4581


@settings(max_examples=40, deadline=None)
@given(seed=seeds)
def test_estimate_answer_equals_scikit_learn(seed):
    """The nDCG@k an estimate is graded against equals scikit-learn's ndcg_score."""
    ex = make("estimate", seed)
    assert ex.ndcg() == pytest.approx(sk(ex.grades, ex.gain, ex.k), abs=1e-12)
    assert check(ex, ex.ndcg() + exercises.ESTIMATE_TOLERANCE * 0.99).correct
    assert not check(ex, ex.ndcg() + exercises.ESTIMATE_TOLERANCE * 1.2).correct


@settings(max_examples=40, deadline=None)
@given(seed=seeds)
def test_term_answer_is_gain_over_log2(seed):
    """The DCG term at rank i is gain(grade_i) / log2(i + 1), the rank's discounted gain in score_ranking."""
    ex = make("term", seed)
    g = ex.grades[ex.rank - 1]
    hand = (2**g - 1 if ex.gain == "exponential" else g) / math.log2(ex.rank + 1)
    assert exercises.term(ex) == pytest.approx(hand, abs=1e-15)
    r = score_ranking(ex.grades, gain=ex.gain)
    assert exercises.term(ex) == pytest.approx(r.column("discounted_gain")[ex.rank - 1], abs=1e-12)
    assert check(ex, round(hand, 2)).correct and not check(ex, hand + 0.01).correct


@settings(max_examples=30, deadline=None)
@given(seed=seeds)
def test_best_swap_is_the_best_of_every_swap_done_by_hand(seed):
    """The best swap's nDCG, found by swapping every pair and rescoring with scikit-learn, is the maximum."""
    ex = make("swap", seed)
    n = len(ex.grades)
    gains = {}
    for i in range(n):
        for j in range(i + 1, n):
            g = list(ex.grades)
            g[i], g[j] = g[j], g[i]
            gains[(i + 1, j + 1)] = sk(g, ex.gain) - sk(ex.grades, ex.gain)
    top = max(gains.values())
    assert top > 0
    assert exercises.best_swaps(ex) == [p for p, v in gains.items() if v >= top - 1e-12]
    assert check(ex, exercises.best_swaps(ex)[0]).correct
    worst = min(gains, key=gains.get)
    assert not check(ex, worst).correct


def test_better_exercises_disagree_between_gains_about_half_the_time():
    """Over 200 seeds the two gains pick different winners in 30–70% of "which is better" exercises."""
    flips = 0
    for s in range(200):
        v = exercises.verdicts(make("better", s))
        assert "same" not in v.values()
        flips += v["linear"] != v["exponential"]
    assert 60 <= flips <= 140


@settings(max_examples=30, deadline=None)
@given(seed=seeds)
def test_better_verdicts_equal_scikit_learn(seed):
    """Each gain's winner is the ranking with the higher scikit-learn nDCG, and B is a reordering of A."""
    ex = make("better", seed)
    assert sorted(ex.second) == list(range(len(ex.items)))
    for gain, winner in exercises.verdicts(ex).items():
        a, b = sk(ex.grades, gain), sk([ex.grades[i] for i in ex.second], gain)
        assert winner == ("A" if a > b else "B")
    assert check(ex, exercises.verdicts(ex)).correct
    wrong = {g: ("B" if v == "A" else "A") for g, v in exercises.verdicts(ex).items()}
    assert not check(ex, wrong).correct


def test_ideal_order_accepts_any_order_within_a_tie():
    """Every order that lists grades from high to low is right, whichever tied item comes first; others are wrong."""
    ex = make("ideal", 3)
    best = exercises.ideal_order(ex)
    assert check(ex, best).correct and ex.ndcg(best) == pytest.approx(1.0)
    assert len(set(ex.grades)) < len(ex.grades)  # this exercise has a tie to shuffle
    for trial in range(5):
        order = list(best)
        rng = np.random.default_rng(trial)
        for g in set(ex.grades):  # shuffle within each grade
            places = [p for p, i in enumerate(order) if ex.grades[i] == g]
            members = [order[p] for p in places]
            for p, i in zip(places, rng.permutation(members)):
                order[p] = int(i)
        assert check(ex, order).correct
    assert not check(ex, tuple(range(len(ex.items)))).correct  # the shown order is never ideal
    assert not check(ex, best[:-1]).correct  # an item left out


@pytest.mark.parametrize("raw", ["-1", "abc", "", "1e3", "1000000000", "3.5", " 7x"])
def test_bad_seeds_are_refused_with_their_value(raw):
    """A seed that is not a whole number from 0 to 999999999 raises a ValueError naming it."""
    with pytest.raises(ValueError, match="is not a whole number from 0 to 999999999"):
        exercises.check_seed(raw)


def test_unknown_kind_is_refused():
    """An unknown kind raises a ValueError listing the kinds."""
    with pytest.raises(ValueError, match="'guess' is not one of estimate, swap, better, ideal, term"):
        make("guess", 1)


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_worksheet_markdown_holds_every_exercise_and_its_answer(lang):
    """Ten exercises: two of each kind, each with its link, and an answer key with the core's answers."""
    md = worksheet.markdown(5, 10, lang, "https://class.example/exercises")
    for kind in KINDS:
        assert md.count(f"exercise={kind}&seed=") == 2
    assert "exercise=estimate&seed=5" in md and "exercise=term&seed=6" in md
    key = md.split(f"# {exercises.translate('ex_ws_key', lang)}")[1]
    assert f"nDCG{make('estimate', 5).at} = {make('estimate', 5).ndcg():.4f}" in key
    assert f"{exercises.term(make('term', 6)):.4f}" in key
    assert md.count("\n## ") == 10


class _Text(HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags, self.text = [], []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)

    def handle_data(self, data):
        self.text.append(data)


def test_worksheet_html_is_escaped_and_puts_the_key_on_its_own_page():
    """The HTML sheet escapes what it prints (a hostile base address stays text) and starts the key on a new page."""
    page = worksheet.html_page(1, 5, "en", 'https://x/"><script>alert(1)</script>')
    parser = _Text()
    parser.feed(page)
    assert "script" not in parser.tags
    assert parser.tags.count("section") == 5 and parser.tags.count("li") == 5
    assert ".key { break-before: page; }" in page
    assert "Answer key" in "".join(parser.text)


def test_worksheet_caps_its_length():
    """A worksheet holds between 1 and 30 exercises, whatever is asked."""
    assert len(worksheet.sheet(1, 500)) == worksheet.MAX_EXERCISES
    assert len(worksheet.sheet(1, 0)) == 1


@given(st.text(max_size=30) | st.sampled_from(["²", "٣", "9" * 5000, "１２", " 7 ", "-1", "1e3"]))
@settings(max_examples=300, deadline=None)
def test_any_seed_text_is_a_seed_in_range_or_a_value_error_naming_it(text):
    """check_seed gives 0 <= seed < MAX_SEED for ASCII whole numbers, else a ValueError that names the text."""
    try:
        seed = exercises.check_seed(text)
    except ValueError as exc:
        assert str(exc).startswith("seed ") and repr(text.strip()[:20]) in str(exc)
    else:
        assert 0 <= seed < exercises.MAX_SEED and text.strip().isascii()


@pytest.mark.parametrize("seed", [2, 3, 11])
def test_the_term_question_uses_a_proper_english_ordinal(seed):
    """The "compute one DCG term" question says "the 2nd/3rd/... term", never "2th" or "3th" (G3)."""
    ex = make("term", seed)
    q = worksheet.question(ex, "en")
    nth = {1: "1st", 2: "2nd", 3: "3rd"}.get(ex.rank, f"{ex.rank}th")
    assert f"the {nth} term of DCG" in q
    assert "2th" not in q and "3th" not in q and "1th" not in q
    assert f"DCG의 {ex.rank}번째 항" in worksheet.question(ex, "ko") and "감쇠된 이득" in worksheet.question(ex, "ko")


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_the_paper_worksheet_uses_paper_wording(lang):
    """The printed sheets ask to write the ideal order, never to drag or press Check, in Markdown and HTML (G10, U12)."""
    md, page = worksheet.markdown(1, 5, lang, "https://x"), worksheet.html_page(1, 5, lang, "https://x")
    paper, app = exercises.translate("ex_ws_q_ideal", lang), exercises.translate("ex_q_ideal", lang)
    for sheet in (md, page):
        assert paper in sheet and app not in sheet
        for word in ("끌어서", "'확인'") if lang == "ko" else ("Drag", "press Check"):
            assert word not in sheet
    assert worksheet.question(make("ideal", 1), lang) == app  # the page itself still drags


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_the_better_exercise_names_its_rankings_x_and_y_not_like_its_items(lang):
    """Rankings of the "better" exercise are X and Y in the question, table, answers and key, never A and B (G11)."""
    ex = make("better", 1)
    header, _ = worksheet.table(ex, lang)
    assert all(("X" in h or "Y" in h) for h in header[1:]) and not any("A:" in h or "B:" in h for h in header)
    answer = exercises.answer_text(ex, lang)
    assert answer.split(": ")[1].split(" ·")[0] in ("X", "Y", exercises.translate("ex_same", lang))
    lines = exercises.solution(ex, lang)
    assert lines[0].split(": ", 1)[1].startswith("X ") and ", Y " in lines[0]
    assert exercises.pick_name("A", lang) == "X" and exercises.pick_name("B", lang) == "Y"
    assert "X" in worksheet.question(ex, lang) and "A와 B" not in worksheet.question(ex, lang)
