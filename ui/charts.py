"""Tables and plotly figures built from ``RankingScore`` step tables, with localized headers.

Figures are plain dicts (``st.plotly_chart`` accepts them). Item names in figures are
HTML-escaped, since plotly reads a few tags in its text.
"""

from __future__ import annotations

import html
from dataclasses import replace

import pandas as pd
import streamlit as st

from ndcg_core import RankingScore
from ui import choices, state
from ui.barchart import bar_chart
from ui.widgets import T, bound, example, fmt, labeller, score_view, set_example

NUM = "%.4f"
COLORS = {"actual": "#2f6fde", "ideal": "#f08c2e"}
POOL_MODES = ("listed", "judged")  # IDCG over the listed items, or over every judged item
CONFIG = {"displayModeBar": False, "responsive": True}


def label(name: object) -> str:
    """A name safe for plotly text (its tags become literal characters)."""
    return html.escape(str(name), quote=True)


def step_frame(r: RankingScore, *, ideal: bool, columns: tuple[str, ...] | None = None) -> pd.DataFrame:
    """The step table of the actual (or ideal) order with translated headers."""
    names = {
        "rank": T("col_rank"), "item": T("col_item"), "relevance": T("col_grade"), "score": T("col_score"),
        "tie_group": T("col_tie_group"), "gain": T("col_gain"), "gain_used": T("col_gain_used"),
        "discount": T("col_discount"), "discounted_gain": T("col_dg"), "cg": T("col_cg"), "dcg": T("col_dcg"),
        "idcg": T("col_idcg"), "ndcg": T("col_ndcg"),
    }
    if columns is None:
        columns = ("rank", "item", "relevance", "gain", "discounted_gain", "idcg" if ideal else "dcg")
    src = r.ideal_steps if ideal else r.steps
    return src.loc[:, list(columns)].rename(columns=names)


def show(df: pd.DataFrame, *, height: int | None = None, styler=None) -> None:
    """A read-only table with 4 decimals for every float column."""
    config = {
        c: st.column_config.NumberColumn(format="%d" if (df[c] == df[c].round()).all() else NUM)
        for c in df.columns
        if df[c].dtype.kind == "f"
    }
    st.dataframe(styler if styler is not None else df, hide_index=True, width="stretch", column_config=config,
                 height=height if height is not None else "auto")


def figure(data: list[dict], *, x_title: str, y_title: str, height: int = 340, **layout) -> dict:
    return {
        "data": data,
        "layout": {
            "height": height,
            "margin": {"l": 60, "r": 20, "t": 20, "b": 40},
            "xaxis": {"title": {"text": x_title}},
            "yaxis": {"title": {"text": y_title}},
            "legend": {"orientation": "h", "y": -0.22, "yanchor": "top"},
            "font": {"size": 14},
            **layout,
        },
    }


def plot(fig: dict, key: str) -> None:
    st.plotly_chart(fig, key=key, config=CONFIG, width="stretch")


def actual_vs_ideal(r: RankingScore, key: str) -> None:
    """Grouped bars of discounted gain per rank, actual vs ideal (up to the list length)."""
    n = len(r.column("rank"))
    bar_chart(
        key=key,
        categories=r.column("rank").tolist(),
        series=[
            {"name": T("chart_actual"), "color": COLORS["actual"], "values": r.column("discounted_gain").tolist(),
             "labels": [str(x) for x in r.column("item")]},
            {"name": T("chart_ideal"), "color": COLORS["ideal"],
             "values": r.column("discounted_gain", ideal=True)[:n].tolist(),
             "labels": [str(x) for x in r.column("item", ideal=True)[:n]]},
        ],
        x_title=T("axis_rank"), y_title=T("axis_dg"), title=T("chart_title"),
    )


def table_height(rows: int) -> int:
    """Tall enough for short lists, scrolling beyond 12 rows."""
    return 38 + 35 * min(max(rows, 1), 12)


