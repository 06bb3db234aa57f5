"""The one owner of ``st.session_state``: every key the app keeps, behind typed accessors.

Nothing else in the app reads or writes session state by key. What lives here is data, never
translated text: problems are kept as (catalogue key, parameters) and translated when shown.
Widget values are read through ``widget_value`` and set through ``bound`` / ``kept``.
"""

from __future__ import annotations

import secrets
import threading
from typing import Any

import streamlit as st
from streamlit.runtime.scriptrunner_utils.script_run_context import get_script_run_ctx

from live import links
from ui import exercises, failsafe, limits, reconnect, state, url

# The keys; tests read "example", "editor_version" and "editor_key" through AppTest.
EXAMPLE = "example"
_ORIGIN = "example_origin"
_LAST_MOVE = "last_move"
_LAST_MOVE_PAYLOAD = "_last_move_payload"
_EDITOR_VERSION = "editor_version"
_EDITOR_BASE = "editor_base"
_EDITOR_KEY = "editor_key"
_SHUFFLES = "shuffle_count"
_URL_PROBLEM = "url_problem"
_POOL_PROBLEM = "pool_problem"
_LANG = "language"
_URL_CACHE = "_url_cache"
_UNDO = "undo_stack"
_PAGES = "_pages"
_REPLAY = "_reconnect_replay"
UNDO_DEPTH = 50  # how many earlier examples Undo can go back through
_MISSING = object()


# ---------------------------------------------------------------- start and URL

def start_session() -> None:
    """Read language and example from the URL once per session; later runs keep session state."""
    if EXAMPLE in st.session_state:
        return
    sent = reconnect.client_states()  # a browser that reconnected to this new session (ui/reconnect.py)
    if sent is not None:
        st.session_state[_REPLAY] = sent
    params = {k: st.query_params[k] for k in st.query_params}
    example, language, problem = url.read(params)
    repeated = [k for k in st.query_params if len(st.query_params.get_all(k)) > 1]
    if problem is None and repeated:  # the last value of each is used, as Streamlit reads it; say so
        problem = ("url_repeated", {"names": ", ".join(k[:20] for k in repeated[:5])})
    _set_exercise_from(params)
    _set_lab_from(params)
    _set_live_from(params)
    st.session_state[_LANG] = language
    st.session_state[EXAMPLE] = example
    st.session_state[_ORIGIN] = example
    st.session_state[_URL_PROBLEM] = problem
    # A new session's table keys start at a random number, so the grid state of a browser that
    # reconnected (edits relative to another session's table) never lands on this session's table.
    st.session_state[_EDITOR_VERSION] = secrets.randbelow(1 << 30) if sent is not None else 0
    # Its grid edit, made against the old session's table, is applied here to the URL's example.
    rescued = reconnect.grid_edit(sent, example) if sent is not None else None
    if rescued is not None and rescued != example:
        st.session_state[EXAMPLE] = rescued
        st.session_state[_URL_PROBLEM] = None
    st.session_state[_SHUFFLES] = 0


def replay_reconnect() -> None:
    """At the end of a reconnected browser's first run: run again with what it sent (ui/reconnect.py)."""
    sent = st.session_state.pop(_REPLAY, None)
    if sent is not None:
        reconnect.replay(sent)


def follow_history() -> None:
    """Browser Back and Forward: open the example of the address they went to (an undo and a redo).

    The app writes every change into the address, and each write is a history entry; without
    this, Back would show an older address while the page kept the newer example, and the next
    run would write the newer one back.
    """
    ctx = get_script_run_ctx()
    if ctx is None or not ctx.is_history_navigation:
        return
    params = {k: st.query_params[k] for k in st.query_params}
    if links.PARAMS_SET & params.keys():  # a live class's address: it names no example
        _set_live_from(params)
        return
    if EXERCISE_PAGE_PARAMS & params.keys():  # an exercise's address: it names no example
        _set_exercise_from(params)
        return
    if limits.PARAMS & params.keys():  # the limitations lab's address: its settings, then its example
        _set_lab_from(params)
    if params.keys() <= {"lang"}:  # the upload page's address: it names no example either
        return
    cached = st.session_state.get(_URL_CACHE)
    if cached is not None and params == cached[1]:
        return
    new, lang, problem = url.read(params)
    if problem is not None:
        return
    set_language(lang)
    if new != example():
        forget_move()
        set_example(new)


