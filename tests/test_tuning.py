"""The server's run-time tuning (ui/tuning.py, issue 27 item 4): installed on the pinned Streamlit only, events handled
in order with one event-loop wake-up per batch, widgets reading one key, and the heap frozen once."""

from __future__ import annotations

import gc

import pytest
import streamlit
from streamlit.runtime.app_session import AppSession
from streamlit.runtime.scriptrunner import ScriptRunnerEvent
from streamlit.runtime.state import session_state as ss
from streamlit.testing.v1 import AppTest

from tests.conftest import ROOT
from ui import tuning


@pytest.fixture(scope="module")
def steps() -> AppTest:
    """/steps after one run of the app, which installs the tuning in this process."""
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.query_params.update({"items": "A,B,C", "rel": "1,3,2", "k": "3"})
    return at.switch_page("lessons/steps.py").run()


def test_the_tuning_is_written_for_the_streamlit_this_project_pins(steps):
    """The app installs the tuning, and only on Streamlit 1.67.0: an upgrade fails here until the patches are
    re-read against the new version (ui/tuning.py, its private names) and re-measured (benchmarks/bench_tuning.py)."""
    pinned = next(
        line.split("==")[1].strip()
        for line in (ROOT / "requirements.txt").read_text().splitlines()
        if line.startswith("streamlit==")
    )
    assert streamlit.__version__ == pinned == tuning.STREAMLIT_VERSION
    assert tuning.installed()
    assert AppSession._on_scriptrunner_event.__module__ == "ui.tuning"


def test_off_in_the_environment_leaves_streamlit_as_it_is(monkeypatch):
    """NDCG_STREAMLIT_TUNING=off asks for none of the three (the benchmark's other side)."""
    monkeypatch.setenv("NDCG_STREAMLIT_TUNING", "off")
    assert not tuning.wanted()
    monkeypatch.setenv("NDCG_STREAMLIT_TUNING", "on")
    assert tuning.wanted()


class FakeSession:
    """What the patched handler uses of an AppSession: the loop's call_soon and the on-loop handler."""

    def __init__(self, fail: bool = False):
        self.scheduled: list = []
        self.handled: list = []
        self.fail = fail

    def _call_soon_on_event_loop(self, callback) -> None:
        if self.fail:
            raise RuntimeError("the loop is gone")
        self.scheduled.append(callback)

    def _handle_scriptrunner_event_on_event_loop(self, sender, event, forward_msg=None, **rest) -> None:
        if forward_msg == "bad":
            raise ValueError("a message that fails")
        self.handled.append((sender, event, forward_msg))


def test_a_run_s_events_wake_the_loop_once_and_are_handled_in_the_order_sent(steps):
    """Five events sent before the loop runs schedule one callback, which handles all five in order; an event after
    it has run schedules the next. Streamlit 1.67 wakes the loop once per message (five callbacks)."""
    session = FakeSession()
    sent = [("runner", ScriptRunnerEvent.ENQUEUE_FORWARD_MSG, f"msg {i}") for i in range(5)]
    for sender, event, msg in sent:
        AppSession._on_scriptrunner_event(session, sender, event=event, forward_msg=msg)
    assert len(session.scheduled) == 1
    session.scheduled[0]()
    assert session.handled == sent
    AppSession._on_scriptrunner_event(session, "runner", ScriptRunnerEvent.SCRIPT_STOPPED_WITH_SUCCESS)
    assert len(session.scheduled) == 2
    session.scheduled[1]()
    assert session.handled[-1] == ("runner", ScriptRunnerEvent.SCRIPT_STOPPED_WITH_SUCCESS, None)


def test_an_event_that_fails_on_the_loop_does_not_stop_the_ones_after_it(steps, caplog):
    """An event whose handling fails is logged, and the events sent after it in the same batch are still handled,
    as they were when each event had its own callback."""
    session = FakeSession()
    for msg in ("one", "bad", "three"):
        AppSession._on_scriptrunner_event(
            session, "runner", event=ScriptRunnerEvent.ENQUEUE_FORWARD_MSG, forward_msg=msg
        )
    session.scheduled[0]()
    assert [m for _, _, m in session.handled] == ["one", "three"]
    assert "a script runner event failed" in caplog.text


def test_an_event_the_loop_cannot_take_is_not_kept(steps):
    """When the loop refuses the callback, the error reaches the sender as before and the queue is emptied, so the
    next event asks the loop again instead of waiting behind a callback that will never run."""
    session = FakeSession(fail=True)
    with pytest.raises(RuntimeError, match="the loop is gone"):
        AppSession._on_scriptrunner_event(session, "runner", event=ScriptRunnerEvent.SCRIPT_STARTED)
    session.fail = False
    AppSession._on_scriptrunner_event(session, "runner", event=ScriptRunnerEvent.SCRIPT_STARTED)
    assert len(session.scheduled) == 1


def test_a_move_on_the_step_page_copies_the_session_state_nowhere(steps, monkeypatch):
    """A Reverse on /steps draws its four radios and three selectboxes without one copy of the whole session state
    (Streamlit 1.67 makes one per radio and selectbox: seven per run)."""
    copies = []
    whole = ss.SessionState.filtered_state.fget
    monkeypatch.setattr(ss.SessionState, "filtered_state", property(lambda self: copies.append(1) or whole(self)))
    steps.button(key="steps_reverse").click().run()
    assert not steps.exception
    assert len(steps.radio) >= 3 and len(steps.selectbox) >= 3
    assert copies == []


