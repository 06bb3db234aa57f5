"""Translation for the running session: ``T()`` in the session's language, widget labellers, problems.

The strings themselves are in ``teach.catalogue`` (pure, one module per feature); ``CATALOGUE``,
``LANG_NAMES`` and ``translate`` are re-exported here for the pages.
"""

from __future__ import annotations

from teach import model
from teach.catalogue import CATALOGUE, LANG_NAMES, translate
from ui import session

__all__ = ["CATALOGUE", "LANG_NAMES", "T", "labeller", "problem_text", "translate"]


def T(key: str, **params) -> str:
    """Translate ``key`` into the session's language."""
    return translate(key, session.language(), **params)


def labeller(prefix: str, zero: str | None = None):
    """A widget format_func that translates option ``x`` as ``prefix + x`` in today's language.

    The language is captured now, so the function gives the same text wherever it runs.
    """
    language = session.language()

    def label(option) -> str:
        if option == 0 and zero is not None:
            return translate(zero, language)
        key = f"{prefix}{option}"
        return translate(key, language) if key in CATALOGUE else str(option)

    return label


def problem_text(problem: tuple[str, dict]) -> str:
    """A (key, parameters) problem in today's language; a nested ``why`` is translated too.

    ``why`` is either a whole nested problem (key, parameters) or just a key, which then takes
    the outer problem's value and the widest scale (a link's grades are checked against 0–4).
    """
    key, params = problem
    params = dict(params)
    if "whys" in params:  # several nested problems (a link with several bad values): each in its own sentence
        params["whys_text"] = " ".join(problem_text(p) for p in params.pop("whys"))
    if isinstance(params.get("why"), tuple):
        params["why_text"] = problem_text(params.pop("why"))
    elif "why" in params:
        value = params.get("value", "")
        params["why_text"] = T(params.pop("why"), value=value, scale=max(model.SCALES), max=model.MAX_NAME, name=value)
    return T(key, **params)
