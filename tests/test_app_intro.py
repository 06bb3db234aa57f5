"""The intro page and the averaging section: the content review's F12, F13, F18, F23, F25 and the UX review's #15, #24."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest
from sklearn.metrics import ndcg_score

from ndcg_core import evaluate_run, score_ranking
from tests.conftest import metrics, open_page
from ui.i18n import translate

LANGS = ["ko", "en"]
SOURCE_TITLE = "nDCG (normalized Discounted Cumulative Gain)"  # the heading of ../shared/seed/000_*.txt


def _nodes(at) -> list:
    """Every element of the main area, in page order."""
    return [node for node in at.main if getattr(node, "type", None) not in (None, "vertical", "horizontal")]


def _text(node) -> str:
    value = getattr(node, "value", None)
    if isinstance(value, str):
        return value
    label = getattr(node, "label", None)
    return label if isinstance(label, str) else ""


def _index(nodes, needle: str) -> int:
    """The page position of the first element whose text contains ``needle``."""
    for i, node in enumerate(nodes):
        if needle in _text(node):
            return i
    raise AssertionError(f"nothing on the page says {needle!r}")


@pytest.fixture(scope="module", params=LANGS)
def intro(request):
    """The intro page opened with no link, in one language."""
    return open_page("lessons/intro.py", {"lang": request.param}), request.param


# F12: the corrected scikit-learn call


def test_the_corrected_call_prints_what_sklearn_prints(intro):
    """The intro shows ndcg_score([[1, 7, 3]], [[3, 2, 1]], k=3) with scikit-learn's own output, 0.736364 (F12)."""
    at, _ = intro
    want = ndcg_score([[1, 7, 3]], [[3, 2, 1]], k=3)
    fixed = [c.value for c in at.code if "ndcg_score([[1, 7, 3]], [[3, 2, 1]], k=3)" in c.value]
    assert len(fixed) == 1
    assert f"# -> {want:.6f}" in fixed[0]
    assert f"{want:.6f}" == "0.736364" == f"{score_ranking([1, 3, 2], k=3).ndcg:.6f}"


def test_the_corrected_call_is_introduced_by_a_sentence_pointing_down(intro):
    """The sentence that explains y_true = 2^rel − 1 and decreasing scores comes right before the corrected call (F12, UX #15)."""
    at, lang = intro
    nodes = _nodes(at)
    fix = _index(nodes, translate("pitfall_fix", lang))
    assert "[1, 7, 3]" in _text(nodes[fix]) and "[3, 2, 1]" in _text(nodes[fix])
    assert "ndcg_score([[1, 7, 3]]" in _text(nodes[fix + 1])


# F13: MRR and MAP defined, and means over queries


@pytest.mark.parametrize(
    ("lang", "phrases"),
    [
        (
            "ko",
            [
                "첫 번째 관련 항목의 순위 역수 1/rank",
                "모든 쿼리에 대해 평균",
                "precision@i",
                "관련 항목 수로 나눈",
                "쿼리들에 대한 평균",
            ],
        ),
        (
            "en",
            [
                "1/rank of the first relevant item",
                "averaged over all queries",
                "precision@i",
                "divides by the query's number of relevant items",
                "means over queries",
            ],
        ),
    ],
)
def test_mrr_and_map_are_defined_under_the_table(lang, phrases):
    """Under the comparison table, MRR and MAP each get a definition and the page says reported values are means over queries (F13)."""
    at = open_page("lessons/intro.py", {"lang": lang})
    nodes = _nodes(at)
    table = next(i for i, n in enumerate(nodes) if n.type == "table")
    defs = _index(nodes, "MRR**")
    assert defs > table
    for phrase in phrases:
        assert phrase in _text(nodes[defs]), phrase


