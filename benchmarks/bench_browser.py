"""What a user waits for in a real browser: first render, a mouse drag, a k-slider step.

A measurement, not a test: it starts its own Streamlit servers (the app, and a bare
one-metric page for comparison), drives Debian's Chromium with Playwright and prints a
table against the goals.

    .venv/bin/python benchmarks/bench_browser.py [--loads 7] [--drags 10] [--steps 10]

Every time is measured inside the page with ``performance.now()``:

* first render: from navigation start of a fresh page (new browser context, so a new
  Streamlit session and an empty HTTP cache) until the first ``[data-testid=stMetricValue]``
  is visible and shows the expected nDCG. The app and the bare page (a temp-dir script
  with only ``st.title`` and ``st.metric``, the app's .streamlit/config.toml, no pages/)
  are loaded alternately in the same browser; both servers get one untimed cold load
  first. For reference the same is repeated in one context per server (new tab each time,
  HTTP cache warm: a returning visitor).
* heavy pages (issue 27, item 1; ux-review-3 U7): /steps, /limits and /data, each in a fresh context, taking
  turns, from navigation start until the page is ready: its script runs finished and every file it fetched
  arrived (read once the network is idle). Goal: /limits and /data within 1.2x /steps. With the script runs on
  load and the JavaScript files (and MB) each page needed.
* drag: from the ``pointerup`` that ends a mouse drag in the ranking list (a component
  in a shadow root) until the nDCG metric shows the value ``ndcg_core.score_ranking``
  gives for the new order. Drags alternate down and up so the ranking goes back and forth.
* slider: from the ``keydown`` of ArrowLeft/ArrowRight on the focused k-slider thumb on
  /cutoff until the nDCG metric shows the value for the new k.

Both servers are killed at the end, whatever happens.
"""

from __future__ import annotations

import argparse
import atexit
import contextlib
import os
import shutil
import signal
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
os.chdir(ROOT)
sys.path.insert(0, str(ROOT))

from playwright.sync_api import Error as PlaywrightError  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from benchmarks.goals import Goal, exit_status  # noqa: E402
from deploy.harness import CHROMIUM_ARGS, SETTLED_JS, Server, chromium_path  # noqa: E402
from ndcg_core import score_ranking  # noqa: E402

VIEWPORT = {"width": 1400, "height": 1000}

NAMES = ["A", "B", "C"]
GRADES = [1, 3, 2]
K = 3
EXAMPLE_QUERY = "items=A,B,C&rel=1,3,2&gain=exponential&k=3&lang=en"
BARE_SCRIPT = 'import streamlit as st\n\nst.title("x")\nst.metric("m", "0.5")\n'
BARE_VALUE = "0.5"

GOAL_RATIO = 1.2
GOAL_HEAVY_RATIO = 1.2  # /limits and /data ready within 1.2x /steps (issue 27, item 1; ux-review-3 U7)
HEAVY_PAGES = ("limits", "data")
GOAL_INTERACTION_MS = 300.0
# Baselines: the README's figures (benchmarks/goals.py; red only on a regression). The first render is an open
# goal: 1.38x on a quiet host and 1.99x on a host four times slower (same code), hence its wide margin.
RATIO = Goal(GOAL_RATIO, baseline=1.38, unit="x", margin=0.5)
HEAVY = {  # U7 (ux-review-3): limits 5.0-5.1 s and data 4.5-4.9 s against steps 2.4-2.6 s
    "limits": Goal(GOAL_HEAVY_RATIO, baseline=2.0, unit="x", margin=0.3),
    "data": Goal(GOAL_HEAVY_RATIO, baseline=1.9, unit="x", margin=0.3),
}
DRAG = Goal(GOAL_INTERACTION_MS, baseline=127.0, unit=" ms")
SLIDER = Goal(GOAL_INTERACTION_MS, baseline=138.0, unit=" ms")
STEP_TIMEOUT_MS = 15_000
METRIC = "[data-testid=stMetricValue]"
SLIDER_THUMB = "[data-testid=stSlider] input[type=range], [data-testid=stSlider] [role=slider]"

# Resolves to performance.now() once the first metric is visible and reads `want`.
# `since` names a window property holding the start time (0 = navigation start).
WAIT_METRIC_JS = """([want, since]) => {
  const el = document.querySelector('[data-testid="stMetricValue"]');
  if (!el || !el.checkVisibility() || el.innerText.trim() !== want) return false;
  const t0 = since ? window[since] : 0;
  return t0 === undefined ? false : performance.now() - t0;
}"""

