"""The upload page's fast path: ``files.load`` through ``trec_fast``'s reader, ``score_collection`` through
``trec_fast.collection_ndcg``. Each case compares it with today's careful path (the fast path switched off)
value for value, and checks that the fast path was taken where it should be and stepped aside elsewhere.
"""

from __future__ import annotations

import itertools
import math

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ndcg_core import collection, files, trec_fast
from ndcg_core.collection import score_collection
from ndcg_core.files import FileError, load

OPTIONS = [
    dict(zip(("k", "ideal", "missing", "no_relevant"), combo, strict=True))
    for combo in itertools.product(
        (None, 1, 3, 10, 1000), collection.IDEALS, collection.MISSING, collection.NO_RELEVANT
    )
]


def awkward(seed: int) -> tuple[bytes, bytes]:
    """Seeded (qrels, run) bytes: ties, 32-bit-equal and odd scores, negative grades, long and Korean ids, queries
    in one file only, judged documents never retrieved, and (by seed) tabs, a BOM, CRLF, blank lines, no last line end."""
    rng = np.random.default_rng(seed)
    sep = "\t" if seed % 3 == 1 else " "
    qrels, run = [], []
    for q in range(int(rng.integers(2, 9))):
        qid = ("질의" if seed % 4 == 2 else "topic") + str(q)
        stem = ("clueweb09-en0000-" if seed % 2 else "d") + ("문서" if seed % 5 == 3 else "")
        pool = [f"{stem}{q}-{i:03d}" for i in range(int(rng.integers(1, 16)))]
        if q != 1:  # query 1 is never judged
            for d in rng.choice(pool, size=int(rng.integers(1, len(pool) + 1)), replace=False):
                qrels.append(sep.join([qid, "0", str(d), str(int(rng.integers(-2, 5)))]))
        if q == 0:
            continue  # query 0 is judged, never retrieved
        for r, d in enumerate(rng.choice(pool, size=int(rng.integers(1, len(pool) + 1)), replace=False)):
            score = float(rng.choice([1.0, 2.0, 2.5, -3.25, 0.0, -0.0, 1 + 1e-9, 0.1 + 0.2]))
            text = str(rng.choice([repr(score), f"{score:.1f}", f"{score:e}", f"{score:+.4f}", f"{score:.20f}"]))
            run.append(sep.join([qid, "Q0", str(d), str(r + 1), text, "tag"]))
    end = "\r\n" if seed % 5 == 4 else "\n"
    qrels_text, run_text = end.join(qrels) + end, end.join(run) + end
    if seed % 6 == 5:
        qrels_text, run_text = "\ufeff" + end + qrels_text.replace(end, end + end), run_text.rstrip(end)
    return qrels_text.encode(), run_text.encode()


def outcome(data: bytes, name: str, *, fast: bool, reader: str = "_fast_lines"):
    """``load``'s result, or its FileError as (code, message, params), with or without the fast ``reader``."""
    with pytest.MonkeyPatch.context() as mp:
        if not fast:
            mp.setattr(files, reader, lambda *args: None)
        try:
            return load(data, name)
        except FileError as exc:
            return exc.code, str(exc), exc.params


def assert_same_load(data: bytes, name: str = "file.txt", reader: str = "_fast_lines"):
    """Load ``data`` both ways and check every field the page uses is the same; return the fast result.

    The row-by-row CSV reader gives its ids as Python objects, Arrow as pandas' text type: only there the id
    columns' dtypes may differ (their values may not)."""
    got, want = outcome(data, name, fast=True, reader=reader), outcome(data, name, fast=False, reader=reader)
    if isinstance(want, tuple) or isinstance(got, tuple):
        assert got == want
        return got
    assert (got.name, got.format, got.kind, got.problems, got.lines) == (
        want.name,
        want.format,
        want.kind,
        want.problems,
        want.lines,
    )
    for frame in ("run", "qrels"):
        a, b = getattr(got, frame), getattr(want, frame)
        assert (a is None) == (b is None)
        if a is not None:
            pd.testing.assert_frame_equal(a, b, check_exact=True, check_dtype=reader == "_fast_lines")
            assert a.dtypes.tolist()[2:] == b.dtypes.tolist()[2:]
            assert a.dtypes.tolist()[:2] == b.dtypes.tolist()[:2] or reader == "_fast_table"
            number = a.columns[2]
            assert np.signbit(a[number].to_numpy()).tolist() == np.signbit(b[number].to_numpy()).tolist()
    return got


