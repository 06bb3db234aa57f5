"""The glossary: every term has a one-line tooltip in both languages at its first use, and the intro lists them all."""

from __future__ import annotations

import pytest

from tests.conftest import open_page
from ui.glossary import SEPARATOR, TERMS
from ui.i18n import CATALOGUE, translate

PAGES = (
    "lessons/intro.py",
    "lessons/steps.py",
    "lessons/discount.py",
    "lessons/gain.py",
    "lessons/cutoff.py",
    "lessons/metrics.py",
)


def term(term_id: str, lang: str) -> str:
    """The term part of a glossary line, e.g. "IDCG (ideal DCG)"."""
    return translate(TERMS[term_id], lang).split(SEPARATOR, 1)[0]


def helps(at) -> list[str]:
    """Every tooltip on the page: headings' and widgets' help texts."""
    texts = [h.proto.help for kind in ("title", "header", "subheader") for h in getattr(at, kind)]
    texts += [w.help or "" for kind in ("radio", "slider", "select_slider", "selectbox") for w in getattr(at, kind)]
    return [t for t in texts if t]


def heading_help(at, kind: str, key: str, lang: str) -> str:
    """The help text of the one heading whose text is the catalogue's ``key``."""
    found = [h.proto.help for h in getattr(at, kind) if h.value == translate(key, lang)]
    assert len(found) == 1, [h.value for h in getattr(at, kind)]
    return found[0]


def test_every_term_has_one_line_in_both_languages():
    """Each glossary key exists in Korean and English as a single line "term — meaning"."""
    assert len(TERMS) >= 20
    for key in TERMS.values():
        for text in CATALOGUE[key]:
            assert "\n" not in text and text.count(SEPARATOR) == 1, text
            name, meaning = text.split(SEPARATOR)
            assert name.strip() and meaning.strip()


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_every_term_is_a_tooltip_somewhere(lang):
    """Every glossary term appears, in the page's language, in some heading's or widget's tooltip."""
    seen = []
    for page in PAGES:
        seen += helps(open_page(page, {"preset": "ties", "lang": lang}))
    text = "\n".join(seen)
    assert [t for t in TERMS if f"**{term(t, lang)}**" not in text] == []


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_the_four_steps_carry_their_term(lang):
    """Step 1–4 headers on the steps page carry CG, DCG (with gain and discount), IDCG (with the ideal order) and nDCG."""
    at = open_page("lessons/steps.py", {"rel": "1,3,2", "lang": lang})
    expected = {
        "cg_title": ["cg"],
        "dcg_title": ["dcg", "discount", "gain_linear", "gain_exponential"],
        "idcg_title": ["idcg", "ideal_order", "judged_pool"],
        "ndcg_title": ["ndcg"],
    }
    for key, terms in expected.items():
        tip = heading_help(at, "header", key, lang)
        for t in terms:
            assert f"**{term(t, lang)}**" in tip, (key, t)
    assert "**" + term("judged_pool", lang) + "**" in at.radio(key="steps_pool_mode").help


def test_the_tie_panel_names_the_tie_policies():
    """The tie panel's title explains the average (McSherry & Najork), optimistic and pessimistic policies."""
    at = open_page("lessons/steps.py", {"preset": "ties", "lang": "en"})
    tip = heading_help(at, "subheader", "ties_title", "en")
    assert "McSherry & Najork" in tip and "Optimistic" in tip and "Pessimistic" in tip


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_the_metrics_headers_define_their_metric(lang):
    """Each metric's header on the metrics page carries MRR, MAP/AP, P@k or R@k."""
    at = open_page("lessons/metrics.py", {"rel": "1,3,2", "lang": lang})
    for key, t in (
        ("metrics_rr_title", "mrr"),
        ("metrics_ap_title", "map"),
        ("metrics_p_title", "precision"),
        ("metrics_r_title", "recall"),
    ):
        assert f"**{term(t, lang)}**" in heading_help(at, "header", key, lang)


def test_the_discount_page_explains_discount_and_jarvelin():
    """The discount page's base slider explains the discount (감쇠) and Järvelin & Kekäläinen."""
    at = open_page("lessons/discount.py", {"rel": "1,3,2", "lang": "ko"})
    tip = at.slider(key="discount_base").help
    assert "감쇠" in tip and "Järvelin & Kekäläinen" in tip


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_the_intro_glossary_lists_every_term(lang):
    """The intro's glossary expander holds a two-column table with every term and its meaning."""
    at = open_page("lessons/intro.py", {"lang": lang})
    box = [e for e in at.expander if e.label == translate("gloss_title", lang)]
    assert len(box) == 1
    tables = box[0].table
    assert len(tables) == 1
    frame = tables[0].value
    assert list(frame.columns) == [translate("gloss_col_term", lang), translate("gloss_col_meaning", lang)]
    rows = [f"{a}{SEPARATOR}{b}" for a, b in zip(frame.iloc[:, 0], frame.iloc[:, 1], strict=True)]
    assert rows == [translate(key, lang) for key in TERMS.values()]
