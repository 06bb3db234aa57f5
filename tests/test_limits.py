"""The limitations lab's core (ndcg_core/limits.py) and its URL settings (teach/lab.py), checked by known properties and oracles."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sklearn.metrics import cohen_kappa_score

from ndcg_core import evaluate_run, limits, score_ranking
from ndcg_core.trec import trec_eval_ndcg
from teach import lab

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
GRADES = [1, 3, 2, 0, 2, 1, 3, 0, 0, 2]
GAINS = st.sampled_from(["linear", "exponential"])
CUTS = st.one_of(st.none(), st.integers(1, 12))


def graded(max_size: int = 12, scale: int = 3):
    return st.lists(st.integers(0, scale), min_size=1, max_size=max_size)


# ---------------------------------------------------------------- many rankings at once


@SETTINGS
@given(
    st.integers(1, 8).flatmap(
        lambda n: st.lists(st.lists(st.integers(0, 4), min_size=n, max_size=n), min_size=1, max_size=6)
    ),
    CUTS,
    GAINS,
)
def test_batch_ndcg_equals_score_ranking_row_by_row(rows, k, gain):
    """Each row's DCG, IDCG and nDCG from the vectorized batch equal score_ranking's for that ranking."""
    dcg, idcg, ndcg = limits.batch_ndcg(np.array(rows, dtype=float), k=k, gain=gain)
    for i, row in enumerate(rows):
        r = score_ranking(row, k=k, gain=gain)
        assert (dcg[i], idcg[i], ndcg[i]) == pytest.approx((r.dcg, r.idcg, r.ndcg), abs=1e-12)


# ---------------------------------------------------------------- 1. noisy grades


@pytest.mark.parametrize("judge", limits.JUDGES)
def test_zero_noise_gives_a_zero_width_interval(judge):
    """With noise probability 0 every draw is the original grades, so the 5–95% interval has width 0 and nothing flips."""
    s = limits.noise_study(GRADES, np.arange(10)[::-1], p=0.0, scale=3, draws=500, seed=3, k=5, judge=judge)
    assert s.interval_x[0] == s.interval_x[1] == pytest.approx(s.original_x)
    assert s.flip_share == 0.0


@pytest.mark.parametrize("judge", limits.JUDGES)
def test_the_interval_widens_as_the_noise_grows(judge):
    """The 5–95% interval of nDCG grows with the noise probability (same seed, 2,000 draws)."""
    widths = []
    for p in (0.0, 0.1, 0.3, 0.6):
        s = limits.noise_study(GRADES, np.arange(10), p=p, scale=3, draws=2000, seed=11, k=None, judge=judge)
        widths.append(s.interval_x[1] - s.interval_x[0])
    assert widths == sorted(widths) and widths[-1] > widths[1] > 0


def test_the_simulations_are_deterministic_for_a_seed():
    """The same seed gives the same noisy grades and hidings; another seed gives others."""
    a = limits.noisy_grades(GRADES, p=0.4, scale=3, draws=300, seed=5)
    assert np.array_equal(a, limits.noisy_grades(GRADES, p=0.4, scale=3, draws=300, seed=5))
    assert not np.array_equal(a, limits.noisy_grades(GRADES, p=0.4, scale=3, draws=300, seed=6))
    b = limits.noisy_grades(GRADES, p=0.4, scale=3, draws=300, seed=5, judge="llm")
    assert np.array_equal(b, limits.noisy_grades(GRADES, p=0.4, scale=3, draws=300, seed=5, judge="llm"))
    assert np.array_equal(limits.hidden_mask(10, 0.3, 9), limits.hidden_mask(10, 0.3, 9))
    sweep = [limits.incomplete_sweep(GRADES, [0.5], draws=50, seed=2)["as_zero"] for _ in range(2)]
    assert np.array_equal(*sweep)


def test_annotator_noise_moves_grades_by_one_within_the_scale():
    """Annotator noise moves each grade by at most one step, never off the scale, at about the chosen rate."""
    g = np.array(GRADES, dtype=float)
    noisy = limits.noisy_grades(g, p=0.5, scale=3, draws=4000, seed=1)
    assert np.abs(noisy - g).max() == 1 and noisy.min() >= 0 and noisy.max() <= 3
    middle = (g > 0) & (g < 3)  # grades that can move both ways: moved with probability p
    assert np.mean(noisy[:, middle] != g[middle]) == pytest.approx(0.5, abs=0.02)


def test_the_llm_judge_is_a_confusion_matrix_it_samples_from():
    """Each row of the LLM judge's matrix sums to 1, and with p = 1 the judged grades follow the row of their true grade."""
    c = limits.llm_confusion(3)
    assert c.shape == (4, 4) and np.allclose(c.sum(axis=1), 1.0)
    noisy = limits.noisy_grades([1] * 50, p=1.0, scale=3, draws=400, seed=4, judge="llm")
    share = np.bincount(noisy.astype(int).ravel(), minlength=4) / noisy.size
    assert share == pytest.approx(c[1], abs=0.01)


