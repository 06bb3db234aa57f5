"""Sessions share no mutable state: module-level values and cached results stay as they were while pages run."""

from __future__ import annotations

import ast
import copy
import dataclasses
import importlib
import inspect
import pkgutil
import types
from pathlib import Path

import numpy as np
import pandas as pd
import pyarrow as pa
import pytest

import live
import ndcg_core
import ui
from teach import exercises, url
from tests.conftest import open_page
from ui import averaging, nav, share

ROOT = Path(__file__).resolve().parent.parent
CONTAINERS = (dict, list, set, bytearray, np.ndarray, pd.DataFrame, types.MappingProxyType)


def modules():
    """Every module of ui/, ndcg_core/ and live/, imported."""
    out = []
    for package in (ui, ndcg_core, live):
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            out.append(importlib.import_module(info.name))
    return out


def snapshot() -> dict:
    """A deep copy of every module-level container and of the shared cached results."""
    out = {}
    for mod in modules():
        for name, value in vars(mod).items():
            if not name.startswith("__") and isinstance(value, CONTAINERS):
                out[f"{mod.__name__}.{name}"] = copy.deepcopy(
                    dict(value) if isinstance(value, types.MappingProxyType) else value
                )
    out["averaging.evaluations()"] = copy.deepcopy(dict(averaging.evaluations()))
    out["averaging._figures()"] = dict(averaging._figures())
    out["url._preset_queries()"] = [(n, dict(q)) for n, q in url._preset_queries()]
    return out


def same(a, b) -> bool:
    if isinstance(a, pd.DataFrame):
        return a.equals(b)
    if isinstance(a, np.ndarray):
        return np.array_equal(a, b)
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, (list, tuple)):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    if dataclasses.is_dataclass(a) and not isinstance(a, type):
        return all(same(getattr(a, f.name), getattr(b, f.name)) for f in dataclasses.fields(a))
    return a == b


def test_running_every_page_changes_no_module_level_value():
    """After every page ran in both languages, with clicks, each module-level container and cached result is unchanged."""
    before = snapshot()
    for lang in ("ko", "en"):
        for lesson in (nav.INTRO, *nav.LESSONS):
            at = open_page(lesson.script, {"items": "A,B,C", "rel": "1,3,2", "k": "3", "lang": lang})
            for button in [b for b in at.button if b.key and b.key.endswith(("_reverse", "_next"))][:1]:
                button.click().run()
            assert not at.exception
    after = snapshot()
    assert before.keys() == after.keys()
    changed = [name for name in before if not same(before[name], after[name])]
    assert changed == []


def test_module_level_mutable_values_are_named_as_constants():
    """No imported module keeps a lowercase module-level dict, list or set (per-session data lives in session state).

    Lesson scripts and app.py are left out: Streamlit runs them afresh for each run of each session.
    """
    found = []
    for path in [*ROOT.glob("ui/**/*.py"), *ROOT.glob("ndcg_core/**/*.py"), *ROOT.glob("live/**/*.py")]:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, (ast.Assign, ast.AnnAssign)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                value = node.value
                mutable = isinstance(value, (ast.Dict, ast.List, ast.Set, ast.DictComp, ast.ListComp, ast.SetComp)) or (
                    isinstance(value, ast.Call) and getattr(value.func, "id", "") in {"dict", "list", "set"}
                )
                names = [t.id for t in targets if isinstance(t, ast.Name)]
                if mutable and any(not n.isupper() for n in names if not n.startswith("__")):
                    found.append(f"{path.relative_to(ROOT)}: {names}")
            if isinstance(node, ast.Global):
                found.append(f"{path.relative_to(ROOT)}: global {node.names}")
    assert found == []


def test_cached_results_are_read_only_values():
    """What an lru_cache hands to every session is immutable: frozen dataclasses, tuples, bytes or read-only maps."""
    assert isinstance(averaging.evaluations(), types.MappingProxyType)
    assert isinstance(averaging._table("en"), pa.Table)  # Arrow tables cannot be changed in place
    figures = averaging._figures()
    assert isinstance(figures, types.MappingProxyType) and all(isinstance(v, tuple) for v in figures.values())
    assert all(isinstance(q, types.MappingProxyType) for _, q in url._preset_queries())
    ex = exercises.make("swap", 1)
    assert type(ex).__dataclass_params__.frozen and all(
        isinstance(getattr(ex, f.name), (tuple, str, int, type(None))) for f in dataclasses.fields(ex)
    )
    assert isinstance(share.qr_png("http://x/steps?rel=1"), bytes)
    assert isinstance(ndcg_core.lessons._search((0.0, 1.0, 3.0), "log2", None), tuple)


def _streamlit_cached() -> list[str]:
    """Every function under ui/, lessons/, live/ and ndcg_core/ decorated with st.cache_data or st.cache_resource."""
    found = []
    for path in sorted(
        [
            *ROOT.glob("ui/**/*.py"),
            *ROOT.glob("lessons/*.py"),
            *ROOT.glob("live/*.py"),
            *ROOT.glob("ndcg_core/**/*.py"),
            ROOT / "app.py",
        ]
    ):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and any(
                "cache_data" in ast.unparse(d) or "cache_resource" in ast.unparse(d) for d in node.decorator_list
            ):
                found.append(f"{path.relative_to(ROOT)}:{node.name}")
    return found


def _attributes_set_outside_init(cls) -> list[str]:
    """Attributes a class's methods other than __init__ assign on self (a shared object must have none)."""
    tree = ast.parse(Path(inspect.getsourcefile(cls)).read_text(encoding="utf-8"))
    body = next(n for n in ast.walk(tree) if isinstance(n, ast.ClassDef) and n.name == cls.__name__)
    out = []
    for method in (n for n in body.body if isinstance(n, ast.FunctionDef) and n.name != "__init__"):
        for node in ast.walk(method):
            targets = (
                node.targets
                if isinstance(node, ast.Assign)
                else [node.target]
                if isinstance(node, (ast.AugAssign, ast.AnnAssign))
                else []
            )
            out += [
                f"{method.name}: self.{t.attr}"
                for t in targets
                if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == "self"
            ]
    return out


def test_streamlit_caches_hold_values_no_session_can_change(tmp_path):
    """Each st.cache_data / st.cache_resource result is a frozen value (a room, a question) or the store, whose
    methods never assign to it after it is made; a new cached function must be added here."""
    from live.store import Question, Room, Store
    from ui.features import live as live_ui

    assert _streamlit_cached() == [
        "ui/features/live.py:_store",
        "ui/features/live.py:_room",
        "ui/features/live.py:_current_question",
        "ui/features/live.py:_join_token",
    ]
    assert _attributes_set_outside_init(Store) == []
    url = f"sqlite:///{tmp_path / 'shared.sqlite3'}"
    store = live_ui._store(url)
    assert live_ui._store(url) is store  # one per process: its engine and pool
    code, key = store.create_room(hours=1)
    store.start_question(code, key, "estimate", 1)
    room, question = live_ui._room(url, code), live_ui._current_question(url, code)
    for value, cls in ((room, Room), (question, Question)):
        assert type(value) is cls and cls.__dataclass_params__.frozen
        assert all(isinstance(getattr(value, f.name), (str, int, float)) for f in dataclasses.fields(value))
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(value, dataclasses.fields(value)[0].name, None)
    assert live_ui._room(url, "NONE00") is None
    assert isinstance(live_ui._join_token(url, code), str) and live_ui._join_token(url, "NONE00") is None
    live_ui._store.clear()
