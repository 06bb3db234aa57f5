"""ndcg_core.stats: the paired t-test, the t tail and the incomplete beta against SciPy, the
randomization test against an exact enumeration of sign patterns, the bootstrap interval,
``compare`` and Holm's correction on hand-worked cases."""

from __future__ import annotations

import itertools
import math
import warnings

import numpy as np
import pytest
import scipy.special
import scipy.stats
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from ndcg_core.stats import betainc, bootstrap_ci, compare, holm, paired_t, randomization_p, t_two_sided

# ---------------------------------------------------------------------------------------- paired t


@pytest.mark.parametrize("n", [2, 3, 5, 50, 1000])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_paired_t_equals_scipy_ttest_rel(n, seed):
    """paired_t(b − a) gives scipy.stats.ttest_rel(b, a)'s statistic and p-value to 1e-10 relative."""
    rng = np.random.default_rng(seed * 1000 + n)
    a = rng.uniform(0, 1, n)
    b = np.clip(a + rng.normal(0.05, 0.2, n), 0, 1)
    t, p = paired_t(b - a)
    want = scipy.stats.ttest_rel(b, a)
    assert t == pytest.approx(float(want.statistic), rel=1e-10)
    assert p == pytest.approx(float(want.pvalue), rel=1e-10)


@given(delta=st.lists(st.floats(-1, 1, allow_nan=False), min_size=2, max_size=40))
@settings(deadline=None, max_examples=50)
def test_paired_t_equals_scipy_on_any_differences(delta):
    """For any differences with a real spread, paired_t equals scipy.stats.ttest_rel against zeros."""
    d = np.array(delta)
    assume(d.std() > 1e-6 * max(1e-300, np.abs(d).max()))  # SciPy itself warns of cancellation below this
    t, p = paired_t(d)
    want = scipy.stats.ttest_rel(d, np.zeros_like(d))
    assert t == pytest.approx(float(want.statistic), rel=1e-9)
    assert p == pytest.approx(float(want.pvalue), rel=1e-9, abs=1e-300)
    assert 0.0 <= p <= 1.0


def test_hand_worked_t():
    """Δ = (1, 2, 3): mean 2, sd 1, so t = 2 / (1/√3) = 2√3 with 2 degrees of freedom."""
    t, p = paired_t(np.array([1.0, 2.0, 3.0]))
    assert t == pytest.approx(2 * math.sqrt(3), rel=1e-12)
    # with 2 df the two-sided tail has a closed form: p = 1 − t / √(2 + t²)
    assert p == pytest.approx(1 - t / math.sqrt(2 + t * t), rel=1e-10)


@pytest.mark.parametrize("value", [0.25, -0.1])
def test_equal_nonzero_differences_give_infinite_t_and_p_zero(value):
    """All differences equal and not 0: the spread is 0, t is ±inf with the mean's sign and p is 0, as in SciPy."""
    d = np.full(4, value)
    t, p = paired_t(d)
    assert t == math.copysign(math.inf, value) and p == 0.0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        want = scipy.stats.ttest_rel(d, np.zeros(4))
    assert t == want.statistic and p == want.pvalue


def test_all_zero_differences_are_undefined():
    """All differences 0: t and p are nan (no evidence either way), as in SciPy."""
    t, p = paired_t(np.zeros(5))
    assert math.isnan(t) and math.isnan(p)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        assert math.isnan(scipy.stats.ttest_rel(np.zeros(5), np.zeros(5)).pvalue)


@pytest.mark.parametrize("delta", [[], [0.3]])
def test_fewer_than_two_pairs_are_undefined(delta):
    """With fewer than two pairs there is no spread to estimate: (nan, nan)."""
    t, p = paired_t(np.array(delta, dtype=float))
    assert math.isnan(t) and math.isnan(p)


# --------------------------------------------------------------------------- t tail, incomplete beta

T_GRID = [0.0, 0.1, 0.5, 1.0, 2.0, 3.0, 5.0, 10.0, 30.0, 100.0, 1e3, 1e5, 1e8, -2.0, -30.0]
DF_GRID = [1, 2, 3, 5, 10, 30, 100, 1000, 100_000]


@pytest.mark.parametrize("df", DF_GRID)
def test_t_two_sided_equals_scipy_on_a_grid(df):
    """t_two_sided(t, df) equals 2·scipy.stats.t.sf(|t|, df) to 1e-9 relative, far into the tails."""
    for t in T_GRID:
        want = 2 * scipy.stats.t.sf(abs(t), df)
        assert t_two_sided(t, df) == pytest.approx(want, rel=1e-9, abs=1e-300), t


