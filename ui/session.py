"""The one owner of ``st.session_state``: the generic core of a session, and the slots features keep.

Nothing else in the app reads or writes session state by key. This module keeps what every page
shares: the example, its origin and Undo, the language, moves, the editor's keys, widget binding,
and the address. A feature with state of its own (exercises, the lab, the live class, own data,
the presenter view: ``ui/features/``) declares it: a ``Slot`` per value, and a ``PageState`` for
what its page reads from and writes to the address. What lives here is data, never translated
text: problems are kept as (catalogue key, parameters) and translated when shown. Widget values
are read through ``widget_value`` and set through ``bound`` / ``kept``.
"""

from __future__ import annotations

import secrets
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import streamlit as st
from streamlit.runtime.scriptrunner_utils.script_run_context import get_script_run_ctx

from teach import model, url
from ui import reconnect

# The keys; tests read "example", "editor_version" and "editor_key" through AppTest.
EXAMPLE = "example"
_ORIGIN = "example_origin"
_FROM_LINK = "example_from_link"
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
_FIRST_PAINT = "_first_paint"
UNDO_DEPTH = 50  # how many earlier examples Undo can go back through
_MISSING = object()


# ---------------------------------------------------------------- what features keep


class Slot:
    """One value a feature keeps for the session, under its own key: the only way to session state outside here."""

    __slots__ = ("key",)

    def __init__(self, key: str) -> None:
        self.key = key

    def held(self) -> bool:
        """Whether the session holds a value here yet."""
        return self.key in st.session_state

    def get(self, default: Any = None) -> Any:
        return st.session_state.get(self.key, default)

    def set(self, value: Any) -> None:
        st.session_state[self.key] = value

    def pop(self, default: Any = None) -> Any:
        return st.session_state.pop(self.key, default)

    def setdefault(self, value: Any) -> Any:
        return st.session_state.setdefault(self.key, value)


@dataclass(frozen=True)
class PageState:
    """What a page with state of its own reads from and writes to the address (declared in ``ui/features/``).

    ``read`` takes the feature's state from a link's parameters; it runs at every session's start
    and when Back or Forward goes to an address that holds one of ``params``. ``write`` gives the
    parameters of the page's address: after the example's when ``with_example``, else alone (with
    the language). ``share``, when set, gives the shared link's parameters instead of the address's.
    The page ``EVERY_OTHER_PAGE`` adds its parameters to every page without a state of its own.
    """

    path: str
    params: frozenset[str]
    read: Callable[[Mapping[str, str]], None]
    write: Callable[[], dict[str, str]]
    with_example: bool = False
    share: Callable[[], dict[str, str]] | None = None


EVERY_OTHER_PAGE = "*"
PageStates = Mapping[str, PageState]


def _params() -> dict[str, str]:
    return {k: st.query_params[k] for k in st.query_params}


# ---------------------------------------------------------------- start and URL


def start_session(states: PageStates) -> None:
    """Read language, example and every feature's state from the URL once per session; later runs keep them."""
    if EXAMPLE in st.session_state:
        return
    sent = reconnect.client_states()  # a browser that reconnected to this new session (ui/reconnect.py)
    if sent is not None:
        st.session_state[_REPLAY] = sent
    params = _params()
    example, language, problem = url.read(params)
    repeated = [k for k in st.query_params if len(st.query_params.get_all(k)) > 1]
    if problem is None and repeated:  # the last value of each is used, as Streamlit reads it; say so
        problem = ("url_repeated", {"names": ", ".join(k[:20] for k in repeated[:5])})
    for state in states.values():
        state.read(params)
    st.session_state[_LANG] = language
    st.session_state[EXAMPLE] = example
    st.session_state[_ORIGIN] = example
    st.session_state[_FROM_LINK] = any(name in params for name in (*url.ORDER, "preset") if name != "lang")
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
    # A browser's fresh page shows its number first, the rest in the next run (ui/components/firstpaint.py);
    # a reconnected browser's first run acts on what it sent, and a client with no browser gets no second run.
    st.session_state[_FIRST_PAINT] = sent is None and _has_browser()


def _has_browser() -> bool:
    """Whether a browser runs this session: it reports its address (AppTest and protocol clients do not)."""
    return bool(st.context.url)


def take_first_paint(eligible: bool) -> bool:
    """Once per session, at its first run: whether this run draws only the page's number (``eligible``: the page
    draws the example's headline); every later run, and a first run of any other page, draws the whole page."""
    _THIS_RUN.first_paint = bool(st.session_state.pop(_FIRST_PAINT, False)) and eligible
    return _THIS_RUN.first_paint


def first_paint() -> bool:
    """Whether this run is a fresh page's first paint (``take_first_paint``)."""
    return getattr(_THIS_RUN, "first_paint", False)


def replay_reconnect() -> None:
    """At the end of a reconnected browser's first run: run again with what it sent (ui/reconnect.py)."""
    sent = st.session_state.pop(_REPLAY, None)
    if sent is not None:
        reconnect.replay(sent)


