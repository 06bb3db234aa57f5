"""What nDCG cannot tell you: noisy grades, the cut-off k, incomplete judgments and averaging over queries.

Pure and seeded: every simulation draws from ``numpy.random.default_rng(seed)``, so one seed gives
one answer on any machine. Single rankings are scored by ``score_ranking``; many grade vectors at
once (thousands of noisy draws) by ``batch_ndcg``, which uses the registry's ``gain_values`` and
``discount_weights`` and agrees with ``score_ranking`` row by row (tests/test_limits.py).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from functools import partial
from time import perf_counter
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from ndcg_core._registry import discount_weights, gain_values
from ndcg_core._validate import as_numbers, check_k
from ndcg_core.batch import evaluate_run
from ndcg_core.ranking import score_ranking

if TYPE_CHECKING:
    from numpy.typing import ArrayLike

JUDGES = ("annotators", "llm")
KAPPA_WEIGHTS = ("linear", "quadratic")
MAX_DRAWS = 100_000
SECOND_QUERY = (2.0, 0.0, 1.0)  # the lab's second query of the averaging example, beside the user's


# ---------------------------------------------------------------- checks


def _grades(grades: ArrayLike, name: str = "grades") -> np.ndarray:
    out = as_numbers(grades, name, nonnegative=True)
    if len(out) == 0:
        raise ValueError(f"{name} is empty; give at least one graded item")
    return out


def _probability(p: float, name: str) -> float:
    try:
        value = float(p)
    except (TypeError, ValueError):
        raise ValueError(f"{name} {p!r} is not a number") from None
    if not 0.0 <= value <= 1.0:
        raise ValueError(f"{name} {value!r} must lie between 0 and 1")
    return value


def _count(n: object, name: str, top: int) -> int:
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or not 1 <= n <= top:
        raise ValueError(f"{name} {n!r} must be a whole number from 1 to {top}")
    return int(n)


def _scale(scale: object) -> int:
    if isinstance(scale, bool) or not isinstance(scale, (int, np.integer)) or scale < 1:
        raise ValueError(f"scale {scale!r} must be a whole number of at least 1")
    return int(scale)


# ---------------------------------------------------------------- many rankings at once


def batch_ndcg(
    grades: np.ndarray, *, k: int | None = None, gain: str = "exponential", ideal: np.ndarray | None = None
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(DCG@k, IDCG@k, nDCG@k) of each row of ``grades`` (rows in ranked order), as ``score_ranking`` gives them.

    ``ideal`` (same shape, optional) holds each row's judged grades for IDCG; by default the row itself.
    nDCG is 0 where IDCG is 0 and capped at 1, as in ``score_ranking``.
    """
    g = np.asarray(grades, dtype=float)
    if g.ndim != 2 or g.shape[1] == 0:
        raise ValueError(f"grades must be a two-dimensional array with at least one column, got shape {g.shape}")
    if not np.isfinite(g).all() or (g < 0).any():
        raise ValueError("grades must be finite numbers >= 0")
    k = check_k(k)
    cut = g.shape[1] if k is None else min(k, g.shape[1])
    disc = discount_weights(cut)
    dcg = gain_values(g[:, :cut], gain) @ disc
    best = -np.sort(-(g if ideal is None else np.asarray(ideal, dtype=float)), axis=1)
    idcg = gain_values(best[:, :cut], gain) @ disc
    with np.errstate(divide="ignore", invalid="ignore"):
        ndcg = np.where(idcg > 0, np.minimum(dcg / np.where(idcg > 0, idcg, 1.0), 1.0), 0.0)
    return dcg, idcg, ndcg


# ---------------------------------------------------------------- 1. noisy grades


def llm_confusion(scale: int) -> np.ndarray:
    """An illustrative LLM judge: P(judged grade | true grade) for grades 0..scale.

    The judge keeps the grade 60% of the time, rates one grade higher 25%, two higher 5% and one
    lower 10% (lenient, as LLM judges are often reported to be); mass past the scale's ends stays at the end.
    """
    scale = _scale(scale)
    size = scale + 1
    out = np.zeros((size, size))
    for shift, p in ((0, 0.60), (1, 0.25), (2, 0.05), (-1, 0.10)):
        rows = np.arange(size)
        np.add.at(out, (rows, np.clip(rows + shift, 0, scale)), p)
    return out


