"""``python -m ndcg_core``: trec_eval's nDCG measures, value for value equal to pytrec-eval-terrier's.

Runs are seeded and awkward on purpose: scores that tie (broken by docno, descending), scores
that differ only in float64 (trec_eval compares 32-bit floats), unjudged documents, negative
grades, judged documents the run never retrieved, run queries without qrels and qrels queries
missing from the run.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
import pytrec_eval
from hypothesis import given, settings
from hypothesis import strategies as st

from ndcg_core.__main__ import main
from ndcg_core.trec import read_qrels, read_run, trec_eval_ndcg

ROOT = Path(__file__).resolve().parent.parent
CUTS = (1, 3, 5, 10)


def make_case(seed: int, *, queries: int = 6, docs: int = 12):
    """A seeded run and qrels: (run lines, qrels lines, run dict, qrels dict) with every awkward case."""
    rng = np.random.default_rng(seed)
    run_lines, qrels_lines, run, qrels = [], [], {}, {}
    for q in range(queries):
        qid = f"q{q}"
        pool = [f"d{q}_{i:02d}" for i in range(docs)]
        if q != queries - 1:  # the last query has no qrels at all: trec_eval skips it
            judged = rng.choice(pool, size=int(rng.integers(1, docs)), replace=False)
            qrels[qid] = {str(d): int(rng.integers(-2, 4)) for d in judged}  # negative grades included
            # pytrec_eval (trec_eval 9) crashes on a query whose every grade is negative; see the test below
            qrels[qid][str(judged[0])] = max(qrels[qid][str(judged[0])], 0)
            qrels_lines += [f"{qid} 0 {d} {g}" for d, g in qrels[qid].items()]
        if q == 0:
            continue  # judged but never retrieved: trec_eval skips it (and -c counts it as 0)
        retrieved = rng.choice(pool, size=int(rng.integers(1, docs)), replace=False)
        scores = rng.choice([1.0, 2.0, 2.5, 3.0], size=len(retrieved))  # many ties
        scores[0] += 1e-9  # equal to another score as a 32-bit float
        run[qid] = {str(d): float(s) for d, s in zip(retrieved, scores, strict=True)}
        order = rng.permutation(len(retrieved))  # the file's order and rank column mean nothing
        run_lines += [f"{qid} Q0 {retrieved[i]} {r + 1} {float(scores[i])!r} tag" for r, i in enumerate(order)]
    return run_lines, qrels_lines, run, qrels


def oracle(run, qrels, *, judged_only: bool = False) -> dict[str, dict[str, float]]:
    measures = {"ndcg", "ndcg_cut." + ",".join(map(str, CUTS))}
    return pytrec_eval.RelevanceEvaluator(qrels, measures, judged_docs_only_flag=judged_only).evaluate(run)


def files(tmp_path: Path, run_lines, qrels_lines) -> tuple[str, str]:
    (tmp_path / "qrels.txt").write_text("\n".join(qrels_lines) + "\n")
    (tmp_path / "run.txt").write_text("\n".join(run_lines) + "\n")
    return str(tmp_path / "qrels.txt"), str(tmp_path / "run.txt")


def cli(capsys, *args) -> tuple[int, str, str]:
    code = main(list(args))
    out = capsys.readouterr()
    return code, out.out, out.err


def parse(output: str) -> dict[tuple[str, str], str]:
    return {(m.strip(), q): v for m, q, v in (line.split("\t") for line in output.splitlines())}


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("judged_only", [False, True])
def test_every_line_equals_trec_eval_to_four_places(tmp_path, capsys, seed, judged_only):
    """-q -m ndcg -m ndcg_cut.1,3,5,10 (and -J) print every query's value and the mean as pytrec_eval computes them."""
    run_lines, qrels_lines, run, qrels = make_case(seed)
    flags = ["-q", "-m", "ndcg", "-m", "ndcg_cut." + ",".join(map(str, CUTS)), *(["-J"] if judged_only else [])]
    code, out, err = cli(capsys, *flags, *files(tmp_path, run_lines, qrels_lines))
    assert code == 0 and err == ""
    want = oracle(run, qrels, judged_only=judged_only)
    got = parse(out)
    names = ["ndcg", *(f"ndcg_cut_{k}" for k in CUTS)]
    assert {q for _, q in got} - {"all"} == set(want)  # only queries in both files
    for q, values in want.items():
        for m in names:
            assert got[(m, q)] == f"{values[m]:6.4f}", (m, q)
    for m in names:
        assert got[(m, "all")] == f"{np.mean([v[m] for v in want.values()]):6.4f}"


