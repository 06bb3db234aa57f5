"""The live-class room store (live/store.py) on both backends: SQLite in tmp_path and a throwaway PostgreSQL cluster."""

from __future__ import annotations

import hashlib
import math
import re
import subprocess
import sys
import threading
import uuid
from concurrent.futures import ThreadPoolExecutor

import pytest
from sqlalchemy import event, insert, inspect, select, update

from deploy.pg import create_schema, drop_schema
from live import store as live_store
from live.store import (
    CODE_ALPHABET,
    CODE_LENGTH,
    FAILED_JOIN_LIMIT,
    FAILED_JOIN_WINDOW,
    MAX_STUDENTS,
    NICKNAME_MAX,
    SCHEMA_VERSION,
    Answer,
    NoRoom,
    NotJoined,
    NotTeacher,
    Question,
    QuestionClosed,
    Room,
    RoomFull,
    Store,
    StoreError,
    Student,
    answers,
    database_url,
    metadata,
    new_student_id,
    normalize_code,
    questions,
    rooms,
    schema_version,
    students,
)

T0 = 1_800_000_000.0  # a fixed "now": expiry is checked by passing times, never by sleeping
HOUR = 3600.0
CODE_RE = re.compile(f"[{CODE_ALPHABET}]{{{CODE_LENGTH}}}")


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request, tmp_path):
    """A fresh, empty database: a SQLite file in tmp_path, or a new schema in the PostgreSQL cluster's database."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'live.sqlite3'}"
        return
    cluster = request.getfixturevalue("pg_cluster")
    name = f"t_{uuid.uuid4().hex}"
    url = create_schema(cluster, name)
    yield url
    drop_schema(cluster, name)


@pytest.fixture
def store(db_url):
    """A Store on the fresh database, closed after the test."""
    s = Store(db_url)
    yield s
    s.close()


def room_with_question(store: Store, *, now: float = T0, students_: int = 0) -> tuple[str, str]:
    code, key = store.create_room(now=now)
    for i in range(students_):
        store.join(code, f"s{i + 1}", f"kid {i + 1}", now=now)
    store.start_question(code, key, "estimate", 7, now=now)
    return code, key


def unknown(code: str) -> str:
    """A well-formed room code that is not ``code``."""
    return "ZZZZZZ" if code != "ZZZZZZ" else "YYYYYY"


def all_rows(store: Store) -> dict[str, list[tuple]]:
    with store.engine.connect() as conn:
        return {t.name: [tuple(r) for r in conn.execute(select(t))] for t in metadata.sorted_tables}


def room_rows(store: Store, code: str) -> int:
    """How many rows of rooms, students, questions and answers belong to the room ``code``."""
    with store.engine.connect() as conn:
        room_id = conn.execute(select(rooms.c.id).where(rooms.c.code == code)).scalar()
        if room_id is None:
            return 0
        return 1 + sum(
            len(conn.execute(select(t).where(t.c.room_id == room_id)).all()) for t in (students, questions, answers)
        )


# -- schema ----------------------------------------------------------------------------------------------


def test_schema_created_once_with_its_version(db_url):
    """Opening the database twice creates every table once and stores one schema_version row holding SCHEMA_VERSION."""
    Store(db_url).close()
    second = Store(db_url)
    try:
        names = set(inspect(second.engine).get_table_names())
        assert {"schema_version", "rooms", "students", "questions", "answers", "failed_joins"} <= names
        with second.engine.connect() as conn:
            assert conn.execute(select(schema_version.c.version)).scalars().all() == [SCHEMA_VERSION]
    finally:
        second.close()


def test_newer_schema_version_refused(store):
    """A database written by a newer app (schema version + 1) is refused with a message naming both versions."""
    with store.engine.begin() as conn:
        conn.execute(update(schema_version).values(version=SCHEMA_VERSION + 1))
    with pytest.raises(
        StoreError, match=f"database schema version {SCHEMA_VERSION + 1} is newer than this app's {SCHEMA_VERSION}"
    ):
        Store(store.url)


def test_backend_named(store, db_url):
    """``backend`` names the database the store runs on."""
    assert store.backend == ("sqlite" if db_url.startswith("sqlite") else "postgresql")


def test_sqlite_pragmas_on_every_connection(tmp_path):
    """SQLite connections run in WAL mode with foreign keys on and a 5 s busy timeout, each new one too."""
    s = Store(f"sqlite:///{tmp_path / 'p.sqlite3'}")
    try:
        for _ in range(2):
            with s.engine.connect() as conn:
                assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
                assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
                assert conn.exec_driver_sql("PRAGMA busy_timeout").scalar() == 5000
            s.engine.dispose()
    finally:
        s.close()


# -- rooms and teachers ----------------------------------------------------------------------------------


def test_room_codes_have_the_shape_and_differ(store):
    """Room codes are six characters of the alphabet without 0/1/I/O, and 200 rooms get 200 codes."""
    codes = [store.create_room(now=T0)[0] for _ in range(200)]
    assert all(CODE_RE.fullmatch(c) for c in codes)
    assert len(set(codes)) == 200
    assert not set("01IO") & set("".join(codes))
    assert store.room(codes[0], now=T0) == Room(code=codes[0], created_at=T0, expires_at=T0 + 6 * HOUR)


def test_code_clash_is_retried(store, monkeypatch):
    """When a new code is already taken the store draws another instead of failing."""
    first, _ = store.create_room(now=T0)
    draws = iter([first, first, "ABCDEF"])
    monkeypatch.setattr(live_store, "_new_code", lambda: next(draws))
    assert store.create_room(now=T0)[0] == "ABCDEF"


def test_room_hours_bounded(store):
    """A room lives the chosen 1 to 48 hours; other lifetimes are refused."""
    code, _ = store.create_room(hours=2, now=T0)
    assert store.room(code, now=T0).expires_at == T0 + 2 * HOUR
    for hours in (0.5, 49, math.nan):
        with pytest.raises(ValueError):
            store.create_room(hours=hours, now=T0)


def test_teacher_key_stored_only_as_hash(store):
    """The teacher key's text is nowhere in the database; its sha256 is."""
    code, key = store.create_room(now=T0)
    dump = repr(all_rows(store))
    assert key not in dump
    assert hashlib.sha256(key.encode()).hexdigest() in dump
    assert len(key) >= 32


