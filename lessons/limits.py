"""The limitations lab: what nDCG cannot tell you, on the current example (the source's section 7, and more).

Ranking X is the example's order; ranking Y lists the same items shuffled by the lab's seed, or reversed.
1. Noisy grades: seeded annotator (or LLM-judge) noise, nDCG's spread, how often X vs Y flips, and a
   second annotator's agreement (weighted Cohen's kappa).
2. The cut-off k: nDCG@k of X and Y at every k, the cut-offs where they swap, phone (6) and PC (10) screens.
3. Incomplete judgments: hide a share of the grades, then each way of scoring the list that is left.
4. Averaging over queries: the mean with queries that have no relevant document counted as 0 or left out.
5. The cost of IDCG: evaluate_run against a per-query loop, timed only when the button is pressed.
Every setting is in the address (``lab_...``, teach/lab.py); every number comes from ``ndcg_core.limits``.
"""

import numpy as np
import streamlit as st

from ndcg_core import limits, score_ranking
from teach import lab as lab_settings
from teach import predict
from teach.format import fmt, plain
from ui import editor, failsafe, figures, session, tables
from ui.features import lab as lab_state
from ui.i18n import T, labeller, problem_text
from ui.predict import ask

WHO = {1: "x", -1: "y", 0: "tie"}  # a verdict as the end of its catalogue key
SHARES = np.round(np.arange(0, 0.91, 0.1), 2)  # the hidden shares of the sweep chart
BINS = 20


@failsafe.callback
def on_lab(name: str, key: str) -> None:
    lab_state.set_setting(name, session.widget_value(key))


def lab_widget(widget, name: str, label: str, options=None, **kwargs):
    """A lab setting's widget keyed ``limits_NAME``: it shows the session's value and writes it back."""
    key = f"limits_{name}"
    if options is not None:
        kwargs["options"] = options
    return widget(
        label, key=key, on_change=on_lab, args=(name, key), **kwargs, **session.bound(key, lab[name], options)
    )


def names_of(order) -> str:
    return ", ".join(str(names[i]) for i in order)


def vline(x: float, colour: str, dash: str = "dot") -> dict:
    return {"x": float(x), "color": colour, "dash": dash}


def noise_histogram(values: np.ndarray, original: float, low: float, high: float) -> None:
    counts, edges = np.histogram(values, bins=BINS, range=(0.0, 1.0))
    mids = ((edges[:-1] + edges[1:]) / 2).round(3)
    labels = [f"{a:.2f}–{b:.2f}" for a, b in zip(edges[:-1], edges[1:], strict=True)]
    figures.lines(
        "limits_noise_chart",
        series=[
            {
                "name": T("lab_ranking_x"),
                "color": figures.SERIES[0]["color"],
                "x": mids,
                "y": counts,
                "bar_width": 0.95 / BINS,
                "tips": labels,
            }
        ],
        x_title=T("metric_ndcg", at=at),
        y_title=T("lab_axis_draws"),
        title=T("lab_noise_title"),
        height=300,
        x_range=(0.0, 1.0),
        y_integer=True,
        vlines=[
            vline(original, figures.PALETTE["black"], "solid"),
            vline(low, figures.PALETTE["vermillion"]),
            vline(high, figures.PALETTE["vermillion"]),
        ],
        table={T("lab_col_bin"): labels, T("lab_axis_draws"): counts.tolist()},
    )


# ---------------------------------------------------------------- the example, and ranking Y

# Opened on the app's three-item opening example, the lab shows its own ten-item one instead (once a session;
# Undo goes back), so that every section has something to show (review 3, U8).
OPENED = session.Slot("limits_opening_example")
if session.on_opening_example() and not OPENED.held():
    OPENED.set(lab_settings.opening_example())
    session.set_example(OPENED.get())
view = editor.lesson_header("limits", compact=True)
ex = session.example()
if ex == OPENED.get():
    st.info(T("lab_opening_note", n=len(ex.items)), icon=":material/science:")
r = view.result
grades = r.column("relevance").astype(float)  # ranked order: ranking X
names = r.column("item")
n, k, at = len(grades), r.k, view.at
lab = lab_state.settings()
if lab_state.problem() is not None:
    st.warning(plain(problem_text(lab_state.problem())), icon=":material/link_off:")

with st.container(horizontal=True, key="limits_setup"):
    lab_widget(
        st.number_input,
        "seed",
        T("lab_seed"),
        min_value=0,
        max_value=lab_settings.MAX_SEED - 1,
        step=1,
        help=T("lab_seed_help"),
    )
    lab_widget(st.radio, "alt", T("lab_alt"), lab_settings.ALTERNATIVES, format_func=labeller("lab_alt_"))
