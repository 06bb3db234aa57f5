"""The example lives in readable URL parameters; bad or hostile ones fall back with one sentence."""

from __future__ import annotations

import pytest

from ndcg_core import score_ranking
from teach import model, url
from tests.conftest import metrics, open_page
from ui.i18n import translate

# Links too long to read: the default example, with the reason.
UNREADABLE_LINKS = {
    "many_items": ({"rel": ",".join(["1"] * 20_000)}, "url_long"),
    "many_short": ({"rel": ",".join(["1"] * 501)}, "url_too_many"),
    "long_string": ({"items": "A" * 100_000, "rel": "1"}, "url_long"),
}

# A bad row is opened as typed; the row check names it (row, problem key).
BAD_ROWS = {
    "count": ({"items": "A,B,C", "rel": "1,3"}, 3, "row_grade_blank"),
    "negative": ({"items": "A,B", "rel": "1,-3"}, 2, "row_grade_negative"),
    "non_numeric": ({"items": "A,B", "rel": "1,x"}, 2, "row_grade_nan"),
    "nan": ({"items": "A,B", "rel": "nan,1"}, 1, "row_grade_nan"),
    "huge": ({"items": "A,B", "rel": "1e308,1"}, 1, "row_grade_above"),
    "inf": ({"items": "A,B", "rel": "inf,1"}, 1, "row_grade_nan"),
    "fraction": ({"items": "A,B", "rel": "1.5,1"}, 1, "row_grade_fraction"),
    "nine": ({"rel": "3,2,9,0"}, 3, "row_grade_above"),
    "html_name": ({"items": "<script>alert(1)</script>" * 3, "rel": "1"}, 1, "row_name_long"),
    "duplicate_name": ({"items": "A,A", "rel": "1,2"}, 2, "row_name_duplicate"),
    "blank_name": ({"items": "A,,C", "rel": "1,2,3"}, 2, "row_name_blank"),
    "rel_missing": ({"items": "A,B"}, 1, "row_grade_blank"),
    "scores_count": ({"items": "A,B", "rel": "1,2", "scores": "0.1"}, 2, "row_score_nan"),
    "scores_text": ({"items": "A,B", "rel": "1,2", "scores": "0.1,high"}, 2, "row_score_nan"),
    "scale": ({"items": "A,B", "rel": "3,1", "scale": "1"}, 1, "row_grade_above"),
}

# One bad setting falls back alone; the example is the link's.
BAD_SETTINGS = {
    "gain": ({"rel": "3,2", "gain": "cubic"}, "url_gain"),
    "k_zero": ({"rel": "3,2", "k": "0"}, "url_k"),
    "k_negative": ({"rel": "3,2", "k": "-2"}, "url_k"),
    "k_text": ({"rel": "3,2", "k": "ten"}, "url_k"),
    "ties": ({"rel": "3,2", "scores": "1,0.5", "ties": "random"}, "url_ties"),
    "scale": ({"rel": "3,2", "scale": "7"}, "url_scale"),
    "pool": ({"rel": "3,2", "pool": "2,-1"}, "url_grade"),
}


@pytest.mark.parametrize("name", UNREADABLE_LINKS)
def test_unreadable_link_falls_back_to_default_with_its_reason(name):
    """A link too long to read gives the default example and a problem naming the parameter."""
    params, key = UNREADABLE_LINKS[name]
    example, problem = url.from_query(params)
    assert example == model.DEFAULT
    assert problem is not None and problem[0] == key
    assert not url.example_kept(problem)


@pytest.mark.parametrize("name", ["many_items", "long_string"])
def test_unreadable_link_shows_one_warning_and_the_default_numbers(name):
    """The page shows one warning sentence and the default example's numbers, never a traceback."""
    params, _ = UNREADABLE_LINKS[name]
    at = open_page("lessons/steps.py", {**params, "lang": "en"})
    assert not at.exception
    assert len(at.warning) == 1 and at.warning[0].value.startswith("The link's example could not be used")
    assert metrics(at)["nDCG@3"] == "0.7364"


