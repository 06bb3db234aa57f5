"""The presenter view (?present=1): one step at a time, no editor, the step in the URL."""

from __future__ import annotations

import re

import pytest

from tests.conftest import open_page
from ui.i18n import translate

PARAMS = {"items": "A,B,C", "rel": "1,3,2", "k": "3", "lang": "en", "present": "1"}
TITLES = [translate(key, "en") for key in ("cg_title", "dcg_title", "idcg_title", "ndcg_title")]


def param(at, name: str) -> str:
    """One URL parameter of the AppTest's address (a string or a one-item list)."""
    value = at.query_params[name]
    return value[0] if isinstance(value, list) else value


def unescaped(text: str) -> str:
    """A sentence as the reader sees it (``plain`` escapes markdown with backslashes)."""
    return re.sub(r"\\(.)", r"\1", text)


def step_headers(at) -> list[str]:
    """The step headers on the page, in order."""
    return [h.value for h in at.header if h.value in TITLES]


def test_presenter_shows_one_step_and_no_editor():
    """With present=1 the step page shows the headline numbers and only Step 1, without the editor or the tables' editor."""
    at = open_page("lessons/steps.py", PARAMS)
    assert not at.exception
    assert step_headers(at) == [TITLES[0]]
    assert len(at.metric) == 4
    assert not at.data_editor
    assert translate("editor_title", "en") not in [s.value for s in at.subheader]
    assert at.button(key="present_prev").disabled


def test_next_and_previous_walk_through_the_four_steps_and_stop_at_the_ends():
    """Next moves 1 → 2 → 3 → 4 and stops at 4; Previous goes back and stops at 1; the URL holds the step."""
    at = open_page("lessons/steps.py", PARAMS)
    for step in range(2, 5):
        at.button(key="present_next").click().run()
        assert step_headers(at) == [TITLES[step - 1]]
        assert param(at, "step") == str(step) and param(at, "present") == "1"
    assert at.button(key="present_next").disabled  # the end: Next (and its key) do nothing
    for step in range(3, 0, -1):
        at.button(key="present_prev").click().run()
        assert step_headers(at) == [TITLES[step - 1]]
    assert at.button(key="present_prev").disabled and not at.button(key="present_next").disabled
    assert param(at, "step") == "1"


def test_step_from_the_link_is_opened_and_kept():
    """A link with present=1&step=3 opens Step 3 (IDCG) and the address keeps present and step."""
    at = open_page("lessons/steps.py", {**PARAMS, "step": "3"})
    assert step_headers(at) == [TITLES[2]]
    assert param(at, "present") == "1" and param(at, "step") == "3"
    assert param(at, "rel") == "1,3,2"


def test_without_present_every_step_is_shown():
    """Without present=1 the step page still shows all four steps and the editor, and no presenter buttons."""
    at = open_page("lessons/steps.py", {k: v for k, v in PARAMS.items() if k != "present"})
    assert step_headers(at) == TITLES
    assert not [b for b in at.button if b.key in ("present_prev", "present_next")]
    assert "present" not in at.query_params


def test_leave_returns_to_the_whole_step_page_with_the_same_example():
    """The Leave button (Esc) shows all four steps and the editor again, keeps the example, and drops present and step from the URL."""
    at = open_page("lessons/steps.py", {**PARAMS, "step": "2"})
    assert at.button(key="present_leave").label == translate("present_leave", "en")
    at.button(key="present_leave").click().run()
    assert not at.exception
    assert step_headers(at) == TITLES
    assert translate("editor_title", "en") in [s.value for s in at.subheader]
    assert "present" not in at.query_params and "step" not in at.query_params
    assert param(at, "rel") == "1,3,2" and param(at, "items") == "A,B,C" and param(at, "k") == "3"
    assert not [b for b in at.button if b.key in ("present_prev", "present_next", "present_leave")]


TWENTY = {
    "items": ",".join(chr(65 + i) for i in range(20)),
    "rel": "3,1,0,2,3,0,1,2,0,3,1,1,0,2,3,0,1,2,0,1",
    "lang": "en",
    "present": "1",
}


def test_a_long_list_is_cut_to_what_one_screen_holds():
    """With 20 items and no k, Step 1 shows 8 rows and Steps 2 and 3 show 5, each with a caption naming the ranks left out."""
    for step, rows in ((1, 8), (2, 5), (3, 5)):
        at = open_page("lessons/steps.py", {**TWENTY, "step": str(step)})
        assert not at.exception
        assert [len(t.value) for t in at.table] == [rows]
        more = translate("present_more_rows", "en", more=20 - rows, first=rows + 1, last=20)
        assert more in [c.value for c in at.caption]


