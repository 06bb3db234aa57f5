"""The live class (/live): its place in the address and what a session keeps, the room store, the
client's address for the join limit, a question as the class sees it, a student's answer form,
and the board (count, histogram, reveal) that the projector and the teacher's page redraw every
two seconds.

Every number comes from ``live.questions``; every row comes from ``live.store``. Nicknames are user text:
they reach the page through ``plain`` (markdown) or a table cell (``tables.show``), never as HTML.
"""

from __future__ import annotations

import functools
import json
import logging
import secrets
import time
from collections.abc import Callable, Mapping
from datetime import UTC, datetime

import pandas as pd
import pyarrow as pa
import streamlit as st
from sqlalchemy.exc import OperationalError, SQLAlchemyError
from streamlit.runtime.scriptrunner_utils.script_run_context import get_script_run_ctx

from live import links, questions
from live.store import (
    FAILED_JOIN_LIMIT,
    FAILED_JOIN_WINDOW,
    Answer,
    NoRoom,
    NotTeacher,
    Question,
    QuestionClosed,
    Room,
    Store,
    StoreBusy,
    StoreGone,
    database_url,
    retry_wait,
)
from teach import exercises, model, worksheet
from teach.format import fmt
from ui import failsafe, figures, session, tables
from ui.components.sortable import sortable_list
from ui.features import live_board
from ui.i18n import T, translate
from ui.session import PageState, Slot

POLL = 2.0  # seconds between a projector's (or the teacher's) looks at the room
STUDENT_POLL = 3.0  # seconds between a student's looks: each costs the server ~9 ms, 60 students ~20 a second
LOOPBACK = ("127.0.0.1", "::1")
# Failed joins (wrong codes, links to no room) a minute from one address before that address's tabs that have
# failed themselves are blocked; a tab that has not failed never is (a school shares one address). A tab's own
# limit is the store's FAILED_JOIN_LIMIT, counted in its session.
ADDRESS_LIMIT = 300


PATH = "live"
_PLACE = Slot("live_place")  # {"room": CODE, and "teacher", "view" or "me"}: the live page's address
_PROBLEM = Slot("live_problem")
_SEEN = Slot("live_seen")  # (question no, state) the student's page last drew
_ORDERS = Slot("live_orders")  # question key -> the order a student dragged
_SEED = Slot("live_next_seed")
_NOTE = Slot("live_note")
_FAILS = Slot("live_fails")  # times of this session's failed joins
_MINE = Slot("live_mine")  # room code -> this session's student id in it: a session joins a room once
_MISSED = Slot("live_missed")  # codes this session's links named that held no room (each counted once)
_REFUSED = Slot("live_refused")  # times this session was turned away at the door, failed joins included
_LAST_RUN = Slot("live_last_run")  # when this session's last run of the live page began (time.monotonic)
_VIA = Slot("live_via")  # room code -> the join token of the link this session came by (the room's QR code)


def read(params: Mapping[str, str]) -> None:
    """Take the live class's place from a link; unusable values are dropped and named (``live_bad_link``). A join
    token (``j``, the room's QR code) is kept by the session for its join and left out of the address."""
    found, bad = links.read(params)
    if (token := found.pop("j", None)) is not None:
        _VIA.setdefault({})[found["room"]] = token
    if found.keys() == {"room"} and _MINE.get({}).get(found["room"]):  # Back to the join link: the same student
        found["me"] = _MINE.get()[found["room"]]
    _PLACE.set(found)
    _PROBLEM.set(("live_bad_link", {"name": ", ".join(bad)}) if bad else None)


def place() -> dict[str, str]:
    """Where the live page is: the room's code, and the teacher's key, the projector view or the student's id."""
    if not _PLACE.held():  # a session that started before the live class existed (a server reloaded under it)
        read({k: st.query_params[k] for k in st.query_params})
    return _PLACE.get()


def _join_link() -> dict[str, str]:
    """The shared link of a live class: its join link only, never the teacher's key or a student's id; on the
    teacher's and the projector's pages it carries the room's join token (``join_params``)."""
    where = place()
    room = where.get("room")
    if not room:
        return {}
    return {"room": room, **(join_params(room) if where.keys() & {"teacher", "view"} else {})}


