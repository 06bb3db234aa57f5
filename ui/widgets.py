"""Widgets and displays every page shares: language, the shared example, the ranking editor.

The example (``ui.state.Example``) is one object in session state that every page reads;
it is initialised from the URL once per session and written back to the URL after each run.
Widget keys are prefixed with the page name. Item names are user text: they are shown
through dataframes, plain text and ``plain()``-escaped markdown, never as HTML.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

import pandas as pd
import streamlit as st

from ndcg_core import RankingScore, score_ranking
from ui import choices, state
from ui.i18n import CATALOGUE, LANG_NAMES, translate
from ui.sortable import sortable_list

EXAMPLE = "example"
ORIGIN = "example_origin"
LAST_MOVE = "last_move"
EDITOR_VERSION = "editor_version"
EDITOR_BASE = "editor_base"
SHUFFLES = "shuffle_count"
URL_NOTE = "url_problem"
LANG = "language"

_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|<>~$:])")


def T(key: str, **params) -> str:
    """Translate ``key`` into the session's language."""
    return translate(key, lang(), **params)


def labeller(prefix: str, zero: str | None = None):
    """A widget format_func that translates option ``x`` as ``prefix + x`` in today's language.

    The language is captured now, so the function gives the same text wherever it runs.
    """
    language = lang()

    def label(option) -> str:
        if option == 0 and zero is not None:
            return translate(zero, language)
        key = f"{prefix}{option}"
        return translate(key, language) if key in CATALOGUE else str(option)

    return label


def lang() -> str:
    """The session's language, "ko" or "en"."""
    value = st.session_state.get(LANG, "ko")
    return value if value in state.LANGS else "ko"


def plain(text: object) -> str:
    """User text made safe for st.markdown: every markdown, HTML and LaTeX character escaped."""
    return _MD_SPECIAL.sub(r"\\\1", str(text)).replace("\n", " ")


def fmt(x: float, digits: int = 4) -> str:
    return f"{x:.{digits}f}"


def grade_text(g: float) -> str:
    return f"{g:g}"


# ---------------------------------------------------------------- session start and URL


def start_session() -> None:
    """Read language and example from the URL once per session; later runs keep session state."""
    if EXAMPLE in st.session_state:
        return
    params = {k: st.query_params[k] for k in st.query_params}
    lang = params.pop("lang", "ko")
    problem = None
    if lang not in state.LANGS:
        problem, lang = ("url_lang", {"value": lang[:20]}), "ko"
    st.session_state[LANG] = lang
    example, url_problem = state.from_query(params)
    st.session_state[EXAMPLE] = example
    st.session_state[ORIGIN] = example
    st.session_state[URL_NOTE] = url_problem or problem
    st.session_state[EDITOR_VERSION] = 0
    st.session_state[SHUFFLES] = 0


def problem_text(problem: state.Problem) -> str:
    key, params = problem
    params = dict(params)
    if "why" in params:
        value = params.get("value", "")
        params["why_text"] = T(params.pop("why"), value=value, scale=max(state.SCALES), max=state.MAX_NAME, name=value)
    return T(key, **params)


def url_warning() -> None:
    """One-line warning when the opening link could not be used (shown until dismissed by editing)."""
    problem = st.session_state.get(URL_NOTE)
    if problem:
        st.warning(T("url_reset_warning", why=problem_text(problem)), icon=":material/warning:")


def sync_url() -> None:
    """Write the current example and language into the address bar (only when they changed)."""
    stamp = (st.session_state[EXAMPLE], lang())
    cached = st.session_state.get("_url_cache")
    if cached is None or cached[0] != stamp:  # build the parameters once per change, not per call
        cached = (stamp, {**state.to_query(stamp[0]), "lang": stamp[1]})
        st.session_state["_url_cache"] = cached
    wanted = cached[1]
    current = {k: st.query_params[k] for k in st.query_params}
    if current != wanted:
        st.query_params.from_dict(wanted)


def _on_language(key: str) -> None:
    if st.session_state[key] in state.LANGS:
        st.session_state[LANG] = st.session_state[key]


