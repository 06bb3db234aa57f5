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
curves = []
for i, (name, _) in enumerate(CURVES):
    curve = figures.line(i, names[name], ranks, plotted[name])  # the log_b curve is series 1: dashed
    if name == "log":
        curve |= {"size": 9, "symbol": "circle-open"}  # with large open markers, over the standard curve
    curves.append(curve)
shown = min(n, horizon)
stars = [str(x) for x in r.column("item")[:shown]]
curves.append(  # the items at their ranks, each star as large as its grade; named beside it (U20)
    {
        "name": T("curve_items"),
        "color": figures.COLORS["items"],
        "symbol": "star",
        "lines": False,
        "x": r.column("rank")[:shown],
        "y": weights["log2"][:shown],
        "sizes": tuple(10 + 4 * float(g) for g in r.column("relevance")[:shown]),
        "tips": tuple(
            f"{x} (rel {num(g)}): {w:.4f}"
            for x, g, w in zip(stars, r.column("relevance")[:shown], weights["log2"][:shown], strict=True)
        ),
        **({"labels": tuple(stars)} if shown <= 15 else {}),
    }
)
items = [str(x) for x in r.column("item")[:shown]] + [""] * (horizon - shown)
grades_shown = [num(g) for g in r.column("relevance")[:shown]] + [""] * (horizon - shown)
with veiled(halving, halving_pick, "discount"):
    figures.lines(
        "discount_curves",
        series=curves,
        x_title=T("axis_rank"),
        y_title=T("axis_discount"),
        title=T("discount_title"),
        height=420,
        x_range=(0.5, horizon + 0.5),  # ranks start at 1 (U20)
        x_integer=True,
        y_range=(-0.03, 1.15),  # room for the labels, no 1.2 tick
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
