"""Uploaded files: tell a TREC run, TREC qrels or a CSV/TSV table apart, and read what is good in them.

``load(data, name)`` reads one file's bytes (UTF-8, UTF-8 with a byte-order mark, or CP949 as
Korean Excel writes it; any line ends) and returns a ``Loaded``: its run rows, its judgments, or
both, and every line it left out with the reason (``LineProblem``). A file that cannot be read at
all raises ``FileError``, a ``ValueError`` whose ``code`` and ``params`` let a page say why in its
own language.

Formats:

- TREC run: ``qid Q0 docno rank score tag``; TREC qrels: ``qid iter docno rel``. Fields are split
  on whitespace and blank lines skipped, as trec_eval reads them; a ``#`` line is left out as a
  comment.
- CSV or TSV (comma, tab or semicolon, found from the header) with named columns: ``query_id``,
  ``doc_id``, and ``score`` or ``rank`` (a run), and/or ``relevance`` (judgments). One file may
  hold both; a row with a blank relevance is then retrieved but not judged. Common other names
  (qid, docno, rel, grade, ...) are accepted. With ``rank`` and no ``score``, rank 1 ranks first.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cached_property
from typing import Protocol

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc

from ndcg_core import trec
from ndcg_core.trec import LineProblem, Row, _fast, check_rows, decode, scan
from ndcg_core.trec_fast import _UNICODE_SPACES, _doc_twice, read_lines, span_bytes, table_of
from ndcg_core.trec_fast import _Table as TrecTable

ALIASES = {  # the column each header name means; names are compared in lower case, trimmed
    "query_id": ("query_id", "qid", "query", "topic", "topic_id", "queryid"),
    "doc_id": ("doc_id", "docid", "docno", "doc", "document", "document_id"),
    "score": ("score", "sim", "similarity"),
    "rank": ("rank",),
    "relevance": ("relevance", "rel", "grade", "label", "judgment", "judgement", "qrel"),
}
DELIMITERS = ("\t", ",", ";")
# FileError codes (the upload page adds "rows" and "queries" for files over its budget)
FILE_ERRORS = ("binary", "encoding", "mixed", "empty", "fields", "columns", "nothing", "malformed", "rows", "queries")


class FileError(ValueError):
    """A file that cannot be read at all: ``code`` is one of binary, encoding, empty, fields, columns."""

    def __init__(self, name: str, code: str, message: str, **params: object):
        super().__init__(f"{name}: {message}")
        self.name, self.code, self.params = name, code, params


@dataclass(frozen=True, eq=False)
class Loaded:
    """One file, read: its ``run`` (query_id, doc_id, score) and/or ``qrels`` (query_id, doc_id, relevance).

    A TREC file read by ``trec_fast``'s bulk reader, or a clean table read by Arrow, keeps ``trec_fast`` tables
    (run, judgments) and builds a frame only when asked for it: ``collection.score_collection`` scores such a file
    from its tables.
    """

    name: str
    format: str  # "trec-run", "trec-qrels", "csv" or "tsv" (also for ";")
    problems: tuple[LineProblem, ...]  # lines left out, in line order
    lines: int  # non-blank lines read, the header included
    frames: tuple[pd.DataFrame | None, pd.DataFrame | None] = field(default=(None, None), repr=False)  # run, qrels
    tables: tuple[TrecTable | None, TrecTable | None] = field(default=(None, None), repr=False)  # the same, as tables

    @cached_property
    def run(self) -> pd.DataFrame | None:
        return self.frames[0] if self.tables[0] is None else _frame_of(self.tables[0], "score")

    @cached_property
    def qrels(self) -> pd.DataFrame | None:
        return self.frames[1] if self.tables[1] is None else _frame_of(self.tables[1], "relevance")

    @property
    def kind(self) -> str:
        """ "run", "qrels" or "both" (without building a frame)."""
        run, qrels = (self.frames[i] is not None or self.tables[i] is not None for i in (0, 1))
        return "both" if run and qrels else "run" if run else "qrels"

    def negative_grades(self) -> int:
        """How many of this file's judgments have a grade below 0 (0 for a file without judgments)."""
        if self.tables[1] is not None:
            return int(np.count_nonzero(self.tables[1].number < 0))
        return negative_grades(self.frames[1]) if self.frames[1] is not None else 0


