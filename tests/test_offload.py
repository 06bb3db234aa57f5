"""The upload page's heavy work in a worker process (issue 23): another process, the same numbers, a budget, and
no work left running for a session that has ended."""

from __future__ import annotations

import multiprocessing
import operator
import os
import time

import numpy as np
import pytest

from ndcg_core.collection import score_collection
from ndcg_core.files import load
from tests.test_app_data import QRELS, RUN_A, RUN_B, data_page, means, trec_eval_mean, unescaped, upload
from ui import offload
from ui.features import owndata, owndata_jobs
from ui.i18n import translate


def no_worker_left(timeout: float = 5.0) -> bool:
    """Whether every worker this process started has ended (within ``timeout``)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not [p for p in multiprocessing.active_children() if p.name == "ndcg-offload"]:
            return True
        time.sleep(0.05)
    return False


def test_a_job_runs_in_another_process_at_a_lower_priority():
    """A job's pid is not the server's, and it runs niced by offload.NICE."""
    assert offload.run(offload.worker_pid) != os.getpid()
    assert offload.run(os.nice, 0) >= min(19, os.nice(0) + offload.NICE)


def test_a_file_read_and_scored_in_a_worker_equals_the_same_work_in_the_server():
    """The worker's read and score of a run give the very numbers the server's own load and score_collection give."""
    here = score_collection(load(RUN_A, "a.run"), load(QRELS, "q.qrels"), k=10)
    got = offload.run(owndata_jobs.read, RUN_A, "a.run", owndata.MAX_ROWS, owndata.MAX_QUERIES)
    assert got.name == "a.run" and got.kind == "run"
    there = offload.run(owndata_jobs.score, (RUN_A, "a.run"), (QRELS, "q.qrels"), 10, "judged", "skip", "zero")
    assert there.mean == here.mean and there.per_query.equals(here.per_query)
    assert there.counted == here.counted and there.coverage == here.coverage


def test_a_jobs_long_bytes_reach_the_worker_whole_beside_its_pickle_not_inside_it(monkeypatch):
    """Bytes of an upload's size reach the job exactly (top level and inside a tuple), while the pickle the server
    writes for the job stays small: they went as memory files, and none of those is left open in the server."""
    from multiprocessing import reduction

    written: list[int] = []
    dump = reduction.dump

    def measured(obj, file, protocol=None):
        start = file.tell()
        dump(obj, file, protocol)
        written.append(file.tell() - start)

    offload.run(offload.worker_pid)  # the fork server is up, with its own pipes, before the fds are counted
    monkeypatch.setattr(reduction, "dump", measured)
    fds_before = set(os.listdir("/proc/self/fd"))
    big = bytes(range(256)) * (3 * offload.BLOB_MIN // 256) + b"tail"
    assert offload.run(offload.fingerprint, big) == offload.fingerprint(big)
    assert offload.run(offload.fingerprint, (big, "a.run")) == offload.fingerprint((big, "a.run"))
    assert offload.run(offload.fingerprint, b"small") == offload.fingerprint(b"small")
    assert written and max(written) < offload.BLOB_MIN // 4  # the 3 MB went beside the pickle
    source = (big, "both.csv")  # a file that is both run and judgments: one object on both sides, read once there
    assert offload.run(operator.is_, source, source) and offload.run(operator.is_, big, big)
    assert set(os.listdir("/proc/self/fd")) <= fds_before | {str(fd) for fd in range(3)}


def test_an_exception_in_a_job_is_raised_in_the_server_and_a_bad_file_is_one_file_error():
    """A job's ValueError comes back as itself; a file over the budget comes back as the FileError the page names."""
    with pytest.raises(ValueError, match="invalid literal"):
        offload.run(int, "x")
    got = offload.run(owndata_jobs.read, RUN_A, "a.run", 100, owndata.MAX_QUERIES)
    err = owndata_jobs.file_error(got)
    assert (err.name, err.code, err.params["max"]) == ("a.run", "rows", "100")


def test_a_job_past_its_time_or_memory_is_stopped_and_its_worker_ended():
    """A job longer than its time limit, or one asking for more memory than its budget, raises OutOfBudget and leaves no worker."""
    t0 = time.monotonic()
    with pytest.raises(offload.OutOfBudget) as err:
        offload.run(offload.sleep_then_pid, 30, time_limit=0.5)
    assert err.value.what == "time" and time.monotonic() - t0 < 10
    with pytest.raises(offload.OutOfBudget) as err:
        offload.run(np.ones, 10**10, memory=256 * 1024 * 1024)  # 80 GB
    assert err.value.what == "memory"
    assert no_worker_left()


def test_a_job_whose_session_ends_is_killed():
    """Once ``alive`` says the session is gone the job's worker is killed within a tick or two, not left to finish."""
    t0 = time.monotonic()
    with pytest.raises(offload.Cancelled):
        offload.run(offload.sleep_then_pid, 60, alive=lambda: time.monotonic() - t0 < 0.5)
    assert time.monotonic() - t0 < 5
    assert no_worker_left()


