"""Every page runs under AppTest for the lesson examples, and shows score_ranking's numbers."""

from __future__ import annotations

import random

import pytest

from ndcg_core import score_ranking
from tests.conftest import line_charts, metrics, open_page
from ui import palette

LESSONS = ["lessons/steps.py", "lessons/discount.py", "lessons/gain.py", "lessons/cutoff.py"]
PAGES = ["lessons/intro.py", *LESSONS]

_rng = random.Random(7)
HUNDRED = [_rng.randint(0, 3) for _ in range(100)]

EXAMPLES = {
    "default": ({}, dict(relevance=[1, 3, 2], k=3)),
    "all_zero": ({"items": "A,B,C", "rel": "0,0,0"}, dict(relevance=[0, 0, 0])),
    "one_item": ({"items": "Solo", "rel": "2", "gain": "linear"}, dict(relevance=[2], gain="linear")),
    "hundred": ({"rel": ",".join(map(str, HUNDRED)), "k": "10"}, dict(relevance=HUNDRED, k=10)),
    "tied_scores": (
        {"items": "A,B,C,D", "rel": "3,0,2,1", "scores": "0.5,0.5,0.2,0.2", "ties": "average"},
        dict(relevance=[3, 0, 2, 1], scores=[0.5, 0.5, 0.2, 0.2]),
    ),
}


def _expected(kwargs):
    return score_ranking(**{"gain": "exponential", **kwargs})


@pytest.mark.parametrize("name", EXAMPLES)
@pytest.mark.parametrize("page", PAGES)
def test_page_runs_and_shows_core_numbers(page, name):
    """Each page runs without an exception, and lesson pages show score_ranking's nDCG, DCG and IDCG to 4 decimals."""
    params, kwargs = EXAMPLES[name]
    at = open_page(page, params)
    assert not at.exception, at.exception
    if page == "lessons/intro.py":  # the intro always shows the source's A, B, C = 1, 3, 2
        assert metrics(at)["nDCG@3"] == f"{score_ranking([1, 3, 2], k=3).ndcg:.4f}" == "0.7364"
        return
    r = _expected(kwargs)
    k = r.k if r.k is not None else len(kwargs["relevance"])
    shown = metrics(at)
    assert shown[f"nDCG@{k}"] == f"{r.ndcg:.4f}"
    assert shown[f"DCG@{k}"] == f"{r.dcg:.4f}"
    assert shown[f"IDCG@{k}"] == f"{r.idcg:.4f}"


def test_source_example_numbers_on_the_step_page():
    """The source's link shows 0.7364, 6.9165 and 9.3928 and the exact arithmetic for rank 2."""
    at = open_page("lessons/steps.py", {"items": "A,B,C", "rel": "1,3,2", "gain": "exponential", "k": "3"})
    shown = metrics(at)
    assert (shown["nDCG@3"], shown["DCG@3"], shown["IDCG@3"]) == ("0.7364", "6.9165", "9.3928")
    code = "\n".join(t.value for t in at.text)
    worked = "\n".join(x.value for x in at.latex)  # the DCG arithmetic is set in LaTeX, aligned at "=" (issue 25)
    g, d = palette.CONCEPTS["gain"], palette.CONCEPTS["discount"]
    assert (
        rf"i = 2:\quad \frac{{{{\color{{{g}}}{{2^{{3}} - 1}}}}}}{{{{\color{{{d}}}{{\log_2(3)}}}}}} &= "
        rf"\frac{{{{\color{{{g}}}{{7}}}}}}{{{{\color{{{d}}}{{1.585}}}}}} = 4.4165"
    ) in worked
    assert "nDCG@3 = DCG@3 / IDCG@3 = 6.9165 / 9.3928 = 0.7364" in code
    assert any("0.737" in i.value and "0.7364" in i.value for i in at.info)


def test_all_zero_grades_explain_the_convention():
    """With every grade 0 the page shows nDCG 0.0000 and explains IDCG = 0."""
    at = open_page("lessons/steps.py", {"items": "A,B", "rel": "0,0", "lang": "en"})
    assert metrics(at)["nDCG@2"] == "0.0000"
    assert any("IDCG = 0" in i.value for i in at.info)


