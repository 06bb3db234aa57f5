"""TREC files and trec_eval's nDCG conventions: read a run and its qrels, score them as trec_eval does.

A run has lines ``qid Q0 docno rank score tag`` (fields after the tag are ignored) and qrels
have lines ``qid iter docno rel``; fields are separated by any whitespace and blank lines are
skipped, as trec_eval (9.0) reads them. Where trec_eval would read nonsense silently, these
readers stop with one sentence that names the file, the line and the problem: a line with too
few fields, a score or grade that is not a number (``atof`` would read it as 0), and a document
listed twice for one query (trec_eval stops on it too).

``trec_eval_ndcg`` computes ``ndcg`` and ``ndcg_cut.K`` exactly as trec_eval does:

- the grade is the gain (linear), and a negative grade gains nothing;
- the ideal ranks every judged document of the query, retrieved or not;
- the rank column is ignored: documents are ordered by score, compared as 32-bit floats
  (trec_eval keeps ``float sim``), with ties broken by docno, descending;
- only queries in both files are scored and averaged; ``complete=True`` (trec_eval ``-c``)
  averages over every qrels query, a query missing from the run counting 0;
- ``judged_only=True`` (trec_eval ``-J``) drops unjudged documents before ranking (nDCG′,
  Sakai 2007).

``gain="exponential"`` and ``ties="average"`` switch to the other conventions of this app.
"""

from __future__ import annotations

import io
import os
import re
from dataclasses import dataclass

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc
from pyarrow import csv as pacsv

from ndcg_core.batch import evaluate_run

RUN_FIELDS = ("query_id", "iter", "doc_id", "rank", "score", "tag")
QRELS_FIELDS = ("query_id", "iter", "doc_id", "relevance")
DEFAULT_CUTOFFS = (5, 10, 15, 20, 30, 100, 200, 500, 1000)  # trec_eval's ndcg_cut defaults
_NUMBER = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?")


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


def _read_text(source: str | os.PathLike | bytes, name: str | None) -> tuple[str, str]:
    if isinstance(source, bytes):
        return decode(source, name or "file"), name or "file"
    path = os.fspath(source)
    with open(path, "rb") as f:
        return decode(f.read(), name or path), name or path


def _lines(text: str):
    """(line number, fields) of each non-blank line, as trec_eval splits them."""
    for no, line in enumerate(text.splitlines(), start=1):
        fields = line.split()
        if fields:
            yield no, fields


def _scan(text: str, name: str, n_fields: int, what: str, number_at: int, number_name: str) -> pd.DataFrame:
    """The careful reader: every line checked, the first problem named with its line."""
    rows = []
    for no, fields in _lines(text):
        if len(fields) < n_fields:
            raise ValueError(f"{name} line {no}: {len(fields)} fields, but a {what} line needs {n_fields}")
        if not _NUMBER.fullmatch(fields[number_at]):
            raise ValueError(f"{name} line {no}: the {number_name} {fields[number_at][:30]!r} is not a number")
        rows.append((no, *fields[:n_fields]))
    if not rows:
        raise ValueError(f"{name}: the file holds no {what} lines")
    return pd.DataFrame(rows, columns=["line", *(RUN_FIELDS if what == "run" else QRELS_FIELDS)[:n_fields]])


def _fast(text: str, n_fields: int, number_at: int) -> pd.DataFrame | None:
    """Arrow's multithreaded reader for the common case: single spaces or single tabs between fields,
    numbers where numbers belong, no document twice in a query (a million lines in well under a
    second). None when the file is not so; the careful reader then names the first bad line."""
    data = text.encode("utf-8")
    names = [str(i) for i in range(n_fields)]
    for delimiter in (b" ", b"\t"):
        other = b"\t" if delimiter == b" " else b" "
        if (other in data or delimiter * 2 in data or data.startswith(delimiter)
                or any(a + b in data for a, b in ((delimiter, b"\n"), (delimiter, b"\r"), (b"\n", delimiter)))):
            continue  # an empty field or mixed separators: not this delimiter's simple case
        try:
            table = pacsv.read_csv(
                io.BytesIO(data), read_options=pacsv.ReadOptions(column_names=names),
                parse_options=pacsv.ParseOptions(delimiter=delimiter.decode(), quote_char=False,
                                                 ignore_empty_lines=True),
                convert_options=pacsv.ConvertOptions(column_types=dict.fromkeys(names, pa.string()),
                                                     strings_can_be_null=False))
            number = pc.cast(table.column(number_at), pa.float64())
        except (pa.ArrowInvalid, pa.ArrowTypeError, pa.ArrowNotImplementedError):
            continue
        query, doc = table.column(0), table.column(2)
        if table.num_rows == 0 or not pc.all(pc.is_finite(number)).as_py() or _has_duplicates(query, doc):
            return None
        return pa.table({"query_id": query, "doc_id": doc, "number": number}).to_pandas()
    return None


