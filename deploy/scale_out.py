"""Scale-out recipe: Debian's nginx on a loopback port in front of several `streamlit run` replicas.

nginx runs unprivileged-friendly from a temporary prefix directory (its config, pid, logs and
temp files all live there; ``deploy/nginx.conf.template`` is the config) and sends each browser
to one replica by a cookie it sets itself (see the template for why not ``ip_hash``). The
replicas share one ``server.cookieSecret``, so a session that fails over to another replica
keeps a valid XSRF cookie.

    .venv/bin/python deploy/scale_out.py                     # nginx + 2 replicas until Ctrl-C
    .venv/bin/python deploy/scale_out.py --replicas 3
    .venv/bin/python deploy/scale_out.py --load 60 --seconds 120   # the protocol class through nginx
    .venv/bin/python deploy/scale_out.py --replicas 2 --room 60    # a live class through nginx, on PostgreSQL

``--load`` reuses the virtual students of ``benchmarks/load_protocol.py`` (one websocket each,
no cookie, so each lands on a replica by its own random key) and prints their latencies, errors
and leaks, and each replica's share of the sessions and its CPU time.

The replicas of one live class must share its database: when ``NDCG_DATABASE_URL`` is set (or
``ScaleOut(database_url=...)`` names one), every replica gets it; otherwise each replica keeps its
own SQLite file (deploy/harness.py). ``--room N`` runs the live class of ``benchmarks/load_room.py``
(a teacher, a projector and N students, each a websocket with nginx's cookie) through nginx, on
the PostgreSQL that ``NDCG_DATABASE_URL`` names or else on a throwaway one it starts
(deploy/pg.py), and prints the class's figures with each replica's share of the students.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import grp
import importlib.util
import os
import re
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from deploy.harness import Server, free_port  # noqa: E402

TEMPLATE = Path(__file__).resolve().parent / "nginx.conf.template"
NGINX = "/usr/sbin/nginx"
_UPSTREAM = re.compile(r'"GET /_stcore/stream [^"]*" (\d{3}) upstream=(\S+)')
# A whole access-log line: path, status, the upstream(s) tried ("a, b": the first failed) and the hash key.
_LINE = re.compile(r'"GET (\S+) [^"]*" (\d{3}) upstream=([^=]+?) replica_cookie=\S+ key=(\S+)$', re.MULTILINE)
COOKIE = "ndcg_replica"  # nginx's sticky cookie (nginx.conf.template)


def nginx_path() -> str:
    """Debian's nginx, or a clear error: the scale-out test fails, never skips, when it is missing."""
    found = shutil.which("nginx") or (NGINX if os.path.exists(NGINX) else None)
    if not found:
        raise RuntimeError(f"the scale-out recipe needs Debian's nginx at {NGINX}: apt-get install -y nginx")
    return found


def _user_line() -> str:
    """As root, nginx's workers drop to an unprivileged user; Debian has no `nobody` group, so name one."""
    if os.geteuid() != 0:
        return ""
    try:
        grp.getgrnam("nogroup")
        return "user nobody nogroup;"
    except KeyError:
        return "user nobody;"


def render(prefix: Path, port: int, upstreams: list[str]) -> str:
    """The nginx config for ``prefix``, listening on 127.0.0.1:``port``, over ``upstreams`` (host:port)."""
    servers = "\n".join(f"        server {u} max_fails=1 fail_timeout=10s;" for u in upstreams)
    return (
        TEMPLATE.read_text(encoding="utf-8")
        .replace("@PREFIX@", str(prefix))
        .replace("@PORT@", str(port))
        .replace("@SERVERS@", servers)
        .replace("@USER@", _user_line())
        .replace("@STATIC@", str(streamlit_static()))
    )


def streamlit_static() -> Path:
    """The folder Streamlit serves its frontend's ``/static/`` files from (``streamlit/static/static``), found
    without importing Streamlit."""
    spec = importlib.util.find_spec("streamlit")
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError("Streamlit is not installed: its frontend files cannot be served")
    return Path(next(iter(spec.submodule_search_locations))) / "static" / "static"


