"""Figures: the SVG bar chart, line chart and heatmap (``ui/components``), in the palette's colours.

The charts set every name as text, never as markup, and bring no charting library to their pages (plotly's
4.7 MB bundle was half of a fresh page's JavaScript: issue 27, item 1). Every colour a chart or a table uses
to carry meaning comes from ``PALETTE``, and every chart is followed by its numbers as a table (a collapsed
"Show as a table" expander, or a table already beside it).
"""

from __future__ import annotations

import streamlit as st

from ndcg_core import RankingScore
from teach import choices
from ui import palette, tables
from ui.components.barchart import bar_chart
from ui.components.heatmap import heatmap
from ui.components.linechart import line_chart
from ui.i18n import T

# Okabe & Ito's colour-blind-safe palette, and one colour per concept: both live in ui/palette.py.
PALETTE = palette.PALETTE
COLORS = {  # what each colour means
    "actual": palette.CONCEPTS["actual"],
    "ideal": palette.CONCEPTS["ideal"],  # the ranking vs its ideal order
    "items": PALETTE["black"],  # the current items on the discount curve
    "marker": PALETTE["grey"],  # the current k on the nDCG@k chart
}
# Series in order: colour, dash and marker all differ, so two lines are told apart without colour, in
# greyscale print too (bars after the first are hatched). The first is solid.
SERIES = tuple(
    {"color": color, "dash": dash, "symbol": symbol}
    for color, (dash, symbol) in zip(
        palette.SERIES_COLORS,
        (
            (None, "circle"),
            ("dash", "square"),
            ("dot", "triangle-up"),
            ("dashdot", "diamond"),
            ("longdash", "x"),
            ("longdashdot", "star"),
        ),
        strict=True,
    )
)


def gain_index(gain: str) -> int:
    """A gain's series number: its place in the core's registry, so a new gain gets the next style."""
    return choices.gains().index(gain)


def as_table(data: tables.Data, key: str) -> None:
    """A chart's numbers for a screen reader or a projector with poor colours: closed until asked for.

    The table is drawn only while the expander is open (it reruns the page when opened): a closed
    one costs one element per rerun instead of two and an Arrow table.
    """
    box = st.expander(T("chart_as_table"), icon=":material/table:", key=f"{key}_as_table", on_change="rerun")
    if box.open:
        table = tables.arrow(data)
        with box:
            tables.show(table, height=tables.table_height(table.num_rows))


def bars(key: str, *, table: tables.Data | None, **chart) -> None:
    """An SVG bar chart (``bar_chart``'s arguments; no plotly bundle for the page to load), then its numbers.

    ``table`` is required: pass None only when the same numbers already sit in a table beside the chart.
    """
    bar_chart(key=key, **chart)
    if table is not None:
        as_table(table, key)


def line(i: int, name: str, x, y) -> dict:
    """Series ``i`` of an SVG line chart: its colour, dash and marker (as ``line_style``), named, through x and y."""
    s = SERIES[i % len(SERIES)]
    return {"name": name, "color": s["color"], "dash": s["dash"], "symbol": s["symbol"], "x": x, "y": y}


def lines(key: str, *, table: tables.Data | None, **chart) -> None:
    """An SVG line chart (``line_chart``'s arguments; no plotly bundle for the page to load), then its numbers.

    ``table`` is required: pass None only when the same numbers already sit in a table beside the chart.
    """
    line_chart(key=key, **chart)
    if table is not None:
        as_table(table, key)


def heat(key: str, *, table: tables.Data, **chart) -> None:
    """An SVG heatmap (``heatmap``'s arguments), then its numbers."""
    heatmap(key=key, **chart)
    as_table(table, key)


def actual_vs_ideal(r: RankingScore, key: str) -> None:
    """Grouped bars of discounted gain per rank, actual vs ideal (up to the list length), then their table.

    The ideal bars are also hatched, so the two series differ by more than colour.
    """
    n = len(r.column("rank"))
    ranks = r.column("rank").tolist()
    actual_items, ideal_items = [str(x) for x in r.column("item")], [str(x) for x in r.column("item", ideal=True)[:n]]
    actual_dg, ideal_dg = r.column("discounted_gain").tolist(), r.column("discounted_gain", ideal=True)[:n].tolist()
    bars(
        key,
        categories=ranks,
        series=[
            {"name": T("chart_actual"), "color": COLORS["actual"], "values": actual_dg, "labels": actual_items},
            {
                "name": T("chart_ideal"),
                "color": COLORS["ideal"],
                "values": ideal_dg,
                "labels": ideal_items,
                "hatch": True,
            },
        ],
        x_title=T("axis_rank"),
        y_title=T("axis_dg"),
        title=T("chart_title"),
        table={
            T("col_rank"): ranks,
            T("chart_col_actual_item"): actual_items,
            T("chart_col_actual_dg"): actual_dg,
            T("chart_col_ideal_item"): ideal_items,
            T("chart_col_ideal_dg"): ideal_dg,
        },
    )