def test_is_teacher(store):
    """is_teacher accepts the room's own key only: not a wrong key, another room's key, or an unknown code."""
    code, key = store.create_room(now=T0)
    other, other_key = store.create_room(now=T0)
    assert store.is_teacher(code, key, now=T0)
    assert store.is_teacher(code.lower(), key, now=T0)
    assert not store.is_teacher(code, key + "x", now=T0)
    assert not store.is_teacher(code, other_key, now=T0)
    assert not store.is_teacher(unknown(code), key, now=T0)
    assert not store.is_teacher(code, key, now=T0 + 7 * HOUR)


def test_teacher_methods_refuse_wrong_and_foreign_keys(store):
    """Every teacher method raises NotTeacher for a wrong key or another room's key, NoRoom for no room."""
    code, key = room_with_question(store)
    _, other_key = store.create_room(now=T0)
    calls = [
        lambda k, c: store.start_question(c, k, "estimate", 1, now=T0),
        lambda k, c: store.close_question(c, k, 1, now=T0),
        lambda k, c: store.reveal_question(c, k, 1, now=T0),
        lambda k, c: store.export_rows(c, k, now=T0),
    ]
    for call in calls:
        for bad in ("nope", other_key, ""):
            with pytest.raises(NotTeacher, match="wrong teacher key"):
                call(bad, code)
        with pytest.raises(NoRoom, match="unknown or expired"):
            call(key, unknown(code))
    assert store.current_question(code, now=T0).state == "open"  # nothing was changed by the refused calls
    assert store.current_question(code, now=T0).no == 1


# -- questions -------------------------------------------------------------------------------------------


def test_questions_numbered_and_states(store):
    """Questions are numbered 1, 2, …; a new one closes the open one; close and reveal move the state forward."""
    code, key = store.create_room(now=T0)
    assert store.current_question(code, now=T0) is None
    q1 = store.start_question(code, key, "estimate", 11, now=T0 + 1)
    assert q1 == Question(no=1, kind="estimate", seed=11, state="open", opened_at=T0 + 1)
    q2 = store.start_question(code, key, "better", 2**40, now=T0 + 2)
    assert (q2.no, q2.seed) == (2, 2**40)
    assert store.question(code, 1, now=T0).state == "closed"
    assert store.current_question(code, now=T0) == q2
    assert store.close_question(code, key, 2, now=T0).state == "closed"
    assert store.close_question(code, key, 2, now=T0).state == "closed"
    assert store.reveal_question(code, key, 2, now=T0).state == "revealed"
    assert store.close_question(code, key, 2, now=T0).state == "revealed"
    assert store.reveal_question(code, key, 1, now=T0).state == "revealed"
    assert store.question(code, 3, now=T0) is None
    with pytest.raises(StoreError, match="no question 3"):
        store.close_question(code, key, 3, now=T0)


# -- students --------------------------------------------------------------------------------------------


def test_join_numbers_in_join_order(store):
    """Students are numbered 1..n in join order, per room."""
    code, _ = store.create_room(now=T0)
    other, _ = store.create_room(now=T0)
    got = [store.join(code, f"id{i}", now=T0).number for i in range(5)]
    assert got == [1, 2, 3, 4, 5]
    assert store.join(other, "id9", now=T0).number == 1
    assert store.join(f" {code[:3]}-{code[3:].lower()} ", "id5", now=T0).number == 6
    with pytest.raises(NoRoom):
        store.join(unknown(code), "id0", now=T0)


def test_join_is_idempotent(store):
    """Joining again with the same id returns the same student; a non-empty new nickname replaces the old."""
    code, _ = room_with_question(store)
    first = store.join(code, "me", "Ann", now=T0)
    store.join(code, "you", "Bob", now=T0)
    assert store.join(code, "me", "", now=T0) == Student(id="me", number=1, nickname="Ann")
    assert store.join(code, "me", "  ", now=T0) == first
    assert store.join(code, "me", "Anna", now=T0) == Student(id="me", number=1, nickname="Anna")
    assert store.student(code, "me", now=T0) == Student(id="me", number=1, nickname="Anna")
    assert store.tally(code, 1, now=T0) == (2, 0)