# Capture-phase listeners on window see events from inside the component's shadow root.
INSTALL_CLOCKS_JS = """() => {
  if (window.__benchClocks) return;
  window.__benchClocks = true;
  window.addEventListener('pointerup', () => { window.__tUp = performance.now(); }, true);
  window.addEventListener('keydown', () => { window.__tKey = performance.now(); }, true);
}"""


def nd(order: list[int], k: int | None = K) -> str:
    """The nDCG text the app shows for items in ``order`` (indexes into NAMES/GRADES)."""
    return f"{score_ranking([GRADES[i] for i in order], gain='exponential', k=k).ndcg:.4f}"


# ------------------------------------------------------------------ servers

_SERVERS: list[Server] = []


def start_server(script: str, cwd: Path, log: Path) -> Server:
    server = Server(script, cwd=cwd, log=log)
    _SERVERS.append(server)
    return server


def stop_servers() -> None:
    while _SERVERS:
        _SERVERS.pop().stop()


def _on_signal(signum, _frame):
    stop_servers()
    raise SystemExit(128 + signum)


# ------------------------------------------------------------------ measurements


def _time_to_metric(page, url: str, want: str) -> float:
    """ms from navigation start to the first metric visible with ``want``."""
    page.goto(url, wait_until="commit", timeout=STEP_TIMEOUT_MS * 2)
    handle = page.wait_for_function(WAIT_METRIC_JS, arg=[want, ""], polling="raf", timeout=STEP_TIMEOUT_MS * 2)
    return float(handle.json_value())


def first_render(browser, url: str, want: str) -> float:
    """ms from navigation start to the first metric visible with ``want``, in a fresh context."""
    ctx = browser.new_context(viewport=VIEWPORT)
    try:
        return _time_to_metric(ctx.new_page(), url, want)
    finally:
        ctx.close()


def first_render_cached(ctx, url: str, want: str) -> float:
    """Like first_render, but a new tab in a context that already loaded the page (HTTP cache warm)."""
    page = ctx.new_page()
    try:
        return _time_to_metric(page, url, want)
    finally:
        page.close()


# Recorded from the first byte of the page: when the script run starts and ends
# (stApp's data-test-script-state) and main-thread long tasks.
BREAKDOWN_INIT_JS = """
window.__bench = {running: null, done: null, longTasks: [], runs: 0};
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__bench.longTasks.push(e.duration);
  }).observe({type: 'longtask', buffered: true});
} catch (e) {}
new MutationObserver(() => {
  const app = document.querySelector('[data-testid="stApp"]');
  const state = app && app.dataset.testScriptState;
  const b = window.__bench;
  if (state === 'running' && b.running === null) b.running = performance.now();
  if (state === 'notRunning' && b.running !== null && b.done === null) b.done = performance.now();
  if (state === 'notRunning' && b.running !== null) b.lastDone = performance.now();
}).observe(document, {subtree: true, attributes: true, attributeFilter: ['data-test-script-state'], childList: true});
// Script runs on load: each run leaves the "running" state once; the records keep each change's old value, so a
// run that starts and ends between two callbacks still counts.
new MutationObserver((records) => {
  for (const r of records) if (r.type === 'attributes' && r.oldValue === 'running') window.__bench.runs += 1;
}).observe(document, {subtree: true, attributes: true, attributeOldValue: true,
                      attributeFilter: ['data-test-script-state']});
"""

# ms from navigation start until the page is ready: its script runs done and every file it fetched arrived
# (read once the network has been idle), and how many runs and script files that took.
READY_JS = """() => {
  const res = performance.getEntriesByType('resource');
  const js = res.filter((e) => /[.]js$/.test(e.name));
  const b = window.__bench;
  return {ready: Math.max(b.lastDone || 0, ...res.map((e) => e.responseEnd)), runs: b.runs, js: js.length,
          kb: js.reduce((a, e) => a + e.encodedBodySize, 0) / 1024};
}"""

