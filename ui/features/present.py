"""The presenter view (``?present=1&step=N``): the headline numbers and one step, large, for a classroom.

The editor, the sidebar and Streamlit's toolbar are hidden (CSS in ``ui.style``, scoped to the
keyed container ``present``). "◀ Previous" and "Next ▶" step through CG → DCG → IDCG → nDCG; the
arrow keys ← and → press them, and Esc presses "Leave presenter view" (Streamlit's ``shortcut``),
which opens the whole step page with the same example. The step lives in the URL, kept by
``session.sync_url``, so a reload or a link on the board opens the same step.

A step must fit one 1280×720 screen with its text at 24 px or more, so its table stops after
``ROWS`` rows (or at k, when k is smaller) with a caption naming the ranks left out, and its
arithmetic shows the first ``LINES`` ranks and the sum.
"""

from __future__ import annotations

from collections.abc import Mapping

import streamlit as st

from ndcg_core import RankingScore
from teach.format import num, plain
from ui import arithmetic, editor, failsafe, session
from ui.i18n import T
from ui.scoring import View, score_view
from ui.session import EVERY_OTHER_PAGE, PageState, Slot

# What one 1280×720 screen holds under the headline, the step's title and its formula, at 24 px:
ROWS = {1: 8, 2: 5, 3: 5}  # table rows per step (Step 1's table is narrow and has one line of arithmetic)
LINES = 2  # worked ranks of Steps 2 and 3, before "…" and the sum
TERMS = 12  # a sum of more terms shows the first 6, "…" and the last 2 (as ``arithmetic.dcg_lines`` does)


STEPS = 4  # CG, DCG, IDCG, nDCG
_STEP = Slot("present_step")  # 1..STEPS in the presenter view, else None
_NOTE = Slot("present_note")  # what the link's present/step said that could not be used (one sentence), or None


def read(params: Mapping[str, str]) -> None:
    """Take the step of a link's ``present=1&step=N`` (a bad step is 1, and kept within 1..4); None without it.

    A value that cannot be used as it is (``present=2``, ``step=999``) is noted for ``link_warning``."""
    step, note = None, None
    present = params.get("present")
    if present == "1":
        raw = params.get("step", "1")
        try:
            step = int(raw)
        except ValueError:
            step = 1
        if str(step) != raw.strip() or not 1 <= step <= STEPS:
            step = min(max(step, 1), STEPS)
            note = ("present_bad_step", {"value": raw[:20], "step": step, "total": STEPS})
    elif present is not None:
        note = ("present_bad_present", {"value": present[:20]})
    _STEP.set(step)
    _NOTE.set(note)


def link_warning() -> None:
    """One sentence when the link's ``present`` or ``step`` was not used as given (until the step changes)."""
    note = _NOTE.get() if _NOTE.held() else None
    if note is not None:
        key, params = note
        st.warning(plain(T(key, **params)), icon=":material/warning:")


def current_step() -> int | None:
    """The presenter view's step (1..4), or None outside it; read from ``present=1&step=N`` once per session."""
    if not _STEP.held():  # a session that started before the presenter view existed (a server reloaded under it)
        read({k: st.query_params[k] for k in st.query_params})
    return _STEP.get()


def set_step(value: int) -> None:
    """Show step ``value`` (kept within 1..4) in the presenter view."""
    _STEP.set(min(max(value, 1), STEPS))
    _NOTE.set(None)


def write() -> dict[str, str]:
    """The presenter view's URL parameters, kept by ``session.sync_url`` beside the example's."""
    current = current_step()
    return {} if current is None else {"present": "1", "step": str(current)}


# Every lesson's address keeps the presenter view's step after the example's.
STATE = PageState(EVERY_OTHER_PAGE, frozenset({"present", "step"}), read, write, with_example=True)


@failsafe.callback
def leave_view() -> None:
    """Leave the presenter view: the whole step page again, and ``sync_url`` drops present and step."""
    _STEP.set(None)
    _NOTE.set(None)


@failsafe.callback
def open_view() -> None:
    """Enter the presenter view at step 1, with the example now open (``sync_url`` writes it beside present=1)."""
    set_step(1)