def test_nickname_cleaned_cut_and_stored_as_text(store):
    """Nicknames are stripped, lose control characters, are cut to 24 characters, and keep HTML verbatim."""
    code, _ = store.create_room(now=T0)
    assert store.join(code, "a", "  Ki\x00m\x07\n\u202e  ", now=T0).nickname == "Kim"
    long = store.join(code, "b", "x" * 30, now=T0).nickname
    assert long == "x" * NICKNAME_MAX
    script = "<script>x()</script>"
    assert store.join(code, "c", script, now=T0).nickname == script
    assert store.student(code, "c", now=T0).nickname == script
    with store.engine.connect() as conn:
        stored = conn.execute(select(students.c.nickname).where(students.c.student_id == "c")).scalar()
    assert stored == script
    assert store.join(code, "d", "한국어 이름", now=T0).nickname == "한국어 이름"


def test_room_refuses_the_501st_student(store):
    """A room takes 500 students; the 501st join raises RoomFull, while a student already in may rejoin."""
    code, _ = store.create_room(now=T0)
    with store.engine.begin() as conn:
        room_id = conn.execute(select(rooms.c.id).where(rooms.c.code == code)).scalar()
        conn.execute(
            insert(students),
            [
                {"room_id": room_id, "student_id": f"bulk{n}", "number": n, "nickname": "", "joined_at": T0}
                for n in range(1, MAX_STUDENTS)
            ],
        )
    assert store.join(code, "last", now=T0).number == MAX_STUDENTS
    with pytest.raises(RoomFull, match="full"):
        store.join(code, "one-too-many", now=T0)
    assert store.join(code, "bulk7", now=T0).number == 7
    assert store.student(code, "one-too-many", now=T0) is None
    assert store.tally(code, 1, now=T0) == (MAX_STUDENTS, 0)


def test_concurrent_joins_get_distinct_numbers(store):
    """40 students joining at once through two stores (two processes' worth) get the numbers 1..40."""
    code, _ = store.create_room(now=T0)
    other = Store(store.url)
    start = threading.Barrier(40)

    def join(i):
        start.wait()
        return (store if i % 2 else other).join(code, f"kid{i}", now=T0).number

    try:
        with ThreadPoolExecutor(40) as pool:
            numbers = list(pool.map(join, range(40)))
    finally:
        other.close()
    assert sorted(numbers) == list(range(1, 41))


def test_new_student_id():
    """Student ids are fresh 16-character URL-safe tokens."""
    ids = {new_student_id() for _ in range(100)}
    assert len(ids) == 100
    assert all(re.fullmatch(r"[A-Za-z0-9_-]{16}", i) for i in ids)


# -- answers ---------------------------------------------------------------------------------------------


def test_answer_upsert_keeps_one_row(store):
    """A new answer replaces the student's old one: one row, revision counts up, the latest response wins."""
    code, _ = room_with_question(store, students_=2)
    a1 = store.answer(code, 1, "s1", '{"x": 1}', 0.5, False, now=T0 + 10)
    assert a1 == Answer(
        student_id="s1",
        number=1,
        nickname="kid 1",
        response='{"x": 1}',
        value=0.5,
        correct=False,
        answered_at=T0 + 10,
        updated_at=T0 + 10,
        revision=1,
    )
    store.answer(code, 1, "s1", '{"x": 2}', None, True, now=T0 + 20)
    a3 = store.answer(code, 1, "s1", '{"x": 3}', 0.75, True, now=T0 + 30)
    assert (a3.response, a3.value, a3.correct, a3.revision) == ('{"x": 3}', 0.75, True, 3)
    assert (a3.answered_at, a3.updated_at) == (T0 + 10, T0 + 30)
    assert store.my_answer(code, 1, "s1", now=T0) == a3
    assert store.my_answer(code, 1, "s2", now=T0) is None
    with store.engine.connect() as conn:
        assert len(conn.execute(select(answers)).all()) == 1
    assert store.tally(code, 1, now=T0) == (2, 1)


def test_answer_refused_when_closed_revealed_or_old(store):
    """Answers are refused for a closed question, a revealed one, an older one, and one that does not exist."""
    code, key = room_with_question(store, students_=1)
    store.answer(code, 1, "s1", "{}", 1.0, True, now=T0)
    store.close_question(code, key, 1, now=T0)
    with pytest.raises(QuestionClosed, match="not open"):
        store.answer(code, 1, "s1", "{}", 2.0, True, now=T0)
    store.start_question(code, key, "term", 3, now=T0)
    store.answer(code, 2, "s1", "{}", 1.0, True, now=T0)
    store.start_question(code, key, "term", 4, now=T0)
    with pytest.raises(QuestionClosed):
        store.answer(code, 2, "s1", "{}", 1.0, True, now=T0)  # question 2 is no longer the current one
    with store.engine.begin() as conn:  # even reopened by hand, an old question takes no answers
        conn.execute(update(questions).where(questions.c.no == 2).values(state="open"))
    with pytest.raises(QuestionClosed):
        store.answer(code, 2, "s1", "{}", 1.0, True, now=T0)
    store.reveal_question(code, key, 3, now=T0)
    with pytest.raises(QuestionClosed):
        store.answer(code, 3, "s1", "{}", 1.0, True, now=T0)
    with pytest.raises(QuestionClosed):
        store.answer(code, 9, "s1", "{}", 1.0, True, now=T0)
    assert store.my_answer(code, 1, "s1", now=T0).value == 1.0


