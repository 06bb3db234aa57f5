"""nDCG teaching app: the one entry point. Every request and every AppTest run goes through here.

It sets the page, starts the session (language and example from the URL), lists the pages with
``st.navigation``, draws the language picker, runs the chosen lesson from ``lessons/``, writes the
example back into the URL, and shows that link with its QR code in the sidebar. A browser's fresh
/steps is drawn in two runs: its title and headline numbers first, then the whole page
(``ui/components/firstpaint.py``).

Why ``pages/`` holds only entry stubs: Streamlit treats a top-level ``pages/`` folder as a legacy
multipage app until ``st.navigation`` has run once in the process, and AppTest resets that before
every run (Streamlit 1.67: ``runtime/pages_manager.py`` sets ``PagesManager.uses_pages_directory``
from ``Path(main_script_parent / "pages").exists()``; ``runtime/scriptrunner/script_runner.py``
then runs ``_mpa_v1``, which runs ``pages/<url>.py`` for the requested URL instead of this file).
So each lesson URL has a stub ``pages/<slug>.py`` that runs this file, and the lessons themselves
live in ``lessons/``. A fresh server's first request for /steps, and every AppTest rerun and
click, therefore run this file too. ``tests/test_app_frame.py`` fails if that Streamlit behaviour
changes or a stub is missing.
"""

import logging

import streamlit as st

from ui import editor, failsafe, nav, session, share, style, tuning
from ui.components.chrome import translate_chrome
from ui.components.history import one_entry_per_switch
from ui.features import owndata, present
from ui.features.registry import STATES
from ui.i18n import T

tuning.install()  # the server's CPU per run: Streamlit 1.67's event wake-ups and state copies (ui/tuning.py)
st.set_page_config(page_icon="📈", layout="wide")
style.apply()
session.start_session(STATES)
session.begin_run()
session.follow_history(STATES)

page = st.navigation(
    session.pages(
        lambda: [
            st.Page(nav.INTRO.script, title=T(nav.INTRO.title_key), icon=nav.INTRO.icon, default=True),
            *(
                st.Page(lesson.script, title=T(lesson.title_key), icon=lesson.icon, url_path=lesson.slug)
                for lesson in nav.LESSONS
            ),
        ]
    )
)
st.set_page_config(page_title=f"{page.title} · nDCG")  # the browser tab names the lesson
# A browser's fresh /steps: this run draws the lesson's title and headline only, and the next one the whole page,
# sidebar included (ui/components/firstpaint.py).
lesson = nav.BY_SLUG.get(page.url_path, nav.INTRO)
number_only = session.take_first_paint(lesson.number_first and not present.active())
share_slot, shown = None, None
if not number_only:
    editor.language_picker()
    translate_chrome()  # Streamlit's own English (toolbars, help labels, uploader) in the page's language
    one_entry_per_switch()  # a page switch is one history entry: Back returns to the page the user came from
    st.sidebar.caption(T(lesson.link_note))
    share_slot = st.sidebar.empty()
    shown = share.link_panel(share_slot, page.url_path)  # before the lesson, so one that stops early has it too
failsafe.say_failed_action()  # a callback of this run's click that failed
try:
    page.run()
except Exception:  # a lesson that fails anyway: one sentence in the user's language, details in the server log
    logging.getLogger("ndcg_app").exception("the page %r failed", page.url_path or "intro")
    st.error(T("page_failed"), icon=":material/error:")
finally:  # also when a lesson stops early (st.stop) or reruns (their exceptions are not Exceptions)
    session.sync_url(page.url_path, STATES)
    session.replay_reconnect()  # a browser that reconnected to a new session: its click is acted on now
    tuning.settle_heap()  # once per process: what the first run imported leaves the full garbage collections
    owndata.warm_workers()  # once per process: the upload page's worker processes start before a class, not in it
if share_slot is not None:
    share.link_panel(share_slot, page.url_path, shown)  # redrawn only if a table edit changed the example
