"""The ranking editor every lesson starts with: settings, drag list, table, problems and headline.

Widget keys are prefixed with the page's slug. Item names are user text: they are shown
through dataframes, plain text and ``plain()``-escaped markdown, never as HTML. Callbacks live
in ``ui.actions``; session state is reached only through ``ui.session``.
"""

from __future__ import annotations

from dataclasses import replace

import pandas as pd
import streamlit as st

from ui import actions, choices, session, state
from ui.components.sortable import sortable_list
from ui.format import fmt, num, plain
from ui.i18n import LANG_NAMES, T, labeller, problem_text
from ui.scoring import View, score_view


def url_warning() -> None:
    """One-line warning when the opening link could not be used (shown until the example changes)."""
    problem = session.url_problem()
    if problem and problem[0] == "url_lang":  # only the language was bad: the example was used
        st.warning(problem_text(problem), icon=":material/warning:")
    elif problem:
        st.warning(T("url_reset_warning", why=problem_text(problem)), icon=":material/warning:")


def language_picker() -> None:
    """Sidebar radio: 한국어 / English (the language itself lives outside the widget's state)."""
    st.sidebar.radio(
        T("language"), list(state.LANGS), format_func=LANG_NAMES.get, key="sidebar_lang", horizontal=True,
        on_change=actions.on_language, args=("sidebar_lang",),
        **session.bound("sidebar_lang", session.language(), state.LANGS),
    )


def settings_row(page: str) -> None:
    """Scale, gain, k, and the model-score mode, bound to the shared example."""
    ex = session.example()
    n = max(len(ex.items), 1)
    c1, c2, c3, c4 = st.columns([1.2, 1.3, 1, 1.3])
    c1.selectbox(
        T("scale"), state.SCALES, format_func=labeller("scale_"), key=f"{page}_scale",
        on_change=actions.on_setting, args=("scale", f"{page}_scale"),
        **session.bound(f"{page}_scale", ex.scale, state.SCALES),
    )
    gains = choices.gains()
    c2.radio(
        T("gain"), gains, format_func=labeller("gain_"), key=f"{page}_gain",
        on_change=actions.on_setting, args=("gain", f"{page}_gain"), **session.bound(f"{page}_gain", ex.gain, gains),
    )
    # 0 stands for "the whole list": st.selectbox shows None as "no choice".
    options = list(range(0, max(n, ex.k or 1) + 1))
    c3.selectbox(
        T("k"), options, format_func=labeller("k_", zero="k_all"), key=f"{page}_k",
        on_change=actions.on_setting, args=("k", f"{page}_k"), **session.bound(f"{page}_k", ex.k or 0, options),
    )
    c4.toggle(
        T("use_scores"), key=f"{page}_use_scores", help=T("use_scores_help"),
        on_change=actions.on_setting, args=("use_scores", f"{page}_use_scores"),
        **session.bound(f"{page}_use_scores", ex.use_scores),
    )
    if ex.use_scores:
        ties = choices.ties()
        c4.selectbox(
            T("ties"), ties, format_func=labeller("ties_"),
            key=f"{page}_ties", on_change=actions.on_setting, args=("ties", f"{page}_ties"),
            **session.bound(f"{page}_ties", ex.ties, ties),
        )


def _editor_frame(items: tuple[state.Item, ...], use_scores: bool) -> pd.DataFrame:
    data = {
        "uid": [i.uid for i in items],
        "name": [None if state.blank(i.name) else str(i.name) for i in items],
        "grade": [state.number(i.grade) for i in items],
    }
    if use_scores:
        data["score"] = [state.number(i.score) for i in items]
    dtypes = {"uid": "Int64", "grade": "Float64", "score": "Float64"}
    return pd.DataFrame(data).astype({c: dtypes[c] for c in data if c in dtypes})


def _cell(value):
    if value is None or value is pd.NA:
        return None
    try:
        if pd.isna(value):
            return None
    except (TypeError, ValueError):
        pass
    return value


def _items_from_frame(df: pd.DataFrame, ex: state.Example) -> tuple[state.Item, ...]:
    """Rows of the table, in table order, with ids kept (new rows get the next free ids)."""
    old = {i.uid: i for i in ex.items}
    fresh = max([*old, -1]) + 1
    items = []
    for row in df.itertuples(index=False):
        uid = _cell(row.uid)
        if uid is None or int(uid) in {i.uid for i in items}:
            uid, fresh = fresh, fresh + 1
        uid = int(uid)
        prev = old.get(uid)
        score = _cell(getattr(row, "score", None)) if ex.use_scores else (prev.score if prev else None)
        items.append(state.Item(uid, _cell(row.name), _cell(row.grade), score))
    return tuple(items)