@given(seed=st.integers(0, 2**32 - 1))
@settings(max_examples=40, deadline=None)
def test_the_values_equal_pytrec_evals_to_the_last_digit(seed):
    """trec_eval_ndcg's per-query values equal pytrec_eval's within 1e-12 on any seeded case."""
    run_lines, qrels_lines, run, qrels = make_case(seed, queries=4, docs=8)
    got = trec_eval_ndcg(
        read_run("\n".join(run_lines).encode(), "run"),
        read_qrels("\n".join(qrels_lines).encode(), "qrels"),
        cutoffs=CUTS,
    )
    want = oracle(run, qrels)
    for q, values in want.items():
        assert abs(got.per_query["ndcg"][q] - values["ndcg"]) < 1e-12
        for k in CUTS:
            assert abs(got.per_query[f"ndcg_cut_{k}"][q] - values[f"ndcg_cut_{k}"]) < 1e-12


def test_dash_c_averages_over_every_qrels_query(tmp_path, capsys):
    """With -c the mean divides by every qrels query, the judged-but-unretrieved one counting 0."""
    run_lines, qrels_lines, run, qrels = make_case(3)
    code, out, _ = cli(capsys, "-c", "-m", "ndcg_cut.10", *files(tmp_path, run_lines, qrels_lines))
    want = oracle(run, qrels)
    assert code == 0
    assert out == f"{'ndcg_cut_10':<22}\tall\t{sum(v['ndcg_cut_10'] for v in want.values()) / len(qrels):6.4f}\n"


def test_a_hand_worked_case_with_a_tie_and_a_negative_grade(tmp_path, capsys):
    """d1 and d3 tie at 1.5, so d3 (docno descending) ranks first: (1 + 2/log2 3) / (2 + 1/log2 3) = 0.8597."""
    qrels = ["q1 0 d1 2", "q1 0 d2 0", "q1 0 d3 1", "", "q2 0 d1 1", "q2 0 d9 -1"]
    run = ["q1 Q0 d1 1 1.5 t", "q1 Q0 d3 2 1.5 t", "q1 Q0 d7 3 0.5 t", "q2 Q0 d9 1 2.0 t", "q2 Q0 d1 2 1.0 t"]
    code, out, _ = cli(capsys, "-q", "-m", "ndcg", *files(tmp_path, run, qrels))
    q1 = (1 + 2 / np.log2(3)) / (2 + 1 / np.log2(3))
    q2 = (1 / np.log2(3)) / 1.0  # d9's grade -1 gains nothing
    assert code == 0
    assert out.splitlines() == [
        f"{'ndcg':<22}\tq1\t{q1:6.4f}",
        f"{'ndcg':<22}\tq2\t{q2:6.4f}",
        f"{'ndcg':<22}\tall\t{(q1 + q2) / 2:6.4f}",
    ]