def join_params(code: str) -> dict[str, str]:
    """What the room's own join link (its QR code, on the projector and the teacher's page) adds to ``room=CODE``:
    the room's join token, so a student who came by it may join from the room's reserve (issue 23)."""
    token = _twice(_join_token, database_url(), code)
    return {"j": token} if token else {}


def link_token(code: str) -> str | None:
    """The join token of the link this session came to room ``code`` by, if any (for ``Store.join``)."""
    return _VIA.get({}).get(code)


STATE = PageState(PATH, frozenset(links.PARAMS_SET), read, place, share=_join_link)


def set_place(**where: str) -> None:
    """Go to another place of the live page (e.g. ``room=CODE, me=ID`` after joining)."""
    _PLACE.set({k: v for k, v in where.items() if v})
    _PROBLEM.set(None)
    _SEEN.pop()


def link_problem() -> model.Problem | None:
    return _PROBLEM.get()


def seen():
    return _SEEN.get()


def set_seen(stamp) -> None:
    _SEEN.set(stamp)


def dragged_order(key: str, start: tuple[int, ...]) -> tuple[int, ...]:
    """The order a student has dragged a live question's items into (``start`` until the first move)."""
    return _ORDERS.get({}).get(key, start)


def set_dragged_order(key: str, value: tuple[int, ...]) -> None:
    _ORDERS.setdefault({})[key] = value


def next_seed() -> int:
    """The question number the teacher's form suggests: a fresh one after each question started."""
    if not _SEED.held():
        _SEED.set(secrets.randbelow(exercises.MAX_SEED))
    return _SEED.get()


def new_seed(widget_key: str) -> None:
    """A fresh suggestion after a question started: the seed box ``widget_key`` shows it on the next run."""
    _SEED.set(secrets.randbelow(exercises.MAX_SEED))
    Slot(widget_key).pop()


def set_note(note: model.Problem) -> None:
    """A sentence for the next run of the live page (a failed join, a database that did not answer)."""
    _NOTE.set(note)


def pop_note() -> model.Problem | None:
    return _NOTE.pop()


@st.cache_resource(show_spinner=False)
def _store(url: str) -> Store:
    """One store (an engine and its connection pool) per database per process, shared by every session."""
    return Store(url)


def store() -> Store:
    return _store(database_url())


# A class of 60 looks at its room about 20 times a second; what every look asks first (does the room exist, which
# question is current) is read from the database at most once a second per process. The values are frozen
# dataclasses, so sessions may share them. A teacher's step in this process forgets them at once; other replicas
# and their students see it within a second more.
@st.cache_resource(ttl=1.0, max_entries=1000, show_spinner=False)
def _room(url: str, code: str) -> Room | None:
    return _store(url).room(code)


@st.cache_resource(ttl=1.0, max_entries=1000, show_spinner=False)
def _current_question(url: str, code: str) -> Question | None:
    return _store(url).current_question(code)


@st.cache_resource(ttl=60.0, max_entries=1000, show_spinner=False)
def _join_token(url: str, code: str) -> str | None:
    return _store(url).join_token(code)


def _twice(cached: Callable, url: str, code: str):
    """``cached(url, code)``, asked again when Streamlit 1.67's TTL cache raises KeyError: its read checks an
    entry's expiry twice (``in``, then ``[]``), and an entry that expires in between (a 1-second TTL, a busy
    server) raises instead of being made again (issue 23: a traceback under attack). The second ask makes it."""
    try:
        return cached(url, code)
    except KeyError:
        return cached(url, code)


def room(code: str) -> Room | None:
    return _twice(_room, database_url(), code)


def current_question(code: str) -> Question | None:
    return _twice(_current_question, database_url(), code)


def forget_rooms() -> None:
    """After a teacher's step: the next look reads the database."""
    _room.clear()
    _current_question.clear()


def clients() -> tuple[str, str]:
    """Who is joining, for the limits on failed joins: (this browser tab, its address). The address is the last
    X-Forwarded-For entry, which a proxy on this machine appended, when the connection comes from loopback."""
    ip = st.context.ip_address
    ip = ip if isinstance(ip, str) else ""  # AppTest has no address
    forwarded = st.context.headers.get("X-Forwarded-For") if ip in LOOPBACK else None
    if forwarded:
        ip = forwarded.split(",")[-1].strip()
    ctx = get_script_run_ctx()
    return f"tab:{ctx.session_id if ctx else 'none'}", f"ip:{ip or 'unknown'}"


