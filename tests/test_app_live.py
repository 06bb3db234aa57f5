"""The live class page through AppTest, on SQLite and on PostgreSQL: teacher, students and projector."""

from __future__ import annotations

import csv
import io
import secrets

import pytest

from deploy.pg import create_database, drop_database
from live import questions
from live.store import MAX_STUDENTS, Store, new_student_id
from teach import exercises
from tests.conftest import open_page
from ui.features import live as live_ui
from ui.i18n import translate

PAGE = "lessons/live.py"
OPEN = "FormSubmitter:live_open-Open a room"
START = "FormSubmitter:live_ask-Start this question"


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request, tmp_path, monkeypatch):
    """The page's database for one test: a fresh SQLite file, or a fresh database on the PostgreSQL cluster."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'live.sqlite3'}"
        monkeypatch.setenv("NDCG_DATABASE_URL", url)
        yield url
        return
    base = request.getfixturevalue("pg_cluster")
    name = f"t_{secrets.token_hex(6)}"
    url = create_database(base, name)
    monkeypatch.setenv("NDCG_DATABASE_URL", url)
    yield url
    live_ui._store.clear()  # close nothing by hand: the cached engine goes with the cache
    drop_database(base, name)


def teacher(lang: str = "en"):
    """A teacher's AppTest that has opened a room: (AppTest, code, key)."""
    at = open_page(PAGE, {"lang": lang})
    at.button(key=OPEN).click().run()
    place = at.session_state["live_place"]
    return at, place["room"], place["teacher"]


def start(at, kind: str, seed: int) -> None:
    at.selectbox(key="live_kind").set_value(kind)
    at.number_input(key="live_seed").set_value(seed)
    at.button(key=START).click().run()


def join(code: str, nickname: str = "", lang: str = "en"):
    """A student's AppTest that has joined room ``code`` from its link: (AppTest, student id)."""
    at = open_page(PAGE, {"room": code, "lang": lang})
    at.text_input(key="live_join_name").input(nickname)
    at.button(key=f"FormSubmitter:live_join-{translate('live_join', lang)}").click().run()
    return at, at.session_state["live_place"].get("me")


def answer_number(at, value: float) -> None:
    at.number_input[0].set_value(value)
    at.button(
        key=[b.key for b in at.button if b.key.startswith("FormSubmitter:live_") and "_form" in b.key][0]
    ).click().run()


def texts(at) -> str:
    return " ".join(
        str(e.value)
        for kind in ("markdown", "caption", "success", "info", "warning", "error", "subheader")
        for e in getattr(at, kind)
    )


def test_a_teacher_opens_a_room_and_gets_the_three_links(db):
    """Opening a room puts the room and the teacher's key into the teacher's address and shows the join and
    projector links, and the teacher link behind its toggle; the sidebar shares only the join link (with the room's
    join token, which its QR code carries too)."""
    at, code, key = teacher()
    assert len(code) == 8 and len(key) >= 24
    assert at.query_params["room"] in (code, [code]) and at.query_params["teacher"] in (key, [key])
    links = [c.value for c in at.code]
    j = Store(db).join_token(code)
    assert f"/live?room={code}&j={j}&lang=en" in links and f"/live?room={code}&view=projector&lang=en" in links
    at.toggle(key="live_show_teacher_link").set_value(True).run()
    assert any(key in c.value for c in at.code)
    sidebar = [c.value for c in at.sidebar.text]  # the share panel's link (ui/share.py)
    assert sidebar == [f"/live?room={code}&j={j}&lang=en"]
    assert Store(db).room(code) is not None


