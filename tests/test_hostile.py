"""Hostile input, as a catalogue (issue 10): what the editor, the drag list, the judged-grades box and a link do with it.

Each input goes to the step lesson or a compact lesson (other metrics), starting from the source's
A, B, C = 1, 3, 2 (exponential gain, k = 3). For each one: no exception and no traceback; at most one
warning, naming the problem in the user's language (none for a name that is fine, which is shown
literally); and the good rows, their nDCG and their URL kept.
Uploads (the "your own data" page) come last: each bad file joins a good run and its qrels, and the
good run's numbers must stay while one sentence names the bad file.
To keep the file fast, one AppTest per page and language takes many table edits in turn; each edit
replaces the whole table change, so every input starts again from A, B, C.
"""

from __future__ import annotations

import json
import math
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from ndcg_core import score_ranking
from teach import url
from teach.format import cell, fmt, plain
from tests.conftest import PAGE_FAILED, ROOT, open_page
from ui.i18n import translate

STEPS, METRICS, EXERCISES = "lessons/steps.py", "lessons/metrics.py", "lessons/exercises.py"
SOURCE = {"items": "A,B,C", "rel": "1,3,2", "gain": "exponential", "k": "3"}
GOOD = fmt(score_ranking([1, 3, 2], k=3).ndcg)
LONG = "x" * 100_000
LANGS = ("ko", "en")


# ---------------------------------------------------------------- helpers

_apps: dict[tuple[str, str], object] = {}


def source_app(page: str, lang: str):
    """One AppTest per page and language, opened on the source's example, reused by the table edits."""
    if (page, lang) not in _apps:
        _apps[(page, lang)] = open_page(page, {**SOURCE, "lang": lang})
    return _apps[(page, lang)]


def add_row(at, name, grade):
    """The table as A, B, C plus one added row (the whole change, so any earlier row is replaced)."""
    key = at.session_state["editor_key"]
    assert len(at.session_state["editor_base"][2]) == 3  # the table still starts from A, B, C
    at.session_state[key] = {"edited_rows": {}, "added_rows": [{"name": name, "grade": grade}], "deleted_rows": []}
    return at.run()


def texts(at) -> list[str]:
    """Every piece of text the page shows (markdown, captions, alerts, code, plain text, headings)."""
    kinds = (
        "markdown",
        "caption",
        "text",
        "code",
        "warning",
        "error",
        "info",
        "success",
        "exception",
        "title",
        "header",
        "subheader",
        "latex",
    )
    return [str(e.value) for kind in kinds for e in at.get(kind)]


def markdowns(at) -> list[str]:
    """The texts Streamlit renders as markdown (where an unescaped name would be interpreted)."""
    return [e.value for kind in ("markdown", "caption", "warning", "error", "info", "success") for e in at.get(kind)]


def assert_no_failure(at) -> None:
    """No exception element, no friendly "page failed" sentence, and no traceback in any text."""
    assert not at.exception
    assert not [e.value for e in at.error if e.value in PAGE_FAILED]
    assert not [t for t in texts(at) if "Traceback" in t]


def warning_lines(at) -> list[str]:
    """The lines of the page's one warning box (none: []); more than one box fails."""
    boxes = [w.value for w in at.warning]
    assert len(boxes) <= 1, boxes
    return boxes[0].split("  \n") if boxes else []


def ndcg(at) -> str:
    (value,) = [m.value for m in at.metric if m.label.startswith("nDCG")]
    return value


def params(at) -> dict[str, str]:
    return {k: (v[-1] if isinstance(v, list) else v) for k, v in at.query_params.items()}


def rows(at) -> list[tuple]:
    return [(i.name, i.grade) for i in at.session_state["example"].items]


def drag_list(at) -> list[dict]:
    """The items the drag list was sent (its names are set with textContent in the browser)."""
    (component,) = [c for c in at.get("bidi_component") if c.proto.component_name.endswith("ndcg_sortable")]
    return json.loads(component.proto.json)["items"]


def row_sentence(lang: str, row: int, key: str, **values) -> str:
    return plain(translate("row_problem", lang, row=row, text=translate(key, lang, **values)))


# ---------------------------------------------------------------- grades typed into the table

