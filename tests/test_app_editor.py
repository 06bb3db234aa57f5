"""The ranking editor under AppTest: bad input gets one clear sentence, and nothing is lost."""

from __future__ import annotations

import json

import pytest

from ndcg_core import score_ranking
from teach.format import cell
from tests.conftest import metrics, open_page

HOSTILE = "<img src=x onerror=alert(1)>"


def edit(at, edited=None, added=None, deleted=None):
    """Apply a data-editor change the way the browser reports it, then rerun."""
    key = at.session_state["editor_key"]
    at.session_state[key] = {"edited_rows": edited or {}, "added_rows": added or [], "deleted_rows": deleted or []}
    return at.run()


def table(at):
    """The editor's rows as (name, grade) pairs, from the app's shared example."""
    return [(i.name, i.grade) for i in at.session_state["example"].items]


def warnings(at) -> str:
    return "\n".join(w.value for w in at.warning)


@pytest.fixture
def at():
    return open_page("lessons/steps.py", {"items": "A,B,C", "rel": "1,3,2", "k": "3", "lang": "en"})


@pytest.mark.parametrize(
    ("value", "words"),
    [
        (-1, "negative"),
        (5, "above the scale 0–3"),
        (None, "blank or not a number"),
        ("abc", "the grade 'abc' is not a number"),
        ("-1", "negative"),
        ("9", "above the scale 0–3"),
        (1.5, "not a whole number"),
    ],
)
def test_bad_grade_names_the_row_and_keeps_the_others(at, value, words):
    """A bad grade in row 2 gives one sentence naming row 2; rows A and C still count and stay in the table."""
    edit(at, edited={1: {"grade": value}})
    assert not at.exception
    text = warnings(at).replace("\\", "")
    assert "Row 2" in text and words in text
    assert [n for n, _ in table(at)] == ["A", "B", "C"]
    r = score_ranking([1, 2], k=3)
    assert metrics(at)["nDCG@3"] == f"{r.ndcg:.4f}"


@pytest.mark.parametrize(
    ("name", "words"),
    [("", "name is blank"), ("A", "already used by row 1"), ("x" * 41, "longer than 40 characters")],
)
def test_bad_name_names_the_row(at, name, words):
    """A blank, duplicate or too long name in row 3 is reported for row 3, and the other rows still count."""
    edit(at, edited={2: {"name": name}})
    text = warnings(at).replace("\\", "")
    assert "Row 3" in text and words in text
    assert metrics(at)["nDCG@3"] == f"{score_ranking([1, 3], k=3).ndcg:.4f}"


@pytest.mark.parametrize("name", [HOSTILE, "**bold**", "$x$ [link](javascript:alert(1))"])
def test_hostile_names_are_shown_literally(at, name):
    """Names with HTML, markdown or LaTeX appear verbatim in grids, escaped in markdown and static tables, and never in
    LaTeX (the worked arithmetic is typeset with numbers only)."""
    edit(at, added=[{"name": name, "grade": 2}])
    assert not at.exception
    assert table(at)[-1] == (name, 2)
    cells = [str(v) for d in at.dataframe for col in d.value.columns for v in d.value[col]]
    static = [str(v) for d in at.table for col in d.value.columns for v in d.value[col]]
    assert name in cells or cell(name) in static
    assert name not in static  # st.table renders its cells as markdown: a name there is always escaped
    assert at.latex and not any(name in x.value for x in at.latex)
    for md in [*at.markdown, *at.caption, *at.warning, *at.info]:
        assert name not in md.value or name.isalnum()


def test_added_and_deleted_rows_change_the_ranking(at):
    """Adding D (grade 3) and deleting B gives the ranking A, C, D."""
    edit(at, added=[{"name": "D", "grade": 3}], deleted=[1])
    assert [n for n, _ in table(at)] == ["A", "C", "D"]
    assert metrics(at)["nDCG@3"] == f"{score_ranking([1, 2, 3], k=3).ndcg:.4f}"


def test_zero_items_show_a_message_not_an_error(at):
    """Deleting every row leaves a clear message and no exception."""
    edit(at, deleted=[0, 1, 2])
    assert not at.exception
    assert any("nothing to compute" in i.value for i in at.info)
    assert not at.metric


