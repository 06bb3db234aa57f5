"""Exercises: five kinds, each fixed by a seed so one link (exercise=KIND&seed=N) gives a class the same one.

The student answers, presses Check and sees the verdict with the worked solution. The session keeps
a score (first answers only); nothing is stored on the server. A worksheet of N exercises with its
answer key downloads as Markdown or HTML.
"""

import numpy as np
import pandas as pd
import streamlit as st

from teach import exercises, worksheet
from teach.format import fmt, plain
from ui import failsafe, figures, session, tables
from ui.components.sortable import sortable_list
from ui.features import exercises as exercise_state
from ui.i18n import T, labeller, problem_text, translate
from ui.predict import cheer

# Okabe–Ito blue → white → orange: a diverging scale that colour-blind eyes read as well.
SWAP_COLORS = (figures.PALETTE["blue"], figures.PALETTE["white"], figures.PALETTE["orange"])  # a loss, none, a gain


@failsafe.callback
def on_pick() -> None:
    kind, seed = session.widget_value("exercises_kind"), int(session.widget_value("exercises_seed") or 0)
    exercise_state.set_exercise(kind, seed)


@failsafe.callback
def on_next() -> None:
    kind, seed = exercise_state.exercise()
    exercise_state.set_exercise(kind, (seed + 1) % exercises.MAX_SEED)


def ranking_table(ex: exercises.Exercise) -> None:
    header, rows = worksheet.table(ex, session.language())
    tables.show(pd.DataFrame(list(rows), columns=list(header)))


def verdict_line(v: exercises.Verdict) -> None:
    if v.correct:
        st.success(T("ex_right"), icon=":material/check_circle:")
        cheer(("exercise", *exercise_state.exercise(), repr(v)))  # a small pop, once per answer (none: reduced motion)
    else:
        st.error(T("ex_wrong"), icon=":material/cancel:")


def solution(ex: exercises.Exercise) -> None:
    st.markdown(f"**{T('ex_solution')}**")
    st.text("\n".join(exercises.solution(ex, session.language())))


def on_check(ex: exercises.Exercise, response, *, missing: bool = False) -> None:
    """After Check: ask for an answer when none was given, else record and grade this one."""
    if missing:
        st.warning(T("ex_need_answer"), icon=":material/edit:")
    else:
        exercise_state.record_answer(ex.kind, ex.seed, response, exercises.check(ex, response).correct)


def number_answer(ex: exercises.Exercise, label: str, *, top: float | None) -> None:
    """A number box and Check in a form (Enter submits); a checked answer is recorded and graded."""
    with st.form(f"exercises_form_{ex.kind}_{ex.seed}", border=False):
        value = st.number_input(
            label,
            min_value=0.0,
            max_value=top,
            value=None,
            step=0.01,
            format="%.4f",
            key=f"exercises_{ex.kind}_{ex.seed}",
        )
        pressed = st.form_submit_button(T("ex_check"), type="primary")
    if pressed:
        on_check(ex, None if value is None else float(value), missing=value is None)


def swap_heatmap(ex: exercises.Exercise) -> None:
    """ΔnDCG of every swap as a heatmap, with the same numbers as a table."""
    d = exercises.swaps(ex)
    ticks = [f"{i + 1} ({name})" for i, name in enumerate(ex.items)]
    limit = float(np.abs(d).max()) or 1.0
    st.markdown(f"**{T('ex_heatmap_title')}**")
    st.caption(T("ex_heatmap_note"))
    grid = pd.DataFrame(d, columns=ticks).assign(**{T("ex_axis_rank_i"): ticks}).loc[:, [T("ex_axis_rank_i"), *ticks]]
    figures.heat(
        f"exercises_heatmap_{ex.seed}",
        rows=ticks,
        cols=ticks,
        z=d.round(4).tolist(),
        zmax=limit,
        colors=SWAP_COLORS,
        x_title=T("ex_axis_rank_j"),
        y_title=T("ex_axis_rank_i"),
        title=T("ex_heatmap_title"),
        unit="ΔnDCG",
        table=grid,
    )


# Which exercise: kind, number and "next", in the URL as exercise=KIND&seed=N.
st.title(T("exercises_title"))
st.write(T("exercises_lead"))
if exercise_state.exercise_problem() is not None:
    st.warning(plain(problem_text(exercise_state.exercise_problem())), icon=":material/link_off:")
kind, seed = exercise_state.exercise()
st.radio(
    T("ex_kind"),
    exercises.KINDS,
    format_func=labeller("ex_kind_"),
    key="exercises_kind",
    horizontal=True,
    on_change=on_pick,
    **session.bound("exercises_kind", kind, exercises.KINDS),
)
left, right = st.columns([2, 1], vertical_alignment="bottom")
left.number_input(
    T("ex_seed"),
    min_value=0,
    max_value=exercises.MAX_SEED - 1,
    step=1,
    key="exercises_seed",
    help=T("ex_seed_help"),
    on_change=on_pick,
    **session.bound("exercises_seed", seed),
)
right.button(T("ex_next"), key="exercises_next", on_click=on_next, icon=":material/skip_next:", width="stretch")
score_line = st.empty()  # filled at the end, after this run's answer is scored

ex = exercises.make(kind, seed)
lang = session.language()
st.subheader(T(f"ex_kind_{kind}"))
st.write(worksheet.question(ex, lang))

