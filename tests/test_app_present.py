"""The presenter view (?present=1): one step at a time, no editor, the step in the URL."""

from __future__ import annotations

from tests.conftest import open_page
from ui.i18n import translate

PARAMS = {"items": "A,B,C", "rel": "1,3,2", "k": "3", "lang": "en", "present": "1"}
TITLES = [translate(key, "en") for key in ("cg_title", "dcg_title", "idcg_title", "ndcg_title")]


def param(at, name: str) -> str:
    """One URL parameter of the AppTest's address (a string or a one-item list)."""
    value = at.query_params[name]
    return value[0] if isinstance(value, list) else value


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