@pytest.mark.parametrize(("lang", "vague"), [("ko", "순위 기반 평균"), ("en", "Rank-based average")])
def test_the_map_weighting_cell_says_what_is_averaged(lang, vague):
    """The MAP weighting cell names the precision at each relevant rank (AP), not a vague "rank-based average" (F13)."""
    at = open_page("lessons/intro.py", {"lang": lang})
    cells = next(t.value for t in at.table if "MAP" in t.value.columns)
    weighting = cells.loc[translate("cmp_row_weight", lang), "MAP"]
    assert weighting == translate("cmp_rankavg", lang)
    assert "(AP)" in weighting and vague not in weighting


# F25.2 and UX #15: the code section closes the page, and its pointers are true


def test_the_code_section_comes_after_the_worked_example_and_the_steps(intro):
    """The scikit-learn pitfall sits in a closing "Computing it in code" section after the four steps, the worked example and the comparison (F25.2)."""
    at, lang = intro
    nodes = _nodes(at)
    code_title = _index(nodes, translate("intro_code_title", lang))
    assert nodes[code_title].type == "subheader"
    for earlier in ("intro_steps_title", "intro_example_title", "intro_compare_title", "intro_limits_title"):
        assert _index(nodes, translate(earlier, lang)) < code_title, earlier
    assert _index(nodes, translate("pitfall_title", lang)) > code_title
    assert _index(nodes, "ndcg_score([[1, 3, 2]], [[0.5, 0.8, 0.2]], k=3)") > code_title
    assert [s.value for s in at.subheader][-1] == translate("intro_code_title", lang)


@pytest.mark.parametrize(
    ("lang", "above", "below"), [("ko", "위 코드", "아래 코드"), ("en", "the code above", "this code")]
)
def test_the_pitfall_sentence_points_at_the_code_above_it(lang, above, below):
    """The pitfall sentence says the code is above, and the source's snippet is indeed above it (UX #15)."""
    at = open_page("lessons/intro.py", {"lang": lang})
    nodes = _nodes(at)
    sentence = _index(nodes, translate("pitfall_text", lang, value="0.9725"))
    assert above in _text(nodes[sentence]) and below not in _text(nodes[sentence])
    assert _index(nodes, "ndcg_score([[1, 3, 2]], [[0.5, 0.8, 0.2]], k=3)") < sentence


def test_the_code_blocks_wrap_on_a_phone(intro):
    """Both scikit-learn calls wrap their lines, so "k=3)" stays visible on a narrow screen (UX #20)."""
    at, _ = intro
    calls = [c for c in at.main.get("code") if "ndcg_score" in c.value]
    assert len(calls) == 2
    assert all(c.proto.wrap_lines for c in calls)


def test_the_four_ways_table_names_each_order_in_its_case():
    """The pitfall table is a static two-column table (it wraps on a phone), each case naming its order, with the core's values (UX #20)."""
    at = open_page("lessons/intro.py", {"lang": "en"})
    assert not [d for d in at.dataframe if "Case" in d.value.columns]
    table = next(t.value for t in at.table if "Case" in t.value.columns)
    assert list(table.columns) == ["Case", "nDCG@3"]
    assert all("A→B→C" in case or "B→A→C" in case for case in table["Case"])
    sk = f"{ndcg_score([[1, 3, 2]], [[0.5, 0.8, 0.2]], k=3):.4f}"
    assert list(table["nDCG@3"]) == [
        f"{score_ranking([1, 3, 2], k=3).ndcg:.4f}",
        f"{score_ranking([1, 3, 2], k=3, gain='linear').ndcg:.4f}",
        sk,
        f"{score_ranking([1, 3, 2], [0.5, 0.8, 0.2], k=3).ndcg:.4f}",
    ]


# F25.3: the discount in the worked-example tables