@pytest.mark.parametrize("name", BAD_ROWS)
def test_bad_row_in_a_link_is_kept_and_named(name):
    """A link with one bad row opens every row as typed; the row check names that row, and the link round-trips."""
    params, row, key = BAD_ROWS[name]
    example, problem = url.from_query(params)
    assert problem is None
    checked = model.check(example)
    assert (key, row) in [(k, p["row"]) for k, p in checked.problems]
    again, _ = url.from_query(url.to_query(example))
    assert [(i.name, i.grade, i.score) for i in again.items] == [(i.name, i.grade, i.score) for i in example.items]


@pytest.mark.parametrize("name", ["negative", "nine", "html_name", "duplicate_name"])
def test_bad_row_link_shows_the_row_warning_and_scores_the_rest(name):
    """The page names the bad row in one warning, scores the good rows, and keeps the bad row in the URL."""
    params, row, _ = BAD_ROWS[name]
    at = open_page("lessons/steps.py", {**params, "lang": "en"})
    assert not at.exception
    assert any(f"Row {row}" in w.value for w in at.warning)
    assert not any("<script>" in w.value for w in at.warning)
    rel = at.query_params["rel"]
    assert (rel[0] if isinstance(rel, list) else rel) == url.to_query(url.from_query(params)[0])["rel"]


@pytest.mark.parametrize("name", BAD_SETTINGS)
def test_bad_setting_falls_back_alone(name):
    """A bad setting in a link keeps the link's rows and names the setting."""
    params, key = BAD_SETTINGS[name]
    example, problem = url.from_query(params)
    assert problem is not None and problem[0] == key and url.example_kept(problem)
    assert [model.typed_text(i.grade) for i in example.items] == ["3", "2"]


def test_bad_setting_page_says_the_rest_was_opened():
    """k=0 opens the link's grades with one sentence that says only k fell back."""
    at = open_page("lessons/steps.py", {"rel": "3,2,1", "k": "0", "lang": "en"})
    (warning,) = [w.value for w in at.warning]
    assert warning.startswith("One value in the link could not be used") and "k='0'" in warning
    assert [i.grade for i in at.session_state["example"].items] == [3.0, 2.0, 1.0]


def test_a_name_with_a_comma_survives_the_link():
    """A name holding a comma or a backslash is written escaped and reads back whole."""
    ex = model.Example(items=(model.Item(0, "red, blue", 2.0), model.Item(1, "a\\b", 1.0)))
    params = url.to_query(ex)
    assert params["items"] == "red\\, blue,a\\\\b"
    again, problem = url.from_query(params)
    assert problem is None and [i.name for i in again.items] == ["red, blue", "a\\b"]


def test_unknown_language_falls_back_to_korean_with_a_warning():
    """lang=fr opens the Korean page with one warning."""
    at = open_page("lessons/steps.py", {"lang": "fr"})
    assert at.title[0].value.startswith("단계별 계산")
    assert len(at.warning) == 1 and "fr" in at.warning[0].value


def test_link_round_trip():
    """An example written to URL parameters reads back to the same example."""
    params = {
        "items": "노트북,마우스,가방",
        "rel": "3,1,0",
        "gain": "linear",
        "k": "2",
        "scores": "0.9,0.3,0.5",
        "ties": "optimistic",
        "pool": "2,3",
        "scale": "4",
        "threshold": "2",
    }
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
    reopened = open_page(
        "lessons/steps.py", {k: (v[0] if isinstance(v, list) else v) for k, v in at.query_params.items()}
    )
    assert metrics(reopened) == metrics(at)


@pytest.mark.parametrize("page", ["lessons/discount.py", "lessons/gain.py", "lessons/cutoff.py", "lessons/intro.py"])
def test_every_page_opens_the_source_link(page):
    """/?items=A,B,C&rel=1,3,2&gain=exponential&k=3 opens the source's example on any page."""
    at = open_page(page, {"items": "A,B,C", "rel": "1,3,2", "gain": "exponential", "k": "3"})
    assert not at.exception
    assert at.session_state["example"].items == model.DEFAULT.items[:0] + tuple(
        model.Item(i, n, g, None) for i, (n, g) in enumerate([("A", 1.0), ("B", 3.0), ("C", 2.0)])
    )


