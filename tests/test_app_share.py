"""The sidebar's share panel (issue 9): the example's link with a copy button, and its QR code."""

from __future__ import annotations

import pytest
import segno
from playwright.sync_api import expect

from tests.conftest import open_page
from ui import share
from ui.i18n import translate

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
PARAMS = "items=A,B,C&rel=1,3,2&gain=exponential&k=all&lang=en"


def sidebar_links(at) -> list[str]:
    """The sidebar's plain texts (the share panel has exactly one: its link)."""
    return [c.value for c in at.sidebar.text]


def sidebar_images(at) -> list:
    return [e for e in at.sidebar if type(e).__name__ == "Image"]


@pytest.fixture
def at():
    return open_page("lessons/steps.py", {"items": "A,B,C", "rel": "1,3,2", "lang": "en"})


def test_the_sidebar_shows_the_examples_link_and_follows_a_move(at):
    """The sidebar's text holds the step page's link with the example's parameters, and a move updates it."""
    assert not at.exception
    assert sidebar_links(at) == [f"/steps?{PARAMS}"]
    assert list(at.sidebar.code) == []  # no st.code: its syntax highlighter (1.5 MB) would load on every page
    at.button(key="steps_ideal").click().run()
    assert sidebar_links(at) == ["/steps?items=B,C,A&rel=3,2,1&gain=exponential&k=all&lang=en"]


def test_a_table_edit_reaches_the_link_in_the_same_run(at):
    """A grade typed into the table is in the link at once, though the table changes the example mid-run."""
    key = at.session_state["editor_key"]
    at.session_state[key] = {"edited_rows": {0: {"grade": "2"}}, "added_rows": [], "deleted_rows": []}
    at.run()
    assert sidebar_links(at) == ["/steps?items=A,B,C&rel=2,3,2&gain=exponential&k=all&lang=en"]


def test_the_link_is_shown_when_the_lesson_stops_early():
    """A page that stops early (nothing can be scored) still shows the link, row problems included."""
    at = open_page("lessons/steps.py", {"items": "A,B", "rel": "x,y", "lang": "en"})
    assert not at.exception
    assert sidebar_links(at) == ["/steps?items=A,B&rel=x,y&gain=exponential&k=all&lang=en"]


def test_item_names_are_percent_encoded_and_shown_literally():
    """Names with spaces, Korean, & and markdown are encoded in the link, and the sidebar shows it as plain text."""
    at = open_page("lessons/steps.py", {"items": "a b,문서,x&y,**z**", "rel": "1,2,3,0", "lang": "ko"})
    assert not at.exception
    (link,) = sidebar_links(at)
    assert link.startswith("/steps?items=a%20b,%EB%AC%B8%EC%84%9C,x%26y,%2A%2Az%2A%2A&rel=1,2,3,0&")
    assert link.endswith("&lang=ko")


def test_the_qr_code_of_the_link_is_in_the_sidebar_and_made_only_once_opened(at):
    """The QR popover, labelled from the catalogue, is empty while closed and holds one image once opened."""
    assert sidebar_images(at) == []
    at.session_state["share_qr"] = True  # what a click on the popover sends
    at.run()
    assert len(sidebar_images(at)) == 1
    assert [p.proto.popover.label for p in at.sidebar.get("popover")] == [translate("share_qr", "en")]


def test_full_link_uses_the_browser_address_and_never_its_query():
    """With the browser's page address the link is absolute; the intro's address gets its "/"."""
    params = {"items": "A,B", "rel": "1,0", "lang": "en"}
    assert (
        share.full_link("http://host:8501/steps", "steps", params) == "http://host:8501/steps?items=A,B&rel=1,0&lang=en"
    )
    assert share.full_link("https://host/app", "", params) == "https://host/app?items=A,B&rel=1,0&lang=en"
    assert share.full_link("http://host:8501", "", params) == "http://host:8501/?items=A,B&rel=1,0&lang=en"
    assert share.full_link(None, "", params) == "/?items=A,B&rel=1,0&lang=en"


def test_qr_png_is_a_png_of_a_qr_code_that_differs_per_link():
    """qr_png gives PNG bytes, error level M or better, and two links give two different images."""
    a, b = "http://host/steps?" + PARAMS, "http://host/steps?" + PARAMS.replace("1,3,2", "3,2,1")
    assert share.qr_png(a).startswith(PNG_SIGNATURE)
    assert share.qr_png(a) != share.qr_png(b)
    assert share.qr_png(a) is share.qr_png(a)  # cached per link
    code = segno.make(a, error="m", micro=False)
    assert code.error in ("M", "Q", "H") and code.designator.startswith(str(code.version))


def test_a_link_too_long_for_any_qr_code_gives_no_image_and_a_sentence():
    """A link beyond QR version 40 gives None from qr_png, and the popover says so instead of failing."""
    assert share.qr_png("x" * 4000) is None
    names = ",".join(f"item-{i:04d}-long-name-here" for i in range(200))
    at = open_page("lessons/steps.py", {"items": names, "rel": ",".join("1" * 200), "lang": "en"})
    at.session_state["share_qr"] = True
    at.run()
    assert not at.exception
    assert sidebar_images(at) == []
    assert translate("share_qr_too_long", "en") in [c.value for c in at.sidebar.caption]


@pytest.mark.browser
def test_the_browser_shows_the_full_link_without_loading_the_code_highlighter(page, server_url):
    """In a real browser the sidebar's link is the server's page address plus the example's parameters, as text."""
    page.goto(f"{server_url}/steps?items=A,B,C&rel=1,3,2&lang=en")
    link = page.locator("[data-testid=stSidebar] .st-key-share_link [data-testid=stText]")
    expect(link).to_have_text(f"{server_url}/steps?{PARAMS}", timeout=20_000)
    scripts = page.evaluate("() => performance.getEntriesByType('resource').map(e => e.name)")
    assert not [s for s in scripts if "SyntaxHighlighter" in s]