# Which Streamlit element pulls in which lazily loaded frontend chunk.
CHUNK_SOURCES = {
    "PlotlyChart": "st.plotly_chart",
    "StreamlitSyntaxHighlighter": "st.code",
    "arrowFormatUtils": "st.dataframe",
    "DataFrame": "st.dataframe / st.data_editor",
    "rehype-katex": "st.latex",
    "reactJsonViewCompat": "st.dataframe",
    "serialization": "st.dataframe",
    "recordbatch": "st.dataframe (Arrow)",
    "BidiComponent": "components v2 list",
    "useSyncComboBoxEnterTargetFocus": "st.selectbox",
    "moment": "st.dataframe",
    "Metric": "st.metric",
    "StreamlitMarkdown": "markdown / st.latex (KaTeX)",
    "emotion-styled": "CSS-in-JS styling",
    "protobuf": "core bundle (bare page too)",
    "index": "core bundle (bare page too)",
}


def breakdown(browser, url: str, want: str) -> dict:
    """One extra cold load of ``url``, noting where its first render goes."""
    ctx = browser.new_context(viewport=VIEWPORT)
    try:
        ctx.add_init_script(BREAKDOWN_INIT_JS)
        page = ctx.new_page()
        cdp = ctx.new_cdp_session(page)  # a JS CPU profile of the main thread until the metric shows
        cdp.send("Profiler.enable")
        cdp.send("Profiler.setSamplingInterval", {"interval": 500})
        cdp.send("Profiler.start")
        page.goto(url, wait_until="commit", timeout=STEP_TIMEOUT_MS * 2)
        shown = float(
            page.wait_for_function(
                WAIT_METRIC_JS, arg=[want, ""], polling="raf", timeout=STEP_TIMEOUT_MS * 2
            ).json_value()
        )
        profile = cdp.send("Profiler.stop")["profile"]
        page.wait_for_timeout(300)
        info = page.evaluate("""() => ({
          bench: window.__bench,
          res: performance.getEntriesByType('resource')
                 .filter(e => /[.]js$/.test(e.name))
                 .map(e => ({name: e.name.split('/').pop(), kb: e.encodedBodySize / 1024, end: e.responseEnd})),
        })""")
        info["shown"] = shown
        info["cpu"] = _cpu_by_script(profile)
        return info
    finally:
        ctx.close()


# Ready, as this benchmark has always read it: the page's script runs are over (for a fresh /steps, the first
# paint's run and the one that draws the rest: ui/components/firstpaint.py), then the network is idle.
RUNS_DONE_JS = (
    "() => document.querySelector('[data-testid=stApp]')?.dataset.testScriptState === 'notRunning'"
    " && !document.querySelector('.st-key-ndcg_first_paint')"
)


def page_ready(browser, url: str) -> dict:
    """A fresh context's load of ``url`` until it is ready (READY_JS): ms, script runs, script files and their KB."""
    ctx = browser.new_context(viewport=VIEWPORT)
    try:
        ctx.add_init_script(BREAKDOWN_INIT_JS)
        page = ctx.new_page()
        page.goto(url, wait_until="networkidle", timeout=STEP_TIMEOUT_MS * 8)
        page.wait_for_function(RUNS_DONE_JS, timeout=STEP_TIMEOUT_MS * 8)
        page.wait_for_load_state("networkidle")
        return page.evaluate(READY_JS)
    finally:
        ctx.close()


def _cpu_by_script(profile: dict) -> list[tuple[str, float]]:
    """Self time (ms) per script file, plus (program), (garbage collector) and (idle)."""
    nodes = {n["id"]: n["callFrame"] for n in profile["nodes"]}
    out: dict[str, float] = {}
    for sample, delta in zip(profile["samples"][1:], profile["timeDeltas"][1:], strict=True):
        frame = nodes[sample]
        name = frame["url"].rsplit("/", 1)[-1] or frame["functionName"] or "(anonymous)"
        out[name] = out.get(name, 0.0) + delta / 1000
    return sorted(out.items(), key=lambda kv: -kv[1])