def test_a_bad_language_keeps_the_links_example_and_says_so():
    """rel=1,3,2&lang=fr opens the link's own example in Korean, and the warning says the example was used."""
    at = open_page("lessons/steps.py", {"rel": "1,3,2", "lang": "fr"})
    (warning,) = [w.value for w in at.warning]
    assert "fr" in warning and "링크의 예시는 그대로" in warning and "기본 예시" not in warning
    assert at.session_state["example"].k is None
    assert [i.grade for i in at.session_state["example"].items] == [1.0, 3.0, 2.0]


def test_a_value_given_twice_uses_the_last_one_and_says_so():
    """k=2&k=3 opens k = 3 with one sentence naming k; the link's example is kept."""
    at = open_page("lessons/steps.py", {"rel": "1,3,2", "k": ["2", "3"], "lang": "en"})
    (warning,) = [w.value for w in at.warning]
    assert warning.startswith("The link gives some values more than once") and "used\\: k\\." in warning
    assert at.session_state["example"].k == 3
    assert [i.grade for i in at.session_state["example"].items] == [1.0, 3.0, 2.0]
    assert metrics(at)["nDCG@3"] == f"{score_ranking([1, 3, 2], k=3).ndcg:.4f}"


def test_the_address_order_is_the_parameter_table():
    """ORDER is read off url.PARAMS (plus lang), so every row of the table has its place in the address."""
    names = [p if isinstance(p, str) else p.name for p in url.PARAMS]
    assert url.ORDER == (*names, "lang")
    assert set(url.LIST_PARAMS) | {s.name for s in url.SETTINGS} == set(names)


def test_a_new_setting_reaches_the_address(monkeypatch):
    """A parameter added to the table is written into the address, never dropped (architecture review 3, A5)."""
    extra = url.Setting("base", lambda raw, ex: raw, lambda ex: "10")
    monkeypatch.setattr(url, "SETTINGS", (*url.SETTINGS, extra))
    query = url.to_query(model.Example(items=(model.Item(0, "A", 1.0),)))
    assert query["base"] == "10" and list(query)[:2] == ["items", "rel"]


@pytest.mark.parametrize("typed", ["abc", "nan", "inf", "1e400"])
def test_a_bad_score_in_a_link_stays_as_typed_in_the_example_the_link_and_the_sentence(typed):
    """scores=abc,1,2,3 keeps "abc" in the example and the address, and the row's sentence names it (as grades do)."""
    at = open_page("lessons/steps.py", {"rel": "3,2,1,0", "scores": f"{typed},1,2,3", "lang": "en"})
    assert not at.exception
    (warning,) = [w.value for w in at.warning]
    assert f"Row 1\\: the model score '{typed}' is blank or not a number" in warning
    assert at.session_state["example"].items[0].score == typed
    at.run()
    scores = at.query_params["scores"]
    assert (scores[0] if isinstance(scores, list) else scores) == f"{typed},1,2,3"


def test_a_blank_score_is_named_as_blank_not_none():
    """A missing score reads '' in the row's sentence, never 'None'."""
    at = open_page("lessons/steps.py", {"rel": "3,2,1", "scores": ",1,2", "lang": "en"})
    assert not any("None" in w.value for w in at.warning)
    assert any("the model score '' is blank" in w.value for w in at.warning)


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_every_bad_value_of_a_link_is_named(lang):
    """k=0, gain=cubic, ties=foo and scale=7 in one link: one warning names all four, each falling back alone, and the
    link's rows (bad grade 9 and x included) open as typed (content review 3, G14)."""
    params = {"rel": "9,x,2", "k": "0", "gain": "cubic", "ties": "foo", "scale": "7", "lang": lang}
    at = open_page("lessons/steps.py", params)
    (warning,) = [w.value.replace("\\", "") for w in at.warning if "cubic" in w.value]  # one sentence for the link
    for key, value in (("url_k", "0"), ("url_gain", "cubic"), ("url_ties", "foo"), ("url_scale", "7")):
        assert translate(key, lang, value=value) in warning
    assert warning.startswith(translate("url_kept_warning_many", lang, n=4, why="").split("{")[0][:10])
    assert [model.typed_text(i.grade) for i in at.session_state["example"].items] == ["9", "x", "2"]
    _, _, problem = url.read({"k": "0", "gain": "cubic", "preset": "nope", "lang": "fr"})
    assert problem is not None and [p[0] for p in problem[1]["whys"]] == ["url_gain", "url_k", "url_preset", "url_lang"]
