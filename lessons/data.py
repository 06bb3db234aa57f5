"""Your own data: upload runs and judgments (or take the bundled sample), see mean nDCG@k under both
gains, every query's score, the worst queries, and whether one run beats another.

Numbers follow trec_eval by default (ndcg_core.collection); the page names each rule it applies.
Any query opens in the step-by-step lesson. Files are read once per session (ui/features/owndata.py).
"""

import numpy as np
import pandas as pd
import streamlit as st

from ndcg_core import GAINS
from ndcg_core.collection import IDEALS, MISSING, NO_RELEVANT
from ndcg_core.stats import BOOTSTRAPS, PERMUTATIONS
from teach.format import fmt, plain
from ui import figures, nav, session, tables
from ui.features import owndata
from ui.i18n import T, labeller, problem_text

WORST = 5


def uploads(files) -> list[owndata.Upload]:
    return [owndata.Upload.of_file(f) for f in files if f is not None]


def p_text(p: float | None) -> str:
    """A p-value to 4 places, or "< 0.0001" (never "0.0000", which would read as impossible)."""
    if p is None or p != p:
        return "–"
    return "< 0.0001" if p < 1e-4 else fmt(p)


def k_label(k: int | None) -> str:
    return f"nDCG@{k}" if k is not None else "nDCG"


def coverage_lines(s) -> list[str]:
    """One sentence per rule that decided which queries count (the run-only rule always: it has no switch)."""
    c = s.coverage
    lines = [T("data_cov_counted", counted=s.counted, scored=c.scored)]
    lines.append(
        T("data_cov_run_only", n=len(c.run_only), ids=", ".join(c.run_only[:5]))
        if c.run_only
        else T("data_cov_run_only_none")
    )
    if c.judged_only:
        lines.append(T(f"data_cov_judged_only_{s.missing}", n=len(c.judged_only), ids=", ".join(c.judged_only[:5])))
    if c.no_relevant:
        lines.append(T(f"data_cov_no_rel_{s.no_relevant}", n=len(c.no_relevant), ids=", ".join(c.no_relevant[:5])))
    return lines


def query_table(q: pd.DataFrame, k: int | None, texts: dict, *, scores_only: bool = False) -> pd.DataFrame:
    """Each query's row (``q`` is a part of ``per_query``), with column names in today's language.

    One score column per gain of the core's registry; ``scores_only`` stops after the query's text.
    """
    columns = {T("data_col_query"): q["query_id"].to_numpy()}
    columns |= {  # the scores before the query's text: a phone shows them without a swipe inside the grid
        f"{k_label(k)} · {T(f'data_gain_{gain}')}": q[f"ndcg_{gain}"].to_numpy() for gain in GAINS
    }
    if texts:
        lang = session.language()
        columns[T("data_col_text")] = [texts.get(x, {}).get(lang, "") for x in q["query_id"]]
    if scores_only:
        return pd.DataFrame(columns)
    columns |= {
        T("data_col_retrieved"): q["n_retrieved"].to_numpy(),
        T("data_col_judged"): q["n_judged"].to_numpy(),
        T("data_col_relevant"): q["n_relevant"].to_numpy(),
        T("data_col_counted"): np.where(q["counted"].to_numpy(), "✓", "–"),
    }
    return pd.DataFrame(columns)


def histogram(s, gain: str, key: str) -> None:
    values = s.per_query.loc[s.per_query["counted"], f"ndcg_{gain}"].to_numpy()
    counts, edges = np.histogram(values, bins=10, range=(0.0, 1.0))
    labels = [f"{a:.1f}–{b:.1f}" for a, b in zip(edges[:-1], edges[1:], strict=True)]
    style = figures.SERIES[figures.gain_index(gain)]  # the gain's colour, hatched after the first (as its curves)
    figures.bars(
        key,
        categories=labels,
        series=[
            {
                "name": k_label(s.k),
                "color": style["color"],
                "values": counts.tolist(),
                "hatch": figures.gain_index(gain) > 0,
            }
        ],
        x_title=k_label(s.k),
        y_title=T("data_axis_queries"),
        title=T("data_axis_queries"),
        integer_ticks=True,  # counts of queries: whole numbers only, even for a three-query upload (UX review 3, U11)
        height=300,
        table={k_label(s.k): labels, T("data_axis_queries"): counts.tolist()},
    )


