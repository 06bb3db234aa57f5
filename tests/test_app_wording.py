"""The Korean wording the content and UX reviews corrected, as the pages render it (F15–F18, F21, UX #22)."""

from __future__ import annotations

import re

import pytest

from tests.conftest import open_page
from ui.i18n import CATALOGUE

TIES_KO = {"items": "A,B,C", "rel": "1,3,2", "scores": "0.5,0.5,0.2", "lang": "ko"}


def _texts(elements) -> list[str]:
    return [e.value for e in elements]


def test_korean_tie_arithmetic_says_평균_not_avg():
    """A Korean steps page with tied model scores writes the averaged gain as "평균", never English "avg" (F21)."""
    at = open_page("lessons/steps.py", TIES_KO)
    arithmetic = "\n".join(_texts(at.latex))  # set in LaTeX since issue 25
    assert "avg" not in arithmetic
    assert r"i = 1:\quad \frac{{\color{#009E73}{\text{평균}\ " in arithmetic


def test_english_tie_arithmetic_says_mean():
    """The English arithmetic names the averaged gain "mean", the word of the tie explanation."""
    at = open_page("lessons/steps.py", {**TIES_KO, "lang": "en"})
    arithmetic = "\n".join(_texts(at.latex))  # set in LaTeX since issue 25
    assert "avg" not in arithmetic
    assert r"i = 1:\quad \frac{{\color{#009E73}{\text{mean}\ " in arithmetic


def test_tie_average_explanation_multiplies_and_does_not_divide():
    """The Korean tie-average caption gives every tied rank the mean gain times its discount, not "나눠 줍니다" (F15)."""
    at = open_page("lessons/steps.py", TIES_KO)
    captions = " ".join(_texts(at.caption))
    assert "나눠 줍" not in captions
    assert "평균 이득을 똑같이 주고, 각 자리의 감쇠를 곱합니다" in captions


def test_discount_title_and_dcg_sentence_say_반영_not_세다():
    """The discount page asks how much less low ranks are "반영" and the DCG sentence says so too, not "세는가" (F16)."""
    at = open_page("lessons/discount.py", {"lang": "ko"})
    title = at.title[0].value
    assert "세는가" not in title and "낮은 순위는 얼마나 덜 반영되는가" in title
    steps = open_page("lessons/steps.py", {"lang": "ko"})
    body = " ".join(_texts(steps.markdown))
    assert "적게 셉니다" not in body and "순위가 낮을수록 덜 반영합니다" in body


def test_ndcg_one_means_as_good_as_the_ideal_order():
    """The Korean nDCG sentence says 1 is as good as the ideal order, not the same order (F17)."""
    at = open_page("lessons/steps.py", {"lang": "ko"})
    body = " ".join(_texts(at.markdown))
    assert "이상적인 순서만큼 좋다는 뜻입니다" in body
    assert "이상적인 순서와 같습니다" not in body


def test_ideal_button_and_headers_say_이상적_순서():
    """The sort button reads "이상적 순서로" and no rendered heading, caption or sentence says 이상적 순위/정렬 (F18, F21)."""
    at = open_page("lessons/steps.py", {"lang": "ko"})
    assert at.button(key="steps_ideal").label == "이상적 순서로"
    shown = [*_texts(at.title), *_texts(at.header), *_texts(at.subheader), *_texts(at.caption), *_texts(at.markdown)]
    assert [t for t in shown if "이상적 순위" in t or "이상적 정렬" in t] == []
    assert any("이상적 순서" in t for t in shown)


@pytest.mark.parametrize("wrong", ["이상적 순위", "이상적인 순위", "이상적 정렬", "이상적인 정렬"])
def test_catalogue_calls_the_ideal_order_이상적_순서(wrong):
    """No Korean string calls the ideal order 이상적 순위 or 이상적 정렬: 순위 is a position, 순서 the order (F18)."""
    assert sorted(key for key, (ko, _) in CATALOGUE.items() if wrong in ko) == []


def test_dcg_header_mentions_할인_누적_이득_once():
    """The Korean DCG header also names DCG's other Korean name, 할인 누적 이득, once on the page (F18)."""
    at = open_page("lessons/steps.py", {"lang": "ko"})
    headers = _texts(at.header)
    assert sum("할인 누적 이득" in h for h in headers) == 1
    assert any(h.startswith("2단계 · DCG (감쇠 누적 이득") for h in headers)


def test_judged_only_items_are_named_판정된_문서():
    """Judged items that are not in the list are named "판정된 문서 #1" in the ideal table, the glossary's 판정된 (UX #22, G15)."""
    at = open_page("lessons/steps.py", {"items": "A", "rel": "1", "pool": "2", "lang": "ko"})
    names = {str(v) for df in [*at.dataframe, *at.table] for v in df.value.to_numpy().ravel()}
    assert "판정된 문서 #1" in names
    assert "평가된 문서 #1" not in names and "평가 #1" not in names


def test_the_idcg_formula_says_ideal_order():
    """The Korean IDCG formula names the ideal order (이상적 순서), not 이상적 순위 (F18)."""
    at = open_page("lessons/steps.py", {"lang": "ko"})
    assert any("이상적 순서의" in e.value for e in at.latex)
    assert not any("이상적 순위" in e.value for e in at.latex)


