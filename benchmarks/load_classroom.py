"""A class at once, in real browsers: N students on one fresh server, each with their own example.

Each student is a browser context of one headless Chromium. The students open their own links
to /steps within about half a second of each other (own item names, grades, gain, k, relevance
scale and language; no two students share an item name) and then make ``--interactions`` (10)
interactions each, one after the other, each as soon as the previous one has shown. Every
student makes every kind at least once, in an order seeded by the student's number:

* move: a real mouse drag of a row of the drag list onto another row (pressed on the row,
  moved in steps, released on the upper or lower part of the target), or a keyboard move
  (focus a row, Alt+ArrowUp/Down); a student's drags and key moves take turns;
* gain: the other option of the gain radio in the settings row;
* k: another k in the k selectbox;
* page: the sidebar link to another lesson (nDCG@k, gain, discount, metrics or definitions),
  then the link back to /steps; the example must survive both ways;
* edit: one grade cell of the table (st.data_editor): double-click, type, Enter.

After each interaction the run polls the page until it shows the state the student's own
actions left: the address bar's items, rel, gain, k, scale and lang, the headline nDCG metric
(computed with ``ndcg_core.score_ranking``), the script run finished, and on /steps the drag
list's names and grades in that order; on another lesson the address and all the student's own
item names on the page. The latency is the time from the action to that state (a page switch
gives two samples, one per leg). Before each interaction, and at the end, the state is looked at
again, so a change that arrives late is caught too. Counted:

* errors: a page exception, an exception element, a server log line naming a traceback,
  exception or error, a failed action (a row, widget or cell that never came), and a page
  still drawing when its wait ran out (90 s per interaction, 240 s for the first open, while
  every browser loads the app's bundles at once);
* leaks: another student's item name anywhere on the page or in the address;
* lost: an interaction whose change never showed (the page still shows the state before it);
* doubled: a keyboard move applied twice (a drag, a radio, a selectbox and a typed grade set a
  value, so a second application looks the same as one);
* wrong: any other state (e.g. settings that jumped to a widget's first option, issue 6).

After a lost or doubled interaction the student carries on from what is shown; after a leak,
a wrong state or an error the student stops (a screenshot is kept in test-artifacts/).
The server's CPU (utime + stime from /proc) is divided by its script runs, counted as the
``new_session`` ForwardMsgs that reached the browsers' websockets (``/_stcore/metrics`` has no
run count); it includes serving the static files to N fresh browsers. RSS is sampled every 0.5 s.

    .venv/bin/python benchmarks/load_classroom.py [--students 12 20] [--interactions 10] [--seed 0]

Prints one table row per N (a fresh server each) and exits 1 on any error, leak, lost, doubled
or wrong interaction.

``--room``: the live class instead (issue 13, ``benchmarks/load_room.py``, no browsers): a teacher, a
projector and N students (default 60) in one room of /live, each a websocket speaking Streamlit's
protocol; every student joins and answers within 10 s; on SQLite and/or PostgreSQL (``--backend``).

    .venv/bin/python benchmarks/load_classroom.py --room --students 60 --backend sqlite postgresql
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import signal
import statistics
import sys
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from urllib.parse import parse_qs, urlencode, urlparse

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from playwright.async_api import async_playwright  # noqa: E402
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg  # noqa: E402

from deploy.harness import (  # noqa: E402
    ARTIFACTS,
    CHROMIUM_ARGS,
    Server,
    chromium_path,
    percentile,
    proc_cpu_s,
    proc_rss_mb,
)
from ndcg_core import score_ranking  # noqa: E402

WAIT_S = 90.0  # per interaction: twenty browsers on two cores are slow
OPEN_S = 240.0  # for the first open of the page, while every browser loads the app's bundles
POLL_S = 0.2
KINDS = ("move", "gain", "k", "page", "edit")
LESSONS = ("cutoff", "gain", "discount", "metrics", "definitions")  # pages that show the example
# Each student's own settings: none is a widget's first option everywhere, so a reset shows.
SETTINGS = [
    {"gain": "exponential", "k": "3", "lang": "en", "scale": "3"},
    {"gain": "exponential", "k": "2", "lang": "ko", "scale": "4"},
    {"gain": "linear", "k": "3", "lang": "en", "scale": "4"},
    {"gain": "linear", "k": "4", "lang": "ko", "scale": "3"},
]
GRADES = [[1, 3, 0, 2], [2, 0, 3, 1, 1], [0, 2, 1, 3], [3, 1, 2, 0, 2]]
NAME = re.compile(r"St(\d\d)[a-e]")  # every student's item names, and nothing else the app shows


def names_of(n: int, count: int) -> list[str]:
    return [f"St{n:02d}{c}" for c in "abcde"[:count]]


@dataclass(frozen=True)
class Example:
    """What a student should see: the order, each item's grade, and the settings."""

    order: tuple[str, ...]
    grades: tuple[tuple[str, int], ...]
    gain: str
    k: int
    lang: str
    scale: int

    def grade(self, name: str) -> int:
        return dict(self.grades)[name]

    def query(self) -> dict[str, str]:
        return {
            "items": ",".join(self.order),
            "rel": ",".join(str(self.grade(x)) for x in self.order),
            "gain": self.gain,
            "k": str(self.k),
            "scale": str(self.scale),
            "lang": self.lang,
        }

    def url(self, base: str, slug: str = "steps") -> str:
        return f"{base}/{slug}?{urlencode(self.query())}"

    def ndcg(self) -> str:
        grades = [self.grade(x) for x in self.order]
        return f"{score_ranking(grades, k=self.k, gain=self.gain).ndcg:.4f}"

    def with_order(self, order: list[str]) -> Example:
        return replace(self, order=tuple(order))

    def with_grade(self, name: str, grade: int) -> Example:
        return replace(self, grades=tuple((x, grade if x == name else g) for x, g in self.grades))


