"""A class at once: N students, each in their own browser context, click ▲/▼ on one server.

Each student opens their own link (own items, gain, k, scale and language) within about half
a second of the others, clicks a ▲ or ▼ button of a row as soon as the list appears, and after
each click waits until the page shows the nDCG of the order their clicks made. After every
click and at the end the run reads the student's address bar and compares the example in it
with what the student's own clicks left:

* changed: an example whose items, grades, gain, k, scale or language differ from the student's
  own (the bug of issue 6: settings jumping to every widget's first option);
* lost: a click whose move never showed; doubled: a click that moved the row twice.

    .venv/bin/python benchmarks/load_classroom.py [--students 12] [--rounds 3] [--moves 6]

Exits 1 when any round has a changed example, a lost or doubled move, or a server traceback.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import parse_qs, urlencode, urlparse

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.async_api import async_playwright  # noqa: E402

from ndcg_core import score_ranking  # noqa: E402
from tests.harness import CHROMIUM_ARGS, Server, chromium_path  # noqa: E402

WAIT_S = 60.0
# Each student's own settings: none of them is a widget's first option, so a reset shows.
SETTINGS = [
    {"gain": "exponential", "k": "3", "lang": "en", "scale": "3"},
    {"gain": "exponential", "k": "2", "lang": "ko", "scale": "4"},
    {"gain": "linear", "k": "3", "lang": "en", "scale": "4"},
]


@dataclass
class Student:
    n: int
    names: list[str]
    grades: dict[str, int]
    settings: dict[str, str]
    order: list[str] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)
    lost: int = 0
    doubled: int = 0
    moves: int = 0
    waits: list[float] = field(default_factory=list)
    log: list[str] = field(default_factory=list)

    def __post_init__(self):
        self.order = list(self.names)

    def query(self) -> dict[str, str]:
        return {"items": ",".join(self.order), "rel": ",".join(str(self.grades[x]) for x in self.order),
                **self.settings}

    def url(self, base: str) -> str:
        return f"{base}/steps?{urlencode(self.query())}"

    def ndcg_text(self, order: list[str] | None = None) -> str:
        order = order or self.order
        k = int(self.settings["k"])
        return f"{score_ranking([self.grades[x] for x in order], k=k, gain=self.settings['gain']).ndcg:.4f}"


def _url_example(url: str) -> dict[str, str]:
    params = {k: v[0] for k, v in parse_qs(urlparse(url).query, keep_blank_values=True).items()}
    params.setdefault("scale", "3")
    return params


def _moved(order: list[str], name: str, delta: int) -> list[str]:
    out = list(order)
    i = out.index(name)
    j = min(max(i + delta, 0), len(out) - 1)
    out.insert(j, out.pop(i))
    return out


async def _shown(page, student: Student) -> tuple[dict[str, str], str]:
    metric = await page.locator("[data-testid=stMetricValue]").first.inner_text()
    return _url_example(page.url), metric.strip()


async def _settled(page) -> bool:
    return await page.evaluate(
        "() => document.querySelector('[data-testid=stApp]')?.dataset.testScriptState === 'notRunning'")


async def _wait_for(page, student: Student, want: dict[str, str], deadline: float) -> bool:
    """Poll until the address bar holds ``want`` and the headline shows its nDCG, page settled."""
    metric_want = student.ndcg_text(want["items"].split(","))
    while time.monotonic() < deadline:
        try:
            url, metric = await _shown(page, student)
            if url == want and metric == metric_want and await _settled(page):
                return True
        except Exception:  # noqa: BLE001, S110 - the page is re-rendering; look again
            pass
        await asyncio.sleep(0.1)
    return False


async def _wait_for_metric(page, student: Student, deadline: float) -> bool:
    """Poll until the headline shows the nDCG of the student's order and the address bar that order."""
    want, items = student.ndcg_text(), ",".join(student.order)
    while time.monotonic() < deadline:
        try:
            url, metric = await _shown(page, student)
            if metric == want and url.get("items") == items:
                return True
        except Exception:  # noqa: BLE001, S110 - the page is re-rendering; look again
            pass
        await asyncio.sleep(0.05)
    return await _wait_for(page, student, student.query(), time.monotonic() + 1)