def scored(run: pd.DataFrame, qrels: pd.DataFrame, *, fast: bool, **options):
    """``score_collection``'s result, or its error as (type, message), with or without the fast path."""
    with pytest.MonkeyPatch.context() as mp:
        if not fast:
            mp.setattr(collection, "_fast_parts", lambda *args: None)
        try:
            return score_collection(run, qrels, **options)
        except (ValueError, KeyError, TypeError) as exc:
            return type(exc), str(exc)


def assert_same_scores(run, qrels, **options):
    """Score both ways and check the table (values to the bit, order, dtypes), the means and every count. ``run``
    and ``qrels`` are frames or loaded files; the careful way gets their frames."""
    frames = (
        run.run if isinstance(run, files.Loaded) else run,
        qrels.qrels if isinstance(qrels, files.Loaded) else qrels,
    )
    got, want = scored(run, qrels, fast=True, **options), scored(*frames, fast=False, **options)
    if isinstance(want, tuple) or isinstance(got, tuple):
        assert got == want
        return
    pd.testing.assert_frame_equal(got.per_query, want.per_query, check_exact=True)
    assert got.per_query.dtypes.tolist() == want.per_query.dtypes.tolist()
    for column in ("ndcg_linear", "ndcg_exponential"):  # bit for bit, not merely close
        assert got.per_query[column].to_numpy().tobytes() == want.per_query[column].to_numpy().tobytes()
    assert got.mean.keys() == want.mean.keys()
    for gain, value in want.mean.items():
        assert got.mean[gain] == value or (math.isnan(got.mean[gain]) and math.isnan(value))
    assert (got.counted, got.coverage, got.k, got.ideal, got.missing, got.no_relevant) == (
        want.counted,
        want.coverage,
        want.k,
        want.ideal,
        want.missing,
        want.no_relevant,
    )


@pytest.mark.parametrize("seed", range(12))
def test_awkward_clean_files_take_the_fast_reader_and_load_as_today(seed):
    """Seeded awkward but well-formed files (BOM, CRLF, tabs, Korean, odd numbers) are read fast into today's Loaded."""
    qrels, run = awkward(seed)
    for data, what in ((qrels, "qrels"), (run, "run")):
        assert files._fast_lines(data, what) is not None
        assert_same_load(data)


DAMAGE = {
    "repeated doc": lambda t: t + t.splitlines(keepends=True)[-1],
    "split query": lambda t: t + t.splitlines(keepends=True)[0],
    "comment": lambda t: b"# a comment\n" + t,
    "too few fields": lambda t: t + b"topic99 Q0 d 1 1.0\n",
    "bad number": lambda t: t + b"topic99 Q0 d 1 high tag\n",
    "infinite": lambda t: t + b"topic99 Q0 d 1 1e999 tag\n",
    "double space": lambda t: t.replace(b" ", b"  ", 1),
    "mixed separators": lambda t: t.replace(b" ", b"\t", 1),
    "extra field": lambda t: t + b"topic99 Q0 d 1 1.0 tag extra\n",
    "lone CR": lambda t: t.replace(b"\n", b"\r"),
    "cp949": lambda t: t.decode("utf-8-sig").replace("topic", "질의").encode("cp949"),
    "no-break space": lambda t: t + "topic99 Q0 a\u00a0b 1 1.0 tag\n".encode(),
    "binary": lambda t: b"\x00" + t,
}


