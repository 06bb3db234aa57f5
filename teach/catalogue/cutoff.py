"""Strings of the nDCG@k lesson: key -> (Korean, English)."""

from __future__ import annotations

STRINGS: dict[str, tuple[str, str]] = {
    # Cutoff page
    "cutoff_title": ("nDCG@k: 컷오프 k에 따라 달라지는 값", "nDCG@k: the value depends on the cut-off k"),
    "cutoff_lead": (
        "nDCG@k는 상위 k개만 평가합니다(DCG와 IDCG 모두 k에서 자름). 같은 랭킹이라도 k에 따라 값이 크게 달라질 수 있습니다(예: nDCG@5 vs nDCG@10).",
        "nDCG@k scores only the top k (both DCG and IDCG are cut at k). The same ranking can score very differently at different k (e.g. nDCG@5 vs nDCG@10).",
    ),
    "k_slider": ("k", "k"),
    "cutoff_chart": ("k에 따른 nDCG@k", "nDCG@k for every k"),
    "axis_k": ("k", "k"),
    "cutoff_range": (
        "{gain}: 이 랭킹의 nDCG@k는 k에 따라 {lo}에서 {hi}까지 변합니다.",
        "{gain}: across k, this ranking's nDCG@k ranges from {lo} to {hi}.",
    ),
    "cutoff_try": ("예시 불러오기: 10개 항목", "Load an example: 10 items"),
    "single_item": ("항목이 하나뿐이라 k는 1 하나입니다.", "With one item, k can only be 1."),
}
