"""The core lesson: CG → DCG → IDCG → nDCG for the user's own ranking, one section per step."""

import streamlit as st

from ndcg_core import gain_values
from teach import choices, predict
from teach.format import fmt, num
from ui import arithmetic, averaging, change, editor, figures, palette, panels, session, tables
from ui.features import present
from ui.glossary import help_for
from ui.i18n import T
from ui.predict import ask

view = present.header() if present.active() else editor.lesson_header("steps")  # ?present=1: one step, large
present.link_warning()  # a link's present or step that could not be used as given
present.entry()  # the sidebar's "Present this lesson", with this example (U3)
r = view.result
ex = session.example()
n = len(r.column("rank"))  # ranks in the list
if not present.active():  # a guess before the numbers (the presenter view keeps its one step)
    ask(predict.move_to_top(r), "steps")

# Actual order beside the ideal order, with the ranks that differ highlighted.
if not present.active():
    st.subheader(T("compare_title"), help=help_for("ideal_order", "relevance"))
    grades, ideal_grades = r.column("relevance"), r.column("relevance", ideal=True)
    wrong = [i < len(ideal_grades) and grades[i] != ideal_grades[i] for i in range(n)]
    actual = {T(tables.STEP_HEADERS[c]): r.column(c) for c in ("rank", "item", "relevance")}
    actual[T("col_vs_ideal")] = ["≠" if w else "=" for w in wrong]  # a mark, not a colour: readable anywhere
    left, right = st.columns(2)
    with left:
        st.caption(T("compare_actual"))
        tables.show(actual, height=tables.table_height(n))
    with right:
        st.caption(T("compare_ideal"))
        tables.show(
            tables.step_table(r, ideal=True, columns=("rank", "item", "relevance")),
            height=tables.table_height(len(ideal_grades)),
        )
    st.caption(T("compare_note") if any(wrong) else T("compare_all_ok"))
    change.section(view)  # after a move: which ranks' discounted gains went up or down


def dcg_table(*, ideal: bool, columns: tuple[str, ...]) -> None:
    """The DCG (or IDCG) step: its table up to rank k, what the cut leaves out, and the worked sum."""
    rows = len(r.column("rank", ideal=ideal))
    shown = present.rows(r, 3 if ideal else 2, ideal=ideal)  # k, or what one screen holds in the presenter view
    tables.show(
        tables.step_table(r, ideal=ideal, columns=columns),
        k=shown,
        height=tables.table_height(rows),
        download="steps_idcg" if ideal else "steps_dcg",
    )
    if present.active():  # one screen: the rows it holds, the first ranks worked out, and the sum
        present.cut_note(r, shown, ideal=ideal)
        st.text(present.dcg_text(r, ideal=ideal))
        return
    if r.k is not None and r.k < rows:
        st.caption(T("beyond_k", k=r.k, hidden=rows - r.k))
    worked, cut = arithmetic.dcg_tex(r, ideal=ideal)  # set as in a textbook: aligned at "=", the concepts' colours
    st.latex(worked)
    if cut:
        st.caption(T("arith_more", n=cut))


# Step 1: CG
if present.shows(1):
    st.header(T("cg_title"), help=help_for("cg", "cutoff"))
    st.latex(r"\mathrm{CG}_p = \sum_{i=1}^{p} rel_i")
    cg_table = tables.step_table(r, ideal=False, columns=("rank", "item", "relevance", "cg"))
    tables.show(cg_table, k=present.rows(r, 1), height=tables.table_height(n), download="steps_cg")
    if present.active():
        present.cut_note(r, present.rows(r, 1))
    elif r.k is not None and r.k < n:
        st.caption(T("beyond_k", k=r.k, hidden=n - r.k))
    st.text(present.cg_line(r) if present.active() else "\n".join(arithmetic.cg_lines(r)))
    st.write(T("cg_sentence"))

# Step 2: DCG
if present.shows(2):
    st.header(T("dcg_title"), help=help_for("dcg", "discount", "gain_linear", "gain_exponential"))
    if not present.active():  # the teacher says it; the slide keeps formula, table and arithmetic
        grades = enumerate(gain_values(range(ex.scale + 1), ex.gain))
        st.write(
            T(
                "dcg_gain_intro",
                label=T(choices.GainFacts.keys(ex.gain)["label"]),
                examples=", ".join(f"{g} → {num(v)}" for g, v in grades),
            )
        )
    divisor = choices.discount(r.discount).latex(r.discount_base)
    p = palette.tex("k", "p")  # one colour per concept (ui/palette.py): gain, discount, ideal order, cut-off
    gain_tex, divisor_tex = palette.tex("gain", choices.gain(ex.gain).latex), palette.tex("discount", divisor)
    st.latex(rf"\mathrm{{DCG}}_{p} = \sum_{{i=1}}^{p} \frac{{{gain_tex}}}{{{divisor_tex}}}")
    dcg_cols = ("rank", "item", "relevance", "gain", "gain_used", "log", "discount", "discounted_gain", "dcg")
    if not (r.column("gain_used") != r.column("gain")).any():  # only a tie policy that averages changes it
        dcg_cols = tuple(c for c in dcg_cols if c != "gain_used")
    dcg_table(ideal=False, columns=dcg_cols)
    st.write(T(choices.GainFacts.keys(ex.gain)["sentence"]))

# Step 3: IDCG, from the listed items or from every judged item.
if present.shows(3):
    st.header(T("idcg_title"), help=help_for("idcg", "ideal_order", "judged_pool"))
    if not present.active():  # a control, not part of the slide
        panels.pool_controls("steps")
    idcg, p = palette.tex("ideal", r"\mathrm{IDCG}"), palette.tex("k", "p")
    st.latex(
        rf"{idcg}_{p} = \mathrm{{DCG}}_{p}\ " + palette.tex("ideal", r"\text{of the ideal order}")
        if session.language() == "en"
        else rf"{idcg}_{p} = " + palette.tex("ideal", r"\text{이상적 순서의 }") + rf"\mathrm{{DCG}}_{p}"
    )
    dcg_table(ideal=True, columns=("rank", "item", "relevance", "gain", "log", "discount", "discounted_gain", "idcg"))
    st.write(T("idcg_sentence"))
    if not present.active():  # explains the pool switch, which the slide hides
        st.caption(T("pool_explain"))

# Step 4: nDCG
if present.shows(4):
    st.header(T("ndcg_title"), help=help_for("ndcg"))
    idcg, p = palette.tex("ideal", r"\mathrm{IDCG}"), palette.tex("k", "p")
    st.latex(rf"\mathrm{{nDCG}}_{p} = \frac{{\mathrm{{DCG}}_{p}}}{{{idcg}_{p}}}")
    st.text(arithmetic.ndcg_line(r))
    st.write(T("ndcg_sentence"))
    source_example = fmt(r.ndcg) == "0.7364" and list(r.column("relevance")) == [1.0, 3.0, 2.0]  # the source's 0.737
    if not r.idcg_is_zero and source_example:
        st.info(T("rounding_note"), icon=":material/info:")

if not present.active():  # the presenter view ends with its one step (no st.stop: sync_url must still run)
    if ex.use_scores:  # ties are the advanced part: after the four steps (F25.4)
        panels.tie_panel(view)

    st.subheader(T("chart_title"))
    figures.actual_vs_ideal(r, key="steps_bars")
    averaging.section()
