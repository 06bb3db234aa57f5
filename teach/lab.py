"""The limitations lab's own settings: their defaults, and their ``lab_...`` URL parameters read and written.

Pure Python (no streamlit): ``ui.session`` keeps the settings, reads them from a link once per
session and writes them back into the address beside the example's. A bad value falls back alone,
named in one sentence (a problem kept as data, translated when shown).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from teach.model import Example, Item, Problem, letters

JUDGES = ("annotators", "llm")
ALTERNATIVES = ("shuffle", "reverse")
SCREENS = MappingProxyType({"phone": 6, "pc": 10})  # results on one screen (the source's mobile vs desktop)
WEIGHTS = ("linear", "quadratic")
MAX_SEED = 1_000_000_000
MAX_EMPTY = 5
DRAWS = 2000
HIDE_SWEEP_DRAWS = 200
# name -> (default, the values allowed: a tuple of choices, or (lowest, highest) of a whole number)
SETTINGS: Mapping[str, tuple] = MappingProxyType(
    {
        "judge": ("annotators", JUDGES),
        "noise": (20, range(0, 101)),  # percent
        "seed": (1, range(0, MAX_SEED)),
        "alt": ("shuffle", ALTERNATIVES),
        "screen": ("phone", tuple(SCREENS)),
        "hide": (30, range(0, 91)),  # percent
        "empty": (1, range(0, MAX_EMPTY + 1)),
        "weights": ("linear", WEIGHTS),
        "second": ("", None),  # a second annotator's grades as typed; checked on the page
    }
)
# The example the lab opens on instead of the app's three-item opening example, on which two of its five lessons
# show almost nothing (review 3, U8). Seeded with the lab's default settings (seed 1, shuffle, 20% noise, 30%
# hidden, k = 10, exponential gain): ranking Y leads at the phone's @6 and X at the PC's @10 (the leader changes at
# @3 and @8), X's 0.6966 against Y's 0.6804 flips in 28% of the noisy regradings, and the three hidden
# judgments include the only grade-3 item, so both ways of scoring unjudged items miss the true value by ~0.2.
OPENING_GRADES = (2, 1, 0, 2, 1, 1, 1, 3, 1, 0)


def opening_example() -> Example:
    """The lab's own opening example: items A-J with ``OPENING_GRADES``, exponential gain, k = 10."""
    names = letters(len(OPENING_GRADES))
    return Example(
        tuple(Item(i, name, float(g), None) for i, (name, g) in enumerate(zip(names, OPENING_GRADES, strict=True))),
        gain="exponential",
        k=len(OPENING_GRADES),
    )


# The cost measurement: queries grow at 100 documents each, then documents grow at 100 queries.
COST_QUERIES = (10, 100, 1000)
COST_DOCS = (10, 100, 1000)
COST_SIZES = tuple(dict.fromkeys([*((q, 100) for q in COST_QUERIES), *((100, d) for d in COST_DOCS)]))
PARAMS = frozenset(f"lab_{name}" for name in SETTINGS)
MAX_SECOND = 2000


def _whole(text: str) -> bool:
    """Whether ``text`` is a whole number in ASCII digits, short enough to be a setting ('²' is a digit to
    str.isdigit but not to int, and int refuses over 4,300 digits)."""
    return text.isascii() and text.isdigit() and len(text) <= 12


def defaults() -> dict:
    return {name: default for name, (default, _) in SETTINGS.items()}


def read(params: Mapping[str, str]) -> tuple[dict, Problem | None]:
    """The lab's settings from a link's ``lab_...`` parameters, and the first bad one as a problem."""
    lab, problem = defaults(), None
    for name, (_, allowed) in SETTINGS.items():
        raw = params.get(f"lab_{name}")
        if raw is None:
            continue
        raw = raw.strip()
        value: int | str | None
        if allowed is None:
            if len(raw) <= MAX_SECOND:
                lab[name] = raw
                continue
            value = None
        elif isinstance(allowed, range):
            value = int(raw) if _whole(raw) and int(raw) in allowed else None
        else:
            value = raw if raw in allowed else None
        if value is None:
            problem = problem or ("lab_bad_value", {"param": f"lab_{name}", "value": raw[:20]})
        else:
            lab[name] = value
    return lab, problem


def write(lab: Mapping) -> dict[str, str]:
    """The lab's URL parameters (the second annotator's grades only when given)."""
    return {f"lab_{name}": str(lab[name]) for name in SETTINGS if not (name == "second" and not lab[name])}


def second_grades(text: str, n: int, scale: int) -> tuple[list[int] | None, Problem | None]:
    """A second annotator's grades typed as "1, 3, 2": n whole numbers on 0..scale, or a problem naming the bad one."""
    parts = [p.strip() for p in text.replace(";", ",").split(",")] if text.strip() else []
    if not parts:
        return None, None
    for pos, part in enumerate(parts, start=1):
        if not _whole(part) or int(part) > scale:
            return None, ("lab_second_bad", {"pos": pos, "value": part[:20], "scale": scale})
    if len(parts) != n:
        return None, ("lab_second_count", {"count": len(parts), "n": n})
    return [int(p) for p in parts], None
