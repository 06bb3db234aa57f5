"""TREC files and trec_eval's nDCG conventions: read a run and its qrels, score them as trec_eval does.

A run has lines ``qid Q0 docno rank score tag`` (fields after the tag are ignored) and qrels
have lines ``qid iter docno rel``; fields are separated by any whitespace, and blank lines and
lines starting with ``#`` are skipped, as trec_eval reads them (usnistgov/trec_eval's current
``get_trec_results.c`` and ``get_qrels.c``). ``read_qrels`` reads a grade as trec_eval's
``atol`` does, cut to its integer part (``2.7`` is 2, ``-1.5`` is -1). Where trec_eval would
read nonsense silently, these readers stop with one sentence that names the file, the line and
the problem: a line with too few fields, a score or grade that is not a number (``atof`` would
read it as 0), a grade written with an exponent (``atol`` reads ``1e1`` as 1), and a document
listed twice for one query (trec_eval stops on it too).

``trec_eval_ndcg`` computes ``ndcg`` and ``ndcg_cut.K`` exactly as trec_eval does:

- the grade is the gain (linear), and a negative grade gains nothing;
- the ideal ranks every judged document of the query, retrieved or not;
- the rank column is ignored: documents are ordered by score, compared as 32-bit floats
  (trec_eval keeps ``float sim``), with ties broken by docno, descending;
- only queries in both files are scored and averaged; ``complete=True`` (trec_eval ``-c``)
  averages over every qrels query, a query missing from the run counting 0 and, as in trec_eval 10,
  printed by ``-q`` with 0 for every measure;
- ``judged_only=True`` (trec_eval ``-J``) drops unjudged documents before ranking (nDCG′,
  Sakai 2007).

``gain="exponential"`` and ``ties="average"`` switch to the other conventions of this app.
"""

from __future__ import annotations

import io
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TypeAlias

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc

from ndcg_core.trec_fast import DEFAULT_CUTOFFS as DEFAULT_CUTOFFS  # defined with the fast path, kept here too
from ndcg_core.trec_fast import NUMBER, trec_result, with_missing
from ndcg_core.trec_fast import TrecResult as TrecResult
from ndcg_core.trec_fast import format_trec_eval as format_trec_eval

RUN_FIELDS = ("query_id", "iter", "doc_id", "rank", "score", "tag")
QRELS_FIELDS = ("query_id", "iter", "doc_id", "relevance")
_NUMBER = NUMBER


