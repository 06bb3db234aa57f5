"""A live class under load, without browsers: a teacher, a projector and N students in one room of /live (issue 13).

Every participant is what a browser tab is to the server: one websocket to ``/_stcore/stream`` speaking
Streamlit 1.67's BackMsg/ForwardMsg protobufs (the client of ``benchmarks/load_protocol.py``, extended).
A ``LiveTab`` reads the server's messages in the background, as the browser does, so that

* the page's fragments are polled as the browser polls them, at the interval the server asks for: the server
  sends an ``auto_rerun`` ForwardMsg (fragment id, ``interval`` in seconds: ``ui.features.live.STUDENT_POLL`` = 3 for
  a student's status fragment, ``ui.features.live.POLL`` = 2 for the projector's and the teacher's board) in every
  run that draws the fragment, and the tab then sends, every ``interval`` seconds whether or not the last
  one has finished, a ``rerun_script`` BackMsg with ``fragment_id`` set, ``is_auto_rerun`` true and every
  widget value it holds (the browser's ``handleAutoRerun``: one ``setInterval`` per fragment id, kept while
  the interval is the same; ``stop_auto_rerun`` ends one). The intervals the tabs were given are reported;
* a form is submitted as the browser submits it: the values of the form's widgets (text_input
  ``string_value``, number_input ``double_value``/``int_value``, selectbox ``string_value`` holding the
  option's label) in the WidgetStates, together with the ``trigger_value`` of the form's submit button
  (``element.button`` with ``is_form_submitter`` and the form's ``form_id``), plus every other value the
  tab holds; a number_input without a value is sent as a bare id, as the browser sends it.

The scenario (``run_room``), on one server or through nginx (``deploy/scale_out.py --room N``):

1. Warm-up, not counted: on each server, one projector and one student page of a room of its own
   (imports, caches, the first chart).
2. The teacher opens /live, submits "Open a room" (the room code and teacher key come back in the address,
   ``page_info_changed``) and starts an "estimate" question with a known seed (kind select, seed number,
   submit). The question's start is its ``opened_at`` in the database. The teacher's tab stays open and
   polls its board, as a teacher's browser would.
3. The projector opens ``/live?room=CODE&view=projector&lang=en`` and polls its board fragment; every
   "N of M answered" heading it receives is noted with the wall-clock time it arrived.
4. N students connect within ``join_spread`` seconds of the start, open ``/live?room=CODE``, submit the
   nickname form, and (still polling their page's status fragment ``my_status``) send an estimate (a seeded
   random value from 0 to 1, four decimals) at a seeded time within ``window`` seconds of the start; every
   fourth student changes their mind and sends a second value a second later. Per answer: the time from
   the submit BackMsg to the ``script_finished`` (FINISHED_SUCCESSFULLY) of the full run it started (the
   run that stores the answer and, in its status fragment, shows "Your answer is in: <the value sent>").
5. When every student has answered, the class goes on until the projector shows "N of N answered" (at
   most 10 s more), then every tab closes.

A race in Streamlit 1.67 (``lost ends`` in the table): when a fragment's auto-rerun request reaches the
server after a full run's script thread has finished but before the server's event loop has handled that run's
last events, ``AppSession.request_rerun`` finds the old ScriptRunner stopped and starts a new one for the
fragment at once; every event of the old runner still queued (the rest of the full run's deltas and its
``script_finished``) is then dropped as coming from a "non-current ScriptRunner" and never reaches the browser.
A tab notices when the next run begins without the last one's end: the answer's latency ends there. Such a
page lost its "Your answer is in" with the run's end, but its status fragment draws the answer from the database
at every poll. A second way to lose it, by design: a status poll that arrives while the answer's full run is
running waits for it (a fragment's auto-rerun does not interrupt a full run) and starts the moment it ends;
starting, it clears from the session's outgoing queue the deltas of its fragment not yet sent
(``ForwardMsgQueue.clear(fragment_ids_this_run=...)``), the full run's "Your answer is in" among them, and draws
them again itself a moment later. Either way, when one of the student's next two status-fragment runs shows "Your
answer is in: <the value>", the answer is ``healed`` (counted apart, not an error); a page still without it after
two polls is an error (and one that the student's next send overtook before two polls is checked by that send).

Checked afterwards, in the database (``Store(url).answers(code, 1)``): exactly N answers, one per student,
each with the value that student sent last and a revision equal to the number of sends (each send stored
exactly once). Goals: the projector's first "N of N answered" at most 3 s after the last answer's stored
time (the latest ``answered_at``: when the N-th answer existed); p95 answer latency under 1 s; the last
answer sent within ``window`` s of the start; no error. Errors: an exception element, an error alert (or,
for students and the projector, a warning), a compile error, a lost connection, a run that never finished, a
missing widget, a wrong page, and every server log line naming a traceback, exception or error.

The servers' CPU time (utime + stime from /proc) is divided by the script runs the tabs saw start
(``new_session``: full runs and fragment runs); RSS is sampled every 0.5 s; the wait of the server's event
loop for a CPU (``/proc/PID/task/PID/schedstat``) shows how much other work on the machine held it back.
``--profile`` samples the server with py-spy during the class and prints where its Python time went.

Through nginx, every tab keeps the sticky cookie nginx sets on its websocket (or sends one it was given, so a
test can place students on each replica), and the access log tells which replica served each student.

    .venv/bin/python benchmarks/load_room.py --students 60 --backend sqlite postgresql
    .venv/bin/python benchmarks/load_classroom.py --room --students 60 --backend postgresql   # the same
    .venv/bin/python deploy/scale_out.py --replicas 2 --room 60      # through nginx, PostgreSQL

Exits 1 when a goal is missed.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import parse_qsl, urlencode

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from streamlit.proto.Alert_pb2 import Alert  # noqa: E402
from streamlit.proto.BackMsg_pb2 import BackMsg  # noqa: E402
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg  # noqa: E402
from streamlit.proto.NumberInput_pb2 import NumberInput  # noqa: E402
from streamlit.proto.WidgetStates_pb2 import WidgetState  # noqa: E402
from websockets.asyncio.client import connect  # noqa: E402
from websockets.exceptions import ConnectionClosed  # noqa: E402

from benchmarks.goals import REGRESSED, Goal  # noqa: E402
from benchmarks.load_protocol import RUN_TIMEOUT_S, Tab, widget_key  # noqa: E402
from deploy.harness import ARTIFACTS, Server, percentile, proc_cpu_s, proc_rss_mb  # noqa: E402
from live.questions import KINDS  # noqa: E402  (the order of the kind select's options)

PAGE = "live"
KIND = "estimate"
BACKENDS = ("sqlite", "postgresql")
GOAL_FULL_S = 3.0  # the projector shows N of N at most this long after the last answer is stored
GOAL_P95_S = 1.0
# Baselines: the README's worst figures at 60 students (benchmarks/goals.py; red only past a regression's line).
FULL = Goal(GOAL_FULL_S, baseline=0.23, unit=" s")
P95 = Goal(GOAL_P95_S, baseline=0.244, unit=" s")
WINDOW_S = 10.0  # every answer is sent within this many seconds of the question's start
JOIN_SPREAD_S = 3.0
SETTLE_S = 10.0  # after the last answer: how long to wait for the projector's N of N
COUNT = re.compile(r"^#+\s*(\d+) of (\d+) answered")  # the board's heading, in English
_FULL = {ForwardMsg.FINISHED_SUCCESSFULLY, ForwardMsg.FINISHED_WITH_COMPILE_ERROR}
_COOKIE = "ndcg_replica"  # nginx's sticky cookie (deploy/nginx.conf.template)


@dataclass
class RunRecord:
    """One script run as a tab saw it: from its ``new_session`` to its ``script_finished``."""

    run_id: str
    fragment: bool
    started: float  # time.monotonic()
    ended: float = 0.0
    status: int | None = None
    lost_end: bool = False  # another run began before this one's script_finished came: the server dropped its end
    alerts: list[tuple[int, str]] = field(default_factory=list)
    markdown: list[str] = field(default_factory=list)
    seen: set[str] = field(default_factory=set)


class LiveTab(Tab):
    """One browser tab of /live: a background reader, the fragments' auto-rerun timers, and form submits."""

    def __init__(self, ws, query_string: str, role: str, *, poll: bool = True, on_markdown=None):
        super().__init__(ws, query_string)
        self.role = role
        self.poll = poll
        self.on_markdown = on_markdown
        self.widgets: dict[str, object] = {}  # user key -> the widget's element proto, as last drawn
        self.records: list[RunRecord] = []
        self.current: RunRecord | None = None
        self.by_id: dict[str, RunRecord] = {}
        self.trace: list[tuple[float, str]] = []  # (time.monotonic(), what): runs begun and ended, reruns sent
        self.timers: dict[str, tuple[float, asyncio.Task]] = {}
        self.intervals: dict[str, float] = {}  # fragment id -> the auto-rerun interval the server asked for
        self.sent_at = 0.0  # time.monotonic() when the last full rerun (not a fragment's) left
        self.errors: list[str] = []
        self.script_runs = 0
        self.fragment_runs = 0
        self.lost_full_ends = 0  # full runs whose later deltas and script_finished the server dropped
        self.cookie = ""
        self.closed = False
        self._wake = asyncio.Event()
        self._reader: asyncio.Task | None = None

    # -- what the browser keeps ------------------------------------------------------------------------

    def _hold(self, el) -> None:
        """Radio, selectbox and checkbox as ``Tab``; text and number inputs: set by the server, else kept,
        else their default (a number input without one is held as a bare id, as the browser sends it)."""
        kind = el.WhichOneof("type")
        w = getattr(el, kind)
        if kind == "text_input":
            if w.set_value and w.HasField("value"):
                self.held[w.id] = WidgetState(id=w.id, string_value=w.value)
            elif w.id not in self.held:
                self.held[w.id] = WidgetState(id=w.id, string_value=w.default if w.HasField("default") else "")
        elif kind == "number_input":
            has = w.set_value and w.HasField("value")
            if not has and w.id in self.held:
                return
            number = w.value if has else w.default if w.HasField("default") else None
            if number is None:
                self.held[w.id] = WidgetState(id=w.id)
            elif w.data_type == NumberInput.INT:
                self.held[w.id] = WidgetState(id=w.id, int_value=int(number))
            else:
                self.held[w.id] = WidgetState(id=w.id, double_value=number)
        else:
            super()._hold(el)

    # -- reading ---------------------------------------------------------------------------------------

    def start(self) -> None:
        self._reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        try:
            async for raw in self.ws:
                fm = ForwardMsg()
                fm.ParseFromString(raw)
                self._handle(fm)
        except ConnectionClosed:
            pass
        finally:
            self.closed = True
            self._wake.set()

    def _bad_alert(self, fmt: int) -> bool:
        return fmt == Alert.ERROR or (fmt == Alert.WARNING and self.role != "teacher")  # the teacher's key note

    def _handle(self, fm: ForwardMsg) -> None:
        """One message from the server, dispatched by its type."""
        kind = fm.WhichOneof("type")
        now = time.monotonic()
        if kind == "new_session":
            self._new_session(fm, now)
        elif kind == "navigation" and fm.navigation.page_script_hash:
            self.page_hash = fm.navigation.page_script_hash
        elif kind == "page_info_changed":
            self.query_string = fm.page_info_changed.query_string
        elif kind == "auto_rerun":
            self.intervals[fm.auto_rerun.fragment_id] = fm.auto_rerun.interval
            self._timer(fm.auto_rerun.fragment_id, fm.auto_rerun.interval)
        elif kind == "stop_auto_rerun":
            for fid in fm.stop_auto_rerun.fragment_ids:
                interval_task = self.timers.pop(fid, None)
                if interval_task:
                    interval_task[1].cancel()
        elif kind == "session_event" and fm.session_event.HasField("script_compilation_exception"):
            self.errors.append(f"compile error: {fm.session_event.script_compilation_exception.message}")
        elif kind == "delta" and fm.delta.WhichOneof("type") == "new_element":
            self._element(fm.delta.new_element, now)
        elif kind == "script_finished":
            self._finished(fm, now)

    def _new_session(self, fm: ForwardMsg, now: float) -> None:
        """A run starts; a run before it whose end never came is recorded as lost (see the docstring)."""
        rec = self.current
        if rec is not None and rec.status is None:
            rec.lost_end, rec.ended = True, now
            self.records.append(rec)
            self.by_id.pop(rec.run_id, None)
            self.lost_full_ends += not rec.fragment
            self.trace.append((now, f"lost the end of {rec.run_id[:8]}"))
            self._wake.set()
        fragment = bool(fm.metadata.run.fragment_ids)
        self.script_runs += 1
        self.fragment_runs += fragment
        run_id = fm.metadata.run.script_run_id
        self.current = self.by_id[run_id] = RunRecord(run_id, fragment, now)
        self.trace.append((now, f"start {run_id[:8]}{' fragment' if fragment else ''}"))

    def _element(self, el, now: float) -> None:
        """A new element of the run in progress: an exception or alert is noted, a widget kept."""
        rec = self.current
        ek = el.WhichOneof("type")
        if ek == "exception":
            self.errors.append(f"exception {el.exception.type}: {el.exception.message}")
        elif ek == "alert":
            if rec is not None:
                rec.alerts.append((el.alert.format, el.alert.body))
            self.trace.append((now, f"alert {Alert.Format.Name(el.alert.format).lower()} {el.alert.body[:48]!r}"))
            if self._bad_alert(el.alert.format):
                self.errors.append(f"{Alert.Format.Name(el.alert.format).lower()}: {el.alert.body[:200]}")
        elif ek == "markdown":
            if rec is not None:
                rec.markdown.append(el.markdown.body)
            if self.on_markdown is not None:
                self.on_markdown(el.markdown.body)
        elif ek and hasattr(getattr(el, ek), "id"):
            w = getattr(el, ek)
            if w.id:
                self.widgets[widget_key(w.id)] = w
                if rec is not None:
                    rec.seen.add(w.id)
                self._hold(el)

    def _finished(self, fm: ForwardMsg, now: float) -> None:
        """A run ends: its record is kept, and a full run's end drops the widgets the page no longer shows."""
        rec = self.by_id.pop(fm.metadata.run.script_run_id, self.current)
        self.trace.append(
            (
                now,
                f"finish {fm.metadata.run.script_run_id[:8]} "
                f"{ForwardMsg.ScriptFinishedStatus.Name(fm.script_finished)}",
            )
        )
        if rec is None:
            return
        rec.status, rec.ended = fm.script_finished, now
        self.records.append(rec)
        if self.current is rec:
            self.current = None
        if rec.status == ForwardMsg.FINISHED_SUCCESSFULLY and not rec.fragment:  # what the page no longer shows
            self.held = {i: s for i, s in self.held.items() if i in rec.seen}
            self.widgets = {k: w for k, w in self.widgets.items() if w.id in rec.seen}
        self._wake.set()

    # -- the fragments' timers -------------------------------------------------------------------------

    def _timer(self, fragment_id: str, interval: float) -> None:
        """The browser's handleAutoRerun: one setInterval per fragment id (kept while the interval is the same)."""
        if not self.poll or not fragment_id or interval <= 0:
            return
        old = self.timers.get(fragment_id)
        if old is not None and old[0] == interval:
            return
        if old is not None:
            old[1].cancel()
        self.timers[fragment_id] = (interval, asyncio.create_task(self._tick(fragment_id, interval)))

    async def _tick(self, fragment_id: str, interval: float) -> None:
        due = time.monotonic()
        while not self.closed:
            due += interval
            await asyncio.sleep(max(0.0, due - time.monotonic()))
            if self.closed:
                return
            try:
                await self.send(fragment_id=fragment_id)
            except ConnectionClosed:
                return

    # -- sending ---------------------------------------------------------------------------------------

    async def send(self, changes: list[WidgetState] = (), *, fragment_id: str = "", first: bool = False) -> float:
        """One rerun_script BackMsg (a fragment's auto-rerun when ``fragment_id``); the time it left."""
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
        if fragment_id:
            cs.fragment_id = fragment_id
            cs.is_auto_rerun = True
        cs.widget_states.widgets.extend([*self.held.values(), *(c for c in changes if c.HasField("trigger_value"))])
        t0 = time.monotonic()
        if not fragment_id:
            self.sent_at = t0
        self.trace.append(
            (
                t0,
                f"send{' fragment ' + fragment_id[:8] if fragment_id else ''}"
                f"{' trigger' if any(c.HasField('trigger_value') for c in changes) else ''}",
            )
        )
        await self.ws.send(msg.SerializeToString())
        return t0

    async def run(
        self, changes: list[WidgetState] = (), *, first: bool = False, timeout: float = RUN_TIMEOUT_S
    ) -> tuple[float, list[RunRecord]]:
        """Send a full rerun; wait for the first full run started after it to finish (through any st.rerun), or
        to lose its end (``lost_end``: then it counts as ended when the next run began).

        Returns the latency (send to that ``script_finished``) and the full runs it took."""
        index = len(self.records)
        t0 = await self.send(changes, first=first)
        deadline = t0 + timeout
        while True:
            runs = [r for r in self.records[index:] if not r.fragment and r.started >= t0]
            done = next((i for i, r in enumerate(runs) if r.status in _FULL or r.lost_end), None)
            if done is not None:
                if runs[done].status == ForwardMsg.FINISHED_WITH_COMPILE_ERROR:
                    self.errors.append("a run ended with a compile error")
                return runs[done].ended - t0, runs[: done + 1]
            if self.closed:
                raise ConnectionError(f"{self.role}: the connection closed before the run finished")
            self._wake.clear()
            try:
                await asyncio.wait_for(self._wake.wait(), max(0.0, deadline - time.monotonic()))
            except TimeoutError:
                raise TimeoutError(f"{self.role}: no run finished within {timeout:.0f} s ({self.since(t0)})") from None

    def since(self, t0: float, before: float = 3.0, limit: int = 1500) -> str:
        """What the tab did and saw from ``before`` seconds before ``t0`` on (times relative to ``t0``)."""
        return "; ".join(f"{t - t0:+.2f} {what}" for t, what in self.trace if t >= t0 - before)[:limit]

    async def until(self, settled, timeout: float):
        """Wait, as runs end or lose their end, until ``settled()`` returns something other than None (that value), or
        ``timeout`` seconds (None)."""
        deadline = time.monotonic() + timeout
        while (verdict := settled()) is None and not self.closed and time.monotonic() < deadline:
            self._wake.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), max(0.0, deadline - time.monotonic()))
        return verdict if verdict is not None else settled()

    async def stop(self) -> None:
        self.closed = True
        for _, task in self.timers.values():
            task.cancel()
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._reader

    # -- what the page shows ---------------------------------------------------------------------------

    def widget(self, key: str):
        w = self.widgets.get(key)
        if w is None:
            raise LookupError(f"{self.role}: no widget {key!r} on the page ({sorted(self.widgets)})")
        return w

    def submitter(self, form_id: str):
        """The submit button of the form ``form_id``."""
        for w in self.widgets.values():
            if getattr(w, "is_form_submitter", False) and w.form_id == form_id:
                return w
        raise LookupError(f"{self.role}: no submit button for form {form_id!r}")

    async def submit(self, form_key: str, values: list[WidgetState]) -> tuple[float, list[RunRecord]]:
        """Submit the form holding the widget ``form_key`` with ``values`` for some of its widgets."""
        button = self.submitter(self.widget(form_key).form_id)
        return await self.run([*values, WidgetState(id=button.id, trigger_value=True)])

    def param(self, name: str) -> str:
        return dict(parse_qsl(self.query_string)).get(name, "")


