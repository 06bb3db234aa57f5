"""The "one ranking, many definitions" page: each library's nDCG for the current example, checked against the libraries."""

from __future__ import annotations

import math

import pytest
import pytrec_eval
from sklearn.metrics import ndcg_score

from tests.conftest import open_page
from ui.i18n import CATALOGUE

PAGE = "lessons/definitions.py"
TIED = {"items": "A,B,C,D,E", "rel": "1,3,2,0,2", "scores": "0.5,0.5,0.2,0.2,0.9", "lang": "en"}


def rows(at) -> dict[str, str]:
    """The definitions table as implementation -> shown value."""
    table = next(t.value for t in at.table if "Implementation" in t.value.columns or "구현" in t.value.columns)
    return dict(zip(table.iloc[:, 0], table.iloc[:, 1], strict=True))


def page_text(at) -> str:
    """Every text the page shows: headings, paragraphs, captions, tables, code and button labels."""
    parts = [e.value for e in (*at.title, *at.subheader, *at.markdown, *at.caption, *at.code)]
    parts += [str(v) for t in at.table for v in (*t.value.columns, *t.value.to_numpy().ravel())]
    parts += [b.label for b in at.get("download_button")]
    return "\n".join(parts)


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_page_opens_with_one_row_per_implementation(lang):
    """The page opens in Korean and English without an exception and lists ten implementations."""
    at = open_page(PAGE, {**TIED, "lang": lang})
    assert not at.exception
    assert len(rows(at)) == 10


@pytest.mark.parametrize("k", ["3", "all"])
def test_scikit_learn_rows_equal_ndcg_score_on_tied_scores(k):
    """The two scikit-learn rows equal sklearn's ndcg_score, default and ignore_ties=True, on tied scores."""
    at = open_page(PAGE, {**TIED, "k": k})
    shown = rows(at)
    y_true = [[1, 3, 2, 0, 2]]
    y_score = [[0.5, 0.5, 0.2, 0.2, 0.9]]
    kw = {} if k == "all" else {"k": int(k)}
    default = ndcg_score(y_true, y_score, **kw)
    ignore = ndcg_score(y_true, y_score, ignore_ties=True, **kw)
    assert abs(default - ignore) > 1e-3  # the example tells the two apart
    assert float(shown["scikit-learn ndcg_score"]) == pytest.approx(default, abs=5e-5)
    assert float(shown["scikit-learn ndcg_score(ignore_ties=True)"]) == pytest.approx(ignore, abs=5e-5)


def test_trec_eval_rows_equal_pytrec_eval_with_a_judged_pool():
    """The trec_eval rows equal pytrec_eval's ndcg and ndcg_cut_3 on distinct scores with judged items outside the list."""
    rel, scores, pool = [1, 0, 2, 3, 1], [0.3, 0.9, 0.5, 0.1, 0.7], [3, 2]
    at = open_page(
        PAGE,
        {
            "rel": ",".join(map(str, rel)),
            "scores": ",".join(map(str, scores)),
            "pool": ",".join(map(str, pool)),
            "k": "3",
            "lang": "en",
        },
    )
    shown = rows(at)
    qrels = {"q1": {**{f"d{i + 1}": g for i, g in enumerate(rel)}, **{f"j{j + 1}": g for j, g in enumerate(pool)}}}
    run = {"q1": {f"d{i + 1}": s for i, s in enumerate(scores)}}
    want = pytrec_eval.RelevanceEvaluator(qrels, {"ndcg", "ndcg_cut.3"}).evaluate(run)["q1"]
    assert float(shown["trec_eval ndcg"]) == pytest.approx(want["ndcg"], abs=5e-5)
    assert float(shown["trec_eval ndcg_cut.3"]) == pytest.approx(want["ndcg_cut_3"], abs=5e-5)
    assert shown["trec_eval ndcg"] != shown["scikit-learn ndcg_score"]  # the pool changes the ideal


def test_binary_rows_equal_a_hand_computation():
    """RecBole and Microsoft Recommenders count grades above 0 as 1: grades 0, 2, 1 give (1/log2 3 + 1/2) / (1 + 1/log2 3)."""
    at = open_page(PAGE, {"rel": "0,2,1", "k": "3", "lang": "en"})
    shown = rows(at)
    want = (1 / math.log2(3) + 1 / 2) / (1 + 1 / math.log2(3))
    assert float(shown["RecBole NDCG"]) == pytest.approx(want, abs=5e-5)
    assert float(shown["Microsoft Recommenders ndcg_at_k"]) == pytest.approx(want, abs=5e-5)


