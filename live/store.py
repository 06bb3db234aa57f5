"""The live-class room store: one library for SQLite (stdlib sqlite3) and PostgreSQL (psycopg 3), on SQLAlchemy Core.

A room has a short code, a teacher key (only its sha256 is stored), up to ``MAX_STUDENTS`` students numbered
1, 2, … in join order, questions numbered 1, 2, … of which the latest is the current one, and one answer per
student per question (a new answer replaces the old one). Rooms expire; ``purge_expired`` deletes them with all
their rows. Every method runs in its own transaction; several processes may share one database.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import hmac
import logging
import math
import os
import secrets
import threading
import time
import tomllib
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy import (
    BigInteger,
    Boolean,
    CheckConstraint,
    Column,
    Double,
    ForeignKey,
    ForeignKeyConstraint,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
    create_engine,
    delete,
    event,
    false,
    func,
    insert,
    inspect,
    select,
    text,
    update,
)
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError

SCHEMA_VERSION = 2  # 2: rooms.locked and the join bucket (join_tokens, join_tokens_at); codes of 8
MAX_STUDENTS = 500  # a room refuses the 501st student
CODE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"  # no 0/1/I/O; 32**8 ≈ 1.1e12 codes
CODE_LENGTH = 8  # new rooms' codes
CODE_LENGTHS = (6, 8)  # codes read: rooms opened before schema 2 had 6 characters
JOIN_BURST = 60  # new students a room takes at once (a class of 60 scanning the QR code together) ...
JOIN_RATE = 1.0  # ... and then per second: a flood of 500 takes over 7 minutes, in sight of the teacher
# ... and JOIN_RESERVE more at once for students who came by the room's own link (its QR code on the projector,
# which carries the room's join token): a flood that knows only the code cannot take these (issue 23).
JOIN_RESERVE = 60
NICKNAME_MAX = 24  # characters; longer nicknames are cut (the UI also says so)
FAILED_JOIN_LIMIT = 5  # failed joins per client per FAILED_JOIN_WINDOW seconds
FAILED_JOIN_WINDOW = 60.0
# A session refused at the door (a wrong code, a blocked or paced or locked or full room) waits before its next
# run: FIRST_RETRY_WAIT after one refusal in FAILED_JOIN_WINDOW, doubling with each more, at most LONGEST_RETRY_WAIT.
# A student who mistypes once waits a quarter second; a tab that floods the door makes one run every 4 s, its
# script thread asleep (no CPU, no GIL) while the class's runs go on.
FIRST_RETRY_WAIT = 0.25
LONGEST_RETRY_WAIT = 4.0

DEFAULT_HOURS = 6.0  # a room's life unless the teacher picks another (1..48)
MIN_HOURS, MAX_HOURS = 1.0, 48.0
RESPONSE_MAX = 2000  # characters of an answer's JSON text
STUDENT_ID_MAX = 64
KIND_MAX = 40
CLIENT_MAX = 200
STATES = ("open", "closed", "revealed")

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_LIVE_DATABASE = ".data/live.sqlite3"
_RETRIES = 200  # attempts when a UNIQUE constraint says another process won a race
BUSY_TIMEOUT_MS = 5000  # SQLite's busy wait: how long a write waits for another process's
WRITE_WAIT_S = 30.0  # seconds a write waits for this process's earlier writes (SQLite) before StoreBusy
_PG_SCHEMA_LOCK = 0x6E646367  # pg_advisory_xact_lock key ("ndcg") serialising schema creation
_INVISIBLE = frozenset(("Cc", "Cs", "Cf", "Zl", "Zp"))  # controls, surrogates, format characters, line breaks


def retry_wait(refusals: int) -> float:
    """Seconds a session refused ``refusals`` times within FAILED_JOIN_WINDOW waits between two of its runs."""
    if refusals <= 0:
        return 0.0
    return min(FIRST_RETRY_WAIT * 2.0 ** min(refusals - 1, 16), LONGEST_RETRY_WAIT)


class StoreError(Exception):
    """A live-class store problem; the message says what went wrong in English."""


class NoRoom(StoreError):
    """No room has this code, or it has expired."""


class StoreBusy(StoreError):
    """A write waited WRITE_WAIT_S seconds for this process's earlier writes and gave up: the server is busy, the
    database is fine (issue 23). Try again."""


class StoreGone(StoreError):
    """The SQLite file was deleted or replaced while this store had it open: its rooms are lost, and nothing more
    is written to the unlinked file (review 3, X6). Every call says so until a new room is opened."""


class RoomFull(StoreError):
    """The room already has MAX_STUDENTS students."""


class RoomLocked(StoreError):
    """The teacher has locked the room: no new students."""


class NicknameTaken(StoreError):
    """Another student of the room has this nickname (compared after cleaning, ignoring case): review 3, X10."""


class JoinsPaced(StoreError):
    """The room took JOIN_BURST new students just now; the next may join in ``wait`` seconds."""

    def __init__(self, message: str, wait: float):
        super().__init__(message)
        self.wait = wait


class NotTeacher(StoreError):
    """The teacher key is wrong for this room."""


class NotJoined(StoreError):
    """The student id has not joined this room."""


class QuestionClosed(StoreError):
    """The question is closed or revealed, or not the room's current question."""


@dataclass(frozen=True)
class Room:
    """A room: its code and its lifetime (epoch seconds)."""

    code: str
    created_at: float
    expires_at: float
    locked: bool = False