@contextlib.contextmanager
def _env(**values: str):
    """Environment variables the replicas started inside the block inherit."""
    old = {k: os.environ.get(k) for k in values}
    os.environ.update(values)
    try:
        yield
    finally:
        for k, v in old.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


class ScaleOut:
    """nginx on a free loopback port in front of ``replicas`` app servers (``deploy.harness.Server``)."""

    def __init__(self, replicas: int = 2, script: str = "app.py", database_url: str | None = None):
        self.secret = secrets.token_hex(16)
        # One database for every replica (a live class's rooms), when one is named; else each its own SQLite.
        self.database_url = database_url or os.environ.get("NDCG_DATABASE_URL") or None
        self.replicas: list[Server] = []
        self.nginx: subprocess.Popen | None = None
        self.prefix = Path(tempfile.mkdtemp(prefix="ndcg-nginx-"))
        self.prefix.chmod(0o755)  # nginx's workers (nobody, when started as root) write their temp files here
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        try:
            with _env(STREAMLIT_SERVER_COOKIE_SECRET=self.secret):  # Streamlit refuses it as a flag
                for _ in range(replicas):
                    self.replicas.append(
                        Server(script, env={"NDCG_DATABASE_URL": self.database_url} if self.database_url else None)
                    )
            for server in self.replicas:
                server.wait_healthy()
            self._start_nginx()
        except BaseException:
            self.stop()
            raise

    def _start_nginx(self, timeout: float = 20.0) -> None:
        exe = nginx_path()
        conf = self.prefix / "nginx.conf"
        conf.write_text(
            render(self.prefix, self.port, [f"127.0.0.1:{s.port}" for s in self.replicas]), encoding="utf-8"
        )
        with open(self.prefix / "nginx.out", "w") as out:
            self.nginx = subprocess.Popen(
                [exe, "-p", str(self.prefix), "-c", str(conf), "-g", "daemon off;"],
                stdout=out,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
            )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.nginx.poll() is not None:
                raise RuntimeError(f"nginx exited with {self.nginx.returncode}:\n{self.nginx_log()}")
            with contextlib.suppress(OSError, urllib.error.URLError):
                with urllib.request.urlopen(self.url + "/_stcore/health", timeout=2) as resp:  # noqa: S310
                    if resp.status == 200:
                        return
            time.sleep(0.1)
        raise RuntimeError(f"nginx on port {self.port} not answering after {timeout:.0f} s:\n{self.nginx_log()}")

    def nginx_log(self) -> str:
        parts = []
        for name in ("nginx.out", "error.log"):
            with contextlib.suppress(OSError):
                parts.append((self.prefix / name).read_text(encoding="utf-8", errors="replace"))
        return "\n".join(parts)

    def access_log(self) -> str:
        try:
            return (self.prefix / "access.log").read_text(encoding="utf-8", errors="replace")
        except OSError:
            return ""

    def streams_per_replica(self) -> Counter:
        """Websocket sessions (``/_stcore/stream``) nginx has closed so far, by replica port.

        nginx writes an access-log line when a request ends, so a websocket counts once it has
        closed. A line naming two upstreams ("a, b": the first failed) counts for the last one.
        """
        counts: Counter = Counter()
        for status, upstream in _UPSTREAM.findall(self.access_log()):
            if status == "101":
                counts[int(upstream.rsplit(",", 1)[-1].strip().rsplit(":", 1)[-1])] += 1
        return counts

    def warm(self) -> None:
        """One protocol-level open of /steps on each replica directly: its first run's imports and caches."""
        from benchmarks.load_protocol import make_students, run_student

        for server in self.replicas:
            student = make_students(1)[0]
            # A thread of its own: the caller may be inside an event loop (Playwright's sync API runs one).
            with ThreadPoolExecutor(1) as pool:
                pool.submit(lambda: asyncio.run(run_student(student, server.port, 0, 0, 1.0))).result()  # noqa: B023
            if student.errors or student.leaks:
                raise RuntimeError(f"warming replica {server.port} failed: {student.errors + student.leaks}")

    @staticmethod
    def _port(upstreams: str) -> int:
        """The replica that served a request: the last of the upstreams nginx tried."""
        return int(upstreams.rsplit(",", 1)[-1].strip().rsplit(":", 1)[-1])

    def replica_for(self, key: str, timeout: float = 5.0) -> int:
        """The replica nginx sends the cookie ``key`` to now: one health request with it, read back from the log."""
        health = self.url + "/_stcore/health"  # our own loopback nginx
        request = urllib.request.Request(health, headers={"Cookie": f"{COOKIE}={key}"})  # noqa: S310
        with urllib.request.urlopen(request, timeout=timeout) as resp:  # noqa: S310
            resp.read()
        deadline = time.monotonic() + timeout
        while True:
            hits = [
                ups
                for path, status, ups, k in _LINE.findall(self.access_log())
                if path == "/_stcore/health" and status == "200" and k == key
            ]
            if hits:
                return self._port(hits[-1])
            if time.monotonic() > deadline:
                raise RuntimeError(f"nginx logged no health request for key {key}")
            time.sleep(0.05)

    def streams_by_key(self, keys: list[str], timeout: float = 10.0) -> dict[str, int]:
        """The replica of each key's last websocket (nginx logs a websocket when it closes; waits for them)."""
        deadline = time.monotonic() + timeout
        while True:
            found = {
                k: self._port(ups)
                for path, status, ups, k in _LINE.findall(self.access_log())
                if path == "/_stcore/stream" and status == "101"
            }
            if all(k in found for k in keys) or time.monotonic() > deadline:
                return {k: found[k] for k in keys if k in found}
            time.sleep(0.1)

    def replica(self, port: int) -> Server:
        return next(s for s in self.replicas if s.port == port)

    def stop(self) -> None:
        if self.nginx is not None and self.nginx.poll() is None:
            self.nginx.terminate()  # SIGTERM: fast shutdown of the master and its workers
            try:
                self.nginx.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.nginx.kill()
                self.nginx.wait(timeout=10)
        for server in self.replicas:
            server.stop()
        shutil.rmtree(self.prefix, ignore_errors=True)

    def __enter__(self) -> ScaleOut:
        return self

    def __exit__(self, *exc) -> None:
        self.stop()