def noisy_grades(
    grades: ArrayLike, *, p: float, scale: int, draws: int, seed: int, judge: str = "annotators"
) -> np.ndarray:
    """``draws`` noisy copies of ``grades`` (one per row).

    ``judge="annotators"``: each grade moves by −1 or +1 with probability ``p`` (half each way), clipped
    to 0..scale. ``judge="llm"``: each grade is replaced with probability ``p`` by a draw from
    ``llm_confusion(scale)``'s row for that grade (``p`` = 1 is the judge alone).
    """
    g = _grades(grades)
    p = _probability(p, "noise probability")
    scale = _scale(scale)
    draws = _count(draws, "draws", MAX_DRAWS)
    if judge not in JUDGES:
        raise ValueError(f"unknown judge {judge!r}; choose one of {', '.join(JUDGES)}")
    if (g > scale).any() or (g != np.floor(g)).any():
        raise ValueError(f"grades {g.tolist()} must be whole numbers on the scale 0..{scale}")
    rng = np.random.default_rng(seed)
    u = rng.random((draws, len(g)))
    if judge == "annotators":
        move = np.where(u < p / 2, -1.0, np.where(u < p, 1.0, 0.0))
        moved: np.ndarray = np.clip(g + move, 0, scale)
        return moved
    cum = np.cumsum(llm_confusion(scale), axis=1)[g.astype(int)]  # (n, scale + 1)
    v = rng.random((draws, len(g)))
    judged = (v[:, :, None] > cum[None, :, :]).sum(axis=2).clip(0, scale).astype(float)
    return np.where(u < p, judged, g)


@dataclass(frozen=True)
class NoiseResult:
    """nDCG of each noisy draw for ranking X (and Y), its 5–95% interval, and how often X vs Y flips."""

    original_x: float
    original_y: float
    ndcg_x: np.ndarray
    ndcg_y: np.ndarray
    interval_x: tuple[float, float]
    interval_y: tuple[float, float]
    flip_share: float  # share of draws in which X vs Y is not the verdict of the original grades


def shuffled_order(n: int, seed: int) -> np.ndarray:
    """A seeded shuffle of ranks 0..n-1 that differs from the listed order whenever it can (n > 1): the seed's
    first permutation, else its next one that moves something. A "shuffled" ranking equal to the list would
    compare a ranking with itself."""
    n = _count(n, "n", 1_000_000)
    rng = np.random.default_rng(seed)
    order = rng.permutation(n)
    while n > 1 and (order == np.arange(n)).all():
        order = rng.permutation(n)
    return order


def interval(values: np.ndarray) -> tuple[float, float]:
    """The 5th and 95th percentiles."""
    lo, hi = np.percentile(values, [5, 95])
    return float(lo), float(hi)


def verdict(a: ArrayLike, b: ArrayLike, tol: float = 1e-12) -> np.ndarray:
    """+1 where a beats b, −1 where b beats a, 0 for a tie (within ``tol``)."""
    d = np.asarray(a) - np.asarray(b)
    signs: np.ndarray = np.where(d > tol, 1, np.where(d < -tol, -1, 0))
    return signs


def noise_study(
    grades: ArrayLike,
    order_y: ArrayLike,
    *,
    p: float,
    scale: int,
    draws: int,
    seed: int,
    k: int | None = None,
    gain: str = "exponential",
    judge: str = "annotators",
) -> NoiseResult:
    """Noisy grades for the items of ranking X (``grades``, in X's order); Y lists the same items in ``order_y``."""
    g = _grades(grades)
    order = np.asarray(order_y)
    if sorted(order.tolist()) != list(range(len(g))):
        raise ValueError(f"order_y {order.tolist()} must be a reordering of 0..{len(g) - 1}")
    noisy = noisy_grades(g, p=p, scale=scale, draws=draws, seed=seed, judge=judge)
    _, _, x = batch_ndcg(noisy, k=k, gain=gain)
    _, _, y = batch_ndcg(noisy[:, order], k=k, gain=gain)
    ox = score_ranking(g, k=k, gain=gain).ndcg
    oy = score_ranking(g[order], k=k, gain=gain).ndcg
    flips = float(np.mean(verdict(x, y) != verdict(ox, oy)))
    return NoiseResult(ox, oy, x, y, interval(x), interval(y), flips)