BAD_GRADES = [  # (typed, the row check's key, its values)
    (-1, "row_grade_negative", {"value": "-1"}),
    ("-1", "row_grade_negative", {"value": "-1"}),
    (float("nan"), "row_grade_nan", {"value": "nan"}),
    ("NaN", "row_grade_nan", {"value": "NaN"}),
    (float("inf"), "row_grade_nan", {"value": "inf"}),
    ("-inf", "row_grade_nan", {"value": "-inf"}),
    (1e308, "row_grade_above", {"value": "1e+308", "scale": 3}),
    ("1e309", "row_grade_nan", {"value": "1e309"}),
    (2.5, "row_grade_fraction", {"value": "2.5", "scale": 3}),
    ("", "row_grade_blank", {}),
    ("   ", "row_grade_blank", {}),
    ("\t\n", "row_grade_blank", {}),
    ("1,5", "row_grade_nan", {"value": "1,5"}),
    (LONG, "row_grade_nan", {"value": "x" * 20}),
    ("**3**", "row_grade_nan", {"value": "**3**"}),
    ("=1+2", "row_grade_nan", {"value": "=1+2"}),
]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("grade", "key", "values"), BAD_GRADES, ids=[repr(g)[:12] for g, _, _ in BAD_GRADES])
def test_a_bad_grade_is_named_once_and_the_good_rows_count(lang, grade, key, values):
    """A bad grade in an added row 4 gets one sentence in the user's language; A, B, C still score and stay in the URL."""
    at = add_row(source_app(STEPS, lang), "D", grade)
    assert_no_failure(at)
    assert warning_lines(at) == [row_sentence(lang, 4, key, **values)]
    assert rows(at)[:3] == [("A", 1.0), ("B", 3.0), ("C", 2.0)] and rows(at)[3][0] == "D"
    assert ndcg(at) == GOOD
    assert params(at)["items"] == "A,B,C,D" and params(at)["rel"].startswith("1,3,2,")


@pytest.mark.parametrize("lang", LANGS)
def test_a_full_width_digit_is_the_grade_it_reads(lang):
    """ "３" (a full-width 3, as a Korean keyboard may type it) is grade 3, with no warning."""
    at = add_row(source_app(STEPS, lang), "D", "３")
    assert_no_failure(at)
    assert warning_lines(at) == []
    assert ndcg(at) == fmt(score_ranking([1, 3, 2, 3], k=3).ndcg)
    assert params(at)["rel"] == "1,3,2,3"


# ---------------------------------------------------------------- names typed into the table

FINE_NAMES = [
    "a\x00b",
    "a\x1bb",
    "\u202eabc",
    "مرحبا بالعالم",
    "שלום",
    "😀👩\u200d👩\u200d👧",
    "Z\u0337\u0322\u031ba\u0335l\u0336g\u0337o\u0338",
    "a\u200db\u200cc",
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    "**x**",
    "[a](javascript:alert(1))",
    "# h",
    r"$\href{javascript:alert(1)}{x}$",
    r"$$\def\a{\a}\a$$",
    '=HYPERLINK("http://x","y")',
    "+cmd|' /C calc'!A0",
    "@SUM(1)",
    "'; DROP TABLE items; --",
    "a\\,b",
    ":red[x] :material/home:",
]


def assert_literal(at, name: str) -> None:
    """The name reaches the drag list as typed, and no markdown holds it unescaped."""
    assert name in [item["name"] for item in drag_list(at)]
    if plain(name) != name:  # with its escaped form taken out, no markdown holds it
        assert not [m for m in markdowns(at) if name in m.replace(plain(name), "")]


@pytest.mark.parametrize("name", FINE_NAMES, ids=[repr(n)[:16] for n in FINE_NAMES])
def test_an_odd_but_fine_name_counts_and_is_shown_literally(name):
    """Control characters, RTL text, emoji, Zalgo, HTML, markdown, LaTeX, formulas and SQL are names like any other."""
    at = add_row(source_app(STEPS, "en"), name, "2")
    assert_no_failure(at)
    assert warning_lines(at) == []
    assert rows(at)[3] == (name, 2.0)
    assert ndcg(at) == fmt(score_ranking([1, 3, 2, 2], k=3).ndcg)
    assert_literal(at, name)
    static = [str(v) for d in at.table for col in d.value.columns for v in d.value[col]]
    assert cell(name) in static  # st.table renders cells as markdown: the step tables hold the escaped name
    assert name == cell(name) or name not in static
    assert url.read(params(at))[0].items[3].name == name.strip()  # and the URL gives it back


