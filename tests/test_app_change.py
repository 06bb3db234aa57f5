"""Why nDCG changed: after a move, the step lesson lists the ranks whose discounted gain changed."""

from __future__ import annotations

import pytest

from ndcg_core import score_ranking
from tests.conftest import open_page


def why(at):
    return next((t.value for t in at.table if "Item (before → after)" in t.value.columns), None)


def test_no_breakdown_before_a_move():
    """A freshly opened step page shows no change table."""
    at = open_page("lessons/steps.py", {"items": "A,B,C", "rel": "1,3,2", "k": "3", "lang": "en"})
    assert why(at) is None


def test_sorting_ideally_lists_each_changed_rank_and_the_changes_add_up():
    """Sort ideally on A, B, C = 1, 3, 2: ranks 1-3 change, and the Δ column sums to DCG@3 after − before."""
    at = open_page("lessons/steps.py", {"items": "A,B,C", "rel": "1,3,2", "k": "3", "lang": "en"})
    at.button(key="steps_ideal").click().run()
    table = why(at)
    before, after = score_ranking([1, 3, 2], k=3), score_ranking([3, 2, 1], k=3)
    assert list(table["Item (before → after)"]) == ["A → B", "B → C", "C → A"]
    assert list(table["Discounted gain (before)"]) == pytest.approx(list(before.column("discounted_gain")))
    assert table["Change"].sum() == pytest.approx(after.dcg - before.dcg)
    assert any("DCG@3: 6.9165 → 9.3928" in c.value and "nDCG@3: 0.7364 → 1.0000" in c.value for c in at.caption)


def test_ranks_beyond_k_are_not_listed():
    """Reversing 4 items at k = 2 lists only ranks 1 and 2, the ones that count."""
    at = open_page("lessons/steps.py", {"rel": "3,2,1,0", "k": "2", "lang": "en"})
    at.button(key="steps_reverse").click().run()
    assert list(why(at)["Rank i"]) == [1, 2]