_CONTENT = re.compile(r"^[^\S\n]*\S", re.M)  # a line with something on it


def _count_lines(text: str) -> int:
    """Non-blank lines, under any line ends (one regex pass: a million lines in milliseconds)."""
    return len(_CONTENT.findall(text.replace("\r\n", "\n").replace("\r", "\n") if "\r" in text else text))


_LINE = re.compile(r"[^\r\n]*")


def _first_content(text: str) -> str | None:
    """The first line that is neither blank nor a # comment, or None (read lazily: files run to 20 MB)."""
    for match in _LINE.finditer(text):
        line = match.group()
        if line.strip() and not line.lstrip().startswith("#"):
            return line
    return None


def _header(first: str) -> tuple[str, dict[str, int]] | None:
    """(delimiter, column → position) when the first line names the columns, else None."""
    for delimiter in DELIMITERS:
        if delimiter not in first:
            continue
        names = [f.strip().strip('"').strip().lower().lstrip("\ufeff") for f in first.split(delimiter)]
        where = {}
        for column, aliases in ALIASES.items():
            hits = [i for i, n in enumerate(names) if n in aliases]
            if hits:
                where[column] = hits[0]
        if "query_id" in where and "doc_id" in where:
            return delimiter, where
    return None


_HEAD = 1 << 16  # bytes of a file that ``_head_kind`` reads


def _head_kind(data: bytes) -> str | None:
    """ "run" or "qrels" when the file's first whole lines (UTF-8, no header) say TREC, else None.

    Only a hint for the fast reader, which takes the file only when all of it is UTF-8; then the whole
    text's first line is this one, so ``load`` decides as it would have after decoding everything.
    """
    cut = data.rfind(b"\n", 0, _HEAD)
    if cut < 0 or b"\x00" in data[:cut]:
        return None
    try:
        first = _first_content(data[: cut + 1].decode("utf-8-sig"))
    except UnicodeDecodeError:
        return None
    if first is None or _header(first) is not None:
        return None
    n = len(first.split())
    return "run" if n >= 6 else "qrels" if n == 4 else None


_BOM = b"\xef\xbb\xbf"
_LATER_BOM = re.compile(rb"(?<=[\r\n])\xef\xbb\xbf")


def _utf8_line(data: bytes) -> int | None:
    """In a file that is not UTF-8 (so read as CP949): the number of its first line that is itself non-ASCII UTF-8
    (the file mixes the two encodings, and CP949 would misread that line's ids), or None."""
    try:
        data.decode("utf-8")
        return None  # the whole file is UTF-8
    except UnicodeDecodeError:
        pass
    for no, line in enumerate(data.splitlines(), start=1):
        if not line.isascii():
            try:
                line.decode("utf-8")
            except UnicodeDecodeError:
                continue
            return no
    return None


