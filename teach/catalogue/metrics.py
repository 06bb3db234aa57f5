"""Strings of the other-metrics page (RR, AP, P@k, R@k): key -> (Korean, English)."""

from __future__ import annotations

STRINGS: dict[str, tuple[str, str]] = {
    # Other metrics page (RR@k as ir_measures', AP@k, P@k and R@k as trec_eval's map_cut_k, P_k, recall_k)
    "metrics_title": ("다른 지표: MRR, MAP, P@k, R@k", "Other metrics: MRR, MAP, P@k, R@k"),
    "metrics_lead": (
        "RR(MRR), AP(MAP), P@k, R@k는 항목을 관련/비관련 두 가지로만 봅니다. 현재 랭킹에서 이 지표들을 nDCG와 나란히 계산합니다. 관련성 점수가 임계값 이상인 항목이 관련 항목입니다. 정의는 지표마다 출처가 있습니다: AP@k는 trec_eval의 map_cut_k, P@k는 P_k, R@k는 recall_k와 같습니다. RR@k는 k에서 자르며 ir_measures의 RR@k, MS MARCO의 MRR@10과 같은 방식입니다. trec_eval의 recip_rank는 목록 전체를 보므로, 그 값과 맞추려면 k를 '전체 목록'으로 고르세요.",
        "RR (MRR), AP (MAP), P@k and R@k see an item only as relevant or not. This page computes them beside nDCG for the current ranking. An item is relevant when its grade reaches the threshold. Each definition has its source: AP@k is trec_eval's map_cut_k, P@k its P_k and R@k its recall_k. RR@k stops at k, as ir_measures' RR@k and MS MARCO's MRR@10 do; trec_eval's recip_rank reads the whole list, so choose k = whole list to match it.",
    ),
    "metrics_threshold": (
        "임계값: 관련 항목으로 셀 최소 관련성 점수",
        "Threshold: the lowest grade counted as relevant",
    ),
    "metrics_threshold_help": (
        "관련성 점수가 이 값 이상인 항목만 관련 항목입니다(trec_eval의 relevance_level, 기본값 1). nDCG는 임계값 없이 점수를 그대로 씁니다.",
        "Items graded at least this count as relevant (trec_eval's relevance_level, default 1). nDCG uses the grades themselves, with no threshold.",
    ),
    "metrics_opening_note": (
        "임계값 2로 열었습니다. 원문의 예시(A 1, B 3, C 2)는 임계값 1이면 세 항목이 모두 관련 항목이라 이진 지표가 모두 1입니다. "
        "임계값 2에서는 A가 빠져서 RR, AP, P가 서로, 그리고 nDCG와 달라집니다.",
        "The page opened at threshold 2: at 1, all three of the source's items (A 1, B 3, C 2) are relevant and every "
        "binary metric is 1. At 2, A no longer counts, so RR, AP and P differ from each other and from nDCG.",
    ),
    "metrics_relevant_line": (
        "관련 항목(관련성 점수 {t} 이상): 목록에 {listed}개, 그중 상위 {cut}개 안에 {in_k}개.",
        "Relevant items (grade ≥ {t}): {listed} in the list, {in_k} of them in the top {cut}.",
    ),
    "metrics_r_listed": (
        "판정된 관련 항목 수 R = {r}: 목록에 있는 관련 항목만 셉니다. 목록 밖에도 판정된 항목이 있으면 위 스위치로 넣으세요. AP와 R@k는 R로 나눕니다.",
        "Relevant judged items R = {r}: the relevant items in the list. If items outside the list were judged too, add them with the switch above. AP and R@k divide by R.",
    ),
    "metrics_r_pool": (
        "판정된 관련 항목 수 R = {r}: 목록 안 {listed}개 + 목록 밖 판정 항목 중 {extra}개. AP와 R@k는 R로 나눕니다.",
        "Relevant judged items R = {r}: {listed} in the list + {extra} judged {extra:item|items} outside it. AP and R@k divide by R.",
    ),
    "metrics_ties": (
        "모델 점수에 동점이 있습니다. RR, AP, P, R은 동점 항목을 아래 표의 순서대로 셉니다. nDCG는 선택한 동점 처리 방식을 따릅니다.",
        "Some model scores are tied. RR, AP, P and R take tied items in the order of the table below; nDCG follows the chosen tie policy.",
    ),
    "metrics_table_title": ("이 랭킹의 지표", "This ranking's metrics"),
    "metrics_col_value": ("값", "Value"),
    "metrics_means": (
        "보고되는 MRR, MAP, nDCG는 모두 쿼리들에 대한 평균입니다. MRR은 쿼리별 RR의 평균, MAP은 쿼리별 AP의 평균, 보고되는 nDCG는 쿼리별 nDCG의 평균입니다. 이 페이지의 값은 쿼리 하나의 값입니다.",
        "Reported MRR, MAP and nDCG are all means over queries: MRR is the mean of RR, MAP the mean of AP, and a reported nDCG the mean of each query's nDCG. The values on this page are one query's.",
    ),
    "metrics_rank_title": ("순위별 관련 여부와 정밀도", "Relevant or not, and precision, rank by rank"),
    "metrics_col_relevant": ("관련", "Relevant"),
    "metrics_col_precision": ("정밀도 P@i", "Precision P@i"),
    "metrics_no_relevant": ("판정된 관련 항목 없음: R = 0", "no relevant judged item: R = 0"),
    "metrics_rr_title": ("RR: 역순위 (Reciprocal Rank)", "RR: reciprocal rank"),
    "metrics_rr_def": (
        "상위 {cut}개 안에서 처음 나오는 관련 항목의 순위 역수 1/rank입니다. 상위 {cut}개에 관련 항목이 없으면 0입니다(ir_measures의 RR@k. trec_eval의 recip_rank는 k에서 자르지 않습니다). MRR은 이 값을 쿼리들에 대해 평균한 것입니다.",
        "1/rank of the first relevant item within the top {cut}; 0 when the top {cut} holds none (ir_measures' RR@k; trec_eval's recip_rank does not stop at k). MRR is its mean over queries.",
    ),
    "metrics_rr_first": ("첫 관련 항목: {rank}위 {item}", "first relevant item: {item} at rank {rank}"),
    "metrics_rr_none": ("상위 {cut}개 안에 관련 항목 없음", "no relevant item in the top {cut}"),
    "metrics_rr_rewards": (
        "첫 관련 항목 하나를 위로 올리는 것만 보상합니다. 그 아래 관련 항목들의 순서는 값을 바꾸지 않습니다.",
        "It rewards only bringing the first relevant item up: the order of the relevant items below it does not change the value.",
    ),
    "metrics_ap_title": ("AP: 평균 정밀도 (Average Precision)", "AP: average precision"),
    "metrics_ap_def": (
        "상위 {cut}개 안에서 관련 항목이 놓인 각 순위 i의 정밀도 P@i(상위 i개 중 관련 항목의 비율)를 더하고, 판정된 관련 항목 수 R로 나눕니다. 상위 {cut}개에 들지 못한 관련 항목은 0을 더합니다(trec_eval의 map_cut_k). MAP은 AP를 쿼리들에 대해 평균한 것입니다.",
        "Add precision P@i (the share of relevant items in the top i) at each rank i within the top {cut} that holds a relevant item, and divide by R, the number of relevant judged items. A relevant item outside the top {cut} adds 0 (trec_eval's map_cut_k). MAP is the mean of AP over queries.",
    ),
    "metrics_ap_rewards": (
        "관련 항목 모두를 위로 모으는 것을 보상합니다. 관련 항목이 하나씩 올라갈 때마다 값이 오르고, 상위 k개 밖에 남은 관련 항목은 값을 깎습니다.",
        "It rewards gathering every relevant item at the top: each relevant item moved up raises it, and each one left outside the top k lowers it.",
    ),
    "metrics_p_title": ("P@k: 정밀도 (Precision at k)", "P@k: precision at k"),
    "metrics_p_def": (
        "상위 {cut}개 중 관련 항목의 비율입니다. 목록이 더 짧아도 분모는 k = {cut}입니다(trec_eval의 P_k).",
        "The share of relevant items among the top {cut}. The denominator is k = {cut} even when the list is shorter (trec_eval's P_k).",
    ),
    "metrics_p_rewards": (
        "상위 k개 안에 관련 항목이 몇 개 있는지만 셉니다. k 안의 순서는 값을 바꾸지 않습니다.",
        "It counts only how many relevant items are in the top k: their order within the top k does not change it.",
    ),
    "metrics_r_title": ("R@k: 재현율 (Recall at k)", "R@k: recall at k"),
    "metrics_r_def": (
        "판정된 관련 항목 R개 중 상위 {cut}개 안에 들어온 비율입니다. R = 0이면 0입니다(trec_eval의 recall_k).",
        "The share of the R relevant judged items that are in the top {cut}; 0 when R = 0 (trec_eval's recall_k).",
    ),
    "metrics_r_rewards": (
        "관련 항목을 빠짐없이 상위 k개 안에 넣는 것을 보상합니다. k 안의 순서도, 함께 들어온 비관련 항목도 따지지 않습니다.",
        "It rewards getting every relevant item into the top k: neither their order within it nor the non-relevant items beside them count.",
    ),
    "metrics_ndcg_title": ("nDCG: 등급을 그대로 쓰는 지표", "nDCG: the graded one"),
    "metrics_ndcg_def": (
        "임계값이 없습니다. 관련성 점수를 이득으로 바꿔 순위에 따라 감쇠해 더한 DCG를 이상적 순서의 IDCG로 나눕니다('단계별 계산' 수업 참고). 이득 함수, k, IDCG 기준은 예시의 설정을 따릅니다.",
        "There is no threshold: the grades become gains, discounted by rank and summed into DCG, which is divided by the ideal order's IDCG (see the Step by step lesson). Gain, k and the IDCG pool follow the example's settings.",
    ),
    "metrics_ndcg_rewards": (
        "높은 등급을 더 위에 놓는 것을 보상합니다. 관련/비관련만 보는 다른 지표와 달리 3점과 1점의 차이도 셉니다.",
        "It rewards putting higher grades higher: unlike the binary metrics, it also tells a grade 3 from a grade 1.",
    ),
}
