"""A server's CPU per fresh page load, served alone and behind the class recipe's nginx (issue 27, item 4).

A measurement, not a test: it starts ``deploy.scale_out.ScaleOut`` with one replica (nginx on loopback in front of
one ``streamlit run`` server), and Debian's Chromium opens /steps in a fresh browser context each time (an empty
cache: a student's first visit), taking turns between the replica's own address and nginx's. Each load is timed
until the headline metric shows and the network has gone quiet; the figure is the replica's CPU (utime + stime
from /proc) over the load, median of ``--loads``.

Streamlit's frontend is about 130 files; served by the replica's Python they are most of a fresh load's CPU. The
recipe's nginx serves them from the package's folder itself (``deploy/nginx.conf.template``, ``location
/static/``). Goal: at most 150 ms of the replica's CPU per fresh load through nginx (the README's class recipe);
the direct figure is printed beside it, for the record.

    .venv/bin/python benchmarks/bench_static.py [--loads 5]

Exits 1 when the goal is missed.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from benchmarks.goals import PASS, Goal, exit_status, load_average  # noqa: E402
from deploy.harness import CHROMIUM_ARGS, chromium_path, proc_cpu_s  # noqa: E402
from deploy.scale_out import ScaleOut  # noqa: E402

QUERY = "/steps?items=A,B,C&rel=1,3,2&gain=exponential&k=3&lang=en"
PER_LOAD = Goal(150.0, baseline=60.0, unit=" ms")  # README: 60 ms through nginx, 280-290 ms direct (2026-12-07)


def load_cpu_ms(browser, url: str, pid: int) -> float:
    """The replica's CPU in ms while a fresh browser context opens ``url`` until its metric shows and it is quiet."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    try:
        page = context.new_page()
        before = proc_cpu_s(pid)
        page.goto(url, timeout=60_000)
        page.wait_for_selector("[data-testid=stMetricValue]", timeout=60_000)
        page.wait_for_load_state("networkidle", timeout=60_000)
        page.wait_for_timeout(300)  # the last websocket messages of the run
        return 1000 * (proc_cpu_s(pid) - before)
    finally:
        context.close()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--loads", type=int, default=5, help="fresh loads each way")
    args = ap.parse_args()
    print(f"Server CPU per fresh page load of /steps; {load_average()} at start")
    samples: dict[str, list[float]] = {"through nginx": [], "direct": []}
    with ScaleOut(replicas=1) as cluster, sync_playwright() as pw:
        cluster.warm()
        browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        replica = cluster.replicas[0]
        load_cpu_ms(browser, cluster.url + QUERY, replica.proc.pid)  # untimed: the first run's imports
        for _ in range(args.loads):  # taking turns, so both see the same machine
            samples["through nginx"].append(load_cpu_ms(browser, cluster.url + QUERY, replica.proc.pid))
            samples["direct"].append(load_cpu_ms(browser, replica.url + QUERY, replica.proc.pid))
        browser.close()
    for way, ms in samples.items():
        print(f"  {way:<14} median {statistics.median(ms):5.0f} ms   samples {' '.join(f'{m:.0f}' for m in ms)}")
    figure = statistics.median(samples["through nginx"])
    verdict = PER_LOAD.judge(figure)
    print(
        f"  [{verdict}] replica CPU per fresh load through nginx: {figure:.0f} ms, goal {PER_LOAD.describe()}; "
        f"{load_average()}"
    )
    return exit_status([verdict]) if verdict != PASS else 0


if __name__ == "__main__":
    raise SystemExit(main())
