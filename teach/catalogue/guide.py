"""Strings of the guided start on the home page (ui/guide.py): key -> (Korean, English)."""

from __future__ import annotations

STRINGS: dict[str, tuple[str, str]] = {
    "guide_intro": (
        "처음이신가요? 직접 예측하고 확인하면서 5분 안에 nDCG를 익혀 보세요.",
        "New here? Learn nDCG in five minutes: guess first, then see.",
    ),
    "guide_skip": ("안내 건너뛰기", "Skip the guided start"),
    "guide_replay": ("처음 안내 다시 보기", "Replay the guided start"),
    "guide_reference": ("참고 자료: nDCG 정리", "Reference: the article"),
    "guide_order_title": ("1. 어떤 순서가 가장 좋을까요?", "1. Which order is best?"),
    "guide_order_lead": (
        "검색 결과로 문서 A, B, C가 나왔습니다. 평가자가 각 문서의 관련성을 0(관련 없음)부터 3(매우 관련)까지로 매겼습니다: A는 1, B는 3, C는 2.",
        "A search returned three documents, A, B and C. A judge graded how relevant each is, from 0 (not at all) to 3 (perfect): A got 1, B 3 and C 2.",
    ),
    "guide_order_q": (
        "사용자에게 보여 줄 순서대로 끌어다 놓으세요(맨 위가 1위). 다 되면 '이 순서로 할게요'를 누르세요.",
        'Drag them into the order you would show a user (the top is rank 1), then press "This is my order".',
    ),
    "guide_locked_hint": ("내 순서(고정됨)", "Your order (locked)"),
    "guide_lock": ("이 순서로 할게요", "This is my order"),
    "guide_change": ("순서 다시 고르기", "Change my order"),
    "guide_gain_title": ("2. 이득: 관련성이 점수가 됩니다", "2. Gain: grades become points"),
    "guide_gain_lead": (
        "nDCG는 관련성을 이득으로 바꿉니다. 이 예시는 지수 이득 2^rel − 1을 씁니다. 관련성이 높을수록 이득이 훨씬 커집니다.",
        "nDCG turns each grade into a gain. The article's example uses exponential gain, 2^rel − 1: higher grades count far more.",
    ),
    "guide_discount_title": ("3. 감쇠: 아래 순위일수록 덜 셉니다", "3. Discount: lower ranks count less"),
    "guide_discount_lead": (
        "사용자는 위에서부터 봅니다. 그래서 i위의 이득을 log₂(i+1)로 나눕니다. 나눈 값을 모두 더하면 DCG입니다.",
        "Users read from the top, so the gain at rank i is divided by log₂(i+1). Add the results up and you have DCG.",
    ),
    "guide_ideal_title": ("4. 이상적 순서: 가능한 가장 큰 DCG", "4. The ideal order: the largest DCG possible"),
    "guide_ideal_lead": (
        "DCG 하나만으로는 좋은지 나쁜지 알 수 없습니다. 같은 항목으로 만들 수 있는 가장 큰 DCG, 곧 IDCG와 비교해야 합니다.",
        "A DCG alone does not say good or bad: it needs the largest DCG the same items allow, the IDCG.",
    ),
    "guide_ideal_q": (
        "A, B, C를 어떤 순서로 놓아야 DCG가 가장 클까요?",
        "Which order of A, B and C has the largest DCG?",
    ),
    "guide_ideal_why": (
        "관련성이 높은 것부터 놓은 {order}: 이 순서의 DCG가 IDCG = {idcg}입니다.",
        "Highest grade first, {order}: its DCG is the IDCG, {idcg}.",
    ),
    "guide_ratio_title": ("5. 비율: nDCG = DCG / IDCG", "5. The ratio: nDCG = DCG / IDCG"),
    "guide_ratio_lead": (
        "내 순서의 DCG를 IDCG로 나누면 0과 1 사이로 정규화된 점수, nDCG가 됩니다. 1이면 이상적 순서입니다.",
        "Divide your DCG by the IDCG and you get a normalized score between 0 and 1, nDCG: 1 means the ideal order.",
    ),
    "guide_ratio_q": (
        "내 순서({order})의 nDCG는 어느 구간에 있을까요?",
        "Your order ({order}): in which range is its nDCG?",
    ),
    "guide_ratio_one": ("정확히 1", "Exactly 1"),
    "guide_ratio_why": ("DCG {dcg} / IDCG {idcg} = nDCG {ndcg}.", "DCG {dcg} / IDCG {idcg} = nDCG {ndcg}."),
    "guide_ratio_source": (
        "참고로 A, B, C 순서 그대로(아래 참고 자료의 예시)의 nDCG@3은 {value}입니다.",
        "For comparison, the article's order A, B, C scores nDCG@3 = {value}.",
    ),
    "guide_end_title": ("이제 단계별로 계산해 보세요", "Now work it out step by step"),
    "guide_open": ("내 순서({order}) 그대로 단계별 계산 열기", "Open the step lesson with my order ({order})"),
}