def open_query(run, collection, s, query: str, gain: str) -> None:
    """The query's list becomes the example, with the table's gain, k and ideal, and the step lesson opens at its
    top with a note saying where it came from (and which number it shows, when it cannot show the table's)."""
    row = s.per_query[s.per_query["query_id"].astype(str) == query]
    value = float(row[f"ndcg_{gain}"].iloc[0]) if len(row) else None
    ex, note = owndata.query_example(
        run, collection.judgments, query, k=s.k, ideal=s.ideal, gain=gain, table_value=value
    )
    if ex is None:
        st.warning(plain(problem_text(note)), icon=":material/warning:")
        return
    session.forget_move()
    session.set_example(ex)
    session.set_example_note(note)
    owndata.open_at_top()
    st.switch_page(nav.BY_SLUG["steps"].script)


def comparison_table(c: owndata.RunComparison, *, several: bool) -> dict:
    """One comparison as two columns, measure and value (Holm's p only when several runs were compared)."""
    r = c.result
    rows = [
        (T("data_col_pairs"), str(r.n)),
        (T("data_col_mean_delta"), fmt(r.mean_delta)),
        (T("data_col_wtl"), f"{r.wins} / {r.ties} / {r.losses}"),
        (T("data_col_ci"), f"[{fmt(r.ci_low)}, {fmt(r.ci_high)}]"),
        (T("data_col_p_t"), p_text(r.p_t)),
        (T("data_col_p_rand"), p_text(r.p_randomization)),
        *([(T("data_col_p_holm"), p_text(c.holm_p))] if several else []),
        (T("data_col_effect"), "–" if r.effect_size != r.effect_size else fmt(r.effect_size, 2)),
    ]
    return {T("col_measure"): [name for name, _ in rows], T("data_col_value"): [value for _, value in rows]}


NAMED_BARS = 20  # up to this many queries, the Δ chart's bars are labelled with their query ids


def delta_plot(c: owndata.RunComparison, base: str, key: str, k: int | None) -> None:
    order = np.argsort(c.delta, kind="stable")
    delta = c.delta[order]
    queries, values = [str(c.queries[i]) for i in order], delta.tolist()
    few = len(delta) <= NAMED_BARS  # few bars: each named by its query; many: numbered (the tooltip names it)
    colour = {1: figures.PALETTE["green"], -1: figures.PALETTE["vermillion"], 0: figures.PALETTE["grey"]}
    figures.bars(
        key,
        categories=queries if few else list(range(1, len(delta) + 1)),
        series=[
            {
                "name": f"Δ {k_label(k)}",
                "color": figures.PALETTE["grey"],
                "colors": [colour[int(np.sign(d))] for d in delta],
                "values": values,
                "tips": queries,
            }
        ],
        x_title=T("data_axis_sorted"),
        y_title=f"Δ {k_label(k)}",  # a lone rotated "Δ" reads as "◁"
        title=f"Δ {k_label(k)}",
        height=300,
        table={T("data_col_query"): queries, "Δ": values},
    )


# ---------------------------------------------------------------- the page

st.title(T("data_title"))
st.write(T("data_lead"))