def dragged(order: tuple[str, ...], source: str, target: str, below: bool) -> list[str]:
    """The order after ``source`` is dropped on the upper (or lower) part of ``target``."""
    out = [x for x in order if x != source]
    at = out.index(target) + (1 if below else 0)
    out.insert(at, source)
    return out


def stepped(order: tuple[str, ...], name: str, delta: int) -> list[str]:
    """The order after ``name`` moves ``delta`` ranks (clamped to the list)."""
    out = list(order)
    i = out.index(name)
    out.insert(min(max(i + delta, 0), len(out) - 1), out.pop(i))
    return out


@dataclass
class Shown:
    """One look at the page."""

    path: str
    query: dict[str, str]
    settled: bool
    metric: str | None
    rows: list[str]
    grades: list[str]
    exceptions: int
    text: str = ""

    def example(self) -> dict[str, str]:
        q = dict(self.query)
        q.setdefault("scale", "3")
        return q

    def foreign(self, own: int) -> set[str]:
        """Item names of other students on the page or in the address."""
        seen = f"{self.text}\n{self.query.get('items', '')}\n{' '.join(self.rows)}"
        return {m.group(0) for m in NAME.finditer(seen) if int(m.group(1)) != own}

    def shows(self, want: Example, slug: str) -> bool:
        """The page is ``slug`` with ``want`` in the address and the headline, settled; /steps lists it too."""
        if self.path != slug or not self.settled or self.example() != want.query() or self.metric != want.ndcg():
            return False
        if slug == "steps":
            return self.rows == list(want.order) and self.grades == [str(want.grade(x)) for x in want.order]
        return True


