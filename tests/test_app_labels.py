"""Every label names exactly the quantity beside it (content review F1, F2, F11)."""

from __future__ import annotations

import re

import pytest

from ndcg_core import score_ranking
from tests.conftest import metrics, open_page
from ui.i18n import translate

ROUNDING = translate("rounding_note", "en")
LINKS = [
    {"items": "A,B,C", "rel": "1,3,2", "gain": "exponential", "k": "3"},
    {"items": "A,B,C", "rel": "1,3,2", "k": "2"},
    {"items": "A,B,C", "rel": "1,3,2", "gain": "linear", "k": "5"},
    {"items": "A,B", "rel": "3,2", "pool": "3,1", "gain": "linear"},
    {"items": "A,B", "rel": "3,2", "pool": "3,1", "gain": "linear", "k": "2"},
    {"rel": "3,2,3,0,1,2", "pool": "3,2", "gain": "linear"},
    {"rel": "3,2,3,0,1,2", "pool": "3,2", "gain": "linear", "k": "6"},
    {"rel": "3,2,3,0,1,2", "gain": "linear"},
    {"items": "A,B,C,D", "rel": "3,0,2,1", "scores": "0.5,0.5,0.2,0.9", "k": "3"},
]


def core(link: dict[str, str]):
    """score_ranking on the link's list: the number each label must name."""
    rel = [float(x) for x in link["rel"].split(",")]
    scores = [float(x) for x in link["scores"].split(",")] if "scores" in link else None
    pool = rel + [float(x) for x in link["pool"].split(",")] if "pool" in link else None
    k = int(link["k"]) if "k" in link else None
    return score_ranking(rel, scores, k=k, gain=link.get("gain", "exponential"), ideal_pool=pool)


@pytest.mark.parametrize("link", LINKS, ids=lambda link: "&".join(f"{k}={v}" for k, v in link.items()))
def test_the_headline_label_and_value_agree_with_the_core(link):
    """The headline's nDCG, DCG and IDCG carry one suffix, and the values are score_ranking's at that cut."""
    at = open_page("lessons/steps.py", {**link, "lang": "en"})
    shown = {m.label: m.value for m in at.metric}  # as written, "(list of n)" included
    r = core(link)
    (label,) = [name for name in shown if name.startswith("nDCG")]
    n = len(link["rel"].split(","))
    past = translate("metric_at_list", "en", n=n)  # a k past the list: the headline names the list's length (U9)
    assert label.endswith(past) == ("k" in link and int(link["k"]) > n)
    suffix = label.removeprefix("nDCG").removesuffix(past)
    if "k" in link:
        assert suffix == f"@{link['k']}"
    elif "pool" in link:
        assert suffix == "", "an uncut IDCG over all judged items must not be labelled @n"
    else:
        assert suffix == f"@{len(link['rel'].split(','))}"
    assert shown[label] == f"{r.ndcg:.4f}"
    assert shown[f"DCG{suffix}"] == f"{r.dcg:.4f}"
    assert shown[f"IDCG{suffix}"] == f"{r.idcg:.4f}"
    if suffix.startswith("@"):  # a cut label is the core's value at exactly that k
        assert shown[label] == f"{core({**link, 'k': suffix[1:]}).ndcg:.4f}"
    text = "\n".join(t.value for t in at.text)
    assert f"nDCG{suffix} = DCG{suffix} / IDCG{suffix} = " in text
    assert re.search(rf"^CG{re.escape(suffix)} = ", text, re.M)
    assert not re.search(r"\b(CG|DCG|IDCG|nDCG)@(?!" + re.escape(suffix[1:] or "x") + r"\b)\d+", text)


def test_wikipedia_example_gives_its_published_numbers():
    """Wikipedia's 3, 2, 3, 0, 1, 2 (linear): nDCG@6 0.961 over the list and 0.785 over all judged items."""
    assert (
        metrics(open_page("lessons/steps.py", {"rel": "3,2,3,0,1,2", "gain": "linear", "lang": "en"}))["nDCG@6"]
        == "0.9608"
    )
    shown = metrics(
        open_page("lessons/steps.py", {"rel": "3,2,3,0,1,2", "pool": "3,2", "gain": "linear", "k": "6", "lang": "en"})
    )
    assert shown["nDCG@6"] == "0.7850"


@pytest.mark.parametrize(
    ("link", "note"),
    [
        ({"items": "A,B,C", "rel": "1,3,2", "gain": "exponential", "k": "3"}, True),
        ({"items": "A,B,C", "rel": "1,3,2", "gain": "exponential"}, True),
        ({"items": "A,B,C", "rel": "1,3,2", "scores": "0.5,0.8,0.2"}, False),
        ({"items": "A,B,C", "rel": "1,3,2", "k": "2"}, False),
        ({"items": "A,B,C", "rel": "1,3,2", "gain": "linear"}, False),
    ],
)
def test_the_rounding_note_appears_only_beside_0_7364(link, note):
    """The note about the source's 0.737 shows only when the page shows 0.7364 for A, B, C = 1, 3, 2."""
    at = open_page("lessons/steps.py", {**link, "lang": "en"})
    assert any(ROUNDING in i.value for i in at.info) is note


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_tie_policy_options_are_short_and_the_sources_are_in_its_help(lang):
    """Every tie-policy option fits its select beside the table (at most 30 characters, no "McSherry & Najork,
    sci…" cut short), and the select's help names McSherry & Najork and scikit-learn (UX #19, U22)."""
    at = open_page("lessons/steps.py", {"items": "A,B,C", "rel": "1,3,2", "scores": "1,1,0.8", "lang": lang})
    select = at.selectbox(key="steps_ties")
    assert select.options and all(len(option) <= 30 for option in select.options), select.options
    assert "McSherry & Najork" in select.help and "scikit-learn" in select.help
