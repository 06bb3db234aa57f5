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

from ui.i18n import T
from ui.session import Slot

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

    # A marker on the wrapper; typeshed's type for what functools.wraps returns declares no extra attributes.
    run.failsafe = True  # type: ignore[attr-defined]
    return run


_FAILED_ACTION = Slot("failsafe_action_failed")  # a callback failed: the next run says so


def _note_failed_action() -> None:
    _FAILED_ACTION.set(True)


def _say_page_failed() -> None:
    st.error(T("page_failed"), icon=":material/error:")


def callback(fn):
    """``fn`` as a widget callback whose exception is logged and named in one sentence on the run that follows."""
    return _guarded(fn, "callback", _note_failed_action)


def fragment(fn):
    """``fn`` as a fragment's body whose exception is logged and shown as one sentence where the fragment draws."""
    return _guarded(fn, "fragment", _say_page_failed)


def say_failed_action() -> None:
    """The sentence for a callback that failed before this run (once; app.py asks once per run)."""
    if _FAILED_ACTION.pop(False):
        st.error(T("action_failed"), icon=":material/error:")