@pytest.mark.parametrize("name", FINE_NAMES[::2], ids=[repr(n)[:16] for n in FINE_NAMES[::2]])
def test_an_odd_name_on_a_compact_lesson_is_escaped_in_its_one_line(name):
    """On the metrics lesson (Korean) the name is in the drag list as typed and escaped in the example line."""
    at = add_row(source_app(METRICS, "ko"), name, "2")
    assert_no_failure(at)
    assert warning_lines(at) == []
    assert ndcg(at) == fmt(score_ranking([1, 3, 2, 2], k=3).ndcg)
    assert_literal(at, name)
    assert any(plain(name) in c.value for c in at.caption)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(
    ("name", "key", "values"),
    [
        (LONG, "row_name_long", {"max": 40}),
        ("", "row_name_blank", {}),
        (" \u3000 ", "row_name_blank", {}),
        ("A", "row_name_duplicate", {"name": "A", "other": 1}),
    ],
)
def test_a_bad_name_is_named_once_and_the_good_rows_count(lang, name, key, values):
    """A name too long, blank (ideographic space too) or used twice gets one sentence; A, B, C still count."""
    at = add_row(source_app(METRICS, lang), name, "2")
    assert_no_failure(at)
    assert warning_lines(at) == [row_sentence(lang, 4, key, **values)]
    assert ndcg(at) == GOOD
    assert params(at)["rel"] == "1,3,2,2"


# ---------------------------------------------------------------- the drag list's reports

BAD_REPORTS = [
    {"moved": {"order": [None, None, None], "uid": None}},
    {"moved": {"order": [0, "a", 1], "uid": 0}},
    {"moved": {"order": 5, "uid": 1}},
    {"moved": {"order": "abc", "uid": None}},
    {"moved": {"order": [0, 0, 1], "uid": 0}},
    {"moved": {"order": [0, 1, 2, 3], "uid": 3}},
    {"moved": {"order": [float("nan"), 1, 2], "uid": 1}},
    {"moved": {"order": list(range(20_000)), "uid": 1}},
    {"moved": {"order": {"a": 1}, "uid": [1]}},
    {"moved": {"order": ["2", "0", "1"], "uid": "2"}},
    {"moved": "x"},
    {"moved": None},
    "garbage",
    5,
]


@pytest.fixture(scope="module")
def drag_app():
    return open_page(STEPS, {**SOURCE, "lang": "en"})


@pytest.mark.parametrize("report", BAD_REPORTS, ids=[repr(r)[:30] for r in BAD_REPORTS])
def test_a_malformed_drag_report_changes_nothing(drag_app, report):
    """A drag report that is not a permutation of the list's ids is ignored without a word: no row moves."""
    at = drag_app
    at.session_state["steps_order"] = report
    at.run()
    assert_no_failure(at)
    assert rows(at) == [("A", 1.0), ("B", 3.0), ("C", 2.0)]
    assert warning_lines(at) == [] and ndcg(at) == GOOD
    assert [item["name"] for item in drag_list(at)] == ["A", "B", "C"]


# ---------------------------------------------------------------- the judged-grades box


@pytest.fixture(scope="module")
def pool_app():
    return open_page(STEPS, {**SOURCE, "pool": "3", "lang": "en"})