@pytest.mark.parametrize("damage", DAMAGE)
@pytest.mark.parametrize("seed", [0, 3])
def test_damaged_files_leave_the_fast_reader_and_load_as_today(seed, damage):
    """A file outside the simple case is not read fast, and loads (notes, errors and all) exactly as today."""
    _, run = awkward(seed)
    data = DAMAGE[damage](run)
    assert files._fast_lines(data, "run") is None
    assert_same_load(data, "damaged.txt")


@pytest.mark.parametrize("seed", range(8))
def test_scores_of_loaded_files_equal_the_careful_path_under_every_option(seed):
    """For every k, ideal, missing and no_relevant option, the fast scores equal the careful ones to the last bit."""
    qrels_data, run_data = awkward(seed)
    run_file, qrels_file = load(run_data, "run.txt"), load(qrels_data, "qrels.txt")
    assert run_file.tables[0] is not None and qrels_file.tables[1] is not None
    score_collection(run_file, qrels_file, k=10)
    assert "run" not in vars(run_file) and "qrels" not in vars(qrels_file)  # scored with no frame built
    for options in OPTIONS:  # scored from the bulk reader's tables, as the page does
        assert collection._fast_parts(run_file, qrels_file, options["k"], options["ideal"]) is not None
        assert_same_scores(run_file, qrels_file, **options)
    run, qrels = run_file.run, qrels_file.qrels
    for options in OPTIONS:  # and from the frames built from them
        assert collection._fast_parts(run, qrels, options["k"], options["ideal"]) is not None
        assert_same_scores(run, qrels, **options)


def test_frames_outside_the_fast_case_are_scored_as_today():
    """CSV-read object ids, split queries, integer scores, a missing id, a repeated doc and a bad k go the careful way."""
    qrels_data, run_data = awkward(2)
    run, qrels = load(run_data, "run.txt").run, load(qrels_data, "qrels.txt").qrels
    cases = {
        "object ids": (run.astype({"query_id": object, "doc_id": object}), qrels, 10),
        "split query": (pd.concat([run.iloc[1:], run.iloc[:1]], ignore_index=True), qrels, 10),
        "integer scores": (run.assign(score=np.arange(len(run))), qrels, 10),
        "missing id": (run.assign(doc_id=run["doc_id"].where(run.index != 2)), qrels, 10),
        "repeated doc": (pd.concat([run, run.iloc[-1:]], ignore_index=True), qrels, 10),
        "k zero": (run, qrels, 0),
        "no rows": (run.iloc[:0], qrels, 10),
    }
    for name, (r, q, k) in cases.items():
        if name != "object ids":
            assert collection._fast_parts(r, q, k, "judged") is None, name
        assert_same_scores(r, q, k=k)


def test_a_csv_upload_is_scored_fast_as_today():
    """A CSV file's object id columns take the fast scorer too, with the careful path's numbers."""
    text = "query_id,doc_id,score,relevance\n" + "".join(
        f"q{i // 7},d{i % 7},{(i * 37) % 5 / 2},{(i * 11) % 4 - 1}\n" for i in range(70)
    )
    got = assert_same_load(text.encode(), "table.csv")
    assert collection._fast_parts(got.run, got.qrels, 5, "retrieved") is not None
    for options in OPTIONS:
        assert_same_scores(got.run, got.qrels, **options)


def test_a_hash_collision_never_gives_a_wrong_score(monkeypatch):
    """With every docno hashing alike, the fast scorer and reader step aside instead of guessing."""
    qrels_data, run_data = awkward(1)
    run, qrels = load(run_data, "run.txt").run, load(qrels_data, "qrels.txt").qrels
    monkeypatch.setattr(trec_fast, "_hash", lambda windows, start, end, n_words: np.zeros(len(start), np.uint64))
    assert collection._fast_parts(run, qrels, 10, "judged") is None
    assert files._fast_lines(run_data, "run") is None
    assert_same_scores(run, qrels, k=10)