if kind in ("estimate", "term"):
    ranking_table(ex)
    if kind == "estimate":
        if ex.k is not None:  # the ranks below k are shown but do not count
            st.caption(T("ex_only_top_k", k=ex.k, n=len(ex.items)))
        number_answer(ex, T("ex_answer_estimate", at=ex.at), top=1.0)
    else:
        number_answer(ex, T("ex_answer_term", rank=ex.rank), top=None)
    given = exercise_state.checked_response(kind, seed)
    if given is not None:
        v = exercises.check(ex, given)
        verdict_line(v)
        st.write(T("ex_off_by", given=fmt(given), truth=fmt(v.truth), error=fmt(v.error)))
        solution(ex)

elif kind == "swap":
    ranking_table(ex)
    pairs = [(i, j) for i in range(1, len(ex.items) + 1) for j in range(i + 1, len(ex.items) + 1)]
    with st.form(f"exercises_form_swap_{seed}", border=False):
        session.relabel(f"exercises_swap_{seed}")
        pick = st.selectbox(
            T("ex_answer_swap"),
            pairs,
            index=None,
            key=f"exercises_swap_{seed}",
            format_func=lambda p: translate("ex_pair", lang, i=p[0], j=p[1]),
            placeholder=T("ex_pick_pair"),
        )  # Streamlit's own placeholder is English
        pressed = st.form_submit_button(T("ex_check"), type="primary")
    if pressed:
        on_check(ex, pick, missing=pick is None)
    given = exercise_state.checked_response(kind, seed)
    if given is not None:
        verdict_line(exercises.check(ex, given))
        i, j = given
        deltas = exercises.swaps(ex)
        best = ", ".join(T("ex_pair", i=a, j=b) for a, b in exercises.best_swaps(ex))
        st.write(
            T("ex_swap_yours", i=i, j=j, delta=f"{deltas[i - 1, j - 1]:+.4f}", best=f"{best} ({deltas.max():+.4f})")
        )
        solution(ex)
        swap_heatmap(ex)

elif kind == "better":
    ranking_table(ex)
    options = ("A", "B", "same")
    with st.form(f"exercises_form_better_{seed}", border=False):
        for gain in exercises.COMPARED:
            session.relabel(f"exercises_better_{gain}_{seed}")
        picks = {
            gain: st.radio(
                T("ex_answer_better", gain=exercises.gain_name(gain, lang)),
                options,
                index=None,
                horizontal=True,
                key=f"exercises_better_{gain}_{seed}",
                format_func=lambda o: exercises.pick_name(o, lang),
            )
            for gain in exercises.COMPARED
        }
        pressed = st.form_submit_button(T("ex_check"), type="primary")
    if pressed:
        on_check(ex, picks, missing=None in picks.values())
    given = exercise_state.checked_response(kind, seed)
    if given is not None:
        verdict_line(exercises.check(ex, given))
        solution(ex)

elif kind == "ideal":
    key = f"exercises_ideal_{seed}"
    order = exercise_state.exercise_order(kind, seed, tuple(range(len(ex.items))))

    def on_moved() -> None:
        moved = (session.widget_value(key) or {}).get("moved")
        if isinstance(moved, dict):
            exercise_state.set_exercise_order(kind, seed, tuple(int(u) for u in moved.get("order") or order))

    items = [
        {"uid": str(i), "name": ex.items[i], "grade": T("grade_short", g=ex.grades[i]), "bad": False} for i in order
    ]
    text = {
        "hint": T("list_hint"),
        "hint_touch": T("list_hint_touch"),
        "locked": T("list_locked"),
        "label": T("ex_kind_ideal"),
        "up": T("list_up"),
        "down": T("list_down"),
    }
    moved = sortable_list(key=key, items=items, text=text, locked=False, on_moved=on_moved)
    if isinstance(moved, dict):  # AppTest sets the component's state without its callback
        reported = tuple(int(u) for u in moved.get("order") or order)
        if sorted(reported) == list(range(len(ex.items))) and reported != order:
            exercise_state.set_exercise_order(kind, seed, reported)
            st.rerun()
    if st.button(T("ex_check"), key=f"exercises_check_ideal_{seed}", type="primary"):
        on_check(ex, order)
    given = exercise_state.checked_response(kind, seed)
    if given is not None:
        verdict_line(exercises.check(ex, given))
        st.write(T("ex_ideal_grades", grades=", ".join(str(ex.grades[i]) for i in given)))
        st.write(T("ex_ideal_yours", value=fmt(ex.ndcg(given))))
        solution(ex)

right_count, done = exercise_state.score()
score_line.caption(T("ex_score", right=right_count, done=done) if done else T("ex_score_none"))
if done:
    st.caption(T("ex_first_counts"))
    st.button(T("ex_score_reset"), key="exercises_score_reset", on_click=exercise_state.clear_score, type="tertiary")

# The worksheet: N exercises from this number, with the answer key, built only when downloaded.
with st.expander(T("ex_worksheet"), icon=":material/print:"):
    n = st.number_input(
        T("ex_worksheet_count"), min_value=1, max_value=worksheet.MAX_EXERCISES, value=10, key="exercises_ws_count"
    )
    st.caption(T("ex_worksheet_lead", n=n))
    base = (st.context.url or "").split("?")[0] or "/exercises"
    md_col, html_col = st.columns(2)
    md_col.download_button(
        T("ex_worksheet_md"),
        key="exercises_ws_md",
        on_click="ignore",
        data=lambda: worksheet.markdown(seed, n, lang, base),
        file_name=f"ndcg_exercises_{seed}.md",
        mime="text/markdown",
        icon=":material/description:",
        width="stretch",
    )
    html_col.download_button(
        T("ex_worksheet_html"),
        key="exercises_ws_html",
        on_click="ignore",
        data=lambda: worksheet.html_page(seed, n, lang, base),
        file_name=f"ndcg_exercises_{seed}.html",
        mime="text/html",
        icon=":material/print:",
        width="stretch",
    )
