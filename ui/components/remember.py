"""A choice kept in the browser's localStorage: a returning visitor's browser reports it on the first run.

The component draws nothing. ``data.save`` ("off" / "on", or null) is written to localStorage under
``ndcg_NAME``; when localStorage holds a value other than ``data.known`` (what the server shows), the
browser sends it once as the trigger ``stored`` and the server adopts it. A browser that refuses
localStorage (private mode, a policy) simply sends nothing.
"""

from __future__ import annotations

import streamlit as st

from ui import failsafe

JS = """
export default function render(component) {
  const { data, setTriggerValue } = component;
  const name = "ndcg_" + String((data && data.name) || "choice");
  let stored = null;
  try {
    if (data && data.save) window.localStorage.setItem(name, data.save);
    stored = window.localStorage.getItem(name);
  } catch (err) {
    return;
  }
  if (stored && data && stored !== data.known) setTriggerValue("stored", stored);
}
"""

_remember = st.components.v2.component("ndcg_remember", js=JS)


def remember(*, name: str, known: str, save: str | None, on_stored) -> object:
    """Keep ``save`` in localStorage (when given); return what the browser reported this run, else None."""
    result = _remember(
        key=f"remember_{name}",
        data={"name": name, "known": known, "save": save},
        on_stored_change=failsafe.callback(on_stored),
        height="content",
    )
    return result.get("stored") if result is not None else None