def test_a_query_judged_only_with_negative_grades_scores_0(tmp_path, capsys):
    """A query whose judgments are all negative has no relevant document: nDCG 0 (trec_eval 9 itself crashes here)."""
    qrels, run = ["q1 0 a -2", "q2 0 b 1"], ["q1 Q0 a 1 1.0 t", "q2 Q0 b 1 1.0 t"]
    code, out, _ = cli(capsys, "-q", "-m", "ndcg", *files(tmp_path, run, qrels))
    assert code == 0
    assert out.splitlines() == [f"{'ndcg':<22}\tq1\t0.0000", f"{'ndcg':<22}\tq2\t1.0000", f"{'ndcg':<22}\tall\t0.5000"]


def test_ndcg_cut_alone_uses_trec_evals_default_cutoffs(tmp_path, capsys):
    """-m ndcg_cut prints ndcg_cut_5 ... ndcg_cut_1000, trec_eval's nine defaults, in that order."""
    run_lines, qrels_lines, _, _ = make_case(1)
    code, out, _ = cli(capsys, "-m", "ndcg_cut", *files(tmp_path, run_lines, qrels_lines))
    assert code == 0
    assert [line.split("\t")[0].strip() for line in out.splitlines()] == [
        f"ndcg_cut_{k}" for k in (5, 10, 15, 20, 30, 100, 200, 500, 1000)
    ]


def test_exponential_gain_and_averaged_ties_are_options(tmp_path, capsys):
    """--gain exponential --ties average give a different, documented number: here (3 + 1)/2 / (3 + 1/log2 3) ... by hand."""
    qrels, run = ["q 0 a 2", "q 0 b 1"], ["q Q0 a 1 1.0 t", "q Q0 b 2 1.0 t"]
    code, out, _ = cli(capsys, "--gain", "exponential", "--ties", "average", "-m", "ndcg", *files(tmp_path, run, qrels))
    avg = (3 + 1) / 2  # the tied gains 2^2-1 and 2^1-1 averaged over ranks 1 and 2
    assert code == 0
    assert out == f"{'ndcg':<22}\tall\t{(avg + avg / np.log2(3)) / (3 + 1 / np.log2(3)):6.4f}\n"


BAD = {
    "few fields": (["q1 Q0 d1 1 0.5"], None, "run.txt line 1: 5 fields, but a run line needs 6"),
    "score": (["q1 Q0 d1 1 0.5 t", "", "q1 Q0 d2 2 high t"], None, "run.txt line 3: the score 'high' is not a number"),
    "duplicate": (
        ["q1 Q0 d1 1 0.5 t", "q1 Q0 d1 2 0.4 t"],
        None,
        "run.txt line 2: query 'q1' lists document 'd1' again (first on line 1)",
    ),
    "grade": (None, ["q1 0 d1 relevant"], "qrels.txt line 1: the relevance 'relevant' is not a number"),
    "qrels fields": (None, ["q1 0 d1"], "qrels.txt line 1: 3 fields, but a qrels line needs 4"),
    "empty": ([""], None, "run.txt: the file holds no run lines"),
    "only comments": (["# my run", "  # more"], None, "run.txt: the file holds no run lines"),
    "exponent grade": (
        None,
        ["q1 0 d1 1e1"],
        "qrels.txt line 1: the relevance '1e1' has an exponent, which trec_eval reads as 1 (only the leading digits);"
        " write the grade as a whole number",
    ),
}


@pytest.mark.parametrize("case", BAD)
def test_a_bad_file_exits_2_with_one_line_naming_file_and_line(tmp_path, capsys, case):
    """Each malformed file gives exit code 2 and one stderr line naming the file, the line and the problem."""
    run, qrels, message = BAD[case]
    q, r = files(tmp_path, run or ["q1 Q0 d1 1 0.5 t"], qrels or ["q1 0 d1 1"])
    code, out, err = cli(capsys, "-m", "ndcg", q, r)
    assert code == 2 and out == ""
    assert err.splitlines() == [
        f"python -m ndcg_core: {Path(tmp_path, message.split(':')[0].split(' line')[0])}"
        f"{message[len(message.split(':')[0].split(' line')[0]) :]}"
    ]


