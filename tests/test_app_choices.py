"""Choices come from the core registry: a newly registered gain is offered and rendered everywhere."""

from __future__ import annotations

import numpy as np
import pytest

from ndcg_core import DISCOUNTS, GAINS, TIES, score_ranking
from teach import choices
from tests.conftest import metrics, open_page
from ui import i18n
from ui.nav import EXAMPLE_LESSONS


def test_every_registered_choice_has_display_facts_and_strings():
    """Each gain and tie policy in ndcg_core has its UI facts and catalogue strings in both languages."""
    assert set(choices.GAIN_FACTS) == set(GAINS)
    for name in GAINS:
        for key in choices.GainFacts.keys(name).values():
            assert all(i18n.CATALOGUE[key]), key
    for name in TIES:
        assert all(i18n.CATALOGUE[choices.tie_label_key(name)])


def test_every_registered_discount_is_written_from_its_facts():
    """Each discount in ndcg_core has its LaTeX, its divisor header and its worked-sum text, written from the base."""
    assert set(choices.DISCOUNT_FACTS) == set(DISCOUNTS)
    for name in DISCOUNTS:
        facts = choices.discount(name)
        assert facts.latex(10.0) and facts.label(10.0) and facts.at(2, 10.0)
    assert (
        choices.discount("log").latex(10.0) == r"\log_{10}(i+1)" and choices.discount("log").label(10.0) == "log₁₀(i+1)"
    )
    assert (
        choices.discount("log2").at(2, 2.0) == "log2(3)"
        and choices.discount("jarvelin").at(3, 2.0) == "max(1, log2(3))"
    )


@pytest.fixture
def binary_gain(monkeypatch):
    """Register a 'binary' gain (any positive grade counts 1) in the core, its facts and its strings."""
    monkeypatch.setitem(GAINS, "binary", lambda rel: (rel > 0).astype(float))
    monkeypatch.setitem(
        choices.GAIN_FACTS, "binary", choices.GainFacts(latex=r"[rel_i > 0]", term=lambda g: f"[{g} > 0]")
    )
    for key, text in {
        "choice_gain_binary": "Binary: rel > 0",
        "col_binary": "Binary (rel > 0)",
        "dcg_sentence_binary": "Every relevant item counts 1.",
    }.items():
        monkeypatch.setitem(i18n.CATALOGUE, key, (text, text))
    return "binary"


@pytest.mark.parametrize("slug", ["intro", *[lesson.slug for lesson in EXAMPLE_LESSONS]])
def test_a_registered_gain_renders_on_every_page(binary_gain, slug):
    """With gain=binary in the link, every page renders without an exception."""
    at = open_page(f"lessons/{slug}.py", {"items": "A,B,C", "rel": "1,3,0", "gain": "binary", "k": "3", "lang": "en"})
    assert not at.exception, at.exception
    assert not at.warning, [w.value for w in at.warning]
    if slug != "intro":
        assert at.radio(key=f"{slug}_gain").value == "binary"
        assert "Binary: rel > 0" in at.radio(key=f"{slug}_gain").options
        want = score_ranking([1, 3, 0], k=3, gain="binary").ndcg
        assert metrics(at)["nDCG@3"] == f"{want:.4f}"
    else:
        assert "Binary: rel > 0" in at.radio(key="intro_gain").options


def test_the_step_page_writes_the_new_gain_out(binary_gain):
    """The step page shows the new gain's LaTeX, its arithmetic terms and its own sentence."""
    at = open_page("lessons/steps.py", {"items": "A,B,C", "rel": "1,3,0", "gain": "binary", "lang": "en"})
    assert any(r"[rel_i > 0]" in x.value for x in at.latex)
    assert any("[3 > 0]" in x.value for x in [*at.text, *at.latex])
    assert any("Every relevant item counts 1." in x.value for x in at.markdown)
    assert np.isclose(score_ranking([1, 3, 0], gain="binary").ndcg, score_ranking([1, 1, 0], gain="linear").ndcg)


def test_choosing_the_new_gain_in_the_radio_updates_the_link(binary_gain):
    """Picking the registered gain in the step page's radio puts gain=binary in the URL."""
    at = open_page("lessons/steps.py", {"items": "A,B,C", "rel": "1,3,0", "lang": "en"})
    at.radio(key="steps_gain").set_value("binary").run()
    gain = at.query_params["gain"]
    assert (gain[0] if isinstance(gain, list) else gain) == "binary"
