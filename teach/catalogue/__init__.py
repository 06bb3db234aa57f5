"""Every user-visible string, in Korean and English, one module per feature. Korean terms follow the source article.

Each feature's module (every module of this package) holds ``STRINGS: dict[key, (Korean,
English)]``; placeholders use str.format names. ``CATALOGUE`` merges them and refuses a key
defined twice, so a new feature's strings can never silently replace another's.
"""

from __future__ import annotations

import importlib
import pkgutil
from types import ModuleType

from teach.format import plurals

LANG_NAMES = {"ko": "한국어", "en": "English"}

# Every module of this package is a feature's strings: a new lesson's module is found without a line here.
FEATURES: tuple[ModuleType, ...] = tuple(
    importlib.import_module(f"{__name__}.{info.name}") for info in sorted(pkgutil.iter_modules(__path__))
)


def _merge() -> dict[str, tuple[str, str]]:
    """Every feature's strings in one dict; a key in two features is an error naming both."""
    out: dict[str, tuple[str, str]] = {}
    owner: dict[str, str] = {}
    for feature in FEATURES:
        for key, texts in feature.STRINGS.items():
            if key in owner:
                raise ValueError(f"catalogue key {key!r} is defined by both {owner[key]} and {feature.__name__}")
            out[key], owner[key] = texts, feature.__name__
    return out


CATALOGUE: dict[str, tuple[str, str]] = _merge()

_INDEX = {"ko": 0, "en": 1}


def translate(key: str, lang: str, **params: object) -> str:
    """The text of ``key`` in ``lang`` with its placeholders filled."""
    text = CATALOGUE[key][_INDEX.get(lang, 0)]
    return plurals(text, params).format(**params) if params else text
