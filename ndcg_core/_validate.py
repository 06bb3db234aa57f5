"""Input checks shared by the public functions; each error names the value and where it is."""

from __future__ import annotations

import numbers
from collections.abc import Sequence

import numpy as np


def as_numbers(values, name: str, *, nonnegative: bool) -> np.ndarray:
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
        seq: Sequence = list(values)
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


def check_k(k) -> int | None:
    """Return k as an int, None for the whole list, or raise ValueError."""
    if k is None:
        return None
    if isinstance(k, (bool, np.bool_)) or not isinstance(k, numbers.Integral):
        raise ValueError(f"k = {k!r} must be a whole number >= 1 or None")
    if k < 1:
        raise ValueError(f"k = {int(k)} must be >= 1")
    return int(k)