# ---------------------------------------------------------------- --load


def load(cluster: ScaleOut, n: int, seconds: float, interval: float) -> int:
    """The protocol class of benchmarks/load_protocol.py through nginx; returns 1 on any error or leak."""
    from benchmarks.load_protocol import make_students, run_student
    from deploy.harness import percentile, proc_cpu_s

    cluster.warm()
    for server in cluster.replicas:
        server.new_log_problems()
    before = cluster.streams_per_replica()
    students = make_students(n)
    cpu0 = {s.port: proc_cpu_s(s.proc.pid) for s in cluster.replicas}
    t0 = time.monotonic()

    async def class_() -> None:
        start = time.monotonic()
        spread = min(interval, 0.05 * n)
        await asyncio.gather(
            *(run_student(s, cluster.port, spread * s.n / n, start + seconds, interval) for s in students)
        )

    asyncio.run(class_())
    wall = time.monotonic() - t0
    time.sleep(0.5)  # nginx logs each websocket when it closes
    share = cluster.streams_per_replica() - before
    opens = [t for s in students for t in s.opens]
    ms = [1000 * t for s in students for t in s.latencies]
    errors = [f"student {s.n}: {e}" for s in students for e in s.errors + s.leaks]
    problems = [f"replica {s.port}: {p}" for s in cluster.replicas for p in s.new_log_problems()]
    print(
        f"{n} students through nginx for {seconds:.0f} s, a move every {interval:.0f} s; "
        f"{len(opens) + len(ms)} runs, open p50 {1000 * percentile(opens, 0.5):.0f} ms, "
        f"move p50 {percentile(ms, 0.5):.0f} ms, p95 {percentile(ms, 0.95):.0f} ms; "
        f"{sum(len(s.errors) for s in students)} errors, {sum(len(s.leaks) for s in students)} leaks, "
        f"{len(problems)} server log problems"
    )
    for server in cluster.replicas:
        cpu = proc_cpu_s(server.proc.pid) - cpu0[server.port]
        print(
            f"    replica :{server.port}: {share[server.port]} sessions, CPU {cpu:.1f} s "
            f"({100 * cpu / wall:.0f}% of one core)"
        )
    for line in (errors + problems)[:10]:
        print(f"    {line}")
    return 1 if errors or problems else 0


