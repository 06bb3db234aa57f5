"""A prediction prompt in a lesson: the question first, then the verdict with the learner's own numbers.

``ask(prompt, place)`` draws one ``teach.predict.Prompt`` in a bordered box (key ``predict_PLACE``):
the question as a choice with nothing picked, and after a pick the verdict (friendly either way)
with the explanation, and the session's streak: how many questions were answered right at the first
guess. ``veiled(prompt, pick, place)`` holds what gives the answer away out of focus until the guess. Only
the first guess counts; nothing is stored on the server. ``cheer(key)`` is the small
celebration of a right answer (a short CSS pop that the reduced-motion setting turns off), drawn
once per key.
"""

from __future__ import annotations

import streamlit as st

from teach.predict import Prompt, Text
from ui import session
from ui.i18n import T
from ui.session import Slot

_FIRST = Slot("predict_first_guess")  # prompt ident -> whether the first guess was right
_CHEERED = Slot("predict_cheered")  # celebration keys already drawn this session

CHEER = """<style>
.ndcg-cheer { position: fixed; left: 50%; bottom: 16%; z-index: 1000; pointer-events: none; opacity: 0;
  padding: .35rem .9rem; border-radius: 999px; background: #009E73; color: #fff; font-weight: 700;
  font-size: 1.1rem; box-shadow: 0 4px 14px rgba(0,0,0,.18); transform: translateX(-50%);
  animation: ndcg-cheer 1.2s ease-out 1 forwards; }
@keyframes ndcg-cheer {
  0% { opacity: 0; transform: translate(-50%, 16px) scale(.7); }
  25% { opacity: 1; transform: translate(-50%, 0) scale(1.1); }
  70% { opacity: 1; transform: translate(-50%, -14px) scale(1); }
  100% { opacity: 0; transform: translate(-50%, -40px) scale(1); }
}
@media (prefers-reduced-motion: reduce) { .ndcg-cheer { animation: none; display: none; } }
</style><div class="ndcg-cheer" aria-hidden="true">★ +1</div>"""


def text(t: Text) -> str:
    """A (key, parameters) pair of ``teach.predict`` in the session's language."""
    key, params = t
    return T(key, **params)


def streak() -> tuple[int, int]:
    """(right first guesses, questions answered) in this session."""
    first = _FIRST.get({})
    return sum(first.values()), len(first)


def cheer(key: object) -> None:
    """A small green "★ +1" that pops up and fades, once per ``key`` in a session; none under reduced motion."""
    done = _CHEERED.setdefault(set())
    if key in done:
        return
    done.add(key)
    st.html(CHEER)


def veiled(prompt: Prompt | None, pick: str | None, place: str):
    """The container for what answers ``prompt``: until the learner has picked, one line says so and the container
    (key ``predict_veil_PLACE``) is blurred by ui.style, so the answer is not read before the guess. Its numbers stay
    in the page, for screen readers; without a prompt, or after a pick, it is a plain container."""
    if prompt is None or pick is not None:
        return st.container()
    st.caption(f":material/visibility_off: {T('predict_veil')}")
    return st.container(key=f"predict_veil_{place}")


def ask(prompt: Prompt | None, place: str) -> str | None:
    """Draw ``prompt`` (nothing when None) and return the learner's pick, or None before they guess."""
    if prompt is None:
        return None
    labels = {o.value: text(o.label) for o in prompt.options}
    key = f"predict_{place}_{prompt.ident}"
    session.relabel(key)  # after a language switch the browser shows the pick in the new language
    with st.container(border=True, key=f"predict_{place}"):
        st.caption(f":material/psychology_alt: {T('predict_badge')}")
        pick = st.radio(
            text(prompt.question),
            list(labels),
            index=None,
            horizontal=True,
            key=key,
            format_func=labels.__getitem__,
        )
        if pick is None:
            return None
        right = prompt.is_right(pick)
        _FIRST.setdefault({}).setdefault(prompt.ident, right)
        if right:
            st.success(f"**{T('predict_right')}** {text(prompt.why)}", icon=":material/check_circle:")
            cheer(("predict", prompt.ident))
        else:
            answer = " / ".join(labels[o.value] for o in prompt.options if o.value in prompt.right)
            st.info(f"{T('predict_wrong', answer=answer)} {text(prompt.why)}", icon=":material/lightbulb:")
        right_count, asked = streak()
        st.caption(f":material/local_fire_department: {T('predict_streak', right=right_count, asked=asked)}")
    return pick