@pytest.mark.parametrize(
    ("typed", "problems", "used"),
    [
        ("3, **x**", [(2, "row_grade_nan", {"value": "**x**"})], [3]),
        ("3, $x$", [(2, "row_grade_nan", {"value": "$x$"})], [3]),
        ("3, [a](javascript:alert(1))", [(2, "row_grade_nan", {"value": "[a](javascript:alert"})], [3]),
        ("3, <script>", [(2, "row_grade_nan", {"value": "<script>"})], [3]),
        ("3, 1,5", [(3, "row_grade_above", {"value": "5", "scale": 3})], [3, 1]),
        ("3, nan, inf", [(2, "row_grade_nan", {"value": "nan"}), (3, "row_grade_nan", {"value": "inf"})], [3]),
        (
            "3, -1, 2.5",
            [(2, "row_grade_negative", {"value": "-1"}), (3, "row_grade_fraction", {"value": "2.5", "scale": 3})],
            [3],
        ),
        ("3, 1e309", [(2, "row_grade_nan", {"value": "1e309"})], [3]),
        ("3, ", [(2, "row_grade_blank", {})], [3]),
        ("3, \x00", [(2, "row_grade_nan", {"value": "\x00"})], [3]),
        ("3, ３", [], [3, 3]),
    ],
)
def test_bad_judged_grades_are_named_escaped_and_the_good_ones_count(pool_app, typed, problems, used):
    """Each bad judged grade is one escaped line, the good ones still count in IDCG, and the URL keeps them."""
    at = pool_app
    at.text_input(key="steps_pool_text").input(typed).run()
    assert_no_failure(at)
    expected = [
        plain(translate("pool_bad", "en", pos=pos, why_text=translate(key, "en", **v))) for pos, key, v in problems
    ]
    if problems:
        expected.append(plain(translate("pool_used", "en", used=", ".join(str(g) for g in used))))
    assert warning_lines(at) == expected
    assert ndcg(at) == fmt(score_ranking([1, 3, 2], k=3, ideal_pool=[1, 3, 2, *used]).ndcg)
    assert params(at)["pool"] == ",".join(str(g) for g in used)
    if problems:  # what was typed stays in the box to be fixed
        assert at.text_input(key="steps_pool_text").value == typed


def test_too_many_judged_grades_change_nothing(pool_app):
    """600 judged grades are refused in one sentence and the grades before stay."""
    at = pool_app
    at.text_input(key="steps_pool_text").input("3").run()
    at.text_input(key="steps_pool_text").input(",".join(["1"] * 600)).run()
    assert_no_failure(at)
    assert len(warning_lines(at)) == 2  # the count, then what IDCG uses
    assert params(at)["pool"] == "3"


# ---------------------------------------------------------------- links


def kept(lang: str, key: str, **values) -> str:
    """The one sentence for a link whose bad value fell back alone (as url_warning shows it)."""
    return plain(translate("url_kept_warning", lang, why=translate(key, lang, **values)))


def reset(lang: str, key: str, **values) -> str:
    return plain(translate("url_reset_warning", lang, why=translate(key, lang, **values)))


PRESETS = "source, shop, ott, legal, wikipedia, binary, ties, zeros, short"
LINKS = [  # (extra parameters on top of the source example, expected sentence or None, nDCG of the page)
    ({"gain": "EXPONENTIAL"}, lambda lang: kept(lang, "url_gain", value="EXPONENTIAL"), GOOD),
    ({"gain": ""}, lambda lang: kept(lang, "url_gain", value=""), GOOD),
    ({"gain": "**x**"}, lambda lang: kept(lang, "url_gain", value="**x**"), GOOD),
    ({"k": "-1"}, lambda lang: kept(lang, "url_k", value="-1"), fmt(score_ranking([1, 3, 2]).ndcg)),
    ({"k": "1e9"}, lambda lang: kept(lang, "url_k", value="1e9"), fmt(score_ranking([1, 3, 2]).ndcg)),
    ({"k": "$x$"}, lambda lang: kept(lang, "url_k", value="$x$"), fmt(score_ranking([1, 3, 2]).ndcg)),
    ({"k": "²"}, lambda lang: kept(lang, "url_k", value="²"), fmt(score_ranking([1, 3, 2]).ndcg)),
    ({"k": "1" * 5000}, lambda lang: kept(lang, "url_k", value="1" * 20), fmt(score_ranking([1, 3, 2]).ndcg)),
    ({"k": "all"}, None, fmt(score_ranking([1, 3, 2]).ndcg)),
    ({"k": ""}, None, fmt(score_ranking([1, 3, 2]).ndcg)),
    ({"k": ["2", "x"]}, lambda lang: kept(lang, "url_k", value="x"), fmt(score_ranking([1, 3, 2]).ndcg)),
    ({"scale": "0"}, lambda lang: kept(lang, "url_scale", value="0"), GOOD),
    ({"ties": "<b>"}, lambda lang: kept(lang, "url_ties", value="<b>"), GOOD),
    ({"threshold": "9"}, lambda lang: kept(lang, "url_threshold", value="9"), GOOD),
    (
        {"preset": "../../etc/passwd"},
        lambda lang: kept(lang, "url_preset", value="../../etc/passwd", names=PRESETS),
        GOOD,
    ),
    ({"foo": "bar", "utm_source": "x"}, None, GOOD),
    ({f"junk{i}": "y" * 5000 for i in range(20)}, None, GOOD),  # a 100 kB query string
    ({"items": "%41,%E2%80%AE,%00"}, None, GOOD),  # percent-encoding arrives as text: names, as typed
    ({"items": "<script>,**x**,$x$"}, None, GOOD),
]


