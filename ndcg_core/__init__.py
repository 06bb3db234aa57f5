"""Pure nDCG core: every number the app shows comes from here. Never imports streamlit.

The names below are imported on first use (PEP 562), so that ``python -m ndcg_core`` and other
light users do not pay for pandas.
"""

from __future__ import annotations

import importlib

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


def __getattr__(name: str):
    """A public name, imported from its module on first use."""
    if name not in _HOMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(_HOMES[name]), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    """The module's names, the not yet imported public ones included."""
    return sorted({*globals(), *__all__})
