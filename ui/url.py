"""The URL codec: the example and the language as readable query parameters, and back.

``read`` turns a link into (example, language, problem); ``write`` gives the parameters of an
example. The list (``items``, ``rel``, ``scores``, ``pool``) is read together; every other
parameter is one row of ``SETTINGS``: its name, how to read it, and how to write it. Adding a
URL parameter takes an ``Example`` field, one row here and its ``url_NAME`` problem string.
Pure Python (no streamlit).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from ndcg_core import GAINS, TIES
from ui.state import (
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
    check,
    grade_problem,
    letters,
    name_problem,
    number,
)

LIST_PARAMS = ("items", "rel", "scores", "pool")
ORDER = ("items", "rel", "gain", "k", "scores", "ties", "pool", "scale", "lang")  # as the address bar shows them


class UrlProblem(Exception):
    def __init__(self, key: str, **params):
        super().__init__(key)
        self.problem: Problem = (key, params)


def _split(raw: str) -> list[str]:
    return [part.strip() for part in raw.split(",")]


def _num(x: float) -> str:
    return f"{x:g}" if abs(x) < 1e15 else repr(x)


def _grades(raw: str, param: str) -> list[float]:
    parts = _split(raw)
    if len(parts) > MAX_ITEMS:
        raise UrlProblem("url_too_many", param=param, count=len(parts), max=MAX_ITEMS)
    out = []
    for i, part in enumerate(parts, start=1):
        problem = grade_problem(part, max(SCALES))
        if problem is not None:
            raise UrlProblem("url_grade", param=param, pos=i, value=part[:20], why=problem[0])
        out.append(float(part))
    return out


# ---------------------------------------------------------------- one row per setting

def _read_gain(raw: str, ex: Example) -> str:
    if raw not in GAINS:
        raise UrlProblem("url_gain", value=raw[:20])
    return raw


def _read_k(raw: str, ex: Example) -> int | None:
    raw = raw.strip()
    if raw.lower() in ("", "all"):
        return None
    if not raw.isdigit() or not 1 <= int(raw) <= MAX_K:
        raise UrlProblem("url_k", value=raw[:20])
    return int(raw)


def _read_ties(raw: str, ex: Example) -> str:
    if raw not in TIES:
        raise UrlProblem("url_ties", value=raw[:20])
    return raw


def _read_scale(raw: str, ex: Example) -> int:
    raw = raw.strip()
    if raw not in {str(s) for s in SCALES}:
        raise UrlProblem("url_scale", value=raw[:20])
    top = max([float(i.grade) for i in ex.items] + list(ex.pool), default=0)
    if top > int(raw):
        raise UrlProblem("url_scale_low", value=raw, top=f"{top:g}")
    return int(raw)


@dataclass(frozen=True)
class Setting:
    name: str  # the query parameter, and the Example field it sets
    read: Callable[[str, Example], object]  # raises UrlProblem
    write: Callable[[Example], str | None]  # None leaves the parameter out


SETTINGS = (
    Setting("gain", _read_gain, lambda ex: ex.gain),
    Setting("k", _read_k, lambda ex: "all" if ex.k is None else str(ex.k)),
    Setting("ties", _read_ties, lambda ex: ex.ties if ex.use_scores else None),
    Setting("scale", _read_scale, lambda ex: None if ex.scale == DEFAULT_SCALE else str(ex.scale)),
)


# ---------------------------------------------------------------- the list

def _read_list(params: dict[str, str]) -> Example:
    if not (set(LIST_PARAMS) & params.keys()):
        return DEFAULT
    if "rel" not in params:
        raise UrlProblem("url_no_rel")
    grades = _grades(params["rel"], "rel")
    names = _split(params["items"]) if "items" in params else letters(len(grades))
    if len(names) > MAX_ITEMS:
        raise UrlProblem("url_too_many", param="items", count=len(names), max=MAX_ITEMS)
    if len(names) != len(grades):
        raise UrlProblem("url_count", param="rel", got=len(grades), want=len(names))
    seen: set[str] = set()
    for i, name in enumerate(names, start=1):
        problem = name_problem(name, seen)
        if problem:
            raise UrlProblem("url_name", pos=i, value=name[:20], why=problem[0])
        seen.add(name)
    scores = None
    if "scores" in params:
        parts = _split(params["scores"])
        if len(parts) != len(names):
            raise UrlProblem("url_count", param="scores", got=len(parts), want=len(names))
        scores = []
        for i, part in enumerate(parts, start=1):
            x = number(part)
            if x is None:
                raise UrlProblem("url_score", pos=i, value=part[:20])
            scores.append(x)
    pool = tuple(_grades(params["pool"], "pool")) if params.get("pool", "").strip() else ()
    top = max([*grades, *pool], default=0)
    return Example(
        items=tuple(Item(uid, name, grade, scores[uid] if scores else None)
                    for uid, (name, grade) in enumerate(zip(names, grades, strict=True))),
        gain=DEFAULT.gain,
        k=None,
        scale=DEFAULT_SCALE if top <= DEFAULT_SCALE else max(SCALES),
        use_scores=scores is not None,
        use_pool="pool" in params,
        pool=pool,
    )


def _write_list(ex: Example) -> dict[str, str]:
    checked = check(ex)
    out = {"items": ",".join(checked.names), "rel": ",".join(_num(g) for g in checked.grades)}
    if checked.scores is not None:
        out["scores"] = ",".join(repr(s) if s != int(s) or abs(s) >= 1e15 else f"{s:g}" for s in checked.scores)
    if ex.use_pool:
        out["pool"] = ",".join(_num(g) for g in ex.pool)
    return out


# ---------------------------------------------------------------- the codec

def from_query(params: dict[str, str]) -> tuple[Example, Problem | None]:
    """The example a link describes; on any problem, the default example and that problem."""
    for name, raw in params.items():
        if len(raw) > MAX_PARAM:
            return DEFAULT, ("url_long", {"param": name[:20], "length": len(raw), "max": MAX_PARAM})
    try:
        example = _read_list(params)
        for setting in SETTINGS:
            if setting.name in params:
                example = replace(example, **{setting.name: setting.read(params[setting.name], example)})
    except UrlProblem as exc:
        return DEFAULT, exc.problem
    return example, None


def to_query(example: Example) -> dict[str, str]:
    """The readable URL parameters of an example (only its usable rows)."""
    out = _write_list(example)
    for setting in SETTINGS:
        value = setting.write(example)
        if value is not None:
            out[setting.name] = value
    return {name: out[name] for name in ORDER if name in out}


def read(params: dict[str, str]) -> tuple[Example, str, Problem | None]:
    """Example, language and the first problem of a link's parameters (``lang`` included)."""
    params = dict(params)
    language = params.pop("lang", "ko")
    lang_problem = None
    if language not in LANGS:
        lang_problem, language = ("url_lang", {"value": language[:20]}), "ko"
    example, problem = from_query(params)
    return example, language, problem or lang_problem


def write(example: Example, language: str) -> dict[str, str]:
    """The address-bar parameters of an example in a language."""
    return {**to_query(example), "lang": language}