def test_answer_needs_a_joined_student_and_a_room(store):
    """Answering without joining raises NotJoined; an unknown room raises NoRoom."""
    code, _ = room_with_question(store, students_=1)
    with pytest.raises(NotJoined, match="not joined"):
        store.answer(code, 1, "stranger", "{}", None, False, now=T0)
    with pytest.raises(NoRoom):
        store.answer(unknown(code), 1, "s1", "{}", None, False, now=T0)


def test_answer_values_checked(store):
    """NaN and infinite values and responses over 2000 characters are refused; None and 2000 characters pass."""
    code, _ = room_with_question(store, students_=1)
    for bad in (math.nan, math.inf, -math.inf):
        with pytest.raises(ValueError, match="finite"):
            store.answer(code, 1, "s1", "{}", bad, False, now=T0)
    with pytest.raises(ValueError, match="2000"):
        store.answer(code, 1, "s1", "x" * 2001, None, False, now=T0)
    assert store.answer(code, 1, "s1", "x" * 2000, None, False, now=T0).response == "x" * 2000
    assert store.my_answer(code, 1, "s1", now=T0).value is None


def test_no_answer_leaks_to_another_room(store):
    """Two rooms with the same student ids keep separate students, answers and tallies."""
    a, _ = room_with_question(store, students_=3)
    b, _ = room_with_question(store, students_=1)
    store.answer(a, 1, "s1", '"a"', 1.0, True, now=T0)
    store.answer(a, 1, "s2", '"a"', 2.0, True, now=T0)
    store.answer(b, 1, "s1", '"b"', 9.0, False, now=T0)
    assert store.tally(a, 1, now=T0) == (3, 2)
    assert store.tally(b, 1, now=T0) == (1, 1)
    assert [x.response for x in store.answers(a, 1, now=T0)] == ['"a"', '"a"']
    assert [(x.response, x.revision) for x in store.answers(b, 1, now=T0)] == [('"b"', 1)]
    assert store.my_answer(b, 1, "s2", now=T0) is None
    assert store.student(b, "s3", now=T0) is None


def test_tally_is_one_query(store):
    """tally() answers (students, answers) with a single SELECT."""
    code, _ = room_with_question(store, students_=3)
    store.answer(code, 1, "s2", "{}", 1.0, True, now=T0)
    store.tally(code, 1, now=T0)  # warm the pool
    seen: list[str] = []

    def count(conn, cursor, statement, *args):
        if statement.lstrip().upper().startswith("SELECT"):
            seen.append(statement)

    event.listen(store.engine, "before_cursor_execute", count)
    try:
        assert store.tally(code, 1, now=T0) == (3, 1)
    finally:
        event.remove(store.engine, "before_cursor_execute", count)
    assert len(seen) == 1
    assert store.tally(code, 2, now=T0) == (3, 0)
    assert store.tally(unknown(code), 1, now=T0) == (0, 0)


def test_answers_in_student_number_order(store):
    """answers() lists a question's answers by student number, whatever order they came in."""
    code, _ = room_with_question(store, students_=4)
    for sid in ("s3", "s1", "s4", "s2"):
        store.answer(code, 1, sid, f'"{sid}"', None, False, now=T0)
    got = store.answers(code, 1, now=T0)
    assert [(a.number, a.student_id, a.nickname) for a in got] == [(n, f"s{n}", f"kid {n}") for n in (1, 2, 3, 4)]


def test_export_rows_content_and_order(store):
    """export_rows lists every answer by question then student number, with ISO 8601 UTC times."""
    code, key = room_with_question(store, students_=2)
    store.answer(code, 1, "s2", '{"q": 1}', 0.5, True, now=T0 + 5)
    store.answer(code, 1, "s1", '{"q": 1}', None, False, now=T0 + 6)
    store.start_question(code, key, "better", 99, now=T0 + 7)
    store.answer(code, 2, "s1", '{"q": 2}', 1.0, True, now=T0 + 8)
    store.answer(code, 2, "s1", '{"q": 2, "again": true}', 0.25, False, now=T0 + 9)
    other, _ = room_with_question(store, students_=1)
    store.answer(other, 1, "s1", "{}", 1.0, True, now=T0)
    rows = store.export_rows(code, key, now=T0)
    assert [(r["question"], r["student"]) for r in rows] == [(1, 1), (1, 2), (2, 1)]
    assert rows[2] == {
        "question": 2,
        "kind": "better",
        "seed": 99,
        "student": 1,
        "nickname": "kid 1",
        "response": '{"q": 2, "again": true}',
        "value": 0.25,
        "correct": False,
        "answered_at": "2027-01-15T08:00:08Z",
        "updated_at": "2027-01-15T08:00:09Z",
        "revision": 2,
    }
    assert rows[0]["kind"] == "estimate" and rows[0]["seed"] == 7 and rows[0]["value"] is None
    assert rows[1]["correct"] is True


# -- expiry, restarts, housekeeping ----------------------------------------------------------------------