def _recent(times: tuple[float, ...], now: float) -> tuple[float, ...]:
    """The times within the last FAILED_JOIN_WINDOW seconds."""
    return tuple(t for t in times if t > now - FAILED_JOIN_WINDOW)


def _my_failures(now: float) -> tuple[float, ...]:
    return _recent(_FAILS.get(()), now)


def join_blocked(s: Store) -> bool:
    """Whether this tab may not try a code now: it failed five times this minute, or it failed at all while its
    address made ADDRESS_LIMIT failures this minute. A tab that has not failed is never blocked, so one student
    guessing behind a school's shared address does not keep the class out. Asked before any room is looked up."""
    mine = _my_failures(time.time())
    if not mine:
        return False
    return len(mine) >= FAILED_JOIN_LIMIT or s.join_blocked(clients()[1], limit=ADDRESS_LIMIT)


def failed_join(s: Store, code: str = "") -> None:
    """Count one failed join (a wrong code, a link to the room ``code`` that does not exist) for this tab and its
    address."""
    now = time.time()
    if code:
        _MISSED.setdefault(set()).add(code)
    _FAILS.set((*_my_failures(now), now))
    s.note_failed_join(clients()[1], now)


def refused() -> None:
    """Count one refusal of this session at the door (a blocked, paced, locked or full room; failed joins count
    through ``failed_join``): its next runs wait (``wait_after_refusals``)."""
    now = time.time()
    _REFUSED.set((*_recent(_REFUSED.get(()), now), now))


_sleep = time.sleep  # tests record the waits instead (tests/conftest.py) ...
_clock = time.monotonic  # ... and may hold this clock still


def wait_after_refusals() -> float:
    """Before the live page draws: a session turned away at the door within the last minute waits until
    ``retry_wait(refusals)`` seconds after its previous run began, asleep (no CPU, no GIL). So a tab that floods
    the door or guesses codes makes one run every few seconds whatever it sends, while the class's runs go on; a
    session never refused never waits, nor one in a room it has joined or opened (a student who mistyped the code
    twice is not slowed once in). Returns the seconds waited."""
    code = _PLACE.get({}).get("room")
    if code and known_room(code):
        return 0.0
    now = time.time()
    refusals = len(_my_failures(now)) + len(_recent(_REFUSED.get(()), now))
    start, last = _clock(), _LAST_RUN.get(None)
    wait = 0.0 if last is None else max(0.0, last + retry_wait(refusals) - start)
    if wait > 0:
        _sleep(wait)
    _LAST_RUN.set(_clock())
    return wait


def missed_room(code: str) -> bool:
    """Whether a link of this session named the room ``code`` before and it did not exist (counted then)."""
    return code in _MISSED.get(set())


def forget_widget(key: str) -> None:
    """Empty the widget ``key`` on the next run (a form's choices once acted on)."""
    Slot(key).pop()


def known_room(code: str) -> bool:
    """Whether this session has joined (or opened) the room ``code``: it learns nothing by opening it again."""
    return code in _MINE.get({})


def my_student(code: str) -> str | None:
    """This session's student id in the room ``code``, if it joined it."""
    return _MINE.get({}).get(code) or None


def remember_room(code: str, student_id: str = "") -> None:
    """This session joined the room ``code`` as ``student_id`` (or opened it: "")."""
    _MINE.setdefault({})[code] = student_id


def busy(exc: BaseException) -> bool:
    """Whether ``exc`` says the database was busy (another writer held it past the wait), not that it is down."""
    if isinstance(exc, StoreBusy):
        return True
    return isinstance(exc, OperationalError) and any(w in str(exc.orig).lower() for w in ("locked", "busy"))


def _log_busy(where: str) -> None:
    """One line, no traceback: a busy database is the server's load, not a fault."""
    logging.getLogger("ndcg_app").warning("the live class's database was busy in %s; asked to press again", where)