TIES_PESSIMISTIC = {
    "items": "A,B,C,D,E",
    "rel": "3,1,2,0,2",
    "scores": "0.9,0.5,0.5,0.5,0.1",
    "k": "3",
}


@pytest.mark.parametrize(("ties", "shown"), [("pessimistic", False), ("optimistic", False), ("average", True)])
def test_the_tie_panel_shows_the_tie_averaged_gain_only_when_gains_are_averaged(ties, shown):
    """The steps page's tables carry "동점 평균 이득" only under the average policy, where it differs from the gain (G12)."""
    at = open_page("lessons/steps.py", {**TIES_PESSIMISTIC, "ties": ties, "lang": "ko"})
    columns = {str(c) for df in [*at.dataframe, *at.table] for c in df.value.columns}
    assert ("동점 평균 이득" in columns) is shown


def test_step_2_gain_sentence_has_a_predicate_and_says_why_exponential_is_the_default():
    """Step 2's Korean gain sentence ends with a verb (G16) and says why exponential gain comes first (F25)."""
    at = open_page("lessons/steps.py", {"lang": "ko"})
    text = "\n".join(_texts(at.markdown))
    assert "지금은 다음 공식을 씁니다: 강조 공식: 2^rel − 1 (관련성 → 이득: 0 → 0" in text
    assert "지금 쓰는 공식은 강조 공식" not in text
    # F25: why the app starts with exponential gain, and which gain the libraries use
    assert "강조 공식을 기본으로 쓰는 것은 원문의 예시에서 원문과 같은 nDCG(약 0.737)를 얻기 위해서" in text
    assert "trec_eval은 표준 공식(선형 이득)을 씁니다" in text


KO_STYLE = [
    ("intro_scales", "관련성 척도에는 ", "관련성 척도는 "),  # G18
    ("lab_hide_lead", "판정 파일(qrels)도 그렇습니다.", "그렇듯이요"),  # G18: 합니다체, no 요 ending
    ("ex_ws_swap_blank", "____위와 ____위", "____ 와 ____"),  # G17: 위와 after any number
]


@pytest.mark.parametrize(("key", "has", "lacks"), KO_STYLE)
def test_korean_style_the_review_corrected(key, has, lacks):
    """The Korean sentences review 3 corrected read as corrected (G17, G18)."""
    ko = CATALOGUE[key][0]
    assert has in ko and lacks not in ko


# A Korean particle's form follows the sound before it (을/를, 이/가, 으로/로 …), which a placeholder cannot know:
# a user's item name or a number. So no particle follows a placeholder (or its parenthesis), and no "(으)로" hedges.
_PARTICLE_AFTER = re.compile(r"\{\w+\}(\([^)]*\))?(을|를|이|가|은|는|와|과|으로|로)(?![가-힣])")
_HEDGE = re.compile(r"\((으|이|을|를|은|는|과|와)\)")


def test_no_korean_particle_guesses_the_sound_of_a_placeholder():
    """No Korean sentence puts a sound-dependent particle straight after a name or number it fills in (G17)."""
    bad = [key for key, (ko, _) in CATALOGUE.items() if _PARTICLE_AFTER.search(ko) or _HEDGE.search(ko)]
    assert bad == []


def test_the_glossarys_idcg_line_names_both_ideals():
    """The glossary's IDCG line says the listed items' best reordering, and the query's best only with all judged items (F6)."""
    ko, en = CATALOGUE["gloss_idcg"]
    assert "the largest DCG a reordering of the listed items can reach; with all judged items, the largest" in en
    assert "다시 배열해 얻을 수 있는 가장 큰 DCG" in ko and "판정된 모든 항목" in ko


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_the_intro_names_the_source_and_points_the_cost_to_the_lab(lang):
    """The intro says where the source is and that it names no author or date (#15), and sends the cost to lab §5 (F22)."""
    at = open_page("lessons/intro.py", {"lang": lang})
    text = "\n".join([*_texts(at.markdown), *_texts(at.caption)])
    assert "000_672d676489012cc0.txt" in text
    assert ("글쓴이와 날짜는 문서에 적혀 있지 않습니다" if lang == "ko" else "names no author and no date") in text
    assert ("실험실의 5절" if lang == "ko" else "Section 5 of the limitations lab") in text


def test_the_heatmap_note_says_lambdarank_scales_the_gradient_by_the_size_of_the_change():
    """The heatmap note says LambdaRank multiplies the RankNet gradient by |ΔnDCG|, not "exactly this quantity" (G13)."""
    ko, en = CATALOGUE["ex_heatmap_note"]
    assert "exactly" not in en and "multiplies each pair's RankNet gradient by the size of this change, |ΔnDCG|" in en
    assert "|ΔnDCG|" in ko and "RankNet" in ko and "Burges 2010" in ko


def test_the_presenter_cut_note_and_metrics_title_read_right():
    """One cut rank reads "the last 1 rank, down to rank 6, is left out", and the metrics title names R@k (G19)."""
    from ui.i18n import translate

    assert translate("present_more_rows", "en", more=1, first=6, last=6) == (
        "… the last 1 rank, down to rank 6, is left out to fit the screen."
    )
    assert "6–6" not in translate("present_more_rows", "ko", more=1, first=6, last=6)
    assert all(t.endswith("P@k, R@k") for t in CATALOGUE["metrics_title"])
