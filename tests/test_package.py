"""The installable core: ``pip wheel .`` builds a wheel of ndcg_core alone, and installed outside the checkout it
gives ``import ndcg_core``, ``python -m ndcg_core`` and the ``ndcg-eval`` command with the checkout's numbers.

The wheel is built offline (no index, no build isolation: setuptools comes from requirements-dev.txt) from a copy of
pyproject.toml and ndcg_core, so that setuptools' build/ and egg-info folders never land in the checkout.
"""

from __future__ import annotations

import ast
import email
import importlib.metadata
import os
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest
from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parents[1]
CORE = ROOT / "ndcg_core"
SAMPLES = [str(ROOT / "samples" / "qrels.txt"), str(ROOT / "samples" / "run_a.txt")]
CLI_ARGS = [[], ["-q"], ["-c", "-J", "--gain", "exponential"], ["-m", "ndcg_cut.5,10", "--ties", "average"]]


def _run(args: list[str], **kwargs) -> subprocess.CompletedProcess[str]:
    """A command's result, its output in the assertion message when it fails."""
    done = subprocess.run(args, capture_output=True, text=True, timeout=300, **kwargs)
    assert done.returncode == 0, (args, done.stdout, done.stderr)
    return done


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """The wheel built from a copy of the checkout's pyproject.toml, README.md and ndcg_core."""
    src = tmp_path_factory.mktemp("src")
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, src / name)
    shutil.copytree(CORE, src / "ndcg_core", ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    dist = tmp_path_factory.mktemp("dist")
    _run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "--no-index",
            "-q",
            "-w",
            str(dist),
            str(src),
        ],
        cwd=src,
    )
    (built,) = dist.glob("*.whl")
    return built


@pytest.fixture(scope="module")
def installed(wheel, tmp_path_factory) -> Path:
    """A folder the wheel is installed into (``pip install --target``), apart from the checkout."""
    target = tmp_path_factory.mktemp("site")
    _run([sys.executable, "-m", "pip", "install", "--no-deps", "--no-index", "-q", "--target", str(target), str(wheel)])
    return target


def _outside(installed: Path) -> dict[str, str]:
    """Keyword arguments that run a command from a folder outside the checkout, importing only the installed core."""
    env = {**os.environ, "PYTHONPATH": str(installed)}
    env.pop("PYTHONSAFEPATH", None)
    return {"cwd": installed.parent, "env": env}


def _metadata(wheel: Path) -> email.message.Message:
    """The wheel's METADATA file."""
    with zipfile.ZipFile(wheel) as zf:
        (name,) = [n for n in zf.namelist() if n.endswith(".dist-info/METADATA")]
        return email.message_from_bytes(zf.read(name))


def test_the_wheel_holds_every_core_module_and_nothing_else(wheel):
    """The wheel's files are ndcg_core's modules (every subpackage included), its py.typed marker and the metadata."""
    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
    metadata = {n for n in names if n.split("/")[0].endswith(".dist-info")}
    modules = {p.relative_to(ROOT).as_posix() for p in CORE.rglob("*.py") if "__pycache__" not in p.parts}
    assert names - metadata == modules | {"ndcg_core/py.typed"}
    assert {n.split("/", 1)[1] for n in metadata} >= {"METADATA", "WHEEL", "RECORD", "entry_points.txt"}


def test_every_library_the_core_imports_is_a_dependency_of_the_wheel(wheel):
    """Each third-party package imported under ndcg_core is a dependency of the wheel, dask one of its dask extra."""
    imported = set()
    for path in CORE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                imported |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                imported.add(node.module.split(".")[0])
    third_party = imported - set(sys.stdlib_module_names) - {"ndcg_core", "__future__"}
    requires = [Requirement(r) for r in _metadata(wheel).get_all("Requires-Dist")]
    plain = {r.name for r in requires if r.marker is None}
    extra = {r.name for r in requires if r.marker is not None and r.marker.evaluate({"extra": "dask"})}
    assert third_party == {"numpy", "pandas", "pyarrow", "dask"}, third_party
    assert plain == {"numpy", "pandas", "pyarrow"}
    assert {"dask", "distributed"} <= extra


