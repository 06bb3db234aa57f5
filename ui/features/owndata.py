"""The upload page's work: read the user's files (or the bundled sample) once, score them, compare them.

Reading and scoring happen once per file and per set of options; the results wait in the session
(``session_memo``) so a rerun that only sorts a table or opens a chart costs nothing. What
went wrong is kept as (catalogue key, parameters) and translated when shown.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType

import numpy as np
import pandas as pd
import streamlit as st
from streamlit.runtime import Runtime
from streamlit.runtime.scriptrunner import get_script_run_ctx

from ndcg_core.collection import CollectionScores, score_collection
from ndcg_core.files import FileError, Loaded
from ndcg_core.stats import Comparison, Stop, Stopped, compare, holm
from ndcg_core.trec import LineProblem
from teach import model
from teach.format import plain
from ui import failsafe, nav, offload, serverlog
from ui.features import owndata_jobs as jobs
from ui.i18n import T, problem_text
from ui.session import PageState, Slot, kept, widget_value

PATH = "data"
serverlog.install()  # an upload cut off by its tab is one line in the server log, not Streamlit's traceback
_MEMO = Slot("_data_memo")
# Streamlit drops a widget's value when its page is left; the page's choices and uploads are kept here
# instead, so "Open step by step" and back shows the same data and rules (UX review 3, U2).
_CHOICES = Slot("_data_choices")
_UPLOADS = Slot("_data_uploads")
_SCROLL_TOP = Slot("_data_scroll_top")

# The upload page's address holds only the language: uploads never go into a link.
STATE = PageState(PATH, frozenset(), lambda params: None, dict)


def session_memo(part: str) -> dict:
    """This session's store for the upload page: ``part`` "files" keeps each read file by its upload id,
    "scores" the last evaluations by their options (their number is bounded here)."""
    return _MEMO.setdefault({}).setdefault(part, {})


def choice(key: str, default, options=None) -> dict:
    """Keyword arguments for the page's widget ``key``: its value while the page is open, else the one chosen
    earlier in this session (kept by ``remember`` when the page was left), else ``default``."""
    held = _CHOICES.setdefault({}).get(key, default)
    return kept(key, held if options is None or held in options else default, options)


def remember(key: str, value):
    """Keep the widget ``key``'s ``value`` for when the page is opened again in this session; returns it."""
    _CHOICES.setdefault({})[key] = value
    return value


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
IN_SERVER_COMPARE = 200  # paired queries up to which the tests run in the server; more go to a worker process
OPEN_CHOICES = 1_000  # queries the "open a query" box lists (worst first); a search finds the others
OPEN_ITEMS = 30  # documents a query brings to the step view, or as many as its k reaches, up to OPEN_MAX
OPEN_MAX = 100  # the most a query brings: past it the step view shows nDCG@OPEN_MAX and says so
Problem = model.Problem
File = Loaded | jobs.Summary  # a file the page uses: the sample read here, or an upload's summary (``read``)


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


@dataclass(frozen=True)
class KeptUploads:
    """The files of each upload box, kept for the session: the boxes forget them when their page is left."""

    runs: tuple[Upload, ...] = ()
    qrels: Upload | None = None

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(u.name for u in self.runs) + (() if self.qrels is None else (self.qrels.name,))


_BOXES = {"runs": "data_run_files", "qrels": "data_qrels_file"}  # each upload box's widget key


def keep_uploads(runs: list[Upload], qrels: Upload | None) -> KeptUploads:
    """The files the page evaluates: each box's files when it holds some (they are kept), else the box's kept ones."""
    held = _UPLOADS.get(KeptUploads())
    now = KeptUploads(tuple(runs) or held.runs, qrels or held.qrels)
    if now != held:
        _UPLOADS.set(now)
    return now


@failsafe.callback
def uploads_changed(box: str) -> None:
    """A box's files changed (``on_change``): a box the user emptied forgets its kept files."""
    if not widget_value(_BOXES[box]):
        held = _UPLOADS.get(KeptUploads())
        _UPLOADS.set(KeptUploads((), held.qrels) if box == "runs" else KeptUploads(held.runs, None))


@failsafe.callback
def forget_uploads() -> None:
    """The "Clear" button: no kept files any more."""
    _UPLOADS.pop()


def not_in_boxes(held: KeptUploads, runs_shown: bool, qrels_shown: bool) -> KeptUploads:
    """The kept files their boxes do not show (the boxes are empty again after another page)."""
    return KeptUploads(() if runs_shown else held.runs, None if qrels_shown else held.qrels)


