"""Input checks shared by the public functions; each error names the value and where it is."""

from __future__ import annotations

import numbers
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, cast

import numpy as np

from ndcg_core._registry import (
    DISCOUNTS,
    EMPTY,
    GAINS,
    MAX_GRADE,
    TIES,
    check_choice,
    check_discount_base,
)


def as_numbers(values: object, name: str, *, nonnegative: bool) -> np.ndarray:
    """Return ``values`` as a 1-D float array, or raise ValueError at the first bad entry."""
    if isinstance(values, (str, bytes)) or not hasattr(values, "__len__"):
        raise ValueError(f"{name} must be a list of numbers, got {type(values).__name__}")
    arr = np.asarray(values) if not isinstance(values, np.ndarray) else values
    if arr.ndim != 1:
        raise ValueError(f"{name} must be one-dimensional, got shape {arr.shape}")
    if arr.dtype.kind in "iuf" and not (
        # NumPy silently turns True into 1 when it shares a list with numbers.
        isinstance(values, (list, tuple)) and any(isinstance(v, (bool, np.bool_)) for v in values)
    ):
        out = arr.astype(float, copy=False)
    else:
        seq: Sequence[object] = list(cast("Iterable[object]", values))  # 1-D for NumPy: it iterates
        for i, v in enumerate(seq):
            if isinstance(v, (bool, np.bool_)) or not isinstance(v, numbers.Real):
                raise ValueError(f"{name}[{i}] = {v!r} is not a number")
        out = np.array(seq, dtype=float)
    bad = ~np.isfinite(out)
    if bad.any():
        i = int(np.argmax(bad))
        raise ValueError(f"{name}[{i}] = {float(out[i])!r} is not a finite number")
    if nonnegative:
        neg = out < 0
        if neg.any():
            i = int(np.argmax(neg))
            raise ValueError(f"{name}[{i}] = {float(out[i])!r} is negative; grades must be >= 0")
    return out


def check_k(k: object) -> int | None:
    """Return k as an int, None for the whole list, or raise ValueError."""
    if k is None:
        return None
    if isinstance(k, (bool, np.bool_)) or not isinstance(k, numbers.Integral):
        raise ValueError(f"k = {k!r} must be a whole number >= 1 or None")
    if k < 1:
        raise ValueError(f"k = {int(k)} must be >= 1")
    return int(k)


_UNSET: Any = object()


@dataclass(frozen=True)
class Options:
    """The checked options of one call; None for the options the caller did not check."""

    k: int | None = None
    gain: str | None = None
    discount: str | None = None
    discount_base: float | None = None
    ties: str | None = None
    empty: str | None = None


def check_options(
    *,
    k: object = _UNSET,
    gain: object = _UNSET,
    discount: object = _UNSET,
    discount_base: object = _UNSET,
    ties: object = _UNSET,
    empty: object = _UNSET,
) -> Options:
    """Check the named options that a public function takes, in this order, and return them normalized.

    The one prologue of ``score_ranking``, ``evaluate_run`` and ``gain_disagreement``: a
    bad value raises the same ValueError whichever function it was given to. Options not
    passed are not checked.
    """
    return Options(  # keyword arguments are evaluated in order: the checks run in the order above
        k=check_k(k) if k is not _UNSET else None,
        gain=check_choice("gain", gain, GAINS) if gain is not _UNSET else None,
        discount=check_choice("discount", discount, DISCOUNTS) if discount is not _UNSET else None,
        discount_base=check_discount_base(discount_base) if discount_base is not _UNSET else None,
        ties=check_choice("tie policy", ties, TIES) if ties is not _UNSET else None,
        empty=check_choice("empty-query policy", empty, EMPTY) if empty is not _UNSET else None,
    )


def check_gain_fits(rel: np.ndarray, gain: str, describe: Callable[[int], str]) -> None:
    """Refuse grades too large for ``gain`` (2^grade overflows), naming the first as ``describe(index)`` does."""
    limit = MAX_GRADE.get(gain)
    if limit is not None and len(rel) and rel.max() > limit:
        i = int(np.argmax(rel > limit))
        raise ValueError(f"{describe(i)} is too large for {gain} gain (at most {limit:g})")