def test_no_component_on_the_step_page_is_sent_a_list_that_streamlit_would_search_for_a_table(steps, monkeypatch):
    """Every list in a component's data on /steps is sent as a tuple: Streamlit searches each top-level list for a
    table (~0.1 ms a list, every run) and skips tuples, and JSON writes both as arrays."""
    from streamlit.components.v2.bidi_component import main

    sent = []
    original = main.serialize_mixed_data
    monkeypatch.setattr(main, "serialize_mixed_data", lambda data, proto: sent.append(data) or original(data, proto))
    steps.button(key="steps_reverse").click().run()
    assert not steps.exception
    assert len(sent) >= 3  # the list, its bars and the translator of Streamlit's own words
    lists = {key for data in sent if isinstance(data, dict) for key, value in data.items() if isinstance(value, list)}
    assert lists == set()


SECTIONS = ("theme", "theme.light", "theme.dark", "theme.sidebar", "theme.light.sidebar", "theme.dark.sidebar")


def _theme_bytes(populate) -> bytes:
    """A new-session message's theme, its six sections filled as ``AppSession`` fills them, as bytes."""
    from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

    theme = ForwardMsg().new_session.custom_theme
    for section, msg in zip(
        SECTIONS, (theme, theme.light, theme.dark, theme.sidebar, theme.light.sidebar, theme.dark.sidebar), strict=True
    ):
        populate(msg, section)
    return theme.SerializeToString(deterministic=True)


def test_the_theme_made_once_is_byte_for_byte_the_one_streamlit_makes_every_run(steps):
    """With the app's config, the six theme sections of a new-session message are the same bytes, made once or
    afresh (the empty sections stay unset, not empty messages)."""
    from streamlit.runtime import app_session

    patched = app_session._populate_theme_msg
    assert patched.__wrapped__ is not patched
    once = _theme_bytes(patched)
    assert once and once == _theme_bytes(patched) == _theme_bytes(patched.__wrapped__)


def test_a_config_read_again_is_used_for_the_theme_at_once(steps, monkeypatch):
    """A new options table (the config read again) gives the theme from it in the next message, not the one made
    before."""
    import copy

    from streamlit import config
    from streamlit.runtime import app_session

    before = _theme_bytes(app_session._populate_theme_msg)
    table = copy.deepcopy(config.get_config_options())
    table["theme.primaryColor"].set_value("#d55e00", "test")
    monkeypatch.setattr(config, "get_config_options", lambda *a, **k: table)
    after = _theme_bytes(app_session._populate_theme_msg)
    assert after != before and b"#d55e00" in after
    assert after == _theme_bytes(app_session._populate_theme_msg.__wrapped__)


SCRIPT = """
import streamlit as st
from ui import tuning
tuning.install()
if st.session_state.get("cleared"):
    st.session_state["pick"] = None
    st.session_state["size"] = None
st.radio("pick", ["a", "b"], index=1, key="pick")
st.selectbox("size", ["s", "m"], index=1, key="size")
st.radio("keyless", ["x", "y"], index=1)
"""


def test_a_widget_whose_key_holds_none_shows_no_choice_as_before(steps):
    """A radio and a selectbox whose key was set to None show no choice, and a keyless radio keeps its index: the
    one-key read gives the widgets what the whole copy gave them."""
    at = AppTest.from_string(SCRIPT, default_timeout=30).run()
    assert [at.radio[0].value, at.selectbox[0].value, at.radio[1].value] == ["b", "m", "y"]
    at.session_state["cleared"] = True
    at.run()
    assert not at.exception
    assert [at.radio[0].value, at.selectbox[0].value, at.radio[1].value] == [None, None, "y"]


WHOLE = """
import streamlit as st
from streamlit.runtime.state import get_session_state
from ui import tuning
tuning.install()
st.session_state.setdefault("plain", 1)
st.radio("pick", ["a", "b"], key="pick")
st.checkbox("tick", key="tick")
state = get_session_state()
mapping, whole = tuning._View(state).filtered_state, state.filtered_state
same = dict(mapping) == whole and len(mapping) == len(whole) and all(mapping[k] == v for k, v in whole.items())
st.text(f"{same} {sorted(whole)}")
"""


def test_the_one_key_mapping_is_the_whole_copy_when_read_whole(steps):
    """Iterated, measured or indexed, the mapping a widget gets holds what the session's filtered_state holds."""
    at = AppTest.from_string(WHOLE, default_timeout=30).run().run()
    assert not at.exception
    assert at.text[0].value == "True ['pick', 'plain', 'tick']"


def test_the_heap_is_frozen_once_after_the_first_run(steps):
    """After the first run the objects made so far sit in the permanent generation, and a second call adds none
    (frozen objects that another test's thread lets go of may leave it meanwhile: the count may only fall)."""
    frozen = gc.get_freeze_count()
    assert frozen > 0
    tuning.settle_heap()
    assert gc.get_freeze_count() <= frozen


def test_a_deep_copy_of_an_upload_shares_its_bytes_and_is_still_its_own(steps):
    """A deep copy of an uploaded file (what every run of the upload page makes) shares the bytes instead of copying
    them, keeps the name, id and position, and a write to the copy leaves the original as it was."""
    import copy

    from streamlit.runtime.uploaded_file_manager import UploadedFile, UploadedFileRec

    data = bytes(range(256)) * 4096
    original = UploadedFile(UploadedFileRec("f1", "big.run", "text/plain", data), None)  # type: ignore[arg-type]
    original.seek(7)
    twin = copy.deepcopy(original)
    assert type(twin) is UploadedFile
    assert twin.getvalue() is data  # no copy of the bytes
    assert (twin.file_id, twin.name, twin.type, twin.size, twin.tell()) == ("f1", "big.run", "text/plain", len(data), 7)
    twin.write(b"changed")
    assert original.getvalue() is data and original.read(3) == data[7:10]
    assert twin.getvalue()[7:14] == b"changed"
    assert copy.deepcopy([original])[0].getvalue() is data  # as a file uploader's list of files
