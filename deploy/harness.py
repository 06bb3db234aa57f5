"""One server harness for the browser tests and the benchmarks: a real `streamlit run` on a
loopback port, and Debian's Chromium with the flags this machine needs.

The server's log is kept in a file; ``Server.new_log_problems()`` returns the lines that name a
traceback, a deprecation or an exception since the last call, so a test can fail on the log
its own actions dirtied.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = "/usr/bin/chromium"
# A page is settled when its script run is over, it is not a fresh page's first paint (whose run draws only the
# number and is followed at once by the run that draws the rest: ui/components/firstpaint.py), and no element
# still waits for its code (Streamlit shows a skeleton in its place, and the page's layout moves when it comes).
SETTLED_JS = (
    "() => document.querySelector('[data-testid=stApp]')?.dataset.testScriptState === 'notRunning'"
    " && !document.querySelector('.st-key-ndcg_first_paint, [data-testid=stSkeleton]')"
)
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
_BAD_WORDS = ("traceback", "deprecat", "exception", "error")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def chromium_path() -> str:
    """Debian's Chromium, or a clear error: browser runs fail, never skip, when it is missing."""
    found = CHROMIUM if os.path.exists(CHROMIUM) else shutil.which("chromium")
    if not found:
        raise RuntimeError(f"browser runs need Debian's Chromium at {CHROMIUM}: apt-get install -y chromium")
    return found


class Server:
    """A `streamlit run` of ``script`` (default: the app) on a free loopback port."""

    def __init__(
        self,
        script: str = "app.py",
        cwd: Path = ROOT,
        log: Path | None = None,
        extra: list[str] | None = None,
        env: dict[str, str] | None = None,
    ):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        ARTIFACTS.mkdir(exist_ok=True)
        self.log = log or ARTIFACTS / f"server-{self.port}.log"
        self._seen = 0
        cmd = [
            sys.executable,
            "-m",
            "streamlit",
            "run",
            script,
            "--server.port",
            str(self.port),
            "--server.address",
            "127.0.0.1",
            "--server.headless",
            "true",
            "--browser.gatherUsageStats",
            "false",
            *(extra or []),
        ]
        # The live class's rooms go to a database of this server's own (a test's rows never reach .data/),
        # unless ``env`` names one (NDCG_DATABASE_URL: a shared SQLite file, or PostgreSQL for replicas).
        self.own_db = ARTIFACTS / f"live-{self.port}.sqlite3"  # removed by stop()
        self.env = {**os.environ, "NDCG_DATABASE_URL": f"sqlite:///{self.own_db}", **(env or {})}
        with open(self.log, "w") as out:
            self.proc = subprocess.Popen(
                cmd, cwd=cwd, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, env=self.env
            )

    def wait_healthy(self, timeout: float = 60.0) -> Server:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"streamlit exited with {self.proc.returncode}:\n{self.tail()}")
            with contextlib.suppress(OSError, urllib.error.URLError):
                with urllib.request.urlopen(self.url + "/_stcore/health", timeout=2) as resp:  # noqa: S310
                    if resp.status == 200:
                        return self
            time.sleep(0.2)
        self.stop()
        raise RuntimeError(f"streamlit on port {self.port} not healthy after {timeout:.0f} s:\n{self.tail()}")

    def text(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")

    def tail(self, lines: int = 30) -> str:
        try:
            return "\n".join(self.text().splitlines()[-lines:])
        except OSError:
            return "(no log)"

    def new_log_problems(self) -> list[str]:
        """Log lines since the last call that name a traceback, deprecation, exception or error."""
        text = self.text()
        fresh, self._seen = text[self._seen :], len(text)
        return [line for line in fresh.splitlines() if any(w in line.lower() for w in _BAD_WORDS)]

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)
        for suffix in ("", "-wal", "-shm"):
            Path(f"{self.own_db}{suffix}").unlink(missing_ok=True)

    def __enter__(self) -> Server:
        return self.wait_healthy()

    def __exit__(self, *exc) -> None:
        self.stop()


def off_loop(fn, *args, **kwargs):
    """Call ``fn`` in a thread of its own and return its result.

    Playwright's sync API leaves an asyncio event loop running in a pytest-xdist worker's main
    thread, where ``asyncio.run`` then refuses to start; the protocol-level tests run there too.
    """
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(fn, *args, **kwargs).result()


def proc_cpu_s(pid: int) -> float:
    """A process's CPU seconds so far (utime + stime from /proc), for the load benchmarks."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def proc_rss_mb(pid: int) -> float:
    """A process's resident memory now (VmRSS from /proc) in MB, NaN when /proc does not say."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def percentile(values: list[float], q: float) -> float:
    """The value below which a share ``q`` of ``values`` lies (nearest rank), NaN for no values."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]
