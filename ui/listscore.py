"""What the drag list needs to draw its own numbers (issue 25): grades, gain, k, judged pool, mode, the server's values.

The list (``ui.components.sortable``) recomputes nDCG in the browser on every pointer move with the
code of ``ui.components.ndcg_js``, which equals ``score_ranking`` for the linear and exponential gains,
the log2 discount, any k and the judged pool. Ranked by model scores (a tie policy decides), it does
not compute: it says so and shows the server's number only. The payload is a few numbers per row.
"""

from __future__ import annotations

from teach import choices
from teach.format import fmt
from ui import palette, session
from ui.i18n import T
from ui.scoring import View, score_view

BROWSER_GAINS = ("linear", "exponential")  # the gains ndcg_js.py computes


def item_numbers(view: View) -> dict[int, tuple[float, float]]:
    """(grade, the server's discounted gain at its rank) of every scored row, by uid."""
    r, checked = view.result, view.checked
    if r is None:
        return {}
    dg = r.column("discounted_gain")
    return {checked.uids[j]: (float(checked.grades[j]), float(dg[i])) for i, j in enumerate(r.order)}


def payload(view: View, visual: str = "steps") -> dict | None:
    """The ``score`` data of a list: None when nothing can be scored.

    ``visual`` "discount" (the discount lesson's list) also draws the discount curve with the items on
    it; "gain" (the gain lesson's) draws nDCG under each gain instead of DCG and IDCG.
    """
    r = view.result
    if r is None:
        return None
    ex = session.example()
    at = view.at
    browser = not ex.use_scores and r.discount == "log2" and r.gain in BROWSER_GAINS
    ideal_dg = r.column("discounted_gain", ideal=True)
    server = {
        "dcg": r.dcg,
        "idcg": r.idcg,
        "ndcg": r.ndcg,
        "dcg_text": fmt(r.dcg),
        "idcg_text": fmt(r.idcg),
        "ndcg_text": fmt(r.ndcg),
        "top": float(ideal_dg[0]) if len(ideal_dg) else 0.0,
    }
    if visual == "gain":
        gains = choices.gains()
        every = {g: score_view(ex, view.checked, gain=g).result for g in gains}
        server["by_gain"] = {g: s.ndcg if s is not None else 0.0 for g, s in every.items()}
        bars = [
            {
                "label": f"nDCG{at} · {T(choices.GainFacts.keys(g)['column'])}",
                "kind": "ndcg",
                "gain": g,
                "color": palette.SERIES_COLORS[gains.index(g) % len(palette.SERIES_COLORS)],  # as on the charts
            }
            for g in gains
        ]
    else:
        bars = [{"label": f"DCG{at}", "kind": "dcg"}, {"label": f"IDCG{at}", "kind": "idcg"}]
    k = r.k if r.k is not None and r.k < len(r.column("rank")) else None
    return {
        "browser": browser,
        "gain": r.gain,
        "k": r.k,
        "extra": list(ex.pool) if ex.use_pool else None,
        "server": server,
        "bars": bars,
        "curve": visual == "discount",
        "colors": palette.CONCEPTS,
        "text": {
            "ndcg": f"nDCG{at} =",
            "browser": T("list_score_browser"),
            "server": T("list_score_server"),
            "server_only": T("list_score_server_only"),
            "zero": T("list_score_zero"),
            "cut": T("list_cut", k=k) if k is not None else "",
            "curve": T("list_curve"),
            "curve_axis": T("list_curve_axis"),
        },
    }
