"""Read-only tables, with headers in the session's language.

Tables reach Streamlit as Arrow tables built straight from NumPy arrays and lists: a pandas
DataFrame would be converted to Arrow on every rerun (its strings twice, with pandas 3), and a
pandas Styler costs ~20 ms per table. On /steps that was about half the server's CPU per run.
"""

from __future__ import annotations

import csv
from collections.abc import Mapping, Sequence
from typing import Any, TypeAlias

import numpy as np
import pandas as pd
import pyarrow as pa
import streamlit as st

from ndcg_core import RankingScore
from teach import choices
from teach.format import cell
from ui.features import present
from ui.i18n import T

NUM = "%.4f"
# Each step column's header ("log", the divisor, is headed by the discount's own formula: ``_header``).
STEP_HEADERS = {
    "rank": "col_rank",
    "item": "col_item",
    "relevance": "col_grade",
    "score": "col_score",
    "tie_group": "col_tie_group",
    "gain": "col_gain",
    "gain_used": "col_gain_used",
    "discount": "col_discount",
    "discounted_gain": "col_dg",
    "cg": "col_cg",
    "dcg": "col_dcg",
    "idcg": "col_idcg",
    "ndcg": "col_ndcg",
}
Data: TypeAlias = pa.Table | pd.DataFrame | Mapping[str, Sequence]


def step_table(r: RankingScore, *, ideal: bool, columns: tuple[str, ...] | None = None) -> pa.Table:
    """The step table of the actual (or ideal) order with translated headers.

    ``"log"`` is the divisor of each gain (log₂(i+1) under the default discount), so the division
    can be read off the table; its header and the discount's are written from the score's own
    discount and base (``teach.choices.DiscountFacts``).
    """
    if columns is None:
        columns = ("rank", "item", "relevance", "gain", "discounted_gain", "idcg" if ideal else "dcg")
    cols = {c: 1.0 / r.column("discount", ideal=ideal) if c == "log" else r.column(c, ideal=ideal) for c in columns}
    divisor = choices.discount(r.discount).label(r.discount_base)
    return arrow({_header(c, divisor): v for c, v in cols.items()})


def _header(column: str, divisor: str) -> str:
    """A step column's header in today's language; the divisor's is the discount's own formula."""
    if column == "log":
        return divisor
    return T(STEP_HEADERS[column], divisor=divisor) if column == "discount" else T(STEP_HEADERS[column])


def arrow(data: Data) -> pa.Table:
    """``data`` as an Arrow table whose float columns of whole numbers (grades, gains, CG) are integers."""
    columns: Mapping[str, Any]
    if isinstance(data, pd.DataFrame):
        columns = {
            str(c): data[c].to_numpy() if data[c].dtype.kind in "fiub" else data[c].tolist() for c in data.columns
        }
    elif isinstance(data, pa.Table):
        return data
    else:
        columns = data
    return pa.table({str(h): _column(v) for h, v in columns.items()})


def _column(values) -> pa.Array:
    if isinstance(values, np.ndarray) and values.dtype.kind in "fiub":
        if values.dtype.kind == "f" and len(values) <= _SMALL:
            return _whole(values.tolist()) or pa.array(values)  # NaN stays NaN, as below
        v = values
    else:
        values = list(values)
        if 0 < len(values) <= _SMALL and all(type(x) is float for x in values):
            return _whole(values) or pa.array(values, pa.float64(), from_pandas=True)  # NaN is missing, as below
        try:
            arr = pa.array(values, from_pandas=True)
        except (pa.ArrowInvalid, pa.ArrowTypeError):  # mixed cells: shown as text
            arr = pa.array([None if x is None else str(x) for x in values], pa.string())
        if not pa.types.is_floating(arr.type) or arr.null_count:
            return arr
        v = arr.to_numpy()
    if v.dtype.kind == "f" and len(v) and (np.abs(v) < 2**53).all() and (v == np.floor(v)).all():
        v = v.astype(np.int64)  # NaN and huge values stay floats
    return pa.array(v)


_SMALL = 64  # a step table's column: checked in Python, cheaper than NumPy's calls at this size (~1 ms a run)


def _whole(values: list[float]) -> pa.Array | None:
    """Floats as integers when every one is whole (None when a NaN, a huge or a fractional value keeps them floats)."""
    if values and all(x.is_integer() and abs(x) < 2**53 for x in values):
        return pa.array([int(x) for x in values], pa.int64())
    return None