# ---------------------------------------------------------------- --room


def room(
    cluster: ScaleOut,
    n: int,
    *,
    seed: int = 0,
    window: float | None = None,
    join_spread: float | None = None,
    profile: bool = False,
) -> int:
    """The live class of benchmarks/load_room.py through nginx; returns 1 when a goal is missed."""
    from benchmarks import load_room

    window = load_room.WINDOW_S if window is None else window
    result = load_room.run_room(
        n,
        servers=cluster.replicas,
        port=cluster.port,
        database_url=cluster.database_url,
        replicas_of=cluster.streams_by_key,
        seed=seed,
        window=window,
        join_spread=load_room.JOIN_SPREAD_S if join_spread is None else join_spread,
        via=f"nginx, {len(cluster.replicas)} replicas",
        profile=profile,
    )
    print(load_room.HEADER)
    print(load_room.table_row(result))
    for line in load_room.details(result, window):
        print(line)
    missed = result.missed(window)
    if len(cluster.replicas) > 1 and len(result.split) < 2:
        missed.append(f"all students on one replica: {dict(result.split)}")
        print(f"    FAIL: all students on one replica: {dict(result.split)}")
    print("goal:", "FAIL" if missed else "ok")
    return 1 if missed else 0


def _room_database():
    """The PostgreSQL of NDCG_DATABASE_URL, else a throwaway one (deploy/pg.py)."""
    url = os.environ.get("NDCG_DATABASE_URL", "")
    if url.startswith(("postgresql", "postgres:")):
        return contextlib.nullcontext(url)
    from deploy.pg import postgres_cluster

    return postgres_cluster()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--replicas", type=int, default=2)
    ap.add_argument("--load", type=int, default=0, metavar="N", help="run N protocol students through nginx")
    ap.add_argument("--seconds", type=float, default=60.0)
    ap.add_argument("--interval", type=float, default=3.0)
    ap.add_argument(
        "--room",
        type=int,
        default=0,
        metavar="N",
        help="run a live class of N students through nginx, on PostgreSQL (benchmarks/load_room.py)",
    )
    ap.add_argument("--window", type=float, default=None, help="--room: seconds within which every answer is sent")
    ap.add_argument("--seed", type=int, default=0, help="--room: the question's seed and the students' answers")
    ap.add_argument("--profile", action="store_true", help="--room: py-spy the replicas during the class")
    args = ap.parse_args()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # so a killed run still stops nginx and the replicas
    if args.room:
        with _room_database() as url, ScaleOut(args.replicas, database_url=url) as cluster:
            return room(cluster, args.room, seed=args.seed, window=args.window, profile=args.profile)
    with ScaleOut(args.replicas) as cluster:
        if args.load:
            return load(cluster, args.load, args.seconds, args.interval)
        print(
            f"nDCG app behind nginx: open {cluster.url}  (replicas: "
            f"{', '.join(s.url for s in cluster.replicas)}; nginx prefix {cluster.prefix}). Ctrl-C stops."
        )
        with contextlib.suppress(KeyboardInterrupt):
            while all(s.proc.poll() is None for s in cluster.replicas) and cluster.nginx.poll() is None:
                time.sleep(1)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