def kept_text(hidden: KeptUploads) -> Problem:
    """The sentence naming the kept files that the boxes do not show (file names are user text: escape it)."""
    names = ", ".join(u.name[:60] for u in hidden.runs)
    if hidden.runs and hidden.qrels is not None:
        return ("data_kept_both", {"runs": names, "qrels": hidden.qrels.name[:60]})
    if hidden.runs:
        return ("data_kept_runs", {"runs": names})
    return ("data_kept_qrels", {"qrels": "" if hidden.qrels is None else hidden.qrels.name[:60]})


# Streamlit scrolls its main section, not the window; the step page's first elements mount before the rest,
# so the scroll is repeated while the page grows.
_TOP_JS = """<script>
(() => {
  const top = () => {
    window.scrollTo(0, 0);
    for (const e of document.querySelectorAll('[data-testid="stMain"], [data-testid="stAppViewContainer"]')) {
      e.scrollTop = 0;
    }
  };
  top();
  for (const ms of [50, 200, 500, 1000]) setTimeout(top, ms);
})();
</script>"""


def back_link() -> None:
    """Under the step page's "from your data" note: a link back to the data (whose files and rules are kept),
    and, right after "Open step by step", the page brought to its top."""
    st.page_link(nav.BY_SLUG["data"].script, label=T("data_back"), icon=":material/arrow_back:")
    start_at_top()


def start_at_top() -> None:
    """Bring the page to its top when the page that opened it asked (``open_at_top``); else nothing."""
    if take_open_at_top():
        st.html(_TOP_JS, unsafe_allow_javascript=True)


def open_at_top() -> None:
    """Ask the next page to start at its top (the step page opened from here, or from the guided start at the
    home page's end, kept that page's scroll, U5)."""
    _SCROLL_TOP.set(True)


def take_open_at_top() -> bool:
    """Whether this page was opened by "Open step by step" and should start at its top (asked once)."""
    return bool(_SCROLL_TOP.pop(False))


@dataclass
class Collection:
    """The runs and the judgments the page evaluates, and the sentences about what could not be used."""

    runs: list[File] = field(default_factory=list)
    judgments: File | None = None  # the file whose judgments serve: the qrels box's, or a run table's
    problems: list[Problem] = field(default_factory=list)  # files left out, files with lines left out
    texts: Mapping[str, Mapping[str, str]] = field(default_factory=dict)  # query id -> {"ko": ..., "en": ...}

    @property
    def qrels_name(self) -> str | None:
        return None if self.judgments is None else self.judgments.name


def warm_workers() -> None:
    """Start the workers' fork server at a server process's first run of any page (AppTest has no runtime: none).

    It imports NumPy, pandas and the core in a process of its own, a second or two of a core. Started by the first
    upload instead, that happened in the middle of a class (``attack_class.py``: its first attacked class's answer p95
    was 262-915 ms in four runs, and its later ones' 133-402 ms; README, "Under attack")."""
    if Runtime.exists():
        offload.warm()


def work(fn: Callable, *args, name: str, stop: Stop = None):
    """``fn(*args)`` computed in a worker process (``ui.offload``: lower priority, the session's time and memory
    budget, at most ``offload.WORKERS`` at once), while this script thread waits without the GIL and a caption
    says in one sentence what it waits for. The work is killed when ``stop`` (by default ``session_gone``) says
    so, raising offload.Cancelled, or when a rerun interrupts it; a budget that ran out is FileError naming
    ``name`` (code "time" or "memory")."""
    gone = stop or session_gone()
    if gone is not None and gone():
        raise offload.Cancelled("the session is gone")
    slot: list = []  # the status line, made at the first tick

    def tick(what: str) -> None:  # redrawn every tick: also where Streamlit raises its stop or rerun while we wait
        if get_script_run_ctx(suppress_warning=True) is not None:
            slot[:] = slot or [st.empty()]
            slot[0].caption(T(f"data_work_{what}"))

    try:
        return offload.run(fn, *args, alive=None if gone is None else (lambda: not gone()), tick=tick)
    except offload.OutOfBudget as exc:
        seconds = f"{offload.TIME_LIMIT_S:.0f}"
        raise FileError(name, exc.what, f"out of its {exc.what} budget", seconds=seconds) from None
    finally:
        for placeholder in slot:
            placeholder.empty()