def url_params(page_path: str = "") -> dict[str, str]:
    """The parameters the address of ``page_path`` holds: the exercise's on the exercises page, the example's and
    the lab's (``lab_...``) on the limitations lab, else the example's."""
    if page_path == EXERCISES_PATH:
        kind, seed = exercise()
        return {"exercise": kind, "seed": str(seed), "lang": language()}
    if page_path == DATA_PATH:  # uploads never go into a link
        return {"lang": language()}
    if page_path == LIVE_PATH:  # the room, and the teacher's key or the student's id
        return {**live(), "lang": language()}
    stamp = (example(), language())
    cached = st.session_state.get(_URL_CACHE)
    if cached is None or cached[0] != stamp:  # build the parameters once per change, not per call
        cached = (stamp, url.write(*stamp))
        st.session_state[_URL_CACHE] = cached
    if page_path == LIMITS_PATH:  # the example's parameters, then the lab's own
        return {**cached[1], **limits.write(lab())}
    return {**cached[1], **present_params()}  # the presenter view's step stays in the link


def share_params(page_path: str = "") -> dict[str, str]:
    """The parameters of the link the sidebar offers to share: the page's own, except that a live class shares
    only its join link (never the teacher's key or a student's id)."""
    if page_path == LIVE_PATH:
        room = live().get("room")
        return {"room": room, "lang": language()} if room else {"lang": language()}
    return url_params(page_path)


def sync_url(page_path: str = "") -> None:
    """Write the page's parameters into the address bar (only when they changed)."""
    wanted = url_params(page_path)
    if {k: st.query_params[k] for k in st.query_params} != wanted:
        st.query_params.from_dict(wanted)


# ---------------------------------------------------------------- language

# The language of the run in progress, per script thread. A script thread only ever runs one
# session's scripts, and app.py sets this at the start of every run (``begin_run``), so it is never
# shared; it spares the ~150 session-state reads per run that T() would make (~4% of a run's CPU).
_THIS_RUN = threading.local()


def _stored_language() -> str:
    value = st.session_state.get(_LANG, "ko")
    return value if value in state.LANGS else "ko"


def begin_run() -> None:
    """Start of a run (app.py, after ``start_session``): take the language from session state once."""
    _THIS_RUN.language = _stored_language()


def language() -> str:
    """The session's language, "ko" or "en"."""
    value = getattr(_THIS_RUN, "language", None)
    return value if value is not None else _stored_language()


def set_language(value: str) -> None:
    st.session_state[_LANG] = value
    _THIS_RUN.language = value if value in state.LANGS else "ko"


def pages(build) -> list:
    """This session's ``st.Page`` objects in its language, built once per session and language.

    Each ``st.Page`` resolves its script's path on the disk, ~3% of a /steps run's CPU when made
    on every rerun. They are kept per session, never shared: ``st.navigation`` marks them per run.
    """
    key = f"{_PAGES}_{language()}"
    if key not in st.session_state:
        st.session_state[key] = build()
    return st.session_state[key]


# ---------------------------------------------------------------- the example

def example() -> state.Example:
    return st.session_state[EXAMPLE]


def origin() -> state.Example:
    """The example the session opened with (what Reset goes back to)."""
    return st.session_state[_ORIGIN]


def set_example(new: state.Example, *, rebuild_editor: bool = True, remember: bool = True) -> None:
    """Make ``new`` the example; the one it replaces is kept for Undo unless ``remember`` is False."""
    old = st.session_state.get(EXAMPLE)
    if remember and old is not None and old != new:
        stack = st.session_state.setdefault(_UNDO, [])
        stack.append(old)
        del stack[:-UNDO_DEPTH]
    st.session_state[EXAMPLE] = new
    st.session_state[_URL_PROBLEM] = None
    if rebuild_editor:
        st.session_state[_EDITOR_VERSION] = editor_version() + 1


def can_undo() -> bool:
    return bool(st.session_state.get(_UNDO))


def pop_undo() -> state.Example | None:
    """The example before the last change (taken off the Undo stack), or None."""
    stack = st.session_state.get(_UNDO)
    return stack.pop() if stack else None


def url_problem() -> state.Problem | None:
    return st.session_state.get(_URL_PROBLEM)


def set_example_note(note: state.Problem) -> None:
    """A note on where the example came from (a query of the upload page), shown until it changes."""
    st.session_state[_URL_PROBLEM] = note


def pool_problem() -> list[state.Problem] | None:
    """The problems of the last judged-grades entry (each bad entry is left out), or None."""
    return st.session_state.get(_POOL_PROBLEM)