def guarded(callback):
    """A button's callback whose database failure becomes one sentence on the next run, not a traceback; a
    database that was only busy says so and asks to press again (issue 23)."""

    @functools.wraps(callback)
    def run(*args):
        try:
            callback(*args)
        except (StoreBusy, OperationalError) as exc:
            if not busy(exc):
                logging.getLogger("ndcg_app").exception("the live class's database failed in %s", callback.__name__)
                set_note(("live_store_down", {}))
                return
            _log_busy(callback.__name__)
            set_note(("live_store_busy", {}))
        except SQLAlchemyError:
            logging.getLogger("ndcg_app").exception("the live class's database failed in %s", callback.__name__)
            set_note(("live_store_down", {}))
        except StoreGone:  # logged once, by the store
            set_note(("live_store_gone", {}))
        except (NoRoom, NotTeacher):
            set_note(("live_no_room", {"code": place().get("room", "")}))

    return run


def store_guarded(draw):
    """A fragment's body whose database failure, or a room gone between two looks, becomes one sentence where it
    draws (a fragment's timed rerun runs only the fragment, outside the page's own handler)."""

    @functools.wraps(draw)
    def run(*args, **kwargs):
        try:
            return draw(*args, **kwargs)
        except (StoreBusy, OperationalError) as exc:
            if not busy(exc):
                logging.getLogger("ndcg_app").exception("the live class's database failed in %s", draw.__name__)
                st.error(T("live_store_down"), icon=":material/cloud_off:")
                return None
            _log_busy(draw.__name__)
            st.warning(T("live_store_busy"), icon=":material/hourglass_top:")
        except SQLAlchemyError:
            logging.getLogger("ndcg_app").exception("the live class's database failed in %s", draw.__name__)
            st.error(T("live_store_down"), icon=":material/cloud_off:")
        except StoreGone:  # logged once, by the store
            st.error(T("live_store_gone"), icon=":material/cloud_off:")
        except (NoRoom, NotTeacher):
            st.warning(T("live_no_room", code=place().get("room", "")), icon=":material/search_off:")
        return None

    return run


def when(ts: float) -> str:
    return datetime.fromtimestamp(ts, UTC).strftime("%Y-%m-%d %H:%M")


def student_name(number: int, nickname: str, lang: str) -> str:
    """A student as the class sees them: the nickname (user text, not escaped here), else "student 17"."""
    return nickname or translate("live_student_n", lang, n=number)


def numbered_name(number: int, nickname: str, lang: str) -> str:
    """A student as the teacher sees them: "alice (#14)", so two students called "alice" are two (review 3, X10)."""
    return (
        translate("live_student_numbered", lang, name=nickname, n=number)
        if nickname
        else student_name(number, "", lang)
    )


# ---------------------------------------------------------------- a question and its answers


@functools.lru_cache(maxsize=256)
def question_table(kind: str, seed: int, lang: str) -> pa.Table:
    """A question's ranking table, built once per process (every poll of every projector draws it again); an
    Arrow table cannot change, so sessions may share it."""
    header, rows = worksheet.table(questions.question(kind, seed), lang)
    return tables.arrow({h: [r[i] for r in rows] for i, h in enumerate(header)})


@functools.lru_cache(maxsize=256)
def wide_table(kind: str, seed: int, lang: str) -> pa.Table:
    """A question's ranking across the screen, for the board: a column per rank, a row of items and a row of grades
    ("better": a row per ranking, each cell "item (grade)"), so seven items take three rows, not eight (U1)."""
    ex = questions.question(kind, seed)
    rank, item, grade = (translate(k, lang) for k in ("col_rank", "col_item", "col_grade"))
    if ex.kind == "better":
        rows = {
            translate("ex_ranking_a", lang): [f"{ex.items[i]} ({ex.grades[i]})" for i in range(len(ex.items))],
            translate("ex_ranking_b", lang): [f"{ex.items[j]} ({ex.grades[j]})" for j in ex.second],
        }
    else:
        rows = {item: list(ex.items), grade: [str(g) for g in ex.grades]}
    columns = {rank: list(rows)} | {str(r + 1): [cells[r] for cells in rows.values()] for r in range(len(ex.items))}
    return tables.arrow(columns)


