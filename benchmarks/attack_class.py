"""A live class while one attacker works on it (issue 23): the students' answers must still reach the projector.

One real server (``deploy.harness.Server``, a SQLite file of its own). The class is ``benchmarks/load_room.py``'s,
run by its own code (``_class``): a teacher opens a room and starts an estimate question, a projector polls its
board, and N students (protocol-level websocket clients) join within 3 s and answer within 10 s; they open the
room's own join link, as its QR code on the projector gives it (``room=CODE&j=TOKEN``, ``by_the_qr_code``). The
class runs
twice in one process on the same server, quiet and attacked (``--rounds R`` repeats the pair, alternating which
goes first). In the attacked class one attacker starts the moment the room's code exists and, until the class
ends:

* floods joins (``--flooders`` tasks): each opens a fresh session at ``?room=CODE``, submits the join form, then
  goes back to ``?room=CODE`` by history-navigation reruns and submits it again, ``NAV_PER_SESSION`` times, and
  starts over with a new session (the review's X2);
* guesses codes (``--guessers`` tasks): each session sends history-navigation reruns to ``?room=<random
  8-character code>``, ``GUESSES_PER_SESSION`` per session, and starts over (X4; a session is blocked after 5);
* uploads the largest files the upload page takes (``--runs`` runs and a qrels, each MAX_ROWS lines over
  MAX_QUERIES queries and under ``maxUploadSize``) on /data in Chromium (at nice 19: ``niced_chromium``),
  presses the comparison's button, and starts over with a new tab (X5). The browser and its Playwright client
  run in a process of their own (``uploader``), as they would on the attacker's machine: Playwright hands every
  websocket frame of the page to its client, which must not share the students' event loop.

Reported per class: the students' answer latency (send to the end of the run that stored it) p50/p95, and the
attacked p95 over the quiet p95; answers stored against answers sent (the database's revisions against the
sends); the students the attacker got into the room; the guesses that found a room; the server log's problems.

Goals (``benchmarks/goals.py``; any verdict but "pass" exits 1): attacked p95 <= 1.5x quiet; and, with no
baseline, red whenever they fail: every answer stored exactly as sent, no student refused at join and no class
error; the attacker's joins within the room's pace (``JOIN_BURST`` + ``JOIN_RATE`` per second of the room's life
until the attacker's last join, less the class's joins until then: ``attacker_pace``); no guess finds a room; no
traceback, exception or error in the server's log.

    .venv/bin/python benchmarks/attack_class.py [--students 30] [--rounds 1] [--no-upload]

Exits 1 when a goal is missed.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import signal
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from streamlit.proto.Alert_pb2 import Alert  # noqa: E402
from streamlit.proto.BackMsg_pb2 import BackMsg  # noqa: E402
from streamlit.proto.WidgetStates_pb2 import WidgetState  # noqa: E402

from benchmarks import load_room  # noqa: E402
from benchmarks.goals import PASS, Goal  # noqa: E402
from benchmarks.load_protocol import RUN_TIMEOUT_S  # noqa: E402
from benchmarks.load_room import (  # noqa: E402
    JOIN_SPREAD_S,
    WINDOW_S,
    RoomResult,
    _class,
    _warm,
    check_answers,
    database,
    open_tab,
)
from deploy.harness import CHROMIUM_ARGS, Server, chromium_path, percentile, proc_cpu_s  # noqa: E402
from live.store import CODE_ALPHABET, CODE_LENGTH, JOIN_BURST, JOIN_RATE, Store  # noqa: E402
from ui.features.owndata import MAX_QUERIES, MAX_ROWS  # noqa: E402
from ui.i18n import translate  # noqa: E402

RATIO = Goal(1.5, baseline=2.91, unit="x")  # attacked p95 / quiet p95, pooled; README: 1.38-2.91x on 2026-12-07
NAV_PER_SESSION = 5  # join-form submits per flooding session (the first, then history-navigation reruns)
GUESSES_PER_SESSION = 8  # guesses per guessing session (the limit blocks a session after 5 failures)
UPLOAD_MB = 20  # .streamlit/config.toml maxUploadSize


# ---------------------------------------------------------------- the attacker's means


@contextlib.asynccontextmanager
async def trouble(tally: Counter, what: str):
    """The attacker's own failures (a timeout under load, a closed socket) are counted, and it goes on."""
    try:
        yield
    except Exception as exc:  # noqa: BLE001 - never fatal to the attack
        tally[f"{what} trouble: {type(exc).__name__}"] += 1
        await asyncio.sleep(0.2)


