"""The URL codec: the example and the language as readable query parameters, and back.

``read`` turns a link into (example, language, problem); ``write`` gives the parameters of an
example. ``PARAMS`` lists every parameter in the order the address bar shows them: the list's
columns (``items``, ``rel``, ``scores``, ``pool``), which are read together, and one ``Setting``
row for every other: its name, how to read it, and how to write it. Adding a URL parameter takes
an ``Example`` field, one row in ``PARAMS`` and its ``url_NAME`` problem string (architecture
review 3, A5: the order is derived from the table, so no parameter can be left out of it).
Pure Python (no streamlit).

Limit: a value over ``MAX_PARAM`` characters, or more than ``MAX_ITEMS`` rows, gives the default example with one
sentence. A whole query string of about 600 kB or more never reaches the app (the browser or the server drops it on
the way), so the page cannot tell it from a link without parameters: it opens the default example without a sentence.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from functools import lru_cache
from types import MappingProxyType
from typing import Any

from ndcg_core import GAINS, TIES
from teach import presets
from teach.model import (
    DEFAULT,
    DEFAULT_SCALE,
    LANGS,
    MAX_ITEMS,
    MAX_K,
    MAX_PARAM,
    SCALES,
    Example,
    Item,
    Problem,
    blank,
    empty_row,
    grade_problem,
    grade_value,
    letters,
    typed_text,
)


class UrlProblem(Exception):
    def __init__(self, key: str, **params):
        super().__init__(key)
        self.problem: Problem = (key, params)


def _split(raw: str) -> list[str]:
    """Comma-separated parts; a backslash keeps the next character (so a name may hold "\\,")."""
    parts, cur, escaped = [], [], False
    for ch in raw:
        if escaped:
            cur.append(ch)
            escaped = False
        elif ch == "\\":
            escaped = True
        elif ch == ",":
            parts.append("".join(cur).strip())
            cur = []
        else:
            cur.append(ch)
    parts.append("".join(cur).strip())
    return parts


def _join(parts) -> str:
    return ",".join(str(p).replace("\\", "\\\\").replace(",", "\\,") for p in parts)


def _num(x: float) -> str:
    return f"{x:g}" if abs(x) < 1e15 else repr(x)


def _pool(raw: str) -> tuple[tuple[float, ...], Problem | None]:
    """Judged grades; a bad entry is left out and named (the other entries are kept)."""
    out, problem = [], None
    for i, part in enumerate(_split(raw), start=1):
        why = grade_problem(part, max(SCALES))
        if why is None:
            out.append(float(part))
        elif problem is None:
            problem = ("url_grade", {"param": "pool", "pos": i, "value": part[:20], "why": why[0]})
    return tuple(out), problem


# ---------------------------------------------------------------- one row per setting


def _read_gain(raw: str, ex: Example) -> str:
    if raw not in GAINS:
        raise UrlProblem("url_gain", value=raw[:20])
    return raw


def _read_k(raw: str, ex: Example) -> int | None:
    raw = raw.strip()
    if raw.lower() in ("", "all"):
        return None
    # isdecimal, not isdigit: int() refuses "²"; and a few digits only: int() refuses 4,300 and more.
    if not (raw.isdecimal() and len(raw) <= 20) or not 1 <= int(raw) <= MAX_K:
        raise UrlProblem("url_k", value=raw[:20])
    return int(raw)


def _read_ties(raw: str, ex: Example) -> str:
    if raw not in TIES:
        raise UrlProblem("url_ties", value=raw[:20])
    return raw


def _read_scale(raw: str, ex: Example) -> int:
    """A scale below some grade is kept: those rows are named by the row check, with a rescale offer."""
    raw = raw.strip()
    if raw not in {str(s) for s in SCALES}:
        raise UrlProblem("url_scale", value=raw[:20])
    return int(raw)


def _read_threshold(raw: str, ex: Example) -> int:
    raw = raw.strip()
    if raw not in {str(s) for s in SCALES}:
        raise UrlProblem("url_threshold", value=raw[:20])
    return int(raw)


@dataclass(frozen=True)
class Setting:
    name: str  # the query parameter, and the Example field it sets
    read: Callable[[str, Example], object]  # raises UrlProblem
    write: Callable[[Example], str | None]  # None leaves the parameter out


# Every parameter but the language, in the order the address bar shows them.
PARAMS: tuple[str | Setting, ...] = (
    "items",
    "rel",
    Setting("gain", _read_gain, lambda ex: ex.gain),
    Setting("k", _read_k, lambda ex: "all" if ex.k is None else str(ex.k)),
    "scores",
    # A tie policy other than the default stays in the link without scores too, so a reload keeps it.
    Setting("ties", _read_ties, lambda ex: ex.ties if ex.use_scores or ex.ties != "average" else None),
    "pool",
    Setting("scale", _read_scale, lambda ex: _write_scale(ex)),
    Setting("threshold", _read_threshold, lambda ex: None if ex.threshold == 1 else str(ex.threshold)),
)
LIST_PARAMS = tuple(p for p in PARAMS if isinstance(p, str))
SETTINGS = tuple(p for p in PARAMS if isinstance(p, Setting))
ORDER = (*(p if isinstance(p, str) else p.name for p in PARAMS), "lang")
_PLACE = {name: i for i, name in enumerate(ORDER)}


# ---------------------------------------------------------------- the list


def _read_list(params: dict[str, str]) -> tuple[Example, Problem | None]:
    """Every row of the link, usable or not: the row check names the bad ones, nothing is dropped."""
    if not (set(LIST_PARAMS) & params.keys()):
        return DEFAULT, None
    columns = {
        name: _split(params[name]) if params.get(name, "").strip() else [] for name in ("items", "rel", "scores")
    }
    for name, parts in columns.items():
        if len(parts) > MAX_ITEMS:
            raise UrlProblem("url_too_many", param=name, count=len(parts), max=MAX_ITEMS)
    n = max(len(parts) for parts in columns.values())
    grades = [grade_value(g) for g in columns["rel"]] + [None] * (n - len(columns["rel"]))
    names = columns["items"] if "items" in params else letters(n)
    names = names + [""] * (n - len(names))
    use_scores = "scores" in params
    scores = [grade_value(x) for x in columns["scores"]] + [None] * (n - len(columns["scores"]))
    pool, problem = _pool(params["pool"]) if params.get("pool", "").strip() else ((), None)
    rows = [(names[i], grades[i], scores[i] if use_scores else None) for i in range(n)]
    rows = [row for row in rows if not empty_row(Item(0, *row))]  # as _write_list: nothing typed, no row
    example = Example(
        items=tuple(Item(uid, *row) for uid, row in enumerate(rows)),
        gain=DEFAULT.gain,
        k=None,
        scale=_implied_scale(grades, pool),
        use_scores=use_scores,
        use_pool="pool" in params,
        pool=pool,
    )
    return example, problem


def _implied_scale(grades, pool) -> int:
    """The scale of a link without ``scale``: 0–3, or 0–4 when one of its grades needs it."""
    top = max([g for g in grades if isinstance(g, float)] + list(pool), default=0)
    return DEFAULT_SCALE if top <= DEFAULT_SCALE else max(SCALES)


def _write_scale(ex: Example) -> str | None:
    """The scale, left out only when it is the default one the link would open with anyway."""
    implied = _implied_scale([i.grade for i in ex.items], ex.pool if ex.use_pool else ())
    return None if ex.scale == DEFAULT_SCALE == implied else str(ex.scale)


def _write_list(ex: Example) -> dict[str, str]:
    """Every row, including the ones with a problem, so a reload or a shared link keeps them.

    Only a row with nothing typed into it yet is left out.
    """
    rows = [i for i in ex.items if not empty_row(i)]
    out = {
        "items": _join("" if blank(i.name) else str(i.name).strip() for i in rows),
        "rel": _join(typed_text(i.grade) for i in rows),
    }
    if ex.use_scores:
        out["scores"] = _join(typed_text(i.score) for i in rows)
    if ex.use_pool:
        out["pool"] = ",".join(_num(g) for g in ex.pool)
    return out


# ---------------------------------------------------------------- the codec


def several(problems: list[Problem]) -> Problem | None:
    """None, the one problem, or one problem naming each of several bad values ("url_several", with ``whys``):
    every value that fell back is named, not only the first (content review 3, G14)."""
    if len(problems) <= 1:
        return problems[0] if problems else None
    return ("url_several", {"n": len(problems), "whys": tuple(problems)})


def from_query(params: dict[str, str]) -> tuple[Example, Problem | None]:
    """The example a link describes, and its problem: the one bad value, or all of them (``several``).

    Only a link too long to read gives the default example. A bad row is kept as typed (the row
    check names it), and a bad setting or judged grade falls back alone (``example_kept``).
    """
    for name, raw in params.items():
        if len(raw) > MAX_PARAM:
            return DEFAULT, ("url_long", {"param": name[:20], "length": len(raw), "max": MAX_PARAM})
    try:
        example, problem = _read_list(params)
    except UrlProblem as exc:
        return DEFAULT, exc.problem
    problems = [] if problem is None else [problem]
    for setting in SETTINGS:
        if setting.name in params:
            try:
                # The field is named at run time, so its value is Any: ``read`` gives the type that field holds.
                change: dict[str, Any] = {setting.name: setting.read(params[setting.name], example)}
                example = replace(example, **change)
            except UrlProblem as exc:
                problems.append(exc.problem)
    return example, several(problems)


def example_kept(problem: Problem | None) -> bool:
    """Whether the link's example was opened despite ``problem`` (only one value fell back)."""
    return problem is not None and problem[0] not in {"url_long", "url_too_many"}


