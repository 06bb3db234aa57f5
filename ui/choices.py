"""Display facts of every gain and tie policy the core registers: the UI's only list of choices.

The choices themselves come from ``ndcg_core`` (``GAINS``, ``TIES``); this table says how the
UI shows each one. Adding a gain takes the core registry, one ``GainFacts`` line here and its
catalogue strings (``gain_NAME``, ``col_NAME``, ``dcg_sentence_NAME``). A test checks that every
registered choice has its facts and strings.
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
        return {"label": f"gain_{name}", "column": f"col_{name}", "sentence": f"dcg_sentence_{name}"}


GAIN_FACTS: dict[str, GainFacts] = {
    "linear": GainFacts(latex="rel_i", term=lambda g: g),
    "exponential": GainFacts(latex="2^{rel_i} - 1", term=lambda g: f"(2^{g} − 1)"),
}


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
