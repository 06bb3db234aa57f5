"""The server log's one line for a client that went away while Streamlit still talked to it (issue 23).

Streamlit 1.67's upload handler (``starlette_routes._upload_put``) lets starlette's ``ClientDisconnect`` out when a
tab closes in the middle of an upload, and its websocket endpoint (``starlette_websocket._websocket_endpoint``)
lets ``WebSocketDisconnected`` out when a client closes its websocket before the server has accepted it (then it
calls ``close`` on the closed socket). uvicorn logs each as "Exception in ASGI application" with a 60-line
traceback: one per tab an attacker closes at the wrong moment, while nothing is wrong with the server. ``install``
puts a filter on uvicorn's error logger that writes exactly these two cases as one line each; every other record
passes untouched. Behind nginx (deploy/nginx.conf.template) a cut upload does not reach Streamlit at all: nginx
reads the whole body first. The upstream report is drafted in the README's security section.
"""

from __future__ import annotations

import logging

CUT_UPLOAD = "an upload was cut off by its client before its end (Streamlit dropped it)"
CUT_SOCKET = "a websocket was closed by its client before the server had accepted it"
# (Streamlit's function the exception must come out of, the exception's class name) -> the line written instead
_CASES = {("_upload_put", "ClientDisconnect"): CUT_UPLOAD, ("_websocket_endpoint", "WebSocketDisconnected"): CUT_SOCKET}


def _gone_client(record: logging.LogRecord) -> str | None:
    """The line for ``record`` when it is uvicorn's report of one of the two cases, else None."""
    exc = record.exc_info[1] if record.exc_info else None
    if exc is None:
        return None
    tb = exc.__traceback__
    while tb is not None:
        if (line := _CASES.get((tb.tb_frame.f_code.co_name, type(exc).__name__))) is not None:
            return line
        tb = tb.tb_next
    return None


class _CutUploads(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        if (line := _gone_client(record)) is not None:
            logging.getLogger("ndcg_app").warning(line)
            return False
        return True


def install() -> None:
    """Add the filter to uvicorn's error logger, once per process."""
    logger = logging.getLogger("uvicorn.error")
    if not any(isinstance(f, _CutUploads) for f in logger.filters):
        logger.addFilter(_CutUploads())
