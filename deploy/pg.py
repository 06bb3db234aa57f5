"""A throwaway PostgreSQL cluster for tests: Debian's initdb and pg_ctl in a temporary directory on a free port.

``postgres_cluster()`` yields a SQLAlchemy URL to a fresh ``ndcg`` database; ``create_schema`` gives a test
its own empty schema in it (``drop_schema`` removes it), and ``create_database`` / ``drop_database`` add and
remove whole databases on the same cluster. As root the server
runs as the ``postgres`` user, since initdb and postgres refuse to run as root. A missing PostgreSQL is an
error that names the apt-get line: the tests fail, never skip.
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

from deploy.harness import free_port

PG_GLOB = "/usr/lib/postgresql/*/bin"
USER = "ndcg"
DATABASE = "ndcg"
RUN_AS = "postgres"  # the account the server runs under when the tests run as root
# A test cluster need not survive a power cut: no fsync makes CREATE DATABASE and commits fast.
FAST = "-c fsync=off -c synchronous_commit=off -c full_page_writes=off"


def pg_bin() -> Path:
    """The folder holding initdb and pg_ctl: Debian's highest version, else the ones on PATH."""

    def version(folder: str) -> tuple[int, ...]:
        name = Path(folder).parent.name
        return tuple(int(part) for part in name.split(".") if part.isdigit())

    for folder in sorted(glob.glob(PG_GLOB), key=version, reverse=True):
        if os.access(Path(folder) / "initdb", os.X_OK) and os.access(Path(folder) / "pg_ctl", os.X_OK):
            return Path(folder)
    initdb, pg_ctl = shutil.which("initdb"), shutil.which("pg_ctl")
    if initdb and pg_ctl and Path(initdb).parent == Path(pg_ctl).parent:
        return Path(initdb).parent
    raise RuntimeError(
        "PostgreSQL tests need Debian's PostgreSQL server (initdb, pg_ctl): apt-get install -y postgresql"
    )


def _run(cmd: list[str], cwd: Path, check: bool = True) -> subprocess.CompletedProcess:
    if os.geteuid() == 0:
        cmd = ["runuser", "-u", RUN_AS, "--", *cmd]
    done = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=120)
    if check and done.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} exited with {done.returncode}:\n{done.stdout}\n{done.stderr}")
    return done


def _admin(url: str):
    from sqlalchemy import create_engine, make_url

    return create_engine(make_url(url).set(database="postgres"), isolation_level="AUTOCOMMIT")


def create_database(url: str, name: str) -> str:
    """Create database ``name`` on the cluster of ``url``; its URL."""
    from sqlalchemy import make_url, text

    engine = _admin(url)
    try:
        with engine.connect() as conn:
            conn.execute(text(f'CREATE DATABASE "{name}"'))
    finally:
        engine.dispose()
    return make_url(url).set(database=name).render_as_string(hide_password=False)


def drop_database(url: str, name: str) -> None:
    """Drop database ``name`` on the cluster of ``url``, closing its connections."""
    from sqlalchemy import text

    engine = _admin(url)
    try:
        with engine.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    finally:
        engine.dispose()


def create_schema(url: str, name: str) -> str:
    """Create schema ``name`` in the database of ``url``; a URL whose connections use it (search_path).

    Much cheaper than a database per test, and as separate: every table the store creates lands in it.
    """
    from sqlalchemy import create_engine, make_url, text

    engine = create_engine(url, isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as conn:
            conn.execute(text(f'CREATE SCHEMA "{name}"'))
    finally:
        engine.dispose()
    return make_url(url).update_query_dict({"options": f"-csearch_path={name}"}).render_as_string(hide_password=False)


def drop_schema(url: str, name: str) -> None:
    """Drop schema ``name`` and everything in it from the database of ``url``."""
    from sqlalchemy import create_engine, make_url, text

    engine = create_engine(make_url(url).difference_update_query(["options"]), isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as conn:
            conn.execute(text(f'DROP SCHEMA IF EXISTS "{name}" CASCADE'))
    finally:
        engine.dispose()


@contextlib.contextmanager
def postgres_cluster(attempts: int = 3) -> Iterator[str]:
    """A running PostgreSQL cluster for the duration of the block: ``postgresql+psycopg://ndcg@127.0.0.1:PORT/ndcg``."""
    bindir = pg_bin()
    if os.geteuid() == 0:
        import pwd

        try:
            account = pwd.getpwnam(RUN_AS)
        except KeyError:
            raise RuntimeError(
                f"as root, the test cluster runs as the {RUN_AS!r} user, which is missing: "
                "apt-get install -y postgresql"
            ) from None
    tmp = Path(tempfile.mkdtemp(prefix="ndcg-pg-"))
    data, log = tmp / "data", tmp / "log"
    started = False
    try:
        if os.geteuid() == 0:
            os.chown(tmp, account.pw_uid, account.pw_gid)
        _run(
            [
                str(bindir / "initdb"),
                "-D",
                str(data),
                "-A",
                "trust",
                "-U",
                USER,
                "--encoding",
                "UTF8",
                "--no-locale",
                "--no-sync",
            ],
            cwd=tmp,
        )
        for attempt in range(attempts):
            port = free_port()
            options = f"-p {port} -k {tmp} -c listen_addresses=127.0.0.1 {FAST}"
            done = _run(
                [str(bindir / "pg_ctl"), "-D", str(data), "-o", options, "-l", str(log), "-w", "-t", "60", "start"],
                cwd=tmp,
                check=False,
            )
            if done.returncode == 0:
                started = True
                break
            if attempt == attempts - 1:  # a port taken between free_port() and start is worth another try
                tail = log.read_text(errors="replace")[-3000:] if log.exists() else ""
                raise RuntimeError(f"pg_ctl start failed:\n{done.stdout}\n{done.stderr}\n{tail}")
        url = f"postgresql+psycopg://{USER}@127.0.0.1:{port}/postgres"
        yield create_database(url, DATABASE)
    finally:
        if started:
            _run([str(bindir / "pg_ctl"), "-D", str(data), "-m", "fast", "-w", "stop"], cwd=tmp, check=False)
        shutil.rmtree(tmp, ignore_errors=True)