def test_the_flip_share_counts_draws_whose_verdict_differs():
    """The flip share equals the share of draws where X vs Y differs from the verdict of the original grades."""
    order = np.random.default_rng(1).permutation(10)
    s = limits.noise_study(GRADES, order, p=0.5, scale=3, draws=1000, seed=8, k=5, gain="linear")
    noisy = limits.noisy_grades(GRADES, p=0.5, scale=3, draws=1000, seed=8)
    x = np.array([score_ranking(row, k=5, gain="linear").ndcg for row in noisy])
    y = np.array([score_ranking(row[order], k=5, gain="linear").ndcg for row in noisy])
    truth = np.sign(s.original_x - s.original_y)
    assert s.flip_share == pytest.approx(np.mean(np.sign(np.round(x - y, 12)) != truth))
    assert 0 < s.flip_share < 1


@pytest.mark.filterwarnings("ignore:.*cohen_kappa_score. is undefined")
@SETTINGS
@given(
    st.integers(1, 30).flatmap(
        lambda n: st.tuples(
            st.lists(st.integers(0, 3), min_size=n, max_size=n), st.lists(st.integers(0, 3), min_size=n, max_size=n)
        )
    ),
    st.sampled_from(limits.KAPPA_WEIGHTS),
)
def test_weighted_kappa_equals_scikit_learn(pair, weights):
    """Weighted Cohen's kappa equals sklearn's cohen_kappa_score over the whole scale (NaN where sklearn's is NaN)."""
    a, b = pair
    ours = limits.weighted_kappa(a, b, scale=3, weights=weights)
    with np.errstate(divide="ignore", invalid="ignore"):
        theirs = cohen_kappa_score(a, b, labels=[0, 1, 2, 3], weights=weights)
    assert ours == pytest.approx(theirs, abs=1e-12, nan_ok=True)


@pytest.mark.parametrize("weights", limits.KAPPA_WEIGHTS)
def test_weighted_kappa_equals_scikit_learns_default_call_when_every_grade_occurs(weights):
    """With every grade 0..3 used, kappa equals sklearn's plain cohen_kappa_score(a, b, weights=...)."""
    b = [1, 2, 2, 0, 3, 1, 3, 1, 0, 2]
    assert limits.weighted_kappa(GRADES, b, scale=3, weights=weights) == pytest.approx(
        cohen_kappa_score(GRADES, b, weights=weights), abs=1e-12
    )


# ---------------------------------------------------------------- 2. the cut-off k


def test_ndcg_at_every_k_is_score_ranking_at_each_k():
    """The curve holds score_ranking's nDCG@k at every k."""
    curve = limits.ndcg_at_every_k(GRADES, gain="linear")
    assert curve == pytest.approx([score_ranking(GRADES, k=k, gain="linear").ndcg for k in range(1, 11)])