def entry() -> None:
    """The way into the presenter view for a lesson that has one: a button in the sidebar, so it adds nothing above
    the lesson (U3; the lesson's headline stays short, U15). Not drawn in the view itself."""
    if not active():
        st.sidebar.button(
            T("present_open"),
            key="present_open",
            on_click=open_view,
            icon=":material/slideshow:",
            help=T("present_open_help"),
            width="stretch",
        )


def active() -> bool:
    """True when the page was opened with ``present=1``."""
    return current_step() is not None


def shows(step: int) -> bool:
    """True when step ``step`` (1 CG, 2 DCG, 3 IDCG, 4 nDCG) is drawn: always outside the presenter view."""
    current = current_step()
    return current is None or current == step


@failsafe.callback
def _go(delta: int) -> None:
    step = current_step()
    if step is not None:  # the buttons are drawn only in the presenter view
        set_step(step + delta)


def header() -> View:
    """The top line: Previous / Next, the step, Leave, and the headline numbers; stops when nothing scores."""
    step = current_step()
    assert step is not None  # for type checkers: lessons draw this header only when ``active()``
    left, right, where, leave = st.columns([1, 1, 1.6, 1.6], vertical_alignment="center")
    left.button(
        T("present_prev"),
        key="present_prev",
        on_click=_go,
        args=(-1,),
        disabled=step <= 1,
        shortcut="Left",
        width="stretch",
    )
    right.button(
        T("present_next"),
        key="present_next",
        on_click=_go,
        args=(1,),
        disabled=step >= STEPS,
        shortcut="Right",
        width="stretch",
    )
    where.container(key="present").caption(T("present_position", step=step, total=STEPS))
    leave.button(T("present_leave"), key="present_leave", on_click=leave_view, shortcut="Escape", width="stretch")
    view = score_view(session.example())
    if view.result is None:
        st.info(T("no_items"), icon=":material/info:")
        st.stop()
    with st.container(key="present_headline"):  # its hint line under the metrics is hidden (ui.style)
        editor.summary(view)
    return view


def rows(r: RankingScore, step: int, *, ideal: bool = False) -> int | None:
    """How many rows the step's table shows: k (None: all) outside the presenter view, at most ``ROWS`` in it."""
    if not active():
        return r.k
    n = len(r.column("rank", ideal=ideal))
    return min(n if r.k is None else r.k, ROWS[step])


def cut_note(r: RankingScore, shown: int, *, ideal: bool = False) -> None:
    """The caption under a step's table: the ranks left out to fit the screen, else the ranks beyond k."""
    n = len(r.column("rank", ideal=ideal))
    last = n if r.k is None else min(r.k, n)
    if shown < last:
        st.caption(T("present_more_rows", more=last - shown, first=shown + 1, last=last))
    elif r.k is not None and r.k < n:
        st.caption(T("beyond_k", k=r.k, hidden=n - r.k))


def cg_line(r: RankingScore) -> str:
    """Step 1's sum, with at most ``TERMS`` terms written out (a long list would run off the screen)."""
    grades = r.column("relevance")
    n = len(grades) if r.k is None else min(r.k, len(grades))
    if n <= TERMS:
        return arithmetic.cg_lines(r)[0]
    terms = [num(g) for g in grades[:n]]
    shown = " + ".join(terms[:6]) + " + … + " + " + ".join(terms[-2:])
    return f"CG{arithmetic.cut_suffix(r)} = {shown} = {num(float(grades[:n].sum()))}"


def dcg_text(r: RankingScore, *, ideal: bool) -> str:
    """Steps 2 and 3 worked out: the first ``LINES`` ranks, a line naming how many more, and the sum."""
    ranks = len(r.column("rank", ideal=ideal)) if r.k is None else min(r.k, len(r.column("rank", ideal=ideal)))
    lines, cut = arithmetic.dcg_lines(r, ideal=ideal, limit=ranks if ranks <= LINES + 1 else LINES)  # never "1 more"
    if cut:
        lines = [*lines[:-1], T("present_more_lines", n=cut), lines[-1]]
    return "\n".join(lines)
