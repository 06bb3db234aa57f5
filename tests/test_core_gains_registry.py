"""One gain list: a gain registered in ``ndcg_core._registry.GAINS`` is taken by the command line, ``trec_fast``,
``score_collection``, ``score_ranking`` and ``evaluate_run``, and no other module of the core lists the gains."""

from __future__ import annotations

import ast
import math
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from ndcg_core import GAINS, collection, evaluate_run, score_ranking
from ndcg_core.__main__ import main
from ndcg_core.collection import score_collection
from ndcg_core.trec import read_qrels, read_run, trec_eval_ndcg
from ndcg_core.trec_fast import fast_trec_eval

CORE = Path(collection.__file__).resolve().parent
QRELS = "q1 0 d1 3\nq1 0 d2 1\nq1 0 d3 0\nq1 0 d4 2\n"
RUN = "q1 Q0 d2 1 3.0 t\nq1 Q0 d1 2 2.0 t\nq1 Q0 d3 3 1.0 t\n"
# By hand, under the gain sqrt(grade): the run ranks d2 (1), d1 (3), d3 (0); the ideal is 3, 2, 1, 0 (d4 is judged
# but not retrieved, and trec_eval's ideal holds every judged document).
DCG = math.sqrt(1) / math.log2(2) + math.sqrt(3) / math.log2(3) + 0.0
IDCG = math.sqrt(3) / math.log2(2) + math.sqrt(2) / math.log2(3) + math.sqrt(1) / math.log2(4)
NDCG = DCG / IDCG


def _sqrt_gain(rel: np.ndarray) -> np.ndarray:
    return np.sqrt(rel)


@pytest.fixture
def sqrt_gain(monkeypatch):
    """Register a 'sqrt' gain (the grade's square root: 0 stays 0, order kept) in the core's registry for one test."""
    monkeypatch.setitem(GAINS, "sqrt", _sqrt_gain)
    return "sqrt"


@pytest.fixture
def trec_files(tmp_path) -> tuple[str, str]:
    """The qrels and run above as files."""
    (tmp_path / "qrels.txt").write_text(QRELS)
    (tmp_path / "run.txt").write_text(RUN)
    return str(tmp_path / "qrels.txt"), str(tmp_path / "run.txt")


def _frames() -> tuple[pd.DataFrame, pd.DataFrame]:
    """The run and qrels above as frames."""
    run = pd.DataFrame({"query_id": ["q1"] * 3, "doc_id": ["d2", "d1", "d3"], "score": [3.0, 2.0, 1.0]})
    qrels = pd.DataFrame({"query_id": ["q1"] * 4, "doc_id": ["d1", "d2", "d3", "d4"], "relevance": [3, 1, 0, 2]})
    return run, qrels


def test_the_command_line_takes_a_registered_gain(sqrt_gain, trec_files, capsys):
    """``--gain sqrt`` is accepted once sqrt is registered, and prints the hand-computed nDCG."""
    assert main(["--gain", sqrt_gain, "-m", "ndcg", *trec_files]) == 0
    out = capsys.readouterr().out
    assert out == f"{'ndcg':<22}\tall\t{NDCG:6.4f}\n"


def test_the_command_line_refuses_a_gain_not_registered(trec_files, capsys):
    """A gain nobody registered (``--gain cube``) exits with code 2 and one line naming the registered gains."""
    with pytest.raises(SystemExit) as stop:
        main(["--gain", "cube", *trec_files])
    err = capsys.readouterr().err
    assert stop.value.code == 2
    assert "invalid choice: 'cube'" in err and all(g in err for g in GAINS) and err.count("\n") == 1


def test_trec_fast_and_the_careful_readers_take_a_registered_gain(sqrt_gain):
    """``fast_trec_eval`` scores sqrt itself (no fallback) and agrees with ``trec_eval_ndcg`` and the hand value."""
    fast = fast_trec_eval(QRELS.encode(), RUN.encode(), gain=sqrt_gain)
    careful = trec_eval_ndcg(read_run(RUN.encode()), read_qrels(QRELS.encode()), gain=sqrt_gain)
    assert fast is not None
    assert fast.per_query["ndcg"]["q1"] == pytest.approx(NDCG, rel=1e-12)
    assert careful.per_query["ndcg"]["q1"] == pytest.approx(NDCG, rel=1e-12)


