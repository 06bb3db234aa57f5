"""A small grouped bar chart drawn as inline SVG with Streamlit's components v2.

The step page only needs bars per rank, so it avoids loading plotly's 4.7 MB bundle on
the lesson that opens first. Labels are set with textContent, never as HTML. Colours come from the
caller (``ui.figures.COLORS``); a series with ``hatch`` is also striped, so it differs by more than colour.
"""

from __future__ import annotations

import streamlit as st

CSS = """
:host { display: block; }
svg { display: block; width: 100%; height: auto; font-family: var(--st-font, sans-serif); }
.axis { stroke: #9aa1ad; stroke-width: 1; }
.grid { stroke: #e6e8ec; stroke-width: 1; }
text { fill: var(--st-text-color, #31333f); font-size: 13px; }
.legend text { font-size: 14px; }
"""

JS = """
export default function (component) {
  const { data, parentElement } = component;
  const NS = "http://www.w3.org/2000/svg";
  let root = parentElement.querySelector("div.ndcg-bars");
  if (!root) { root = document.createElement("div"); root.className = "ndcg-bars"; parentElement.appendChild(root); }
  const series = data.series, cats = data.categories;
  // Drawn in the container's own pixels, so a phone's labels stay 13 px instead of a 900-wide drawing scaled down.
  const draw = (width) => {
  root.replaceChildren();
  const W = Math.max(300, Math.round(width || 900)), narrow = W < 600;
  const H = narrow ? 280 : 330, L = narrow ? 50 : 60, R = 12, T = 48, B = 46;
  const top = Math.max(1e-9, ...series.flatMap((s) => s.values));
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", "0 0 " + W + " " + H);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", data.title || "");
  const make = (tag, attrs, text) => {
    const e = document.createElementNS(NS, tag);
    for (const k in attrs) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    return e;
  };
  const el = (tag, attrs, text) => svg.appendChild(make(tag, attrs, text));
  const y = (v) => T + (H - T - B) * (1 - v / top);
  const defs = el("defs", {});
  const fill = (s, j) => {  // a hatched series: white stripes over its colour
    if (!s.hatch) return s.color;
    const id = "ndcg-hatch-" + Math.random().toString(36).slice(2) + "-" + j;  // unique on the page
    const p = make("pattern", { id: id, width: 6, height: 6, patternUnits: "userSpaceOnUse",
                                patternTransform: "rotate(45)" });
    p.append(make("rect", { width: 6, height: 6, fill: s.color }),
             make("rect", { width: 2, height: 6, fill: "#ffffff", "fill-opacity": 0.7 }));
    defs.appendChild(p);
    return "url(#" + id + ")";
  };
  const fills = series.map(fill);
  for (let i = 0; i <= 4; i++) {
    const v = top * i / 4;
    el("line", { x1: L, x2: W - R, y1: y(v), y2: y(v), class: "grid" });
    el("text", { x: L - 6, y: y(v) + 4, "text-anchor": "end" }, v.toFixed(v < 10 ? 2 : 1));
  }
  el("line", { x1: L, x2: W - R, y1: y(0), y2: y(0), class: "axis" });
  const band = (W - L - R) / Math.max(cats.length, 1);
  const bw = Math.min(40, band * 0.8 / series.length);
  const every = Math.ceil(cats.length / Math.max(1, Math.floor((W - L - R) / 28)));  // rank labels 28 px apart
  cats.forEach((c, i) => {
    const cx = L + band * (i + 0.5);
    series.forEach((s, j) => {
      const x = cx - (bw * series.length) / 2 + j * bw;
      const v = s.values[i] || 0;
      const h = Math.max(y(0) - y(v), 0);
      const r = el("rect", { x: x, y: y(v), width: Math.max(bw - 2, 1), height: h, fill: fills[j],
                              stroke: s.color, "stroke-width": 1 });
      const tip = document.createElementNS(NS, "title");
      tip.textContent = (s.labels ? s.labels[i] + " · " : "") + s.name + ": " + v.toFixed(4);
      r.appendChild(tip);
      if (s.labels && cats.length <= 15 && bw >= 14) {
        el("text", { x: x + bw / 2 - 1, y: y(v) - 4, "text-anchor": "middle" }, s.labels[i]);
      }
    });
    if (i % every === 0) {
      el("text", { x: cx, y: H - B + 18, "text-anchor": "middle" }, String(c));
    }
  });
  el("text", { x: (L + W - R) / 2, y: H - 8, "text-anchor": "middle" }, data.x_title || "");
  const yl = el("text", { x: 14, y: (T + H - B) / 2, "text-anchor": "middle" }, data.y_title || "");
  yl.setAttribute("transform", "rotate(-90 14 " + (T + H - B) / 2 + ")");
  let lx = L;
  series.forEach((s, j) => {
    const g = el("rect", { x: lx, y: 8, width: 14, height: 14, fill: fills[j], stroke: s.color });
    g.setAttribute("class", "legend");
    const t = el("text", { x: lx + 20, y: 20 }, s.name);
    lx += 34 + 9 * s.name.length;
    t.setAttribute("class", "legend");
  });
  root.appendChild(svg);
  };
  let drawn = root.clientWidth;
  draw(drawn);
  const watch = new ResizeObserver(() => {  // a phone turned, a sidebar folded: redraw at the new width
    const now = root.clientWidth;
    if (now && Math.abs(now - drawn) >= 8) { drawn = now; draw(now); }
  });
  watch.observe(root);
  return () => watch.disconnect();
}
"""

_bars = st.components.v2.component("ndcg_bars", css=CSS, js=JS)


def bar_chart(*, key: str, categories: list, series: list[dict], x_title: str, y_title: str, title: str) -> None:
    """Grouped bars: ``series`` items have name, color, values (one per category), optional labels and hatch."""
    _bars(
        key=key,
        # Tuples, not lists: Streamlit checks each list in a component's data for a table (~0.1 ms a list).
        data={
            "categories": tuple(categories),
            "series": tuple(series),
            "x_title": x_title,
            "y_title": y_title,
            "title": title,
        },
    )