async def back_to(tab, query: dict[str, str]) -> list:
    """A history-navigation rerun to ``query`` (the browser's Back); the alerts of the full run it started."""
    tab.query_string = urlencode(query)
    msg = BackMsg()
    cs = msg.rerun_script
    cs.query_string, cs.page_script_hash, cs.is_history_navigation = tab.query_string, tab.page_hash, True
    cs.widget_states.widgets.extend(tab.held.values())
    index, t0 = len(tab.records), time.monotonic()
    await tab.ws.send(msg.SerializeToString())

    def ended():
        runs = [r for r in tab.records[index:] if not r.fragment and r.started >= t0]
        return next((r for r in runs if r.status is not None or r.lost_end), None)

    run = await tab.until(ended, RUN_TIMEOUT_S)
    if run is None:
        raise TimeoutError("no run finished after a history navigation")
    return run.alerts


async def flood_joins(port: int, code: str, stop: asyncio.Event, tally: Counter, k: int) -> None:
    """New sessions joining ``code`` as fast as the server answers; each joins, goes Back and joins again."""
    while not stop.is_set():
        async with trouble(tally, "flood"), open_tab(port, {"room": code, "lang": "en"}, "flooder", poll=False) as tab:
            await tab.run(first=True)
            tally["sessions"] += 1
            for _ in range(NAV_PER_SESSION):
                if stop.is_set() or "live_join_name" not in tab.widgets:
                    break
                name = tab.widget("live_join_name")
                await tab.submit("live_join_name", [WidgetState(id=name.id, string_value=f"bot{k}-{tally['submits']}")])
                tally["submits"] += 1
                tally["let in" if tab.param("me") else "refused"] += 1
                await back_to(tab, {"room": code, "lang": "en"})