def weighted_kappa(a: ArrayLike, b: ArrayLike, *, scale: int, weights: str = "linear") -> float:
    """Cohen's kappa of two graders over grades 0..scale with linear or quadratic disagreement weights.

    It equals scikit-learn's ``cohen_kappa_score(a, b, labels=range(scale + 1), weights=...)``: the
    weights count grade steps on the whole scale. 1 is full agreement, 0 is what chance gives; NaN when
    both graders gave one same grade to every item.
    """
    a, b = _grades(a, "first grades"), _grades(b, "second grades")
    if len(a) != len(b):
        raise ValueError(f"the two graders graded {len(a)} and {len(b)} items; they must grade the same items")
    if weights not in KAPPA_WEIGHTS:
        raise ValueError(f"unknown weights {weights!r}; choose one of {', '.join(KAPPA_WEIGHTS)}")
    scale = _scale(scale)
    size = scale + 1
    if (a > scale).any() or (b > scale).any() or (a != np.floor(a)).any() or (b != np.floor(b)).any():
        raise ValueError(f"grades must be whole numbers on the scale 0..{scale}")
    observed = np.bincount(a.astype(int) * size + b.astype(int), minlength=size * size).reshape(size, size)
    expected = np.outer(observed.sum(1), observed.sum(0)) / observed.sum()
    i, j = np.indices((size, size))
    w = np.abs(i - j) if weights == "linear" else (i - j) ** 2
    chance = float((w * expected).sum())
    if chance == 0:  # both graders gave one same grade to every item: kappa is undefined (sklearn: nan)
        return float("nan")
    return 1.0 - float((w * observed).sum()) / chance


# ---------------------------------------------------------------- 2. the cut-off k


def ndcg_at_every_k(grades: ArrayLike, *, gain: str = "exponential") -> np.ndarray:
    """nDCG@1, nDCG@2, ..., nDCG@n of one ranking (``score_ranking``'s running column)."""
    return score_ranking(_grades(grades), k=None, gain=gain).column("ndcg")


def swap_points(a: ArrayLike, b: ArrayLike, tol: float = 1e-12) -> list[int]:
    """The cut-offs k (1-based) at which the leader of two nDCG@k curves changes.

    A tie at some k is no swap; the leader changes at the first k after it where the other curve is ahead.

    >>> swap_points([1.0, 0.5, 0.5, 0.4], [0.5, 0.6, 0.5, 0.6])
    [2]
    """
    signs = verdict(np.asarray(a, dtype=float), np.asarray(b, dtype=float), tol)
    out: list[int] = []
    last = 0
    for k, s in enumerate(signs.tolist(), start=1):
        if s and last and s != last:
            out.append(k)
        last = s or last
    return out


# ---------------------------------------------------------------- 3. incomplete judgments


def hidden_mask(n: int, share: float, seed: int) -> np.ndarray:
    """Which of ``n`` judgments to hide: round(share × n) of them, chosen by the seed."""
    n = _count(n, "number of items", 10**6)
    share = _probability(share, "hidden share")
    mask = np.zeros(n, dtype=bool)
    mask[np.random.default_rng(seed).permutation(n)[: round(share * n)]] = True
    return mask


@dataclass(frozen=True)
class Incomplete:
    """nDCG@k of one ranking when some judgments are hidden, by each way of handling them."""

    full: float  # every judgment known
    as_zero: float  # unjudged counted non-relevant (trec_eval's default)
    condensed: float  # unjudged dropped from the list (nDCG′, trec_eval -J)
    lower: float  # the lowest value any grades of the unjudged items could give
    upper: float  # the highest
    judged_at_k: float  # share of the top k that is judged


def incomplete(
    grades: ArrayLike, hidden: ArrayLike, *, scale: int, k: int | None = None, gain: str = "exponential"
) -> Incomplete:
    """Each measure for ``grades`` (ranked order) with the judgments where ``hidden`` is True unknown.

    The ideal uses the known judgments only, as a test collection's qrels do. The bounds hold for any
    true grades 0..scale of the unjudged items: DCG grows and IDCG grows with each grade, so
    DCG(unjudged 0) / IDCG(unjudged at the top) <= nDCG <= DCG(unjudged at the top) / IDCG(unjudged 0).
    """
    g = _grades(grades)
    hide = np.asarray(hidden, dtype=bool)
    if hide.shape != g.shape:
        raise ValueError(f"hidden has {hide.size} entries for {g.size} grades")
    scale = _scale(scale)
    k = check_k(k)
    zero, top = np.where(hide, 0.0, g), np.where(hide, float(scale), g)
    full = score_ranking(g, k=k, gain=gain).ndcg
    low_r, top_r = score_ranking(zero, k=k, gain=gain), score_ranking(top, k=k, gain=gain)
    lower = score_ranking(zero, k=k, gain=gain, ideal_pool=top).ndcg
    if low_r.idcg > 0:
        upper = min(top_r.dcg / low_r.idcg, 1.0)
    else:  # nothing relevant is known: any unjudged item in the top k could make it 1; with none there, it is 0
        upper = 1.0 if top_r.dcg > 0 else 0.0
    kept = g[~hide]
    condensed = score_ranking(kept, k=k, gain=gain).ndcg if len(kept) else 0.0
    cut = len(g) if k is None else min(k, len(g))
    return Incomplete(full, low_r.ndcg, condensed, lower, upper, float(np.mean(~hide[:cut])))