def test_a_class_answers_and_the_board_counts_and_reveals(db):
    """Three students join and answer (one changes their answer); the teacher's board counts 3 of 3, its table
    holds the histogram of the final answers, and after the reveal each student sees their own verdict."""
    at, code, key = teacher()
    start(at, "estimate", 11)
    ex = questions.question("estimate", 11)
    students = [join(code, name) for name in ("ann", "", "<b>kim</b>")]
    finals = [0.2, ex.ndcg(), 0.95]
    answer_number(students[0][0], 0.9)
    for (st_at, _), value in zip(students, finals, strict=True):
        answer_number(st_at, value)
        assert translate("live_sent", "en", answer="").split(":")[0] in texts(st_at)
    rows = Store(db).answers(code, 1)
    assert [r.number for r in rows] == [1, 2, 3] and rows[0].revision == 2
    at.run()
    assert translate("live_count", "en", answered=3, students=3) in texts(at)
    at.session_state["live_teacher_chart_as_table"] = True
    at.run()
    table = at.table[-1].value
    bars = questions.bars(ex, [(str(v), v, questions.store(ex, v).correct) for v in finals])
    assert table.iloc[:, 1].tolist() == list(bars.counts)
    at.button(key="live_reveal").click().run()
    assert translate("live_right_answer", "en", answer=exercises.answer_text(ex, "en")) in texts(at)
    for (st_at, _), value in zip(students, finals, strict=True):
        st_at.run()
        verdicts = [e.value for e in (*st_at.success, *st_at.error)]
        want = translate("ex_right", "en") if questions.store(ex, value).correct else translate("ex_wrong", "en")
        assert want in verdicts


def test_a_nickname_is_shown_as_text_and_exported_formula_safe(db):
    """A nickname with markup is shown escaped, never as HTML, and one that starts with = is exported quoted."""
    at, code, key = teacher()
    start(at, "estimate", 3)
    st_at, _ = join(code, "**x** <img src=x>")
    caption = [c.value for c in st_at.caption if "You:" in c.value][0]
    assert caption == "You: \\*\\*x\\*\\* \\<img src=x\\>"
    evil, _ = join(code, '=HYPERLINK("http://x")')
    answer_number(evil, 0.5)
    rows = list(csv.DictReader(io.StringIO(live_ui.export_csv(code, key).decode("utf-8-sig"))))
    assert rows[0]["nickname"] == '\'=HYPERLINK("http://x")' and rows[0]["student"] == "2"


def test_only_the_teachers_key_opens_the_teacher_view(db):
    """A link with a wrong key (or another room's key) shows the student join form and no teacher control."""
    _, code, _ = teacher()
    _, _, other_key = teacher()
    for key in ("x" * 32, other_key):
        at = open_page(PAGE, {"room": code, "teacher": key, "lang": "en"})
        assert translate("live_not_teacher", "en") in texts(at)
        assert not [b for b in at.button if b.key in (START, "live_close", "live_reveal")]


def test_no_answer_leaks_into_another_room(db):
    """Two rooms with a question each: an answer in one room is counted there only."""
    a, code_a, _ = teacher()
    b, code_b, _ = teacher()
    start(a, "estimate", 1)
    start(b, "estimate", 1)
    st_at, _ = join(code_a)
    answer_number(st_at, 0.5)
    a.run()
    b.run()
    assert translate("live_count", "en", answered=1, students=1) in texts(a)
    assert translate("live_count", "en", answered=0, students=0) in texts(b)


def test_a_student_answers_the_ideal_order_by_dragging(db):
    """The drag list's reported order is what Send stores, with the nDCG it reached."""
    at, code, _ = teacher()
    start(at, "ideal", 4)
    ex = questions.question("ideal", 4)
    st_at, me = join(code)
    order = [str(i) for i in exercises.ideal_order(ex)]
    st_at.session_state["live_" + code + "_1_order"] = {"moved": {"order": order, "uid": order[0]}}
    st_at.run()
    st_at.button(key=f"live_{code}_1_send").click().run()
    mine = Store(db).my_answer(code, 1, me)
    assert mine.value == pytest.approx(1.0) and mine.correct


def test_an_answer_after_the_close_is_refused_in_one_sentence(db):
    """A student who sends after the teacher closed the question is told it is closed, and nothing is stored."""
    at, code, _ = teacher()
    start(at, "term", 2)
    st_at, me = join(code)
    at.button(key="live_close").click().run()
    answer_number(st_at, 1.0)
    assert translate("live_closed_none", "en") in texts(st_at)
    assert Store(db).my_answer(code, 1, me) is None