def set_pool_problem(problems: list[state.Problem] | None) -> None:
    st.session_state[_POOL_PROBLEM] = problems


# ---------------------------------------------------------------- moves

def last_move() -> dict | None:
    """The last reordering: {"before": Example, "after": Example, "note": (key, params) or None}."""
    return st.session_state.get(_LAST_MOVE)


def set_last_move(before: state.Example, after: state.Example, note: state.Problem | None) -> None:
    st.session_state[_LAST_MOVE] = {"before": before, "after": after, "note": note}


def forget_move() -> None:
    st.session_state.pop(_LAST_MOVE, None)
    st.session_state.pop(_POOL_PROBLEM, None)


def first_report(payload: tuple) -> bool:
    """True the first time a drag report is seen (the callback and the script may both see it)."""
    if st.session_state.get(_LAST_MOVE_PAYLOAD) == payload:
        return False
    st.session_state[_LAST_MOVE_PAYLOAD] = payload
    return True


def forget_reports() -> None:
    st.session_state.pop(_LAST_MOVE_PAYLOAD, None)


def next_shuffle() -> int:
    st.session_state[_SHUFFLES] = st.session_state.get(_SHUFFLES, 0) + 1
    return st.session_state[_SHUFFLES]


# ---------------------------------------------------------------- the data editor

def editor_version() -> int:
    return st.session_state.get(_EDITOR_VERSION, 0)


def editor_base(prefix: str, build) -> tuple[str, Any]:
    """The data editor's key and the frame it started from, built once per ``prefix`` so that edits stick.

    ``build()`` gives the key's ending and the frame; the key is ``prefix`` + "_" + that ending.
    """
    base = st.session_state.get(_EDITOR_BASE)
    if base is None or base[0] != prefix:
        ending, frame = build()
        base = (prefix, f"{prefix}_{ending}", frame)
        st.session_state[_EDITOR_BASE] = base
    st.session_state[_EDITOR_KEY] = base[1]
    return base[1], base[2]


# ---------------------------------------------------------------- scores

VIEWS_KEPT = 8  # scored examples kept per session (ui/scoring.py)
_VIEWS = "_views"


def view_memo() -> dict:
    """This session's scored examples, by (example, language, overrides); ui/scoring.py bounds it."""
    return st.session_state.setdefault(_VIEWS, {})


# ---------------------------------------------------------------- own data (the upload page)

_DATA_MEMO = "_data_memo"


def data_memo(part: str) -> dict:
    """This session's store for the upload page: ``part`` "files" keeps each read file by its upload id,
    "scores" the last evaluations by their options (ui/owndata.py bounds their number)."""
    return st.session_state.setdefault(_DATA_MEMO, {}).setdefault(part, {})


# ---------------------------------------------------------------- widgets

def widget_value(key: str, default=None):
    return st.session_state.get(key, default)


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
    relabel = _labels_stale(key)
    if relabel or st.session_state.get(key, _MISSING) != value:
        st.session_state[key] = value
        return {}
    if options is None:
        return {"value": value}
    return {"index": list(options).index(value)}


_LABELS_SENT = "labels_sent_in"  # widget key -> the language its option labels were last drawn in


def _labels_stale(key: str) -> bool:
    """Whether the browser shows ``key``'s chosen option in another language than today's.

    The browser keeps a choice as its label text: after a language switch a select box goes on
    showing the old label and a radio marks nothing, until the server sends the value again
    (streamlit#13788). Sending it once in the run after the switch redraws it in the new language.
    """
    sent = st.session_state.setdefault(_LABELS_SENT, {})
    now, before = language(), sent.get(key)
    sent[key] = now
    return before is not None and before != now


def relabel(key: str) -> bool:
    """For a widget that owns its value (no ``bound``): after a language switch, send its choice again so that
    the browser draws it in the new language. True when it did (the widget must then get no ``index``)."""
    if not _labels_stale(key) or st.session_state.get(key) is None:
        return False
    st.session_state[key] = st.session_state[key]
    return True


def kept(key: str, default, options=None) -> dict:
    """Like ``bound`` for a widget that owns its value: show what the server holds, else ``default``."""
    value = st.session_state.get(key, default)
    if options is not None and value not in options:
        value = default
    return bound(key, value, options)


# ---------------------------------------------------------------- presenter view

_PRESENT = "present_step"
PRESENT_STEPS = 4  # CG, DCG, IDCG, nDCG


