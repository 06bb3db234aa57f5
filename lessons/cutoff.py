"""nDCG@k: a k slider and nDCG@k for every k under both gains."""

import pandas as pd
import streamlit as st

from teach import choices, predict
from teach.format import fmt
from ui import actions, editor, figures, session, tables
from ui.glossary import help_for
from ui.i18n import T
from ui.predict import ask, veiled
from ui.scoring import score_view

view = editor.lesson_header("cutoff", compact=True)
ex = session.example()
n = len(view.checked.grades)
first = predict.first_vs_all(view.result)
first_pick = ask(first, "cutoff")  # a guess before the curve

if n > 1:
    st.slider(
        T("k_slider"),
        min_value=1,
        max_value=n,
        key="cutoff_k_slider",
        help=help_for("cutoff"),
        on_change=actions.on_k_slider,
        args=("cutoff_k_slider",),
        **session.bound("cutoff_k_slider", min(ex.k or n, n)),
    )
else:
    st.caption(T("single_item"))
if n < 6:
    st.button(T("cutoff_try"), key="cutoff_try", on_click=actions.load_grades, args=([3, 0, 1, 0, 2, 3, 0, 1, 2, 0],))

curves = {g: score_view(ex, view.checked, gain=g, k=None).result.column("ndcg") for g in choices.gains()}
ks = list(range(1, n + 1))
with veiled(first, first_pick, "cutoff"):
    st.subheader(T("cutoff_chart"), help=help_for("cutoff", "ndcg"))
    k_now = view.result.k or n
    figures.lines(
        "cutoff_curve",
        series=[
            figures.line(figures.gain_index(g), T(choices.GainFacts.keys(g)["column"]), ks, curves[g]) for g in curves
        ],
        x_title=T("axis_k"),
        y_title="nDCG@k",
        title=T("cutoff_chart"),
        height=380,
        x_integer=True,
        y_range=(0.0, 1.05),
        vlines=[{"x": float(k_now), "color": figures.COLORS["marker"], "dash": "dot"}],
        table=None,
    )  # its numbers are the table below
    for g in curves:
        st.write(
            T(
                "cutoff_range",
                lo=fmt(float(curves[g].min())),
                hi=fmt(float(curves[g].max())),
                gain=T(choices.GainFacts.keys(g)["column"]),
            )
        )
    tables.show(
        pd.DataFrame({"k": ks, **{T(choices.GainFacts.keys(g)["column"]): c for g, c in curves.items()}}),
        height=tables.table_height(n),
        download="cutoff",
    )
