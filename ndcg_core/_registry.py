"""Named choices from closed sets: gain, discount and tie policy.

Each choice is a small function kept in one registry, as in ranx and ir_measures.
References: Järvelin & Kekäläinen 2002 (cumulated gain, the original discount),
Burges et al. 2005 (the exponential gain 2^rel - 1), McSherry & Najork 2008
(tie-averaged DCG).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

#: Largest grade the exponential gain accepts; 2**1023 is the last finite power of two.
MAX_EXPONENTIAL_RELEVANCE = 1000.0


def _linear_gain(rel: np.ndarray) -> np.ndarray:
    return rel.astype(float, copy=True)


def _exponential_gain(rel: np.ndarray) -> np.ndarray:
    return np.exp2(rel) - 1.0


GAINS: dict[str, Callable[[np.ndarray], np.ndarray]] = {
    "linear": _linear_gain,
    "exponential": _exponential_gain,
}


def _log2_discount(ranks: np.ndarray, base: float) -> np.ndarray:
    return 1.0 / np.log2(ranks + 1.0)


def _log_discount(ranks: np.ndarray, base: float) -> np.ndarray:
    return np.log(base) / np.log(ranks + 1.0)


def _jarvelin_discount(ranks: np.ndarray, base: float) -> np.ndarray:
    out = np.ones(ranks.shape, dtype=float)
    late = ranks >= base
    out[late] = np.log(base) / np.log(ranks[late])
    return out


def _reciprocal_discount(ranks: np.ndarray, base: float) -> np.ndarray:
    return 1.0 / ranks


def _no_discount(ranks: np.ndarray, base: float) -> np.ndarray:
    return np.ones(ranks.shape, dtype=float)


DISCOUNTS: dict[str, Callable[[np.ndarray, float], np.ndarray]] = {
    "log2": _log2_discount,
    "log": _log_discount,
    "jarvelin": _jarvelin_discount,
    "reciprocal": _reciprocal_discount,
    "none": _no_discount,
}

#: Tie policies for equal model scores. "average" is McSherry & Najork's.
TIES: tuple[str, ...] = ("average", "optimistic", "pessimistic", "stable")

#: What a query with no relevant document counts as in a run's mean.
EMPTY: tuple[str, ...] = ("zero", "skip")


def check_choice(kind: str, name: object, allowed) -> str:
    """Return ``name`` if it is one of ``allowed``, else raise a ValueError naming it."""
    if not isinstance(name, str) or name not in allowed:
        raise ValueError(
            f"unknown {kind} {name!r}; choose one of {', '.join(sorted(allowed))}"
        )
    return name


def gain_values(rel: np.ndarray, gain: str) -> np.ndarray:
    """Gain of each grade under the named gain function."""
    return GAINS[check_choice("gain", gain, GAINS)](np.asarray(rel, dtype=float))


def discount_weights(n: int, discount: str = "log2", base: float = 2.0) -> np.ndarray:
    """Discounts of ranks 1..n under the named discount (base for "log" and "jarvelin")."""
    check_choice("discount", discount, DISCOUNTS)
    base = float(base)
    if not (np.isfinite(base) and base > 1.0):
        raise ValueError(f"discount base {base!r} must be a finite number > 1")
    return DISCOUNTS[discount](np.arange(1, n + 1, dtype=float), base)
