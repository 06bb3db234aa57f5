"""Shared fixtures: AppTest helpers, and a live server plus Debian's Chromium for browser tests."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]

if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def open_page(page: str, params: dict[str, str] | None = None, timeout: float = 60):
    """An AppTest of app.py opened with URL parameters, switched to ``page`` and run."""
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=timeout)
    for key, value in (params or {}).items():
        at.query_params[key] = value
    at.run()
    if page != "pages/intro.py":
        at.switch_page(page).run()
    return at


def metrics(at) -> dict[str, str]:
    """Displayed metric values by label."""
    return {m.label: m.value for m in at.metric}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def server_url():
    """A real `streamlit run app.py` on a free loopback port, stopped after the session."""
    yield from _serve()


@pytest.fixture
def fresh_server_url():
    """A server of its own that no browser has visited yet."""
    yield from _serve()


def _serve():
    port = _free_port()
    ARTIFACTS.mkdir(exist_ok=True)
    log = open(ARTIFACTS / f"server-{port}.log", "w")  # noqa: SIM115
    proc = subprocess.Popen(
        [sys.executable, "-m", "streamlit", "run", "app.py", "--server.port", str(port),
         "--server.address", "127.0.0.1", "--server.headless", "true"],
        cwd=ROOT, stdout=log, stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.time() + 60
    while time.time() < deadline:
        try:
            with urllib.request.urlopen(url + "/_stcore/health", timeout=2) as r:  # noqa: S310
                if r.status == 200:
                    break
        except OSError:
            time.sleep(0.3)
    else:
        proc.kill()
        pytest.fail("the Streamlit server did not start within 60 s")
    yield url
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
    log.close()
    # The server log must stay clean: no deprecation warning, no traceback from any session.
    text = (ARTIFACTS / f"server-{port}.log").read_text(encoding="utf-8", errors="replace").lower()
    assert "deprecat" not in text and "traceback" not in text, f"server log not clean: {log.name}"


@pytest.fixture(scope="session")
def browser():
    """Debian's Chromium through Playwright. A missing browser fails the tests; it never skips them."""
    if not (os.path.exists(CHROMIUM) or shutil.which("chromium")):
        pytest.fail(f"browser tests need Debian's Chromium at {CHROMIUM}: apt-get install -y chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.js_errors = errors
    yield pg
    context.close()