def incomplete_sweep(
    grades: ArrayLike, shares: ArrayLike, *, draws: int, seed: int, k: int | None = None, gain: str = "exponential"
) -> dict[str, np.ndarray]:
    """Mean |measure − full nDCG| over ``draws`` seeded hidings at each hidden share, for both point measures.

    Returns {"share", "as_zero", "condensed", "judged_at_k"}: one value per share (judged@k is its mean).
    """
    g = _grades(grades)
    draws = _count(draws, "draws", MAX_DRAWS)
    n = len(g)
    full = score_ranking(g, k=k, gain=gain).ndcg
    rng = np.random.default_rng(seed)
    keys = rng.random((draws, n))
    ranks = np.argsort(np.argsort(keys, axis=1), axis=1)  # each draw's random order of the items
    cut = n if k is None else min(k, n)
    share_values = np.asarray(shares, dtype=float)
    as_zero: list[float] = []
    condensed_errors: list[float] = []
    judged_at_k: list[float] = []
    for share in share_values:
        hide = ranks < round(_probability(share, "hidden share") * n)
        zero = np.where(hide, 0.0, g)
        # The condensed list: judged items first in their order, unjudged moved past the end as 0.
        order = np.argsort(hide, axis=1, kind="stable")
        condensed = np.take_along_axis(zero, order, axis=1)
        as_zero.append(np.abs(batch_ndcg(zero, k=k, gain=gain)[2] - full).mean())
        condensed_errors.append(np.abs(batch_ndcg(condensed, k=k, gain=gain)[2] - full).mean())
        judged_at_k.append((~hide[:, :cut]).mean())
    out = {"share": share_values, "as_zero": as_zero, "condensed": condensed_errors, "judged_at_k": judged_at_k}
    return {name: np.asarray(v, dtype=float) for name, v in out.items()}


# ---------------------------------------------------------------- 4. averaging over queries


def run_frames(queries: Iterable[ArrayLike]) -> tuple[pd.DataFrame, pd.DataFrame]:
    """A run and its qrels from each query's grades in ranked order (query ids q1, q2, ...; all listed items judged)."""
    run, qrels = [], []
    for q, grades in enumerate(queries, start=1):
        g = _grades(grades, f"query {q}")
        for i, grade in enumerate(g):
            run.append((f"q{q}", f"q{q}-d{i + 1}", float(len(g) - i)))
            qrels.append((f"q{q}", f"q{q}-d{i + 1}", float(grade)))
    if not run:
        raise ValueError("queries is empty; give at least one query")
    return (
        pd.DataFrame(run, columns=["query_id", "doc_id", "score"]),
        pd.DataFrame(qrels, columns=["query_id", "doc_id", "relevance"]),
    )


def means_by_empty(
    queries: Iterable[ArrayLike], most: int, *, k: int | None = None, gain: str = "exponential"
) -> dict[str, np.ndarray]:
    """The mean nDCG with m = 0..most all-zero queries added to ``queries``, counted as 0 and left out.

    One ``evaluate_run`` scores every query; the mean with m empty queries is that of the first
    len(queries) + m rows under each rule, which is what ``evaluate_run(..., empty=rule).mean`` gives
    on those queries (tests/test_limits.py checks every m).
    """
    if isinstance(most, bool) or not isinstance(most, (int, np.integer)) or most < 0:
        raise ValueError(f"the number of empty queries {most!r} must be a whole number >= 0")
    queries = list(queries)
    run, qrels = run_frames([*queries, *([(0.0,)] * int(most))])
    per_query = evaluate_run(run, qrels, k=k, gain=gain, ties="stable").per_query
    ndcg, counted = per_query["ndcg"].to_numpy(), per_query["idcg"].to_numpy() > 0
    m = np.arange(int(most) + 1)
    rows = len(queries) + m
    total = np.cumsum(ndcg)[rows - 1]
    kept = np.cumsum(counted)[rows - 1]
    with np.errstate(invalid="ignore", divide="ignore"):
        skip = np.where(kept > 0, np.cumsum(np.where(counted, ndcg, 0.0))[rows - 1] / np.maximum(kept, 1), 0.0)
    return {"empty": m, "zero": total / rows, "skip": skip}