def print_breakdown(info: dict, bare_ms: float) -> None:
    b = info["bench"]
    before = [r for r in info["res"] if r["end"] <= info["shown"]]
    total_kb = sum(r["kb"] for r in before)
    print("Where the first render of /steps goes (one extra cold load, times from navigation start):")
    if b.get("running") is not None:
        print(
            f"  script run starts (websocket up, bundle parsed)   {b['running']:6.0f} ms"
            f"   (bare page: metric shown at {bare_ms:.0f} ms, median)"
        )
    if b.get("done") is not None:
        print(f"  script run finished, every element delivered      {b['done']:6.0f} ms")
    print(f"  script runs on load: {b.get('runs', 0)}")
    print(f"  nDCG metric visible                               {info['shown']:6.0f} ms")
    lt = b.get("longTasks") or []
    print(f"  main-thread long tasks (>50 ms): {len(lt)}, {sum(lt):.0f} ms in all, longest {max(lt, default=0):.0f} ms")
    print(f"  JavaScript fetched before the metric showed: {len(before)} files, {total_kb / 1024:.1f} MB; largest:")
    for r in sorted(before, key=lambda r: -r["kb"])[:6]:
        src = CHUNK_SOURCES.get(r["name"].split(".")[0], "")
        print(f"    {r['name'][:44]:<44} {r['kb']:8.0f} KB  done {r['end']:6.0f} ms  {src}")
    cpu = info.get("cpu") or []
    print(
        f"  main-thread CPU profile until the metric showed ({sum(t for _, t in cpu):.0f} ms sampled), "
        "self time by script:"
    )
    for name, ms in cpu[:10]:
        src = CHUNK_SOURCES.get(name.split(".")[0], "")
        note = {
            "(program)": "parse/compile, native",
            "(idle)": "waiting (network, server)",
            "react-dom": "React rendering",
        }.get(name.split(".")[0], src)
        print(f"    {name[:44]:<44} {ms:8.0f} ms  {note}")


def heavy_pages(browser, app_base: str, steps_url: str, loads: int, results: list) -> dict[str, list[dict]]:
    """/limits and /data against /steps: fresh loads, taking turns, until each page is ready; rows into ``results``."""
    ready_urls = {"steps": steps_url} | {name: f"{app_base}/{name}?{EXAMPLE_QUERY}" for name in HEAVY_PAGES}
    ready: dict[str, list[dict]] = {name: [] for name in ready_urls}
    for i in range(loads):
        names = list(ready_urls)
        for name in names[i % len(names) :] + names[: i % len(names)]:
            try:
                ready[name].append(page_ready(browser, ready_urls[name]))
            except PlaywrightError as exc:  # a load that never got ready counts as NaN: its goal is missed
                print(f"/{name}: not ready ({str(exc).splitlines()[0]})")
                ready[name].append({"ready": float("nan"), "runs": 0, "js": 0, "kb": 0.0})
    ready_med = {name: statistics.median(r["ready"] for r in rs) for name, rs in ready.items()}
    for name, rs in ready.items():
        runs = statistics.median(r["runs"] for r in rs)
        files = f"{runs:.0f} run(s), {rs[0]['js']} JS files, {rs[0]['kb'] / 1024:.1f} MB"
        results.append((f"/{name} ready (median)", f"{ready_med[name]:.0f} ms", files, None))
    for name in HEAVY_PAGES:
        r_heavy = ready_med[name] / ready_med["steps"]
        goal = HEAVY[name]
        results.append((f"/{name} ready ÷ /steps", f"{r_heavy:.2f}x", goal.describe(), goal.judge(r_heavy)))
    return ready


def open_app(browser, url: str, want: str):
    ctx = browser.new_context(viewport=VIEWPORT)
    page = ctx.new_page()
    page.set_default_timeout(STEP_TIMEOUT_MS)
    page.goto(url, wait_until="commit")
    page.wait_for_function(WAIT_METRIC_JS, arg=[want, ""], polling="raf", timeout=STEP_TIMEOUT_MS * 2)
    page.evaluate(INSTALL_CLOCKS_JS)
    return ctx, page


def settle(page) -> None:
    """Let the rerun finish (the app's script state back to notRunning) before the next interaction."""
    with contextlib.suppress(PlaywrightError):
        page.wait_for_function(
            SETTLED_JS,
            timeout=10_000,
        )
    page.wait_for_timeout(150)


def dom_order(page) -> list[int]:
    return [int(u) for u in page.locator("li[data-uid]").evaluate_all("els => els.map(e => e.dataset.uid)")]


