"""Batch nDCG@10: ndcg_core.evaluate_run against pytrec_eval (trec_eval) and scikit-learn.

Run: .venv/bin/python benchmarks/bench_batch.py   (under a minute on 2 cores)
The exit status is 1 when a goal below regresses past its baseline (benchmarks/goals.py) or a check fails.

Two seeded synthetic runs, 1,000,000 rows each, string ids "q123" / "d45":
  * 10,000 queries x 100 docs and 1,000 queries x 1,000 docs;
  * grades 0-3, judging about a third of the retrieved docs plus 1-5 judged docs per
    query that the run never retrieved (they count in the ideal, as in trec_eval);
  * scores correlated with the grade and rounded to 2 decimals, so ties are common.

Each contender runs in its own child process, so its peak RSS is its own. A child first
warms up on a tiny run (imports, lazy initialisation), loads the data, resets the kernel's
peak-RSS mark (/proc/self/clear_refs), then times REPEATS calls. Ratios use the best call of
each contender (the least disturbed by other work on a shared machine); every call is printed,
the first one included, which pays for touching fresh memory:
  * evaluate_run: from the run and qrels DataFrames to the mean nDCG@10 (ties averaged),
    everything included;
  * pytrec_eval: building its dicts from the same DataFrames, the evaluator and
    evaluate() with ndcg_cut_10, and the mean;
  * scikit-learn: ndcg_score(k=10) on a dense (queries x docs) matrix; building that
    matrix from the DataFrames is NOT timed. Unretrieved judged docs become extra columns
    scored below every retrieved doc, so sklearn's ideal is the same judged pool.

Then the head-to-head (issue 27, item 2), all in ONE child process, alternating call by call
(the order rotates every round), median of REPEATS rounds:
  * evaluate_run, as above;
  * the floor: what any evaluator starting from string ids must do, pandas.factorize of the
    four id columns (query and doc, run and qrels) plus a raw NumPy kernel on the dense matrix
    (argpartition top-k, gains times discounts, the ideal by a partial sort); it does not
    average ties, so its mean is close to, not equal to, the others';
  * scikit-learn's ndcg_score on the dense matrix (built beforehand, not timed).
Goals on 10,000 q x 100 docs: evaluate_run <= 1.5x the floor, and sklearn >= 3x evaluate_run.
A missed goal makes the exit status 1 (benchmarks/goals.py).
"""

from __future__ import annotations

import json
import os
import pickle
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
import pandas as pd

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.goals import PASS, Goal  # noqa: E402

K = 10
REPEATS = 7
SEED = 20240611
DATASETS = {  # name: (queries, docs per query)
    "10,000 q x 100 docs": (10_000, 100),
    "1,000 q x 1,000 docs": (1_000, 1_000),
}
GOAL_PYTREC_RATIO = 3.0
GOAL_PEAK_MB = 500.0
# Baselines: the README's figures per dataset (pytrec_eval ratio, peak RSS MB; benchmarks/goals.py).
BASELINES = {"10,000 q x 100 docs": (11.0, 251.0), "1,000 q x 1,000 docs": (15.8, 241.0)}
# Head-to-head goals per dataset (issue 27, item 2), each a Goal(target, baseline = before this work):
# evaluate_run / floor, and sklearn / evaluate_run, from one process alternating call by call.
HEAD_TO_HEAD = {
    "10,000 q x 100 docs": (Goal(1.5, 1.6, "x", margin=0.0), Goal(3.0, 3.1, "x", higher_is_better=True)),
    "1,000 q x 1,000 docs": (None, Goal(1.0, 1.2, "x", higher_is_better=True)),
}


# ---------------------------------------------------------------- data