# The review's case (X8): trec_eval reads a grade with atol, so 1.5 is 1 and 2.7 is 2; -1 gains nothing.
X8_QRELS = ["q1 0 d1 -1", "q1 0 d2 1.5", "q1 0 d3 2.7", "q2 0 d1 3"]
X8_RUN = ["q1 Q0 d1 1 3.0 t", "q1 Q0 d2 2 2.0 t", "q1 Q0 d3 3 1.0 t"]


def spaced(lines: list[str], path: str) -> list[str]:
    """The lines as written for one path: single spaces (the fast path) or runs of spaces (the careful readers)."""
    return lines if path == "fast" else [line.replace(" ", "  ") for line in lines]


def took_fast_path(qrels: str, run: str) -> bool:
    from ndcg_core.trec_fast import fast_trec_eval

    return fast_trec_eval(Path(qrels).read_bytes(), Path(run).read_bytes()) is not None


@pytest.mark.parametrize("path", ["fast", "careful"])
def test_fractional_grades_are_cut_to_their_integer_part_as_trec_eval_reads_them(tmp_path, capsys, path):
    """Grades 1.5 and 2.7 count as 1 and 2 (trec_eval's atol): q1 prints pytrec_eval's 0.6199 and nothing else."""
    q, r = files(tmp_path, spaced(X8_RUN, path), spaced(X8_QRELS, path))
    assert took_fast_path(q, r) == (path == "fast")
    code, out, err = cli(capsys, "-q", "-m", "ndcg", q, r)
    want = oracle({"q1": {"d1": 3.0, "d2": 2.0, "d3": 1.0}}, {"q1": {"d1": -1, "d2": 1, "d3": 2}, "q2": {"d1": 3}})
    assert code == 0 and err == ""
    assert out == f"{'ndcg':<22}\tq1\t{want['q1']['ndcg']:6.4f}\n{'ndcg':<22}\tall\t{want['q1']['ndcg']:6.4f}\n"
    assert f"{want['q1']['ndcg']:6.4f}" == "0.6199"


@pytest.mark.parametrize("path", ["fast", "careful"])
def test_comment_lines_are_skipped_in_both_files_as_trec_eval_skips_them(tmp_path, capsys, path):
    """Lines starting with # (first, inside a query's lines, last) change nothing in either file, on either path."""
    run_lines, qrels_lines, _, _ = make_case(2)
    plain = files(tmp_path, spaced(run_lines, path), spaced(qrels_lines, path))
    code, want, _ = cli(capsys, "-q", "-m", "ndcg", "-m", "ndcg_cut.3", *plain)
    assert code == 0
    (tmp_path / "c").mkdir()
    commented = files(
        tmp_path / "c",
        spaced(["# run by BM25", *run_lines[:3], "#", *run_lines[3:], "# 6 fields like a line"], path),
        spaced(["# qid iter docno rel", *qrels_lines[:2], "#0 0 d 1", *qrels_lines[2:], "# the end"], path),
    )
    assert took_fast_path(*commented) == (path == "fast")
    assert cli(capsys, "-q", "-m", "ndcg", "-m", "ndcg_cut.3", *commented) == (0, want, "")


def test_a_binary_file_a_missing_file_and_a_bad_measure_exit_2_without_a_traceback(tmp_path):
    """A binary run, a missing qrels file and an unknown measure each exit 2 with one line and no traceback."""
    q, r = files(tmp_path, ["q1 Q0 d1 1 0.5 t"], ["q1 0 d1 1"])
    Path(r).write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00")
    cases = [
        ([q, r], "this is a binary file"),
        ([str(tmp_path / "none.txt"), r], "cannot read"),
        (["-m", "map", q, r], "measure 'map' is not one of"),
    ]
    for args, words in cases:
        done = subprocess.run(
            [sys.executable, "-m", "ndcg_core", *args], capture_output=True, text=True, cwd=ROOT, check=False
        )
        assert done.returncode == 2 and done.stdout == "", args
        assert len(done.stderr.splitlines()) == 1 and words in done.stderr and "Traceback" not in done.stderr


