"""What the user sees when code fails outside a lesson's own run: one sentence, never Streamlit's error box.

app.py turns an exception inside a lesson into ``page_failed``. Two paths never reach that handler:
a widget callback, which Streamlit runs before app.py, and a fragment's own timed rerun, which runs
only the fragment. ``callback`` and ``fragment`` wrap those: the traceback goes to the server log,
and the user reads one sentence in their language (``action_failed`` at the top of the next run,
``page_failed`` in the fragment's place). Streamlit's stop and rerun signals are BaseExceptions
and pass through.

(Streamlit 1.67's ``st.App(on_script_error=...)`` would catch both paths too, but only when the
app is served through its experimental ASGI entry instead of ``streamlit run``.)
"""

from __future__ import annotations

import functools
import logging

import streamlit as st

LOG = logging.getLogger("ndcg_app")


def _guarded(fn, what: str, failed):
    """``fn`` whose exception is logged as the failure of ``what`` and answered by ``failed()``."""
    @functools.wraps(fn)
    def run(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except Exception:
            LOG.exception("the %s %s failed", what, fn.__qualname__)
            failed()
            return None

    run.failsafe = True
    return run


def _note_failed_action() -> None:
    from ui import session  # at call time: session's own callbacks are wrapped here too

    session.note_failed_action()


def _say_page_failed() -> None:
    from ui.i18n import T  # at call time: the catalogue is not needed to define pages

    st.error(T("page_failed"), icon=":material/error:")


def callback(fn):
    """``fn`` as a widget callback whose exception is logged and named in one sentence on the run that follows."""
    return _guarded(fn, "callback", _note_failed_action)


def fragment(fn):
    """``fn`` as a fragment's body whose exception is logged and shown as one sentence where the fragment draws."""
    return _guarded(fn, "fragment", _say_page_failed)


def say_failed_action() -> None:
    """The sentence for a callback that failed before this run (once)."""
    from ui import session
    from ui.i18n import T

    if session.pop_failed_action():
        st.error(T("action_failed"), icon=":material/error:")