def table_editor(page: str) -> None:
    """The data editor: add, rename, delete items and set grades (and scores)."""
    ex = session.example()
    key = f"{page}_table_{session.editor_version()}_{int(ex.use_scores)}"
    base = session.editor_base(key, lambda: _editor_frame(ex.items, ex.use_scores))
    columns = {
        "uid": None,
        "name": st.column_config.TextColumn(T("col_item"), max_chars=state.MAX_NAME, width="medium"),
        # No min, max or step: the editor would clamp or round what was typed (-1 -> 1, 1.5 -> 3)
        # before the row check could name it. Typed values reach state.check unchanged.
        "grade": st.column_config.NumberColumn(T("col_grade"), format="plain"),
    }
    if ex.use_scores:
        columns["score"] = st.column_config.NumberColumn(T("col_score"), step=0.01, format="%.3f")
    out = st.data_editor(
        base, key=key, num_rows="dynamic", hide_index=True, column_config=columns, width="stretch",
        height=min(38 + 35 * (len(base) + 1), 420),
    )
    items = _items_from_frame(out, ex)
    if items != ex.items:
        session.set_example(replace(ex, items=items), rebuild_editor=False)


def ranking_list(page: str, view: View) -> None:
    """The drag list with its buttons, showing the current ranked order."""
    ex = session.example()
    key = f"{page}_order"
    by_uid = {i.uid: i for i in ex.items}
    good = set(view.checked.uids)
    if ex.use_scores and view.result is not None:
        uids = [view.checked.uids[i] for i in view.result.order]
        uids += [i.uid for i in ex.items if i.uid not in good]
    else:
        uids = [i.uid for i in ex.items]
    items = []
    for uid in uids:
        it = by_uid[uid]
        g = state.number(it.grade)
        gtext = "?" if g is None else num(g)
        if ex.use_scores:
            s = state.number(it.score)
            label = T("grade_score_short", g=gtext, s="?" if s is None else num(s))
        else:
            label = T("grade_short", g=gtext)
        items.append({"uid": uid, "name": "" if state.blank(it.name) else str(it.name), "grade": label,
                      "bad": uid not in good})
    text = {"hint": T("list_hint"), "locked": T("list_locked"), "label": T("list_label"),
            "up": T("list_up"), "down": T("list_down")}
    moved = sortable_list(key=key, items=items, text=text, locked=ex.use_scores,
                          on_moved=lambda: actions.on_list_moved(key))
    # AppTest sets the component's state without its callback; a browser's report was applied by it.
    if isinstance(moved, dict) and not ex.use_scores and actions.apply_move(moved.get("order") or [], moved.get("uid")):
        st.rerun()
    locked = ex.use_scores
    for col, action in zip(st.columns(len(actions.ORDER_ACTIONS)), actions.ORDER_ACTIONS, strict=True):
        col.button(T(f"btn_{action}"), key=f"{page}_{action}", on_click=actions.on_order_button, args=(action,),
                   disabled=locked and action != "reset", width="stretch")


def row_problems(checked: state.Checked) -> None:
    """One sentence per unusable row (at most three), so nothing is silently dropped."""
    lines = []
    for key, params in checked.problems[:3]:
        if "row" in params:
            p = dict(params)
            row = p.pop("row")
            lines.append(T("row_problem", row=row, text=T(key, **p)))
        else:
            lines.append(T(key, **params))
    if len(checked.problems) > 3:
        lines.append(T("more_problems", n=len(checked.problems) - 3))
    if lines:
        st.warning("  \n".join(plain(x) for x in lines), icon=":material/warning:")


def lesson_header(page: str) -> View:
    """Title, lead sentence and ranking editor of a lesson page; stops the page when nothing can be scored."""
    st.title(T(f"{page}_title"))
    st.write(T(f"{page}_lead"))
    headline = st.container()
    view = ranking_editor(page)
    if view.result is None:
        st.stop()
    with headline:
        summary(view)
    return view


def ranking_editor(page: str) -> View:
    """Everything above a lesson: settings, the drag list, the table, problems, and the scores."""
    url_warning()
    with st.container(border=True):
        st.subheader(T("editor_title"))
        st.caption(T("editor_help"))
        settings_row(page)
        left, right = st.columns([1, 1.1])
        with right:
            table_editor(page)
        view = score_view(session.example())
        with left:
            ranking_list(page, view)
        row_problems(view.checked)
        if view.result is None:
            st.info(T("no_items"), icon=":material/info:")
    return view


def summary(view: View) -> None:
    """The headline numbers, with ΔnDCG for the last move."""
    r = view.result
    if r is None:
        return
    at = view.at
    delta = None
    move = session.last_move()
    if move and move["after"] == session.example():
        before = score_view(move["before"]).result
        if before is not None:
            delta = r.ndcg - before.ndcg
    c1, c2, c3, c4 = st.columns(4)
    c1.metric(T("metric_ndcg", at=at), fmt(r.ndcg), delta=None if delta is None else f"{delta:+.4f}")
    c2.metric(T("metric_dcg", at=at), fmt(r.dcg))
    c3.metric(T("metric_idcg", at=at), fmt(r.idcg))
    cut = r.column("cg")[min(len(r.column("cg")), r.k or len(r.column("cg"))) - 1]
    c4.metric(T("metric_cg", at=at), num(cut))
    if delta is not None and move.get("note"):
        st.caption(plain(problem_text(move["note"]) + " " + T("delta_line", before=fmt(before.ndcg),
                                                              after=fmt(r.ndcg), delta=f"{delta:+.4f}")))
    if r.idcg_is_zero:
        st.info(T("idcg_zero"), icon=":material/info:")
