"""The Other metrics page: RR, AP, P@k and R@k beside nDCG, equal to binary_metrics and to trec_eval."""

from __future__ import annotations

import re

import pytest
import pytrec_eval

from ndcg_core import binary_metrics, score_ranking
from tests.conftest import open_page
from ui.i18n import CATALOGUE, translate

PAGE = "lessons/metrics.py"


def shown(at, lang="en") -> dict[str, float]:
    """The metrics table as {label: value}, to the 4 decimals the page shows."""
    measure, value = translate("col_measure", lang), translate("metrics_col_value", lang)
    frames = [t.value for t in at.table if measure in t.value.columns]
    assert len(frames) == 1, [t.value.columns for t in at.table]
    return {label: round(float(v), 4) for label, v in zip(frames[0][measure], frames[0][value], strict=True)}


def r4(values):
    return tuple(round(v, 4) for v in values)


def trec(grades, pool, threshold, k):
    """(RR, AP, P, recall) from pytrec_eval for the list (docs d0, d1, ... by falling score) and unlisted judged grades."""
    n = len(grades)
    qrels = {"q": {f"d{i}": int(g) for i, g in enumerate(grades)} | {f"u{j}": int(g) for j, g in enumerate(pool)}}
    run = {"q": {f"d{i}": float(n - i) for i in range(n)}}
    if k is None:
        t = pytrec_eval.RelevanceEvaluator(
            qrels, {"recip_rank", "map", "set_P", "set_recall"}, relevance_level=threshold
        ).evaluate(run)["q"]
        return t["recip_rank"], t["map"], t["set_P"], t["set_recall"]
    t = pytrec_eval.RelevanceEvaluator(
        qrels, {f"map_cut.{k}", f"P.{k}", f"recall.{k}"}, relevance_level=threshold
    ).evaluate(run)["q"]
    top = {"q": {d: s for d, s in run["q"].items() if s > n - k}}
    rr = pytrec_eval.RelevanceEvaluator(qrels, {"recip_rank"}, relevance_level=threshold).evaluate(top)["q"]
    return rr["recip_rank"], t[f"map_cut_{k}"], t[f"P_{k}"], t[f"recall_{k}"]


CASES = {
    "source_t1": ({"items": "A,B,C", "rel": "1,3,2", "k": "3"}, [1, 3, 2], [], 1, 3),
    "source_t2": ({"items": "A,B,C", "rel": "1,3,2", "k": "3"}, [1, 3, 2], [], 2, 3),
    "all_zero": ({"items": "A,B,C", "rel": "0,0,0"}, [0, 0, 0], [], 1, None),
    "pool": ({"items": "A,B,C", "rel": "1,3,2", "pool": "3,2"}, [1, 3, 2], [3, 2], 1, None),
    "pool_t3_k2": ({"items": "A,B,C", "rel": "1,3,2", "pool": "3,2", "k": "2"}, [1, 3, 2], [3, 2], 3, 2),
    "k_beyond_list": ({"items": "A,B,C", "rel": "0,2,1", "k": "5"}, [0, 2, 1], [], 1, 5),
    "cut_inside": ({"rel": "0,2,0,1,3,0", "k": "4", "gain": "linear"}, [0, 2, 0, 1, 3, 0], [], 1, 4),
}


@pytest.mark.parametrize("lang", ["en", "ko"])
@pytest.mark.parametrize("name", CASES)
def test_values_equal_binary_metrics_and_trec_eval(name, lang):
    """Each link's RR, AP, P and R equal binary_metrics and pytrec_eval (with the judged pool as R), and nDCG equals score_ranking."""
    params, grades, pool, threshold, k = CASES[name]
    at = open_page(PAGE, {**params, "lang": lang})
    assert not at.exception, at.exception
    if threshold != 1:
        at.radio(key="metrics_threshold").set_value(threshold).run()
        assert not at.exception, at.exception
    listed = sum(g >= threshold for g in grades)
    m = binary_metrics(grades, k=k, threshold=threshold, n_relevant=listed + sum(g >= threshold for g in pool))
    want = (m.reciprocal_rank, m.average_precision, m.precision, m.recall)
    assert want == pytest.approx(trec(grades, pool, threshold, k), abs=1e-12)
    at_k = f"@{k or len(grades)}"
    values = shown(at, lang)
    got = tuple(values[f"{name}{at_k}"] for name in ("RR", "AP", "P", "R"))
    assert got == r4(want)
    r = score_ranking(grades, k=k, gain=params.get("gain", "exponential"), ideal_pool=grades + pool if pool else None)
    ndcg = [v for label, v in values.items() if label.startswith("nDCG")]
    assert ndcg == [round(r.ndcg, 4)]


