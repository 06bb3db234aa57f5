"""Scale-out (deploy/scale_out.py): Debian's nginx on loopback in front of two `streamlit run` replicas.

nginx sticks each browser to one replica by a cookie it sets itself (``ndcg_replica``); its
access log names the replica (``upstream=``) and the hash key (``key=``, the cookie's value)
of every request, so a test can tell where each browser's page, files and websocket went.
A missing nginx fails these tests; it never skips them.
"""

from __future__ import annotations

import http.client
import random
import re
import time
import urllib.request
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import expect

from deploy.harness import SETTLED_JS
from deploy.scale_out import ScaleOut
from ndcg_core import score_ranking
from tests.test_browser import metric, open_grid_cell, rows

pytestmark = pytest.mark.browser
VIEWPORT = {"width": 1400, "height": 1400}
LONG = 90_000  # the machine is shared: a page load or a reconnect may wait for other work
_LINE = re.compile(r'"GET (\S+) [^"]*" (\d{3}) upstream=([^=]+?) replica_cookie=\S+ key=(\S+)$', re.MULTILINE)


@pytest.fixture
def cluster():
    """nginx and two replicas of the app of this test's own; their logs must stay clean."""
    try:
        c = ScaleOut(replicas=2)
    except RuntimeError as exc:
        pytest.fail(str(exc))
    try:
        c.warm()
    except RuntimeError as exc:
        c.stop()
        pytest.fail(str(exc))
    yield c
    problems = [f":{s.port}: {p}" for s in c.replicas for p in s.new_log_problems()]
    c.stop()
    assert not problems, f"server log not clean: {problems[:5]}"


@pytest.fixture
def new_context(browser):
    """Fresh browser contexts (each its own cookie jar), all closed at the end even when the test fails."""
    made = []

    def make():
        made.append(browser.new_context(viewport=VIEWPORT))
        return made[-1]

    yield make
    for context in made:
        context.close()


def settle(page) -> None:
    """Wait until the app's script run has finished."""
    page.wait_for_function(
        SETTLED_JS,
        timeout=LONG,
    )


def open_steps(page, url: str) -> None:
    """Open a /steps link through nginx and wait until its list and headline are drawn."""
    page.goto(url, timeout=LONG)
    expect(page.locator("li[data-uid]").first).to_be_attached(timeout=LONG)
    settle(page)
    expect(page.locator("[data-testid=stMetricValue]").first).to_be_visible(timeout=LONG)


def cookie_key(context) -> str:
    return next(c["value"] for c in context.cookies() if c["name"] == "ndcg_replica")


def requests_of(cluster: ScaleOut, key: str) -> list[tuple[str, int, list[int]]]:
    """(path, status, replica ports tried in order) of every request of ``key``; no port for one nginx served itself."""
    return [
        (path, int(status), [] if ups == "-" else [int(u.strip().rsplit(":", 1)[1]) for u in ups.split(",")])
        for path, status, ups, k in _LINE.findall(cluster.access_log())
        if k == key
    ]


def replica_of(cluster: ScaleOut, key: str) -> int:
    """The one replica that served every request of ``key`` that reached one so far (fails if there were two)."""
    served = {tried[-1] for _, _, tried in requests_of(cluster, key) if tried}
    assert len(served) == 1, f"requests of one browser went to {served}"
    return served.pop()


def wait_for_streams(cluster: ScaleOut, keys: list[str], count: int = 1) -> None:
    """nginx logs a websocket when it closes: wait until every key has ``count`` of them."""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        if all(sum(p == "/_stcore/stream" and s == 101 for p, s, _ in requests_of(cluster, k)) >= count for k in keys):
            return
        time.sleep(0.2)
    raise AssertionError(f"nginx logged fewer than {count} websocket(s) for some of {keys}")


def example(i: int) -> tuple[list[str], list[int]]:
    """Student ``i``'s own item names and grades (never all zeros)."""
    names = [f"P{i:02d}{c}" for c in "abcd"]
    rng = random.Random(i)
    grades = [rng.randint(0, 3) for _ in names]
    grades[i % 4] = 3
    return names, grades


def steps_url(base: str, names: list[str], grades: list[int], gain: str = "exponential") -> str:
    return f"{base}/steps?items={','.join(names)}&rel={','.join(map(str, grades))}&gain={gain}&k=3&lang=en"


def url_items(page) -> list[str]:
    return parse_qs(urlsplit(page.url).query)["items"][0].split(",")


