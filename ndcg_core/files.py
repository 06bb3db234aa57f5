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
from dataclasses import dataclass

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc

from ndcg_core import trec
from ndcg_core.trec import LineProblem, _fast, check_rows, decode, scan
from ndcg_core.trec_fast import read_lines, span_bytes

ALIASES = {  # the column each header name means; names are compared in lower case, trimmed
    "query_id": ("query_id", "qid", "query", "topic", "topic_id", "queryid"),
    "doc_id": ("doc_id", "docid", "docno", "doc", "document", "document_id"),
    "score": ("score", "sim", "similarity"),
    "rank": ("rank",),
    "relevance": ("relevance", "rel", "grade", "label", "judgment", "judgement", "qrel"),
}
DELIMITERS = ("\t", ",", ";")
FILE_ERRORS = ("binary", "encoding", "empty", "fields", "columns", "nothing", "malformed")  # FileError codes


class FileError(ValueError):
    """A file that cannot be read at all: ``code`` is one of binary, encoding, empty, fields, columns."""

    def __init__(self, name: str, code: str, message: str, **params):
        super().__init__(f"{name}: {message}")
        self.name, self.code, self.params = name, code, params


@dataclass(frozen=True)
class Loaded:
    """One file, read: its ``run`` (query_id, doc_id, score) and/or ``qrels`` (query_id, doc_id, relevance)."""

    name: str
    format: str  # "trec-run", "trec-qrels", "csv" or "tsv" (also for ";")
    run: pd.DataFrame | None
    qrels: pd.DataFrame | None
    problems: tuple[LineProblem, ...]  # lines left out, in line order
    lines: int  # non-blank lines read, the header included

    @property
    def kind(self) -> str:
        """"run", "qrels" or "both"."""
        if self.run is not None and self.qrels is not None:
            return "both"
        return "run" if self.run is not None else "qrels"


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
    """"run" or "qrels" when the file's first whole lines (UTF-8, no header) say TREC, else None.

    Only a hint for the fast reader, which takes the file only when all of it is UTF-8; then the whole
    text's first line is this one, so ``load`` decides as it would have after decoding everything.
    """
    cut = data.rfind(b"\n", 0, _HEAD)
    if cut < 0 or b"\x00" in data[:cut]:
        return None
    try:
        first = _first_content(data[:cut + 1].decode("utf-8-sig"))
    except UnicodeDecodeError:
        return None
    if first is None or _header(first) is not None:
        return None
    n = len(first.split())
    return "run" if n >= 6 else "qrels" if n == 4 else None


def load(data: bytes, name: str) -> Loaded:
    """Read one uploaded file; raise ``FileError`` when nothing in it can be used."""
    tried = _head_kind(data)  # a TREC file in the simple case is read without decoding all of it
    fast = _fast_lines(data, tried) if tried is not None else None
    if fast is not None:
        return _trec(name, tried, fast.rename(columns={"number": "score" if tried == "run" else "relevance"}), [],
                     len(fast))
    try:
        text = decode(data, name)
    except ValueError as exc:
        code = "binary" if "binary" in str(exc) else "encoding"
        raise FileError(name, code, str(exc).split(": ", 1)[1]) from None
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
        raise FileError(name, "fields", f"the first line has {n} fields: a TREC run line has 6, a qrels line 4, "
                        "and a CSV or TSV file needs a header naming query_id and doc_id", n=n)
    number = "score" if what == "run" else "relevance"
    fast = _fast_lines(data, what) if what != tried else None  # NumPy's bulk reader (unless it said no already)
    if fast is None:  # Arrow's reader, then the careful scan
        fast = _fast(text, 6 if what == "run" else 4, 4 if what == "run" else 3)
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
    return Loaded(name, f"trec-{what}", df if what == "run" else None, df if what == "qrels" else None,
                  tuple(problems), lines)


