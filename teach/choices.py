"""Display facts of every gain, discount and tie policy the core registers: the UI's only list of choices.

The choices themselves come from ``ndcg_core`` (``GAINS``, ``DISCOUNTS``, ``TIES``); these tables
say how the UI shows each one. Adding a gain takes the core registry, one ``GainFacts`` line here
and its catalogue strings (``choice_gain_NAME``, ``col_NAME``, ``dcg_sentence_NAME``). A test
checks that every registered choice has its facts and strings. Every label of a page's discount
(the formula, the divisor column, the worked sums) is written from ``DiscountFacts`` and the
score's own discount and base, never as a hand-written log₂.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ndcg_core import GAINS, TIES


@dataclass(frozen=True)
class GainFacts:
    latex: str  # gain(rel_i) in LaTeX, the numerator of the DCG sum
    term: Callable[[str], str]  # the arithmetic term for a grade written as text

    @staticmethod
    def keys(name: str) -> dict[str, str]:
        """Catalogue keys: radio label, column header, and the sentence under the DCG step."""
        return {"label": f"choice_gain_{name}", "column": f"col_{name}", "sentence": f"dcg_sentence_{name}"}


GAIN_FACTS: dict[str, GainFacts] = {
    "linear": GainFacts(latex="rel_i", term=lambda g: g),
    "exponential": GainFacts(latex="2^{rel_i} - 1", term=lambda g: f"(2^{g} − 1)"),
}


_SUB = str.maketrans("0123456789.", "₀₁₂₃₄₅₆₇₈₉.")


def _base(b: float) -> str:
    return f"{b:g}"


@dataclass(frozen=True)
class DiscountFacts:
    """How a discount 1/d(i) is written: ``d`` in LaTeX, as a column header, and at one rank of the worked sums."""

    latex: Callable[[float], str]  # d(i) for a base, in LaTeX: the denominator of the DCG sum
    label: Callable[[float], str]  # d(i) for a base, as text: the divisor column's header
    at: Callable[[int, float], str]  # d(i) at rank i for a base, as the worked sums write it


DISCOUNT_FACTS: dict[str, DiscountFacts] = {
    "log2": DiscountFacts(lambda b: r"\log_2(i+1)", lambda b: "log₂(i+1)", lambda i, b: f"log2({i + 1})"),
    "log": DiscountFacts(
        lambda b: rf"\log_{{{_base(b)}}}(i+1)",
        lambda b: f"log{_base(b).translate(_SUB)}(i+1)",
        lambda i, b: f"log{_base(b)}({i + 1})",
    ),
    "jarvelin": DiscountFacts(
        lambda b: rf"\max(1, \log_{{{_base(b)}}} i)",
        lambda b: f"max(1, log{_base(b).translate(_SUB)} i)",
        lambda i, b: f"max(1, log{_base(b)}({i}))",
    ),
    "reciprocal": DiscountFacts(lambda b: "i", lambda b: "i", lambda i, b: str(i)),
    "none": DiscountFacts(lambda b: "1", lambda b: "1", lambda i, b: "1"),
}


def discount(name: str) -> DiscountFacts:
    return DISCOUNT_FACTS[name]


def tie_label_key(name: str) -> str:
    return f"ties_{name}"


def gains() -> list[str]:
    """The registered gains, in registry order."""
    return list(GAINS)


def ties() -> list[str]:
    """The registered tie policies, in registry order."""
    return list(TIES)


def gain(name: str) -> GainFacts:
    return GAIN_FACTS[name]
