"""A class without browsers: N students speak Streamlit's own websocket protocol to one server.

Each virtual student is what a browser tab is to the server, and nothing more: one websocket to
``/_stcore/stream`` (subprotocol ``streamlit``), binary ``BackMsg`` frames out, ``ForwardMsg``
frames in (Streamlit 1.67, ``streamlit/proto``). A student

* opens /steps with a link of their own (own item names, grades, gain, k and language): a
  ``rerun_script`` BackMsg whose ClientState holds the query string and ``page_name="steps"``,
  as the browser sends on first load; later reruns name the page by the ``page_script_hash``
  that the ``navigation`` ForwardMsg reported;
* waits for the run's ``script_finished``, then every ``--interval`` seconds makes one move
  (one at a time: when a run takes longer, the next move follows its result, with no catching
  up), until ``--seconds`` have passed: a click on Reverse or Shuffle (a ``trigger_value`` for
  the button id read from the last run's deltas, ``element.button.id``), or a new gain (radio)
  or k (selectbox), each a ``string_value`` holding the option's label, as the browser sends it;
  the students arrive spread over the first interval;
* keeps what the browser keeps between runs: every radio, selectbox and checkbox value it has
  seen (the ``raw_value``/``value`` the server set, else the value it holds, else the
  widget's default), sent with every rerun, and the query string of the last
  ``page_info_changed`` (the address the app wrote back).

Per interaction it measures the time from sending the BackMsg to the ``script_finished`` that
ends the run it started. Errors: an ``exception`` element in the deltas, a compile-error
finish, a lost connection or a run that never finished, a missing button, and any traceback,
exception or error line in the server log. Leaks: after the open and after every move the
address the app wrote back must hold the student's own items with their own grades, gain, k
and language (after Reverse: exactly the reversed order), and the nDCG@k headline metric must
show the nDCG of that order (computed by ``ndcg_core``). The server's CPU time (utime + stime
from /proc) is divided by the number of script runs it started (``new_session`` messages);
RSS is sampled every 0.5 s.

    .venv/bin/python benchmarks/load_protocol.py --students 60 --seconds 120 --interval 3
    .venv/bin/python benchmarks/load_protocol.py --profile     # where one /steps run spends its time

Exits 1 on any error or leak, or when the server's CPU per run misses its goal (<= 30 ms, issue 27).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import signal
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import parse_qsl, urlencode

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from streamlit.proto.BackMsg_pb2 import BackMsg  # noqa: E402
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg  # noqa: E402
from streamlit.proto.WidgetStates_pb2 import WidgetState  # noqa: E402
from websockets.asyncio.client import connect  # noqa: E402

from benchmarks.goals import Goal, exit_status, load_average  # noqa: E402
from deploy.harness import Server, percentile, proc_cpu_s, proc_rss_mb  # noqa: E402
from ndcg_core import score_ranking  # noqa: E402

PAGE = "steps"
CPU_PER_RUN = Goal(30.0, baseline=40.0, unit=" ms", margin=0.0)  # README: 31-40 ms per run at 60 students
RUN_TIMEOUT_S = 60.0
MOVES = ("reverse", "shuffle", "gain", "k")
GAINS = ("linear", "exponential")  # the order of the gain radio's options (ui.choices.gains())
_DONE = {
    ForwardMsg.FINISHED_SUCCESSFULLY,
    ForwardMsg.FINISHED_WITH_COMPILE_ERROR,
    ForwardMsg.FINISHED_FRAGMENT_RUN_SUCCESSFULLY,
}  # FINISHED_EARLY_FOR_RERUN: st.rerun, a run follows


def widget_key(widget_id: str) -> str:
    """The user key inside a Streamlit widget id (``$$ID-<hash>-steps_reverse`` -> ``steps_reverse``)."""
    return widget_id.split("-", 2)[2] if widget_id.startswith("$$ID-") and widget_id.count("-") >= 2 else widget_id


@dataclass
class Run:
    """What one script run (or a run and the reruns it asked for) sent back."""

    latency: float
    script_runs: int = 0
    status: int | None = None
    exceptions: list[str] = field(default_factory=list)
    metrics: dict[str, str] = field(default_factory=dict)
    widgets: dict[str, object] = field(default_factory=dict)  # user key -> the widget's element proto


class Tab:
    """The browser's side of one session: the address, the page, and the widget values it holds."""

    def __init__(self, ws, query_string: str):
        self.ws = ws
        self.query_string = query_string
        self.page_hash = ""
        self.held: dict[str, WidgetState] = {}  # widget id -> the value the browser would send

    def _hold(self, el) -> None:
        """Keep a value widget's value as the frontend does: set by the server, else kept, else default."""
        kind = el.WhichOneof("type")
        w = getattr(el, kind)
        if kind in ("radio", "selectbox"):
            if w.set_value and w.HasField("raw_value"):
                value = w.raw_value
            elif w.id in self.held:
                return
            elif w.HasField("default") and 0 <= w.default < len(w.options):
                value = w.options[w.default]
            else:
                return
            self.held[w.id] = WidgetState(id=w.id, string_value=value)
        elif kind == "checkbox":
            if w.set_value:
                self.held[w.id] = WidgetState(id=w.id, bool_value=w.value)
            elif w.id not in self.held:
                self.held[w.id] = WidgetState(id=w.id, bool_value=w.default)

    async def rerun(self, changes: list[WidgetState] = (), *, first: bool = False) -> Run:
        """Send one rerun_script BackMsg and read ForwardMsgs until the run it started has finished."""
        for change in changes:
            if not change.HasField("trigger_value"):
                self.held[change.id] = change
        msg = BackMsg()
        cs = msg.rerun_script
        cs.query_string = self.query_string
        if first or not self.page_hash:
            cs.page_name = PAGE
        else:
            cs.page_script_hash = self.page_hash
        cs.widget_states.widgets.extend([*self.held.values(), *(c for c in changes if c.HasField("trigger_value"))])
        t0 = time.monotonic()
        await self.ws.send(msg.SerializeToString())
        return await self.read_run(t0)

    def _element(self, el, run: Run, seen_ids: set[str]) -> None:
        """A new element of the run being read: an exception or a metric is noted, a widget kept."""
        ek = el.WhichOneof("type")
        if ek == "exception":
            run.exceptions.append(f"{el.exception.type}: {el.exception.message}")
        elif ek == "metric":
            run.metrics.setdefault(el.metric.label, el.metric.body)
        elif ek and hasattr(getattr(el, ek), "id"):
            w = getattr(el, ek)
            if w.id:
                seen_ids.add(w.id)
                run.widgets[widget_key(w.id)] = w
                self._hold(el)

    async def read_run(self, t0: float | None = None) -> Run:
        """Read ForwardMsgs until a run has finished (the one just asked for, or one the server started)."""
        t0 = time.monotonic() if t0 is None else t0
        run = Run(latency=0.0)
        seen_ids: set[str] = set()
        async with asyncio.timeout(RUN_TIMEOUT_S):
            async for raw in self.ws:
                fm = ForwardMsg()
                fm.ParseFromString(raw)
                kind = fm.WhichOneof("type")
                if kind == "new_session":
                    run.script_runs += 1  # a run that st.rerun ended is followed by another: keep its exceptions
                    run.metrics.clear()
                    seen_ids.clear()
                elif kind == "navigation" and fm.navigation.page_script_hash:
                    self.page_hash = fm.navigation.page_script_hash
                elif kind == "page_info_changed":
                    self.query_string = fm.page_info_changed.query_string
                elif kind == "session_event" and fm.session_event.HasField("script_compilation_exception"):
                    run.exceptions.append(fm.session_event.script_compilation_exception.message)
                elif kind == "delta" and fm.delta.WhichOneof("type") == "new_element":
                    self._element(fm.delta.new_element, run, seen_ids)
                elif kind == "script_finished" and run.script_runs and fm.script_finished in _DONE:
                    run.status = fm.script_finished
                    break
        run.latency = time.monotonic() - t0
        if run.status is None:
            raise ConnectionError("the connection closed before the run finished")
        if run.status == ForwardMsg.FINISHED_SUCCESSFULLY:  # widgets this page no longer shows are dropped
            self.held = {i: s for i, s in self.held.items() if i in seen_ids}
        return run


