"""The number first: a browser's fresh page shows its nDCG at once, then asks for the rest (issue 27, item 1).

Streamlit 1.67 loads the code of each kind of element on its first use, and a page's first render
shows the elements once nearly all of their code has arrived: /steps needs about 120 files (4 MB) and
showed its number at about 2.1x the time a bare one-number page takes. So a browser session's first
run of the step lesson draws only the lesson's title, lead and headline numbers, with a button and a
script that asks for the rest, and stops (``session.take_first_paint``, ``ui.editor.lesson_header``).
As soon as the headline's number is on screen, or after ``WAIT_MS`` at most, the script presses the
button, whose run draws the whole page in place below the number. Both are hidden (ui.style). A plain
button and ``st.html``, not a component: a component's code brings Arrow's (about 180 kB) into the
first paint.
"""

from __future__ import annotations

import streamlit as st

from ui.i18n import T

KEY = "ndcg_first_paint"  # the button's box; hidden by ui.style, and browser tests wait until it is gone
WAIT_MS = 2000  # a page whose number never shows (nothing to score) asks for the rest after this

# setTimeout, not requestAnimationFrame: a page opened in a background tab gets its rest too.
SCRIPT = f"""<script>
(() => {{
  const start = performance.now();
  const look = () => {{
    const number = document.querySelector('[data-testid="stMetricValue"]');
    const button = document.querySelector('.st-key-{KEY} button');
    if (button && ((number && number.getClientRects().length) || performance.now() - start > {WAIT_MS})) {{
      button.click();
    }} else if (document.querySelector('.st-key-{KEY}') || performance.now() - start < {WAIT_MS}) {{
      setTimeout(look, 16);
    }}
  }};
  look();
}})();
</script>"""


def ask_for_the_rest() -> None:
    """Draw the hidden button and the script that presses it once the number is on screen."""
    with st.sidebar:
        st.button(T("first_paint_rest"), key=KEY)
        st.html(SCRIPT, unsafe_allow_javascript=True)
