"""Number and text formatting shared by every page."""

from __future__ import annotations

import re
from functools import lru_cache

_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|<>~$:])")  # the characters markdown or LaTeX may read
# Streamlit's markdown also turns bare addresses into links (GFM autolinks), escaped or not: a zero-width
# space before the "://" of a scheme, after the "www" of "www." and after the "@" of an e-mail address
# keeps them text (checked in Chromium: tests/test_browser_data.py).
_AUTOLINK = re.compile(r"(?i)[a-z](?=://)|www(?=\.)|@(?=[\w-]+\.)")
ZWSP = "\u200b"
# A table cell is one line of markdown (st.table renders cells so): only what can start markup there is
# escaped, so numbers, "RR@3", "trec_eval" or "#1" read as they are.
_CELL_ALWAYS = re.compile(r"([\\`*\[\]<>$~|])")
_CELL_UNDERSCORE = re.compile(r"(?<![0-9A-Za-z])_|_(?![0-9A-Za-z])")  # intraword _ is never emphasis
_CELL_DIRECTIVE = re.compile(r":(?=[A-Za-z_])")  # Streamlit's :red[..], :material/icon: and :emoji:
_CELL_BLOCK_START = re.compile(r"^(\s*)(#|>|[-+](?=\s|$))")  # a heading, a quote or a list item
_CELL_ORDERED_START = re.compile(r"^(\s*\d+)([.)])(?=\s|$)")  # "1. " starts an ordered list
# Streamlit's markdown rewrites every ":material/" to ":material_" before parsing, escaped or not, so a typed
# ":material/home" would read ":material_home"; an escaped slash ("\/" reads "/") keeps it as typed.
_MATERIAL, _MATERIAL_KEPT = ":material/", ":material\\/"


def fmt(x: float, digits: int = 4) -> str:
    """A score with a fixed number of decimals (4 by default, as the source writes them)."""
    return f"{x:.{digits}f}"


def num(x: float) -> str:
    """A grade, gain or count in its shortest form: 3, 0.5, 1e+20."""
    return f"{x:g}"


def cell(text: object) -> str:
    """User text made safe for one st.table cell, changing only what markdown, LaTeX or a link could read."""
    return _cell(str(text))


@lru_cache(maxsize=8192)
def _cell(text: str) -> str:
    """``cell`` of a string, kept per process: every rerun shows the same names and formulas again, and
    a string is immutable, so sessions may share the result (~8 µs per cell otherwise, ~2 ms per run)."""
    s = _CELL_ALWAYS.sub(r"\\\1", _no_autolink(text.replace("\n", " ")))
    s = _CELL_UNDERSCORE.sub(r"\\_", s)
    s = _CELL_DIRECTIVE.sub(r"\\:", s)
    s = _CELL_BLOCK_START.sub(r"\1\\\2", s)
    return _CELL_ORDERED_START.sub(r"\1\\\2", s).replace(_MATERIAL, _MATERIAL_KEPT)


def _no_autolink(s: str) -> str:
    return _AUTOLINK.sub(lambda m: m.group(0) + ZWSP, s)


def plain(text: object) -> str:
    """User text made safe for st.markdown: every markdown, HTML and LaTeX character escaped, no autolink."""
    return _MD_SPECIAL.sub(r"\\\1", _no_autolink(str(text))).replace("\n", " ").replace(_MATERIAL, _MATERIAL_KEPT)


def ordinal(n: int, lang: str = "en") -> str:
    """An English ordinal: 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st, 101st, 111th; in Korean the bare number
    (the catalogue writes "{nth}번째")."""
    if lang != "en":
        return str(n)
    if n % 100 in (11, 12, 13):
        return f"{n}th"
    return f"{n}{({1: 'st', 2: 'nd', 3: 'rd'}).get(n % 10, 'th')}"


def plural(n: object, one: str, many: str) -> str:
    """``one`` when ``n`` is 1 (or "1"), else ``many``: the noun after a count, "1 row" but "2 rows"."""
    return one if str(n).strip() == "1" else many


# "{used:row|rows}" in a catalogue string is the noun for the count {used}: the one or the many form.
_PLURAL_FIELD = re.compile(r"\{(\w+):([^{}|]*)\|([^{}]*)\}")


def plurals(text: str, params: dict) -> str:
    """``text`` with each "{name:one|many}" replaced by the form the count ``params[name]`` takes."""
    if "|" not in text:
        return text
    return _PLURAL_FIELD.sub(
        lambda m: plural(params[m.group(1)], m.group(2), m.group(3)) if m.group(1) in params else m.group(0), text
    )