seed = int(lab["seed"])
order_y = np.arange(n)[::-1] if lab["alt"] == "reverse" else limits.shuffled_order(n, seed)
st.caption(plain(T("lab_rankings", x=names_of(range(n)), y=names_of(order_y))))
if ex.use_pool or r.has_ties:  # the lab scores the listed order as it stands
    st.caption(T("lab_listed_only"))

# ---------------------------------------------------------------- 1. noisy grades

st.header(T("lab_noise_title"))
st.markdown(T("lab_noise_why"))  # one plain line before the numbers (UX review 3, U8)
st.write(T("lab_noise_lead"))
judge = lab_widget(
    st.radio, "judge", T("lab_judge"), lab_settings.JUDGES, format_func=labeller("lab_judge_"), horizontal=True
)
p = lab_widget(st.slider, "noise", T(f"lab_noise_{judge}"), min_value=0, max_value=100, step=5, format="%d%%")
if judge == "llm":
    confusion = limits.llm_confusion(ex.scale)
    st.caption(T("lab_llm_note"))
    tables.show(
        {
            T("lab_col_true"): list(range(ex.scale + 1)),
            **{T("lab_col_judged", g=g): confusion[:, g] for g in range(ex.scale + 1)},
        }
    )
study = limits.noise_study(
    grades, order_y, p=p / 100, scale=ex.scale, draws=lab_settings.DRAWS, seed=seed, k=k, gain=ex.gain, judge=judge
)
low, high = study.interval_x
with st.container(horizontal=True, key="limits_noise_metrics"):
    st.metric(T("lab_original", at=at), fmt(study.original_x))
    st.metric(T("lab_interval"), f"{fmt(low)} – {fmt(high)}")
    st.metric(T("lab_width"), fmt(high - low))
noise_histogram(study.ndcg_x, study.original_x, low, high)
st.caption(T("lab_histogram_note", draws=f"{lab_settings.DRAWS:,}"))

lead = limits.verdict(study.original_x, study.original_y)
st.subheader(T(f"lab_question_{WHO[int(lead)]}"))  # asked of the ranking that leads (review 3, G6)
st.write(T(f"lab_verdict_{WHO[int(lead)]}", x=fmt(study.original_x), y=fmt(study.original_y), at=at))
tables.show(
    {
        T("lab_col_ranking"): [T("lab_ranking_x"), T("lab_ranking_y")],
        T("lab_original", at=at): [study.original_x, study.original_y],
        T("lab_interval"): [f"{fmt(a)} – {fmt(b)}" for a, b in (study.interval_x, study.interval_y)],
    }
)
st.metric(T("lab_flips"), f"{study.flip_share:.1%}")
st.info(T("lab_voorhees"), icon=":material/balance:")

st.subheader(T("lab_second_title"))
st.write(T("lab_second_lead", n=n, scale=ex.scale))
lab_widget(st.text_input, "second", T("lab_second"), placeholder=", ".join(str(int(g)) for g in grades))
second, problem = lab_settings.second_grades(lab["second"], n, ex.scale)
if problem is not None:
    st.warning(plain(problem_text(problem)), icon=":material/edit:")
if second is not None:  # the row check keeps only whole grades on the scale, so both lists are on it
    weights = lab_widget(
        st.radio,
        "weights",
        T("lab_weights"),
        lab_settings.WEIGHTS,
        horizontal=True,
        format_func=labeller("lab_weights_"),
    )
    other = np.asarray(second, dtype=float)
    kappa = limits.weighted_kappa(grades, other, scale=ex.scale, weights=weights)
    with st.container(horizontal=True, key="limits_second_metrics"):
        st.metric(T("lab_first_ndcg", at=at), fmt(study.original_x))
        st.metric(T("lab_second_ndcg", at=at), fmt(score_ranking(other, k=k, gain=ex.gain).ndcg))
        st.metric(T("lab_agreement"), f"{np.mean(grades == other):.0%}")
        st.metric(T("lab_kappa"), T("lab_kappa_undefined") if np.isnan(kappa) else fmt(kappa))
    st.caption(T("lab_kappa_note"))

# ---------------------------------------------------------------- 2. the cut-off k

