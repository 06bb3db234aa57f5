"""The Korean wording the content and UX reviews corrected, as the pages render it (F15–F18, F21, UX #22)."""

from __future__ import annotations

import pytest

from tests.conftest import open_page
from ui.i18n import CATALOGUE

TIES_KO = {"items": "A,B,C", "rel": "1,3,2", "scores": "0.5,0.5,0.2", "lang": "ko"}


def _texts(elements) -> list[str]:
    return [e.value for e in elements]


def test_korean_tie_arithmetic_says_평균_not_avg():
    """A Korean steps page with tied model scores writes the averaged gain as "평균", never English "avg" (F21)."""
    at = open_page("lessons/steps.py", TIES_KO)
    arithmetic = "\n".join(_texts(at.text))
    assert "avg" not in arithmetic
    assert "i=1  A: 평균 " in arithmetic


def test_english_tie_arithmetic_says_mean():
    """The English arithmetic names the averaged gain "mean", the word of the tie explanation."""
    at = open_page("lessons/steps.py", {**TIES_KO, "lang": "en"})
    arithmetic = "\n".join(_texts(at.text))
    assert "avg" not in arithmetic
    assert "i=1  A: mean " in arithmetic


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


def test_judged_only_items_are_named_평가된_문서():
    """Judged items that are not in the list are named "평가된 문서 #1" in the ideal table, not "평가 #1" (UX #22)."""
    at = open_page("lessons/steps.py", {"items": "A", "rel": "1", "pool": "2", "lang": "ko"})
    names = {str(v) for df in [*at.dataframe, *at.table] for v in df.value.to_numpy().ravel()}
    assert "평가된 문서 #1" in names
    assert "평가 #1" not in names


def test_the_idcg_formula_says_ideal_order():
    """The Korean IDCG formula names the ideal order (이상적 순서), not 이상적 순위 (F18)."""
    at = open_page("lessons/steps.py", {"lang": "ko"})
    assert any("이상적 순서의" in e.value for e in at.latex)
    assert not any("이상적 순위" in e.value for e in at.latex)