@contextlib.asynccontextmanager
async def open_tab(
    port: int, query: dict[str, str], role: str, *, cookie: str = "", poll: bool = True, on_markdown=None
):
    """A LiveTab on ``port`` (a server's or nginx's), sending nginx's sticky cookie when given one and keeping
    the one nginx sets otherwise, as a browser's cookie jar would."""
    headers = {"Cookie": f"{_COOKIE}={cookie}"} if cookie else None
    async with connect(
        f"ws://127.0.0.1:{port}/_stcore/stream",
        subprotocols=["streamlit"],
        max_size=None,
        open_timeout=RUN_TIMEOUT_S,
        additional_headers=headers,
        proxy=None,
    ) as ws:
        tab = LiveTab(ws, urlencode(query), role, poll=poll, on_markdown=on_markdown)
        tab.cookie = cookie or _set_cookie(ws.response.headers.get_all("Set-Cookie"))
        tab.start()
        try:
            yield tab
        finally:
            await tab.stop()


def _set_cookie(lines: list[str]) -> str:
    for line in lines:
        name, _, rest = line.partition("=")
        if name.strip() == _COOKIE:
            return rest.split(";", 1)[0].strip()
    return ""


# ---------------------------------------------------------------- the student's confirmation

HEAL_POLLS = 2  # a page that lost a run's end must show the answer within this many status polls