def test_t_two_sided_tiny_t_and_huge_df():
    """Near t = 0 the tail is right to 1e-8 up to 1,000 df, and at ten million df it is right in the tail."""
    for df in (1, 30, 1000):
        for t in (1e-8, 1e-4, 1e-2):
            assert t_two_sided(t, df) == pytest.approx(2 * scipy.stats.t.sf(t, df), rel=1e-8), (t, df)
    for t in (2.0, 6.0, 30.0):
        assert t_two_sided(t, 10_000_000) == pytest.approx(2 * scipy.stats.t.sf(t, 10_000_000), rel=1e-8), t
    # x = df / (df + t²) rounds near 1 when t² << df, so p close to 1 is only good to ~1e-5 there
    assert t_two_sided(1e-4, 10_000_000) == pytest.approx(2 * scipy.stats.t.sf(1e-4, 10_000_000), abs=1e-5)


def test_t_two_sided_edges():
    """t = 0 gives p = 1, ±inf gives 0, nan gives nan, and the tail is symmetric in t."""
    assert t_two_sided(0.0, 7) == 1.0
    assert t_two_sided(math.inf, 7) == 0.0 and t_two_sided(-math.inf, 7) == 0.0
    assert math.isnan(t_two_sided(math.nan, 7))
    assert t_two_sided(-2.5, 7) == t_two_sided(2.5, 7)
    # df = 1 is the Cauchy distribution: P(|T| >= 1) = 1/2 exactly
    assert t_two_sided(1.0, 1) == pytest.approx(0.5, rel=1e-13)


@pytest.mark.parametrize("a", [0.5, 1.0, 2.0, 5.0, 50.0, 500.0, 5000.0])
@pytest.mark.parametrize("b", [0.5, 1.0, 3.0, 50.0, 5000.0])
def test_betainc_equals_scipy_on_a_grid(a, b):
    """betainc(a, b, x) equals scipy.special.betainc to 1e-9 relative on both sides of the switch point."""
    for x in (1e-10, 0.01, 0.3, 0.5, 0.7, 0.99, 1 - 1e-10):
        want = scipy.special.betainc(a, b, x)
        assert betainc(a, b, x) == pytest.approx(want, rel=1e-9, abs=1e-300), x


def test_betainc_bounds_and_closed_forms():
    """I_0 = 0, I_1 = 1 (also beyond the ends), I_x(1, 1) = x and I_x(a, 1) = x^a."""
    assert betainc(2.0, 3.0, 0.0) == 0.0 and betainc(2.0, 3.0, -0.5) == 0.0
    assert betainc(2.0, 3.0, 1.0) == 1.0 and betainc(2.0, 3.0, 1.5) == 1.0
    for x in (0.1, 0.45, 0.9):
        assert betainc(1.0, 1.0, x) == pytest.approx(x, rel=1e-12)
        assert betainc(3.0, 1.0, x) == pytest.approx(x**3, rel=1e-12)


# ------------------------------------------------------------------------------- randomization test


def exact_sign_flip_p(delta) -> float:
    """The exact two-sided sign-flip p: the share of all 2^n sign patterns whose |mean| reaches the observed one."""
    d = np.asarray(delta, dtype=float)
    observed = abs(d.mean())
    patterns = list(itertools.product((1.0, -1.0), repeat=len(d)))
    return sum(abs(np.dot(s, d)) / len(d) >= observed - 1e-12 for s in patterns) / len(patterns)


@pytest.mark.parametrize(
    ("delta", "exact"),
    [
        ([1.0, 2.0, 3.0], 2 / 8),  # only all-plus and all-minus reach |mean| 2
        ([1.0, 1.0, 1.0], 2 / 8),
        ([3.0, -1.0, 1.0], 6 / 8),  # sums ±3 (four patterns) and ±5 (two) reach 3; ±1 (two) do not
        ([0.5, 0.0, -0.5], 8 / 8),  # the observed mean is 0: every pattern reaches it
    ],
)
def test_randomization_p_converges_to_the_exact_sign_flip_p(delta, exact):
    """With n = 3 and 20,000 draws the p is within five binomial standard errors of the exact 2^n enumeration."""
    assert exact_sign_flip_p(delta) == exact  # the hand count agrees with the enumeration
    permutations = 20_000
    p = randomization_p(np.array(delta), permutations=permutations, seed=7)
    tolerance = 5 * math.sqrt(exact * (1 - exact) / permutations) + 2 / permutations
    assert abs(p - exact) <= tolerance


def test_randomization_p_is_deterministic_per_seed():
    """The same seed gives the same p; another seed gives another draw."""
    d = np.array([0.3, -0.1, 0.2, 0.05, -0.02, 0.4, -0.3, 0.1])
    assert randomization_p(d, 2000, seed=5) == randomization_p(d, 2000, seed=5)
    assert randomization_p(d, 2000, seed=5) != randomization_p(d, 2000, seed=6)


