"""The example's usable rows and their score: the one adapter between the UI and ``score_ranking``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ndcg_core import RankingScore, score_ranking
from teach import model
from ui import session
from ui.arithmetic import cut_suffix
from ui.i18n import T


@dataclass(frozen=True)
class View:
    """The example's usable rows and its nDCG (None when nothing can be computed)."""

    checked: model.Checked
    result: RankingScore | None

    @property
    def at(self) -> str:
        """The "@k" suffix of every label of this score (see ``arithmetic.cut_suffix``)."""
        if self.result is None:
            return ""
        return cut_suffix(self.result)


def pool_labels(n: int) -> list[str]:
    return [T("pool_label", j=j + 1) for j in range(n)]


def score_view(ex: model.Example, checked: model.Checked | None = None, **overrides) -> View:
    """Score the example's usable rows with ``score_ranking`` (overrides change gain, k, ties...).

    A view is kept for the session (``session.view_memo``): after a move, one run scores the example
    before the move three times (the Δ line, the change table and its chart) and the current one twice.
    """
    key = (ex, session.language(), tuple(sorted(overrides.items())))
    try:
        hash(key)
    except TypeError:  # a cell value that cannot be a key (never from the table or a link; kept safe anyway)
        return _score(ex, checked, **overrides)
    memo = session.view_memo()
    if key not in memo:
        memo[key] = _score(ex, checked, **overrides)
        while len(memo) > session.VIEWS_KEPT:
            memo.pop(next(iter(memo)))
    return memo[key]


def _score(ex: model.Example, checked: model.Checked | None = None, **overrides) -> View:
    checked = checked or model.check(ex)
    if not checked.grades:
        return View(checked, None)
    kwargs: dict[str, Any] = {"k": ex.k, "gain": ex.gain, "ties": ex.ties}  # score_ranking's options, each its type
    pool = None
    if ex.use_pool:
        pool = list(checked.grades) + list(ex.pool)
        kwargs["pool_labels"] = list(checked.names) + pool_labels(len(ex.pool))
    kwargs.update(overrides)
    result = score_ranking(checked.grades, checked.scores, labels=checked.names, ideal_pool=pool, **kwargs)
    return View(checked, result)