@pytest.mark.parametrize("path", ["fast", "careful"])
def test_score_collection_scores_every_registered_gain(sqrt_gain, monkeypatch, path):
    """``score_collection`` adds an ``ndcg_sqrt`` column and mean on both its paths, the others unchanged."""
    run, qrels = _frames()
    before = score_collection(run, qrels)  # every gain, sqrt included
    if path == "careful":
        monkeypatch.setattr(collection, "_fast_parts", lambda *args: None)
    else:
        assert collection._fast_parts(run, qrels, 10, "judged") is not None
    got = score_collection(run, qrels)
    assert collection.GAINS == tuple(GAINS) and sqrt_gain in collection.GAINS
    assert [c for c in got.per_query.columns if c.startswith("ndcg_")] == [f"ndcg_{g}" for g in GAINS]
    assert got.per_query["ndcg_sqrt"].tolist() == pytest.approx([NDCG], rel=1e-12)
    assert got.mean["sqrt"] == pytest.approx(NDCG, rel=1e-12)
    assert got.mean["linear"] == before.mean["linear"] and got.mean["exponential"] == before.mean["exponential"]


def test_score_ranking_and_evaluate_run_take_a_registered_gain(sqrt_gain):
    """``score_ranking`` (the judged pool as its ideal) and ``evaluate_run`` give the hand-computed nDCG under sqrt."""
    ranking = score_ranking([1, 3, 0], gain=sqrt_gain, ideal_pool=[3, 1, 0, 2])
    assert (ranking.dcg, ranking.idcg) == (pytest.approx(DCG, rel=1e-12), pytest.approx(IDCG, rel=1e-12))
    assert ranking.ndcg == pytest.approx(NDCG, rel=1e-12)
    assert evaluate_run(*_frames(), gain=sqrt_gain, ties="stable").mean == pytest.approx(NDCG, rel=1e-12)


def _literal_names(node: ast.AST) -> set[str] | None:
    """The strings of a tuple, list or set display (or a dict display's keys) made of string constants only."""
    items = node.keys if isinstance(node, ast.Dict) else getattr(node, "elts", None)
    if not isinstance(node, (ast.Tuple, ast.List, ast.Set, ast.Dict)) or not items:
        return None
    if not all(isinstance(x, ast.Constant) and isinstance(x.value, str) for x in items):
        return None
    return {x.value for x in items}


def test_no_core_module_but_the_registry_lists_the_gain_names():
    """Outside ``_registry.py``, no module of ndcg_core writes the gains' names as a tuple, list, set or dict."""
    copies = []
    for path in sorted(CORE.rglob("*.py")):
        if path.name == "_registry.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if _literal_names(node) == set(GAINS):
                copies.append(f"{path.relative_to(CORE.parent)}:{node.lineno}")
    assert not copies, f"gain names written out (read them from ndcg_core._registry.GAINS instead): {copies}"


def test_no_app_module_lists_the_gain_names_but_the_exercises_pair():
    """In teach, live, ui, lessons and app.py the gains' names are written out twice: the exercises' compared pair, and
    the pair the browser's own arithmetic (ui/components/ndcg_js.py) computes, which ui/listscore.py names."""
    root = CORE.parent
    copies = []
    for path in sorted(
        [
            *root.glob("teach/**/*.py"),
            *root.glob("live/*.py"),
            *root.glob("ui/**/*.py"),
            *root.glob("lessons/*.py"),
            root / "app.py",
        ]
    ):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Dict) and path.name == "choices.py":
                continue  # teach/choices.py's facts per gain are keyed by name (a test checks they match GAINS)
            if _literal_names(node) == set(GAINS):
                copies.append(f"{path.relative_to(root)}:{node.lineno}")
    assert {c.split(":")[0] for c in copies} <= {"teach/exercises.py", "ui/listscore.py"}, copies
