"""Failures outside a lesson's own run (a widget callback, a fragment's body) become one sentence, never a traceback."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from sqlalchemy.exc import OperationalError

from tests.conftest import metrics, open_page
from tests.test_app_live import db, join, start, teacher  # noqa: F401  (db is a fixture)
from ui import failsafe, session
from ui.features import live as live_ui
from ui.i18n import translate

ROOT = Path(__file__).resolve().parent.parent


def boom(*args, **kwargs):
    raise RuntimeError("boom from a test")


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_a_callback_that_fails_leaves_the_example_and_says_so_once(monkeypatch, caplog, lang):
    """Reverse whose callback raises: the order stays, one sentence in the user's language, the traceback logged,
    and the next run says nothing more."""
    at = open_page("lessons/steps.py", {"items": "A,B,C", "rel": "1,3,2", "k": "3", "lang": lang})
    before, shown = [i.name for i in at.session_state["example"].items], metrics(at)
    monkeypatch.setattr(session, "set_example", boom)
    at.button(key="steps_reverse").click().run()
    assert not at.exception
    assert [e.value for e in at.error] == [translate("action_failed", lang)]
    assert [i.name for i in at.session_state["example"].items] == before
    assert metrics(at) == shown
    assert any("the callback on_order_button failed" in r.getMessage() and r.exc_info for r in caplog.records)
    at.run()
    assert not at.error


def test_a_callback_wrapper_passes_streamlits_stop_and_rerun_through():
    """st.stop and st.rerun inside a wrapped callback are Streamlit's signals, not failures."""
    from streamlit.runtime.scriptrunner_utils.exceptions import RerunException, StopException

    for signal in (StopException(), RerunException(None)):

        def raise_it(signal=signal):
            raise signal

        with pytest.raises(type(signal)):
            failsafe.callback(raise_it)()
        with pytest.raises(type(signal)):
            failsafe.fragment(raise_it)()


@pytest.mark.page_failure_expected
def test_a_projector_board_that_fails_says_so_where_it_draws(db, monkeypatch, caplog):  # noqa: F811
    """The projector's polling board whose body raises shows one sentence in its place; the heading stays."""
    at, code, _ = teacher()
    start(at, "estimate", 3)
    monkeypatch.setattr(live_ui.Store, "tally", boom)
    projector = open_page("lessons/live.py", {"room": code, "view": "projector", "lang": "ko"})
    assert not projector.exception
    assert [e.value for e in projector.error] == [translate("page_failed", "ko")]
    assert any(code in h.value for h in projector.header)
    assert any("the fragment board_once failed" in r.getMessage() and r.exc_info for r in caplog.records)


def test_a_projector_board_whose_database_fails_names_the_database(db, monkeypatch):  # noqa: F811
    """A database error in the board's poll gives the class-database sentence, not a traceback."""
    at, code, _ = teacher()
    start(at, "estimate", 3)

    def down(*args, **kwargs):
        raise OperationalError("SELECT 1", {}, Exception("connection refused"))

    monkeypatch.setattr(live_ui.Store, "tally", down)
    projector = open_page("lessons/live.py", {"room": code, "view": "projector", "lang": "en"})
    assert not projector.exception
    assert [e.value for e in projector.error] == [translate("live_store_down", "en")]


def test_a_students_status_poll_whose_database_fails_names_the_database(db, monkeypatch):  # noqa: F811
    """The student's polling status with a database error gives one sentence in its place."""
    at, code, _ = teacher()
    start(at, "estimate", 3)
    student, me = join(code, "kim")

    def down(*args, **kwargs):
        raise OperationalError("SELECT 1", {}, Exception("connection refused"))

    monkeypatch.setattr(live_ui.Store, "my_answer", down)
    student.run()
    assert not student.exception
    assert translate("live_store_down", "en") in [e.value for e in student.error]


def _callbacks(path: Path) -> list[tuple[str, int]]:
    """Each on_change= / on_click= / on_moved= argument of a call in ``path`` that names a function: (name, line)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.keyword) and node.arg in ("on_change", "on_click", "on_moved"):
            if isinstance(node.value, ast.Name):
                found.append((node.value.id, node.value.lineno))
            elif isinstance(node.value, ast.Attribute) and isinstance(node.value.value, ast.Name):
                found.append((f"{node.value.value.id}.{node.value.attr}", node.value.lineno))
    return found


def _decorated(path: Path) -> dict[str, list[str]]:
    """The decorators (as source text) of each function defined in ``path``, nested ones included."""
    tree = ast.parse(path.read_text())
    return {
        node.name: [ast.unparse(d) for d in node.decorator_list]
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef)
    }


def _imported_modules(path):
    """The app modules ``path`` imports by name (``from ui import x``, ``from ui.features import y as z``): name -> file."""
    out = {}
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] in ("ui", "teach"):
            for alias in node.names:
                target = ROOT / (node.module.replace(".", "/") + f"/{alias.name}.py")
                if target.exists():
                    out[alias.asname or alias.name] = target
    return out


def test_every_widget_callback_is_wrapped():
    """Every function given to a widget as its callback is wrapped by failsafe.callback (or by sortable_list)."""
    unwrapped, seen = [], 0
    for path in sorted([*ROOT.glob("lessons/*.py"), *ROOT.glob("ui/*.py"), *ROOT.glob("ui/features/*.py")]):
        local = _decorated(path)
        modules = _imported_modules(path)
        for name, line in _callbacks(path):
            seen += 1
            if name.startswith("live.") or name == "on_moved_change":
                continue
            if "." in name:
                module, attr = name.split(".", 1)
                decorators = _decorated(modules[module]).get(attr) if module in modules else None
            else:
                decorators = local.get(name)
            nested_ok = name == "on_moved" and path.name in ("exercises.py", "live.py")  # sortable_list wraps it
            if (
                decorators is None
                and not nested_ok
                or decorators is not None
                and "failsafe.callback" not in decorators
                and not nested_ok
            ):
                unwrapped.append(f"{path.relative_to(ROOT)}:{line} {name}")
    assert seen >= 25, seen
    assert not unwrapped, unwrapped


def test_the_drag_lists_callback_is_wrapped():
    """sortable_list hands Streamlit a wrapped on_moved."""
    text = (ROOT / "ui/components/sortable.py").read_text()
    assert "on_moved_change=failsafe.callback(on_moved)" in text
