"""The upload page's heavy work as jobs for a worker process (``ui.offload``): reading a file, scoring a run,
the paired tests. Each is a module-level function of picklable arguments that returns a picklable result, and
none imports Streamlit, so a worker starts without it. They call the same core functions the page called
before (issue 23), so the numbers are the same.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pandas as pd

from ndcg_core.collection import CollectionScores, score_collection
from ndcg_core.files import FileError, Loaded, load
from ndcg_core.stats import Comparison, compare
from ndcg_core.trec import LineProblem, trec_order

Source = Loaded | tuple[bytes, str]  # a file read already, or its bytes and name (read again in the worker)


@dataclass(frozen=True)
class Summary:
    """An uploaded file read in a worker, as the server keeps it: what the page says of it, never its rows.

    The rows of a 20 MB run are 52 MB of tables; brought back into the server's one Python process they held its
    GIL long enough to double the live class's answer latency while one student uploaded (issue 23,
    ``benchmarks/attack_class.py``). Scoring a run and opening one of its queries read the uploaded bytes again
    in a worker (``score``, ``query_rows``)."""

    name: str
    format: str
    problems: tuple[LineProblem, ...]
    lines: int
    kind: str  # "run", "qrels" or "both", as ``Loaded.kind``
    negative: int  # judgments with a grade below 0, as ``Loaded.negative_grades``
    data: bytes = field(default=b"", repr=False, compare=False)  # the upload's bytes, set in the server (``source``)

    def negative_grades(self) -> int:
        return self.negative

    def source(self) -> tuple[bytes, str]:
        """What a worker reads the file from again: its bytes and name."""
        return self.data, self.name


def summary(loaded: Loaded) -> Summary:
    """What the page needs of ``loaded``, without its rows."""
    return Summary(loaded.name, loaded.format, loaded.problems, loaded.lines, loaded.kind, loaded.negative_grades())


def queries(loaded: Loaded) -> int:
    """The most queries either part of the file (run, judgments) holds."""
    counts = [0]
    for table, frame in zip(loaded.tables, loaded.frames, strict=True):
        if table is not None:
            counts.append(len(set(table.qids)))
        elif frame is not None:
            counts.append(int(frame["query_id"].nunique()))
    return max(counts)


def within_budget(loaded: Loaded, max_rows: int, max_queries: int) -> Loaded:
    """``loaded``, or FileError when it has more lines or queries than one session may hold."""
    if loaded.lines > max_rows:
        raise FileError(loaded.name, "rows", "too many lines", n=f"{loaded.lines:,}", max=f"{max_rows:,}")
    if (n := queries(loaded)) > max_queries:
        raise FileError(loaded.name, "queries", "too many queries", n=f"{n:,}", max=f"{max_queries:,}")
    return loaded


def read(data: bytes, name: str, max_rows: int, max_queries: int) -> Loaded | tuple[str, str, str, dict]:
    """The file read within the budget, or why not as FileError's (name, code, message, params) (a FileError
    itself does not survive pickling: its ``__init__`` takes more than its message)."""
    try:
        if (lines := data.count(b"\n")) > max_rows:  # too long to be worth reading: refused before it is read
            raise FileError(name, "rows", "too many lines", n=f"{lines:,}", max=f"{max_rows:,}")
        return within_budget(load(data, name), max_rows, max_queries)
    except FileError as exc:
        return exc.name, exc.code, str(exc).removeprefix(f"{exc.name}: "), exc.params


def read_summary(data: bytes, name: str, max_rows: int, max_queries: int) -> Summary | tuple[str, str, str, dict]:
    """``read``, keeping of the file only its ``Summary``: what a worker hands back for an upload."""
    got = read(data, name, max_rows, max_queries)
    return summary(got) if isinstance(got, Loaded) else got


def file_error(got: tuple[str, str, str, dict]) -> FileError:
    """The FileError ``read`` described."""
    name, code, message, params = got
    return FileError(name, code, message, **params)


def _loaded(source: Source, read_once: dict[int, Loaded]) -> Loaded:
    """``source`` read (once per source object, so a run-and-judgments file given twice is read once)."""
    if isinstance(source, Loaded):
        return source
    if id(source) not in read_once:
        read_once[id(source)] = load(*source)
    return read_once[id(source)]


def query_rows(run: Source, judgments: Source, query: str) -> tuple[pd.DataFrame, pd.DataFrame]:
    """One query's rows: the run's in trec_eval's order (score, then document id descending), and its judgments."""
    read_once: dict[int, Loaded] = {}
    frame, qrels = _loaded(run, read_once).run, _loaded(judgments, read_once).qrels
    if frame is None or qrels is None:
        raise ValueError("a run and its judgments are needed to open a query")
    ranked = trec_order(frame[frame["query_id"].astype(str) == query])
    return ranked, qrels[qrels["query_id"].astype(str) == query]


def score(
    run: Source, judgments: Source, k: int | None, ideal: str, missing: str, no_relevant: str
) -> CollectionScores:
    """``score_collection`` of ``run`` against ``judgments``; a source given as bytes is read first (once, when
    both are the same file)."""
    read_once: dict[int, Loaded] = {}
    run_file, judgments_file = _loaded(run, read_once), _loaded(judgments, read_once)
    return score_collection(run_file, judgments_file, k=k, ideal=ideal, missing=missing, no_relevant=no_relevant)


def compare_all(pairs: list[tuple]) -> list[Comparison]:
    """``compare(a, b)`` of each (a, b) pair of per-query scores."""
    return [compare(a, b) for a, b in pairs]