SOURCES = ("sample", "upload")
source = owndata.remember(
    "data_source",
    st.radio(
        T("data_source"),
        SOURCES,
        format_func=labeller("data_source_"),
        key="data_source",
        horizontal=True,
        **owndata.choice("data_source", "sample", SOURCES),
    ),
)
limit = st.get_option("server.maxUploadSize")
if source == "upload":
    # Each box's files are kept for the session (owndata.kept_uploads): after another page the boxes are empty
    # again (Streamlit forgets a file uploader's files when its page is left), so the kept files are named here.
    run_files = st.file_uploader(
        T("data_runs"),
        accept_multiple_files=True,
        key="data_run_files",
        on_change=owndata.uploads_changed,
        args=("runs",),
    )
    qrels_file = st.file_uploader(
        T("data_qrels"), key="data_qrels_file", on_change=owndata.uploads_changed, args=("qrels",)
    )
    held = owndata.keep_uploads(uploads(run_files or []), (uploads([qrels_file]) or [None])[0])
    hidden = owndata.not_in_boxes(held, bool(run_files), qrels_file is not None)
    if hidden.names:  # kept from before another page: named, with a way to drop them
        with st.container(horizontal=True, vertical_alignment="center", key="data_kept_row"):
            st.info(plain(problem_text(owndata.kept_text(hidden))), icon=":material/inventory_2:")
            st.button(T("data_kept_clear"), key="data_kept_clear", on_click=owndata.forget_uploads)
    st.caption(T("data_limit", mb=limit))
    with st.expander(T("data_formats"), icon=":material/help:"):
        st.markdown(T("data_formats_text"))
    with st.spinner(T("data_reading"), show_time=True):
        collection = owndata.gather(list(held.runs), held.qrels)
else:  # said in a box, not a caption: the sample's numbers must never pass for the user's own (U2)
    st.info(T("data_sample_shown"), icon=":material/dataset:")
    st.caption(T("data_sample_text"))
    collection = owndata.sample()

for problem in collection.problems:  # file names and lines are user text: escaped
    st.warning(plain(problem_text(problem)), icon=":material/warning:")
if not collection.runs:
    st.info(T("data_need_run"), icon=":material/upload_file:")
    st.stop()
if collection.judgments is None:
    st.info(T("data_need_qrels"), icon=":material/upload_file:")
    st.stop()

# ---- the rules
st.subheader(T("data_rules"))
with st.container(horizontal=True, key="data_rules_row"):
    cut = st.number_input(
        T("data_k"),
        min_value=0,
        max_value=10_000,
        step=1,
        key="data_k",
        help=T("data_k_help"),
        **owndata.choice("data_k", 10),
    )
    owndata.remember("data_k", cut)
    ideal = st.radio(
        T("data_ideal"),
        IDEALS,
        format_func=labeller("data_ideal_"),
        key="data_ideal",
        **owndata.choice("data_ideal", "judged", IDEALS),
    )
    owndata.remember("data_ideal", ideal)
    missing = st.radio(
        T("data_missing"),
        MISSING,
        format_func=labeller("data_missing_"),
        key="data_missing",
        **owndata.choice("data_missing", "skip", MISSING),
    )
    owndata.remember("data_missing", missing)
    no_relevant = st.radio(
        T("data_no_relevant"),
        NO_RELEVANT,
        format_func=labeller("data_no_relevant_"),
        key="data_no_relevant",
        **owndata.choice("data_no_relevant", "zero", NO_RELEVANT),
    )
    owndata.remember("data_no_relevant", no_relevant)
k = int(cut) or None
negative = collection.judgments.negative_grades()
if negative:
    st.caption(plain(T("data_negative", n=negative, name=collection.qrels_name)))

try:
    with st.spinner(T("data_scoring"), show_time=True):
        scored = {
            run.name: owndata.scores(
                run, collection.judgments, k=k, ideal=ideal, missing=missing, no_relevant=no_relevant
            )
            for run in collection.runs
        }
except ValueError as exc:  # e.g. a grade too large for 2^grade − 1
    st.error(plain(T("data_cannot_score", why=str(exc))), icon=":material/error:")
    st.stop()

# ---- results
st.subheader(T("data_results", what=k_label(k)))
tables.show(
    {
        T("data_col_run"): list(scored),
        # one column per gain of the core's registry; nDCG@k is in the heading above
        **{T(f"data_gain_{gain}"): [s.mean[gain] for s in scored.values()] for gain in GAINS},
        T("data_col_counted_n"): [s.counted for s in scored.values()],
    }
)

# ---- per query
st.subheader(T("data_per_query"))
names = list(scored)
name = (
    owndata.remember(
        "data_run",
        st.selectbox(T("data_pick_run"), names, key="data_run", **owndata.choice("data_run", names[0], names)),
    )
    if len(names) > 1
    else names[0]
)
s = scored[name]
run = next(r for r in collection.runs if r.name == name)
for line in coverage_lines(s):  # which of this run's queries count, and why (each run has its own)
    st.caption(plain(line))