@dataclass(frozen=True)
class Student:
    """A student of one room: the private ``id``, the public ``number`` (join order) and the nickname."""

    id: str
    number: int
    nickname: str


@dataclass(frozen=True)
class Question:
    """A room's question ``no`` (1, 2, …): the exercise ``kind`` and ``seed``, and its state."""

    no: int
    kind: str
    seed: int
    state: str
    opened_at: float


@dataclass(frozen=True)
class Answer:
    """One student's latest answer to one question; ``revision`` counts how often it was given."""

    student_id: str
    number: int
    nickname: str
    response: str
    value: float | None
    correct: bool
    answered_at: float
    updated_at: float
    revision: int


metadata = MetaData()

schema_version = Table(
    "schema_version",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=False),
    Column("version", Integer, nullable=False),
    CheckConstraint("id = 1", name="schema_version_one_row"),
)

rooms = Table(
    "rooms",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("code", String(CODE_LENGTH), nullable=False, unique=True),
    Column("teacher_hash", String(64), nullable=False),
    Column("created_at", Double, nullable=False),
    Column("expires_at", Double, nullable=False, index=True),
    Column("locked", Boolean, nullable=False, server_default=false()),  # no new students (schema 2)
    Column("join_tokens", Double, nullable=True),  # the room's join bucket; NULL: full (schema 2)
    Column("join_tokens_at", Double, nullable=True),
)

students = Table(
    "students",
    metadata,
    Column("room_id", Integer, ForeignKey("rooms.id", ondelete="CASCADE"), primary_key=True),
    Column("student_id", String(STUDENT_ID_MAX), primary_key=True),
    Column("number", Integer, nullable=False),
    Column("nickname", String(NICKNAME_MAX), nullable=False),
    Column("joined_at", Double, nullable=False),
    UniqueConstraint("room_id", "number", name="students_room_number"),
    CheckConstraint(f"number BETWEEN 1 AND {MAX_STUDENTS}", name="students_number_range"),
)