def load(data: bytes, name: str) -> Loaded:
    """Read one uploaded file; raise ``FileError`` when nothing in it can be used.

    A byte-order mark at the start of a later line (files joined together) is taken out, as the first line's is.
    """
    if data.find(b"\xef", 1) >= 0 and data.find(_BOM, 1) >= 0:  # a later line's, searched in place (memchr first)
        data = _LATER_BOM.sub(b"", data)
    tried = _head_kind(data)  # a TREC file in the simple case is read without decoding all of it
    if tried is not None:
        table = _fast_lines(data, tried)
        if table is not None:
            return Loaded(name, f"trec-{tried}", (), len(table.number), tables=_as(tried, table))
    try:
        text = decode(data, name)
    except ValueError as exc:
        code = "binary" if "binary" in str(exc) else "encoding"
        raise FileError(name, code, str(exc).split(": ", 1)[1]) from None
    if not data.isascii() and (at := _utf8_line(data)) is not None:
        raise FileError(name, "mixed", f"line {at} is UTF-8 but the file is read as CP949", line=at)
    first = _first_content(text)
    if first is None:
        raise FileError(name, "empty", "the file is empty")
    header = _header(first)
    if header is not None:
        fast_table = _fast_table(data, name, *header)
        return fast_table if fast_table is not None else _table(text, name, *header, _count_lines(text))
    n = len(first.split())
    what = "run" if n >= 6 else "qrels" if n == 4 else None
    if what is None:
        raise FileError(
            name,
            "fields",
            f"the first line has {n} fields: a TREC run line has 6, a qrels line 4, "
            "and a CSV or TSV file needs a header naming query_id and doc_id",
            n=n,
        )
    number = "score" if what == "run" else "relevance"
    table = _fast_lines(data, what) if what != tried else None  # NumPy's bulk reader (unless it said no already)
    if table is not None:
        return Loaded(name, f"trec-{what}", (), len(table.number), tables=_as(what, table))
    fast = _fast(text, 6 if what == "run" else 4, 4 if what == "run" else 3)  # Arrow's reader, then the careful scan
    problems: list[LineProblem]
    if fast is not None:  # no blank, comment or bad line: one line per row
        df, problems, lines = fast.rename(columns={"number": number}), [], len(fast)
    else:
        df, problems = scan(text, what, comments=True)
        lines = _count_lines(text)
    return _trec(name, what, df, problems, lines)


def _trec(name: str, what: str, df: pd.DataFrame, problems: list[LineProblem], lines: int) -> Loaded:
    """A TREC run or qrels file's ``Loaded``; FileError when no line could be used."""
    if df.empty:
        raise _nothing(name, problems)
    return Loaded(
        name, f"trec-{what}", tuple(problems), lines, (df if what == "run" else None, df if what == "qrels" else None)
    )


def _as(what: str, part: TrecTable) -> tuple[TrecTable | None, TrecTable | None]:
    """(run, judgments) holding ``part`` as the file's run or its judgments."""
    return (part, None) if what == "run" else (None, part)


def arrow_table(query: pa.Array, doc: pa.Array, number: np.ndarray) -> TrecTable | None:
    """``trec_fast``'s table of Arrow text columns (no missing value) and the numbers; None unless each query's rows
    are together and every doc id is non-empty text without a zero byte."""
    heads = np.zeros(1, dtype=np.int64)
    if len(query) > 1:
        heads = np.concatenate(
            [heads, pc.indices_nonzero(pc.not_equal(query[1:], query[:-1])).to_numpy().astype(np.int64) + 1]
        )
    offsets_buffer, data_buffer = doc.buffers()[1:3]
    offset_type = np.dtype(np.int64 if doc.type == pa.large_string() else np.int32)
    offsets = np.frombuffer(
        offsets_buffer, dtype=offset_type, count=len(doc) + 1, offset=doc.offset * offset_type.itemsize
    )
    first, last = int(offsets[0]), int(offsets[-1])
    data = np.frombuffer(data_buffer, dtype=np.uint8)[first:last] if data_buffer is not None else np.zeros(0, np.uint8)
    return table_of(data, offsets.astype(np.int64) - first, heads, query.take(pa.array(heads)).to_pylist(), number)


def _fast_lines(data: bytes, what: str) -> TrecTable | None:
    """``trec_fast``'s table of the file; None unless its simple case."""
    if b"\t" in data and b" " in data:
        return None  # mixed separators: ``trec._fast`` leaves them to the careful scan, whose frame holds objects
    return read_lines(data, what)