def to_query(example: Example) -> dict[str, str]:
    """The readable URL parameters of an example (every row, as typed)."""
    out = _write_list(example)
    for setting in SETTINGS:
        value = setting.write(example)
        if value is not None:
            out[setting.name] = value
    return {name: out[name] for name in sorted(out, key=lambda name: _PLACE.get(name, len(ORDER)))}


def read(params: dict[str, str]) -> tuple[Example, str, Problem | None]:
    """Example, language and the problem of a link's parameters (``lang`` included): each bad value is named.

    ``preset=NAME`` opens that preset whatever the other list parameters say (``lang`` still
    applies); an unknown name is named in one sentence and the rest of the link is read as usual.
    """
    params = dict(params)
    language = params.pop("lang", "ko")
    lang_problem = None
    if language not in LANGS:
        lang_problem, language = ("url_lang", {"value": language[:20]}), "ko"
    name = params.pop("preset", None)
    preset_problem = None
    if name is not None:
        if name.strip() in presets.PRESETS:
            return presets.PRESETS[name.strip()].example, language, lang_problem
        preset_problem = ("url_preset", {"value": name.strip()[:20], "names": ", ".join(presets.PRESETS)})
    example, problem = from_query(params)
    if problem is not None and problem[0] == "url_several":
        problems = list(problem[1]["whys"])
    else:
        problems = [] if problem is None else [problem]
    return example, language, several([*problems, *(p for p in (preset_problem, lang_problem) if p is not None)])


def preset_of(example: Example) -> str:
    """The preset the example still is, as a link says it (so a reload keeps the name), or ""."""
    query = to_query(example)
    return next((name for name, preset_query in _preset_queries() if preset_query == query), "")


@lru_cache(maxsize=1)
def _preset_queries() -> tuple[tuple[str, Mapping[str, str]], ...]:
    """Each preset's link parameters, built once per process and shared read-only by every session."""
    return tuple((name, MappingProxyType(to_query(p.example))) for name, p in presets.PRESETS.items())


def write(example: Example, language: str) -> dict[str, str]:
    """The address-bar parameters of an example in a language."""
    return {**to_query(example), "lang": language}