# The first four in both languages; the others in one, alternately (each is a whole new session).
LINK_CASES = [(*case, lang) for i, case in enumerate(LINKS) for lang in (LANGS if i < 4 else (LANGS[i % 2],))]


@pytest.mark.parametrize(
    ("extra", "sentence", "value", "lang"), LINK_CASES, ids=[f"{e!r:.24}-{lang}" for e, _, _, lang in LINK_CASES]
)
def test_an_odd_link_opens_its_example_with_at_most_one_sentence(extra, sentence, value, lang):
    """A bad setting falls back alone with one escaped sentence; unknown keys are ignored; the rows are kept."""
    at = open_page(STEPS, {**SOURCE, **extra, "lang": lang})
    assert_no_failure(at)
    assert warning_lines(at) == ([] if sentence is None else [sentence(lang)])
    assert [g for _, g in rows(at)] == [1.0, 3.0, 2.0]
    assert ndcg(at) == value
    assert params(at)["rel"] == "1,3,2" and set(params(at)) <= set(url.ORDER)


@pytest.mark.parametrize(
    ("link", "sentence"),
    [
        ({"lang": "xx"}, lambda: plain(translate("url_lang", "ko", value="xx"))),
        (
            {"lang": "[a](javascript:alert(1))"},
            lambda: plain(translate("url_lang", "ko", value="[a](javascript:alert")),
        ),
        ({"lang": ""}, lambda: plain(translate("url_lang", "ko", value=""))),
    ],
)
def test_an_unknown_language_opens_korean_with_one_sentence(link, sentence):
    """lang=xx (or a link, or nothing) opens the example in Korean with one escaped sentence."""
    at = open_page(STEPS, {**SOURCE, **link})
    assert_no_failure(at)
    assert warning_lines(at) == [sentence()]
    assert ndcg(at) == GOOD and params(at)["lang"] == "ko"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(
    ("link", "sentence"),
    [
        ({"rel": ",".join(["1"] * 20_000)}, lambda lang: reset(lang, "url_long", param="rel", length=39_999, max=6000)),
        ({"items": LONG, "rel": "1"}, lambda lang: reset(lang, "url_long", param="items", length=100_000, max=6000)),
        ({"rel": "," * 5999}, lambda lang: reset(lang, "url_too_many", param="rel", count=6000, max=500)),
    ],
)
def test_a_link_too_big_to_read_opens_the_default_example_with_one_sentence(lang, link, sentence):
    """20,000 items or a 100,000-character name: the default example, with one sentence saying why."""
    at = open_page(STEPS, {**link, "lang": lang})
    assert_no_failure(at)
    assert warning_lines(at) == [sentence(lang)]
    assert ndcg(at) == GOOD and params(at)["rel"] == "1,3,2"


def test_bad_grades_in_a_link_are_each_named_and_kept():
    """rel=%31,%ZZ,2 keeps both odd grades as typed, names each in one line, and scores C alone."""
    at = open_page(STEPS, {**SOURCE, "rel": "%31,%ZZ,2", "lang": "en"})
    assert_no_failure(at)
    assert warning_lines(at) == [
        row_sentence("en", 1, "row_grade_nan", value="%31"),
        row_sentence("en", 2, "row_grade_nan", value="%ZZ"),
    ]
    assert params(at)["rel"] == "%31,%ZZ,2"
    assert ndcg(at) == fmt(score_ranking([2], k=3).ndcg)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("link", [{"rel": ""}, {"items": ""}, {"items": ",", "rel": ","}])
