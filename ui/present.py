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

import streamlit as st

from ndcg_core import RankingScore
from ui import arithmetic, editor, failsafe, session
from ui.format import num
from ui.i18n import T
from ui.scoring import View, score_view

# What one 1280×720 screen holds under the headline, the step's title and its formula, at 24 px:
ROWS = {1: 8, 2: 5, 3: 5}  # table rows per step (Step 1's table is narrow and has one line of arithmetic)
LINES = 2  # worked ranks of Steps 2 and 3, before "…" and the sum
TERMS = 12  # a sum of more terms shows the first 6, "…" and the last 2 (as ``arithmetic.dcg_lines`` does)


def active() -> bool:
    """True when the page was opened with ``present=1``."""
    return session.present_step() is not None


def shows(step: int) -> bool:
    """True when step ``step`` (1 CG, 2 DCG, 3 IDCG, 4 nDCG) is drawn: always outside the presenter view."""
    current = session.present_step()
    return current is None or current == step


@failsafe.callback
def _go(delta: int) -> None:
    session.set_present_step(session.present_step() + delta)


def header() -> View:
    """The top line: Previous / Next, the step, Leave, and the headline numbers; stops when nothing scores."""
    step = session.present_step()
    left, right, where, leave = st.columns([1, 1, 1.6, 1.6], vertical_alignment="center")
    left.button(T("present_prev"), key="present_prev", on_click=_go, args=(-1,), disabled=step <= 1,
                shortcut="Left", width="stretch")
    right.button(T("present_next"), key="present_next", on_click=_go, args=(1,),
                 disabled=step >= session.PRESENT_STEPS, shortcut="Right", width="stretch")
    where.container(key="present").caption(T("present_position", step=step, total=session.PRESENT_STEPS))
    leave.button(T("present_leave"), key="present_leave", on_click=session.leave_present, shortcut="Escape",
                 width="stretch")
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

