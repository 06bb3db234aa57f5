"""Live class: a teacher opens a room, students join with its code, and their answers reach the projector.

The address says who is looking (live/links.py): no room → join or open one; ``room=CODE`` → a student who has
not joined yet; ``room=CODE&me=ID`` → a student; ``room=CODE&view=projector`` → the projector; and
``room=CODE&teacher=KEY`` → the teacher, whose key alone may start, close and reveal a question or download the
answers. Rooms, students, questions and answers live in the database (live/store.py: SQLite by default,
PostgreSQL with NDCG_DATABASE_URL), so a reload, a restart or another replica shows the same room.
"""

import contextlib
import math

import streamlit as st

from live import links, questions
from live.store import (
    DEFAULT_HOURS,
    MAX_STUDENTS,
    NICKNAME_MAX,
    JoinsPaced,
    NicknameTaken,
    NoRoom,
    RoomFull,
    RoomLocked,
    clean_nickname,
    new_student_id,
)
from teach.format import plain
from ui import failsafe, session, share
from ui.features import live, live_board
from ui.i18n import T, labeller

HOURS = (1, 2, 3, 6, 12, 24, 48)


def page_link(**params: str) -> str:
    """This page's full link with ``params`` (and the language)."""
    return share.full_link(st.context.url, live.PATH, {**params, "lang": session.language()})


# ---------------------------------------------------------------- no room yet: join, or open one


@failsafe.callback
@live.guarded
def on_join() -> None:
    """Join the room of the typed code (a failed join counts towards the limit); a session that joined the room
    before gets its own student back, never a new one."""
    s = live.store()
    typed = str(session.widget_value("live_join_code") or "").strip()
    if not typed:
        live.set_note(("live_no_code", {}))
        return
    code = ""
    with contextlib.suppress(ValueError):
        code = links.parse_code(typed)
    if not (code and live.known_room(code)) and live.join_blocked(s):
        live.refused()
        live.set_note(("live_blocked", {}))
        return
    try:
        if not code:
            raise NoRoom(typed)
        student = s.join(
            code,
            live.my_student(code) or new_student_id(),
            str(session.widget_value("live_join_name") or ""),
            token=live.link_token(code),  # came by the room's QR code: may join from its reserve
        )
    except NoRoom:
        live.failed_join(s)
        live.set_note(("live_no_room", {"code": typed[:20]}))
        return
    except RoomFull:
        live.refused()
        live.set_note(("live_full", {"max": MAX_STUDENTS}))
        return
    except RoomLocked:
        live.refused()
        live.set_note(("live_locked", {}))
        return
    except NicknameTaken:
        live.set_note(("live_nickname_taken", {"name": clean_nickname(session.widget_value("live_join_name"))}))
        return
    except JoinsPaced as paced:
        live.refused()
        live.set_note(("live_paced", {"seconds": max(1, math.ceil(min(paced.wait, 60.0)))}))
        return
    live.remember_room(code, student.id)
    live.set_place(room=code, me=student.id)


def join_form(code: str = "") -> None:
    st.subheader(T("live_join_heading"))
    with st.form("live_join", border=True):
        st.text_input(
            T("live_code"),
            key="live_join_code",
            max_chars=12,
            help=T("live_code_help"),
            **session.kept("live_join_code", code),
        )
        st.text_input(
            T("live_nickname"),
            key="live_join_name",
            max_chars=NICKNAME_MAX,
            help=T("live_nickname_help", max=NICKNAME_MAX),
        )
        st.form_submit_button(T("live_join"), type="primary", on_click=on_join, icon=":material/login:")


@failsafe.callback
@live.guarded
def on_open() -> None:
    code, key = live.store().create_room(hours=float(session.widget_value("live_hours") or DEFAULT_HOURS))
    live.remember_room(code)
    live.set_place(room=code, teacher=key)


def open_form() -> None:
    st.subheader(T("live_open_heading"))
    st.caption(T("live_open_lead"))
    with st.form("live_open", border=True):
        st.selectbox(T("live_hours"), HOURS, key="live_hours", **session.kept("live_hours", int(DEFAULT_HOURS), HOURS))
        st.form_submit_button(T("live_open"), on_click=on_open, icon=":material/add_circle:")


