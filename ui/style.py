"""The few page-wide CSS rules the app sets itself (constant text, never user input)."""

from __future__ import annotations

import streamlit as st

# Korean breaks between words, not inside them (순/위는 on a phone); a long token still wraps.
KEEP_WORDS = """<style>
:is([data-testid=stMarkdownContainer], [data-testid=stHeading], [data-testid=stCaptionContainer],
    [data-testid=stMetricLabel], [data-testid=stWidgetLabel]) :is(p, h1, h2, h3, li, span, div) {
  word-break: keep-all !important; overflow-wrap: anywhere !important; }
/* The one-line score stays in view while a phone user drags (UX #11); desktops see the metrics. */
.st-key-sticky_score { display: none; }
@media (max-width: 640px) {
  .st-key-sticky_score { display: block; position: sticky; top: 3.75rem; z-index: 20;
    background: var(--background-color, #fff); border-bottom: 1px solid rgba(49, 51, 63, 0.2);
    padding: 0.25rem 0; }
}
</style>"""


def apply() -> None:
    st.html(KEEP_WORDS)