def decode(data: bytes, name: str) -> str:
    """File bytes as text: UTF-8 (with or without a byte-order mark), else CP949 (Korean Excel's)."""
    if b"\x00" in data[:8192]:
        raise ValueError(f"{name}: this is a binary file, not a text file of lines")
    for encoding in ("utf-8-sig", "cp949"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    raise ValueError(f"{name}: the text is neither UTF-8 nor CP949 (EUC-KR)")


def _read_text(source: str | os.PathLike[str] | bytes, name: str | None) -> tuple[str, str]:
    if isinstance(source, bytes):
        return decode(source, name or "file"), name or "file"
    path = os.fspath(source)
    with open(path, "rb") as f:
        return decode(f.read(), name or path), name or path


def _lines(text: str) -> Iterator[tuple[int, list[str]]]:
    """(line number, fields) of each non-blank line, as trec_eval splits them."""
    for no, line in enumerate(text.splitlines(), start=1):
        fields = line.split()
        if fields:
            yield no, fields


def _fast(text: str, n_fields: int, number_at: int) -> pd.DataFrame | None:
    """Arrow's multithreaded reader for the common case: single spaces or single tabs between fields,
    numbers where numbers belong, no document twice in a query (a million lines in well under a
    second). None when the file is not so; the careful reader then names the first bad line."""
    from pyarrow import csv as pacsv  # imported on first use, as the careful path's other parts

    data = text.encode("utf-8")
    if data.startswith(b"#") or b"\n#" in data or b"\r#" in data:
        return None  # a comment line: the careful reader leaves it out
    names = [str(i) for i in range(n_fields)]
    for delimiter in (b" ", b"\t"):
        other = b"\t" if delimiter == b" " else b" "
        if (
            other in data
            or delimiter * 2 in data
            or data.startswith(delimiter)
            or any(a + b in data for a, b in ((delimiter, b"\n"), (delimiter, b"\r"), (b"\n", delimiter)))
        ):
            continue  # an empty field or mixed separators: not this delimiter's simple case
        try:
            table = pacsv.read_csv(
                io.BytesIO(data),
                read_options=pacsv.ReadOptions(column_names=names),
                parse_options=pacsv.ParseOptions(
                    delimiter=delimiter.decode(), quote_char=False, ignore_empty_lines=True
                ),
                convert_options=pacsv.ConvertOptions(  # only the three fields used; every line still needs all
                    column_types={"0": pa.string(), "2": pa.string(), names[number_at]: pa.float64()},
                    include_columns=["0", "2", names[number_at]],
                    strings_can_be_null=False,
                    null_values=[],
                ),
            )
        except (pa.ArrowInvalid, pa.ArrowTypeError, pa.ArrowNotImplementedError):
            continue
        query, doc, number = table.column("0"), table.column("2"), table.column(names[number_at])
        if (
            table.num_rows == 0
            or number.null_count
            or not pc.all(pc.is_finite(number)).as_py()
            or _has_duplicates(query, doc)
        ):  # a blank, "nan" or "inf" number: the careful reader names it
            return None
        frame: pd.DataFrame = pa.table({"query_id": query, "doc_id": doc, "number": number}).to_pandas()
        return frame
    return None


def _has_duplicates(query: pa.ChunkedArray, doc: pa.ChunkedArray) -> bool:
    """Whether some (query, document) pair occurs twice.

    TREC files list each query's lines together: then each query's doc ids are checked within its
    block (``lists_a_doc_twice``: cheap fingerprints, sorted per block), with no hash table of every
    doc id, which grows slow past a million ids. Otherwise each id becomes a number (Arrow's
    dictionary encoding), each pair one int64, and pandas hashes those.
    """
    from ndcg_core.batch._topk import QueryBlocks, lists_a_doc_twice

    q_all = query.combine_chunks()
    if len(q_all) > 1:
        changes = pc.indices_nonzero(pc.not_equal(q_all[1:], q_all[:-1])).to_numpy().astype(np.int64)
        heads = np.concatenate([np.zeros(1, np.int64), changes + 1])
        if pc.count_distinct(q_all.take(pa.array(heads))).as_py() == len(heads):  # one block per query
            lengths = np.diff(heads, append=len(q_all))
            blocks = QueryBlocks(starts=heads, lengths=lengths, codes=np.arange(len(heads)), depth=int(lengths.max()))
            return lists_a_doc_twice(doc.to_pandas(), blocks)
    q = pc.dictionary_encode(query).combine_chunks()
    d = pc.dictionary_encode(doc).combine_chunks()
    keys = q.indices.to_numpy().astype(np.int64) * len(d.dictionary) + d.indices.to_numpy()
    return bool(pd.Series(keys).duplicated().any())


@dataclass(frozen=True)
class LineProblem:
    """Why one line of a file was not read: ``code`` names the problem, ``params`` its details."""

    line: int
    code: str  # a key of _MESSAGES: "fields", "number", "infinite", "duplicate", "comment", "blank", "width"
    params: dict[str, object] = field(default_factory=dict)

    def message(self) -> str:
        """The problem in English, e.g. "5 fields, but a run line needs 6"."""
        return _MESSAGES[self.code].format(**self.params)


_MESSAGES = {
    "fields": "{n} fields, but a {what} line needs {need}",
    "number": "the {column} {value!r} is not a number",
    "infinite": "the {column} {value!r} is not a finite number",
    "duplicate": "query {query!r} lists document {doc!r} again (first on line {first})",
    "comment": "a # comment line (trec_eval skips it too)",
    "blank": "the {column} is blank",
    "width": "{n} fields, but the header names {need}",
}
LINE_CODES = tuple(_MESSAGES)
Row: TypeAlias = "tuple[int, str, str, str]"  # a line's number, query id, doc id and number as written


def check_rows(rows: list[Row], columns: tuple[str, ...], number_col: str, problems: list[LineProblem]) -> pd.DataFrame:
    """Rows of (line, query, doc, number text) as a frame: bad numbers and repeated (query, doc) pairs
    are left out and recorded in ``problems``; the first of a repeated pair is kept."""
    seen: dict[tuple[str, str], int] = {}
    kept = []
    for no, query, doc, raw in rows:
        if not raw.strip():
            problems.append(LineProblem(no, "blank", {"column": number_col}))
            continue
        if not _NUMBER.fullmatch(raw.strip()):
            problems.append(LineProblem(no, "number", {"column": number_col, "value": raw[:30]}))
            continue
        value = float(raw.strip())
        if not np.isfinite(value):
            problems.append(LineProblem(no, "infinite", {"column": number_col, "value": raw[:30]}))
            continue
        first = seen.setdefault((query, doc), no)
        if first != no:
            problems.append(LineProblem(no, "duplicate", {"query": query, "doc": doc, "first": first}))
            continue
        kept.append((query, doc, value))
    problems.sort(key=lambda p: p.line)
    return pd.DataFrame(kept, columns=list(columns)).astype({columns[0]: object, columns[1]: object, columns[2]: float})


def scan(text: str, what: str, *, comments: bool = False) -> tuple[pd.DataFrame, list[LineProblem]]:
    """Every line of a TREC run or qrels checked in Python: the good lines as a frame, and the bad ones.

    trec_eval would stop on a short line or a repeated document, and read a word as the number 0;
    here each such line is left out and named in the problems, in line order. With ``comments``,
    a line starting with ``#`` is left out as a comment (trec_eval has none: it would stop on it).
    """
    n_fields, number_at, number_col = (6, 4, "score") if what == "run" else (4, 3, "relevance")
    rows, problems = [], []
    for no, fields in _lines(text):
        if comments and fields[0].startswith("#"):
            problems.append(LineProblem(no, "comment"))
        elif len(fields) < n_fields:
            problems.append(LineProblem(no, "fields", {"n": len(fields), "what": what, "need": n_fields}))
        else:
            rows.append((no, fields[0], fields[2], fields[number_at]))
    return check_rows(rows, ("query_id", "doc_id", number_col), number_col, problems), problems


def _careful(text: str, name: str, what: str) -> pd.DataFrame:
    """The line-by-line reader: comment lines are skipped; the first bad line stops it, named with its file and line."""
    df, problems = scan(text, what, comments=True)
    problems = [p for p in problems if p.code != "comment"]
    if problems:
        raise ValueError(f"{name} line {problems[0].line}: {problems[0].message()}")
    if df.empty:
        raise ValueError(f"{name}: the file holds no {what} lines")
    return df


def read_run(source: str | os.PathLike[str] | bytes, name: str | None = None) -> pd.DataFrame:
    """A TREC run as columns query_id, doc_id, score (the rank and tag fields are not kept).

    Raises ValueError naming the file and line of the first bad line.
    """
    text, name = _read_text(source, name)
    df = _fast(text, 6, 4)
    return df.rename(columns={"number": "score"}) if df is not None else _careful(text, name, "run")


def read_qrels(source: str | os.PathLike[str] | bytes, name: str | None = None) -> pd.DataFrame:
    """TREC qrels as columns query_id, doc_id, relevance: each grade as trec_eval's ``atol`` reads it, cut to its
    integer part (2.7 is 2, -1.5 is -1; negative grades kept).

    Raises ValueError naming the file and line of the first bad line, or of a grade written with an exponent.
    """
    text, name = _read_text(source, name)
    df = _fast(text, 4, 3)
    df = _careful(text, name, "qrels") if df is None else df.rename(columns={"number": "relevance"})
    if _EXPONENT.search(text):
        _refuse_exponents(text, name)
    df["relevance"] = np.trunc(df["relevance"].to_numpy(dtype=float))
    return df


_EXPONENT = re.compile(r"[\d.][eE][+-]?\d")  # a number with an exponent, somewhere


def _refuse_exponents(text: str, name: str) -> None:
    """Stop at the first qrels grade written with an exponent: trec_eval's ``atol`` reads only its leading digits."""
    for no, fields in _lines(text):
        raw = fields[3] if len(fields) > 3 and not fields[0].startswith("#") else ""
        if "e" in raw.lower() and _NUMBER.fullmatch(raw):
            lead = re.match(r"[+-]?(\d*)", raw)
            atol = int(lead.group(1) or "0") * (-1 if raw.startswith("-") else 1) if lead else 0
            raise ValueError(
                f"{name} line {no}: the relevance {raw!r} has an exponent, which trec_eval reads as {atol} "
                "(only the leading digits); write the grade as a whole number"
            )


def trec_order(run: pd.DataFrame) -> pd.DataFrame:
    """The run in trec_eval's order: by query, then score as a 32-bit float (descending), then docno (descending)."""
    table = pa.table(
        {
            "query_id": pa.array(run["query_id"].astype(str)),
            "doc_id": pa.array(run["doc_id"].astype(str)),
            "score": pa.array(run["score"].to_numpy(dtype=np.float32).astype(np.float64)),
        }
    )
    order = pc.sort_indices(
        table, sort_keys=[("query_id", "ascending"), ("score", "descending"), ("doc_id", "descending")]
    )
    ranked: pd.DataFrame = table.take(order).to_pandas()
    return ranked


def trec_eval_ndcg(
    run: pd.DataFrame,
    qrels: pd.DataFrame,
    *,
    cutoffs: tuple[int, ...] = (),
    full: bool = True,
    complete: bool = False,
    judged_only: bool = False,
    gain: str = "linear",
    ties: str = "stable",
) -> TrecResult:
    """``ndcg`` (when ``full``) and ``ndcg_cut_K`` for each K in ``cutoffs``, as trec_eval computes them."""
    from ndcg_core.batch import evaluate_run

    if any(int(k) != k or k < 1 for k in cutoffs) or len(set(cutoffs)) != len(cutoffs):
        raise ValueError(f"cut-offs must be positive whole numbers without duplicates, got {list(cutoffs)}")
    grades = qrels["relevance"].to_numpy(dtype=float)
    qrels = pd.DataFrame(
        {
            "query_id": qrels["query_id"].astype(str).array,  # Arrow text stays Arrow text
            "doc_id": qrels["doc_id"].astype(str).array,
            "relevance": np.maximum(grades, 0.0),
        }
    )
    judged_queries = sorted(pd.unique(qrels["query_id"]))
    ranked = trec_order(run)
    in_both = pc.is_in(pa.array(ranked["query_id"]), value_set=pa.array(judged_queries, pa.string()))
    ranked = ranked[in_both.to_numpy(zero_copy_only=False)]  # trec_eval scores the queries in both files
    queries = sorted(pd.unique(ranked["query_id"]))
    if judged_only:  # a query left with no judged document still counts, with 0
        # trec_eval marks unjudged documents with a negative grade, so a negative grade counts as unjudged here
        judged = pd.MultiIndex.from_frame(qrels.loc[grades >= 0, ["query_id", "doc_id"]])
        ranked = ranked[pd.MultiIndex.from_frame(ranked[["query_id", "doc_id"]]).isin(judged)]
    measures = (("ndcg",) if full else ()) + tuple(f"ndcg_cut_{k}" for k in sorted(cutoffs))
    per_query: dict[str, dict[str, float]] = {}
    for measure in measures:
        k = None if measure == "ndcg" else int(measure.rsplit("_", 1)[1])
        if ranked.empty:
            values = {}
        else:
            ev = evaluate_run(ranked, qrels, k=k, gain=gain, ties=ties)
            values = dict(zip(ev.per_query["query_id"].astype(str), ev.per_query["ndcg"].astype(float), strict=True))
        per_query[measure] = {q: values.get(q, 0.0) for q in queries}
    if complete:
        with_missing(per_query, judged_queries)
    return trec_result(measures, per_query, len(judged_queries) if complete else len(queries))
