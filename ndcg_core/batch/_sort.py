"""Sort and group primitives for evaluate_run: packed integer sorts, and positions and sums within groups."""

from __future__ import annotations

import numpy as np


def stable_order(key: np.ndarray, key_max: int, *, consume: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """Stable sort of non-negative integer keys: the row order and the sorted keys.

    When key and row index fit in 63 bits together, one ``np.sort`` of (key << bits) | row
    does it: NumPy sorts plain integers several times faster than it argsorts them.
    ``consume=True`` lets it overwrite an int64 ``key`` that the caller no longer needs.
    """
    n = len(key)
    bits = max(n - 1, 1).bit_length()
    if int(key_max).bit_length() + bits > 63:
        order = np.argsort(key, kind="stable")
        return order, key[order]
    packed = key.astype(np.int64, copy=not consume)
    packed <<= bits
    packed |= np.arange(n, dtype=np.int64)
    packed.sort()
    keys = packed >> bits
    packed &= (1 << bits) - 1
    return packed, keys


def group_rank(codes: np.ndarray, size: int, within: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Rows grouped by ``codes`` keeping the order ``within`` inside each group, and their codes."""
    pos, grouped = stable_order(codes[within], size, consume=True)
    return within[pos], grouped


def rank_in_group(starts: np.ndarray) -> np.ndarray:
    """0-based position of each row within its group, given the group starts."""
    idx = np.arange(len(starts))
    first = np.where(starts, idx, 0)
    np.maximum.accumulate(first, out=first)
    idx -= first
    return idx


def group_sums(keys: np.ndarray, weights: np.ndarray, size: int) -> np.ndarray:
    """Sum of ``weights`` per key 0 .. size - 1, as floats."""
    # astype: NumPy's bincount returns integers when given no rows at all, even with float weights.
    return np.bincount(keys, weights=weights, minlength=size).astype(float, copy=False)