def test_room_expires(store):
    """A room is there until its expires_at and gone from then on: no room, no joins, no teacher, empty tally."""
    code, key = room_with_question(store, students_=1)
    end = T0 + 6 * HOUR
    assert store.room(code, now=end - 1) is not None
    assert store.current_question(code, now=end - 1) is not None
    assert store.room(code, now=end) is None
    assert store.current_question(code, now=end) is None
    assert store.student(code, "s1", now=end) is None
    assert store.tally(code, 1, now=end) == (0, 0)
    with pytest.raises(NoRoom):
        store.join(code, "s2", now=end)
    with pytest.raises(NoRoom):
        store.answer(code, 1, "s1", "{}", None, False, now=end)
    with pytest.raises(NoRoom):
        store.start_question(code, key, "estimate", 1, now=end)


def test_purge_deletes_students_questions_answers(store):
    """purge_expired removes an expired room's students, questions and answers, not those of a live room."""
    old, old_key = room_with_question(store, students_=2)
    store.answer(old, 1, "s1", "{}", 1.0, True, now=T0)
    keep, keep_key = store.create_room(hours=48, now=T0)
    store.join(keep, "s1", now=T0)
    store.start_question(keep, keep_key, "ideal", 5, now=T0)
    store.answer(keep, 1, "s1", "{}", 1.0, True, now=T0)
    before_keep = room_rows(store, keep)
    assert room_rows(store, old) == 1 + 2 + 1 + 1
    assert store.room(old, now=T0 + 6 * HOUR) is None
    assert store.tally(old, 1, now=T0 + 6 * HOUR) == (0, 0)
    assert store.purge_expired(T0 + 6 * HOUR) == 1
    assert room_rows(store, old) == 0
    rows = all_rows(store)
    assert len(rows["students"]) == len(rows["questions"]) == len(rows["answers"]) == 1
    assert room_rows(store, keep) == before_keep == 4
    assert store.tally(keep, 1, now=T0 + 6 * HOUR) == (1, 1)


def test_create_room_purges_expired_rooms(store):
    """Creating a room first removes rooms that have expired."""
    old, _ = room_with_question(store, students_=1)
    store.create_room(now=T0 + 7 * HOUR)
    assert room_rows(store, old) == 0


def test_starting_a_question_purges_expired_rooms(store):
    """A teacher starting a question in a live room also removes other rooms that have expired."""
    old, _ = room_with_question(store, students_=1)
    code, key = store.create_room(hours=12, now=T0)
    store.start_question(code, key, "estimate", 1, now=T0 + 7 * HOUR)
    assert room_rows(store, old) == 0
    assert store.current_question(code, now=T0 + 7 * HOUR).no == 1


def test_restart_keeps_everything(store):
    """A new Store on the same database (a server restart) sees the rooms, students, questions and answers."""
    code, key = room_with_question(store, students_=2)
    store.answer(code, 1, "s2", '{"kept": true}', 0.5, True, now=T0)
    store.close()
    again = Store(store.url)
    try:
        assert again.is_teacher(code, key, now=T0)
        assert again.student(code, "s2", now=T0) == Student(id="s2", number=2, nickname="kid 2")
        assert again.current_question(code, now=T0).state == "open"
        assert again.my_answer(code, 1, "s2", now=T0).response == '{"kept": true}'
        assert again.join(code, "s3", now=T0).number == 3
        assert again.answer(code, 1, "s2", "{}", None, False, now=T0).revision == 2
    finally:
        again.close()


def test_failed_joins_rate_limited(store):
    """Five failed joins block a client for the window; the window passing unblocks it; others are unaffected."""
    for i in range(FAILED_JOIN_LIMIT - 1):
        store.note_failed_join("1.2.3.4", now=T0 + i)
    assert not store.join_blocked("1.2.3.4", now=T0 + 5)
    store.note_failed_join("1.2.3.4", now=T0 + 5)
    assert store.join_blocked("1.2.3.4", now=T0 + 6)
    assert not store.join_blocked("5.6.7.8", now=T0 + 6)
    assert store.join_blocked("1.2.3.4", now=T0 + FAILED_JOIN_WINDOW - 1)
    assert not store.join_blocked("1.2.3.4", now=T0 + 5 + FAILED_JOIN_WINDOW)
    store.purge_expired(T0 + 10 * FAILED_JOIN_WINDOW)
    assert all_rows(store)["failed_joins"] == []


# -- configuration ---------------------------------------------------------------------------------------


def test_database_url(monkeypatch, tmp_path):
    """NDCG_DATABASE_URL wins (postgres URLs get the psycopg driver); else SQLite at pyproject's live_database."""
    monkeypatch.setenv("NDCG_DATABASE_URL", "postgres://u:p@db.example:5432/live")
    assert database_url() == "postgresql+psycopg://u:p@db.example:5432/live"
    monkeypatch.setenv("NDCG_DATABASE_URL", "postgresql://u@h/d")
    assert database_url() == "postgresql+psycopg://u@h/d"
    monkeypatch.setenv("NDCG_DATABASE_URL", "sqlite:////srv/x.sqlite3")
    assert database_url() == "sqlite:////srv/x.sqlite3"
    monkeypatch.delenv("NDCG_DATABASE_URL")
    assert database_url() == f"sqlite:///{live_store.ROOT / '.data' / 'live.sqlite3'}"
    (tmp_path / "pyproject.toml").write_text('[tool.ndcg-app]\nlive_database = "db/room.sqlite3"\n')
    monkeypatch.setattr(live_store, "ROOT", tmp_path)
    assert database_url() == f"sqlite:///{tmp_path / 'db' / 'room.sqlite3'}"