def test_the_upload_page_cancels_its_work_when_its_tab_is_gone(monkeypatch):
    """``owndata.work`` asks whether the page's tab is still there while it waits, and kills the job once it is gone."""
    t0 = time.monotonic()
    monkeypatch.setattr(owndata, "session_gone", lambda: lambda: time.monotonic() - t0 > 0.5)
    with pytest.raises(offload.Cancelled):
        owndata.work(offload.sleep_then_pid, 60, name="big.run")
    assert time.monotonic() - t0 < 5 and no_worker_left()


def test_jobs_queue_for_the_one_worker_slot():
    """Two jobs asked for at once run one after the other (offload.WORKERS is 1): the second waits in "queued"."""
    import threading

    seen: list[str] = []
    first = threading.Thread(target=offload.run, args=(offload.sleep_then_pid, 1.0))
    first.start()
    time.sleep(0.3)
    offload.run(offload.worker_pid, tick=seen.append)
    first.join()
    assert offload.WORKERS == 1 and seen and seen[0] == "queued"


def test_the_upload_page_reads_and_scores_uploads_in_a_worker_and_shows_trec_evals_means(monkeypatch):
    """Uploaded files are read and scored by worker jobs (never in the server) and the page's means equal trec_eval's."""
    asked = []
    real = offload.run
    monkeypatch.setattr(offload, "run", lambda fn, *a, **kw: asked.append(fn.__name__) or real(fn, *a, **kw))
    at = upload(data_page(), [("a.run", RUN_A), ("b.run", RUN_B)], ("q.qrels", QRELS))
    assert not at.exception
    assert asked.count("read_summary") == 3 and asked.count("score") == 2
    got = means(at)
    assert got["a.run"][0] == pytest.approx(trec_eval_mean(RUN_A, QRELS, 10), abs=5e-5)
    assert got["b.run"][0] == pytest.approx(trec_eval_mean(RUN_B, QRELS, 10), abs=5e-5)


def test_the_server_keeps_no_rows_of_an_upload_and_opens_its_queries_in_a_worker(monkeypatch):
    """An upload comes back from its worker as a summary without rows (the class's GIL, issue 23); opening one of its
    queries reads the bytes again in a worker, and the step lesson's nDCG@10 equals the table's."""
    asked = []
    real = offload.run
    monkeypatch.setattr(offload, "run", lambda fn, *a, **kw: asked.append(fn.__name__) or real(fn, *a, **kw))
    at = upload(data_page(), [("a.run", RUN_A)], ("q.qrels", QRELS))
    kept = [f for f in at.session_state["_data_memo"]["files"].values() if f.name in ("a.run", "q.qrels")]
    assert len(kept) == 2 and all(isinstance(f, owndata_jobs.Summary) for f in kept)
    assert sorted(f.kind for f in kept) == ["qrels", "run"] and not hasattr(kept[0], "tables")
    table = at.dataframe[0].value
    query = str(table.iloc[0, 0])
    value = float(table.iloc[0][f"nDCG@10 · {translate('data_gain_linear', 'en')}"])
    at.selectbox(key="data_open_query").set_value(query)
    next(b for b in at.button if b.label == translate("data_open", "en")).click().run()
    assert not at.exception and asked[-1] == "query_rows"
    assert {m.label: m.value for m in at.metric}["nDCG@10"] == f"{value:.4f}"


def test_a_run_still_shown_is_scored_after_the_session_forgot_its_read_file():
    """Five runs, then another qrels: the first run's read file leaves the session's memo (KEPT_FILES), and the page
    still scores it from the bytes its summary holds, with trec_eval's mean."""
    runs = [(f"r{i}.run", RUN_A.replace(b" ", b"  ", i)) for i in range(owndata.MAX_RUNS)]  # five distinct files
    at = upload(data_page(), runs, ("q.qrels", QRELS))
    at.file_uploader(key="data_qrels_file").set_value(("q2.qrels", QRELS + b"\n", "text/plain"))
    at.run()
    kept = at.session_state["_data_memo"]["files"]
    assert len(kept) == owndata.KEPT_FILES and not any(f.name == "r0.run" for f in kept.values())
    assert not at.exception and not at.error
    assert means(at)["r0.run"][0] == pytest.approx(trec_eval_mean(RUN_A, QRELS, 10), abs=5e-5)


def test_a_query_opened_from_a_worker_has_the_servers_rows():
    """``query_rows`` from an upload's bytes in a worker gives the rows the server would take from the file read here."""
    here = owndata_jobs.query_rows(load(RUN_A, "a.run"), load(QRELS, "q.qrels"), "q03")
    there = offload.run(owndata_jobs.query_rows, (RUN_A, "a.run"), (QRELS, "q.qrels"), "q03")
    assert len(here[0]) and all(a.equals(b) for a, b in zip(here, there, strict=True))


