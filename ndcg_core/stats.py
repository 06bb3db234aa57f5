"""Is one run better than another on these queries? Paired tests over per-query nDCG.

Given each query's score under run A and run B (same queries, same order), ``compare`` reports
the per-query differences Δ = B − A, wins, ties and losses, the mean Δ with a paired t-test, a
paired randomization (sign-flip) test, a 95% bootstrap interval and the effect size d_z = mean Δ /
sd Δ. ``holm`` corrects several p-values for being tested together (Holm 1979). The t
distribution's tail is computed here (the regularized incomplete beta function, by its continued
fraction), so the app needs no SciPy; the tests check it against ``scipy.stats.ttest_rel``.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from numpy.typing import ArrayLike

PERMUTATIONS = 10_000
BOOTSTRAPS = 10_000
SEED = 20261201
_CHUNK_CELLS = 2_000_000  # random draws per chunk: ~16 MB at a time, whatever the number of queries
Stop = Callable[[], bool] | None  # asked between chunks: True abandons the work (``Stopped``)


class Stopped(Exception):
    """The caller's ``stop`` said the work is no longer wanted (e.g. the browser tab that asked for it is gone)."""


def _check(stop: Stop) -> None:
    if stop is not None and stop():
        raise Stopped


@dataclass(frozen=True)
class Comparison:
    """Run B against run A over n paired queries."""

    n: int
    mean_a: float
    mean_b: float
    mean_delta: float
    wins: int  # queries where B scores higher
    ties: int
    losses: int
    t: float
    p_t: float
    p_randomization: float
    permutations: int
    ci_low: float
    ci_high: float
    effect_size: float  # Cohen's d_z: mean Δ / standard deviation of Δ


def _betacf(a: float, b: float, x: float) -> float:
    """The continued fraction of the incomplete beta function (modified Lentz)."""
    tiny, eps = 1e-300, 1e-15
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1.0)
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 10_000):
        m2 = 2 * m
        even = m * (b - m) * x / ((a + m2 - 1) * (a + m2))
        odd = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1))
        for num in (even, odd):
            d = 1.0 + num * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + num / c
            c = c if abs(c) > tiny else tiny
            h *= d * c
        if abs(d * c - 1.0) < eps:
            break
    return h


def betainc(a: float, b: float, x: float, rest: float | None = None) -> float:
    """The regularized incomplete beta function I_x(a, b) for a, b > 0 and 0 <= x <= 1.

    ``rest`` is 1 − x when the caller knows it more precisely than ``1.0 - x`` would round.
    """
    rest = 1.0 - x if rest is None else rest
    if x <= 0.0:
        return 0.0
    if rest <= 0.0:
        return 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log(rest))
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _betacf(a, b, x) / a
    return 1.0 - front * _betacf(b, a, rest) / b


def t_two_sided(t: float, df: int) -> float:
    """P(|T| >= |t|) for Student's t with ``df`` degrees of freedom."""
    if math.isnan(t):
        return float("nan")
    if math.isinf(t):
        return 0.0
    return betainc(df / 2.0, 0.5, df / (df + t * t), t * t / (df + t * t))


def paired_t(delta: np.ndarray) -> tuple[float, float]:
    """(t, two-sided p) of the paired t-test on the differences; (nan, nan) when it is undefined.

    With all differences equal the spread is 0: t is ±inf and p is 0 when the mean is not 0, and
    undefined (nan) when every difference is 0 (SciPy gives the same).
    """
    n = len(delta)
    if n < 2:
        return float("nan"), float("nan")
    mean, sd = float(delta.mean()), float(delta.std(ddof=1))
    if sd == 0.0:
        return (float("nan"), float("nan")) if mean == 0.0 else (math.copysign(math.inf, mean), 0.0)
    t = mean / (sd / math.sqrt(n))
    return t, t_two_sided(t, n - 1)