def _in_server(upload: Upload) -> bool:
    """Whether ``upload`` is a file of the bundled sample (small and ours: read and scored in the server)."""
    return any(upload.key == _sample_file(name).key for name in (*SAMPLE_RUNS, SAMPLE_QRELS))


def read(upload: Upload) -> File | FileError:
    """The file read, or why it could not be: once per session and file content. An upload is read in a worker
    process (``work``); the server keeps its summary (``jobs.Summary``: never its rows) with the upload's bytes,
    which a worker reads again to score it or to open one of its queries."""
    memo = session_memo("files")
    if upload.key not in memo:
        try:
            got: File | tuple[str, str, str, dict]
            if _in_server(upload):
                got = jobs.read(upload.data(), upload.name, MAX_ROWS, MAX_QUERIES)
            else:
                got = work(jobs.read_summary, upload.data(), upload.name, MAX_ROWS, MAX_QUERIES, name=upload.name)
                if isinstance(got, jobs.Summary):
                    got = replace(got, data=upload.data())
            memo[upload.key] = got if isinstance(got, (Loaded, jobs.Summary)) else jobs.file_error(got)
        except FileError as exc:
            memo[upload.key] = exc
        except offload.Cancelled:  # the tab is gone: no one waits for this page
            st.stop()
        while len(memo) > KEPT_FILES:
            memo.pop(next(iter(memo)))
    return memo[upload.key]


def within_budget(loaded: Loaded) -> Loaded:
    """``loaded``, or FileError when it has more lines or queries than one session may hold."""
    return jobs.within_budget(loaded, MAX_ROWS, MAX_QUERIES)


def line_problem(p: LineProblem) -> Problem:
    return (f"data_line_{p.code}", {"line": p.line, **{k: str(v) for k, v in p.params.items()}})


def _dropped(loaded: File) -> Problem | None:
    if not loaded.problems:
        return None
    first = loaded.problems[0]
    return ("data_dropped", {"name": loaded.name, "count": len(loaded.problems), "why": line_problem(first)})


def _file_error(exc: FileError) -> Problem:
    params = {"name": exc.name, **{k: v for k, v in exc.params.items() if k != "problem"}}
    if isinstance(problem := exc.params.get("problem"), LineProblem):  # a line that cannot be read: the first
        params["why"] = line_problem(problem)
    return (f"data_file_{exc.code}", params)


def _take(out: Collection, upload: Upload, wrong_kind: str) -> File | None:
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
    offload.warm()  # the worker processes' fork server, started once per server process
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


def _sources(run: File, judgments: File) -> tuple[jobs.Source, jobs.Source] | None:
    """What a worker reads the two files from (one object when they are one file, so that it is read once), or None
    when neither is an upload (the sample: read here, and worked on here)."""
    if not (isinstance(run, jobs.Summary) or isinstance(judgments, jobs.Summary)):
        return None
    given = {id(f): f.source() if isinstance(f, jobs.Summary) else f for f in (run, judgments)}
    return given[id(run)], given[id(judgments)]


def scores(
    run: File, judgments: File, *, k: int | None, ideal: str, missing: str, no_relevant: str
) -> CollectionScores:
    """``score_collection`` of one run, kept for the session (the last ``KEPT_SCORES`` option sets).

    An upload's run is scored in a worker process, which reads the uploaded bytes again (the server sends no
    big frames); the bundled sample is scored here. A run that outgrows the session's budget stops the page
    with one sentence naming it."""
    memo = session_memo("scores")
    key = (run.name, id(run), judgments.name, id(judgments), k, ideal, missing, no_relevant)
    if key not in memo:
        sources = _sources(run, judgments)
        if sources is not None:
            try:
                memo[key] = work(jobs.score, *sources, k, ideal, missing, no_relevant, name=run.name)
            except FileError as exc:
                if exc.code not in ("time", "memory"):
                    raise
                st.error(plain(problem_text(_file_error(exc))), icon=":material/error:")
                st.stop()
            except offload.Cancelled:  # the tab is gone
                st.stop()
        else:
            assert isinstance(run, Loaded) and isinstance(judgments, Loaded)  # the sample, read in the server
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
    pairs = {}
    for name, s in scored.items():
        if name == base:
            continue
        b = s.per_query[s.per_query["counted"]].set_index("query_id")[f"ndcg_{gain}"]
        common = a.index.intersection(b.index).sort_values()
        pairs[name] = (a[common].to_numpy(), b[common].to_numpy(), tuple(common))
    try:
        if max((len(q) for _, _, q in pairs.values()), default=0) > IN_SERVER_COMPARE:  # a worker's job (X5)
            results = work(jobs.compare_all, [(x, y) for x, y, _ in pairs.values()], name=base, stop=stop)
        else:
            results = [compare(x, y, stop=stop) for x, y, _ in pairs.values()]
    except (Stopped, offload.Cancelled):
        return None
    except FileError as exc:  # the session's time or memory budget
        st.error(plain(problem_text(_file_error(exc))), icon=":material/error:")
        st.stop()
    out = [
        RunComparison(name, result, None, y - x, queries)
        for (name, (x, y, queries)), result in zip(pairs.items(), results, strict=True)
    ]
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