def _frame_of(table: TrecTable, number: str) -> pd.DataFrame:
    """``trec._fast``'s frame (query_id, doc_id and ``number``) of a bulk reader's table."""
    doc_bytes, offsets = span_bytes(table)
    small = len(doc_bytes) < 2**31  # Arrow's string type (int32 offsets), else its large_string
    doc = (pa.StringArray if small else pa.LargeStringArray).from_buffers(
        len(offsets) - 1, pa.py_buffer(offsets.astype(np.int32) if small else offsets), pa.py_buffer(doc_bytes)
    )
    block = np.repeat(np.arange(len(table.qids), dtype=np.int32), table.lengths)
    qids = pa.array(table.qids, pa.large_string())
    if int(np.dot(pc.binary_length(qids).to_numpy(), table.lengths)) < 2**31:  # the rows' query ids fit Arrow's string
        query = qids.cast(pa.string()).take(pa.array(block))
    else:
        query = qids.take(pa.array(block)).cast(pa.string())  # fails as the cast always did: over 2 GiB of ids
    frame: pd.DataFrame = pa.table(
        {"query_id": query, "doc_id": doc.cast(pa.string()) if not small else doc, number: table.number}
    ).to_pandas()
    return frame


_ASCII_SPACES = "".join(c for c in map(chr, range(128)) if c.isspace())  # tab .. CR, \x1c .. \x1f, space
_SPACE = "".join(f"\\x{{{ord(c):x}}}" for c in _ASCII_SPACES + _UNICODE_SPACES)  # what str.strip() takes away
_EDGE_SPACE = f"^[{_SPACE}]|[{_SPACE}]$"  # RE2: a cell that strip() would change
_COMMENT = re.compile(rb"(?:^|[\r\n])[ \t]*#")
_ASCII_SPACE = np.zeros(256, dtype=bool)
_ASCII_SPACE[[ord(c) for c in _ASCII_SPACES]] = True


def _edge_space(ids: pa.ChunkedArray) -> bool:
    """Whether some id starts or ends with what ``str.strip()`` removes (no id is empty here). Each id's first and
    last byte are looked at in bulk; only ids with a non-ASCII character at an edge (Korean ids, say) go through
    the regular expression."""
    for chunk in ids.chunks:
        wide = chunk.type == pa.large_string()
        offsets = np.frombuffer(
            chunk.buffers()[1],
            dtype=np.int64 if wide else np.int32,
            count=len(chunk) + 1,
            offset=chunk.offset * (8 if wide else 4),
        )
        data = np.frombuffer(chunk.buffers()[2], dtype=np.uint8)
        first, last = data[offsets[:-1]], data[offsets[1:] - 1]
        low = np.minimum(first, last)  # every ASCII space is a byte <= 32: looked up only where one is
        if (low <= 32).any() and (_ASCII_SPACE[first].any() or _ASCII_SPACE[last].any()):
            return True
        other = (first >= 0x80) | (last >= 0x80)
        if other.any() and pc.any(pc.match_substring_regex(chunk.filter(pa.array(other)), _EDGE_SPACE)).as_py():
            return True
    return False