def test_sqlite_folder_created_on_first_use(monkeypatch, tmp_path):
    """The SQLite file's folder is created when the store first opens it."""
    monkeypatch.setenv("NDCG_DATABASE_URL", f"sqlite:///{tmp_path / 'a' / 'b' / 'live.sqlite3'}")
    s = Store()
    try:
        assert s.backend == "sqlite"
        assert (tmp_path / "a" / "b" / "live.sqlite3").exists()
    finally:
        s.close()


def test_normalize_code():
    """Typed codes lose spaces and dashes and become upper case; no look-alike letters are mapped."""
    assert normalize_code(" ab3-x yz ") == "AB3XYZ"
    assert normalize_code("o0-i1") == "O0I1"


def test_live_never_imports_streamlit():
    """Importing the store loads no streamlit module."""
    code = "import sys, live.store; sys.exit(1 if any(m.split('.')[0] == 'streamlit' for m in sys.modules) else 0)"
    assert subprocess.run([sys.executable, "-c", code], cwd=live_store.ROOT).returncode == 0


# -- a room flooded with fake students (review 3, X2) and its code space (X4) ------------------------------


def _as_version_1(url: str) -> None:
    """Turn the fresh database at ``url`` into what schema version 1 made: no lock, no join bucket, codes of 6."""
    from sqlalchemy import text

    s = Store(url)
    try:
        with s.engine.begin() as conn:
            for column in ("locked", "join_tokens", "join_tokens_at"):
                conn.exec_driver_sql(f"ALTER TABLE rooms DROP COLUMN {column}")
            if s.backend == "postgresql":
                conn.exec_driver_sql("ALTER TABLE rooms ALTER COLUMN code TYPE VARCHAR(6)")
            conn.execute(
                text("INSERT INTO rooms (code, teacher_hash, created_at, expires_at) VALUES (:c, :h, :t, :e)"),
                {"c": "HJK234", "h": hashlib.sha256(b"k" * 32).hexdigest(), "t": T0, "e": T0 + HOUR},
            )
            conn.execute(update(schema_version).values(version=1))
    finally:
        s.close()


def test_a_version_1_database_is_migrated_and_its_six_character_room_still_works(db_url):
    """A schema-1 database gets the lock and join-bucket columns and version 2; its room of 6 characters opens,
    takes students and can be locked, and new rooms get codes of 8 characters."""
    _as_version_1(db_url)
    s = Store(db_url)
    try:
        with s.engine.connect() as conn:
            assert conn.execute(select(schema_version.c.version)).scalar() == SCHEMA_VERSION == 2
        assert {"locked", "join_tokens", "join_tokens_at"} <= {
            c["name"] for c in inspect(s.engine).get_columns("rooms")
        }
        assert s.room("hjk-234", now=T0) == Room(code="HJK234", created_at=T0, expires_at=T0 + HOUR, locked=False)
        assert s.join("HJK234", "kid", "Ann", now=T0).number == 1
        assert s.set_locked("HJK234", "k" * 32, True, now=T0)
        with pytest.raises(live_store.RoomLocked):
            s.join("HJK234", "kid2", now=T0)
        code, _ = s.create_room(now=T0)
        assert len(code) == 8 and s.room(code, now=T0) is not None
    finally:
        s.close()
    Store(db_url).close()  # opening a migrated database again changes nothing


def test_new_codes_have_eight_characters_and_the_arithmetic_holds():
    """A new code is 8 of the 32 letters and digits: 32⁸ ≈ 1.1e12 codes, so 5 guesses a second for a 50-minute
    class period against 100 open rooms finds one with odds below 1 in 70,000."""
    assert CODE_LENGTH == 8 and len(CODE_ALPHABET) == 32 and live_store.CODE_LENGTHS == (6, 8)
    assert 5 * 50 * 60 * 100 / 32**8 < 1 / 70_000


def test_a_locked_room_takes_no_new_student_but_keeps_those_in_it(store):
    """Locking refuses new students (RoomLocked) while a student in the room rejoins; unlocking lets joins in;
    only the teacher's key locks."""
    code, key = store.create_room(now=T0)
    store.join(code, "in", "Ann", now=T0)
    assert store.set_locked(code, key, True, now=T0) is True
    assert store.room(code, now=T0).locked
    with pytest.raises(live_store.RoomLocked, match="locked"):
        store.join(code, "new", now=T0)
    assert store.join(code, "in", now=T0) == Student(id="in", number=1, nickname="Ann")
    with pytest.raises(NotTeacher):
        store.set_locked(code, "x" * 32, False, now=T0)
    assert store.set_locked(code, key, False, now=T0) is False
    assert store.join(code, "new", now=T0).number == 2