def show_question(q: Question, *, table: bool = True, board: bool = False) -> exercises.Exercise:
    """The question's number, kind, text and (with ``table``) ranking table; returns its exercise. On the ``board``
    the table runs across the screen and the ideal-order question is told as the class does it."""
    ex = questions.question(q.kind, q.seed)
    lang = session.language()
    st.subheader(f"{T('live_question_no', no=q.no)} · {T(f'ex_kind_{q.kind}')}")
    if q.kind == "ideal":
        st.write(T("live_q_ideal_board") if board else T("live_q_ideal"))
    else:
        st.write(worksheet.question(ex, lang))
    if table:
        tables.show(wide_table(q.kind, q.seed, lang) if board else question_table(q.kind, q.seed, lang))
    if ex.k is not None:
        st.caption(T("ex_only_top_k", k=ex.k, n=len(ex.items)))
    return ex


def answer_text(ex: exercises.Exercise, response_json: str) -> str:
    """A stored answer as one short phrase in the session's language."""
    response = questions.load(ex, response_json)
    if ex.kind == "better":

        def pick(p: str) -> str:
            return exercises.pick_name(p, session.language())

        return T("live_pick_answer", linear=pick(response["linear"]), exponential=pick(response["exponential"]))
    if ex.kind == "ideal":
        return T("live_order_answer", order=", ".join(ex.items[i] for i in response), value=fmt(ex.ndcg(response)))
    return fmt(response)


def answer_form(code: str, q: Question, ex: exercises.Exercise, student_id: str, mine: Answer | None):
    """The answer widgets of an open question and its Send button; a sent answer is stored (replacing the last).

    Returns the place for the student's status, drawn just above the widgets (the drag list: just above Send), so
    "answer sent" shows where the student looked when they pressed Send, on a phone too (U6)."""
    lang = session.language()
    key = f"live_{code}_{q.no}"
    previous = questions.load(ex, mine.response) if mine else None
    response: float | dict[str, str | None] | tuple[int, ...] | None  # a number, picks per gain, or an order
    response, missing = None, False
    status = st.container() if ex.kind != "ideal" else None
    if ex.kind in ("estimate", "term"):
        with st.form(f"{key}_form", border=False):
            label = T("ex_answer_estimate", at=ex.at) if ex.kind == "estimate" else T("ex_answer_term", rank=ex.rank)
            value = st.number_input(
                label,
                min_value=0.0,
                max_value=1.0 if ex.kind == "estimate" else questions.TERM_MAX,
                # an answer stored before the limit is no default (Streamlit raises on a value above max_value)
                value=previous if isinstance(previous, float) and 0 <= previous <= questions.TERM_MAX else None,
                step=0.01,
                format="%.4f",
                key=f"{key}_number",
            )
            sent = st.form_submit_button(T("live_submit"), type="primary")
        response, missing = value, value is None
    elif ex.kind == "better":
        with st.form(f"{key}_form", border=False):
            relabelled = {gain: session.relabel(f"{key}_{gain}") for gain in questions.GAINS}
            picks = {
                gain: st.radio(
                    T("ex_answer_better", gain=exercises.gain_name(gain, lang)),
                    questions.CHOICES,
                    index=questions.CHOICES.index(previous[gain]) if previous and not relabelled[gain] else None,
                    horizontal=True,
                    key=f"{key}_{gain}",
                    format_func=lambda o: exercises.pick_name(o, lang),
                )
                for gain in questions.GAINS
            }
            sent = st.form_submit_button(T("live_submit"), type="primary")
        response, missing = picks, None in picks.values()
    else:
        order = dragged_order(key, previous or tuple(range(len(ex.items))))
        items = [
            {"uid": str(i), "name": ex.items[i], "grade": T("grade_short", g=ex.grades[i]), "bad": False} for i in order
        ]
        text = {
            "hint": T("list_hint"),
            "hint_touch": T("list_hint_touch"),
            "locked": T("list_locked"),
            "label": T("ex_kind_ideal"),
            "up": T("list_up"),
            "down": T("list_down"),
        }

        def on_moved() -> None:
            reported = (session.widget_value(f"{key}_order") or {}).get("moved")
            if isinstance(reported, dict):
                set_dragged_order(key, tuple(int(u) for u in reported.get("order") or order))

        moved = sortable_list(key=f"{key}_order", items=items, text=text, locked=False, on_moved=on_moved)
        if isinstance(moved, dict):  # AppTest sets the component's state without its callback
            reported = tuple(int(u) for u in moved.get("order") or order)
            if sorted(reported) == list(range(len(ex.items))) and reported != order:
                set_dragged_order(key, reported)
                st.rerun()
        status = st.container()
        sent = st.button(T("live_submit"), key=f"{key}_send", type="primary")
        response = order
    assert status is not None  # for type checkers: every kind made its place above
    if sent:
        with status:
            if missing:
                st.warning(T("ex_need_answer"), icon=":material/edit:")
            else:
                send(code, q, ex, student_id, response)
    return status