def test_korean_excel_files_in_cp949_with_crlf_are_read():
    """A qrels file written by Korean Excel (CP949, CRLF line ends) with Korean query ids reads as text."""
    data = "질의1 0 문서가 2\r\n질의1 0 문서나 0\r\n".encode("cp949")
    qrels = read_qrels(data, "qrels.txt")
    assert qrels["query_id"].tolist() == ["질의1", "질의1"] and qrels["doc_id"].tolist() == ["문서가", "문서나"]
    assert qrels["relevance"].tolist() == [2.0, 0.0]


def test_the_fast_and_the_careful_reader_read_the_same_frame():
    """A run with single spaces (Arrow's reader) and the same run with tabs and runs of spaces (line by line) read alike."""
    run_lines, qrels_lines, _, _ = make_case(5)
    simple = "\n".join(run_lines).encode()
    ragged = "\n".join(
        "  ".join(line.split(" ")[:3]) + "\t" + " ".join(line.split(" ")[3:]) for line in run_lines
    ).encode()
    a, b = read_run(simple, "run"), read_run(ragged, "run")
    assert a["query_id"].tolist() == b["query_id"].tolist() and a["doc_id"].tolist() == b["doc_id"].tolist()
    assert a["score"].tolist() == b["score"].tolist()
    assert read_qrels("\n".join(qrels_lines).encode(), "q").equals(
        read_qrels("\n".join(qrels_lines).replace(" ", "\t").encode(), "q")
    )


SAMPLES = ROOT / "samples"


def test_the_bundled_sample_is_what_its_script_writes():
    """samples/make_sample.py rebuilds the four sample files byte for byte (the script is their source)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("make_sample", SAMPLES / "make_sample.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    for name, text in module.build().items():
        assert (SAMPLES / name).read_text(encoding="utf-8") == text, name
    queries = (SAMPLES / "queries.tsv").read_text(encoding="utf-8").splitlines()[1:]
    assert len(queries) == 50 and all(len(line.split("\t")) == 3 for line in queries)


@pytest.mark.parametrize("system", ["a", "b"])
def test_the_cli_equals_trec_eval_on_the_bundled_sample(capsys, system):
    """On the bundled sample, -q -m ndcg -m ndcg_cut.5,10 prints pytrec_eval's value on every line, for both systems."""
    qrels_path, run_path = SAMPLES / "qrels.txt", SAMPLES / f"run_{system}.txt"
    code, out, _ = cli(capsys, "-q", "-m", "ndcg", "-m", "ndcg_cut.5,10", str(qrels_path), str(run_path))
    qrels = read_qrels(qrels_path)
    run = read_run(run_path)
    qd = {
        q: {d: int(g) for d, g in zip(g_["doc_id"], g_["relevance"], strict=True)}
        for q, g_ in qrels.groupby("query_id")
    }
    rd = {q: {d: float(s) for d, s in zip(r_["doc_id"], r_["score"], strict=True)} for q, r_ in run.groupby("query_id")}
    want = pytrec_eval.RelevanceEvaluator(qd, {"ndcg", "ndcg_cut.5,10"}).evaluate(rd)
    got = parse(out)
    assert code == 0 and len(want) == 50
    for q, values in want.items():
        for m in ("ndcg", "ndcg_cut_5", "ndcg_cut_10"):
            assert got[(m, q)] == f"{values[m]:6.4f}", (m, q)
    for m in ("ndcg", "ndcg_cut_5", "ndcg_cut_10"):
        assert got[(m, "all")] == f"{np.mean([v[m] for v in want.values()]):6.4f}"


