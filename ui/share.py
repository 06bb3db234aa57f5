"""The sidebar's share panel: the example's full link with a copy button, and its QR code.

The link is the page address the browser reports (``st.context.url``: scheme, host, port and
page path, never the query) plus the page's parameters from ``session.url_params`` (the
example's, or the exercise's). Without a browser (AppTest) it is a relative link, "/steps?…".
``st.text`` shows the link literally (item names are user text: no markdown, no HTML), in a
small bordered box that scrolls when the link is long; the QR code is a PNG made by segno. The
link is not an ``st.code`` block: that element loads a 1.5 MB syntax highlighter into every
page's first render, for one line of plain text (issue 27, item 1).
"""

from __future__ import annotations

import io
from functools import lru_cache
from typing import Literal
from urllib.parse import quote, urlencode, urlsplit, urlunsplit

import segno
import streamlit as st

from ui import session
from ui.features.registry import STATES
from ui.i18n import T

LONG_LINK = 400  # characters; a longer link scrolls inside a fixed-height block


def query_string(params: dict[str, str]) -> str:
    """URL parameters percent-encoded, commas kept readable ("items=A,B,C&rel=1,3,2")."""
    return urlencode(params, safe=",", quote_via=quote)


def full_link(base: str | None, page_path: str, params: dict[str, str]) -> str:
    """The shareable link: ``base`` (the browser's page address) with ``params``; "/page?…" without one."""
    if base:
        scheme, netloc, path, _, _ = urlsplit(base)
        return urlunsplit((scheme, netloc, path or "/", query_string(params), ""))
    return f"/{page_path}?{query_string(params)}"


@lru_cache(maxsize=64)
def qr_png(link: str, width: int | None = None) -> bytes | None:
    """The link as a QR code PNG (error level M at least), or None when it is too long for any QR code. With
    ``width``, whole pixels per module at most that wide: drawn at its own size, never blurred by a browser's or
    Streamlit's resizing (a small QR code must still scan from the back of a room).

    Cached per link; the bytes are immutable, so sharing them between sessions is safe.
    """
    try:
        code = segno.make(link, error="m", micro=False)
    except segno.DataOverflowError:
        return None
    scale = 8 if width is None else max(2, width // code.symbol_size(scale=1, border=2)[0])
    buf = io.BytesIO()
    code.save(buf, kind="png", scale=scale, border=2)
    return buf.getvalue()


def link_panel(slot, page_path: str, shown: str | None = None) -> str:
    """Fill ``slot`` (a sidebar ``st.empty``) with the example's link and a QR code popover; return the link.

    Nothing is redrawn when the link is still ``shown`` (the one drawn earlier in this run). The QR
    code is made only while its popover is open: every move changes the link, and a QR code on every
    rerun cost ~5% of the server's CPU under a class's load. A redraw later in the same run (after a
    table edit) cannot reuse the popover's key, so its QR code is made at once.
    """
    link = full_link(st.context.url, page_path, session.share_params(page_path, STATES))
    if link == shown:
        return link
    first = shown is None
    with slot.container():
        height: int | Literal["content"] = 160 if len(link) > LONG_LINK else "content"
        box = st.container(border=True, height=height, key="share_link" if first else "share_link_redrawn")
        box.text(link, width="stretch")
        popover = st.popover(
            T("share_qr"),
            icon=":material/qr_code_2:",
            width="stretch",
            key="share_qr" if first else None,
            on_change="rerun" if first else "ignore",
        )
        with popover:
            if not first or popover.open:
                png = qr_png(link)
                if png is None:
                    st.caption(T("share_qr_too_long"))
                else:
                    st.image(png, caption=T("share_qr_caption"), width="stretch", alt=T("share_qr"))
    return link