def test_randomization_p_is_never_zero():
    """When no drawn pattern reaches the observed mean, p is 1/(permutations + 1), not 0."""
    d = np.ones(40)  # only 2 of 2^40 patterns reach the observed mean
    assert randomization_p(d, permutations=99, seed=1) == 1 / 100


def test_randomization_p_counts_every_draw_across_chunks():
    """With many queries the draws come in chunks: still exactly ``permutations`` patterns are counted."""
    n, permutations = 2500, 3001  # 800 patterns a chunk: three full chunks and a partial one
    assert randomization_p(np.zeros(n), permutations=permutations) == 1.0  # every pattern reaches 0
    assert randomization_p(np.ones(n), permutations=permutations) == 1 / (permutations + 1)


@given(delta=st.lists(st.floats(-1, 1, allow_nan=False), min_size=1, max_size=12), seed=st.integers(0, 2**32 - 1))
@settings(deadline=None, max_examples=50)
def test_randomization_p_is_in_zero_one(delta, seed):
    """For any differences, p lies in (0, 1] and is a whole number of hits over permutations + 1."""
    p = randomization_p(np.array(delta), permutations=200, seed=seed)
    assert 0 < p <= 1
    assert p * 201 == pytest.approx(round(p * 201), abs=1e-9)


def test_randomization_p_of_nothing_is_nan():
    """No pairs: the p is undefined (nan)."""
    assert math.isnan(randomization_p(np.array([])))


# ---------------------------------------------------------------------------------------- bootstrap


def test_bootstrap_ci_contains_the_mean_and_matches_scipy():
    """On 50 typical differences the 95% interval holds the mean Δ and equals SciPy's percentile bootstrap to ~0.1 sd."""
    rng = np.random.default_rng(3)
    d = rng.normal(0.05, 0.2, 50)
    low, high = bootstrap_ci(d)
    assert low < d.mean() < high
    want = scipy.stats.bootstrap(
        (d,), np.mean, method="percentile", n_resamples=10_000, random_state=np.random.default_rng(0)
    ).confidence_interval
    tolerance = 0.1 * d.std() / math.sqrt(len(d)) * 2  # a few Monte-Carlo errors of the 2.5% quantile
    assert low == pytest.approx(want.low, abs=tolerance)
    assert high == pytest.approx(want.high, abs=tolerance)
    # the normal approximation: mean ± 1.96 · sd / √n
    half = 1.96 * d.std() / math.sqrt(len(d))
    assert (high - low) == pytest.approx(2 * half, rel=0.1)


def test_bootstrap_ci_of_constant_differences_has_zero_width():
    """All Δ equal: every resample has the same mean, so the interval is that one value."""
    assert bootstrap_ci(np.full(30, 0.125)) == (0.125, 0.125)
    assert bootstrap_ci(np.array([0.4])) == (0.4, 0.4)


def test_bootstrap_ci_is_deterministic_per_seed_and_narrows_with_the_level():
    """The same seed gives the same interval; a 50% interval lies inside the 95% one."""
    d = np.random.default_rng(9).normal(0, 1, 40)
    assert bootstrap_ci(d, 3000, seed=4) == bootstrap_ci(d, 3000, seed=4)
    assert bootstrap_ci(d, 3000, seed=4) != bootstrap_ci(d, 3000, seed=5)
    low95, high95 = bootstrap_ci(d, 3000, seed=4)
    low50, high50 = bootstrap_ci(d, 3000, seed=4, level=0.5)
    assert low95 < low50 < high50 < high95


def test_bootstrap_ci_across_chunks():
    """With many queries (resamples drawn in chunks) the interval still brackets the mean and has the expected width."""
    d = np.random.default_rng(11).normal(0.0, 1.0, 5000)  # 400 resamples a chunk
    low, high = bootstrap_ci(d, resamples=2000)
    half = 1.96 * d.std() / math.sqrt(len(d))
    assert low < d.mean() < high
    assert (high - low) == pytest.approx(2 * half, rel=0.15)


def test_bootstrap_ci_of_nothing_is_nan():
    """No pairs: the interval is (nan, nan)."""
    low, high = bootstrap_ci(np.array([]))
    assert math.isnan(low) and math.isnan(high)


# ------------------------------------------------------------------------------------------ compare