IDS = st.sampled_from(["a", "b", "doc-000000001", "doc-000000002", "doc-00000000", "d\u00e9j\u00e0", "문서1", "x" * 17])
SCORES = st.sampled_from(
    [
        "1",
        "1.0",
        "2.5",
        "-0",
        "0",
        "-3.25",
        "1e-5",
        "+.5",
        "1.0000000001",
        "0.30000000000000004",
        "1e39",
        "9" * 20,
        "-1.5E2",
    ]
)


@st.composite
def trec_files(draw):
    """(qrels, run) bytes: a few queries, docs drawn from a small pool (repeats allowed), numbers plain or odd."""
    sep = draw(st.sampled_from([" ", "\t"]))
    queries = draw(st.lists(st.sampled_from(["q1", "q2", "q10", "질의"]), min_size=1, max_size=4, unique=True))
    run, qrels = [], []
    for q in queries:
        for d, s in draw(st.lists(st.tuples(IDS, SCORES), max_size=8)):
            run.append(sep.join([q, "Q0", d, "1", s, "t"]))
        for d, g in draw(st.lists(st.tuples(IDS, st.integers(-2, 4)), max_size=6)):
            qrels.append(sep.join([q, "0", d, str(g)]))
    if draw(st.booleans()) and len(run) > 1:
        run.append(run[0])  # sometimes a split query or a repeated doc
    end = draw(st.sampled_from(["\n", "\r\n"]))
    return (end.join(qrels) + end).encode(), (end.join(run) + end).encode()


@pytest.mark.filterwarnings("ignore:overflow encountered in cast:RuntimeWarning")  # 1e39 as a 32-bit float
@given(trec_files(), st.sampled_from(OPTIONS))
@settings(max_examples=150, deadline=None)
def test_fuzzed_files_load_and_score_as_today(files_, options):
    """Random small files, clean or not, load and score the same with the fast path as without it."""
    qrels_data, run_data = files_
    qrels, run = assert_same_load(qrels_data, "qrels.txt"), assert_same_load(run_data, "run.txt")
    if isinstance(qrels, tuple) or isinstance(run, tuple) or run.kind == "qrels" or qrels.kind == "run":
        return
    assert_same_scores(run, qrels, **options)
    assert_same_scores(run.run, qrels.qrels, **options)


def test_long_rankings_sum_in_rank_order_to_the_last_bit():
    """Rankings of hundreds of graded documents give bit-identical sums, so the order of the additions is the same."""
    rng = np.random.default_rng(7)
    run, qrels = [], []
    for q in range(6):
        for i in range(400):
            run.append(f"q{q} Q0 d{i} {i + 1} {rng.random():.6f} t")
            qrels.append(f"q{q} 0 d{i} {int(rng.integers(0, 5))}")
    run_frame = load(("\n".join(run) + "\n").encode(), "run.txt").run
    qrels_frame = load(("\n".join(qrels) + "\n").encode(), "qrels.txt").qrels
    for k in (None, 9, 100, 399):
        assert collection._fast_parts(run_frame, qrels_frame, k, "judged") is not None
        assert_same_scores(run_frame, qrels_frame, k=k)


def test_a_big_file_is_judged_by_all_of_its_bytes_not_its_head():
    """Past the first 64 KiB, a CP949 line or a comment still sends the file the careful way, as today."""
    clean = "".join(f"q{i // 100} Q0 d{i} {i % 100 + 1} {i % 7 / 4} run\n" for i in range(5000)).encode()
    assert len(clean) > files._HEAD and files._head_kind(clean) == "run"
    assert files._fast_lines(clean, "run") is not None
    assert_same_load(clean, "big.txt")
    for late in ("q999 Q0 문서 1 1.0 run\n".encode("cp949"), b"# the end\n", b"q999 Q0 d 1 1.0\n"):
        got = assert_same_load(clean + late, "big.txt")
        assert got.format == "trec-run" and len(got.run) == 5000 + (late.count(b" ") == 5)


