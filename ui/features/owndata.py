"""The upload page's work: read the user's files (or the bundled sample) once, score them, compare them.

Reading and scoring happen once per file and per set of options; the results wait in the session
(``session_memo``) so a rerun that only sorts a table or opens a chart costs nothing. What
went wrong is kept as (catalogue key, parameters) and translated when shown.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType

import numpy as np
import pandas as pd
from streamlit.runtime import Runtime
from streamlit.runtime.scriptrunner import get_script_run_ctx

from ndcg_core.collection import CollectionScores, score_collection
from ndcg_core.files import FileError, Loaded, load
from ndcg_core.stats import Comparison, Stop, Stopped, compare, holm
from ndcg_core.trec import LineProblem, trec_order
from teach import model
from ui.session import PageState, Slot

PATH = "data"
_MEMO = Slot("_data_memo")

# The upload page's address holds only the language: uploads never go into a link.
STATE = PageState(PATH, frozenset(), lambda params: None, dict)


def session_memo(part: str) -> dict:
    """This session's store for the upload page: ``part`` "files" keeps each read file by its upload id,
    "scores" the last evaluations by their options (their number is bounded here)."""
    return _MEMO.setdefault({}).setdefault(part, {})


SAMPLE_DIR = Path(__file__).resolve().parents[2] / "samples"
SAMPLE_RUNS = ("run_a.txt", "run_b.txt")
SAMPLE_QRELS = "qrels.txt"
# One session's budget (adversarial review 3, X5): a file of a million one-document queries held 650 MB.
MAX_RUNS = 5  # run files read per upload box; more are named and left out
MAX_QUERIES = 20_000  # queries per file (TREC collections have hundreds, MS MARCO's dev set 6,980)
MAX_ROWS = 1_000_000  # non-blank lines per file
KEPT_SCORES = 2 * MAX_RUNS  # evaluations kept per session (each run under each option set is one)
KEPT_FILES = MAX_RUNS + 1  # files kept read per session: the runs and the qrels
AUTO_COMPARE = 2_000  # paired queries up to which the comparison runs by itself; more wait for a button
OPEN_CHOICES = 1_000  # queries the "open a query" box lists (worst first); a search finds the others
OPEN_ITEMS = 30  # documents a query brings to the step view
Problem = model.Problem


@dataclass(frozen=True)
class Upload:
    """One file as given: a key unique to it, its name, and its bytes (fetched only when the file is read)."""

    key: str
    name: str
    data: Callable[[], bytes]

    @classmethod
    def of(cls, name: str, data: bytes) -> Upload:
        """Bytes in hand: keyed by a hash of their content."""
        return cls(hashlib.blake2b(data, digest_size=16).hexdigest() + ":" + name, name, lambda: data)

    @classmethod
    def of_file(cls, file) -> Upload:
        """An ``st.file_uploader`` file: keyed by Streamlit's id for it, so a rerun neither copies nor
        hashes up to 20 MB again; its bytes are fetched only the first time it is read."""
        return cls(f"{file.file_id}:{file.name}", file.name, file.getvalue)


@dataclass
class Collection:
    """The runs and the judgments the page evaluates, and the sentences about what could not be used."""

    runs: list[Loaded] = field(default_factory=list)
    judgments: Loaded | None = None  # the file whose judgments serve: the qrels box's, or a run table's
    problems: list[Problem] = field(default_factory=list)  # files left out, files with lines left out
    texts: Mapping[str, Mapping[str, str]] = field(default_factory=dict)  # query id -> {"ko": ..., "en": ...}

    @property
    def qrels(self) -> pd.DataFrame | None:
        """The judgments as a frame (built on first use for a file read in bulk)."""
        return None if self.judgments is None else self.judgments.qrels

    @property
    def qrels_name(self) -> str | None:
        return None if self.judgments is None else self.judgments.name


def read(upload: Upload) -> Loaded | FileError:
    """The file read, or why it could not be: once per session and file content."""
    memo = session_memo("files")
    if upload.key not in memo:
        try:
            data = upload.data()
            if (lines := data.count(b"\n")) > MAX_ROWS:  # too long to be worth reading: refused before it is read
                raise FileError(upload.name, "rows", "too many lines", n=f"{lines:,}", max=f"{MAX_ROWS:,}")
            memo[upload.key] = within_budget(load(data, upload.name))
        except FileError as exc:
            memo[upload.key] = exc
        while len(memo) > KEPT_FILES:
            memo.pop(next(iter(memo)))
    return memo[upload.key]


def _queries(loaded: Loaded) -> int:
    """The most queries either part of the file (run, judgments) holds."""
    counts = [0]
    for table, frame in zip(loaded.tables, loaded.frames, strict=True):
        if table is not None:
            counts.append(len(set(table.qids)))
        elif frame is not None:
            counts.append(int(frame["query_id"].nunique()))
    return max(counts)


def within_budget(loaded: Loaded) -> Loaded:
    """``loaded``, or FileError when it has more lines or queries than one session may hold."""
    if loaded.lines > MAX_ROWS:
        raise FileError(loaded.name, "rows", "too many lines", n=f"{loaded.lines:,}", max=f"{MAX_ROWS:,}")
    if (n := _queries(loaded)) > MAX_QUERIES:
        raise FileError(loaded.name, "queries", "too many queries", n=f"{n:,}", max=f"{MAX_QUERIES:,}")
    return loaded


def line_problem(p: LineProblem) -> Problem:
    return (f"data_line_{p.code}", {"line": p.line, **{k: str(v) for k, v in p.params.items()}})


def _dropped(loaded: Loaded) -> Problem | None:
    if not loaded.problems:
        return None
    first = loaded.problems[0]
    return ("data_dropped", {"name": loaded.name, "count": len(loaded.problems), "why": line_problem(first)})


def _file_error(exc: FileError) -> Problem:
    params = {"name": exc.name, **{k: v for k, v in exc.params.items() if k != "problem"}}
    if isinstance(problem := exc.params.get("problem"), LineProblem):  # a line that cannot be read: the first
        params["why"] = line_problem(problem)
    return (f"data_file_{exc.code}", params)


def _take(out: Collection, upload: Upload, wrong_kind: str) -> Loaded | None:
    """``upload`` read for ``out``: the file, or None with its problem noted (unreadable, or a ``wrong_kind`` file)."""
    got = read(upload)
    if isinstance(got, FileError):
        out.problems.append(_file_error(got))
        return None
    if got.kind == wrong_kind:  # a qrels file in the runs' box, or a run in the qrels box
        out.problems.append(
            ("data_not_run", {"name": got.name}) if wrong_kind == "qrels" else ("data_not_qrels", {"name": got.name})
        )
        return None
    if (p := _dropped(got)) is not None:
        out.problems.append(p)
    return got


def gather(run_uploads: list[Upload], qrels_upload: Upload | None) -> Collection:
    """Read every file and sort out the roles: runs from the run box, judgments from the qrels box
    (or from a run table's relevance column when that box is empty)."""
    out = Collection()
    if len(run_uploads) > MAX_RUNS:  # each file read costs memory: the first MAX_RUNS only, the rest named
        left = ", ".join(u.name[:40] for u in run_uploads[MAX_RUNS:][:5])
        out.problems.append(("data_too_many_runs", {"n": len(run_uploads), "max": MAX_RUNS, "names": left}))
        run_uploads = run_uploads[:MAX_RUNS]
    out.runs = [run for upload in run_uploads if (run := _take(out, upload, "qrels")) is not None]
    if qrels_upload is not None:
        out.judgments = _take(out, qrels_upload, "run")
    if out.judgments is None:  # a table with a relevance column: its judgments serve
        out.judgments = next((run for run in out.runs if run.kind == "both"), None)
    return out


@lru_cache(maxsize=len(SAMPLE_RUNS) + 1)
def _sample_file(name: str) -> Upload:
    """A bundled file, read and hashed once per process (an Upload and its bytes never change)."""
    return Upload.of(name, (SAMPLE_DIR / name).read_bytes())


@lru_cache(maxsize=1)
def _sample_texts() -> Mapping[str, Mapping[str, str]]:
    """The sample's query texts, read once per process, read-only."""
    texts = pd.read_csv(SAMPLE_DIR / "queries.tsv", sep="\t", dtype=str)
    return MappingProxyType(
        {
            query: MappingProxyType({"ko": ko, "en": en})
            for query, ko, en in zip(texts["query_id"], texts["ko"], texts["en"], strict=True)
        }
    )


def sample() -> Collection:
    """The bundled sample (samples/make_sample.py): 50 queries in Korean and English, two systems."""
    out = gather([_sample_file(name) for name in SAMPLE_RUNS], _sample_file(SAMPLE_QRELS))
    out.texts = _sample_texts()
    return out


def scores(
    run: Loaded, judgments: Loaded, *, k: int | None, ideal: str, missing: str, no_relevant: str
) -> CollectionScores:
    """``score_collection`` of one run, kept for the session (the last ``KEPT_SCORES`` option sets)."""
    memo = session_memo("scores")
    key = (run.name, id(run), judgments.name, id(judgments), k, ideal, missing, no_relevant)
    if key not in memo:
        memo[key] = score_collection(run, judgments, k=k, ideal=ideal, missing=missing, no_relevant=no_relevant)
        while len(memo) > KEPT_SCORES:
            memo.pop(next(iter(memo)))
    return memo[key]


@dataclass(frozen=True)
class RunComparison:
    name: str
    result: Comparison
    holm_p: float | None  # with more than one comparison
    delta: np.ndarray  # per query, B − A, in query order
    queries: tuple[str, ...]


def session_gone() -> Stop:
    """A check for ``compare`` between its chunks: True once this script's browser tab has disconnected.

    Streamlit stops a script only at its next ``st`` call; NumPy work for a closed tab would run on for minutes.
    The check asks the runtime whether the session still has its websocket (None outside a server: AppTest).
    """
    ctx = get_script_run_ctx(suppress_warning=True)
    if ctx is None or not Runtime.exists():
        return None
    runtime, session_id = Runtime.instance(), ctx.session_id
    return lambda: not runtime.is_active_session(session_id)


def paired_queries(base: str, scored: dict[str, CollectionScores]) -> int:
    """The most queries one comparison with ``base`` pairs (what its cost grows with)."""
    counted = {name: set(s.per_query.loc[s.per_query["counted"], "query_id"]) for name, s in scored.items()}
    return max((len(counted[base] & ids) for name, ids in counted.items() if name != base), default=0)


def comparisons(
    base: str, scored: dict[str, CollectionScores], gain: str, *, run: bool = True, stop: Stop = None
) -> list[RunComparison] | None:
    """Every other run against ``base`` over the queries both counted; Holm-corrected when several.

    Kept for the session; with ``run`` False only a kept result is given (None when there is none). ``stop`` is
    asked between chunks (``session_gone``): when it says True, nothing is kept and None is returned.
    """
    memo = session_memo("compare")
    key = (base, gain, tuple((name, id(s)) for name, s in scored.items()))
    if key in memo or not run:
        return memo.get(key)
    memo.clear()
    per_query = scored[base].per_query
    a = per_query[per_query["counted"]].set_index("query_id")[f"ndcg_{gain}"]
    out = []
    for name, s in scored.items():
        if name == base:
            continue
        b = s.per_query[s.per_query["counted"]].set_index("query_id")[f"ndcg_{gain}"]
        common = a.index.intersection(b.index).sort_values()
        try:
            result = compare(a[common].to_numpy(), b[common].to_numpy(), stop=stop)
        except Stopped:
            return None
        out.append(RunComparison(name, result, None, b[common].to_numpy() - a[common].to_numpy(), tuple(common)))
    if len(out) > 1:
        adjusted = holm([c.result.p_randomization for c in out])
        out = [RunComparison(c.name, c.result, p, c.delta, c.queries) for c, p in zip(out, adjusted, strict=True)]
    memo[key] = out
    return out


def short_names(ids: list[str], limit: int) -> list[str]:
    """Each doc id as an item name of at most ``limit`` characters, all different.

    An id that fits stays as it is. A longer one keeps its start and its end around "…", where ids
    that share a long prefix usually differ; should two still meet, a "~2", "~3", … mark tells them
    apart. So no document loses its grade to the step view's duplicate-name check."""
    head = (limit - 1) // 2
    names, taken = [], set()
    for d in ids:
        text = " ".join(d.split())  # the step view strips names; ids with inner spaces stay readable
        name = text if 0 < len(text) <= limit else f"{text[:head]}…{text[len(text) - (limit - 1 - head) :]}"
        n = 2
        while name in taken or not name:
            mark = f"~{n}"
            name = f"{text[: limit - len(mark)]}{mark}" if len(text) + len(mark) > limit else f"{text}{mark}"
            n += 1
        taken.add(name)
        names.append(name)
    return names


def query_example(
    run: Loaded, qrels: pd.DataFrame, query: str, *, k: int | None, ideal: str
) -> tuple[model.Example | None, Problem]:
    """One query as a step-view example and the note that says where it came from, or (None, why not).

    The example holds the query's first ``OPEN_ITEMS`` documents in trec_eval's order with their
    grades (unjudged and negative ones 0) and, under the judged ideal, the grades of its other
    relevant documents as the judged pool, so the step view's nDCG@k equals the table's."""
    frame = run.run
    assert frame is not None  # for type checkers: a file among the runs has a run (``_take``)
    ranked = trec_order(frame[frame["query_id"].astype(str) == query])
    judged = qrels[qrels["query_id"].astype(str) == query]
    grades = dict(
        zip(judged["doc_id"].astype(str), np.maximum(judged["relevance"].to_numpy(dtype=float), 0.0), strict=True)
    )
    top = max(grades.values(), default=0.0)
    if top > max(model.SCALES) or any(g != int(g) for g in grades.values()):
        return None, ("data_open_scale", {"query": query[:40], "top": f"{top:g}"})
    docs = ranked["doc_id"].astype(str).tolist()
    shown = docs[:OPEN_ITEMS]
    names = short_names(shown, model.MAX_NAME)
    items = tuple(model.Item(i, name, grades.get(d, 0.0)) for i, (d, name) in enumerate(zip(shown, names, strict=True)))
    pool = tuple(sorted((g for d, g in grades.items() if g > 0 and d not in set(shown)), reverse=True))
    cut = k if k is not None and k <= len(shown) else (None if len(docs) <= len(shown) else len(shown))
    ex = model.Example(
        items=items,
        gain="linear",
        k=cut,
        scale=int(max(top, 1)),
        ties="average",
        use_pool=ideal == "judged",
        pool=pool if ideal == "judged" else (),
    )
    params = {
        "query": query[:40],
        "run": run.name[:60],
        "n": len(shown),
        "total": len(docs),
        "shortened": names != [" ".join(d.split()) for d in shown],
    }
    return ex, ("data_opened" if len(docs) <= len(shown) else "data_opened_cut", params)