def test_the_teacher_removes_students_with_their_answers(store):
    """Removing students by number deletes them and their answers, frees their places, and needs the key;
    the roster lists who is left."""
    code, key = room_with_question(store, students_=4)
    for sid in ("s1", "s2", "s3"):
        store.answer(code, 1, sid, "0.5", 0.5, False, now=T0)
    with pytest.raises(NotTeacher):
        store.remove_students(code, "x" * 32, [1], now=T0)
    with pytest.raises(NotTeacher):
        store.roster(code, "x" * 32, now=T0)
    assert store.remove_students(code, key, [2, 4, 99], now=T0) == 2
    assert [m.number for m in store.roster(code, key, now=T0)] == [1, 3]
    assert store.student(code, "s2", now=T0) is None and store.my_answer(code, 1, "s2", now=T0) is None
    assert store.tally(code, 1, now=T0) == (2, 2)
    assert store.remove_students(code, key, [], now=T0) == 0


def test_a_full_room_takes_a_student_again_once_some_are_removed(db_url):
    """After the teacher removes fake students from a full room, new students get the freed numbers."""
    s = Store(db_url, join_burst=MAX_STUDENTS)
    try:
        code, key = s.create_room(now=T0)
        for i in range(MAX_STUDENTS):
            s.join(code, f"bot{i}", now=T0)
        with pytest.raises(RoomFull):
            s.join(code, "real", now=T0)
        assert s.remove_students(code, key, range(2, 401), now=T0) == 399
        assert s.join(code, "real", now=T0 + 60).number == 2
        assert s.join(code, "real2", now=T0 + 60).number == 3
    finally:
        s.close()


def test_new_students_are_paced_per_room(db_url):
    """A room takes its burst of new students at once, then one per 1/rate seconds; it says how long to wait;
    a student already in, and another room, are not held back."""
    s = Store(db_url, join_burst=3, join_rate=0.5)
    try:
        code, _ = s.create_room(now=T0)
        other, _ = s.create_room(now=T0)
        assert [s.join(code, f"k{i}", now=T0).number for i in range(3)] == [1, 2, 3]
        with pytest.raises(live_store.JoinsPaced) as paced:
            s.join(code, "k3", now=T0 + 1)
        assert paced.value.wait == pytest.approx(1.0)
        assert s.join(code, "k0", now=T0 + 1).number == 1
        assert s.join(other, "k3", now=T0 + 1).number == 1
        assert s.join(code, "k3", now=T0 + 2).number == 4
        with pytest.raises(live_store.JoinsPaced):
            s.join(code, "k4", now=T0 + 2)
        assert s.tally(code, 1, now=T0 + 2) == (4, 0)
    finally:
        s.close()


def test_a_class_of_60_joins_at_once_and_a_flood_of_500_takes_minutes(store):
    """With the default pace, 60 students join in the same second; 500 fake ones need over 7 minutes."""
    assert (live_store.JOIN_BURST, live_store.JOIN_RATE) == (60, 1.0)
    code, _ = store.create_room(now=T0)
    assert [store.join(code, f"kid{i}", now=T0).number for i in range(60)] == list(range(1, 61))
    with pytest.raises(live_store.JoinsPaced):
        store.join(code, "bot", now=T0)
    assert (MAX_STUDENTS - live_store.JOIN_BURST) / live_store.JOIN_RATE > 7 * 60


def test_a_flood_with_only_the_code_cannot_take_the_joins_kept_for_the_rooms_link(db_url):
    """A flood that knows only the code takes the whole burst and is paced; students with the room's join token
    (its QR code) still join at once from the reserve, a wrong token does not, and the flood stays paced (issue 23)."""
    s = Store(db_url, join_burst=5, join_rate=0.5, join_reserve=4)
    try:
        code, _ = s.create_room(now=T0)
        token = s.join_token(code, now=T0)
        assert token and len(token) == 16 and token not in code and s.join_token("ZZZZZZZZ", now=T0) is None
        assert [s.join(code, f"bot{i}", now=T0).number for i in range(5)] == [1, 2, 3, 4, 5]
        for wrong in (None, "0" * 16, token.upper()):
            with pytest.raises(live_store.JoinsPaced):
                s.join(code, "bot5", now=T0, token=wrong)
        assert [s.join(code, f"kid{i}", now=T0, token=token).number for i in range(4)] == [6, 7, 8, 9]
        with pytest.raises(live_store.JoinsPaced):
            s.join(code, "kid4", now=T0, token=token)  # the reserve is 4
        with pytest.raises(live_store.JoinsPaced) as paced:
            s.join(code, "bot5", now=T0 + 2)  # the class dug into the reserve: the flood waits for it to refill
        assert paced.value.wait == pytest.approx(8.0)
        assert s.join(code, "bot5", now=T0 + 10).number == 10
    finally:
        s.close()


def test_a_class_with_the_rooms_link_joins_whole_while_a_flood_races_it(db_url):
    """Thirty students with the room's token and a flood of eighty without, joining at once from threads: every
    student gets in, and the flood gets no more than the burst (issue 23)."""
    s = Store(db_url, join_burst=60, join_rate=0.0, join_reserve=60)
    try:
        code, _ = s.create_room(now=T0)
        token = s.join_token(code, now=T0)

        def one(who: str) -> bool:
            try:
                s.join(code, who, now=T0, token=token if who.startswith("kid") else None)
                return True
            except live_store.JoinsPaced:
                return False

        names = [f"bot{i}" for i in range(80)] + [f"kid{i}" for i in range(30)]
        with ThreadPoolExecutor(8) as pool:
            got = dict(zip(names, pool.map(one, names), strict=True))
        assert all(got[f"kid{i}"] for i in range(30))
        assert sum(got[f"bot{i}"] for i in range(80)) <= 60
    finally:
        s.close()


