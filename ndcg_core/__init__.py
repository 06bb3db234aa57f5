"""Pure nDCG core: every number the app shows comes from here. Never imports streamlit.

The names below are imported on first use (PEP 562), so that ``python -m ndcg_core`` and other
light users do not pay for pandas. Type checkers read the same names from the ``TYPE_CHECKING``
imports, which never run.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the names of _HOMES, imported for type checkers only ("X as X": re-exported)
    from ndcg_core._registry import DISCOUNTS as DISCOUNTS
    from ndcg_core._registry import EMPTY as EMPTY
    from ndcg_core._registry import GAINS as GAINS
    from ndcg_core._registry import TIES as TIES
    from ndcg_core._registry import discount_weights as discount_weights
    from ndcg_core._registry import gain_values as gain_values
    from ndcg_core.batch import RunEvaluation as RunEvaluation
    from ndcg_core.batch import evaluate_run as evaluate_run
    from ndcg_core.lessons import GainDisagreement as GainDisagreement
    from ndcg_core.lessons import discount_share as discount_share
    from ndcg_core.lessons import gain_disagreement as gain_disagreement
    from ndcg_core.lessons import swap_deltas as swap_deltas
    from ndcg_core.metrics import BinaryMetrics as BinaryMetrics
    from ndcg_core.metrics import binary_metrics as binary_metrics
    from ndcg_core.ranking import RankingScore as RankingScore
    from ndcg_core.ranking import score_ranking as score_ranking

_HOMES = {  # each public name and the module that defines it
    "DISCOUNTS": "ndcg_core._registry",
    "EMPTY": "ndcg_core._registry",
    "GAINS": "ndcg_core._registry",
    "TIES": "ndcg_core._registry",
    "discount_weights": "ndcg_core._registry",
    "gain_values": "ndcg_core._registry",
    "RunEvaluation": "ndcg_core.batch",
    "evaluate_run": "ndcg_core.batch",
    "GainDisagreement": "ndcg_core.lessons",
    "discount_share": "ndcg_core.lessons",
    "gain_disagreement": "ndcg_core.lessons",
    "swap_deltas": "ndcg_core.lessons",
    "BinaryMetrics": "ndcg_core.metrics",
    "binary_metrics": "ndcg_core.metrics",
    "RankingScore": "ndcg_core.ranking",
    "score_ranking": "ndcg_core.ranking",
}

__all__ = sorted(_HOMES)


def __getattr__(name: str) -> object:
    """A public name, imported from its module on first use."""
    if name not in _HOMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(_HOMES[name]), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    """The module's names, the not yet imported public ones included."""
    return sorted({*globals(), *__all__})
