"""The example lives in readable URL parameters; bad or hostile ones fall back with one sentence."""

from __future__ import annotations

import pytest

from tests.conftest import metrics, open_page
from ui import state, url

BAD_LINKS = {
    "count": ({"items": "A,B,C", "rel": "1,3"}, "url_count"),
    "negative": ({"items": "A,B", "rel": "1,-3"}, "url_grade"),
    "non_numeric": ({"items": "A,B", "rel": "1,x"}, "url_grade"),
    "nan": ({"items": "A,B", "rel": "nan,1"}, "url_grade"),
    "huge": ({"items": "A,B", "rel": "1e308,1"}, "url_grade"),
    "inf": ({"items": "A,B", "rel": "inf,1"}, "url_grade"),
    "many_items": ({"rel": ",".join(["1"] * 20_000)}, "url_long"),
    "many_short": ({"rel": ",".join(["1"] * 501)}, "url_too_many"),
    "long_string": ({"items": "A" * 100_000, "rel": "1"}, "url_long"),
    "html_name": ({"items": "<script>alert(1)</script>" * 3, "rel": "1"}, "url_name"),
    "gain": ({"gain": "cubic"}, "url_gain"),
    "k_zero": ({"k": "0"}, "url_k"),
    "k_negative": ({"k": "-2"}, "url_k"),
    "k_text": ({"k": "ten"}, "url_k"),
    "ties": ({"items": "A", "rel": "1", "scores": "1", "ties": "random"}, "url_ties"),
    "scores_count": ({"items": "A,B", "rel": "1,2", "scores": "0.1"}, "url_count"),
    "scores_text": ({"items": "A,B", "rel": "1,2", "scores": "0.1,high"}, "url_score"),
    "pool": ({"items": "A", "rel": "1", "pool": "2,-1"}, "url_grade"),
    "duplicate_name": ({"items": "A,A", "rel": "1,2"}, "url_name"),
    "blank_name": ({"items": "A,,C", "rel": "1,2,3"}, "url_name"),
    "scale": ({"items": "A", "rel": "3", "scale": "1"}, "url_scale_low"),
    "rel_missing": ({"items": "A,B"}, "url_no_rel"),
}


@pytest.mark.parametrize("name", BAD_LINKS)
def test_bad_link_falls_back_to_default_with_its_reason(name):
    """Each malformed parameter gives the default example and a problem naming what was wrong."""
    params, key = BAD_LINKS[name]
    example, problem = url.from_query(params)
    assert example == state.DEFAULT
    assert problem is not None and problem[0] == key


@pytest.mark.parametrize("name", ["negative", "huge", "many_items", "long_string", "html_name", "gain", "k_zero"])
def test_bad_link_shows_one_warning_and_the_default_numbers(name):
    """The page shows one warning sentence and the default example's numbers, never a traceback."""
    params, _ = BAD_LINKS[name]
    at = open_page("lessons/steps.py", {**params, "lang": "en"})
    assert not at.exception
    assert len(at.warning) == 1 and at.warning[0].value.startswith("The link's example could not be used")
    assert "<script>" not in at.warning[0].value
    assert metrics(at)["nDCG@3"] == "0.7364"


def test_unknown_language_falls_back_to_korean_with_a_warning():
    """lang=fr opens the Korean page with one warning."""
    at = open_page("lessons/steps.py", {"lang": "fr"})
    assert at.title[0].value.startswith("단계별 계산")
    assert len(at.warning) == 1 and "fr" in at.warning[0].value


def test_link_round_trip():
    """An example written to URL parameters reads back to the same example."""
    params = {"items": "노트북,마우스,가방", "rel": "3,1,0", "gain": "linear", "k": "2", "scores": "0.9,0.3,0.5",
              "ties": "optimistic", "pool": "2,3", "scale": "4"}
    example, problem = url.from_query(params)
    assert problem is None
    assert url.to_query(example) == params


def test_rel_alone_names_items_by_letter():
    """?rel=3,2,1 names the items A, B, C so a teacher can write short links."""
    example, problem = url.from_query({"rel": "3,2,1"})
    assert problem is None
    assert [i.name for i in example.items] == ["A", "B", "C"]


def test_editing_the_example_rewrites_the_url():
    """After an edit the URL holds the new grades, so reload and copy-paste restore it."""
    at = open_page("lessons/steps.py", {"items": "A,B,C", "rel": "1,3,2", "lang": "en"})
    key = at.session_state["editor_key"]
    at.session_state[key] = {"edited_rows": {0: {"grade": 3}}, "added_rows": [], "deleted_rows": []}
    at.run()
    rel = at.query_params["rel"]
    assert (rel[0] if isinstance(rel, list) else rel) == "3,3,2"
    reopened = open_page("lessons/steps.py", {k: (v[0] if isinstance(v, list) else v) for k, v in at.query_params.items()})
    assert metrics(reopened) == metrics(at)


@pytest.mark.parametrize("page", ["lessons/discount.py", "lessons/gain.py", "lessons/cutoff.py", "lessons/intro.py"])
def test_every_page_opens_the_source_link(page):
    """/?items=A,B,C&rel=1,3,2&gain=exponential&k=3 opens the source's example on any page."""
    at = open_page(page, {"items": "A,B,C", "rel": "1,3,2", "gain": "exponential", "k": "3"})
    assert not at.exception
    assert at.session_state["example"].items == state.DEFAULT.items[:0] + tuple(
        state.Item(i, n, g, None) for i, (n, g) in enumerate([("A", 1.0), ("B", 3.0), ("C", 2.0)])
    )


def test_a_bad_language_keeps_the_links_example_and_says_so():
    """rel=1,3,2&lang=fr opens the link's own example in Korean, and the warning says the example was used."""
    at = open_page("lessons/steps.py", {"rel": "1,3,2", "lang": "fr"})
    (warning,) = [w.value for w in at.warning]
    assert "fr" in warning and "링크의 예시는 그대로" in warning and "기본 예시" not in warning
    assert at.session_state["example"].k is None
    assert [i.grade for i in at.session_state["example"].items] == [1.0, 3.0, 2.0]