def _has_duplicates(query: pa.ChunkedArray, doc: pa.ChunkedArray) -> bool:
    """Whether some (query, document) pair occurs twice (Arrow's hash count of the joined pairs)."""
    return pc.count_distinct(pc.binary_join_element_wise(query, doc, "\x1f")).as_py() != len(query)


def _careful(text: str, name: str, what: str, number_col: str, n_fields: int, number_at: int) -> pd.DataFrame:
    """Every line checked in Python: the first bad line is named, else the same frame as ``_fast``'s."""
    full = _scan(text, name, n_fields, what, number_at, number_col)
    bad = full.duplicated(subset=["query_id", "doc_id"], keep="first").to_numpy()
    if bad.any():
        row = full.iloc[int(np.argmax(bad))]
        first = full[(full["query_id"] == row["query_id"]) & (full["doc_id"] == row["doc_id"])]["line"].iloc[0]
        raise ValueError(f"{name} line {row['line']}: query {row['query_id']!r} lists document "
                         f"{row['doc_id']!r} again (first on line {first})")
    values = pd.to_numeric(full[number_col], errors="coerce").to_numpy(dtype=float)
    inf = ~np.isfinite(values)
    if inf.any():
        row = full.iloc[int(np.argmax(inf))]
        raise ValueError(f"{name} line {row['line']}: the {number_col} {row[number_col]!r} is not a finite number")
    return pd.DataFrame({"query_id": full["query_id"].to_numpy(), "doc_id": full["doc_id"].to_numpy(),
                         number_col: values})


def read_run(source: str | os.PathLike | bytes, name: str | None = None) -> pd.DataFrame:
    """A TREC run as columns query_id, doc_id, score (the rank and tag fields are not kept).

    Raises ValueError naming the file and line of the first bad line.
    """
    text, name = _read_text(source, name)
    df = _fast(text, 6, 4)
    return df.rename(columns={"number": "score"}) if df is not None else _careful(text, name, "run", "score", 6, 4)


def read_qrels(source: str | os.PathLike | bytes, name: str | None = None) -> pd.DataFrame:
    """TREC qrels as columns query_id, doc_id, relevance (grades as numbers, negative ones kept).

    Raises ValueError naming the file and line of the first bad line.
    """
    text, name = _read_text(source, name)
    df = _fast(text, 4, 3)
    if df is not None:
        return df.rename(columns={"number": "relevance"})
    return _careful(text, name, "qrels", "relevance", 4, 3)


@dataclass(frozen=True)
class TrecResult:
    """trec_eval's numbers: ``per_query`` maps each measure to {qid: value} in qid order; ``mean`` to its average."""

    measures: tuple[str, ...]
    per_query: dict[str, dict[str, float]]
    mean: dict[str, float]
    num_q: int


def trec_order(run: pd.DataFrame) -> pd.DataFrame:
    """The run in trec_eval's order: by query, then score as a 32-bit float (descending), then docno (descending)."""
    table = pa.table({"query_id": pa.array(run["query_id"].astype(str)), "doc_id": pa.array(run["doc_id"].astype(str)),
                      "score": pa.array(run["score"].to_numpy(dtype=np.float32).astype(np.float64))})
    order = pc.sort_indices(table, sort_keys=[("query_id", "ascending"), ("score", "descending"),
                                              ("doc_id", "descending")])
    return table.take(order).to_pandas()


def trec_eval_ndcg(run: pd.DataFrame, qrels: pd.DataFrame, *, cutoffs: tuple[int, ...] = (), full: bool = True,
                   complete: bool = False, judged_only: bool = False, gain: str = "linear",
                   ties: str = "stable") -> TrecResult:
    """``ndcg`` (when ``full``) and ``ndcg_cut_K`` for each K in ``cutoffs``, as trec_eval computes them."""
    if any(int(k) != k or k < 1 for k in cutoffs) or len(set(cutoffs)) != len(cutoffs):
        raise ValueError(f"cut-offs must be positive whole numbers without duplicates, got {list(cutoffs)}")
    grades = qrels["relevance"].to_numpy(dtype=float)
    qrels = pd.DataFrame({"query_id": qrels["query_id"].astype(str).to_numpy(),
                          "doc_id": qrels["doc_id"].astype(str).to_numpy(), "relevance": np.maximum(grades, 0.0)})
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
    denominator = len(judged_queries) if complete else len(queries)
    mean = {m: (sum(per_query[m].values()) / denominator if denominator else 0.0) for m in measures}
    return TrecResult(measures, per_query, mean, denominator)


def format_trec_eval(result: TrecResult, *, per_query: bool = False) -> str:
    """trec_eval's output: ``%-22s\\t%s\\t%6.4f`` lines, each query's first (with ``-q``), then ``all``."""
    lines = []
    if per_query:
        queries = sorted({q for m in result.measures for q in result.per_query[m]})
        for q in queries:
            lines += [f"{m:<22}\t{q}\t{result.per_query[m][q]:6.4f}" for m in result.measures]
    lines += [f"{m:<22}\tall\t{result.mean[m]:6.4f}" for m in result.measures]
    return "\n".join(lines) + "\n"