def make_dataset(n_queries: int, n_docs: int, seed: int) -> dict[str, pd.DataFrame]:
    """A run with tied scores, the same run with distinct scores, and qrels."""
    rng = np.random.default_rng(seed)
    n = n_queries * n_docs
    q = np.repeat(np.arange(n_queries), n_docs)
    # Each query retrieves n_docs distinct docs from a collection of 50 x n_docs docs.
    collection = 50 * n_docs
    doc = (rng.integers(0, collection, size=n_queries)[:, None] + np.arange(n_docs) * 7) % collection
    doc = doc.ravel()
    grade = rng.choice(4, size=n, p=[0.55, 0.25, 0.13, 0.07])
    judged = rng.random(n) < 0.35
    score = np.round(0.15 * grade + rng.normal(0.0, 0.25, size=n), 2)  # 2 decimals: many ties
    # Tie-free variant: the same order, ties broken at random, scores distinct integers (exact in float32).
    within = np.lexsort((rng.random(n), -score, q))
    distinct = np.empty(n)
    distinct[within] = float(n_docs) - np.tile(np.arange(n_docs), n_queries)

    qid = pd.Series("q" + pd.Series(q).astype(str), dtype="str")
    did = pd.Series("d" + pd.Series(doc).astype(str), dtype="str")
    run = pd.DataFrame({"query_id": qid, "doc_id": did, "score": score})
    run_distinct = run.assign(score=distinct)

    # Judged docs the run never retrieved: 1-5 per query, doc ids outside the retrieved window.
    n_extra = rng.integers(1, 6, size=n_queries)
    eq = np.repeat(np.arange(n_queries), n_extra)
    edoc = collection + np.arange(len(eq))
    egrade = rng.choice(4, size=len(eq), p=[0.3, 0.3, 0.25, 0.15])
    qrels = pd.DataFrame(
        {
            "query_id": pd.concat([qid[judged], "q" + pd.Series(eq).astype(str)], ignore_index=True).astype("str"),
            "doc_id": pd.concat([did[judged], "d" + pd.Series(edoc).astype(str)], ignore_index=True).astype("str"),
            "relevance": np.concatenate([grade[judged], egrade]).astype(np.int64),
        }
    )
    return {"run": run, "run_distinct": run_distinct, "qrels": qrels}


def tiny_dataset() -> dict[str, pd.DataFrame]:
    return make_dataset(20, 15, seed=1)


def dense_matrices(run: pd.DataFrame, qrels: pd.DataFrame) -> tuple[np.ndarray, np.ndarray]:
    """(y_true, y_score) with one row per query: retrieved docs, then unretrieved judged docs, then padding."""
    merged = run.merge(qrels, on=["query_id", "doc_id"], how="left", sort=False)
    queries = pd.unique(run["query_id"])
    qpos = pd.Index(queries).get_indexer(merged["query_id"])
    n_docs = int(np.bincount(qpos).max())
    col = merged.groupby("query_id", sort=False).cumcount().to_numpy()
    known = run.set_index(["query_id", "doc_id"]).index
    extra = qrels[~qrels.set_index(["query_id", "doc_id"]).index.isin(known)]
    epos = pd.Index(queries).get_indexer(extra["query_id"])
    ecol = extra.groupby("query_id", sort=False).cumcount().to_numpy()
    width = n_docs + (int(ecol.max()) + 1 if len(ecol) else 0)
    floor = float(run["score"].min())
    y_true = np.zeros((len(queries), width))
    y_score = np.full((len(queries), width), floor - 2.0)  # padding: grade 0, last
    y_true[qpos, col] = merged["relevance"].fillna(0).to_numpy(dtype=float)
    y_score[qpos, col] = merged["score"].to_numpy(dtype=float)
    y_true[epos, n_docs + ecol] = extra["relevance"].to_numpy(dtype=float)
    y_score[epos, n_docs + ecol] = floor - 1.0  # judged but not retrieved: below every retrieved doc
    return y_true, y_score


# ---------------------------------------------------------------- contenders (run in a child)


def run_evaluate_run(data: dict, variant: str = "run", ties: str = "average") -> tuple[float, dict]:
    from ndcg_core import evaluate_run

    ev = evaluate_run(data[variant], data["qrels"], k=K, gain="linear", ties=ties, empty="zero")
    return ev.mean, dict(zip(ev.per_query["query_id"], ev.per_query["ndcg"], strict=True))


def run_pytrec(data: dict, variant: str = "run") -> tuple[float, dict]:
    import pytrec_eval

    run, qrels = data[variant], data["qrels"]
    qd: dict[str, dict[str, int]] = {}
    for q, d, r in zip(qrels["query_id"].tolist(), qrels["doc_id"].tolist(), qrels["relevance"].tolist(), strict=True):
        qd.setdefault(q, {})[d] = r
    rd: dict[str, dict[str, float]] = {}
    for q, d, s in zip(run["query_id"].tolist(), run["doc_id"].tolist(), run["score"].tolist(), strict=True):
        rd.setdefault(q, {})[d] = s
    res = pytrec_eval.RelevanceEvaluator(qd, {f"ndcg_cut.{K}"}).evaluate(rd)
    per = {q: m[f"ndcg_cut_{K}"] for q, m in res.items()}
    return float(np.mean(list(per.values()))), per


