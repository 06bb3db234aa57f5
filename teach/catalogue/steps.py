"""Strings of the step-by-step lesson, and averaging over queries at its end: key -> (Korean, English)."""

from __future__ import annotations

STRINGS: dict[str, tuple[str, str]] = {
    # Step page
    "steps_title": ("단계별 계산: CG → DCG → IDCG → nDCG", "Step by step: CG → DCG → IDCG → nDCG"),
    "steps_lead": (
        "nDCG는 네 단계로 계산됩니다. 아래 각 단계는 위에서 만든 랭킹의 숫자로 직접 계산합니다.",
        "nDCG is computed in four steps. Each step below uses the numbers of the ranking you built above.",
    ),
    "compare_title": ("실제 순서와 이상적 순서", "Actual order and ideal order"),
    "compare_actual": ("실제 순서", "Actual order"),
    "compare_ideal": ("이상적 순서 (관련성 내림차순)", "Ideal order (grades high to low)"),
    "compare_note": (
        "≠ 표시된 순위는 같은 순위의 이상적 순서와 관련성 점수가 다릅니다.",
        "A rank marked ≠ has a different grade from the ideal order at the same rank.",
    ),
    "col_vs_ideal": ("이상적 순서와", "vs ideal"),
    # The drag list's own numbers (issue 25)
    "list_score_browser": (
        "끌면서 브라우저가 바로 계산합니다 · 놓으면 서버가 확인합니다",
        "Computed in your browser as you drag · the server confirms on release",
    ),
    "list_score_server": ("✓ 서버가 확인한 값", "✓ confirmed by the server"),
    "list_score_server_only": (
        "모델 점수로 순서를 정할 때는 동점 처리 규칙이 필요해 브라우저가 계산하지 않습니다. 서버가 계산한 값만 보여 줍니다.",
        "Ranked by model scores, the order needs a tie policy, which the browser does not compute: "
        "this is the server's number only.",
    ),
    "list_score_zero": (
        "관련 있는 항목이 없어 IDCG = 0이므로 nDCG는 0으로 둡니다.",
        "Nothing is relevant, so IDCG = 0 and nDCG is 0 by convention.",
    ),
    "list_cut": ("k = {k} · 아래는 세지 않음", "k = {k} · not counted below"),
    "list_curve": (
        "감쇠 곡선 1/log₂(i+1) 위의 현재 항목들: 항목을 끌면 곡선을 따라 움직입니다",
        "The current items on the discount curve 1/log₂(i+1): drag an item and it slides along the curve",
    ),
    "list_curve_axis": ("순위 i →", "rank i →"),
    "list_curve_title": ("끌어서 곡선 위에서 움직여 보기", "Drag an item along the curve"),
    "list_gain_title": ("끌면서 두 이득 비교하기", "Drag and compare the two gains"),
    "list_gain_lead": (
        "항목을 끄는 동안 두 막대가 선형 이득과 지수 이득의 nDCG를 바로 보여 줍니다.",
        "While you drag an item, the two bars show nDCG under linear and exponential gain at once.",
    ),
    "compare_all_ok": ("모든 순위가 이미 이상적 순서와 같습니다.", "Every rank already matches the ideal order."),
    "col_rank": ("순위 i", "Rank i"),
    "col_gain": ("이득", "Gain"),
    "col_gain_used": ("동점 평균 이득", "Tie-averaged gain"),
    "col_discount": ("감쇠 1/{divisor}", "Discount 1/{divisor}"),
    "col_dg": ("감쇠된 이득", "Discounted gain"),
    "col_cg": ("누적 CG", "Running CG"),
    "col_dcg": ("누적 DCG", "Running DCG"),
    "col_idcg": ("누적 IDCG", "Running IDCG"),
    "col_ndcg": ("nDCG@i", "nDCG@i"),
    "cg_title": ("1단계 · CG (누적 이득, Cumulative Gain)", "Step 1 · CG (Cumulative Gain)"),
    "cg_sentence": (
        "CG는 순위를 무시하고 상위 k개 항목의 관련성 점수를 더하기만 합니다. 그래서 상위 k개 안에서 순서를 바꿔도 CG는 그대로이고, 어떤 항목이 k 안에 드는지만 CG를 바꿉니다. 여기서 CG는 원문처럼 이득이 아니라 관련성 점수를 더합니다.",
        "CG just adds up the grades of the top k and ignores position: reordering within the top k never changes it; only which items fall inside the cut does. Here CG adds grades, as the source does, not gains.",
    ),
    "dcg_title": (
        "2단계 · DCG (감쇠 누적 이득 또는 할인 누적 이득, Discounted Cumulative Gain)",
        "Step 2 · DCG (Discounted Cumulative Gain)",
    ),
    "idcg_title": ("3단계 · IDCG (이상적 DCG, Ideal DCG)", "Step 3 · IDCG (Ideal DCG)"),
    "idcg_sentence": (
        "IDCG는 이상적 순서(관련성 점수가 높은 항목부터 차례로 놓은 순서)의 DCG입니다. '목록에 있는 항목만'이면 이 항목들을 다시 배열해 얻을 수 있는 최고 점수이고, '판정된 모든 항목'이면 이 쿼리에서 가능한 최고 점수입니다. nDCG는 DCG를 이 값으로 나눕니다.",
        "IDCG is the DCG of the ideal order, the items sorted by grade from high to low. With 'only the listed items' it is the best any reordering of these items can score; with 'all judged items' it is the best this query allows. nDCG divides by it.",
    ),
    "pool_switch": ("IDCG 기준", "IDCG pool"),
    "pool_listed": ("목록에 있는 항목만 (scikit-learn 방식)", "Only the listed items (as in scikit-learn)"),
    "pool_judged": (
        "판정된 모든 항목 (trec_eval 방식, 선형 이득일 때)",
        "All judged items (as in trec_eval, with linear gain)",
    ),
    "pool_input": (
        "목록에 없지만 판정된 항목의 관련성 점수 (쉼표로 구분)",
        "Grades of judged items that are not in the list (comma-separated)",
    ),
    "pool_explain": (
        "trec_eval은 쿼리에 대해 판정된 모든 문서로 이상적 순서를 만듭니다. 목록에 없는 관련 문서가 이상적 순서의 상위 k개에 들어오면 IDCG가 커지고, 그러면 이 목록은 nDCG 1에 도달할 수 없습니다. 목록에 없는 문서는 상위에 올릴 수 없기 때문입니다. trec_eval의 ndcg(k 없음)와 ndcg_cut.k 값과 같으려면 표준 공식(선형 이득)을 고르세요.",
        "trec_eval builds the ideal order from every judged document of the query. When a relevant document that is not in the list would enter the ideal top k, IDCG grows and this list can no longer reach nDCG = 1: it cannot place documents it does not contain. To match trec_eval's ndcg (no k) and ndcg_cut.k, choose the standard (linear) gain.",
    ),
    "pool_bad": ("판정된 문서의 점수, {pos}번째 값: {why_text}", "Judged grades, value {pos}: {why_text}"),
    "pool_used": (
        "위 값은 빼고, IDCG에는 판정된 문서의 나머지 점수만 씁니다: {used}",
        "These values are left out: IDCG uses only the other judged grades: {used}",
    ),
    "pool_none": ("(없음)", "(none)"),
    "pool_label": ("판정된 문서 #{j}", "judged doc #{j}"),
    "ndcg_title": ("4단계 · nDCG (정규화된 DCG)", "Step 4 · nDCG (normalized DCG)"),
    "ndcg_sentence": (
        "nDCG는 DCG를 IDCG로 나눈 값으로 0과 1 사이입니다. 1이면 이 랭킹이 이상적인 순서만큼 좋다는 뜻입니다.",
        "nDCG is DCG divided by IDCG, a number between 0 and 1; 1 means the ranking is as good as the ideal order.",
    ),
    "arith_more": ("… 생략한 순위 {n}개 (표에 모두 있음)", "… ranks not shown here: {n} (all in the table)"),
    "arith_mean": ("평균", "mean"),
    "beyond_k": (
        "k = {k}: 그 아래 순위(모두 {hidden}개)는 더하지 않으므로 이 표에서 뺐습니다.",
        "k = {k}: the ranks below it ({hidden} more) are not added, so this table stops at rank {k}.",
    ),
    "dcg_gain_intro": (
        "이득(gain)은 관련성 점수를 더할 값으로 바꾸는 공식입니다. 지금은 다음 공식을 씁니다: {label} (관련성 → 이득: {examples}). "
        "원문의 계산 예시는 강조 공식 2^rel − 1을 씁니다. 이 앱이 강조 공식을 기본으로 쓰는 것은 원문의 예시에서 원문과 같은 nDCG(약 0.737)를 얻기 위해서이고, "
        "scikit-learn의 ndcg_score와 trec_eval은 표준 공식(선형 이득)을 씁니다. 관련성이 0과 1뿐이면(이진 관련성) 두 공식은 같은 값을 줍니다(2^1 − 1 = 1). "
        "공식은 위 설정에서 바꿀 수 있고, '선형 vs 지수 이득' 단원에서 둘을 비교합니다.",
        "The gain turns a grade into the amount that is added up. The formula in use is {label} (grade → gain: {examples}). "
        "The source's worked example uses the emphasis formula 2^rel − 1: the app starts with it so that the source's "
        "example gives the source's nDCG (about 0.737), while scikit-learn's ndcg_score and trec_eval use the standard formula (linear gain). "
        "With grades 0 and 1 only (binary relevance) "
        "the two formulas give the same values (2^1 − 1 = 1). Switch it in the settings above; "
        "the lesson 'Linear vs exponential gain' compares the two.",
    ),
    "chart_title": ("순위별 감쇠된 이득: 실제 vs 이상적", "Discounted gain per rank: actual vs ideal"),
    "chart_actual": ("실제", "Actual"),
    "chart_ideal": ("이상적", "Ideal"),
    # Averaging over queries (the end of the step lesson)
    "avg_title": ("여러 쿼리의 평균", "Averaging over queries"),
    "avg_lead": (
        "지금까지는 쿼리 하나의 nDCG였습니다. 논문이나 평가 결과로 보고되는 nDCG@k는 보통 여러 쿼리의 nDCG@k를 평균한 값입니다. "
        "아래는 쿼리 세 개의 작은 예시입니다(선형 이득, k = 3, 각 쿼리의 문서 세 개를 나열된 순서대로 평가). "
        "쿼리 1은 원문의 예시(관련성 1, 3, 2)를 scikit-learn·trec_eval처럼 선형 이득으로 계산한 것이라 원문의 0.737(강조 공식)과 다릅니다. "
        "쿼리 3에는 관련 있는 문서가 하나도 없어 IDCG = 0입니다.",
        "So far nDCG was the score of one query. The nDCG@k reported in papers and evaluations is usually the mean of nDCG@k over many queries. "
        "Below is a small example with three queries (linear gain, k = 3, each query's three documents scored in the order listed). "
        "Query 1 is the source's example (grades 1, 3, 2) with linear gain, as scikit-learn and trec_eval compute it, "
        "so it differs from the source's 0.737 (emphasis formula). Query 3 has no relevant document at all, so its IDCG is 0.",
    ),
    "avg_query": ("쿼리 {n}", "Query {n}"),
    "avg_col_query": ("쿼리", "Query"),
    "avg_col_grades": ("순위별 관련성 점수", "Grades by rank"),
    "avg_mean_zero": ("평균: IDCG = 0은 0으로", "Mean, IDCG = 0 counted as 0"),
    "avg_mean_skip": ("평균: IDCG = 0은 제외", "Mean, IDCG = 0 left out"),
    "avg_line_zero": ("0으로 세기: ({terms}) / {n} = {mean}", "Counted as 0: ({terms}) / {n} = {mean}"),
    "avg_line_skip": ("제외하기: ({terms}) / {n} = {mean}", "Left out: ({terms}) / {n} = {mean}"),
    "avg_tools": (
        "scikit-learn의 ndcg_score와 trec_eval은 IDCG = 0인 쿼리를 nDCG 0으로 세어 평균에 넣습니다. "
        '일부 라이브러리는 그런 쿼리를 평균에서 빼거나, 어느 쪽으로 할지 고르게 합니다(예: TorchMetrics의 empty_target_action="skip"). '
        "두 평균은 서로 비교할 수 없으므로, 평균 nDCG를 보고할 때는 어느 규칙을 썼는지 함께 적어야 합니다.",
        "scikit-learn's ndcg_score and trec_eval count a query whose IDCG is 0 as nDCG 0 in the mean. "
        'Some libraries leave such queries out of the mean, or let you choose (e.g. TorchMetrics\' empty_target_action="skip"). '
        "The two means cannot be compared, so a reported mean nDCG should say which rule it used.",
    ),
}