def test_a_wrong_code_is_named_and_repeated_failures_are_limited(db):
    """A mistyped code gets one sentence naming it; after five failures a minute, joins are refused for a while."""
    at = open_page(PAGE, {"lang": "en"})
    for i in range(5):
        at.text_input(key="live_join_code").input(f"ZZZZZ{i + 2}")
        at.button(key="FormSubmitter:live_join-Join").click().run()
        assert [e.value for e in at.error] == [translate("live_no_room", "en", code=f"ZZZZZ{i + 2}")]
    _, code, _ = teacher()
    at.text_input(key="live_join_code").input(code)
    at.button(key="FormSubmitter:live_join-Join").click().run()
    assert [e.value for e in at.error] == [translate("live_blocked", "en")]
    assert "me" not in at.session_state["live_place"]


def test_a_full_room_refuses_the_next_student_in_one_sentence(db):
    """With 500 students in the room, the 501st is told the room is full and does not join."""
    _, code, _ = teacher()
    s = Store(db, join_burst=MAX_STUDENTS)
    for _ in range(MAX_STUDENTS):
        s.join(code, new_student_id())
    at = open_page(PAGE, {"room": code, "lang": "ko"})
    at.button(key="FormSubmitter:live_join-참여").click().run()
    assert [e.value for e in at.error] == [translate("live_full", "ko", max=MAX_STUDENTS)]
    assert "me" not in at.session_state["live_place"]


@pytest.mark.parametrize(
    ("params", "names"),
    [
        ({"room": "xyz", "teacher": "<b>"}, "room, teacher"),
        ({"room": "ABC234", "view": "tv"}, "view"),
        ({"me": "a" * 300}, "me"),
    ],
)
def test_odd_link_values_are_named_and_the_page_still_opens(db, params, names):
    """Unusable link values get one sentence naming them; the page opens what it can."""
    at = open_page(PAGE, {**params, "lang": "en"})
    assert [w.value for w in at.warning][0] == translate("live_bad_link", "en", name=names)
    assert not at.exception


def test_an_unknown_room_in_a_link_offers_the_join_form(db):
    """A link to a room that does not exist (or has expired) says so and shows the join form."""
    at = open_page(PAGE, {"room": "ABC234", "lang": "ko"})
    assert translate("live_no_room", "ko", code="ABC234") in [w.value for w in at.warning]
    assert at.text_input(key="live_join_code").value == "ABC234"


def test_a_student_link_survives_a_server_restart(db):
    """After the server's store is dropped (a restart), the student's link still shows their stored answer."""
    at, code, _ = teacher()
    start(at, "estimate", 8)
    st_at, me = join(code, "lee")
    answer_number(st_at, 0.4)
    live_ui._store.clear()
    again = open_page(PAGE, {"room": code, "me": me, "lang": "en"})
    assert translate("live_sent", "en", answer="0\\.4000") in texts(again)
    assert "You: lee" in texts(again)


def test_an_unreachable_database_gets_one_sentence(monkeypatch):
    """When the database cannot be reached, the page says so in one sentence and shows no traceback."""
    from deploy.harness import free_port

    monkeypatch.setenv("NDCG_DATABASE_URL", f"postgresql://nobody@127.0.0.1:{free_port()}/none?connect_timeout=2")
    at = open_page(PAGE, {"room": "ABC234", "lang": "en"})
    assert [e.value for e in at.error] == [translate("live_store_down", "en")]
    assert not at.exception


def test_a_huge_term_answer_is_refused_and_the_board_still_draws(db):
    """A student's 10**20 for a DCG term is not stored (one sentence), and the teacher's board keeps drawing."""
    at, code, _ = teacher()
    start(at, "term", 11)
    st_at, me = join(code, "big")
    answer_number(st_at, 1e20)
    assert not st_at.exception and (st_at.warning or st_at.error)
    assert Store(db).my_answer(code, 1, me) is None
    at.run()
    assert translate("live_count", "en", answered=0, students=1) in texts(at)


