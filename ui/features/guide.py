"""The guided start's state: whether the learner skipped it (remembered), and the order they dragged A, B, C into.

Remembered three ways: in the session; in the home page's address as ``guide=off`` (``STATE``), so a
reload or a bookmark keeps it; and in the browser's localStorage (``ui/components/remember.py``), so
a returning visitor who opens the bare address skips it too. Nothing is stored on the server.
"""

from __future__ import annotations

from collections.abc import Mapping

from teach import model
from ui import failsafe, session
from ui.session import PageState, Slot

PATH = ""  # the home page (st.navigation's default page)
PARAM = "guide"
OFF = "off"
_SKIPPED = Slot("guide_skipped")  # True: show the home page's reference only
_DECIDED = Slot("guide_decided")  # True once this session chose (a click, a link or localStorage)
_ORDER = Slot("guide_order")  # the uids of A, B, C (model.DEFAULT) in the learner's order
_LOCKED = Slot("guide_locked")  # True once the learner said "this is my order"


def read(params: Mapping[str, str]) -> None:
    """A link with ``guide=off`` skips the guided start (any other value is ignored)."""
    if params.get(PARAM, "").strip().lower() == OFF:
        _SKIPPED.set(True)
        _DECIDED.set(True)


def write() -> dict[str, str]:
    return {PARAM: OFF} if skipped() else {}


def _shared() -> dict[str, str]:
    """The home page's shared link: the example's parameters, never the sharer's ``guide=off``."""
    return session.url_params(PATH, {})


STATE = PageState(PATH, frozenset({PARAM}), read, write, with_example=True, share=_shared)


def skipped() -> bool:
    return bool(_SKIPPED.get(False))


def decided() -> bool:
    """Whether this session chose to skip or show (else localStorage may tell)."""
    return bool(_DECIDED.get(False))


@failsafe.callback
def skip() -> None:
    _SKIPPED.set(True)
    _DECIDED.set(True)


@failsafe.callback
def replay() -> None:
    _SKIPPED.set(False)
    _DECIDED.set(True)
    _LOCKED.set(False)


def remembered(value: object) -> None:
    """What the browser's localStorage said ("off" or "on"), when this session has not chosen yet."""
    if value in (OFF, "on"):
        _SKIPPED.set(value == OFF)
        _DECIDED.set(True)


def order() -> tuple[int, ...]:
    """The learner's order of A, B, C as item uids (A, B, C until they drag)."""
    return _ORDER.get(tuple(i.uid for i in model.DEFAULT.items))


def set_order(uids: tuple[int, ...]) -> bool:
    """Keep a dragged order; False (nothing kept) when it is not an order of A, B, C's uids."""
    if model.reorder(model.DEFAULT, uids) is None:
        return False
    _ORDER.set(tuple(uids))
    return True


def example() -> model.Example:
    """The source's example in the learner's order (what the step lesson opens with)."""
    ex = model.reorder(model.DEFAULT, order())
    return ex if ex is not None else model.DEFAULT


def locked() -> bool:
    return bool(_LOCKED.get(False))


@failsafe.callback
def lock(value: bool = True) -> None:
    _LOCKED.set(value)


@failsafe.callback
def finish() -> None:
    """Open the step lesson with the learner's order; the guided start counts as done (skipped from now on)."""
    session.forget_move()
    session.set_example(example())
    _SKIPPED.set(True)
    _DECIDED.set(True)
