"""A drag-to-reorder list built on Streamlit's components v2 (inline JS, no iframe, no build).

Mouse and touch drag use pointer events; the keyboard moves the focused row with
Alt+Arrow (or the row's up/down buttons). Each finished move sends one trigger value,
``moved``: {"order": [uids...], "uid": moved uid, "how": "drag" | "keyboard" | "button"}.
Item names are set with textContent, never as HTML.
"""

from __future__ import annotations

import json

import streamlit as st

from ui import failsafe
from ui.components.ndcg_js import NDCG_JS

CSS = """
:host { display: block; container-type: inline-size; }
.ndcg-sortable { contain: layout style; }
/* The list grows with its rows: it is never an inner scroll area that would trap a swipe, and a
   dragged row is never cut by its edge. */
ol { list-style: none; margin: 0; padding: 0 .25rem 0 0; user-select: none; -webkit-user-select: none; }
/* A vertical swipe on a row scrolls the page; only the handle (and a row after a long press) drags. */
li { display: flex; align-items: center; gap: .5rem; padding: .35rem .5rem; margin: 0 0 .25rem 0;
     border: 1px solid var(--st-border-color, #d5d9e0); border-radius: .5rem;
     background: var(--st-secondary-background-color, #f4f6fa); color: var(--st-text-color, #1f2330);
     font-family: var(--st-font, sans-serif); font-size: 1rem; cursor: grab; touch-action: pan-y;
     -webkit-touch-callout: none; position: relative; }
/* Every row is one height and lays itself out alone (size containment): a move or a new bar re-lays the
   rows that changed, not the page around the list (benchmarks/bench_instant.py). */
li { height: 1.8rem; contain: size layout style; }
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
/* The list's own numbers (issue 25): DCG and IDCG as two bars on one scale, nDCG beside them, and each
   row's discounted gain as a bar. Colours are the concepts' (ui/palette.py), set on the root as variables. */
.score { margin: 0 0 .5rem 0; padding: .45rem .6rem; border: 1px solid var(--st-border-color, #d5d9e0);
         border-radius: .5rem; font-family: var(--st-font, sans-serif); color: var(--st-text-color, #1f2330); }
.score .head { display: flex; flex-wrap: wrap; align-items: baseline; gap: .1rem .6rem; margin-bottom: .25rem; }
.score .lab { font-variant-numeric: tabular-nums; }
.score .num { font-size: 1.45rem; font-weight: 700; font-variant-numeric: tabular-nums; }
/* Its own line, two lines tall whatever it says: a status that changes mid-drag never moves the rows. */
.score .src { flex-basis: 100%; min-height: 2.4em; line-height: 1.2; font-size: .8rem; color: #5a6172;
              word-break: keep-all; overflow-wrap: anywhere; }
.score .note { font-size: .82rem; color: #5a6172; margin-top: .3rem; word-break: keep-all; overflow-wrap: anywhere; }
.sbar { display: grid; grid-template-columns: minmax(4.5rem, auto) 1fr 4.4rem; align-items: center; gap: .5rem;
        margin: .2rem 0; font-size: .9rem; font-variant-numeric: tabular-nums; }
.sbar .val { text-align: right; }
.track { display: block; height: .95rem; background: var(--st-background-color, #fff); border: 1px solid #c8ccd6;
         border-radius: .2rem; overflow: hidden; }
.fill { display: block; height: 100%; width: 100%; transform-origin: left center; transform: scaleX(0);
        background: var(--c-actual, #0072B2); }
/* The ideal's bar is striped too, as in the bar chart below, so the two differ by more than colour. */
.fill.ideal { background-color: var(--c-ideal, #E69F00);
              background-image: repeating-linear-gradient(135deg, rgba(255,255,255,.5) 0 3px, transparent 3px 8px); }
.dg { width: 3.6rem; height: .8rem; flex: none; }
.dgval { width: 2.7rem; flex: none; text-align: right; font-size: .85rem; color: #5a6172;
         font-variant-numeric: tabular-nums; }
/* Ranks past k count nothing: their bars are faint. The row at rank k carries the cut-off line below it. */
li.out .dg .fill { opacity: .3; }
li.cut::after { content: ""; position: absolute; left: -.25rem; right: -.25rem; bottom: calc(-.125rem - 2px);
                border-top: 2px dashed var(--c-k, #D55E00); pointer-events: none; }
li.cut::before { content: attr(data-cut); position: absolute; right: .6rem; bottom: -.62rem; z-index: 1;
                 font-size: .72rem; line-height: 1; padding: 0 .3rem; color: var(--c-k, #D55E00);
                 background: var(--st-background-color, #fff); pointer-events: none; }
.curve { display: block; width: 100%; max-width: 34rem; height: auto; margin: .2rem 0 0 0; overflow: visible; }
/* A wide list (a lesson's own, across the page) puts its numbers beside the rows rather than above them. */
@container (min-width: 640px) {
  .ndcg-sortable:has(> .score) { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
                                 column-gap: 1.25rem; align-items: start; }
  .ndcg-sortable > .hint { grid-column: 1 / -1; }
  .ndcg-sortable > .score { grid-column: 2; grid-row: 2; }
  .ndcg-sortable > ol { grid-column: 1; grid-row: 2; }
}
.curve text { font-size: 11px; fill: var(--st-text-color, #1f2330); }
/* A phone's row keeps its name readable: the bar stays, its number goes, and the rank, the grade and the gaps take
   only their own width (at 390 px a five-letter name had ~17 px and showed as "D…"). ▲ and ▼ keep their size. */
@container (max-width: 380px) {
  li { gap: .3rem; padding-left: .35rem; padding-right: .35rem; }
  .rank { min-width: 1.4rem; }
  .grade { min-width: 0; }
  .dgval { display: none; }
  .dg { width: 2rem; }
  .sbar { grid-template-columns: minmax(4rem, auto) 1fr 3.9rem; gap: .35rem; }
}
"""

