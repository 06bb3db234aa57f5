"""Discount curves: how each discount function weighs rank i, and where the current items sit."""

import numpy as np
import pandas as pd
import streamlit as st

from ndcg_core import discount_share, discount_weights
from teach import choices, predict
from teach.format import fmt, num
from ui import editor, figures, session, tables
from ui.glossary import help_for
from ui.i18n import T
from ui.predict import ask, veiled
from ui.scoring import score_view

view = editor.lesson_header("discount", compact=True)
r = view.result
n = len(view.checked.grades)
halving = predict.halving_rank(r)
halving_pick = ask(halving, "discount")  # a guess before the curves

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
log_b = choices.discount("log").label(base)  # "log₃(i+1)": the base itself, not a literal "log_b" (U20)
names = {name: T("d_log_scaled" if name == "log" else f"d_{name}", log=log_b) for name, _ in CURVES}
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
        "mode": "markers",  # the letters are annotations, set off the curves (U20)
        "name": T("curve_items"),
        "x": r.column("rank")[:shown].tolist(),
        "y": weights["log2"][:shown].tolist(),
        "text": [figures.label(x) for x in r.column("item")[:shown]],
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
with veiled(halving, halving_pick, "discount"):
    figures.plot(
        figures.figure(
            data,
            x_title=T("axis_rank"),
            y_title=T("axis_discount"),
            height=420,
            xaxis={"title": {"text": T("axis_rank")}, "range": [0.5, horizon + 0.5]},  # ranks start at 1 (U20)
            yaxis={"title": {"text": T("axis_discount")}, "range": [-0.03, 1.15]},  # room for the labels, no 1.2 tick
            annotations=figures.point_labels(
                r.column("rank")[:shown], weights["log2"][:shown], r.column("item")[:shown]
            )
            if shown <= 15
            else [],
        ),
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

# The current items on the standard curve, in a list of their own: a dragged item slides along it (issue 25).
st.subheader(T("list_curve_title"), help=help_for("discount"))
editor.ranking_list("discount_drag", view, visual="discount", buttons=False)

st.subheader(T("share_title"), help=help_for("cutoff", "ndcg"))
k = min(r.k or n, horizon)
rows = []
for name, b in CURVES:
    nd = score_view(session.example(), view.checked, discount=name, discount_base=b).result.ndcg
    rows.append(
        {
            T("col_discount_fn"): T(f"d_{name}", log=log_b),
            T("col_share", k=k): f"{discount_share(weights[name], k):.1%}",
            T("col_ndcg_now", at=view.at): nd,
        }
    )
tables.show(pd.DataFrame(rows))
