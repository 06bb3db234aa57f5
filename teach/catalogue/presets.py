"""Strings of the preset examples: a title and a story each (their numbers are filled from the core, teach/presets.py): key -> (Korean, English)."""

from __future__ import annotations

STRINGS: dict[str, tuple[str, str]] = {
    # Presets (issue 9): a title and a story each; story numbers are filled from the core (teach/presets.py)
    "preset_pick": ("미리 준비한 예시", "Preset example"),
    "preset_choose": ("예시 고르기…", "Choose a preset…"),
    "url_preset": (
        "미리 준비한 예시 '{value}': 없는 이름입니다(있는 이름: {names}).",
        "There is no preset '{value}' (presets: {names}).",
    ),
    "preset_source_title": ("원문의 예시 (A, B, C)", "The article's example (A, B, C)"),
    "preset_source_story": (
        "원문의 계산 예시: A, B, C의 관련성 점수 {grades}, 강조 공식(지수 이득), k = {k}. "
        "DCG@{k} = {dcg}, IDCG@{k} = {idcg}, nDCG@{k} = {ndcg}.",
        "The article's worked example: A, B, C graded {grades}, exponential gain, k = {k}. "
        "DCG@{k} = {dcg}, IDCG@{k} = {idcg}, nDCG@{k} = {ndcg}.",
    ),
    "preset_shop_title": ("쇼핑 검색: 노트북", "Shop search: laptop"),
    "preset_shop_story": (
        "'노트북' 검색에서 키워드만 맞는 상품(파우치, 거치대, 쿨링 패드: 관련성 1)이 베스트셀러 노트북(관련성 3)을 "
        "아래로 밀어냈습니다: nDCG@{k} = {ndcg}. '이상적 순서로'를 누르면 모델 튜닝이 노리는 순서가 보입니다.",
        "For the query 'laptop' (노트북), keyword-only matches (a sleeve, a stand, a cooling pad: grade 1) push "
        "best-selling laptops (grade 3) down: nDCG@{k} = {ndcg}. Sort ideally to see the order tuning aims for.",
    ),
    "preset_ott_title": ("OTT 영화 추천", "OTT film recommendations"),
    "preset_ott_story": (
        "한 시청자에게 추천한 영화 {n}편을 시청 기록으로 채점했습니다: 끝까지 시청 3점, 중간에 끔 1점, 클릭만 함 0점. "
        "nDCG@{k} = {ndcg}.",
        "One viewer's {n} recommended films, graded from the viewing log: watched to the end 3, stopped midway 1, "
        "only clicked 0. nDCG@{k} = {ndcg}.",
    ),
    "preset_legal_title": ("전문 검색 (법률·의학)", "Expert search (legal, medical)"),
    "preset_legal_story": (
        "법률·의학 검색처럼 관련 문서(여기서는 의학 논문)가 여럿이고 중요도가 다르며, 검색이 놓친 문서도 판정되어 있습니다"
        "(관련성 {pool}). 목록의 문서만으로는 nDCG@{k} = {ndcg_listed}, 판정된 모든 문서로는 nDCG@{k} = {ndcg_judged}.",
        "As in legal or medical search, many documents (here medical papers) are relevant to different degrees, and "
        "some the search missed were judged too (graded {pool}). nDCG@{k} = {ndcg_listed} over the listed papers and "
        "{ndcg_judged} over every judged paper.",
    ),
    "preset_wikipedia_title": ("위키백과의 DCG 예시", "Wikipedia's DCG example"),
    "preset_wikipedia_story": (
        "위키백과의 예시: 문서 D1–D6의 관련성 점수 {grades}, 표준 공식(선형 이득), k = {k}, 목록 밖에서 판정된 문서 두 개의 "
        "점수 {pool}. 목록의 항목만으로는 nDCG@{k} = {ndcg_listed}, 판정된 모든 항목으로는 nDCG@{k} = {ndcg_judged}.",
        "Wikipedia's example: documents D1–D6 graded {grades}, linear gain, k = {k}, and two judged documents outside "
        "the list graded {pool}. nDCG@{k} = {ndcg_listed} over the listed items and {ndcg_judged} over all judged items.",
    ),
    "preset_binary_title": ("클릭만 (0/1)", "Clicks only (0/1)"),
    "preset_binary_story": (
        "클릭 여부만 압니다: 클릭 1, 클릭 안 함 0. 0과 1에서는 2^rel − 1 = rel이라 두 이득 함수가 같은 값을 줍니다: "
        "표준 공식 nDCG@{k} = {ndcg_linear}, 강조 공식 nDCG@{k} = {ndcg_exponential}.",
        "Clicks only: clicked 1, not clicked 0. On 0 and 1, 2^rel − 1 equals rel, so both gains agree: "
        "linear nDCG@{k} = {ndcg_linear}, exponential nDCG@{k} = {ndcg_exponential}.",
    ),
    "preset_ties_title": ("동점인 모델 점수", "Tied model scores"),
    "preset_ties_story": (
        "B, C, D의 모델 점수가 같아 모델이 셋의 순서를 정하지 않습니다. 동점을 평균하면 nDCG@{k} = {ndcg}, "
        "동점을 가장 나쁘게·가장 좋게 깨면 범위: {ndcg_low}–{ndcg_high}.",
        "B, C and D share one model score, so the model does not order them. Averaging the tie gives "
        "nDCG@{k} = {ndcg}; breaking it the worst or the best way gives {ndcg_low} to {ndcg_high}.",
    ),
    "preset_zeros_title": ("모든 점수 0", "Every grade 0"),
    "preset_zeros_story": (
        "모든 관련성 점수가 0이라 IDCG@{k} = {idcg}. 분모가 0이므로 원문의 예외 처리대로 nDCG = {ndcg}.",
        "Every grade is 0, so IDCG@{k} = {idcg}; with nothing to divide by, the article's convention gives nDCG = {ndcg}.",
    ),
    "preset_short_title": ("목록보다 큰 k", "k larger than the list"),
    "preset_short_story": (
        "k = {k}, 목록의 항목 수: {n}. 목록 밖의 순위는 DCG에도 IDCG에도 더하는 것이 없어 nDCG@{k} = nDCG@{n} = {ndcg}.",
        "k = {k} but the list has only {n} items: ranks past the list add nothing to DCG or IDCG, so "
        "nDCG@{k} = nDCG@{n} = {ndcg}.",
    ),
    "scale": ("관련성 척도", "Relevance scale"),
    "scale_1": ("이진 0–1 (클릭·구매 여부)", "Binary 0–1 (click, purchase)"),
    "scale_2": ("등급 0–2", "Graded 0–2"),
    "scale_3": ("등급 0–3 (기본)", "Graded 0–3 (default)"),
    "scale_4": ("등급 0–4", "Graded 0–4"),
    "gain": ("이득(gain) 함수", "Gain function"),
    "k": ("컷오프 k (nDCG@k)", "Cut-off k (nDCG@k)"),
    "k_all": ("전체 목록", "whole list"),
    "use_scores": ("모델 점수로 순위 정하기", "Rank by model scores"),
    "use_scores_help": (
        "scikit-learn처럼 각 항목에 예측 점수를 주면, 점수 내림차순으로 순위가 정해집니다.",
        "As in scikit-learn: give each item a predicted score and the ranking is the scores sorted high to low.",
    ),
    "ties": ("동점 처리", "Tie policy"),
    # Short enough for the select beside the table (UX #19, U22); the sources are in ties_help.
    "ties_average": ("평균 (scikit-learn 기본)", "Average (scikit-learn default)"),
    "ties_optimistic": ("낙관적 (최선의 순서)", "Optimistic (best order)"),
    "ties_pessimistic": ("비관적 (최악의 순서)", "Pessimistic (worst order)"),
    "ties_stable": ("입력 순서", "Input order"),
    "ties_help": (
        "모델 점수가 같은 항목들의 순서를 정하는 방법. 평균: 동점 묶음의 각 항목이 묶음의 평균 이득을 받습니다"
        "(McSherry & Najork 2008, scikit-learn ndcg_score의 기본). 낙관적·비관적: 묶음 안에서 가장 좋은·나쁜 순서. "
        "입력 순서: 표의 순서를 그대로 둡니다.",
        "How items with the same model score are ordered. Average: each item of a tied group gets the group's mean "
        "gain (McSherry & Najork 2008; scikit-learn's ndcg_score does this by default). Optimistic / pessimistic: "
        "the best / worst order within each group. Input order: the table's order is kept.",
    ),
    "col_item": ("항목", "Item"),
    "col_grade": ("관련성", "Grade"),
    "col_score": ("모델 점수", "Model score"),
    "list_label": ("현재 랭킹", "Current ranking"),
    "list_hint": (
        "끌어서 순서 바꾸기 · 포커스 후 Alt+↑/↓ · ▲▼ 버튼",
        "Drag to reorder · focus a row and press Alt+↑/↓ · or use ▲▼",
    ),
    "list_hint_touch": (
        "☰ 손잡이를 끌거나 항목을 길게 눌러 옮기기 · ▲▼ 버튼",
        "Reorder: drag the ☰ handle, or press and hold a row · or tap ▲▼",
    ),
    "list_locked": (
        "모델 점수로 순위가 정해집니다. 끌어서 바꾸려면 '모델 점수로 순위 정하기'를 끄세요.",
        "The ranking follows the model scores. Turn off 'Rank by model scores' to drag.",
    ),
    "list_up": ("위로", "move up"),
    "list_down": ("아래로", "move down"),
    "grade_short": ("관련성 {g}", "grade {g}"),
    "grade_score_short": ("관련성 {g} · 점수 {s}", "grade {g} · score {s}"),
    "btn_ideal": ("이상적 순서로", "Sort ideally"),
    "btn_reverse": ("뒤집기", "Reverse"),
    "btn_shuffle": ("섞기", "Shuffle"),
    "btn_reset": ("처음으로", "Reset"),
    "btn_undo": ("되돌리기", "Undo"),
    "help_undo": (
        "마지막 변경(순서, 점수, 설정)을 하나씩 되돌립니다. 브라우저의 뒤로 가기도 같습니다.",
        "Undo the last change (order, grades, settings), one at a time. The browser's Back button does the same.",
    ),
    "help_reset": (
        "이 탭에서 처음 연 예시로 돌아갑니다(새로 고침하면 그때의 예시가 처음이 됩니다). 이미 그 예시라면 원문의 예시"
        "(A, B, C)로 돌아갑니다. 되돌리기로 취소할 수 있습니다.",
        "Go back to the example this tab first opened (after a reload, the reloaded one); if it is already that one, "
        "to the source's example (A, B, C). Undo takes it back.",
    ),
    "did_undo": ("마지막 변경을 되돌렸습니다.", "Undid the last change."),
    "moved": ("'{name}': {src}위 → {dst}위.", "'{name}': rank {src} → {dst}."),
    "did_ideal": ("이상적 순서로 정렬했습니다.", "Sorted into the ideal order."),
    "did_reverse": ("순서를 뒤집었습니다.", "Reversed the order."),
    "did_shuffle": (
        "섞었습니다 (섞기 #{seed}, 같은 번호는 같은 순서).",
        "Shuffled (shuffle #{seed}; the same number gives the same order).",
    ),
    "delta_none": ("Δ –", "Δ –"),
    "why_title": ("nDCG는 왜 바뀌었나: 지난 이동으로 바뀐 순위", "Why nDCG changed: the ranks the last move changed"),
    "why_col_items": ("항목 (전 → 후)", "Item (before → after)"),
    "why_col_before": ("감쇠된 이득 (전)", "Discounted gain (before)"),
    "why_col_after": ("감쇠된 이득 (후)", "Discounted gain (after)"),
    "why_col_change": ("변화", "Change"),
    "why_sum": (
        "변화를 더하면 DCG{at}: {dcg_before} → {dcg_after} ({delta}). IDCG{at} = {idcg}: 순서와 상관없는 값이라 그대로이므로 "
        "nDCG{at}: {ndcg_before} → {ndcg_after}.",
        "The changes add up to DCG{at}: {dcg_before} → {dcg_after} ({delta}). IDCG{at} = {idcg} does not depend on "
        "the order, so nDCG{at}: {ndcg_before} → {ndcg_after}.",
    ),
    "delta_about": ("마지막 이동 후", "since last move"),  # short: it must fit a 2×2 metric on a phone
}