def test_the_reveal_is_drawn_even_when_the_chart_fails(db, monkeypatch):
    """A histogram that raises costs only the chart (one sentence): the count, the answer and the solution still show."""
    at, code, _ = teacher()
    start(at, "term", 11)

    def broken(*args, **kwargs):
        raise RuntimeError("a chart that cannot be drawn")

    monkeypatch.setattr(questions, "bars", broken)
    at.button(key="live_reveal").click().run()
    ex = questions.question("term", 11)
    assert not at.exception
    assert translate("live_chart_failed", "en") in texts(at)
    assert translate("live_right_answer", "en", answer=exercises.answer_text(ex, "en")) in texts(at)


def test_the_reveal_names_every_wrong_answer_once(db):
    """Two answers below the answer and one above: the reveal names the two as the most common mistake and the third
    under its own, so no answer seems miscounted (U18); the table counts each bar's right and mistaken answers."""
    at, code, _ = teacher()
    start(at, "estimate", 36)  # nDCG@5 = 0.3897
    for value in (0.33, 0.32, 0.99, 0.39):
        answer_number(join(code)[0], value)
    at.button(key="live_close").click().run()
    at.button(key="live_reveal").click().run()
    low, high = (translate(k, "en") for k in ("live_slip_low", "live_slip_high"))
    most = translate("live_mistake", "en", count=2, wrong=3, what=low)
    rest = translate("live_mistake_others", "en", rest=translate("live_mistake_item", "en", count=1, what=high))
    assert f"{most}  \n{rest}" in [i.value for i in at.info]
    at.session_state["live_teacher_chart_as_table"] = True
    at.run()
    table = at.table[-1].value
    assert table.iloc[3, 1:].tolist() == [3, 1, 2]  # 0.3–0.4: three answers, one right, two of the common mistake


def test_the_suggested_seed_comes_from_every_seed_the_exercises_take(db, monkeypatch):
    """The teacher's seed box suggests a seed drawn from all of 0–999,999,999, not from 0–999 (review 3, X14)."""
    asked = []
    monkeypatch.setattr(live_ui.secrets, "randbelow", lambda n: asked.append(n) or n - 1)
    at, _, _ = teacher()
    assert asked and set(asked) == {exercises.MAX_SEED}
    assert at.number_input(key="live_seed").value == exercises.MAX_SEED - 1


def test_the_teacher_link_is_hidden_until_asked_for(db):
    """Beside the QR code only the students' and the projector's links show; the teacher link needs its own toggle."""
    at, code, key = teacher()
    shown = " ".join([*(c.value for c in at.code), texts(at)])
    assert f"/live?room={code}&j={Store(db).join_token(code)}&lang=en" in shown and key not in shown
    assert at.image  # the QR code of the join link
    at.toggle(key="live_show_teacher_link").set_value(True).run()
    assert any(key in c.value for c in at.code)


def test_look_alike_nicknames_are_told_apart_by_number(db):
    """A second "alice" (here with a zero-width space) is refused in one sentence and joins under another name; the
    teacher's table shows each student with their number, "alice (#1)", and the CSV names it (review 3, X10)."""
    at, code, key = teacher()
    start(at, "estimate", 3)
    first, _ = join(code, "alice")
    twin, me = join(code, "\u200balice")
    assert me is None and [e.value for e in twin.error] == [translate("live_nickname_taken", "en", name="alice")]
    twin.text_input(key="live_join_name").input("alice 2")
    twin.button(key=f"FormSubmitter:live_join-{translate('live_join', 'en')}").click().run()
    for student in (first, twin):
        answer_number(student, 0.5)
    at.session_state["live_answers"] = True
    at.run()
    names = at.table[-1].value.iloc[:, 0].tolist() if at.table else at.dataframe[-1].value.iloc[:, 0].tolist()
    assert names == ["alice (#1)", "alice 2 (#2)"]
    rows = list(csv.DictReader(io.StringIO(live_ui.export_csv(code, key).decode("utf-8-sig"))))
    assert [(r["student"], r["nickname"]) for r in rows] == [("1", "alice"), ("2", "alice 2")]


