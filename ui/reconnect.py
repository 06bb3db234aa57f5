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

from teach.model import Example, Item, blank, empty_row, grade_value, typed_text

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
    ctx.script_requests.request_rerun(
        RerunData(
            query_string=ctx.query_string,
            page_script_hash=ctx.page_script_hash,
            widget_states=out,
            cached_message_hashes=ctx.cached_message_hashes,
            context_info=ctx.context_info,
        )
    )


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


_COLUMNS = ("name", "grade", "score")


def _cells(row: Item) -> tuple[str, str, str]:
    """A row's cells as the URL keeps them, empty rows included (``_row``)."""
    return _row(row)


_EMPTY = ("", "", "")


def _added_fits(now: list[tuple[str, str, str]], was: list[tuple[str, str, str]]) -> bool:
    """True when the added rows ``now`` (empty ones included) are one edit past rows whose non-empty ones are ``was``.

    That edit changed nothing shown, added the last row, or changed one cell of one row: a row
    that was empty then (so the URL left it out) holds at most one cell now.
    """

    def shown(rows: list[tuple[str, str, str]]) -> list[tuple[str, str, str]]:
        return [r for r in rows if r != _EMPTY]

    if shown(now) == was or now and shown(now[:-1]) == was:
        return True
    for j, row in enumerate(now):
        before, after = shown(now[:j]), shown(now[j + 1 :])
        if was == before + after and sum(cell != "" for cell in row) <= 1:
            return True
        if (
            len(was) == len(before) + 1 + len(after)
            and was[: len(before)] == before
            and was[len(before) + 1 :] == after
            and sum(a != b for a, b in zip(row, was[len(before)], strict=True)) <= 1
        ):
            return True
    return False


def _reading(items: list[Item], rows: int, edited: dict[int, dict], added: list[dict], fresh: int) -> list[Item] | None:
    """The browser's table if ``items`` is the URL of the table one edit before the grid state, else None.

    ``items[:rows]`` are read as the table's own rows in place (an empty one is a row the URL left
    out) and the rest as the added rows that were not empty. The grid state must then differ from
    that by one edit it holds itself: one edited cell of a table row, or one edit of the added rows.
    """
    committed = items[:rows]
    base = [_cell_item(item, edited.get(i, {})) for i, item in enumerate(committed)]
    new = [_cell_item(Item(fresh + j, "", None, None), row) for j, row in enumerate(added)]
    changed = [
        (i, c)
        for i, (x, y) in enumerate(zip(base, committed, strict=True))
        for c, (a, b) in enumerate(zip(_cells(x), _cells(y), strict=True))
        if a != b
    ]
    was_added = [_row(i) for i in items[rows:] if not empty_row(i)]
    now_added = [_cells(i) for i in new]
    if changed:  # the edit in flight is one cell of a table row, one the grid state holds; added rows as sent
        (i, c), *more = changed
        if more or _COLUMNS[c] not in edited.get(i, {}) or [r for r in now_added if r != _EMPTY] != was_added:
            return None
    elif not _added_fits(now_added, was_added):
        return None
    return [i for i in (*base, *new) if not empty_row(i)]


def _edited_cells(grid: dict, rows: int) -> dict[int, dict] | None:
    """The grid state's edited cells by row, or None when it is not one the table could have sent."""
    edited, added, deleted = grid.get("edited_rows", {}), grid.get("added_rows", []), grid.get("deleted_rows", [])
    if deleted or not isinstance(edited, dict) or not isinstance(added, list):
        return None
    if not all(isinstance(row, dict) for row in added):
        return None
    cells: dict[int, dict] = {}
    for key, changes in edited.items():
        i = int(key)
        if not 0 <= i < rows or not isinstance(changes, dict) or any(c not in _COLUMNS for c in changes):
            return None
        cells[i] = changes
    return cells


def _tables(items: tuple[Item, ...], rows: int, cells: dict[int, dict], added: list[dict]) -> list[list[Item]]:
    """The browser's table under every reading of the URL that fits the grid state, the plain reading first.

    Rows the committed edits may have emptied, so that the URL left them out, are those whose edits
    blank a cell or hold one cell only: each set of them is put back as empty rows in turn.
    """
    fresh = max((i.uid for i in items), default=-1) + 1
    maybe_gone = [i for i, changes in sorted(cells.items()) if len(changes) == 1 or any(map(blank, changes.values()))]
    if len(maybe_gone) > 6:
        raise ValueError("too many rows the URL may have left out")
    tables = []
    for mask in range(1 << len(maybe_gone)):
        reading = list(items)
        for b, i in enumerate(maybe_gone):
            if mask >> b & 1:
                reading.insert(i, Item(fresh + len(added) + i, "", None, None))
        table = _reading(reading, rows, cells, added, fresh) if len(reading) >= rows else None
        if table is not None:
            tables.append(table)
    return tables


def rebase_grid(example: Example, rows: int, grid: dict) -> Example | None:
    """The example a reconnected browser shows: ``example`` (read from the URL) with its grid state applied.

    The browser's grid state holds every edit since its table was built from ``rows`` rows (none of
    them empty), all but the last of which the old session had already written into the URL.
    Between two builds the table changes only through the grid, rows are never reordered, and new
    rows go last. The URL leaves out a row the committed edits had emptied, though, so its rows are
    not always the table's rows in place: every reading the grid state allows is tried
    (``_tables``). The result is taken only when the readings that fit all give the same table;
    otherwise None, and the grid state is dropped (architecture review 3, A1).
    """
    try:
        cells = _edited_cells(grid, rows)
        tables = [] if cells is None else _tables(example.items, rows, cells, grid.get("added_rows", []))
    except (ValueError, TypeError):
        return None
    if len({tuple(_row(i) for i in table) for table in tables}) != 1:
        return None  # no reading fits, or the URL fits two tables: say nothing rather than maybe the wrong one
    result = tables[0]
    if [_row(i) for i in result] == [_row(i) for i in example.items if not empty_row(i)]:
        return example
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
