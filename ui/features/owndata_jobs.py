"""The upload page's heavy work as jobs for a worker process (``ui.offload``): reading a file, scoring a run,
the paired tests. Each is a module-level function of picklable arguments that returns a picklable result, and
none imports Streamlit, so a worker starts without it. They call the same core functions the page called
before (issue 23), so the numbers are the same.
"""

from __future__ import annotations

from ndcg_core.collection import CollectionScores, score_collection
from ndcg_core.files import FileError, Loaded, load
from ndcg_core.stats import Comparison, compare

Source = Loaded | tuple[bytes, str]  # a file read already, or its bytes and name (read again in the worker)


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


def file_error(got: tuple[str, str, str, dict]) -> FileError:
    """The FileError ``read`` described."""
    name, code, message, params = got
    return FileError(name, code, message, **params)


def score(
    run: Source, judgments: Source, k: int | None, ideal: str, missing: str, no_relevant: str
) -> CollectionScores:
    """``score_collection`` of ``run`` against ``judgments``; a source given as bytes is read first (once, when
    both are the same file)."""
    read_once: dict[int, Loaded] = {}

    def loaded(source: Source) -> Loaded:
        if isinstance(source, Loaded):
            return source
        if id(source) not in read_once:
            read_once[id(source)] = load(*source)
        return read_once[id(source)]

    return score_collection(loaded(run), loaded(judgments), k=k, ideal=ideal, missing=missing, no_relevant=no_relevant)


def compare_all(pairs: list[tuple]) -> list[Comparison]:
    """``compare(a, b)`` of each (a, b) pair of per-query scores."""
    return [compare(a, b) for a, b in pairs]
