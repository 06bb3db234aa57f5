"""The gain page's disagreeing pair at the page's k, the discount page's rescaled log_b curve, and F19's wording."""

from __future__ import annotations

import math

import pytest

from ndcg_core import GAINS, score_ranking
from tests.conftest import line_charts, open_page


def _pair_tables(at):
    """The grades of ranking 1 and ranking 2 as shown on the gain page, top to bottom."""
    tables = [d.value for d in [*at.dataframe, *at.table] if list(d.value.columns) == ["Rank i", "Item", "Grade"]]
    assert len(tables) == 2
    return [t["Grade"].tolist() for t in tables]


def test_gain_pair_disagrees_at_the_pages_k_after_loading_3_2_2_0():
    """After "load 3, 2, 2, 0" at k = 3 the two rankings shown are ordered oppositely by DCG@3, as labelled (UX #4)."""
    at = open_page("lessons/gain.py", {"items": "C,A,B", "rel": "2,1,3", "k": "3", "lang": "en"})
    at.button(key="gain_try_flip").click().run()
    first, second = _pair_tables(at)
    assert sorted(first) == sorted(second) == [0, 2, 2, 3]
    dcg = {g: [score_ranking(order, k=3, gain=g).dcg for order in (first, second)] for g in ("linear", "exponential")}
    assert dcg["linear"][0] > dcg["linear"][1]
    assert dcg["exponential"][0] < dcg["exponential"][1]
    shown = [(m.label, m.value) for m in at.metric if m.label.startswith("DCG@3 · ")]
    assert shown == [
        ("DCG@3 · linear", f"{dcg['linear'][0]:.4f}"),
        ("DCG@3 · exponential", f"{dcg['exponential'][0]:.4f}"),
        ("DCG@3 · linear", f"{dcg['linear'][1]:.4f}"),
        ("DCG@3 · exponential", f"{dcg['exponential'][1]:.4f}"),
    ]
    assert any("by DCG@3" in m.value for m in at.markdown)


def test_gain_page_says_no_pair_exists_at_k_1():
    """At k = 1 the gain page says that no two rankings disagree by DCG@1, and shows no pair."""
    at = open_page("lessons/gain.py", {"rel": "3,2,2,0", "k": "1", "lang": "en"})
    assert any("DCG@1" in i.value and "k = 1" in i.value for i in at.info)
    assert not [m for m in at.metric if "·" in m.label]


def test_gain_page_names_k_when_every_top_k_was_checked():
    """For grades 0, 1, 3 at k = 2 (a pair exists only for the whole list) the page says it checked every top 2."""
    at = open_page("lessons/gain.py", {"rel": "0,1,3", "k": "2", "lang": "en"})
    assert any("top 2 ranks" in i.value and "DCG@2" in i.value for i in at.info)


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_discount_page_at_base_10_gives_the_dcg_factor_and_plots_no_weight_above_1(lang):
    """At b = 10 the caption gives DCG's factor ln 10 / ln 2 = 3.3219, and the rescaled log_b curve starts at 1 (F9)."""
    at = open_page("lessons/discount.py", {"lang": lang})
    at.slider(key="discount_base").set_value(10.0).run()
    factor = f"{math.log(10) / math.log(2):.4f}"
    assert factor == "3.3219"
    assert any(f"ln 10 / ln 2 = {factor}" in c.value for c in at.caption)
    curves = {s["name"]: s["y"] for s in line_charts(at)["discount_curves"]["series"]}
    assert max(max(y) for y in curves.values()) <= 1.0 + 1e-12
    scaled = next(y for name, y in curves.items() if name.startswith("1/log₁₀(i+1),"))
    standard = next(y for name, y in curves.items() if name.startswith("1/log₂(i+1)"))
    assert scaled == pytest.approx(standard, rel=1e-12)


def test_discount_page_keeps_the_standard_curve_visible_under_the_log_b_curve():
    """At b = 2 the log_b curve lies on the standard one, so it is drawn dashed with open markers (UX #24)."""
    at = open_page("lessons/discount.py", {"lang": "en"})
    series = line_charts(at)["discount_curves"]["series"]
    traces = {s["name"]: s for s in series}
    scaled = traces["1/log₂(i+1), rescaled so rank 1 is 1"]
    standard = traces["1/log₂(i+1) (standard)"]
    assert scaled["dash"] == "dash" and scaled["symbol"] == "circle-open"
    assert standard["dash"] is None
    assert series.index(scaled) > series.index(standard)  # drawn on top


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_discount_chart_names_its_base_starts_at_rank_1_and_labels_items_off_the_curves(lang):
    """At b = 3 the curve and the share table write 1/log₃(i+1), never a literal "log_b"; the x axis starts at
    rank 1 (0.5, not 0); and A, B, C are labels set up and right of their stars, not text on the curves (U20)."""
    at = open_page("lessons/discount.py", {"items": "A,B,C", "rel": "1,3,2", "k": "3", "lang": lang})
    at.slider(key="discount_base").set_value(3.0).run()
    chart = line_charts(at)["discount_curves"]
    names = [s["name"] for s in chart["series"]]
    assert any(name.startswith("1/log₃(i+1)") for name in names)
    shown = " ".join(str(v) for t in at.table for col in t.value.columns for v in [col, *t.value[col]])
    assert "1/log₃(i+1)" in shown
    assert not [x for x in [*names, shown] if "log_b" in x]
    assert chart["x_range"][0] == 0.5
    (stars,) = [s for s in chart["series"] if "labels" in s]  # drawn up and right of each star (linechart.py)
    assert stars["labels"] == ["A", "B", "C"] and stars["lines"] is False and stars["symbol"] == "star"


def test_one_tie_group_is_singular_in_english():
    """One tie group reads "One group of items shares a model score", not "1 groups" (F19)."""
    at = open_page("lessons/steps.py", {"items": "A,B,C", "rel": "3,0,2", "scores": "0.5,0.5,0.2", "lang": "en"})
    text = " ".join(m.value for m in at.markdown)
    assert "One group of items shares a model score." in text
    assert "1 groups" not in text


def test_two_tie_groups_stay_plural_in_english():
    """Two tie groups read "2 groups of items share a model score"."""
    params = {"items": "A,B,C,D", "rel": "3,0,2,1", "scores": "0.5,0.5,0.2,0.2", "lang": "en"}
    at = open_page("lessons/steps.py", params)
    assert any("2 groups of items share a model score." in m.value for m in at.markdown)


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_cutoff_range_sentence_has_no_nested_parentheses(lang):
    """The nDCG@k range sentence names the gain without nesting parentheses like "(Linear (rel))" (F19)."""
    at = open_page("lessons/cutoff.py", {"rel": "3,0,1,0,2", "lang": lang})
    sentences = [m.value for m in at.markdown if "nDCG@k" in m.value and ("ranges" in m.value or "변합니다" in m.value)]
    assert len(sentences) == len(GAINS)  # one per registered gain
    for s in sentences:
        assert "((" not in s and "))" not in s and ")." not in s
