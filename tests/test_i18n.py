"""The ko/en catalogue is complete: every key the code uses exists, in both languages, with the same fields."""

from __future__ import annotations

import re
import string
from pathlib import Path

from live import questions
from live.store import STATES
from ndcg_core import DISCOUNTS, GAINS, TIES, collection
from ndcg_core.files import FILE_ERRORS
from ndcg_core.trec import LINE_CODES
from teach import choices, exercises, lab, model
from teach.catalogue import chrome as catalogue_chrome
from ui import actions, metric_cards, nav, offload, tables
from ui.i18n import CATALOGUE, translate

ROOT = Path(__file__).resolve().parent.parent
# The code that may show a string: pages, the ui, the pure teaching modules (not the catalogue itself) and the store.
SOURCES = [
    *ROOT.glob("lessons/**/*.py"),
    *ROOT.glob("ui/**/*.py"),
    *ROOT.glob("live/**/*.py"),
    ROOT / "app.py",
    *(p for p in ROOT.glob("teach/**/*.py") if "catalogue" not in p.relative_to(ROOT).parts),
]


def _fields(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


def _offending(what: str, found: list[str]) -> str:
    """An assertion message naming every offending key at once, one per line."""
    return f"{len(found)} {what}:\n  " + "\n  ".join(found)


def test_every_key_has_korean_and_english_text():
    """Each entry is a pair of Korean and English text, neither of them blank."""
    found = []
    for key, entry in sorted(CATALOGUE.items()):
        try:
            ko, en = entry
        except (TypeError, ValueError):
            found.append(f"{key}: not a (Korean, English) pair: {entry!r}")
            continue
        blank = [lang for lang, text in (("ko", ko), ("en", en)) if not isinstance(text, str) or not text.strip()]
        if blank:
            found.append(f"{key}: no {' and no '.join(blank)} text")
    assert not found, _offending("key(s) without text in both languages", found)


def test_both_languages_have_the_same_fields():
    """Korean and English text have the same {placeholders}, and both are valid format strings."""
    found = []
    for key, entry in sorted(CATALOGUE.items()):
        try:
            ko, en = entry
            fields_ko, fields_en = _fields(ko), _fields(en)
        except (TypeError, ValueError) as exc:  # not a pair of strings (the test above names it), or a bad {
            found.append(f"{key}: {exc}")
            continue
        if fields_ko != fields_en:
            found.append(f"{key}: ko has {sorted(fields_ko)}, en has {sorted(fields_en)}")
    assert not found, _offending("key(s) whose languages differ in their fields", found)


def test_every_literal_key_in_the_code_exists():
    """Every T("...") key written in pages and ui exists in the catalogue."""
    used = set()
    for path in SOURCES:
        used |= set(re.findall(r"\bT\(\s*\"([a-z0-9_]+)\"", path.read_text(encoding="utf-8")))
    assert used, "no keys found"
    missing = sorted(used - CATALOGUE.keys())
    assert not missing, _offending("key(s) used in the code but missing from the catalogue", missing)


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
    keys = {key for lesson in (nav.INTRO, *nav.LESSONS) for key in (lesson.title_key, lesson.link_note)}
    keys |= {f"metrics_{metric.key}_{part}" for metric in metric_cards.METRICS for part in ("title", "def", "rewards")}
    keys |= {f"{lesson.slug}_{part}" for lesson in nav.LESSONS for part in ("title", "lead")}
    keys |= {f"scale_{s}" for s in model.SCALES} | {"k_all"}
    keys |= {f"pool_{mode}" for mode in actions.POOL_MODES}
    keys |= {f"btn_{action}" for action in actions.ORDER_ACTIONS} | {f"help_{a}" for a in actions.ORDER_HELP}
    keys |= {key for gain in GAINS for key in choices.GainFacts.keys(gain).values()}
    keys |= {choices.tie_label_key(policy) for policy in TIES}
    keys |= {f"d_{name}" for name in DISCOUNTS}
    keys |= set(catalogue_chrome.STRINGS)  # Streamlit's own texts: ui.components.chrome sends them all to the browser
    keys |= {f"ex_{part}_{kind}" for kind in exercises.KINDS for part in ("kind", "q")}
    keys |= {f"ex_gain_{gain}" for gain in exercises.COMPARED}
    keys |= set(tables.STEP_HEADERS.values())
    keys |= {f"data_source_{s}" for s in ("sample", "upload")} | {f"data_gain_{gain}" for gain in GAINS}
    keys |= {f"data_ideal_{v}" for v in collection.IDEALS} | {f"data_missing_{v}" for v in collection.MISSING}
    keys |= {f"data_no_relevant_{v}" for v in collection.NO_RELEVANT}
    keys |= {f"data_cov_judged_only_{v}" for v in collection.MISSING} | {
        f"data_cov_no_rel_{v}" for v in collection.NO_RELEVANT
    }
    keys |= {f"data_line_{code}" for code in LINE_CODES} | {f"data_file_{code}" for code in FILE_ERRORS}
    keys |= {"data_opened", "data_opened_cut"}
    keys |= {f"data_work_{v}" for v in offload.WAITS} | {f"data_file_{v}" for v in offload.BUDGETS}
    keys |= {f"lab_alt_{v}" for v in lab.ALTERNATIVES} | {f"lab_judge_{v}" for v in lab.JUDGES}
    keys |= {f"lab_noise_{v}" for v in lab.JUDGES} | {f"lab_weights_{v}" for v in lab.WEIGHTS}
    keys |= {f"lab_screen_{v}" for v in lab.SCREENS}
    keys |= set(questions.SLIPS) | {f"live_state_{v}" for v in STATES}
    keys |= {f"lab_{part}_{who}" for part in ("verdict", "screen_line", "question") for who in ("x", "y", "tie")}
    return keys


def test_every_dynamic_key_exists():
    """Every key built from the lesson list, the registries and the option lists is in the catalogue."""
    missing = sorted(dynamic_keys() - CATALOGUE.keys())
    assert not missing, _offending("key(s) built at run time but missing from the catalogue", missing)


def test_no_key_goes_unused():
    """Every catalogue key is used, literally or as a dynamic key."""
    unused = sorted(CATALOGUE.keys() - literal_keys() - dynamic_keys())
    assert not unused, _offending(
        "catalogue key(s) that no code uses (a key built at run time goes in dynamic_keys())", unused
    )


def test_korean_text_uses_the_source_terms():
    """The Korean UI uses the source article's terms 관련성, 감쇠, 이상적 and 정규화."""
    korean = " ".join(ko for ko, _ in CATALOGUE.values())
    terms = ("관련성", "감쇠", "이상적", "정규화", "누적 이득", "강조 공식", "표준 공식", "이진", "등급")
    missing = [term for term in terms if term not in korean]
    assert not missing, _offending("source term(s) the Korean text never uses", missing)


def test_translate_fills_placeholders():
    """translate() fills named fields in the chosen language."""
    assert translate("row_problem", "en", row=2, text="x.") == "Row 2: x. This row is left out until it is fixed."
    assert translate("row_problem", "ko", row=2, text="x.").startswith("2행: x.")


def test_no_korean_particle_follows_a_placeholder():
    """은/는, 이/가, 을/를 and the like never follow a {placeholder}: they depend on the number or name (F14)."""
    glued = re.compile(r"\}['\")]?(은|는|이|가|을|를|로|으로|와|과|도)(?![가-힣])")
    found = [
        f"{key}: …{ko[max(0, m.start() - 20) : m.end() + 5]}…"
        for key, (ko, _) in sorted(CATALOGUE.items())
        if (m := glued.search(ko))
    ]
    assert not found, _offending("key(s) with a Korean particle glued to a placeholder", found)


CORRECTED = [
    ("cg_sentence", "상위 k개 안에서", "within the top k"),  # F3: CG@k changes when an item crosses the cut
    ("pool_explain", "상위 k개에 들어오면", "would enter the ideal top k"),  # F4: only then is 1 out of reach
    ("pool_explain", "선형 이득", "linear"),  # F5: trec_eval's gain is the grade itself
    ("pool_judged", "선형 이득", "linear gain"),
    ("idcg_sentence", "다시 배열", "any reordering of these items"),  # F6: not the best the query allows
    ("d_none", "이득의 합", "sum of gains"),  # F7: not Step 1's CG, which sums grades
    ("flip_why", "차이", "gap between gains grows"),  # F8: true of every pair the page shows
    ("col_measure", "지표", "Measure"),  # F10
    ("col_case", "경우", "Case"),
]


def test_sentences_the_content_review_corrected():
    """The corrected sentences say what is true in both languages (content review F3–F8, F10)."""
    found = [
        f"{key}: {lang} lacks {words!r}"
        for key, ko, en in CORRECTED
        for lang, words, text in zip(("ko", "en"), (ko, en), CATALOGUE.get(key, ("", "")), strict=True)
        if words not in text
    ]
    assert not found, _offending("corrected sentence(s) that lost their correction", found)


def test_ordinal_gives_english_ordinals_and_the_bare_number_in_korean():
    """ordinal() writes 1st 2nd 3rd 4th 11th 12th 13th 21st 22nd 101st 111th, and the bare number for Korean (G3)."""
    from teach.format import ordinal

    numbers = [1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111]
    assert [ordinal(n) for n in numbers] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st", "111th"
    ]  # fmt: skip
    assert ordinal(2, "ko") == "2"


