"""A busy class in real browsers: students who click before every widget has loaded keep their example.

On a class server the browsers are slow, and a student can click ▲ or ▼ before the code of
the radio and selectbox widgets has loaded. Those widgets then first appear in the rerun of
that click. Here several browser contexts open their own links at once with those widget
chunks held back by the network, click as soon as the list appears, and click again after the
widgets have loaded; each must end with exactly the example its own clicks made (issue 6).
"""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlencode, urlparse

import pytest
from playwright.sync_api import expect

from deploy.harness import SETTLED_JS
from ndcg_core import score_ranking

pytestmark = pytest.mark.browser
WAIT = 60_000
WIDGET_CHUNKS = re.compile(r".*/static/js/(Radio|Selectbox|Checkbox)\.[^/]*\.js$")
LINKS = [
    {"items": "P0a,P0b,P0c", "rel": "1,3,0", "gain": "exponential", "k": "2", "scale": "4", "lang": "en"},
    {"items": "P1a,P1b,P1c", "rel": "1,3,0", "gain": "linear", "k": "3", "scale": "4", "lang": "ko"},
    {"items": "P2a,P2b,P2c", "rel": "2,3,0", "gain": "exponential", "k": "2", "scale": "3", "lang": "en"},
]


def hold_back(page, gate: dict):
    """A route handler that delivers the widget chunks only once the gate opens, as a busy laptop would."""

    def handler(route):
        while not gate["open"]:
            page.wait_for_timeout(50)
        route.continue_()

    return handler


def address(page) -> dict[str, str]:
    params = {k: v[0] for k, v in parse_qs(urlparse(page.url).query).items()}
    params.setdefault("scale", "3")
    return params


def swap_first_two(link: dict[str, str]) -> dict[str, str]:
    items, rel = link["items"].split(","), link["rel"].split(",")
    items[:2], rel[:2] = items[1::-1], rel[1::-1]
    return {**link, "items": ",".join(items), "rel": ",".join(rel)}


def headline(link: dict[str, str]) -> str:
    grades = [float(x) for x in link["rel"].split(",")]
    return f"{score_ranking(grades, k=int(link['k']), gain=link['gain']).ndcg:.4f}"


def test_students_who_click_before_the_widgets_load_keep_their_settings(browser, fresh_server_url):
    """Three students click ▲ before their radios and selectboxes load, then ▼; all keep items, gain, k, scale, lang."""
    students, errors = [], []
    for link in LINKS:
        ctx = browser.new_context(viewport={"width": 1400, "height": 1000})
        page = ctx.new_page()
        page.on("pageerror", lambda e, link=link: errors.append(f"{link['items']}: {e}"))
        gate = {"open": False}
        ctx.route(WIDGET_CHUNKS, hold_back(page, gate))
        page.goto(f"{fresh_server_url}/steps?{urlencode(link)}", wait_until="commit")
        students.append((ctx, page, link, gate))
    try:
        for _, page, _, gate in students:  # ▲ on the second row, before the settings widgets exist
            page.locator("li[data-uid='1'] button.up").click(timeout=WAIT)
            assert page.locator("[data-testid=stSelectbox]").count() == 0, "the widgets loaded before the click"
        for *_, gate in students:
            gate["open"] = True
        for _, page, link, _ in students:
            moved = swap_first_two(link)
            expect(page.locator("[data-testid=stMetricValue]").first).to_have_text(headline(moved), timeout=WAIT)
            expect(page.locator("[data-testid=stSelectbox]").first).to_be_visible(timeout=WAIT)
            page.wait_for_function(
                SETTLED_JS,
                timeout=WAIT,
            )
            page.locator("li[data-uid='1'] button.down").click(timeout=WAIT)  # and back, now the widgets are there
        for _, page, link, _ in students:
            expect(page.locator("[data-testid=stMetricValue]").first).to_have_text(headline(link), timeout=WAIT)
            page.wait_for_function(f"() => location.search.includes({link['items'].split(',')[0]!r})", timeout=WAIT)
            page.wait_for_function(
                SETTLED_JS,
                timeout=WAIT,
            )
            assert address(page) == link, f"the example changed by itself: {address(page)}"
        assert not errors
    finally:
        for ctx, *_ in students:
            ctx.close()
