"""A drag-to-reorder list built on Streamlit's components v2 (inline JS, no iframe, no build).

Mouse and touch drag use pointer events; the keyboard moves the focused row with
Alt+Arrow (or the row's up/down buttons). Each finished move sends one trigger value,
``moved``: {"order": [uids...], "uid": moved uid, "how": "drag" | "keyboard" | "button"}.
Item names are set with textContent, never as HTML.
"""

from __future__ import annotations

import streamlit as st

CSS = """
:host { display: block; }
ol { list-style: none; margin: 0; padding: 0 .25rem 0 0; user-select: none; max-height: 60vh; overflow-y: auto;
     overscroll-behavior: contain; }
li { display: flex; align-items: center; gap: .5rem; padding: .35rem .5rem; margin: 0 0 .25rem 0;
     border: 1px solid var(--st-border-color, #d5d9e0); border-radius: .5rem;
     background: var(--st-secondary-background-color, #f4f6fa); color: var(--st-text-color, #1f2330);
     font-family: var(--st-font, sans-serif); font-size: 1rem; cursor: grab; touch-action: pan-y; }
li:focus { outline: 3px solid var(--st-primary-color, #2f6fde); outline-offset: 1px; }
li.dragging { opacity: .9; box-shadow: 0 6px 18px rgba(0,0,0,.18); cursor: grabbing; position: relative; z-index: 2; }
li.bad { opacity: .55; border-style: dashed; }
li.locked { cursor: default; }
.handle { touch-action: none; cursor: grab; font-size: 1.1rem; color: #7a8194; padding: 0 .15rem; }
.rank { min-width: 2.2rem; font-variant-numeric: tabular-nums; color: #5a6172; }
.name { flex: 1; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.grade { min-width: 4.5rem; text-align: right; font-variant-numeric: tabular-nums; }
button { border: 1px solid var(--st-border-color, #c8ccd6); background: var(--st-background-color, #fff);
         color: inherit; border-radius: .35rem; width: 2rem; height: 1.8rem; cursor: pointer; font-size: .9rem; }
button:disabled { opacity: .35; cursor: default; }
.hint { font-size: .85rem; color: #5a6172; margin: .25rem 0 .5rem 0; }
"""

