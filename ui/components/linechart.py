"""A small line chart (lines, markers, bars on a numeric axis, vertical lines, log axes) as inline SVG.

The limitations lab's charts are lines with markers, a histogram with three vertical lines and two log-log
cost charts: drawn here, its page needs no plotly bundle on first render (issue 27, item 1; ux-review-3 U7),
as ``barchart`` did for the step and upload pages. Names are set with textContent, never as HTML. Each series
differs by colour, dash and marker (``ui.figures.SERIES``), so two lines are told apart in greyscale too; the
legend is HTML under the drawing, so it wraps on a phone.
"""

from __future__ import annotations

import math

import streamlit as st

from ui.components import svgkit

CSS = """
:host { display: block; }
svg.chart { display: block; width: 100%; height: auto; font-family: var(--st-font, sans-serif); }
.legend svg { display: block; width: 34px; height: 16px; flex: none; }
.axis { stroke: #9aa1ad; stroke-width: 1; }
.grid { stroke: #e6e8ec; stroke-width: 1; }
text { fill: var(--st-text-color, #31333f); font-size: 13px; }
/* a point's name over the lines: a halo in the page's colour keeps it readable where it crosses them */
.point-label { font-size: 13px; paint-order: stroke; stroke: var(--st-background-color, #ffffff); stroke-width: 4px;
               stroke-linejoin: round; }
.legend { display: flex; flex-wrap: wrap; gap: 4px 18px; padding: 2px 0 0 50px;
          font-family: var(--st-font, sans-serif); font-size: 14px; color: var(--st-text-color, #31333f); }
.legend span { display: inline-flex; align-items: center; gap: 6px; }
"""