# The drag list and the bar chart are components v2, drawn in shadow roots: look inside them too.
LOOK = """(withText) => {
  const roots = [document];
  for (let i = 0; i < roots.length; i++)
    for (const e of roots[i].querySelectorAll('*')) if (e.shadowRoot) roots.push(e.shadowRoot);
  const all = sel => roots.flatMap(r => [...r.querySelectorAll(sel)]);
  const app = document.querySelector('[data-testid=stApp]');
  const metrics = [...document.querySelectorAll('[data-testid=stMetric]')].map(m => [
    ((m.querySelector('[data-testid=stMetricLabel]') || {}).innerText || '').trim(),
    ((m.querySelector('[data-testid=stMetricValue]') || {}).innerText || '').trim()]);
  const rows = all('li[data-uid]');
  return {
    href: location.href,
    // a fresh page's first paint (its number only) and elements still waiting for their code count as running
    state: !app ? null
      : document.querySelector('.st-key-ndcg_first_paint, [data-testid=stSkeleton]') ? 'loading'
      : app.dataset.testScriptState,
    metrics: metrics,
    rows: rows.map(li => (li.querySelector('.name') || {}).textContent || ''),
    grades: rows.map(li => (((li.querySelector('.grade') || {}).textContent || '').match(/-?\\d+/) || [''])[0]),
    exceptions: document.querySelectorAll('[data-testid=stException]').length,
    text: withText ? [document.body.innerText, ...roots.slice(1).map(r => r.textContent)].join('\\n') : '',
  };
}"""


async def look(page, text: bool = False) -> Shown:
    raw = await page.evaluate(LOOK, text)
    url = urlparse(raw["href"])
    query = {k: v[0] for k, v in parse_qs(url.query, keep_blank_values=True).items()}
    # The headline is the first metric labelled nDCG@k for the k in the address (the averaging
    # section further down has metrics of its own).
    headline = next((v for label, v in raw["metrics"] if label == f"nDCG@{query.get('k')}"), None)
    return Shown(
        url.path.strip("/"),
        query,
        raw["state"] == "notRunning",
        headline,
        raw["rows"],
        raw["grades"],
        raw["exceptions"],
        raw["text"],
    )


@dataclass
class Student:
    n: int
    start: Example
    plan: list[str]
    ex: Example = None  # type: ignore[assignment]
    done: int = 0
    shown: int = 0
    errors: list[str] = field(default_factory=list)
    leaks: list[str] = field(default_factory=list)
    lost: list[str] = field(default_factory=list)
    doubled: list[str] = field(default_factory=list)
    wrong: list[str] = field(default_factory=list)
    waits: dict[str, list[float]] = field(default_factory=dict)
    log: list[str] = field(default_factory=list)
    runs: int = 0
    twice: Example | None = None  # the last interaction applied twice, where that looks different
    notes: list[str] = field(default_factory=list)  # what the run did about a busy page (not failures)
    look_failed: str = ""  # the last look at the page that raised, named when a wait runs out

    def __post_init__(self):
        self.ex = self.ex or self.start

    @property
    def failures(self) -> int:
        return len(self.errors) + len(self.leaks) + len(self.lost) + len(self.doubled) + len(self.wrong)


def make_students(n: int, interactions: int = 10, seed: int = 0) -> list[Student]:
    """N students with distinct examples; each plan holds every kind, shuffled by the student's own seed."""
    out = []
    for i in range(n):
        grades = GRADES[i % len(GRADES)]
        names = names_of(i, len(grades))
        s = SETTINGS[i % len(SETTINGS)]
        ex = Example(
            tuple(names), tuple(zip(names, grades, strict=True)), s["gain"], int(s["k"]), s["lang"], int(s["scale"])
        )
        rng = random.Random(f"{seed}-{i}")
        plan = [KINDS[j % len(KINDS)] for j in range(interactions)]
        rng.shuffle(plan)
        out.append(Student(i, ex, plan))
    return out


