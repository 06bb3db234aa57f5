"""A browser's fresh /steps shows its headline first, then the whole page (issue 27, item 1; ui/components/firstpaint.py)."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from ndcg_core import score_ranking
from tests.conftest import ROOT
from ui import session

LINK = {"items": "A,B,C", "rel": "1,3,2", "gain": "exponential", "k": "3", "lang": "en"}


@pytest.fixture
def browser(monkeypatch):
    """Sessions that report a page address, as a browser's do (AppTest's do not)."""
    monkeypatch.setattr(session, "_has_browser", lambda: True)


def first_run(page: str, **extra: str) -> AppTest:
    """A new session whose first run opens ``page`` from the source's link."""
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    for key, value in {**LINK, **extra}.items():
        at.query_params[key] = value
    return at.switch_page(page).run()


def headline(at: AppTest) -> list[tuple[str, str]]:
    return [(m.label, m.value) for m in at.metric][:4]


def test_a_fresh_step_page_draws_its_title_and_numbers_then_the_rest(browser):
    """The first run draws the title, the lead and the four headline numbers (nDCG@3 0.7364 as score_ranking gives),
    with no editor, table or sidebar widget, and asks for the rest; the next run draws the whole page with the
    same numbers."""
    at = first_run("lessons/steps.py")
    assert not at.exception
    want = f"{score_ranking([1, 3, 2], gain='exponential', k=3).ndcg:.4f}"
    assert headline(at) == [("nDCG@3", want), ("DCG@3", "6.9165"), ("IDCG@3", "9.3928"), ("CG@3", "6")]
    assert [t.value for t in at.title] == ["Step by step: CG → DCG → IDCG → nDCG"]
    assert (len(at.table), len(at.dataframe), len(at.sidebar.radio)) == (0, 0, 0)
    assert [b.key for b in at.button] == ["ndcg_first_paint"]  # hidden; the page's script presses it
    at.button(key="ndcg_first_paint").click().run()
    assert not at.exception
    assert headline(at) == [("nDCG@3", want), ("DCG@3", "6.9165"), ("IDCG@3", "9.3928"), ("CG@3", "6")]
    assert len(at.table) >= 5 and len(at.dataframe) == 1 and len(at.sidebar.radio) == 1
    assert at.button(key="steps_reverse") is not None
    assert not [b for b in at.button if b.key == "ndcg_first_paint"]


def test_the_first_paint_happens_once_per_session(browser):
    """After the number-only run and the whole page, a page switch and a return to /steps draw whole pages."""
    at = first_run("lessons/steps.py")
    assert not at.table
    at.button(key="ndcg_first_paint").click().run()
    at.switch_page("lessons/gain.py").run()
    at.switch_page("lessons/steps.py").run()
    assert len(at.table) >= 5 and len(at.dataframe) == 1


@pytest.mark.parametrize(
    ("page", "extra"),
    [("lessons/discount.py", {}), ("lessons/intro.py", {}), ("lessons/steps.py", {"present": "1"})],
)
def test_other_pages_and_the_presenter_view_are_drawn_whole_at_once(browser, page, extra):
    """Only the step lesson's editor page paints its number first: another lesson, the intro and the presenter view
    draw their whole page, sidebar included, in a browser's first run."""
    at = first_run(page, **extra)
    assert not at.exception
    assert len(at.sidebar.radio) == 1  # the language picker
    assert not [b for b in at.button if b.key == "ndcg_first_paint"]


def test_a_client_without_a_browser_gets_the_whole_page_at_once():
    """A session that reports no page address (AppTest, a protocol-level client) is never left waiting for the
    browser's ask: its first run of /steps is the whole page."""
    at = first_run("lessons/steps.py")
    assert len(at.table) >= 5 and len(at.dataframe) == 1 and len(at.sidebar.radio) == 1
    assert not [b for b in at.button if b.key == "ndcg_first_paint"]


def test_an_example_that_cannot_be_scored_asks_for_the_rest_without_numbers(browser):
    """A link whose grades are all blank has no number to paint: the first run draws no metric and still asks for the
    rest, which names the problem."""
    at = first_run("lessons/steps.py", rel=",,")
    assert not at.exception and not at.metric
    assert [b.key for b in at.button] == ["ndcg_first_paint"]
    at.button(key="ndcg_first_paint").click().run()
    assert not at.exception
    assert at.info or at.warning or at.error