def test_a_long_list_shows_the_first_ranks_worked_out_and_the_whole_sum():
    """With 20 items the DCG arithmetic shows ranks 1 and 2, a line naming the 18 others, and the sum over all 20."""
    at = open_page("lessons/steps.py", {**TWENTY, "step": "2"})
    lines = at.text[0].value.splitlines()
    assert [line.split()[0] for line in lines[:2]] == ["i=1", "i=2"]
    assert lines[2] == translate("present_more_lines", "en", n=18)
    assert lines[3].startswith("DCG@20 = 7.0000 + ") and lines[3].endswith(" = 19.1749")
    at = open_page("lessons/steps.py", {**TWENTY, "step": "1"})
    assert at.text[0].value == "CG@20 = 3 + 1 + 0 + 2 + 3 + 0 + … + 0 + 1 = 26"


def test_the_whole_page_still_shows_every_rank_of_a_long_list():
    """Outside the presenter view the 20-item step tables keep all 20 rows and every rank's arithmetic."""
    at = open_page("lessons/steps.py", {k: v for k, v in TWENTY.items() if k != "present"})
    assert not at.exception
    assert translate("present_more_lines", "en", n=18) not in "\n".join(t.value for t in at.text)
    assert any(len(t.value) == 20 for t in at.table)


def test_a_short_list_or_a_small_k_is_shown_whole():
    """Within what fits, the presenter view cuts only at k (with the usual caption) and works out every rank."""
    at = open_page("lessons/steps.py", {**TWENTY, "k": "3", "step": "2"})
    assert [len(t.value) for t in at.table] == [3]
    assert translate("beyond_k", "en", k=3, hidden=17) in [c.value for c in at.caption]
    assert [line.split()[0] for line in at.text[0].value.splitlines()] == ["i=1", "i=2", "i=3", "DCG@3"]


BAD_PRESENTER_LINKS = {
    "step_999": ({"step": "999"}, 4, "The link's step='999' is not a step from 1 to 4, so step 4 is shown."),
    "step_0": ({"step": "0"}, 1, "The link's step='0' is not a step from 1 to 4, so step 1 is shown."),
    "step_text": ({"step": "two"}, 1, "The link's step='two' is not a step from 1 to 4, so step 1 is shown."),
    "present_2": (
        {"present": "2", "step": "3"},
        None,
        "The link's present='2' is not 1, so the whole page is shown (present=1 opens the presenter view).",
    ),
}


@pytest.mark.parametrize("name", BAD_PRESENTER_LINKS)
def test_a_presenter_value_out_of_range_is_named_in_one_sentence(name):
    """step=999, step=0, step=two and present=2 open the nearest usable view with one sentence saying so; Next clears it."""
    change, step, sentence = BAD_PRESENTER_LINKS[name]
    at = open_page("lessons/steps.py", {**PARAMS, **change})
    assert not at.exception
    assert [unescaped(w.value) for w in at.warning] == [sentence]
    assert step_headers(at) == (TITLES if step is None else [TITLES[step - 1]])
    if step is not None and step < 4:
        at.button(key="present_next").click().run()
        assert not at.warning


def test_a_good_presenter_link_gives_no_warning():
    """present=1&step=2 opens Step 2 without a sentence."""
    at = open_page("lessons/steps.py", {**PARAMS, "step": "2"})
    assert not at.warning and step_headers(at) == [TITLES[1]]


def test_the_sidebar_opens_the_presenter_view_with_the_example_open():
    """The step lesson's sidebar button "Present this lesson" opens Step 1 of the presenter view, the example kept (U3)."""
    at = open_page("lessons/steps.py", {k: v for k, v in PARAMS.items() if k != "present"})
    button = at.sidebar.button(key="present_open")
    assert button.label == translate("present_open", "en")
    button.click().run()
    assert not at.exception
    assert step_headers(at) == [TITLES[0]]
    assert param(at, "present") == "1" and param(at, "step") == "1"
    assert (param(at, "items"), param(at, "rel"), param(at, "k")) == ("A,B,C", "1,3,2", "3")
    assert not [b for b in at.sidebar.button if b.key == "present_open"]  # no way "in" from inside the view