# ---------------------------------------------------------------- 5. the cost of IDCG


def synthetic_run(n_queries: int, n_docs: int, seed: int) -> tuple[pd.DataFrame, pd.DataFrame]:
    """A seeded run of ``n_queries`` × ``n_docs`` documents with distinct random scores, every document judged 0–3."""
    n_queries, n_docs = _count(n_queries, "number of queries", 10**6), _count(n_docs, "number of documents", 10**6)
    rng = np.random.default_rng(seed)
    q = np.repeat(np.arange(n_queries), n_docs)
    d = np.tile(np.arange(n_docs), n_queries)
    query_id = pd.array([f"q{i}" for i in q], dtype="string")
    doc_id = pd.array([f"d{i}" for i in d], dtype="string")
    run = pd.DataFrame({"query_id": query_id, "doc_id": doc_id, "score": rng.permutation(q.size).astype(float)})
    qrels = pd.DataFrame(
        {"query_id": query_id, "doc_id": doc_id, "relevance": rng.integers(0, 4, q.size).astype(float)}
    )
    return run, qrels


def per_query_lists(run: pd.DataFrame, qrels: pd.DataFrame) -> list[tuple[Hashable, np.ndarray, np.ndarray]]:
    """(query, grades in score order, judged grades) of each query: what a per-query loop scores."""
    joined = run.merge(qrels, on=["query_id", "doc_id"], how="left").fillna({"relevance": 0.0})
    joined = joined.sort_values(["query_id", "score"], ascending=[True, False], kind="stable")
    judged = {q: g["relevance"].to_numpy() for q, g in qrels.groupby("query_id", sort=False)}
    return [
        (q, g["relevance"].to_numpy(), judged.get(q, np.zeros(0))) for q, g in joined.groupby("query_id", sort=False)
    ]


def naive_loop(
    lists: Iterable[tuple[Hashable, np.ndarray, np.ndarray]], *, k: int | None = None, gain: str = "exponential"
) -> dict[Hashable, float]:
    """nDCG of each query, one ``score_ranking`` call per query: the per-query Python loop."""
    return {q: score_ranking(g, k=k, gain=gain, ideal_pool=pool).ndcg for q, g, pool in lists}


def _best(call: Callable[[], object], repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = perf_counter()
        call()
        times.append(perf_counter() - start)
    return min(times)


def _ideal_sorts(lists: Iterable[tuple[Hashable, np.ndarray, np.ndarray]]) -> list[np.ndarray]:
    """Each query's judged grades, best first: the sorts IDCG needs."""
    return [np.sort(pool)[::-1] for _, _, pool in lists]


def time_evaluation(
    sizes: Iterable[tuple[int, int]], *, k: int | None = 10, gain: str = "exponential", seed: int = 0, repeats: int = 3
) -> pd.DataFrame:
    """Seconds (best of ``repeats``) to score each (queries, documents) size three ways.

    ``vectorized``: one ``evaluate_run`` call over the whole run; ``loop``: ``naive_loop``, one
    ``score_ranking`` per query; ``sorts``: only the sorts IDCG needs (each query's grades, best first).
    """
    repeats = _count(repeats, "repeats", 100)
    rows = []
    for n_queries, n_docs in sizes:
        run, qrels = synthetic_run(n_queries, n_docs, seed)
        lists = per_query_lists(run, qrels)
        rows.append(
            {
                "queries": n_queries,
                "documents": n_docs,
                "vectorized": _best(partial(evaluate_run, run, qrels, k=k, gain=gain), repeats),
                "loop": _best(partial(naive_loop, lists, k=k, gain=gain), max(1, repeats - 2)),
                "sorts": _best(partial(_ideal_sorts, lists), repeats),
            }
        )
    return pd.DataFrame(rows)
