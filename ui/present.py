"""The presenter view (``?present=1&step=N``): the headline numbers and one step, large, for a classroom.

The editor, the sidebar and Streamlit's toolbar are hidden (CSS in ``ui.style``, scoped to the
keyed container ``present``). "◀ Previous" and "Next ▶" step through CG → DCG → IDCG → nDCG; the
arrow keys ← and → press them (Streamlit's ``shortcut``). The step lives in the URL, kept by
``session.sync_url``, so a reload or a link on the board opens the same step.
"""

from __future__ import annotations

import streamlit as st

from ui import editor, session
from ui.i18n import T
from ui.scoring import View, score_view


def active() -> bool:
    """True when the page was opened with ``present=1``."""
    return session.present_step() is not None


def shows(step: int) -> bool:
    """True when step ``step`` (1 CG, 2 DCG, 3 IDCG, 4 nDCG) is drawn: always outside the presenter view."""
    current = session.present_step()
    return current is None or current == step


def _go(delta: int) -> None:
    session.set_present_step(session.present_step() + delta)


def header() -> View:
    """The presenter's top line: step n of 4, Previous / Next, and the headline numbers; stops when nothing scores."""
    step = session.present_step()
    left, right, where = st.columns([1, 1, 4], vertical_alignment="center")
    where.container(key="present").caption(T("present_position", step=step, total=session.PRESENT_STEPS))
    left.button(T("present_prev"), key="present_prev", on_click=_go, args=(-1,), disabled=step <= 1,
                shortcut="Left", width="stretch")
    right.button(T("present_next"), key="present_next", on_click=_go, args=(1,),
                 disabled=step >= session.PRESENT_STEPS, shortcut="Right", width="stretch")
    view = score_view(session.example())
    if view.result is None:
        st.info(T("no_items"), icon=":material/info:")
        st.stop()
    with st.container(key="present_headline"):  # its hint line under the metrics is hidden (ui.style)
        editor.summary(view)
    return view