async def guess_codes(port: int, stop: asyncio.Event, tally: Counter, rng: random.Random) -> None:
    """Sessions asking ``?room=<random code>`` by history navigation; a guess without a warning found a room."""
    blocked = translate("live_blocked", "en")[:24]
    while not stop.is_set():
        async with trouble(tally, "guess"), open_tab(port, {"lang": "en"}, "guesser", poll=False) as tab:
            await tab.run(first=True)
            for _ in range(GUESSES_PER_SESSION):
                if stop.is_set():
                    break
                guess = "".join(rng.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
                warnings = [b.replace("\\", "") for f, b in await back_to(tab, {"room": guess}) if f == Alert.WARNING]
                tally["guesses"] += 1
                if not warnings:
                    tally["found"] += 1
                elif any(w.startswith(blocked) for w in warnings):
                    tally["blocked"] += 1
                else:
                    tally["looked up"] += 1


def big_files(folder: Path, runs: int) -> list[Path]:
    """``runs`` runs and one qrels, each MAX_ROWS lines over MAX_QUERIES queries, under the upload limit."""
    per = MAX_ROWS // MAX_QUERIES
    paths = []
    for r in range(runs):
        step = (7, 9, 11, 13, 17)[r]  # prime to ``per``: each query's documents differ, in another order per run
        lines = (f"{q} Q0 {d * step % per} {d} {per - d} r{r}\n" for q in range(MAX_QUERIES) for d in range(per))
        paths.append(folder / f"big{r}.run")
        paths[-1].write_text("".join(lines))
    paths.append(folder / "big.qrels")
    paths[-1].write_text("".join(f"{q} 0 {d} {d % 3}\n" for q in range(MAX_QUERIES) for d in range(per)))
    too_big = [p.name for p in paths if p.stat().st_size > UPLOAD_MB * 1024 * 1024]
    if too_big:
        raise RuntimeError(f"{too_big} over the {UPLOAD_MB} MB upload limit")
    return paths


def niced_chromium(folder: Path) -> str:
    """A launcher for Chromium at nice 19: the attacker's browser runs on the server's 2 cores here, where in a
    class it runs on the attacker's own machine; at nice 19 it takes the CPU the server leaves, so what is measured
    is what the uploads cost the server, not what rendering the page costs the benchmark's machine.

    Playwright starts the browser in a session of its own, and with the kernel's autogroup scheduling
    (``/proc/sys/kernel/sched_autogroup_enabled``, on here) a session is a group that shares the CPU with the
    server's group as an equal whatever its processes' nice: a process's nice counts only inside its group. So the
    launcher also sets its group's nice (``/proc/self/autogroup``) to 19; where there is no autogroup, the line
    does nothing."""
    launcher = folder / "chromium-niced"
    launcher.write_text(
        f'#!/bin/sh\n(echo 19 > /proc/self/autogroup) 2>/dev/null\nexec nice -n 19 {chromium_path()} "$@"\n'
    )
    launcher.chmod(0o755)
    return str(launcher)


async def upload_big(url: str, files: list[Path], ready: asyncio.Event, stop: asyncio.Event, tally: Counter):
    """Chromium on /data: choose the big files, press the comparison's button, then again in a new tab."""
    from playwright.async_api import async_playwright

    upload, compare = translate("data_source_upload", "en"), translate("data_compare_run", "en")
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=niced_chromium(files[0].parent), args=CHROMIUM_ARGS)
        await ready.wait()
        while not stop.is_set():
            page = await browser.new_page()
            try:
                await page.goto(f"{url}/data?lang=en")
                await page.get_by_text(upload, exact=True).click(timeout=30_000)
                boxes = page.locator("[data-testid=stFileUploader] input[type=file]")
                await boxes.nth(1).wait_for(state="attached", timeout=30_000)
                await boxes.nth(0).set_input_files([str(p) for p in files[:-1]])
                await boxes.nth(1).set_input_files(str(files[-1]))
                tally["uploads"] += 1
                button = page.get_by_role("button", name=compare)
                while not stop.is_set():  # the page reads the files; once its button shows, press it
                    if await button.count():
                        await button.first.click(timeout=10_000)
                        tally["compares"] += 1
                        break
                    await asyncio.sleep(0.5)
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(stop.wait(), 20)  # let it compute, then a new tab uploads again
            except Exception as exc:  # noqa: BLE001 - as trouble(): counted, never fatal
                tally[f"upload trouble: {type(exc).__name__}"] += 1
            finally:
                await page.close()
        await browser.close()


def uploader_main(url: str, files: list[Path]) -> int:
    """The attacker's browser as a process of its own (``--uploader``): a line on stdin starts it, the end of stdin
    stops it, and its tally is printed as JSON. Playwright relays every websocket frame and network event of its page
    to its client (the /data page's tables are megabytes), so in the students' process its client would delay their
    clocks: in a class the attacker's browser and its driver run on the attacker's machine, not in the class's."""
    tally: Counter = Counter()

    async def go() -> None:
        loop, ready, stop = asyncio.get_running_loop(), asyncio.Event(), asyncio.Event()

        def read_stdin() -> None:
            if sys.stdin.readline():
                loop.call_soon_threadsafe(ready.set)
            sys.stdin.read()
            loop.call_soon_threadsafe(ready.set)
            loop.call_soon_threadsafe(stop.set)

        threading.Thread(target=read_stdin, daemon=True).start()
        await upload_big(url, files, ready, stop, tally)

    asyncio.run(go())
    print(json.dumps(dict(tally)), flush=True)
    return 0