# ---------------------------------------------------------------- the teacher


@failsafe.callback
@live.guarded
def on_start(code: str, key: str) -> None:
    kind = session.widget_value("live_kind") or questions.KINDS[0]
    seed = int(session.widget_value("live_seed") or 0)
    live.store().start_question(code, key, kind, seed)
    live.forget_rooms()
    live.new_seed("live_seed")


@failsafe.callback
@live.guarded
def on_close(code: str, key: str, no: int) -> None:
    live.store().close_question(code, key, no)
    live.forget_rooms()


@failsafe.callback
@live.guarded
def on_reveal(code: str, key: str, no: int) -> None:
    live.store().reveal_question(code, key, no)
    live.forget_rooms()


@failsafe.callback
@live.guarded
def on_lock(code: str, key: str, locked: bool) -> None:
    live.store().set_locked(code, key, locked)
    live.forget_rooms()


@failsafe.callback
@live.guarded
def on_remove(code: str, key: str) -> None:
    live.store().remove_students(code, key, session.widget_value("live_remove_pick") or ())
    live.forget_widget("live_remove_pick")


@failsafe.callback
@live.guarded
def on_remove_silent(code: str, key: str, no: int) -> None:
    """Remove everyone who has not answered question ``no`` (a flood of fake students never answers)."""
    s = live.store()
    answered = {a.number for a in s.answers(code, no)}
    s.remove_students(code, key, [m.number for m in s.roster(code, key) if m.number not in answered])


def students_panel(code: str, key: str, q) -> None:
    """How many students joined; lock or reopen joining; remove students (a room flooded with fake ones)."""
    room = live.room(code)
    roster = live.store().roster(code, key)
    locked = room is not None and room.locked
    left, right = st.columns([3, 1], vertical_alignment="center")
    left.markdown(f"**{T('live_students_count', n=len(roster))}**")
    if locked:
        left.caption(T("live_locked_note"))
    right.button(
        T("live_unlock") if locked else T("live_lock"),
        key="live_lock",
        on_click=on_lock,
        args=(code, key, not locked),
        icon=":material/lock_open:" if locked else ":material/lock:",
        width="stretch",
    )
    if not roster:
        return
    with st.expander(T("live_remove_heading"), icon=":material/person_remove:"):
        st.caption(T("live_remove_note"))
        lang = session.language()
        names = {m.number: f"{live.student_name(m.number, m.nickname, lang)} (#{m.number})" for m in roster}
        with st.form("live_remove", border=False):
            st.multiselect(T("live_remove_pick"), list(names), format_func=names.get, key="live_remove_pick")
            st.form_submit_button(
                T("live_remove"), on_click=on_remove, args=(code, key), icon=":material/person_remove:"
            )
        if q is not None:
            st.button(
                T("live_remove_silent", no=q.no),
                key="live_remove_silent",
                on_click=on_remove_silent,
                args=(code, key, q.no),
                icon=":material/group_remove:",
            )


def teacher_view(code: str, key: str) -> None:
    """The teacher's page, first things first (U19): the room and the projector button, then the question to ask and
    its Close / Reveal, the board, and only then the students, the links and the answers."""
    room = live.room(code)
    join_link, projector_link = page_link(room=code, **live.join_params(code)), page_link(room=code, view="projector")
    head, cast = st.columns([3, 1], vertical_alignment="bottom")
    head.header(T("live_room", code=code), anchor=False)
    cast.link_button(T("live_open_projector"), projector_link, icon=":material/cast:", width="stretch")
    st.caption(T("live_expires", when=live.when(room.expires_at)))
    q = live.current_question(code)
    ask_form(code, key, q)

    (live.board_once if q is None or q.state == "revealed" else live.board)(code, key="live_teacher")

    students_panel(code, key, q)
    with st.expander(T("live_links"), icon=":material/link:", expanded=q is None):  # folded once a question runs
        left, right = st.columns([3, 1])
        with left:
            st.markdown(f"**{T('live_student_link')}**")
            st.code(join_link, language=None, wrap_lines=True)
            st.markdown(f"**{T('live_projector_link')}**")
            st.code(projector_link, language=None, wrap_lines=True)
        with right:
            png = share.qr_png(join_link)
            if png is not None:
                st.image(png, caption=T("live_qr_caption"), width="stretch", alt=T("share_qr"))
        # The key stays folded away, even here beside the QR code a teacher may project (review 3, X15).
        if st.toggle(T("live_show_teacher_link"), key="live_show_teacher_link", value=False):
            st.markdown(f"**{T('live_teacher_link')}**")
            st.warning(T("live_teacher_link_note"), icon=":material/key:")
            st.code(page_link(room=code, teacher=key), language=None, wrap_lines=True)
    if q is not None:
        with st.expander(
            T("live_answers_heading"), icon=":material/table:", key="live_answers", on_change="rerun"
        ) as box:
            if box.open:
                live.answers_table(questions.question(q.kind, q.seed), live.store().answers(code, q.no))
    st.download_button(
        T("live_download"),
        lambda: live.export_csv(code, key),
        file_name=f"ndcg_live_{code}.csv",
        mime="text/csv",
        key="live_download",
        on_click="ignore",
        icon=":material/download:",
    )