def classify(
    student: Student,
    shown: Shown,
    before: Example | None,
    twice: Example | None,
    what: str,
    before_slug: str = "steps",
    want: Example | None = None,
) -> str:
    """Name what is shown instead of the state wanted, record it, and return leak/error/lost/doubled/wrong.

    ``before`` on ``before_slug`` is the state before the interaction (None: nothing counts as
    lost), ``twice`` the state of the interaction applied twice (None: a second one looks the same).
    A page still drawing when the wait ran out is an error, not a verdict on the state it shows.
    """
    foreign = shown.foreign(student.n)
    desc = (
        f"{what}: shown /{shown.path}?{urlencode(shown.query)} nDCG {shown.metric} rows {shown.rows} "
        f"grades {shown.grades}" + (f" (a look raised {student.look_failed})" if student.look_failed else "")
    )
    if foreign:
        student.leaks.append(f"{desc}; other students' items {sorted(foreign)}")
        return "leak"
    if not shown.settled or shown.metric is None or (shown.path == "steps" and not shown.rows):
        student.errors.append(f"{desc}; still drawing when the wait ran out (settled: {shown.settled})")
        return "error"
    if before is not None and shown.shows(before, before_slug):
        student.lost.append(desc)
        return "lost"
    if twice is not None and shown.shows(twice, "steps"):
        student.doubled.append(desc)
        return "doubled"
    student.wrong.append(f"{desc}; wanted {want_text(want or student.ex)}")
    return "wrong"


def want_text(ex: Example) -> str:
    return f"{urlencode(ex.query())} nDCG {ex.ndcg()}"


async def wait_shown(page, student: Student, want: Example, slug: str, deadline: float) -> Shown | None:
    """Poll until the page shows ``want`` on ``slug``; then read its text once for other students' names.

    A look at a busy page can take seconds: the last one starts after the deadline, so that a state
    that arrived while the one before was under way is not taken for a failure.
    """
    student.look_failed = ""
    while True:
        last = time.monotonic() >= deadline
        try:
            shown = await look(page, text=True) if last else await look(page)
            if shown.exceptions:
                student.errors.append(f"an exception element on /{shown.path}")
                return None
            if shown.shows(want, slug):
                shown = shown if last else await look(page, text=True)
                if slug == "steps" or all(x in shown.text for x in want.order):
                    return shown
        except Exception as exc:  # noqa: BLE001 - the page is navigating or re-rendering; look again
            student.look_failed = f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}"
        if last:
            return None
        await asyncio.sleep(POLL_S)


async def still(page, locator) -> dict:
    """The box of ``locator`` once it has stopped moving (elements loading above can push it down)."""
    last, same = None, 0
    for _ in range(100):
        box = await locator.bounding_box()
        here = box and (round(box["x"]), round(box["y"]))
        same = same + 1 if here == last and here else 0
        last = here
        if same >= 2:
            return box
        await asyncio.sleep(0.1)
    return await locator.bounding_box()


def row(page, name: str):
    return page.locator("li[data-uid]").filter(has=page.locator(f".name:text-is('{name}')"))


async def do_drag(page, student: Student, source: str, target: str, below: bool, steps: int = 8) -> None:
    """Press on ``source``, move in ``steps`` steps, release on the upper or lower part of ``target``.

    Should the list move on the screen during the drag (an element above it drawn late), the
    pointer follows it before the release, as an eye would; the run notes that it did.
    """
    await row(page, source).evaluate("e => e.scrollIntoView({block: 'center'})")
    listed = page.locator("li[data-uid]").first.locator("xpath=..")
    top0 = (await still(page, listed))["y"]
    a = await page.locator(f"li[data-uid] .name:text-is('{source}')").bounding_box()
    b = await page.locator(f"li[data-uid] .name:text-is('{target}')").bounding_box()
    x, y = a["x"] + 5, a["y"] + a["height"] / 2
    ty = b["y"] + (b["height"] * 0.85 if below else b["height"] * 0.15)
    await page.mouse.move(x, y)
    await page.mouse.down()
    pressed = await page.locator("li.dragging .name").all_inner_texts()
    if pressed != [source]:  # the list moved after it was measured: drop it where it was, and say so
        await page.mouse.up()
        raise RuntimeError(f"the press on {source} landed on {pressed}")
    for i in range(1, steps + 1):
        await page.mouse.move(x, y + (ty - y) * i / steps)
    shift = (await listed.bounding_box())["y"] - top0
    if abs(shift) > 2:
        student.notes.append(f"the list moved {shift:+.0f} px during a drag; the pointer followed")
        await page.mouse.move(x, ty + shift)
    await page.mouse.up()