st.header(T("lab_k_title"))
st.markdown(T("lab_k_why"))  # one plain line before the numbers (UX review 3, U8)
st.write(T("lab_k_lead"))
screen = lab_widget(
    st.radio,
    "screen",
    T("lab_screen"),
    tuple(lab_settings.SCREENS),
    horizontal=True,
    format_func=labeller("lab_screen_"),
)
curve_x = limits.ndcg_at_every_k(grades, gain=ex.gain)
curve_y = limits.ndcg_at_every_k(grades[order_y], gain=ex.gain)
swaps = limits.swap_points(curve_x, curve_y)
flip_prompt = predict.flip_k(curve_x, curve_y, swaps)
# "Which k flips the winner?" before the chart; its stars (the answer) only once the learner has guessed
guessed = ask(flip_prompt, "limits") is not None or flip_prompt is None
ks = list(range(1, n + 1))
cut = lab_settings.SCREENS[screen]
stars = {  # the answer to "which k flips the winner?": drawn once the learner has guessed
    "name": T("lab_swap"),
    "color": figures.PALETTE["orange"],
    "outline": figures.PALETTE["black"],
    "symbol": "star",
    "size": 16,
    "lines": False,
    "x": swaps,
    "y": [float(curve_x[s - 1]) for s in swaps],
}
leader = {1: T("lab_ranking_x"), -1: T("lab_ranking_y"), 0: T("lab_tie")}
figures.lines(
    "limits_k_chart",
    series=[
        figures.line(0, T("lab_ranking_x"), ks, curve_x.round(4)),
        figures.line(1, T("lab_ranking_y"), ks, curve_y.round(4)),
        *([stars] if guessed and swaps else []),
    ],
    x_title="k",
    y_title="nDCG@k",
    title=T("lab_k_title"),
    x_integer=True,
    y_range=(0.0, 1.05),
    vlines=[vline(min(cut, n), figures.COLORS["marker"], "dash")],
    table={
        "k": ks,
        T("lab_ranking_x"): curve_x,
        T("lab_ranking_y"): curve_y,
        T("lab_col_leader"): [leader[int(v)] for v in limits.verdict(curve_x, curve_y)],
    },
)
if swaps:
    st.write(T("lab_swaps", ks=", ".join(f"@{s}" for s in swaps)))
else:
    st.write(T("lab_no_swap"))
at_cut = min(cut, n)
st.write(
    T(
        f"lab_screen_line_{WHO[int(limits.verdict(curve_x[at_cut - 1], curve_y[at_cut - 1]))]}",
        cut=cut,
        x=fmt(curve_x[at_cut - 1]),
        y=fmt(curve_y[at_cut - 1]),
    )
)
if cut > n:
    st.caption(T("lab_screen_short", cut=cut, n=n))

# ---------------------------------------------------------------- 3. incomplete judgments

st.header(T("lab_hide_title"))
st.markdown(T("lab_hide_why"))  # one plain line before the numbers (UX review 3, U8)
st.write(T("lab_hide_lead"))
hide = lab_widget(st.slider, "hide", T("lab_hide"), min_value=0, max_value=90, step=10, format="%d%%")
mask = limits.hidden_mask(n, hide / 100, seed)
st.caption(plain(T("lab_hidden_items", n=int(mask.sum()), items=names_of(np.flatnonzero(mask)) or "–")))
inc = limits.incomplete(grades, mask, scale=ex.scale, k=k, gain=ex.gain)
measures = [
    (T("lab_m_full", at=at), inc.full),
    (T("lab_m_zero", at=at), inc.as_zero),
    (T("lab_m_condensed", at=at), inc.condensed),
    (T("lab_m_lower"), inc.lower),
    (T("lab_m_upper"), inc.upper),
]
tables.show(
    {
        T("col_measure"): [label for label, _ in measures],
        T("lab_col_value"): [v for _, v in measures],
        T("lab_col_off"): [v - inc.full for _, v in measures],
    }
)
st.metric(T("lab_judged_at", at=at), f"{inc.judged_at_k:.0%}")
st.caption(T("lab_bounds_note", scale=ex.scale))
sweep = limits.incomplete_sweep(grades, SHARES, draws=lab_settings.HIDE_SWEEP_DRAWS, seed=seed, k=k, gain=ex.gain)
percent = (sweep["share"] * 100).round().astype(int).tolist()
figures.lines(
    "limits_hide_chart",
    series=[
        figures.line(0, T("lab_m_zero", at=at), percent, sweep["as_zero"].round(4)),
        figures.line(1, T("lab_m_condensed", at=at), percent, sweep["condensed"].round(4)),
    ],
    x_title=T("lab_axis_hidden"),
    y_title=T("lab_axis_off"),
    title=T("lab_hide_title"),
    vlines=[vline(hide, figures.COLORS["marker"], "dash")],
    table={
        T("lab_axis_hidden"): percent,
        T("lab_m_zero", at=at): sweep["as_zero"],
        T("lab_m_condensed", at=at): sweep["condensed"],
        T("lab_judged_at", at=at): sweep["judged_at_k"],
    },
)
st.caption(T("lab_sweep_note", draws=lab_settings.HIDE_SWEEP_DRAWS))