def test_a_run_that_shares_no_query_with_its_judgments_gives_todays_empty_table():
    """No query in both files: the same empty table (dtypes included), NaN means and coverage, under every option."""
    run = load(b"q1 Q0 a 1 1.0 t\nq1 Q0 b 2 0.5 t\n", "run.txt").run
    qrels = load(b"q2 0 a 1\nq3 0 b -1\n", "qrels.txt").qrels
    assert collection._fast_parts(run, qrels, 10, "judged") is not None
    for options in OPTIONS:
        assert_same_scores(run, qrels, **options)


@pytest.mark.parametrize(
    "ids",
    [
        ["d1", "doc-22", "x"],
        ["a", "b" * 300, "c"],
        ["문서1", "clueweb09-en0000-00-00001"],
        [*map(str, range(3000)), "b" * 400],
    ],
)  # the last: a matrix mostly padding
def test_docno_bytes_are_laid_end_to_end_as_arrow_text(ids):
    """span_bytes gives each docno's bytes end to end with their offsets, from its word matrix or byte by byte."""
    run = "".join(f"q Q0 {d} {i + 1} 1.0 t\n" for i, d in enumerate(ids)).encode()
    table = trec_fast.read_lines(run, "run")
    doc_bytes, offsets = trec_fast.span_bytes(table)
    want = [d.encode() for d in ids]
    assert doc_bytes.tobytes() == b"".join(want)
    assert offsets.tolist() == [0, *itertools.accumulate(len(d) for d in want)]


# ------------------------------------------------------------- CSV and TSV tables with a header


def clean_csv(n: int, delimiter: str = ",") -> bytes:
    """``n`` clean rows of a table holding a run and its judgments (every third grade blank: retrieved, not judged)."""
    rows = [delimiter.join(("query_id", "doc_id", "score", "relevance"))]
    rows += [
        delimiter.join((f"질의{i % 30}", f"d{i}", repr((n - i) / 7), "" if i % 3 else str(i % 4 - 1))) for i in range(n)
    ]
    return ("\n".join(rows) + "\n").encode()


@pytest.mark.parametrize("delimiter", [",", "\t", ";"])
def test_a_clean_big_table_is_read_by_arrow_into_the_careful_readers_loaded(monkeypatch, delimiter):
    """3,000 clean rows are read without the row-by-row reader, into the Loaded that reader gives."""
    data = clean_csv(3000, delimiter)
    want = assert_same_load(data, "both.csv", reader="_fast_table")
    assert (want.kind, want.lines, len(want.run), len(want.qrels)) == ("both", 3001, 3000, 1000)
    monkeypatch.setattr(files, "_table", lambda *args: pytest.fail("the row-by-row reader was used"))
    assert load(data, "both.csv").kind == "both"


UNCLEAN = {  # each sends the table to the row-by-row reader, which names or skips the odd line
    "quoted cell": lambda rows: [*rows[:2], '"q1",d9,1.0,2', *rows[2:]],
    "comment": lambda rows: [rows[0], "  # made by hand", *rows[1:]],
    "short row": lambda rows: [*rows, "q1,d77"],
    "blank id": lambda rows: [*rows, ",d78,1.0,1"],
    "spaced id": lambda rows: [*rows, "q1 ,d79,1.0,1"],
    "word score": lambda rows: [*rows, "q1,d80,high,1"],
    "nan score": lambda rows: [*rows, "q1,d81,nan,1"],
    "NA grade": lambda rows: [*rows, "q1,d82,1.0,NA"],
    "inf grade": lambda rows: [*rows, "q1,d83,1.0,inf"],
    "blank score": lambda rows: [*rows, "q1,d84,,1"],
    "repeated doc": lambda rows: [*rows, rows[1]],
    "delimiters only": lambda rows: [*rows, ",,,"],
    "spaces only": lambda rows: [*rows, "   "],
    "NUL byte": lambda rows: [*rows, "q1,d\x0085,1.0,1"],
    "separator control": lambda rows: [*rows, "q1,\x1cd86,1.0,1"],
}


