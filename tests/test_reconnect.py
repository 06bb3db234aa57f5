"""A browser that reconnects to a server that has never seen it (a replica died, the server restarted).

Two servers stand for two replicas. A virtual browser (benchmarks/load_protocol.py's ``Tab``,
which keeps the widget values a browser keeps) opens its example on the first and changes a
setting there; then it talks to the second, as after a failover, and its first message there is
a click or a new setting. That first action must take effect (ui/reconnect.py), exactly once.
"""

from __future__ import annotations

import asyncio
import json
from urllib.parse import parse_qsl

import pytest
from streamlit.proto.WidgetStates_pb2 import WidgetState
from websockets.asyncio.client import connect

from benchmarks.load_protocol import GAINS, PAGE, Tab
from deploy.harness import Server, off_loop
from ndcg_core import score_ranking

NAMES, GRADES = ["Ra", "Rb", "Rc", "Rd"], [3, 0, 1, 2]
QUERY = "items=Ra,Rb,Rc,Rd&rel=3,0,1,2&gain=exponential&k=3&lang=en"


@pytest.fixture(scope="module")
def servers():
    with Server() as a, Server() as b:
        a.wait_healthy()
        b.wait_healthy()
        yield a, b


def address(tab: Tab) -> dict[str, str]:
    return dict(parse_qsl(tab.query_string, keep_blank_values=True))


def stream(server: Server) -> str:
    return f"ws://127.0.0.1:{server.port}/_stcore/stream"


async def _until(tab: Tab, done, runs: int = 3):
    """Read the runs the server starts by itself (at most ``runs``) until ``done(tab, run)`` holds."""
    run = None
    for _ in range(runs):
        run = await tab.read_run()
        if done(tab, run):
            return run
    return run


async def _fail_over(a: Server, b: Server, action: str):
    """Open the example on ``a``, switch to linear gain there, then send ``action`` as the first message to ``b``."""
    async with connect(stream(a), subprotocols=["streamlit"], max_size=None) as ws:
        tab = Tab(ws, QUERY)
        last = await tab.rerun(first=True)
        radio = last.widgets[f"{PAGE}_gain"]
        last = await tab.rerun([WidgetState(id=radio.id, string_value=radio.options[GAINS.index("linear")])])
        assert address(tab)["gain"] == "linear"
    async with connect(stream(b), subprotocols=["streamlit"], max_size=None) as ws:
        tab.ws = ws  # the same browser: its address, page and widget values, on a server that never saw it
        if action == "reverse":
            change = WidgetState(id=last.widgets[f"{PAGE}_reverse"].id, trigger_value=True)
        elif action in GRID:
            grid = next(w for k, w in last.widgets.items() if k.startswith(f"{PAGE}_table_"))
            change = WidgetState(id=grid.id, string_value=json.dumps(GRID[action]))
        else:
            box = last.widgets[f"{PAGE}_k"]
            change = WidgetState(id=box.id, string_value=box.options[2])  # option i is k = i
        first = await tab.rerun([change])
        runs = [first]
        want_items = ",".join(NAMES[::-1]) if action == "reverse" else ",".join(WANT.get(action, (NAMES,))[0])
        want_k = "2" if action == "k" else "3"
        if not (address(tab).get("items") == want_items and address(tab).get("k") == want_k):
            try:  # the replayed run follows by itself, within a second or two
                async with asyncio.timeout(20):
                    runs.append(
                        await _until(
                            tab, lambda t, r: address(t).get("items") == want_items and address(t).get("k") == want_k
                        )
                    )
            except TimeoutError:
                pass
        return tab, runs


# A grid edit as the browser sends it (edits since its table was built, cumulative), and what the list becomes.
GRID = {
    "cell": {"edited_rows": {"1": {"grade": "3"}}, "added_rows": [], "deleted_rows": []},
    "row": {"edited_rows": {}, "added_rows": [{"name": "Re", "grade": "2"}], "deleted_rows": []},
    "two cells": {"edited_rows": {"1": {"grade": "3"}, "2": {"grade": "3"}}, "added_rows": [], "deleted_rows": []},
    "deleted": {"edited_rows": {}, "added_rows": [], "deleted_rows": [0]},
}
WANT = {"cell": (NAMES, [3, 3, 1, 2]), "row": ([*NAMES, "Re"], [*GRADES, 2])}


@pytest.mark.parametrize("action", ["cell", "row"])
def test_a_grid_edit_sent_first_after_a_failover_is_applied_once(servers, action):
    """A grade typed or a row added in the old server's grid, sent first to a server that never saw it, is in the new list once."""
    a, b = servers
    tab, runs = off_loop(asyncio.run, _fail_over(a, b, action))
    names, grades = WANT[action]
    shown = address(tab)
    assert (shown["items"], shown["rel"]) == (",".join(names), ",".join(map(str, grades)))
    assert (shown["gain"], shown["k"]) == ("linear", "3")  # the setting made on the old server is kept
    assert runs[-1].metrics["nDCG@3"] == f"{score_ranking(grades, gain='linear', k=3).ndcg:.4f}"
    assert not [e for r in runs for e in r.exceptions]
    assert not b.new_log_problems()


@pytest.mark.parametrize("action", ["two cells", "deleted"])
def test_a_grid_state_that_cannot_be_placed_is_dropped_whole(servers, action):
    """Two cells changed at once, or a row deleted, cannot be checked against the URL: the list stays as the URL has it."""
    a, b = servers
    tab, runs = off_loop(asyncio.run, _fail_over(a, b, action))
    shown = address(tab)
    assert (shown["items"], shown["rel"]) == (",".join(NAMES), ",".join(map(str, GRADES)))
    assert not [e for r in runs for e in r.exceptions]
    assert not b.new_log_problems()


@pytest.mark.parametrize("action", ["reverse", "k"])
def test_the_first_click_or_setting_after_a_failover_takes_effect_once(servers, action):
    """On a server that never saw the browser, its first Reverse click reverses once and a new k applies, gain kept."""
    a, b = servers
    tab, runs = off_loop(asyncio.run, _fail_over(a, b, action))
    shown = address(tab)
    order = NAMES[::-1] if action == "reverse" else NAMES
    k = 3 if action == "reverse" else 2
    assert shown["items"] == ",".join(order)  # reversed once: twice would give the original order back
    assert (shown["gain"], shown["k"], shown["lang"]) == ("linear", str(k), "en")
    grades = [GRADES[NAMES.index(x)] for x in order]
    assert runs[-1].metrics[f"nDCG@{k}"] == f"{score_ranking(grades, gain='linear', k=k).ndcg:.4f}"
    assert not [e for r in runs for e in r.exceptions]
    assert not b.new_log_problems()


def test_a_fresh_page_load_is_not_replayed(servers):
    """A browser's first load sends no widget states: one run, and nothing else follows it."""
    _, b = servers

    async def load():
        async with connect(stream(b), subprotocols=["streamlit"], max_size=None) as ws:
            tab = Tab(ws, QUERY)
            run = await tab.rerun(first=True)
            try:
                async with asyncio.timeout(3):
                    extra = await tab.read_run()
            except TimeoutError:
                extra = None
            return tab, run, extra

    tab, run, extra = off_loop(asyncio.run, load())
    assert run.script_runs == 1 and extra is None
    assert address(tab)["items"] == ",".join(NAMES)
