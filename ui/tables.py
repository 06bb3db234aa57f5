"""Read-only step tables built from ``RankingScore``, with headers in the session's language."""

from __future__ import annotations

import csv

import numpy as np
import pandas as pd
import streamlit as st

from ndcg_core import RankingScore
from ui import session
from ui.i18n import T

NUM = "%.4f"


def step_frame(r: RankingScore, *, ideal: bool, columns: tuple[str, ...] | None = None) -> pd.DataFrame:
    """The step table of the actual (or ideal) order with translated headers."""
    names = {
        "rank": T("col_rank"), "item": T("col_item"), "relevance": T("col_grade"), "score": T("col_score"),
        "tie_group": T("col_tie_group"), "gain": T("col_gain"), "gain_used": T("col_gain_used"),
        "discount": T("col_discount"), "discounted_gain": T("col_dg"), "cg": T("col_cg"), "dcg": T("col_dcg"),
        "idcg": T("col_idcg"), "ndcg": T("col_ndcg"),
    }
    if columns is None:
        columns = ("rank", "item", "relevance", "gain", "discounted_gain", "idcg" if ideal else "dcg")
    src = r.ideal_steps if ideal else r.steps
    return src.loc[:, list(columns)].rename(columns=names)


STATIC_ROWS = 20  # step tables up to this length are static: they fit a phone's width (UX #20)


def show(df: pd.DataFrame, *, height: int | None = None, styler=None, static: bool = True, k: int | None = None,
         download: str | None = None, export: pd.DataFrame | None = None) -> None:
    """A read-only table with 4 decimals for every float column, cut after rank ``k`` when given.

    Tables of up to ``STATIC_ROWS`` rows are static HTML tables (unless ``static`` is False), whose
    columns narrow and whose headers wrap to fit the screen; a grid would need a sideways swipe on a
    phone. Longer tables are scrolling grids of ``height``.

    With ``download`` (a file stem, also the page-prefixed widget key), a small "Download CSV" button
    under the table gives the whole table, every row even past ``k``, unrounded (``export`` when the
    file should hold other columns than the ones shown). The presenter view draws no button.
    """
    shown = top_k(df, k)
    if static and len(shown) <= STATIC_ROWS:
        if styler is None:  # a Styler costs ~20 ms per table on every rerun: only for marked rows
            st.table(_whole_numbers_as_ints(shown), hide_index=True)
        else:
            st.table(_formatted(styler).hide(axis="index"))
    else:
        shown = styler.data if styler is not None else shown
        config = {
            c: st.column_config.NumberColumn(
                format="%d" if (shown[c].dropna() == shown[c].dropna().round()).all() else NUM)
            for c in shown.columns
            if shown[c].dtype.kind == "f"
        }
        st.dataframe(styler if styler is not None else shown, hide_index=True, width="stretch",
                     column_config=config, height=height if height is not None else "auto")
    if download is not None and session.present_step() is None:
        download_button(export if export is not None else df, download, cut=k if len(shown) < len(df) else None)


def download_button(df: pd.DataFrame, stem: str, *, cut: int | None = None) -> None:
    """A small button that downloads ``df`` as ``ndcg_<stem>.csv``; the file is only built when clicked."""
    help_text = T("csv_help_cut", k=cut, rows=len(df)) if cut else T("csv_help", rows=len(df))
    st.download_button(T("csv_download"), lambda: csv_bytes(df), file_name=f"ndcg_{stem}.csv", mime="text/csv",
                       key=f"{stem}_csv", help=help_text, on_click="ignore", type="tertiary",
                       icon=":material/download:")


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


def _whole_numbers_as_ints(df: pd.DataFrame) -> pd.DataFrame:
    """Float columns that hold only whole numbers (grades, gains, CG) shown as 3, not 3.0000."""
    whole = {}
    for c in df.columns:  # plain NumPy: pandas' astype copies every column and costs ~4 ms per table
        if df[c].dtype.kind == "f":
            v = df[c].to_numpy()
            if (np.abs(v) < 2**53).all() and (v == np.floor(v)).all():  # NaN and huge values stay floats
                whole[c] = v.astype(np.int64)
    return df.assign(**whole) if whole else df


def _formats(df: pd.DataFrame) -> dict:
    """Whole numbers without decimals, other floats with 4 (missing values are drawn as "—")."""
    return {c: "{:.0f}" if (df[c].dropna() == df[c].dropna().round()).all() else "{:.4f}"
            for c in df.columns if df[c].dtype.kind == "f"}


def _formatted(styler):
    return styler.format(_formats(styler.data), na_rep="—")


def top_k(df: pd.DataFrame, k: int | None) -> pd.DataFrame:
    """The rows of ranks 1..k: ranks beyond k are not added, so the step tables stop there (UX #12).

    Cut rather than shaded: a shaded row needs a pandas Styler, which costs ~20 ms per table on
    every rerun; the full order stays in the order tables above the steps.
    """
    return df if k is None or k >= len(df) else df.iloc[:k]


def table_height(rows: int) -> int:
    """Tall enough for short lists, scrolling beyond 12 rows."""
    return 38 + 35 * min(max(rows, 1), 12)


def highlight_rows(df: pd.DataFrame, mask: list[bool]):
    """A Styler that tints the rows where ``mask`` is True and sets them in bold, so they differ by more than colour."""
    from ui.figures import COLORS, tint  # here: figures draws its tables with this module

    styles = [f"background-color: {tint(COLORS['highlight'], 0.3)}; font-weight: 700"] * len(df.columns)
    plain_row = [""] * len(df.columns)
    return df.style.apply(lambda row: styles if mask[row.name] else plain_row, axis=1).format(precision=4)


def log_column(df: pd.DataFrame) -> pd.DataFrame:
    """Insert log2(i+1) next to the discount so the division is visible."""
    disc_col = T("col_discount")
    if disc_col not in df.columns:
        return df
    out = df.copy()
    out.insert(out.columns.get_loc(disc_col), T("col_log"), 1.0 / df[disc_col])
    return out