@pytest.mark.parametrize("damage", UNCLEAN)
def test_an_unclean_table_loads_as_the_row_by_row_reader_loads_it(damage):
    """A table with one odd line gives exactly the row-by-row reader's Loaded (or its FileError)."""
    rows = clean_csv(40).decode().splitlines()
    assert_same_load(("\n".join(UNCLEAN[damage](rows)) + "\n").encode(), "t.csv", reader="_fast_table")


@pytest.mark.parametrize(
    "header",
    ["qid,docno,rank", "topic;document;rank;grade", "query_id\tdoc_id\trel", "\ufeffQuery_ID , Doc_ID , Score"],
)
@pytest.mark.parametrize("ends", ["\n", "\r\n", "\r"])
def test_headers_ranks_byte_order_marks_and_line_ends_load_as_row_by_row(header, ends):
    """Aliases, a rank column, a BOM and any line end give the row-by-row reader's Loaded."""
    delimiter = next(d for d in ("\t", ";", ",") if d in header)
    n = header.count(delimiter) + 1
    rows = [header, *(delimiter.join([f"q{i % 3}", f"d{i}", str(i + 1), str(i % 3)][:n]) for i in range(9))]
    assert_same_load((ends.join(["", *rows, ""]) + ends).encode(), "h.csv", reader="_fast_table")


NUMBER_TEXTS = [
    "1",
    "0",
    "-1",
    "2.5",
    ".5",
    "5.",
    "+1",
    "1e3",
    "-0.0",
    "1E-2",
    "",
    " ",
    " 2 ",
    "nan",
    "NaN",
    "inf",
    "-Infinity",
    "NA",
    "null",
    "N/A",
    "x",
    "1_0",
    "0x1F",
    "1e999",
    "٣",
    "1,5",
    "--1",
    "1e",
    "true",
]
CELL_IDS = ["q1", "질의", "d 1", " q", "q ", "\u00a0q", "q\u3000", "", "=1+1", "<b>", "a;b", "q\x1f"]


GOOD_NUMBERS = ["1", "0", "-1", "2.5", ".5", "5.", "+1", "1e3", "-0.0", "1E-2", "3.0000000000000004"]
GOOD_IDS = ["q1", "질의", "Q-2", "=1+1", "<b>", "x" * 40, "문서#1"]