def test_swap_points_on_a_hand_checked_pair():
    """X = 1,0,0,1,1 and Y = 0,1,1,1,0 (linear gain): X leads at @1–2, Y at @3–4, X again at @5, so swaps at 3 and 5."""
    # By hand: IDCG@1..5 = 1, 1.6309, 2.1309, 2.1309, 2.1309; X = 1, 0.6131, 0.4693, 0.6714, 0.8529;
    # Y = 0, 0.3869, 0.5307, 0.7328, 0.7328.
    x = limits.ndcg_at_every_k([1, 0, 0, 1, 1], gain="linear")
    y = limits.ndcg_at_every_k([0, 1, 1, 1, 0], gain="linear")
    assert x.round(4).tolist() == [1.0, 0.6131, 0.4693, 0.6714, 0.8529]
    assert y.round(4).tolist() == [0.0, 0.3869, 0.5307, 0.7328, 0.7328]
    assert limits.swap_points(x, y) == [3, 5]


def test_a_tie_is_not_a_swap():
    """A tie between two leads by the same ranking is no swap; the same curves never swap."""
    assert limits.swap_points([0.5, 0.4, 0.6], [0.4, 0.4, 0.5]) == []
    assert limits.swap_points([0.5, 0.4, 0.3], [0.4, 0.4, 0.5]) == [3]
    assert limits.swap_points([0.2, 0.3], [0.2, 0.3]) == []


# ---------------------------------------------------------------- 3. incomplete judgments


@SETTINGS
@given(graded(), CUTS, GAINS)
def test_with_nothing_hidden_every_measure_agrees(grades, k, gain):
    """With no hidden judgment, the as-zero, condensed and bound values all equal the true nDCG, and Judged@k is 1."""
    inc = limits.incomplete(grades, np.zeros(len(grades), dtype=bool), scale=3, k=k, gain=gain)
    true = score_ranking(grades, k=k, gain=gain).ndcg
    assert [inc.full, inc.as_zero, inc.condensed, inc.lower, inc.upper] == pytest.approx([true] * 5, abs=1e-12)
    assert inc.judged_at_k == 1.0


@SETTINGS
@given(
    st.integers(1, 12).flatmap(
        lambda n: st.tuples(
            st.lists(st.integers(0, 4), min_size=n, max_size=n), st.lists(st.booleans(), min_size=n, max_size=n)
        )
    ),
    CUTS,
    GAINS,
)
def test_the_bounds_always_bracket_the_true_value(case, k, gain):
    """Whatever the hidden grades are, the true nDCG lies between the lower and the upper bound."""
    grades, hidden = case
    inc = limits.incomplete(grades, hidden, scale=4, k=k, gain=gain)
    assert inc.lower - 1e-12 <= inc.full <= inc.upper + 1e-12
    assert 0 <= inc.lower <= inc.upper <= 1


@SETTINGS
@given(
    st.integers(1, 12).flatmap(
        lambda n: st.tuples(
            st.lists(st.integers(0, 3), min_size=n, max_size=n), st.lists(st.booleans(), min_size=n, max_size=n)
        )
    ),
    st.integers(1, 12),
    GAINS,
)
def test_condensed_and_as_zero_equal_trec_eval(case, k, gain):
    """nDCG′ equals trec_eval -J (judged_only) and the as-zero value equals plain trec_eval, at the same cut-off."""
    grades, hidden = case
    if all(hidden):
        hidden[0] = False  # trec_eval scores a query only when it has judgments
    n = len(grades)
    run = pd.DataFrame({"query_id": "q", "doc_id": [f"d{i:02d}" for i in range(n)], "score": np.arange(n, 0, -1.0)})
    qrels = pd.DataFrame(
        {
            "query_id": "q",
            "doc_id": [f"d{i:02d}" for i, h in enumerate(hidden) if not h],
            "relevance": [float(g) for g, h in zip(grades, hidden, strict=True) if not h],
        }
    )
    inc = limits.incomplete(grades, hidden, scale=3, k=k, gain=gain)
    measure = f"ndcg_cut_{k}"
    judged_only = trec_eval_ndcg(run, qrels, cutoffs=(k,), full=False, judged_only=True, gain=gain)
    plain = trec_eval_ndcg(run, qrels, cutoffs=(k,), full=False, gain=gain)
    assert inc.condensed == pytest.approx(judged_only.per_query[measure]["q"], abs=1e-12)
    assert inc.as_zero == pytest.approx(plain.per_query[measure]["q"], abs=1e-12)


