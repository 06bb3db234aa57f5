"""Strings of the intro page: key -> (Korean, English)."""

from __future__ import annotations

STRINGS: dict[str, tuple[str, str]] = {
    "intro_link_loaded": (
        "링크의 예시({n}개 항목)를 불러왔습니다. 아래 수업에서 확인하세요.",
        "The link's example ({n} {n:item|items}) is loaded: open a lesson below to see it.",
    ),
    # Intro page
    "intro_title": (
        "nDCG란? (normalized Discounted Cumulative Gain)",
        "What is nDCG? (normalized Discounted Cumulative Gain)",
    ),
    "intro_source": (
        "이 앱은 한국어 해설 문서 「nDCG (normalized Discounted Cumulative Gain)」를 따라갑니다. 글쓴이와 날짜는 문서에 적혀 있지 않습니다. "
        "문서는 이 앱의 저장소 옆 `shared/seed/000_672d676489012cc0.txt`에 있으며, 1. 개요부터 7. 한계점 및 고려사항, 8. 구현 가이드까지 여덟 절입니다. "
        "앱에서 '원문'이라고 하면 이 문서를 말합니다.",
        "This app follows a Korean article, “nDCG (normalized Discounted Cumulative Gain)”; the document names no author "
        "and no date. It is the file `shared/seed/000_672d676489012cc0.txt` beside this app's repository, in eight "
        "sections, from 1. Overview to 7. Limitations and 8. Implementation guide. Wherever the app says “the source”, "
        "it means that article.",
    ),
    "intro_what": (
        "nDCG는 검색 결과나 추천 목록의 품질을 재는 순위 평가 지표입니다. **관련성**(Relevance)과 **순위**(Rank)를 함께 고려하여, 관련성 높은 항목이 위에 있을수록 높은 점수를 줍니다.",
        "nDCG measures the quality of a search result or recommendation list. It weighs **relevance** and **rank** together: the higher the relevant items sit, the higher the score.",
    ),
    "intro_scales": (
        "관련성 척도에는 **이진 관련성**(0/1: 클릭·구매 여부)과 **등급 관련성**(예: 0 관련 없음, 1 약간 관련, 2 매우 관련)이 있습니다. nDCG는 등급 관련성을 다룰 수 있어 MAP, MRR보다 유연합니다.",
        "Relevance comes as **binary** grades (0/1: a click, a purchase) or **graded** ones (e.g. 0 not relevant, 1 somewhat, 2 very). nDCG handles graded relevance, which makes it more flexible than MAP or MRR.",
    ),
    "intro_steps_title": ("네 단계", "Four steps"),
    "intro_example_title": (
        "원문의 예시: A → B → C, 관련성 A=1, B=3, C=2",
        "The source's example: A → B → C with grades A=1, B=3, C=2",
    ),
    "intro_example_gain": ("이득 함수", "Gain"),
    "intro_gain_names": (
        "두 이득 함수는 이름이 둘씩입니다: **지수 이득(강조 공식)** = 2^rel − 1, **선형 이득(표준 공식)** = rel. 원문의 예시는 강조 공식으로 계산합니다.",
        "Each gain has two names: **exponential gain (the emphasis form)** = 2^rel − 1 and **linear gain (the standard form)** = rel. The source's example uses the emphasis form.",
    ),
    "intro_open": ("이 예시를 단계별 계산에서 열기", "Open this example step by step"),
    "intro_open_replaces": (
        "이 버튼은 지금 수업에 열려 있는 예시(항목 {n}개)를 원문의 예시로 바꿉니다.",
        "This button replaces the example now open in the lessons ({n} {n:item|items}) with the source's example.",
    ),
    "intro_compare_title": ("다른 지표와 비교", "Compared with other metrics"),
    "cmp_row_scale": ("관련성 척도", "Relevance scale"),
    "cmp_row_target": ("평가 대상", "What it looks at"),
    "cmp_row_weight": ("가중치", "Weighting"),
    "cmp_row_norm": ("정규화", "Normalization"),
    "cmp_binary": ("이진", "Binary"),
    "cmp_graded": ("등급", "Graded"),
    "cmp_first": ("첫 번째 정답의 위치", "Position of the first hit"),
    "cmp_all_hits": ("모든 정답의 위치", "Positions of all hits"),
    "cmp_all_items": ("모든 항목의 관련성", "Relevance of every item"),
    "cmp_recip": ("역수 1/rank", "Reciprocal 1/rank"),
    "cmp_rankavg": ("관련 항목 순위마다의 정밀도 평균 (AP)", "Average of precision at each relevant item's rank (AP)"),
    "cmp_log": ("로그 감쇠", "Log discount"),
    "cmp_builtin": ("기본적으로 정규화됨", "Normalized by construction"),
    "cmp_idcg": ("IDCG로 정규화", "Normalized by IDCG"),
    "cmp_defs": (
        "- **MRR**(Mean Reciprocal Rank): 쿼리마다 첫 번째 관련 항목의 순위 역수 1/rank를 구하고, 이를 모든 쿼리에 대해 평균한 값입니다.\n"
        "- **MAP**(Mean Average Precision): 쿼리마다 AP를 구해 모든 쿼리에 대해 평균한 값입니다. AP는 관련 항목이 놓인 각 순위 i에서 정밀도 precision@i(상위 i개 중 관련 항목의 비율)를 구해 더한 뒤, 그 쿼리의 관련 항목 수로 나눈 값입니다.\n"
        "- 보고되는 MRR, MAP, nDCG는 모두 **쿼리들에 대한 평균**입니다. 이 페이지의 nDCG는 쿼리 하나의 값이고, 여러 쿼리의 평균은 '단계별 계산' 수업의 마지막 절에서 다룹니다.",
        "- **MRR** (Mean Reciprocal Rank): for each query, 1/rank of the first relevant item, averaged over all queries.\n"
        "- **MAP** (Mean Average Precision): the mean over all queries of AP. A query's AP adds up precision@i (the share of relevant items in the top i) at the rank i of each relevant item, and divides by the query's number of relevant items.\n"
        "- Reported MRR, MAP and nDCG are all **means over queries**. The nDCG on this page is one query's value; the last section of the Step by step lesson averages over several queries.",
    ),
    "pitfall_title": ("주의: scikit-learn 예제의 함정", "Pitfall: the scikit-learn snippet"),
    "pitfall_text": (
        '원문은 위 코드의 출력이 앞의 예시 값 0.737과 "유사하다"고 하지만, 실제 출력은 **{value}**입니다. 이유는 두 가지입니다.',
        'The source says the code above prints something "similar to 0.737". It really prints **{value}**, for two reasons.',
    ),
    "pitfall_1": (
        "점수는 순위가 아닙니다. 점수 [0.5, 0.8, 0.2]로 정렬하면 순서는 B(0.8) → A(0.5) → C(0.2)로, 예시의 A → B → C와 다릅니다.",
        "Scores are not positions. Sorting the scores [0.5, 0.8, 0.2] gives B (0.8) → A (0.5) → C (0.2), not the example's A → B → C.",
    ),
    "pitfall_2": (
        "scikit-learn의 ndcg_score는 선형 이득(표준 공식)을 씁니다. 강조 공식의 값을 얻으려면 y_true로 2^rel − 1을 넘겨야 합니다.",
        "scikit-learn's ndcg_score uses linear gain (the standard form). For the emphasis form, pass 2^rel − 1 as y_true.",
    ),
    "pitfall_table": ("같은 항목을 네 가지 방식으로", "The same items four ways"),
    "pitfall_fix": (
        "원문의 계산(A → B → C 순서, 강조 공식)을 scikit-learn으로 재현하려면, y_true에 관련성 점수 대신 강조 공식의 이득 2^rel − 1 = [1, 7, 3]을 넘기고, y_score에는 A → B → C 순서대로 작아지는 점수(예: [3, 2, 1])를 넘깁니다:",
        "To reproduce the source's calculation (order A → B → C, emphasis form) with scikit-learn, pass the emphasis-form gains 2^rel − 1 = [1, 7, 3] as y_true instead of the grades, and scores that decrease in the order A → B → C (e.g. [3, 2, 1]) as y_score:",
    ),
    "pit_value": ("nDCG@3", "nDCG@3"),
    "pit_row_source": (
        "원문의 순서 A→B→C, 지수 이득 (원문 계산)",
        "Source order A→B→C, exponential gain (the source's calculation)",
    ),
    "pit_row_src_lin": ("원문의 순서 A→B→C, 선형 이득", "Source order A→B→C, linear gain"),
    "pit_row_sk": (
        "점수 순서 B→A→C, 선형 이득 (scikit-learn 출력)",
        "Score order B→A→C, linear gain (what scikit-learn prints)",
    ),
    "pit_row_sk_exp": ("점수 순서 B→A→C, 지수 이득", "Score order B→A→C, exponential gain"),
    "intro_code_title": ("코드로 계산하기", "Computing it in code"),
    "intro_code_lead": (
        "원문의 마지막 절(8. 구현 가이드)은 scikit-learn의 ndcg_score로 nDCG를 계산합니다. 원문의 코드를 줄이면 다음과 같습니다.",
        "The source's last section (8. Implementation guide) computes nDCG with scikit-learn's ndcg_score. Its code, shortened:",
    ),
    "intro_cases_title": ("실제 적용 사례", "Where it is used"),
    "intro_cases": (
        "- **전자상거래 검색**: '노트북' 검색에서 키워드만 맞는 상품은 관련성 1, 노트북 카테고리 베스트셀러는 관련성 3.\n"
        "- **OTT 추천**: 끝까지 시청한 영화 3점, 중간에 끈 영화 1점, 클릭만 한 영화 0점.\n"
        "- **법률·의학 검색**: 관련 문서가 여러 개이고 문서마다 중요도가 다릅니다.",
        "- **E-commerce search**: for the query '노트북' (laptop), a product that only matches the keyword is grade 1; a best-selling laptop is grade 3.\n"
        "- **Streaming (OTT) recommendations**: watched to the end = 3, stopped midway = 1, only clicked = 0.\n"
        "- **Legal and medical search**: many relevant documents, each of different importance.",
    ),
    "intro_limits_title": ("한계점", "Limitations"),
    "intro_limits": (
        "1. **관련성 점수의 주관성**: 평가자마다 기준이 달라 일관성이 떨어질 수 있습니다.\n"
        "2. **컷오프 민감도**: 목록 길이 k에 따라 값이 크게 변합니다 (nDCG@5 vs nDCG@10).\n"
        "3. **계산 비용**: 쿼리마다 IDCG를 계산해야 합니다. 실제로 얼마나 드는지는 'nDCG의 한계' 실험실의 5절에서 직접 재 볼 수 있습니다"
        "(쿼리마다 정렬 한 번이라, 랭킹을 만드는 일에 비하면 아주 쌉니다).",
        "1. **Subjective grades**: annotators disagree, so grades can be inconsistent.\n"
        "2. **Sensitivity to the cut-off**: the value changes a lot with k (nDCG@5 vs nDCG@10).\n"
        '3. **Cost**: IDCG must be computed for every query. Section 5 of the limitations lab ("What nDCG cannot tell '
        'you") measures how much that costs: one sort per query, cheap next to producing the ranking.',
    ),
    "intro_next": (
        "메뉴의 수업(휴대폰에서는 왼쪽 위 » 버튼)에서 직접 랭킹을 만들고 끌어서 바꾸며 각 단계를 확인하세요.",
        "Use the lessons in the menu (on a phone, the » button at the top left) to build your own ranking, "
        "drag it around and watch every step.",
    ),
}
