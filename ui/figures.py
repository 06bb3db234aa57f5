"""Figures: plotly figures as plain dicts (``st.plotly_chart`` accepts them) and the SVG bar chart.

Item names in figures are HTML-escaped, since plotly reads a few tags in its text.
"""

from __future__ import annotations

import html

import streamlit as st

from ndcg_core import RankingScore
from ui.components.barchart import bar_chart
from ui.i18n import T

COLORS = {"actual": "#2f6fde", "ideal": "#f08c2e"}
CONFIG = {"displayModeBar": False, "responsive": True}


def label(name: object) -> str:
    """A name safe for plotly text (its tags become literal characters)."""
    return html.escape(str(name), quote=True)


def figure(data: list[dict], *, x_title: str, y_title: str, height: int = 340, **layout) -> dict:
    return {
        "data": data,
        "layout": {
            "height": height,
            "margin": {"l": 60, "r": 20, "t": 20, "b": 40},
            "xaxis": {"title": {"text": x_title}},
            "yaxis": {"title": {"text": y_title}},
            "legend": {"orientation": "h", "y": -0.22, "yanchor": "top"},
            "font": {"size": 14},
            **layout,
        },
    }


def plot(fig: dict, key: str) -> None:
    st.plotly_chart(fig, key=key, config=CONFIG, width="stretch")


def actual_vs_ideal(r: RankingScore, key: str) -> None:
    """Grouped bars of discounted gain per rank, actual vs ideal (up to the list length)."""
    n = len(r.column("rank"))
    bar_chart(
        key=key,
        categories=r.column("rank").tolist(),
        series=[
            {"name": T("chart_actual"), "color": COLORS["actual"], "values": r.column("discounted_gain").tolist(),
             "labels": [str(x) for x in r.column("item")]},
            {"name": T("chart_ideal"), "color": COLORS["ideal"],
             "values": r.column("discounted_gain", ideal=True)[:n].tolist(),
             "labels": [str(x) for x in r.column("item", ideal=True)[:n]]},
        ],
        x_title=T("axis_rank"), y_title=T("axis_dg"), title=T("chart_title"),
    )
