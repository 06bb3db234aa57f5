"""The step lesson: ranks beyond k are marked, the gain is explained where Step 2 uses it, ties come last."""

from __future__ import annotations

import pytest

from ndcg_core import score_ranking
from tests.conftest import open_page

LONG = {"rel": "3,0,1,0,2,3,0,1,2,0,1,2", "k": "5", "lang": "en"}


def frames_with(at, column):
    return [d.value for d in [*at.dataframe, *at.table] if column in d.value.columns]


def test_running_sums_stop_at_k():
    """With k = 5 of 12 ranks, the CG, DCG and IDCG tables stop at rank 5, ending on CG@5, DCG@5, IDCG@5 (UX #12)."""
    at = open_page("lessons/steps.py", LONG)
    r = score_ranking([3, 0, 1, 0, 2, 3, 0, 1, 2, 0, 1, 2], k=5)
    (dcg,) = frames_with(at, "Running DCG")
    assert len(dcg) == 5 and dcg["Running DCG"].iloc[-1] == pytest.approx(r.dcg)
    (idcg,) = frames_with(at, "Running IDCG")
    assert len(idcg) == 5 and idcg["Running IDCG"].iloc[-1] == pytest.approx(r.idcg)
    (cg,) = frames_with(at, "Running CG")
    assert len(cg) == 5 and cg["Running CG"].iloc[-1] == 6
    assert sum("the ranks below it (7 more) are not added" in c.value for c in at.caption) == 3


def test_no_marking_when_k_covers_the_list():
    """With k = whole list the running sums are numbers all the way down."""
    at = open_page("lessons/steps.py", {**LONG, "k": "all"})
    (dcg,) = frames_with(at, "Running DCG")
    assert len(dcg) == 12 and dcg["Running DCG"].notna().all()


def test_step_2_explains_the_gain_in_use():
    """Step 2 says what the gain is, with grade → gain pairs of the formula in use, before its formula (F25.1)."""
    at = open_page("lessons/steps.py", {"rel": "1,3,2", "lang": "en"})
    (line,) = [m.value for m in at.markdown if m.value.startswith("The gain turns a grade")]
    assert "0 → 0, 1 → 1, 2 → 3, 3 → 7" in line and "2^rel − 1" in line
    assert "binary relevance" in line and "2^1 − 1 = 1" in line  # F25.6: both gains agree on 0/1 grades
    at = open_page("lessons/steps.py", {"rel": "1,3,2", "gain": "linear", "lang": "ko"})
    assert any("0 → 0, 1 → 1, 2 → 2, 3 → 3" in m.value for m in at.markdown)


def test_the_tie_panel_comes_after_step_4():
    """With model scores, the tie panel's heading follows Step 4's (F25.4)."""
    at = open_page("lessons/steps.py", {"rel": "1,3,2", "scores": "0.5,0.5,0.2", "lang": "en"})
    headings = [h.value for h in (*at.header, *at.subheader)]
    order = [e.value for e in at.main if getattr(e, "type", "") in ("header", "subheader")]
    assert any(h.startswith("Step 4") for h in headings)
    step4 = next(i for i, h in enumerate(order) if h.startswith("Step 4"))
    ties = next(i for i, h in enumerate(order) if h.startswith("Tied scores"))
    assert ties > step4


def test_short_step_tables_are_static_so_a_phone_needs_no_swipe():
    """CG, DCG and IDCG tables of up to 20 rows are static tables, which fit a phone's width (UX #20)."""
    at = open_page("lessons/steps.py", LONG)
    static = [t.value.columns[-1] for t in at.table]
    assert {"Running CG", "Running DCG", "Running IDCG"} <= set(static)
    long = open_page("lessons/steps.py", {"rel": ",".join(["1", "0", "2"] * 8), "k": "all", "lang": "en"})
    assert not [t for t in long.table if "Running DCG" in t.value.columns]
    assert [d for d in long.dataframe if "Running DCG" in d.value.columns]