async def run_student(browser, base: str, student: Student, moves: int, start_delay: float) -> None:
    ctx = await browser.new_context(viewport={"width": 1400, "height": 1000})
    page = await ctx.new_page()
    rng = random.Random(student.n)
    try:
        await asyncio.sleep(start_delay)
        await page.goto(student.url(base), timeout=WAIT_S * 1000)
        await page.locator("li[data-uid]").first.wait_for(timeout=WAIT_S * 1000)
        for _ in range(moves):  # click as soon as the list is there, and again as soon as the nDCG shows
            name = rng.choice(student.order)
            i = student.order.index(name)
            delta = -1 if i == len(student.order) - 1 or (i > 0 and rng.random() < 0.5) else 1
            before = list(student.order)
            button = "up" if delta < 0 else "down"
            li = page.locator("li[data-uid]").filter(has=page.locator(".name", has_text=name))
            t0 = time.monotonic()
            await li.locator(f"button.{button}").click(timeout=WAIT_S * 1000)
            student.moves += 1
            student.log.append(f"{name} {button}")
            student.order = _moved(before, name, delta)
            if await _wait_for_metric(page, student, time.monotonic() + WAIT_S):
                student.waits.append(time.monotonic() - t0)
                continue
            url, metric = await _shown(page, student)
            shown = url.get("items", "").split(",")
            if shown == before:
                student.lost += 1
            elif shown == _moved(student.order, name, delta):
                student.doubled += 1
            else:
                student.changed.append(f"after move {student.moves}: {url} (nDCG {metric})")
            return
        if not await _wait_for(page, student, student.query(), time.monotonic() + WAIT_S):
            url, metric = await _shown(page, student)
            student.changed.append(f"at the end: {url} (nDCG {metric})")
    finally:
        await ctx.close()


async def one_round(base: str, n: int, moves: int, round_no: int) -> list[Student]:
    students = []
    for i in range(n):
        grades = [1, 3, 0, 2][: 3 + (i % 2)]
        names = [f"S{i:02d}{c}" for c in "wxyz"[: len(grades)]]
        students.append(Student(i, names, dict(zip(names, grades, strict=True)), SETTINGS[i % len(SETTINGS)]))
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        try:
            await asyncio.gather(*(run_student(browser, base, s, moves, 0.5 * s.n / n) for s in students))
        finally:
            await browser.close()
    return students


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--students", type=int, default=12)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--moves", type=int, default=6)
    args = ap.parse_args()
    failed = False
    print(f"{'round':>5} {'students':>8} {'moves':>6} {'changed':>8} {'lost':>5} {'doubled':>8} "
          f"{'p50 s':>6} {'p95 s':>6} {'server errors':>13}")
    for r in range(1, args.rounds + 1):
        with Server() as server:  # a fresh server each round: the first requests are the riskiest
            students = asyncio.run(one_round(server.url, args.students, args.moves, r))
            problems = server.new_log_problems()
        changed = sum(bool(s.changed) for s in students)
        lost = sum(s.lost for s in students)
        doubled = sum(s.doubled for s in students)
        waits = sorted(w for s in students for w in s.waits) or [float("nan")]
        p95 = waits[min(len(waits) - 1, int(0.95 * len(waits)))]
        print(f"{r:>5} {len(students):>8} {sum(s.moves for s in students):>6} {changed:>8} {lost:>5} "
              f"{doubled:>8} {statistics.median(waits):>6.2f} {p95:>6.2f} {len(problems):>13}")
        for s in students:
            for line in s.changed:
                print(f"      student {s.n}: {line}; clicks: {', '.join(s.log)}")
        for line in problems[:10]:
            print(f"      server: {line}")
        failed |= bool(changed or lost or doubled or problems)
    print("goal: 0 changed, 0 lost, 0 doubled, 0 server errors:", "FAIL" if failed else "ok")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