def test_an_empty_list_in_a_link_says_there_is_nothing_to_compute(lang, link):
    """rel= (or items=, or only commas) opens an empty table with the "nothing to compute" line, not an error."""
    at = open_page(STEPS, {**link, "lang": lang})
    assert_no_failure(at)
    assert [i.value for i in at.info] == [translate("no_items", lang)]
    assert warning_lines(at) == [] and not at.metric


def test_a_presenter_link_with_a_step_out_of_range_shows_the_last_step():
    """present=1&step=99 opens the presenter view on step 4, with one sentence saying so (review 3, X13)."""
    at = open_page(STEPS, {**SOURCE, "present": "1", "step": "99", "lang": "en"})
    assert_no_failure(at)
    assert len(warning_lines(at)) == 1 and "step='99' is not a step from 1 to 4" in warning_lines(at)[0]
    assert params(at)["step"] == "4" and ndcg(at) == GOOD


@pytest.mark.parametrize("lang", LANGS)
def test_a_hostile_exercise_link_falls_back_with_one_escaped_sentence(lang):
    """exercise=<b>&seed=-1 opens the default exercise with one sentence that shows <b> as text."""
    at = open_page(EXERCISES, {"exercise": "<b>", "seed": "-1", "lang": lang})
    assert_no_failure(at)
    (line,) = warning_lines(at)
    assert plain("<b>") in line and "<b>" not in line
    assert params(at)["exercise"] == "estimate" and params(at)["seed"] == "1"


def test_a_link_with_as_many_rows_as_the_app_counts_and_one_more():
    """500 rows from a link plus one typed row: one sentence says only the first 500 are computed."""
    rel = [i % 4 for i in range(500)]
    at = open_page(METRICS, {"rel": ",".join(map(str, rel)), "k": "10", "lang": "en"})
    key = at.session_state["editor_key"]
    at.session_state[key] = {
        "edited_rows": {},
        "added_rows": [{"name": LONG[:40] + "!", "grade": "3"}],
        "deleted_rows": [],
    }
    at.run()
    assert_no_failure(at)
    assert warning_lines(at) == [row_sentence("en", 501, "row_name_long", max=40)]
    assert ndcg(at) == fmt(score_ranking(rel, k=10).ndcg)


# ---------------------------------------------------------------- the URL parser, for any text

text = st.text(st.characters(codec="utf-8"), max_size=40) | st.sampled_from(
    [
        "",
        " ",
        "all",
        "0",
        "1",
        "3",
        "4",
        "-1",
        "1e9",
        "２",
        "²",
        "١",
        "nan",
        "inf",
        "\\",
        "\\,",
        ",",
        "linear",
        "exponential",
        "average",
        "optimistic",
        "source",
        "ko",
        "en",
        "xx",
    ]
)
keys = st.sampled_from([*url.ORDER, "preset", "present", "step", "junk"]) | st.text(max_size=8)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(keys, text, max_size=8))
def test_reading_any_link_never_raises(link):
    """url.read returns (example, language, problem) for any parameters of text; it never raises."""
    example, lang, problem = url.read(link)
    assert lang in LANGS
    assert problem is None or isinstance(problem[0], str)
    assert all(math.isfinite(g) for g in example.pool)


def linked(example):
    """The example as far as a link describes it: model scores only in scores mode (the source example keeps
    its scores 0.5, 0.8, 0.2 for the score switch, but a link without scores holds none)."""
    if example.use_scores:
        return example
    return replace(example, items=tuple(replace(i, score=None) for i in example.items))


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(keys, text, max_size=8))
@example({"rel": "4", "scale": "3"})  # a grade above the link's scale
@example({"items": ",", "rel": ","})  # rows with nothing typed
@example({"rel": "1", "ties": "optimistic"})  # a tie policy without scores
def test_writing_what_was_read_round_trips(link):
    """An example read from any link comes back equal from its own written link, with no problem."""
    example, lang, _ = url.read(link)
    again, lang_again, problem = url.read(url.write(example, lang))
    assert (linked(again), lang_again, problem) == (linked(example), lang, None)


# ---------------------------------------------------------------- uploads (lessons/data.py)