JS = (
    svgkit.PRELUDE
    + """
const DASH = { dash: "7,4", dot: "2,4", dashdot: "7,3,2,3", longdash: "12,4", longdashdot: "12,4,2,4" };
const shown = (v) => String(Number(v.toFixed(4)));  // 0.8123, 12, 0.0031
const power = (e) => (e < 0 ? (10 ** e).toFixed(-e) : (10 ** e).toLocaleString("en-US"));  // 0.01 … 1,000
const marker = (symbol, x, y, r, colour, outline) => {  // plotly's symbol names, drawn as paths
  const a = { fill: colour, stroke: outline || colour, "stroke-width": outline ? 1 : 0 };
  const q = r * 0.85;
  if (symbol === "square") return make("rect", { ...a, x: x - q, y: y - q, width: 2 * q, height: 2 * q });
  if (symbol === "triangle-up") return make("path", { ...a,
    d: `M${x},${y - r * 1.15}L${x + r * 1.1},${y + r * 0.75}L${x - r * 1.1},${y + r * 0.75}Z` });
  if (symbol === "diamond") return make("path", { ...a,
    d: `M${x},${y - r * 1.25}L${x + r},${y}L${x},${y + r * 1.25}L${x - r},${y}Z` });
  if (symbol === "x") return make("path", { fill: "none", stroke: colour, "stroke-width": 2.5,
    d: `M${x - r},${y - r}L${x + r},${y + r}M${x - r},${y + r}L${x + r},${y - r}` });
  if (symbol === "star") {
    let d = "";
    for (let i = 0; i < 10; i++) {
      const q = (Math.PI / 5) * i - Math.PI / 2, s = i % 2 ? r * 0.45 : r * 1.1;
      d += (i ? "L" : "M") + (x + s * Math.cos(q)).toFixed(2) + "," + (y + s * Math.sin(q)).toFixed(2);
    }
    return make("path", { ...a, d: d + "Z" });
  }
  if (symbol === "circle-open") return make("circle", { fill: "none", stroke: colour, "stroke-width": 1.5, cx: x, cy: y,
                                                        r: r });
  return make("circle", { ...a, cx: x, cy: y, r: r });
};
const scale = (lo, hi, a, b, log) => {  // data -> pixels, on a linear or a log axis
  const f = log ? Math.log10 : (v) => v;
  const [l, h] = [f(lo), f(hi)], span = h - l || 1;
  return (v) => a + (b - a) * (f(v) - l) / span;
};
const stepOf = (lo, hi, count, whole) => {  // a round step giving about count intervals; 1, 2, 5… for counts
  let [step, digits] = nice(Math.max(hi - lo, 1e-9) / count);
  if (whole) { step = step < 1 ? 1 : step === 2.5 ? 2 : step; digits = 0; }
  return [step, digits];
};
const linearTicks = (lo, hi, [step, digits]) => {
  const out = [];
  for (let i = Math.ceil(lo / step - 1e-9); i * step <= hi + step * 1e-6; i++) {
    const v = Math.abs(i * step) < step * 1e-6 ? 0 : i * step;
    out.push([v, v.toFixed(digits)]);
  }
  return out;
};
const logTicks = (lo, hi) => {
  const out = [];
  const [a, b] = [Math.ceil(Math.log10(lo) - 1e-9), Math.floor(Math.log10(hi) + 1e-9)];
  for (let e = a; e <= b; e++) out.push([10 ** e, power(e)]);
  return out;
};
export default function (component) {
  const { data, parentElement } = component;
  const root = holder(parentElement, "ndcg-lines");
  const series = data.series, vlines = data.vlines || [];
  const points = (s) => s.x.map((x, i) => [x, s.y[i], i]).filter(([, y]) => y !== null && (!data.y_log || y > 0));
  const xs = series.flatMap((s) => s.x).concat(vlines.map((v) => v.x));
  const ys = series.flatMap((s) => points(s).map((p) => p[1]));
  // Drawn in the container's own pixels, so a phone's labels stay 13 px instead of a 900-wide drawing scaled down.
  const draw = (width) => {
    root.replaceChildren();
    const W = Math.max(300, Math.round(width || 900)), narrow = W < 600;
    const L = narrow ? 52 : 62, R = 14, T = 12, B = 48, H = data.height || 320, PAD = 10;
    let [x0, x1] = data.x_range || [Math.min(...xs), Math.max(...xs)];
    for (const s of data.x_range ? [] : series.filter((s) => s.bar_width)) {  // whole bars inside the axis
      x0 = Math.min(x0, Math.min(...s.x) - s.bar_width / 2);
      x1 = Math.max(x1, Math.max(...s.x) + s.bar_width / 2);
    }
    if (!(x1 > x0)) x1 = data.x_log ? x0 * 10 : x0 + 1;  // one point (a one-item list) still gets an axis
    let y0, y1, yticks;
    if (data.y_log) {
      const lo = Math.min(...ys), hi = Math.max(...ys);
      [y0, y1] = [10 ** Math.floor(Math.log10(lo)), 10 ** Math.ceil(Math.log10(hi))];
      if (y0 === y1) y1 = y0 * 10;
      yticks = logTicks(y0, y1);
    } else {
      const lo = Math.min(0, ...ys), whole = !!data.y_integer;
      const hi = Math.max(0, ...ys) > lo ? Math.max(0, ...ys) : lo + 1;  // all zero (no relevant item): 0 to 1
      if (data.y_range) {
        [y0, y1] = data.y_range;
        yticks = linearTicks(y0, y1, stepOf(y0, y1, 5, whole));
      } else {
        const step = stepOf(lo, hi, 4, whole);
        y0 = Math.floor(lo / step[0] + 1e-9) * step[0];
        y1 = Math.max(Math.ceil(hi / step[0] - 1e-9) * step[0], y0 + step[0]);
        yticks = linearTicks(y0, y1, step);
      }
    }
    const px = scale(x0, x1, L + PAD, W - R - PAD, !!data.x_log), py = scale(y0, y1, H - B, T, !!data.y_log);
    const room = Math.max(2, Math.floor((W - L - R) / (narrow ? 60 : 80)));  // x labels at least 60 or 80 px apart
    const xticks = data.x_log ? logTicks(x0, x1) : linearTicks(x0, x1, stepOf(x0, x1, room, !!data.x_integer));
    const svg = make("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": data.title || "", class: "chart" });
    const el = (tag, attrs, text) => svg.appendChild(make(tag, attrs, text));
    for (const [v, label] of yticks) {
      el("line", { x1: L, x2: W - R, y1: py(v), y2: py(v), class: "grid" });
      el("text", { x: L - 6, y: py(v) + 4, "text-anchor": "end" }, label);
    }
    el("line", { x1: L, x2: W - R, y1: H - B, y2: H - B, class: "axis" });
    for (const [v, label] of xticks) {
      el("line", { x1: px(v), x2: px(v), y1: H - B, y2: H - B + 4, class: "axis" });
      el("text", { x: Math.min(px(v), W - 4 - label.length * 3.6), y: H - B + 18, "text-anchor": "middle" }, label);
    }
    const tip = (node, text) => { node.appendChild(make("title", {}, text)); return node; };
    for (const s of series) {
      const g = el("g", { class: "series" });
      if (s.bar_width) {
        s.x.forEach((x, i) => {
          const v = s.y[i] || 0, a = px(x - s.bar_width / 2), b = px(x + s.bar_width / 2);
          g.appendChild(tip(make("rect", { x: a, y: Math.min(py(v), py(0)), width: Math.max(b - a, 1),
            height: Math.abs(py(0) - py(v)), fill: s.color, stroke: s.color }),
            (s.tips ? s.tips[i] : shown(x)) + ": " + shown(v)));
        });
        continue;
      }
      const pts = points(s);
      if (s.lines !== false && pts.length > 1) {
        const d = pts.map(([x, y], i) => (i ? "L" : "M") + px(x).toFixed(1) + "," + py(y).toFixed(1)).join("");
        g.appendChild(make("path", { d: d,
          fill: "none", stroke: s.color, "stroke-width": 2.5, "stroke-dasharray": DASH[s.dash] || "none",
          "stroke-linejoin": "round" }));
      }
      for (const [x, y, i] of pts) {
        const r = ((s.sizes ? s.sizes[i] : s.size) || 7) / 2 + 0.5;
        g.appendChild(tip(marker(s.symbol, px(x), py(y), r, s.color, s.outline),
          s.tips ? s.tips[i] : s.name + " · " + (data.x_title || "x") + " " + shown(x) + ": " + shown(y)));
      }
    }
    for (const s of series.filter((s) => s.labels)) {  // names up and to the right of their points, off the curves
      for (const [x, y, i] of points(s)) {
        const [a, b] = [px(x), py(y)];
        el("line", { x1: a + 3, y1: b - 4, x2: a + 16, y2: b - 22, stroke: "#999999", "stroke-width": 1,
                     class: "leader" });
        el("text", { x: a + 18, y: b - 25, class: "point-label" }, s.labels[i]);
      }
    }
    for (const v of vlines) {  // over the bars, so the histogram's own nDCG line shows
      el("line", { x1: px(v.x), x2: px(v.x), y1: T, y2: H - B, stroke: v.color, "stroke-width": 2,
                   "stroke-dasharray": DASH[v.dash] || "none", class: "vline" });
    }
    el("text", { x: (L + W - R) / 2, y: H - 8, "text-anchor": "middle" }, data.x_title || "");
    const yl = el("text", { x: 14, y: (T + H - B) / 2, "text-anchor": "middle" }, data.y_title || "");
    yl.setAttribute("transform", `rotate(-90 14 ${(T + H - B) / 2})`);
    root.appendChild(svg);
    if (series.length > 1) {  // HTML, so that it wraps on a phone; each key shows its line, dash and marker
      const legend = document.createElement("div");
      legend.className = "legend";
      for (const s of series) {
        const item = document.createElement("span"), key = make("svg", { width: 34, height: 16, viewBox: "0 0 34 16" });
        if (s.lines !== false && !s.bar_width) {
          key.appendChild(make("line", { x1: 1, x2: 33, y1: 8, y2: 8, stroke: s.color, "stroke-width": 2.5,
                                         "stroke-dasharray": DASH[s.dash] || "none" }));
        }
        const r = Math.min((s.size || 7) / 2 + 0.5, 6);
        key.appendChild(marker(s.bar_width ? "square" : s.symbol, 17, 8, r, s.color, s.outline));
        const name = document.createElement("span");
        name.textContent = s.name;
        item.append(key, name);
        legend.appendChild(item);
      }
      root.appendChild(legend);
    }
  };
  return redrawn(root, draw);
}
"""
)