async def do_key(page, name: str, delta: int) -> None:
    await row(page, name).focus()
    await page.keyboard.press("Alt+ArrowUp" if delta < 0 else "Alt+ArrowDown")


async def do_gain(page, gain: str) -> None:
    await page.locator(".st-key-steps_gain [data-testid=stRadioOption]").nth(0 if gain == "linear" else 1).click()


async def do_k(page, k: int) -> None:
    await page.locator(".st-key-steps_k [role=combobox]").click()
    await page.get_by_role("option", name=str(k), exact=True).click()


async def do_edit(page, rank: int, grade: int) -> None:
    """Double-click the grade cell of ``rank`` (0-based) in the table, type the grade, Enter.

    A double-click that opens no cell editor (the grid was redrawing) is tried again, up to three
    times; typing a grade sets a value, so a second try cannot apply it twice.
    """
    grid = page.locator("[data-testid=stDataFrame]").first
    editor = page.locator("#portal textarea, #portal input").first
    for attempt in range(3):
        await grid.evaluate("e => e.scrollIntoView({block: 'center'})")
        box = await still(page, grid)
        # The grid is a canvas: a 38 px header, then rows of 35 px in the list's order; grades on the right.
        await page.mouse.dblclick(box["x"] + box["width"] * 0.8, box["y"] + 38 + 35 * rank + 17)
        try:
            await editor.wait_for(timeout=(WAIT_S if attempt == 2 else 10) * 1000)
            break
        except Exception:  # noqa: BLE001
            if attempt == 2:
                raise
            await page.keyboard.press("Escape")
    await editor.fill(str(grade))
    await page.keyboard.press("Enter")


async def do_nav(page, slug: str) -> None:
    """A mouse click on the sidebar link (Playwright's locator.click can wait past the click for a
    navigation it saw scheduled, where Streamlit switches the page inside the document)."""
    link = page.locator(f"[data-testid=stSidebarNav] a[href$='/{slug}']")
    await link.scroll_into_view_if_needed()
    box = await still(page, link)
    await page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


async def interact(page, student: Student, kind: str, rng: random.Random) -> str:
    """Make one interaction of ``kind`` and wait for its state; return "" or what went wrong."""
    ex = student.ex
    twice = None
    student.twice = None
    moves = sum(w.startswith(("drag ", "Alt+")) for w in student.log)
    if kind == "move" and (student.n + moves) % 2 == 0:  # drags and key moves take turns
        source, target = rng.sample(ex.order, 2)
        below = rng.random() < 0.5
        want = ex.with_order(dragged(ex.order, source, target, below))
        if want == ex:  # dropped where it already is: aim at the other half of the target
            below = not below
            want = ex.with_order(dragged(ex.order, source, target, below))
        what = f"drag {source} {'below' if below else 'above'} {target}"
        action = do_drag(page, student, source, target, below)
    elif kind == "move":
        name = rng.choice(ex.order)
        i = ex.order.index(name)
        delta = -1 if i == len(ex.order) - 1 or (i > 0 and rng.random() < 0.5) else 1
        want = ex.with_order(stepped(ex.order, name, delta))
        twice = student.twice = want.with_order(stepped(want.order, name, delta))
        what, action = f"Alt+{'↑' if delta < 0 else '↓'} on {name}", do_key(page, name, delta)
    elif kind == "gain":
        gain = "linear" if ex.gain == "exponential" else "exponential"
        want = replace(ex, gain=gain)
        what, action = f"gain {gain}", do_gain(page, gain)
    elif kind == "k":
        k = rng.choice([x for x in range(1, len(ex.order) + 1) if x != ex.k])
        want = replace(ex, k=k)
        what, action = f"k {k}", do_k(page, k)
    elif kind == "edit":
        rank = rng.randrange(len(ex.order))
        name = ex.order[rank]
        grade = rng.choice([g for g in range(ex.scale + 1) if g != ex.grade(name)])
        want = ex.with_grade(name, grade)
        what, action = f"grade of {name} (rank {rank + 1}) {ex.grade(name)} → {grade}", do_edit(page, rank, grade)
    else:
        slug = rng.choice(LESSONS)
        return await switch_pages(page, student, slug)
    student.log.append(what)
    t0 = time.monotonic()
    try:
        await action
        shown = await wait_shown(page, student, want, "steps", t0 + WAIT_S)
    except Exception as exc:  # noqa: BLE001 - a row, widget or cell that never came is an error
        if (shown := await failed_action(page, student, what, exc, want, "steps")) is None:
            return "error"
    if shown is None:
        if student.errors:
            return "error"
        verdict = classify(student, await look(page, text=True), ex, twice, what, want=want)
        if verdict in ("lost", "doubled"):
            student.ex = ex if verdict == "lost" else twice
        return verdict
    return note(student, kind, t0, shown, want, what)