def test_page_opens_in_both_languages_with_its_title():
    """The page opens in Korean and in English with no exception, under its own title."""
    for lang in ("ko", "en"):
        at = open_page(PAGE, {"lang": lang})
        assert not at.exception, at.exception
        assert [t.value for t in at.title] == [translate("metrics_title", lang)]
        assert not at.warning, [w.value for w in at.warning]


def test_the_threshold_changes_the_values_and_the_arithmetic():
    """Raising the threshold from 1 to 2 turns A (grade 1) non-relevant: AP falls from 1 to (1/2 + 2/3) / 2, and stays after a rerun."""
    at = open_page(PAGE, {"items": "A,B,C", "rel": "1,3,2", "k": "3", "lang": "en"})
    assert at.radio(key="metrics_threshold").value == 1
    assert shown(at)["AP@3"] == 1.0
    assert "AP@3 = (1/1 + 2/2 + 3/3) / 3 = 1.0000" in [t.value for t in at.text]
    at.radio(key="metrics_threshold").set_value(2).run()
    for _ in range(2):  # the widget keeps its value on the next run
        values = shown(at)
        assert (values["RR@3"], values["P@3"], values["R@3"]) == r4((0.5, 2 / 3, 1.0))
        assert values["AP@3"] == round((1 / 2 + 2 / 3) / 2, 4)
        texts = [t.value for t in at.text]
        assert "AP@3 = (1/2 + 2/3) / 2 = 0.5833" in texts
        assert "RR@3 = 1 / 2 = 0.5000  (first relevant item: B at rank 2)" in texts
        assert "P@3 = 2 / 3 = 0.6667" in texts and "R@3 = 2 / 2 = 1.0000" in texts
        at.run()


def test_threshold_options_follow_the_scale():
    """The threshold offers the grades 1..scale, and a threshold above a lowered scale falls back to 1."""
    at = open_page(PAGE, {"items": "A,B", "rel": "2,1", "scale": "2", "lang": "en"})
    assert at.radio(key="metrics_threshold").options == ["≥ 1", "≥ 2"]
    at.radio(key="metrics_threshold").set_value(2).run()
    assert shown(at)["RR@2"] == 1.0 and shown(at)["P@2"] == 0.5
    at.selectbox(key="metrics_scale").set_value(1).run()  # grades above 1 are now out of scale
    assert not at.exception, at.exception
    assert at.radio(key="metrics_threshold").options == ["≥ 1"]
    assert at.radio(key="metrics_threshold").value == 1


def test_switching_the_judged_pool_on_the_page_changes_r():
    """The page's own IDCG-pool switch adds judged items outside the list to R: AP and R@k fall."""
    at = open_page(PAGE, {"items": "A,B,C", "rel": "1,3,2", "pool": "3,2", "lang": "en"})
    assert shown(at)["AP@3"] == 0.6
    assert any("R = 5: 3 in the list + 2 judged items outside it" in m.value for m in at.markdown)
    at.radio(key="metrics_pool_mode").set_value("listed").run()
    assert shown(at)["AP@3"] == 1.0 and shown(at)["R@3"] == 1.0
    assert any("Relevant judged items R = 3: the relevant items in the list" in m.value for m in at.markdown)


def test_item_names_reach_the_arithmetic_as_plain_text_only():
    """A name with markdown and HTML is written verbatim in the plain-text arithmetic and never as raw markdown."""
    name = "<b>*B*</b>"
    at = open_page(PAGE, {"items": f"A,{name},C", "rel": "0,3,2", "lang": "en"})
    assert not at.exception, at.exception
    assert f"RR@3 = 1 / 2 = 0.5000  (first relevant item: {name} at rank 2)" in [t.value for t in at.text]
    for element in (*at.markdown, *at.caption, *at.info):
        assert name not in element.value


