"""The protocol-level class (benchmarks/load_protocol.py): five students on one real server, no browser.

Latency figures are the benchmark's business; these tests only ask that every run finishes
without an error and that every student keeps seeing their own example. Two small tests first
show that the client's checks can fail at all: a leak check and an exception reader that never
fire would make the class test pass for nothing.
"""

from __future__ import annotations

import asyncio

from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

from benchmarks.load_protocol import MOVES, Run, Tab, check_shown, make_students, run_load, widget_key
from deploy.harness import off_loop


class _FakeSocket:
    """A websocket that records what is sent and answers with the given ForwardMsgs."""

    def __init__(self, replies: list[ForwardMsg]):
        self.sent: list[bytes] = []
        self._replies = [m.SerializeToString() for m in replies]

    async def send(self, data: bytes) -> None:
        self.sent.append(data)

    def __aiter__(self):
        return self

    async def __anext__(self) -> bytes:
        if not self._replies:
            raise StopAsyncIteration
        return self._replies.pop(0)


def _reply(**fields) -> ForwardMsg:
    msg = ForwardMsg()
    for name, value in fields.items():
        if name == "script_finished":
            msg.script_finished = value
        elif name == "query_string":
            msg.page_info_changed.query_string = value
        elif name == "exception":
            msg.delta.new_element.exception.type = "ValueError"
            msg.delta.new_element.exception.message = value
        elif name == "new_session":
            msg.new_session.page_script_hash = value
        elif name == "metric":
            msg.delta.new_element.metric.label, msg.delta.new_element.metric.body = value
    return msg


def test_the_client_reads_an_exception_the_address_and_the_headline_of_its_own_run():
    """A run's exception element, its page_info_changed address and its metrics are what the client reports."""
    socket = _FakeSocket(
        [
            _reply(new_session="h"),
            _reply(exception="boom"),
            _reply(query_string="items=X"),
            _reply(metric=("nDCG@3", "0.5000")),
            _reply(script_finished=ForwardMsg.FINISHED_SUCCESSFULLY),
        ]
    )
    tab = Tab(socket, "items=A")
    run = off_loop(asyncio.run, tab.rerun(first=True))
    assert run.exceptions == ["ValueError: boom"]
    assert tab.query_string == "items=X"
    assert run.metrics == {"nDCG@3": "0.5000"}
    assert run.script_runs == 1 and len(socket.sent) == 1
    assert widget_key("$$ID-0b93d6e43a0ef7c05418c922af953942-steps_gain") == "steps_gain"


def test_the_leak_check_names_another_students_items_and_a_wrong_headline():
    """An address with another student's items, or a headline that is not this order's nDCG, is a leak."""
    mine, other = make_students(2)
    for query, metric in ((other.query(), "1.0000"), (mine.query(), "0.0001")):
        tab = Tab(None, query)
        check_shown(mine, tab, Run(0.0, metrics={f"nDCG@{mine.k}": metric}), None, "probe")
    assert len(mine.leaks) == 2, mine.leaks
    assert "items" in mine.leaks[0] and "headline" in mine.leaks[1]


def test_five_students_on_the_websocket_protocol_finish_every_run_with_their_own_example():
    """Five protocol clients making a move every 3 s for 15 s: every run finishes, no error, no leak."""
    result = off_loop(run_load, 5, 15, 3)
    problems = [f"student {s.n}: {line}" for s in result.students for line in s.errors + s.leaks]
    assert not problems and not result.log_problems, problems + result.log_problems
    for s in result.students:
        assert len(s.opens) == 1, f"student {s.n} never finished opening /steps"
        assert s.moves and len(s.latencies) == len(s.moves), f"student {s.n}: {len(s.latencies)} of {s.moves} done"
    assert {kind for s in result.students for kind in s.moves} == set(MOVES)
