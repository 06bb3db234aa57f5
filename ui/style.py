"""The few page-wide CSS rules the app sets itself (constant text, never user input)."""

from __future__ import annotations

import streamlit as st

# Korean breaks between words, not inside them (순/위는 on a phone); a long token still wraps.
KEEP_WORDS = """<style>
:is([data-testid=stMarkdownContainer], [data-testid=stHeading], [data-testid=stCaptionContainer],
    [data-testid=stMetricLabel], [data-testid=stWidgetLabel]) :is(p, h1, h2, h3, li, span, div) {
  word-break: keep-all !important; overflow-wrap: anywhere !important; }
/* Room above every table for its toolbar (+, search, download, fullscreen), which Streamlit draws
   44 px above the grid: without it the toolbar covers the button or formula above (UX #19). */
[data-testid=stElementContainer]:has(> [data-testid=stFullScreenFrame] [data-testid=stDataFrame]) {
  margin-top: 1.75rem; }
/* Static step tables: numbers never break, Korean headers break between words only; on a phone
   the cells are tighter so eight columns fit without a sideways swipe (UX #20). */
[data-testid=stTable] td[style*="text-align: right"] :is(p, div) {  /* numbers: Streamlit right-aligns them */
  white-space: nowrap !important; overflow-wrap: normal !important; }
[data-testid=stTable] th :is(p, div) { word-break: keep-all !important; overflow-wrap: normal !important; }
/* The definitions table's values are text ("0.8175", or a range): they never break either, and a library's
   name breaks between words only, so "ignore_ties=True" stays whole (U10). */
.st-key-definitions_table td:nth-child(2) :is(p, div) {
  white-space: nowrap !important; overflow-wrap: normal !important; }
.st-key-definitions_table td:nth-child(1) :is(p, div) {
  word-break: normal !important; overflow-wrap: normal !important; }
/* The sidebar's share link (ui/share.py): small monospace text that breaks anywhere, like a code block. */
[class*=st-key-share_link] [data-testid=stText] {
  font-family: "Source Code Pro", monospace; font-size: 0.75rem; overflow-wrap: anywhere; word-break: break-all; }
@media (max-width: 640px) {
  [data-testid=stTable] :is(td, th) { padding: 0.3rem 0.2rem !important; font-size: 0.75rem !important; }
}
/* Keyboard users see where they are: Streamlit marks a focused page link or radio option only with
   a faint grey, so both get a clear ring in the palette's blue (issue 9: every action by keyboard). */
:is([data-testid=stSidebarNavLink], [data-testid=stPageLink-NavLink]):focus-visible,
[data-testid=stRadio] label:has(input:focus-visible) { outline: 3px solid #0072B2 !important; outline-offset: 2px; }
/* The headline metrics share their row evenly; on a phone they sit two by two (8rem each at least). */
[class*=st-key-headline_metrics] > *, .st-key-avg_means > * { flex: 1 1 0 !important; min-width: 8rem !important; }
/* On a phone the four headline metrics sit two by two instead of four screens tall. */
@media (max-width: 640px) {
  :is(.st-key-headline, [class*=_order_buttons]) [data-testid=stColumn] { min-width: calc(50% - 1rem) !important;
    flex: 1 1 calc(50% - 1rem) !important; }
}
/* A folded lesson opens with one line, nDCG@k beside the example, then its own content (UX #15);
   and every page starts under Streamlit's 3.75rem header bar, not 6rem down. */
.st-key-folded_line [data-testid=stMetric] { width: auto !important; }
.st-key-folded_line [data-testid=stMetricValue] { font-size: 1.75rem !important; }
.st-key-folded_line > * { flex: 0 1 auto !important; width: auto !important; }
.st-key-folded_line > :last-child { flex: 1 1 14rem !important; min-width: 0; }
[data-testid=stMainBlockContainer] { padding-top: 4rem !important; }
/* ui.components.chrome, .history and .firstpaint draw nothing: no gap for them */
.st-key-ndcg_chrome, .st-key-ndcg_history, .st-key-ndcg_first_paint { display: none !important; }
/* What answers a prediction prompt stays out of focus until the guess (ui.predict.veiled): no hover peeks either. */
[class*=st-key-predict_veil_] { filter: blur(7px); opacity: .55; pointer-events: none; user-select: none; }
/* nDCG counted without some rows: its number carries a star, "1.0000*", and the line under it says why (UX #13). */
:is(.st-key-headline_metrics_partial > :first-child, .st-key-folded_ndcg_partial)
  [data-testid=stMetricValue] > div::after { content: "*"; color: #c2410c; }
@media (max-width: 640px) {  /* a title of two lines, not five (UX #16) */
  [data-testid=stMain] [data-testid=stHeading] h1 { font-size: 2rem !important; }
}
/* The one-line score stays in view while a phone user drags (UX #11); desktops see the metrics. */
/* Sticky is set on the wrapper: the keyed block is exactly as tall as its own wrapper. */
[data-testid=stLayoutWrapper]:has(> .st-key-sticky_score) { display: none; }
@media (max-width: 640px) {
  [data-testid=stLayoutWrapper]:has(> .st-key-sticky_score) { display: flex; position: sticky;
    top: 3.75rem; z-index: 20;
    background: var(--background-color, #fff); border-bottom: 1px solid rgba(49, 51, 63, 0.2);
    padding: 0.25rem 0; }
}
/* Presenter view (?present=1, ui.features.present): no sidebar or toolbar, and every text of the one step in view
   at least 24 px, readable from the back of a room (issue 9). Scoped to pages holding .st-key-present. */
.stApp:has(.st-key-present) :is([data-testid=stSidebar], [data-testid=stSidebarCollapsedControl],
    [data-testid=stHeader], [data-testid=stToolbar], [data-testid=stDecoration]) { display: none !important; }
.stApp:has(.st-key-present) [data-testid=stMainBlockContainer] { padding: 0.5rem 2rem 1rem !important;
  max-width: none !important; }
.stApp:has(.st-key-present) [data-testid=stMain] [data-testid=stVerticalBlock] { gap: 0.25rem !important; }
.stApp:has(.st-key-present) [data-testid=stMain] :is(p, li, td, th, pre, code, [data-testid=stText]) {
  font-size: 24px !important; line-height: 1.25 !important; }
.stApp:has(.st-key-present) [data-testid=stMain] [data-testid=stHeading] :is(h1, h2, h2 span) {
  font-size: 34px !important; padding: 0.25rem 0 !important; }
.stApp:has(.st-key-present) [data-testid=stMain] [data-testid=stMetricValue] :is(div, p) { font-size: 38px !important; }
.stApp:has(.st-key-present) [data-testid=stMain] [data-testid=stTable] :is(td, th, td *, th *) {
  font-size: 24px !important; line-height: 1.2 !important; }
.stApp:has(.st-key-present) [data-testid=stMain] [data-testid=stTable] :is(td, th) {
  padding: 0.05rem 0.6rem !important; }
.stApp:has(.st-key-present) [data-testid=stMain] .katex { font-size: 1.6em !important; }
.st-key-present_headline :is([data-testid=stCaptionContainer], [data-testid=stMetricDelta]) { display: none; }
</style>"""


def apply() -> None:
    st.html(KEEP_WORDS)