# ---------------------------------------------------------------- review 3: X2 (flood), X3 (shared address), X4 (oracle)


def go_back_to(at, monkeypatch, params: dict[str, str]) -> None:
    """Run ``at`` as the browser's Back button does: a history-navigation rerun to the address ``params``."""
    from types import SimpleNamespace

    from ui import session

    at.query_params.clear()
    for name, value in params.items():
        at.query_params[name] = value
    with monkeypatch.context() as m:
        m.setattr(session, "get_script_run_ctx", lambda: SimpleNamespace(is_history_navigation=True))
        at.run()


def submit_join(at, code: str = "", lang: str = "en") -> None:
    if code:
        at.text_input(key="live_join_code").input(code)
    at.button(key=f"FormSubmitter:live_join-{translate('live_join', lang)}").click().run()


def test_a_session_that_joined_gets_its_own_student_back_never_a_new_one(db, monkeypatch):
    """Back to the join link after joining opens the same student; the join form sent again from that session
    (even as a bare ?room= page) gives the same student, so one session is one student."""
    _, code, _ = teacher()
    st_at, me = join(code, "ann")
    go_back_to(st_at, monkeypatch, {"room": code, "lang": "en"})
    assert st_at.session_state["live_place"] == {"room": code, "me": me}
    for _ in range(3):
        st_at.session_state["live_place"] = {"room": code}  # a page that shows the join form again
        st_at.run()
        submit_join(st_at, code)
        assert st_at.session_state["live_place"].get("me") == me
    assert Store(db).tally(code, 1) == (1, 0)


def test_the_teacher_sees_the_count_locks_joining_and_removes_students(db):
    """The teacher's page counts the students; Lock joining refuses a new student in one sentence (ko and en)
    while the class stays; removing a student deletes them; Reopen joining lets students in again."""
    at, code, key = teacher()
    start(at, "estimate", 5)
    join(code, "ann")
    bot, _ = join(code, "bot")
    answer_number(join(code, "kim")[0], 0.5)
    at.run()
    assert translate("live_students_count", "en", n=3) in texts(at)
    at.button(key="live_lock").click().run()
    assert Store(db).room(code).locked and translate("live_locked_note", "en") in texts(at)
    for lang in ("en", "ko"):
        late = open_page(PAGE, {"room": code, "lang": lang})
        submit_join(late, lang=lang)
        assert [e.value for e in late.error] == [translate("live_locked", lang)]
        assert "me" not in late.session_state["live_place"]
    bot.run()
    assert "You: bot" in texts(bot)  # students in the room stay
    at.multiselect(key="live_remove_pick").set_value([2])
    at.button(key="FormSubmitter:live_remove-Remove the selected students").click().run()
    assert [m.nickname for m in Store(db).roster(code, key)] == ["ann", "kim"]
    assert translate("live_students_count", "en", n=2) in texts(at)
    at.button(key="live_remove_silent").click().run()  # ann never answered question 1
    assert [m.nickname for m in Store(db).roster(code, key)] == ["kim"]
    at.button(key="live_lock").click().run()
    assert not Store(db).room(code).locked
    assert join(code, "lee")[1] is not None


def test_a_paced_join_is_told_when_to_try_again(db, monkeypatch):
    """When the room has just taken its burst of new students, the next one is told in one sentence to press
    Join again in a few seconds, and does not join."""
    _, code, _ = teacher()
    paced = Store(db, join_burst=1, join_rate=0.001)
    monkeypatch.setattr(live_ui, "store", lambda: paced)
    join(code, "first")
    for lang in ("en", "ko"):
        at = open_page(PAGE, {"room": code, "lang": lang})
        submit_join(at, lang=lang)
        assert [e.value for e in at.error] == [translate("live_paced", lang, seconds=60)]
        assert "me" not in at.session_state["live_place"]
    paced.close()


