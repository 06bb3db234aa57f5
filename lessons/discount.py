"""Discount curves: how each discount function weighs rank i, and where the current items sit."""

import numpy as np
import pandas as pd
import streamlit as st

from ndcg_core import discount_share, discount_weights
from teach.format import fmt, num
from ui import editor, figures, session, tables
from ui.glossary import help_for
from ui.i18n import T
from ui.scoring import score_view

view = editor.lesson_header("discount", compact=True)
r = view.result
n = len(view.checked.grades)

c1, c2 = st.columns(2)
base = c1.slider(
    T("base_slider"),
    min_value=1.5,
    max_value=10.0,
    step=0.5,
    key="discount_base",
    help=help_for("discount", "jarvelin"),
    **session.kept("discount_base", 2.0),
)
top = max(50, n)
held = session.widget_value("discount_horizon", max(20, min(n, 200)))
horizon = c2.slider(
    T("horizon"),
    min_value=2,
    max_value=top,
    key="discount_horizon",
    **session.bound("discount_horizon", held if 2 <= held <= top else max(20, min(n, 200))),
)

CURVES = [("log2", 2.0), ("log", base), ("jarvelin", base), ("reciprocal", 2.0), ("none", 2.0)]
ranks = np.arange(1, horizon + 1)
weights = {name: discount_weights(horizon, name, b) for name, b in CURVES}
# 1/log_b(i+1) is log2(b) x 1/log2(i+1): plotted raw it tops 1 for b > 2, so it is drawn divided by its
# rank-1 value. It then lies on the standard curve for every b: dashed with open markers to stay visible.
plotted = {name: weights[name] / weights[name][0] if name == "log" else weights[name] for name, _ in CURVES}
names = {name: T("d_log_scaled" if name == "log" else f"d_{name}") for name, _ in CURVES}
data = []
for i, (name, _) in enumerate(CURVES):
    style = figures.line_style(i)  # the log_b curve is series 1: dashed, with large open markers
    if name == "log":
        style["marker"] |= {"size": 9, "symbol": "circle-open"}
    data.append(
        {
            "type": "scatter",
            "mode": "lines+markers",
            "name": names[name],
            "x": ranks.tolist(),
            "y": plotted[name].tolist(),
            **style,
        }
    )
shown = min(n, horizon)
data.append(
    {
        "type": "scatter",
        "mode": "markers+text" if shown <= 15 else "markers",
        "name": T("curve_items"),
        "x": r.column("rank")[:shown].tolist(),
        "y": weights["log2"][:shown].tolist(),
        "text": [figures.label(x) for x in r.column("item")[:shown]],
        "textposition": "top right",
        "marker": {
            "size": [10 + 4 * g for g in r.column("relevance")[:shown]],
            "color": figures.COLORS["items"],
            "symbol": "star",
        },
        "customdata": r.column("relevance")[:shown].tolist(),
        "hovertemplate": "%{text} (rel %{customdata}): %{y:.4f}<extra></extra>",
    }
)
items = [str(x) for x in r.column("item")[:shown]] + [""] * (horizon - shown)
grades_shown = [num(g) for g in r.column("relevance")[:shown]] + [""] * (horizon - shown)
figures.plot(
    figures.figure(data, x_title=T("axis_rank"), y_title=T("axis_discount"), height=420),
    key="discount_curves",
    table=pd.DataFrame(
        {
            T("col_rank"): ranks,
            T("col_item"): items,
            T("col_grade"): grades_shown,
            **{names[name]: plotted[name] for name, _ in CURVES},
        }
    ),
)
if base != 2:  # at b = 2 the factor is 1 and the two curves are one
    st.caption(T("base_note", b=num(base), factor=fmt(float(np.log(base) / np.log(2)))))

st.subheader(T("share_title"), help=help_for("cutoff", "ndcg"))
k = min(r.k or n, horizon)
rows = []
for name, b in CURVES:
    nd = score_view(session.example(), view.checked, discount=name, discount_base=b).result.ndcg
    rows.append(
        {
            T("col_discount_fn"): T(f"d_{name}"),
            T("col_share", k=k): f"{discount_share(weights[name], k):.1%}",
            T("col_ndcg_now", at=view.at): nd,
        }
    )
tables.show(pd.DataFrame(rows))
