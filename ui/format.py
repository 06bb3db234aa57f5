"""Number and text formatting shared by every page."""

from __future__ import annotations

import re

_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|<>~$:])")  # the characters markdown or LaTeX may read
# Streamlit's markdown also turns bare addresses into links (GFM autolinks), escaped or not: a zero-width
# space after "//", "www" and "@" keeps them text.
_AUTOLINK = re.compile(r"(?i)(//|www|@)")
ZWSP = "\u200b"


def fmt(x: float, digits: int = 4) -> str:
    """A score with a fixed number of decimals (4 by default, as the source writes them)."""
    return f"{x:.{digits}f}"


def num(x: float) -> str:
    """A grade, gain or count in its shortest form: 3, 0.5, 1e+20."""
    return f"{x:g}"


def plain(text: object) -> str:
    """User text made safe for st.markdown: every markdown, HTML and LaTeX character escaped, no autolink."""
    return _AUTOLINK.sub(r"\1" + ZWSP, _MD_SPECIAL.sub(r"\\\1", str(text))).replace("\n", " ")