def run_sklearn(matrices: tuple[np.ndarray, np.ndarray]) -> tuple[float, dict]:
    from sklearn.metrics import ndcg_score

    y_true, y_score = matrices
    return float(ndcg_score(y_true, y_score, k=K)), {}


def floor_kernel(y_true: np.ndarray, y_score: np.ndarray, k: int = K) -> float:
    """Mean nDCG@k of a dense matrix in raw NumPy: argpartition top-k, gains x discounts, ideal by partial sort."""
    k = min(k, y_score.shape[1])
    disc = 1.0 / np.log2(np.arange(2, k + 2))
    top = np.argpartition(-y_score, k - 1, axis=1)[:, :k]
    top_score = np.take_along_axis(y_score, top, axis=1)
    top_gain = np.take_along_axis(y_true, top, axis=1)
    top_gain = np.take_along_axis(top_gain, np.argsort(-top_score, axis=1), axis=1)
    dcg = top_gain @ disc
    ideal = -np.sort(np.partition(-y_true, k - 1, axis=1)[:, :k], axis=1)
    idcg = ideal @ disc
    ndcg = np.zeros_like(dcg)
    np.divide(dcg, idcg, out=ndcg, where=idcg > 0)
    return float(ndcg.mean())


def run_floor(data: dict, matrices: tuple[np.ndarray, np.ndarray]) -> float:
    """The floor: factorize the four id columns, then the raw kernel on the dense matrix."""
    for df in (data["run"], data["qrels"]):
        for col in ("query_id", "doc_id"):
            pd.factorize(df[col])
    return floor_kernel(*matrices)


def head_to_head(path: str) -> None:
    """evaluate_run, the floor and sklearn in this one process, alternating call by call; one JSON line."""
    tiny = tiny_dataset()
    tiny_m = dense_matrices(tiny["run"], tiny["qrels"])
    run_evaluate_run(tiny), run_floor(tiny, tiny_m), run_sklearn(tiny_m)  # warm up imports
    with open(path, "rb") as f:
        data = pickle.load(f)  # noqa: S301 - our own file, written by the parent just now
    matrices = dense_matrices(data["run"], data["qrels"])
    calls = {
        "evaluate_run": lambda: run_evaluate_run(data)[0],
        "floor": lambda: run_floor(data, matrices),
        "sklearn": lambda: run_sklearn(matrices)[0],
    }
    names = list(calls)
    times: dict[str, list[float]] = {n: [] for n in names}
    means: dict[str, float] = {}
    for r in range(REPEATS):
        for n in names[r % 3 :] + names[: r % 3]:  # rotate who goes first
            t0 = time.perf_counter()
            means[n] = calls[n]()
            times[n].append(time.perf_counter() - t0)
    print(json.dumps({"times": times, "means": means, "load": os.getloadavg()[0]}))


def _rss_mb() -> tuple[float, float]:
    """(current RSS, peak RSS) of this process in MB, from /proc/self/status."""
    fields = {}
    with open("/proc/self/status") as f:
        for line in f:
            key, _, value = line.partition(":")
            fields[key] = value
    return int(fields["VmRSS"].split()[0]) / 1024, int(fields["VmHWM"].split()[0]) / 1024


def child(contender: str, path: str) -> None:
    """Warm up, load the data, reset the peak-RSS mark, time REPEATS calls, print one JSON line."""
    tiny = tiny_dataset()
    if contender == "evaluate_run":
        run_evaluate_run(tiny)
    elif contender == "pytrec_eval":
        run_pytrec(tiny)
    else:
        run_sklearn(dense_matrices(tiny["run"], tiny["qrels"]))
    with open(path, "rb") as f:
        data = pickle.load(f)  # noqa: S301 - our own file, written by the parent just now
    build_s = 0.0
    if contender == "sklearn":
        t0 = time.perf_counter()
        matrices = dense_matrices(data["run"], data["qrels"])  # not in the timed calls
        build_s = time.perf_counter() - t0
        call = lambda: run_sklearn(matrices)  # noqa: E731
    elif contender == "pytrec_eval":
        call = lambda: run_pytrec(data)  # noqa: E731
    else:
        call = lambda: run_evaluate_run(data)  # noqa: E731
    before, _ = _rss_mb()
    with open("/proc/self/clear_refs", "w") as f:
        f.write("5")  # reset VmHWM to the current RSS
    times = []
    for _ in range(REPEATS):
        t0 = time.perf_counter()
        mean, _ = call()
        times.append(time.perf_counter() - t0)
    _, peak = _rss_mb()
    out = {"times": times, "mean": mean, "rss_before_mb": before, "peak_mb": peak, "build_s": build_s}
    # Untimed agreement checks, after the peak was read.
    if contender == "evaluate_run":
        # How much of the call is only turning string ids into integer codes (public pandas call).
        ids = []
        for _ in range(REPEATS):
            t0 = time.perf_counter()
            for col in ("query_id", "doc_id"):
                pd.factorize(pd.concat([data["run"][col], data["qrels"][col]], ignore_index=True))
            ids.append(time.perf_counter() - t0)
        out["factorize_s"] = min(ids)
        out["distinct"] = run_evaluate_run(data, "run_distinct")
        # trec_eval breaks ties by doc id, descending: "stable" on rows in that order mimics it.
        trec_order = {"run": data["run"].sort_values("doc_id", ascending=False, kind="stable"), "qrels": data["qrels"]}
        out["trec_ties"] = run_evaluate_run(trec_order, ties="stable")
    elif contender == "pytrec_eval":
        out["distinct"] = run_pytrec(data, "run_distinct")
        out["tied"] = run_pytrec(data)
    print(json.dumps(out))