def test_plural_fields_give_the_noun_the_count_takes():
    """ "{n:row|rows}" reads "row" after 1 and "rows" after any other count; Korean text keeps the bare count (U13)."""
    from teach.format import plural

    assert [plural(n, "row", "rows") for n in (0, 1, "1", 2, 11)] == ["rows", "row", "row", "rows", "rows"]
    assert translate("score_left_out", "en", used=1, total=3).startswith("This score counts only the 1 valid row of 3.")
    assert translate("score_left_out", "en", used=2, total=3).startswith(
        "This score counts only the 2 valid rows of 3."
    )
    assert (
        translate("lab_screen_short", "en", n=1, cut=6)
        == "The list has only 1 item, so @6 is the nDCG of the whole list."
    )
    assert "1개" in translate("score_left_out", "ko", used=1, total=3)


# Counts before a plural noun that can never be 1 (or are fixed numbers); every other one has a plural field.
NEVER_ONE = {
    "csv_help",  # a table of at least two ranks
    "csv_help_cut",
    "data_compare_big",  # shown from hundreds of queries
    "data_file_time",  # a fixed limit
    "data_opened_other_k",  # more than one document: the step view's limit
    "data_file_queries",  # over the page's limit
    "data_file_rows",
    "data_ids_short",  # a fixed limit
    "data_opened_cut",  # more than 30 documents
    "data_p_text",  # thousands of permutations
    "data_too_many_runs",
    "data_worst",  # the page's own N worst (another feature's wording)
    "ex_only_top_k",  # n > k >= 1
    "flip_none_exhaustive_at",  # k >= 2 (flip_none_top1 is k = 1)
    "lab_cost_result",  # fixed sizes and timings
    "lab_histogram_note",
    "lab_sweep_note",
    "live_full",  # fixed limits
    "live_mistake",  # the live class's own wording (U18)
    "live_mistake_all",
    "live_nickname_help",
    "live_paced",
    "preset_ott_story",  # fixed presets
    "preset_short_story",
    "row_name_long",
    "row_too_many",
    "ties_some",  # two or more groups (ties_one is the single group)
    "url_long",
    "url_too_many",
}
ADJECTIVES = "more|valid|judged|relevant|retrieved|wrong|seeded|worst|recommended|other|run"
COUNTED_NOUN = re.compile(rf"\{{(\w+)\}} (?:(?:{ADJECTIVES}) )?((?:[a-z]+-)?[a-z]+s)\b")
NOT_NOUNS = {"is", "has", "holds", "looks", "does", "counts", "adds", "as", "its", "times", "vs", "gains", "needs"}


