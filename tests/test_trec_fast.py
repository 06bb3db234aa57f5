"""``ndcg_core.trec_fast``, the command line's NumPy-only path: the careful path's numbers, or None.

Every case compares ``fast_trec_eval`` on the files' bytes with ``trec_eval_ndcg`` on what the
careful readers read (that path is checked against pytrec_eval in ``test_trec_cli.py``).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ndcg_core import trec_fast
from ndcg_core.__main__ import main
from ndcg_core.trec import read_qrels, read_run, trec_eval_ndcg
from ndcg_core.trec_fast import fast_trec_eval, padded, read_padded

ROOT = Path(__file__).resolve().parent.parent
OPTIONS = [
    {"cutoffs": (1, 3, 10), "full": True},
    {"cutoffs": (5,), "full": False, "judged_only": True},
    {"cutoffs": (2, 1000), "full": True, "complete": True, "gain": "exponential"},
]


def awkward(seed: int, *, queries: int = 7, docs: int = 14, long_ids: bool = False, korean: bool = False):
    """Seeded (qrels bytes, run bytes): ties, 32-bit-equal scores, unjudged and negative-graded docs, odd numbers."""
    rng = np.random.default_rng(seed)
    run, qrels = [], []
    for q in range(queries):
        qid = ("질의" if korean else "topic") + str(q)
        stem = "clueweb09-en0000-" if long_ids else "d"
        pool = [f"{stem}{q}-{i:03d}" for i in range(docs)]
        if q != queries - 1:  # the last query has no qrels
            for d in rng.choice(pool, size=int(rng.integers(1, docs)), replace=False):
                qrels.append(f"{qid} 0 {d} {int(rng.integers(-2, 4))}")
        if q == 0:
            continue  # judged, never retrieved
        for r, d in enumerate(rng.choice(pool, size=int(rng.integers(1, docs)), replace=False)):
            score = float(rng.choice([1.0, 2.0, 2.5, -3.25]))
            text = rng.choice([repr(score), f"{score:.1f}", f"{score + 1e-9!r}", f"{score:e}", f"{score:+.4f}"])
            run.append(f"{qid}\tQ0 {d} {r + 1} {text} tag")
    return "\n".join(qrels).encode() + b"\n", "\n".join(run).encode() + b"\n"


def careful(qrels: bytes, run: bytes, **options):
    return trec_eval_ndcg(read_run(run, "run"), read_qrels(qrels, "qrels"), **options)


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("options", OPTIONS)
def test_the_fast_path_gives_the_careful_paths_numbers(seed, options):
    """On awkward seeded files, with -J, -c and the exponential gain, every value equals the careful path's exactly."""
    qrels, run = awkward(seed, long_ids=seed % 2 == 1, korean=seed % 3 == 2)
    got = fast_trec_eval(qrels, run, **options)
    assert got is not None
    assert got == careful(qrels, run, **options)


def test_ties_are_broken_by_docno_descending_past_the_first_eight_bytes():
    """Tied scores order long docnos that share their first 8 bytes (and prefixes of each other) descending."""
    docs = ["doc-000000001", "doc-000000002", "doc-00000000", "doc-0000000010", "doc-000000001x", "d"]
    run = "".join(f"q1 Q0 {d} 1 1.5 t\n" for d in docs).encode()
    for relevant in docs:
        qrels = f"q1 0 {relevant} 1\n".encode()
        for k in (1, 2, 3):
            got = fast_trec_eval(qrels, run, cutoffs=(k,), full=False)
            assert got == careful(qrels, run, cutoffs=(k,), full=False), (relevant, k)


def test_byte_order_marks_crlf_blank_lines_and_a_missing_last_line_end_are_read():
    """A BOM, CRLF line ends, blank lines and no final line end still take the fast path, with the same numbers."""
    qrels, run = awkward(3)
    qrels2 = b"\xef\xbb\xbf\r\n" + qrels.replace(b"\n", b"\r\n\r\n")
    run2 = b"\n\n" + run.rstrip(b"\n")
    got = fast_trec_eval(qrels2, run2, cutoffs=(3,))
    assert got is not None and got == careful(qrels, run, cutoffs=(3,))


