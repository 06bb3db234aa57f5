"""One run path: every AppTest run, rerun and click goes through app.py (issue 7).

Streamlit 1.67 runs ``pages/<url>.py`` instead of the entry script while its legacy ``pages/``
mode is on (until ``st.navigation`` first runs in a process, and before every AppTest run). The
app keeps ``pages/`` for entry stubs that run app.py; these tests fail if that stops holding.
"""

from __future__ import annotations

import pytest

from tests.conftest import ROOT, open_page
from ui import nav
from ui.i18n import translate


def frame_marks(at) -> int:
    """How many times app.py's sidebar caption was drawn in this run (1 when app.py framed the page)."""
    marks = tuple(translate(key, "en") for key in ("sidebar_link", "sidebar_link_data", "sidebar_link_live"))
    return sum(c.value in marks for c in at.sidebar.caption)


@pytest.mark.parametrize("slug", [lesson.slug for lesson in nav.LESSONS])
def test_a_rerun_and_a_click_go_through_app_py(slug):
    """A lesson's first run, a rerun and a button click each draw app.py's frame once and the lesson once."""
    at = open_page(f"lessons/{slug}.py", {"items": "A,B,C", "rel": "1,3,2", "lang": "en"})
    title = translate(f"{slug}_title", "en")
    for step in ("first run", "rerun", "click"):
        if step == "rerun":
            at.run()
        elif step == "click" and slug == "data":  # the upload page has no ranking editor: a radio click
            at.radio(key="data_gain").set_value("exponential").run()
        elif step == "click" and slug == "live":  # the live class has none either: a teacher opens a room
            at.button(key="FormSubmitter:live_open-Open a room").click().run()
        elif step == "click":  # the exercises page has no ranking editor: its click is "Next exercise"
            at.button(key="exercises_next" if slug == "exercises" else f"{slug}_reverse").click().run()
        assert not at.exception, f"{step}: {at.exception}"
        assert frame_marks(at) == 1, f"{step}: app.py's frame drawn {frame_marks(at)} times"
        assert [t.value for t in at.title] == [title], f"{step}: titles {[t.value for t in at.title]}"
    param, after = {"exercises": ("seed", "2"), "data": ("lang", "en"), "live": ("lang", "en")}.get(
        slug, ("items", "C,B,A")
    )
    value = at.query_params[param]
    assert (value[0] if isinstance(value, list) else value) == after


def test_the_intro_goes_through_app_py_on_every_run():
    """The intro (the default page) draws app.py's frame on its first run and on a rerun."""
    at = open_page("lessons/intro.py", {"lang": "en"})
    assert frame_marks(at) == 1
    at.run()
    assert frame_marks(at) == 1
    assert [t.value for t in at.title] == [translate("intro_title", "en")]


def test_every_lesson_has_an_entry_stub_and_pages_holds_only_stubs():
    """pages/ holds exactly one stub per lesson URL, and each stub runs app.py."""
    stubs = sorted(p.name for p in (ROOT / "pages").iterdir() if p.name != "__pycache__")
    assert stubs == sorted(f"{lesson.slug}.py" for lesson in nav.LESSONS)
    for name in stubs:
        text = (ROOT / "pages" / name).read_text(encoding="utf-8")
        assert 'runpy.run_path(str(Path(__file__).resolve().parent.parent / "app.py"))' in text
        assert f"/{name[:-3]} " in text.splitlines()[0]


def test_streamlit_still_has_the_legacy_pages_mode_the_stubs_answer():
    """Streamlit still turns legacy mode on for a pages/ folder and runs pages/<url>.py in it.

    If this fails, Streamlit changed the behaviour app.py's docstring describes: the stubs in
    pages/ may be unnecessary or may need another form.
    """
    import inspect

    from streamlit.runtime.pages_manager import PagesManager
    from streamlit.runtime.scriptrunner import script_runner

    saved = PagesManager.uses_pages_directory
    try:
        PagesManager.uses_pages_directory = None
        PagesManager(str(ROOT / "app.py"))
        assert PagesManager.uses_pages_directory is True
    finally:
        PagesManager.uses_pages_directory = saved
    source = inspect.getsource(script_runner._mpa_v1)
    assert 'parent / "pages"' in source and 'glob("*.py")' in source
    assert "if PagesManager.uses_pages_directory:" in inspect.getsource(script_runner.ScriptRunner._run_script)


def test_only_the_session_module_touches_session_state():
    """ui/session.py is the one owner of st.session_state; no page or other ui module uses it."""
    sources = [*ROOT.glob("ui/**/*.py"), *ROOT.glob("lessons/*.py"), *ROOT.glob("pages/*.py"), ROOT / "app.py"]
    users = sorted(str(p.relative_to(ROOT)) for p in sources if "st.session_state" in p.read_text(encoding="utf-8"))
    assert users == ["ui/session.py"]


def test_korean_text_breaks_between_words():
    """Every page carries the keep-all rule, so Korean words are not split across lines on a phone."""
    at = open_page("lessons/steps.py", {"lang": "ko"})
    assert any("word-break: keep-all" in h.proto.body for h in at.get("html"))


@pytest.mark.page_failure_expected
@pytest.mark.parametrize("lang", ["ko", "en"])
def test_a_lesson_that_fails_shows_one_sentence_and_logs_the_traceback(monkeypatch, caplog, lang):
    """An exception inside a lesson becomes one sentence in the user's language; its traceback goes to the log."""
    from ui import editor

    def broken(*args, **kwargs):
        raise RuntimeError("boom from a test")

    monkeypatch.setattr(editor, "lesson_header", broken)
    at = open_page("lessons/metrics.py", {"rel": "1,3,2", "lang": lang})
    assert not at.exception
    assert [e.value for e in at.error] == [translate("page_failed", lang)]
    assert "boom from a test" not in str([m.value for m in at.markdown])
    assert any("the page 'metrics' failed" in r.getMessage() and r.exc_info for r in caplog.records)
    assert at.query_params["rel"] in ("1,3,2", ["1,3,2"])  # the example stays in the address