async def uploader(url: str, files: list[Path], ready: asyncio.Event, stop: asyncio.Event, tally: Counter):
    """``uploader_main`` in a process of its own, started now (its browser launches), attacking from ``ready`` to
    ``stop``; its tally is added to ``tally``."""
    proc = await asyncio.create_subprocess_exec(
        sys.executable, __file__, "--uploader", url, *map(str, files),
        stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
        preexec_fn=lambda: os.nice(19),  # from its first import; Playwright's driver (node) and Chromium inherit it
    )  # fmt: skip
    assert proc.stdin is not None and proc.stdout is not None
    try:
        await ready.wait()
        proc.stdin.write(b"go\n")
        await proc.stdin.drain()
        await stop.wait()
        proc.stdin.close()
        out = await asyncio.wait_for(proc.stdout.read(), 60)
        await asyncio.wait_for(proc.wait(), 10)
        tally.update(json.loads(out.decode().strip().splitlines()[-1]))
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()


# ---------------------------------------------------------------- one class, quiet or attacked


def _with_headings(element):
    """load_room's element handler, also handing a heading's text to ``on_markdown`` as "## ...": the projector's
    "N of M answered" became an ``st.header`` (a heading element, not markdown) in the board's new layout."""

    def handle(self, el, now: float) -> None:
        element(self, el, now)
        if el.WhichOneof("type") == "heading" and self.on_markdown is not None:
            self.on_markdown(f"## {el.heading.body}")

    return handle


def by_the_qr_code(url: str):
    """load_room's ``open_tab`` for a class whose students scan the projector's QR code: a student's first page is
    the room's own join link, with its join token (``j``, ``Store.join_token``); the attacker's tabs know only the
    code. Every other tab opens as before."""
    real, tokens = load_room.open_tab, {}

    def open_tab(port, query, role, **kwargs):
        if role == "student" and query.keys() == {"room", "lang"}:
            if query["room"] not in tokens:
                with Store(url) as store:
                    tokens[query["room"]] = store.join_token(query["room"])
            query = {"room": query["room"], "j": tokens[query["room"]], "lang": query["lang"]}
        return real(port, query, role, **kwargs)

    return open_tab


async def _attacked(server: Server, url: str, result: RoomResult, seed: int, args, tally: Counter, attacked: bool):
    """The class (load_room's), and the attacker from the moment the room's code exists until the class ends."""
    n, port, stop, ready = result.n, server.port, asyncio.Event(), asyncio.Event()
    lesson = asyncio.create_task(
        _class(n, [server], port, url, result, seed=seed, window=WINDOW_S, join_spread=JOIN_SPREAD_S, cookies=None)
    )
    attack: list[asyncio.Task] = []
    if attacked:
        if args.files:
            attack.append(asyncio.create_task(uploader(server.url, args.files, ready, stop, tally)))
        while not result.code and not lesson.done():
            await asyncio.sleep(0.02)
        ready.set()
        rng = random.Random(seed)
        attack += [asyncio.create_task(flood_joins(port, result.code, stop, tally, k)) for k in range(args.flooders)]
        attack += [asyncio.create_task(guess_codes(port, stop, tally, rng)) for _ in range(args.guessers)]

        async def projector_counts_all() -> None:  # the bots swell the board's "N of M": all N answered is enough
            while not lesson.done():
                hit = next((t for t, answered, _ in result.projector.counts if answered >= n), None)
                if hit is not None and result.projector.full_at is None:
                    result.projector.full_at = hit
                await asyncio.sleep(0.05)

        attack.append(asyncio.create_task(projector_counts_all()))
    try:
        await lesson
    finally:
        stop.set()
        for task, outcome in zip(attack, await asyncio.gather(*attack, return_exceptions=True), strict=True):
            if isinstance(outcome, Exception) and task is not attack[-1]:
                tally[f"attacker error: {type(outcome).__name__}: {outcome}"[:120]] += 1