def language_picker() -> None:
    """Sidebar radio: 한국어 / English (the language itself lives outside the widget's state)."""
    st.sidebar.radio(
        T("language"),
        list(state.LANGS),
        **bound("sidebar_lang", lang(), state.LANGS),
        format_func=LANG_NAMES.get,
        key="sidebar_lang",
        horizontal=True,
        on_change=_on_language,
        args=("sidebar_lang",),
    )


# ---------------------------------------------------------------- the example and its score


def example() -> state.Example:
    return st.session_state[EXAMPLE]


def set_example(new: state.Example, *, rebuild_editor: bool = True) -> None:
    st.session_state[EXAMPLE] = new
    st.session_state[URL_NOTE] = None
    if rebuild_editor:
        st.session_state[EDITOR_VERSION] = st.session_state.get(EDITOR_VERSION, 0) + 1


@dataclass(frozen=True)
class View:
    """The example's usable rows and its nDCG (None when nothing can be computed)."""

    checked: state.Checked
    result: RankingScore | None

    @property
    def k_text(self) -> str:
        k = self.result.k if self.result is not None else None
        return str(k) if k is not None else str(len(self.checked.grades))


def pool_labels(n: int) -> list[str]:
    return [T("pool_label", j=j + 1) for j in range(n)]


def score_view(ex: state.Example, checked: state.Checked | None = None, **overrides) -> View:
    """Score the example's usable rows with ``score_ranking`` (overrides change gain, k, ties...)."""
    checked = checked or state.check(ex)
    if not checked.grades:
        return View(checked, None)
    kwargs = {"k": ex.k, "gain": ex.gain, "ties": ex.ties}
    pool = None
    if ex.use_pool:
        pool = list(checked.grades) + list(ex.pool)
        kwargs["pool_labels"] = list(checked.names) + pool_labels(len(ex.pool))
    kwargs.update(overrides)
    result = score_ranking(
        checked.grades, checked.scores, labels=checked.names, ideal_pool=pool, **kwargs
    )
    return View(checked, result)


# ---------------------------------------------------------------- callbacks


def _apply_move(order, moved_uid) -> bool:
    """Apply a reported order once (a trigger can be seen by both the callback and the script)."""
    payload = (tuple(order), moved_uid)
    if st.session_state.get("_last_move_payload") == payload:
        return False
    st.session_state["_last_move_payload"] = payload
    ex = example()
    new = state.reorder(ex, order)
    if new is None or new.items == ex.items:
        return False
    before = [i.uid for i in ex.items]
    after = [i.uid for i in new.items]
    item = next((i for i in new.items if i.uid == moved_uid), None)
    note = None
    if item is not None:
        note = T("moved", name=str(item.name), src=before.index(moved_uid) + 1, dst=after.index(moved_uid) + 1)
    _record_move(ex, new, note)
    return True


def _record_move(old: state.Example, new: state.Example, note: str | None) -> None:
    set_example(new)
    st.session_state[LAST_MOVE] = {"before": old, "after": new, "note": note}


def _on_list_moved(key: str) -> None:
    value = st.session_state.get(key) or {}
    moved = value.get("moved") if hasattr(value, "get") else None
    if isinstance(moved, dict):
        _apply_move(moved.get("order") or [], moved.get("uid"))


def _button(action: str) -> None:
    st.session_state.pop("_last_move_payload", None)
    ex = example()
    if action == "ideal":
        new, note = state.ideal_order(ex), T("did_ideal")
    elif action == "reverse":
        new, note = state.reversed_order(ex), T("did_reverse")
    elif action == "shuffle":
        st.session_state[SHUFFLES] += 1
        seed = st.session_state[SHUFFLES]
        new, note = state.shuffled(ex, seed), T("did_shuffle", seed=seed)
    else:
        st.session_state.pop(LAST_MOVE, None)
        st.session_state.pop("pool_problem", None)
        set_example(st.session_state[ORIGIN])
        return
    _record_move(ex, new, note)


def _setting_ok(field: str, value) -> bool:
    """Whether ``value`` is one of the choices of the example's ``field`` (never write anything else)."""
    if field == "k":
        return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= state.MAX_K
    if field == "use_scores":
        return isinstance(value, bool)
    return value in {"scale": state.SCALES, "gain": choices.gains(), "ties": choices.ties()}[field]


