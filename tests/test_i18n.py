"""The ko/en catalogue is complete: every key the code uses exists, in both languages, with the same fields."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

from live import questions
from live.store import STATES
from ndcg_core import DISCOUNTS, GAINS, TIES, collection
from ndcg_core.files import FILE_ERRORS
from ndcg_core.trec import LINE_CODES
from ui import actions, choices, exercises, limits, nav, state, tables
from ui.i18n import CATALOGUE, translate

ROOT = Path(__file__).resolve().parent.parent
SOURCES = [*ROOT.glob("lessons/*.py"), *ROOT.glob("ui/*.py"), ROOT / "app.py"]


def _fields(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


@pytest.mark.parametrize("key", sorted(CATALOGUE))
def test_both_languages_have_text_and_the_same_fields(key):
    """Each entry has Korean and English text with the same placeholders."""
    ko, en = CATALOGUE[key]
    assert ko.strip() and en.strip()
    assert _fields(ko) == _fields(en)


def test_every_literal_key_in_the_code_exists():
    """Every T("...") key written in pages and ui exists in the catalogue."""
    used = set()
    for path in SOURCES:
        used |= set(re.findall(r"\bT\(\s*\"([a-z0-9_]+)\"", path.read_text(encoding="utf-8")))
    assert used, "no keys found"
    assert sorted(used - CATALOGUE.keys()) == []


def literal_keys() -> set[str]:
    """Keys written as T("...") or translate("..."), and problem keys kept as data: ("key", {...})."""
    used = set()
    for path in SOURCES:
        text = path.read_text(encoding="utf-8")
        used |= set(re.findall(r"\b(?:T|translate)\(\s*[\"']([a-z0-9_]+)[\"']", text))
        used |= set(re.findall(r"\(\s*\"([a-z0-9_]+)\",\s*\{", text))  # problems kept as ("key", {params})
        used |= set(re.findall(r"UrlProblem\(\"([a-z0-9_]+)\"", text))
    return used


def dynamic_keys() -> set[str]:
    """Every key the pages build at run time: nav titles, lesson titles and leads, and option labels."""
    keys = {lesson.title_key for lesson in (nav.INTRO, *nav.LESSONS)}
    keys |= {f"{lesson.slug}_{part}" for lesson in nav.LESSONS for part in ("title", "lead")}
    keys |= {f"scale_{s}" for s in state.SCALES} | {"k_all"}
    keys |= {f"pool_{mode}" for mode in actions.POOL_MODES}
    keys |= {f"btn_{action}" for action in actions.ORDER_ACTIONS} | {f"help_{a}" for a in actions.ORDER_HELP}
    keys |= {key for gain in GAINS for key in choices.GainFacts.keys(gain).values()}
    keys |= {choices.tie_label_key(policy) for policy in TIES}
    keys |= {f"d_{name}" for name in DISCOUNTS}
    keys |= {f"ex_{part}_{kind}" for kind in exercises.KINDS for part in ("kind", "q")}
    keys |= {f"ex_gain_{gain}" for gain in GAINS}
    keys |= set(tables.STEP_HEADERS.values())
    keys |= {f"data_source_{s}" for s in ("sample", "upload")} | {f"data_gain_{gain}" for gain in GAINS}
    keys |= {f"data_ideal_{v}" for v in collection.IDEALS} | {f"data_missing_{v}" for v in collection.MISSING}
    keys |= {f"data_no_relevant_{v}" for v in collection.NO_RELEVANT}
    keys |= {f"data_cov_judged_only_{v}" for v in collection.MISSING} | {f"data_cov_no_rel_{v}" for v in collection.NO_RELEVANT}
    keys |= {f"data_line_{code}" for code in LINE_CODES} | {f"data_file_{code}" for code in FILE_ERRORS}
    keys |= {"data_opened", "data_opened_cut"}
    keys |= {f"lab_alt_{v}" for v in limits.ALTERNATIVES} | {f"lab_judge_{v}" for v in limits.JUDGES}
    keys |= {f"lab_noise_{v}" for v in limits.JUDGES} | {f"lab_weights_{v}" for v in limits.WEIGHTS}
    keys |= {f"lab_screen_{v}" for v in limits.SCREENS}
    keys |= set(questions.SLIPS) | {f"live_state_{v}" for v in STATES}
    keys |= {f"lab_{part}_{who}" for part in ("verdict", "screen_line") for who in ("x", "y", "tie")}
    return keys


def test_every_dynamic_key_exists():
    """Every key built from the lesson list, the registries and the option lists is in the catalogue."""
    assert sorted(dynamic_keys() - CATALOGUE.keys()) == []


def test_no_key_goes_unused():
    """Every catalogue key is used, literally or as a dynamic key."""
    assert sorted(CATALOGUE.keys() - literal_keys() - dynamic_keys()) == []


def test_korean_text_uses_the_source_terms():
    """The Korean UI uses the source article's terms 관련성, 감쇠, 이상적 and 정규화."""
    korean = " ".join(ko for ko, _ in CATALOGUE.values())
    for term in ("관련성", "감쇠", "이상적", "정규화", "누적 이득", "강조 공식", "표준 공식", "이진", "등급"):
        assert term in korean


def test_translate_fills_placeholders():
    """translate() fills named fields in the chosen language."""
    assert translate("row_problem", "en", row=2, text="x.") == "Row 2: x. This row is left out until it is fixed."
    assert translate("row_problem", "ko", row=2, text="x.").startswith("2행: x.")


def test_no_korean_particle_follows_a_placeholder():
    """은/는, 이/가, 을/를 and the like never follow a {placeholder}: they depend on the number or name (F14)."""
    glued = re.compile(r"\}['\")]?(은|는|이|가|을|를|로|으로|와|과|도)(?![가-힣])")
    assert sorted(key for key, (ko, _) in CATALOGUE.items() if glued.search(ko)) == []


@pytest.mark.parametrize(("key", "ko", "en"), [
    ("cg_sentence", "상위 k개 안에서", "within the top k"),  # F3: CG@k changes when an item crosses the cut
    ("pool_explain", "상위 k개에 들어오면", "would enter the ideal top k"),  # F4: only then is 1 out of reach
    ("pool_explain", "선형 이득", "linear"),  # F5: trec_eval's gain is the grade itself
    ("pool_judged", "선형 이득", "linear gain"),
    ("idcg_sentence", "다시 배열", "any reordering of these items"),  # F6: not the best the query allows
    ("d_none", "이득의 합", "sum of gains"),  # F7: not Step 1's CG, which sums grades
    ("flip_why", "차이", "gap between gains grows"),  # F8: true of every pair the page shows
    ("col_measure", "지표", "Measure"),  # F10
    ("col_case", "경우", "Case"),
])
def test_sentences_the_content_review_corrected(key, ko, en):
    """The corrected sentences say what is true in both languages (content review F3–F8, F10)."""
    assert ko in CATALOGUE[key][0] and en in CATALOGUE[key][1]
