"""Strings every registered gain needs (``teach.choices.GainFacts.keys``): key -> (Korean, English).

A new gain adds its three here (its choice label, its column in the gain lesson, its sentence
under the DCG step) and ``data_gain_NAME`` in data.py.
"""

from __future__ import annotations

STRINGS: dict[str, tuple[str, str]] = {
    "choice_gain_linear": ("표준 공식: rel", "Standard: rel"),
    "choice_gain_exponential": ("강조 공식: 2^rel − 1", "Emphasis: 2^rel − 1"),
    "col_linear": ("선형 (rel)", "Linear (rel)"),
    "col_exponential": ("지수 (2^rel − 1)", "Exponential (2^rel − 1)"),
    "dcg_sentence_linear": (
        "DCG는 각 이득을 log₂(i+1)로 나눠 순위가 낮을수록 덜 반영합니다. 표준 공식은 관련성 점수를 그대로 이득으로 씁니다.",
        "DCG divides each gain by log₂(i+1), so lower ranks count for less. The standard form uses the grade itself as the gain.",
    ),
    "dcg_sentence_exponential": (
        "DCG는 각 이득을 log₂(i+1)로 나눠 순위가 낮을수록 덜 반영합니다. 강조 공식은 이득으로 2^rel − 1을 써서 관련성이 높은 항목에 훨씬 큰 값을 줍니다.",
        "DCG divides each gain by log₂(i+1), so lower ranks count for less. The emphasis form uses 2^rel − 1, which values highly relevant items much more.",
    ),
}