def _query_rows(run: File, judgments: File, query: str) -> tuple[pd.DataFrame, pd.DataFrame] | None:
    """``jobs.query_rows``: in a worker for an upload (None when its tab is gone), in the server for the sample."""
    sources = _sources(run, judgments)
    if sources is None:
        assert isinstance(run, Loaded) and isinstance(judgments, Loaded)  # the sample, read in the server
        return jobs.query_rows(run, judgments, query)
    try:
        rows: tuple[pd.DataFrame, pd.DataFrame] = work(jobs.query_rows, *sources, query, name=run.name)
    except offload.Cancelled:
        return None
    return rows


def query_example(
    run: File,
    judgments: File,
    query: str,
    *,
    k: int | None,
    ideal: str,
    gain: str = "linear",
    table_value: float | None = None,
) -> tuple[model.Example | None, Problem]:
    """One query as a step-view example and the note that says where it came from, or (None, why not).

    The example carries every setting that changes the table's number: its gain, its k, its ideal. It holds
    the query's documents in trec_eval's order (score, then document id descending, already applied, so the
    tie rule is the list's order) with their grades (unjudged and negative ones 0): the first ``OPEN_ITEMS``,
    or as many as k reaches (every one when k is "all"), up to ``OPEN_MAX``. The other relevant documents
    the table's ideal counts (every judged one, or the retrieved ones) are the judged pool, so the step
    view's nDCG@k is the table's. A list cut at ``OPEN_MAX`` shorter than k is shown at nDCG@``OPEN_MAX``,
    and the note gives the table's value beside it (content review 3, G5)."""
    rows = _query_rows(run, judgments, query)
    if rows is None:  # the tab is gone
        st.stop()
    ranked, judged = rows
    grades = dict(
        zip(judged["doc_id"].astype(str), np.maximum(judged["relevance"].to_numpy(dtype=float), 0.0), strict=True)
    )
    top = max(grades.values(), default=0.0)
    if top > max(model.SCALES) or any(g != int(g) for g in grades.values()):
        return None, ("data_open_scale", {"query": query[:40], "top": f"{top:g}"})
    docs = ranked["doc_id"].astype(str).tolist()
    wanted = len(docs) if k is None else max(OPEN_ITEMS, k)
    shown = docs[: min(wanted, OPEN_MAX)]
    names = short_names(shown, model.MAX_NAME)
    items = tuple(model.Item(i, name, grades.get(d, 0.0)) for i, (d, name) in enumerate(zip(shown, names, strict=True)))
    listed = set(shown)
    others = grades if ideal == "judged" else {d: grades.get(d, 0.0) for d in docs}  # what the ideal ranks
    pool = tuple(sorted((g for d, g in others.items() if g > 0 and d not in listed), reverse=True))
    whole = len(shown) == len(docs)
    reach = None if k is None else k  # the table's cut-off
    cut = reach if whole or (reach is not None and reach <= len(shown)) else len(shown)
    ex = model.Example(
        items=items,
        gain=gain,
        k=cut,
        scale=int(max(top, 1)),
        ties="average",  # no model scores: the list's order is the ranking (trec_eval's, ties included)
        use_pool=bool(pool) or ideal == "judged",
        pool=pool,
    )
    params: dict = {
        "query": query[:40],
        "run": run.name[:60],
        "n": len(shown),
        "total": len(docs),
        "shortened": names != [" ".join(d.split()) for d in shown],
    }
    if cut != reach:  # the step view cannot show the table's number: it says which one it shows, and the table's
        value = "–" if table_value is None else f"{table_value:.4f}"
        at = "nDCG" if k is None else f"nDCG@{k}"
        return ex, ("data_opened_other_k", {**params, "shown_at": f"nDCG@{cut}", "table_at": at, "table_value": value})
    return ex, ("data_opened" if whole else "data_opened_cut", params)
