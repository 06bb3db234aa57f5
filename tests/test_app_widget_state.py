"""Settings widgets are rebuilt from the example, never the other way round (issue 6).

Streamlit sends a widget's value to the browser only in a run that writes it into session
state; otherwise the browser gets just the widget's default and keeps its own copy. A widget
that mounts after an interaction's rerun (a busy class: the student clicked before the radio
and selectbox code had loaded) has no copy, shows the default and sends it back with the next
click. These tests check what such a browser would be shown, in the run that sets a widget
and in the reruns after it.
"""

from __future__ import annotations

import pytest

from teach import model
from tests.conftest import open_page
from ui import actions

LINK = {
    "items": "A,B,C",
    "rel": "1,3,0",
    "gain": "exponential",
    "k": "2",
    "scale": "4",
    "lang": "en",
    "scores": "0.3,0.2,0.1",
    "ties": "stable",
    "pool": "2",
}
# What the link above asks each widget to show: (kind, key, value).
WANT = [
    ("selectbox", "steps_scale", 4),
    ("radio", "steps_gain", "exponential"),
    ("selectbox", "steps_k", 2),
    ("toggle", "steps_use_scores", True),
    ("selectbox", "steps_ties", "stable"),
    ("radio", "sidebar_lang", "en"),
    ("radio", "steps_pool_mode", "judged"),
    ("text_input", "steps_pool_text", "2"),
]


def shown_without_state(widget):
    """What a browser that holds no state for ``widget`` shows: the value sent, else the default."""
    proto = widget.proto
    if proto.set_value:
        return widget.value
    if hasattr(widget, "options"):
        return widget.options[proto.default] if proto.default is not None else None
    return proto.default


def option_value(widget, shown):
    """Map a displayed option label back to the option value (selectbox and radio send labels)."""
    if not hasattr(widget, "options"):
        return shown
    return widget.value if shown == widget.options[widget.index] else shown


def test_a_widget_mounted_late_shows_the_example_in_every_run():
    """In the first run and two reruns, each settings widget's proto carries the example's value."""
    at = open_page("lessons/steps.py", LINK)
    for run in range(3):
        for kind, key, want in WANT:
            widget = getattr(at, kind)(key=key)
            assert widget.value == want, f"run {run}: {key} holds {widget.value!r}"
            shown = shown_without_state(widget)
            assert option_value(widget, shown) == want, f"run {run}: a fresh {key} would show {shown!r}"
        at.run()


def test_the_k_slider_mounted_late_shows_the_example():
    """The nDCG@k page's k slider defaults to the example's k in a rerun, not to its minimum."""
    at = open_page("lessons/cutoff.py", {"items": "A,B,C,D", "rel": "1,3,0,2", "k": "3", "lang": "en"})
    at.run()
    slider = at.slider(key="cutoff_k_slider")
    assert slider.value == 3
    assert slider.proto.set_value or list(slider.proto.default) == [3]


def test_the_intro_gain_radio_keeps_the_students_choice_when_mounted_late():
    """After choosing linear on the intro, a rerun's radio defaults to linear, the value on the server."""
    at = open_page("lessons/intro.py", {"lang": "en"})
    at.radio(key="intro_gain").set_value("linear").run()
    at.run()
    radio = at.radio(key="intro_gain")
    assert radio.value == "linear"
    assert shown_without_state(radio) == radio.options[1]


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("k", "whole list"),
        ("k", -1),
        ("k", True),
        ("scale", 9),
        ("scale", "1"),
        ("gain", None),
        ("gain", "cubic"),
        ("ties", "random"),
        ("use_scores", "yes"),
    ],
)
def test_a_value_that_is_not_a_choice_is_never_written_into_the_example(field, value):
    """A setting callback ignores a value outside the field's choices (it once wrote a label into k)."""
    assert not actions.setting_ok(field, value)


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("k", 0),
        ("k", 7),
        ("scale", 1),
        ("gain", "linear"),
        ("ties", "average"),
        ("use_scores", False),
    ],
)
def test_every_real_choice_is_accepted(field, value):
    """A setting callback accepts each real choice of the field."""
    assert actions.setting_ok(field, value)
    assert value in (model.SCALES if field == "scale" else [value])


def test_a_language_switch_sends_every_chosen_option_again_in_the_new_language():
    """In the run after 한국어 → English, each settings widget sends its value with its English label (a browser
    keeps the old label text otherwise), and the run after that sends nothing again."""
    at = open_page("lessons/steps.py", {**LINK, "lang": "ko"})
    at.run()
    at.sidebar.radio(key="sidebar_lang").set_value("en").run()
    for kind, key, want in WANT:
        widget = getattr(at, kind)(key=key)
        assert widget.proto.set_value, f"{key} was not sent again after the switch"
        if kind in ("selectbox", "radio"):
            assert widget.options[widget.index] == widget.format_func(want), f"{key} is not labelled in English"
    at.run()
    assert not at.selectbox(key="steps_scale").proto.set_value
