"""The limitations lab's state: its settings (in the address after the example's, ``lab_...``) and last measurement.

The settings' codec is ``teach.lab``; a bad value falls back alone and is named in one sentence.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Mapping
from typing import Any

import streamlit as st

from ndcg_core import limits
from teach import lab as codec
from teach import model
from ui.session import PageState, Slot

PATH = "limits"
_SETTINGS = Slot("lab_settings")
_PROBLEM = Slot("lab_problem")
_TIMINGS = Slot("lab_timings")  # a measurement, not a setting: never in the URL


def read(params: Mapping[str, str]) -> None:
    """Take the lab's settings from a link's ``lab_...`` values; a bad one falls back alone, named in one sentence."""
    settings, problem = codec.read(params)
    _SETTINGS.set(settings)
    _PROBLEM.set(problem)


def settings() -> dict:
    """The lab's settings, read from the link when the session started."""
    if not _SETTINGS.held():  # a session that started before the lab existed (a server reloaded under it)
        read({k: st.query_params[k] for k in st.query_params})
    return _SETTINGS.get()


def write() -> dict[str, str]:
    return codec.write(settings())


STATE = PageState(PATH, frozenset(codec.PARAMS), read, write, with_example=True)


def set_setting(name: str, value: Any) -> None:
    _SETTINGS.set({**settings(), name: value})
    _PROBLEM.set(None)


def problem() -> model.Problem | None:
    """What was wrong with the link's lab settings, if anything (shown until a setting changes)."""
    return _PROBLEM.get()


def timings() -> Any:
    """The last cost measurement of the lab (a DataFrame), or None before the first press of its button."""
    return _TIMINGS.get()


def set_timings(value: Any) -> None:
    _TIMINGS.set(value)


_MEASURED: dict[tuple, Any] = {}  # one measurement per process: its runs are synthetic and seeded, so all agree
_MEASURING = threading.Lock()


def measured(sizes: Iterable[tuple[int, int]], *, k: int | None, gain: str) -> Any:
    """``limits.time_evaluation``'s table, measured once per process and shared by every session.

    Each measurement takes ~1.5 s of CPU (review 3, X11): presses from other tabs meanwhile wait for it under
    the lock instead of each starting their own. Read-only for its users (the page only filters it).
    """
    key = (limits.time_evaluation, tuple(sizes), k, gain)  # the function too: a test's stand-in is its own
    with _MEASURING:
        if key not in _MEASURED:
            _MEASURED[key] = limits.time_evaluation(key[1], k=k, gain=gain)
        return _MEASURED[key]