def _fast_table(data: bytes, name: str, delimiter: str, where: dict[str, int]) -> Loaded | None:
    """``_table``'s answer from Arrow's multithreaded CSV reader, for a clean file; None otherwise.

    Clean: UTF-8, no quote character, no comment line, every row as wide as the header, no blank id or number, ids
    with no space at either end, numbers Arrow reads as finite floats, no (query, doc) pair twice. The careful
    reader takes every other file and names its bad lines, so both give the same ``Loaded``.
    """
    body = _clean_body(data)
    if body is None:
        return None
    start, width = _header_line(body, delimiter)
    has_run = "score" in where or "rank" in where
    number_col = "score" if "score" in where else "rank"
    wanted = _wanted_columns(where, has_run, number_col)
    if wanted is None:
        return None
    table = _read_columns(body[start:], delimiter, width, wanted)
    if table is None:
        return None
    query, doc = table.column(f"c{wanted['query_id']}"), table.column(f"c{wanted['doc_id']}")
    numbers = {
        column: table.column(f"c{at}") for column, at in wanted.items() if column in ("score", "rank", "relevance")
    }
    if not (_clean_ids(query, doc) and _clean_numbers(numbers, has_run)):
        return None
    query, doc = query.combine_chunks(), doc.combine_chunks()
    neither: tuple[None, None] = (None, None)
    run_frame, run_table = _run_part(query, doc, numbers[number_col], number_col) if has_run else neither
    judged_frame, judged_table = _judged_part(query, doc, numbers["relevance"]) if "relevance" in where else neither
    if _repeats_a_pair(run_table if has_run else judged_table, query, doc):
        return None
    return Loaded(
        name,
        "tsv" if delimiter == "\t" else "csv",
        (),
        table.num_rows + 1,
        (run_frame, judged_frame),
        (run_table, judged_table),
    )


def _clean_body(data: bytes) -> bytes | None:
    """The file's bytes, byte-order mark left out, when they are UTF-8 with no quote character, zero byte or comment
    line; None otherwise."""
    body = data[3:] if data.startswith(b"\xef\xbb\xbf") else data
    if b'"' in body or b"\x00" in body or (b"#" in body and _COMMENT.search(body)):
        return None
    if not body.isascii():
        try:  # the careful reader would read the whole file as CP949 otherwise
            body.decode("utf-8")
        except UnicodeDecodeError:
            return None
    return body


def _header_line(body: bytes, delimiter: str) -> tuple[int, int]:
    """The header line's first byte, and how many columns it has."""
    start = len(body) - len(body.lstrip(b" \t\r\n"))
    start = max(body.rfind(b"\n", 0, start), body.rfind(b"\r", 0, start)) + 1  # the header line's first byte
    header_end = min((i for i in (body.find(b"\n", start), body.find(b"\r", start)) if i >= 0), default=len(body))
    return start, body[start:header_end].count(delimiter.encode()) + 1


def _wanted_columns(where: dict[str, int], has_run: bool, number_col: str) -> dict[str, int] | None:
    """The columns to read (name -> position): the ids, the run's number, the grade; None when nothing is scored or
    two of them are one column."""
    wanted = {"query_id": where["query_id"], "doc_id": where["doc_id"]}
    if has_run:
        wanted[number_col] = where[number_col]
    if "relevance" in where:
        wanted["relevance"] = where["relevance"]
    if not has_run and "relevance" not in where or len(set(wanted.values())) != len(wanted):
        return None
    return wanted


def _read_columns(text: bytes, delimiter: str, width: int, wanted: dict[str, int]) -> pa.Table | None:
    """The wanted columns (``c<position>``: ids as text, numbers as floats) of the file from its header line on, read
    by Arrow; None when Arrow cannot read them so, or there are no rows."""
    from pyarrow import csv as pacsv  # imported on first use, as the careful path's other parts

    names = [f"c{i}" for i in range(width)]
    types = {
        f"c{at}": pa.string() if column in ("query_id", "doc_id") else pa.float64() for column, at in wanted.items()
    }
    try:
        table = pacsv.read_csv(
            pa.py_buffer(text),
            read_options=pacsv.ReadOptions(column_names=names, skip_rows=1),
            parse_options=pacsv.ParseOptions(delimiter=delimiter, quote_char=False, ignore_empty_lines=True),
            convert_options=pacsv.ConvertOptions(
                column_types=types, include_columns=list(types), strings_can_be_null=False, null_values=[""]
            ),
        )
    except (pa.ArrowInvalid, pa.ArrowTypeError, pa.ArrowNotImplementedError):
        return None
    return table if table.num_rows else None