def student_poll() -> float:
    """The student page's poll interval as the app sets it (when the server never named one)."""
    from ui.features.live import STUDENT_POLL

    return STUDENT_POLL


def shows(run: RunRecord, value: float) -> bool:
    """The run drew "Your answer is in: <value>" (a success alert holding the value, markdown escapes removed)."""
    return any(fmt == Alert.SUCCESS and f"{value:.4f}" in body.replace("\\", "") for fmt, body in run.alerts)


def status_polls(records: list[RunRecord], since: float, until: float = float("inf")) -> list[RunRecord]:
    """The first ``HEAL_POLLS`` fragment runs (a student page's status polls) that began from ``since`` to ``until``."""
    polls = sorted((r for r in records if r.fragment and since <= r.started < until), key=lambda r: r.started)
    return polls[:HEAL_POLLS]


def healing(records: list[RunRecord], value: float, lost_at: float, next_send: float = float("inf")) -> str | None:
    """What a page whose answer run lost its end (at ``lost_at``, monotonic) made of it, from the runs it saw:
    ``"healed 1"`` / ``"healed 2"`` when its first / second status-fragment run after the loss showed ``value``;
    ``"overtaken"`` when the student sent again (at ``next_send``) before two such runs; ``"missing"`` when two came
    and neither showed it; None while it is too early to tell."""
    polls = status_polls(records, lost_at, next_send)
    for i, run in enumerate(polls, 1):
        if shows(run, value):
            return f"healed {i}"
    if len(polls) >= HEAL_POLLS:
        return "missing"
    return "overtaken" if next_send != float("inf") else None