JS = """
export default function render(component) {
  const { data, parentElement, setTriggerValue } = component;
  const host = parentElement;
  // A rerun that lands mid-drag waits: the drop sends the new order, or shows this if nothing moved.
  if (host.__ndcgDragging) { host.__ndcgPending = component; return; }
  host.__ndcgPending = null;
  let root = host.querySelector("div.ndcg-sortable");
  if (!root) { root = document.createElement("div"); root.className = "ndcg-sortable"; host.appendChild(root); }
  root.replaceChildren();
  const items = (data && data.items) || [];
  const text = (data && data.text) || {};
  const locked = !!(data && data.locked);
  const hint = document.createElement("div");
  hint.className = "hint";
  hint.textContent = locked ? (text.locked || "") : (text.hint || "");
  root.appendChild(hint);
  const list = document.createElement("ol");
  list.setAttribute("aria-label", text.label || "ranking");
  root.appendChild(list);

  const order = () => Array.from(list.children).map((li) => Number(li.dataset.uid));
  const send = (uid, how) => {
    host.__ndcgFocus = uid;
    setTriggerValue("moved", { order: order(), uid: uid, how: how });
  };
  const renumber = () => Array.from(list.children).forEach((li, i) => {
    li.querySelector(".rank").textContent = (i + 1) + ".";
  });
  const move = (li, delta, how) => {
    const sib = delta < 0 ? li.previousElementSibling : li.nextElementSibling;
    if (!sib) return;
    if (delta < 0) list.insertBefore(li, sib); else list.insertBefore(sib, li);
    renumber();
    li.focus();
    send(Number(li.dataset.uid), how);
  };

  items.forEach((it, i) => {
    const li = document.createElement("li");
    li.dataset.uid = String(it.uid);
    li.tabIndex = 0;
    if (it.bad) li.classList.add("bad");
    if (locked) li.classList.add("locked");
    const handle = document.createElement("span");
    handle.className = "handle";
    handle.textContent = locked ? "" : "\u2630";
    handle.setAttribute("aria-hidden", "true");
    const rank = document.createElement("span"); rank.className = "rank"; rank.textContent = (i + 1) + ".";
    const name = document.createElement("span"); name.className = "name"; name.textContent = it.name;
    const grade = document.createElement("span"); grade.className = "grade"; grade.textContent = it.grade;
    li.append(handle, rank, name, grade);
    li.setAttribute("aria-label", (i + 1) + ". " + it.name + ", " + it.grade);
    if (!locked) {
      const up = document.createElement("button");
      up.type = "button"; up.textContent = "\u25B2"; up.className = "up";
      up.setAttribute("aria-label", (text.up || "up") + ": " + it.name);
      up.disabled = i === 0;
      up.addEventListener("click", (e) => { e.stopPropagation(); move(li, -1, "button"); });
      const down = document.createElement("button");
      down.type = "button"; down.textContent = "\u25BC"; down.className = "down";
      down.setAttribute("aria-label", (text.down || "down") + ": " + it.name);
      down.disabled = i === items.length - 1;
      down.addEventListener("click", (e) => { e.stopPropagation(); move(li, 1, "button"); });
      li.append(up, down);
      li.addEventListener("keydown", (e) => {
        if (e.key !== "ArrowUp" && e.key !== "ArrowDown") return;
        e.preventDefault();
        const delta = e.key === "ArrowUp" ? -1 : 1;
        if (e.altKey || e.ctrlKey || e.metaKey) { move(li, delta, "keyboard"); return; }
        const sib = delta < 0 ? li.previousElementSibling : li.nextElementSibling;
        if (sib) sib.focus();
      });
      li.addEventListener("pointerdown", (e) => startDrag(e, li));
    }
    list.appendChild(li);
  });

  // Where the dragged row lands for a pointer at clientY: before the first other row whose middle
  // is below the pointer. Computed from the release point too, so a drop lands where the pointer
  // is released however few move events arrived (one jump included).
  function slotFor(li, clientY) {
    const others = Array.from(list.children).filter((x) => x !== li);
    for (let i = 0; i < others.length; i++) {
      const r = others[i].getBoundingClientRect();
      if (clientY < r.top + r.height / 2) return i;
    }
    return others.length;
  }
  function place(li, slot) {
    const others = Array.from(list.children).filter((x) => x !== li);
    if (Array.from(list.children).indexOf(li) === slot) return;
    list.insertBefore(li, others[slot] || null);
    renumber();
  }

  function startDrag(e, li) {
    if (e.button !== 0 || e.target.closest("button")) return;
    if (e.pointerType !== "mouse" && !e.target.closest(".handle")) return;
    e.preventDefault();
    const startIndex = Array.from(list.children).indexOf(li);
    const grab = e.clientY - li.getBoundingClientRect().top;
    // Capture on the list, which never moves: a captured row loses capture when it is reordered.
    list.setPointerCapture(e.pointerId);
    host.__ndcgDragging = true;
    li.classList.add("dragging");
    li.focus();
    const follow = (clientY) => {
      li.style.transform = "";
      li.style.transform = "translateY(" + (clientY - grab - li.getBoundingClientRect().top) + "px)";
    };
    const onMove = (ev) => {
      if (ev.pointerId !== e.pointerId) return;
      // Near the edge of a long, scrolling list, scroll it so the row can travel further.
      const box = list.getBoundingClientRect();
      if (ev.clientY < box.top + 24) list.scrollTop -= 12;
      else if (ev.clientY > box.bottom - 24) list.scrollTop += 12;
      place(li, slotFor(li, ev.clientY));
      follow(ev.clientY);
    };
    const onUp = (ev) => {
      if (ev.pointerId !== e.pointerId) return;
      list.removeEventListener("pointermove", onMove);
      list.removeEventListener("pointerup", onUp);
      list.removeEventListener("pointercancel", onUp);
      if (list.hasPointerCapture(e.pointerId)) list.releasePointerCapture(e.pointerId);
      li.style.transform = "";
      if (ev.type === "pointerup") place(li, slotFor(li, ev.clientY));
      host.__ndcgDragging = false;
      li.classList.remove("dragging");
      if (Array.from(list.children).indexOf(li) !== startIndex) {
        send(Number(li.dataset.uid), "drag");
      } else if (host.__ndcgPending) {
        render(host.__ndcgPending);  // a rerun arrived mid-drag and nothing moved: show what it sent
      } else {
        renumber();
      }
    };
    list.addEventListener("pointermove", onMove);
    list.addEventListener("pointerup", onUp);
    list.addEventListener("pointercancel", onUp);
  }

  if (host.__ndcgFocus !== undefined) {
    const target = list.querySelector('li[data-uid="' + host.__ndcgFocus + '"]');
    host.__ndcgFocus = undefined;
    if (target) target.focus();
  }
}
"""

_sortable = st.components.v2.component("ndcg_sortable", css=CSS, js=JS)


def sortable_list(*, key: str, items: list[dict], text: dict, locked: bool, on_moved) -> dict | None:
    """Render the list; return the ``moved`` trigger of this run (None when nothing moved)."""
    result = _sortable(
        key=key,
        data={"items": items, "text": text, "locked": locked},
        on_moved_change=on_moved,
    )
    return result.get("moved") if result is not None else None