@pytest.mark.parametrize(
    "case",
    [
        "double space",
        "extra field",
        "split query",
        "repeated doc",
        "repeated judgment",
        "word score",
        "infinite score",
        "exponent grade",
        "lone CR",
        "no-break space",
        "cp949",
        "average ties",
    ],
)
def test_anything_but_the_simple_case_is_left_to_the_careful_path(case):
    """Each file the fast path does not take returns None (never a wrong number), so the careful path decides."""
    qrels, run = b"q1 0 a 1\nq2 0 b 2\n", b"q1 Q0 a 1 1.0 t\nq2 Q0 b 1 2.0 t\n"
    options = {"cutoffs": (10,), "ties": "average" if case == "average ties" else "stable"}
    run = {
        "double space": b"q1 Q0  a 1 1.0 t\n",
        "extra field": b"q1 Q0 a 1 1.0 t extra\n",
        "split query": run + b"q1 Q0 c 2 0.5 t\n",
        "repeated doc": run + b"q2 Q0 b 2 0.5 t\n",
        "word score": b"q1 Q0 a 1 high t\n",
        "infinite score": b"q1 Q0 a 1 1e999 t\n",
        "lone CR": run.replace(b"\n", b"\r"),
        "no-break space": "q1 Q0 a\u00a01 1.0 t\n".encode(),
        "cp949": "질의 Q0 a 1 1.0 t\n".encode("cp949"),
    }.get(case, run)
    if case == "repeated judgment":
        qrels += b"q2 0 b 0\n"
    if case == "exponent grade":  # trec_eval's atol reads 2e0 as 2, 1e1 as 1: the careful reader refuses them
        qrels = b"q1 0 a 2e0\nq2 0 b 2\n"
    assert fast_trec_eval(qrels, run, **options) is None


def test_comment_lines_and_fractional_grades_are_read_as_trec_eval_reads_them():
    """Lines starting with # are skipped and grades cut to their integer part, giving the careful path's numbers."""
    qrels, run = awkward(5)
    fractions = qrels.replace(b" 1\n", b" 1.5\n").replace(b" 2\n", b" 2.7\n").replace(b" -1\n", b" -1.9\n")
    commented_qrels = b"# qrels\n" + fractions.replace(b"\ntopic2", b"\n# a note\ntopic2", 1) + b"#end"
    commented_run = b"#\r\n" + run.replace(b"\n", b"\n# 1 2 3 4 5\n", 2)
    got = fast_trec_eval(commented_qrels, commented_run, cutoffs=(3, 10))
    assert got is not None
    assert got == careful(commented_qrels, commented_run, cutoffs=(3, 10))
    truncated = fractions.replace(b".5\n", b"\n").replace(b".7\n", b"\n").replace(b".9\n", b"\n")
    assert truncated != fractions and got == fast_trec_eval(truncated, run, cutoffs=(3, 10))


def test_the_upload_pages_reader_still_leaves_comment_lines_to_its_careful_scan():
    """read_lines (the upload page's) gives None for a file with a # line, so the page's scan names the comment."""
    assert trec_fast.read_lines(b"q1 Q0 d1 1 2.5 t\n# 1 2 3 4 5\n", "run") is None
    assert trec_fast.read_lines(b"q1 Q0 d1 1 2.5 t\n", "run") is not None


def test_a_hash_collision_never_gives_a_wrong_number(monkeypatch):
    """With every docno hashing alike, matches fail the byte check and the fast path gives up instead of guessing."""
    monkeypatch.setattr(trec_fast, "_hash", lambda windows, start, end, n_words: np.zeros(len(start), np.uint64))
    qrels = b"q1 0 clueweb09-en-aaa 1\n"
    run = b"q1 Q0 clueweb09-en-bbb 1 2.0 t\n"
    assert careful(qrels, run, cutoffs=(10,)).mean["ndcg"] == 0.0
    assert fast_trec_eval(qrels, run, cutoffs=(10,)) is None


def test_lines_and_query_blocks_cut_by_the_slices_are_read_whole(monkeypatch):
    """With 64-byte slices, query blocks and numbers spread over many slices give the same numbers."""
    monkeypatch.setattr(trec_fast, "_SLICE", 64)
    qrels, run = awkward(4, long_ids=True)
    assert fast_trec_eval(qrels, run, cutoffs=(1, 3)) == careful(qrels, run, cutoffs=(1, 3))