def test_a_student_who_came_by_the_rooms_qr_link_joins_from_the_reserve_a_flood_cannot_reach(db, monkeypatch):
    """With the room's burst spent, a tab that opened the room's own link (its QR code's ``j=`` token) joins at once,
    and the token leaves the address; a tab with only the code is paced (issue 23)."""
    _, code, _ = teacher()
    paced = Store(db, join_burst=1, join_rate=0.001, join_reserve=1)
    monkeypatch.setattr(live_ui, "store", lambda: paced)
    join(code, "bot")
    token = paced.join_token(code)
    at = open_page(PAGE, {"room": code, "j": token, "lang": "en"})
    assert "j" not in at.query_params
    submit_join(at)
    assert at.session_state["live_place"].get("me") and not at.error
    late = open_page(PAGE, {"room": code, "lang": "en"})
    submit_join(late)
    assert [e.value for e in late.error] == [translate("live_paced", "en", seconds=60)]
    paced.close()


def test_a_busy_database_is_worded_as_a_busy_server_not_an_unreachable_one(db, monkeypatch):
    """A join whose write waited past the limit (StoreBusy, or SQLite's "database is locked") is told the server is
    busy and to press again, in one sentence; any other database failure still says it cannot be reached."""
    import sqlite3

    from sqlalchemy.exc import OperationalError

    from live.store import StoreBusy

    _, code, _ = teacher()
    failures = {
        "busy": StoreBusy("waited"),
        "locked": OperationalError("BEGIN IMMEDIATE", {}, sqlite3.OperationalError("database is locked")),
        "down": OperationalError("connect", {}, sqlite3.OperationalError("unable to open database file")),
    }
    for what, exc in failures.items():

        def fail(*args, exc=exc, **kwargs):
            raise exc

        monkeypatch.setattr(Store, "join", fail)
        at = open_page(PAGE, {"room": code, "lang": "en"})
        submit_join(at)
        want = "live_store_down" if what == "down" else "live_store_busy"
        assert [e.value for e in [*at.error, *at.warning]] == [translate(want, "en")], what
        assert not at.exception and "me" not in at.session_state["live_place"]


def test_a_cached_room_that_expires_mid_read_is_read_again_not_a_traceback(monkeypatch):
    """Streamlit's TTL cache raises KeyError when an entry expires between its own check and read; the room and
    its current question are then asked for once more (issue 23: a traceback in the attacked class's log)."""
    for name, public in (("_room", live_ui.room), ("_current_question", live_ui.current_question)):
        calls = []

        def flaky(url, code, calls=calls):
            calls.append(code)
            if len(calls) == 1:
                raise KeyError("7d186efc7358d66c8655699b71fe4363")
            return f"value of {code}"

        monkeypatch.setattr(live_ui, name, flaky)
        assert public("ABCD2345") == "value of ABCD2345" and calls == ["ABCD2345", "ABCD2345"]


def test_one_guessing_tab_does_not_keep_its_classmates_out(db):
    """A school shares one address: after the address made ADDRESS_LIMIT failed joins this minute, a tab that has
    not failed still joins with the right code, while a tab that failed is blocked."""
    _, code, _ = teacher()
    s = Store(db)
    for _ in range(live_ui.ADDRESS_LIMIT):
        s.note_failed_join("ip:unknown")  # AppTest's address
    classmate = open_page(PAGE, {"lang": "en"})
    submit_join(classmate, code)
    assert classmate.session_state["live_place"].get("me")
    guesser = open_page(PAGE, {"lang": "en"})
    submit_join(guesser, "ZZZZZZZZ")
    submit_join(guesser, code)
    assert [e.value for e in guesser.error] == [translate("live_blocked", "en")]
    assert live_ui.ADDRESS_LIMIT >= 300  # far above a class of 60 mistyping a few times each


