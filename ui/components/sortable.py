"""A drag-to-reorder list built on Streamlit's components v2 (inline JS, no iframe, no build).

Mouse and touch drag use pointer events; the keyboard moves the focused row with
Alt+Arrow (or the row's up/down buttons). Each finished move sends one trigger value,
``moved``: {"order": [uids...], "uid": moved uid, "how": "drag" | "keyboard" | "button"}.
Item names are set with textContent, never as HTML.
"""

from __future__ import annotations

import streamlit as st

from ui import failsafe

CSS = """
:host { display: block; }
/* The list grows with its rows: it is never an inner scroll area that would trap a swipe, and a
   dragged row is never cut by its edge. */
ol { list-style: none; margin: 0; padding: 0 .25rem 0 0; user-select: none; -webkit-user-select: none; }
/* A vertical swipe on a row scrolls the page; only the handle (and a row after a long press) drags. */
li { display: flex; align-items: center; gap: .5rem; padding: .35rem .5rem; margin: 0 0 .25rem 0;
     border: 1px solid var(--st-border-color, #d5d9e0); border-radius: .5rem;
     background: var(--st-secondary-background-color, #f4f6fa); color: var(--st-text-color, #1f2330);
     font-family: var(--st-font, sans-serif); font-size: 1rem; cursor: grab; touch-action: pan-y;
     -webkit-touch-callout: none; }
li:focus { outline: 3px solid var(--st-primary-color, #2f6fde); outline-offset: 1px; }
li.dragging { opacity: .9; box-shadow: 0 6px 18px rgba(0,0,0,.18); cursor: grabbing; position: relative; z-index: 2; }
li.bad { opacity: .55; border-style: dashed; }
li.locked { cursor: default; }
.handle { touch-action: none; cursor: grab; font-size: 1.1rem; color: #7a8194; padding: .3rem .4rem;
          margin: -.3rem -.25rem -.3rem -.4rem; }
.rank { min-width: 2.2rem; font-variant-numeric: tabular-nums; color: #5a6172; }
.name { flex: 1; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.grade { min-width: 4.5rem; text-align: right; font-variant-numeric: tabular-nums; }
button { border: 1px solid var(--st-border-color, #c8ccd6); background: var(--st-background-color, #fff);
         color: inherit; border-radius: .35rem; width: 2rem; height: 1.8rem; cursor: pointer; font-size: .9rem; }
button:disabled { opacity: .35; cursor: default; }
/* Tabbing onto ▲ / ▼ shows the same ring as a focused row (the browser's own is 1 px and dark grey). */
button:focus-visible { outline: 3px solid var(--st-primary-color, #2f6fde); outline-offset: 1px; }
.hint { font-size: .85rem; color: #5a6172; margin: .25rem 0 .5rem 0; word-break: keep-all; overflow-wrap: anywhere; }
/* A touch screen has no Alt key to speak of: its hint names the handle and the long press. */
.hint-touch { display: none; }
@media (pointer: coarse) {
  .hint-keys { display: none; }
  .hint-touch { display: inline; }
}
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
  if (locked) {
    hint.textContent = text.locked || "";
  } else {
    const keys = document.createElement("span"); keys.className = "hint-keys"; keys.textContent = text.hint || "";
    const touch = document.createElement("span"); touch.className = "hint-touch";
    touch.textContent = text.hint_touch || text.hint || "";
    hint.append(keys, touch);
  }
  root.appendChild(hint);
  const list = document.createElement("ol");
  list.setAttribute("aria-label", text.label || "ranking");
  root.appendChild(list);

  const order = () => Array.from(list.children).map((li) => Number(li.dataset.uid));
  const send = (uid, how) => {
    host.__ndcgFocus = uid;
    setTriggerValue("moved", { order: order(), uid: uid, how: how });
  };
  // Ranks, labels and the first row's disabled ▲ / the last row's disabled ▼ follow every move.
  const renumber = () => {
    const rows = Array.from(list.children);
    rows.forEach((li, i) => {
      li.querySelector(".rank").textContent = (i + 1) + ".";
      li.setAttribute("aria-label", (i + 1) + ". " + li.__ndcgLabel);
      const up = li.querySelector("button.up"), down = li.querySelector("button.down");
      if (up) up.disabled = i === 0;
      if (down) down.disabled = i === rows.length - 1;
    });
  };
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
    li.__ndcgLabel = it.name + ", " + it.grade;
    if (it.bad) li.classList.add("bad");
    if (locked) li.classList.add("locked");
    const handle = document.createElement("span");
    handle.className = "handle";
    handle.textContent = locked ? "" : "\u2630";
    handle.setAttribute("aria-hidden", "true");
    const rank = document.createElement("span"); rank.className = "rank"; rank.textContent = (i + 1) + ".";
    const name = document.createElement("span"); name.className = "name"; name.textContent = it.name;
    name.title = it.name;  // a name cut short by the narrow list shows whole on hover
    const grade = document.createElement("span"); grade.className = "grade"; grade.textContent = it.grade;
    li.append(handle, rank, name, grade);
    li.setAttribute("aria-label", (i + 1) + ". " + li.__ndcgLabel);
    if (!locked) {
      li.setAttribute("aria-keyshortcuts", "Alt+ArrowUp Alt+ArrowDown");  // a screen reader names the move keys
      const up = document.createElement("button");
      up.type = "button"; up.textContent = "\u25b2"; up.className = "up";
      up.setAttribute("aria-label", (text.up || "up") + ": " + it.name);
      up.disabled = i === 0;
      up.addEventListener("click", (e) => { e.stopPropagation(); move(li, -1, "button"); });
      const down = document.createElement("button");
      down.type = "button"; down.textContent = "\u25bc"; down.className = "down";
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
      li.addEventListener("pointerdown", (e) => press(e, li));
      // Once a long press has started a drag, the finger's moves drag the row instead of scrolling;
      // while a finger rests on a row, no context menu opens.
      const dragged = () => li.classList.contains("dragging");
      li.addEventListener("touchmove", (e) => { if (dragged() && e.cancelable) e.preventDefault(); },
                          { passive: false });
      li.addEventListener("contextmenu", (e) => { if (li.__ndcgHold || dragged()) e.preventDefault(); });
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
  // The element that scrolls the page (Streamlit scrolls its main section, not the window).
  function scroller() {
    for (let n = host; n; n = n.parentNode || n.host) {
      if (n.nodeType !== 1) continue;
      const oy = getComputedStyle(n).overflowY;
      if ((oy === "auto" || oy === "scroll") && n.scrollHeight > n.clientHeight) return n;
    }
    return document.scrollingElement || document.documentElement;
  }

  // A press starts a drag at once with the mouse or on the ☰ handle; on a row's body a finger or pen
  // must rest for a moment (a long press), so that a swipe there scrolls the page.
  function press(e, li) {
    if (e.button !== 0 || e.target.closest("button")) return;
    if (e.pointerType === "mouse" || e.target.closest(".handle")) {
      e.preventDefault();
      startDrag(e.pointerId, e.clientY, li);
      return;
    }
    const x0 = e.clientX, y0 = e.clientY;
    let timer = 0;
    const stop = () => {
      clearTimeout(timer);
      li.__ndcgHold = false;
      li.removeEventListener("pointermove", onMove);
      li.removeEventListener("pointerup", stop);
      li.removeEventListener("pointercancel", stop);
    };
    const onMove = (ev) => {
      if (ev.pointerId === e.pointerId && Math.hypot(ev.clientX - x0, ev.clientY - y0) > 8) stop();
    };
    li.__ndcgHold = true;
    li.addEventListener("pointermove", onMove);
    li.addEventListener("pointerup", stop);
    li.addEventListener("pointercancel", stop);
    timer = setTimeout(() => {
      stop();
      li.__ndcgHold = true;  // keep the context menu away until the finger lifts
      startDrag(e.pointerId, y0, li, () => { li.__ndcgHold = false; });
      if (navigator.vibrate) { try { navigator.vibrate(15); } catch (err) { /* not allowed: fine */ } }
    }, 450);
  }

  function startDrag(pointerId, clientY, li, done) {
    const startIndex = Array.from(list.children).indexOf(li);
    const grab = clientY - li.getBoundingClientRect().top;
    // Capture on the list, which never moves: a captured row loses capture when it is reordered.
    try { list.setPointerCapture(pointerId); } catch (err) { /* the pointer is already gone */ }
    host.__ndcgDragging = true;
    li.classList.add("dragging");
    li.focus({ preventScroll: true });
    const page = scroller();
    let lastY = clientY, moved = false, frame = 0;
    // Draw the row under the pointer, kept between the list's first and last places so that it never
    // leaves the list's box.
    const follow = () => {
      li.style.transform = "";
      const r = li.getBoundingClientRect();
      const first = list.firstElementChild.getBoundingClientRect();
      const last = list.lastElementChild.getBoundingClientRect();
      const top = Math.min(Math.max(lastY - grab, first.top), last.bottom - r.height);
      li.style.transform = "translateY(" + (top - r.top) + "px)";
    };
    // With the pointer held near the top or bottom of the screen, scroll the page so the row can travel on.
    const edge = () => {
      frame = 0;
      if (!moved || !host.__ndcgDragging) return;
      const whole = page === document.scrollingElement;
      const box = whole ? { top: 0, bottom: window.innerHeight } : page.getBoundingClientRect();
      const top = Math.max(box.top, 0) + 72, bottom = Math.min(box.bottom, window.innerHeight) - 48;
      const step = lastY < top ? -Math.ceil((top - lastY) / 6) : lastY > bottom ? Math.ceil((lastY - bottom) / 6) : 0;
      if (!step) return;
      const before = page.scrollTop;
      page.scrollTop += step;
      if (page.scrollTop !== before) { place(li, slotFor(li, lastY)); follow(); }
      frame = requestAnimationFrame(edge);
    };
    const onMove = (ev) => {
      if (ev.pointerId !== pointerId) return;
      lastY = ev.clientY;
      if (Math.abs(lastY - clientY) > 8) moved = true;
      place(li, slotFor(li, lastY));
      follow();
      if (!frame) frame = requestAnimationFrame(edge);
    };
    const onUp = (ev) => {
      if (ev.pointerId !== pointerId) return;
      list.removeEventListener("pointermove", onMove);
      list.removeEventListener("pointerup", onUp);
      list.removeEventListener("pointercancel", onUp);
      if (frame) cancelAnimationFrame(frame);
      if (list.hasPointerCapture(pointerId)) list.releasePointerCapture(pointerId);
      li.style.transform = "";
      if (ev.type === "pointerup") place(li, slotFor(li, ev.clientY));
      host.__ndcgDragging = false;
      li.classList.remove("dragging");
      if (done) done();
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
        on_moved_change=failsafe.callback(on_moved),
    )
    return result.get("moved") if result is not None else None