def present_step() -> int | None:
    """The presenter view's step (1..4), or None outside it; read from ``present=1&step=N`` once per session."""
    if _PRESENT not in st.session_state:
        step = None
        if st.query_params.get("present") == "1":
            try:
                step = int(st.query_params.get("step", "1"))
            except ValueError:
                step = 1
            step = min(max(step, 1), PRESENT_STEPS)
        st.session_state[_PRESENT] = step
    return st.session_state[_PRESENT]


def set_present_step(step: int) -> None:
    """Show step ``step`` (kept within 1..4) in the presenter view."""
    st.session_state[_PRESENT] = min(max(step, 1), PRESENT_STEPS)


def present_params() -> dict[str, str]:
    """The presenter view's URL parameters, kept by ``sync_url`` beside the example's."""
    step = present_step()
    return {} if step is None else {"present": "1", "step": str(step)}


@failsafe.callback
def leave_present() -> None:
    """Leave the presenter view: the whole step page again, and ``sync_url`` drops present and step."""
    st.session_state[_PRESENT] = None


# ---------------------------------------------------------------- exercises

EXERCISES_PATH = "exercises"
DATA_PATH = "data"
EXERCISE_PAGE_PARAMS = {"exercise", "seed"}
DEFAULT_EXERCISE = ("estimate", 1)
_EXERCISE = "exercise_in_view"  # (kind, seed)
_EXERCISE_PROBLEM = "exercise_problem"
_ANSWERS = "exercise_answers"  # (kind, seed) -> whether the first answer was right
_RESPONSES = "exercise_responses"  # (kind, seed) -> the last checked response
_ORDERS = "exercise_orders"  # (kind, seed) -> the order a student dragged (ideal-order exercise)


def _set_exercise_from(params: dict[str, str]) -> None:
    """Take the exercise of a link's ``exercise`` and ``seed``; a bad value falls back alone, named in one sentence."""
    kind, seed = DEFAULT_EXERCISE
    problem = None
    raw_kind = params.get("exercise", kind).strip()
    if raw_kind in exercises.KINDS:
        kind = raw_kind
    else:
        problem = ("ex_bad_kind", {"value": raw_kind[:20]})  # the default kind is the first
    try:
        seed = exercises.check_seed(params.get("seed", str(seed)))
    except ValueError:
        problem = problem or ("ex_bad_seed", {"value": params.get("seed", "")[:20], "max": exercises.MAX_SEED - 1})
    st.session_state[_EXERCISE] = (kind, seed)
    st.session_state[_EXERCISE_PROBLEM] = problem


def exercise() -> tuple[str, int]:
    """The exercise in view (kind, seed), read from ``exercise=KIND&seed=N`` when the session started."""
    return st.session_state[_EXERCISE]


def set_exercise(kind: str, seed: int) -> None:
    st.session_state[_EXERCISE] = (kind, seed)
    st.session_state[_EXERCISE_PROBLEM] = None


def exercise_problem() -> state.Problem | None:
    """What was wrong with the link's exercise, if anything (shown once, until the student picks another)."""
    return st.session_state.get(_EXERCISE_PROBLEM)


def record_answer(kind: str, seed: int, response, correct: bool) -> None:
    """Keep the response shown; the first answer to an exercise is the one the score counts."""
    st.session_state.setdefault(_ANSWERS, {}).setdefault((kind, seed), correct)
    st.session_state.setdefault(_RESPONSES, {})[(kind, seed)] = response


def checked_response(kind: str, seed: int):
    """The response last checked for this exercise, or None before the first Check."""
    return st.session_state.get(_RESPONSES, {}).get((kind, seed))


def score() -> tuple[int, int]:
    """(right, answered) over the exercises of this session."""
    answers = st.session_state.get(_ANSWERS, {})
    return sum(answers.values()), len(answers)


_FAILED_ACTION = "failsafe_action_failed"  # a callback failed: the next run says so (ui/failsafe.py)


def note_failed_action() -> None:
    st.session_state[_FAILED_ACTION] = True


def pop_failed_action() -> bool:
    """Whether a callback failed since the last run asked (asked once per run, by app.py)."""
    return bool(st.session_state.pop(_FAILED_ACTION, False))


@failsafe.callback
def clear_score() -> None:
    st.session_state[_ANSWERS] = {}
    st.session_state[_RESPONSES] = {}


def exercise_order(kind: str, seed: int, start: tuple[int, ...]) -> tuple[int, ...]:
    """The order the student has dragged this exercise's items into (``start`` until the first move)."""
    return st.session_state.get(_ORDERS, {}).get((kind, seed), start)