def test_english_counts_before_a_plural_noun_have_a_singular_form():
    """Every "{count} nouns" in the English catalogue has a "{count:noun|nouns}" form, unless the count is never 1 (U13)."""
    found = []
    for key, (_, en) in sorted(CATALOGUE.items()):
        for m in COUNTED_NOUN.finditer(en):
            if m.group(2) in NOT_NOUNS or key in NEVER_ONE or f"{{{m.group(1)}:" in en:
                continue
            found.append(f"{key}: …{m.group(0)}…")
    assert not found, _offending("English count(s) with a plural noun and no singular form", found)


def test_korean_uses_one_term_per_idea_as_the_glossary_lists():
    """The Korean catalogue never uses a variant the glossary's KOREAN_TERMS rules out, and each chosen term is in the glossary (G15)."""
    from teach.catalogue.glossary import KOREAN_TERMS
    from ui.glossary import TERMS

    glossary = " ".join(CATALOGUE[key][0] for key in TERMS.values())
    assert [chosen for chosen, _ in KOREAN_TERMS.values() if chosen not in glossary] == []
    found = [
        f"{key}: {variant!r} (use {chosen!r})"
        for key, (ko, _) in sorted(CATALOGUE.items())
        for chosen, variants in KOREAN_TERMS.values()
        for variant in variants
        if variant in ko
    ]
    assert not found, _offending("Korean string(s) with a term the glossary rules out", found)
