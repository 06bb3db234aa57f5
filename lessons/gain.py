"""Linear vs exponential gain: gain per grade, the current ranking under both, and a pair they disagree on."""

import numpy as np
import pandas as pd
import streamlit as st

from ndcg_core import gain_disagreement, gain_values
from ndcg_core.lessons import EXHAUSTIVE_ITEMS
from teach import choices, predict
from teach.format import fmt
from ui import actions, editor, figures, session, tables
from ui.glossary import help_for
from ui.i18n import T
from ui.predict import ask, veiled
from ui.scoring import score_view

view = editor.lesson_header("gain", compact=True)
ex = session.example()
worth = predict.top_item_worth(view.result)
worth_pick = ask(worth, "gain")  # a guess before the gain table

with veiled(worth, worth_pick, "gain"):
    st.subheader(T("gain_table_title"), help=help_for("relevance", "gain_linear", "gain_exponential", "burges"))
    grades = np.arange(0, ex.scale + 1, dtype=float)
    left, right = st.columns([1, 1.4])
    with left:
        tables.show(
            pd.DataFrame(
                {
                    T("axis_grade"): grades.astype(int),
                    **{T(choices.GainFacts.keys(g)["column"]): gain_values(grades, g) for g in choices.gains()},
                }
            ).convert_dtypes()
        )
    with right:
        figures.bars(
            "gain_bars",
            categories=grades.astype(int).tolist(),
            series=[
                {
                    "name": T(choices.GainFacts.keys(g)["column"]),
                    "color": figures.SERIES[figures.gain_index(g)]["color"],
                    "hatch": figures.gain_index(g) > 0,  # the second gain striped, as its curves are dashed
                    "values": tuple(gain_values(grades, g).tolist()),
                }
                for g in choices.gains()
            ],
            x_title=T("axis_grade"),
            y_title=T("axis_gain"),
            title=T("gain_table_title"),
            height=300,
            table=None,
        )  # its numbers are the table on the left

st.subheader(T("side_title"), help=help_for("dcg", "idcg", "ndcg"))
every = {g: score_view(ex, view.checked, gain=g).result for g in choices.gains()}
at = view.at
tables.show(
    pd.DataFrame(
        {
            T("col_measure"): [f"DCG{at}", f"IDCG{at}", f"nDCG{at}"],
            **{T(choices.GainFacts.keys(g)["column"]): [s.dcg, s.idcg, s.ndcg] for g, s in every.items()},
        }
    )
)

# The ranking under both gains while it is dragged (issue 25).
st.subheader(T("list_gain_title"))
st.caption(T("list_gain_lead"))
editor.ranking_list("gain_drag", view, visual="gain", buttons=False)

st.subheader(T("flip_title"))
names = view.checked.names
k = view.result.k
flip = gain_disagreement(view.checked.grades, k=k)
if flip is None:
    distinct = len(set(view.checked.grades))
    if distinct < 3:
        st.info(T("flip_none_two", n=distinct), icon=":material/info:")
    elif k == 1:
        st.info(T("flip_none_top1"), icon=":material/info:")
    elif len(names) <= EXHAUSTIVE_ITEMS and k is not None and k < len(names):
        st.info(T("flip_none_exhaustive_at", k=k), icon=":material/info:")
    elif len(names) <= EXHAUSTIVE_ITEMS:
        st.info(T("flip_none_exhaustive", at=at), icon=":material/info:")
    else:
        st.info(T("flip_none_partial", at=at), icon=":material/info:")
    if k != 1:
        st.button(T("flip_try"), key="gain_try_flip", on_click=actions.load_grades, args=([3, 2, 2, 0],))
else:
    ask(predict.gain_flip(flip.first, flip.second, list(names), list(view.checked.grades), k), "gain_flip")
    st.write(T("flip_found", at=at))
    shown = min(len(names), 8)
    cols = st.columns(2)
    for col, title, order, lin, exp_ in (
        (cols[0], T("ranking_1"), flip.first, flip.linear_dcg[0], flip.exponential_dcg[0]),
        (cols[1], T("ranking_2"), flip.second, flip.linear_dcg[1], flip.exponential_dcg[1]),
    ):
        with col:
            st.markdown(f"**{title}**")
            tables.show(
                pd.DataFrame(
                    {
                        T("col_rank"): list(range(1, shown + 1)),
                        T("col_item"): [names[i] for i in order[:shown]],
                        T("col_grade"): [view.checked.grades[i] for i in order[:shown]],
                    }
                )
            )
            st.metric(T("flip_dcg_linear", at=at), fmt(lin))
            st.metric(T("flip_dcg_exponential", at=at), fmt(exp_))
    st.caption(T("flip_why"))