def set_exercise_order(kind: str, seed: int, order: tuple[int, ...]) -> None:
    st.session_state.setdefault(_ORDERS, {})[(kind, seed)] = order


# ---------------------------------------------------------------- the limitations lab

LIMITS_PATH = "limits"
_LAB = "lab_settings"
_LAB_PROBLEM = "lab_problem"
_LAB_TIMINGS = "lab_timings"  # a measurement, not a setting: never in the URL


def _set_lab_from(params: dict[str, str]) -> None:
    """Take the lab's settings from a link's ``lab_...`` values; a bad one falls back alone, named in one sentence."""
    st.session_state[_LAB], st.session_state[_LAB_PROBLEM] = limits.read(params)


def lab() -> dict:
    """The limitations lab's settings (ui/limits.py), read from the link when the session started."""
    if _LAB not in st.session_state:  # a session that started before the lab existed (a server reloaded under it)
        _set_lab_from({k: st.query_params[k] for k in st.query_params})
    return st.session_state[_LAB]


def set_lab(name: str, value) -> None:
    st.session_state[_LAB] = {**lab(), name: value}
    st.session_state[_LAB_PROBLEM] = None


def lab_problem() -> state.Problem | None:
    """What was wrong with the link's lab settings, if anything (shown until a setting changes)."""
    return st.session_state.get(_LAB_PROBLEM)


def lab_timings():
    """The last cost measurement of the lab (a DataFrame), or None before the first press of its button."""
    return st.session_state.get(_LAB_TIMINGS)


def set_lab_timings(timings) -> None:
    st.session_state[_LAB_TIMINGS] = timings


# ---------------------------------------------------------------- the live class

LIVE_PATH = "live"
_LIVE = "live_place"  # {"room": CODE, and "teacher", "view" or "me"}: the live page's address
_LIVE_PROBLEM = "live_problem"
_LIVE_SEEN = "live_seen"  # (question no, state) the student's page last drew
_LIVE_ORDERS = "live_orders"  # question key -> the order a student dragged
_LIVE_SEED = "live_next_seed"
_LIVE_NOTE = "live_note"


def _set_live_from(params: dict[str, str]) -> None:
    """Take the live class's place from a link; unusable values are dropped and named (``live_bad_link``)."""
    place, bad = links.read(params)
    st.session_state[_LIVE] = place
    st.session_state[_LIVE_PROBLEM] = ("live_bad_link", {"name": ", ".join(bad)}) if bad else None


def live() -> dict[str, str]:
    """Where the live page is: the room's code, and the teacher's key, the projector view or the student's id."""
    if _LIVE not in st.session_state:
        _set_live_from({k: st.query_params[k] for k in st.query_params})
    return st.session_state[_LIVE]


def set_live(**place: str) -> None:
    """Go to another place of the live page (e.g. ``room=CODE, me=ID`` after joining)."""
    st.session_state[_LIVE] = {k: v for k, v in place.items() if v}
    st.session_state[_LIVE_PROBLEM] = None
    st.session_state.pop(_LIVE_SEEN, None)


def live_problem() -> state.Problem | None:
    return st.session_state.get(_LIVE_PROBLEM)


def live_seen():
    return st.session_state.get(_LIVE_SEEN)


def set_live_seen(stamp) -> None:
    st.session_state[_LIVE_SEEN] = stamp


def live_order(key: str, start: tuple[int, ...]) -> tuple[int, ...]:
    """The order a student has dragged a live question's items into (``start`` until the first move)."""
    return st.session_state.get(_LIVE_ORDERS, {}).get(key, start)


def set_live_order(key: str, order: tuple[int, ...]) -> None:
    st.session_state.setdefault(_LIVE_ORDERS, {})[key] = order


def live_next_seed() -> int:
    """The question number the teacher's form suggests: a fresh one after each question started."""
    if _LIVE_SEED not in st.session_state:
        st.session_state[_LIVE_SEED] = secrets.randbelow(1000)
    return st.session_state[_LIVE_SEED]


def new_live_seed(widget_key: str) -> None:
    """A fresh suggestion after a question started: the seed box ``widget_key`` shows it on the next run."""
    st.session_state[_LIVE_SEED] = secrets.randbelow(1000)
    st.session_state.pop(widget_key, None)


def set_live_note(note: state.Problem) -> None:
    """A sentence for the next run of the live page (a failed join, a database that did not answer)."""
    st.session_state[_LIVE_NOTE] = note


def pop_live_note() -> state.Problem | None:
    return st.session_state.pop(_LIVE_NOTE, None)
