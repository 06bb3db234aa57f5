"""Test lanes: which tests start Chromium, an app server, PostgreSQL or a cluster (tests/conftest.py marks them).

``make test`` runs every test; ``make test-fast`` leaves out the four lanes below. No test needs to mark
itself: ``mark_lanes`` gives each test the markers of the lanes it starts, so a new test that uses
``server_url``, ``pg_cluster`` or a module fixture of its own that starts a ``Server`` is marked at once
(an explicit ``@pytest.mark.browser`` still counts).

A test is in a lane when the test itself, a fixture it uses (also one asked for with
``request.getfixturevalue("name")``), or any function or class of this project that they use, however
deep, names one of the lane's starters. The starters are matched by name, so moving them between modules
changes nothing. A parametrized fixture that asks for another one only for some params (``db_url`` in
tests/test_live_store.py: ``sqlite`` or ``postgresql``) passes the lane only to the params whose id holds
one of the lane's words, when any of its params does; otherwise to all of them.

tests/test_lanes.py checks that the fast lane starts none of them.
"""

from __future__ import annotations

import dis
import importlib
import inspect
import sys
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv"

# lane: (starters, words in a param's id that name the lane)
LANES: dict[str, tuple[frozenset[str], tuple[str, ...]]] = {
    # Debian's Chromium through Playwright (the browser fixture; load_classroom's students)
    "browser": (frozenset({"chromium_path", "sync_playwright"}), ("browser", "chromium")),
    # a real `streamlit run` subprocess (deploy/harness.py Server; every benchmark driver starts one)
    "server": (frozenset({"Server"}), ("server",)),
    # a throwaway PostgreSQL cluster (deploy/pg.py; the pg_cluster fixture)
    "db": (frozenset({"postgres_cluster"}), ("postgres",)),
    # Dask's two worker processes; nginx in front of app replicas (deploy/scale_out.py)
    "cluster": (frozenset({"LocalCluster", "ScaleOut"}), ("dask", "nginx", "cluster")),
}

PAGE_SCRIPTS = ("lessons", "pages")  # importing one runs a page

_LOOKED: dict[object, tuple[frozenset[str], tuple[object, ...]]] = {}
_REACHED: dict[object, frozenset[str]] = {}


def mark_lanes(items) -> None:
    """Add to each collected test the markers of the lanes it starts."""
    for item in items:
        for lane in sorted(lanes_of(item)):
            if not item.get_closest_marker(lane):
                item.add_marker(lane)


def lanes_of(item) -> set[str]:
    """The lanes a collected test starts: through its own code, its fixtures and what they use."""
    function = getattr(item, "function", None)
    if function is None or not hasattr(item, "_fixtureinfo"):  # a doctest
        return set()
    params = item.callspec.params if hasattr(item, "callspec") else {}
    seen = set(item.fixturenames)  # the fixtures it uses, and theirs
    lanes = set(reach(function))
    for name in _getfixturevalue_names(function):
        if name not in seen:
            seen.add(name)
            lanes |= _fixture_lanes(name, item, params, seen)
    for name in item.fixturenames:
        lanes |= _fixture_lanes(name, item, params, seen)
    return lanes


def _fixture_lanes(name: str, item, params: dict, seen: set[str]) -> set[str]:
    """The lanes of fixture ``name`` as ``item`` sees it: its function and the fixtures it uses or asks for."""
    # the item's own view first: a test's parametrize argument hides a fixture of the same name ("page")
    defs = item._fixtureinfo.name2fixturedefs.get(name) or item.session._fixturemanager.getfixturedefs(name, item)
    if not defs:  # "request" is no fixture of ours
        return set()
    fixturedef = defs[-1]
    lanes = set(reach(fixturedef.func))
    for arg in fixturedef.argnames:
        if arg not in seen:
            seen.add(arg)
            lanes |= _fixture_lanes(arg, item, params, seen)
    for asked in _getfixturevalue_names(fixturedef.func):
        if asked in seen:
            continue
        seen.add(asked)
        found = _fixture_lanes(asked, item, params, seen)
        if fixturedef.params and name in params:  # asked for by some params only, perhaps
            found = {lane for lane in found if _param_has_lane(fixturedef.params, params[name], lane)}
        lanes |= found
    return lanes