def _clean_ids(query: pa.ChunkedArray, doc: pa.ChunkedArray) -> bool:
    """Whether no id is blank or has a space at either end."""
    return not any(pc.min(pc.binary_length(ids)).as_py() == 0 or _edge_space(ids) for ids in (query, doc))


def _clean_numbers(numbers: dict[str, pa.ChunkedArray], has_run: bool) -> bool:
    """Whether every number is there and finite (a run row may lack its grade: it is retrieved, not judged)."""
    for column, values in numbers.items():
        blank_ok = column == "relevance" and has_run  # a run row with a blank grade is retrieved, not judged
        if values.null_count and not blank_ok or not pc.all(pc.is_finite(values)).as_py():  # nan, inf: named
            return False
    return True


def _run_part(
    query: pa.Array, doc: pa.Array, number: pa.ChunkedArray, number_col: str
) -> tuple[pd.DataFrame | None, TrecTable | None]:
    """The run as a ``trec_fast`` table (score, or rank negated); a frame instead when a query's rows are apart."""
    values = number.combine_chunks()
    score = pc.negate(values) if number_col == "rank" else values
    table = arrow_table(query, doc, score.to_numpy())
    if table is None:  # a query's rows apart: a frame, scored the careful way
        return pa.table({"query_id": query, "doc_id": doc, "score": score}).to_pandas(), None
    return None, table


def _judged_part(
    query: pa.Array, doc: pa.Array, relevance: pa.ChunkedArray
) -> tuple[pd.DataFrame | None, TrecTable | None]:
    """The judged rows (a grade given) as a ``trec_fast`` table, else as a frame; neither when no row is judged."""
    grades = relevance.combine_chunks()
    parts = pa.table({"query_id": query, "doc_id": doc, "relevance": grades})
    if grades.null_count:
        parts = parts.filter(grades.is_valid())
    if not parts.num_rows:  # a run table with no judged row is a run
        return None, None
    table = arrow_table(
        parts.column("query_id").combine_chunks(),
        parts.column("doc_id").combine_chunks(),
        parts.column("relevance").to_numpy(),
    )
    return (parts.to_pandas() if table is None else None), table


def _repeats_a_pair(every_row: TrecTable | None, query: pa.Array, doc: pa.Array) -> bool:
    """Whether some (query, doc) pair may occur twice.

    A table's hashed docnos tell within each query block (equal hashes, or a collision, send the file to the careful
    reader, which names the line); a frame's pairs are compared as text.
    """
    if every_row is not None:
        return _doc_twice(every_row)
    return trec._has_duplicates(pa.chunked_array([query]), pa.chunked_array([doc]))


def _table(text: str, name: str, delimiter: str, where: dict[str, int], n_lines: int) -> Loaded:
    """A CSV/TSV file with a header: its run rows (score or rank given) and judged rows (relevance given)."""
    has_run = "score" in where or "rank" in where
    if not has_run and "relevance" not in where:
        raise FileError(name, "columns", "the header names neither score, rank nor relevance")
    number_col = "score" if "score" in where else "rank"
    run_rows, judged_rows, problems = _table_rows(text, name, delimiter, where, has_run, number_col)
    run = _run_frame(run_rows, number_col, problems) if has_run else None
    qrels = None
    if "relevance" in where:
        qrels = check_rows(judged_rows, ("query_id", "doc_id", "relevance"), "relevance", problems)
    problems = sorted(set_unique(problems), key=lambda p: p.line)
    if (run is None or run.empty) and (qrels is None or qrels.empty):
        raise _nothing(name, problems)
    if run is not None and run.empty:
        run = None
    if qrels is not None and qrels.empty and has_run:
        qrels = None
    fmt = "tsv" if delimiter == "\t" else "csv"
    return Loaded(name, fmt, tuple(problems), n_lines, (run, qrels))