def _fast_lines(data: bytes, what: str) -> pd.DataFrame | None:
    """``trec._fast``'s frame (query_id, doc_id, number) from ``trec_fast``'s reader; None unless its simple case."""
    if b"\t" in data and b" " in data:
        return None  # mixed separators: ``trec._fast`` leaves them to the careful scan, whose frame holds objects
    table = read_lines(data, what)
    if table is None:
        return None
    doc_bytes, offsets = span_bytes(table)
    small = len(doc_bytes) < 2**31  # Arrow's string type (int32 offsets), else its large_string
    doc = (pa.StringArray if small else pa.LargeStringArray).from_buffers(
        len(offsets) - 1, pa.py_buffer(offsets.astype(np.int32) if small else offsets), pa.py_buffer(doc_bytes))
    block = np.repeat(np.arange(len(table.qids), dtype=np.int32), table.lengths)
    qids = pa.array(table.qids, pa.large_string())
    if int(np.dot(pc.binary_length(qids).to_numpy(), table.lengths)) < 2**31:  # the rows' query ids fit Arrow's string
        query = qids.cast(pa.string()).take(pa.array(block))
    else:
        query = qids.take(pa.array(block)).cast(pa.string())  # fails as the cast always did: over 2 GiB of ids
    return pa.table({"query_id": query, "doc_id": doc.cast(pa.string()) if not small else doc,
                     "number": table.number}).to_pandas()


_SPACE = "".join(f"\\x{{{c:x}}}" for c in range(0x110000) if chr(c).isspace())  # what str.strip() takes away
_EDGE_SPACE = f"^[{_SPACE}]|[{_SPACE}]$"  # RE2: a cell that strip() would change
_COMMENT = re.compile(rb"(?:^|[\r\n])[ \t]*#")


def _fast_table(data: bytes, name: str, delimiter: str, where: dict[str, int]) -> Loaded | None:
    """``_table``'s answer from Arrow's multithreaded CSV reader, for a clean file; None otherwise.

    Clean: UTF-8, no quote character, no comment line, every row as wide as the header, no blank id or number, ids
    with no space at either end, numbers Arrow reads as finite floats, no (query, doc) pair twice. The careful
    reader takes every other file and names its bad lines, so both give the same ``Loaded``.
    """
    from pyarrow import csv as pacsv  # imported on first use, as the careful path's other parts

    body = data[3:] if data.startswith(b"\xef\xbb\xbf") else data
    if b'"' in body or b"\x00" in body or (b"#" in body and _COMMENT.search(body)):
        return None
    if not body.isascii():
        try:  # the careful reader would read the whole file as CP949 otherwise
            body.decode("utf-8")
        except UnicodeDecodeError:
            return None
    start = len(body) - len(body.lstrip(b" \t\r\n"))
    start = max(body.rfind(b"\n", 0, start), body.rfind(b"\r", 0, start)) + 1  # the header line's first byte
    header_end = min((i for i in (body.find(b"\n", start), body.find(b"\r", start)) if i >= 0), default=len(body))
    width = body[start:header_end].count(delimiter.encode()) + 1
    has_run = "score" in where or "rank" in where
    number_col = "score" if "score" in where else "rank"
    wanted = {"query_id": where["query_id"], "doc_id": where["doc_id"]}
    if has_run:
        wanted[number_col] = where[number_col]
    if "relevance" in where:
        wanted["relevance"] = where["relevance"]
    if not has_run and "relevance" not in where or len(set(wanted.values())) != len(wanted):
        return None
    names = [f"c{i}" for i in range(width)]
    types = {f"c{at}": pa.string() if column in ("query_id", "doc_id") else pa.float64()
             for column, at in wanted.items()}
    try:
        table = pacsv.read_csv(
            pa.py_buffer(body[start:]), read_options=pacsv.ReadOptions(column_names=names, skip_rows=1),
            parse_options=pacsv.ParseOptions(delimiter=delimiter, quote_char=False, ignore_empty_lines=True),
            convert_options=pacsv.ConvertOptions(column_types=types, include_columns=list(types),
                                                 strings_can_be_null=False, null_values=[""]))
    except (pa.ArrowInvalid, pa.ArrowTypeError, pa.ArrowNotImplementedError):
        return None
    if table.num_rows == 0:
        return None
    query, doc = table.column(f"c{wanted['query_id']}"), table.column(f"c{wanted['doc_id']}")
    for ids in (query, doc):
        if pc.min(pc.utf8_length(ids)).as_py() == 0 or pc.any(pc.match_substring_regex(ids, _EDGE_SPACE)).as_py():
            return None
    numbers = {column: table.column(f"c{at}") for column, at in wanted.items() if column in ("score", "rank",
                                                                                                "relevance")}
    for column, values in numbers.items():
        blank_ok = column == "relevance" and has_run  # a run row with a blank grade is retrieved, not judged
        if values.null_count and not blank_ok or not pc.all(pc.is_finite(values)).as_py():  # nan, inf: named
            return None
    if trec._has_duplicates(query, doc):
        return None
    run = qrels = None
    if has_run:
        number = numbers[number_col]
        run = pa.table({"query_id": query, "doc_id": doc,
                        "score": pc.negate(number) if number_col == "rank" else number}).to_pandas()
    if "relevance" in where:
        judged = numbers["relevance"].is_valid()
        qrels = pa.table({"query_id": query, "doc_id": doc, "relevance": numbers["relevance"]}).filter(
            judged).to_pandas()
        if qrels.empty:
            qrels = None  # a run table with no judged row is a run
    return Loaded(name, "tsv" if delimiter == "\t" else "csv", run, qrels, (), table.num_rows + 1)