def randomization_p(
    delta: np.ndarray, permutations: int = PERMUTATIONS, seed: int = SEED, *, stop: Stop = None
) -> float:
    """Two-sided p of the paired randomization test: each query's Δ keeps or flips its sign at random.

    p = (1 + number of sign patterns whose |mean| reaches the observed one) / (1 + permutations),
    so it is never 0 (Phipson & Smyth 2010).
    """
    n = len(delta)
    if n == 0:
        return float("nan")
    observed = abs(float(delta.mean())) - 1e-12  # a pattern equal to the observed one, up to rounding, counts
    rng = np.random.default_rng(seed)
    chunk = max(1, _CHUNK_CELLS // n)
    hits, done = 0, 0
    while done < permutations:
        _check(stop)
        size = min(chunk, permutations - done)
        signs = rng.integers(0, 2, size=(size, n), dtype=np.int8).astype(np.float64) * 2.0 - 1.0
        hits += int(np.count_nonzero(np.abs(signs @ delta) / n >= observed))
        done += size
    return (hits + 1) / (permutations + 1)


def bootstrap_ci(
    delta: np.ndarray, resamples: int = BOOTSTRAPS, seed: int = SEED, level: float = 0.95, *, stop: Stop = None
) -> tuple[float, float]:
    """The percentile bootstrap interval of the mean Δ: queries drawn with replacement, ``resamples`` times."""
    n = len(delta)
    if n == 0:
        return float("nan"), float("nan")
    rng = np.random.default_rng(seed)
    chunk = max(1, _CHUNK_CELLS // n)
    means = np.empty(resamples)
    for start in range(0, resamples, chunk):
        _check(stop)
        size = min(chunk, resamples - start)
        means[start : start + size] = delta[rng.integers(0, n, size=(size, n))].mean(axis=1)
    tail = (1.0 - level) / 2.0 * 100
    low, high = np.percentile(means, [tail, 100 - tail])
    return float(low), float(high)


def compare(
    a: ArrayLike,
    b: ArrayLike,
    *,
    permutations: int = PERMUTATIONS,
    resamples: int = BOOTSTRAPS,
    seed: int = SEED,
    stop: Stop = None,
) -> Comparison:
    """Run B against run A: ``a`` and ``b`` hold each query's score, paired by position.

    ``stop`` is asked between chunks of the bootstrap and the randomization test; when it says True, ``Stopped``
    is raised and the rest is not computed."""
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    if a.shape != b.shape or a.ndim != 1:
        raise ValueError(f"the two runs need the same queries: got {a.shape} and {b.shape} scores")
    bad = ~(np.isfinite(a) & np.isfinite(b))
    if bad.any():
        i = int(np.argmax(bad))
        raise ValueError(f"score pair {i} ({a[i]!r}, {b[i]!r}) is not finite")
    if permutations < 1 or resamples < 1:
        raise ValueError(f"permutations and resamples must be at least 1, got {permutations} and {resamples}")
    delta = b - a
    n = len(delta)
    t, p = paired_t(delta)
    sd = float(delta.std(ddof=1)) if n > 1 else float("nan")
    mean = float(delta.mean()) if n else float("nan")
    effect = mean / sd if n > 1 and sd > 0 else float("nan")
    low, high = bootstrap_ci(delta, resamples, seed, stop=stop)
    return Comparison(
        n=n,
        mean_a=float(a.mean()) if n else float("nan"),
        mean_b=float(b.mean()) if n else float("nan"),
        mean_delta=mean,
        wins=int(np.count_nonzero(delta > 0)),
        ties=int(np.count_nonzero(delta == 0)),
        losses=int(np.count_nonzero(delta < 0)),
        t=t,
        p_t=p,
        p_randomization=randomization_p(delta, permutations, seed, stop=stop),
        permutations=permutations,
        ci_low=low,
        ci_high=high,
        effect_size=effect,
    )


def holm(p_values: ArrayLike) -> list[float]:
    """Holm–Bonferroni adjusted p-values, in the given order: the i-th smallest is multiplied by
    (m − i + 1), and each adjusted value is at least the one before it in that order (capped at 1)."""
    p = np.asarray(p_values, dtype=float)
    order = np.argsort(p, kind="stable")
    m = len(p)
    adjusted = np.empty(m)
    running = 0.0
    for i, j in enumerate(order):
        running = max(running, min(1.0, (m - i) * p[j]))
        adjusted[j] = running
    return adjusted.tolist()