def test_step_tables_match_the_core_step_table():
    """The DCG table on the step page holds the core's discounted gains and running DCG."""
    at = open_page("lessons/steps.py", {"items": "A,B,C,D", "rel": "2,0,3,1", "gain": "linear", "lang": "en"})
    r = score_ranking([2, 0, 3, 1], gain="linear", labels=list("ABCD"))
    tables = [d.value for d in [*at.dataframe, *at.table] if "Running DCG" in d.value.columns]
    assert tables, "no DCG table"
    t = tables[0]
    assert list(t["Item"]) == ["A", "B", "C", "D"]
    assert list(t["Running DCG"]) == pytest.approx(list(r.steps["dcg"]), abs=1e-12)
    assert list(t["log₂(i+1)"]) == pytest.approx([1.0, 1.584962500721156, 2.0, 2.321928094887362], abs=1e-12)


def test_ideal_pool_lowers_ndcg_of_a_short_list():
    """Judged-but-unlisted grades join the ideal order, so a perfect short list scores below 1."""
    at = open_page("lessons/steps.py", {"items": "A", "rel": "3", "pool": "3", "lang": "en"})
    r = score_ranking([3], ideal_pool=[3, 3])
    assert metrics(at)["nDCG"] == f"{r.ndcg:.4f}"
    at = open_page("lessons/steps.py", {"items": "A,B", "rel": "3,2", "pool": "3", "lang": "en"})
    r = score_ranking([3, 2], ideal_pool=[3, 2, 3])
    assert metrics(at)["nDCG"] == f"{r.ndcg:.4f}" and r.ndcg < 1


def test_tied_scores_show_the_range_of_tie_orders():
    """In scores mode with ties the page shows the pessimistic-to-optimistic nDCG range."""
    params = {"items": "A,B,C,D", "rel": "3,0,2,1", "scores": "0.5,0.5,0.2,0.2", "lang": "en"}
    at = open_page("lessons/steps.py", params)
    lo = score_ranking([3, 0, 2, 1], [0.5, 0.5, 0.2, 0.2], ties="pessimistic").ndcg
    hi = score_ranking([3, 0, 2, 1], [0.5, 0.5, 0.2, 0.2], ties="optimistic").ndcg
    assert any(f"{lo:.4f}" in i.value and f"{hi:.4f}" in i.value for i in at.info)


def test_cutoff_chart_holds_ndcg_at_every_k():
    """The nDCG@k chart's two lines are the core's nDCG@i for i = 1..n under each gain."""
    at = open_page("lessons/cutoff.py", {"items": "A,B,C,D,E", "rel": "0,3,1,2,0"})
    lines = {s["name"]: s["y"] for s in line_charts(at)["cutoff_curve"]["series"]}
    for gain, name in (("linear", "선형 (rel)"), ("exponential", "지수 (2^rel − 1)")):
        want = [score_ranking([0, 3, 1, 2, 0], gain=gain, k=k).ndcg for k in range(1, 6)]
        assert lines[name] == pytest.approx(want, abs=1e-12)


def test_gain_page_finds_a_pair_the_gains_order_oppositely():
    """For grades 3, 2, 2, 0 the gain page shows two rankings whose DCGs flip between the gains."""
    at = open_page("lessons/gain.py", {"items": "W,X,Y,Z", "rel": "3,2,2,0", "lang": "en"})
    shown = [m for m in at.metric if m.label.startswith("DCG@4 · ")]
    assert len(shown) == 4
    lin1, exp1, lin2, exp2 = (float(m.value) for m in shown)
    assert (lin1 - lin2) * (exp1 - exp2) < 0


def test_gain_page_says_when_no_pair_exists():
    """With only two distinct grades the gain page states that no such pair exists."""
    at = open_page("lessons/gain.py", {"items": "A,B,C", "rel": "1,0,1", "lang": "en"})
    assert any("no such pair exists" in i.value for i in at.info)


def test_language_switch_translates_the_page():
    """The sidebar language switch turns the step page's title from Korean to English."""
    at = open_page("lessons/steps.py")
    assert at.title[0].value.startswith("단계별 계산")
    at.sidebar.radio[0].set_value("en").run()
    assert at.title[0].value.startswith("Step by step")
    assert at.query_params["lang"] == ["en"] or at.query_params["lang"] == "en"