def test_compare_hand_worked():
    """a = (.1, .2, .3, .4), b = (.3, .2, .1, .9): Δ = (.2, 0, −.2, .5), 2 wins, 1 tie, 1 loss, d_z = .125 / √(.2675/3)."""
    a, b = [0.1, 0.2, 0.3, 0.4], [0.3, 0.2, 0.1, 0.9]
    c = compare(a, b, permutations=500, resamples=500)
    assert (c.n, c.wins, c.ties, c.losses) == (4, 2, 1, 1)
    assert c.mean_a == pytest.approx(0.25) and c.mean_b == pytest.approx(0.375)
    assert c.mean_delta == pytest.approx(0.125, rel=1e-12)
    assert c.effect_size == pytest.approx(0.125 / math.sqrt(0.2675 / 3), rel=1e-12)  # = 0.41861
    assert c.effect_size == pytest.approx(0.41861, abs=1e-5)
    want = scipy.stats.ttest_rel(b, a)
    assert c.t == pytest.approx(float(want.statistic), rel=1e-10)
    assert c.p_t == pytest.approx(float(want.pvalue), rel=1e-10)
    assert c.p_randomization == randomization_p(np.array(b) - np.array(a), 500)
    assert (c.ci_low, c.ci_high) == bootstrap_ci(np.array(b) - np.array(a), 500)
    assert c.permutations == 500


def test_compare_reports_b_minus_a():
    """Δ is B − A: B better on every query gives only wins and a positive t and effect size."""
    c = compare([0.1, 0.2, 0.3], [0.2, 0.4, 0.35], permutations=100, resamples=100)
    assert (c.wins, c.ties, c.losses) == (3, 0, 0)
    assert c.mean_delta > 0 and c.t > 0 and c.effect_size > 0 and c.ci_low > 0


def test_compare_one_query():
    """One pair: the means are shown, but t, p and the effect size are undefined."""
    c = compare([0.2], [0.5], permutations=100, resamples=100)
    assert c.n == 1 and c.mean_delta == pytest.approx(0.3) and c.wins == 1
    assert math.isnan(c.t) and math.isnan(c.p_t) and math.isnan(c.effect_size)


def test_compare_constant_difference_has_no_effect_size():
    """Every Δ equal: the sd is 0, so d_z is nan while t is inf and p_t is 0."""
    c = compare([0.25, 0.5, 0.75], [0.5, 0.75, 1.0], permutations=100, resamples=100)
    assert math.isnan(c.effect_size) and c.t == math.inf and c.p_t == 0.0


@pytest.mark.parametrize(
    ("a", "b", "match"),
    [
        ([0.1, 0.2], [0.1], r"the two runs need the same queries: got \(2,\) and \(1,\) scores"),
        ([[0.1, 0.2]], [[0.1, 0.2]], r"the two runs need the same queries"),
        ([0.1, float("nan")], [0.1, 0.2], r"score pair 1 \(.*nan.*\) is not finite"),
        ([0.1, 0.2, 0.3], [0.1, 0.2, float("inf")], r"score pair 2 \(.*inf.*\) is not finite"),
    ],
)
def test_compare_rejects_bad_inputs(a, b, match):
    """Runs of different lengths, not one-dimensional, or with a non-finite score raise ValueError saying which."""
    with pytest.raises(ValueError, match=match):
        compare(a, b)


def test_compare_rejects_no_draws():
    """Zero permutations or resamples raise ValueError naming both counts."""
    with pytest.raises(ValueError, match=r"permutations and resamples must be at least 1, got 0 and 10"):
        compare([0.1, 0.2], [0.3, 0.4], permutations=0, resamples=10)
    with pytest.raises(ValueError, match=r"permutations and resamples must be at least 1, got 10 and 0"):
        compare([0.1, 0.2], [0.3, 0.4], permutations=10, resamples=0)


# --------------------------------------------------------------------------------------------- holm


@pytest.mark.parametrize(
    ("raw", "adjusted"),
    [
        ([0.01, 0.04, 0.03, 0.005], [0.03, 0.06, 0.06, 0.02]),  # 0.005·4, 0.01·3, 0.03·2, max(0.04·1, 0.06)
        ([0.5, 0.6], [1.0, 1.0]),  # 0.5·2 = 1; 0.6·1 is raised to the 1 before it
        ([0.02], [0.02]),
        ([], []),
        ([0.01, 0.01, 0.2], [0.03, 0.03, 0.2]),  # a tie: 0.01·3, then max(0.01·2, 0.03)
    ],
)
def test_holm_hand_worked(raw, adjusted):
    """Holm's adjusted p-values on hand-worked cases, in the order given."""
    assert holm(raw) == pytest.approx(adjusted, abs=1e-15)


@given(st.lists(st.floats(0, 1, allow_nan=False), max_size=20))
@settings(deadline=None, max_examples=50)
def test_holm_properties(raw):
    """Adjusted p-values are monotone in the raw order, capped at 1, at least the raw p and at most Bonferroni's."""
    adjusted = holm(raw)
    m = len(raw)
    assert len(adjusted) == m
    for p, q in zip(raw, adjusted, strict=True):
        assert p <= q <= min(1.0, m * p) + 1e-15
    ordered = [adjusted[i] for i in np.argsort(raw, kind="stable")]
    assert all(x <= y for x, y in itertools.pairwise(ordered))
    if m:
        assert min(adjusted) == pytest.approx(min(1.0, m * min(raw)))