tables.show(
    query_table(s.per_query, k, collection.texts),
    static=False,
    height=tables.table_height(len(s.per_query)),  # as tall as its rows, up to 12: no empty rows under a small upload
    download="data_queries",
)
gain = owndata.remember(
    "data_gain",
    st.radio(
        T("data_chart_gain"),
        tuple(GAINS),
        format_func=labeller("data_gain_"),
        key="data_gain",
        horizontal=True,
        **owndata.choice("data_gain", "linear", tuple(GAINS)),
    ),
)
histogram(s, gain, "data_histogram")
worst = s.per_query[s.per_query["counted"]].sort_values(f"ndcg_{gain}", kind="stable").head(WORST)
st.markdown(f"**{T('data_worst', n=len(worst))}**")  # "the 3 worst" of a three-query upload, not "the 5 worst"
tables.show(query_table(worst, k, collection.texts, scores_only=True))

# ---- one query, step by step
order = s.per_query.sort_values(f"ndcg_{gain}", kind="stable")
if (
    len(order) > owndata.OPEN_CHOICES
):  # a box of a million options stalls the browser: the worst ones, or the ones found
    wanted = st.text_input(T("data_open_search"), key="data_open_search", max_chars=200).strip()
    if wanted:
        order = order[order["query_id"].astype(str).str.contains(wanted, regex=False)]
        if order.empty:
            st.caption(plain(T("data_open_none", text=wanted[:40])))
    if len(order) > owndata.OPEN_CHOICES:
        st.caption(T("data_open_shown", shown=f"{owndata.OPEN_CHOICES:,}", total=f"{len(order):,}"))
        order = order.head(owndata.OPEN_CHOICES)
value_of = dict(zip(order["query_id"], order[f"ndcg_{gain}"], strict=True))
with st.form("data_open_form", border=False):
    query = st.selectbox(
        T("data_open_pick"),
        order["query_id"].tolist(),
        key="data_open_query",
        format_func=lambda q: f"{q} · {fmt(value_of[q])}",
    )
    if st.form_submit_button(T("data_open"), icon=":material/calculate:") and query is not None:
        open_query(run, collection, s, query, gain)

# ---- compare runs
st.subheader(T("data_compare"))
if len(names) < 2:
    st.caption(T("data_compare_one"))
    st.stop()
base = owndata.remember(
    "data_base",
    st.selectbox(T("data_base"), names, key="data_base", **owndata.choice("data_base", names[0], names)),
)
results = owndata.comparisons(base, scored, gain, run=False)  # kept from an earlier run of the page
if results is None:
    pairs = owndata.paired_queries(base, scored)
    # A big comparison runs only when asked for, and stops when the tab that asked is gone (X5).
    if pairs > owndata.AUTO_COMPARE:
        st.caption(T("data_compare_big", n=f"{pairs:,}", boot=f"{BOOTSTRAPS:,}", perm=f"{PERMUTATIONS:,}"))
    if pairs <= owndata.AUTO_COMPARE or st.button(T("data_compare_run"), key="data_compare_run"):
        with st.spinner(T("data_testing"), show_time=True):
            results = owndata.comparisons(base, scored, gain, stop=owndata.session_gone())
    if results is None:  # not asked for yet, or its tab has closed
        st.stop()
st.caption(plain(T("data_compare_lead", base=base, gain=T(f"data_gain_{gain}"), what=k_label(k))))
for c in results:  # one short table per run, measures down the side: it fits a phone
    st.markdown(f"**{plain(c.name)} − {plain(base)}**")
    tables.show(comparison_table(c, several=len(results) > 1))
    st.caption(plain(T("data_delta_title", run=c.name, base=base)))
    delta_plot(c, base, f"data_delta_{c.name}", k)
with st.expander(T("data_p_title"), icon=":material/help:"):
    st.markdown(T("data_p_text", permutations=f"{results[0].result.permutations:,}"))
