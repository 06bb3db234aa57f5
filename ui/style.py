"""The few page-wide CSS rules the app sets itself (constant text, never user input)."""

from __future__ import annotations

import streamlit as st

# Korean breaks between words, not inside them (순/위는 on a phone); a long token still wraps.
KEEP_WORDS = """<style>
:is([data-testid=stMarkdownContainer], [data-testid=stHeading], [data-testid=stCaptionContainer],
    [data-testid=stMetricLabel], [data-testid=stWidgetLabel]) :is(p, h1, h2, h3, li, span, div) {
  word-break: keep-all !important; overflow-wrap: anywhere !important; }
</style>"""


def apply() -> None:
    st.html(KEEP_WORDS)