JS = (
    NDCG_JS
    + """
function ndcgSortableRender(component) {
  const { data, parentElement, setTriggerValue } = component;
  const host = parentElement;
  // The list's style sheet, made once per page from the code element and adopted by each list's shadow root.
  const shadow = host.getRootNode();
  if (shadow.adoptedStyleSheets && !shadow.adoptedStyleSheets.includes(window.__ndcgSortableSheet)) {
    shadow.adoptedStyleSheets = [...shadow.adoptedStyleSheets, window.__ndcgSortableSheet];
  }
  // A rerun that lands mid-drag waits: the drop sends the new order, or shows this if nothing moved.
  if (host.__ndcgDragging) { host.__ndcgPending = component; return; }
  host.__ndcgPending = null;
  let root = host.querySelector("div.ndcg-sortable");
  if (!root) { root = document.createElement("div"); root.className = "ndcg-sortable"; host.appendChild(root); }
  root.replaceChildren();
  const items = (data && data.items) || [];
  const text = (data && data.text) || {};
  const locked = !!(data && data.locked);
  const score = (data && data.score) || null;  // the list's own numbers (issue 25); null: a list without them
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
  const panel = score ? scorePanel(score) : null;
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
    refresh("browser");  // the number and bars at once; the server confirms after the send
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
    li.__ndcgRel = typeof it.rel === "number" ? it.rel : null;  // null: a row the score leaves out
    if (score && li.__ndcgRel !== null) {
      const bar = document.createElement("span"); bar.className = "track dg";
      const fill = document.createElement("span"); fill.className = "fill"; bar.appendChild(fill);
      const val = document.createElement("span"); val.className = "dgval";
      li.__ndcgBar = bar; li.__ndcgFill = fill; li.__ndcgVal = val;
      li.__ndcgServerDg = typeof it.dg === "number" ? it.dg : 0;
      li.dataset.cut = (score.text && score.text.cut) || "";
      li.append(bar, val);
    }
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
  if (panel) refresh("server");

  // The list's own numbers. The panel above the list holds nDCG and its bars (DCG and IDCG on one
  // scale, or nDCG under each gain), and on the discount lesson the curve with the items on it.
  function scorePanel(sc) {
    const t = sc.text || {};
    const el = document.createElement("div");
    el.className = "score";
    const colors = sc.colors || {};
    for (const c in colors) root.style.setProperty("--c-" + c, colors[c]);
    const head = document.createElement("div"); head.className = "head";
    const lab = document.createElement("span"); lab.className = "lab"; lab.textContent = t.ndcg || "nDCG";
    const num = document.createElement("span"); num.className = "num";
    const src = document.createElement("span"); src.className = "src";
    head.append(lab, num, src);
    src.hidden = !sc.browser;  // the server's number only: no status line to keep room for
    el.appendChild(head);
    const bars = (sc.bars || []).map((b) => {
      const row = document.createElement("div"); row.className = "sbar";
      const l = document.createElement("span"); l.className = "lab"; l.textContent = b.label;
      const track = document.createElement("span"); track.className = "track";
      const fill = document.createElement("span"); fill.className = "fill" + (b.kind === "idcg" ? " ideal" : "");
      if (b.color) fill.style.background = b.color;
      track.appendChild(fill);
      const v = document.createElement("span"); v.className = "val";
      row.dataset.kind = b.kind + (b.gain ? ":" + b.gain : "");
      row.append(l, track, v);
      el.appendChild(row);
      return { spec: b, row: row, fill: fill, val: v };
    });
    const note = document.createElement("div"); note.className = "note";
    el.appendChild(note);
    const curve = sc.curve ? curvePlot(el, t) : null;
    root.appendChild(el);
    // Draw ``res`` (the browser's numbers) or, with source "server", the numbers the server sent.
    const show = (res, good, grades, source) => {
      const server = source === "server" || !res;
      const sv = sc.server || {};
      const v = server ? sv : res;
      const shown = server ? sv.ndcg_text : res.ndcg.toFixed(4);
      if (num.textContent !== shown) num.textContent = shown;
      const from = server ? "server" : "browser";
      if (el.dataset.source !== from) {
        el.dataset.source = from;
        src.textContent = server ? (sc.browser ? t.server : "") : t.browser;
      }
      el.dataset.ndcg = String(v.ndcg);
      const scale = Math.max(v.idcg || 0, v.dcg || 0);
      for (const b of bars) {
        let x = 0, text = "";
        if (b.spec.kind === "ndcg") {
          const other = server ? null : ndcgScore(grades, b.spec.gain, sc.k, sc.extra);
          x = server ? (sv.by_gain || {})[b.spec.gain] || 0 : other ? other.ndcg : 0;
          text = x.toFixed(4);
          b.fill.style.transform = "scaleX(" + Math.min(1, Math.max(0, x)) + ")";
        } else {
          x = b.spec.kind === "dcg" ? v.dcg : v.idcg;
          text = server ? (b.spec.kind === "dcg" ? sv.dcg_text : sv.idcg_text) : x.toFixed(4);
          b.fill.style.transform = "scaleX(" + (scale > 0 ? x / scale : 0) + ")";
        }
        b.row.dataset.value = String(x);
        if (b.val.textContent !== text) b.val.textContent = text;
      }
      const said = !sc.browser ? t.server_only || "" : !(v.idcg > 0) ? t.zero || "" : "";
      if (note.textContent !== said || !said !== note.hidden) { note.textContent = said; note.hidden = !said; }
      const n = good.length, cut = sc.k == null ? n : Math.min(sc.k, n);
      const top = server ? sv.top : res.top;
      for (let i = 0; i < n; i++) {
        const li = good[i];
        const term = server ? li.__ndcgServerDg : res.terms[i];
        const f = top > 0 ? Math.max(0, term / top) : 0;
        if (li.__ndcgTerm !== term || li.__ndcgF !== f) {  // only the rows whose rank changed are written
          li.__ndcgTerm = term; li.__ndcgF = f;
          li.__ndcgFill.style.transform = "scaleX(" + f + ")";
          li.__ndcgBar.dataset.value = String(term);
          li.__ndcgVal.textContent = term.toFixed(2);
        }
        const out = i >= cut, isCut = i === cut - 1 && cut < n;
        if (li.__ndcgOut !== out) { li.__ndcgOut = out; li.classList.toggle("out", out); }
        if (li.__ndcgCut !== isCut) { li.__ndcgCut = isCut; li.classList.toggle("cut", isCut); }
      }
      if (curve) curve(good, cut);
    };
    return { show: show, num: num };
  }

  // The discount 1/log2(i+1) over the list's ranks, with each item drawn at its rank: a dragged row
  // slides along the curve. Names are SVG text nodes (textContent), never markup.
  function curvePlot(el, t) {
    const NS = "http://www.w3.org/2000/svg";
    const good = items.filter((it) => typeof it.rel === "number");
    const N = Math.max(2, good.length), W = 320, H = 130, L = 36, R = 14, T = 16, B = 24;
    const X = (rank) => L + (W - L - R) * (rank - 1) / (N - 1);
    const Y = (w) => T + (H - T - B) * (1 - w);
    const svg = document.createElementNS(NS, "svg");
    svg.setAttribute("class", "curve");
    svg.setAttribute("viewBox", "0 0 " + W + " " + H);
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", t.curve || "");
    const make = (tag, attrs, txt) => {
      const e = document.createElementNS(NS, tag);
      for (const a in attrs) e.setAttribute(a, attrs[a]);
      if (txt !== undefined) e.textContent = txt;
      svg.appendChild(e);
      return e;
    };
    make("line", { x1: L, y1: Y(0), x2: W - R, y2: Y(0), stroke: "#9aa1ad" });
    make("line", { x1: L, y1: Y(0), x2: L, y2: Y(1), stroke: "#9aa1ad" });
    make("text", { x: L - 12, y: Y(1) + 4, "text-anchor": "end" }, "1");
    make("text", { x: L - 12, y: Y(0) + 4, "text-anchor": "end" }, "0");
    make("text", { x: W - R, y: H - 4, "text-anchor": "end" }, t.curve_axis || "");
    const pts = [];
    for (let r = 1; r <= N; r++) pts.push(X(r).toFixed(1) + "," + Y(ndcgDiscount(r)).toFixed(1));
    const line = { points: pts.join(" "), fill: "none", stroke: "var(--c-discount, #CC79A7)", "stroke-width": 2.5 };
    make("polyline", line);
    const kx = make("line", { y1: Y(0) + 4, y2: Y(1) - 6, stroke: "var(--c-k, #D55E00)", "stroke-dasharray": "4 3" });
    const dots = new Map();
    good.forEach((it) => {
      const g = make("g", {});
      const c = document.createElementNS(NS, "circle");
      c.setAttribute("r", String(4 + Math.min(it.rel, 4)));
      c.setAttribute("fill", "var(--c-actual, #0072B2)");
      const label = document.createElementNS(NS, "text");
      label.setAttribute("x", "7"); label.setAttribute("y", "-7");
      label.textContent = String(it.name).slice(0, 8);
      g.append(c, label);
      dots.set(String(it.uid), g);
    });
    el.appendChild(svg);
    return (rows, cut) => {
      rows.forEach((li, i) => {
        const g = dots.get(li.dataset.uid);
        if (!g) return;
        const place = X(i + 1).toFixed(1) + "," + Y(ndcgDiscount(i + 1)).toFixed(1) + (i < cut ? "" : " out");
        if (g.__at === place) return;  // only the items whose rank changed move
        g.__at = place;
        g.setAttribute("transform", "translate(" + place.split(" ")[0] + ")");
        g.setAttribute("opacity", i < cut ? "1" : ".35");
      });
      const at = cut < rows.length ? X(cut + 0.5) : -99;
      kx.setAttribute("x1", at); kx.setAttribute("x2", at);
    };
  }

  // Score the list in its order of now (rows with a grade only) and draw it.
  function refresh(source) {
    if (!panel) return;
    const good = [], grades = [];
    for (const li of list.children) if (li.__ndcgRel !== null) { good.push(li); grades.push(li.__ndcgRel); }
    const res = score.browser && source !== "server" ? ndcgScore(grades, score.gain, score.k, score.extra) : null;
    panel.show(res, good, grades, res ? "browser" : "server");
  }

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
    let lastY = clientY, moved = false, frame = 0, dy = 0;
    const boxes0 = Array.from(list.children, (x) => x.getBoundingClientRect());
    const gap = boxes0.length > 1 ? boxes0[1].top - boxes0[0].bottom : 0;  // the rows' spacing
    // Draw the row under the pointer, kept between the list's first and last places so that it never
    // leaves the list's box.
    const follow = () => {
      li.style.transform = "";
      const r = li.getBoundingClientRect();
      const first = list.firstElementChild.getBoundingClientRect();
      const last = list.lastElementChild.getBoundingClientRect();
      const top = Math.min(Math.max(lastY - grab, first.top), last.bottom - r.height);
      dy = top - r.top;
      li.style.transform = "translateY(" + dy + "px)";
    };
    // A pointer move: slotFor, place and follow in one read of the rows' boxes followed by writes only.
    // Where the row's own box lands after the move is worked out from the boxes read (rows keep their
    // heights), so no layout is forced between the writes: a move costs one layout, in the next frame.
    const glide = () => {
      const rows = Array.from(list.children);
      const boxes = rows.map((x) => x.getBoundingClientRect());
      const at = rows.indexOf(li);
      const h = boxes[at].height;
      const listTop = at === 0 ? boxes[0].top - dy : boxes[0].top;
      const others = rows.filter((x) => x !== li), ob = boxes.filter((b, i) => i !== at);
      let slot = others.length;
      for (let i = 0; i < ob.length; i++) if (lastY < ob[i].top + ob[i].height / 2) { slot = i; break; }
      let top = listTop, bottom = listTop + h;
      for (let i = 0; i < ob.length; i++) {
        if (i < slot) top += ob[i].height + gap;
        bottom += ob[i].height + gap;
      }
      if (slot !== at) { list.insertBefore(li, others[slot] || null); renumber(); }
      dy = Math.min(Math.max(lastY - grab, listTop), bottom - h) - top;
      li.style.transform = "translateY(" + dy + "px)";
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
      const t0 = performance.now();
      lastY = ev.clientY;
      if (Math.abs(lastY - clientY) > 8) moved = true;
      glide();
      if (panel) {
        refresh("browser");  // on every move, before the drop: the bars and the number follow the pointer
        void panel.num.getBoundingClientRect();  // the new text laid out: counted in the time
        mark(t0, ev.timeStamp);
      }
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
      refresh("browser");
      host.__ndcgDragging = false;
      li.classList.remove("dragging");
      if (done) done();
      if (Array.from(list.children).indexOf(li) !== startIndex) {
        send(Number(li.dataset.uid), "drag");
      } else if (host.__ndcgPending) {
        ndcgSortableRender(host.__ndcgPending);  // a rerun arrived mid-drag and nothing moved: show what it sent
      } else {
        renumber();
        refresh("server");  // nothing moved: the server's numbers stand
      }
    };
    list.addEventListener("pointermove", onMove);
    list.addEventListener("pointerup", onUp);
    list.addEventListener("pointercancel", onUp);
  }

  // Performance marks for benchmarks/bench_instant.py: "ndcg-instant" from the move handler's start to
  // the new bars and number laid out, "ndcg-instant-event" from the event's own time stamp (input queueing
  // and the browser's frame alignment included). Cleared now and then so a long session keeps no pile.
  function mark(t0, stamp) {
    const end = performance.now();
    host.__ndcgMarks = (host.__ndcgMarks || 0) + 1;
    if (host.__ndcgMarks > 5000) {
      performance.clearMeasures("ndcg-instant"); performance.clearMeasures("ndcg-instant-event"); host.__ndcgMarks = 0;
    }
    performance.measure("ndcg-instant", { start: t0, end: end });
    if (stamp > 0 && stamp <= end) performance.measure("ndcg-instant-event", { start: stamp, end: end });
  }

  if (host.__ndcgFocus !== undefined) {
    const target = list.querySelector('li[data-uid="' + host.__ndcgFocus + '"]');
    host.__ndcgFocus = undefined;
    if (target) target.focus();
  }
}
"""
)