def test_writers_of_one_server_queue_in_python_not_in_sqlites_busy_wait(tmp_path, monkeypatch):
    """A write transaction held longer than SQLite's busy wait (a thread starved of the GIL) makes another thread
    of the same server wait its turn, not fail with "database is locked" (issue 23); past WRITE_WAIT_S it is
    StoreBusy, which the page words as a busy server."""
    monkeypatch.setattr(live_store, "BUSY_TIMEOUT_MS", 100)
    s = Store(f"sqlite:///{tmp_path / 'busy.sqlite3'}")
    try:
        code, _ = s.create_room(now=T0)
        real = s._take_join_token
        entered = threading.Event()

        def slow(*args, **kwargs):
            if not entered.is_set():
                entered.set()
                threading.Event().wait(0.6)  # six busy waits
            return real(*args, **kwargs)

        monkeypatch.setattr(s, "_take_join_token", slow)
        first = threading.Thread(target=s.join, args=(code, "slow"), kwargs={"now": T0})
        first.start()
        assert entered.wait(5)
        assert s.join(code, "next", now=T0).number == 2
        first.join()
        monkeypatch.setattr(live_store, "WRITE_WAIT_S", 0.2)
        entered.clear()
        third = threading.Thread(target=s.join, args=(code, "slow2"), kwargs={"now": T0})
        third.start()
        assert entered.wait(5)
        with pytest.raises(live_store.StoreBusy):
            s.join(code, "late", now=T0)
        third.join()
    finally:
        s.close()


@pytest.mark.parametrize(
    ("typed", "kept"),
    [
        ("\u200balice", "alice"),
        ("\ufeffal\u200cice\u2060", "alice"),
        ("ali\u200dce\u200e\u061c", "alice"),
        ("ａｌｉｃｅ", "alice"),
        ("al\u2028ice", "alice"),
        ("\U000e0061lice", "lice"),
    ],
)
def test_a_nickname_loses_invisible_characters_and_look_alike_forms(typed, kept):
    """Zero-width and other format characters (category Cf) are removed and NFKC applied, so no "alice" hides a twin."""
    assert live_store.clean_nickname(typed) == kept


def _delete_sqlite_files(path) -> None:
    for suffix in ("", "-wal", "-shm"):
        path.with_name(path.name + suffix).unlink(missing_ok=True)


def test_a_deleted_sqlite_file_is_detected_and_nothing_more_is_acknowledged(tmp_path):
    """With the SQLite file deleted mid-class, the next answer, poll and join raise StoreGone instead of going into
    the unlinked file (review 3, X6); opening a new room starts a fresh file, where the old room is gone."""
    path = tmp_path / "live.sqlite3"
    with Store(f"sqlite:///{path}") as s:
        code, key = room_with_question(s, students_=2)
        s.answer(code, 1, "s1", "0.5", 0.5, False, now=T0)
        _delete_sqlite_files(path)
        with pytest.raises(live_store.StoreGone, match="deleted or replaced"):
            s.answer(code, 1, "s2", "0.5", 0.5, False, now=T0)
        for poll in (lambda: s.tally(code, 1, now=T0), lambda: s.current_question(code, now=T0)):
            with pytest.raises(live_store.StoreGone):
                poll()
        with pytest.raises(live_store.StoreGone):
            s.join(code, "s3", "late", now=T0)
        new_code, _ = s.create_room(now=T0)
        assert s.room(code, now=T0) is None and s.room(new_code, now=T0) is not None and path.exists()


def test_a_replaced_sqlite_file_is_detected(tmp_path):
    """A different file put at the database's path (a redeploy, a restored copy) is no longer the class's store."""
    path = tmp_path / "live.sqlite3"
    with Store(f"sqlite:///{path}") as s:
        code, _ = room_with_question(s, students_=1)
        _delete_sqlite_files(path)
        Store(f"sqlite:///{path}").close()  # another process makes a fresh, empty database there
        with pytest.raises(live_store.StoreGone):
            s.answer(code, 1, "s1", "0.5", 0.5, False, now=T0)


def test_a_nickname_another_student_has_is_refused_whatever_its_case(store):
    """A second "Alice" (or "ALICE", or "\u200balice") in one room is refused; the first keeps hers, and blank is no name."""
    code, _ = room_with_question(store)
    store.join(code, "s1", "Alice", now=T0)
    for twin in ("Alice", "ALICE", "\u200balice", "ａｌｉｃｅ"):
        with pytest.raises(live_store.NicknameTaken):
            store.join(code, "s2", twin, now=T0)
    assert store.join(code, "s1", "alice", now=T0).nickname == "alice"  # her own name, in another case
    assert store.join(code, "s2", "", now=T0).number == 2 and store.join(code, "s3", "", now=T0).number == 3
    with pytest.raises(live_store.NicknameTaken):
        store.join(code, "s2", "ALICE", now=T0)  # renaming to a classmate's name is refused too
