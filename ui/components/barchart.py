"""A small grouped bar chart drawn as inline SVG with Streamlit's components v2.

The step page and the upload page only need bars, so they avoid loading plotly's 4.7 MB bundle (the upload page's
first render: issue 27, item 1). Labels are set with textContent, never as HTML. Colours come from the caller
(``ui.figures``); a series with ``hatch`` is also striped, so it differs by more than colour, and ``colors`` gives
each bar its own. Values may be negative (bars go down from zero); ``integer_ticks`` puts whole numbers on the
axis (counts); one series has no legend; category names wider than their bars' band are set at an angle, and
one longer than 16 characters is cut with "…" (its tooltip, ``tips`` or ``labels``, and the chart's table keep it
whole).
"""

from __future__ import annotations

import streamlit as st

from ui.components import svgkit

CSS = """
:host { display: block; }
svg { display: block; width: 100%; height: auto; font-family: var(--st-font, sans-serif); }
.axis { stroke: #9aa1ad; stroke-width: 1; }
.grid { stroke: #e6e8ec; stroke-width: 1; }
text { fill: var(--st-text-color, #31333f); font-size: 13px; }
.legend text { font-size: 14px; }
"""

JS = (
    svgkit.PRELUDE
    + """
export default function (component) {
  const { data, parentElement } = component;
  const root = holder(parentElement, "ndcg-bars");
  const series = data.series, cats = data.categories;
  // Drawn in the container's own pixels, so a phone's labels stay 13 px instead of a 900-wide drawing scaled down.
  const draw = (width) => {
  root.replaceChildren();
  const W = Math.max(300, Math.round(width || 900)), narrow = W < 600, legend = series.length > 1;
  const L = narrow ? 50 : 60, R = 12, T = legend ? 48 : 16, CUT = 16;
  const band = (W - L - R) / Math.max(cats.length, 1);
  const raw = Math.ceil(cats.length / Math.max(1, Math.floor((W - L - R) / 28)));  // names at least 28 px apart
  const every = raw <= 1 ? 1 : nice(raw)[0];  // every 1st, 2nd, 5th, 10th, 20th… name: 1000, 2000… of 20,000
  const names = cats.map(String), longest = names.reduce((m, n) => Math.max(m, n.length), 0);
  const turn = longest * 7.5 > band * every;  // names wider than their band are set at an angle, cut at CUT
  const B = 46 + (turn ? Math.round(Math.min(longest, CUT) * 5.2) : 0);
  const H = (data.height || (narrow ? 280 : 330)) + B - 46;
  const all = series.flatMap((s) => s.values);
  // reduce, not Math.max(...all): a comparison of 20,000 queries is 20,000 values
  const hi = all.reduce((m, v) => Math.max(m, v), 0), lo = all.reduce((m, v) => Math.min(m, v), 0);
  const ints = !!data.integer_ticks;
  const [step, digits] = ints ? [Math.max(1, Math.ceil(hi / 4)), 0] : nice((hi - lo || 1) / 4);
  const top = ints ? 4 * step : Math.max(step, Math.ceil(hi / step - 1e-9) * step);
  const low = Math.floor(lo / step + 1e-9) * step;
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", "0 0 " + W + " " + H);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", data.title || "");
  const el = (tag, attrs, text) => svg.appendChild(make(tag, attrs, text));
  const y = (v) => T + (H - T - B) * (top - v) / (top - low);
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
  for (let i = 0; low + step * i <= top + step * 1e-6; i++) {  // round numbers: 1, 2, 2.5 or 5 times a power of 10
    const v = Math.abs(low + step * i) < step * 1e-6 ? 0 : low + step * i;
    el("line", { x1: L, x2: W - R, y1: y(v), y2: y(v), class: "grid" });
    el("text", { x: L - 6, y: y(v) + 4, "text-anchor": "end" }, v.toFixed(digits));
  }
  el("line", { x1: L, x2: W - R, y1: y(0), y2: y(0), class: "axis" });
  const bw = Math.min(40, band * 0.8 / series.length);
  cats.forEach((c, i) => {
    const cx = L + band * (i + 0.5);
    series.forEach((s, j) => {
      const x = cx - (bw * series.length) / 2 + j * bw;
      const v = s.values[i] || 0;
      const colour = s.colors ? s.colors[i] : s.color;
      const r = el("rect", { x: x, y: Math.min(y(v), y(0)), width: Math.max(bw - 2, 1),
                              height: Math.abs(y(0) - y(v)), fill: s.colors ? colour : fills[j],
                              stroke: colour, "stroke-width": 1 });
      const tip = document.createElementNS(NS, "title");
      const named = s.tips || s.labels;
      tip.textContent = (named ? named[i] + " · " : "") + s.name + ": " + v.toFixed(4);
      r.appendChild(tip);
      if (s.labels && cats.length <= 15 && String(s.labels[i]).length * 7 <= bw + 6) {
        // a name wider than its bar would run into the next one (a phone's narrow bars): its tooltip has it
        el("text", { x: x + bw / 2 - 1, y: y(v) - 4, "text-anchor": "middle" }, s.labels[i]);
      }
    });
    if ((i + 1) % every === 0 && turn) {
      const name = names[i].length > CUT ? names[i].slice(0, CUT - 1) + "…" : names[i], x = cx + 4, at = H - B + 14;
      el("text", { x: x, y: at, "text-anchor": "end", transform: "rotate(-40 " + x + " " + at + ")" }, name);
    } else if ((i + 1) % every === 0) {
      const half = names[i].length * 3.75;  // kept inside the drawing at its right edge ("20000")
      el("text", { x: Math.min(cx, W - 2 - half), y: H - B + 18, "text-anchor": "middle" }, names[i]);
    }
  });
  el("text", { x: (L + W - R) / 2, y: H - 8, "text-anchor": "middle" }, data.x_title || "");
  const yl = el("text", { x: 14, y: (T + H - B) / 2, "text-anchor": "middle" }, data.y_title || "");
  yl.setAttribute("transform", "rotate(-90 14 " + (T + H - B) / 2 + ")");
  let lx = L;
  if (legend) series.forEach((s, j) => {
    const g = el("rect", { x: lx, y: 8, width: 14, height: 14, fill: fills[j], stroke: s.color });
    g.setAttribute("class", "legend");
    const t = el("text", { x: lx + 20, y: 20 }, s.name);
    lx += 34 + 9 * s.name.length;
    t.setAttribute("class", "legend");
  });
  root.appendChild(svg);
  };
  return redrawn(root, draw);
}
"""
)

_bars = st.components.v2.component("ndcg_bars", css=CSS, js=JS)


def bar_chart(
    *,
    key: str,
    categories: list,
    series: list[dict],
    x_title: str,
    y_title: str,
    title: str,
    integer_ticks: bool = False,
    height: int | None = None,
) -> None:
    """Grouped bars: ``series`` items have name, color, values (one per category), and optionally labels (drawn
    over the bars and in tooltips), tips (tooltips only), colors (one per bar) and hatch."""
    _bars(
        key=key,
        # Tuples, not lists: Streamlit checks each list in a component's data for a table (~0.1 ms a list).
        data={
            "categories": tuple(categories),
            "series": tuple(series),
            "x_title": x_title,
            "y_title": y_title,
            "title": title,
            "integer_ticks": integer_ticks,
            "height": height,
        },
    )