# ---------------------------------------------------------------- the people


@dataclass
class Student:
    n: int
    lang: str
    values: list[float]  # what the student sends: one answer, or two when they change their mind
    answer_at: list[float]  # when, in seconds after the question's start
    join_at: float
    cookie: str = ""  # nginx's sticky cookie: given (a test picks the replica), else the one nginx sets
    id: str = ""
    number_key: str = ""
    opened: float | None = None
    joined: float | None = None
    sent: list[tuple[float, float, float]] = field(default_factory=list)  # (value, wall time sent, offset)
    latencies: list[float] = field(default_factory=list)
    lost: int = 0  # answer runs whose end the server dropped
    replaced: int = 0  # answer runs that ended, but whose status fragment's deltas a status poll right after replaced
    healed: list[int] = field(default_factory=list)  # per healed answer: the status poll that showed it (1 or 2)
    healed_after: list[float] = field(default_factory=list)  # per healed answer: s from the send to that poll's end
    overtaken: int = 0  # lost answer runs whose check fell to the student's next send
    intervals: set[float] = field(default_factory=set)  # the auto-rerun intervals the server gave this page
    errors: list[str] = field(default_factory=list)
    script_runs: int = 0
    fragment_runs: int = 0
    lost_ends: int = 0

    @property
    def nickname(self) -> str:
        return f"load {self.n:02d}"