TOKENS = [
    "q1",
    "q2",
    "Q0",
    "0",
    "d1",
    "d2",
    "문서",
    "1",
    "2",
    "-1",
    "0.5",
    "1e3",
    "nan",
    "inf",
    "high",
    "#",
    "\t",
    " ",
    "  ",
    "\r",
    "\x00",
    "\x1c",
    "\ufeff",
    "é",
]


@st.composite
def trec_texts(draw, what: str | None = None):
    """A run or qrels file: well-formed lines (half the files hold nothing else) and odd ones (short, long, words
    for numbers, odd bytes)."""
    what = what or draw(st.sampled_from(["run", "qrels"]))
    ids, numbers = st.sampled_from(["q1", "q2", "문서"]), st.sampled_from(["0", "1", "2", "-1", "0.5", "1e3", "3.25"])
    docs = st.sampled_from(["d1", "d2", "d3", "é", "d-4"])
    good = st.tuples(ids, docs, numbers, numbers).map(
        (lambda t: f"{t[0]} Q0 {t[1]} 1 {t[2]} tag") if what == "run" else (lambda t: f"{t[0]} 0 {t[1]} {t[3]}")
    )
    odd = st.lists(st.sampled_from(TOKENS), min_size=0, max_size=7).map(" ".join)
    clean = draw(st.booleans())
    lines = draw(st.lists(good if clean else good | odd, min_size=1 if clean else 0, max_size=8))
    return "\n".join(lines) + draw(st.sampled_from(["", "\n", "\r\n"]))


@given(
    st.sampled_from(["run", "qrels"]).flatmap(lambda what: st.tuples(st.just(what), trec_texts(what))),
    st.sampled_from(["utf-8", "cp949", "utf-16"]),
)
@settings(max_examples=300, deadline=None)
def test_any_trec_text_reads_or_raises_a_value_error_naming_the_file(case, encoding):
    """read_run and read_qrels give a frame, or a ValueError whose message starts with the file's name."""
    what, text = case
    data = text.encode(encoding, errors="replace")
    reader = read_run if what == "run" else read_qrels
    try:
        frame = reader(data, f"{what}.txt")
    except ValueError as exc:
        assert str(exc).startswith(f"{what}.txt") and len(str(exc).splitlines()) == 1
    else:
        assert len(frame) and frame.notna().all().all()


@given(trec_texts("qrels"), trec_texts("run"), st.sampled_from([[], ["-J"], ["-c", "-q"], ["-m", "ndcg"]]))
@settings(max_examples=150, deadline=None)
def test_any_pair_of_files_prints_lines_or_exits_2_with_one_line(tmp_path_factory, qrels, run, flags):
    """The command line on any pair of files exits 0 with trec_eval lines, or 2 with one line naming a file."""
    import contextlib
    import io

    folder = tmp_path_factory.mktemp("fuzz")
    (folder / "qrels.txt").write_text(qrels, encoding="utf-8")
    (folder / "run.txt").write_text(run, encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main([*flags, str(folder / "qrels.txt"), str(folder / "run.txt")])
    if code == 0:
        assert all(len(line.split("\t")) == 3 for line in out.getvalue().splitlines())
    else:
        assert code == 2 and len(err.getvalue().splitlines()) == 1 and "Traceback" not in err.getvalue()
        assert "qrels.txt" in err.getvalue() or "run.txt" in err.getvalue()


def test_a_failure_that_is_not_the_inputs_exits_3_with_one_line(tmp_path, monkeypatch, capsys):
    """A bug inside the scorer (here a simulated one) prints one line and exits 3, never a traceback."""
    import ndcg_core.__main__ as cli

    qrels, run = tmp_path / "qrels.txt", tmp_path / "run.txt"
    qrels.write_text("q1 0 d1 1\n")
    run.write_text("q1 Q0 d1 1 0.5 t\n")

    def broken(*args, **kwargs):
        raise KeyError("simulated")

    monkeypatch.setattr(cli, "fast_trec_eval", broken)
    assert cli.main([str(qrels), str(run)]) == 3
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and "internal error (KeyError" in err


def _probe(qrels: Path, run: Path, start: str) -> subprocess.CompletedProcess[str]:
    """The command run by ``start``, with an exit hook that writes to stderr which of pandas and shutil got imported."""
    code = (
        "import atexit, sys\n"
        "atexit.register(lambda: sys.stderr.write(' '.join(m for m in ('pandas', 'shutil') if m in sys.modules)))\n"
        f"sys.argv = ['ndcg_core', '-q', '-m', 'ndcg_cut.10', {str(qrels)!r}, {str(run)!r}]\n" + start
    )
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=False)