def send(code: str, q: Question, ex: exercises.Exercise, student_id: str, response) -> None:
    """Store ``response`` as this student's answer; a closed question or a bad answer gets one sentence."""
    try:
        stored = questions.store(ex, response)
    except (TypeError, ValueError):
        why = (
            T("live_answer_range")
            if ex.kind == "estimate"
            else T("live_answer_positive", max=f"{questions.TERM_MAX:g}")
        )
        st.error(T("live_bad_answer", why=why), icon=":material/error:")
        return
    try:
        store().answer(code, q.no, student_id, stored.response, stored.value, stored.correct)
    except QuestionClosed:
        st.warning(T("live_too_late"), icon=":material/timer_off:")
    # No st.rerun(): the student's status, drawn after this in the same place, reads the stored answer in this run.


# ---------------------------------------------------------------- the board: projector and teacher


def histogram(ex: exercises.Exercise, answers: list[Answer], *, revealed: bool) -> dict[str, list]:
    """The class's answers as bars (counts on them). After the reveal each bar splits into its right answers (green:
    the verdict each phone shows, never "the bin holds the answer", U4), its answers of the most common mistake and
    its other wrong answers, animated once on the projector (issue 26). Returns the chart's numbers as a table."""
    lang = session.language()
    bars = questions.bars(
        ex, [(a.response, a.value, a.correct) for a in answers], pick_name=lambda p: exercises.pick_name(p, lang)
    )
    title = (
        T("live_chart_picks")
        if ex.kind == "better"
        else T("live_chart_reached")
        if ex.kind == "ideal"
        else T("live_chart_answers")
    )
    truth = questions.truth(ex)
    legend = {
        "right": T("live_legend_right"),
        "slip": T("live_legend_slip"),
        "wrong": T("live_legend_wrong"),
        "truth": T("live_legend_truth", value=fmt(truth) if truth is not None else ""),
    }
    live_board.draw_chart(bars, title=title, revealed=revealed, truth=truth, legend=legend)
    table: dict[str, list] = {T("live_col_bin"): list(bars.labels), T("live_col_count"): list(bars.counts)}
    if revealed:
        table[T("live_col_right_n")] = list(bars.correct)
        table[T("live_col_slip_n")] = list(bars.slip)
    return table


def _slip_text(key: str, params: dict) -> str:
    shown = {
        k: (
            fmt(v)
            if isinstance(v, float)
            else exercises.pick_name(v, session.language())
            if k in questions.GAINS
            else v
        )
        for k, v in params.items()
        if v is not None
    }
    return T(key, **shown)


def mistakes(ex: exercises.Exercise, answers: list[Answer]) -> None:
    """Every wrong answer named once: the most common mistake with its count, then the others (U18)."""
    slip = questions.mistake(ex, [(a.response, a.value, a.correct) for a in answers])
    if slip is None:
        if answers:
            st.caption(T("live_all_right"))
        return
    what = _slip_text(slip.key, slip.params)
    if slip.wrong == 1:
        line = T("live_mistake_one", what=what)
    elif slip.count == slip.wrong:
        line = T("live_mistake_all", wrong=slip.wrong, what=what)
    else:
        rest = " ".join(T("live_mistake_item", count=n, what=_slip_text(k, p)) for k, p, n in slip.others)
        most = T("live_mistake", count=slip.count, wrong=slip.wrong, what=what)
        line = f"{most}  \n{T('live_mistake_others', rest=rest)}"
    with st.container(key="live_mistake"):  # fades in after the bars have moved (ui.features.live_board)
        st.info(line, icon=":material/lightbulb:")


