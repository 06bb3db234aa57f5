"""Strings of the linear vs exponential gain lesson: key -> (Korean, English)."""

from __future__ import annotations

STRINGS: dict[str, tuple[str, str]] = {
    # Gain page
    "gain_title": ("선형 이득 vs 지수 이득", "Linear gain vs exponential gain"),
    "gain_lead": (
        "표준 공식은 관련성 점수를 그대로 이득으로, 강조 공식은 2^rel − 1을 이득으로 씁니다. 점수가 높을수록 두 공식의 차이가 커집니다.",
        "The standard form uses the grade as the gain; the emphasis form uses 2^rel − 1. The higher the grade, the further apart the two.",
    ),
    "gain_table_title": ("관련성 점수별 이득", "Gain per grade"),
    "axis_grade": ("관련성 점수", "Grade"),
    "axis_gain": ("이득", "Gain"),
    "side_title": ("현재 랭킹을 두 방식으로", "The current ranking under both"),
    "col_measure": ("지표", "Measure"),
    "col_case": ("경우", "Case"),
    "flip_title": ("두 이득 함수가 반대로 판단하는 두 랭킹", "Two rankings on which the two gains disagree"),
    "flip_found": (
        "같은 항목으로 만든 두 랭킹입니다. DCG{at} 기준으로 선형 이득은 랭킹 1을, 지수 이득은 랭킹 2를 더 좋게 봅니다.",
        "Two orders of the same items: by DCG{at}, linear gain prefers ranking 1 and exponential gain prefers ranking 2.",
    ),
    "flip_dcg_linear": ("DCG{at} · 선형", "DCG{at} · linear"),
    "flip_dcg_exponential": ("DCG{at} · 지수", "DCG{at} · exponential"),
    "flip_none_two": (
        "현재 항목의 관련성 점수가 {n}종류뿐이라 그런 두 랭킹은 없습니다. 점수가 두 종류 이하면 두 이득 함수는 항상 같은 순서로 판단합니다. 점수 종류를 세 가지 이상으로 늘려 보세요(예: 3, 2, 2, 0).",
        "The current items have only {n} distinct grade(s), so no such pair exists: with two or fewer distinct grades both gains always agree. Try three or more distinct grades (e.g. 3, 2, 2, 0).",
    ),
    "flip_none_exhaustive": (
        "현재 항목의 모든 순서를 DCG{at} 기준으로 확인했지만, 두 이득 함수가 반대로 판단하는 두 랭킹은 없습니다. 항목을 추가해 보세요(예: 3, 2, 2, 0).",
        "Every order of the current items was checked by DCG{at}: no two rankings are ordered oppositely by the two gains. Try adding items (e.g. 3, 2, 2, 0).",
    ),
    "flip_none_exhaustive_at": (
        "현재 항목으로 상위 {k}개 순위를 채우는 모든 경우를 확인했지만, DCG@{k} 기준으로 두 이득 함수가 반대로 판단하는 두 랭킹은 없습니다. k를 늘리거나 항목을 추가해 보세요.",
        "Every way of filling the top {k} ranks with the current items was checked: by DCG@{k}, no two rankings are ordered oppositely by the two gains. Try a larger k or more items.",
    ),
    "flip_none_top1": (
        "k = 1이면 맨 위 항목 하나만 셉니다. 두 이득 함수 모두 관련성 점수가 높은 항목을 더 좋게 보므로, DCG@1에서 반대로 판단하는 두 랭킹은 없습니다. k를 2 이상으로 올려 보세요.",
        "At k = 1 only the top item counts, and both gains prefer the higher grade, so no two rankings are ordered oppositely by DCG@1. Raise k to 2 or more.",
    ),
    "flip_none_partial": (
        "몇몇 항목을 골라 맨 위에 여러 순서로 놓은 랭킹들 중에서는, DCG{at} 기준으로 그런 두 랭킹을 찾지 못했습니다.",
        "No such pair was found by DCG{at} among rankings that put a few chosen items at the top in every order.",
    ),
    "flip_try": ("예시 불러오기: 관련성 3, 2, 2, 0", "Load an example: grades 3, 2, 2, 0"),
    "ranking_1": ("랭킹 1", "Ranking 1"),
    "ranking_2": ("랭킹 2", "Ranking 2"),
    "flip_why": (
        "이득의 차이는 관련성 점수가 높을수록 커집니다(지수 이득에서 3은 7, 2는 3, 1은 1). 그래서 지수 이득은 높은 점수 항목을 위로 올리는 것을, 낮은 점수 항목들이 내려가는 손해보다 더 크게 보상합니다.",
        "The gap between gains grows with the grade (under exponential gain 3 is worth 7, 2 is worth 3, 1 is worth 1), so exponential gain rewards moving a high grade up more than it penalises moving lower grades down.",
    ),
}