async def failed_action(page, student: Student, what: str, exc: Exception, want: Example, slug: str) -> Shown | None:
    """An action that raised: if the page shows the state it wanted all the same, a note; else an error.

    Playwright's wait for a clickable element can run out on a busy page after the click went through.
    """
    lines = [line.strip() for line in str(exc).splitlines() if line.strip()]
    why = f"{type(exc).__name__}: {lines[0] if lines else ''}"
    if len(lines) > 1:  # Playwright's call log: what it was waiting for
        why += f" ... {' | '.join(lines[-3:])}"
    shown = await wait_shown(page, student, want, slug, time.monotonic())  # one look
    if shown is not None:
        student.notes.append(f"{what}: {why}; the page shows its state all the same")
        return shown
    student.errors.append(f"{what}: {why}")
    return None


def note(student: Student, kind: str, t0: float, shown: Shown, want: Example, what: str) -> str:
    """Record a shown state: its latency, or a leak found in its text."""
    student.waits.setdefault(kind, []).append(time.monotonic() - t0)
    foreign = shown.foreign(student.n)
    if foreign:
        student.leaks.append(f"{what}: other students' items {sorted(foreign)} on /{shown.path}")
        return "leak"
    student.ex = want
    return ""


async def switch_pages(page, student: Student, slug: str) -> str:
    """The sidebar link to ``slug``, then back to /steps: the same example both ways."""
    ex = student.ex
    for back, target in (("steps", slug), (slug, "steps")):
        what = f"page /{target}"
        student.log.append(what)
        t0 = time.monotonic()
        try:
            await do_nav(page, target)
            shown = await wait_shown(page, student, ex, target, t0 + WAIT_S)
        except Exception as exc:  # noqa: BLE001
            if (shown := await failed_action(page, student, what, exc, ex, target)) is None:
                return "error"
        if shown is None:
            if student.errors:
                return "error"
            return classify(student, await look(page, text=True), ex, None, what, back)
        verdict = note(student, "page", t0, shown, ex, what)
        if verdict:
            return verdict
    return ""


async def open_page(page, base: str, student: Student) -> str:
    """The student's first load of the step lesson, and its verdict ("" when it showed their example)."""
    t0 = time.monotonic()
    try:  # twenty fresh browsers load Streamlit's bundles at once: the open gets OPEN_S, not WAIT_S
        await page.goto(student.start.url(base), timeout=OPEN_S * 1000, wait_until="commit")
    except Exception as exc:  # noqa: BLE001
        student.errors.append(f"open: {type(exc).__name__}: {str(exc).splitlines()[0]}")
        return "error"
    shown = await wait_shown(page, student, student.ex, "steps", t0 + OPEN_S)
    if shown is None:
        return classify(student, await look(page, text=True), None, None, "open") if not student.errors else "error"
    return note(student, "open", t0, shown, student.ex, "open")