def test_hidden_mask_hides_the_share_asked_for():
    """round(share × n) judgments are hidden: none at 0, all at 1."""
    assert [int(limits.hidden_mask(10, s, 1).sum()) for s in (0.0, 0.3, 0.55, 1.0)] == [0, 3, 6, 10]


def test_the_sweep_is_the_mean_distance_of_single_hidings():
    """The sweep starts at 0 with nothing hidden, and each point is the mean |measure − true| over its hidings."""
    sweep = limits.incomplete_sweep(GRADES, [0.0, 0.4], draws=40, seed=3, k=5, gain="linear")
    assert sweep["as_zero"][0] == pytest.approx(0.0, abs=1e-12) == sweep["condensed"][0]
    assert sweep["judged_at_k"][0] == 1.0
    assert 0 < sweep["as_zero"][1] < 1 and 0 < sweep["condensed"][1] < 1
    # The same hidings, scored one by one with score_ranking through incomplete():
    keys = np.random.default_rng(3).random((40, 10))
    ranks = np.argsort(np.argsort(keys, axis=1), axis=1)
    singles = [limits.incomplete(GRADES, row < 4, scale=3, k=5, gain="linear") for row in ranks]
    assert sweep["as_zero"][1] == pytest.approx(np.mean([abs(s.as_zero - s.full) for s in singles]))
    assert sweep["condensed"][1] == pytest.approx(np.mean([abs(s.condensed - s.full) for s in singles]))
    assert sweep["judged_at_k"][1] == pytest.approx(np.mean([s.judged_at_k for s in singles]))


# ---------------------------------------------------------------- 4. averaging over queries


@pytest.mark.parametrize("k", [None, 2])
def test_means_by_empty_equal_evaluate_runs_means(k):
    """Each mean with m empty queries equals evaluate_run's mean of those queries under "zero" and "skip"."""
    queries = [GRADES, limits.SECOND_QUERY]
    got = limits.means_by_empty(queries, 3, k=k, gain="linear")
    for m in range(4):
        run, qrels = limits.run_frames([*queries, *([(0.0,)] * m)])
        for rule in ("zero", "skip"):
            assert got[rule][m] == pytest.approx(evaluate_run(run, qrels, k=k, gain="linear", empty=rule).mean)
    assert got["skip"][0] == got["skip"][3] and got["zero"][3] < got["zero"][0]


# ---------------------------------------------------------------- 5. the cost of IDCG


def test_the_per_query_loop_gives_evaluate_runs_numbers():
    """The naive loop (score_ranking per query) and evaluate_run give the same nDCG@10 for every query of a seeded run."""
    run, qrels = limits.synthetic_run(30, 25, seed=4)
    ev = evaluate_run(run, qrels, k=10, gain="linear")
    loop = limits.naive_loop(limits.per_query_lists(run, qrels), k=10, gain="linear")
    assert dict(zip(ev.per_query["query_id"], ev.per_query["ndcg"], strict=True)) == pytest.approx(loop, abs=1e-12)


def test_time_evaluation_measures_each_size_three_ways():
    """Each size gets a positive time for the vectorized call, the loop and the sorts, in the order asked."""
    t = limits.time_evaluation([(5, 10), (20, 10)], repeats=1)
    assert t[["queries", "documents"]].values.tolist() == [[5, 10], [20, 10]]
    assert (t[["vectorized", "loop", "sorts"]].to_numpy() > 0).all()


# ---------------------------------------------------------------- bad inputs