SAMPLE_RUN = (ROOT / "samples" / "run_a.txt").read_bytes()
SAMPLE_QRELS = (ROOT / "samples" / "qrels.txt").read_bytes()
RUN_LINE = "q01 Q0 q01-d07 1 4.6 x\n"
BAD_FILES = {  # name: (bytes, words of the English sentence, whether the rest of the file is still read)
    "binary.run": (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "binary", False),
    "empty.run": (b"", "empty", False),
    "blank.run": (b"\n  \n\t\n# only a comment\n", "empty", False),
    "latin1.run": ("q01 Q0 caf\xe9 1 0.5 x\n".encode("latin-1") + b"\xff\xfe", "neither UTF-8", False),
    "three.run": (b"q01 d1 0.5\n", "first line has 3 fields", False),
    "short.run": ((RUN_LINE + "q01 Q0 q01-d08 2 4.5\n").encode(), "line 2 has 5 fields", True),
    "word.run": ((RUN_LINE + "q01 Q0 q01-d08 2 high x\n").encode(), "'high' is not a number", True),
    "nan.run": ((RUN_LINE + "q01 Q0 q01-d08 2 nan x\n").encode(), "'nan' is not a number", True),
    "inf.run": ((RUN_LINE + "q01 Q0 q01-d08 2 1e999 x\n").encode(), "not a finite number", True),
    "twice.run": ((RUN_LINE + RUN_LINE.replace(" 1 ", " 2 ")).encode(), "lists document 'q01-d07' again", True),
    "allbad.run": (b"q01 Q0 d1 1 x t\nq01 Q0 d2 2 y t\n", "no line could be read", False),
    "noscore.csv": (b"query_id,doc_id,comment\nq01,d1,hi\n", "none of score, rank or relevance", False),
    "header.csv": (b"query_id,doc_id,score\n", "empty", False),
    "ragged.csv": (b"query_id,doc_id,score\nq01,q01-d07,4.6\nq01,q01-d08\n", "line 3 has 2 fields", True),
    "huge.csv": (b"query_id,doc_id,score\nq01,d1," + b"9" * 200_000 + b"\n", "cannot be split as CSV", False),
    "qrels-as-run.txt": (b"q01 0 q01-d07 2\n", "looks like judgments", False),
    "<img src=x onerror=alert(1)>.run": (b"\x00", "binary", False),
    "$\\href{http://x}{y}$ [a](b) **c**.run": (b"\x00", "binary", False),
}


def bad_upload(lang: str, name: str, data: bytes):
    """The data page in upload mode with the good sample run, the bad file as a second run, and the sample qrels."""
    at = open_page("lessons/data.py", {"lang": lang})
    at.radio(key="data_source").set_value("upload").run()
    at.file_uploader(key="data_run_files").set_value(
        [("good.run", SAMPLE_RUN, "text/plain"), (name, data, "text/plain")]
    )
    at.file_uploader(key="data_qrels_file").set_value(("q.qrels", SAMPLE_QRELS, "text/plain"))
    return at.run()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", list(BAD_FILES), ids=[n[:20] for n in BAD_FILES])
def test_a_bad_upload_is_named_once_and_the_good_run_stays(lang, name):
    """A malformed, binary, empty or hostile file gets one sentence in the user's language naming it; the good run keeps its score."""
    data, words, partly = BAD_FILES[name]
    at = bad_upload(lang, name, data)
    assert_no_failure(at)
    boxes = [w.value for w in at.warning]
    assert len(boxes) == 1, boxes
    shown = boxes[0]
    assert plain(name) in shown  # escaped: markdown, HTML and LaTeX in the name stay text
    if lang == "en":
        assert words in shown.replace("\\", "")
    else:
        assert shown.startswith(f"파일 '{plain(name)}'")  # every file sentence starts by naming the file
    table = at.table[0].value
    runs = [str(x).replace("\\", "") for x in table.iloc[:, 0]]
    assert runs[0] == "good.run" and f"{float(table.iloc[0, 1]):.4f}" == "0.5828"
    assert (name.replace("\\", "") in runs) == partly  # a file with good lines left is scored on them


