"""What the SVG chart components share (``barchart``, ``linechart``, ``heatmap``): JavaScript put before each one's.

``make`` builds an SVG element (its text set with textContent, never as HTML), ``nice`` finds a round tick step,
``holder`` is the component's one drawing box, and ``redrawn`` draws into it at its own width in pixels (so a
phone's labels stay 13 px rather than a wide drawing scaled down) and again when that width changes (a phone
turned, a sidebar folded).
"""

PRELUDE = """
const NS = "http://www.w3.org/2000/svg";
const make = (tag, attrs, text) => {
  const e = document.createElementNS(NS, tag);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  if (text !== undefined) e.textContent = text;
  return e;
};
const nice = (raw) => {  // the round step at or above raw (1, 2, 2.5 or 5 times a power of ten), and its decimals
  const e = Math.floor(Math.log10(raw)), m = raw / 10 ** e;
  const f = m <= 1 ? 1 : m <= 2 ? 2 : m <= 2.5 ? 2.5 : m <= 5 ? 5 : 10;
  return [f * 10 ** e, Math.max(0, -e + (f === 2.5 ? 1 : 0) - (f === 10 ? 1 : 0))];
};
const holder = (parentElement, className) => {
  let root = parentElement.querySelector("div." + className);
  if (!root) { root = document.createElement("div"); root.className = className; parentElement.appendChild(root); }
  return root;
};
const redrawn = (root, draw) => {  // draw(width) now, and again once the width moves by 8 px; returns the cleanup
  let drawn = root.clientWidth;
  draw(drawn);
  const watch = new ResizeObserver(() => {
    const now = root.clientWidth;
    if (now && Math.abs(now - drawn) >= 8) { drawn = now; draw(now); }
  });
  watch.observe(root);
  return () => watch.disconnect();
};
"""