def ask_form(code: str, key: str, q) -> None:
    """Which question to ask next and its Start button; Close and Reveal for the one running."""
    st.subheader(T("live_ask_heading"), anchor=False)
    with st.form("live_ask", border=True):
        left, right = st.columns([2, 1])
        left.selectbox(
            T("live_kind"),
            questions.KINDS,
            key="live_kind",
            format_func=labeller("ex_kind_"),
            **session.kept("live_kind", questions.KINDS[0], questions.KINDS),
        )
        right.number_input(
            T("live_seed"),
            min_value=0,
            max_value=999_999_999,
            step=1,
            key="live_seed",
            help=T("live_seed_help"),
            **session.kept("live_seed", live.next_seed()),
        )
        st.caption(T("live_start_note"))
        st.form_submit_button(
            T("live_start"), type="primary", on_click=on_start, args=(code, key), icon=":material/play_arrow:"
        )
    if q is not None:
        close, show = st.columns(2)
        close.button(
            T("live_close"),
            key="live_close",
            on_click=on_close,
            args=(code, key, q.no),
            disabled=q.state != "open",
            icon=":material/stop_circle:",
            width="stretch",
        )
        show.button(
            T("live_reveal"),
            key="live_reveal",
            on_click=on_reveal,
            args=(code, key, q.no),
            disabled=q.state == "revealed",
            icon=":material/visibility:",
            width="stretch",
        )


# ---------------------------------------------------------------- the projector


def join_badge(code: str, link: str, big: bool) -> None:
    """How to join: the code, the link and a large QR code while no question runs; then a corner badge, the code
    above a small QR code, beside the question (U1)."""
    png = share.qr_png(link) if big else share.qr_png(link, width=130)
    if big:
        left, right = st.columns([3, 2], vertical_alignment="center")
        with left.container(key="live_code_big"):
            st.title(T("live_projector_code", code=code), anchor=False)
            st.markdown(f"#### {T('live_join_at', link=plain(link))}")
            st.info(T("live_no_question"), icon=":material/hourglass_empty:")
        if png is not None:
            right.image(png, caption=T("live_qr_caption"), width=320, alt=T("share_qr"))
        return
    st.markdown(f"**{T('live_badge_code')}**")
    st.header(code, anchor=False)
    if png is not None:
        # its own whole-pixel size (about 130 px), and PNG: a JPEG's grey fringes make a small code hard to scan
        st.image(png, width="content", output_format="PNG", alt=T("share_qr"))


def projector_view(code: str) -> None:
    """The class's screen: one 1280×720 board at every stage, nothing of the app around it (U1)."""
    link = page_link(room=code, **live.join_params(code))  # the QR code's link carries the room's join token
    live_board.wall()
    with st.container(key="live_wall"):
        live.board(code, key="live_projector", join=lambda big: join_badge(code, link, big))


# ---------------------------------------------------------------- a student