@dataclass
class Student:
    n: int
    names: list[str]
    grades: dict[str, int]
    gain: str
    k: int
    lang: str
    opens: list[float] = field(default_factory=list)
    latencies: list[float] = field(default_factory=list)
    script_runs: int = 0
    moves: list[str] = field(default_factory=list)  # the kind of each move begun
    errors: list[str] = field(default_factory=list)
    leaks: list[str] = field(default_factory=list)

    def query(self) -> str:
        return urlencode(
            {
                "items": ",".join(self.names),
                "rel": ",".join(str(self.grades[x]) for x in self.names),
                "gain": self.gain,
                "k": str(self.k),
                "lang": self.lang,
            },
            safe=",",
        )


def make_students(n: int) -> list[Student]:
    """Distinct examples: own item names (S07a, ...), grades, gain, k and language per student."""
    out = []
    for i in range(n):
        size = 4 + i % 3
        names = [f"S{i:02d}{c}" for c in "abcdefg"[:size]]
        rng = random.Random(i)
        grades = [rng.randint(0, 3) for _ in names]
        grades[i % size] = 3  # never all zeros: the nDCG is a number
        out.append(
            Student(
                i, names, dict(zip(names, grades, strict=True)), GAINS[i % 2], 2 + i % 3, ("en", "ko")[(i // 2) % 2]
            )
        )
    return out


def check_shown(student: Student, tab: Tab, run: Run, want_order: list[str] | None, what: str) -> None:
    """A leak when the address or the headline is not the student's own example (in ``want_order``)."""
    params = dict(parse_qsl(tab.query_string, keep_blank_values=True))
    items = params.get("items", "").split(",")
    problems = []
    if sorted(items) != sorted(student.names):
        problems.append(f"items {params.get('items')!r}")
    elif want_order is not None and items != want_order:
        problems.append(f"order {items} instead of {want_order}")
    else:
        rel = params.get("rel", "").split(",")
        if rel != [str(student.grades[x]) for x in items]:
            problems.append(f"rel {params.get('rel')!r} for items {items}")
    for key, want in (("gain", student.gain), ("k", str(student.k)), ("lang", student.lang)):
        if params.get(key) != want:
            problems.append(f"{key}={params.get(key)!r} instead of {want}")
    if not problems:
        want_ndcg = f"{score_ranking([student.grades[x] for x in items], k=student.k, gain=student.gain).ndcg:.4f}"
        shown = run.metrics.get(f"nDCG@{student.k}")
        if shown != want_ndcg:
            problems.append(f"headline nDCG@{student.k} {shown!r} instead of {want_ndcg} ({run.metrics})")
    if problems:
        student.leaks.append(f"{what}: " + "; ".join(problems))


def plan_move(student: Student, tab: Tab, last: Run, kind: str) -> tuple[list[WidgetState], list[str] | None]:
    """The widget changes of one move, and the order the address must show after it (None: any order)."""
    order = dict(parse_qsl(tab.query_string)).get("items", "").split(",")
    if kind in ("reverse", "shuffle"):
        button = last.widgets.get(f"{PAGE}_{kind}")
        if button is None:
            raise LookupError(f"no {PAGE}_{kind} button in the last run")
        return [WidgetState(id=button.id, trigger_value=True)], order[::-1] if kind == "reverse" else None
    if kind == "gain":
        radio = last.widgets.get(f"{PAGE}_gain")
        if radio is None or len(radio.options) != len(GAINS):
            raise LookupError(f"no {PAGE}_gain radio with {len(GAINS)} options in the last run")
        student.gain = GAINS[1 - GAINS.index(student.gain)]
        return [WidgetState(id=radio.id, string_value=radio.options[GAINS.index(student.gain)])], order
    box = last.widgets.get(f"{PAGE}_k")
    if box is None:
        raise LookupError(f"no {PAGE}_k selectbox in the last run")
    student.k = student.k + 1 if student.k + 1 < len(student.names) else 2  # 2, 3, ..., n-1, 2, ...
    return [WidgetState(id=box.id, string_value=box.options[student.k])], order  # option i is k = i


async def run_student(student: Student, port: int, start_delay: float, deadline: float, interval: float) -> None:
    await asyncio.sleep(start_delay)
    url = f"ws://127.0.0.1:{port}/_stcore/stream"
    try:
        async with connect(url, subprotocols=["streamlit"], max_size=None, open_timeout=RUN_TIMEOUT_S) as ws:
            tab = Tab(ws, student.query())
            last = await tab.rerun(first=True)
            student.opens.append(last.latency)
            student.script_runs += last.script_runs
            student.errors += [f"open: {e}" for e in last.exceptions]
            check_shown(student, tab, last, student.names, "open")
            step = student.n  # students start at different moves
            next_at = time.monotonic() + interval
            while next_at < deadline:  # a move every interval, or as soon as a slower run has finished
                await asyncio.sleep(max(0.0, next_at - time.monotonic()))
                next_at = time.monotonic() + interval
                kind = MOVES[step % len(MOVES)]
                step += 1
                student.moves.append(kind)
                changes, want = plan_move(student, tab, last, kind)
                last = await tab.rerun(changes)
                student.latencies.append(last.latency)
                student.script_runs += last.script_runs
                student.errors += [f"{kind}: {e}" for e in last.exceptions]
                if last.status == ForwardMsg.FINISHED_WITH_COMPILE_ERROR:
                    student.errors.append(f"{kind}: the run ended with a compile error")
                check_shown(student, tab, last, want, f"after move {len(student.moves)} ({kind})")
                next_at = max(next_at, time.monotonic())  # no catching up: one move at a time
    except Exception as exc:  # noqa: BLE001 - a lost connection, a timeout or a missing widget is an error
        student.errors.append(f"{type(exc).__name__}: {exc}")


@dataclass
class Result:
    students: list[Student]
    opens: list[float]
    latencies: list[float]
    script_runs: int
    cpu_ms_per_run: float
    rss_max_mb: float
    rss_end_mb: float
    log_problems: list[str]
    notes: str = ""

    @property
    def errors(self) -> int:
        return sum(len(s.errors) for s in self.students) + len(self.log_problems)

    @property
    def leaks(self) -> int:
        return sum(len(s.leaks) for s in self.students)


async def _load(server: Server, students: list[Student], seconds: float, interval: float) -> tuple[int, float]:
    """Run the class; return the server's script runs and its largest RSS in MB meanwhile."""
    rss_max = proc_rss_mb(server.proc.pid)

    async def sample() -> None:
        nonlocal rss_max
        while True:
            rss_max = max(rss_max, proc_rss_mb(server.proc.pid))
            await asyncio.sleep(0.5)

    sampler = asyncio.create_task(sample())
    start = time.monotonic()
    spread = min(interval, 0.05 * len(students))  # the class arrives within one interval
    await asyncio.gather(
        *(run_student(s, server.port, spread * s.n / len(students), start + seconds, interval) for s in students)
    )
    sampler.cancel()
    rss_max = max(rss_max, proc_rss_mb(server.proc.pid))
    return sum(s.script_runs for s in students), rss_max


def run_load(n: int, seconds: float, interval: float, server: Server | None = None) -> Result:
    """N students on a server (a fresh one unless given), after one warm-up open that is not counted."""
    own = server is None
    server = server or Server().wait_healthy()
    try:
        warm = make_students(1)[0]
        warm.names = [f"W{c}" for c in warm.names]
        warm.grades = {f"W{k}": v for k, v in warm.grades.items()}
        asyncio.run(run_student(warm, server.port, 0, 0, interval))  # imports and first-run caches
        server.new_log_problems()
        students = make_students(n)
        load0, client0, t0 = os.getloadavg()[0], time.process_time(), time.monotonic()
        cpu0 = proc_cpu_s(server.proc.pid)
        runs, rss_max = asyncio.run(_load(server, students, seconds, interval))
        cpu = proc_cpu_s(server.proc.pid) - cpu0
        wall = time.monotonic() - t0
        notes = (
            f"server CPU {cpu:.1f} s in {wall:.0f} s ({100 * cpu / wall:.0f}% of one core), {runs} script runs; "
            f"this client {time.process_time() - client0:.1f} s CPU; "
            f"machine load average {load0:.1f} before, {os.getloadavg()[0]:.1f} after"
        )
        return Result(
            students,
            [t for s in students for t in s.opens],
            [t for s in students for t in s.latencies],
            runs,
            1000 * cpu / max(runs, 1),
            rss_max,
            proc_rss_mb(server.proc.pid),
            server.new_log_problems(),
            notes,
        )
    finally:
        if own:
            server.stop()


HEADER = (
    f"{'students':>8} {'runs':>6} {'open p50':>8} {'p50 ms':>7} {'p95 ms':>7} {'CPU ms/run':>10} "
    f"{'RSS max MB':>10} {'RSS end MB':>10} {'errors':>6} {'leaks':>5}"
)


def row(r: Result) -> str:
    ms = [1000 * t for t in r.latencies]
    return (
        f"{len(r.students):>8} {len(r.opens) + len(r.latencies):>6} {1000 * percentile(r.opens, 0.5):>8.0f} "
        f"{percentile(ms, 0.5):>7.0f} {percentile(ms, 0.95):>7.0f} {r.cpu_ms_per_run:>10.0f} {r.rss_max_mb:>10.0f} "
        f"{r.rss_end_mb:>10.0f} {r.errors:>6} {r.leaks:>5}"
    )


# ---------------------------------------------------------------- --profile


def profile(clicks: int = 5, top: int = 15) -> None:
    """cProfile of /steps script runs in-process (AppTest): one open, then ``clicks`` Reverse clicks."""
    import cProfile
    import pstats

    from streamlit.runtime.scriptrunner.script_runner import ScriptRunner
    from streamlit.testing.v1 import AppTest

    prof = cProfile.Profile()
    original = ScriptRunner._run_script
    walls: list[float] = []

    def profiled(self, rerun_data):  # the script thread: where the run's Python time goes
        t0 = time.perf_counter()
        prof.enable()
        try:
            return original(self, rerun_data)
        finally:
            prof.disable()
            walls.append(time.perf_counter() - t0)

    # AppTest compiles the scripts afresh on every run (a new ScriptCache each time); the server keeps
    # one cache for its life. Share one here too, so the profile shows what the server does.
    import streamlit.testing.v1.app_test as app_test
    import streamlit.testing.v1.local_script_runner as local_script_runner
    from streamlit.runtime.scriptrunner.script_cache import ScriptCache

    shared = ScriptCache()
    app_test.ScriptCache = local_script_runner.ScriptCache = lambda: shared
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    for key, value in parse_qsl(make_students(1)[0].query()):
        at.query_params[key] = value
    at.run()
    at.switch_page(f"lessons/{PAGE}.py").run()
    at.button(key=f"{PAGE}_reverse").click().run()  # warm: first-use imports and caches
    plain = []
    for _ in range(clicks):  # the same clicks without the profiler, for scale
        t0 = time.perf_counter()
        at.button(key=f"{PAGE}_reverse").click().run()
        plain.append(time.perf_counter() - t0)
    ScriptRunner._run_script = profiled
    try:
        for _ in range(clicks):
            at.button(key=f"{PAGE}_reverse").click().run()
    finally:
        ScriptRunner._run_script = original
    assert not at.exception, [e.value for e in at.exception]
    print(
        f"/{PAGE}, Reverse clicks in AppTest: {1000 * statistics.median(plain):.0f} ms per click without the "
        f"profiler (AppTest.run, median of {clicks}); {1000 * statistics.mean(walls):.0f} ms per script run "
        f"under cProfile ({len(walls)} runs; the script thread only: the server's message serialisation and "
        f"websocket sends are not in it). Load average now: {os.getloadavg()[0]:.1f}."
    )
    stats = pstats.Stats(prof)
    print(f"\n== top {top} by cumulative time")
    stats.sort_stats("cumulative").print_stats(top)
    print(f"== top {top} by cumulative time, this project's code only")
    stats.print_stats(f"{ROOT}/(ui|lessons|ndcg_core)/", top)
    print(f"== top {top} by own time")
    stats.sort_stats("tottime").print_stats(top)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--students", type=int, default=20)
    ap.add_argument("--seconds", type=float, default=60.0, help="how long students keep making moves")
    ap.add_argument("--interval", type=float, default=3.0, help="seconds between one student's moves")
    ap.add_argument("--profile", action="store_true", help="profile /steps script runs instead (no server)")
    args = ap.parse_args()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # so a killed run still stops its server
    if args.profile:
        profile()
        return 0
    result = run_load(args.students, args.seconds, args.interval)
    print(HEADER)
    print(row(result))
    print(f"    {result.notes}")
    for s in result.students:
        for line in (s.errors + s.leaks)[:3]:
            print(f"    student {s.n} ({s.query()}): {line}")
    for line in result.log_problems[:10]:
        print(f"    server: {line}")
    failed = bool(result.errors or result.leaks)
    print("goal: 0 errors, 0 leaks:", "FAIL" if failed else "ok")
    cpu = result.cpu_ms_per_run  # opens and moves together: the moves are all but one run per student
    verdict = CPU_PER_RUN.judge(cpu)
    goal = CPU_PER_RUN.describe()
    print(f"[{verdict}] server CPU per run: {cpu:.0f} ms, goal {goal} (issue 27, item 4); {load_average()}")
    return 1 if failed or exit_status([verdict]) else 0


if __name__ == "__main__":
    raise SystemExit(main())
