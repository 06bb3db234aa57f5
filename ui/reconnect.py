"""A browser that reconnects to a server that has never seen it: act on what it sent first.

When a replica dies behind the proxy, or the server restarts, the browser reconnects to a new
session. It does not rerun then: its next click or setting is that session's first run, and
Streamlit calls no widget callback in a session's first run (no widget is registered yet), so
the click was lost and ``session.bound`` drew the old value over the new setting (issue 10).

So a session's first run keeps the widget states the browser sent (``client_states``), draws the
page from the URL as always, which registers every widget, and then asks for one more run with
the same states (``replay``). Streamlit now knows the widgets: it compares what the browser sent
with what was just drawn and calls the callbacks of exactly what the user changed. A button
whose return value the page reads saw its click in the first run already, so only buttons with a
callback are replayed. A fresh page load sends no widget states and is not replayed.

This reads two internals of Streamlit 1.67 (the session's unregistered widget states and their
metadata); if they move, ``client_states`` finds nothing and the app behaves as before.
"""

from __future__ import annotations

import logging

from streamlit.proto.WidgetStates_pb2 import WidgetStates
from streamlit.runtime.scriptrunner_utils.script_requests import RerunData
from streamlit.runtime.scriptrunner_utils.script_run_context import get_script_run_ctx
from streamlit.runtime.state.session_state import Serialized

_LOG = logging.getLogger("ndcg_app")


def _widget_states():
    """The session's widget states (Streamlit's ``WStates``), or None outside a script run."""
    ctx = get_script_run_ctx()
    state = getattr(getattr(ctx, "session_state", None), "_state", None)
    return getattr(state, "_new_widget_state", None)


def client_states() -> WidgetStates | None:
    """The widget states the browser sent with this run that no widget has read yet (None when there are none)."""
    states = _widget_states()
    if states is None:
        return None
    sent = [w.value for w in getattr(states, "states", {}).values() if isinstance(w, Serialized)]
    if not sent:
        return None
    out = WidgetStates()
    out.widgets.extend(sent)
    return out


def replay(sent: WidgetStates) -> None:
    """Ask for one more run with ``sent``, now that this run has registered the page's widgets."""
    ctx = get_script_run_ctx()
    states = _widget_states()
    if ctx is None or states is None or ctx.script_requests is None:
        return
    metadata = getattr(states, "widget_metadata", {})
    out = WidgetStates()
    for w in sent.widgets:
        if w.WhichOneof("value") == "trigger_value":
            meta = metadata.get(w.id)
            if not w.trigger_value or meta is None or meta.callback is None:
                continue  # its click was read in this run, or its widget is gone
        out.widgets.append(w)
    _LOG.info("a reconnected browser's first run: replaying %d widget state(s)", len(out.widgets))
    ctx.script_requests.request_rerun(RerunData(
        query_string=ctx.query_string, page_script_hash=ctx.page_script_hash, widget_states=out,
        cached_message_hashes=ctx.cached_message_hashes, context_info=ctx.context_info,
    ))
