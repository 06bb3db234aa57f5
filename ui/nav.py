"""The app's pages, in menu order: the one list app.py, the intro's links and the tests read.

Adding a lesson takes its script in ``lessons/``, its catalogue strings (``nav_SLUG``,
``SLUG_title``, ``SLUG_lead``, in ``teach/catalogue/SLUG.py`` listed in its ``FEATURES``), one
line here and its entry stub ``pages/SLUG.py`` (see app.py).
A lesson with state or an address of its own also declares a ``PageState`` in ``ui/features/``.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Lesson:
    slug: str  # the URL path, e.g. /steps
    icon: str
    edits_example: bool = True  # shows the ranking editor and the example's scores (not the exercises)
    link_note: str = "sidebar_link"  # the catalogue key of the sentence over the sidebar's link
    strings: str = ""  # its module in teach/catalogue/ when not named as the slug; it owns every "SLUG_" key
    number_first: bool = False  # a browser's fresh page shows the headline first (ui/components/firstpaint.py)

    @property
    def script(self) -> str:
        return f"lessons/{self.slug}.py"

    @property
    def catalogue(self) -> str:
        """The module of ``teach.catalogue`` that holds this lesson's strings."""
        return self.strings or self.slug

    @property
    def title_key(self) -> str:
        return f"nav_{self.slug}"


INTRO = Lesson("intro", ":material/menu_book:")
LESSONS = (
    Lesson("steps", ":material/calculate:", number_first=True),
    Lesson("discount", ":material/trending_down:"),
    Lesson("gain", ":material/balance:"),
    Lesson("cutoff", ":material/content_cut:"),
    Lesson("metrics", ":material/leaderboard:"),
    Lesson("definitions", ":material/compare_arrows:"),
    Lesson("limits", ":material/warning:", strings="lab"),
    Lesson("exercises", ":material/quiz:", edits_example=False),
    Lesson("data", ":material/upload_file:", edits_example=False, link_note="sidebar_link_data"),
    Lesson("live", ":material/groups:", edits_example=False, link_note="sidebar_link_live"),
)
EXAMPLE_LESSONS = tuple(lesson for lesson in LESSONS if lesson.edits_example)
BY_SLUG = {lesson.slug: lesson for lesson in LESSONS}