questions = Table(
    "questions",
    metadata,
    Column("room_id", Integer, ForeignKey("rooms.id", ondelete="CASCADE"), primary_key=True),
    Column("no", Integer, primary_key=True, autoincrement=False),
    Column("kind", String(KIND_MAX), nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("state", String(8), nullable=False),
    Column("opened_at", Double, nullable=False),
    CheckConstraint("state IN ('open', 'closed', 'revealed')", name="questions_state"),
)

answers = Table(
    "answers",
    metadata,
    Column("room_id", Integer, ForeignKey("rooms.id", ondelete="CASCADE"), primary_key=True),
    Column("no", Integer, primary_key=True, autoincrement=False),
    Column("student_id", String(STUDENT_ID_MAX), primary_key=True),
    Column("response", Text, nullable=False),
    Column("value", Double, nullable=True),
    Column("correct", Boolean, nullable=False),
    Column("answered_at", Double, nullable=False),
    Column("updated_at", Double, nullable=False),
    Column("revision", Integer, nullable=False),
    ForeignKeyConstraint(["room_id", "no"], ["questions.room_id", "questions.no"], ondelete="CASCADE"),
    ForeignKeyConstraint(["room_id", "student_id"], ["students.room_id", "students.student_id"], ondelete="CASCADE"),
    Index("answers_room_student", "room_id", "student_id"),
)

failed_joins = Table(
    "failed_joins",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("client", String(CLIENT_MAX), nullable=False),
    Column("at", Double, nullable=False, index=True),
    Index("failed_joins_client_at", "client", "at"),
)


def database_url() -> str:
    """NDCG_DATABASE_URL (postgres URLs get the psycopg driver), else SQLite at pyproject's ``live_database``."""
    url = os.environ.get("NDCG_DATABASE_URL", "").strip()
    if url:
        for prefix in ("postgresql://", "postgres://"):
            if url.startswith(prefix):
                return "postgresql+psycopg://" + url[len(prefix) :]
        return url
    return _configured_sqlite(ROOT)


@functools.lru_cache(maxsize=4)
def _configured_sqlite(root: Path) -> str:
    """The SQLite URL of ``root``'s pyproject.toml, read once per process: every page run asks for the URL."""
    path = DEFAULT_LIVE_DATABASE
    with contextlib.suppress(OSError, tomllib.TOMLDecodeError):
        config = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
        path = config.get("tool", {}).get("ndcg-app", {}).get("live_database", path)
    return f"sqlite:///{(root / path).resolve()}"


def normalize_code(text: str) -> str:
    """A typed room code as stored: spaces and '-' removed, upper case; no other mapping."""
    return "".join(str(text).split()).replace("-", "").upper()


def new_student_id() -> str:
    """A fresh private student id."""
    return secrets.token_urlsafe(12)


def clean_nickname(nickname: str | None) -> str:
    """``nickname`` in NFKC, stripped, without control or format characters, cut to NICKNAME_MAX characters.

    Format characters (category Cf: zero-width spaces and joiners, BOM, bidi marks and overrides) are invisible,
    so "\u200balice" would read as a second "alice" (review 3, X10); NFKC makes full-width "ａｌｉｃｅ" "alice".
    """
    kept = "".join(ch for ch in str(nickname or "") if unicodedata.category(ch) not in _INVISIBLE)
    return unicodedata.normalize("NFKC", kept).strip()[:NICKNAME_MAX].rstrip()


def _now(now: float | None) -> float:
    return time.time() if now is None else float(now)


def _hash(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()


def _new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def _join_token(teacher_hash: str, code: str) -> str:
    """A room's join token: 16 hex digits of an HMAC keyed by the hash of its teacher key, so only the server and
    the room's pages (projector, teacher) know it, and it cannot be made from the code."""
    return hmac.new(teacher_hash.encode(), f"join:{code}".encode(), hashlib.sha256).hexdigest()[:16]


def _code_ok(code: str) -> bool:
    return len(code) in CODE_LENGTHS and all(ch in CODE_ALPHABET for ch in code)


def _student_id_ok(student_id: object) -> bool:
    return (
        isinstance(student_id, str)
        and 0 < len(student_id) <= STUDENT_ID_MAX
        and student_id.isprintable()
        and student_id.strip() == student_id
    )


def _client_label(client: str) -> str:
    return "".join(ch for ch in str(client) if ch.isprintable())[:CLIENT_MAX]


def _iso(t: float) -> str:
    return datetime.fromtimestamp(t, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _question(row) -> Question:
    return Question(no=row.no, kind=row.kind, seed=row.seed, state=row.state, opened_at=row.opened_at)


def _answer(row) -> Answer:
    return Answer(
        student_id=row.student_id,
        number=row.number,
        nickname=row.nickname,
        response=row.response,
        value=row.value,
        correct=bool(row.correct),
        answered_at=row.answered_at,
        updated_at=row.updated_at,
        revision=row.revision,
    )


_ANSWER_COLUMNS = (
    answers.c.student_id,
    students.c.number,
    students.c.nickname,
    answers.c.response,
    answers.c.value,
    answers.c.correct,
    answers.c.answered_at,
    answers.c.updated_at,
    answers.c.revision,
)
_QUESTION_COLUMNS = (questions.c.no, questions.c.kind, questions.c.seed, questions.c.state, questions.c.opened_at)


class _FileGuard:
    """The SQLite file a store opened, by (device, inode), and whether it has been lost: one per store, under a lock.

    A store is shared by every session of the process (``st.cache_resource``), so this is its one piece of
    state that changes after it is made, and only here.
    """

    def __init__(self) -> None:
        self.identity: tuple[int, int] | None = None  # None: PostgreSQL, memory, or while a new file is made
        self.gone = False
        self._lock = threading.RLock()

    def opened(self, identity: tuple[int, int] | None) -> None:
        with self._lock:
            self.identity, self.gone = identity, False

    def lost(self, now: tuple[int, int] | None) -> bool:
        """Whether the file is lost, given the path's identity ``now`` (logged once, when first seen)."""
        with self._lock:
            if self.identity is None or (not self.gone and now == self.identity):
                return False
            if not self.gone:
                logging.getLogger("ndcg_app").error("the live database file was deleted or replaced")
            self.gone = True
            return True

    @contextlib.contextmanager
    def reopening(self) -> Iterator[None]:
        with self._lock:
            self.identity = None
            yield


class Store:
    """The room store on one database URL (default: ``database_url()``); creates the schema on first use.

    ``join_burst`` and ``join_rate`` pace each room's new students (a token bucket kept in the room's row);
    ``join_reserve`` more are kept for students who came by the room's own link (``join_token``).
    """

    def __init__(
        self,
        url: str | None = None,
        *,
        join_burst: int = JOIN_BURST,
        join_rate: float = JOIN_RATE,
        join_reserve: int = JOIN_RESERVE,
    ):
        self.url = url or database_url()
        self.join_burst, self.join_rate, self.join_reserve = int(join_burst), float(join_rate), int(join_reserve)
        if self.url.startswith(("postgresql://", "postgres://")):
            self.url = "postgresql+psycopg://" + self.url.split("://", 1)[1]
        if self.url.startswith("sqlite"):
            self.engine = create_engine(self.url)
            self._sqlite_setup(self.engine)
        else:
            # No pre-ping: it cost a round trip per checkout (~18% of a student's run on PostgreSQL). A connection
            # the server dropped fails one call, which the page reports in one sentence; the pool then reconnects.
            self.engine = create_engine(self.url, pool_recycle=600)
        self.backend: str = self.engine.dialect.name
        # Writes on SQLite take the write lock at BEGIN (BEGIN IMMEDIATE), so a read-then-write transaction
        # waits for busy_timeout instead of failing when another process wrote in between.
        self._writer: Engine = self.engine.execution_options(ndcg_write=True)
        # Reads need no transaction of their own on PostgreSQL: autocommit spares a BEGIN and a COMMIT round trip.
        self._reader: Engine = (
            self.engine.execution_options(isolation_level="AUTOCOMMIT") if self.backend == "postgresql" else self.engine
        )
        self._insert = sqlite.insert if self.backend == "sqlite" else postgresql.insert
        # SQLite takes one writer at a time. This process's writers queue for it on a lock of their own, handed
        # over at once, before BEGIN IMMEDIATE; SQLite's busy wait (5 s) is left to other processes. Under load a
        # thread that held the write lock but waited for the GIL made every other thread's busy wait run out:
        # students were told the database could not be reached (issue 23).
        self._write_lock = threading.RLock() if self.backend == "sqlite" else None
        self._file = _FileGuard()  # the SQLite file this store opened: shared by every session, so behind a lock
        try:
            self._create_schema()
            self._file.opened(self._file_identity())
        except BaseException:
            self.engine.dispose()
            raise
        if self._file.identity is not None:  # every transaction, before its BEGIN and its COMMIT, checks the file
            event.listen(self.engine, "begin", self._check_file, insert=True)
            event.listen(self.engine, "commit", self._check_file, insert=True)

    @contextlib.contextmanager
    def _write(self) -> Iterator[Connection]:
        """A write transaction (BEGIN IMMEDIATE on SQLite), after this process's earlier writers on SQLite;
        StoreBusy when they took longer than WRITE_WAIT_S."""
        if self._write_lock is None:
            with self._writer.begin() as conn:
                yield conn
            return
        if not self._write_lock.acquire(timeout=WRITE_WAIT_S):
            raise StoreBusy(f"the database's writes waited {WRITE_WAIT_S:.0f} s for this server's earlier ones")
        try:
            with self._writer.begin() as conn:
                yield conn
        finally:
            self._write_lock.release()

    def _file_identity(self) -> tuple[int, int] | None:
        """(device, inode) of the SQLite file at the database's path; None for PostgreSQL, memory or a missing file."""
        database = self.engine.url.database if self.backend == "sqlite" else None
        if not database or database == ":memory:" or database.startswith("file:"):
            return None
        try:
            st = os.stat(database)
        except OSError:
            return None
        return st.st_dev, st.st_ino

    def _check_file(self, _conn=None) -> None:
        """StoreGone when the path no longer holds the file this store opened (deleted, or another put there):
        the pooled connections would go on writing into the unlinked file, which a restart never sees."""
        if self._file.lost(self._file_identity()):
            raise StoreGone(
                f"the database file {self.engine.url.database} was deleted or replaced while the app ran; "
                "its rooms are lost (a new room starts a new file)"
            )

    def _reopen(self) -> None:
        """After StoreGone: drop the connections to the lost file and start a fresh one at the path."""
        with self._file.reopening():  # no check while the schema goes into the new file
            self.engine.dispose()
            self._create_schema()
            self._file.opened(self._file_identity())

    @staticmethod
    def _sqlite_setup(engine: Engine) -> None:
        database = engine.url.database
        if database and database != ":memory:" and not database.startswith("file:"):
            Path(database).parent.mkdir(parents=True, exist_ok=True)

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_connection, _record):
            dbapi_connection.isolation_level = None  # SQLAlchemy emits BEGIN itself (below)
            cursor = dbapi_connection.cursor()
            cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

        @event.listens_for(engine, "begin")
        def _begin(conn):
            conn.exec_driver_sql("BEGIN IMMEDIATE" if conn.get_execution_options().get("ndcg_write") else "BEGIN")

    def _create_schema(self) -> None:
        with self._write() as conn:
            if self.backend == "postgresql":
                conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _PG_SCHEMA_LOCK})
            found = None
            if inspect(conn).has_table("schema_version"):
                found = conn.execute(select(schema_version.c.version)).scalar()
                if found is not None and found > SCHEMA_VERSION:
                    raise StoreError(f"database schema version {found} is newer than this app's {SCHEMA_VERSION}")
            metadata.create_all(conn, checkfirst=True)
            if found is not None and found < SCHEMA_VERSION:
                self._migrate(conn, found)
            try:
                with conn.begin_nested():
                    conn.execute(
                        self._insert(schema_version)
                        .values(id=1, version=SCHEMA_VERSION)
                        .on_conflict_do_nothing(index_elements=["id"])
                    )
            except IntegrityError:
                pass  # another process stored it first

    def _migrate(self, conn: Connection, found: int) -> None:
        """Bring a database of schema ``found`` up to SCHEMA_VERSION, in the schema's own transaction."""
        if found < 2:  # 1 → 2: a room can be locked and paces its joins; codes of 8 characters
            columns = {c["name"] for c in inspect(conn).get_columns("rooms")}
            boolean_false, double = ("0", "REAL") if self.backend == "sqlite" else ("false", "DOUBLE PRECISION")
            for name, kind in (
                ("locked", f"BOOLEAN NOT NULL DEFAULT {boolean_false}"),
                ("join_tokens", double),
                ("join_tokens_at", double),
            ):
                if name not in columns:
                    conn.exec_driver_sql(f"ALTER TABLE rooms ADD COLUMN {name} {kind}")
            if self.backend == "postgresql":  # SQLite does not enforce a VARCHAR's length
                conn.exec_driver_sql(f"ALTER TABLE rooms ALTER COLUMN code TYPE VARCHAR({CODE_LENGTH})")
        conn.execute(update(schema_version).values(version=SCHEMA_VERSION))

    def close(self) -> None:
        """Release the database connections."""
        self.engine.dispose()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # -- helpers -------------------------------------------------------------------------------------------

    def _room_id(self, conn: Connection, code: str, now: float, lock: bool = False) -> int | None:
        if not _code_ok(code):
            return None
        query = select(rooms.c.id).where(rooms.c.code == code, rooms.c.expires_at > now)
        if lock:  # PostgreSQL: serialise this room's joins / new questions (ignored by SQLite)
            query = query.with_for_update(key_share=True)
        return conn.execute(query).scalar()

    def _teacher_room(self, conn: Connection, code: str, key: str, now: float, lock: bool = False) -> int:
        code = normalize_code(code)
        room_id = self._room_id(conn, code, now, lock)
        if room_id is None:
            raise NoRoom(f"no room with code {code!r}: unknown or expired")
        stored = conn.execute(select(rooms.c.teacher_hash).where(rooms.c.id == room_id)).scalar()
        if stored is None:  # the room was purged since ``_room_id`` found it
            raise NoRoom(f"no room with code {code!r}: unknown or expired")
        if not isinstance(key, str) or not hmac.compare_digest(stored, _hash(key)):
            raise NotTeacher(f"wrong teacher key for room {code!r}")
        return room_id

    def _question_row(self, conn: Connection, room_id: int, no: int, lock: bool = False):
        query = select(*_QUESTION_COLUMNS).where(questions.c.room_id == room_id, questions.c.no == no)
        if lock:
            query = query.with_for_update(read=True)
        return conn.execute(query).first()

    # -- teacher -------------------------------------------------------------------------------------------

    def create_room(self, *, hours: float = DEFAULT_HOURS, now: float | None = None) -> tuple[str, str]:
        """A new room living ``hours`` (1..48): its code and the teacher key (shown once; only its hash is kept)."""
        hours = float(hours)
        if not MIN_HOURS <= hours <= MAX_HOURS:
            raise ValueError(f"a room lives {MIN_HOURS:g} to {MAX_HOURS:g} hours, not {hours:g}")
        now = _now(now)
        if self._file.gone:  # the file was deleted: a teacher opening a room starts the class again on a fresh one
            self._reopen()
        self.purge_expired(now)
        key = secrets.token_urlsafe(24)
        for _ in range(_RETRIES):
            code = _new_code()
            try:
                with self._write() as conn:
                    conn.execute(
                        insert(rooms).values(
                            code=code, teacher_hash=_hash(key), created_at=now, expires_at=now + hours * 3600.0
                        )
                    )
                return code, key
            except IntegrityError:
                continue  # the code is taken
        raise StoreError("could not find a free room code; try again")

    def is_teacher(self, code: str, key: str, *, now: float | None = None) -> bool:
        """Whether ``key`` is the teacher key of the live room ``code``."""
        try:
            with self._reader.begin() as conn:
                self._teacher_room(conn, code, key, _now(now))
        except (NoRoom, NotTeacher):
            return False
        return True

    def start_question(self, code: str, key: str, kind: str, seed: int, now: float | None = None) -> Question:
        """Close the room's open question and open a new one, numbered one more than the last (expired rooms of
        others are purged first)."""
        if not isinstance(kind, str) or not 0 < len(kind) <= KIND_MAX:
            raise ValueError(f"a question kind is 1 to {KIND_MAX} characters")
        seed = int(seed)
        if not -(2**63) <= seed < 2**63:
            raise ValueError("a question seed fits in 64 bits")
        now = _now(now)
        self.purge_expired(now)  # a teacher's step is rare: a good moment to delete other rooms that expired
        for _ in range(_RETRIES):
            try:
                with self._write() as conn:
                    room_id = self._teacher_room(conn, code, key, now, lock=True)
                    conn.execute(
                        update(questions)
                        .where(questions.c.room_id == room_id, questions.c.state == "open")
                        .values(state="closed")
                    )
                    last = conn.execute(select(func.max(questions.c.no)).where(questions.c.room_id == room_id)).scalar()
                    question = Question(no=(last or 0) + 1, kind=kind, seed=seed, state="open", opened_at=now)
                    conn.execute(
                        insert(questions).values(
                            room_id=room_id, no=question.no, kind=kind, seed=seed, state="open", opened_at=now
                        )
                    )
                return question
            except IntegrityError:
                continue  # another tab started a question at the same moment
        raise StoreError("could not start the question; try again")

    def _set_state(self, code: str, key: str, no: int, states: tuple[str, ...], to: str, now: float | None):
        with self._write() as conn:
            room_id = self._teacher_room(conn, code, key, _now(now))
            conn.execute(
                update(questions)
                .where(questions.c.room_id == room_id, questions.c.no == no, questions.c.state.in_(states))
                .values(state=to)
            )
            row = self._question_row(conn, room_id, no)
        if row is None:
            raise StoreError(f"room {normalize_code(code)!r} has no question {no}")
        return _question(row)

    def close_question(self, code: str, key: str, no: int, now: float | None = None) -> Question:
        """Stop taking answers to question ``no`` (open → closed; closed or revealed stay as they are)."""
        return self._set_state(code, key, no, ("open",), "closed", now)

    def reveal_question(self, code: str, key: str, no: int, now: float | None = None) -> Question:
        """Show question ``no``'s solution (open or closed → revealed); no more answers."""
        return self._set_state(code, key, no, ("open", "closed"), "revealed", now)

    def set_locked(self, code: str, key: str, locked: bool, now: float | None = None) -> bool:
        """Lock the room (no new students; those in it stay and may come back) or unlock it; the new state."""
        with self._write() as conn:
            room_id = self._teacher_room(conn, code, key, _now(now))
            conn.execute(update(rooms).where(rooms.c.id == room_id).values(locked=bool(locked)))
        return bool(locked)

    def roster(self, code: str, key: str, *, now: float | None = None) -> list[Student]:
        """The room's students by number (teacher only: the ids are the students' keys)."""
        with self._reader.begin() as conn:
            room_id = self._teacher_room(conn, code, key, _now(now))
            rows = conn.execute(
                select(students.c.student_id, students.c.number, students.c.nickname)
                .where(students.c.room_id == room_id)
                .order_by(students.c.number)
            ).all()
        return [Student(id=r.student_id, number=r.number, nickname=r.nickname) for r in rows]

    def remove_students(self, code: str, key: str, numbers, now: float | None = None) -> int:
        """Remove the room's students of these ``numbers`` with their answers; how many were removed."""
        wanted = sorted({int(n) for n in numbers})
        if not wanted:
            return 0
        with self._write() as conn:
            room_id = self._teacher_room(conn, code, key, _now(now))
            gone = (
                select(students.c.student_id)
                .where(students.c.room_id == room_id, students.c.number.in_(wanted))
                .scalar_subquery()
            )
            conn.execute(delete(answers).where(answers.c.room_id == room_id, answers.c.student_id.in_(gone)))
            return conn.execute(
                delete(students).where(students.c.room_id == room_id, students.c.number.in_(wanted))
            ).rowcount

    def export_rows(self, code: str, key: str, *, now: float | None = None) -> list[dict]:
        """Every answer of the room, by question number then student number, for a CSV download."""
        with self._reader.begin() as conn:
            room_id = self._teacher_room(conn, code, key, _now(now))
            rows = conn.execute(
                select(questions.c.no, questions.c.kind, questions.c.seed, *_ANSWER_COLUMNS)
                .select_from(
                    answers.join(
                        questions, (questions.c.room_id == answers.c.room_id) & (questions.c.no == answers.c.no)
                    ).join(
                        students,
                        (students.c.room_id == answers.c.room_id) & (students.c.student_id == answers.c.student_id),
                    )
                )
                .where(answers.c.room_id == room_id)
                .order_by(questions.c.no, students.c.number)
            ).all()
        return [
            {
                "question": r.no,
                "kind": r.kind,
                "seed": r.seed,
                "student": r.number,
                "nickname": r.nickname,
                "response": r.response,
                "value": r.value,
                "correct": bool(r.correct),
                "answered_at": _iso(r.answered_at),
                "updated_at": _iso(r.updated_at),
                "revision": r.revision,
            }
            for r in rows
        ]

    # -- everyone ------------------------------------------------------------------------------------------

    def room(self, code: str, now: float | None = None) -> Room | None:
        """The room ``code``, or None when unknown or expired."""
        code = normalize_code(code)
        if not _code_ok(code):
            return None
        with self._reader.begin() as conn:
            row = conn.execute(
                select(rooms.c.code, rooms.c.created_at, rooms.c.expires_at, rooms.c.locked).where(
                    rooms.c.code == code, rooms.c.expires_at > _now(now)
                )
            ).first()
        return (
            None
            if row is None
            else Room(code=row.code, created_at=row.created_at, expires_at=row.expires_at, locked=bool(row.locked))
        )

    def current_question(self, code: str, *, now: float | None = None) -> Question | None:
        """The room's latest question (highest number) in any state, or None."""
        with self._reader.begin() as conn:
            room_id = self._room_id(conn, normalize_code(code), _now(now))
            if room_id is None:
                return None
            row = conn.execute(
                select(*_QUESTION_COLUMNS)
                .where(questions.c.room_id == room_id)
                .order_by(questions.c.no.desc())
                .limit(1)
            ).first()
        return None if row is None else _question(row)

    def question(self, code: str, no: int, *, now: float | None = None) -> Question | None:
        """The room's question ``no``, or None."""
        with self._reader.begin() as conn:
            room_id = self._room_id(conn, normalize_code(code), _now(now))
            row = None if room_id is None else self._question_row(conn, room_id, no)
        return None if row is None else _question(row)

    # -- students ------------------------------------------------------------------------------------------

    def join_token(self, code: str, *, now: float | None = None) -> str | None:
        """The room's join token (None for no such room): what its projector's QR code and the teacher's join
        link carry, so that a student who came by them may use the room's reserve of joins."""
        code, now = normalize_code(code), _now(now)
        if not _code_ok(code):
            return None
        with self._reader.connect() as conn:
            stored = conn.execute(
                select(rooms.c.teacher_hash).where((rooms.c.code == code) & (rooms.c.expires_at > now))
            ).scalar()
        return None if stored is None else _join_token(stored, code)

    def join(
        self, code: str, student_id: str, nickname: str = "", now: float | None = None, *, token: str | None = None
    ) -> Student:
        """Join the room (again): the student's number and nickname; a non-empty new nickname replaces the old.

        A student already in the room always gets back in; a new one is refused when the room is locked
        (RoomLocked), full (RoomFull), or has just taken its burst of new students (JoinsPaced). A nickname
        another student of the room has (ignoring case) is refused (NicknameTaken). With the room's ``token``
        (``join_token``: the link of the projector's QR code) a new student may also take the room's
        JOIN_RESERVE, which joins without it never reach."""
        if not _student_id_ok(student_id):
            raise ValueError(f"a student id is 1 to {STUDENT_ID_MAX} printable characters")
        code, nick, now = normalize_code(code), clean_nickname(nickname), _now(now)
        for _ in range(_RETRIES):
            try:
                with self._write() as conn:
                    room_id = self._room_id(conn, code, now, lock=True)
                    if room_id is None:
                        raise NoRoom(f"no room with code {code!r}: unknown or expired")
                    if nick and self._nickname_taken(conn, room_id, student_id, nick):
                        raise NicknameTaken(f"another student of room {code!r} is called {nick!r}")
                    me = (students.c.room_id == room_id) & (students.c.student_id == student_id)
                    row = conn.execute(select(students.c.number, students.c.nickname).where(me)).first()
                    if row is not None:
                        if nick and nick != row.nickname:
                            conn.execute(update(students).where(me).values(nickname=nick))
                        return Student(id=student_id, number=row.number, nickname=nick or row.nickname)
                    gate = conn.execute(
                        select(rooms.c.locked, rooms.c.join_tokens, rooms.c.join_tokens_at, rooms.c.teacher_hash).where(
                            rooms.c.id == room_id
                        )
                    ).first()
                    if gate is not None and gate.locked:
                        raise RoomLocked(f"room {code!r} is locked: the teacher takes no new students")
                    number = self._free_number(conn, room_id)
                    if number is None:
                        raise RoomFull(f"room {code!r} is full: it has {MAX_STUDENTS} students")
                    linked = (
                        isinstance(token, str)
                        and gate is not None
                        and hmac.compare_digest(token, _join_token(gate.teacher_hash, code))
                    )
                    tokens = self._take_join_token(conn, room_id, gate, now, self.join_reserve if linked else 0)
                    if tokens < 0:
                        raise JoinsPaced(f"room {code!r} takes new students at a pace; try again", -tokens)
                    conn.execute(
                        insert(students).values(
                            room_id=room_id, student_id=student_id, number=number, nickname=nick, joined_at=now
                        )
                    )
                return Student(id=student_id, number=number, nickname=nick)
            except IntegrityError:
                continue  # another process took this number (or joined this id) first: look again
        raise StoreError("could not join the room; try again")

    @staticmethod
    def _nickname_taken(conn: Connection, room_id: int, student_id: str, nick: str) -> bool:
        """Whether another student of the room goes by ``nick`` (ignoring case), so no one can pass for a classmate."""
        others = conn.execute(
            select(students.c.nickname).where((students.c.room_id == room_id) & (students.c.student_id != student_id))
        ).scalars()
        folded = nick.casefold()
        return any(name and name.casefold() == folded for name in others)

    @staticmethod
    def _free_number(conn: Connection, room_id: int) -> int | None:
        """The number of the room's next student: one more than the last, else (the last removed students left
        gaps) the smallest free one; None when the room holds MAX_STUDENTS."""
        count, last = conn.execute(
            select(func.count(), func.max(students.c.number)).where(students.c.room_id == room_id)
        ).one()
        if count >= MAX_STUDENTS:
            return None
        if (last or 0) < MAX_STUDENTS:
            return (last or 0) + 1
        taken = set(conn.execute(select(students.c.number).where(students.c.room_id == room_id)).scalars())
        return next(n for n in range(1, MAX_STUDENTS + 1) if n not in taken)

    def _take_join_token(self, conn: Connection, room_id: int, gate, now: float, reserve: int = 0) -> float:
        """Take one token of the room's join bucket (refilled at join_rate a second, up to join_burst) and store
        the rest; ``reserve`` more may be taken below zero (a student with the room's link). When there is none,
        store nothing and return minus the seconds until one is there (anything >= 0 means taken)."""
        tokens = float(self.join_burst)
        if gate is not None and gate.join_tokens is not None and gate.join_tokens_at is not None:
            elapsed = max(0.0, now - gate.join_tokens_at)
            tokens = min(tokens, gate.join_tokens + elapsed * self.join_rate)
        if tokens + reserve < 1.0:
            return -max(0.1, (1.0 - tokens - reserve) / self.join_rate) if self.join_rate > 0 else -math.inf
        conn.execute(update(rooms).where(rooms.c.id == room_id).values(join_tokens=tokens - 1.0, join_tokens_at=now))
        return max(0.0, tokens - 1.0)

    def student(self, code: str, student_id: str, *, now: float | None = None) -> Student | None:
        """The room's student with this id, or None."""
        if not _student_id_ok(student_id):
            return None
        with self._reader.begin() as conn:
            room_id = self._room_id(conn, normalize_code(code), _now(now))
            row = (
                None
                if room_id is None
                else conn.execute(
                    select(students.c.number, students.c.nickname).where(
                        students.c.room_id == room_id, students.c.student_id == student_id
                    )
                ).first()
            )
        return None if row is None else Student(id=student_id, number=row.number, nickname=row.nickname)

    def answer(
        self,
        code: str,
        no: int,
        student_id: str,
        response: str,
        value: float | None,
        correct: bool,
        now: float | None = None,
    ) -> Answer:
        """Store (or replace) the student's answer to the room's open current question ``no``."""
        if not isinstance(response, str) or len(response) > RESPONSE_MAX or "\x00" in response:
            raise ValueError(f"an answer's response is JSON text of at most {RESPONSE_MAX} characters")
        if value is not None:
            value = float(value)
            if not math.isfinite(value):
                raise ValueError(f"an answer's value must be a finite number, not {value}")
        code, now = normalize_code(code), _now(now)
        with self._write() as conn:
            room_id = self._room_id(conn, code, now)
            if room_id is None:
                raise NoRoom(f"no room with code {code!r}: unknown or expired")
            if (
                not _student_id_ok(student_id)
                or conn.execute(
                    select(students.c.number).where(students.c.room_id == room_id, students.c.student_id == student_id)
                ).first()
                is None
            ):
                raise NotJoined(f"this student has not joined room {code!r}")
            # FOR SHARE: closing or replacing the question waits until this answer is in (PostgreSQL).
            row = self._question_row(conn, room_id, no, lock=True)
            last = conn.execute(select(func.max(questions.c.no)).where(questions.c.room_id == room_id)).scalar()
            if row is None or row.state != "open" or row.no != last:
                raise QuestionClosed(f"question {no} of room {code!r} is not open for answers")
            stmt = self._insert(answers).values(
                room_id=room_id,
                no=no,
                student_id=student_id,
                response=response,
                value=value,
                correct=bool(correct),
                answered_at=now,
                updated_at=now,
                revision=1,
            )
            conn.execute(
                stmt.on_conflict_do_update(
                    index_elements=[answers.c.room_id, answers.c.no, answers.c.student_id],
                    set_={
                        "response": stmt.excluded.response,
                        "value": stmt.excluded.value,
                        "correct": stmt.excluded.correct,
                        "updated_at": stmt.excluded.updated_at,
                        "revision": answers.c.revision + 1,
                    },
                )
            )
            return _answer(self._answer_row(conn, room_id, no, student_id))

    @staticmethod
    def _answer_row(conn: Connection, room_id: int, no: int, student_id: str):
        return conn.execute(
            select(*_ANSWER_COLUMNS)
            .select_from(
                answers.join(
                    students,
                    (students.c.room_id == answers.c.room_id) & (students.c.student_id == answers.c.student_id),
                )
            )
            .where(answers.c.room_id == room_id, answers.c.no == no, answers.c.student_id == student_id)
        ).first()

    def my_answer(self, code: str, no: int, student_id: str, *, now: float | None = None) -> Answer | None:
        """The student's current answer to question ``no``, or None."""
        if not _student_id_ok(student_id):
            return None
        with self._reader.begin() as conn:
            room_id = self._room_id(conn, normalize_code(code), _now(now))
            row = None if room_id is None else self._answer_row(conn, room_id, no, student_id)
        return None if row is None else _answer(row)

    # -- projector -----------------------------------------------------------------------------------------

    def tally(self, code: str, no: int, *, now: float | None = None) -> tuple[int, int]:
        """(students in the room, answers to question ``no``) in one query; (0, 0) for no room."""
        code = normalize_code(code)
        if not _code_ok(code):
            return 0, 0
        joined = select(func.count()).select_from(students).where(students.c.room_id == rooms.c.id)
        answered = select(func.count()).select_from(answers).where(answers.c.room_id == rooms.c.id, answers.c.no == no)
        with self._reader.begin() as conn:
            row = conn.execute(
                select(joined.scalar_subquery(), answered.scalar_subquery()).where(
                    rooms.c.code == code, rooms.c.expires_at > _now(now)
                )
            ).first()
        return (0, 0) if row is None else (int(row[0]), int(row[1]))

    def answers(self, code: str, no: int, *, now: float | None = None) -> list[Answer]:
        """Every answer to question ``no``, by student number."""
        code = normalize_code(code)
        if not _code_ok(code):
            return []
        with self._reader.begin() as conn:
            rows = conn.execute(
                select(*_ANSWER_COLUMNS)
                .select_from(
                    answers.join(
                        students,
                        (students.c.room_id == answers.c.room_id) & (students.c.student_id == answers.c.student_id),
                    ).join(rooms, rooms.c.id == answers.c.room_id)
                )
                .where(rooms.c.code == code, rooms.c.expires_at > _now(now), answers.c.no == no)
                .order_by(students.c.number)
            ).all()
        return [_answer(r) for r in rows]

    # -- housekeeping --------------------------------------------------------------------------------------

    def purge_expired(self, now: float | None = None) -> int:
        """Delete expired rooms with their students, questions and answers, and old failed joins; rooms deleted."""
        now = _now(now)
        with self._write() as conn:
            expired = select(rooms.c.id).where(rooms.c.expires_at <= now).scalar_subquery()
            # Explicit deletes as well as ON DELETE CASCADE: one transaction either way.
            for table in (answers, questions, students):
                conn.execute(delete(table).where(table.c.room_id.in_(expired)))
            deleted = conn.execute(delete(rooms).where(rooms.c.expires_at <= now)).rowcount
            conn.execute(delete(failed_joins).where(failed_joins.c.at <= now - FAILED_JOIN_WINDOW))
        return deleted

    def note_failed_join(self, client: str, now: float | None = None) -> None:
        """Count one failed join (a wrong room code) for ``client``."""
        now = _now(now)
        client = _client_label(client)
        with self._write() as conn:
            conn.execute(
                delete(failed_joins).where(
                    failed_joins.c.client == client, failed_joins.c.at <= now - FAILED_JOIN_WINDOW
                )
            )
            conn.execute(insert(failed_joins).values(client=client, at=now))

    def join_blocked(self, client: str, now: float | None = None, limit: int = FAILED_JOIN_LIMIT) -> bool:
        """Whether ``client`` failed ``limit`` times within the last FAILED_JOIN_WINDOW seconds."""
        now = _now(now)
        with self._reader.begin() as conn:
            count = conn.execute(
                select(func.count())
                .select_from(failed_joins)
                .where(failed_joins.c.client == _client_label(client), failed_joins.c.at > now - FAILED_JOIN_WINDOW)
            ).scalar_one()
        return count >= limit