def make_students(
    n: int,
    *,
    seed: int = 0,
    window: float = WINDOW_S,
    join_spread: float = JOIN_SPREAD_S,
    cookies: list[str] | None = None,
) -> list[Student]:
    """N students: seeded values and times; every fourth changes their mind once; every other is Korean."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        lo = join_spread + 1.5
        first = rng.uniform(lo, max(lo, window - 2.0))
        values, at = [round(rng.random(), 4)], [first]
        if i % 4 == 3:
            values.append(round(rng.random(), 4))
            at.append(min(first + rng.uniform(0.8, 1.5), window - 0.3))
        out.append(
            Student(
                i,
                ("en", "ko")[i % 2],
                values,
                at,
                0.5 + join_spread * i / max(n, 1),
                cookie=(cookies[i] if cookies else ""),
            )
        )
    return out


@dataclass
class Projector:
    counts: list[tuple[float, int, int]] = field(default_factory=list)  # (wall time, answered, students)
    full_at: float | None = None  # wall time of the first "N of N answered"
    board_runs: list[float] = field(default_factory=list)  # seconds per fragment run (new_session to finish)
    intervals: set[float] = field(default_factory=set)  # the auto-rerun intervals the server gave the projector
    cookie: str = ""
    errors: list[str] = field(default_factory=list)


@dataclass
class RoomResult:
    n: int
    backend: str
    via: str
    code: str = ""
    students: list[Student] = field(default_factory=list)
    projector: Projector = field(default_factory=Projector)
    question_start: float = 0.0  # wall time (the question's opened_at)
    last_stored: float | None = None  # wall time: the latest answered_at (first storing) of the answers
    stored: int = 0
    db_problems: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)  # teacher, projector, students, servers' logs
    script_runs: int = 0
    fragment_runs: int = 0
    lost_ends: int = 0  # full runs whose end the server dropped (Streamlit's race, see the docstring)
    cpu_s: float = 0.0
    wall_s: float = 0.0
    client_cpu_s: float = 0.0
    rss_max_mb: dict[int, float] = field(default_factory=dict)  # per server port
    rss_end_mb: dict[int, float] = field(default_factory=dict)
    cpu_by_server: dict[int, float] = field(default_factory=dict)
    split: Counter = field(default_factory=Counter)  # students per replica port (nginx)
    projector_port: int | None = None
    load: tuple[float, float] = (0.0, 0.0)
    teacher_intervals: set[float] = field(default_factory=set)
    loop_wait_s: float = 0.0  # how long the servers' main threads (the event loops) were runnable but off a CPU
    profile: list[str] = field(default_factory=list)

    @property
    def latencies(self) -> list[float]:
        return [t for s in self.students for t in s.latencies]

    @property
    def healed(self) -> int:
        """Answers whose own run did not show them (its end lost, or its status replaced) but a next status poll did."""
        return sum(len(s.healed) for s in self.students)

    @property
    def intervals(self) -> dict[str, list[float]]:
        """The auto-rerun intervals the server asked of each kind of page."""
        return {
            "students": sorted(set().union(*(s.intervals for s in self.students))),
            "projector": sorted(self.projector.intervals),
            "teacher": sorted(self.teacher_intervals),
        }

    @property
    def last_sent(self) -> float | None:
        """Seconds from the question's start to the last answer sent."""
        offsets = [o for s in self.students for _, _, o in s.sent]
        return max(offsets) if offsets else None

    @property
    def full_after(self) -> float | None:
        """Seconds from the last stored answer to the projector's first N of N (None: never)."""
        if self.projector.full_at is None or self.last_stored is None:
            return None
        return self.projector.full_at - self.last_stored

    @property
    def all_errors(self) -> list[str]:
        return self.errors + [f"student {s.n}: {e}" for s in self.students for e in s.errors] + self.db_problems

    def missed(self, window: float = WINDOW_S) -> list[str]:
        """The goals this class missed, in words (empty: all met); a figure only when it regressed (goals.py)."""
        out = []
        if self.db_problems or self.stored != self.n:
            out.append(f"answers: {self.stored} stored for {self.n} students ({len(self.db_problems)} problems)")
        full = self.full_after
        if full is None or FULL.judge(full) == REGRESSED:
            out.append(
                f"projector {self.n} of {self.n}: "
                + ("never" if full is None else f"{full:.1f} s")
                + f" after the last answer (goal {FULL.describe()})"
            )
        p95 = percentile(self.latencies, 0.95)
        if P95.judge(p95) == REGRESSED:
            out.append(f"p95 answer latency {1000 * p95:.0f} ms (goal {P95.describe()})")
        if self.last_sent is None or self.last_sent > window:
            out.append(f"last answer sent {self.last_sent} s after the start (goal <= {window:.0f} s)")
        if self.all_errors:
            out.append(f"{len(self.all_errors)} errors")
        return out


async def teacher_opens(port: int, seed: int, stack: contextlib.AsyncExitStack) -> tuple[LiveTab, str, str]:
    """The teacher's tab: open a room, start an estimate question with ``seed``; the tab stays open."""
    tab = await stack.enter_async_context(open_tab(port, {"lang": "en"}, "teacher"))
    await tab.run(first=True)
    await tab.submit("live_hours", [])
    code, key = tab.param("room"), tab.param("teacher")
    if not code or not key:
        raise RuntimeError(f"teacher: 'Open a room' did not lead to a room's address ({tab.query_string!r})")
    kind, number = tab.widget("live_kind"), tab.widget("live_seed")
    await tab.submit(
        "live_kind",
        [
            WidgetState(id=kind.id, string_value=kind.options[KINDS.index(KIND)]),
            WidgetState(id=number.id, int_value=seed),
        ],
    )
    return tab, code, key


async def projector_watches(port: int, code: str, n: int, projector: Projector, done: asyncio.Event) -> LiveTab:
    def saw(body: str) -> None:
        m = COUNT.match(body)
        if m:
            answered, total = int(m[1]), int(m[2])
            projector.counts.append((time.time(), answered, total))
            if projector.full_at is None and answered == total == n:
                projector.full_at = time.time()

    async with open_tab(port, {"room": code, "view": "projector", "lang": "en"}, "projector", on_markdown=saw) as tab:
        projector.cookie = tab.cookie
        try:
            await tab.run(first=True)
            await done.wait()
        except Exception as exc:  # noqa: BLE001 - a lost connection is an error of the class
            projector.errors.append(f"{type(exc).__name__}: {exc}")
        projector.errors += tab.errors
        projector.board_runs = [r.ended - r.started for r in tab.records if r.fragment]
        projector.intervals = set(tab.intervals.values())
        return tab


async def student_class(
    s: Student, port: int, code: str, q_start: float, answered: asyncio.Future, done: asyncio.Event
) -> None:
    """One student: open the join link, join, answer (once or twice), then keep the page open until the end."""
    await asyncio.sleep(max(0.0, q_start + s.join_at - time.monotonic()))
    try:
        async with open_tab(port, {"room": code, "lang": s.lang}, "student", cookie=s.cookie) as tab:
            s.cookie = tab.cookie
            try:
                s.opened, _ = await tab.run(first=True)
                s.joined, _ = await tab.submit(
                    "live_join_name", [WidgetState(id=tab.widget("live_join_name").id, string_value=s.nickname)]
                )
                s.id = tab.param("me")
                if not s.id or tab.param("room") != code:
                    raise RuntimeError(f"join: the address is {tab.query_string!r}, not room={code}&me=...")
                s.number_key = f"live_{code}_1_number"
                unseen: list[tuple[float, float, int]] = []  # (value, when its run ended or lost its end, which send)
                sent_at: list[float] = []
                for value, at in zip(s.values, s.answer_at, strict=True):
                    await asyncio.sleep(max(0.0, q_start + at - time.monotonic()))
                    box = tab.widget(s.number_key)
                    wall, offset = time.time(), time.monotonic() - q_start
                    latency, runs = await tab.submit(s.number_key, [WidgetState(id=box.id, double_value=value)])
                    sent_at.append(tab.sent_at)
                    s.sent.append((value, wall, offset))
                    s.latencies.append(latency)
                    if shows(runs[-1], value):
                        continue
                    # Its status fragment shows the answer at a next poll (see the docstring): when the run's end
                    # was lost, or when a status poll ran right after it and the server dropped its fragment's deltas.
                    if runs[-1].lost_end:
                        s.lost += 1
                    else:
                        s.replaced += 1
                    unseen.append((value, runs[-1].ended, len(sent_at) - 1))
                answered.set_result(None)
                poll = max(tab.intervals.values(), default=0.0) or student_poll()
                for value, since, i in unseen:
                    next_send = sent_at[i + 1] if i + 1 < len(sent_at) else float("inf")
                    verdict = await tab.until(
                        lambda v=value, t=since, nxt=next_send: healing(tab.records, v, t, nxt),
                        HEAL_POLLS * poll + RUN_TIMEOUT_S / 6,
                    )
                    if verdict is not None and verdict.startswith("healed"):
                        k = int(verdict.split()[1])
                        s.healed.append(k)
                        s.healed_after.append(status_polls(tab.records, since, next_send)[k - 1].ended - sent_at[i])
                    elif verdict == "overtaken":
                        s.overtaken += 1
                    else:
                        polls = [
                            [b for f, b in r.alerts if f == Alert.SUCCESS] for r in status_polls(tab.records, since)
                        ]
                        s.errors.append(
                            f"after sending {value:.4f} the page shows no sent answer, neither in the run "
                            f"it started nor at the next {HEAL_POLLS} status polls ({polls}; "
                            f"{tab.since(sent_at[i])})"
                        )
            finally:
                if not answered.done():
                    answered.set_result(None)
                try:
                    await done.wait()  # the page stays open, polling, until the class ends
                finally:
                    s.errors += tab.errors
                    s.intervals = set(tab.intervals.values())
                    s.script_runs, s.fragment_runs, s.lost_ends = tab.script_runs, tab.fragment_runs, tab.lost_full_ends
    except Exception as exc:  # noqa: BLE001 - a lost connection, a timeout or a missing widget is an error
        s.errors.append(f"{type(exc).__name__}: {exc}")
        if not answered.done():
            answered.set_result(None)


