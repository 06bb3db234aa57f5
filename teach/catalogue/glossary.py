"""Strings of the glossary: "term — meaning", one line each (ui/glossary.py): key -> (Korean, English)."""

from __future__ import annotations

# One Korean term per idea (review 3, G15): the term every Korean string uses, and the variants none may use.
# The glossary lines below use each chosen term; tests/test_i18n.py scans the whole Korean catalogue.
KOREAN_TERMS: dict[str, tuple[str, tuple[str, ...]]] = {
    "discounted gain": ("감쇠된 이득", ("할인된 이득",)),
    "cut-off": ("컷오프", ("잘림",)),
    "judged": ("판정된", ("평가된",)),
}

STRINGS: dict[str, tuple[str, str]] = {
    # Glossary: "term — meaning", one line each (ui/glossary.py)
    "gloss_title": ("용어집", "Glossary"),
    "gloss_col_term": ("용어", "Term"),
    "gloss_col_meaning": ("뜻", "Meaning"),
    "gloss_relevance": (
        "관련성 (relevance, 등급) — 항목이 쿼리에 얼마나 맞는지 사람이 매긴 점수. 이 앱에서는 0(관련 없음)부터 척도의 최댓값까지의 정수입니다.",
        "Relevance (grade) — a judge's score for how well an item answers the query; here a whole number from 0 (not relevant) up to the scale's top.",
    ),
    "gloss_gain_linear": (
        "표준 공식 (선형 이득) — 이득 = rel. 관련성 점수를 그대로 이득으로 씁니다(scikit-learn과 trec_eval의 방식).",
        "Standard formula (linear gain) — gain = rel: the grade itself is the gain (as scikit-learn and trec_eval compute it).",
    ),
    "gloss_gain_exponential": (
        "강조 공식 (지수 이득) — 이득 = 2^rel − 1. 높은 등급일수록 이득이 훨씬 커집니다(3 → 7).",
        "Emphasis formula (exponential gain) — gain = 2^rel − 1: higher grades count far more (3 → 7).",
    ),
    "gloss_burges": (
        "Burges 외 (2005) — RankNet 논문. 이 논문의 nDCG가 지수 이득 2^rel − 1을 써서, 이 이득을 흔히 Burges 방식이라고 부릅니다.",
        "Burges et al. (2005) — the RankNet paper; its nDCG uses the exponential gain 2^rel − 1, often called the Burges variant.",
    ),
    "gloss_discount": (
        "감쇠 (discount) — 순위 i의 이득에 곱하는 가중치 1/log₂(i+1). 아래 순위일수록 이득이 적게 반영됩니다.",
        "Discount — the weight 1/log₂(i+1) that multiplies the gain at rank i, so lower ranks count less.",
    ),
    "gloss_jarvelin": (
        "Järvelin & Kekäläinen (2002) — CG, DCG, nDCG를 제안한 논문(ACM TOIS). 원래의 감쇠는 순위 b 전까지는 없고, 그 뒤로 1/log_b(i)입니다.",
        "Järvelin & Kekäläinen (2002) — the paper (ACM TOIS) that introduced CG, DCG and nDCG; its original discount is none before rank b, then 1/log_b(i).",
    ),
    "gloss_cg": (
        "CG (누적 이득) — 순위 1부터 p까지의 관련성 점수를 더한 값. 순서는 반영하지 않습니다.",
        "CG (cumulative gain) — the sum of the grades at ranks 1 to p; it ignores their order.",
    ),
    "gloss_dcg": (
        "DCG (감쇠 누적 이득) — 순위마다 이득에 감쇠를 곱한 값(감쇠된 이득)을 더한 값: Σ gain(rel_i) / log₂(i+1).",
        "DCG (discounted cumulative gain) — each rank's gain times its discount (its discounted gain), summed: Σ gain(rel_i) / log₂(i+1).",
    ),
    "gloss_ideal_order": (
        "이상적 순서 — 같은 항목들을 관련성 점수가 높은 것부터 다시 늘어놓은 순서, 곧 가능한 가장 좋은 랭킹입니다.",
        "Ideal order — the same items sorted by grade, highest first: the best possible ranking.",
    ),
    "gloss_idcg": (
        "IDCG (이상적 DCG) — 이상적 순서의 DCG. 목록의 항목을 다시 배열해 얻을 수 있는 가장 큰 DCG이고, '판정된 모든 항목'으로 계산하면 이 쿼리에서 나올 수 있는 가장 큰 DCG입니다.",
        "IDCG (ideal DCG) — the DCG of the ideal order: the largest DCG a reordering of the listed items can reach; with all judged items, the largest the query allows.",
    ),
    "gloss_ndcg": (
        "nDCG (정규화된 DCG) — DCG / IDCG. 0과 1 사이이며 1이면 이상적 순서만큼 좋은 랭킹입니다(IDCG = 0이면 보통 0으로 셉니다).",
        "nDCG (normalized DCG) — DCG / IDCG: between 0 and 1, where 1 is as good as the ideal order (usually 0 when IDCG = 0).",
    ),
    "gloss_cutoff": (
        "컷오프 k (@k) — 상위 k개 순위만 계산에 넣습니다. nDCG@k = DCG@k / IDCG@k.",
        "Cut-off k (@k) — only ranks 1 to k count: nDCG@k = DCG@k / IDCG@k.",
    ),
    "gloss_judged_pool": (
        "판정된 항목 (judged pool) — 이 쿼리에 관련성 점수가 매겨진(판정된) 모든 항목. 랭킹에 나오지 않은 항목도 포함합니다.",
        "Judged pool — every item graded for the query, including items the ranking did not return.",
    ),
    "gloss_trec_eval": (
        "trec_eval — TREC의 표준 평가 프로그램. 판정(qrels) 파일과 랭킹(run) 파일을 읽으며, nDCG를 선형 이득과 판정된 모든 문서의 IDCG로 계산합니다.",
        "trec_eval — TREC's standard evaluation program: it reads a judgements (qrels) file and a rankings (run) file, and computes nDCG with linear gain and the IDCG of all judged documents.",
    ),
    "gloss_sklearn": (
        "scikit-learn ndcg_score — 파이썬 라이브러리의 nDCG 함수. y_true를 그대로 이득으로 쓰고(선형 이득), IDCG는 목록의 항목만으로 계산하며, 동점 점수는 평균으로 처리합니다.",
        "scikit-learn ndcg_score — the Python library's nDCG function: y_true is the gain itself (linear gain), IDCG comes from the listed items only, and tied scores are averaged.",
    ),
    "gloss_tie_average": (
        "평균 동점 처리 (McSherry & Najork 2008) — 점수가 같은 항목 묶음이 차지한 자리마다 묶음의 평균 이득을 줍니다. 동점 안의 모든 순서에 대한 DCG 평균과 같습니다.",
        "Average tie policy (McSherry & Najork 2008) — every rank a group of tied scores spans gets the group's mean gain; this equals the mean DCG over all orders within the ties.",
    ),
    "gloss_tie_optimistic": (
        "낙관적 동점 처리 — 점수가 같은 항목 중 관련성 점수가 높은 항목을 먼저 놓습니다. 동점에서 나올 수 있는 가장 큰 값입니다.",
        "Optimistic tie policy — within tied scores, higher grades go first: the largest value the ties allow.",
    ),
    "gloss_tie_pessimistic": (
        "비관적 동점 처리 — 점수가 같은 항목 중 관련성 점수가 낮은 항목을 먼저 놓습니다. 동점에서 나올 수 있는 가장 작은 값입니다.",
        "Pessimistic tie policy — within tied scores, lower grades go first: the smallest value the ties allow.",
    ),
    "gloss_mrr": (
        "MRR (평균 역순위) — 첫 관련 항목 순위의 역수(1/순위)를 쿼리마다 구해 평균한 값. 쿼리 하나에서는 RR입니다.",
        "MRR (mean reciprocal rank) — 1 / the rank of the first relevant item, averaged over queries; for one query it is RR.",
    ),
    "gloss_map": (
        "MAP / AP (평균 정밀도) — AP는 관련 항목이 있는 순위마다의 정밀도를 더해 관련 항목 수 R로 나눈 값이고, MAP는 쿼리들의 AP 평균입니다.",
        "MAP / AP (average precision) — AP sums the precision at each rank holding a relevant item and divides by R, the number of relevant items; MAP is the mean AP over queries.",
    ),
    "gloss_precision": (
        "P@k (정밀도) — 상위 k개 항목 중 관련 항목의 비율입니다.",
        "P@k (precision at k) — the share of the top k items that are relevant.",
    ),
    "gloss_recall": (
        "R@k (재현율) — 관련 항목 R개 중 상위 k개 안에 든 항목의 비율입니다.",
        "R@k (recall at k) — the share of all R relevant items that appear in the top k.",
    ),
    "action_failed": (
        "방금 한 조작을 처리하다가 문제가 생겼습니다. 다시 해 보거나 새로 고치세요. 예시는 주소(URL)에 그대로 있습니다.",
        "Something went wrong with what you just did. Try it again, or reload: your example is still in the address "
        "(URL).",
    ),
    "page_failed": (
        "이 페이지를 그리다가 문제가 생겼습니다. 예시는 주소(URL)에 그대로 있으니 새로 고치거나 다른 페이지로 가 보세요.",
        "Something went wrong while drawing this page. Your example is still in the address (URL): reload, "
        "or open another page.",
    ),
}