def test_links_to_rooms_that_do_not_exist_are_counted_guesses_checked_before_the_lookup(db, monkeypatch):
    """Opening ?room=CODE (or the projector view) of a room that does not exist counts as a failed join, once per
    code; after five, the session is told it is blocked and no room is looked up, even the real one."""
    _, code, _ = teacher()
    at = open_page(PAGE, {"lang": "en"})
    guesses = ["ZZZZZZZZ", "ZZZZZZZY", "ZZZZZZ", "ZZZZZZZX", "ZZZZZZZW"]
    for i, guess in enumerate(guesses):
        view = {"view": "projector"} if i % 2 else {}
        go_back_to(at, monkeypatch, {"room": guess, **view, "lang": "en"})
        assert translate("live_no_room", "en", code=guess) in [w.value for w in at.warning]
        at.run()  # a rerun of the same page is not another guess
    looked = []
    monkeypatch.setattr(live_ui, "room", lambda c: looked.append(c))
    for view in ({}, {"view": "projector"}):
        go_back_to(at, monkeypatch, {"room": code, **view, "lang": "en"})
        assert translate("live_blocked", "en") in [w.value for w in at.warning]
        assert not [h for h in at.header if code in h.value]
    assert looked == []
    assert Store(db).join_blocked("ip:unknown", limit=len(guesses))


def test_a_deleted_database_file_is_said_to_teacher_and_students(tmp_path, monkeypatch):
    """The SQLite file deleted mid-class: a student's next answer is not acknowledged, the student and the teacher
    read one sentence saying the class's data is lost, and a new room works again (review 3, X6)."""
    path = tmp_path / "live.sqlite3"
    monkeypatch.setenv("NDCG_DATABASE_URL", f"sqlite:///{path}")
    at, code, _ = teacher()
    start(at, "estimate", 5)
    st_at, _ = join(code, "kim")
    answer_number(st_at, 0.5)
    for suffix in ("", "-wal", "-shm"):
        path.with_name(path.name + suffix).unlink(missing_ok=True)
    answer_number(st_at, 0.7)
    gone = translate("live_store_gone", "en")
    assert gone in [e.value for e in st_at.error] and not st_at.success and not st_at.exception
    at.run()
    assert gone in [e.value for e in at.error] and not at.exception
    again, new_code, _ = teacher()
    assert new_code != code and Store(f"sqlite:///{path}").room(new_code) is not None


def test_a_session_turned_away_at_the_door_waits_longer_before_each_next_run(db, door_waits, monkeypatch):
    """A session refused at the door (wrong codes, then blocked) waits before each next run of the live page, a
    quarter second after one refusal and doubling up to 4 s; a classmate never refused never waits, nor a session
    once it has joined (X2–X4)."""
    from live.store import FIRST_RETRY_WAIT, LONGEST_RETRY_WAIT, retry_wait

    assert [retry_wait(n) for n in range(8)] == [0.0, 0.25, 0.5, 1.0, 2.0, 4.0, 4.0, 4.0]
    assert (FIRST_RETRY_WAIT, LONGEST_RETRY_WAIT) == (0.25, 4.0)
    monkeypatch.setattr(live_ui, "_clock", lambda: 100.0)  # no time passes between runs: each wait is whole
    _, code, _ = teacher()
    classmate = open_page(PAGE, {"lang": "en"})
    submit_join(classmate, code)
    classmate.run()
    assert classmate.session_state["live_place"].get("me") and door_waits == []
    guesser = open_page(PAGE, {"lang": "en"})
    for i in range(7):  # five wrong codes, then two tries that are told the session is blocked
        submit_join(guesser, f"ZZZZZZZ{i + 2}")
    assert [e.value for e in guesser.error] == [translate("live_blocked", "en")]
    # Each submit's run waits what its refusals so far ask (less the time since the previous run began: none here).
    assert door_waits == [retry_wait(n) for n in range(1, 8)]
    classmate.run()  # the classmate's tab, same address, is still served at once
    assert len(door_waits) == 7 and classmate.session_state["live_place"].get("me")
    late = open_page(PAGE, {"lang": "en"})  # mistypes twice, then joins: once in, never slowed
    submit_join(late, "ZZZZZZZ2")
    submit_join(late, "ZZZZZZZ3")
    submit_join(late, code)
    assert late.session_state["live_place"].get("me") and len(door_waits) == 9
    late.run()
    assert len(door_waits) == 9