def test_fresh_browsers_spread_over_both_replicas_and_each_sticks_to_one(new_context, cluster):
    """Fresh browsers through nginx land on both replicas; each one's page, files and websocket reach one replica and show its own nDCG."""
    opened = []  # (context, page, key, names, grades)
    placed: dict[str, int] = {}
    for i in range(14):  # six browsers, and more only while all of them landed on one replica (chance 1/32)
        if i >= 6 and len(set(placed.values())) == 2:
            break
        context = new_context()
        page = context.new_page()
        names, grades = example(i)
        open_steps(page, steps_url(cluster.url, names, grades))
        key = cookie_key(context)
        placed[key] = replica_of(cluster, key)
        opened.append((context, page, key, names, grades))
    assert set(placed.values()) == {s.port for s in cluster.replicas}, f"all browsers on one replica: {placed}"
    for _, page, _, names, grades in opened:  # all sessions live at once, each with its own example
        assert rows(page) == names
        expect(metric(page, "nDCG@3")).to_have_text(f"{score_ranking(grades, k=3).ndcg:.4f}", timeout=LONG)
    for context, *_ in opened:  # nginx logs a websocket when it closes
        context.close()
    wait_for_streams(cluster, list(placed))
    for key, port in placed.items():
        assert replica_of(cluster, key) == port  # the websocket too, and every component file
        static = [tried for p, _, tried in requests_of(cluster, key) if p.startswith("/static/")]
        assert static and not any(static)  # Streamlit's own files came from nginx's disk, not from a replica


def test_nginx_serves_streamlits_own_files_from_disk_as_the_replicas_would(cluster):
    """A file of Streamlit's frontend comes from nginx itself (no replica in the log), the same bytes, cached for a year."""
    page = urllib.request.urlopen(f"{cluster.url}/", timeout=30).read().decode()
    path = re.search(r'src="\.?(/static/js/[^"]+\.js)"', page).group(1)
    with urllib.request.urlopen(f"{cluster.url}{path}", timeout=30) as response:
        body, cache = response.read(), response.headers["Cache-Control"]
    direct = urllib.request.urlopen(f"{cluster.replicas[0].url}{path}", timeout=30)
    assert body == direct.read() and "immutable" in cache and "max-age=31536000" in cache
    assert response.headers["Content-Type"].startswith(direct.headers["Content-Type"].split(";")[0])  # a module script
    assert direct.headers["Cache-Control"] == "public, immutable, max-age=31536000"
    deadline = time.monotonic() + 10
    while path not in cluster.access_log() and time.monotonic() < deadline:
        time.sleep(0.1)
    served = [ups for p, status, ups, _ in _LINE.findall(cluster.access_log()) if p == path]
    assert served == ["-"]  # nginx answered it; the direct request above went to the replica, not through nginx


def test_a_killed_replicas_browser_reconnects_to_the_other_and_keeps_its_example(new_context, cluster):
    """A browser whose replica is killed reconnects through nginx to the other, which rebuilds its example from the URL and acts on its first click."""
    context = new_context()
    page = context.new_page()
    errors: list[str] = []
    sockets: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("websocket", lambda ws: sockets.append(ws.url))
    names, grades = ["A", "B", "C", "D"], [3, 0, 1, 2]
    open_steps(page, steps_url(cluster.url, names, grades))
    key = cookie_key(context)
    first = replica_of(cluster, key)
    page.get_by_text("Standard: rel").click()  # linear gain
    expect(page).to_have_url(re.compile(r"[?&]gain=linear(&|$)"), timeout=LONG)
    settle(page)
    page.get_by_role("button", name="Reverse").click()
    page.wait_for_function("() => new URLSearchParams(location.search).get('items') === 'D,C,B,A'", timeout=LONG)
    settle(page)
    reversed_ndcg = f"{score_ranking(grades[::-1], gain='linear', k=3).ndcg:.4f}"
    expect(metric(page, "nDCG@3")).to_have_text(reversed_ndcg, timeout=LONG)

    cluster.replica(first).stop()
    deadline = time.monotonic() + LONG / 1000
    while len(sockets) < 2 and time.monotonic() < deadline:  # Streamlit's client opens a new websocket
        page.wait_for_timeout(100)
    assert len(sockets) >= 2, f"the page opened {len(sockets)} websocket(s) after its replica was killed"
    expect(page.locator("[data-testid=stApp]")).to_have_attribute(
        "data-test-connection-state", "CONNECTED", timeout=LONG
    )
    settle(page)
    assert rows(page) == names[::-1]  # the page kept what it showed
    assert url_items(page) == names[::-1]
    expect(page).to_have_url(re.compile(r"[?&]gain=linear(&|$)"))
    expect(metric(page, "nDCG@3")).to_have_text(reversed_ndcg, timeout=LONG)

    # The first click on the other replica opens a new session there; it takes effect, once (ui/reconnect.py).
    page.get_by_role("button", name="Reverse").click()
    page.wait_for_function("() => new URLSearchParams(location.search).get('items') === 'A,B,C,D'", timeout=LONG)
    settle(page)
    expect(metric(page, "nDCG@3")).to_have_text(f"{score_ranking(grades, gain='linear', k=3).ndcg:.4f}", timeout=LONG)
    assert rows(page) == names
    expect(page).to_have_url(re.compile(r"[?&]gain=linear(&|$)"))
    # A reload reaches the other replica too, which rebuilds the example from the address.
    page.reload(timeout=LONG)
    expect(page.locator("li[data-uid]").first).to_be_attached(timeout=LONG)
    settle(page)
    assert rows(page) == names
    expect(metric(page, "nDCG@3")).to_have_text(f"{score_ranking(grades, gain='linear', k=3).ndcg:.4f}", timeout=LONG)
    context.close()
    wait_for_streams(cluster, [key], count=3)
    streams = [tried[-1] for p, s, tried in requests_of(cluster, key) if p == "/_stcore/stream" and s == 101]
    other = next(s.port for s in cluster.replicas if s.port != first)
    assert streams[0] == first and set(streams[1:]) == {other}, (
        f"websockets went to {streams}, not {first} then {other}"
    )
    assert not errors