# ---------------------------------------------------------------- 4. averaging over queries

st.header(T("lab_avg_title"))
st.markdown(T("lab_avg_why"))  # one plain line before the numbers (UX review 3, U8)
st.write(T("lab_avg_lead"))
empty = lab_widget(st.slider, "empty", T("lab_empty"), min_value=0, max_value=lab_settings.MAX_EMPTY, step=1)
queries = [tuple(grades), limits.SECOND_QUERY]
means = limits.means_by_empty(queries, lab_settings.MAX_EMPTY, k=k, gain=ex.gain)
with st.container(horizontal=True, key="limits_avg_metrics"):
    st.metric(T("avg_mean_zero"), fmt(means["zero"][empty]))
    st.metric(T("avg_mean_skip"), fmt(means["skip"][empty]))
figures.lines(
    "limits_avg_chart",
    series=[
        figures.line(0, T("avg_mean_zero"), means["empty"], means["zero"].round(4)),
        figures.line(1, T("avg_mean_skip"), means["empty"], means["skip"].round(4)),
    ],
    x_title=T("lab_empty"),
    y_title=T("lab_axis_mean"),
    title=T("lab_avg_title"),
    x_integer=True,
    y_range=(0.0, 1.05),
    vlines=[vline(empty, figures.COLORS["marker"], "dash")],
    table={
        T("lab_empty"): means["empty"].tolist(),
        T("avg_mean_zero"): means["zero"],
        T("avg_mean_skip"): means["skip"],
    },
)
st.write(T("lab_avg_queries", second=", ".join(f"{g:g}" for g in limits.SECOND_QUERY), m=empty))
st.write(T("avg_tools"))

# ---------------------------------------------------------------- 5. the cost of IDCG (measured only on a press)

st.header(T("lab_cost_title"))
st.markdown(T("lab_cost_why"))  # one plain line before the numbers (UX review 3, U8)
st.write(T("lab_cost_lead"))
if st.button(T("lab_measure"), key="limits_measure", icon=":material/timer:"):
    with st.spinner(T("lab_measuring"), show_time=True):
        lab_state.set_timings(lab_state.measured(lab_settings.COST_SIZES, k=10, gain=ex.gain))
timings = lab_state.timings()
if timings is None:
    st.caption(T("lab_cost_none"))
else:
    ways = [("vectorized", T("lab_way_vectorized")), ("loop", T("lab_way_loop")), ("sorts", T("lab_way_sorts"))]
    for axis, fixed, grown, title in (
        ("queries", "documents", lab_settings.COST_QUERIES, T("lab_axis_queries")),
        ("documents", "queries", lab_settings.COST_DOCS, T("lab_axis_docs")),
    ):
        part = timings[(timings[fixed] == 100) & timings[axis].isin(grown)].sort_values(axis)
        ms = {name: (part[name].to_numpy() * 1000).round(3) for name, _ in ways}
        figures.lines(
            f"limits_cost_{axis}",
            series=[figures.line(i, label, part[axis], ms[name]) for i, (name, label) in enumerate(ways)],
            x_title=title,
            y_title=T("lab_axis_ms"),
            title=T("lab_cost_title"),
            x_log=True,  # one tick per power of ten on both axes
            y_log=True,
            table={title: part[axis].tolist(), **{label: ms[name] for name, label in ways}},
        )
    big = timings[(timings["queries"] == max(lab_settings.COST_QUERIES)) & (timings["documents"] == 100)].iloc[0]
    st.write(
        T(
            "lab_cost_result",
            queries=f"{int(big['queries']):,}",
            vectorized=f"{big['vectorized'] * 1000:.1f}",
            loop=f"{big['loop'] * 1000:.1f}",
            times=f"{big['loop'] / big['vectorized']:.0f}",
            sorts=f"{big['sorts'] * 1000:.2f}",
        )
    )
    st.info(T("lab_cost_conclusion"), icon=":material/lightbulb:")
