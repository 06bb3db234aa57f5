"""Writes the bundled sample: 50 queries in Korean and English, their qrels, and two systems' runs.

Nothing is downloaded: the queries come from 10 products × 5 intents written here, the grades and
scores from NumPy's seeded generator, so running this again gives the same bytes (a test checks).
System B ranks with less noise than system A, so B is better on most queries but not on all.
Every awkward case trec_eval meets is in it: tied scores, unjudged documents in the runs, judged
documents no run retrieved, a spam document graded -1, and one query with no relevant document.

    .venv/bin/python samples/make_sample.py      # rewrites samples/*.txt and samples/queries.tsv
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
SEED = 20261130
PRODUCTS = [
    ("노트북", "laptop"),
    ("무선 이어폰", "wireless earbuds"),
    ("캠핑 텐트", "camping tent"),
    ("커피 머신", "coffee machine"),
    ("러닝화", "running shoes"),
    ("전기 자전거", "e-bike"),
    ("기계식 키보드", "mechanical keyboard"),
    ("공기청정기", "air purifier"),
    ("요가 매트", "yoga mat"),
    ("여행용 캐리어", "travel suitcase"),
]
INTENTS = [
    ("{} 추천", "{} recommendations"),
    ("가성비 {}", "best value {}"),
    ("{} 후기", "{} reviews"),
    ("{} 비교", "{} comparison"),
    ("초보자용 {}", "{} for beginners"),
]
CANDIDATES, RETRIEVED = 30, 20


def build() -> dict[str, str]:
    """The four files' text: queries.tsv, qrels.txt, run_a.txt, run_b.txt."""
    rng = np.random.default_rng(SEED)
    queries, qrels, runs = ["query_id\tko\ten"], [], {"a": [], "b": []}
    n = 0
    for ko_p, en_p in PRODUCTS:
        for ko_i, en_i in INTENTS:
            n += 1
            qid = f"q{n:02d}"
            queries.append(f"{qid}\t{ko_i.format(ko_p)}\t{en_i.format(en_p)}")
            docs = [f"{qid}-d{i:02d}" for i in range(1, CANDIDATES + 1)]
            grades = rng.choice([0, 0, 0, 1, 1, 2, 3], size=CANDIDATES)
            if n == 17:
                grades[:] = 0  # a query with no relevant document: its nDCG is 0 in every tool
            judged = rng.random(CANDIDATES) < 0.7
            if n % 10 == 3:
                grades[int(rng.integers(CANDIDATES))] = -1  # a spam document: always judged, -1
            qrels += [f"{qid} 0 {d} {int(g)}" for d, g, j in zip(docs, grades, judged, strict=True) if j or g < 0]
            for system, noise in (("a", 1.6), ("b", 1.0)):
                score = np.round(np.maximum(grades, 0) + rng.normal(0.0, noise, CANDIDATES), 1)  # rounded: ties
                top = np.argsort(-score, kind="stable")[:RETRIEVED]
                runs[system] += [f"{qid} Q0 {docs[i]} {r} {score[i]:.1f} system_{system}" for r, i in enumerate(top, 1)]
    return {
        "queries.tsv": "\n".join(queries) + "\n",
        "qrels.txt": "\n".join(qrels) + "\n",
        "run_a.txt": "\n".join(runs["a"]) + "\n",
        "run_b.txt": "\n".join(runs["b"]) + "\n",
    }


def main() -> None:
    for name, text in build().items():
        (HERE / name).write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
