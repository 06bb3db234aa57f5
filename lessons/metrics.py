"""Other metrics: RR (MRR), AP (MAP), P@k and R@k beside nDCG for the current ranking.

RR@k is ir_measures' RR@k (it stops at k, as MS MARCO's MRR@10); AP@k, P@k and R@k are trec_eval's map_cut_k,
P_k and recall_k.
"""

from dataclasses import replace

import pandas as pd
import streamlit as st

from ndcg_core import binary_metrics
from teach import model, predict
from teach.format import num
from ui import actions, editor, panels, session, tables
from ui.glossary import help_for
from ui.i18n import T
from ui.metric_cards import METRICS
from ui.predict import ask, veiled

# On the app's opening example every grade is at least 1, so at threshold 1 every binary metric is 1.0000: opened
# on it, the page starts at threshold 2 instead (once a session; Undo goes back), so they differ (review 3, G7).
OPENED = session.Slot("metrics_opening_example")
if session.on_opening_example() and not OPENED.held():
    OPENED.set(replace(model.DEFAULT, threshold=2))
    session.set_example(OPENED.get())
view = editor.lesson_header("metrics", compact=True)
ex = session.example()
r = view.result
grades = r.column("relevance")  # in ranked order (tied scores in the order of the step tables)
names = r.column("item")

# The threshold that turns grades into relevant / not relevant, and the judged pool that gives R.
levels = list(range(1, ex.scale + 1))
threshold = min(ex.threshold, ex.scale)  # in the URL (threshold=2), so a link on the board restores it
st.radio(
    T("metrics_threshold"),
    levels,
    format_func=lambda t: f"≥ {t}",
    key="metrics_threshold",
    horizontal=True,
    help=T("metrics_threshold_help"),
    on_change=actions.on_setting,
    args=("threshold", "metrics_threshold"),
    **session.bound("metrics_threshold", threshold, levels),
)
if ex == OPENED.get():
    st.caption(T("metrics_opening_note"))
panels.pool_controls("metrics")
listed = sum(g >= threshold for g in grades)
extra = sum(g >= threshold for g in ex.pool) if ex.use_pool else 0
m = binary_metrics(grades, k=r.k, threshold=threshold, n_relevant=listed + extra)
at = f"@{m.cutoff}"
st.write(T("metrics_relevant_line", t=num(threshold), listed=listed, in_k=m.relevant_at_k, cut=m.cutoff))
if ex.use_pool:
    st.write(T("metrics_r_pool", r=m.n_relevant, listed=listed, extra=extra))
else:
    st.write(T("metrics_r_listed", r=m.n_relevant))
if r.has_ties:
    st.caption(T("metrics_ties"))

# The values side by side (nDCG carries its own cut-off label: @n, or none with a judged pool).
rr = predict.reciprocal_rank(r, threshold, listed + extra)
rr_pick = ask(rr, "metrics")  # a guess before the values
with veiled(rr, rr_pick, "metrics"):
    st.subheader(T("metrics_table_title"))
    tables.show(
        pd.DataFrame(
            {
                T("col_measure"): [f"{x.symbol}{view.at if x.key == 'ndcg' else at}" for x in METRICS],
                T("metrics_col_value"): [x.value(m, r) for x in METRICS],
            }
        ),
        download="metrics_values",
    )
    st.info(T("metrics_means"), icon=":material/functions:")

# Rank by rank: which items count as relevant, and precision@i.
st.subheader(T("metrics_rank_title"))
n = len(grades)
ranks = pd.DataFrame(
    {
        T("col_rank"): list(range(1, n + 1)),
        T("col_item"): list(names),
        T("col_grade"): [num(g) for g in grades],
        T("metrics_col_relevant"): ["✓" if g >= threshold else "" for g in grades],
        T("metrics_col_precision"): [
            binary_metrics(grades, k=i, threshold=threshold, n_relevant=m.n_relevant).precision for i in range(1, n + 1)
        ],
    }
)
tables.show(ranks, k=r.k, height=tables.table_height(n), download="metrics_ranks")
if r.k is not None and r.k < n:
    st.caption(T("beyond_k", k=r.k, hidden=n - r.k))

# Each metric: its definition, its arithmetic for this ranking, and what it rewards.
for metric in METRICS:
    st.header(T(f"metrics_{metric.key}_title"), help=help_for(metric.term))
    if metric.latex is not None:
        st.latex(metric.latex)
    st.write(T(f"metrics_{metric.key}_def", cut=m.cutoff))
    st.text(metric.line(m, at, names, r))
    st.write(T(f"metrics_{metric.key}_rewards"))