def test_a_grade_typed_into_the_grid_right_after_a_failover_is_kept(new_context, cluster):
    """A grade typed into the grid the killed replica drew, as the first action on the other replica, reaches the list and the link."""
    context = new_context()
    page = context.new_page()
    errors: list[str] = []
    sockets: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("websocket", lambda ws: sockets.append(ws.url))
    names, grades = ["A", "B", "C", "D"], [3, 0, 1, 2]
    open_steps(page, steps_url(cluster.url, names, grades))
    cluster.replica(replica_of(cluster, cookie_key(context))).stop()
    deadline = time.monotonic() + LONG / 1000
    while len(sockets) < 2 and time.monotonic() < deadline:  # the client opens a websocket to the other replica
        page.wait_for_timeout(100)
    assert len(sockets) >= 2, f"the page opened {len(sockets)} websocket(s) after its replica was killed"
    expect(page.locator("[data-testid=stApp]")).to_have_attribute(
        "data-test-connection-state", "CONNECTED", timeout=LONG
    )
    settle(page)

    editor = open_grid_cell(page, column=0.8, row=2)  # C's grade, in the table the old replica drew
    editor.fill("3")
    page.keyboard.press("Enter")
    page.wait_for_function("() => new URLSearchParams(location.search).get('rel') === '3,0,3,2'", timeout=LONG)
    settle(page)
    expect(metric(page, "nDCG@3")).to_have_text(f"{score_ranking([3, 0, 3, 2], k=3).ndcg:.4f}", timeout=LONG)
    assert rows(page) == names and url_items(page) == names
    assert not errors


def test_the_access_log_keeps_no_query_string_and_uploads_are_bounded(cluster):
    """nginx logs a teacher link's path without its key or a student's id, refuses a body over 21 MB and rate-limits uploads."""
    secret = "TEACHERKEY" + "x" * 20
    with urllib.request.urlopen(f"{cluster.url}/live?room=ABCDEF&teacher={secret}&me=STUDENTID&lang=en", timeout=30):
        pass
    deadline = time.monotonic() + 10
    while "/live " not in cluster.access_log() and time.monotonic() < deadline:
        time.sleep(0.1)
    log = cluster.access_log()
    assert '"GET /live HTTP/1.1" 200' in log
    assert secret not in log and "STUDENTID" not in log and "teacher=" not in log

    host, port = cluster.url.rsplit("/", 1)[1].split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=30)
    conn.putrequest("PUT", "/_stcore/upload_file/session/file")
    conn.putheader("Content-Length", str(22 * 2**20))
    conn.endheaders()
    assert conn.getresponse().status == 413
    conn.close()

    statuses = []
    for _ in range(45):  # OPTIONS: counted by the limit, answered by Streamlit without a log line
        conn = http.client.HTTPConnection(host, int(port), timeout=30)
        conn.request("OPTIONS", "/_stcore/upload_file/session/file")
        statuses.append(conn.getresponse().status)
        conn.close()
    assert 429 in statuses and statuses[0] != 429


def test_an_upload_cut_off_mid_body_ends_at_nginx_and_never_reaches_streamlit(cluster):
    """nginx reads an upload's whole body before it asks a replica: a client gone mid-body is logged by nginx with
    no upstream, and no replica sees the cut body (Streamlit's ClientDisconnect traceback; issue 23)."""
    import socket

    host, port = cluster.url.rsplit("/", 1)[1].split(":")
    body = b'--xx\r\nContent-Disposition: form-data; name="file"; filename="a.run"\r\n\r\n' + b"q0 Q0 d 1 1 r\n" * 5000
    head = (
        "PUT /_stcore/upload_file/cutsession/cutfile HTTP/1.1\r\nHost: localhost\r\n"
        "Content-Type: multipart/form-data; boundary=xx\r\n"
        f"Content-Length: {10 * len(body)}\r\n\r\n"
    ).encode()
    with socket.create_connection((host, int(port)), timeout=30) as sock:
        sock.sendall(head + body)
        time.sleep(0.5)
    deadline = time.monotonic() + 10
    while "cutfile" not in cluster.access_log() and time.monotonic() < deadline:
        time.sleep(0.1)
    (line,) = [x for x in cluster.access_log().splitlines() if "/cutsession/cutfile" in x]
    assert "upstream=- " in line or "upstream= " in line, line
