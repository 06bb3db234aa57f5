"""Strings of the exercises and worksheets (lessons/exercises.py, teach/exercises.py, teach/worksheet.py): key -> (Korean, English)."""

from __future__ import annotations

STRINGS: dict[str, tuple[str, str]] = {
    # Exercises (lessons/exercises.py, teach/exercises.py, teach/worksheet.py)
    "nav_exercises": ("연습 문제", "Exercises"),
    "exercises_title": ("연습 문제", "Exercises"),
    "exercises_lead": (
        "직접 풀어 보며 이해했는지 확인하세요. 문제는 종류와 번호(seed)로 정해지므로, 같은 링크를 연 학생은 모두 같은 문제를 봅니다.",
        "Check your understanding by solving. An exercise is fixed by its kind and number (seed), "
        "so everyone who opens the same link gets the same exercise.",
    ),
    "ex_kind": ("문제 종류", "Kind of exercise"),
    "ex_kind_estimate": ("nDCG 어림하기", "Estimate the nDCG"),
    "ex_kind_swap": ("가장 도움이 되는 교환", "Which swap helps most?"),
    "ex_kind_better": ("어느 랭킹이 더 나은가", "Which ranking is better?"),
    "ex_kind_ideal": ("이상적 순서 만들기", "Build the ideal order"),
    "ex_kind_term": ("DCG 항 하나 계산하기", "Compute one DCG term"),
    "ex_seed": ("문제 번호(seed)", "Exercise number (seed)"),
    "ex_seed_help": (
        "같은 종류와 번호는 누구에게나 같은 문제를 만듭니다. 칠판에 링크나 번호를 적어 반 전체가 같은 문제를 풀게 하세요.",
        "The same kind and number give everyone the same exercise. Write the link or the number on the board "
        "so the whole class solves the same one.",
    ),
    "ex_next": ("다음 문제", "Next exercise"),
    "ex_score": ("이 세션의 점수: {right} / {done} 정답", "Score this session: {right} of {done} right"),
    "ex_score_none": (
        "아직 푼 문제가 없습니다. 점수는 이 브라우저 탭에만 있고 서버에 저장되지 않습니다.",
        "No exercise answered yet. The score lives only in this browser tab; nothing is stored on the server.",
    ),
    "ex_score_reset": ("점수 지우기", "Clear score"),
    "ex_first_counts": (
        "점수에는 처음 낸 답이 들어갑니다. 다시 풀어 보는 것은 자유입니다.",
        "Your first answer counts for the score; you may try again as often as you like.",
    ),
    "ex_gain_linear": ("선형 이득(rel)", "linear gain (rel)"),
    "ex_gain_exponential": ("지수 이득(2^rel − 1)", "exponential gain (2^rel − 1)"),
    "ex_q_estimate": (
        "아래 랭킹의 nDCG{at} 값을 어림해 보세요. 이득 함수: {gain}. 계산기 없이 0과 1 사이의 값을 적으세요. ±{tol} 안이면 정답입니다.",
        "Estimate nDCG{at} of the ranking below, with {gain}. Write a value between 0 and 1 without a calculator; "
        "within ±{tol} counts as right.",
    ),
    "ex_q_swap": (
        "두 항목의 자리를 한 번 맞바꿔 nDCG를 가장 많이 올리려면 어느 두 순위를 바꿔야 할까요? 이득 함수: {gain}.",
        "Swapping which two ranks raises nDCG the most? Gain: {gain}.",
    ),
    "ex_q_better": (
        "같은 항목들을 두 가지로 줄 세운 랭킹 X와 랭킹 Y가 있습니다. 선형 이득과 지수 이득에서 각각 nDCG가 더 높은 쪽을 고르세요.",
        "Here are two rankings, X and Y, of the same items. Under linear gain and under exponential gain, "
        "which one has the higher nDCG?",
    ),
    "ex_q_ideal": (
        "항목을 끌어서(또는 키보드로 옮겨서) 이상적 순서로 놓은 다음 '확인'을 누르세요. 같은 등급끼리는 어느 순서든 정답입니다.",
        "Drag the items (or move them with the keyboard) into the ideal order, then press Check. "
        "Items with the same grade may come in any order.",
    ),
    "ex_ws_q_ideal": (
        "항목들을 이상적 순서로 적으세요. 같은 등급끼리는 어느 순서든 정답입니다.",
        "Write the items in the ideal order. Items with the same grade may come in any order.",
    ),
    "ex_q_term": (
        "{rank}위 항목({item})의 감쇠된 이득, 곧 DCG의 {nth}번째 항을 손으로 계산하세요. 이득 함수: {gain}. "
        "소수 둘째 자리까지 맞으면 정답입니다.",
        "Compute by hand the discounted gain of the item at rank {rank} ({item}), the {nth} term of DCG. "
        "Gain: {gain}. Right to two decimals counts.",
    ),
    "ex_only_top_k": (
        "nDCG@{k}에는 1–{k}위만 들어갑니다. 그 아래 순위는 목록 전체({n}개)를 보여 주려고 함께 적었습니다. IDCG도 상위 {k}개만 셉니다.",
        "Only ranks 1–{k} count for nDCG@{k}; the other ranks show the rest of the {n} items (IDCG also counts only the top {k}).",
    ),
    "ex_answer_estimate": ("나의 어림값 nDCG{at}", "My estimate of nDCG{at}"),
    "ex_answer_term": ("{rank}위의 감쇠된 이득", "Discounted gain at rank {rank}"),
    "ex_answer_swap": ("바꿀 두 순위", "The two ranks to swap"),
    "ex_answer_better": ("{gain}에서 더 나은 쪽", "Better under {gain}"),
    "ex_same": ("같다", "Equal"),
    "ex_pick_pair": ("두 순위를 고르세요…", "Choose two ranks…"),
    "ex_pair": ("{i}위 ↔ {j}위", "rank {i} ↔ rank {j}"),
    "ex_check": ("확인", "Check"),
    "ex_need_answer": ("먼저 답을 적거나 고르세요.", "Write or choose an answer first."),
    "ex_right": ("정답입니다!", "Right!"),
    "ex_wrong": ("아쉽지만 틀렸습니다.", "Not quite."),
    "ex_off_by": (
        "내 답 {given}, 정답 {truth}: {error}만큼 차이 납니다.",
        "You said {given}; the answer is {truth}, off by {error}.",
    ),
    "ex_solution": ("풀이", "Worked solution"),
    "ex_swap_yours": (
        "고른 교환({i}위 ↔ {j}위)은 nDCG를 {delta}만큼 바꿉니다. 가장 큰 변화: {best}.",
        "Your swap (rank {i} ↔ rank {j}) changes nDCG by {delta}. The largest gain: {best}.",
    ),
    "ex_swap_best": ("{pairs} 교환: nDCG {before} → {after}", "swap {pairs}: nDCG {before} → {after}"),
    "ex_swap_rule": (
        "두 순위 i, j를 바꾸면 그 두 항만 바뀝니다: ΔDCG = (이득ᵢ − 이득ⱼ)(감쇠ⱼ − 감쇠ᵢ). IDCG는 그대로이므로 ΔnDCG = ΔDCG / IDCG입니다.",
        "Swapping ranks i and j changes only their two terms: ΔDCG = (gainᵢ − gainⱼ)(discountⱼ − discountᵢ). "
        "IDCG stays, so ΔnDCG = ΔDCG / IDCG.",
    ),
    "ex_heatmap_title": ("모든 교환의 ΔnDCG", "ΔnDCG of every swap"),
    "ex_heatmap_note": (
        "칸 (i, j)는 i위와 j위를 맞바꿨을 때 nDCG의 변화입니다. LambdaRank는 학습할 때 각 쌍의 RankNet 기울기에 이 변화의 크기 |ΔnDCG|를 곱합니다"
        "(Burges 2010). 그래서 nDCG를 많이 바꾸는 쌍일수록 더 크게 고칩니다. 주황은 오름, 파랑은 내림입니다.",
        "Cell (i, j) is the change in nDCG when ranks i and j swap places. While it trains, LambdaRank multiplies each "
        "pair's RankNet gradient by the size of this change, |ΔnDCG| (Burges 2010), so pairs that move nDCG more get "
        "larger updates. Orange is up, blue is down.",
    ),
    "ex_axis_rank_i": ("순위 i", "rank i"),
    "ex_axis_rank_j": ("순위 j", "rank j"),
    "ex_better_line": ("{gain}: X {a}, Y {b} → {winner}", "{gain}: X {a}, Y {b} → {winner}"),
    "ex_better_flip": (
        "두 이득이 다른 답을 냅니다. 지수 이득에서는 높은 등급의 이득이 훨씬 커서(2 → 3, 3 → 7) 높은 등급 항목이 어디에 놓였는지가 더 크게 작용합니다.",
        "The two gains disagree: under exponential gain high grades weigh far more (2 → 3, 3 → 7), "
        "so where the highly graded items sit matters more.",
    ),
    "ex_better_agree": ("두 이득이 같은 답을 냅니다.", "Both gains give the same answer."),
    "ex_ranking_a": ("랭킹 X", "Ranking X"),
    "ex_ranking_b": ("랭킹 Y", "Ranking Y"),
    "ex_ideal_yours": ("내 순서의 nDCG: {value}", "nDCG of your order: {value}"),
    "ex_ideal_one": ("이상적 순서의 예: {order}", "An ideal order: {order}"),
    "ex_ideal_grades": ("내 순서의 등급: {grades}", "Grades in your order: {grades}"),
    "ex_term_rule": ("감쇠된 이득 = 이득 / log₂(순위 + 1)", "discounted gain = gain / log₂(rank + 1)"),
    "ex_worksheet": ("학습지 내려받기", "Download a worksheet"),
    "ex_worksheet_lead": (
        "이 번호부터 문제 {n}개와 정답·풀이를 담은 학습지입니다. 종이로 나눠 주거나 학습 관리 시스템(LMS)에 올리세요.",
        "{n} {n:exercise|exercises} starting from this number, with an answer key and worked solutions, for paper or a "
        "learning-management system.",
    ),
    "ex_worksheet_count": ("문제 수", "Number of exercises"),
    "ex_worksheet_md": ("Markdown", "Markdown"),
    "ex_worksheet_html": ("HTML(인쇄용)", "HTML (to print)"),
    "ex_ws_title": ("nDCG 연습 문제 (번호 {seed})", "nDCG exercises (number {seed})"),
    "ex_ws_intro": (
        "로그 값: log₂2 = 1, log₂3 ≈ 1.585, log₂4 = 2, log₂5 ≈ 2.322, log₂6 ≈ 2.585, log₂7 ≈ 2.807, log₂8 = 3.",
        "Logs: log₂2 = 1, log₂3 ≈ 1.585, log₂4 = 2, log₂5 ≈ 2.322, log₂6 ≈ 2.585, log₂7 ≈ 2.807, log₂8 = 3.",
    ),
    "ex_ws_link": ("앱에서 풀기: {link}", "Solve it in the app: {link}"),
    "ex_ws_blank": ("답: ________", "Answer: ________"),
    "ex_ws_key": ("정답과 풀이", "Answer key"),
    "ex_ws_order_blank": ("이상적 순서: ____________________", "Ideal order: ____________________"),
    "ex_ws_better_blank": (
        "선형 이득: X / Y / 같다 · 지수 이득: X / Y / 같다",
        "Linear gain: X / Y / equal · exponential gain: X / Y / equal",
    ),
    "ex_ws_swap_blank": ("바꿀 순위: ____위와 ____위", "Swap ranks ____ and ____"),
    "ex_bad_kind": (
        "링크의 문제 종류 '{value}': 없는 종류여서 첫 번째 종류인 'nDCG 어림하기' 문제를 엽니다.",
        "The link's exercise kind '{value}' does not exist, so the first kind, 'Estimate the nDCG', is shown.",
    ),
    "ex_bad_seed": (
        "링크의 문제 번호 '{value}': 0 이상 {max} 이하의 정수가 아니어서 1번을 엽니다.",
        "The link's exercise number '{value}' is not a whole number from 0 to {max}, so number 1 is shown.",
    ),
}
