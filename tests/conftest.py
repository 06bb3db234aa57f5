"""Shared fixtures: AppTest helpers, and a live server plus Debian's Chromium for browser tests."""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from hypothesis import settings  # noqa: E402

from deploy.harness import CHROMIUM_ARGS, Server, chromium_path  # noqa: E402
from deploy.pg import postgres_cluster  # noqa: E402
from ui.i18n import translate  # noqa: E402

# make test is deterministic: every property test draws the same examples on every run and machine
# (a random search that finds a new counterexample would turn CI red at random). make fuzz runs the
# same properties with fresh random examples, several times over, before a release.
settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
settings.register_profile("fuzz", derandomize=False, database=None, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture(autouse=True, scope="session")
def _live_database(tmp_path_factory):
    """AppTests keep the live class's rooms in a SQLite file of this test worker's own, never in .data/."""
    old = os.environ.get("NDCG_DATABASE_URL")
    os.environ["NDCG_DATABASE_URL"] = f"sqlite:///{tmp_path_factory.mktemp('live') / 'live.sqlite3'}"
    yield
    if old is None:
        os.environ.pop("NDCG_DATABASE_URL", None)
    else:
        os.environ["NDCG_DATABASE_URL"] = old


@pytest.fixture(scope="session")
def pg_cluster():
    """One PostgreSQL cluster per test process; a missing PostgreSQL fails the tests, never skips them."""
    try:
        with postgres_cluster() as url:
            yield url
    except RuntimeError as exc:
        pytest.fail(str(exc))


def open_page(page: str, params: dict[str, str] | None = None, timeout: float = 60):
    """An AppTest of app.py opened with URL parameters, switched to ``page`` and run."""
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=timeout)
    for key, value in (params or {}).items():
        at.query_params[key] = value
    at.run()
    if page != "lessons/intro.py":
        at.switch_page(page).run()
    return at


PAGE_FAILED = {translate("page_failed", lang) for lang in ("ko", "en")}


@pytest.fixture(autouse=True)
def _a_failed_page_fails_the_test(request, monkeypatch):
    """app.py turns a lesson's exception into one friendly sentence; in AppTests that sentence is a failure.

    The exception itself is in the captured log ("the page ... failed"). A test that wants the
    sentence marks itself ``page_failure_expected``.
    """
    if request.node.get_closest_marker("page_failure_expected"):
        return
    from streamlit.testing.v1 import AppTest

    original = AppTest.run

    def run(self, *args, **kwargs):
        out = original(self, *args, **kwargs)
        failed = [e.value for e in out.error if e.value in PAGE_FAILED]
        assert not failed, "a lesson raised an exception (see the captured log for its traceback)"
        return out

    monkeypatch.setattr(AppTest, "run", run)


@pytest.fixture(autouse=True)
def door_waits(monkeypatch) -> list[float]:
    """The waits the live page asks of a session refused at the door (ui.features.live.wait_after_refusals),
    recorded instead of slept: an AppTest run has a timeout, and the tests check the waits themselves."""
    from ui.features import live

    asked: list[float] = []
    monkeypatch.setattr(live, "_sleep", asked.append)
    return asked


def metrics(at) -> dict[str, str]:
    """Displayed metric values by label, a k past the list's length read without its "(list of n)" (U9)."""
    return {re.sub(r" \((?:list of \d+|목록 \d+개)\)$", "", m.label): m.value for m in at.metric}


def line_charts(at) -> dict[str, dict]:
    """The data sent to the page's SVG line charts, by key."""
    return {
        c.proto.id.split("-", 2)[2]: json.loads(c.proto.json)  # "$$ID-<hash>-<key>"
        for c in at.get("bidi_component")
        if c.proto.component_name.endswith("ndcg_lines")
    }


@pytest.fixture(scope="session")
def _shared_server():
    """One real `streamlit run app.py` per test worker, on a free loopback port."""
    server = _start()
    yield server
    server.stop()


@pytest.fixture
def server_url(_shared_server):
    """The shared server's address; the test fails if its actions dirty the server log."""
    yield _shared_server.url
    _assert_clean(_shared_server)


@pytest.fixture
def fresh_server_url():
    """A server of its own that no browser has visited yet; its log must stay clean too."""
    server = _start()
    yield server.url
    server.stop()
    _assert_clean(server)


def _start() -> Server:
    try:
        return Server().wait_healthy()
    except RuntimeError as exc:
        pytest.fail(str(exc))


def _assert_clean(server: Server) -> None:
    """No traceback, deprecation, exception or error line since the last look."""
    problems = server.new_log_problems()
    assert not problems, f"server log not clean ({server.log}): {problems[:5]}"


@pytest.fixture(scope="session")
def browser():
    """Debian's Chromium through Playwright. A missing browser fails the tests; it never skips them."""
    try:
        path = chromium_path()
    except RuntimeError as exc:
        pytest.fail(str(exc))
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
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


@pytest.hookimpl(tryfirst=True)  # before -m deselects by these markers
def pytest_collection_modifyitems(items):
    """Each test gets the markers browser, server, db and cluster of what it starts (tests/lanes.py): none by hand.

    make test-fast leaves those four lanes out; tests/test_lanes.py checks that it starts none of them.
    """
    from tests.lanes import mark_lanes

    mark_lanes(items)
