"""The SVG charts in a real browser: the lab's and the lessons' lines and bars, no plotly bundle, readable on a
phone and a desktop, with item names drawn as text."""

from __future__ import annotations

from urllib.parse import quote

import pytest
from playwright.sync_api import expect

from deploy.harness import ARTIFACTS
from ndcg_core import limits
from tests.test_browser import WAIT, overlaps, settle
from ui.i18n import translate

pytestmark = pytest.mark.browser
LAB = "rel=0,2,0,0,1&lab_alt=reverse"  # X and Y swap the lead at k = 2 and k = 5

# Every drawn text of a chart (the rotated y title left out) and the legend's keys, as boxes on the screen.
BOXES = """root => {
  const box = (e) => { const r = e.getBoundingClientRect(); return [e.textContent, r.left, r.right, r.top, r.bottom]; };
  return {
    texts: [...root.querySelectorAll("svg.chart text")].filter((t) => t.textContent && !t.getAttribute("transform"))
      .map(box),
    legend: [...root.querySelectorAll(".legend > span")].map(box),
    width: root.getBoundingClientRect().right,
  };
}"""


@pytest.mark.parametrize("lang", ["ko", "en"])
@pytest.mark.parametrize(("width", "height"), [(1400, 1000), (390, 844)])
def test_the_labs_charts_are_svg_lines_that_fit_the_screen(browser, server_url, lang, width, height):
    """The lab draws its four charts as SVG with no plotly chart; the nDCG@k chart marks X and Y at k = 1..5 by
    circle and square, names whole k only, and no two of its texts or legend keys overlap or leave the chart."""
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server_url}/limits?{LAB}&lang={lang}")
    charts = page.locator("div.ndcg-lines")
    expect(charts.locator("svg.chart")).to_have_count(4, timeout=WAIT)
    settle(page)
    assert page.locator(".js-plotly-plot").count() == 0
    k_chart = charts.nth(1)
    k_chart.scroll_into_view_if_needed()
    page.wait_for_timeout(400)  # the redraw at the laid-out width
    assert k_chart.locator("g.series circle").count() == 5 and k_chart.locator("g.series rect").count() == 5
    tips = k_chart.locator("g.series circle title").all_text_contents()
    curve = limits.ndcg_at_every_k([0, 2, 0, 0, 1])
    assert tips == [
        f"{translate('lab_ranking_x', lang)} · k {k}: {float(f'{v:.4f}'):g}" for k, v in enumerate(curve, 1)
    ]
    for chart in charts.all():
        drawn = chart.evaluate(BOXES)
        assert overlaps(drawn["texts"] + drawn["legend"]) == [], overlaps(drawn["texts"] + drawn["legend"])
        assert all(right <= drawn["width"] + 0.5 for _, _, right, _, _ in drawn["legend"]), drawn["legend"]
    k_labels = [t[0] for t in k_chart.evaluate(BOXES)["texts"] if t[0].isdigit()]
    assert k_labels and set(k_labels) <= {"1", "2", "3", "4", "5"}
    ARTIFACTS.mkdir(exist_ok=True)
    k_chart.screenshot(path=str(ARTIFACTS / f"limits-k-{lang}-{width}.png"))
    assert errors == []
    context.close()


def test_the_cost_charts_put_one_label_on_each_power_of_ten(browser, server_url):
    """After Measure the two cost charts are log-log: their x axes read 10, 100, 1,000 and the y labels are powers
    of ten; the noise histogram's own-nDCG line is drawn over its bars."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    page.goto(f"{server_url}/limits?{LAB}&lang=en")
    charts = page.locator("div.ndcg-lines svg.chart")
    expect(charts).to_have_count(4, timeout=WAIT)
    order = charts.nth(0).evaluate("s => [...s.children].map((e) => e.getAttribute('class')).filter(Boolean)")
    assert order.index("vline") > order.index("series")  # the lines over the bars, not hidden behind them
    page.get_by_role("button", name="Measure").click()
    expect(charts).to_have_count(6, timeout=120_000)
    settle(page)
    for chart in (charts.nth(4), charts.nth(5)):
        labels = chart.locator("text[text-anchor=middle]:not([transform])").all_text_contents()
        assert [t for t in labels if t[:1].isdigit()] == ["10", "100", "1,000"]
        ends = chart.locator("text[text-anchor=end]").all_text_contents()
        assert ends and all(float(t.replace(",", "")) in {10.0**e for e in range(-4, 6)} for t in ends), ends
    context.close()


HOSTILE = ["<img src=x onerror=alert(1)>", "**bold**", "A&amp;B"]


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_the_lessons_charts_are_svg_and_name_items_as_typed(browser, server_url, lang):
    """/discount, /cutoff and /gain draw SVG charts and no plotly chart; the discount chart names each item by its
    star exactly as typed (markup stays text: no image, no dialog)."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    items = ",".join(quote(x, safe="") for x in HOSTILE)
    for slug, chart in (
        ("discount", "div.ndcg-lines svg.chart"),
        ("cutoff", "div.ndcg-lines svg.chart"),
        ("gain", "div.ndcg-bars svg"),
    ):
        page.goto(f"{server_url}/{slug}?items={items}&rel=3,1,2&lang={lang}")
        expect(page.locator(chart)).to_have_count(1, timeout=WAIT)
        settle(page)
        assert page.locator(".js-plotly-plot").count() == 0, slug
        if slug == "discount":
            labels = page.locator(chart).locator("text.point-label").all_text_contents()
            assert labels == HOSTILE
            assert page.locator(chart).locator("img").count() == 0
    assert dialogs == [] and page.locator("img[src=x]").count() == 0
    context.close()


@pytest.mark.parametrize("rel", ["0,0,0", "2"])
def test_a_flat_or_one_point_chart_still_gets_a_readable_axis(browser, server_url, rel):
    """With all-zero grades (every curve flat at 0, every bar 0) or one item (one point per line) each lab chart and
    the step page's bars draw their axes with short round labels, and the page raises no script error."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server_url}/limits?rel={rel}&lang=en")
    charts = page.locator("div.ndcg-lines svg.chart")
    expect(charts).to_have_count(4, timeout=WAIT)
    settle(page)
    for chart in charts.all():
        ticks = chart.locator("text[text-anchor=end]").all_text_contents()  # the y axis
        assert 2 <= len(ticks) <= 8 and all(len(t) <= 5 for t in ticks), ticks
    page.goto(f"{server_url}/steps?rel={rel}&lang=en")  # the step page's bars: every bar 0 with no relevant item
    bars = page.locator("div.ndcg-bars svg")
    expect(bars).to_have_count(1, timeout=WAIT)
    ticks = bars.locator("text[text-anchor=end]").all_text_contents()
    assert 2 <= len(ticks) <= 8 and all(len(t) <= 5 for t in ticks), ticks
    assert errors == []
    context.close()