def highlight_rows(df: pd.DataFrame, mask: list[bool]):
    """A Styler that tints the rows where ``mask`` is True."""
    styles = ["background-color: #ffe8c2"] * len(df.columns)
    plain_row = [""] * len(df.columns)
    return df.style.apply(lambda row: styles if mask[row.name] else plain_row, axis=1).format(precision=4)


def log_column(df: pd.DataFrame) -> pd.DataFrame:
    """Insert log2(i+1) next to the discount so the division is visible."""
    disc_col = T("col_discount")
    if disc_col not in df.columns:
        return df
    out = df.copy()
    out.insert(out.columns.get_loc(disc_col), T("col_log"), 1.0 / df[disc_col])
    return out


def tie_panel(view) -> None:
    """Tie groups of the model scores, and nDCG under every tie policy with its range."""
    r = view.result
    st.subheader(T("ties_title"))
    groups = sum(1 for s in r.tie_group_sizes if s > 1)
    if groups == 0:
        st.write(T("ties_none"))
        return
    st.write(T("ties_some", groups=groups))
    st.caption(T("ties_explain_average"))
    ex = example()
    policies = choices.ties()
    values = {p: score_view(ex, view.checked, ties=p).result.ndcg for p in policies}
    table = pd.DataFrame({
        T("col_policy"): [T(choices.tie_label_key(p)) for p in policies],
        T("metric_ndcg", k=view.k_text): [fmt(values[p]) for p in policies],
    })
    st.dataframe(table, hide_index=True, width="stretch")
    st.info(T("ties_range", lo=fmt(values["pessimistic"]), hi=fmt(values["optimistic"])), icon=":material/swap_vert:")
    show(step_frame(r, ideal=False, columns=("rank", "item", "relevance", "score", "tie_group", "gain", "gain_used")),
         height=table_height(len(r.column("rank"))))


def _on_pool_mode(key: str) -> None:
    if st.session_state[key] not in POOL_MODES:
        return
    set_example(replace(example(), use_pool=st.session_state[key] == "judged"))


def _on_pool_text(key: str) -> None:
    raw = st.session_state[key]
    ex = example()
    grades = []
    parts = [p.strip() for p in raw.split(",")] if raw.strip() else []
    if len(parts) > state.MAX_ITEMS:
        st.session_state["pool_problem"] = ("url_too_many", {"param": "pool", "count": len(parts),
                                                              "max": state.MAX_ITEMS})
        return
    for j, part in enumerate(parts, start=1):
        problem = state.grade_problem(part, ex.scale)
        if problem:
            st.session_state["pool_problem"] = ("pool_bad", {"pos": j, "why": problem})
            return
        grades.append(float(part))
    st.session_state["pool_problem"] = None
    set_example(replace(ex, pool=tuple(grades)))


def pool_controls(page: str) -> None:
    """The IDCG-pool switch: only the listed items, or every judged item (listed or not)."""
    ex = example()
    mode_key, text_key = f"{page}_pool_mode", f"{page}_pool_text"
    modes = list(POOL_MODES)
    st.radio(T("pool_switch"), modes, format_func=labeller("pool_"), key=mode_key,
             horizontal=True, on_change=_on_pool_mode, args=(mode_key,),
             **bound(mode_key, "judged" if ex.use_pool else "listed", modes))
    if ex.use_pool:
        if st.session_state.get("pool_problem"):  # keep a bad entry on screen until it is fixed
            kept = {"value": st.session_state.get(text_key, "")}
        else:
            kept = bound(text_key, ", ".join(f"{g:g}" for g in ex.pool))
        st.text_input(T("pool_input"), key=text_key, on_change=_on_pool_text, args=(text_key,), max_chars=3000,
                      **kept)
        if st.session_state.get("pool_problem"):
            st.warning(_pool_problem_text(st.session_state["pool_problem"]), icon=":material/warning:")


def _pool_problem_text(problem) -> str:
    """The judged-grades problem in today's language (state keeps the key, never the text)."""
    key, params = problem
    if key == "pool_bad":
        inner_key, inner = params["why"]
        return T("pool_bad", why=f"#{params['pos']} " + T(inner_key, **inner))
    return T(key, **params)
