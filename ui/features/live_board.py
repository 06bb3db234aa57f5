"""The live board's look: the histogram of the class's answers as HTML bars, its reveal animation, and the
projector's one-screen layout (review 3: U1, U4; issue 26, item 3).

Before the reveal every answer is one blue bar. At the reveal each bar splits into its right answers (green, at the
bottom, growing up from nothing), its answers of the most common mistake (turning vermillion) and its other wrong
answers (fading out), and a dashed line marks the right value. The animation is CSS only, so it runs once when the
reveal is drawn (a poll that draws the same board changes nothing on the page) and not at all under the operating
system's reduced-motion setting, which shows the final picture at once.

Every text here is a number, a bin's label or a catalogue string, escaped all the same; no student text reaches it.
"""

from __future__ import annotations

import html

import streamlit as st

from live import questions
from ui import figures

PALETTE = figures.PALETTE
PLOT_HEIGHT = 165  # px of bars, so the projector's board fits 1280×720 beside the question (U1)

CHART_CSS = f"""<style>
.lv-chart {{ margin: 0; }}
.lv-title {{ font-weight: 600; margin: 0 0 0.2em; }}
.lv-plot {{ position: relative; height: {PLOT_HEIGHT}px; display: flex; align-items: flex-end;
  border-bottom: 2px solid #9aa1ad; }}
.lv-col {{ flex: 1 1 0; min-width: 0; height: 100%; padding: 0 3px; box-sizing: border-box; display: flex;
  flex-direction: column; justify-content: flex-end; }}
.lv-n {{ text-align: center; font-weight: 700; line-height: 1.25; }}
.lv-stack {{ display: flex; flex-direction: column-reverse; height: calc((100% - 1.4em) * var(--f)); }}
.lv-seg {{ flex: var(--n) 1 0; min-height: 0; }}
.lv-all {{ background: {PALETTE["blue"]}; }}
.lv-right {{ background: {PALETTE["green"]}; transform-origin: 50% 100%;
  animation: lv-grow 1.4s cubic-bezier(.2, .7, .3, 1) 0.3s both; }}
.lv-slip {{ background: {PALETTE["vermillion"]}; animation: lv-turn 1s ease-in-out 1.5s both; }}
.lv-wrong {{ background: {PALETTE["blue"]}; opacity: 0.25; animation: lv-fade 1s ease-in-out 1.5s both; }}
.lv-truth {{ position: absolute; top: 0; bottom: 0; width: 0; border-left: 3px dashed {PALETTE["green"]};
  animation: lv-show 0.6s ease-out 0.3s both; }}
.lv-axis {{ position: relative; height: 1.5em; margin: 0.15em 0 0.3em; font-size: 0.85em; }}
.lv-tick {{ position: absolute; top: 0; transform: translateX(-50%); white-space: nowrap; }}
.lv-cat {{ display: flex; margin: 0.15em 0 0.3em; font-size: 0.85em; }}
.lv-cat span {{ flex: 1 1 0; text-align: center; min-width: 0; }}
.lv-legend {{ display: flex; flex-wrap: wrap; gap: 0.2em 1.2em; font-size: 0.85em; }}
.lv-key::before {{ content: ""; display: inline-block; width: 0.9em; height: 0.9em; margin-right: 0.35em;
  vertical-align: -0.1em; background: var(--c); opacity: var(--o, 1); }}
.lv-key.lv-line::before {{ width: 0; height: 1em; background: none; border-left: 3px dashed var(--c); }}
@keyframes lv-grow {{ from {{ transform: scaleY(0); }} to {{ transform: scaleY(1); }} }}
@keyframes lv-fade {{ from {{ opacity: 1; }} to {{ opacity: 0.25; }} }}
@keyframes lv-turn {{ from {{ background: {PALETTE["blue"]}; }} to {{ background: {PALETTE["vermillion"]}; }} }}
@keyframes lv-show {{ from {{ opacity: 0; }} to {{ opacity: 1; }} }}
.st-key-live_mistake {{ animation: lv-show 0.8s ease-out 2.2s both; }}
@media (prefers-reduced-motion: reduce) {{ :is(.lv-chart *, .st-key-live_mistake) {{ animation: none !important; }} }}
</style>"""