_lines = st.components.v2.component("ndcg_lines", css=CSS, js=JS)


def numbers(values) -> tuple:
    """Plain floats for the browser (JSON has no NaN or numpy types): a value that is not finite becomes a gap."""
    return tuple(float(v) if math.isfinite(float(v)) else None for v in values)


def line_chart(
    *,
    key: str,
    series: list[dict],
    x_title: str,
    y_title: str,
    title: str,
    vlines: list[dict] | None = None,
    x_range: tuple[float, float] | None = None,
    y_range: tuple[float, float] | None = None,
    x_log: bool = False,
    y_log: bool = False,
    x_integer: bool = False,
    y_integer: bool = False,
    height: int = 320,
) -> None:
    """Lines over a numeric x axis. ``series`` items have name, color, x, y, and optionally dash and symbol
    (plotly's names), size (or ``sizes``, one per point), outline, ``lines=False`` (markers only), ``tips`` (a
    tooltip per point), ``labels`` (a name drawn by each point), or ``bar_width`` (bars);
    ``vlines`` items have x, color and dash. Log axes put one tick on each power of ten."""
    _lines(
        key=key,
        # Tuples, not lists: Streamlit checks each list in a component's data for a table (~0.1 ms a list).
        data={
            "series": tuple({**s, "x": numbers(s["x"]), "y": numbers(s["y"])} for s in series),
            "vlines": tuple(vlines or ()),
            "x_title": x_title,
            "y_title": y_title,
            "title": title,
            "x_range": x_range,
            "y_range": y_range,
            "x_log": x_log,
            "y_log": y_log,
            "x_integer": x_integer,
            "y_integer": y_integer,
            "height": height,
        },
    )
