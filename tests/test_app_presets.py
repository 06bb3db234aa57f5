"""Presets (issue 9): ready-made examples opened by link or picker, each with a story whose numbers are the core's."""

from __future__ import annotations

import re
import string

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ndcg_core import score_ranking
from teach import model, presets, url
from tests.conftest import metrics, open_page
from ui import nav
from ui.i18n import CATALOGUE, translate

NAMES = list(presets.PRESETS)
EDITOR_PAGES = [lesson.script for lesson in nav.EXAMPLE_LESSONS]


def core_numbers(ex: model.Example) -> dict[str, str]:
    """Every story number, computed here straight from the example's raw rows with ``score_ranking``."""
    grades = [float(i.grade) for i in ex.items]
    scores = [float(i.score) for i in ex.items] if ex.use_scores else None
    judged = grades + list(ex.pool)

    def ndcg(**kw):
        args = {"k": ex.k, "gain": ex.gain, "ties": ex.ties, "ideal_pool": judged if ex.use_pool else None, **kw}
        return score_ranking(grades, scores, **args)

    r = ndcg()
    values = {
        "ndcg": r.ndcg,
        "dcg": r.dcg,
        "idcg": r.idcg,
        "ndcg_listed": ndcg(ideal_pool=None).ndcg,
        "ndcg_judged": ndcg(ideal_pool=judged).ndcg,
        "ndcg_linear": ndcg(gain="linear").ndcg,
        "ndcg_exponential": ndcg(gain="exponential").ndcg,
        "ndcg_low": ndcg(ties="pessimistic").ndcg,
        "ndcg_high": ndcg(ties="optimistic").ndcg,
    }
    out = {key: f"{value:.4f}" for key, value in values.items()}
    out.update(
        k=str(ex.k or len(grades)),
        n=str(len(grades)),
        grades=", ".join(f"{g:g}" for g in grades),
        pool=", ".join(f"{g:g}" for g in ex.pool),
    )
    return out