def test_an_upload_with_formula_ids_exports_them_neutralised():
    """Query ids that a spreadsheet would run (=HYPERLINK, +, -, @) are shown as text and exported with a quote."""
    from ui.features.owndata import Upload, gather
    from ui.tables import csv_bytes

    run = b'=HYPERLINK("http://x.test","click") Q0 d1 1 0.9 t\n+1+1 Q0 d1 1 0.9 t\n'
    qrels = b'=HYPERLINK("http://x.test","click") 0 d1 1\n+1+1 0 d1 2\n'
    at = open_page("lessons/data.py", {"lang": "en"})
    at.radio(key="data_source").set_value("upload").run()
    at.file_uploader(key="data_run_files").set_value([("f.run", run, "text/plain")])
    at.file_uploader(key="data_qrels_file").set_value(("f.qrels", qrels, "text/plain"))
    at.run()
    assert_no_failure(at) and not at.warning
    table = at.dataframe[0].value
    assert sorted(table.iloc[:, 0]) == ["+1+1", '=HYPERLINK("http://x.test","click")']
    exported = csv_bytes(table).decode("utf-8-sig")
    assert "\"'=HYPERLINK(" in exported and '"\'+1+1"' in exported
    assert gather([Upload.of("f.run", run)], Upload.of("f.qrels", qrels)).problems == []


# ---------------------------------------------------------------- the live class: nicknames and join codes


@pytest.fixture(scope="module")
def live_room(tmp_path_factory):
    """A room with an open question, in a database of this module's own: (database URL, code, teacher key)."""
    import os

    from live.store import Store
    from ui.features import live as live_ui

    url = f"sqlite:///{tmp_path_factory.mktemp('hostile_live') / 'live.sqlite3'}"
    old = os.environ.get("NDCG_DATABASE_URL")
    os.environ["NDCG_DATABASE_URL"] = url
    store = Store(url)
    code, key = store.create_room()
    store.start_question(code, key, "estimate", 3)
    yield url, code, key
    live_ui._store.clear()
    os.environ["NDCG_DATABASE_URL"] = old


@pytest.mark.parametrize("name", [*FINE_NAMES, LONG], ids=[repr(n)[:16] for n in [*FINE_NAMES, LONG]])
def test_a_hostile_nickname_joins_as_plain_text(live_room, name):
    """Any nickname joins; it is stored cleaned and cut to 24 characters, and shown only escaped."""
    from live.store import NICKNAME_MAX, Store, clean_nickname
    from teach.format import plain

    url, _, _ = live_room
    code, _ = Store(url).create_room(hours=1)  # a room of its own: two names that clean alike cannot both join one
    at = open_page("lessons/live.py", {"room": code, "lang": "en"})
    at.text_input(key="live_join_name").input(name[:NICKNAME_MAX])  # the box stops typing at its max
    at.button(key="FormSubmitter:live_join-Join").click().run()
    assert_no_failure(at)
    me = at.session_state["live_place"]["me"]
    stored = Store(url).student(code, me).nickname
    assert stored == clean_nickname(name[:NICKNAME_MAX]) and len(stored) <= NICKNAME_MAX
    shown = [c.value for c in at.caption if c.value.startswith("You: ")]
    assert (
        shown == [f"You: {plain(stored)}"]
        if stored
        else shown == ["You: student " + str(Store(url).student(code, me).number)]
    )


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(
    "typed", ["", " ", "<script>", "ABCDE", "ABCDEFGH", "가나다라마바", "1" * 12, "ZZZZZZ", "[x](j:1)", "**b**"]
)
def test_a_join_code_that_opens_no_room_gets_one_sentence(live_room, typed, lang):
    """A blank, malformed or unknown code gets one sentence in the user's language and joins nothing."""
    from sqlalchemy import delete

    from live.store import Store, failed_joins

    with Store(live_room[0]).engine.begin() as conn:  # each case starts below the limit on failed joins
        conn.execute(delete(failed_joins))
    at = open_page("lessons/live.py", {"lang": lang})
    at.text_input(key="live_join_code").input(typed)
    at.button(key=f"FormSubmitter:live_join-{translate('live_join', lang)}").click().run()
    assert_no_failure(at)
    from teach.format import plain

    want = (
        translate("live_no_code", lang)
        if not typed.strip()
        else translate("live_no_room", lang, code=plain(typed.strip()[:20]))
    )
    assert [e.value for e in at.error] == [want]
    assert "me" not in at.session_state["live_place"]
