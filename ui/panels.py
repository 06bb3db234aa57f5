"""Panels inside a lesson: the tie panel and the IDCG-pool controls (rendering only; callbacks in actions)."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from teach import choices
from teach.format import fmt, plain
from ui import actions, session
from ui.glossary import help_for
from ui.i18n import T, labeller, problem_text
from ui.scoring import score_view
from ui.tables import show, step_table, table_height


def tie_panel(view) -> None:
    """Tie groups of the model scores, and nDCG under every tie policy with its range."""
    r = view.result
    st.subheader(T("ties_title"), help=help_for("tie_average", "tie_optimistic", "tie_pessimistic"))
    groups = sum(1 for s in r.tie_group_sizes if s > 1)
    if groups == 0:
        st.write(T("ties_none"))
        return
    st.write(T("ties_one") if groups == 1 else T("ties_some", groups=groups))
    st.caption(T("ties_explain_average"))
    ex = session.example()
    policies = choices.ties()
    values: dict[str, float] = {}
    for p in policies:
        scored = score_view(ex, view.checked, ties=p).result
        assert scored is not None  # for type checkers: the rows ``view`` scored, under another tie policy
        values[p] = scored.ndcg
    table = pd.DataFrame(
        {
            T("col_policy"): [T(choices.tie_label_key(p)) for p in policies],
            T("metric_ndcg", at=view.at): [fmt(values[p]) for p in policies],
        }
    )
    st.dataframe(table, hide_index=True, width="stretch")
    st.info(T("ties_range", lo=fmt(values["pessimistic"]), hi=fmt(values["optimistic"])), icon=":material/swap_vert:")
    columns: tuple[str, ...] = ("rank", "item", "relevance", "score", "tie_group", "gain", "gain_used")
    if not (r.column("gain_used") != r.column("gain")).any():  # only the average policy changes a gain (G12)
        columns = columns[:-1]
    show(
        step_table(r, ideal=False, columns=columns),
        height=table_height(len(r.column("rank"))),
        static=True,
    )


def pool_controls(page: str) -> None:
    """The IDCG-pool switch: only the listed items, or every judged item (listed or not)."""
    ex = session.example()
    mode_key, text_key = f"{page}_pool_mode", f"{page}_pool_text"
    modes = list(actions.POOL_MODES)
    st.radio(
        T("pool_switch"),
        modes,
        format_func=labeller("pool_"),
        key=mode_key,
        horizontal=True,
        on_change=actions.on_pool_mode,
        args=(mode_key,),
        help=help_for("judged_pool", "sklearn", "trec_eval"),
        **session.bound(mode_key, "judged" if ex.use_pool else "listed", modes),
    )
    if ex.use_pool:
        if session.pool_problem():  # keep a bad entry on screen until it is fixed
            kept = {"value": session.widget_value(text_key, "")}
        else:
            kept = session.bound(text_key, ", ".join(f"{g:g}" for g in ex.pool))
        st.text_input(
            T("pool_input"), key=text_key, on_change=actions.on_pool_text, args=(text_key,), max_chars=3000, **kept
        )
        problems = session.pool_problem()
        if problems:
            lines = [problem_text(p) for p in problems[:3]]
            if len(problems) > 3:
                lines.append(T("more_problems", n=len(problems) - 3))
            used = ", ".join(f"{g:g}" for g in ex.pool) or T("pool_none")
            lines.append(T("pool_used", used=used))
            st.warning("  \n".join(plain(x) for x in lines), icon=":material/warning:")  # typed text: escaped