def follow_history(states: PageStates) -> None:
    """Browser Back and Forward: open the example of the address they went to (an undo and a redo).

    The app writes every change into the address, and each write is a history entry; without
    this, Back would show an older address while the page kept the newer example, and the next
    run would write the newer one back. An address that holds a feature's parameters gives that
    feature its state back; if the feature's address names no example, that is all.
    """
    ctx = get_script_run_ctx()
    if ctx is None or not ctx.is_history_navigation:
        return
    params = _params()
    for state in states.values():
        if state.params & params.keys():
            state.read(params)
            if not state.with_example:
                return
    if params.keys() <= {"lang"}:  # an address that names no example (the upload page's)
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


def _state_of(page_path: str, states: PageStates) -> PageState | None:
    return states.get(page_path) or states.get(EVERY_OTHER_PAGE)


def url_params(page_path: str, states: PageStates) -> dict[str, str]:
    """The parameters the address of ``page_path`` holds: the example's, and its feature's own (``PageState``)."""
    state = _state_of(page_path, states)
    if state is not None and not state.with_example:
        return {**state.write(), "lang": language()}
    stamp = (example(), language())
    cached = st.session_state.get(_URL_CACHE)
    if cached is None or cached[0] != stamp:  # build the parameters once per change, not per call
        cached = (stamp, url.write(*stamp))
        st.session_state[_URL_CACHE] = cached
    return cached[1] if state is None else {**cached[1], **state.write()}


def share_params(page_path: str, states: PageStates) -> dict[str, str]:
    """The parameters of the link the sidebar offers to share: the page's own, or its feature's ``share``."""
    state = _state_of(page_path, states)
    if state is not None and state.share is not None:
        return {**state.share(), "lang": language()}
    return url_params(page_path, states)


def sync_url(page_path: str, states: PageStates) -> None:
    """Write the page's parameters into the address bar (only when they changed)."""
    wanted = url_params(page_path, states)
    if _params() != wanted:
        st.query_params.from_dict(wanted)


# ---------------------------------------------------------------- language

# The language of the run in progress, per script thread. A script thread only ever runs one
# session's scripts, and app.py sets this at the start of every run (``begin_run``), so it is never
# shared; it spares the ~150 session-state reads per run that T() would make (~4% of a run's CPU).
_THIS_RUN = threading.local()


def _stored_language() -> str:
    value = st.session_state.get(_LANG, "ko")
    return value if value in model.LANGS else "ko"


def begin_run() -> None:
    """Start of a run (app.py, after ``start_session``): take the language from session state once."""
    _THIS_RUN.language = _stored_language()
    _THIS_RUN.first_paint = False


def language() -> str:
    """The session's language, "ko" or "en"."""
    value = getattr(_THIS_RUN, "language", None)
    return value if value is not None else _stored_language()


def set_language(value: str) -> None:
    st.session_state[_LANG] = value
    _THIS_RUN.language = value if value in model.LANGS else "ko"


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


def example() -> model.Example:
    return st.session_state[EXAMPLE]


def origin() -> model.Example:
    """The example the session opened with (what Reset goes back to)."""
    return st.session_state[_ORIGIN]


def on_opening_example() -> bool:
    """Whether the example is still the app's own opening one, and no link asked for it (a page may then open on
    an example of its own that shows its point better: the metrics page, the lab)."""
    return example() == model.DEFAULT and not st.session_state.get(_FROM_LINK, False)


def reset_target() -> model.Example:
    """What Reset opens: the example this tab opened with, or, once the example is that one (after a reload it
    is the reloaded one), the lessons' own example, the source's A, B, C (UX #9: never a dead end)."""
    return origin() if example() != origin() else model.DEFAULT


def can_reset() -> bool:
    """Whether Reset would change the example (compared as the URL writes it)."""
    return url.to_query(reset_target()) != url.to_query(example())


def reset() -> None:
    """Open ``reset_target()`` (Undo takes it back); the lessons' example, once opened so, is the tab's start too,
    so the next Reset does not swing back to the reloaded example."""
    target = reset_target()
    if example() == origin():
        st.session_state[_ORIGIN] = target
    set_example(target)


def set_example(new: model.Example, *, rebuild_editor: bool = True, remember: bool = True) -> None:
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


def pop_undo() -> model.Example | None:
    """The example before the last change (taken off the Undo stack), or None."""
    stack = st.session_state.get(_UNDO)
    return stack.pop() if stack else None


def url_problem() -> model.Problem | None:
    return st.session_state.get(_URL_PROBLEM)


def set_example_note(note: model.Problem) -> None:
    """A note on where the example came from (a query of the upload page), shown until it changes."""
    st.session_state[_URL_PROBLEM] = note


def pool_problem() -> list[model.Problem] | None:
    """The problems of the last judged-grades entry (each bad entry is left out), or None."""
    return st.session_state.get(_POOL_PROBLEM)


def set_pool_problem(problems: list[model.Problem] | None) -> None:
    st.session_state[_POOL_PROBLEM] = problems


# ---------------------------------------------------------------- moves


def last_move() -> dict | None:
    """The last reordering: {"before": Example, "after": Example, "note": (key, params) or None}."""
    return st.session_state.get(_LAST_MOVE)


def set_last_move(before: model.Example, after: model.Example, note: model.Problem | None) -> None:
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