def test_the_command_leaves_out_startup_work_and_still_prints_everything(tmp_path):
    """python -m ndcg_core imports neither pandas nor shutil, and its quick exit still prints every -q line and 'all'."""
    run, qrels = tmp_path / "run.txt", tmp_path / "qrels.txt"
    run.write_text("".join(f"q{q} Q0 d{q}_{i} {i + 1} {1 - i / 100} t\n" for q in range(300) for i in range(20)))
    qrels.write_text("".join(f"q{q} 0 d{q}_{i} {i % 3}\n" for q in range(300) for i in range(0, 20, 2)))
    as_module = _probe(qrels, run, "import runpy; runpy.run_module('ndcg_core', run_name='__main__')")
    assert as_module.returncode == 0
    assert as_module.stderr == ""  # the teardown, with its exit hooks, is skipped
    out = as_module.stdout.splitlines()
    assert len(out) == 301 and out[-1].startswith("ndcg_cut_10") and out[0].startswith("ndcg_cut_10")
    in_main = _probe(qrels, run, "import ndcg_core.__main__ as m; sys.exit(m.main())")
    assert (in_main.returncode, in_main.stderr) == (0, "")  # the hook ran and found neither module


@pytest.mark.parametrize("path", ["fast", "careful"])
def test_dash_q_dash_c_prints_the_missed_querys_lines_with_0_as_trec_eval_does(tmp_path, capsys, path):
    """-q -c -m ndcg -m ndcg_cut prints, line for line, trec_eval 10's output: every qrels query in qid order with
    each nDCG measure (a judged query the run missed among them, each value 0), then the means over every qrels
    query; the other queries' values are pytrec_eval's. (trec_eval's own qrels.test and results.trunc are not in
    this repository: see tests/data/trec_eval/README.md.)"""
    from ndcg_core.trec_fast import DEFAULT_CUTOFFS

    run_lines, qrels_lines, run, qrels = make_case(3)
    assert "q0" in qrels and "q0" not in run  # judged, never retrieved
    qrels_path, run_path = files(tmp_path, spaced(run_lines, path), spaced(qrels_lines, path))
    assert took_fast_path(qrels_path, run_path) == (path == "fast")
    code, out, err = cli(capsys, "-q", "-c", "-m", "ndcg", "-m", "ndcg_cut", qrels_path, run_path)
    assert code == 0 and err == ""
    names = ["ndcg", *(f"ndcg_cut_{k}" for k in DEFAULT_CUTOFFS)]
    want = pytrec_eval.RelevanceEvaluator(qrels, {"ndcg", "ndcg_cut"}).evaluate(run)
    value = lambda q, m: want.get(q, {}).get(m, 0.0)  # noqa: E731  (q0: no ranking, 0)
    expected = [f"{m:<22}\t{q}\t{value(q, m):6.4f}" for q in sorted(qrels) for m in names]
    expected += [f"{m:<22}\tall\t{sum(value(q, m) for q in qrels) / len(qrels):6.4f}" for m in names]
    assert out.splitlines() == expected
    assert [line for line in out.splitlines() if "\tq0\t" in line] == [f"{m:<22}\tq0\t0.0000" for m in names]