def attacker_pace(url: str, code: str, ours: set[str]) -> float:
    """The most new students a tab without the room's link can have got in (``Store._take_join_token``'s bucket).

    Such a join needs a whole token: the bucket starts full (JOIN_BURST) when the room is made, gains JOIN_RATE a
    second, and every join takes one, whoever makes it. So by the attacker's last join at ``t`` it has at most
    JOIN_BURST + JOIN_RATE * (t - made) tokens less the class's joins until then. The class's own joins after
    it do not count: with the link they may take the room's reserve once the attacker has emptied the bucket,
    which is what the reserve is for."""
    from sqlalchemy import create_engine, select

    from live.store import rooms, students

    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            room = conn.execute(select(rooms.c.id, rooms.c.created_at).where(rooms.c.code == code)).one()
            joins = conn.execute(
                select(students.c.student_id, students.c.joined_at).where(students.c.room_id == room.id)
            ).all()
    finally:
        engine.dispose()
    theirs = [at for sid, at in joins if sid not in ours]
    if not theirs:
        return 0.0
    last = max(theirs)
    before = sum(1 for sid, at in joins if sid in ours and at <= last)
    return JOIN_BURST + JOIN_RATE * (last - room.created_at) - before + 1e-6


def one_class(server: Server, url: str, n: int, seed: int, args, attacked: bool) -> dict:
    """One class on ``server``; its figures and the goals it missed in words."""
    tally: Counter = Counter()
    server.new_log_problems()
    result = RoomResult(n, "sqlite", "attacked" if attacked else "quiet")
    load0, t0 = os.getloadavg()[0], time.time()
    asyncio.run(_attacked(server, url, result, seed, args, tally, attacked))
    lifetime = time.time() - t0
    check_answers(result, url)
    with Store(url) as store:
        joined, _ = store.tally(result.code, 1)
        answers = store.answers(result.code, 1)
    time.sleep(0.3)  # the closing sessions' last log lines
    log = server.new_log_problems()
    result.db_problems[:] = [p for p in result.db_problems if "students joined the room" not in p]
    ours = {s.id for s in result.students if s.id}
    bots = joined - len(ours)
    pace = attacker_pace(url, result.code, ours) if attacked else 0.0
    ms = [1000 * t for t in result.latencies]
    figures = {
        "mode": result.via,
        "p50": percentile(ms, 0.5),
        "p95": percentile(ms, 0.95),
        "ms": ms,
        "sent": sum(len(s.sent) for s in result.students),
        "stored": sum(a.revision for a in answers if a.student_id in ours),
        "rows": result.stored,
        "bots": bots,
        "tally": tally,
        "log": log,
        "load": (load0, os.getloadavg()[0]),
        "errors": result.all_errors,
        "missed": [],
    }
    missed = figures["missed"]
    if figures["stored"] != figures["sent"] or result.stored != n or result.db_problems:
        missed.append(f"answers: {figures['stored']} stored of {figures['sent']} sent ({result.stored} rows for {n})")
    if result.projector.full_at is None:
        missed.append(f"the projector never showed all {n} answers")
    if refused := [e for e in result.all_errors if "join" in e.lower()]:
        missed.append(f"{len(refused)} students refused at join")
    if result.all_errors:
        missed.append(f"{len(result.all_errors)} class errors")
    if bots > max(pace, 0):
        missed.append(f"the attacker got {bots} students in, past the room's pace ({pace:.1f} in {lifetime:.0f} s)")
    if tally["found"]:
        missed.append(f"{tally['found']} guesses found a room")
    if log:
        missed.append(f"{len(log)} server log problems")
    figures["quiet after"] = quiet_down(server)
    return figures


def quiet_down(server: Server, limit: float = 60.0) -> float:
    """Seconds until the server uses under 10% of a core over a second (an abandoned upload may still compute)."""
    t0 = time.monotonic()
    while time.monotonic() - t0 < limit:
        cpu = proc_cpu_s(server.proc.pid)
        time.sleep(1.0)
        if proc_cpu_s(server.proc.pid) - cpu < 0.1:
            break
    return time.monotonic() - t0