def _on_setting(field: str, key: str) -> None:
    value = st.session_state[key]
    if not _setting_ok(field, value):
        return  # the next run shows the example's value again
    if field == "k":
        value = value or None
    ex = replace(example(), **{field: value})
    if field == "use_scores" and value:
        ex = state.with_default_scores(ex)
    set_example(ex)


_MISSING = object()


def bound(key: str, value, options=None) -> dict:
    """Keyword arguments that make the keyed widget ``key`` show ``value`` (the example's).

    Streamlit sends a widget's value to the browser only in a run that writes it into
    session state; in other runs it sends just the widget's default and trusts the browser's
    copy. A widget that mounts after a rerun has no copy: on a busy class server a student
    clicks before the radio and selectbox code has loaded, so the widget first appears in a
    rerun, takes its default, and reports it back with the next click (issue 6). So the
    default is always the example's value: written into session state when the widget's
    value differs, otherwise passed as the widget's ``index`` (or ``value``). Never both in
    one run, which Streamlit warns about. Call it just before creating the widget.
    """
    if st.session_state.get(key, _MISSING) != value:
        st.session_state[key] = value
        return {}
    if options is None:
        return {"value": value}
    return {"index": list(options).index(value)}


def kept(key: str, default, options=None) -> dict:
    """Like ``bound`` for a widget that owns its value: show what the server holds, else ``default``."""
    value = st.session_state.get(key, default)
    if options is not None and value not in options:
        value = default
    return bound(key, value, options)


# ---------------------------------------------------------------- the ranking editor


def settings_row(page: str) -> None:
    """Scale, gain, k, and the model-score mode, bound to the shared example."""
    ex = example()
    n = max(len(ex.items), 1)
    c1, c2, c3, c4 = st.columns([1.2, 1.3, 1, 1.3])
    c1.selectbox(
        T("scale"), state.SCALES, format_func=labeller("scale_"), key=f"{page}_scale",
        on_change=_on_setting, args=("scale", f"{page}_scale"), **bound(f"{page}_scale", ex.scale, state.SCALES),
    )
    gains = choices.gains()
    c2.radio(
        T("gain"), gains, format_func=labeller("gain_"), key=f"{page}_gain",
        on_change=_on_setting, args=("gain", f"{page}_gain"), **bound(f"{page}_gain", ex.gain, gains),
    )
    # 0 stands for "the whole list": st.selectbox shows None as "no choice".
    options = list(range(0, max(n, ex.k or 1) + 1))
    c3.selectbox(
        T("k"), options, format_func=labeller("k_", zero="k_all"), key=f"{page}_k",
        on_change=_on_setting, args=("k", f"{page}_k"), **bound(f"{page}_k", ex.k or 0, options),
    )
    c4.toggle(
        T("use_scores"), key=f"{page}_use_scores", help=T("use_scores_help"),
        on_change=_on_setting, args=("use_scores", f"{page}_use_scores"),
        **bound(f"{page}_use_scores", ex.use_scores),
    )
    if ex.use_scores:
        ties = choices.ties()
        c4.selectbox(
            T("ties"), ties, format_func=labeller("ties_"),
            key=f"{page}_ties", on_change=_on_setting, args=("ties", f"{page}_ties"),
            **bound(f"{page}_ties", ex.ties, ties),
        )


def _editor_frame(items: tuple[state.Item, ...], use_scores: bool) -> pd.DataFrame:
    data = {
        "uid": [i.uid for i in items],
        "name": [None if state._blank(i.name) else str(i.name) for i in items],
        "grade": [state._number(i.grade) for i in items],
    }
    if use_scores:
        data["score"] = [state._number(i.score) for i in items]
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
    ex = example()
    key = f"{page}_table_{st.session_state.get(EDITOR_VERSION, 0)}_{int(ex.use_scores)}"
    base = st.session_state.get(EDITOR_BASE)
    if base is None or base[0] != key:
        base = (key, _editor_frame(ex.items, ex.use_scores))
        st.session_state[EDITOR_BASE] = base
    st.session_state["editor_key"] = key
    columns = {
        "uid": None,
        "name": st.column_config.TextColumn(T("col_item"), max_chars=state.MAX_NAME, width="medium"),
        "grade": st.column_config.NumberColumn(T("col_grade"), min_value=0, max_value=ex.scale, step=1, format="%d"),
    }
    if ex.use_scores:
        columns["score"] = st.column_config.NumberColumn(T("col_score"), step=0.01, format="%.3f")
    out = st.data_editor(
        base[1], key=key, num_rows="dynamic", hide_index=True, column_config=columns, width="stretch",
        height=min(38 + 35 * (len(base[1]) + 1), 420),
    )
    items = _items_from_frame(out, ex)
    if items != ex.items:
        set_example(replace(ex, items=items), rebuild_editor=False)