@pytest.mark.parametrize("gain", ["exponential", "linear"])
def test_the_worked_example_tables_show_the_log_discount(gain):
    """Both worked-example tables have a log₂(i+1) column (1, 1.585, 2) beside the discount, as the step lesson does (F25.3)."""
    at = open_page("lessons/intro.py", {"lang": "en"})
    at.radio(key="intro_gain").set_value(gain).run()
    r = score_ranking([1, 3, 2], k=3, gain=gain, labels=["A", "B", "C"])
    actual = next(d.value for d in [*at.dataframe, *at.table] if "Running DCG" in d.value.columns)
    ideal = next(d.value for d in [*at.dataframe, *at.table] if "Running IDCG" in d.value.columns)
    for table in (actual, ideal):
        assert list(table["log₂(i+1)"]) == pytest.approx([1.0, math.log2(3), 2.0], abs=1e-12)
        assert list(table["Discounted gain"]) == pytest.approx(list(table["Gain"] / table["log₂(i+1)"]), abs=1e-12)
    assert list(actual["Running DCG"]) == pytest.approx(list(r.steps["dcg"]), abs=1e-12)
    assert list(ideal["Running IDCG"]) == pytest.approx(list(r.ideal_steps["idcg"]), abs=1e-12)


def test_the_korean_worked_example_tables_show_the_log_discount():
    """In Korean too, the worked-example tables carry the log₂(i+1) column (F25.3)."""
    at = open_page("lessons/intro.py", {"lang": "ko"})
    with_log = [d.value for d in [*at.dataframe, *at.table] if "log₂(i+1)" in d.value.columns]
    assert len(with_log) == 2
    assert [list(t["항목"]) for t in with_log] == [["A", "B", "C"], ["B", "C", "A"]]


# F18: the two names of each gain


@pytest.mark.parametrize(
    ("lang", "names"),
    [
        ("ko", ["지수 이득(강조 공식)", "선형 이득(표준 공식)"]),
        ("en", ["exponential gain (the emphasis form)", "linear gain (the standard form)"]),
    ],
)
def test_the_intro_glosses_both_gain_names_once(lang, names):
    """Under the gain radio, the intro says once that 강조 공식 is 지수 이득 and 표준 공식 is 선형 이득 (F18)."""
    at = open_page("lessons/intro.py", {"lang": lang})
    nodes = _nodes(at)
    gloss = _index(nodes, names[0])
    assert names[1] in _text(nodes[gloss])
    assert nodes[gloss - 1].type == "radio"
    assert sum(names[0] in _text(n) for n in nodes) == 1


# UX #15: the source is named


@pytest.mark.parametrize(("lang", "word"), [("ko", "원문"), ("en", "the source")])
def test_the_source_article_is_named_before_the_app_first_says_the_source(lang, word):
    """The intro names the source article by its title before its first "원문" / "the source" (UX #15)."""
    at = open_page("lessons/intro.py", {"lang": lang})
    nodes = _nodes(at)
    named = _index(nodes, SOURCE_TITLE)
    assert word in _text(nodes[named])
    first_use = next(i for i, n in enumerate(nodes) if word in _text(n).lower() or word in _text(n))
    assert named == first_use


# UX #24: the open button says it replaces another example


@pytest.mark.parametrize(
    ("lang", "phrase"),
    [("ko", "항목 4개)를 원문의 예시로 바꿉니다"), ("en", "replaces the example now open in the lessons (4 items)")],
)
def test_the_open_button_says_it_replaces_a_different_example(lang, phrase):
    """With another example open, a caption under the intro's open button says the button replaces it (UX #24)."""
    at = open_page("lessons/intro.py", {"rel": "3,2,1,0", "lang": lang})
    nodes = _nodes(at)
    button = next(i for i, n in enumerate(nodes) if n.type == "button" and getattr(n, "key", None) == "intro_open")
    assert phrase in _text(nodes[button + 1])


def test_the_open_button_has_no_warning_on_the_source_example():
    """With the source's example already open, nothing warns about replacing it (UX #24)."""
    at = open_page("lessons/intro.py", {"lang": "en"})
    assert not [c for c in at.caption if "replaces" in c.value]


# F23: averaging over queries, at the end of the step lesson

GRADES = [[1, 3, 2], [2, 0, 1], [0, 0, 0]]  # the section's built-in queries, documents in ranked order


def _run_and_qrels():
    run = pd.DataFrame(
        [(f"q{q}", f"d{i}", 3.0 - i) for q, g in enumerate(GRADES) for i in range(len(g))],
        columns=["query_id", "doc_id", "score"],
    )
    qrels = pd.DataFrame(
        [(f"q{q}", f"d{i}", rel) for q, g in enumerate(GRADES) for i, rel in enumerate(g)],
        columns=["query_id", "doc_id", "relevance"],
    )
    return run, qrels