def show(f: dict) -> None:
    t = f["tally"]
    print(
        f"{f['mode']:<9} p50 {f['p50']:6.0f} ms  p95 {f['p95']:6.0f} ms  answers stored {f['stored']} of "
        f"{f['sent']} sent ({f['rows']} students)  attacker in: {f['bots']}  load {f['load'][0]:.1f} -> "
        f"{f['load'][1]:.1f}; server quiet {f['quiet after']:.0f} s after"
    )
    if t:
        print(
            f"    attacker: {t['sessions']} join sessions, {t['submits']} join submits ({t['let in']} let in, "
            f"{t['refused']} refused); {t['guesses']} guesses ({t['blocked']} blocked, {t['looked up']} looked up, "
            f"{t['found']} found); {t['uploads']} uploads, {t['compares']} comparisons pressed"
        )
        for what, count in t.items():
            if ":" in what:
                print(f"    {what} (x{count})")
    for line in [*f["errors"][:8], *f["log"][:8]]:
        print(f"    {line[:240]}")
    print("    goals:", "ok" if not f["missed"] else "FAIL: " + "; ".join(f["missed"]))


def main() -> int:
    if sys.argv[1:2] == ["--uploader"]:
        return uploader_main(sys.argv[2], [Path(p) for p in sys.argv[3:]])
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--students", type=int, default=30)
    ap.add_argument("--rounds", type=int, default=3, help="quiet/attacked pairs, alternating which goes first")
    ap.add_argument("--flooders", type=int, default=4, help="the attacker's join-flooding tasks")
    ap.add_argument("--guessers", type=int, default=2, help="the attacker's code-guessing tasks")
    ap.add_argument("--runs", type=int, default=2, help="run files per upload (the page reads up to 5)")
    ap.add_argument("--no-upload", action="store_true", help="no Chromium upload in the attack")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # so a killed run still stops its server
    results: list[dict] = []
    with contextlib.ExitStack() as stack:
        folder = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="ndcg-attack-")))
        args.files = [] if args.no_upload else big_files(folder, args.runs)
        if args.files:
            print("upload:", ", ".join(f"{p.name} {p.stat().st_size / 1e6:.1f} MB" for p in args.files))
        url = stack.enter_context(database("sqlite"))
        load_room.open_tab = by_the_qr_code(url)  # type: ignore[assignment] # the students scan the QR code
        load_room.LiveTab._element = _with_headings(load_room.LiveTab._element)  # type: ignore[method-assign]
        server = stack.enter_context(Server(env={"NDCG_DATABASE_URL": url}))
        asyncio.run(_warm([server], url))
        for r in range(args.rounds):
            for attacked in (False, True) if r % 2 == 0 else (True, False):
                results.append(one_class(server, url, args.students, args.seed + r, args, attacked))
                show(results[-1])
    pairs = [sorted(results[i : i + 2], key=lambda f: f["mode"]) for i in range(0, len(results), 2)]  # attacked 1st
    worst = max(a["p95"] / max(q["p95"], 1e-9) for a, q in pairs)
    pooled = {mode: [t for f in results if f["mode"] == mode for t in f["ms"]] for mode in ("quiet", "attacked")}
    p95 = {mode: percentile(ms, 0.95) for mode, ms in pooled.items()}
    ratio = p95["attacked"] / max(p95["quiet"], 1e-9)
    verdict = RATIO.judge(ratio)
    print(
        f"attacked p95 / quiet p95 over every answer of the {len(pairs)} pair(s): {p95['attacked']:.0f} / "
        f"{p95['quiet']:.0f} ms = {ratio:.2f}x ({verdict}; goal {RATIO.describe()}); answers "
        f"{len(pooled['attacked'])} / {len(pooled['quiet'])}; worst single pair {worst:.2f}x (information: a p95 of "
        "one class is its second-slowest answer or so, and two quiet classes differ by up to 7x)"
    )
    failed = verdict != PASS or any(f["missed"] for f in results)
    print("goal:", "FAIL" if failed else "ok")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