@pytest.mark.parametrize("options", OPTIONS)
def test_queries_with_equally_many_lines_give_the_careful_paths_numbers(options, monkeypatch):
    """When every query has as many run lines (and qrels lines), each written as a whole line of the matrices, the
    numbers are the careful path's, with the queries in the files in an order that is not the sorted one."""
    rng = np.random.default_rng(11)
    qids = ["q10", "q2", "q1", "질의", "q33"]
    run = "".join(
        f"{q} Q0 d{q}-{d} {r + 1} {float(rng.choice([1.0, 2.5, 0.125, -3.0]))!r} t\n"
        for q in qids
        for r, d in enumerate(rng.permutation(9)[:6])
    ).encode()
    qrels = "".join(
        f"{q} 0 d{q}-{d} {int(rng.integers(-1, 4))}\n" for q in qids for d in rng.permutation(9)[:3]
    ).encode()
    even = []  # per matrix written: whether its file's blocks were all one length
    put = trec_fast._put

    def watched(matrix, values, table, *rest):
        even.append(len(set(table.lengths.tolist())) == 1)
        put(matrix, values, table, *rest)

    monkeypatch.setattr(trec_fast, "_put", watched)
    got = fast_trec_eval(qrels, run, **options)
    assert even and all(even)
    assert got == careful(qrels, run, **options)


def test_query_codes_are_the_places_of_the_ids_in_qid_order_whether_or_not_both_files_list_the_same():
    """Both files' query ids sorted as Python sorts text, and each block's place in that order, alike when the files
    list the same queries in one order (one sort) and when they do not (the union)."""
    ids = ["q10", "질의", "q2", "Q1", "q1"]
    queries, r_code, q_code = trec_fast._query_codes(ids, list(ids))
    assert queries == sorted(ids) and [queries[c] for c in r_code] == ids and q_code.tolist() == r_code.tolist()
    queries, r_code, q_code = trec_fast._query_codes(ids, ["q3", "q2"])
    assert queries == sorted({*ids, "q3"})
    assert [queries[c] for c in r_code] == ids and [queries[c] for c in q_code] == ["q3", "q2"]


NUMBERS = st.one_of(
    st.floats(allow_nan=False, allow_infinity=False).map(repr),
    st.tuples(st.floats(-1e6, 1e6), st.integers(0, 12)).map(lambda t: f"{t[0]:.{t[1]}f}"),
    st.integers(-(10**20), 10**20).map(str),
    st.sampled_from(["+.5", "-0", "5.", "007", "0.30000000000000004", "1E3", "-1.5e-07", "12345678", "1234567."]),
)


@given(st.lists(NUMBERS, min_size=1, max_size=30))
@settings(max_examples=200, deadline=None)
def test_numbers_are_read_as_float_reads_them(texts):
    """Every score, plain or not, short or long, reads as Python's float() reads it, sign of zero included."""
    run = "".join(f"q Q0 d{i} 1 {t} x\n" for i, t in enumerate(texts)).encode()
    table = trec_fast._read(padded(run), 6, 4)
    want = [float(t) for t in texts]
    assert table is not None
    assert table.number.tolist() == want
    assert np.signbit(table.number).tolist() == np.signbit(want).tolist()


def test_the_command_line_answers_from_the_fast_path_without_pandas(tmp_path):
    """python -m ndcg_core on well-formed files imports neither pandas nor pyarrow and prints the careful path's lines."""
    qrels, run = awkward(2)
    (tmp_path / "qrels.txt").write_bytes(qrels)
    (tmp_path / "run.txt").write_bytes(run)
    code = (
        "import sys; from ndcg_core.__main__ import main; rc = main(sys.argv[1:]); "
        "print([m for m in ('pandas', 'pyarrow') if m in sys.modules], rc)"
    )
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            code,
            "-q",
            "-m",
            "ndcg",
            "-m",
            "ndcg_cut.3",
            str(tmp_path / "qrels.txt"),
            str(tmp_path / "run.txt"),
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    *lines, last = done.stdout.splitlines()
    assert last == "[] 0"
    want = trec_fast.format_trec_eval(careful(qrels, run, cutoffs=(3,)), per_query=True)
    assert "\n".join(lines) + "\n" == want


def test_a_bad_file_still_exits_2_naming_its_line(tmp_path, capsys):
    """A bad run line sends the CLI to the careful reader, which names the file and line (exit code 2)."""
    (tmp_path / "qrels.txt").write_bytes(b"q1 0 a 1\n")
    (tmp_path / "run.txt").write_bytes(b"q1 Q0 a 1 1.0 t\nq1 Q0 b 2 nan t\n")
    code = main(["-m", "ndcg", str(tmp_path / "qrels.txt"), str(tmp_path / "run.txt")])
    assert code == 2
    assert (
        capsys.readouterr().err
        == f"python -m ndcg_core: {tmp_path / 'run.txt'} line 2: the score 'nan' is not a number\n"
    )


