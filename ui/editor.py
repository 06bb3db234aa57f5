"""The ranking editor every lesson starts with: settings, drag list, table, problems and headline.

Widget keys are prefixed with the page's slug. Item names are user text: they are shown
through dataframes, plain text and ``plain()``-escaped markdown, never as HTML. Callbacks live
in ``ui.actions``; session state is reached only through ``ui.session``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import NoReturn

import numpy as np
import pandas as pd
import streamlit as st

from teach import choices, model, presets, url
from teach.format import fmt, num, plain
from ui import actions, listscore, session
from ui.components import firstpaint
from ui.components.sortable import sortable_list
from ui.features import owndata
from ui.i18n import LANG_NAMES, T, labeller, problem_text, translate
from ui.scoring import View, score_view


def url_warning() -> None:
    """One-line warning when the opening link could not be used (shown until the example changes)."""
    problem = session.url_problem()  # its values are the link's text: escaped, never markdown
    if problem and problem[0].startswith("data_opened"):  # not a problem: the upload page opened a query
        note = problem_text(problem)
        if problem[1].get("shortened"):
            note += " " + T("data_ids_short", max=model.MAX_NAME)
        st.info(plain(note), icon=":material/upload_file:")
        owndata.back_link()  # back to the data, and the page starts at its top (UX review 3, U2, U5)
    elif problem and problem[0] in ("url_lang", "url_repeated"):  # the example was used as the link says
        st.warning(plain(problem_text(problem)), icon=":material/warning:")
    elif problem and url.example_kept(problem):
        why = problem_text(problem)
        if problem[0] == "url_several":  # several bad values: each named (G14)
            text = T("url_kept_warning_many", n=problem[1]["n"], why=why)
        else:
            text = T("url_kept_warning", why=why)
        st.warning(plain(text), icon=":material/warning:")
    elif problem:
        st.warning(plain(T("url_reset_warning", why=problem_text(problem))), icon=":material/warning:")
    if not (problem and problem[0].startswith("data_opened")):  # the guided start's end opens /steps at its top
        owndata.start_at_top()


def language_picker() -> None:
    """Sidebar radio: 한국어 / English (the language itself lives outside the widget's state)."""
    st.sidebar.radio(
        T("language"),
        list(model.LANGS),
        format_func=LANG_NAMES.get,
        key="sidebar_lang",
        horizontal=True,
        on_change=actions.on_language,
        args=("sidebar_lang",),
        **session.bound("sidebar_lang", session.language(), model.LANGS),
    )


def preset_picker(page: str) -> None:
    """Ready-made examples (issue 9): the preset's name shows while the example is still exactly it."""
    key, options = f"{page}_preset", ["", *presets.PRESETS]
    name, language, choose = url.preset_of(session.example()), session.language(), T("preset_choose")
    st.selectbox(  # labels in today's language, wherever format_func runs
        T("preset_pick"),
        options,
        key=key,
        on_change=actions.on_preset,
        args=(key,),
        format_func=lambda n: translate(presets.PRESETS[n].title[0], language) if n else choose,
        **session.bound(key, name, options),
    )
    if name:
        st.caption(problem_text(presets.story(name)))


def settings_row(page: str) -> None:
    """Scale, gain, k, and the model-score mode, bound to the shared example."""
    ex = session.example()
    n = max(len(ex.items), 1)
    c1, c2, c3, c4 = st.columns([1.2, 1.3, 1, 1.3])
    c1.selectbox(
        T("scale"),
        model.SCALES,
        format_func=labeller("scale_"),
        key=f"{page}_scale",
        on_change=actions.on_setting,
        args=("scale", f"{page}_scale"),
        **session.bound(f"{page}_scale", ex.scale, model.SCALES),
    )
    gains = choices.gains()
    c2.radio(
        T("gain"),
        gains,
        format_func=labeller("choice_gain_"),
        key=f"{page}_gain",
        on_change=actions.on_setting,
        args=("gain", f"{page}_gain"),
        **session.bound(f"{page}_gain", ex.gain, gains),
    )
    # 0 stands for "the whole list": st.selectbox shows None as "no choice".
    options = list(range(0, max(n, ex.k or 1) + 1))
    c3.selectbox(
        T("k"),
        options,
        format_func=labeller("k_", zero="k_all"),
        key=f"{page}_k",
        on_change=actions.on_setting,
        args=("k", f"{page}_k"),
        **session.bound(f"{page}_k", ex.k or 0, options),
    )
    c4.toggle(
        T("use_scores"),
        key=f"{page}_use_scores",
        help=T("use_scores_help"),
        on_change=actions.on_setting,
        args=("use_scores", f"{page}_use_scores"),
        **session.bound(f"{page}_use_scores", ex.use_scores),
    )
    if ex.use_scores:
        ties = choices.ties()
        c4.selectbox(
            T("ties"),
            ties,
            format_func=labeller("ties_"),
            help=T("ties_help"),  # the labels are short, so they fit the select (U22); the sources are here
            key=f"{page}_ties",
            on_change=actions.on_setting,
            args=("ties", f"{page}_ties"),
            **session.bound(f"{page}_ties", ex.ties, ties),
        )


def _editor_frame(items: tuple[model.Item, ...], use_scores: bool) -> pd.DataFrame:
    # Grades are text cells, so what was typed ("abc", "1.5", "-1") stays in the table and in the
    # row check's sentence; blank cells are "" (a missing value would read "None").
    uids = [i.uid for i in items]
    names = ["" if model.blank(i.name) else str(i.name) for i in items]
    grades = [model.typed_text(i.grade) for i in items]
    scores = [model.number(i.score) for i in items] if use_scores else []
    # Names and grades are object (text) columns even with no rows, which pandas would make float.
    # Each column is made with its type (an astype afterwards copies every column: ~4 ms per move).
    return pd.DataFrame(
        {
            "uid": pd.array(uids, dtype="Int64"),
            "name": np.array(names, dtype=object),
            "grade": np.array(grades, dtype=object),
            **({"score": pd.array(scores, dtype="Float64")} if use_scores else {}),
        }
    )


def _cell(value):
    if value is None or value is pd.NA:
        return None
    try:
        if pd.isna(value):
            return None
    except (TypeError, ValueError):
        pass
    return value


def _items_from_frame(df: pd.DataFrame, ex: model.Example) -> tuple[model.Item, ...]:
    """Rows of the table, in table order, with ids kept (new rows get the next free ids)."""
    old = {i.uid: i for i in ex.items}
    fresh = max([*old, -1]) + 1
    items: list[model.Item] = []
    # Column by column (a Series iterates as itertuples does): itertuples makes a namedtuple class per call.
    scores = list(df["score"]) if "score" in df.columns else [None] * len(df)
    for row_uid, row_name, row_grade, row_score in zip(df["uid"], df["name"], df["grade"], scores, strict=True):
        uid = _cell(row_uid)
        if uid is None or int(uid) in {i.uid for i in items}:
            uid, fresh = fresh, fresh + 1
        uid = int(uid)
        prev = old.get(uid)
        score = _cell(row_score) if ex.use_scores else (prev.score if prev else None)
        if score is None and prev is not None and not model.blank(prev.score) and model.number(prev.score) is None:
            score = prev.score  # text the number column cannot show ("abc" from a link) stays as typed, as grades do
        name = _cell(row_name)
        items.append(model.Item(uid, "" if name is None else name, model.grade_value(_cell(row_grade)), score))
    return tuple(items)


SPARE_ROWS = 2  # room in the table for rows the user adds


def table_editor(page: str) -> None:
    """The data editor: add, rename, delete items and set grades (and scores)."""
    ex = session.example()
    # The key ends with the number of rows the table starts from ("x" when one is empty), so that a
    # browser that reconnects to another server can have its grid edit applied there (ui/reconnect.py).
    key, base = session.editor_base(
        f"{page}_table_{session.editor_version()}_{int(ex.use_scores)}",
        lambda: (
            f"{len(ex.items)}" if not any(map(model.empty_row, ex.items)) else "x",
            _editor_frame(ex.items, ex.use_scores),
        ),
    )
    columns = {
        "uid": None,
        # No max_chars: a name too long is named by the row check, not silently cut.
        "name": st.column_config.TextColumn(T("col_item"), default=""),  # sized to fit, so grades show on a phone
        # Text, with no min, max or step: a number column would clamp or round what was typed
        # (-1 -> 1, 1.5 -> 3) or refuse "abc" before the row check could name it.
        "grade": st.column_config.TextColumn(T("col_grade"), width="small", alignment="right", default=""),
    }
    if ex.use_scores:
        # "plain": 1 and 0.8, as the list writes them ("score 1"), not 1.000 (U17)
        columns["score"] = st.column_config.NumberColumn(T("col_score"), format="plain")
    out = st.data_editor(
        base,
        key=key,
        num_rows="dynamic",
        hide_index=True,
        column_config=columns,
        width="stretch",
        height=min(38 + 35 * (len(base) + 1 + SPARE_ROWS), 640),
    )
    items = _items_from_frame(out, ex)
    if items != ex.items:
        before = {i.uid: i.name for i in ex.items}
        renamed = [i.uid for i in items if i.uid in before and i.name != before[i.uid]]
        # The grid keeps room for SPARE_ROWS new rows, so row 1 never scrolls out of sight (UX #6).
        # Changing its height while a cell is being typed into would drop that cell's text, so it
        # is rebuilt taller only when a row beyond that room is added.
        session.set_example(
            replace(ex, items=items, renamed=renamed[-1] if renamed else ex.renamed),
            rebuild_editor=len(items) > len(base) + SPARE_ROWS,
        )


def ranking_list(page: str, view: View, *, visual: str = "steps", buttons: bool = True) -> None:
    """The drag list with its buttons, showing the current ranked order.

    The list draws its own numbers (``ui.listscore``): ``visual`` "discount" adds the discount curve with
    the items on it, "gain" nDCG under each gain. ``buttons=False`` draws the list alone (a lesson's own list).
    """
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
    numbers = listscore.item_numbers(view)  # grade and discounted gain per scored row: the list draws its numbers
    for uid in uids:
        it = by_uid[uid]
        g = model.number(it.grade)
        gtext = "?" if g is None else num(g)
        if ex.use_scores:
            s = model.number(it.score)
            label = T("grade_score_short", g=gtext, s="?" if s is None else num(s))
        else:
            label = T("grade_short", g=gtext)
        rel, dg = numbers.get(uid, (None, None))
        items.append(
            {
                "uid": uid,
                "name": "" if model.blank(it.name) else str(it.name),
                "grade": label,
                "bad": uid not in good,
                "rel": rel,
                "dg": dg,
            }
        )
    text = {
        "hint": T("list_hint"),
        "hint_touch": T("list_hint_touch"),
        "locked": T("list_locked"),
        "label": T("list_label"),
        "up": T("list_up"),
        "down": T("list_down"),
    }
    moved = sortable_list(
        key=key,
        items=items,
        text=text,
        locked=ex.use_scores,
        on_moved=lambda: actions.on_list_moved(key),
        score=listscore.payload(view, visual),
    )
    # AppTest sets the component's state without its callback; a browser's report was applied by it.
    if isinstance(moved, dict) and not ex.use_scores and actions.apply_move(moved.get("order") or [], moved.get("uid")):
        st.rerun()
    if not buttons:
        return
    disabled = {action: ex.use_scores for action in actions.ORDER_ACTIONS}  # scores set the order
    disabled["undo"] = not session.can_undo()
    disabled["reset"] = not session.can_reset()
    # Two rows (reorder, then undo/reset), so the labels fit beside the table (F21: "이상적 순서로" was cut).
    # Flex rows, not st.columns: every element is a message on each rerun (issue 10: server CPU per run).
    with st.container(key=f"{page}_order_buttons"):
        rows = [st.container(horizontal=True, gap="small"), st.container(horizontal=True, gap="small")]
    for row, action in zip([rows[0]] * 3 + [rows[1]] * 2, actions.ORDER_ACTIONS, strict=True):
        row.button(
            T(f"btn_{action}"),
            key=f"{page}_{action}",
            on_click=actions.on_order_button,
            args=(action,),
            disabled=disabled[action],
            width="stretch",
            help=T(f"help_{action}") if action in actions.ORDER_HELP else None,
        )


def row_problems(checked: model.Checked) -> None:
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
    scale = session.example().scale
    if any(key == "row_grade_above" for key, _ in checked.problems):  # e.g. the scale was just lowered
        st.button(
            T("btn_cap_grades", scale=scale),
            key="editor_cap_grades",
            on_click=actions.cap_grades,
            icon=":material/vertical_align_bottom:",
        )


def lesson_header(page: str, *, compact: bool = False) -> View:
    """Title, lead sentence and ranking editor of a lesson page; stops the page when nothing can be scored.

    ``compact`` folds the editor into an expander under one line (nDCG@k and the example), so the
    lesson itself starts right under its lead (UX #15, #18); the step lesson keeps the full editor.
    """
    st.title(T(f"{page}_title"))
    st.write(T(f"{page}_lead"))
    if session.first_paint() and not compact:
        _number_only()
    if compact:
        return _folded_header(page)
    headline = st.container(key="headline")
    view = ranking_editor(page)
    if view.result is None:
        st.stop()
    with headline:
        summary(view)
    return view


def _number_only() -> NoReturn:
    """A fresh page's first paint: the headline numbers where the whole page will draw them, then the rest is asked
    for (ui/components/firstpaint.py) and this run stops. Nothing to score: the rest is asked for at once."""
    view = score_view(session.example())
    if view.result is not None:
        with st.container(key="headline"):
            summary(view)
    firstpaint.ask_for_the_rest()
    st.stop()


def _folded_header(page: str) -> View:
    """One line, nDCG@k and the example, over the folded editor; DCG, IDCG, CG and Δ sit in the fold."""
    line = st.container(horizontal=True, gap="medium", vertical_alignment="center", key="folded_line")
    with st.expander(T("edit_example"), icon=":material/edit:"):
        numbers = st.container()  # filled after the editor, so a table edit shows in this same run
        view = ranking_editor(page)
    r = view.result
    with line:  # names are user text: plain()
        if r is not None:
            with st.container(key=_starred("folded_ndcg", view)):
                st.metric(T("metric_ndcg", at=view.at), fmt(r.ndcg))
        st.caption(plain(example_line(session.example())) + (_left_out(view) if r is not None else ""))
    if r is None:
        st.stop()
    if r.idcg_is_zero:
        st.info(T("idcg_zero"), icon=":material/info:")
    with numbers:
        summary(view, folded=True)
    return view


def example_line(ex: model.Example, shown: int = 8) -> str:
    """ "Example: A (1), B (3), C (2) · gain … · k = 3", the example in one line (names are user text)."""
    rows = [
        f"{'' if model.blank(i.name) else str(i.name).strip()} ({model.typed_text(i.grade) or '?'})"
        for i in ex.items[:shown]
    ]
    if len(ex.items) > shown:
        rows.append(T("example_more", n=len(ex.items) - shown))
    return T(
        "example_line",
        items=", ".join(rows),
        gain=T(f"choice_gain_{ex.gain}"),
        k=T("k_all") if ex.k is None else str(ex.k),
    )


def ranking_editor(page: str) -> View:
    """Everything above a lesson: settings, the drag list, the table, problems, and the scores."""
    url_warning()
    with st.container(border=True):
        sticky = st.container(key="sticky_score")  # filled once the example is scored
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
        # Below the list: its story line comes and goes with the preset, and nothing above the
        # list may move when the first move changes the example (UX #16).
        preset_picker(page)
    with sticky:  # on a phone the metrics scroll away while the student drags: this line stays (UX #11)
        if view.result is not None:
            delta = _last_delta(view)
            st.markdown(
                T(
                    "sticky_line",
                    at=view.at,
                    ndcg=fmt(view.result.ndcg),  # numbers only, no user text
                    delta="" if delta is None else f" (Δ {delta[0]:+.4f})",
                )
            )
    return view


def _last_delta(view: View) -> tuple[float, float] | None:
    """(ΔnDCG, nDCG before) of the last move when the example is still the one it produced."""
    move, result = session.last_move(), view.result
    if result is None or not (move and move["after"] == session.example()):
        return None
    before = score_view(move["before"]).result
    return None if before is None else (result.ndcg - before.ndcg, before.ndcg)


def _starred(key: str, view: View) -> str:
    """``key``, or ``key_partial`` when rows are left out: then nDCG's number gets a star, "1.0000*" (ui.style),
    that points at the line saying which rows count (UX #13). A star drawn by CSS keeps the value a number."""
    used, total = _counted(view)
    return f"{key}_partial" if used < total else key


def _counted(view: View) -> tuple[int, int]:
    """(rows the score counts, rows typed): the second is larger when rows are left out."""
    return len(view.checked.names), sum(not model.empty_row(i) for i in session.example().items)


def _left_out(view: View) -> str:
    """ " :orange[**\\* This score counts only …**]" when rows are left out, else "" (numbers only, no user text)."""
    used, total = _counted(view)
    return f" :orange[**\\* {T('score_left_out', used=used, total=total)}**]" if used < total else ""


def _past_list(r) -> str:
    """After the headline's "nDCG@k" when k is past the list: its length (" (list of 3)"). The label keeps the k
    asked for, as trec_eval's ndcg_cut.k does; DCG@k is then the whole list's DCG (UX review 3, U9)."""
    n = len(r.column("rank"))
    return T("metric_at_list", n=n) if r.k is not None and r.k > n else ""


def summary(view: View, *, folded: bool = False) -> None:
    """The headline numbers, with ΔnDCG for the last move, and what the score leaves out.

    The Δ badge and the line under the metrics are always drawn (as "–" and a hint before any
    move), so the first move does not push the list down under the pointer (UX #16). ``folded``: the
    numbers in a folded lesson's editor, without nDCG, the left-out note and the IDCG = 0 note, which
    its one line above the fold shows.
    """
    r = view.result
    if r is None:
        return
    at = view.at
    move = session.last_move()
    last = _last_delta(view)
    delta = None if last is None else last[0]
    shown_delta = T("delta_none") if delta is None else f"{delta:+.4f}"
    key = "headline_metrics" if folded else _starred("headline_metrics", view)
    row = st.container(horizontal=True, gap="medium", key=key)  # a flex row: fewer elements than columns
    c1 = c2 = c3 = c4 = row
    if not folded:
        c1.metric(
            T("metric_ndcg", at=at) + _past_list(r),
            fmt(r.ndcg),
            delta=shown_delta,
            delta_description=T("delta_about"),
            delta_color="normal" if delta else "off",
            delta_arrow="auto" if delta else "off",
        )
    c2.metric(T("metric_dcg", at=at), fmt(r.dcg))
    c3.metric(T("metric_idcg", at=at), fmt(r.idcg))
    cut = r.column("cg")[min(len(r.column("cg")), r.k or len(r.column("cg"))) - 1]
    c4.metric(T("metric_cg", at=at), num(cut))
    if last is not None and move and move.get("note"):  # ``last`` is None without a move
        line = (
            problem_text(move["note"])
            + " "
            + T("delta_line", before=fmt(last[1]), after=fmt(r.ndcg), delta=f"{delta:+.4f}")
        )
    else:
        line = T("delta_hint")
    # Rows left out are said in this same line, in colour, so a new warning box never pushes the
    # editor down while the student is typing in it (UX #13, #16).
    st.caption(plain(line) + ("" if folded else _left_out(view)))
    if r.idcg_is_zero and not folded:
        st.info(T("idcg_zero"), icon=":material/info:")