def test_five_hundred_items_are_computed():
    """A 500-item example from the URL runs and shows the core's nDCG."""
    rel = [i % 4 for i in range(500)]
    at = open_page("lessons/steps.py", {"rel": ",".join(map(str, rel)), "k": "10", "lang": "en"})
    assert not at.exception
    assert metrics(at)["nDCG@10"] == f"{score_ranking(rel, k=10).ndcg:.4f}"


def test_changing_the_scale_flags_grades_above_it(at):
    """Switching to the binary scale reports B's grade 3 as above 0–1 and keeps the row."""
    at.selectbox(key="steps_scale").set_value(1).run()
    text = warnings(at).replace("\\", "")
    assert "above the scale 0–1" in text
    assert len(table(at)) == 3


def test_drag_report_reorders_and_shows_delta(at):
    """A reported drag of C to the top changes nDCG to the hand-computed value and shows ΔnDCG."""
    at.session_state["steps_order"] = {"moved": {"order": [2, 0, 1], "uid": 2, "how": "drag"}}
    at.run()
    assert [n for n, _ in table(at)] == ["C", "A", "B"]
    new = (3 + 1 / 1.584962500721156 + 7 / 2) / (7 + 3 / 1.584962500721156 + 1 / 2)
    nd = next(m for m in at.metric if m.label == "nDCG@3")
    assert nd.value == f"{new:.4f}"
    assert nd.delta == f"{new - 0.7363636171343382:+.4f}"
    assert any("'C': rank 3 → 1" in c.value.replace("\\", "") for c in at.caption)


def test_a_stale_report_with_other_ids_is_ignored(at):
    """An order naming ids that are not in the list changes nothing."""
    at.session_state["steps_order"] = {"moved": {"order": [9, 0, 1], "uid": 9, "how": "drag"}}
    at.run()
    assert [n for n, _ in table(at)] == ["A", "B", "C"]


@pytest.mark.parametrize(
    ("button", "order"),
    [("steps_ideal", ["B", "C", "A"]), ("steps_reverse", ["C", "B", "A"])],
)
def test_order_buttons(at, button, order):
    """Sort ideally gives B, C, A (nDCG 1) and reverse gives C, B, A."""
    at.button(key=button).click().run()
    assert [n for n, _ in table(at)] == order
    if button == "steps_ideal":
        assert metrics(at)["nDCG@3"] == "1.0000"


def test_shuffle_is_seeded_and_reset_restores(at):
    """Shuffle #1 gives the same order in every session, and reset brings back the opening example."""
    at.button(key="steps_shuffle").click().run()
    first = table(at)
    other = open_page("lessons/steps.py", {"items": "A,B,C", "rel": "1,3,2", "k": "3", "lang": "en"})
    other.button(key="steps_shuffle").click().run()
    assert table(other) == first
    at.button(key="steps_reset").click().run()
    assert [n for n, _ in table(at)] == ["A", "B", "C"]


def test_gain_and_k_switches_update_numbers_and_url(at):
    """Switching to linear gain and k = 2 shows the core's nDCG@2 and writes both into the URL."""
    at.radio(key="steps_gain").set_value("linear").run()
    at.selectbox(key="steps_k").set_value(2).run()
    assert metrics(at)["nDCG@2"] == f"{score_ranking([1, 3, 2], gain='linear', k=2).ndcg:.4f}"
    params = {k: (v[0] if isinstance(v, list) else v) for k, v in at.query_params.items()}
    assert params["gain"] == "linear" and params["k"] == "2"


def test_scores_mode_ranks_by_score_like_sklearn():
    """In scores mode the source's scores 0.5, 0.8, 0.2 rank B first, as scikit-learn does."""
    at = open_page("lessons/steps.py", {"lang": "en"})
    at.toggle(key="steps_use_scores").set_value(True).run()
    at.radio(key="steps_gain").set_value("linear").run()
    assert metrics(at)["nDCG@3"] == "0.9725"


def test_scores_mode_keeps_the_order_when_scores_are_missing(at):
    """Turning on scores mode for a link without scores gives descending scores, so nDCG is unchanged."""
    at.toggle(key="steps_use_scores").set_value(True).run()
    assert not warnings(at)
    assert metrics(at)["nDCG@3"] == "0.7364"


