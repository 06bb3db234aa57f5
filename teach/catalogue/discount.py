"""Strings of the discount-curves lesson: key -> (Korean, English)."""

from __future__ import annotations

STRINGS: dict[str, tuple[str, str]] = {
    # Discount page
    "discount_title": (
        "감쇠 곡선: 낮은 순위는 얼마나 덜 반영되는가",
        "Discount curves: how much less do lower ranks count?",
    ),
    "discount_lead": (
        "DCG는 순위 i의 이득에 감쇠 값을 곱합니다. 감쇠 함수마다 낮은 순위를 얼마나 깎는지가 다릅니다.",
        "DCG multiplies the gain at rank i by a discount. Each discount function cuts lower ranks by a different amount.",
    ),
    "base_slider": ("로그 밑 b", "Log base b"),
    "horizon": ("표시할 순위 수 N", "Ranks shown N"),
    "d_log2": ("1/log₂(i+1) (표준)", "1/log₂(i+1) (standard)"),
    # {log} is the page's own base, written as the step tables write it: log₃(i+1), not log_b (U20).
    "d_log": ("1/{log}", "1/{log}"),
    "d_log_scaled": ("1/{log}, 1순위 값이 1이 되도록 나눔", "1/{log}, rescaled so rank 1 is 1"),
    "d_jarvelin": (
        "Järvelin & Kekäläinen 원형 (순위 b 이전은 감쇠 없음)",
        "Järvelin & Kekäläinen original (no discount before rank b)",
    ),
    "d_reciprocal": ("1/i (MRR식)", "1/i (as in MRR)"),
    "d_none": ("감쇠 없음 (이득의 합)", "No discount (sum of gains)"),
    "axis_discount": ("감쇠 값", "Discount"),
    "curve_items": ("현재 랭킹의 항목", "Items of the current ranking"),
    "share_title": (
        "상위 k개 순위가 차지하는 가중치 비율 (1~N 중)",
        "Share of the total weight carried by ranks 1..k (out of 1..N)",
    ),
    "col_discount_fn": ("감쇠 함수", "Discount"),
    "col_share": ("상위 {k}개 비율", "Share of top {k}"),
    "col_ndcg_now": ("현재 랭킹 nDCG{at}", "Current nDCG{at}"),
    "base_note": (
        "밑 b = {b}일 때 1/log_b(i+1) = (ln b / ln 2) × 1/log₂(i+1)입니다. 그래서 모든 감쇠 값과 DCG, IDCG가 모두 ln {b} / ln 2 = {factor}배가 되고, 둘의 비율인 nDCG는 변하지 않습니다. 그래프에서 빈 원으로 표시한 곡선은 1/log_b(i+1)을 1순위 값으로 나눈 곡선이라 1에서 시작하고, 어떤 b에서도 표준 곡선과 겹칩니다. Järvelin & Kekäläinen의 원형은 b 이전 순위를 감쇠하지 않으므로 b에 따라 nDCG가 달라집니다.",
        "At b = {b}, 1/log_b(i+1) = (ln b / ln 2) × 1/log₂(i+1): every discount, and so DCG and IDCG, is multiplied by the same ln {b} / ln 2 = {factor}, and nDCG, their ratio, does not change. The curve drawn with open circles is 1/log_b(i+1) divided by its rank-1 value, so it starts at 1 and lies on the standard curve for every b. Järvelin & Kekäläinen's original leaves ranks before b undiscounted, so its nDCG does depend on b.",
    ),
}