def test_the_tested_versions_satisfy_the_wheel_s_dependencies(wheel):
    """The numpy, pandas and pyarrow this checkout tests with are inside the version ranges the wheel asks for."""
    for req in (Requirement(r) for r in _metadata(wheel).get_all("Requires-Dist")):
        if req.marker is None:
            assert req.specifier.contains(importlib.metadata.version(req.name)), req


def test_the_installed_core_is_imported_from_the_install_with_its_type_marker(installed):
    """Outside the checkout, ``import ndcg_core`` finds the installed copy, whose py.typed marker came along."""
    code = "import ndcg_core, ndcg_core.batch, ndcg_core.trec_fast; print(ndcg_core.__file__)"
    done = _run([sys.executable, "-c", code], **_outside(installed))
    assert Path(done.stdout.strip()).is_relative_to(installed)
    assert (installed / "ndcg_core" / "py.typed").is_file()


@pytest.mark.parametrize("options", CLI_ARGS, ids=lambda a: " ".join(a) or "default")
def test_the_installed_command_line_prints_what_the_checkout_prints(installed, options):
    """``python -m ndcg_core`` and ``ndcg-eval``, installed, print what the checkout's command line prints."""
    want = _run([sys.executable, "-m", "ndcg_core", *options, *SAMPLES], cwd=ROOT).stdout
    assert want.strip()
    module = _run([sys.executable, "-m", "ndcg_core", *options, *SAMPLES], **_outside(installed))
    script = installed / "bin" / ("ndcg-eval.exe" if os.name == "nt" else "ndcg-eval")
    command = _run([str(script), *options, *SAMPLES], **_outside(installed))
    assert module.stdout == want
    assert command.stdout == want


def test_the_installed_command_names_itself_in_its_errors(installed):
    """A bad ``ndcg-eval`` call exits with code 2 and one line that names ``ndcg-eval``."""
    script = installed / "bin" / ("ndcg-eval.exe" if os.name == "nt" else "ndcg-eval")
    done = subprocess.run(
        [str(script), "--gain", "cubic", *SAMPLES], capture_output=True, text=True, timeout=300, **_outside(installed)
    )
    assert done.returncode == 2
    assert done.stderr.startswith("ndcg-eval: ") and done.stderr.count("\n") == 1, done.stderr


STRICT = (
    "disallow_any_generics",
    "disallow_subclassing_any",
    "disallow_untyped_calls",
    "disallow_untyped_defs",
    "disallow_incomplete_defs",
    "check_untyped_defs",
    "disallow_untyped_decorators",
    "warn_unused_ignores",
    "warn_return_any",
    "strict_equality",
    "extra_checks",
)  # --strict's flags that a module override can set


def test_the_core_is_type_checked_strictly_in_make_lint():
    """[tool.mypy] turns every --strict flag on for the core and checks the four packages; make lint runs it."""
    mypy = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    core = next(o for o in mypy["overrides"] if "ndcg_core.*" in o["module"])
    assert all(core.get(flag) is True for flag in STRICT) and core.get("implicit_reexport") is False, core
    assert mypy.get("warn_redundant_casts") is True and mypy.get("warn_unused_configs") is True
    assert set(mypy["files"]) == {"ndcg_core", "teach", "live", "ui"}
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    lint = makefile[makefile.index("\nlint:") :].split("\n\n")[0]
    assert "mypy" in lint and "ruff format --check" in lint and "ruff check" in lint, lint
    assert "lint" in makefile[makefile.index("\ntest:") :].split("\n")[1], "make test runs make lint first"


def test_type_checkers_see_every_public_name_of_the_lazy_package():
    """``ndcg_core/__init__.py`` imports each lazily loaded public name from its home under TYPE_CHECKING."""
    import ndcg_core

    tree = ast.parse((CORE / "__init__.py").read_text(encoding="utf-8"))
    block = next(node for node in tree.body if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING")
    seen = {
        alias.asname: node.module
        for node in block.body
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
        if alias.asname == alias.name
    }
    assert seen == ndcg_core._HOMES