def test_judged_pool_switch_and_grades(at):
    """Switching the IDCG pool to all judged items and adding grades 3 and 2 lowers nDCG to the trec_eval value."""
    at.radio(key="steps_pool_mode").set_value("judged").run()
    at.text_input(key="steps_pool_text").input("3, 2").run()
    r = score_ranking([1, 3, 2], k=3, ideal_pool=[1, 3, 2, 3, 2])
    assert metrics(at)["nDCG@3"] == f"{r.ndcg:.4f}"
    params = {k: (v[0] if isinstance(v, list) else v) for k, v in at.query_params.items()}
    assert params["pool"] == "3,2"


def test_bad_judged_grades_are_each_named_and_the_rest_counts(at):
    """Typing "3, x, -1" names both bad entries, says IDCG uses only 3, and scores with 3 (UX #14)."""
    at.radio(key="steps_pool_mode").set_value("judged").run()
    at.text_input(key="steps_pool_text").input("3, 3").run()
    at.text_input(key="steps_pool_text").input("3, x, -1").run()
    (text,) = [w.value.replace("\\", "") for w in at.warning]  # the typed text is escaped for markdown
    assert "value 2" in text and "'x'" in text and "value 3" in text and "negative" in text
    assert "IDCG uses only the other judged grades: 3" in text
    assert at.text_input(key="steps_pool_text").value == "3, x, -1"
    assert metrics(at)["nDCG@3"] == f"{score_ranking([1, 3, 2], k=3, ideal_pool=[1, 3, 2, 3]).ndcg:.4f}"


def test_reset_also_resets_the_judged_grades_box():
    """After reset the judged-grades box shows the link's pool again, not the newer entry."""
    at = open_page("lessons/steps.py", {"items": "A,B", "rel": "1,3", "pool": "1", "lang": "en"})
    at.text_input(key="steps_pool_text").input("3, 2").run()
    at.button(key="steps_reset").click().run()
    assert at.text_input(key="steps_pool_text").value == "1"
    assert metrics(at)["nDCG"] == f"{score_ranking([1, 3], ideal_pool=[1, 3, 1]).ndcg:.4f}"


def test_a_typed_grade_stays_as_typed(at):
    """A grade typed as "abc" stays "abc" in the example and the URL, so the user can see and fix it."""
    edit(at, edited={1: {"grade": "abc"}})
    assert table(at)[1] == ("B", "abc")
    rel = at.query_params["rel"]
    assert (rel[0] if isinstance(rel, list) else rel) == "1,abc,2"


def test_renaming_onto_a_used_name_leaves_out_the_renamed_row(at):
    """Renaming A to "B" leaves out the renamed row 1, not the B that was there (UX #7)."""
    edit(at, edited={0: {"name": "B"}})
    text = warnings(at).replace("\\", "")
    assert "Row 1" in text and "already used by row 2" in text
    assert metrics(at)["nDCG@3"] == f"{score_ranking([3, 2], k=3).ndcg:.4f}"


def test_a_name_with_a_comma_counts(at):
    """A name with a comma is a fine name now that the URL escapes it."""
    edit(at, edited={2: {"name": "red, blue"}})
    assert not at.warning
    assert metrics(at)["nDCG@3"] == "0.7364"


def test_a_blank_grade_shows_as_an_empty_cell_not_none():
    """A blank grade from a link is an empty text cell in the table, never the word "None" (UX #21)."""
    at = open_page("lessons/steps.py", {"items": "A,B,C", "rel": "1,,2", "lang": "ko"})
    (grid,) = [d.value for d in at.dataframe if d.proto.editing_mode]
    assert list(grid["grade"]) == ["1", "", "2"]


def test_the_score_column_writes_scores_as_the_list_does():
    """In scores mode the grid writes a score plain, 1 and 0.8 like the list's "score 1", not as 1.000, and takes
    any number of decimals (U17)."""
    at = open_page("lessons/steps.py", {"items": "A,B,C", "rel": "1,3,2", "scores": "1,1,0.8", "lang": "en"})
    score = json.loads(at.dataframe[0].proto.columns)["score"]
    assert score["type_config"] == {"type": "number", "format": "plain"}