async def run_student(browser, base: str, student: Student, start_delay: float, shots: Path | None) -> None:
    ctx = await browser.new_context(viewport={"width": 1400, "height": 1000})
    ctx.set_default_timeout(WAIT_S * 1000)  # clicks wait for a page that twenty browsers keep busy
    page = await ctx.new_page()
    page.on("pageerror", lambda e: student.errors.append(f"page error: {e}"))

    def count_runs(payload) -> None:
        if isinstance(payload, bytes):
            msg = ForwardMsg()
            try:
                msg.ParseFromString(payload)
            except Exception:  # noqa: BLE001, S110 - not a ForwardMsg
                return
            if msg.WhichOneof("type") == "new_session":
                student.runs += 1

    page.on("websocket", lambda ws: ws.on("framereceived", count_runs))
    rng = random.Random(f"moves-{student.n}")
    try:
        await asyncio.sleep(start_delay)
        verdict = await open_page(page, base, student)
        for kind in student.plan:
            if verdict in ("leak", "wrong", "error"):
                break
            # The state left by the last interaction must still be there: a late change shows here.
            if await wait_shown(page, student, student.ex, "steps", time.monotonic() + WAIT_S) is None:
                verdict = (
                    "error"
                    if student.errors
                    else classify(
                        student,
                        await look(page, text=True),
                        None,
                        student.twice,
                        f"before interaction {student.done + 1} ({kind}), a late change",
                    )
                )
                if verdict != "doubled":
                    break
                student.ex = student.twice
            verdict = await interact(page, student, kind, rng)
            student.done += 1
            student.shown += not verdict
        if verdict in ("leak", "wrong", "error") and shots is not None:
            shots.mkdir(parents=True, exist_ok=True)
            path = shots / f"student{student.n:02d}-{verdict}.png"
            await page.screenshot(path=str(path), full_page=True)
            student.log.append(f"screenshot {path}")
    finally:
        await ctx.close()


@dataclass
class Result:
    students: list[Student]
    cpu_s: float
    wall_s: float
    rss_max_mb: float
    log_problems: list[str]
    load: tuple[float, float] = (float("nan"), float("nan"))  # the machine's load average before, after

    def count(self, what: str) -> int:
        return sum(len(getattr(s, what)) for s in self.students)

    @property
    def errors(self) -> int:
        return self.count("errors") + len(self.log_problems)

    @property
    def runs(self) -> int:
        return sum(s.runs for s in self.students)

    @property
    def failed(self) -> bool:
        return bool(
            self.errors or self.count("leaks") or self.count("lost") or self.count("doubled") or self.count("wrong")
        )

    def waits(self, kind: str | None = None) -> list[float]:
        return sorted(
            w for s in self.students for k, ws in s.waits.items() if kind in (None, k) and k != "open" for w in ws
        )


async def _class(server: Server, students: list[Student], shots: Path | None) -> float:
    rss_max = proc_rss_mb(server.proc.pid)

    async def sample() -> None:
        nonlocal rss_max
        while True:
            rss_max = max(rss_max, proc_rss_mb(server.proc.pid))
            await asyncio.sleep(0.5)

    sampler = asyncio.create_task(sample())
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        try:
            await asyncio.gather(
                *(run_student(browser, server.url, s, 0.5 * s.n / len(students), shots) for s in students)
            )
        finally:
            await browser.close()
    sampler.cancel()
    return max(rss_max, proc_rss_mb(server.proc.pid))


