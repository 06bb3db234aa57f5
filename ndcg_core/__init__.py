"""Pure nDCG core: every number the app shows comes from here. Never imports streamlit."""

from ndcg_core._registry import DISCOUNTS, EMPTY, GAINS, TIES, discount_weights, gain_values
from ndcg_core.batch import RunEvaluation, evaluate_run
from ndcg_core.lessons import GainDisagreement, discount_share, gain_disagreement, swap_deltas
from ndcg_core.metrics import BinaryMetrics, binary_metrics
from ndcg_core.ranking import RankingScore, score_ranking

__all__ = [
    "DISCOUNTS",
    "EMPTY",
    "GAINS",
    "TIES",
    "BinaryMetrics",
    "GainDisagreement",
    "RankingScore",
    "RunEvaluation",
    "binary_metrics",
    "discount_share",
    "discount_weights",
    "evaluate_run",
    "gain_disagreement",
    "gain_values",
    "score_ranking",
    "swap_deltas",
]
