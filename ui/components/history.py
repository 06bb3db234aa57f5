"""One history entry per page switch, so the browser's Back returns to the page the user came from.

``st.switch_page`` in Streamlit 1.67 makes four history entries for one switch from ``/data?lang=en``: the old
path with its parameters cleared (``/data``), the old path with them restored, the new path with the old
parameters (``/steps?lang=en``) and, on the new page's first run, its own address (``/steps?items=…``). Back then
opens ``/steps?lang=en``, which shows the same page again. This component, drawn once per run in the sidebar,
turns two kinds of pushes into replacements of the current entry: one to the same path that holds no
parameter but the language (Streamlit clearing or restoring them), and one to the same path while the current
entry holds no parameter but the language (a page writing its address on arrival). Every address the app writes
for an example or a feature's state holds more than the language, so those pushes stay history entries. It
draws nothing.
"""

from __future__ import annotations

import streamlit as st

JS = """
export default function () {
  const w = window;
  if (w.__ndcgHistory) return;
  w.__ndcgHistory = true;
  const history = w.history;
  const push = history.pushState.bind(history);
  const replace = history.replaceState.bind(history);
  const QUIET = new Set(["lang", "embed", "embed_options"]);
  const bare = (search) => [...new URLSearchParams(search).keys()].every((name) => QUIET.has(name));
  history.pushState = function (state, title, url) {
    try {
      const to = new URL(url, w.location.href);
      if (to.pathname === w.location.pathname && (bare(to.search) || bare(w.location.search))) {
        return replace(state, title, url);
      }
    } catch (e) {
      // an address this cannot read is pushed as Streamlit asked
    }
    return push(state, title, url);
  };
}
"""

_history = st.components.v2.component("ndcg_history", js=JS)


def one_entry_per_switch() -> None:
    """Install the history rule in the browser (once per page load); its empty box takes no room (ui.style)."""
    with st.sidebar:
        _history(key="ndcg_history", height="content")
