"""Strings of one ranking, many definitions (lessons/definitions.py): key -> (Korean, English)."""

from __future__ import annotations

STRINGS: dict[str, tuple[str, str]] = {
    # One ranking, many definitions (lessons/definitions.py)
    "definitions_title": ("하나의 랭킹, 여러 nDCG 정의", "One ranking, many nDCG definitions"),
    "definitions_lead": (
        "라이브러리마다 nDCG를 조금씩 다르게 정의합니다: 이득 함수, 동점 처리, 이상적 순서를 만드는 항목, 감쇠가 다릅니다. 현재 예시에서 각 구현이 보고할 값을 한 표에 모았습니다.",
        "Libraries define nDCG slightly differently: the gain, the handling of tied scores, the items the ideal order is built from, and the discount. The table shows the value each implementation would report for the current example.",
    ),
    "defs_table_title": (
        "구현별 nDCG (이 페이지의 컷오프: nDCG{at})",
        "nDCG by implementation (this page's cut-off: nDCG{at})",
    ),
    "defs_col_impl": ("구현", "Implementation"),
    "defs_col_value": ("값", "Value"),
    "defs_col_why": ("다른 이유", "Why it differs"),
    "defs_why_sklearn": (
        "선형 이득, 동점 점수는 이득을 평균(McSherry & Najork), 이상적 순서는 목록의 항목으로만 만들고, 관련성 점수가 모두 0이면 0입니다.",
        "Linear gain; tied scores share their mean gain (McSherry & Najork); the ideal comes from the listed items only; all grades 0 gives 0.",
    ),
    "defs_why_sklearn_ignore": (
        "동점을 평균하지 않고 numpy의 정렬이 남긴 순서대로 둡니다(보통 나중 항목이 먼저).",
        "Ties are not averaged: they stay in the order numpy's sort leaves them (usually the later item first).",
    ),
    "defs_why_trec": (
        "선형 이득, 컷오프 없이 목록 전체, 이상적 순서는 판정된 모든 문서로 만듭니다. 동점은 문서 ID 내림차순, 음수 관련성 점수는 0으로 셉니다.",
        "Linear gain over the whole list; the ideal uses every judged document; ties go by doc id, descending; negative grades count as 0.",
    ),
    "defs_why_trec_cut": (
        "trec_eval의 ndcg와 같되 상위 K개에서 자르고, 이상적 순서도 K개에서 자릅니다.",
        "As trec_eval's ndcg, cut at K, with the ideal cut at K too.",
    ),
    "defs_why_es": (
        "지수 이득(2^rel − 1). 이상적 순서는 돌려준 검색 결과 수(목록 길이와 k 중 작은 값)에서 자릅니다.",
        "Exponential gain (2^rel − 1); the ideal is cut at the number of hits returned (the smaller of the list's length and k).",
    ),
    "defs_why_tfr": (
        "지수 이득. 동점 점수는 무작위로 순서를 정하므로 비관적 값과 낙관적 값 사이 어디든 나올 수 있습니다.",
        "Exponential gain; tied scores are ordered at random, so any value between the pessimistic and the optimistic one can come out.",
    ),
    "defs_why_tfr_one": (
        "지수 이득. 동점을 무작위로 정하지만 이 예시에는 동점 점수가 없어 값이 하나입니다.",
        "Exponential gain; ties are broken at random, but this example has no tied scores, so there is one value.",
    ),
    "defs_why_ranx": (
        "선형 이득, 판정된 모든 문서의 이상적 순서(trec_eval과 같음). 동점 점수는 런(run)에 적힌 순서대로 둡니다.",
        "Linear gain and the ideal over all judged documents, as trec_eval; tied scores keep the order the run lists them in.",
    ),
    "defs_why_ranx_burges": (
        "ranx ndcg와 같되 지수 이득(2^rel − 1, Burges 등 2005)을 씁니다.",
        "As ranx ndcg, with exponential gain (2^rel − 1, Burges et al. 2005).",
    ),
    "defs_why_recbole": (
        "이진 이득: 관련성 점수가 0보다 크면 1로 셉니다. 이상적 순서는 판정된 관련 항목으로 만들되, 목록 길이 K(컷오프가 없으면 목록 전체)까지만 씁니다: "
        "IDCG는 min(관련 항목 수, K)개의 1입니다.",
        "Binary gain: any grade above 0 counts as 1. The ideal is built from the judged relevant items but never longer "
        "than the list's length K (the whole list when there is no cut-off): IDCG is min(relevant items, K) ones.",
    ),
    "defs_why_msr": (
        "기본값은 이진 이득과 자연로그 감쇠 1/ln(i+1)입니다. 로그의 밑은 DCG와 IDCG에 같은 배수를 곱할 뿐이라 nDCG는 log2와 같습니다.",
        "Its default is binary gain with the natural-log discount 1/ln(i+1); the log base scales DCG and IDCG alike, so nDCG equals the log2 value.",
    ),
    "defs_scores_note": (
        "이 예시에는 모델 점수가 없어, 목록 순서대로 내려가는 점수(n, n−1, …, 1)를 씁니다.",
        "This example has no model scores, so scores falling in the listed order (n, n−1, …, 1) are used.",
    ),
    "defs_scores_used": ("이 예시의 모델 점수로 순위를 매깁니다.", "The example's model scores rank the items."),
    "defs_reproduce_title": ("직접 재현하기", "Reproduce this"),
    "defs_sklearn_intro": ("scikit-learn에서 같은 값을 내는 호출:", "The same values from scikit-learn:"),
    "defs_trec_intro": (
        "trec_eval 명령과 입력 파일(TREC 형식):",
        "The trec_eval command and its input files (TREC format):",
    ),
    "defs_download_qrels": ("qrels 파일 내려받기", "Download the qrels file"),
    "defs_download_run": ("run 파일 내려받기", "Download the run file"),
    "defs_files_note": (
        "문서 ID는 목록 순서대로 d1, d2, …이고, 목록 밖의 판정된 문서는 j1, j2, …입니다. run 파일의 점수는 trec_eval이 매길 순위대로 서로 다르게 적었습니다.",
        "Doc ids are d1, d2, … in listed order, and judged documents outside the list are j1, j2, …. The run file's scores are distinct, in the order trec_eval ranks the documents.",
    ),
    "defs_measures_intro": ("ir_measures와 ranx의 지표 이름:", "The ir_measures and ranx measure names:"),
    "defs_measures_note": (
        "ir_measures의 nDCG와 ranx의 ndcg는 trec_eval처럼 선형 이득과 판정된 모든 문서의 이상적 순서를 씁니다. ranx의 ndcg_burges는 지수 이득(2^rel − 1)입니다.",
        "ir_measures' nDCG and ranx's ndcg use linear gain and the ideal over all judged documents, as trec_eval does; ranx's ndcg_burges uses exponential gain (2^rel − 1).",
    ),
}
