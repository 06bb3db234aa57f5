"""Other metrics: RR (MRR), AP (MAP), P@k and R@k beside nDCG for the current ranking (trec_eval's definitions)."""

import pandas as pd
import streamlit as st

from ndcg_core import BinaryMetrics, binary_metrics
from ui import actions, arithmetic, editor, panels, session, tables
from ui.format import fmt, num
from ui.glossary import help_for
from ui.i18n import T

MAX_TERMS = 12  # AP's sum written out in full up to this many terms


def ap_line(m: BinaryMetrics, at: str) -> str:
    """"AP@3 = (1/1 + 2/3) / 2 = 0.8333": precision@r of each relevant rank r over R."""
    if m.n_relevant == 0:
        return f"AP{at} = 0  ({T('metrics_no_relevant')})"
    terms = [f"{j}/{r}" for j, r in enumerate(m.relevant_ranks, start=1)]
    if len(terms) > MAX_TERMS:
        terms = [*terms[:6], "…", *terms[-2:]]
    total = " + ".join(terms) if terms else "0"
    return f"AP{at} = ({total}) / {m.n_relevant} = {fmt(m.average_precision)}"


def rr_line(m: BinaryMetrics, at: str, names) -> str:
    """"RR@3 = 1 / 2 = 0.5000  (first relevant item: B at rank 2)"; item names stay plain text."""
    if m.first_relevant_rank is None:
        return f"RR{at} = 0  ({T('metrics_rr_none', cut=m.cutoff)})"
    rank = m.first_relevant_rank
    first = T("metrics_rr_first", rank=rank, item=str(names[rank - 1]).replace("\n", " "))
    return f"RR{at} = 1 / {rank} = {fmt(m.reciprocal_rank)}  ({first})"


def recall_line(m: BinaryMetrics, at: str) -> str:
    if m.n_relevant == 0:
        return f"R{at} = 0  ({T('metrics_no_relevant')})"
    return f"R{at} = {m.relevant_at_k} / {m.n_relevant} = {fmt(m.recall)}"


view = editor.lesson_header("metrics", compact=True)
ex = session.example()
r = view.result
grades = r.column("relevance")  # in ranked order (tied scores in the order of the step tables)
names = r.column("item")

# The threshold that turns grades into relevant / not relevant, and the judged pool that gives R.
levels = list(range(1, ex.scale + 1))
threshold = min(ex.threshold, ex.scale)  # in the URL (threshold=2), so a link on the board restores it
st.radio(T("metrics_threshold"), levels, format_func=lambda t: f"≥ {t}", key="metrics_threshold",
         horizontal=True, help=T("metrics_threshold_help"),
         on_change=actions.on_setting, args=("threshold", "metrics_threshold"),
         **session.bound("metrics_threshold", threshold, levels))
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

# The five values side by side.
st.subheader(T("metrics_table_title"))
tables.show(pd.DataFrame({
    T("col_measure"): [f"RR{at}", f"AP{at}", f"P{at}", f"R{at}", f"nDCG{view.at}"],
    T("metrics_col_value"): [m.reciprocal_rank, m.average_precision, m.precision, m.recall, r.ndcg],
}), download="metrics_values")
st.info(T("metrics_means"), icon=":material/functions:")

# Rank by rank: which items count as relevant, and precision@i.
st.subheader(T("metrics_rank_title"))
n = len(grades)
ranks = pd.DataFrame({
    T("col_rank"): list(range(1, n + 1)),
    T("col_item"): list(names),
    T("col_grade"): [num(g) for g in grades],
    T("metrics_col_relevant"): ["✓" if g >= threshold else "" for g in grades],
    T("metrics_col_precision"): [binary_metrics(grades, k=i, threshold=threshold, n_relevant=m.n_relevant).precision
                                 for i in range(1, n + 1)],
})
tables.show(ranks, k=r.k, height=tables.table_height(n), download="metrics_ranks")
if r.k is not None and r.k < n:
    st.caption(T("beyond_k", k=r.k, hidden=n - r.k))

# Each metric: its definition, its arithmetic for this ranking, and what it rewards.
st.header(T("metrics_rr_title"), help=help_for("mrr"))
st.latex(r"\mathrm{RR@}k = \frac{1}{\mathrm{rank}_{\text{first relevant}}}")
st.write(T("metrics_rr_def", cut=m.cutoff))
st.text(rr_line(m, at, names))
st.write(T("metrics_rr_rewards"))

st.header(T("metrics_ap_title"), help=help_for("map"))
st.latex(r"\mathrm{AP@}k = \frac{1}{R}\sum_{i \le k,\ rel_i \ge t} \mathrm{P@}i")
st.write(T("metrics_ap_def", cut=m.cutoff))
st.text(ap_line(m, at))
st.write(T("metrics_ap_rewards"))

st.header(T("metrics_p_title"), help=help_for("precision"))
st.latex(r"\mathrm{P@}k = \frac{|\{i \le k : rel_i \ge t\}|}{k}")
st.write(T("metrics_p_def", cut=m.cutoff))
st.text(f"P{at} = {m.relevant_at_k} / {m.cutoff} = {fmt(m.precision)}")
st.write(T("metrics_p_rewards"))

st.header(T("metrics_r_title"), help=help_for("recall"))
st.latex(r"\mathrm{R@}k = \frac{|\{i \le k : rel_i \ge t\}|}{R}")
st.write(T("metrics_r_def", cut=m.cutoff))
st.text(recall_line(m, at))
st.write(T("metrics_r_rewards"))

st.header(T("metrics_ndcg_title"), help=help_for("ndcg"))
st.write(T("metrics_ndcg_def"))
st.text(arithmetic.ndcg_line(r))
st.write(T("metrics_ndcg_rewards"))