def fields(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


def story_text(name: str, lang: str) -> str:
    key, params = presets.story(name)
    return translate(key, lang, **params)


@pytest.mark.parametrize("lang", ["ko", "en"])
@pytest.mark.parametrize("name", NAMES)
def test_every_story_number_is_the_cores(name, lang):
    """Each preset's story, in each language, states exactly the numbers score_ranking gives for its example."""
    key, _ = presets.PRESETS[name].story
    template = CATALOGUE[key][0 if lang == "ko" else 1]
    expected = core_numbers(presets.PRESETS[name].example)
    assert fields(template) <= expected.keys()
    assert not re.search(r"\d\.\d", template), "a computed number was typed into the story"
    assert story_text(name, lang) == template.format(**expected)


grade = st.integers(0, 3).map(float)


@settings(max_examples=60, deadline=None)
@given(
    grades=st.lists(grade, min_size=1, max_size=8),
    pool=st.lists(grade, max_size=3),
    k=st.one_of(st.none(), st.integers(1, 10)),
    gain=st.sampled_from(["linear", "exponential"]),
    use_pool=st.booleans(),
    scores=st.lists(st.sampled_from([0.1, 0.5, 0.9]), min_size=8, max_size=8),
    use_scores=st.booleans(),
)
def test_story_numbers_match_the_core_for_any_example(grades, pool, k, gain, use_pool, scores, use_scores):
    """For any valid example the story numbers equal score_ranking's (pool, gains and tie range included)."""
    items = tuple(model.Item(i, f"d{i}", g, scores[i]) for i, g in enumerate(grades))
    ex = model.Example(items, gain=gain, k=k, use_scores=use_scores, use_pool=use_pool, pool=tuple(pool))
    assert presets.numbers(ex) == core_numbers(ex)


def test_wikipedia_gives_its_published_numbers():
    """The wikipedia preset's story says nDCG@6 is 0.9608 over the listed items and 0.7850 over all judged items."""
    assert "nDCG@6 = 0.9608 over the listed items and 0.7850 over all judged items" in story_text("wikipedia", "en")
    assert "0.9608" in story_text("wikipedia", "ko") and "0.7850" in story_text("wikipedia", "ko")


def test_wikipedia_shows_both_numbers_on_the_step_page():
    """Opened by link, the wikipedia preset shows nDCG@6 0.7850 over all judged items, and 0.9608 over the listed ones."""
    at = open_page("lessons/steps.py", {"preset": "wikipedia", "lang": "en"})
    assert metrics(at)["nDCG@6"] == "0.7850"
    at.radio(key="steps_pool_mode").set_value("listed").run()
    assert metrics(at)["nDCG@6"] == "0.9608"


@pytest.mark.parametrize("name", NAMES)
def test_every_preset_opens_by_link_on_every_page(name):
    """?preset=NAME opens that preset on every lesson page with no warning or exception, its name and story shown."""
    at = open_page("lessons/intro.py", {"preset": name, "lang": "en"})
    assert not at.exception and not at.warning
    assert at.session_state["example"] == presets.PRESETS[name].example
    numbers = core_numbers(presets.PRESETS[name].example)
    for script in EDITOR_PAGES:
        at.switch_page(script).run()
        assert not at.exception and not at.warning, script
        slug = script.split("/")[1].removesuffix(".py")
        assert at.selectbox(key=f"{slug}_preset").value == name
        assert story_text(name, "en") in [c.value for c in at.caption]
        past = f" (list of {len(presets.PRESETS[name].example.items)})"  # k past the list names its length (U9)
        shown = metrics(at)
        assert shown.get(f"nDCG@{numbers['k']}", shown.get(f"nDCG@{numbers['k']}{past}")) == numbers["ndcg"]


@pytest.mark.parametrize("name", NAMES)
def test_a_reload_keeps_the_preset_and_its_name(name):
    """The address the app writes after opening a preset opens the same example, with the preset's name in the picker."""
    at = open_page("lessons/steps.py", {"preset": name, "lang": "en"})
    written = dict(at.query_params)
    assert "preset" not in written
    again = open_page("lessons/steps.py", written)
    assert not again.exception and not again.warning
    assert url.to_query(again.session_state["example"]) == url.to_query(presets.PRESETS[name].example)
    assert again.selectbox(key="steps_preset").value == name


def test_the_preset_wins_over_the_links_list_but_lang_applies():
    """With preset=NAME, the link's own items, grades and settings are ignored; lang still sets the language."""
    example, lang, problem = url.read({"preset": "ott", "items": "X,Y", "rel": "1,2", "gain": "linear", "lang": "en"})
    assert (example, lang, problem) == (presets.PRESETS["ott"].example, "en", None)
    at = open_page("lessons/steps.py", {"preset": "shop", "rel": "0,0", "k": "1", "lang": "ko"})
    assert at.session_state["example"] == presets.PRESETS["shop"].example
    assert story_text("shop", "ko") in [c.value for c in at.caption]
    assert at.selectbox(key="steps_preset").format_func("shop") == CATALOGUE["preset_shop_title"][0]


def test_an_unknown_preset_gives_one_warning_and_keeps_the_rest():
    """An unknown preset name is named in one warning; the link's grades and k are opened as they are."""
    example, _, problem = url.read({"preset": "nope", "rel": "3,2", "k": "2"})
    assert problem[0] == "url_preset" and problem[1]["value"] == "nope" and url.example_kept(problem)
    at = open_page("lessons/steps.py", {"preset": "nope", "rel": "3,2,0", "k": "2", "lang": "en"})
    assert not at.exception
    assert len(at.warning) == 1 and "There is no preset 'nope'" in at.warning[0].value
    assert [i.grade for i in at.session_state["example"].items] == [3.0, 2.0, 0.0]
    assert metrics(at)["nDCG@2"] == f"{score_ranking([3, 2, 0], k=2).ndcg:.4f}"


def test_the_picker_loads_a_preset_and_undo_takes_it_back():
    """Choosing a preset replaces the example and shows its story; a change clears the name; Undo steps back."""
    at = open_page("lessons/steps.py", {"items": "X,Y", "rel": "2,1", "lang": "en"})
    before = at.session_state["example"]
    picker = at.selectbox(key="steps_preset")
    assert picker.value == "" and picker.format_func("") == "Choose a preset…"
    picker.set_value("ott").run()
    assert at.session_state["example"] == presets.PRESETS["ott"].example
    assert at.selectbox(key="steps_preset").value == "ott"
    assert story_text("ott", "en") in [c.value for c in at.caption]
    at.radio(key="steps_gain").set_value("linear").run()  # no longer exactly the preset
    assert at.selectbox(key="steps_preset").value == ""
    assert story_text("ott", "en") not in [c.value for c in at.caption]
    at.button(key="steps_undo").click().run()
    assert at.selectbox(key="steps_preset").value == "ott"
    at.button(key="steps_undo").click().run()
    assert at.session_state["example"] == before
    assert at.selectbox(key="steps_preset").value == ""


@pytest.mark.parametrize("name", NAMES)
def test_every_preset_has_both_strings_in_both_languages(name):
    """Each preset's title and story exist in Korean and English, different and with the same placeholders."""
    preset = presets.PRESETS[name]
    for key, _ in (preset.title, preset.story):
        ko, en = CATALOGUE[key]
        assert ko.strip() and en.strip() and ko != en
        assert fields(ko) == fields(en)