def drag(page, uid: int, to_uid: int) -> float:
    """Drag row ``uid`` onto row ``to_uid`` with the mouse; ms from pointerup to the new nDCG."""
    page.locator(f"li[data-uid='{to_uid}']").wait_for()  # the list is drawn after the metric
    before = dom_order(page)
    src = page.locator(f"li[data-uid='{uid}']")
    dst = page.locator(f"li[data-uid='{to_uid}']")
    a, b = src.bounding_box(), dst.bounding_box()
    if a is None or b is None:
        raise RuntimeError("ranking rows not found on the page")
    after = list(before)
    after.remove(uid)
    after.insert(before.index(to_uid), uid)
    want = nd(after)
    x = a["x"] + a["width"] * 0.35  # on the name, away from the ▲/▼ buttons
    y0 = a["y"] + a["height"] / 2
    y1 = b["y"] + b["height"] / 2 + (10 if b["y"] > a["y"] else -10)  # past the neighbour's middle
    page.evaluate("() => { window.__tUp = undefined; }")
    page.mouse.move(x, y0)
    page.mouse.down()
    page.mouse.move(x, y0 + (y1 - y0) * 0.3, steps=4)
    page.mouse.move(x, y1, steps=8)
    page.mouse.up()
    handle = page.wait_for_function(WAIT_METRIC_JS, arg=[want, "__tUp"], polling="raf", timeout=STEP_TIMEOUT_MS)
    ms = float(handle.json_value())
    settle(page)
    got = dom_order(page)
    if got != after:
        raise RuntimeError(f"after the drag the list reads {got}, expected {after}")
    return ms


def slider_step(page, key: str, k_now: int, n: int) -> tuple[float, int]:
    k_new = k_now - 1 if key == "ArrowLeft" else k_now + 1
    if not 1 <= k_new <= n:
        raise ValueError(k_new)
    want = nd(list(range(n)), k_new)
    thumb = page.locator(SLIDER_THUMB).first
    thumb.focus()
    page.evaluate("() => { window.__tKey = undefined; }")
    page.keyboard.press(key)
    handle = page.wait_for_function(WAIT_METRIC_JS, arg=[want, "__tKey"], polling="raf", timeout=STEP_TIMEOUT_MS)
    ms = float(handle.json_value())
    settle(page)
    return ms, k_new