def median(xs: list[float]) -> float:
    return float(np.median(xs))


def report_head_to_head(name: str, h: dict, failures: list[str]) -> None:
    """Print the alternating run's medians and judge its goals."""
    t = {c: median(v) for c, v in h["times"].items()}
    print(f"  head-to-head in one process, alternating, median of {REPEATS} (load average {h['load']:.2f}):")
    for c, label in (("evaluate_run", "evaluate_run"), ("floor", "floor (factorize x4 + NumPy kernel)"),
                     ("sklearn", "sklearn ndcg_score (matrix given)")):  # fmt: skip
        samples = ", ".join(f"{x:.3f}" for x in h["times"][c])
        print(f"    {label:<38} {t[c]:6.3f} s  mean {h['means'][c]:.9f}  [{samples}]")
    floor_goal, sk_goal = HEAD_TO_HEAD[name]
    figures = [("sklearn / evaluate_run", t["sklearn"] / t["evaluate_run"], sk_goal)]
    if floor_goal is not None:
        figures.insert(0, ("evaluate_run / floor", t["evaluate_run"] / t["floor"], floor_goal))
    else:
        print(f"    evaluate_run / floor = {t['evaluate_run'] / t['floor']:.2f}x (no goal at this shape)")
    for label, value, goal in figures:
        verdict = goal.judge(value)
        print(f"  [{verdict}] {label}: {value:.2f}x, goal {goal.describe()}; load average {h['load']:.2f}")
        if verdict != PASS:
            failures.append(f"{name}: {label} ({verdict})")
    d = abs(h["means"]["evaluate_run"] - h["means"]["sklearn"])
    ok = d <= 1e-9
    print(f"  [{PASS if ok else 'FAIL'}] same mean as sklearn to 1e-9 in the head-to-head: |diff| = {d:.1e}")
    if not ok:
        failures.append(f"{name}: head-to-head means differ")