def test_read_padded_gives_the_files_bytes_between_zero_pads(tmp_path):
    """read_padded puts the file's bytes between the zero pads, as padded() does for bytes."""
    (tmp_path / "f.txt").write_bytes(b"q 0 d 1")
    assert read_padded(tmp_path / "f.txt").tolist() == padded(b"q 0 d 1").tolist()
    assert trec_fast.unpadded(read_padded(tmp_path / "f.txt")) == b"q 0 d 1"


def test_importing_ndcg_core_does_not_import_pandas():
    """import ndcg_core is light (names load on first use), and the lazy names are the real ones."""
    code = (
        "import sys, ndcg_core; light = 'pandas' not in sys.modules; "
        "from ndcg_core import evaluate_run; from ndcg_core.batch import evaluate_run as e; "
        "print(light, evaluate_run is e, sorted(ndcg_core.__all__) == sorted(set(ndcg_core.__all__)))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert done.stdout.split() == ["True", "True", "True"]


IDS = st.text(alphabet="aZ09-_.é질", min_size=1, max_size=12)
LINES = st.lists(
    st.tuples(
        st.sampled_from(["q1", "q2", "q10", "질의", "q1234567890"]),
        IDS,
        st.one_of(NUMBERS, st.sampled_from(["x", "", "1e400", "nan"])),
        st.sampled_from([" ", "\t"]),
    ),
    max_size=25,
)


@given(run=LINES, qrels=LINES, seed=st.integers(0, 3))
@settings(max_examples=300, deadline=None)
def test_on_any_file_the_fast_path_agrees_or_steps_aside(run, qrels, seed):
    """On generated files (split queries, repeats, odd numbers included) the fast path never raises and never disagrees."""
    run_bytes = "".join(f"{q}{sep}Q0 {d} 1 {n} t\n" for q, d, n, sep in run).encode()
    qrels_bytes = "".join(f"{q} 0{sep}{d} {n}\n" for q, d, n, sep in qrels).encode()
    options = OPTIONS[seed % len(OPTIONS)] if seed < 3 else {"cutoffs": (), "full": True}
    got = fast_trec_eval(qrels_bytes, run_bytes, **options)
    try:
        want = careful(qrels_bytes, run_bytes, **options)
    except ValueError:
        want = None
    if got is not None:
        assert got == want


def test_a_number_wider_than_24_bytes_is_read_one_by_one():
    """A score of more than 24 characters (e.g. 1e-39 written out) is read as float() reads it, not an IndexError."""
    texts = ["0.000000000000000000000000000000000000001", "-1234567890.12345678901234567890e-3", "2.5"]
    run = "".join(f"q Q0 d{i} 1 {t} x\n" for i, t in enumerate(texts)).encode()
    table = trec_fast._read(padded(run), 6, 4)
    assert table is not None and table.number.tolist() == [float(t) for t in texts]
    qrels = b"q 0 d0 1\nq 0 d2 2\n"
    assert fast_trec_eval(qrels, run, cutoffs=(2,)) == careful(qrels, run, cutoffs=(2,))


@pytest.mark.parametrize("blocks", [[3, 3, 3], [1, 4, 2]])
def test_a_doc_twice_in_a_query_is_found_in_even_and_uneven_blocks(blocks):
    """read_lines steps aside when one query lists a doc twice, whether every query has as many lines or not."""
    lines = [f"q{q} 0 d{q}-{i} 1\n" for q, n in enumerate(blocks) for i in range(n)]
    assert trec_fast.read_lines("".join(lines).encode(), "qrels") is not None
    lines[-1] = lines[-2]  # the last query's last doc repeated
    assert trec_fast.read_lines("".join(lines).encode(), "qrels") is None
    assert trec_fast.read_lines("".join(lines[: -blocks[-1]] + ["q9 0 d 1\n"]).encode(), "qrels") is not None


def test_the_command_line_process_keeps_freed_memory_and_prints_the_careful_lines(tmp_path):
    """python -m ndcg_core (which tunes its own malloc) prints the careful path's lines."""
    qrels, run = awkward(3)
    (tmp_path / "qrels.txt").write_bytes(qrels)
    (tmp_path / "run.txt").write_bytes(run)
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "ndcg_core",
            "-m",
            "ndcg_cut.1,3",
            str(tmp_path / "qrels.txt"),
            str(tmp_path / "run.txt"),
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    assert done.stdout == trec_fast.format_trec_eval(careful(qrels, run, cutoffs=(1, 3), full=False))
