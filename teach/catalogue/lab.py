"""Strings of the limitations lab (lessons/limits.py): key -> (Korean, English)."""

from __future__ import annotations

STRINGS: dict[str, tuple[str, str]] = {
    # The limitations lab (lessons/limits.py)
    "nav_limits": ("nDCG의 한계", "What nDCG cannot tell you"),
    "limits_title": ("nDCG의 한계 실험실", "The limitations lab"),
    "limits_lead": (
        "원문의 7절 '한계점 및 고려사항'은 세 가지를 듭니다: 관련성 점수의 주관성, 목록 길이(컷오프 k)에 따라 크게 변하는 값"
        "(nDCG@5 vs nDCG@10), 모든 쿼리에 대해 IDCG를 계산하는 비용. "
        "이 페이지는 지금 예시로 그 세 가지와, 정보 검색 연구가 더한 두 가지(불완전한 판정, 쿼리 평균)를 직접 실험해 보게 합니다. "
        "모든 설정은 주소에 저장되므로 링크 하나로 같은 실험을 열 수 있습니다.",
        'The source\'s section 7, "한계점 및 고려사항" (limitations and considerations), names three: subjective grades, a value that changes a '
        "lot with the list length, the cut-off k (nDCG@5 vs nDCG@10), and the cost of computing IDCG for every query. "
        "This page lets you try them, and two that IR research adds (incomplete judgments, averaging over "
        "queries), on the current example. Every setting is in the address, so one link opens the same experiment.",
    ),
    "lab_bad_value": (
        "링크의 실험 설정 {param} 값 '{value}': 쓸 수 없어 그 설정만 기본값으로 열었습니다.",
        "The link's lab setting {param}='{value}' could not be used, so only that setting opened at its default.",
    ),
    "lab_second_bad": (
        "두 번째 평가자의 {pos}번째 점수 '{value}': 0–{scale} 척도의 정수가 아닙니다.",
        "The second annotator's grade {pos}, '{value}', is not a whole number on the scale 0–{scale}.",
    ),
    "lab_second_count": (
        "두 번째 평가자의 점수 개수({count}개)가 항목 수({n}개)와 다릅니다. 항목마다 점수를 하나씩 적어 주세요.",
        "The second annotator gave {count} {count:grade|grades} for {n} {n:item|items}: give one grade per item.",
    ),
    "lab_seed": ("시드", "Seed"),
    "lab_seed_help": (
        "무작위 잡음, 숨길 판정, 섞은 순서를 정하는 수입니다. 같은 시드는 어느 컴퓨터에서나 같은 결과를 냅니다.",
        "The number that fixes the random noise, the hidden judgments and the shuffled order: the same seed gives the "
        "same result on any machine.",
    ),
    "lab_alt": ("비교할 랭킹 Y", "Ranking Y to compare"),
    "lab_alt_shuffle": ("같은 항목을 시드로 섞기", "the same items, shuffled by the seed"),
    "lab_alt_reverse": ("같은 항목을 거꾸로", "the same items, reversed"),
    "lab_rankings": (
        "랭킹 X(지금 예시): {x}  ·  랭킹 Y: {y}",
        "Ranking X (the current example): {x}  ·  ranking Y: {y}",
    ),
    "lab_opening_note": (
        "원문의 세 항목 예시로는 이 실험들이 거의 아무것도 보여 주지 못해서, 실험실은 항목 {n}개짜리 예시로 열었습니다"
        "(지수 이득, k = {n}). '예시 바꾸기'의 되돌리기를 누르면 원문의 예시로 돌아갑니다.",
        "Three items are too few for these experiments to show anything, so the lab opened on an example of {n} {n:item|items} "
        '(exponential gain, k = {n}) instead of the source\'s A, B, C. Undo, under "Change the example", goes back to them.',
    ),
    "lab_listed_only": (
        "이 실험실은 나열된 항목을 지금 순서 그대로 계산합니다. 동점 평균과 판정된 전체 항목 풀은 쓰지 않으므로 위의 nDCG와 다를 수 있습니다.",
        "This lab scores the listed items in their current order, without tie averaging or the pool of judged items, "
        "so its nDCG may differ from the one above.",
    ),
    "lab_noise_why": (
        "**왜 중요한가:** 같은 항목을 두 사람이 다르게 채점하면, 보고하는 nDCG는 시스템만이 아니라 누가 채점했는지에 따라서도 "
        "달라집니다.",
        "**Why it matters:** when two people grade the same items differently, the nDCG you report depends on who "
        "graded, not only on the system.",
    ),
    "lab_k_why": (
        "**왜 중요한가:** 같은 두 랭킹도 k를 바꾸면 앞서는 쪽이 바뀔 수 있습니다. '어느 쪽이 나은가'에는 k가 함께 붙어야 합니다.",
        '**Why it matters:** the same two rankings can trade the lead when k changes, so "which is better" always '
        "needs its k.",
    ),
    "lab_hide_why": (
        "**왜 중요한가:** 실제 평가 데이터는 대부분의 문서에 판정이 없고, 판정 없는 문서를 어떻게 다루느냐에 따라 nDCG가 "
        "움직입니다.",
        "**Why it matters:** real test collections leave most documents unjudged, and how those are counted moves "
        "nDCG.",
    ),
    "lab_avg_why": (
        "**왜 중요한가:** 시스템의 숫자 하나는 쿼리들의 평균이라, 어떤 쿼리를 평균에 넣느냐에 따라 달라집니다.",
        "**Why it matters:** a system's one number is a mean over queries, and which queries go into it changes it.",
    ),
    "lab_cost_why": (
        "**왜 중요한가:** IDCG의 계산 비용이 정말 한계인지에 따라, 쿼리가 아주 많을 때 nDCG를 써도 되는지가 갈립니다.",
        "**Why it matters:** whether IDCG's cost is a real limit decides whether nDCG is usable with very many "
        "queries.",
    ),
    "lab_noise_title": ("1. 주관적인 점수: 평가자마다 다르게 매깁니다", "1. Subjective grades: annotators disagree"),
    "lab_noise_lead": (
        "관련성 점수는 사람이(요즘은 LLM도) 매깁니다. 같은 문서라도 평가자마다 점수가 한 등급쯤 달라지곤 합니다. "
        "지금 예시의 점수를 무작위로 흔들어 2,000번 다시 매기고, nDCG가 얼마나 움직이는지 봅니다.",
        "Grades are given by people (and now by LLMs), and two annotators often differ by a grade on the same document. "
        "Here the example's grades are shaken at random and regraded 2,000 times, to see how far nDCG moves.",
    ),
    "lab_judge": ("누가 다시 매기나요?", "Who regrades?"),
    "lab_judge_annotators": ("사람 평가자", "Human annotators"),
    "lab_judge_llm": ("LLM 평가자(예시)", "An LLM judge (illustration)"),
    "lab_noise_annotators": (
        "점수 하나가 한 등급 오르거나 내릴 확률(반반)",
        "Probability that a grade moves one step up or down (half each)",
    ),
    "lab_noise_llm": ("LLM 평가자가 다시 매기는 점수의 비율", "Share of grades the LLM judge relabels"),
    "lab_llm_note": (
        "아래 표는 설명을 위한 가정입니다(측정값이 아님): 실제 점수(행)별로 LLM이 매기는 점수(열)의 확률이며, 보고된 경향처럼 후하게 매깁니다. "
        "LLM의 점수는 프롬프트의 표현에 따라 달라집니다. 역할, 설명, 척도의 낱말을 조금만 바꿔도 점수 분포가 움직인다는 보고가 있습니다"
        "(예: Thomas 외, 2024). 그래서 LLM 평가는 프롬프트와 모델 버전을 함께 적어야 다시 만들 수 있습니다.",
        "The table below is an assumption for illustration, not a measurement: for each true grade (row), the chance of "
        "each grade the LLM gives (column), lenient as LLM judges are often reported to be. LLM labels shift with the "
        "prompt's wording: small changes to its role, description or scale words have been reported to move the labels "
        "(e.g. Thomas et al., 2024). So LLM judgments can only be reproduced with the prompt and model version written down.",
    ),
    "lab_col_true": ("실제 점수", "True grade"),
    "lab_col_judged": ("LLM 점수 {g}", "LLM grade {g}"),
    "lab_original": ("원래 점수의 nDCG{at}", "nDCG{at} of the original grades"),
    "lab_interval": ("5–95% 구간", "5–95% interval"),
    "lab_width": ("구간의 폭", "Width of the interval"),
    "lab_ranking_x": ("랭킹 X", "Ranking X"),
    "lab_ranking_y": ("랭킹 Y", "Ranking Y"),
    "lab_axis_draws": ("다시 매긴 횟수", "Regradings"),
    "lab_col_bin": ("nDCG 구간", "nDCG range"),
    "lab_histogram_note": (
        "다시 매긴 {draws}번의 nDCG 분포입니다. 검은 실선은 원래 점수의 nDCG, 주황빛 점선 두 개는 5%와 95% 지점입니다.",
        "The nDCG of {draws} regradings. The black line is the nDCG of the original grades; the two dotted lines are "
        "the 5th and 95th percentiles.",
    ),
    "lab_question_x": (
        "점수가 이만큼 흔들려도 X가 여전히 Y보다 앞설까요?",
        "Does ranking X stay ahead of ranking Y when the grades are this noisy?",
    ),
    "lab_question_y": (
        "점수가 이만큼 흔들려도 Y가 여전히 X보다 앞설까요?",
        "Does ranking Y stay ahead of ranking X when the grades are this noisy?",
    ),
    "lab_question_tie": (
        "점수가 이만큼 흔들려도 두 랭킹이 여전히 같을까요?",
        "Do the two rankings stay tied when the grades are this noisy?",
    ),
    "lab_verdict_x": (
        "원래 점수로는 X가 앞섭니다(X {x}, Y {y}). 두 랭킹을 같은 흔들린 점수로 다시 계산해, 우열이 뒤집힌 비율을 셉니다.",
        "With the original grades X is ahead (X {x}, Y {y}). Both rankings are rescored with the same noisy grades, and "
        "the share of draws in which the verdict changes is counted.",
    ),
    "lab_verdict_y": (
        "원래 점수로는 Y가 앞섭니다(X {x}, Y {y}). 두 랭킹을 같은 흔들린 점수로 다시 계산해, 우열이 뒤집힌 비율을 셉니다.",
        "With the original grades Y is ahead (X {x}, Y {y}). Both rankings are rescored with the same noisy grades, and "
        "the share of draws in which the verdict changes is counted.",
    ),
    "lab_verdict_tie": (
        "원래 점수로는 두 랭킹이 같습니다(X {x}, Y {y}). 흔들린 점수에서 어느 한쪽이 앞서게 된 비율을 셉니다.",
        "With the original grades the two rankings tie (X {x}, Y {y}). The share of draws in which one of them "
        "pulls ahead is counted.",
    ),
    "lab_flips": ("우열이 달라진 비율", "Draws in which the verdict changes"),
    "lab_voorhees": (
        "Voorhees(2000)는 같은 TREC 문서를 서로 다른 평가자가 판정하게 해, 점수 자체는 크게 바뀌어도 시스템들의 순서는 훨씬 안정적이라는 것을 보였습니다. "
        "위의 구간 폭과 우열이 뒤집힌 비율을 비교해 보세요. nDCG 값 하나를 소수점 넷째 자리까지 믿기보다, 같은 판정으로 잰 두 시스템의 차이를 보는 편이 안전합니다.",
        "Voorhees (2000) had the same TREC documents judged by different assessors: the scores moved a lot, but the order "
        "of the systems was much more stable. Compare the interval's width with the share of flips above: trust the "
        "difference between two systems scored on the same judgments more than a single nDCG to four decimals.",
    ),
    "lab_second_title": ("두 번째 평가자", "A second annotator"),
    "lab_second_lead": (
        "다른 사람이 같은 항목들을 순위 순서대로 매긴 점수를 쉼표로 구분해 적어 보세요(항목 {n}개, 척도 0–{scale}).",
        "Type another person's grades for the same items, in ranked order and separated by commas ({n} {n:item|items}, scale 0–{scale}).",
    ),
    "lab_second": ("두 번째 평가자의 점수", "The second annotator's grades"),
    "lab_weights": ("카파의 가중치", "Kappa weights"),
    "lab_weights_linear": ("선형(한 등급 차이 = 1)", "linear (one grade apart = 1)"),
    "lab_weights_quadratic": ("이차(차이의 제곱)", "quadratic (the gap squared)"),
    "lab_first_ndcg": ("첫 번째 평가자의 nDCG{at}", "nDCG{at}, first annotator"),
    "lab_second_ndcg": ("두 번째 평가자의 nDCG{at}", "nDCG{at}, second annotator"),
    "lab_agreement": ("점수가 똑같은 항목", "Items graded the same"),
    "lab_kappa": ("가중 코헨 카파", "Weighted Cohen's kappa"),
    "lab_kappa_undefined": ("정의되지 않음", "undefined"),
    "lab_kappa_note": (
        "카파는 우연히 일치할 몫을 뺀 일치도입니다: 1은 완전히 일치, 0은 우연 수준입니다. 가중 카파는 멀리 어긋날수록 더 크게 셉니다. "
        "두 평가자가 모든 항목에 같은 한 점수만 주면 정의되지 않습니다. 이 값은 scikit-learn의 cohen_kappa_score(척도 0–최댓값 전체를 labels로)와 같습니다(테스트로 확인).",
        "Kappa is agreement beyond what chance would give: 1 is full agreement, 0 is chance. The weighted kappa counts "
        "a disagreement more the further apart the grades are. It is undefined when both annotators give one same grade "
        "to every item. It equals scikit-learn's cohen_kappa_score with the whole scale as labels (checked by the tests).",
    ),
    "lab_k_title": ("2. 컷오프 k가 답을 바꿉니다", "2. The cut-off k changes the answer"),
    "lab_k_lead": (
        "같은 항목을 다르게 늘어놓은 두 랭킹의 nDCG@k를 모든 k에서 그립니다. 별표는 앞서는 랭킹이 바뀌는 k입니다. "
        "원문은 목록 길이에 따라 값이 크게 변한다고만 씁니다(nDCG@5 vs nDCG@10). 실제로 k가 달라지는 흔한 이유 하나는 결과 화면입니다: "
        "휴대폰 한 화면에는 결과 6개쯤, PC에는 10개쯤 보입니다.",
        "nDCG@k of two rankings of the same items, at every k. A star marks a cut-off where the leader changes. "
        "The source says only that the value changes a lot with the list length (nDCG@5 vs nDCG@10). A common reason k "
        "varies in practice is the result page: about 6 results fit on a phone screen, about 10 on a PC.",
    ),
    "lab_screen": ("결과 화면", "Result page"),
    "lab_screen_phone": ("휴대폰(6개)", "Phone (6 results)"),
    "lab_screen_pc": ("PC(10개)", "PC (10 results)"),
    "lab_swap": ("앞서는 랭킹이 바뀌는 곳", "Leader changes"),
    "lab_tie": ("같음", "tie"),
    "lab_col_leader": ("앞서는 랭킹", "Ahead"),
    "lab_swaps": (
        "앞서는 랭킹이 바뀌는 컷오프: {ks}. 어느 k로 재느냐에 따라 '더 나은 랭킹'이 달라집니다.",
        'The leader changes at {ks}: which ranking is "better" depends on the k you measure at.',
    ),
    "lab_no_swap": (
        "이 두 랭킹은 모든 k에서 앞서는 쪽이 같습니다(같은 k는 제외). 시드를 바꾸거나 예시를 고쳐 보세요.",
        "For these two rankings the same one leads at every k (ties aside). Try another seed or edit the example.",
    ),
    "lab_screen_line_x": ("@{cut}: X가 앞섭니다(X {x}, Y {y}).", "@{cut}: X is ahead (X {x}, Y {y})."),
    "lab_screen_line_y": ("@{cut}: Y가 앞섭니다(X {x}, Y {y}).", "@{cut}: Y is ahead (X {x}, Y {y})."),
    "lab_screen_line_tie": (
        "@{cut}: 두 랭킹이 같습니다(X {x}, Y {y}).",
        "@{cut}: the two rankings tie (X {x}, Y {y}).",
    ),
    "lab_screen_short": (
        "목록이 {n}개뿐이라 @{cut} 값은 목록 전체의 nDCG입니다.",
        "The list has only {n} {n:item|items}, so @{cut} is the nDCG of the whole list.",
    ),
    "lab_hide_title": ("3. 불완전한 판정", "3. Incomplete judgments"),
    "lab_hide_lead": (
        "실제 테스트 컬렉션은 문서의 일부만 판정합니다. 여기서는 시드로 고른 판정 일부를 숨기고, 판정이 없는 문서를 다루는 방법마다 nDCG를 계산합니다. "
        "이상적 순서(IDCG)는 남은 판정만으로 만듭니다. 컬렉션의 판정 파일(qrels)도 그렇습니다.",
        "Real test collections judge only some documents. Here a share of the judgments, chosen by the seed, is hidden, "
        "and nDCG is computed under each way of handling unjudged documents. The ideal order (IDCG) is built from the "
        "judgments that are left, as a collection's qrels are.",
    ),
    "lab_hide": ("숨길 판정의 비율", "Share of judgments hidden"),
    "lab_hidden_items": ("숨긴 판정 {n}개: {items}", "Hidden judgments ({n}): {items}"),
    "lab_m_full": ("모두 판정한 nDCG{at}(참값)", "nDCG{at}, everything judged (the true value)"),
    "lab_m_zero": (
        "판정 없음 = 관련 없음으로 센 nDCG{at}(흔한 방식)",
        "nDCG{at}, unjudged counted non-relevant (the usual practice)",
    ),
    "lab_m_condensed": (
        "판정 없는 문서를 뺀 nDCG′{at}(Sakai 2007, trec_eval -J)",
        "nDCG′{at}, unjudged dropped (Sakai 2007; trec_eval -J)",
    ),
    "lab_m_lower": ("가능한 가장 낮은 값", "Lowest possible value"),
    "lab_m_upper": ("가능한 가장 높은 값", "Highest possible value"),
    "lab_col_value": ("값", "Value"),
    "lab_col_off": ("참값과의 차이", "Off the true value by"),
    "lab_judged_at": ("Judged{at}: 상위 k개 중 판정된 비율", "Judged{at}: share of the top k that is judged"),
    "lab_bounds_note": (
        "범위는 숨긴 판정이 0–{scale} 중 무엇이든 성립합니다. 가장 낮은 값: 판정 없는 문서는 목록에서 0점이고 이상적 순서에서는 최고점일 때. "
        "가장 높은 값: 목록에서 최고점이고 이상적 순서에서는 0점일 때(1을 넘지 않음). 참값은 늘 이 범위 안에 있고, 범위가 넓을수록 판정이 더 필요합니다.",
        "The bounds hold whatever the hidden grades are on 0–{scale}. Lowest: unjudged documents score 0 in the list "
        "while the ideal order counts them at the top grade. Highest: they score the top grade in the list while the "
        "ideal counts them at 0 (capped at 1). The true value always lies between; a wide range says more judging is needed.",
    ),
    "lab_axis_hidden": ("숨긴 판정(%)", "Judgments hidden (%)"),
    "lab_axis_off": ("참값과의 평균 차이", "Mean distance from the true value"),
    "lab_sweep_note": (
        "숨긴 비율마다 시드로 {draws}번 숨겨 본 평균입니다. 점선은 위에서 고른 비율입니다.",
        "Each point is the mean over {draws} seeded hidings at that share; the dashed line is the share chosen above.",
    ),
    "lab_avg_title": ("4. 여러 쿼리의 평균", "4. Averaging over queries"),
    "lab_avg_lead": (
        "보고되는 nDCG는 여러 쿼리의 평균입니다. 관련 있는 문서가 하나도 없는 쿼리(IDCG = 0)를 0으로 세느냐, 빼느냐에 따라 평균이 달라집니다. "
        "아래는 지금 예시(쿼리 1)와 작은 쿼리 하나(쿼리 2)에, 관련 문서가 없는 쿼리를 몇 개 더한 평가입니다.",
        "A reported nDCG is a mean over queries. Whether a query with no relevant document (IDCG = 0) counts as 0 or is "
        "left out changes the mean. Below: the current example (query 1) and one small query (query 2), plus some "
        "queries with no relevant document.",
    ),
    "lab_empty": ("관련 문서가 없는 쿼리의 수", "Queries with no relevant document"),
    "lab_axis_mean": ("평균 nDCG", "Mean nDCG"),
    "lab_avg_queries": (
        "쿼리 2의 관련성 점수: {second}. 관련 문서가 없는 쿼리: {m}개. 0으로 세는 평균은 그런 쿼리가 늘수록 내려가고, 빼는 평균은 그대로입니다.",
        "Query 2's grades: {second}. Queries with no relevant document: {m}. The mean that counts them as 0 falls as "
        "they are added; the mean that leaves them out stays where it is.",
    ),
    "lab_col_ranking": ("랭킹", "Ranking"),
    "lab_cost_title": ("5. IDCG의 계산 비용, 직접 재 보기", "5. The cost of IDCG, honestly"),
    "lab_cost_lead": (
        "원문은 쿼리마다 IDCG를 계산하는 비용을 한계로 듭니다. 버튼을 누르면 이 서버에서 직접 잽니다: 모든 쿼리를 한 번에 계산하는 evaluate_run, "
        "쿼리마다 score_ranking을 부르는 파이썬 루프, 그리고 IDCG에 필요한 정렬만. 쿼리 수와 문서 수를 늘려 가며 잽니다(k = 10, 시드로 만든 데이터).",
        "The source lists the cost of computing IDCG per query as a limitation. The button measures it on this server: "
        "evaluate_run, which scores every query at once, a Python loop that calls score_ranking for each query, and the "
        "sorts IDCG needs on their own, for growing numbers of queries and documents (k = 10, seeded data).",
    ),
    "lab_measure": ("재 보기", "Measure"),
    "lab_measuring": ("재는 중입니다…", "Measuring…"),
    "lab_cost_none": (
        "버튼을 누를 때만 잽니다(몇 초 걸립니다). 페이지를 다시 그릴 때는 재지 않습니다.",
        "It is measured only when you press the button (it takes a few seconds), never when the page redraws.",
    ),
    "lab_way_vectorized": ("evaluate_run(모든 쿼리를 한 번에)", "evaluate_run (all queries at once)"),
    "lab_way_loop": ("쿼리마다 score_ranking을 부르는 루프", "a loop calling score_ranking per query"),
    "lab_way_sorts": ("IDCG의 정렬만", "the IDCG sorts alone"),
    "lab_axis_queries": ("쿼리 수(쿼리마다 문서 100개)", "Queries (100 documents each)"),
    "lab_axis_docs": ("쿼리마다 문서 수(쿼리 100개)", "Documents per query (100 queries)"),
    "lab_axis_ms": ("걸린 시간(ms, 로그 눈금)", "Time (ms, log scale)"),
    "lab_cost_result": (
        "쿼리 {queries}개 × 문서 100개: evaluate_run {vectorized} ms, 쿼리별 루프 {loop} ms(약 {times}배). "
        "IDCG에 필요한 정렬만 따로 재면 {sorts} ms입니다.",
        "{queries} queries × 100 documents: evaluate_run took {vectorized} ms, the per-query loop {loop} ms (about "
        "{times} times as long). The sorts IDCG needs took {sorts} ms on their own.",
    ),
    "lab_cost_conclusion": (
        "정직한 결론: IDCG는 쿼리마다 판정된 점수를 한 번 정렬하는 것(n log n)이라, 랭킹을 만드는 일(검색하고 모델로 후보마다 점수를 매기는 일)에 비하면 아주 쌉니다. "
        "여러 쿼리를 빨리 평가하게 하는 것은 쿼리마다 도는 파이썬 루프 대신 모든 쿼리를 한 번에 벡터로 계산하는 것입니다. "
        "nDCG의 진짜 비용은 계산이 아니라 판정입니다: 이상적 순서의 점수 하나하나가 사람의 판정이고, 그래서 테스트 컬렉션은 문서의 일부만 판정합니다(3절).",
        "The honest conclusion: IDCG is one sort of each query's judged grades (n log n), cheap next to producing the "
        "ranking (retrieving and scoring every candidate with a model). What makes evaluating many queries fast is "
        "scoring them all at once, vectorized, instead of a Python loop per query. The real cost of nDCG is not the "
        "computing but the judging: every grade in the ideal is a human judgment, which is why test collections judge "
        "only some documents (section 3).",
    ),
}