# The projector (?view=projector): no sidebar, header or toolbar, large text, small gaps, so a question, its count,
# the histogram and the reveal share one 1280×720 screen (U1).
WALL_CSS = """<style>
.stApp:has(.st-key-live_wall) :is([data-testid=stSidebar], [data-testid=stSidebarCollapsedControl],
    [data-testid=stHeader], [data-testid=stToolbar], [data-testid=stDecoration]) { display: none !important; }
.stApp:has(.st-key-live_wall) [data-testid=stMainBlockContainer] { padding: 0.6rem 1.5rem 0.4rem !important;
  max-width: none !important; }
.st-key-live_wall [data-testid=stVerticalBlock] { gap: 0.35rem !important; }
.st-key-live_wall :is(p, li, td, th, [data-testid=stText]) { font-size: 22px !important; line-height: 1.3 !important; }
.st-key-live_wall [data-testid=stText] { white-space: pre-wrap !important; font-size: 19px !important; }
.st-key-live_wall [data-testid=stHeading] :is(h2, h3) { padding: 0.1rem 0 0.3rem !important;
  line-height: 1.2 !important; }
.st-key-live_wall [data-testid=stHeading] h3 { font-size: 30px !important; margin-bottom: 0.2rem !important; }
.st-key-live_wall [data-testid=stCaptionContainer] p { font-size: 18px !important; }
.st-key-live_wall .st-key-live_code_big [data-testid=stHeading] h1 { font-size: 72px !important; }
.st-key-live_wall .lv-chart { font-size: 21px; }
.st-key-live_wall [data-testid=stTable] :is(td, th) { padding: 0.15rem 0.6rem !important; }
.st-key-live_wall .st-key-live_count h3 { font-size: 32px !important; padding: 0.1rem 0 0.3rem !important; }
.st-key-live_wall [data-testid=stExpander] summary p { font-size: 16px !important; }
</style>"""


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


def _segment(cls: str, n: int) -> str:
    return f'<div class="lv-seg {cls}" style="--n:{n}"></div>' if n else ""


def _column(i: int, bars: questions.Bars, top: int, revealed: bool) -> str:
    count, right, slip = bars.counts[i], bars.correct[i], bars.slip[i]
    if revealed:
        stack = _segment("lv-right", right) + _segment("lv-slip", slip) + _segment("lv-wrong", count - right - slip)
    else:
        stack = _segment("lv-all", count)
    return (
        f'<div class="lv-col" data-bin="{_e(bars.labels[i])}" data-count="{count}" data-right="{right}"'
        f' data-slip="{slip}"><div class="lv-n">{count or ""}</div>'
        f'<div class="lv-stack" style="--f:{count / top:.4f}">{stack}</div></div>'
    )


def _axis(bars: questions.Bars) -> str:
    """Numbers under the bars: each bin's edges on a number line, or each pair of picks under its bar."""
    n = len(bars.labels)
    if not bars.edges:
        return '<div class="lv-cat">' + "".join(f"<span>{_e(label)}</span>" for label in bars.labels) + "</div>"
    beyond = bars.labels[-1].startswith(">")
    regular = n - 1 if beyond else n
    ticks = [bars.labels[i].split("–")[0] for i in range(regular)] + [bars.labels[regular - 1].split("–")[1]]
    every = 1 if regular <= 10 else 2
    spans = [
        f'<span class="lv-tick" style="left:{100 * i / n:.3f}%">{_e(t)}</span>'
        for i, t in enumerate(ticks)
        if i % every == 0 or i == regular
    ]
    if beyond:
        spans.append(f'<span class="lv-tick" style="left:{100 * (n - 0.5) / n:.3f}%">{_e(bars.labels[-1])}</span>')
    return '<div class="lv-axis">' + "".join(spans) + "</div>"


def _truth_left(bars: questions.Bars, truth: float) -> float:
    """Where the right value sits across the plot, in percent of its width."""
    n = len(bars.labels)
    regular = n - 1 if bars.labels[-1].startswith(">") else n
    low, high = bars.edges[0], bars.edges[regular]
    return 100 * regular / n * min(1.0, max(0.0, (truth - low) / (high - low)))


def chart_html(bars: questions.Bars, *, title: str, revealed: bool, truth: float | None, legend: dict[str, str]) -> str:
    """The histogram as HTML: a bar per label (``data-count``, ``data-right``, ``data-slip`` on each), its axis and,
    once ``revealed``, the split into right, most common mistake and other wrong answers with a legend."""
    top = max(1, *bars.counts) if bars.counts else 1
    columns = "".join(_column(i, bars, top, revealed) for i in range(len(bars.labels)))
    line = ""
    if revealed and truth is not None and bars.edges:
        line = f'<div class="lv-truth" style="left:{_truth_left(bars, truth):.3f}%"></div>'
    keys = ""
    if revealed:
        shown = [
            ("right", PALETTE["green"], 1.0),
            ("slip", PALETTE["vermillion"], 1.0),
            ("wrong", PALETTE["blue"], 0.25),
        ]
        used = {"right": sum(bars.correct), "slip": sum(bars.slip), "wrong": sum(bars.counts) - sum(bars.correct)}
        used["wrong"] -= used["slip"]
        keys = "".join(
            f'<span class="lv-key" style="--c:{colour};--o:{opacity}">{_e(legend[name])}</span>'
            for name, colour, opacity in shown
            if used[name]
        )
        if line:
            keys += f'<span class="lv-key lv-line" style="--c:{PALETTE["green"]}">{_e(legend["truth"])}</span>'
    return (
        f'{CHART_CSS}<div class="lv-chart" data-revealed="{int(revealed)}">'
        f'<div class="lv-title">{_e(title)}</div><div class="lv-plot">{columns}{line}</div>{_axis(bars)}'
        f'<div class="lv-legend">{keys}</div></div>'
    )


def draw_chart(bars: questions.Bars, **kwargs) -> None:
    st.html(chart_html(bars, **kwargs))


def wall() -> None:
    """The projector's styles (its page only)."""
    st.html(WALL_CSS)