# ---------------------------------------------------------------- the class


@contextlib.contextmanager
def database(backend: str, url: str | None = None):
    """The class's database URL: ``url``, else a temporary SQLite file, else a throwaway PostgreSQL."""
    if url:
        yield url
    elif backend == "sqlite":
        with tempfile.TemporaryDirectory(prefix="ndcg-room-") as tmp:
            yield f"sqlite:///{Path(tmp) / 'live.sqlite3'}"
    elif backend == "postgresql":
        from deploy.pg import postgres_cluster

        with postgres_cluster() as pg:
            yield pg
    else:
        raise ValueError(f"backend {backend!r} is not one of {', '.join(BACKENDS)}")


def backend_of(url: str) -> str:
    return "postgresql" if url.startswith("postgres") else url.split(":", 1)[0]


async def _warm(servers: list[Server], url: str) -> None:
    """On each server: a projector and a student page of a room of their own (imports, caches, charts)."""
    from live.store import Store, new_student_id

    def make_room() -> tuple[str, str]:
        store = Store(url)
        try:
            code, key = store.create_room(hours=1)
            store.start_question(code, key, KIND, 1)
            me = new_student_id()
            store.join(code, me, "warm")
            return code, me
        finally:
            store.close()

    code, me = await asyncio.to_thread(make_room)
    for server in servers:
        for query in ({"room": code, "view": "projector", "lang": "en"}, {"room": code, "me": me, "lang": "ko"}):
            async with open_tab(server.port, query, "warm-up", poll=False) as tab:
                await tab.run(first=True)
                if tab.errors:
                    raise RuntimeError(f"warming :{server.port} failed: {tab.errors}")


async def _class(
    n: int,
    servers: list[Server],
    port: int,
    url: str,
    result: RoomResult,
    *,
    seed: int,
    window: float,
    join_spread: float,
    cookies: list[str] | None,
) -> None:
    from live.store import Store

    rss_max = {s.port: proc_rss_mb(s.proc.pid) for s in servers}

    async def sample() -> None:
        while True:
            for s in servers:
                rss_max[s.port] = max(rss_max[s.port], proc_rss_mb(s.proc.pid))
            await asyncio.sleep(0.5)

    sampler = asyncio.create_task(sample())
    done = asyncio.Event()
    async with contextlib.AsyncExitStack() as stack:
        teacher, code, _ = await teacher_opens(port, seed, stack)
        result.code = code
        store = Store(url)
        try:
            q = await asyncio.to_thread(store.current_question, code)
        finally:
            store.close()
        if q is None or q.kind != KIND or q.seed != seed or q.state != "open":
            raise RuntimeError(f"teacher: 'Start this question' did not start {KIND} #{seed}: {q}")
        result.question_start = q.opened_at
        q_start = time.monotonic() - (time.time() - q.opened_at)
        projector = asyncio.create_task(projector_watches(port, code, n, result.projector, done))
        result.students = make_students(n, seed=seed, window=window, join_spread=join_spread, cookies=cookies)
        answered = [asyncio.get_running_loop().create_future() for _ in result.students]
        classes = [
            asyncio.create_task(student_class(s, port, code, q_start, f, done))
            for s, f in zip(result.students, answered, strict=True)
        ]
        await asyncio.gather(*answered)
        deadline = time.monotonic() + SETTLE_S
        while result.projector.full_at is None and time.monotonic() < deadline and not projector.done():
            await asyncio.sleep(0.1)
        done.set()
        await asyncio.gather(*classes)
        await projector
        result.errors += [f"projector: {e}" for e in result.projector.errors]
        result.errors += [f"teacher: {e}" for e in teacher.errors]
        result.teacher_intervals = set(teacher.intervals.values())
        result.script_runs = (
            teacher.script_runs
            + sum(s.script_runs for s in result.students)
            + (projector.result().script_runs if projector.done() else 0)
        )
        result.fragment_runs = (
            teacher.fragment_runs
            + sum(s.fragment_runs for s in result.students)
            + (projector.result().fragment_runs if projector.done() else 0)
        )
        result.lost_ends = (
            teacher.lost_full_ends
            + sum(s.lost_ends for s in result.students)
            + (projector.result().lost_full_ends if projector.done() else 0)
        )
    sampler.cancel()
    result.rss_max_mb = {s.port: max(rss_max[s.port], proc_rss_mb(s.proc.pid)) for s in servers}
    result.rss_end_mb = {s.port: proc_rss_mb(s.proc.pid) for s in servers}


def runqueue_wait_s(pid: int) -> float:
    """Seconds the process's main thread (Streamlit's event loop) has waited, runnable, for a CPU (schedstat)."""
    try:
        return int(Path(f"/proc/{pid}/task/{pid}/schedstat").read_text().split()[1]) / 1e9
    except (OSError, IndexError, ValueError):
        return 0.0


