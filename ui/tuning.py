"""Five changes to how the server process runs a script, which cut its CPU per run (issue 27, item 4).

Measured first (README, "Server CPU per move"): on /steps a move's run sends ~104 messages, and Streamlit 1.67 wakes its
event loop once per message from the script's thread; each radio and selectbox builds a copy of the whole session
state (``filtered_state``) to read one key; and Python's full garbage collections walk every object the imports made.
Nothing here changes what a page shows or a number it computes: the messages keep their order, the widgets read
the same value, and the collector still frees what it frees.

* ``coalesced events``: a session's script-runner events queue up, and the event loop is woken once per batch,
  which then handles them in order (``AppSession._on_scriptrunner_event``).
* ``one key, not a copy``: ``st.radio`` and ``st.selectbox`` read their key through a mapping that looks it up
  instead of copying every entry first (their modules' ``get_session_state``).
* ``the theme written once``: every run's new-session message carries the theme, six sections read from the
  config (~0.5 ms a run); theme options cannot change while the server runs (only a re-read config, a new
  options table, makes them new), so each section's message is made once per table and copied.
* ``settle_heap``: after a process's first run, one collection and ``gc.freeze()``: the modules and caches made by
  then are left out of later full collections.
* ``an upload copied by reference``: every run of a page with an ``st.file_uploader`` deep-copies its value
  (``SessionState.register_widget``), and a deep copy of an ``UploadedFile`` (a ``BytesIO``) copies its bytes: up
  to 60 MB per run of the upload page, holding the GIL (issue 23: ~130 ms of the server's GIL in one attacked class,
  ``py-spy``). The copy now shares the bytes, which ``BytesIO`` copies on its first write, so the copy is as
  independent as before: same bytes, same position, its own attributes.

They patch private parts of Streamlit, so they are installed only on the version they were written and measured
for; ``tests/test_tuning.py`` fails when that version changes, so the next upgrade re-checks them. Setting
``NDCG_STREAMLIT_TUNING=off`` leaves all five out (``benchmarks/bench_tuning.py`` compares both).
"""

from __future__ import annotations

import copy
import functools
import gc
import io
import logging
import os
import threading
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import streamlit
from streamlit import config
from streamlit.elements.widgets import radio, selectbox
from streamlit.proto.NewSession_pb2 import CustomThemeConfig
from streamlit.runtime import app_session
from streamlit.runtime.app_session import AppSession
from streamlit.runtime.state.common import is_element_id
from streamlit.runtime.state.session_state import _is_internal_key
from streamlit.runtime.uploaded_file_manager import UploadedFile

STREAMLIT_VERSION = "1.67.0"  # the version these patches were read against and measured on
_LOCK = threading.Lock()  # two sessions' first runs may start at once: the patches go in once
_LOG = logging.getLogger("ndcg_app")


def wanted() -> bool:
    """True unless ``NDCG_STREAMLIT_TUNING=off``, and only on the Streamlit version the patches were written for."""
    return os.environ.get("NDCG_STREAMLIT_TUNING", "on") != "off" and streamlit.__version__ == STREAMLIT_VERSION


def installed() -> bool:
    return _install_once.cache_info().currsize > 0


def install() -> None:
    """Install the coalesced events and the one-key reads, once per process (every run calls this)."""
    _once(_install_once)


@functools.cache
def _install_once() -> bool:
    _coalesce_events()
    _one_key_reads()
    _theme_once()
    _uploads_by_reference()
    return True


def settle_heap() -> None:
    """Once per process, after its first run: collect, then freeze what exists (``gc.freeze``)."""
    _once(_settle_once)


def _once(step: Callable[[], bool]) -> None:
    """Run a cached step the first time only; later runs of every session pass by without the lock or the env."""
    if step.cache_info().currsize or not wanted():  # type: ignore[attr-defined]
        return
    with _LOCK:
        step()


@functools.cache
def _settle_once() -> bool:
    gc.collect()
    gc.freeze()
    return True


# ---------------------------------------------------------------- coalesced events


