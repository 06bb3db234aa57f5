"""A live class's address: ``room=CODE``, plus ``teacher=KEY`` (the teacher), ``view=projector`` or
``me=ID`` (a student who has joined), and ``j=TOKEN`` on the join link the room's own pages show (its QR code:
a student who came by it may use the room's reserve of joins). Pure: no streamlit.

A value that cannot be right is dropped and its name reported, so an odd link opens what it can.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from live.store import CODE_ALPHABET, CODE_LENGTH, CODE_LENGTHS, normalize_code

PARAMS = ("room", "teacher", "view", "me", "j")
PARAMS_SET = frozenset(PARAMS)
VIEWS = ("projector",)
_TOKEN = re.compile(r"[A-Za-z0-9_-]{8,64}")


def parse_code(text: object) -> str:
    """A join code as typed ("abc-234" → "ABC234"), or ValueError naming it."""
    code = normalize_code(str(text))
    if len(code) not in CODE_LENGTHS or any(c not in CODE_ALPHABET for c in code):
        raise ValueError(
            f"join code {str(text)[:20]!r} is not {CODE_LENGTH} letters and digits of a join code"
            " (or 6, of an older room)"
        )
    return code


def read(params: Mapping[str, str]) -> tuple[dict[str, str], list[str]]:
    """The live-class values of a link's ``params`` and the names of those dropped as unusable.

    >>> read({"room": "abc-234", "view": "projector", "lang": "en"})
    ({'room': 'ABC234', 'view': 'projector'}, [])
    >>> read({"room": "A1", "me": "<script>"})
    ({}, ['room', 'me'])
    """
    place: dict[str, str] = {}
    bad: list[str] = []
    for name in PARAMS:
        if name not in params:
            continue
        value = str(params[name]).strip()
        try:
            if name == "room":
                place[name] = parse_code(value)
            elif name == "view":
                if value not in VIEWS:
                    raise ValueError(value)
                place[name] = value
            elif _TOKEN.fullmatch(value):
                place[name] = value
            else:
                raise ValueError(value)
        except ValueError:
            bad.append(name)
    if "room" not in place:  # the other values mean nothing without a room
        bad += [n for n in place if n not in bad]
        bad = [n for n in PARAMS if n in bad]
        place = {}
    return place, bad
