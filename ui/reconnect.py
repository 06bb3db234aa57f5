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

import json
import logging
import re
from dataclasses import replace

from streamlit.proto.WidgetStates_pb2 import WidgetStates
from streamlit.runtime.scriptrunner_utils.script_requests import RerunData
from streamlit.runtime.scriptrunner_utils.script_run_context import get_script_run_ctx
from streamlit.runtime.state.session_state import Serialized

from ui.state import Example, Item, blank, empty_row, grade_value, typed_text

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


# ---------------------------------------------------------------- a grid edit made against the old session

# The data editor's key ends with the number of rows its table started from, or "x" when one of
# them was empty (ui/editor.py); the browser sends its state under an id that ends with that key.
_GRID_ID = re.compile(r"^\$\$ID-[0-9a-f]+-[a-z]+_table_\d+_(?P<scores>[01])_(?P<rows>\d+|x)$")


def _row(item: Item) -> tuple[str, str, str]:
    """A row as the URL keeps it (``ui.url``): the name stripped, grade and score as typed."""
    return ("" if blank(item.name) else str(item.name).strip(), typed_text(item.grade), typed_text(item.score))


def _cell_item(item: Item, changes: dict) -> Item:
    """``item`` with the grid's changed cells (values as the browser sends them; None is a cleared cell)."""
    out = item
    for column, value in changes.items():
        if column == "name":
            out = replace(out, name="" if value is None else str(value))
        elif column == "grade":
            out = replace(out, grade=grade_value(value))
        elif column == "score":
            out = replace(out, score=None if value is None else value)
        else:
            raise ValueError(f"unknown column {column!r}")
    return out


def rebase_grid(example: Example, rows: int, grid: dict) -> Example | None:
    """The example a reconnected browser shows: ``example`` (read from the URL) with its grid state applied.

    The browser's grid state holds every edit since its table was built from ``rows`` rows, all
    but the last of which the old session had already written into the URL. Between two builds
    the table changes only through the grid, rows are never reordered, and new rows go last; so
    with no deleted rows, the URL's first ``rows`` rows are the table's rows with the committed
    edits, and setting each edited cell again changes nothing but the edit still in flight. The
    result is taken only if it differs from the URL's rows by that one edit (one cell, or one row
    added or emptied at the end of what was sent); otherwise None, and the grid state is dropped.
    """
    edited, added, deleted = grid.get("edited_rows", {}), grid.get("added_rows", []), grid.get("deleted_rows", [])
    items = example.items
    if deleted or rows > len(items) or not isinstance(edited, dict) or not isinstance(added, list):
        return None
    try:
        base = list(items[:rows])
        for key, changes in edited.items():
            i = int(key)
            if not 0 <= i < rows or not isinstance(changes, dict):
                return None
            base[i] = _cell_item(base[i], changes)
        fresh = max((i.uid for i in items), default=-1) + 1
        new = [_cell_item(Item(fresh + j, "", None, None), row) for j, row in enumerate(added) if isinstance(row, dict)]
    except (ValueError, TypeError):
        return None
    if len(new) != len(added):
        return None
    result = [i for i in (*base, *new) if not empty_row(i)]
    was, now = [_row(i) for i in items if not empty_row(i)], [_row(i) for i in result]
    if now == was:
        return example
    same_length_one_cell = len(now) == len(was) and sum(
        a != b for x, y in zip(now, was, strict=True) for a, b in zip(x, y, strict=True)) == 1
    one_row_more = len(now) == len(was) + 1 and now[:-1] == was
    one_row_less = len(now) + 1 == len(was) and any(now == was[:j] + was[j + 1:] for j in range(len(was)))
    if not (same_length_one_cell or one_row_more or one_row_less):
        return None
    return replace(example, items=tuple(result))


def grid_edit(sent: WidgetStates, example: Example) -> Example | None:
    """The example with the grid edit a reconnected browser sent applied (``rebase_grid``), or None."""
    for w in sent.widgets:
        match = _GRID_ID.match(w.id)
        if not match or w.WhichOneof("value") != "string_value":
            continue
        if match["rows"] == "x" or int(match["scores"]) != int(example.use_scores):
            return None
        try:
            grid = json.loads(w.string_value)
        except ValueError:
            return None
        rebased = rebase_grid(example, int(match["rows"]), grid) if isinstance(grid, dict) else None
        if rebased is not None and rebased != example:
            _LOG.info("a reconnected browser's grid edit applied to the example from its URL")
        return rebased
    return None
