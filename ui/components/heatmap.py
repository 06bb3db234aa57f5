"""A small heatmap (a square of numbered cells on a diverging scale, with its colour bar) as inline SVG.

The swap exercise's ΔnDCG of every pair was the app's last plotly chart; drawn here, no page loads plotly's
bundle. Labels are set with textContent, never as HTML. Each cell writes its number, so the colour is never
the only carrier of the value, and the chart's table follows it (``ui.figures.heat``).
"""

from __future__ import annotations

import streamlit as st

from ui.components import svgkit

CSS = """
:host { display: block; }
svg { display: block; width: 100%; height: auto; font-family: var(--st-font, sans-serif); }
text { fill: var(--st-text-color, #31333f); font-size: 13px; }
text.cell { font-size: 12px; font-variant-numeric: tabular-nums; }
"""

JS = (
    svgkit.PRELUDE
    + """
const rgb = (hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
const mix = (a, b, t) => a.map((v, i) => Math.round(v + (b[i] - v) * t));
const css = (c) => "rgb(" + c.join(",") + ")";
export default function (component) {
  const { data, parentElement } = component;
  const root = holder(parentElement, "ndcg-heat");
  const [low, mid, high] = data.colors.map(rgb), zmax = data.zmax || 1, n = data.rows.length;
  // -zmax is low, 0 is mid, +zmax is high; the text turns white on a dark cell
  const colour = (z) => (z < 0 ? mix(mid, low, Math.min(-z / zmax, 1)) : mix(mid, high, Math.min(z / zmax, 1)));
  const dark = (c) => 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2] < 140;
  const draw = (width) => {
    root.replaceChildren();
    const W = Math.max(300, Math.round(width || 700)), narrow = W < 600;
    const longest = Math.max(...data.rows.map((r) => String(r).length), 1);
    const L = 34 + Math.min(longest, 18) * 7.5, BAR = narrow ? 58 : 78, T = 8;
    const cell = Math.max(26, Math.min(64, Math.floor((W - L - BAR - 8) / Math.max(n, 1))));
    const cols = data.cols.map(String), turn = cols.some((c) => c.length * 7.2 > cell);
    const B = 40 + (turn ? Math.round(Math.min(Math.max(...cols.map((c) => c.length)), 18) * 5.2) : 0);
    const H = T + n * cell + B;
    const svg = make("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": data.title || "" });
    const el = (tag, attrs, text) => svg.appendChild(make(tag, attrs, text));
    data.z.forEach((row, i) => row.forEach((z, j) => {
      const x = L + j * cell, y = T + i * cell;
      const fill = colour(z);
      const r = el("rect", { x: x, y: y, width: cell - 1, height: cell - 1, fill: css(fill) });
      r.appendChild(make("title", {}, `${data.rows[i]} ↔ ${data.cols[j]}: ${z.toFixed(4)}`));
      if (cell >= 34) {
        el("text", { x: x + cell / 2, y: y + cell / 2 + 4, "text-anchor": "middle", class: "cell",
                     style: dark(fill) ? "fill: #ffffff" : "" }, z.toFixed(3));
      }
    }));
    data.rows.forEach((r, i) => el("text", { x: L - 6, y: T + i * cell + cell / 2 + 4, "text-anchor": "end" }, r));
    cols.forEach((c, j) => {
      const x = L + j * cell + cell / 2, at = T + n * cell + 16;
      const t = el("text", { x: x, y: at, "text-anchor": turn ? "end" : "middle" }, c);
      if (turn) t.setAttribute("transform", `rotate(-40 ${x} ${at})`);
    });
    el("text", { x: L + (n * cell) / 2, y: H - 6, "text-anchor": "middle" }, data.x_title || "");
    const yl = el("text", { x: 12, y: T + (n * cell) / 2, "text-anchor": "middle" }, data.y_title || "");
    yl.setAttribute("transform", `rotate(-90 12 ${T + (n * cell) / 2})`);
    // the colour bar: +zmax at the top, 0, -zmax at the bottom
    const id = "ndcg-heat-" + Math.random().toString(36).slice(2), bx = L + n * cell + 14, bh = n * cell;
    const grad = make("linearGradient", { id: id, x1: 0, y1: 0, x2: 0, y2: 1 });
    for (const [o, c] of [[0, high], [0.5, mid], [1, low]]) {
      grad.appendChild(make("stop", { offset: o, "stop-color": css(c) }));
    }
    el("defs", {}).appendChild(grad);
    el("rect", { x: bx, y: T, width: 12, height: bh, fill: `url(#${id})`, stroke: "#9aa1ad" });
    [[zmax, T], [0, T + bh / 2], [-zmax, T + bh]].forEach(([v, y]) =>
      el("text", { x: bx + 16, y: y + 4 }, (v > 0 ? "+" : "") + v.toFixed(3)));
    el("text", { x: bx, y: Math.max(T + bh + 18, 0) }, data.unit || "");
    root.appendChild(svg);
  };
  return redrawn(root, draw);
}
"""
)

_heat = st.components.v2.component("ndcg_heat", css=CSS, js=JS)


def heatmap(
    *,
    key: str,
    rows: list[str],
    cols: list[str],
    z: list[list[float]],
    zmax: float,
    colors: tuple[str, str, str],
    x_title: str,
    y_title: str,
    title: str,
    unit: str,
) -> None:
    """Cells ``z[i][j]`` coloured from ``colors`` (at -zmax, 0 and +zmax), each with its number to three places."""
    _heat(
        key=key,
        data={
            "rows": tuple(rows),
            "cols": tuple(cols),
            "z": tuple(tuple(float(v) for v in row) for row in z),
            "zmax": float(zmax),
            "colors": colors,
            "x_title": x_title,
            "y_title": y_title,
            "title": title,
            "unit": unit,
        },
    )
