"""The import rules of the house, read from every module's imports: layers only point down, and nothing hides a cycle.

From the bottom: ``ndcg_core`` (the numbers) imports nothing local; ``teach`` (what the lessons know,
never Streamlit) imports only the core; ``live`` (the class's store) only those two; ``ui`` (Streamlit)
those three; ``lessons`` and ``app.py`` anything above the tooling. Nothing outside ``tests/`` imports
``tests/``.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCAL = {"ndcg_core", "teach", "live", "ui", "lessons", "pages", "app", "tests", "benchmarks", "deploy", "samples"}
TOOLING = {"tests", "benchmarks", "deploy"}
ALLOWED = {  # package -> the local packages its modules may import
    "ndcg_core": {"ndcg_core"},
    "teach": {"ndcg_core", "teach"},
    "live": {"ndcg_core", "teach", "live"},
    "ui": {"ndcg_core", "teach", "live", "ui"},
    "lessons": {"ndcg_core", "teach", "live", "ui", "lessons"},
    "app": {"ndcg_core", "teach", "live", "ui"},
    "pages": set(),  # runpy stubs
    "samples": {"ndcg_core"},
    "deploy": LOCAL - {"tests"},
    "benchmarks": LOCAL - {"tests"},
    "tests": LOCAL,
}
NO_STREAMLIT = {"ndcg_core", "teach", "live"}
NO_LATE_IMPORTS = {"teach", "live", "ui", "lessons", "app"}  # app code: a late import there only hides a cycle


def _modules() -> dict[str, Path]:
    """Every local module by dotted name (a package by its ``__init__``)."""
    out = {}
    for path in ROOT.rglob("*.py"):
        parts = path.relative_to(ROOT).with_suffix("").parts
        if parts[0] not in LOCAL:
            continue
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


MODULES = _modules()


def _resolve(node: ast.ImportFrom | ast.Import, here: str) -> Iterator[str]:
    """The local modules an import statement loads (``from ui import session`` loads ``ui.session``)."""
    if isinstance(node, ast.Import):
        yield from (a.name for a in node.names if a.name.split(".")[0] in LOCAL)
        return
    base = node.module or ""
    if node.level:  # relative: from the module's package (a package's __init__ is its own package)
        package = here.split(".") if MODULES[here].name == "__init__.py" else here.split(".")[:-1]
        package = package[: len(package) - node.level + 1]
        base = ".".join([*package, *([base] if base else [])])
    if base.split(".")[0] not in LOCAL:
        return
    for alias in node.names:
        sub = f"{base}.{alias.name}"
        yield sub if sub in MODULES else base


def _type_checking_only(node: ast.If) -> bool:
    return (
        isinstance(node.test, ast.Name)
        and node.test.id == "TYPE_CHECKING"
        or isinstance(node.test, ast.Attribute)
        and node.test.attr == "TYPE_CHECKING"
    )


class _Reader(ast.NodeVisitor):
    """Collects a module's imports, each marked as made at import time or inside a function."""

    def __init__(self, name: str) -> None:
        self.name, self.depth = name, 0
        self.top: list[tuple[str, int]] = []
        self.late: list[tuple[str, int]] = []
        self.other: list[str] = []

    def visit_If(self, node: ast.If) -> None:
        if not _type_checking_only(node):  # an ``if TYPE_CHECKING:`` block never runs
            self.generic_visit(node)

    def _function(self, node: ast.AST) -> None:
        self.depth += 1
        self.generic_visit(node)
        self.depth -= 1

    visit_FunctionDef = visit_AsyncFunctionDef = visit_Lambda = _function

    def _import(self, node: ast.Import | ast.ImportFrom) -> None:
        for target in _resolve(node, self.name):
            (self.late if self.depth else self.top).append((target, node.lineno))
        if isinstance(node, ast.Import):
            self.other += [a.name.split(".")[0] for a in node.names]
        elif node.module and not node.level:
            self.other.append(node.module.split(".")[0])

    visit_Import = visit_ImportFrom = _import


def _imports(name: str) -> tuple[list[tuple[str, int]], list[tuple[str, int]], list[str]]:
    """(module-level local imports, function-level local imports, every imported top name) of module ``name``."""
    reader = _Reader(name)
    reader.visit(ast.parse(MODULES[name].read_text(encoding="utf-8")))
    return reader.top, reader.late, reader.other


IMPORTS = {name: _imports(name) for name in MODULES}


def _package(name: str) -> str:
    return name.split(".")[0]


def test_each_layer_imports_only_the_layers_below_it():
    """No module imports a local package its layer may not use (``live`` never ``ui``, the core nothing local)."""
    broken = [
        f"{MODULES[name].relative_to(ROOT)}:{line} imports {target}"
        for name, (top, late, _) in IMPORTS.items()
        for target, line in [*top, *late]
        if _package(target) not in ALLOWED[_package(name)]
    ]
    assert broken == []


def test_nothing_outside_the_tests_imports_them():
    """deploy/ and benchmarks/ take their server harness from deploy/, never from tests/."""
    broken = [
        f"{name}:{line} imports {target}"
        for name, (top, late, _) in IMPORTS.items()
        if _package(name) != "tests"
        for target, line in [*top, *late]
        if _package(target) == "tests"
    ]
    assert broken == []


def test_the_pure_layers_never_import_streamlit():
    """ndcg_core, teach and live import no Streamlit module, at any depth of their own code."""
    broken = [
        name for name, (_, _, other) in IMPORTS.items() if _package(name) in NO_STREAMLIT and "streamlit" in other
    ]
    assert broken == []


def test_app_code_has_no_late_import():
    """No import inside a function in teach, live, ui, lessons or app.py: a late import there only hides a cycle."""
    broken = [
        f"{MODULES[name].relative_to(ROOT)}:{line} imports {target}"
        for name, (_, late, _) in IMPORTS.items()
        if _package(name) in NO_LATE_IMPORTS
        for target, line in late
    ]
    assert broken == []


def _reaches(start: str, goal: str) -> bool:
    """Whether importing ``start`` at module level loads ``goal``."""
    seen, todo = set(), [start]
    while todo:
        name = todo.pop()
        if name == goal:
            return True
        if name in seen or name not in IMPORTS:
            continue
        seen.add(name)
        todo += [target for target, _ in IMPORTS[name][0]]
    return False


def test_module_imports_form_no_cycle():
    """The module-level imports of every local module form no cycle, and a late import in the core is only for speed.

    The core imports its heavy modules late so that ``python -m ndcg_core`` starts light; none of
    those late imports would close a cycle if it were made at the top.
    """
    cycles = [
        f"{name} -> {target}"
        for name, (top, _, _) in IMPORTS.items()
        for target, _ in top
        if target != name and _reaches(target, name)
    ]
    hidden = [
        f"{name} -> {target} (late)"
        for name, (_, late, _) in IMPORTS.items()
        for target, _ in late
        if _reaches(target, name)
    ]
    assert cycles == [] and hidden == []


def test_the_rules_see_the_imports():
    """The import reader finds the edges it should (so an empty list of broken rules means something)."""
    top, _, other = IMPORTS["ui.session"]
    assert any(t == "teach.model" for t, _ in top) and "streamlit" in other
    assert any(t == "ndcg_core" or t.startswith("ndcg_core.") for t, _ in IMPORTS["live.questions"][0])
    assert _reaches("ui.features.registry", "ui.session")
