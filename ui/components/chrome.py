"""Streamlit's own English inside a Korean page, in Korean (U14, UX #21).

Streamlit 1.67 has no language setting: its table toolbar ("Add row", "Download as CSV", …), the
"Help for …" labels of help icons, the file uploader ("Drag and drop a file here", "200MB per file"),
"Press Enter to apply" and the "Running..." status are English in every page. The ⋮ menu is gone
(``client.toolbarMode = "minimal"``); this component, drawn once per run in the sidebar, replaces the
rest in the browser: the aria-labels a screen reader reads, and the visible texts of those few
widgets, each matched whole against ``teach.catalogue.chrome`` and never inside user content.
In an English page it puts Streamlit's own texts back. It draws nothing.
"""

from __future__ import annotations

import re

import streamlit as st

from teach.catalogue import chrome
from ui import session
from ui.i18n import CATALOGUE

JS = """
export default function (component) {
  const data = component.data || {};
  const w = window;
  const exact = new Map(Object.entries(data.exact || {}));
  const patterns = (data.patterns || []).map(([re, to]) => [new RegExp(re), to]);
  const word = (text) => {
    const t = (text || "").trim();
    if (!t) return null;
    if (exact.has(t)) return exact.get(t);
    for (const [re, to] of patterns) if (re.test(t)) return t.replace(re, to);
    const cut = t.indexOf(": ");  // a toolbar button's label: "Add row: <the table's label>"
    if (cut > 0 && exact.has(t.slice(0, cut))) return exact.get(t.slice(0, cut)) + t.slice(cut);
    return null;
  };
  // Only Streamlit's own widgets: the text of a table, a caption or a label the app wrote is never touched.
  const SCOPES = "[data-testid=stTooltipContent], [data-testid=stFileUploaderDropzone]," +
    " [data-testid=InputInstructions], [data-testid=stStatusWidget], [data-testid=stElementToolbar]";
  const state = w.__ndcgChrome || (w.__ndcgChrome = { aria: new Map(), text: new Map() });
  state.word = word;
  // Each changed label or text is kept with its original and what it shows now: when the language changes the
  // original comes back or is changed again; when React writes a new one, that one is looked at afresh.
  const pass = () => {
    state.queued = false;
    for (const [el, seen] of state.aria) {
      if (!el.isConnected || el.getAttribute("aria-label") !== seen.shown) { state.aria.delete(el); continue; }
      const want = state.word(seen.orig) || seen.orig;
      if (want !== seen.shown) { el.setAttribute("aria-label", want); seen.shown = want; }
    }
    for (const el of document.querySelectorAll("[aria-label]")) {
      if (state.aria.has(el)) continue;
      const orig = el.getAttribute("aria-label"), to = state.word(orig);
      if (to) { state.aria.set(el, { orig: orig, shown: to }); el.setAttribute("aria-label", to); }
    }
    for (const [node, seen] of state.text) {
      if (!node.isConnected || node.nodeValue !== seen.shown) { state.text.delete(node); continue; }
      const want = state.word(seen.orig) || seen.orig;
      if (want !== seen.shown) { node.nodeValue = want; seen.shown = want; }
    }
    for (const scope of document.querySelectorAll(SCOPES)) {
      const walk = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT);
      for (let node = walk.nextNode(); node; node = walk.nextNode()) {
        if (state.text.has(node)) continue;
        const orig = node.nodeValue, to = state.word(orig);
        if (to) { state.text.set(node, { orig: orig, shown: to }); node.nodeValue = to; }
      }
    }
  };
  state.pass = pass;
  if (!state.observer) {
    state.observer = new MutationObserver(() => {
      if (!state.queued) { state.queued = true; requestAnimationFrame(() => state.pass()); }
    });
    state.observer.observe(document.body, { subtree: true, childList: true, characterData: true,
                                            attributes: true, attributeFilter: ["aria-label"] });
  }
  pass();
}
"""

_chrome = st.components.v2.component("ndcg_chrome", js=JS)


def _pattern(english: str) -> str:
    """ "Help for {x}" as a whole-text regular expression with {x} as its group."""
    return "^" + re.escape(english).replace(re.escape("{x}"), "(.+)") + "$"


def words(language: str) -> dict:
    """Streamlit's English texts and what to show instead in ``language`` (nothing to change in English)."""
    if language == "en":
        return {"exact": {}, "patterns": ()}  # tuples, not lists: see sortable.sortable_list
    index = 0  # the catalogue's Korean
    exact, patterns = {}, []
    for key in chrome.STRINGS:
        mine, english = CATALOGUE[key][index], CATALOGUE[key][1]
        if "{x}" in english:
            patterns.append([_pattern(english), mine.replace("{x}", "$1")])
        else:
            exact[english] = mine
    return {"exact": exact, "patterns": tuple(patterns)}


def translate_chrome() -> None:
    """Draw the translator in the sidebar, with the session's language; its empty box takes no room (ui.style)."""
    with st.sidebar:
        _chrome(key="ndcg_chrome", data=words(session.language()), height="content")
