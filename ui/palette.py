"""One colour per concept (issue 25, item 3): the colour-blind-safe palette and what each colour means.

Gain, discount, the ideal order and the cut-off k each have one colour of Okabe & Ito's palette, and
the same colour wherever they are drawn: the formulas (``\\color`` in LaTeX, ``tex``), the worked
arithmetic, the drag list's bars (``CONCEPTS`` is sent to the component), the charts (``ui.figures``
reads ``PALETTE`` and ``COLORS`` from here) and the text (``span``). Pure Python: no Streamlit.
"""

from __future__ import annotations

import html

# Okabe & Ito's colour-blind-safe palette ("Color Universal Design", 2008) with its usual grey: any
# two of these stay apart under protanopia, deuteranopia and tritanopia, and on a washed-out projector.
PALETTE = {
    "blue": "#0072B2",
    "orange": "#E69F00",
    "vermillion": "#D55E00",
    "green": "#009E73",
    "sky": "#56B4E9",
    "purple": "#CC79A7",
    "yellow": "#F0E442",
    "black": "#000000",
    "grey": "#999999",
    "white": "#FFFFFF",  # a backdrop, and the middle (no change) of the swap heatmap's scale; never a series
}

#: The concepts of the lessons, one colour each. "actual" is the ranking as listed (DCG), "ideal" its
#: ideal order (IDCG): the two series of every actual-vs-ideal chart.
CONCEPTS = {
    "gain": PALETTE["green"],
    "discount": PALETTE["purple"],
    "ideal": PALETTE["orange"],
    "k": PALETTE["vermillion"],
    "actual": PALETTE["blue"],
}

#: The colours of a chart's series, in order (``ui.figures.SERIES`` adds a dash, a marker and a hatch to
#: each). A gain's series is its place in the core's registry: linear blue, exponential vermillion.
SERIES_COLORS = (
    PALETTE["blue"],
    PALETTE["vermillion"],
    PALETTE["green"],
    PALETTE["orange"],
    PALETTE["sky"],
    PALETTE["purple"],
)


def tex(concept: str, body: str) -> str:
    r"""``body`` (LaTeX) drawn in the concept's colour: ``\color{#009E73}{...}`` for the gain."""
    return r"{\color{" + CONCEPTS[concept] + "}{" + body + "}}"


def span(concept: str, text: str) -> str:
    """``text`` as HTML in the concept's colour, bold; the text is escaped, so any text is safe here."""
    return f'<span style="color:{CONCEPTS[concept]};font-weight:600">{html.escape(text)}</span>'