def _coalesce_events() -> None:
    def _on_scriptrunner_event(self: AppSession, *args: Any, **kwargs: Any) -> None:
        """Queue the event; the first of a batch asks the event loop to handle the whole batch, in order."""
        pending, lock = _pending(self)
        with lock:
            pending.append((args, kwargs))
            if len(pending) > 1:  # a drain is already asked for and has not taken this batch yet
                return
        try:
            self._call_soon_on_event_loop(lambda: _drain(self))
        except BaseException:
            with lock:
                pending.clear()
            raise

    # A running ScriptRunner still calls the original through a weak reference (Streamlit's signals hold bound
    # methods weakly): the patch keeps it alive, or that run's messages would stop reaching its page.
    _on_scriptrunner_event.__wrapped__ = AppSession._on_scriptrunner_event  # type: ignore[attr-defined]
    AppSession._on_scriptrunner_event = _on_scriptrunner_event  # type: ignore[method-assign]


def _pending(session: Any) -> tuple[list, threading.Lock]:
    found = session.__dict__.get("_ndcg_pending")
    if found is None:  # dict.setdefault is atomic: two threads asking first get the same pair
        found = session.__dict__.setdefault("_ndcg_pending", ([], threading.Lock()))
    return found


def _drain(session: Any) -> None:
    """On the event loop: handle every queued event of ``session`` in the order the script runner sent them."""
    pending, lock = _pending(session)
    with lock:
        batch = pending[:]
        pending.clear()
    for args, kwargs in batch:
        try:  # as with one callback per event, an event that fails does not stop the ones after it
            session._handle_scriptrunner_event_on_event_loop(*args, **kwargs)
        except Exception:
            _LOG.exception("a script runner event failed on the event loop")


# ---------------------------------------------------------------- one key, not a copy


class _OneKey(Mapping):
    """``SessionState.filtered_state`` as a radio or selectbox uses it: one key looked up, the copy made only if
    someone iterates. A user key's value is the same lookup ``filtered_state`` makes for it."""

    def __init__(self, safe: Any):
        self._safe = safe
        self._copy: dict[str, Any] | None = None

    def _whole(self) -> dict[str, Any]:
        if self._copy is None:
            self._copy = self._safe.filtered_state
        return self._copy

    def __getitem__(self, key: str) -> Any:
        if not isinstance(key, str) or is_element_id(key) or _is_internal_key(key):
            return self._whole()[key]
        with self._safe._lock:
            return self._safe._state[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._whole())

    def __len__(self) -> int:
        return len(self._whole())


class _View:
    """The session state as the widget sees it, with ``filtered_state`` read one key at a time."""

    def __init__(self, safe: Any):
        self._safe = safe

    @property
    def filtered_state(self) -> _OneKey:
        return _OneKey(self._safe)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._safe, name)


def _one_key_reads() -> None:
    for module in (radio, selectbox):
        original: Callable[[], Any] = getattr(module, "get_session_state")  # noqa: B009 - not in the module's __all__
        setattr(module, "get_session_state", lambda original=original: _View(original()))  # noqa: B010


# ---------------------------------------------------------------- an upload copied by reference


def _deepcopy_upload(self: UploadedFile, memo: dict) -> UploadedFile:
    """A deep copy of an uploaded file that shares its bytes until one of the two is written to (``BytesIO``'s
    copy on write: ``getvalue()`` of an unwritten buffer is its bytes object itself)."""
    twin = UploadedFile.__new__(type(self))
    io.BytesIO.__init__(twin, self.getvalue())
    twin.__dict__.update(copy.deepcopy(self.__dict__, memo))
    twin.seek(self.tell())
    return twin


def _uploads_by_reference() -> None:
    UploadedFile.__deepcopy__ = _deepcopy_upload  # type: ignore[attr-defined]


# ---------------------------------------------------------------- the theme written once


def _theme_once() -> None:
    original = app_session._populate_theme_msg

    def _populate_theme_msg(msg: Any, section: str = "theme") -> None:
        options = config.get_config_options()
        made_from, made = _theme_section(original, section, id(options))
        if made_from is not options:  # a new options table where an old one was: made afresh
            original(msg, section)
        elif made.ListFields():  # an empty section leaves the message untouched, as the original does
            msg.MergeFrom(made)

    _populate_theme_msg.__wrapped__ = original  # type: ignore[attr-defined]
    app_session._populate_theme_msg = _populate_theme_msg


@functools.lru_cache(maxsize=64)
def _theme_section(original: Callable[..., None], section: str, table: int) -> tuple[Any, CustomThemeConfig]:
    """One theme section's message, made by Streamlit's own function, with the options table it was made from."""
    made = CustomThemeConfig()  # the type of all six sections' messages
    original(made, section)
    return config.get_config_options(), made