def run_class(n: int, interactions: int = 10, seed: int = 0, shots: Path | None = ARTIFACTS / "load") -> Result:
    """N students on a fresh server; their interactions, the server's CPU, RSS and log."""
    students = make_students(n, interactions, seed)
    with Server() as server:
        load0, cpu0, t0 = os.getloadavg()[0], proc_cpu_s(server.proc.pid), time.monotonic()
        rss_max = asyncio.run(_class(server, students, shots))
        cpu, wall = proc_cpu_s(server.proc.pid) - cpu0, time.monotonic() - t0
        problems = server.new_log_problems()
    return Result(students, cpu, wall, rss_max, problems, (load0, os.getloadavg()[0]))


HEADER = (
    f"{'students':>8} {'shown':>9} {'errors':>6} {'leaks':>5} {'lost':>4} {'doubled':>7} {'wrong':>5} "
    f"{'p50 s':>6} {'p95 s':>6} {'runs':>5} {'CPU s':>6} {'CPU ms/run':>10} {'RSS max MB':>10}"
)


def table_row(r: Result) -> str:
    planned = sum(len(s.plan) for s in r.students)
    waits = r.waits()
    return (
        f"{len(r.students):>8} {f'{sum(s.shown for s in r.students)}/{planned}':>9} {r.errors:>6} "
        f"{r.count('leaks'):>5} {r.count('lost'):>4} {r.count('doubled'):>7} {r.count('wrong'):>5} "
        f"{percentile(waits, 0.5):>6.2f} {percentile(waits, 0.95):>6.2f} {r.runs:>5} {r.cpu_s:>6.1f} "
        f"{1000 * r.cpu_s / max(r.runs, 1):>10.0f} {r.rss_max_mb:>10.0f}"
    )


def details(r: Result) -> list[str]:
    opens = sorted(w for s in r.students for w in s.waits.get("open", []))
    kinds = ", ".join(f"{k} {statistics.median(r.waits(k)):.1f}" for k in KINDS if r.waits(k))
    lines = [
        f"         open p50 {percentile(opens, 0.5):.1f} s; p50 by kind (s): {kinds}; "
        f"server CPU {r.cpu_s:.1f} s in {r.wall_s:.0f} s; load average {r.load[0]:.1f} before, "
        f"{r.load[1]:.1f} after"
    ]
    for s in r.students:
        for what in ("errors", "leaks", "lost", "doubled", "wrong"):
            for line in getattr(s, what):
                lines.append(f"         student {s.n} {what}: {line}")
        if s.failures:
            lines.append(f"         student {s.n} did: {'; '.join(s.log)}")
        lines += [f"         student {s.n} note: {line}" for line in s.notes]
    lines += [f"         server: {line}" for line in r.log_problems[:10]]
    return lines


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--students", type=int, nargs="+", default=None, help="class sizes (default 12; --room: 60)")
    ap.add_argument("--interactions", type=int, default=10)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--room", action="store_true", help="the live class of benchmarks/load_room.py instead")
    ap.add_argument(
        "--backend",
        nargs="+",
        choices=("sqlite", "postgresql"),
        default=["sqlite", "postgresql"],
        help="--room: the database(s), each with a fresh server",
    )
    from benchmarks import load_room

    load_room.add_arguments(ap)
    args = ap.parse_args()
    if args.room:
        signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # so a killed run still stops its server
        return load_room.cli(
            args.students or [60],
            args.backend,
            seed=args.seed,
            window=args.window,
            join_spread=args.join_spread,
            profile=args.profile,
        )
    args.students = args.students or [12]
    if args.interactions < len(KINDS):
        ap.error(f"--interactions must be at least {len(KINDS)}, so that every student makes every kind")
    failed = False
    print(HEADER)
    for n in args.students:
        result = run_class(n, args.interactions, args.seed)
        print(table_row(result))
        for line in details(result):
            print(line)
        failed |= result.failed
    print("goal: 0 errors, 0 leaks, 0 lost, 0 doubled, 0 wrong:", "FAIL" if failed else "ok")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