@st.fragment(run_every=live.STUDENT_POLL)
@failsafe.fragment
@live.store_guarded
def my_status(code: str, student_id: str, stamp) -> None:
    """Every few seconds: redraw the page when the teacher has started, closed or revealed a question; else show
    this student's answer as the database holds it (a confirmation drawn here is never lost with a run's end)."""
    s = live.store()
    q = live.current_question(code)
    if (None if q is None else (q.no, q.state)) != stamp:
        st.rerun(scope="app")
    if q is None:
        st.info(T("live_waiting"), icon=":material/hourglass_empty:")
        return
    ex = questions.question(q.kind, q.seed)
    mine = s.my_answer(code, q.no, student_id)
    said = None if mine is None else plain(live.answer_text(ex, mine.response))
    if q.state == "open":
        if mine is not None:
            st.success(T("live_sent", answer=said), icon=":material/send:")
    elif mine is None:
        st.info(T("live_closed_none"), icon=":material/lock:")
    elif q.state == "closed":
        st.info(T("live_closed_yours", answer=said), icon=":material/lock:")
    else:
        st.markdown(T("live_your_answer", answer=said))
        (st.success if mine.correct else st.error)(T("ex_right") if mine.correct else T("ex_wrong"))


def student_view(code: str, student_id: str) -> None:
    s = live.store()
    me = s.student(code, student_id)
    if me is None:
        st.warning(T("live_gone"), icon=":material/person_off:")
        join_form(code)
        return
    st.caption(T("live_you_are", name=plain(live.student_name(me.number, me.nickname, session.language()))))
    q = live.current_question(code)
    stamp = None if q is None else (q.no, q.state)
    if q is None:
        my_status(code, student_id, stamp)
        return
    ex = live.show_question(q, table=not (q.kind == "ideal" and q.state == "open"))
    if q.state == "open":  # the status goes just above the answer widgets: seen right after Send (U6)
        with live.answer_form(code, q, ex, student_id, s.my_answer(code, q.no, student_id)):
            my_status(code, student_id, stamp)
    else:
        my_status(code, student_id, stamp)
    if q.state == "revealed":
        live.reveal(ex, s.answers(code, q.no))


# ---------------------------------------------------------------- which view a link opens


@live.store_guarded  # the room expired, or its key was wrong, between two looks; or the database is down
def room_view(place: dict) -> None:
    code = place.get("room")
    # Every link to a room is a guess until this session has been in it: a blocked session looks nothing up,
    # and a room that does not exist counts as a failed join (once per code), as a wrong typed code does.
    if code is not None and not live.known_room(code):
        s = live.store()
        if live.missed_room(code):
            st.warning(T("live_no_room", code=code), icon=":material/search_off:")
            code = None
        elif live.join_blocked(s):
            live.refused()
            st.warning(T("live_blocked"), icon=":material/block:")
            code = None
        elif live.room(code) is None:
            live.failed_join(s, code)
            st.warning(T("live_no_room", code=code), icon=":material/search_off:")
            code = None
    elif code is not None and live.room(code) is None:
        st.warning(T("live_no_room", code=code), icon=":material/search_off:")
        code = None
    if code is None:
        join, teach = st.columns(2, gap="large")
        with join:
            join_form(place.get("room", ""))
        with teach:
            open_form()
    elif place.get("teacher"):
        if live.store().is_teacher(code, place["teacher"]):
            teacher_view(code, place["teacher"])
        else:
            st.warning(T("live_not_teacher"), icon=":material/key_off:")
            join_form(code)
    elif place.get("view") == "projector":
        projector_view(code)
    elif place.get("me"):
        student_view(code, place["me"])
    else:
        join_form(code)


# ---------------------------------------------------------------- the page

live.wait_after_refusals()  # a session turned away at the door waits before it is served again
place = live.place()
if place.get("view") == "projector":  # the screen is the class's: no menu, nothing but the room
    st.set_page_config(initial_sidebar_state="collapsed")
if place.get("view") != "projector":  # the wall shows the room only: its code is its title
    st.title(T("live_title"))
if not ({"teacher", "view", "me"} & place.keys()):  # the lead greets newcomers; it would push a question down
    st.write(T("live_lead"))
live.place_problem()
note = live.pop_note()
if note is not None:
    st.error(
        T(note[0], **{k: plain(v) if isinstance(v, str) else v for k, v in note[1].items()}),  # a typed code
        icon=":material/error:",
    )
room_view(place)