def check_answers(result: RoomResult, url: str) -> None:
    """Exactly one stored answer per student, holding the value they sent last, stored once per send."""
    from live.store import Store

    store = Store(url)
    try:
        answers = store.answers(result.code, 1)
        joined, answered = store.tally(result.code, 1)
    finally:
        store.close()
    result.stored = len(answers)
    result.last_stored = max((a.answered_at for a in answers), default=None)  # when the N-th answer existed
    problems = result.db_problems
    if joined != result.n:
        problems.append(f"database: {joined} students joined the room, not {result.n}")
    if answered != len(answers):
        problems.append(f"database: the tally counts {answered} answers, the list holds {len(answers)}")
    rows = Counter(a.student_id for a in answers)
    problems += [f"database: {c} answers of one student" for c in rows.values() if c != 1]
    by_id = {a.student_id: a for a in answers}
    ours = {s.id for s in result.students if s.id}
    problems += [f"database: an answer of a student not in this class ({sid[:6]}...)" for sid in by_id.keys() - ours]
    for s in result.students:
        a = by_id.get(s.id)
        if not s.sent:
            problems.append(f"student {s.n}: sent no answer")
        elif a is None:
            problems.append(f"student {s.n}: no answer stored (sent {[v for v, _, _ in s.sent]})")
        elif a.value is None or abs(a.value - s.sent[-1][0]) > 1e-9:
            problems.append(f"student {s.n}: stored {a.value}, sent last {s.sent[-1][0]}")
        elif a.revision != len(s.sent):
            problems.append(f"student {s.n}: revision {a.revision} after {len(s.sent)} sends")


def run_room(
    n: int,
    backend: str = "sqlite",
    *,
    database_url: str | None = None,
    servers: list[Server] | None = None,
    port: int | None = None,
    cookies: list[str] | None = None,
    replicas_of=None,
    seed: int = 0,
    window: float = WINDOW_S,
    join_spread: float = JOIN_SPREAD_S,
    via: str = "one server",
    profile: bool = False,
) -> RoomResult:
    """The live class of N students on ``backend`` (a fresh server and database unless ``servers`` are given,
    with the tabs connecting to ``port``: a server's, or nginx's in front of them).

    Through nginx: ``cookies`` are the students' sticky cookies (default: the ones nginx sets), and
    ``replicas_of(cookies)`` maps cookies to the replica ports that served their websockets (after the class),
    for the students' split and the projector's replica. ``profile``: py-spy samples each server during the
    class (``RoomResult.profile`` lists where its Python time went)."""
    if servers is None:
        with database(backend, database_url) as url, Server(env={"NDCG_DATABASE_URL": url}) as server:
            return run_room(
                n,
                backend_of(url),
                database_url=url,
                servers=[server],
                port=server.port,
                cookies=cookies,
                seed=seed,
                window=window,
                join_spread=join_spread,
                via=via,
                profile=profile,
            )
    url = database_url or servers[0].env["NDCG_DATABASE_URL"]
    result = RoomResult(n, backend_of(url), via)
    asyncio.run(_warm(servers, url))
    for server in servers:
        server.new_log_problems()
    load0, client0, t0 = os.getloadavg()[0], time.process_time(), time.monotonic()
    cpu0 = {s.port: proc_cpu_s(s.proc.pid) for s in servers}
    wait0 = sum(runqueue_wait_s(s.proc.pid) for s in servers)
    with spying(servers, profile) as samples:
        asyncio.run(
            _class(
                n,
                servers,
                port or servers[0].port,
                url,
                result,
                seed=seed,
                window=window,
                join_spread=join_spread,
                cookies=cookies,
            )
        )
    result.profile = summarise(samples)
    result.wall_s = time.monotonic() - t0
    result.loop_wait_s = sum(runqueue_wait_s(s.proc.pid) for s in servers if s.proc.poll() is None) - wait0
    result.cpu_by_server = {s.port: proc_cpu_s(s.proc.pid) - cpu0[s.port] for s in servers if s.proc.poll() is None}
    result.cpu_s = sum(result.cpu_by_server.values())
    result.client_cpu_s = time.process_time() - client0
    result.load = (load0, os.getloadavg()[0])
    check_answers(result, url)
    if replicas_of is not None:
        keys = [s.cookie for s in result.students if s.cookie] + [result.projector.cookie]
        placed = replicas_of(keys)
        result.split = Counter(placed[s.cookie] for s in result.students if s.cookie in placed)
        result.projector_port = placed.get(result.projector.cookie)
        result.errors += [
            f"student {s.n}: nginx logged no websocket for its cookie {s.cookie!r}"
            for s in result.students
            if s.cookie not in placed
        ]
    time.sleep(0.3)  # the last log lines of the closing sessions
    result.errors += [f"server :{s.port}: {p}" for s in servers for p in s.new_log_problems()]
    return result


# ---------------------------------------------------------------- --profile


