"""What nDCG is: the source named, its four steps, its worked example with the discount shown,
the comparison with MRR and MAP (each defined), cases and limits, then the code: the source's
scikit-learn snippet, why it prints another number, and the call that reproduces the example."""

import pandas as pd
import streamlit as st

from ndcg_core import score_ranking
from teach import choices, model, url
from teach.format import fmt
from ui import actions, editor, guide, nav, session, tables
from ui.glossary import frame as glossary_frame
from ui.glossary import help_for
from ui.i18n import T, labeller

EXAMPLE_COLUMNS = ("rank", "item", "relevance", "gain", "log", "discounted_gain")


def example_table(r, *, ideal: bool):
    """A worked-example table that divides each gain by log2(i+1), as the source writes it (7 / 1.585)."""
    return tables.step_table(r, ideal=ideal, columns=(*EXAMPLE_COLUMNS, "idcg" if ideal else "dcg"))


st.title(T("intro_title"))
editor.url_warning()
changed = url.to_query(session.example()) != url.to_query(model.DEFAULT)
if changed:
    st.success(T("intro_link_loaded", n=len(session.example().items)), icon=":material/link:")
guide.story()  # the guided start: predict, then see (once skipped, one button replays it)
cols = [col for _ in range(0, len(nav.LESSONS), 4) for col in st.columns(4)]  # rows of four links
for col, lesson in zip(cols, nav.LESSONS, strict=False):  # the last row may have room to spare
    col.page_link(lesson.script, label=T(lesson.title_key), icon=lesson.icon)
guide.reference_heading()
st.caption(T("intro_source"))
st.markdown(T("intro_what"))
st.markdown(T("intro_scales"))

st.subheader(T("intro_steps_title"), help=help_for("cg", "dcg", "discount", "idcg", "ndcg"))
st.latex(
    r"\begin{aligned}&\mathrm{CG}_p=\sum_{i=1}^{p} rel_i\\"  # one step per line: fits a phone
    r"\rightarrow\;&\mathrm{DCG}_p=\sum_{i=1}^{p}\frac{gain(rel_i)}{\log_2(i+1)}\\"
    r"\rightarrow\;&\mathrm{IDCG}_p \;\rightarrow\; "
    r"\mathrm{nDCG}_p=\frac{\mathrm{DCG}_p}{\mathrm{IDCG}_p}\end{aligned}"
)

# The source's worked example, with log2(i+1) beside each discount as the step lesson shows it.
st.subheader(
    T("intro_example_title"), help=help_for("relevance", "gain_exponential", "gain_linear", "ideal_order", "cutoff")
)
gains = sorted(choices.gains(), key=lambda g: g != "exponential")  # the source's gain first
gain = st.radio(
    T("intro_example_gain"),
    gains,
    format_func=labeller("choice_gain_"),
    key="intro_gain",
    horizontal=True,
    **session.kept("intro_gain", "exponential", gains),
)
st.caption(T("intro_gain_names"))
example = score_ranking([1, 3, 2], k=3, gain=gain, labels=["A", "B", "C"])
c1, c2, c3 = st.columns(3)
c1.metric("DCG@3", fmt(example.dcg))
c2.metric("IDCG@3", fmt(example.idcg))
c3.metric("nDCG@3", fmt(example.ndcg))
st.caption(T("compare_actual"))
tables.show(example_table(example, ideal=False))
st.caption(T("compare_ideal"))
tables.show(example_table(example, ideal=True))
if gain == "exponential":
    st.info(T("rounding_note"), icon=":material/info:")
if st.button(T("intro_open"), key="intro_open"):
    actions.open_source_example()
    st.switch_page(nav.BY_SLUG["steps"].script)
if changed:
    st.caption(T("intro_open_replaces", n=len(session.example().items)))

# The comparison table of the source, with MRR and MAP defined under it.
st.subheader(T("intro_compare_title"), help=help_for("mrr", "map"))
st.table(
    pd.DataFrame(
        {
            "MRR": [T("cmp_binary"), T("cmp_first"), T("cmp_recip"), T("cmp_builtin")],
            "MAP": [T("cmp_binary"), T("cmp_all_hits"), T("cmp_rankavg"), T("cmp_builtin")],
            "nDCG": [T("cmp_graded"), T("cmp_all_items"), T("cmp_log"), T("cmp_idcg")],
        },
        index=[T("cmp_row_scale"), T("cmp_row_target"), T("cmp_row_weight"), T("cmp_row_norm")],
    )
)
st.markdown(T("cmp_defs"))

st.subheader(T("intro_cases_title"))
st.markdown(T("intro_cases"))
st.subheader(T("intro_limits_title"))
st.markdown(T("intro_limits"))

# Computing it in code: the source's snippet, the pitfall, and the call that gives the example's value.
st.subheader(T("intro_code_title"), help=help_for("sklearn"))
st.markdown(T("intro_code_lead"))
sklearn_value = score_ranking([1, 3, 2], [0.5, 0.8, 0.2], k=3, gain="linear").ndcg
st.code(
    "from sklearn.metrics import ndcg_score\n"
    "ndcg_score([[1, 3, 2]], [[0.5, 0.8, 0.2]], k=3)\n"
    f"# -> {sklearn_value:.6f}",
    language="python",
    wrap_lines=True,  # the whole call stays visible on a phone
)
st.markdown(f"**{T('pitfall_title')}**")
st.markdown(T("pitfall_text", value=fmt(sklearn_value)))
st.markdown(f"1. {T('pitfall_1')}\n2. {T('pitfall_2')}")
rows = {  # each case names its order, so no order column; a static table wraps the cases on a phone
    T("pit_row_source"): score_ranking([1, 3, 2], k=3).ndcg,
    T("pit_row_src_lin"): score_ranking([1, 3, 2], k=3, gain="linear").ndcg,
    T("pit_row_sk"): sklearn_value,
    T("pit_row_sk_exp"): score_ranking([1, 3, 2], [0.5, 0.8, 0.2], k=3).ndcg,
}
st.caption(T("pitfall_table"))
st.table(pd.DataFrame({T("col_case"): list(rows), T("pit_value"): [fmt(v) for v in rows.values()]}), hide_index=True)
st.markdown(T("pitfall_fix"))
# scikit-learn's ndcg_score uses y_true as the gain itself, i.e. linear gain on 2^rel - 1.
fixed_value = score_ranking([1, 7, 3], [3, 2, 1], k=3, gain="linear").ndcg
st.code(
    f"from sklearn.metrics import ndcg_score\nndcg_score([[1, 7, 3]], [[3, 2, 1]], k=3)\n# -> {fixed_value:.6f}",
    language="python",
    wrap_lines=True,  # the whole call stays visible on a phone
)

st.info(T("intro_next"), icon=":material/school:")

with st.expander(T("gloss_title"), icon=":material/menu_book:"):  # every term, one line each
    st.table(glossary_frame(), hide_index=True)

guide.remembered_choice()  # last: the browser's localStorage may say this visitor skipped it before