def test_tensorflow_ranking_shows_the_range_of_random_tie_breaking():
    """TensorFlow Ranking's row is the pessimistic-to-optimistic range when scores tie, and one value when they do not."""
    at = open_page(PAGE, {"rel": "0,3", "scores": "1,1", "k": "1", "lang": "en"})
    assert rows(at)["TensorFlow Ranking NDCGMetric"] == "0.0000 – 1.0000"
    assert rows(open_page(PAGE, {"rel": "0,3", "k": "1", "lang": "en"}))["TensorFlow Ranking NDCGMetric"] == "0.0000"


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_every_definitions_key_is_shown(lang):
    """Between an example with tied scores and one without scores, every defs_ string of the catalogue is on the page."""
    idx = 0 if lang == "ko" else 1
    shown = page_text(open_page(PAGE, {**TIED, "pool": "3", "lang": lang}))
    shown += page_text(open_page(PAGE, {"rel": "3,2,1", "lang": lang}))
    keys = [key for key in CATALOGUE if key.startswith("defs_") or key.startswith("definitions_")]
    missing = [key for key in keys if key != "defs_table_title" and CATALOGUE[key][idx] not in shown]
    assert missing == []
    assert CATALOGUE["defs_table_title"][idx].split("{")[0] in shown


# Recorded from ranx 0.3.21 (ranx.evaluate; not a test dependency: it needs numba and a JIT warm-up
# of about 100 s). Qrels d1..d4 = 0, 3, 1, 2, every score 1.0, the run written in the order given:
# ranx keeps tied documents in the run's order.
RANX_TIES = [
    (["d3", "d1", "d2", "d4"], 0.23463936301137822, 0.7058908628246313),
    (["d4", "d2", "d1", "d3"], 0.9134015924715543, 0.9079364505194771),
    (["d2", "d4", "d3", "d1"], 1.0, 1.0),
]


@pytest.mark.parametrize(("order", "at2", "uncut"), RANX_TIES)
def test_ranx_rows_equal_recorded_ranx_values_on_ties(order, at2, uncut):
    """With every score tied, the ranx ndcg row equals ranx's own ndcg@2 and ndcg for the run in that order."""
    grade = {"d1": 0, "d2": 3, "d3": 1, "d4": 2}
    params = {
        "items": ",".join(order),
        "rel": ",".join(str(grade[d]) for d in order),
        "scores": "1,1,1,1",
        "lang": "en",
    }
    assert float(rows(open_page(PAGE, {**params, "k": "2"}))["ranx ndcg"]) == pytest.approx(at2, abs=5e-5)
    assert float(rows(open_page(PAGE, {**params, "k": "all"}))["ranx ndcg"]) == pytest.approx(uncut, abs=5e-5)


def test_ranx_rows_equal_recorded_ranx_values_with_a_judged_pool():
    """Qrels d1..d3 = 1, 3, 2 plus an unlisted j1 = 3, scores 3, 2, 2: ranx gives ndcg 0.6156 and ndcg_burges 0.5182."""
    params = {"rel": "1,3,2", "scores": "3,2,2", "pool": "3", "k": "all", "lang": "en"}
    shown = rows(open_page(PAGE, params))
    assert float(shown["ranx ndcg"]) == pytest.approx(0.615610074011697, abs=5e-5)
    assert float(shown["ranx ndcg_burges"]) == pytest.approx(0.518199782313756, abs=5e-5)
    shown = rows(open_page(PAGE, {**params, "k": "2"}))
    assert float(shown["ranx ndcg"]) == pytest.approx(0.5912352048230277, abs=5e-5)
    assert float(shown["ranx ndcg_burges"]) == pytest.approx(0.4744452633438928, abs=5e-5)


def test_recbole_row_never_divides_by_an_ideal_longer_than_the_list():
    """With k = whole list and four judged relevant items for a three-item list, RecBole's IDCG uses min(4, 3) ones: 1.0000."""
    at = open_page(PAGE, {"rel": "1,3,2", "scores": "3,2,2", "pool": "3", "k": "all", "lang": "en"})
    shown = rows(at)
    dcg = 1 + 1 / math.log2(3) + 1 / 2  # all three listed items are relevant
    idcg = sum(1 / math.log2(i + 1) for i in range(1, min(4, 3) + 1))  # recbole NDCG.metric_info: idcg_len
    assert shown["RecBole NDCG"] == f"{dcg / idcg:.4f}" == "1.0000"
    at = open_page(PAGE, {"rel": "1,0,2", "pool": "3,2", "k": "2", "lang": "en"})
    want = 1 / (1 + 1 / math.log2(3))  # DCG@2 = 1; ideal over min(4, 2) = 2 ones
    assert float(rows(at)["RecBole NDCG"]) == pytest.approx(want, abs=5e-5)