def test_tied_scores_use_the_order_shown():
    """With tied model scores the binary metrics follow the step table's order and the page says so."""
    params = {"items": "A,B,C,D", "rel": "0,3,2,0", "scores": "0.5,0.5,0.5,0.1", "lang": "en"}
    at = open_page(PAGE, params)
    r = score_ranking([0, 3, 2, 0], [0.5, 0.5, 0.5, 0.1], labels=list("ABCD"))
    m = binary_metrics(r.column("relevance"))
    assert shown(at)["AP@4"] == round(m.average_precision, 4)
    assert any(translate("metrics_ties", "en") in c.value for c in at.caption)


def _fragments(text: str) -> list[str]:
    """The literal pieces of a catalogue text between its placeholders, without markdown marks."""
    return [p.strip() for p in re.split(r"\{[a-z_]+(?::[^{}]*)?\}", text) if len(p.strip()) > 3]


def test_every_key_of_the_page_is_shown():
    """Every metrics_* catalogue entry appears on the page for some link (R from the list or the pool, ties, nothing relevant)."""
    links = [
        {},  # the app's opening example: the page opens at threshold 2 and says why
        {"items": "A,B,C", "rel": "1,3,2", "k": "2"},
        {"items": "A,B,C", "rel": "1,3,2", "pool": "3"},
        {"items": "A,B,C", "rel": "0,0,0"},
        {"items": "A,B", "rel": "1,2", "scores": "0.5,0.5"},
    ]
    keys = sorted(k for k in CATALOGUE if k.startswith("metrics_"))
    for lang in ("en", "ko"):
        seen = []
        for params in links:
            at = open_page(PAGE, {**params, "lang": lang})
            assert not at.exception, at.exception
            seen += [
                e.value for e in (*at.title, *at.markdown, *at.caption, *at.info, *at.header, *at.subheader, *at.text)
            ]
            seen += [" ".join(map(str, t.value.columns)) for t in at.table]
            radio = at.radio(key="metrics_threshold")
            seen += [radio.label, radio.help]
        page = "\n".join(seen)
        missing = [k for k in keys if not all(f in page for f in _fragments(translate(k, lang)))]
        assert missing == [], lang


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_the_opening_example_opens_at_threshold_2_so_the_metrics_differ(lang):
    """Opened on the app's opening example, the page starts at threshold 2: RR 0.5, AP 0.5833, P@3 0.6667, nDCG 0.7364 (G7)."""
    at = open_page(PAGE, {"lang": lang})
    assert at.radio(key="metrics_threshold").value == 2
    values = shown(at, lang)
    assert (values["RR@3"], values["AP@3"], values["P@3"], values["R@3"]) == r4((1 / 2, (1 / 2 + 2 / 3) / 2, 2 / 3, 1))
    assert values["nDCG@3"] == 0.7364
    assert len({values["RR@3"], values["AP@3"], values["P@3"], values["nDCG@3"]}) == 4  # a contrast from the start
    assert translate("metrics_opening_note", lang) in [c.value for c in at.caption]
    assert at.query_params["threshold"] in ("2", ["2"])  # the address says so: a reload keeps it
    at.radio(key="metrics_threshold").set_value(1).run()  # once a session: lowering it again is the user's choice
    assert at.radio(key="metrics_threshold").value == 1 and shown(at, lang)["AP@3"] == 1.0
    assert translate("metrics_opening_note", lang) not in [c.value for c in at.caption]


def test_a_link_with_its_own_example_keeps_threshold_1():
    """A link that brings an example (even the source's grades) opens at the link's threshold, 1 by default (G7)."""
    at = open_page(PAGE, {"items": "A,B,C", "rel": "1,3,2", "k": "3", "lang": "en"})
    assert at.radio(key="metrics_threshold").value == 1


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_the_lead_names_each_metrics_source(lang):
    """The lead says RR@k stops at k as ir_measures' RR@k, that trec_eval's recip_rank does not, and names map_cut_k (G7)."""
    at = open_page(PAGE, {"lang": lang})
    lead = translate("metrics_lead", lang)
    assert lead in [m.value for m in at.markdown]
    for name in ("ir_measures", "RR@k", "recip_rank", "map_cut_k", "P_k", "recall_k", "MRR@10"):
        assert name in lead
    assert "정의는 trec_eval을 따릅니다" not in lead and "the definitions are trec_eval's" not in lead