def literal(table: pa.Table) -> pa.Table:
    """The table with every text cell escaped for markdown: ``st.table`` renders cells as markdown (bold,
    links, LaTeX), and names in them are user text. HTML is escaped by Streamlit already."""

    def escape(col):  # static tables hold at most STATIC_ROWS rows: Python is cheaper than Arrow's calls here
        return pa.array([None if x is None else cell(x) for x in col.to_pylist()], pa.string())

    columns = [
        escape(col) if pa.types.is_string(col.type) or pa.types.is_large_string(col.type) else col
        for col in table.columns
    ]
    return pa.table(columns, names=table.column_names)  # headers come from the catalogue


STATIC_ROWS = 20  # step tables up to this length are static: they fit a phone's width (UX #20)


def show(
    data: Data,
    *,
    height: int | None = None,
    static: bool = True,
    k: int | None = None,
    download: str | None = None,
    export: Data | None = None,
) -> None:
    """A read-only table with 4 decimals for every float column, cut after rank ``k`` when given.

    Tables of up to ``STATIC_ROWS`` rows are static HTML tables (unless ``static`` is False), whose
    columns narrow and whose headers wrap to fit the screen; a grid would need a sideways swipe on a
    phone. Longer tables are scrolling grids of ``height``.

    With ``download`` (a file stem, also the page-prefixed widget key), a small "Download CSV" button
    under the table gives the whole table, every row even past ``k``, unrounded (``export`` when the
    file should hold other columns than the ones shown). The presenter view draws no button.
    """
    table = arrow(data)
    shown = top_k(table, k)
    if static and shown.num_rows <= STATIC_ROWS:
        st.table(literal(shown), hide_index=True)
    else:
        config = {
            name: st.column_config.NumberColumn(format=NUM)
            for name, col in zip(shown.column_names, shown.columns, strict=True)
            if pa.types.is_floating(col.type)
        }
        st.dataframe(
            shown,
            hide_index=True,
            width="stretch",
            column_config=config,
            height=height if height is not None else "auto",
        )
    if download is not None and not present.active():
        full = arrow(export) if export is not None else table
        download_button(full, download, cut=k if shown.num_rows < full.num_rows else None)


def download_button(table: pa.Table, stem: str, *, cut: int | None = None) -> None:
    """A small button that downloads ``table`` as ``ndcg_<stem>.csv``; the file is only built when clicked."""
    rows = table.num_rows
    help_text = T("csv_help_cut", k=cut, rows=rows) if cut else T("csv_help", rows=rows)
    st.download_button(
        T("csv_download"),
        lambda: csv_bytes(table.to_pandas()),
        file_name=f"ndcg_{stem}.csv",
        mime="text/csv",
        key=f"{stem}_csv",
        help=help_text,
        on_click="ignore",
        type="tertiary",
        icon=":material/download:",
    )


FORMULA_START = ("=", "+", "-", "@", "\t", "\r")  # a spreadsheet runs a cell that starts so (OWASP CSV injection)


def csv_bytes(df: pd.DataFrame) -> bytes:
    """``df`` as CSV for a spreadsheet: UTF-8 with a byte-order mark (Korean Excel reads it), numbers unrounded,
    every text cell quoted, and a text cell that starts with = + - @, a tab or a CR prefixed with ' (never run).

    >>> print(csv_bytes(pd.DataFrame({"항목": ["=1+1", "B"], "x": [0.123456789, 2.0]})).decode("utf-8-sig"), end="")
    "항목","x"
    "'=1+1",0.123456789
    "B",2.0
    """

    def safe(v):
        return "'" + v if isinstance(v, str) and v.startswith(FORMULA_START) else v

    out = df.copy()
    for c in out.columns:
        if not (pd.api.types.is_numeric_dtype(out[c]) or pd.api.types.is_bool_dtype(out[c])):
            out[c] = out[c].astype(object).map(safe)
    out.columns = [safe(str(c)) for c in out.columns]
    return out.to_csv(index=False, quoting=csv.QUOTE_NONNUMERIC, lineterminator="\n").encode("utf-8-sig")


def top_k(table: pa.Table, k: int | None) -> pa.Table:
    """The rows of ranks 1..k: ranks beyond k are not added, so the step tables stop there (UX #12).

    Cut rather than shaded: shading needs a pandas Styler, which costs ~20 ms per table on every
    rerun; the full order stays in the order tables above the steps.
    """
    return table if k is None or k >= table.num_rows else table.slice(0, k)


def table_height(rows: int) -> int:
    """Tall enough for short lists, scrolling beyond 12 rows."""
    return 38 + 35 * min(max(rows, 1), 12)
