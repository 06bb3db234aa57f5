"""Why nDCG changed: after a move, the ranks whose discounted gain went up or down, and by how much."""

from __future__ import annotations

import streamlit as st

from teach.format import fmt
from ui import session, tables
from ui.i18n import T
from ui.scoring import View, score_view


def breakdown(view: View) -> dict[str, list] | None:
    """Rank, item before → after, discounted gain before and after, and Δ, for each changed rank ≤ k.

    None when there was no move, or the example has changed since (the Δ would not be this move's).
    """
    move = session.last_move()
    if not move or move["after"] != session.example() or view.result is None:
        return None
    before, after = score_view(move["before"]).result, view.result
    if before is None or before.idcg != after.idcg:  # a reorder keeps IDCG; anything else is not a move
        return None
    n = min(len(before.column("rank")), len(after.column("rank")))
    cut = min(n, after.k or n)
    items_b, items_a = before.column("item"), after.column("item")
    dg_b, dg_a = before.column("discounted_gain"), after.column("discounted_gain")
    rows = [i for i in range(cut) if items_b[i] != items_a[i] or dg_b[i] != dg_a[i]]
    if not rows:
        return None
    return {
        T("col_rank"): [i + 1 for i in rows],
        T("why_col_items"): [f"{items_b[i]} → {items_a[i]}" for i in rows],
        T("why_col_before"): [float(dg_b[i]) for i in rows],
        T("why_col_after"): [float(dg_a[i]) for i in rows],
        T("why_col_change"): [float(dg_a[i] - dg_b[i]) for i in rows],
    }


def section(view: View) -> None:
    """The "why did nDCG change?" table with its one-line sum (nothing before the first move)."""
    table = breakdown(view)
    if table is None:
        return
    move = session.last_move()
    assert move is not None  # for type checkers: ``breakdown`` gave a table, so there was a move
    before = score_view(move["before"]).result
    r = view.result
    assert before is not None and r is not None  # for type checkers: ``breakdown`` compared both scores
    st.subheader(T("why_title"))
    tables.show(table)  # item names are user text: a table cell, never markdown
    st.caption(
        T(
            "why_sum",
            at=view.at,
            dcg_before=fmt(before.dcg),
            dcg_after=fmt(r.dcg),
            delta=f"{r.dcg - before.dcg:+.4f}",
            idcg=fmt(r.idcg),
            ndcg_before=fmt(before.ndcg),
            ndcg_after=fmt(r.ndcg),
        )
    )
