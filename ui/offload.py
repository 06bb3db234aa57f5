"""Heavy work for one session in a process of its own (issue 23): the server's Python process only waits for it.

Reading and scoring an upload and the comparison's bootstrap ran in the server's one Python process, so they took
the live class's CPU and the GIL: students' answers waited 8–25x longer, and a class database transaction that
had to wait for the GIL outlasted SQLite's 5-second busy wait. Here each piece of work (a *job*: a module-level
function and its arguments) runs in a child of a fork server that imported NumPy, pandas and the core once, so a
job starts in milliseconds. The child runs at a lower priority (``os.nice(NICE)``) under a memory limit
(``MEMORY_LIMIT`` bytes of address space beyond its start); at most ``WORKERS`` jobs run at once, the others
queue; and a job is killed when its time (``TIME_LIMIT_S``) runs out or when the waiting side says it is no
longer wanted (``alive`` returns False: its browser tab is gone) or is interrupted (Streamlit's stop or rerun).

The waiting side (the session's script thread) sleeps in ``select`` between checks, holding no GIL; ``tick`` is
called about every ``TICK_S`` seconds while it waits, with "queued" or "working", to show a status (and, in a
Streamlit script, to give Streamlit's stop and rerun requests a place to be raised). Nothing here imports Streamlit.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import mmap
import multiprocessing as mp
import os
import resource
import threading
import time
from collections.abc import Callable
from multiprocessing import forkserver, popen_forkserver, reduction, spawn, util
from multiprocessing.context import get_spawning_popen, set_spawning_popen
from typing import Any

NICE = 10  # the worker's niceness: the server's own threads (the class) come first on a busy machine
WORKERS = 1  # jobs running at once, all sessions together (a 2-core server keeps one core for the class)
TIME_LIMIT_S = 180.0  # wall-clock seconds one job may take, queueing not counted
MEMORY_LIMIT = 1536 * 1024 * 1024  # bytes of address space a job may add to the worker it starts in
TICK_S = 0.25
WAITS = ("queued", "working")  # what ``tick`` is told while a job waits for a slot, then for its worker
BUDGETS = ("time", "memory")  # what OutOfBudget.what names
PRELOAD = ["numpy", "pandas", "ndcg_core.files", "ndcg_core.collection", "ndcg_core.stats", "ui.offload"]

_CTX = mp.get_context("forkserver")
_CTX.set_forkserver_preload(PRELOAD)
_SLOTS = threading.BoundedSemaphore(WORKERS)


class _Popen(popen_forkserver.Popen):
    """The fork server's launch (Python 3.11's ``popen_forkserver.Popen._launch``) without the main module: a
    worker must not run the server's ``__main__`` again (``streamlit run`` as a script imports all of Streamlit,
    half a second per job; a script without a main guard would start itself). A job's large bytes (``_Blob``) go
    to the worker as memory files beside the pickle; they are closed here once the fork server has them."""

    def __init__(self, process_obj):
        self.blob_fds: list[int] = []
        super().__init__(process_obj)

    def _launch(self, process_obj):
        prep_data = spawn.get_preparation_data(process_obj._name)
        prep_data = {k: v for k, v in prep_data.items() if not k.startswith("init_main_from")}
        buf = io.BytesIO()
        set_spawning_popen(self)
        try:
            try:
                reduction.dump(prep_data, buf)
                reduction.dump(process_obj, buf)
            finally:
                set_spawning_popen(None)
            self.sentinel, w = forkserver.connect_to_new_process(self._fds)
        finally:
            for fd in self.blob_fds:
                os.close(fd)
        _parent_w = os.dup(w)
        self.finalizer = util.Finalize(self, util.close_fds, (_parent_w, self.sentinel))
        with open(w, "wb", closefd=True) as f:
            f.write(buf.getbuffer())
        self.pid = forkserver.read_signed(self.sentinel)


BLOB_MIN = 1 << 20  # a job's bytes this long go to its worker as a memory file, not inside the pickle


class _Blob:
    """Bytes a job takes (an uploaded file), handed to its worker as a memory file (``memfd``) instead of inside
    the job's pickle. Pickling copied them with the GIL held: ~70 ms of the server's GIL for an upload's files,
    twice per upload (reading, then scoring), and that is what the live class's answers waited for while one
    student uploaded (issue 23, X5; ``py-spy`` of ``benchmarks/attack_class.py``). Writing a memory file copies
    them in the kernel, without the GIL; the worker copies them out on its own time. Where there is no
    ``memfd_create`` or no job being launched (``pickle`` elsewhere), they pickle as the bytes they are."""

    __slots__ = ("data",)

    def __init__(self, data: bytes):
        self.data = data

    def __reduce__(self):
        popen = get_spawning_popen()
        if not isinstance(popen, _Popen) or not hasattr(os, "memfd_create"):
            return bytes, (self.data,)
        try:
            fd = os.memfd_create("ndcg-job", os.MFD_CLOEXEC)
        except OSError:  # refused (a sandbox's seccomp filter, no memory): in the pickle, as before
            return bytes, (self.data,)
        popen.blob_fds.append(fd)
        view = memoryview(self.data)
        while view:
            view = view[os.write(fd, view) :]
        return _blob_bytes, (popen.DupFd(popen.duplicate_for_child(fd)), len(self.data))


def _blob_bytes(dup: Any, size: int) -> bytes:
    """In the worker: the bytes of a memory file the fork server handed on."""
    fd = dup.detach()
    try:
        with mmap.mmap(fd, size, prot=mmap.PROT_READ) as mapped:
            return mapped[:]
    finally:
        os.close(fd)


def _blobs(value: Any, made: dict[int, Any] | None = None) -> Any:
    """``value`` with every long ``bytes`` in it, at the top or inside tuples and lists, made a ``_Blob``. An object
    given twice stays one object (``made``), as the pickle keeps it: a file that is both run and judgments goes
    once and is read once (``owndata_jobs._loaded``)."""
    made = {} if made is None else made
    if id(value) in made:
        return made[id(value)]
    if type(value) is bytes:
        out: Any = _Blob(value) if len(value) >= BLOB_MIN else value
    elif type(value) is tuple:
        out = tuple(_blobs(v, made) for v in value)
    elif type(value) is list:
        out = [_blobs(v, made) for v in value]
    else:
        return value
    made[id(value)] = out
    return out


class _Process(_CTX.Process):  # type: ignore[name-defined,misc]
    @staticmethod
    def _Popen(process_obj):
        return _Popen(process_obj)


class OutOfBudget(Exception):
    """A job ran out of its time or memory (``what``: "time" or "memory"), or its worker died."""

    def __init__(self, what: str):
        super().__init__(f"the job ran out of its {what} budget")
        self.what = what


class Cancelled(Exception):
    """The job was no longer wanted (its session ended) and was stopped."""


def _vm_size() -> int:
    """This process's address space in bytes (0 when /proc cannot tell)."""
    with contextlib.suppress(OSError, ValueError, IndexError):
        with open("/proc/self/statm") as f:
            return int(f.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    return 0


def _child(conn, fn: Callable[..., Any], args: tuple, memory: int) -> None:
    """In the worker: lower priority, a memory limit, the job; its result (or exception) goes back on ``conn``."""
    with contextlib.suppress(OSError):
        os.nice(NICE)
    if memory > 0 and (base := _vm_size()):
        _, hard = resource.getrlimit(resource.RLIMIT_AS)
        limit = base + memory if hard == resource.RLIM_INFINITY else min(hard, base + memory)
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    try:
        out: tuple = ("ok", fn(*args))
    except MemoryError:
        out = ("memory", None)
    except Exception as exc:  # noqa: BLE001 - handed to the waiting side, which raises it there
        out = ("error", exc)
    try:
        conn.send(out)
    except MemoryError:
        conn.send(("memory", None))
    except Exception as exc:  # noqa: BLE001 - an exception that cannot be pickled: its text instead
        conn.send(("error", RuntimeError(f"{type(exc).__name__}: {exc}")))
    finally:
        conn.close()


_WARMED = threading.Event()


def warm() -> None:
    """Start the fork server now, once (in a thread: it imports NumPy and pandas in a process of its own), so the
    first job does not wait for it."""
    if _WARMED.is_set():
        return
    _WARMED.set()

    def start() -> None:
        with contextlib.suppress(Exception):
            forkserver.ensure_running()

    threading.Thread(target=start, name="offload-warm", daemon=True).start()


def _wait(what: str, until: Callable[[float], bool], alive: Callable[[], bool] | None, tick) -> None:
    """Call ``until(TICK_S)`` until it says True; between calls, ``tick(what)`` and the ``alive`` check."""
    while not until(TICK_S):
        if alive is not None and not alive():
            raise Cancelled(f"no longer wanted while {what}")
        if tick is not None:
            tick(what)


def run(
    fn: Callable[..., Any],
    *args: Any,
    alive: Callable[[], bool] | None = None,
    tick: Callable[[str], None] | None = None,
    time_limit: float | None = None,
    memory: int | None = None,
) -> Any:
    """``fn(*args)`` computed in a worker process and returned here (``fn`` and its arguments must pickle).

    An exception ``fn`` raises is raised here; OutOfBudget when the job took longer than ``time_limit`` seconds
    or more than ``memory`` bytes (by default TIME_LIMIT_S and MEMORY_LIMIT); Cancelled when ``alive`` said
    False. Whatever leaves this function, by a return, an exception, or Streamlit's stop raised inside ``tick``,
    the worker is gone afterwards.
    """
    time_limit = TIME_LIMIT_S if time_limit is None else time_limit
    memory = MEMORY_LIMIT if memory is None else memory
    if alive is not None and not alive():
        raise Cancelled("no longer wanted before it started")
    _wait("queued", lambda t: _SLOTS.acquire(timeout=t), alive, tick)
    try:
        receive, send = _CTX.Pipe(duplex=False)
        worker = _Process(target=_child, args=(send, fn, _blobs(args), memory), name="ndcg-offload", daemon=True)
        try:
            worker.start()
            send.close()  # the child holds the other end: when it dies, receive sees the end of the pipe
            deadline = time.monotonic() + time_limit

            def ready(t: float) -> bool:
                if time.monotonic() > deadline:
                    raise OutOfBudget("time")
                return receive.poll(t)

            _wait("working", ready, alive, tick)
            try:
                status, value = receive.recv()
            except EOFError:  # killed from outside (the kernel's OOM killer, a signal): nothing came back
                raise OutOfBudget("memory") from None
        finally:
            receive.close()
            if worker.is_alive():
                worker.kill()
            with contextlib.suppress(Exception):
                worker.join(timeout=5)
                worker.close()
    finally:
        _SLOTS.release()
    if status == "memory":
        raise OutOfBudget("memory")
    if status == "error":
        raise value
    return value


def worker_pid() -> int:
    """The process a job runs in (for tests: it is not the server's)."""
    return os.getpid()


def sleep_then_pid(seconds: float) -> int:
    """A job that waits ``seconds`` and returns its pid (for tests of cancellation)."""
    time.sleep(seconds)
    return os.getpid()


def fingerprint(value: Any) -> tuple:
    """What a job was given, for tests: each ``bytes`` in it (at the top or in a tuple) by its length and hash."""
    if type(value) is bytes:
        return "bytes", len(value), hashlib.blake2b(value, digest_size=16).hexdigest()
    if type(value) is tuple:
        return ("tuple", *map(fingerprint, value))
    return type(value).__name__, value