def _param_has_lane(all_params, param, lane: str) -> bool:
    """Whether a param gets ``lane``: it names the lane, or no param of its fixture names it."""
    words = LANES[lane][1]

    def names(p) -> bool:
        return any(word in str(p).lower() for word in words)

    return names(param) or not any(names(p) for p in all_params)


def _getfixturevalue_names(func) -> list[str]:
    """The literal names passed to request.getfixturevalue() in ``func`` (and functions nested in it)."""
    found = []
    for code in _codes(getattr(_unwrap(func), "__code__", None)):
        asking = False
        for ins in dis.get_instructions(code):
            if ins.argval == "getfixturevalue" and ins.opname in ("LOAD_ATTR", "LOAD_METHOD"):
                asking = True
            elif asking and ins.opname == "LOAD_CONST":
                if isinstance(ins.argval, str):
                    found.append(ins.argval)
                asking = False
    return found


def reach(func) -> frozenset[str]:
    """The lanes whose starters ``func``, or any project function or class it uses however deep, names."""
    func = _unwrap(func)
    if func in _REACHED:
        return _REACHED[func]
    lanes: set[str] = set()
    todo, done = [func], set()
    while todo:
        obj = todo.pop()
        if obj in done:
            continue
        done.add(obj)
        named, used = _look(obj)
        lanes |= named
        todo.extend(used)
    _REACHED[func] = frozenset(lanes)
    return _REACHED[func]


def _look(obj) -> tuple[frozenset[str], tuple[object, ...]]:
    """(the lanes whose starters ``obj`` names itself, the project functions and classes it uses)."""
    if obj in _LOOKED:
        return _LOOKED[obj]
    if isinstance(obj, type):
        members = [m.__func__ if isinstance(m, staticmethod | classmethod) else m for m in vars(obj).values()]
        members = [m.fget if isinstance(m, property) else m for m in members]
        found: tuple[frozenset[str], tuple[object, ...]] = (frozenset(), tuple(m for m in members if _own(m)))
    else:
        codes = _codes(getattr(obj, "__code__", None))
        names = {name for code in codes for name in code.co_names}
        spaces = [getattr(obj, "__globals__", {})]
        for code in codes:  # imports inside the function: from x import y
            for ins in dis.get_instructions(code):
                if ins.opname == "IMPORT_NAME" and (module := _project_module(ins.argval)) is not None:
                    spaces.append(vars(module))
        used = []
        for space in spaces:
            for name in names:
                value = space.get(name)
                if isinstance(value, types.ModuleType):  # module.attribute: of our own modules only
                    if _own_file(getattr(value, "__file__", None) or ""):
                        used += [getattr(value, other, None) for other in names]
                else:
                    used.append(value)
        used = [_unwrap(u) for u in used]
        named = frozenset(lane for lane, (starters, _) in LANES.items() if names & starters)
        found = (named, tuple(u for u in used if _own(u)))
    _LOOKED[obj] = found
    return found


def _unwrap(obj):
    """A decorated function's own function (@contextmanager, functools.wraps, Hypothesis's @given)."""
    inner = getattr(getattr(obj, "hypothesis", None), "inner_test", None)
    if inner is not None:
        obj = inner
    try:
        return inspect.unwrap(obj) if callable(obj) else obj
    except ValueError:  # a cycle of __wrapped__
        return obj


def _codes(code) -> list[types.CodeType]:
    """``code`` and the code of every function, class body and comprehension nested in it."""
    if code is None:
        return []
    out = [code]
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            out += _codes(const)
    return out


def _own(obj) -> bool:
    """A function or class of this project's own files (not of the venv or the standard library)."""
    if inspect.isfunction(obj):
        path = obj.__code__.co_filename
    elif inspect.isclass(obj):
        path = getattr(sys.modules.get(obj.__module__), "__file__", None) or ""
    else:
        return False
    return _own_file(path)


def _own_file(path: str) -> bool:
    return path.startswith(str(ROOT)) and not path.startswith(str(VENV))


def _project_module(name: str) -> types.ModuleType | None:
    """The module ``name`` when it is one of this project's (imported now if it is not yet; never a page script)."""
    top = name.split(".")[0] if name else ""
    if not top or top in PAGE_SCRIPTS or not (ROOT / top).is_dir():
        return None
    try:
        return sys.modules.get(name) or importlib.import_module(name)
    except Exception:  # a module that cannot be imported here starts nothing we can see
        return None
