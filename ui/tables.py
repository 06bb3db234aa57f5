"""Read-only step tables built from ``RankingScore``, with headers in the session's language."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from ndcg_core import RankingScore
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


def show(df: pd.DataFrame, *, height: int | None = None, styler=None, static: bool = True) -> None:
    """A read-only table with 4 decimals for every float column.

    Tables of up to ``STATIC_ROWS`` rows are static HTML tables (unless ``static`` is False), whose
    columns narrow and whose headers wrap to fit the screen; a grid would need a sideways swipe on a
    phone. Longer tables are scrolling grids of ``height``.
    """
    if static and len(df) <= STATIC_ROWS:
        if styler is None:  # a Styler costs ~20 ms per table on every rerun: only for marked rows
            st.table(_whole_numbers_as_ints(df), hide_index=True)
        else:
            st.table(_formatted(styler).hide(axis="index"))
        return
    df = styler.data if styler is not None else df
    config = {
        c: st.column_config.NumberColumn(format="%d" if (df[c].dropna() == df[c].dropna().round()).all() else NUM)
        for c in df.columns
        if df[c].dtype.kind == "f"
    }
    st.dataframe(styler if styler is not None else df, hide_index=True, width="stretch", column_config=config,
                 height=height if height is not None else "auto")


def _whole_numbers_as_ints(df: pd.DataFrame) -> pd.DataFrame:
    """Float columns that hold only whole numbers (grades, gains, CG) shown as 3, not 3.0000."""
    whole = [c for c in df.columns if df[c].dtype.kind == "f" and df[c].notna().all() and (df[c] % 1 == 0).all()]
    return df.astype({c: "int64" for c in whole}) if whole else df


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
    """A Styler that tints the rows where ``mask`` is True."""
    styles = ["background-color: #ffe8c2"] * len(df.columns)
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