def reveal(ex: exercises.Exercise, answers: list[Answer], *, solution: bool = True) -> None:
    """The answer, the worked solution (unless drawn apart, ``solution_text``) and every mistake made."""
    lang = session.language()
    st.success(T("live_right_answer", answer=exercises.answer_text(ex, lang)), icon=":material/check_circle:")
    if solution:
        solution_text(ex)
    mistakes(ex, answers)


def solution_text(ex: exercises.Exercise) -> None:
    st.markdown(f"**{T('ex_solution')}**")
    st.text("\n".join(exercises.solution(ex, session.language())))


def board_once(code: str, *, key: str, join: Callable[[bool], None] | None = None) -> None:
    """The room's current question, how many answered, the histogram and (once revealed) the answer, laid out to fit
    one 1280×720 screen (U1): the question across the top, the chart beside the count and the reveal, the worked
    solution under them. The projector also shows how to join (``join(big)``): large before the first question, a
    corner badge beside the question after."""
    s = store()
    q = current_question(code)
    if q is None:
        if join is not None:
            join(True)
        else:
            st.info(T("live_no_question"), icon=":material/hourglass_empty:")
        return
    if join is not None:
        top, badge = st.columns([4, 1], gap="medium")
        with top:
            ex = show_question(q, board=True)
        with badge:
            join(False)
    else:
        ex = show_question(q, board=True)
    students, answered = s.tally(code, q.no)
    answers = s.answers(code, q.no)
    revealed = q.state == "revealed"
    chart, side = st.columns([3, 2], gap="medium")
    table: dict[str, list] | None = None
    with chart:
        try:  # a chart that cannot be drawn costs the chart only, never the reveal beside it (review 3, X1)
            table = histogram(ex, answers, revealed=revealed)
        except Exception:
            logging.getLogger("ndcg_app").exception("the live chart of room %s failed", code)
            st.warning(T("live_chart_failed"), icon=":material/bar_chart:")
        if table is not None:  # the chart's numbers, folded
            figures.as_table(table, f"{key}_chart")
    with side:
        with st.container(key="live_count"):  # markdown, as before: benchmarks/load_room.py reads "### N of M"
            st.markdown(f"### {T('live_count', answered=answered, students=students)} · {T(f'live_state_{q.state}')}")
        if revealed:
            reveal(ex, answers, solution=False)
    if revealed:
        solution_text(ex)


# Redrawn every POLL seconds from the database, so every replica's projector shows the same room. The teacher's
# page polls only while answers can still change: a redraw every two seconds under the question form could
# swallow a click on its menus, and after the reveal the teacher is choosing the next question.
board = st.fragment(run_every=POLL)(failsafe.fragment(store_guarded(board_once)))


def answers_table(ex: exercises.Exercise, answers: list[Answer]) -> None:
    """The teacher's table of this question's answers: student, answer, right or wrong, changes."""
    lang = session.language()
    tables.show(
        {
            T("live_col_student"): [numbered_name(a.number, a.nickname, lang) for a in answers],
            T("live_col_answer"): [answer_text(ex, a.response) for a in answers],
            T("live_col_right"): [T("live_yes") if a.correct else T("live_no") for a in answers],
            T("live_col_changes"): [a.revision - 1 for a in answers],
        },
        static=len(answers) <= tables.STATIC_ROWS,
        height=tables.table_height(len(answers)),
    )


def export_csv(code: str, key: str) -> bytes:
    """Every answer of the room as CSV (formula-safe), with each answer also written out in words."""
    rows = store().export_rows(code, key)
    for row in rows:
        row["response"] = json.dumps(json.loads(row["response"]), ensure_ascii=False)
    columns = [
        "question",
        "kind",
        "seed",
        "student",
        "nickname",
        "response",
        "value",
        "correct",
        "answered_at",
        "updated_at",
        "revision",
    ]
    return tables.csv_bytes(pd.DataFrame(rows, columns=columns))


def place_problem() -> None:
    """The sentence for an unusable value in the link, if any."""
    problem = link_problem()
    if problem is not None:
        key, params = problem
        st.warning(T(key, **params), icon=":material/link_off:")  # the names are the page's own parameters
