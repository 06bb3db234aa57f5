"""Every feature's ``PageState``, by its page's path (a slug of ``ui.nav``, or ``session.EVERY_OTHER_PAGE``).

Adding a page with an address of its own: its module in ``ui/features/`` declares ``STATE``, and
one line here lists it.
"""

from __future__ import annotations

from ui.features import exercises, guide, lab, live, owndata, present
from ui.session import PageState

STATES: dict[str, PageState] = {
    state.path: state for state in (exercises.STATE, guide.STATE, lab.STATE, live.STATE, owndata.STATE, present.STATE)
}