def test_a_big_comparison_runs_in_a_worker_with_the_servers_numbers(monkeypatch):
    """Past IN_SERVER_COMPARE paired queries the paired tests are a worker's job, and give the numbers the server gives."""
    monkeypatch.setattr(owndata, "session_memo", lambda part, memo={}: memo.setdefault(part, {}))
    loaded = owndata.sample()
    scored = {
        run.name: score_collection(run, loaded.judgments, k=10, ideal="judged", missing="skip", no_relevant="zero")
        for run in loaded.runs
    }
    here = owndata.comparisons("run_a.txt", scored, "linear")
    owndata.session_memo("compare").clear()
    asked = []
    real = offload.run
    monkeypatch.setattr(offload, "run", lambda fn, *a, **kw: asked.append(fn.__name__) or real(fn, *a, **kw))
    monkeypatch.setattr(owndata, "IN_SERVER_COMPARE", 10)
    there = owndata.comparisons("run_a.txt", scored, "linear")
    assert asked == ["compare_all"]
    assert here is not None and there is not None and here[0].result == there[0].result


def test_a_page_whose_work_runs_out_of_time_says_so_in_one_sentence(monkeypatch):
    """An upload whose reading outlasts the session's time budget is named in one sentence, with no traceback."""
    monkeypatch.setattr(offload, "TIME_LIMIT_S", 0.0)
    at = upload(data_page(), [("a.run", RUN_A)], ("q.qrels", QRELS))
    assert not at.exception
    texts = [unescaped(w.value) for w in at.warning]
    assert "a.run: the work on it took longer than the 0 seconds this server gives one session" in texts[0]
    assert no_worker_left()


def test_a_client_gone_mid_upload_or_mid_handshake_is_one_line_in_the_server_log_not_streamlits_traceback():
    """uvicorn's "Exception in ASGI application" for starlette's ClientDisconnect out of Streamlit's upload handler,
    or WebSocketDisconnected out of its websocket endpoint, becomes one warning line; the same exception from
    anywhere else passes untouched."""
    import logging

    from starlette.requests import ClientDisconnect
    from starlette.websockets import WebSocketDisconnected

    from ui import serverlog

    def _upload_put():  # the name of Streamlit's upload route, where the filter acts
        raise ClientDisconnect()

    def elsewhere():
        raise ClientDisconnect()

    def _websocket_endpoint():  # Streamlit's websocket route, closing a socket its client already closed
        raise WebSocketDisconnected('Cannot call "send" once a close message has been sent.')

    serverlog.install()
    serverlog.install()  # once per process, however often the page's module is imported
    uvicorn = logging.getLogger("uvicorn.error")
    assert sum(isinstance(f, serverlog._CutUploads) for f in uvicorn.filters) == 1
    seen: list[logging.LogRecord] = []

    class Keep(logging.Handler):
        def emit(self, record):
            seen.append(record)

    keep = Keep()
    for name in ("uvicorn.error", "ndcg_app"):
        logging.getLogger(name).addHandler(keep)
    try:
        for raiser in (_upload_put, elsewhere, _websocket_endpoint):
            try:
                raiser()
            except (ClientDisconnect, WebSocketDisconnected) as exc:
                uvicorn.error("Exception in ASGI application", exc_info=exc)
    finally:
        for name in ("uvicorn.error", "ndcg_app"):
            logging.getLogger(name).removeHandler(keep)
    assert [(r.name, r.getMessage(), bool(r.exc_info)) for r in seen] == [
        ("ndcg_app", serverlog.CUT_UPLOAD, False),
        ("uvicorn.error", "Exception in ASGI application", True),
        ("ndcg_app", serverlog.CUT_SOCKET, False),
    ]


def _fork_servers(pid: int) -> list[int]:
    """The multiprocessing fork servers among the children of process ``pid`` (read from /proc)."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                ppid = int(f.read().rsplit(")", 1)[1].split()[1])
            with open(f"/proc/{entry}/cmdline", "rb") as f:
                cmdline = f.read()
        except OSError:  # a process that ended while we looked
            continue
        if ppid == pid and b"multiprocessing.forkserver" in cmdline:
            found.append(int(entry))
    return found


def test_a_server_starts_the_workers_fork_server_at_its_first_run_of_any_page():
    """A fresh server has no fork server; its first run of /steps starts one, before anyone opens the upload page
    (a first upload in the middle of a class had it import NumPy and pandas then)."""
    import asyncio

    from websockets.asyncio.client import connect

    from benchmarks.load_protocol import RUN_TIMEOUT_S, Tab
    from deploy.harness import Server, off_loop

    async def open_steps(port: int) -> None:
        url = f"ws://127.0.0.1:{port}/_stcore/stream"
        async with connect(url, subprotocols=["streamlit"], max_size=None, open_timeout=RUN_TIMEOUT_S) as ws:
            run = await Tab(ws, "items=A,B,C&rel=1,3,2&lang=en").rerun(first=True)
            assert not run.exceptions

    with Server() as server:
        server.wait_healthy()
        assert _fork_servers(server.proc.pid) == []
        off_loop(asyncio.run, open_steps(server.port))
        deadline = time.monotonic() + 30
        while not _fork_servers(server.proc.pid) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert len(_fork_servers(server.proc.pid)) == 1
        assert server.new_log_problems() == []