@st.composite
def csv_files(draw):
    """A header (some alias of each column, any order, any delimiter) and rows, clean or mixing in odd cells and
    lines (half the tables each)."""
    clean = draw(st.booleans())
    delimiter = draw(st.sampled_from([",", "\t", ";"]))
    kind = draw(st.sampled_from(["score", "rank", "relevance", "score+relevance", "rank+relevance"]))
    columns = ["query_id", "doc_id", *kind.split("+")]
    extra = draw(st.booleans())
    if extra:
        columns.append("note")
    order = draw(st.permutations(columns))
    names = {
        "query_id": ["qid", "query_id", "Topic"],
        "doc_id": ["docno", "doc_id"],
        "score": ["score", "sim"],
        "rank": ["rank"],
        "relevance": ["rel", "relevance", "grade"],
        "note": ["note"],
    }
    header = delimiter.join(draw(st.sampled_from(names[c])) for c in order)
    ids, numbers = (GOOD_IDS, GOOD_NUMBERS) if clean else (GOOD_IDS + CELL_IDS, GOOD_NUMBERS + NUMBER_TEXTS)
    grade = [*numbers, ""] if clean and "+" in kind else numbers  # blank: retrieved, not judged
    cell = {
        "query_id": st.sampled_from(ids),
        "doc_id": st.sampled_from([*ids, "d2", "d3", "d4", "문서"]),
        "score": st.sampled_from(numbers),
        "rank": st.sampled_from(numbers),
        "relevance": st.sampled_from(grade),
        "note": st.sampled_from(["", "x", "#", "a b"]),
    }
    rows = draw(st.lists(st.tuples(*(cell[c] for c in order)), min_size=0, max_size=12))
    if clean:  # each (query, doc) once
        at = order.index("doc_id")
        rows = [(*r[:at], f"{r[at]}-{i}", *r[at + 1 :]) for i, r in enumerate(rows)]
    lines = [header, *(delimiter.join(r) for r in rows)]
    for _ in range(0 if clean else draw(st.integers(0, 2))):  # odd whole lines anywhere
        at = draw(st.integers(0, len(lines)))
        lines.insert(at, draw(st.sampled_from(["", "   ", "# note", delimiter * 3, "q1", '"q1"' + delimiter + "d1"])))
    end = draw(st.sampled_from(["\n", "\r\n", "\r"]))
    text = draw(st.sampled_from(["", "\ufeff", end])) + end.join(lines) + draw(st.sampled_from(["", end, end * 2]))
    return text.encode(draw(st.sampled_from(["utf-8", "utf-8", "cp949"])), errors="replace")


@given(csv_files())
@settings(max_examples=300, deadline=None)
def test_any_table_loads_as_the_row_by_row_reader_loads_it(data):
    """Whatever a table holds, Arrow's reader gives the row-by-row reader's Loaded or steps aside."""
    assert_same_load(data, "any.csv", reader="_fast_table")


@pytest.mark.parametrize("space", [chr(c) for c in range(0x110000) if chr(c).isspace()])
def test_every_space_str_strip_removes_is_seen_at_either_end_of_an_id(space):
    """An id that starts or ends with any character str.strip() removes is found; one holding it inside is not."""
    import pyarrow as pa

    for ids, edge in (([f"{space}q", "d1"], True), (["q1", f"문서{space}"], True), ([f"q{space}1", "질의"], False)):
        assert files._edge_space(pa.chunked_array([pa.array(ids)])) is edge, (ids, edge)


@pytest.mark.parametrize("interleaved", [False, True])
def test_a_clean_table_is_scored_from_its_own_tables_as_the_careful_path_scores_it(interleaved):
    """A clean CSV holding a run and its judgments keeps trec_fast tables when each query's rows are together (and
    frames when not); either way its scores equal the careful path's under every option."""
    data = clean_csv(600)
    if not interleaved:  # sorted by query: each query's rows together
        lines = data.decode().splitlines()
        data = ("\n".join([lines[0], *sorted(lines[1:], key=lambda row: row.split(",")[0])]) + "\n").encode()
    both = load(data, "both.csv")
    assert (both.tables[0] is None) is interleaved and (both.tables[1] is None) is interleaved
    for options in OPTIONS[::7]:
        assert_same_scores(both, both, **options)


@pytest.mark.parametrize("delimiter", [",", "\t"])
def test_a_doc_twice_in_a_query_of_a_table_whose_queries_are_together_is_named(delimiter):
    """In a table whose queries' rows are together, a (query, doc) pair given twice sends the file to the row-by-row
    reader, which names the later line; the rest loads as that reader loads it."""
    rows = clean_csv(60, delimiter).decode().splitlines()
    body = sorted(rows[1:], key=lambda row: row.split(delimiter)[0])
    body.insert(5, body[3])  # the same query's row again, two rows later
    data = ("\n".join([rows[0], *body]) + "\n").encode()
    got = assert_same_load(data, "both.csv", reader="_fast_table")
    assert [p.code for p in got.problems] == ["duplicate"]
