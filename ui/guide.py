"""The guided start on the home page: a short story that asks before it tells (issue 26, item 1).

Three cards A, B, C with the source's grades 1, 3, 2. "Which order is best?" The learner drags them
(the drag list of ``ui/components/sortable.py``) and says "this is my order". Then one idea per
screen, each opened by a guess (``ui/predict.py``): the gain, the discount, the ideal order and the
ratio, each answered with the learner's own order. The last screen opens the step lesson with that
order. "Skip" hides the story; the choice is kept in the session, the address (``guide=off``) and
the browser's localStorage (``ui/features/guide.py``).
"""

from __future__ import annotations

import streamlit as st

from ndcg_core import score_ranking
from teach import model, predict
from teach.format import fmt, num, plain
from ui import arithmetic, failsafe, nav, session, tables
from ui.components.remember import remember
from ui.components.sortable import sortable_list
from ui.features import guide as state
from ui.features import owndata
from ui.i18n import T
from ui.predict import ask

LIST_KEY = "guide_list"


def _reported(moved: object) -> tuple[int, ...] | None:
    """The order a drag report names (uids as the list sends them), or None for anything else."""
    if not isinstance(moved, dict) or not isinstance(moved.get("order"), list):
        return None
    try:
        return tuple(int(u) for u in moved["order"])
    except (TypeError, ValueError):
        return None


@failsafe.callback
def _on_moved() -> None:
    reported = _reported((session.widget_value(LIST_KEY) or {}).get("moved"))
    if reported is not None:
        state.set_order(reported)


def _grade(item: model.Item) -> float:
    """A card's grade (the source's example: always a number)."""
    return model.number(item.grade) or 0.0


def _on_stored() -> None:
    state.remembered((session.widget_value("remember_guide") or {}).get("stored"))


def remembered_choice() -> None:
    """The localStorage side of the choice (drawn at the end of the page: it draws nothing)."""
    save = None if not state.decided() else (state.OFF if state.skipped() else "on")
    reported = remember(name="guide", known=state.OFF if state.skipped() else "on", save=save, on_stored=_on_stored)
    if reported is not None and not state.decided():  # AppTest sets the component's state without its callback
        state.remembered(reported)
        st.rerun()


def _cards() -> None:
    """A, B, C as three cards with their grades (fixed names: the source's example)."""
    with st.container(horizontal=True, key="guide_cards", gap="small"):
        for item in sorted(state.example().items, key=lambda i: i.uid):
            with st.container(border=True, width=96):
                st.markdown(f"### {plain(item.name)}")  # the source's names, escaped all the same
                st.caption(T("grade_short", g=num(_grade(item))))


def _screen(title: str, lead: str) -> None:
    st.subheader(title, anchor=False)
    st.write(lead)


def _order_screen() -> None:
    _screen(T("guide_order_title"), T("guide_order_lead"))
    _cards()
    st.write(T("guide_order_q"))
    ex = state.example()
    items = [
        {"uid": str(i.uid), "name": i.name, "grade": T("grade_short", g=num(_grade(i))), "bad": False} for i in ex.items
    ]
    text = {
        "hint": T("list_hint"),
        "hint_touch": T("list_hint_touch"),
        "locked": T("guide_locked_hint"),
        "label": T("guide_order_title"),
        "up": T("list_up"),
        "down": T("list_down"),
    }
    moved = sortable_list(key=LIST_KEY, items=items, text=text, locked=state.locked(), on_moved=_on_moved)
    reported = _reported(moved)
    if reported is not None and not state.locked():  # AppTest sets the component's state without its callback
        if reported != state.order() and state.set_order(reported):
            st.rerun()
    if state.locked():
        st.button(T("guide_change"), key="guide_change", on_click=state.lock, args=(False,), type="tertiary")
    else:
        st.button(T("guide_lock"), key="guide_lock", on_click=state.lock, type="primary")


def story() -> None:
    """The guided start, or (skipped) one line to replay it."""
    if state.skipped():
        with st.container(horizontal=True, key="guide_replay_row"):
            st.button(T("guide_replay"), key="guide_replay", on_click=state.replay, icon=":material/replay:")
        return
    with st.container(key="guide"):
        head, skip = st.columns([3, 1], vertical_alignment="center")
        head.caption(T("guide_intro"))
        skip.button(
            T("guide_skip"), key="guide_skip", on_click=state.skip, icon=":material/skip_next:", width="stretch"
        )
        _order_screen()
        if not state.locked():
            return
        ex = state.example()
        names = [str(i.name) for i in ex.items]
        grades = [_grade(i) for i in ex.items]
        r = score_ranking(grades, k=3, gain="exponential", labels=names)

        _screen(T("guide_gain_title"), T("guide_gain_lead"))
        if ask(predict.worth(3, "B"), "guide_gain") is None:
            return
        tables.show(tables.step_table(r, ideal=False, columns=("rank", "item", "relevance", "gain")))

        _screen(T("guide_discount_title"), T("guide_discount_lead"))
        if ask(predict.halving_rank(r), "guide_discount") is None:
            return
        lines, _ = arithmetic.dcg_lines(r, ideal=False)
        st.text("\n".join(lines))

        _screen(T("guide_ideal_title"), T("guide_ideal_lead"))
        base = [str(i.name) for i in sorted(ex.items, key=lambda i: i.uid)]
        base_grades = [_grade(i) for i in sorted(ex.items, key=lambda i: i.uid)]
        if ask(predict.ideal_of(base, base_grades), "guide_ideal") is None:
            return
        lines, _ = arithmetic.dcg_lines(r, ideal=True)
        st.text("\n".join(lines))

        _screen(T("guide_ratio_title"), T("guide_ratio_lead"))
        if ask(predict.ratio(names, grades), "guide_ratio") is None:
            return
        st.text(arithmetic.ndcg_line(r))
        if names != base:  # the learner's order is not the article's: compare with its 0.7364
            st.write(T("guide_ratio_source", value=fmt(score_ranking(base_grades, k=3, gain="exponential").ndcg)))
        st.subheader(T("guide_end_title"), anchor=False)
        if st.button(
            T("guide_open", order=", ".join(names)),
            key="guide_open",
            type="primary",
            icon=":material/calculate:",
        ):
            state.finish()
            owndata.open_at_top()  # the step lesson starts at its top, not at this page's scroll
            st.switch_page(nav.BY_SLUG["steps"].script)


def reference_heading() -> None:
    """Under the guided start, the article's text is the reference: a heading says so."""
    if not state.skipped():
        st.header(T("guide_reference"), anchor=False, divider="gray")