def spawn(contender: str, path: str) -> dict:
    proc = subprocess.run(
        [sys.executable, __file__, "--child", contender, path], capture_output=True, text=True, check=False
    )
    if proc.returncode != 0:
        raise RuntimeError(f"{contender} child failed:\n{proc.stderr}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


# ---------------------------------------------------------------- report


def max_diff(a: dict, b: dict) -> tuple[float, int]:
    common = a.keys() & b.keys()
    return max(abs(a[q] - b[q]) for q in common), len(common)


def main() -> int:
    started = time.perf_counter()
    print(f"nDCG@{K}, linear gain. Best of {REPEATS} timed calls per contender (all listed in [...]), each in its own")
    print("process.")
    print("Peak RSS: VmHWM of that process (interpreter, libraries and the loaded input included), reset just")
    print("before the timed calls; '+' is the growth over the RSS at that moment (it can read 0 when the call")
    print(f"reuses memory freed earlier). Load average at start: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores.\n")
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        for i, (name, (nq, nd)) in enumerate(DATASETS.items()):
            t0 = time.perf_counter()
            data = make_dataset(nq, nd, SEED + i)
            path = os.path.join(tmp, f"data{i}.pkl")
            with open(path, "wb") as f:
                pickle.dump(data, f)
            run, qrels = data["run"], data["qrels"]
            retrieved = run.set_index(["query_id", "doc_id"]).index
            unretrieved = int((~qrels.set_index(["query_id", "doc_id"]).index.isin(retrieved)).sum())
            tied = run.duplicated(["query_id", "score"], keep=False).mean()
            print(
                f"== {name}: {len(run):,} run rows, {len(qrels):,} qrels rows ({unretrieved:,} judged, not retrieved);"
            )
            print(
                f"   {tied:.0%} of run rows share their score with another doc of the query"
                f" (data built in {time.perf_counter() - t0:.1f} s)"
            )
            del data, run, qrels

            res = {c: spawn(c, path) for c in ("evaluate_run", "pytrec_eval", "sklearn", "head_to_head")}
            h2h = res.pop("head_to_head")
            t = {c: min(r["times"]) for c, r in res.items()}
            labels = {
                "evaluate_run": "evaluate_run (DataFrames -> mean)",
                "pytrec_eval": "pytrec_eval (dicts + evaluate)",
                "sklearn": "sklearn ndcg_score (matrix build excluded)",
            }
            for c, r in res.items():
                times = ", ".join(f"{x:.3f}" for x in r["times"])
                print(
                    f"  {labels[c]:<43} {t[c]:6.3f} s  mean {r['mean']:.9f}  peak RSS {r['peak_mb']:4.0f} MB"
                    f" (+{r['peak_mb'] - r['rss_before_mb']:.0f})  [{times}]"
                )
            ev, py = res["evaluate_run"], res["pytrec_eval"]
            r_py = t["pytrec_eval"] / t["evaluate_run"]
            r_sk = t["sklearn"] / t["evaluate_run"]
            print(f"  ratios: pytrec_eval / evaluate_run = {r_py:.1f}x, sklearn / evaluate_run = {r_sk:.2f}x")
            build = res["sklearn"]["build_s"]
            print(
                f"  context: building sklearn's dense matrix from the DataFrames took {build:.3f} s (not timed);"
                f" pd.factorize of the string id columns alone takes {ev['factorize_s']:.3f} s"
            )

            d_sk = abs(ev["mean"] - res["sklearn"]["mean"])
            d_dist, n_dist = max_diff(ev["distinct"][1], py["distinct"][1])
            d_mean_dist = abs(ev["distinct"][0] - py["distinct"][0])
            d_tied = abs(ev["mean"] - py["tied"][0])
            d_trec, n_trec = max_diff(ev["trec_ties"][1], py["tied"][1])
            print(f"  agreement: vs sklearn, same tied scores (both average ties): |mean diff| = {d_sk:.1e}")
            print(
                f"             vs pytrec_eval, tie-free variant: max per-query |diff| = {d_dist:.1e}"
                f" over {n_dist:,} queries, |mean diff| = {d_mean_dist:.1e}"
            )
            print(
                f"             vs pytrec_eval, tied scores: |mean diff| = {d_tied:.1e}, because trec_eval breaks ties"
            )
            print(
                f"             by doc id (descending) where we average; ties='stable' on rows sorted that way"
                f" matches it to {d_trec:.1e} per query over {n_trec:,} queries"
            )
            b_py, b_mb = BASELINES[name]
            figures = [
                ("pytrec_eval / evaluate_run", r_py, Goal(GOAL_PYTREC_RATIO, b_py, "x", higher_is_better=True)),
                ("evaluate_run peak RSS", ev["peak_mb"], Goal(GOAL_PEAK_MB, b_mb, " MB")),
            ]
            checks = [  # no baseline: red whenever one fails
                ("means agree with sklearn to 1e-9", d_sk <= 1e-9),
                ("per-query nDCG agrees with pytrec_eval to 1e-9 (distinct scores)", d_dist <= 1e-9 and n_dist == nq),
            ]
            for label, value, goal in figures:
                verdict = goal.judge(value)
                print(f"  [{verdict}] {label}: {value:.3g}{goal.unit}, goal {goal.describe()}")
                if verdict != PASS:
                    failures.append(f"{name}: {label} ({verdict})")
            for label, ok in checks:
                print(f"  [{PASS if ok else 'FAIL'}] {label}")
                if not ok:
                    failures.append(f"{name}: {label}")
            report_head_to_head(name, h2h, failures)
            print()
    print(f"total {time.perf_counter() - started:.0f} s; load average now {os.getloadavg()[0]:.2f}")
    print("every goal met, every check passed" if not failures else "MISSED or FAILED: " + "; ".join(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "--child":
        if sys.argv[2] == "head_to_head":
            head_to_head(sys.argv[3])
        else:
            child(sys.argv[2], sys.argv[3])
    else:
        sys.exit(main())