@pytest.mark.parametrize(
    ("call", "named"),
    [
        (lambda: limits.noisy_grades(GRADES, p=1.5, scale=3, draws=10, seed=1), "1.5"),
        (lambda: limits.noisy_grades(GRADES, p=0.1, scale=3, draws=0, seed=1), "0"),
        (lambda: limits.noisy_grades(GRADES, p=0.1, scale=3, draws=10, seed=1, judge="oracle"), "oracle"),
        (lambda: limits.noisy_grades([5], p=0.1, scale=3, draws=10, seed=1), "5.0"),
        (lambda: limits.weighted_kappa([1, 2], [1], scale=3), "2 and 1"),
        (lambda: limits.weighted_kappa([1], [1], scale=3, weights="cubic"), "cubic"),
        (lambda: limits.hidden_mask(4, -0.2, 1), "-0.2"),
        (lambda: limits.incomplete([1, 2], [True], scale=3), "1 entries"),
        (lambda: limits.noise_study([1, 2], [0, 0], p=0.1, scale=3, draws=5, seed=1), "[0, 0]"),
        (lambda: limits.means_by_empty([[1]], -1), "-1"),
        (lambda: limits.batch_ndcg(np.array([1.0, 2.0])), "(2,)"),
        (lambda: limits.synthetic_run(0, 5, 1), "0"),
        (lambda: limits.time_evaluation([(2, 2)], repeats=0), "0"),
    ],
)
def test_bad_inputs_raise_a_value_error_naming_the_value(call, named):
    """A bad argument raises ValueError whose message names the bad value."""
    with pytest.raises(ValueError, match=None) as info:
        call()
    assert named in str(info.value)


# ---------------------------------------------------------------- the lab's URL settings


def test_lab_settings_round_trip_through_the_url():
    """Settings written into lab_... parameters read back the same, with no problem."""
    settings_ = {
        **lab.defaults(),
        "judge": "llm",
        "noise": 35,
        "seed": 77,
        "alt": "reverse",
        "screen": "pc",
        "hide": 60,
        "empty": 4,
        "weights": "quadratic",
        "second": "1, 2, 0",
    }
    assert lab.read(lab.write(settings_)) == (settings_, None)
    assert "lab_second" not in lab.write(lab.defaults())


def test_a_bad_lab_value_falls_back_alone():
    """A bad value falls back to its default alone, named as the first problem; the good values are kept."""
    got, problem = lab.read({"lab_noise": "abc", "lab_seed": "12", "lab_hide": "95"})
    assert got["noise"] == lab.defaults()["noise"] and got["hide"] == lab.defaults()["hide"] and got["seed"] == 12
    assert problem == ("lab_bad_value", {"param": "lab_noise", "value": "abc"})


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", (None, None)),
        ("1, 3,2", ([1, 3, 2], None)),
        ("1, x, 2", (None, ("lab_second_bad", {"pos": 2, "value": "x", "scale": 3}))),
        ("1, 4, 2", (None, ("lab_second_bad", {"pos": 2, "value": "4", "scale": 3}))),
        ("1, 2", (None, ("lab_second_count", {"count": 2, "n": 3}))),
    ],
)
def test_second_annotator_grades_are_checked(text, expected):
    """A second annotator's grades must be n whole numbers on the scale; the first bad one is named."""
    assert lab.second_grades(text, 3, 3) == expected


@given(st.integers(1, 12), st.integers(0, 10**9))
@settings(max_examples=200, deadline=None)
def test_a_shuffled_ranking_differs_from_the_list_whenever_it_can(n, seed):
    """shuffled_order is a permutation of 0..n-1, the same for the same seed, and never the listed order when n > 1."""
    order = limits.shuffled_order(n, seed)
    assert sorted(order.tolist()) == list(range(n))
    assert (order == limits.shuffled_order(n, seed)).all()
    assert n == 1 or order.tolist() != list(range(n))


def test_the_default_seed_shuffles_three_items():
    """Seed 1's first permutation of three items is the identity; the lab's Y is the next one, which moves them."""
    assert np.random.default_rng(1).permutation(3).tolist() == [0, 1, 2]
    assert limits.shuffled_order(3, 1).tolist() != [0, 1, 2]