# ------------------------------------------------------------------ main


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--loads", type=int, default=7, help="fresh page loads per server")
    ap.add_argument("--drags", type=int, default=10)
    ap.add_argument("--steps", type=int, default=10, help="k-slider key presses")
    args = ap.parse_args()

    chromium = chromium_path()
    atexit.register(stop_servers)
    signal.signal(signal.SIGTERM, _on_signal)
    signal.signal(signal.SIGINT, _on_signal)

    started = time.monotonic()
    load_before = _load()
    tmp = Path(tempfile.mkdtemp(prefix="ndcg-bench-"))
    try:
        # The bare page gets the app's config (theme, toolbar) but no pages/ folder.
        (tmp / ".streamlit").mkdir()
        shutil.copy(ROOT / ".streamlit" / "config.toml", tmp / ".streamlit" / "config.toml")
        (tmp / "bare.py").write_text(BARE_SCRIPT)
        app_server = start_server("app.py", ROOT, tmp / "app.log")
        bare_server = start_server("bare.py", tmp, tmp / "bare.log")
        app_server.wait_healthy()
        bare_server.wait_healthy()

        app_base = app_server.url
        steps_url = f"{app_base}/steps?{EXAMPLE_QUERY}"
        cutoff_url = f"{app_base}/cutoff?{EXAMPLE_QUERY}"
        bare_url = bare_server.url + "/"
        want0 = nd([0, 1, 2])
        results = []

        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
            try:
                # Cold loads: the first request after a server starts imports everything.
                cold_app = first_render(browser, steps_url, want0)
                cold_bare = first_render(browser, bare_url, BARE_VALUE)
                app_ms, bare_ms = [], []
                for i in range(args.loads):
                    pair = [("app", steps_url, want0), ("bare", bare_url, BARE_VALUE)]
                    for name, url, want in pair if i % 2 == 0 else pair[::-1]:
                        (app_ms if name == "app" else bare_ms).append(first_render(browser, url, want))
                app_med, bare_med = statistics.median(app_ms), statistics.median(bare_ms)
                ratio = app_med / bare_med
                results.append(("first render /steps (median)", f"{app_med:.0f} ms", "", None))
                results.append(("first render bare page (median)", f"{bare_med:.0f} ms", "", None))
                results.append(("first render ratio app/bare", f"{ratio:.2f}x", RATIO.describe(), RATIO.judge(ratio)))

                cost = breakdown(browser, steps_url, want0)

                ready = heavy_pages(browser, app_base, steps_url, args.loads, results)

                # For reference: the same with the browser's HTTP cache warm (a returning visitor).
                app_ctx, bare_ctx = browser.new_context(viewport=VIEWPORT), browser.new_context(viewport=VIEWPORT)
                try:
                    first_render_cached(app_ctx, steps_url, want0)
                    first_render_cached(bare_ctx, bare_url, BARE_VALUE)
                    app_c, bare_c = [], []
                    for i in range(args.loads):
                        pair = [(app_ctx, steps_url, want0, app_c), (bare_ctx, bare_url, BARE_VALUE, bare_c)]
                        for ctx_, url, want, out in pair if i % 2 == 0 else pair[::-1]:
                            out.append(first_render_cached(ctx_, url, want))
                finally:
                    app_ctx.close()
                    bare_ctx.close()
                c_ratio = statistics.median(app_c) / statistics.median(bare_c)
                results.append(("  cached: /steps (median)", f"{statistics.median(app_c):.0f} ms", "", None))
                results.append(("  cached: bare page (median)", f"{statistics.median(bare_c):.0f} ms", "", None))
                results.append(("  cached: ratio app/bare", f"{c_ratio:.2f}x", "(info)", None))

                # Mouse drags in the ranking list, back and forth: A below B, then back.
                ctx, page = open_app(browser, steps_url, want0)
                try:
                    settle(page)
                    drag_ms = []
                    for _ in range(args.drags):
                        drag_ms.append(drag(page, 0, 1))  # A past B: down, then back up
                finally:
                    ctx.close()
                d_med = statistics.median(drag_ms)
                results.append(("drag -> nDCG updated (median)", f"{d_med:.0f} ms", DRAG.describe(), DRAG.judge(d_med)))

                # k slider on /cutoff: 3 -> 2 -> 3 -> 2 ...
                ctx, page = open_app(browser, cutoff_url, want0)
                try:
                    settle(page)
                    k_now, slide_ms = K, []
                    for i in range(args.steps):
                        ms, k_now = slider_step(page, "ArrowLeft" if i % 2 == 0 else "ArrowRight", k_now, len(NAMES))
                        slide_ms.append(ms)
                finally:
                    ctx.close()
                s_med = statistics.median(slide_ms)
                results.append(
                    ("k slider -> nDCG updated (median)", f"{s_med:.0f} ms", SLIDER.describe(), SLIDER.judge(s_med))
                )
            finally:
                browser.close()
    finally:
        stop_servers()
        shutil.rmtree(tmp, ignore_errors=True)

    print(
        f"Browser timings (Chromium headless, {args.loads} fresh loads per page alternating, "
        f"{args.drags} drags, {args.steps} slider steps; example {EXAMPLE_QUERY})"
    )
    header = f"{'measure':<36} {'value':>9}  {'goal':<46} result"
    print(header)
    print("-" * len(header))
    for name, value, goal, verdict in results:
        print(f"{name:<36} {value:>9}  {goal:<46} {verdict or ''}")
    print()
    print(f"first render samples ms  app:  {_list(app_ms)}   (cold, first request after start: {cold_app:.0f})")
    print(f"                         bare: {_list(bare_ms)}   (cold: {cold_bare:.0f})")
    print(f"  cached samples ms      app:  {_list(app_c)}")
    print(f"                         bare: {_list(bare_c)}")
    print(f"drag samples ms:   {_list(drag_ms)}   p90 {_p90(drag_ms):.0f}")
    print(f"slider samples ms: {_list(slide_ms)}   p90 {_p90(slide_ms):.0f}")
    for name, rs in ready.items():
        print(f"ready samples ms, /{name}: {_list([r['ready'] for r in rs])}")
    print()
    print_breakdown(cost, bare_med)
    print()
    print(
        f"total benchmark time {time.monotonic() - started:.0f} s; load average {load_before} before, "
        f"{_load()} after ({os.cpu_count()} CPUs)"
    )
    return exit_status(verdict for *_, verdict in results)


def _load() -> str:
    return "/".join(f"{x:.1f}" for x in os.getloadavg())


def _list(xs: list[float]) -> str:
    return " ".join(f"{x:.0f}" for x in xs)


def _p90(xs: list[float]) -> float:
    return statistics.quantiles(xs, n=10, method="inclusive")[-1] if len(xs) > 1 else xs[0]


if __name__ == "__main__":
    sys.exit(main())