@pytest.mark.parametrize(
    ("lang", "zero", "skip"),
    [
        ("ko", "평균: IDCG = 0은 0으로", "평균: IDCG = 0은 제외"),
        ("en", "Mean, IDCG = 0 counted as 0", "Mean, IDCG = 0 left out"),
    ],
)
def test_the_averaging_means_equal_evaluate_run_and_the_hand_sums(lang, zero, skip):
    """The step lesson ends with both means of the three-query example, equal to evaluate_run and to the sums by hand (F23)."""
    at = open_page("lessons/steps.py", {"lang": lang})
    run, qrels = _run_and_qrels()
    per = [score_ranking(g, k=3, gain="linear").ndcg for g in GRADES]  # query 3: IDCG = 0, so nDCG = 0
    assert per[2] == 0.0
    by_hand_zero, by_hand_skip = (per[0] + per[1] + 0.0) / 3, (per[0] + per[1]) / 2
    ev_zero = evaluate_run(run, qrels, k=3, gain="linear", empty="zero").mean
    ev_skip = evaluate_run(run, qrels, k=3, gain="linear", empty="skip").mean
    assert ev_zero == pytest.approx(by_hand_zero, abs=1e-15) == ndcg_score(GRADES, [[3, 2, 1]] * 3, k=3)
    assert ev_skip == pytest.approx(by_hand_skip, abs=1e-15)
    shown = metrics(at)
    assert shown[zero] == f"{ev_zero:.4f}" == "0.5892"
    assert shown[skip] == f"{ev_skip:.4f}" == "0.8839"
    sums = "\n".join(t.value for t in at.text)
    assert f"({per[0]:.4f} + {per[1]:.4f} + 0.0000) / 3 = {ev_zero:.4f}" in sums
    assert f"({per[0]:.4f} + {per[1]:.4f}) / 2 = {ev_skip:.4f}" in sums


def test_the_averaging_table_holds_evaluate_runs_per_query_values():
    """The per-query table shows each query's grades and evaluate_run's DCG@3, IDCG@3 and nDCG@3 under linear gain (F23)."""
    at = open_page("lessons/steps.py", {"lang": "en"})
    table = next(d.value for d in [*at.dataframe, *at.table] if "Grades by rank" in d.value.columns)
    run, qrels = _run_and_qrels()
    per_query = evaluate_run(run, qrels, k=3, gain="linear").per_query
    assert list(table["Query"]) == ["Query 1", "Query 2", "Query 3"]
    assert list(table["Grades by rank"]) == ["1, 3, 2", "2, 0, 1", "0, 0, 0"]
    for shown, col in (("DCG@3", "dcg"), ("IDCG@3", "idcg"), ("nDCG@3", "ndcg")):
        np.testing.assert_allclose(table[shown].to_numpy(), per_query[col].to_numpy(), atol=1e-15)


@pytest.mark.parametrize(
    ("lang", "phrases"),
    [
        ("ko", ["여러 쿼리의 평균", "선형 이득", "scikit-learn의 ndcg_score와 trec_eval은", "평균에서 빼거나"]),
        (
            "en",
            [
                "Averaging over queries",
                "linear gain",
                "scikit-learn's ndcg_score and trec_eval count",
                "leave such queries out",
            ],
        ),
    ],
)
def test_the_averaging_section_closes_the_step_lesson_and_says_who_does_what(lang, phrases):
    """The step lesson's last header is the averaging section, which names its gain and which tools count or skip IDCG = 0 (F23)."""
    at = open_page("lessons/steps.py", {"lang": lang})
    assert at.header[-1].value == translate("avg_title", lang)
    body = "\n".join(_text(n) for n in _nodes(at)[_index(_nodes(at), translate("avg_title", lang)) :])
    for phrase in phrases:
        assert phrase in body, phrase