@contextlib.contextmanager
def spying(servers: list[Server], on: bool):
    """py-spy on each server for the block (Python stacks of the thread holding the GIL, 100 samples/s)."""
    if not on:
        yield []
        return
    spy = Path(sys.executable).with_name("py-spy")
    outs = [ARTIFACTS / f"load_room-profile-{s.port}.txt" for s in servers]
    procs = [
        subprocess.Popen(
            [
                str(spy),
                "record",
                "--pid",
                str(s.proc.pid),
                "--rate",
                "100",
                "--format",
                "raw",
                "--output",
                str(out),
                "--gil",
                "--nonblocking",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for s, out in zip(servers, outs, strict=True)
    ]
    time.sleep(1.0)  # py-spy attaches
    try:
        yield outs
    finally:
        for proc in procs:
            proc.send_signal(signal.SIGINT)
        for proc in procs:
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()


_SCRIPTS = {"app.py", *(p.name for p in (ROOT / "lessons").glob("*.py"))}  # py-spy names them by file name only


def _ours(frame: str) -> bool:
    """A frame of the app's own code (py-spy: "function (path)")."""
    path = frame.rpartition(" (")[2].rstrip(")")
    return path in _SCRIPTS or path.startswith(("ui/", "live/", "ndcg_core/"))


def summarise(paths: list[Path], top: int = 18) -> list[str]:
    """Where the servers' Python time went, from py-spy's raw stacks: script threads against the event loop, then
    the app's own functions (inclusive: a function counts once per stack) and the frames on top (own time)."""
    total, inclusive, own = 0, Counter(), Counter()
    for path in paths:
        with contextlib.suppress(OSError):
            for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
                stack, _, count = line.rpartition(" ")
                if not stack or not count.isdigit():
                    continue
                total += int(count)
                frames = [f.split(":", 1)[0] + ")" if ":" in f else f for f in stack.split(";")]
                for frame in set(frames):
                    inclusive[frame] += int(count)
                own[frames[-1]] += int(count)
    if not total:
        return []

    def share(frame: str) -> str:
        return f"{100 * inclusive[frame] / total:.0f}%"

    runs = "ScriptRunner._run_script_thread (streamlit/runtime/scriptrunner/script_runner.py)"
    loop = "BaseEventLoop.run_forever (asyncio/base_events.py)"
    lines = [
        f"py-spy: {total} samples with the GIL held ({total / 100:.1f} s at 100/s): script threads {share(runs)}, "
        f"the server's event loop (websockets, sessions, message queues) {share(loop)}; the app's functions "
        "(inclusive):"
    ]
    ours = [(f, c) for f, c in inclusive.most_common() if _ours(f) and not f.startswith("<module> (app.py")]
    lines += [f"  {100 * c / total:5.1f}%  {f}" for f, c in ours[:top]]
    lines.append("the frames on top (own time):")
    lines += [f"  {100 * c / total:5.1f}%  {f}" for f, c in own.most_common(10)]
    return lines


# ---------------------------------------------------------------- the table

HEADER = (
    f"{'backend':<10} {'via':<18} {'students':>8} {'stored':>6} {'p50 ms':>7} {'p95 ms':>7} {'N/N after s':>11} "
    f"{'last sent s':>11} {'runs':>6} {'CPU ms/run':>10} {'RSS max MB':>10} {'lost ends':>9} {'healed':>6} "
    f"{'errors':>6}"
)


def table_row(r: RoomResult) -> str:
    ms = [1000 * t for t in r.latencies]
    full = r.full_after
    return (
        f"{r.backend:<10} {r.via:<18} {r.n:>8} {r.stored:>6} {percentile(ms, 0.5):>7.0f} "
        f"{percentile(ms, 0.95):>7.0f} {'never' if full is None else f'{full:.2f}':>11} "
        f"{'-' if r.last_sent is None else f'{r.last_sent:.1f}':>11} {r.script_runs:>6} "
        f"{1000 * r.cpu_s / max(r.script_runs, 1):>10.1f} {max(r.rss_max_mb.values(), default=0):>10.0f} "
        f"{r.lost_ends:>9} {r.healed:>6} {len(r.all_errors):>6}"
    )


def details(r: RoomResult, window: float = WINDOW_S) -> list[str]:
    opens = [s.opened for s in r.students if s.opened is not None]
    joins = [s.joined for s in r.students if s.joined is not None]
    board = r.projector.board_runs
    healed_after = [t for s in r.students for t in s.healed_after]
    lines = [
        f"    room {r.code}: {len(r.latencies)} answers sent by {r.n} students "
        f"({sum(len(s.sent) > 1 for s in r.students)} changed their mind); open p50 "
        f"{1000 * percentile(opens, 0.5):.0f} ms, join p50 {1000 * percentile(joins, 0.5):.0f} ms p95 "
        f"{1000 * percentile(joins, 0.95):.0f} ms; answer max {1000 * max(r.latencies, default=0):.0f} ms; "
        f"the projector polled {len(board)} times",
        f"    answers shown by a later status poll: {sum(s.lost for s in r.students)} runs lost their end, "
        f"{sum(s.replaced for s in r.students)} had their status replaced by a poll right after; healed at "
        f"the first poll {sum(h == 1 for s in r.students for h in s.healed)}, at the second "
        f"{sum(h == 2 for s in r.students for h in s.healed)} (send to the poll's end: max "
        f"{1000 * max(healed_after, default=0):.0f} ms), checked by the student's next send "
        f"{sum(s.overtaken for s in r.students)}; lost ends {r.lost_ends} full runs in all; poll intervals "
        f"the server asked for (s): "
        + ", ".join(f"{who} {'/'.join(f'{i:g}' for i in v) or '-'}" for who, v in r.intervals.items()),
        f"    {r.script_runs} script runs ({r.fragment_runs} fragment runs); server CPU {r.cpu_s:.1f} s in "
        f"{r.wall_s:.0f} s ({100 * r.cpu_s / max(r.wall_s, 1e-9):.0f}% of one core); this client "
        f"{r.client_cpu_s:.1f} s CPU; machine load average {r.load[0]:.1f} before, {r.load[1]:.1f} after; the "
        f"server's event loop waited {r.loop_wait_s:.1f} s for a CPU",
    ]
    if len(r.rss_max_mb) > 1 or r.split:
        for port in sorted(r.rss_max_mb):
            where = " (the projector)" if port == r.projector_port else ""
            lines.append(
                f"    replica :{port}{where}: {r.split.get(port, 0)} students, CPU "
                f"{r.cpu_by_server.get(port, 0):.1f} s, RSS max {r.rss_max_mb[port]:.0f} MB, "
                f"end {r.rss_end_mb.get(port, 0):.0f} MB"
            )
    else:
        lines.append(f"    RSS end {max(r.rss_end_mb.values(), default=0):.0f} MB")
    lines += [f"    {e}" for e in r.all_errors[:12]]
    lines += [f"    {line}" for line in r.profile]
    missed = r.missed(window)
    lines.append(
        "    goals (every answer stored once with its last value; projector N of N <= 3 s after the last "
        "answer; p95 < 1 s; 0 errors): " + ("ok" if not missed else "FAIL: " + "; ".join(missed))
    )
    return lines


def cli(
    students: list[int],
    backends: list[str],
    *,
    seed: int = 0,
    window: float = WINDOW_S,
    join_spread: float = JOIN_SPREAD_S,
    profile: bool = False,
) -> int:
    """Each N on each backend (a fresh server and database each); 1 if a goal was missed."""
    failed = False
    print(HEADER)
    for backend in backends:
        for n in students:
            result = run_room(n, backend, seed=seed, window=window, join_spread=join_spread, profile=profile)
            print(table_row(result))
            for line in details(result, window):
                print(line)
            failed |= bool(result.missed(window))
    print("goal:", "FAIL" if failed else "ok")
    return 1 if failed else 0


def add_arguments(ap: argparse.ArgumentParser) -> None:
    ap.add_argument(
        "--window",
        type=float,
        default=WINDOW_S,
        help="seconds after the question's start within which every answer is sent",
    )
    ap.add_argument("--join-spread", type=float, default=JOIN_SPREAD_S, help="seconds over which students join")
    ap.add_argument(
        "--profile",
        action="store_true",
        help="py-spy the server during the class and print where "
        "its Python time went (raw stacks in test-artifacts/load_room-profile-PORT.txt)",
    )


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--students", type=int, nargs="+", default=[60])
    ap.add_argument("--backend", nargs="+", choices=BACKENDS, default=list(BACKENDS))
    ap.add_argument("--seed", type=int, default=0)
    add_arguments(ap)
    args = ap.parse_args()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # so a killed run still stops its server
    return cli(
        args.students,
        args.backend,
        seed=args.seed,
        window=args.window,
        join_spread=args.join_spread,
        profile=args.profile,
    )


if __name__ == "__main__":
    raise SystemExit(main())
