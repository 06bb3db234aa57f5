"""Named choices from closed sets: gain, discount and tie policy.

Each choice is a small function (or, for a tie policy, a pair of small pieces) kept in
one registry, as in ranx and ir_measures; ``score_ranking`` and ``evaluate_run`` read
the same entries. References: Järvelin & Kekäläinen 2002 (cumulated gain, the original
discount), Burges et al. 2005 (the exponential gain 2^rel - 1), McSherry & Najork 2008
(tie-averaged DCG).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from numpy.typing import ArrayLike

#: Largest grade the exponential gain accepts; 2**1023 is the last finite power of two.
MAX_EXPONENTIAL_RELEVANCE = 1000.0


def _linear_gain(rel: np.ndarray) -> np.ndarray:
    return rel.astype(float, copy=True)


def _exponential_gain(rel: np.ndarray) -> np.ndarray:
    gains: np.ndarray = np.exp2(rel) - 1.0
    return gains


#: The gain functions, by name: each maps an array of grades (floats >= 0) to their gains, maps 0 to 0 and keeps
#: the order of grades. Every list of gains in the core (the command line's ``--gain``, ``score_collection``'s
#: columns, ``trec_fast``) is read from here, so a gain registered here is taken everywhere.
GAINS: dict[str, Callable[[np.ndarray], np.ndarray]] = {
    "linear": _linear_gain,
    "exponential": _exponential_gain,
}


def gain_names() -> tuple[str, ...]:
    """The registered gains' names in registration order, read at each call (a gain registered since is included)."""
    return tuple(GAINS)


#: Largest grade each gain accepts, for the gains that overflow on large grades.
MAX_GRADE: dict[str, float] = {"exponential": MAX_EXPONENTIAL_RELEVANCE}


def _log2_discount(ranks: np.ndarray, base: float) -> np.ndarray:
    return 1.0 / np.log2(ranks + 1.0)


def _log_discount(ranks: np.ndarray, base: float) -> np.ndarray:
    weights: np.ndarray = np.log(base) / np.log(ranks + 1.0)
    return weights


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


@dataclass(frozen=True)
class TiePolicy:
    """How items with equal model scores are ordered and counted.

    ``key`` maps the items' gains to the secondary sort key inside a group of equal scores
    (ascending; None keeps the input order). ``averages`` says whether every member of a
    tie group counts the group's mean gain, which makes the order inside the group moot.
    """

    key: Callable[[np.ndarray], np.ndarray | None]
    averages: bool = False


def _higher_gain_first(gains: np.ndarray) -> np.ndarray:
    return -gains


def _lower_gain_first(gains: np.ndarray) -> np.ndarray:
    return gains


def _input_order(gains: np.ndarray) -> None:
    return None


#: Tie policies for equal model scores. "average" is McSherry & Najork's. An OrderedDict, so
#: that code asking for an ordered collection of the names (Hypothesis' sampled_from) gets one.
TIES: OrderedDict[str, TiePolicy] = OrderedDict(
    average=TiePolicy(key=_input_order, averages=True),
    optimistic=TiePolicy(key=_higher_gain_first),
    pessimistic=TiePolicy(key=_lower_gain_first),
    stable=TiePolicy(key=_input_order),
)

#: What a query with no relevant document counts as in a run's mean.
EMPTY: tuple[str, ...] = ("zero", "skip")


def check_choice(kind: str, name: object, allowed: Collection[str]) -> str:
    """Return ``name`` if it is one of ``allowed``, else raise a ValueError naming it."""
    if not isinstance(name, str) or name not in allowed:
        raise ValueError(f"unknown {kind} {name!r}; choose one of {', '.join(sorted(allowed))}")
    return name


def check_discount_base(base: object) -> float:
    """Return ``base`` as a float if it is a finite number > 1, else raise ValueError."""
    value: float | None
    try:  # any value: what float() cannot read is refused below, with the value named
        value = float(base)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        value = None
    if value is None or not (np.isfinite(value) and value > 1.0):
        raise ValueError(f"discount base {base if value is None else value!r} must be a finite number > 1")
    return value


def gain_values(rel: ArrayLike, gain: str) -> np.ndarray:
    """Gain of each grade under the named gain function.

    Parameters
    ----------
    rel : array-like of float
        Relevance grades.
    gain : str
        A registered gain (a key of ``GAINS``): ``"linear"`` gives the grade itself, ``"exponential"`` gives
        2^grade - 1.

    Returns
    -------
    numpy.ndarray
        One float gain per grade.

    Raises
    ------
    ValueError
        If ``gain`` is not a registered gain.

    Examples
    --------
    >>> gain_values([0, 1, 3], "exponential").tolist()
    [0.0, 1.0, 7.0]
    """
    return GAINS[check_choice("gain", gain, GAINS)](np.asarray(rel, dtype=float))


def discount_weights(n: int, discount: str = "log2", base: float = 2.0) -> np.ndarray:
    """Discounts of ranks 1..n under the named discount.

    Parameters
    ----------
    n : int
        Number of ranks.
    discount : {"log2", "log", "jarvelin", "reciprocal", "none"}, default "log2"
        ``"log2"`` is 1 / log2(i + 1), ``"log"`` is 1 / log_b(i + 1), ``"jarvelin"`` is 1
        for ranks below b and 1 / log_b(i) from rank b on, ``"reciprocal"`` is 1 / i and
        ``"none"`` is 1.
    base : float, default 2.0
        The log base b of ``"log"`` and ``"jarvelin"``.

    Returns
    -------
    numpy.ndarray
        The n weights, for ranks 1, 2, ..., n.

    Raises
    ------
    ValueError
        If ``discount`` is not a registered discount, or ``base`` is not a finite number > 1.

    Examples
    --------
    >>> discount_weights(3).round(4).tolist()
    [1.0, 0.6309, 0.5]
    >>> discount_weights(3, "jarvelin", base=3).tolist()
    [1.0, 1.0, 1.0]
    """
    check_choice("discount", discount, DISCOUNTS)
    base = check_discount_base(base)
    return DISCOUNTS[discount](np.arange(1, n + 1, dtype=float), base)