def _table(text: str, name: str, delimiter: str, where: dict[str, int], n_lines: int) -> Loaded:
    """A CSV/TSV file with a header: its run rows (score or rank given) and judged rows (relevance given)."""
    has_run = "score" in where or "rank" in where
    if not has_run and "relevance" not in where:
        raise FileError(name, "columns", "the header names neither score, rank nor relevance")
    reader = csv.reader(io.StringIO(text, newline=None), delimiter=delimiter)  # CR, LF or CRLF line ends
    width = None
    run_rows, judged_rows, problems = [], [], []
    number_col = "score" if "score" in where else "rank"
    for row in _records(reader, name):
        no = reader.line_num  # the record's last line (a quoted cell may span lines)
        if not any(cell.strip() for cell in row):
            continue
        comment = row[0].lstrip().startswith("#")
        if width is None and not comment:  # the header
            width = len(row)
            continue
        if comment:
            problems.append(LineProblem(no, "comment"))
            continue
        if len(row) != width:
            problems.append(LineProblem(no, "width", {"n": len(row), "need": width}))
            continue
        query, doc = row[where["query_id"]].strip(), row[where["doc_id"]].strip()
        if not query or not doc:
            problems.append(LineProblem(no, "blank", {"column": "query_id" if not query else "doc_id"}))
            continue
        if has_run:
            run_rows.append((no, query, doc, row[where[number_col]]))
        if "relevance" in where:
            grade = row[where["relevance"]]
            if grade.strip() or not has_run:  # a blank grade in a run table: retrieved, not judged
                judged_rows.append((no, query, doc, grade))
    run = qrels = None
    if has_run:
        run = check_rows(run_rows, ("query_id", "doc_id", number_col), number_col, problems)
        if number_col == "rank":
            run = pd.DataFrame({"query_id": run["query_id"], "doc_id": run["doc_id"],
                                "score": -run["rank"].to_numpy(dtype=float)})
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
    return Loaded(name, fmt, run, qrels, tuple(problems), n_lines)


def _nothing(name: str, problems: list[LineProblem]) -> FileError:
    """No line could be used: name the first problem that is not a comment (or say the file has no rows)."""
    if not problems:
        return FileError(name, "empty", "the file holds a header but no rows")
    first = next((p for p in problems if p.code != "comment"), problems[0])
    return FileError(name, "nothing", f"no line could be read (line {first.line}: {first.message()})",
                     line=first.line, problem=first)


def _records(reader, name: str):
    """The reader's rows; a row the csv module cannot split (e.g. a cell over its 128 KiB limit) stops the file."""
    while True:
        try:
            yield next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            raise FileError(name, "malformed", f"line {reader.line_num}: {exc}", line=reader.line_num,
                            detail=str(exc)) from None


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