def ranking_list(page: str, view: View) -> None:
    """The drag list with its buttons, showing the current ranked order."""
    ex = example()
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
        g = state._number(it.grade)
        gtext = "?" if g is None else grade_text(g)
        if ex.use_scores:
            s = state._number(it.score)
            label = T("grade_score_short", g=gtext, s="?" if s is None else f"{s:g}")
        else:
            label = T("grade_short", g=gtext)
        items.append({"uid": uid, "name": "" if state._blank(it.name) else str(it.name), "grade": label,
                      "bad": uid not in good})
    text = {"hint": T("list_hint"), "locked": T("list_locked"), "label": T("list_label"),
            "up": T("list_up"), "down": T("list_down")}
    moved = sortable_list(key=key, items=items, text=text, locked=ex.use_scores,
                          on_moved=lambda: _on_list_moved(key))
    if isinstance(moved, dict) and not ex.use_scores and _apply_move(moved.get("order") or [], moved.get("uid")):
        st.rerun()
    b1, b2, b3, b4 = st.columns(4)
    locked = ex.use_scores
    b1.button(T("btn_ideal"), key=f"{page}_ideal", on_click=_button, args=("ideal",), disabled=locked, width="stretch")
    b2.button(T("btn_reverse"), key=f"{page}_reverse", on_click=_button, args=("reverse",), disabled=locked,
              width="stretch")
    b3.button(T("btn_shuffle"), key=f"{page}_shuffle", on_click=_button, args=("shuffle",), disabled=locked,
              width="stretch")
    b4.button(T("btn_reset"), key=f"{page}_reset", on_click=_button, args=("reset",), width="stretch")


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
        view = score_view(example())
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
    k = view.k_text
    delta = None
    move = st.session_state.get(LAST_MOVE)
    if move and move["after"] == example():
        before = score_view(move["before"]).result
        if before is not None:
            delta = r.ndcg - before.ndcg
    c1, c2, c3, c4 = st.columns(4)
    c1.metric(T("metric_ndcg", k=k), fmt(r.ndcg), delta=None if delta is None else f"{delta:+.4f}")
    c2.metric(T("metric_dcg", k=k), fmt(r.dcg))
    c3.metric(T("metric_idcg", k=k), fmt(r.idcg))
    cut = r.column("cg")[min(len(r.column("cg")), r.k or 10**9) - 1]
    c4.metric(T("metric_cg", k=k), f"{cut:g}")
    if delta is not None and move.get("note"):
        st.caption(plain(move["note"] + " " + T("delta_line", before=fmt(before.ndcg), after=fmt(r.ndcg),
                                                   delta=f"{delta:+.4f}")))
    if r.idcg_is_zero:
        st.info(T("idcg_zero"), icon=":material/info:")


def open_source_example() -> None:
    """Load the source's worked example (A, B, C with grades 1, 3, 2) into the shared example."""
    st.session_state.pop(LAST_MOVE, None)
    set_example(state.DEFAULT)


def set_k_from(key: str) -> None:
    """Callback: copy a k slider's value into the shared example."""
    set_example(replace(example(), k=int(st.session_state[key])))


def load_grades(grades: list[float]) -> None:
    """Callback: replace the items with A, B, ... carrying ``grades``, keeping the settings."""
    items = tuple(state.Item(i, name, float(g), None) for i, (name, g) in enumerate(zip(state.letters(len(grades)),
                                                                                        grades, strict=True)))
    st.session_state.pop(LAST_MOVE, None)
    set_example(replace(example(), items=items, use_scores=False, use_pool=False))