# The list is two elements (issue 25: keep each rerun's payload small). Its code and style sheet, ~30 kB, are
# an element whose message never changes, so Streamlit sends it once and the browser keeps it (messages of
# 10 kB or more that are identical are cached); the list itself, whose data changes with every move, is a
# stub of a few lines that hands its data to that code (or waits for it, if it mounts first).
CODE_JS = (
    JS
    + "\nconst NDCG_SORTABLE_CSS = "
    + json.dumps(CSS)
    + """;
export default function () {
  if (!window.__ndcgSortableSheet) {
    window.__ndcgSortableSheet = new CSSStyleSheet();
    window.__ndcgSortableSheet.replaceSync(NDCG_SORTABLE_CSS);
  }
  window.__ndcgSortable = ndcgSortableRender;
  const waiting = window.__ndcgSortableWaiting || [];
  window.__ndcgSortableWaiting = [];
  waiting.forEach((c) => ndcgSortableRender(c));
}
"""
)
STUB_JS = """
export default function (component) {
  if (window.__ndcgSortable) { window.__ndcgSortable(component); return; }
  window.__ndcgSortableWaiting = window.__ndcgSortableWaiting || [];
  window.__ndcgSortableWaiting.push(component);
}
"""
_code = st.components.v2.component("ndcg_sortable_code", js=CODE_JS)
_sortable = st.components.v2.component("ndcg_sortable", js=STUB_JS)


def sortable_list(
    *, key: str, items: list[dict], text: dict, locked: bool, on_moved, score: dict | None = None
) -> dict | None:
    """Render the list; return the ``moved`` trigger of this run (None when nothing moved).

    With ``score`` (``ui.listscore.payload``) the list draws its own numbers, and each item carries its
    grade (``rel``, None for a row the score leaves out) and the server's discounted gain (``dg``).
    """
    with st.container(gap=None):  # no gap: the code element draws nothing
        _code(key=f"{key}_code")
        result = _sortable(
            key=key,
            # A tuple, not a list: Streamlit checks each list in a component's data for a table (~0.1 ms a list).
            data={"items": tuple(items), "text": text, "locked": locked, **({"score": score} if score else {})},
            on_moved_change=failsafe.callback(on_moved),
        )
    return result.get("moved") if result is not None else None