def _table_rows(
    text: str, name: str, delimiter: str, where: dict[str, int], has_run: bool, number_col: str
) -> tuple[list[Row], list[Row], list[LineProblem]]:
    """The run rows and judged rows (line, query, doc, number text) of a CSV/TSV file, and the lines left out."""
    reader = csv.reader(io.StringIO(text, newline=None), delimiter=delimiter)  # CR, LF or CRLF line ends
    width = None
    run_rows: list[Row] = []
    judged_rows: list[Row] = []
    problems: list[LineProblem] = []
    for row in _records(reader, name):
        no = reader.line_num  # the record's last line (a quoted cell may span lines)
        if not any(cell.strip() for cell in row):
            continue
        comment = row[0].lstrip().startswith("#")
        if width is None and not comment:  # the header
            width = len(row)
            continue
        problem = _row_problem(row, no, comment, width, where)
        if problem is not None:
            problems.append(problem)
            continue
        query, doc = row[where["query_id"]].strip(), row[where["doc_id"]].strip()
        if has_run:
            run_rows.append((no, query, doc, row[where[number_col]]))
        if "relevance" in where:
            grade = row[where["relevance"]]
            if grade.strip() or not has_run:  # a blank grade in a run table: retrieved, not judged
                judged_rows.append((no, query, doc, grade))
    return run_rows, judged_rows, problems


def _row_problem(
    row: list[str], no: int, comment: bool, width: int | None, where: dict[str, int]
) -> LineProblem | None:
    """Why a row after the header is left out (a comment, the wrong width, a blank id), or None."""
    if comment:
        return LineProblem(no, "comment")
    if len(row) != width:
        return LineProblem(no, "width", {"n": len(row), "need": width})
    query, doc = row[where["query_id"]].strip(), row[where["doc_id"]].strip()
    if not query or not doc:
        return LineProblem(no, "blank", {"column": "query_id" if not query else "doc_id"})
    return None


def _run_frame(run_rows: list[Row], number_col: str, problems: list[LineProblem]) -> pd.DataFrame:
    """The run rows' frame (query_id, doc_id, score: a rank negated, so that rank 1 ranks first)."""
    run = check_rows(run_rows, ("query_id", "doc_id", number_col), number_col, problems)
    if number_col == "rank":
        run = pd.DataFrame(
            {"query_id": run["query_id"], "doc_id": run["doc_id"], "score": -run["rank"].to_numpy(dtype=float)}
        )
    return run


def _nothing(name: str, problems: list[LineProblem]) -> FileError:
    """No line could be used: name the first problem that is not a comment (or say the file has no rows)."""
    if not problems:
        return FileError(name, "empty", "the file holds a header but no rows")
    first = next((p for p in problems if p.code != "comment"), problems[0])
    return FileError(
        name, "nothing", f"no line could be read (line {first.line}: {first.message()})", line=first.line, problem=first
    )


class _Reader(Protocol):
    """What ``_records`` needs of a ``csv.reader``."""

    line_num: int

    def __next__(self) -> list[str]: ...


def _records(reader: _Reader, name: str) -> Iterator[list[str]]:
    """The reader's rows; a row the csv module cannot split (e.g. a cell over its 128 KiB limit) stops the file."""
    while True:
        try:
            yield next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            raise FileError(
                name, "malformed", f"line {reader.line_num}: {exc}", line=reader.line_num, detail=str(exc)
            ) from None


def set_unique(problems: list[LineProblem]) -> list[LineProblem]:
    """Each (line, code) once: a row bad for the run and the judgments alike is named once."""
    seen, out = set(), []
    for p in problems:
        if (p.line, p.code) not in seen:
            seen.add((p.line, p.code))
            out.append(p)
    return out


def negative_grades(qrels: pd.DataFrame) -> int:
    """How many judgments have a grade below 0 (web-track spam labels; they gain nothing)."""
    return int(np.count_nonzero(qrels["relevance"].to_numpy(dtype=float) < 0))
