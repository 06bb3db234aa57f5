"""Every user-visible string, in Korean and English. Korean terms follow the source article."""

from __future__ import annotations

from ui import state

LANG_NAMES = {"ko": "한국어", "en": "English"}

# key: (Korean, English). Placeholders use str.format names.
CATALOGUE: dict[str, tuple[str, str]] = {
    # Navigation and chrome
    "language": ("언어 / Language", "Language / 언어"),
    "nav_intro": ("nDCG란?", "What is nDCG?"),
    "nav_steps": ("단계별 계산", "Step by step"),
    "nav_discount": ("감쇠 곡선", "Discount curves"),
    "nav_gain": ("선형 vs 지수 이득", "Linear vs exponential gain"),
    "nav_cutoff": ("nDCG@k", "nDCG@k"),
    "nav_metrics": ("다른 지표", "Other metrics"),
    "nav_definitions": ("하나의 랭킹, 여러 정의", "One ranking, many definitions"),
    "sidebar_link": (
        "이 예시는 주소(URL)에 저장됩니다. 주소를 복사해 공유하면 같은 예시가 열립니다.",
        "This example lives in the address (URL). Copy the link to share exactly this example.",
    ),
    "sidebar_link_data": (
        "이 페이지의 주소입니다. 올린 파일은 주소에 들어가지 않고 이 브라우저 세션에만 있습니다.",
        "This page's link. Uploaded files are not in it: they stay in this browser session only.",
    ),
    "sidebar_link_live": (
        "이 수업의 학생 참여 링크입니다. 교사 키나 학생 정보는 들어 있지 않습니다.",
        "This class's join link for students. It holds no teacher key and no student's details.",
    ),
    "share_qr": ("QR 코드", "QR code"),
    "share_qr_caption": ("휴대폰 카메라로 찍으면 이 예시가 그대로 열립니다.", "Scan with a phone camera to open exactly this example."),
    "share_qr_too_long": (
        "링크가 너무 길어 QR 코드로 만들 수 없습니다. 위의 링크를 복사해 공유하세요.",
        "The link is too long for a QR code. Copy the link above to share it.",
    ),
    "url_kept_warning": (
        "링크의 값 하나를 쓸 수 없어 그 값만 기본값으로 바꿨습니다: {why} 예시의 나머지는 링크대로 열었습니다.",
        "One value in the link could not be used, so only that value fell back to its default: {why} "
        "The rest of the link's example was opened as it is.",
    ),
    "url_reset_warning": ("링크의 예시를 쓸 수 없어 기본 예시를 엽니다: {why}", "The link's example could not be used, so the default example is shown: {why}"),
    # URL problems (one sentence each)
    "url_long": ("URL 매개변수 '{param}': 너무 깁니다({length}자, 최대 {max}자).", "URL parameter '{param}' is too long ({length} characters; at most {max})."),
    "url_too_many": ("'{param}'에 항목이 {count}개 있습니다(최대 {max}개).", "'{param}' has {count} entries (at most {max})."),
    "url_grade": ("매개변수 '{param}', {pos}번째 값 '{value}': {why_text}", "'{param}' value {pos} '{value}': {why_text}"),
    "url_gain": ("이득 함수 '{value}': 없는 이름입니다(linear 또는 exponential).", "There is no gain '{value}' (use linear or exponential)."),
    "url_k": ("k='{value}': k는 1 이상의 정수여야 합니다.", "k='{value}' must be a whole number of at least 1."),
    "url_ties": ("동점 처리 '{value}': 없는 방식입니다.", "There is no tie policy '{value}'."),
    "url_scale": ("척도 '{value}': 1, 2, 3, 4 중 하나여야 합니다.", "Scale '{value}' must be 1, 2, 3 or 4."),
    "url_threshold": (
        "관련 기준 '{value}': 1, 2, 3, 4 중 하나여야 합니다.",
        "Relevance threshold '{value}' must be 1, 2, 3 or 4.",
    ),
    "url_repeated": (
        "링크에 같은 이름의 값이 여러 번 있어 각 이름의 마지막 값을 썼습니다: {names}. 예시의 나머지는 링크대로 열었습니다.",
        "The link gives some values more than once, so the last of each was used: {names}. "
        "The rest of the link's example was opened as it is.",
    ),
    "url_lang": (
        "링크의 언어 값 '{value}': 지원하지 않는 언어여서 한국어로 보여 줍니다(ko 또는 en). 링크의 예시는 그대로 열었습니다.",
        "The link's language '{value}' is not supported (use ko or en), so the page is in Korean. "
        "The link's example was opened as it is.",
    ),
    # Row problems (editor)
    "err_grade_blank": ("관련성 점수가 비어 있거나 숫자가 아닙니다.", "the grade is blank or not a number."),
    "err_grade_nan": ("관련성 점수 '{value}': 숫자가 아닙니다.", "the grade '{value}' is not a number."),
    "err_grade_negative": ("관련성 점수 {value}: 음수입니다(0 이상이어야 함).", "the grade {value} is negative (grades are 0 or more)."),
    "err_grade_fraction": ("관련성 점수 {value}: 0–{scale} 척도의 정수가 아닙니다.", "the grade {value} is not a whole number on the scale 0–{scale}."),
    "err_grade_above": ("관련성 점수 {value}: 척도 0–{scale}보다 큽니다.", "the grade {value} is above the scale 0–{scale}."),
    "err_name_blank": ("이름이 비어 있습니다.", "the name is blank."),
    "err_name_long": ("이름이 {max}자보다 깁니다.", "the name is longer than {max} characters."),
    "err_name_duplicate": (
        "이름 '{name}': {other}행에서 이미 쓰는 이름입니다. 이 행의 이름을 바꾸면 다시 계산에 들어갑니다.",
        "the name '{name}' is already used by row {other}. Rename this row to count it again.",
    ),
    "err_score_nan": ("모델 점수 '{value}': 비어 있거나 숫자가 아닙니다.", "the model score '{value}' is blank or not a number."),
    "err_too_many": ("항목이 {count}개입니다. 처음 {max}개만 계산합니다.", "There are {count} items; only the first {max} are computed."),
    "row_problem": ("{row}행: {text} 고칠 때까지 이 행은 계산에서 빠집니다.", "Row {row}: {text} This row is left out until it is fixed."),
    "more_problems": ("그 밖에 문제가 있는 행: {n}개.", "More rows with problems: {n}."),
    "no_items": ("계산할 항목이 없습니다. 표에 항목을 하나 이상 추가하세요.", "There is nothing to compute: add at least one item to the table."),
    # Editor
    "editor_title": ("랭킹 편집", "Ranking editor"),
    "edit_example": ("예시 바꾸기: 순서, 항목, 점수, 설정", "Change the example: order, items, grades, settings"),
    "example_line": ("지금 예시: {items} · 이득 {gain} · k: {k}", "Example: {items} · gain {gain} · k: {k}"),
    "example_more": ("외 {n}개", "{n} more"),
    "editor_help": (
        "목록을 끌거나 ▲▼ 버튼으로 순서를 바꾸고, 표에서 항목을 추가·이름 변경·삭제하고 관련성 점수를 정하세요.",
        "Drag the list or use its ▲▼ buttons to reorder; use the table to add, rename and delete items and set their grades.",
    ),
    # Presets (issue 9): a title and a story each; story numbers are filled from the core (ui/presets.py)
    "preset_pick": ("미리 준비한 예시", "Preset example"),
    "preset_choose": ("예시 고르기…", "Choose a preset…"),
    "url_preset": ("미리 준비한 예시 '{value}': 없는 이름입니다(있는 이름: {names}).", "There is no preset '{value}' (presets: {names})."),
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
    "gain_linear": ("표준 공식: rel", "Standard: rel"),
    "gain_exponential": ("강조 공식: 2^rel − 1", "Emphasis: 2^rel − 1"),
    "k": ("컷오프 k (nDCG@k)", "Cut-off k (nDCG@k)"),
    "k_all": ("전체 목록", "whole list"),
    "use_scores": ("모델 점수로 순위 정하기", "Rank by model scores"),
    "use_scores_help": (
        "scikit-learn처럼 각 항목에 예측 점수를 주면, 점수 내림차순으로 순위가 정해집니다.",
        "As in scikit-learn: give each item a predicted score and the ranking is the scores sorted high to low.",
    ),
    "ties": ("동점 처리", "Tie policy"),
    "ties_average": ("평균 (McSherry & Najork, scikit-learn 기본)", "Average (McSherry & Najork, scikit-learn's default)"),
    "ties_optimistic": ("낙관적 (동점 중 최선의 순서)", "Optimistic (best order within ties)"),
    "ties_pessimistic": ("비관적 (동점 중 최악의 순서)", "Pessimistic (worst order within ties)"),
    "ties_stable": ("입력 순서", "Input order"),
    "col_item": ("항목", "Item"),
    "col_grade": ("관련성", "Grade"),
    "col_score": ("모델 점수", "Model score"),
    "list_label": ("현재 랭킹", "Current ranking"),
    "list_hint": ("끌어서 순서 바꾸기 · 포커스 후 Alt+↑/↓ · ▲▼ 버튼", "Drag to reorder · focus a row and press Alt+↑/↓ · or use ▲▼"),
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
        "이 탭에서 처음 연 예시로 돌아갑니다(새로 고침하면 그때의 예시가 처음이 됩니다). 되돌리기로 취소할 수 있습니다.",
        "Go back to the example this tab first opened (after a reload, the reloaded one). Undo takes it back.",
    ),
    "did_undo": ("마지막 변경을 되돌렸습니다.", "Undid the last change."),
    "moved": ("'{name}': {src}위 → {dst}위.", "'{name}': rank {src} → {dst}."),
    "did_ideal": ("이상적 순서로 정렬했습니다.", "Sorted into the ideal order."),
    "did_reverse": ("순서를 뒤집었습니다.", "Reversed the order."),
    "did_shuffle": ("섞었습니다 (섞기 #{seed}, 같은 번호는 같은 순서).", "Shuffled (shuffle #{seed}; the same number gives the same order)."),
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
    # Presenter view (?present=1)
    "present_position": ("단계 {step} / {total} · ← → 키로 이동", "Step {step} of {total} · ← → keys move"),
    "present_prev": ("◀ 이전", "◀ Previous"),
    "present_next": ("다음 ▶", "Next ▶"),
    "present_leave": ("발표 모드 끝내기", "Leave presenter view"),
    "present_more_rows": (
        "… 화면에 맞추려고 순위 {first}–{last}(모두 {more}개)를 뺐습니다.",
        "… ranks {first}–{last} ({more} more rows) are left out to fit the screen.",
    ),
    "present_more_lines": ("… 순위 {n}개 더", "… {n} more ranks"),
    "btn_cap_grades": ("척도에 맞추기: 척도보다 큰 점수 → {scale}", "Fit the scale: grades above it → {scale}"),
    "delta_hint": (
        "순서를 바꾸면 nDCG가 어떻게 달라졌는지 여기에 나옵니다.",
        "Move an item and this line shows how nDCG changed.",
    ),
    "sticky_line": ("**nDCG{at} = {ndcg}**{delta}", "**nDCG{at} = {ndcg}**{delta}"),
    "score_left_out": (
        "이 점수는 유효한 행 {used}개만으로 계산했습니다(전체 {total}개 행). 아래 경고의 행을 고치면 다시 계산에 들어갑니다.",
        "This score counts only the {used} valid rows of {total}. Fix the rows named below to count them again.",
    ),
    "delta_line": ("nDCG {before} → {after} (Δ {delta})", "nDCG {before} → {after} (Δ {delta})"),
    # Summary metrics
    "metric_ndcg": ("nDCG{at}", "nDCG{at}"),
    "metric_dcg": ("DCG{at}", "DCG{at}"),
    "metric_idcg": ("IDCG{at}", "IDCG{at}"),
    "metric_cg": ("CG{at}", "CG{at}"),
    "idcg_zero": (
        "모든 관련성 점수가 0이라 IDCG = 0입니다. 0으로 나눌 수 없으므로 nDCG는 관례에 따라 0으로 정의합니다.",
        "Every grade is 0, so IDCG = 0. Dividing by zero is impossible, so nDCG is defined as 0 by convention.",
    ),
    "rounding_note": (
        "원문은 log₂3을 1.58로 반올림해 7 / 1.58 ≈ 4.43, 3 / 1.58 ≈ 1.90을 더했습니다. 그래서 DCG 6.93, IDCG 9.40, "
        "nDCG ≈ 0.737이 나왔습니다. 반올림하지 않으면 DCG 6.9165, IDCG 9.3928, nDCG 0.7364입니다.",
        "The source rounds log₂3 to 1.58 and adds 7 / 1.58 ≈ 4.43 and 3 / 1.58 ≈ 1.90, which gives DCG 6.93, "
        "IDCG 9.40 and nDCG ≈ 0.737. Without rounding: DCG 6.9165, IDCG 9.3928, nDCG 0.7364.",
    ),
    # Step page
    "steps_title": ("단계별 계산: CG → DCG → IDCG → nDCG", "Step by step: CG → DCG → IDCG → nDCG"),
    "steps_lead": (
        "nDCG는 네 단계로 계산됩니다. 아래 각 단계는 위에서 만든 랭킹의 숫자로 직접 계산합니다.",
        "nDCG is computed in four steps. Each step below uses the numbers of the ranking you built above.",
    ),
    "compare_title": ("실제 순서와 이상적 순서", "Actual order and ideal order"),
    "compare_actual": ("실제 순서", "Actual order"),
    "compare_ideal": ("이상적 순서 (관련성 내림차순)", "Ideal order (grades high to low)"),
    "compare_note": ("≠ 표시된 순위는 같은 순위의 이상적 순서와 관련성 점수가 다릅니다.", "A rank marked ≠ has a different grade from the ideal order at the same rank."),
    "col_vs_ideal": ("이상적 순서와", "vs ideal"),
    "compare_all_ok": ("모든 순위가 이미 이상적 순서와 같습니다.", "Every rank already matches the ideal order."),
    "col_rank": ("순위 i", "Rank i"),
    "col_gain": ("이득", "Gain"),
    "col_gain_used": ("동점 평균 이득", "Tie-averaged gain"),
    "col_discount": ("감쇠 1/log₂(i+1)", "Discount 1/log₂(i+1)"),
    "col_log": ("log₂(i+1)", "log₂(i+1)"),
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
    "dcg_title": ("2단계 · DCG (감쇠 누적 이득 또는 할인 누적 이득, Discounted Cumulative Gain)", "Step 2 · DCG (Discounted Cumulative Gain)"),
    "dcg_sentence_linear": (
        "DCG는 각 이득을 log₂(i+1)로 나눠 순위가 낮을수록 덜 반영합니다. 표준 공식은 관련성 점수를 그대로 이득으로 씁니다.",
        "DCG divides each gain by log₂(i+1), so lower ranks count for less. The standard form uses the grade itself as the gain.",
    ),
    "dcg_sentence_exponential": (
        "DCG는 각 이득을 log₂(i+1)로 나눠 순위가 낮을수록 덜 반영합니다. 강조 공식은 이득으로 2^rel − 1을 써서 관련성이 높은 항목에 훨씬 큰 값을 줍니다.",
        "DCG divides each gain by log₂(i+1), so lower ranks count for less. The emphasis form uses 2^rel − 1, which values highly relevant items much more.",
    ),
    "idcg_title": ("3단계 · IDCG (이상적 DCG, Ideal DCG)", "Step 3 · IDCG (Ideal DCG)"),
    "idcg_sentence": (
        "IDCG는 이상적 순서(관련성 점수가 높은 항목부터 차례로 놓은 순서)의 DCG입니다. '목록에 있는 항목만'이면 이 항목들을 다시 배열해 얻을 수 있는 최고 점수이고, '평가된 모든 항목'이면 이 쿼리에서 가능한 최고 점수입니다. nDCG는 DCG를 이 값으로 나눕니다.",
        "IDCG is the DCG of the ideal order, the items sorted by grade from high to low. With 'only the listed items' it is the best any reordering of these items can score; with 'all judged items' it is the best this query allows. nDCG divides by it.",
    ),
    "pool_switch": ("IDCG 기준", "IDCG pool"),
    "pool_listed": ("목록에 있는 항목만 (scikit-learn 방식)", "Only the listed items (as in scikit-learn)"),
    "pool_judged": ("평가된 모든 항목 (trec_eval 방식, 선형 이득일 때)", "All judged items (as in trec_eval, with linear gain)"),
    "pool_input": ("목록에 없지만 평가된 항목의 관련성 점수 (쉼표로 구분)", "Grades of judged items that are not in the list (comma-separated)"),
    "pool_explain": (
        "trec_eval은 쿼리에 대해 평가된 모든 문서로 이상적 순서를 만듭니다. 목록에 없는 관련 문서가 이상적 순서의 상위 k개에 들어오면 IDCG가 커지고, 그러면 이 목록은 nDCG 1에 도달할 수 없습니다. 목록에 없는 문서는 상위에 올릴 수 없기 때문입니다. trec_eval의 ndcg(k 없음)와 ndcg_cut.k 값과 같으려면 표준 공식(선형 이득)을 고르세요.",
        "trec_eval builds the ideal order from every judged document of the query. When a relevant document that is not in the list would enter the ideal top k, IDCG grows and this list can no longer reach nDCG = 1: it cannot place documents it does not contain. To match trec_eval's ndcg (no k) and ndcg_cut.k, choose the standard (linear) gain.",
    ),
    "pool_bad": ("평가된 문서의 점수, {pos}번째 값: {why_text}", "Judged grades, value {pos}: {why_text}"),
    "pool_used": (
        "위 값은 빼고, IDCG에는 평가된 문서의 나머지 점수만 씁니다: {used}",
        "These values are left out: IDCG uses only the other judged grades: {used}",
    ),
    "pool_none": ("(없음)", "(none)"),
    "pool_label": ("평가된 문서 #{j}", "judged doc #{j}"),
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
    "gain_intro": (
        "이득(gain)은 관련성 점수를 더할 값으로 바꾸는 공식입니다. 지금 쓰는 공식은 {label} (관련성 → 이득: {examples}). "
        "원문의 계산 예시는 강조 공식 2^rel − 1을 씁니다. 관련성이 0과 1뿐이면(이진 관련성) 두 공식은 같은 값을 줍니다(2^1 − 1 = 1). "
        "공식은 위 설정에서 바꿀 수 있고, '선형 vs 지수 이득' 단원에서 둘을 비교합니다.",
        "The gain turns a grade into the amount that is added up. The formula in use is {label} (grade → gain: {examples}). "
        "The source's worked example uses the emphasis formula 2^rel − 1. With grades 0 and 1 only (binary relevance) "
        "the two formulas give the same values (2^1 − 1 = 1). Switch it in the settings above; "
        "the lesson 'Linear vs exponential gain' compares the two.",
    ),
    "chart_title": ("순위별 감쇠된 이득: 실제 vs 이상적", "Discounted gain per rank: actual vs ideal"),
    "chart_actual": ("실제", "Actual"),
    "chart_ideal": ("이상적", "Ideal"),
    # A chart's numbers as a table, and CSV files of the tables (issue 9)
    "chart_as_table": ("표로 보기", "Show as a table"),
    "chart_col_actual_item": ("실제 순서의 항목", "Actual: item"),
    "chart_col_actual_dg": ("실제 순서의 감쇠된 이득", "Actual: discounted gain"),
    "chart_col_ideal_item": ("이상적 순서의 항목", "Ideal: item"),
    "chart_col_ideal_dg": ("이상적 순서의 감쇠된 이득", "Ideal: discounted gain"),
    "csv_download": ("CSV 내려받기", "Download CSV"),
    "csv_help": (
        "표의 행 {rows}개 전체를 반올림하지 않은 값으로 담습니다. UTF-8(BOM) 파일이라 Excel에서도 한글이 깨지지 않습니다.",
        "All {rows} rows of the table, unrounded. UTF-8 with a BOM, so Excel shows Korean text correctly.",
    ),
    "csv_help_cut": (
        "화면의 표는 {k}위까지지만, 파일에는 k 뒤의 행까지 모두 {rows}개 행이 반올림하지 않은 값으로 들어 있습니다. "
        "UTF-8(BOM) 파일이라 Excel에서도 한글이 깨지지 않습니다.",
        "The table stops at rank {k}; the file holds all {rows} rows, past k too, unrounded. "
        "UTF-8 with a BOM, so Excel shows Korean text correctly.",
    ),
    "axis_rank": ("순위 i", "Rank i"),
    "axis_dg": ("감쇠된 이득", "Discounted gain"),
    "ties_title": ("동점 점수", "Tied scores"),
    "ties_none": ("모델 점수에 동점이 없습니다.", "No two items share a model score."),
    "ties_one": (
        "모델 점수가 같은 항목 묶음이 1개 있습니다. 동점 안의 순서는 정해지지 않으므로, 선택한 정책으로 처리합니다.",
        "One group of items shares a model score. Their order within the tie is undefined, so the chosen policy decides.",
    ),
    "ties_some": (
        "모델 점수가 같은 항목 묶음이 {groups}개 있습니다. 동점 안의 순서는 정해지지 않으므로, 선택한 정책으로 처리합니다.",
        "{groups} groups of items share a model score. Their order within a tie is undefined, so the chosen policy decides.",
    ),
    "ties_explain_average": (
        "평균: 동점 묶음이 차지한 모든 자리에 묶음의 평균 이득을 똑같이 주고, 각 자리의 감쇠를 곱합니다. 동점 안의 순서를 무작위로 정했을 때 DCG의 기댓값(모든 순서의 평균)과 같습니다.",
        "Average: every rank a tied group spans gets the group's mean gain, multiplied by that rank's discount. This equals the expected DCG when the order within ties is random (the mean over all orders).",
    ),
    "ties_range": ("동점 안의 순서에 따른 nDCG 범위: {lo} (비관적) ~ {hi} (낙관적)", "nDCG depending on the order within ties: {lo} (pessimistic) to {hi} (optimistic)"),
    "col_tie_group": ("동점 묶음", "Tie group"),
    "col_policy": ("정책", "Policy"),
    # Discount page
    "discount_title": ("감쇠 곡선: 낮은 순위는 얼마나 덜 반영되는가", "Discount curves: how much less do lower ranks count?"),
    "discount_lead": (
        "DCG는 순위 i의 이득에 감쇠 값을 곱합니다. 감쇠 함수마다 낮은 순위를 얼마나 깎는지가 다릅니다.",
        "DCG multiplies the gain at rank i by a discount. Each discount function cuts lower ranks by a different amount.",
    ),
    "base_slider": ("로그 밑 b", "Log base b"),
    "horizon": ("표시할 순위 수 N", "Ranks shown N"),
    "d_log2": ("1/log₂(i+1) (표준)", "1/log₂(i+1) (standard)"),
    "d_log": ("1/log_b(i+1)", "1/log_b(i+1)"),
    "d_log_scaled": ("1/log_b(i+1), 1순위 값이 1이 되도록 나눔", "1/log_b(i+1), rescaled so rank 1 is 1"),
    "d_jarvelin": ("Järvelin & Kekäläinen 원형 (순위 b 이전은 감쇠 없음)", "Järvelin & Kekäläinen original (no discount before rank b)"),
    "d_reciprocal": ("1/i (MRR식)", "1/i (as in MRR)"),
    "d_none": ("감쇠 없음 (이득의 합)", "No discount (sum of gains)"),
    "axis_discount": ("감쇠 값", "Discount"),
    "curve_items": ("현재 랭킹의 항목", "Items of the current ranking"),
    "share_title": ("상위 k개 순위가 차지하는 가중치 비율 (1~N 중)", "Share of the total weight carried by ranks 1..k (out of 1..N)"),
    "col_discount_fn": ("감쇠 함수", "Discount"),
    "col_share": ("상위 {k}개 비율", "Share of top {k}"),
    "col_ndcg_now": ("현재 랭킹 nDCG{at}", "Current nDCG{at}"),
    "base_note": (
        "밑 b = {b}일 때 1/log_b(i+1) = (ln b / ln 2) × 1/log₂(i+1)입니다. 그래서 모든 감쇠 값과 DCG, IDCG가 모두 ln {b} / ln 2 = {factor}배가 되고, 둘의 비율인 nDCG는 변하지 않습니다. 그래프에서 빈 원으로 표시한 곡선은 1/log_b(i+1)을 1순위 값으로 나눈 곡선이라 1에서 시작하고, 어떤 b에서도 표준 곡선과 겹칩니다. Järvelin & Kekäläinen의 원형은 b 이전 순위를 감쇠하지 않으므로 b에 따라 nDCG가 달라집니다.",
        "At b = {b}, 1/log_b(i+1) = (ln b / ln 2) × 1/log₂(i+1): every discount, and so DCG and IDCG, is multiplied by the same ln {b} / ln 2 = {factor}, and nDCG, their ratio, does not change. The curve drawn with open circles is 1/log_b(i+1) divided by its rank-1 value, so it starts at 1 and lies on the standard curve for every b. Järvelin & Kekäläinen's original leaves ranks before b undiscounted, so its nDCG does depend on b.",
    ),
    # Gain page
    "gain_title": ("선형 이득 vs 지수 이득", "Linear gain vs exponential gain"),
    "gain_lead": (
        "표준 공식은 관련성 점수를 그대로 이득으로, 강조 공식은 2^rel − 1을 이득으로 씁니다. 점수 3은 선형으로 3, 지수로 7입니다.",
        "The standard form uses the grade as the gain; the emphasis form uses 2^rel − 1. A grade of 3 is worth 3 linearly and 7 exponentially.",
    ),
    "gain_table_title": ("관련성 점수별 이득", "Gain per grade"),
    "col_linear": ("선형 (rel)", "Linear (rel)"),
    "col_exponential": ("지수 (2^rel − 1)", "Exponential (2^rel − 1)"),
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
    "intro_link_loaded": (
        "링크의 예시({n}개 항목)를 불러왔습니다. 아래 수업에서 확인하세요.",
        "The link's example ({n} items) is loaded: open a lesson below to see it.",
    ),
    "ranking_1": ("랭킹 1", "Ranking 1"),
    "ranking_2": ("랭킹 2", "Ranking 2"),
    "flip_why": (
        "이득의 차이는 관련성 점수가 높을수록 커집니다(지수 이득에서 3은 7, 2는 3, 1은 1). 그래서 지수 이득은 높은 점수 항목을 위로 올리는 것을, 낮은 점수 항목들이 내려가는 손해보다 더 크게 보상합니다.",
        "The gap between gains grows with the grade (under exponential gain 3 is worth 7, 2 is worth 3, 1 is worth 1), so exponential gain rewards moving a high grade up more than it penalises moving lower grades down.",
    ),
    # Cutoff page
    "cutoff_title": ("nDCG@k: 컷오프 k에 따라 달라지는 값", "nDCG@k: the value depends on the cut-off k"),
    "cutoff_lead": (
        "nDCG@k는 상위 k개만 평가합니다(DCG와 IDCG 모두 k에서 자름). 같은 랭킹이라도 k에 따라 값이 크게 달라질 수 있습니다(예: nDCG@5 vs nDCG@10).",
        "nDCG@k scores only the top k (both DCG and IDCG are cut at k). The same ranking can score very differently at different k (e.g. nDCG@5 vs nDCG@10).",
    ),
    "k_slider": ("k", "k"),
    "cutoff_chart": ("k에 따른 nDCG@k", "nDCG@k for every k"),
    "axis_k": ("k", "k"),
    "cutoff_range": (
        "{gain}: 이 랭킹의 nDCG@k는 k에 따라 {lo}에서 {hi}까지 변합니다.",
        "{gain}: across k, this ranking's nDCG@k ranges from {lo} to {hi}.",
    ),
    "cutoff_try": ("예시 불러오기: 10개 항목", "Load an example: 10 items"),
    "single_item": ("항목이 하나뿐이라 k는 1 하나입니다.", "With one item, k can only be 1."),
    # One ranking, many definitions (lessons/definitions.py)
    "definitions_title": ("하나의 랭킹, 여러 nDCG 정의", "One ranking, many nDCG definitions"),
    "definitions_lead": (
        "라이브러리마다 nDCG를 조금씩 다르게 정의합니다: 이득 함수, 동점 처리, 이상적 순서를 만드는 항목, 감쇠가 다릅니다. 현재 예시에서 각 구현이 보고할 값을 한 표에 모았습니다.",
        "Libraries define nDCG slightly differently: the gain, the handling of tied scores, the items the ideal order is built from, and the discount. The table shows the value each implementation would report for the current example.",
    ),
    "defs_table_title": ("구현별 nDCG (이 페이지의 컷오프: nDCG{at})", "nDCG by implementation (this page's cut-off: nDCG{at})"),
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
        "이진 이득: 관련성 점수가 0보다 크면 1로 셉니다. 이상적 순서는 판정된 관련 항목 전체로 만듭니다.",
        "Binary gain: any grade above 0 counts as 1; the ideal uses every judged relevant item.",
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
    "defs_trec_intro": ("trec_eval 명령과 입력 파일(TREC 형식):", "The trec_eval command and its input files (TREC format):"),
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
    # Other metrics page (trec_eval's definitions of RR, AP, P@k and R@k)
    "metrics_title": ("다른 지표: MRR, MAP, P@k", "Other metrics: MRR, MAP, P@k"),
    "metrics_lead": (
        "RR(MRR), AP(MAP), P@k, R@k는 항목을 관련/비관련 두 가지로만 봅니다. 현재 랭킹에서 이 지표들을 nDCG와 나란히 계산합니다. 관련성 점수가 임계값 이상인 항목이 관련 항목이며, 정의는 trec_eval을 따릅니다.",
        "RR (MRR), AP (MAP), P@k and R@k see an item only as relevant or not. This page computes them beside nDCG for the current ranking. An item is relevant when its grade reaches the threshold; the definitions are trec_eval's.",
    ),
    "metrics_threshold": ("임계값: 관련 항목으로 셀 최소 관련성 점수", "Threshold: the lowest grade counted as relevant"),
    "metrics_threshold_help": (
        "관련성 점수가 이 값 이상인 항목만 관련 항목입니다(trec_eval의 relevance_level, 기본값 1). nDCG는 임계값 없이 점수를 그대로 씁니다.",
        "Items graded at least this count as relevant (trec_eval's relevance_level, default 1). nDCG uses the grades themselves, with no threshold.",
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
        "Relevant judged items R = {r}: {listed} in the list + {extra} judged items outside it. AP and R@k divide by R.",
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
        "상위 {cut}개 안에서 처음 나오는 관련 항목의 순위 역수 1/rank입니다. 상위 {cut}개에 관련 항목이 없으면 0입니다. MRR은 이 값을 쿼리들에 대해 평균한 것입니다.",
        "1/rank of the first relevant item within the top {cut}; 0 when the top {cut} holds none. MRR is its mean over queries.",
    ),
    "metrics_rr_first": ("첫 관련 항목: {rank}위 {item}", "first relevant item: {item} at rank {rank}"),
    "metrics_rr_none": ("상위 {cut}개 안에 관련 항목 없음", "no relevant item in the top {cut}"),
    "metrics_rr_rewards": (
        "첫 관련 항목 하나를 위로 올리는 것만 보상합니다. 그 아래 관련 항목들의 순서는 값을 바꾸지 않습니다.",
        "It rewards only bringing the first relevant item up: the order of the relevant items below it does not change the value.",
    ),
    "metrics_ap_title": ("AP: 평균 정밀도 (Average Precision)", "AP: average precision"),
    "metrics_ap_def": (
        "상위 {cut}개 안에서 관련 항목이 놓인 각 순위 i의 정밀도 P@i(상위 i개 중 관련 항목의 비율)를 더하고, 판정된 관련 항목 수 R로 나눕니다. 상위 {cut}개에 들지 못한 관련 항목은 0을 더합니다. MAP은 AP를 쿼리들에 대해 평균한 것입니다.",
        "Add precision P@i (the share of relevant items in the top i) at each rank i within the top {cut} that holds a relevant item, and divide by R, the number of relevant judged items. A relevant item outside the top {cut} adds 0. MAP is the mean of AP over queries.",
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
        "판정된 관련 항목 R개 중 상위 {cut}개 안에 들어온 비율입니다. R = 0이면 0입니다.",
        "The share of the R relevant judged items that are in the top {cut}; 0 when R = 0.",
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
    # Intro page
    "intro_title": ("nDCG란? (normalized Discounted Cumulative Gain)", "What is nDCG? (normalized Discounted Cumulative Gain)"),
    "intro_source": (
        "이 앱은 한국어 해설 문서 「nDCG (normalized Discounted Cumulative Gain)」를 따라갑니다. 앱에서 '원문'이라고 하면 이 문서를 말합니다.",
        "This app follows a Korean article, “nDCG (normalized Discounted Cumulative Gain)”. Wherever the app says “the source”, it means that article.",
    ),
    "intro_what": (
        "nDCG는 검색 결과나 추천 목록의 품질을 재는 순위 평가 지표입니다. **관련성**(Relevance)과 **순위**(Rank)를 함께 고려하여, 관련성 높은 항목이 위에 있을수록 높은 점수를 줍니다.",
        "nDCG measures the quality of a search result or recommendation list. It weighs **relevance** and **rank** together: the higher the relevant items sit, the higher the score.",
    ),
    "intro_scales": (
        "관련성 척도는 **이진 관련성**(0/1: 클릭·구매 여부)과 **등급 관련성**(예: 0 관련 없음, 1 약간 관련, 2 매우 관련)이 있습니다. nDCG는 등급 관련성을 다룰 수 있어 MAP, MRR보다 유연합니다.",
        "Relevance comes as **binary** grades (0/1: a click, a purchase) or **graded** ones (e.g. 0 not relevant, 1 somewhat, 2 very). nDCG handles graded relevance, which makes it more flexible than MAP or MRR.",
    ),
    "intro_steps_title": ("네 단계", "Four steps"),
    "intro_example_title": ("원문의 예시: A → B → C, 관련성 A=1, B=3, C=2", "The source's example: A → B → C with grades A=1, B=3, C=2"),
    "intro_example_gain": ("이득 함수", "Gain"),
    "intro_gain_names": (
        "두 이득 함수는 이름이 둘씩입니다: **지수 이득(강조 공식)** = 2^rel − 1, **선형 이득(표준 공식)** = rel. 원문의 예시는 강조 공식으로 계산합니다.",
        "Each gain has two names: **exponential gain (the emphasis form)** = 2^rel − 1 and **linear gain (the standard form)** = rel. The source's example uses the emphasis form.",
    ),
    "intro_open": ("이 예시를 단계별 계산에서 열기", "Open this example step by step"),
    "intro_open_replaces": (
        "이 버튼은 지금 수업에 열려 있는 예시(항목 {n}개)를 원문의 예시로 바꿉니다.",
        "This button replaces the example now open in the lessons ({n} items) with the source's example.",
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
        "원문은 위 코드의 출력이 앞의 예시 값 0.737과 \"유사하다\"고 하지만, 실제 출력은 **{value}**입니다. 이유는 두 가지입니다.",
        "The source says the code above prints something \"similar to 0.737\". It really prints **{value}**, for two reasons.",
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
    "pit_row_source": ("원문의 순서 A→B→C, 지수 이득 (원문 계산)", "Source order A→B→C, exponential gain (the source's calculation)"),
    "pit_row_src_lin": ("원문의 순서 A→B→C, 선형 이득", "Source order A→B→C, linear gain"),
    "pit_row_sk": ("점수 순서 B→A→C, 선형 이득 (scikit-learn 출력)", "Score order B→A→C, linear gain (what scikit-learn prints)"),
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
        "3. **계산 비용**: 쿼리마다 IDCG를 계산해야 합니다.",
        "1. **Subjective grades**: annotators disagree, so grades can be inconsistent.\n"
        "2. **Sensitivity to the cut-off**: the value changes a lot with k (nDCG@5 vs nDCG@10).\n"
        "3. **Cost**: IDCG must be computed for every query.",
    ),
    "intro_next": (
        "메뉴의 수업(휴대폰에서는 왼쪽 위 » 버튼)에서 직접 랭킹을 만들고 끌어서 바꾸며 각 단계를 확인하세요.",
        "Use the lessons in the menu (on a phone, the » button at the top left) to build your own ranking, "
        "drag it around and watch every step.",
    ),
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
        "일부 라이브러리는 그런 쿼리를 평균에서 빼거나, 어느 쪽으로 할지 고르게 합니다(예: TorchMetrics의 empty_target_action=\"skip\"). "
        "두 평균은 서로 비교할 수 없으므로, 평균 nDCG를 보고할 때는 어느 규칙을 썼는지 함께 적어야 합니다.",
        "scikit-learn's ndcg_score and trec_eval count a query whose IDCG is 0 as nDCG 0 in the mean. "
        "Some libraries leave such queries out of the mean, or let you choose (e.g. TorchMetrics' empty_target_action=\"skip\"). "
        "The two means cannot be compared, so a reported mean nDCG should say which rule it used.",
    ),
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
        "DCG (감쇠 누적 이득) — 순위마다 이득에 감쇠를 곱해 더한 값: Σ gain(rel_i) / log₂(i+1).",
        "DCG (discounted cumulative gain) — each rank's gain times its discount, summed: Σ gain(rel_i) / log₂(i+1).",
    ),
    "gloss_ideal_order": (
        "이상적 순서 — 같은 항목들을 관련성 점수가 높은 것부터 다시 늘어놓은 순서, 곧 가능한 가장 좋은 랭킹입니다.",
        "Ideal order — the same items sorted by grade, highest first: the best possible ranking.",
    ),
    "gloss_idcg": (
        "IDCG (이상적 DCG) — 이상적 순서의 DCG. 이 쿼리에서 나올 수 있는 가장 큰 DCG입니다.",
        "IDCG (ideal DCG) — the DCG of the ideal order: the largest DCG this query allows.",
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
        "평가된 항목 (judged pool) — 이 쿼리에 관련성 점수가 매겨진 모든 항목. 랭킹에 나오지 않은 항목도 포함합니다.",
        "Judged pool — every item graded for the query, including items the ranking did not return.",
    ),
    "gloss_trec_eval": (
        "trec_eval — TREC의 표준 평가 프로그램. 판정(qrels) 파일과 랭킹(run) 파일을 읽으며, nDCG를 선형 이득과 평가된 모든 문서의 IDCG로 계산합니다.",
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
    # Exercises (lessons/exercises.py, ui/exercises.py, ui/worksheet.py)
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
    "ex_score_none": ("아직 푼 문제가 없습니다. 점수는 이 브라우저 탭에만 있고 서버에 저장되지 않습니다.",
                      "No exercise answered yet. The score lives only in this browser tab; nothing is stored on the server."),
    "ex_score_reset": ("점수 지우기", "Clear score"),
    "ex_first_counts": ("점수에는 처음 낸 답이 들어갑니다. 다시 풀어 보는 것은 자유입니다.",
                        "Your first answer counts for the score; you may try again as often as you like."),
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
        "같은 항목들을 두 가지로 줄 세운 랭킹 A와 B가 있습니다. 선형 이득과 지수 이득에서 각각 nDCG가 더 높은 쪽을 고르세요.",
        "Here are two rankings, A and B, of the same items. Under linear gain and under exponential gain, "
        "which one has the higher nDCG?",
    ),
    "ex_q_ideal": (
        "항목을 끌어서(또는 키보드로 옮겨서) 이상적 순서로 놓은 다음 '확인'을 누르세요. 같은 등급끼리는 어느 순서든 정답입니다.",
        "Drag the items (or move them with the keyboard) into the ideal order, then press Check. "
        "Items with the same grade may come in any order.",
    ),
    "ex_q_term": (
        "{rank}위 항목({item})의 할인된 이득, 곧 DCG의 {rank}번째 항을 손으로 계산하세요. 이득 함수: {gain}. "
        "소수 둘째 자리까지 맞으면 정답입니다.",
        "Compute by hand the discounted gain of the item at rank {rank} ({item}), the {rank}th term of DCG. "
        "Gain: {gain}. Right to two decimals counts.",
    ),
    "ex_only_top_k": (
        "nDCG@{k}에는 1–{k}위만 들어갑니다. 그 아래 순위는 목록 전체({n}개)를 보여 주려고 함께 적었습니다. IDCG도 상위 {k}개만 셉니다.",
        "Only ranks 1–{k} count for nDCG@{k}; the other ranks show the rest of the {n} items (IDCG also counts only the top {k}).",
    ),
    "ex_answer_estimate": ("나의 어림값 nDCG{at}", "My estimate of nDCG{at}"),
    "ex_answer_term": ("{rank}위의 할인된 이득", "Discounted gain at rank {rank}"),
    "ex_answer_swap": ("바꿀 두 순위", "The two ranks to swap"),
    "ex_answer_better": ("{gain}에서 더 나은 쪽", "Better under {gain}"),
    "ex_same": ("같다", "Equal"),
    "ex_pick_pair": ("두 순위를 고르세요…", "Choose two ranks…"),
    "ex_pair": ("{i}위 ↔ {j}위", "rank {i} ↔ rank {j}"),
    "ex_check": ("확인", "Check"),
    "ex_need_answer": ("먼저 답을 적거나 고르세요.", "Write or choose an answer first."),
    "ex_right": ("정답입니다!", "Right!"),
    "ex_wrong": ("아쉽지만 틀렸습니다.", "Not quite."),
    "ex_off_by": ("내 답 {given}, 정답 {truth}: {error}만큼 차이 납니다.", "You said {given}; the answer is {truth}, off by {error}."),
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
        "칸 (i, j)는 i위와 j위를 맞바꿨을 때 nDCG의 변화입니다. LambdaRank는 학습할 때 바로 이 값으로 각 쌍의 무게를 정합니다. "
        "주황은 오름, 파랑은 내림입니다.",
        "Cell (i, j) is the change in nDCG when ranks i and j swap places. LambdaRank weighs each pair by exactly "
        "this quantity while it trains. Orange is up, blue is down.",
    ),
    "ex_axis_rank_i": ("순위 i", "rank i"),
    "ex_axis_rank_j": ("순위 j", "rank j"),
    "ex_better_line": ("{gain}: A {a}, B {b} → {winner}", "{gain}: A {a}, B {b} → {winner}"),
    "ex_better_flip": (
        "두 이득이 다른 답을 냅니다. 지수 이득에서는 높은 등급의 이득이 훨씬 커서(2 → 3, 3 → 7) 높은 등급 항목이 어디에 놓였는지가 더 크게 작용합니다.",
        "The two gains disagree: under exponential gain high grades weigh far more (2 → 3, 3 → 7), "
        "so where the highly graded items sit matters more.",
    ),
    "ex_better_agree": ("두 이득이 같은 답을 냅니다.", "Both gains give the same answer."),
    "ex_ranking_a": ("랭킹 A", "Ranking A"),
    "ex_ranking_b": ("랭킹 B", "Ranking B"),
    "ex_ideal_yours": ("내 순서의 nDCG: {value}", "nDCG of your order: {value}"),
    "ex_ideal_one": ("이상적 순서의 예: {order}", "An ideal order: {order}"),
    "ex_ideal_grades": ("내 순서의 등급: {grades}", "Grades in your order: {grades}"),
    "ex_term_rule": ("할인된 이득 = 이득 / log₂(순위 + 1)", "discounted gain = gain / log₂(rank + 1)"),
    "ex_worksheet": ("학습지 내려받기", "Download a worksheet"),
    "ex_worksheet_lead": (
        "이 번호부터 문제 {n}개와 정답·풀이를 담은 학습지입니다. 종이로 나눠 주거나 학습 관리 시스템(LMS)에 올리세요.",
        "{n} exercises starting from this number, with an answer key and worked solutions, for paper or a "
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
    "ex_ws_better_blank": ("선형 이득: A / B / 같다 · 지수 이득: A / B / 같다", "Linear gain: A / B / equal · exponential gain: A / B / equal"),
    "ex_ws_swap_blank": ("바꿀 순위: ____ 와 ____", "Swap ranks ____ and ____"),
    "ex_bad_kind": ("링크의 문제 종류 '{value}': 없는 종류여서 첫 번째 종류인 'nDCG 어림하기' 문제를 엽니다.",
                    "The link's exercise kind '{value}' does not exist, so the first kind, 'Estimate the nDCG', is shown."),
    "ex_bad_seed": ("링크의 문제 번호 '{value}': 0 이상 {max} 이하의 정수가 아니어서 1번을 엽니다.",
                    "The link's exercise number '{value}' is not a whole number from 0 to {max}, so number 1 is shown."),
    # Your own data (lessons/data.py)
    "nav_data": ("내 데이터로 평가", "Your own data"),
    "data_title": ("내 데이터로 nDCG 평가하기", "Evaluate your own runs"),
    "data_lead": (
        "검색 시스템의 결과(런)와 정답 판정(qrels)을 올리면 쿼리마다 nDCG@k를 계산하고, 런끼리 비교합니다. "
        "기본 규칙은 trec_eval과 같아서 같은 파일이면 같은 숫자가 나옵니다.",
        "Upload a system's results (a run) and the relevance judgments (qrels): the page scores nDCG@k for "
        "every query and compares runs. By default every rule is trec_eval's, so the same files give the same numbers.",
    ),
    "data_source": ("데이터", "Data"),
    "data_source_sample": ("예제 데이터", "Bundled sample"),
    "data_source_upload": ("파일 올리기", "Upload files"),
    "data_sample_text": (
        "예제: 상품 검색 쿼리 50개(한국어·영어)와 두 시스템 A, B의 런, 그리고 판정입니다. "
        "저장소의 samples/make_sample.py가 만든 파일이며, 스팸 문서(등급 −1)와 관련 문서가 없는 쿼리도 들어 있습니다.",
        "The sample: 50 product-search queries (Korean and English), runs from two systems A and B, and their "
        "judgments, written by samples/make_sample.py in the repository. It includes spam documents (grade −1) and a "
        "query with no relevant document.",
    ),
    "data_runs": ("런 파일 (여러 개 가능)", "Run files (one or more)"),
    "data_qrels": ("판정 파일 (qrels)", "Judgments file (qrels)"),
    "data_limit": (
        "파일 하나에 {mb} MB까지 올릴 수 있습니다. TREC 형식, 또는 머리글이 있는 CSV·TSV 파일을 받습니다. "
        "인코딩은 UTF-8(BOM 포함)과 CP949(EUC-KR, 한국어 Excel)를 읽습니다.",
        "Up to {mb} MB per file. TREC files, or CSV and TSV files with a header. Text may be UTF-8 (with or "
        "without a BOM) or CP949 (EUC-KR, as Korean Excel saves it).",
    ),
    "data_formats": ("받는 파일 형식", "File formats"),
    "data_formats_text": (
        "- TREC 런: 한 줄에 `qid Q0 docno rank score tag` (순위 열은 무시하고 점수로 정렬)\n"
        "- TREC 판정(qrels): 한 줄에 `qid iter docno rel`\n"
        "- CSV·TSV: 첫 줄에 열 이름 `query_id`, `doc_id`, 그리고 `score` 또는 `rank`(런), `relevance`(판정). "
        "한 파일에 런과 판정을 함께 넣어도 됩니다. 이때 relevance가 빈 행은 검색됐지만 판정되지 않은 문서입니다.\n"
        "- 음수 등급(예: 스팸 −1, −2)은 오류가 아닙니다. trec_eval처럼 관련 없음(이득 0)으로 셉니다.\n"
        "- 읽을 수 없는 줄은 빼고 나머지로 평가하며, 몇 줄을 왜 뺐는지 알려 드립니다.",
        "- TREC run: `qid Q0 docno rank score tag` per line (the rank column is ignored; documents are ordered by score)\n"
        "- TREC judgments (qrels): `qid iter docno rel` per line\n"
        "- CSV or TSV: a header naming `query_id`, `doc_id`, and `score` or `rank` (a run) and/or `relevance` "
        "(judgments). One file may hold both; a row with a blank relevance is then retrieved but not judged.\n"
        "- Negative grades (e.g. −1 or −2 for spam) are not errors: as in trec_eval they count as not relevant, gain 0.\n"
        "- Lines that cannot be read are left out, the rest is evaluated, and the page says how many lines were left out and why.",
    ),
    "data_reading": ("파일을 읽는 중…", "Reading the files…"),
    "data_scoring": ("쿼리마다 nDCG를 계산하는 중…", "Scoring every query…"),
    "data_testing": ("통계 검정을 계산하는 중…", "Running the tests…"),
    "data_need_run": ("런 파일을 올려 주세요.", "Upload at least one run file."),
    "data_need_qrels": (
        "판정(qrels) 파일을 올려 주세요. 런이 relevance 열이 있는 CSV·TSV라면 그 판정을 씁니다.",
        "Upload a judgments (qrels) file, or a CSV or TSV run with a relevance column.",
    ),
    "data_file_binary": ("파일 '{name}': 이진 파일이어서 읽을 수 없습니다. 텍스트 파일(TREC, CSV, TSV)을 올려 주세요.",
                         "{name} is a binary file, not text: upload a TREC, CSV or TSV text file."),
    "data_file_encoding": ("파일 '{name}': UTF-8도 CP949(EUC-KR)도 아닌 인코딩이어서 읽을 수 없습니다.",
                           "{name} is neither UTF-8 nor CP949 (EUC-KR) text, so it cannot be read."),
    "data_file_empty": ("파일 '{name}': 비어 있습니다(빈 줄, # 주석, 머리글뿐).", "{name} is empty (no lines but blank, # comment or header lines)."),
    "data_file_fields": (
        "파일 '{name}': 첫 줄의 필드 수 {n}개. TREC 런은 6개, 판정은 4개이고, CSV·TSV는 query_id와 doc_id를 적은 머리글이 필요합니다.",
        "{name}: the first line has {n} fields; a TREC run line has 6, a qrels line 4, and a CSV or TSV file needs "
        "a header naming query_id and doc_id.",
    ),
    "data_file_columns": (
        "파일 '{name}': 머리글에 score, rank, relevance 중 어느 열도 없습니다.",
        "{name}: the header names none of score, rank or relevance.",
    ),
    "data_file_nothing": ("파일 '{name}': 읽을 수 있는 줄이 하나도 없습니다. 줄 {line}: {why_text}",
                          "{name}: no line could be read. Line {line}: {why_text}"),
    "data_file_malformed": ("파일 '{name}': 줄 {line}: CSV로 나눌 수 없는 줄입니다({detail}).",
                            "{name}: line {line} cannot be split as CSV ({detail})."),
    "data_dropped": (
        "파일 '{name}': 읽을 수 없는 줄 {count}개를 빼고 나머지로 평가했습니다. 첫 번째는 {why_text}",
        "{name}: {count} line(s) could not be read and were left out; the rest is evaluated. The first: {why_text}",
    ),
    "data_line_fields": ("줄 {line}: 필드가 {n}개인데 {what} 줄은 {need}개가 필요합니다.",
                         "line {line} has {n} fields, but a {what} line needs {need}."),
    "data_line_width": ("줄 {line}: 필드가 {n}개인데 머리글의 열은 {need}개입니다.",
                        "line {line} has {n} fields, but the header names {need}."),
    "data_line_number": ("줄 {line}: {column} 값 '{value}': 숫자가 아닙니다.", "line {line}: the {column} '{value}' is not a number."),
    "data_line_infinite": ("줄 {line}: {column} 값 '{value}': 유한한 숫자가 아닙니다.",
                           "line {line}: the {column} '{value}' is not a finite number."),
    "data_line_duplicate": ("줄 {line}: 쿼리 '{query}'에 문서 '{doc}' 항목이 또 나옵니다(처음은 줄 {first}).",
                            "line {line}: query '{query}' lists document '{doc}' again (first on line {first})."),
    "data_line_comment": ("줄 {line}: # 주석 줄입니다.", "line {line} is a # comment."),
    "data_line_blank": ("줄 {line}: {column} 값이 비어 있습니다.", "line {line}: the {column} is blank."),
    "data_not_run": ("파일 '{name}': 런이 아니라 판정(qrels) 파일로 보여 런에서 뺐습니다(한 줄에 필드 4개).",
                     "{name} looks like judgments (4 fields per line), not a run, so it was not used as a run."),
    "data_not_qrels": ("파일 '{name}': 판정이 아니라 런 파일로 보여 판정으로 쓰지 않았습니다.",
                       "{name} looks like a run, not judgments, so it was not used as the qrels."),
    "data_rules": ("규칙", "Rules"),
    "data_k": ("k (0 = 전체)", "k (0 = all)"),
    "data_k_help": ("상위 k개 문서만 셉니다. 0이면 검색된 문서 전부를 셉니다(trec_eval의 ndcg).",
                    "Only the top k documents count; 0 counts every retrieved document (trec_eval's ndcg)."),
    "data_ideal": ("이상적 순서(IDCG)의 문서", "Documents in the ideal (IDCG)"),
    "data_ideal_judged": ("판정된 문서 전부 (trec_eval)", "Every judged document (trec_eval)"),
    "data_ideal_retrieved": ("검색된 문서만 (scikit-learn)", "Retrieved documents only (scikit-learn)"),
    "data_missing": ("런에 없는 판정 쿼리", "Judged queries missing from the run"),
    "data_missing_skip": ("빼기 (trec_eval)", "Leave out (trec_eval)"),
    "data_missing_zero": ("0으로 세기 (trec_eval -c)", "Count as 0 (trec_eval -c)"),
    "data_no_relevant": ("관련 문서가 없는 쿼리", "Queries with no relevant document"),
    "data_no_relevant_zero": ("0으로 세기 (trec_eval)", "Count as 0 (trec_eval)"),
    "data_no_relevant_skip": ("평균에서 빼기", "Leave out of the mean"),
    "data_negative": (
        "'{name}' 파일의 판정 중 {n}개의 등급이 음수입니다(예: 스팸 −1). 오류가 아니며, trec_eval처럼 관련 없음(이득 0)으로 셉니다.",
        "{n} judgment(s) in {name} have a negative grade (e.g. −1 for spam). That is not an error: as in trec_eval, "
        "they count as not relevant, gain 0.",
    ),
    "data_cannot_score": ("이 판정으로는 계산할 수 없습니다: {why}", "These judgments cannot be scored: {why}"),
    "data_results": ("평균 {what}", "Mean {what}"),
    "data_gain_linear": ("선형 이득", "linear gain"),
    "data_gain_exponential": ("지수 이득", "exponential gain"),
    "data_col_run": ("런", "Run"),
    "data_col_counted_n": ("센 쿼리 수", "Queries counted"),
    "data_cov_counted": ("평균은 쿼리 {counted}개에 대한 값입니다(런과 판정 모두에 있는 쿼리 {scored}개 중).",
                         "The mean is over {counted} queries ({scored} are in both the run and the judgments)."),
    "data_cov_run_only_none": ("런의 쿼리는 모두 판정이 있습니다(판정이 없는 쿼리가 있다면 trec_eval처럼 뺍니다).",
                               "Every run query has judgments (one without any would be left out, as trec_eval does)."),
    "data_cov_run_only": ("런에만 있고 판정이 없는 쿼리 {n}개는 뺐습니다(trec_eval과 같음): {ids}",
                          "Run queries with no judgments ({n}) are left out, as trec_eval does: {ids}"),
    "data_cov_judged_only_skip": ("판정은 있지만 런에 없는 쿼리 {n}개는 뺐습니다(trec_eval 기본값): {ids}",
                                  "Judged queries missing from the run ({n}) are left out (trec_eval's default): {ids}"),
    "data_cov_judged_only_zero": ("판정은 있지만 런에 없는 쿼리 {n}개는 0으로 셌습니다(trec_eval -c): {ids}",
                                  "Judged queries missing from the run ({n}) count as 0 (trec_eval -c): {ids}"),
    "data_cov_no_rel_zero": ("관련 문서가 없는 쿼리 {n}개는 nDCG 0으로 셌습니다(trec_eval과 같음): {ids}",
                             "Queries with no relevant document ({n}) count as nDCG 0, as in trec_eval: {ids}"),
    "data_cov_no_rel_skip": ("관련 문서가 없는 쿼리 {n}개는 평균에서 뺐습니다(trec_eval은 0으로 셉니다): {ids}",
                             "Queries with no relevant document ({n}) are left out of the mean (trec_eval counts them as 0): {ids}"),
    "data_per_query": ("쿼리별 점수", "Every query"),
    "data_pick_run": ("런 고르기", "Run"),
    "data_col_query": ("쿼리", "Query"),
    "data_col_text": ("쿼리 내용", "Query text"),
    "data_col_retrieved": ("검색 문서", "Retrieved"),
    "data_col_judged": ("판정 문서", "Judged"),
    "data_col_relevant": ("관련 문서", "Relevant"),
    "data_col_counted": ("평균에 포함", "In the mean"),
    "data_chart_gain": ("그래프와 최하위 쿼리의 이득 함수", "Gain for the chart and the worst queries"),
    "data_axis_queries": ("쿼리 수", "Queries"),
    "data_worst": ("점수가 가장 낮은 쿼리 {n}개", "The {n} worst queries"),
    "data_open_pick": ("단계별 계산에서 열 쿼리 (낮은 점수부터)", "Query to open step by step (worst first)"),
    "data_open": ("단계별 계산에서 열기", "Open step by step"),
    "data_open_scale": (
        "쿼리 '{query}': 가장 높은 등급 {top}. 단계별 계산은 0–4의 정수 등급만 보여 줄 수 있습니다.",
        "Query '{query}' has a top grade of {top}; the step view shows whole grades from 0 to 4 only.",
    ),
    "data_opened": ("내 데이터의 쿼리 '{query}' (런 '{run}'): 문서 {n}개 전부입니다. 순서는 trec_eval과 같습니다(점수, 동점이면 문서 ID 역순).",
                    "Query '{query}' of run '{run}' from your data: all {n} documents, in trec_eval's order (by score, ties by document id descending)."),
    "data_opened_cut": (
        "내 데이터의 쿼리 '{query}' (런 '{run}'): 검색된 문서 {total}개 중 앞의 {n}개입니다. 순서는 trec_eval과 같습니다.",
        "Query '{query}' of run '{run}' from your data: the first {n} of its {total} retrieved documents, in trec_eval's order.",
    ),
    "data_ids_short": (
        "{max}자가 넘는 문서 ID는 앞과 끝만 보이게 줄였습니다(가운데 …). 표의 CSV와 주소에도 줄인 이름이 들어갑니다.",
        "Document ids longer than {max} characters are shortened to their start and end (… in between); the tables, their CSV and the link use the shortened names.",
    ),
    "data_compare": ("런 비교", "Compare runs"),
    "data_compare_one": ("런을 두 개 이상 올리면 여기에서 비교합니다.", "Upload two or more runs to compare them here."),
    "data_base": ("기준 런", "Baseline run"),
    "data_compare_lead": (
        "각 런에서 기준 런 '{base}'의 점수를 뺀 값 Δ ({what}, {gain}). 두 런 모두에서 평균에 들어간 쿼리끼리 짝지었습니다.",
        "Δ is each run's score minus baseline '{base}' ({what}, {gain}), paired over the queries both runs count.",
    ),
    "data_col_pairs": ("쿼리 쌍", "Pairs"),
    "data_col_value": ("값", "Value"),
    "data_col_mean_delta": ("평균 Δ", "Mean Δ"),
    "data_col_wtl": ("승 / 무 / 패", "Wins / ties / losses"),
    "data_col_ci": ("평균 Δ의 95% 부트스트랩 구간", "95% bootstrap interval of the mean Δ"),
    "data_col_p_t": ("p (대응 t검정)", "p (paired t-test)"),
    "data_col_p_rand": ("p (무작위화 검정)", "p (randomization test)"),
    "data_col_p_holm": ("p (Holm 보정)", "p (Holm-corrected)"),
    "data_col_effect": ("효과 크기 d_z", "Effect size d_z"),
    "data_delta_title": ("쿼리별 Δ('{run}' − '{base}'), 작은 값부터:", "Δ per query ('{run}' − '{base}'), smallest first:"),
    "data_axis_sorted": ("쿼리 (Δ 순)", "Queries, sorted by Δ"),
    "data_p_title": ("p-값이 말하는 것과 말하지 않는 것", "What a p-value says here, and what it does not"),
    "data_p_text": (
        "**말하는 것.** 두 런이 이 쿼리들에서 평균적으로 똑같이 좋다고 가정할 때, 지금만큼 큰 평균 차이가 우연히 나올 확률입니다. "
        "무작위화 검정은 쿼리마다 두 런의 점수를 무작위로 바꾸어 보기를 {permutations}번 반복하여(시드 고정) 이 확률을 셉니다. "
        "t검정은 차이가 정규분포에 가깝다고 가정하고 같은 것을 계산합니다.\n\n"
        "**말하지 않는 것.** p-값은 '이 런이 더 좋을 확률'이 아닙니다. 차이가 얼마나 큰지도 말하지 않습니다. 그것은 평균 Δ, "
        "구간, 효과 크기가 말합니다. 쿼리가 많으면 아주 작은 차이도 p가 작아지고, 쿼리가 적으면 큰 차이도 p가 클 수 있습니다. "
        "결과는 이 쿼리 집합과 이 판정에 대한 것이며, 다른 쿼리나 다른 판정자에게 그대로 옮겨지지 않습니다. "
        "런을 여러 개 비교하면 우연히 작은 p가 나오기 쉬우므로 Holm 보정값을 보세요.",
        "**What it says.** If the two runs were equally good on these queries on average, how often would a mean "
        "difference as large as this one appear by chance? The randomization test counts it directly: it swaps the two "
        "runs' scores at random, query by query, {permutations} times (seeded). The t-test computes the same from a "
        "normal approximation of the differences.\n\n"
        "**What it does not say.** A p-value is not the probability that one run is better, and it says nothing about "
        "how large the difference is: the mean Δ, its interval and the effect size say that. With many queries even a "
        "tiny difference gets a small p; with few, a large one may not. The result holds for these queries and these "
        "judgments, not for other queries or other assessors. Comparing several runs makes a small p by chance more "
        "likely, so read the Holm-corrected column.",
    ),
    # The limitations lab (lessons/limits.py)
    "nav_limits": ("nDCG의 한계", "What nDCG cannot tell you"),
    "limits_title": ("nDCG의 한계 실험실", "The limitations lab"),
    "limits_lead": (
        "원문은 세 가지 한계로 끝납니다: 주관적인 관련성 점수, 잘림 k에 따라 달라지는 답, IDCG 계산 비용. "
        "이 페이지는 지금 예시로 그 한계들과, 정보 검색 연구가 더한 두 가지(불완전한 판정, 쿼리 평균)를 직접 실험해 보게 합니다. "
        "모든 설정은 주소에 저장되므로 링크 하나로 같은 실험을 열 수 있습니다.",
        "The source ends with three limitations: subjective grades, answers that change with the cut-off k, and the cost "
        "of IDCG. This page lets you try them, and two that IR research adds (incomplete judgments, averaging over "
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
        "The second annotator gave {count} grades for {n} items: give one grade per item.",
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
    "lab_rankings": ("랭킹 X(지금 예시): {x}  ·  랭킹 Y: {y}", "Ranking X (the current example): {x}  ·  ranking Y: {y}"),
    "lab_listed_only": (
        "이 실험실은 나열된 항목을 지금 순서 그대로 계산합니다. 동점 평균과 판정된 전체 항목 풀은 쓰지 않으므로 위의 nDCG와 다를 수 있습니다.",
        "This lab scores the listed items in their current order, without tie averaging or the pool of judged items, "
        "so its nDCG may differ from the one above.",
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
    "lab_question": ("점수가 이만큼 흔들려도 X가 여전히 Y보다 나은가요?", "Is ranking X still better than ranking Y when the grades are this noisy?"),
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
    "lab_flips": ("우열이 뒤집힌 비율", "Draws in which the verdict flips"),
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
        "Type another person's grades for the same items, in ranked order and separated by commas ({n} items, scale 0–{scale}).",
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
    "lab_k_title": ("2. 잘림 k가 답을 바꿉니다", "2. The cut-off k changes the answer"),
    "lab_k_lead": (
        "같은 항목을 다르게 늘어놓은 두 랭킹의 nDCG@k를 모든 k에서 그립니다. 별표는 앞서는 랭킹이 바뀌는 k입니다. "
        "원문은 k가 달라지는 이유로 모바일과 PC의 결과 화면을 듭니다: 휴대폰 한 화면에는 결과 6개쯤, PC에는 10개가 보입니다.",
        "nDCG@k of two rankings of the same items, at every k. A star marks a cut-off where the leader changes. "
        "The source names mobile and desktop result pages as the reason k varies: about 6 results fit on a phone screen, "
        "10 on a PC.",
    ),
    "lab_screen": ("결과 화면", "Result page"),
    "lab_screen_phone": ("휴대폰(6개)", "Phone (6 results)"),
    "lab_screen_pc": ("PC(10개)", "PC (10 results)"),
    "lab_swap": ("앞서는 랭킹이 바뀌는 곳", "Leader changes"),
    "lab_tie": ("같음", "tie"),
    "lab_col_leader": ("앞서는 랭킹", "Ahead"),
    "lab_swaps": (
        "앞서는 랭킹이 바뀌는 잘림: {ks}. 어느 k로 재느냐에 따라 '더 나은 랭킹'이 달라집니다.",
        "The leader changes at {ks}: which ranking is \"better\" depends on the k you measure at.",
    ),
    "lab_no_swap": (
        "이 두 랭킹은 모든 k에서 앞서는 쪽이 같습니다(같은 k는 제외). 시드를 바꾸거나 예시를 고쳐 보세요.",
        "For these two rankings the same one leads at every k (ties aside). Try another seed or edit the example.",
    ),
    "lab_screen_line_x": ("@{cut}: X가 앞섭니다(X {x}, Y {y}).", "@{cut}: X is ahead (X {x}, Y {y})."),
    "lab_screen_line_y": ("@{cut}: Y가 앞섭니다(X {x}, Y {y}).", "@{cut}: Y is ahead (X {x}, Y {y})."),
    "lab_screen_line_tie": ("@{cut}: 두 랭킹이 같습니다(X {x}, Y {y}).", "@{cut}: the two rankings tie (X {x}, Y {y})."),
    "lab_screen_short": (
        "목록이 {n}개뿐이라 @{cut} 값은 목록 전체의 nDCG입니다.",
        "The list has only {n} items, so @{cut} is the nDCG of the whole list.",
    ),
    "lab_hide_title": ("3. 불완전한 판정", "3. Incomplete judgments"),
    "lab_hide_lead": (
        "실제 테스트 컬렉션은 문서의 일부만 판정합니다. 여기서는 시드로 고른 판정 일부를 숨기고, 판정이 없는 문서를 다루는 방법마다 nDCG를 계산합니다. "
        "이상적 순서(IDCG)는 남은 판정만으로 만듭니다. 컬렉션의 판정 파일(qrels)이 그렇듯이요.",
        "Real test collections judge only some documents. Here a share of the judgments, chosen by the seed, is hidden, "
        "and nDCG is computed under each way of handling unjudged documents. The ideal order (IDCG) is built from the "
        "judgments that are left, as a collection's qrels are.",
    ),
    "lab_hide": ("숨길 판정의 비율", "Share of judgments hidden"),
    "lab_hidden_items": ("숨긴 판정 {n}개: {items}", "Hidden judgments ({n}): {items}"),
    "lab_m_full": ("모두 판정한 nDCG{at}(참값)", "nDCG{at}, everything judged (the true value)"),
    "lab_m_zero": ("판정 없음 = 관련 없음으로 센 nDCG{at}(흔한 방식)", "nDCG{at}, unjudged counted non-relevant (the usual practice)"),
    "lab_m_condensed": ("판정 없는 문서를 뺀 nDCG′{at}(Sakai 2007, trec_eval -J)", "nDCG′{at}, unjudged dropped (Sakai 2007; trec_eval -J)"),
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
    # The live class (/live): a join code, students' answers on the projector, a real database
    "nav_live": ("실시간 수업", "Live class"),
    "live_title": ("실시간 수업", "Live class"),
    "live_lead": (
        "교사가 문제를 하나씩 내면 학생들이 노트북이나 휴대폰으로 답하고, 답이 모이는 모습이 프로젝터에 바로 보입니다. "
        "답은 서버의 데이터베이스에 저장되므로 새로 고침을 해도 사라지지 않습니다.",
        "The teacher asks one question at a time, students answer on their laptops or phones, and the answers "
        "appear live on the projector. Answers are stored in the server's database, so a reload loses nothing.",
    ),
    "live_join_heading": ("수업에 참여하기", "Join a class"),
    "live_code": ("참여 코드", "Join code"),
    "live_code_help": ("프로젝터에 보이는 여섯 글자 코드입니다.", "The six-character code shown on the projector."),
    "live_nickname": ("별명(선택)", "Nickname (optional)"),
    "live_nickname_help": (
        "비워 두면 '학생 17'처럼 번호로 표시됩니다. 최대 {max}자입니다.",
        "Leave it empty to appear as a number, like 'student 17'. At most {max} characters.",
    ),
    "live_join": ("참여", "Join"),
    "live_open_heading": ("교사: 새 수업 방 열기", "Teacher: open a room"),
    "live_open_lead": (
        "방을 열면 참여 코드와 교사용 비밀 링크가 생깁니다. 방은 정한 시간이 지나면 답과 함께 삭제됩니다.",
        "Opening a room gives a join code and a private teacher link. The room and its answers are deleted "
        "when its time runs out.",
    ),
    "live_hours": ("방 유지 시간(시간)", "Room lasts (hours)"),
    "live_open": ("방 열기", "Open a room"),
    "live_no_code": ("참여 코드를 입력하세요.", "Enter the join code."),
    "live_no_room": (
        "참여 코드 '{code}'인 수업이 없습니다(끝났거나 잘못 입력한 코드). 프로젝터의 코드를 다시 확인하세요.",
        "There is no class with the join code '{code}' (it has ended, or the code was mistyped). Check the code on the projector.",
    ),
    "live_blocked": (
        "잘못된 코드가 너무 많이 입력되었습니다. 1분 뒤에 다시 시도하세요.",
        "Too many wrong codes were tried. Try again in a minute.",
    ),
    "live_full": ("이 방은 이미 {max}명이 참여해 가득 찼습니다.", "This room is full: it already holds {max} students."),
    "live_gone": (
        "이 링크의 학생 정보를 찾을 수 없습니다(방이 끝났거나 링크가 바뀜). 다시 참여하세요.",
        "This link's student could not be found (the room ended, or the link was changed). Please join again.",
    ),
    "live_not_teacher": (
        "이 링크의 교사 키가 맞지 않아 학생 화면을 보여 줍니다. 방을 연 브라우저의 교사 링크를 쓰세요.",
        "This link's teacher key does not match, so the student view is shown. Use the teacher link from the browser that opened the room.",
    ),
    "live_bad_link": ("링크의 '{name}' 값을 쓸 수 없어 무시했습니다.", "The link's '{name}' value could not be used, so it was ignored."),
    "live_store_down": (
        "수업 데이터베이스에 연결할 수 없습니다. 잠시 뒤에 다시 시도하세요.",
        "The class database cannot be reached. Please try again in a moment.",
    ),
    "live_you_are": ("나: {name}", "You: {name}"),
    "live_student_n": ("학생 {n}", "student {n}"),
    "live_waiting": ("선생님이 첫 문제를 내기를 기다리는 중입니다. 문제가 나오면 이 화면이 저절로 바뀝니다.",
                     "Waiting for the teacher's first question. This screen changes by itself when it comes."),
    "live_question_no": ("문제 {no}", "Question {no}"),
    "live_q_ideal": (
        "항목을 끌어서(또는 키보드로 옮겨서) 이상적 순서로 놓은 다음 '답 보내기'를 누르세요. 같은 등급끼리는 어느 순서든 정답입니다. "
        "프로젝터에는 각자 만든 순서의 nDCG가 모입니다.",
        "Drag the items (or move them with the keyboard) into the ideal order, then press Send answer. Items with the same "
        "grade may come in any order. The projector gathers the nDCG each order reaches.",
    ),
    "live_submit": ("답 보내기", "Send answer"),
    "live_sent": (
        "답을 보냈습니다: {answer}. 선생님이 문제를 닫기 전까지 바꿀 수 있습니다.",
        "Your answer is in: {answer}. You can change it until the teacher closes the question.",
    ),
    "live_closed_yours": ("답 받기가 끝났습니다. 내 답: {answer}. 정답 공개를 기다리세요.",
                          "Answers are closed. Your answer: {answer}. Wait for the reveal."),
    "live_closed_none": ("답 받기가 끝났습니다. 이 문제에는 답하지 않았습니다.", "Answers are closed. You did not answer this question."),
    "live_too_late": ("답을 보내기 전에 문제가 닫혔습니다. 보낸 답은 저장되지 않았습니다.",
                      "The question closed before your answer arrived, so it was not stored."),
    "live_bad_answer": ("이 답은 받을 수 없습니다: {why}", "This answer cannot be taken: {why}"),
    "live_answer_range": ("0에서 1 사이의 수를 적으세요.", "Write a number from 0 to 1."),
    "live_answer_positive": ("0 이상의 수를 적으세요.", "Write a number of 0 or more."),
    "live_your_answer": ("내 답: {answer}", "Your answer: {answer}"),
    "live_order_answer": ("순서 {order} (nDCG {value})", "order {order} (nDCG {value})"),
    "live_pick_answer": ("선형 {linear}, 지수 {exponential}", "linear {linear}, exponential {exponential}"),
    "live_right_answer": ("정답: {answer}", "The answer: {answer}"),
    # teacher
    "live_room": ("방 {code}", "Room {code}"),
    "live_expires": ("이 방은 {when}(UTC)에 답과 함께 삭제됩니다.", "This room and its answers are deleted at {when} (UTC)."),
    "live_links": ("링크", "Links"),
    "live_student_link": ("학생 참여 링크(프로젝터에 띄우세요)", "Students' join link (project this)"),
    "live_projector_link": ("프로젝터 화면 링크", "Projector view link"),
    "live_open_projector": ("프로젝터 화면 열기", "Open the projector view"),
    "live_teacher_link": ("교사용 비밀 링크(학생에게 보이지 마세요)", "Private teacher link (never show it to students)"),
    "live_teacher_link_note": (
        "이 링크가 있으면 누구나 문제를 내고 닫고 답을 내려받을 수 있습니다. 프로젝터에는 이 페이지 말고 프로젝터 화면을 띄우세요. "
        "이 링크를 북마크해 두면 새로 고침하거나 다른 기기에서도 교사 화면으로 돌아올 수 있습니다.",
        "Anyone with this link can start and close questions and download the answers. Project the projector view, "
        "not this page. Bookmark this link to come back to the teacher view after a reload or on another device.",
    ),
    "live_ask_heading": ("문제 내기", "Ask a question"),
    "live_kind": ("문제 종류", "Kind of question"),
    "live_seed": ("문제 번호(seed)", "Question number (seed)"),
    "live_seed_help": ("같은 번호는 같은 문제를 냅니다. 다음 문제마다 새 번호가 제안됩니다.",
                       "The same number gives the same question; each new question suggests a fresh number."),
    "live_start": ("이 문제 내기", "Start this question"),
    "live_start_note": ("새 문제를 내면 지금 열린 문제는 닫힙니다.", "Starting a question closes the one that is open."),
    "live_close": ("답 받기 끝내기", "Close answers"),
    "live_reveal": ("정답 공개", "Reveal the answer"),
    "live_state_open": ("답을 받는 중", "taking answers"),
    "live_state_closed": ("답 받기 끝남", "closed"),
    "live_state_revealed": ("정답 공개됨", "answer revealed"),
    "live_download": ("모든 답 내려받기(CSV)", "Download every answer (CSV)"),
    "live_answers_heading": ("지금까지의 답", "Answers so far"),
    "live_col_student": ("학생", "Student"),
    "live_col_answer": ("답", "Answer"),
    "live_col_right": ("정답 여부", "Right?"),
    "live_col_changes": ("바꾼 횟수", "Changes"),
    "live_yes": ("맞음", "right"),
    "live_no": ("틀림", "wrong"),
    # projector
    "live_projector_code": ("참여 코드: {code}", "Join code: {code}"),
    "live_join_at": ("참여 주소: {link}", "Join at {link}"),
    "live_qr_caption": ("휴대폰 카메라로 찍으면 이 수업에 참여합니다.", "Scan with a phone camera to join this class."),
    "live_count": ("{answered} / {students}명 답함", "{answered} of {students} answered"),
    "live_no_question": ("아직 낸 문제가 없습니다.", "No question has been asked yet."),
    "live_chart_answers": ("답의 분포", "How the class answered"),
    "live_chart_reached": ("학생들이 만든 순서의 nDCG", "nDCG of the students' orders"),
    "live_chart_picks": ("고른 답(선형 / 지수)", "Picks (linear / exponential)"),
    "live_axis_students": ("학생 수", "students"),
    "live_axis_value": ("답", "answer"),
    "live_col_bin": ("구간", "range"),
    "live_col_count": ("학생 수", "students"),
    "live_col_is_right": ("정답 구간", "holds the answer"),
    "live_mistake": ("가장 흔한 실수(틀린 답 {wrong}개 중 {count}개): {what}", "The most common mistake ({count} of {wrong} wrong answers): {what}"),
    "live_all_right": ("틀린 답이 없습니다.", "No answer was wrong."),
    "live_slip_other_gain": ("다른 이득 공식을 썼습니다(그 값은 {value}).", "used the other gain formula (that gives {value})."),
    "live_slip_no_cutoff": ("순위 k 아래까지 모두 더했습니다(그 값은 {value}).", "added up the ranks below k too (that gives {value})."),
    "live_slip_ideal_top_k": (
        "이상적 순서를 보이는 상위 k개로만 만들었습니다(그 값은 {value}). IDCG는 판정된 모든 항목에서 고릅니다.",
        "built the ideal order from the shown top k only (that gives {value}); the IDCG picks from every judged item.",
    ),
    "live_slip_log_rank": ("log₂(순위 + 1) 대신 log₂(순위)로 나눴습니다(그 값은 {value}).", "divided by log₂(rank) instead of log₂(rank + 1) (that gives {value})."),
    "live_slip_ln": ("log₂ 대신 자연로그 ln으로 나눴습니다(그 값은 {value}).", "divided by the natural log ln instead of log₂ (that gives {value})."),
    "live_slip_no_discount": ("감쇠로 나누지 않았습니다(그 값은 {value}).", "did not divide by the discount (that gives {value})."),
    "live_slip_divide_rank": ("log₂(순위 + 1) 대신 순위로 나눴습니다(그 값은 {value}).", "divided by the rank instead of log₂(rank + 1) (that gives {value})."),
    "live_slip_high": ("정답보다 큰 값을 답했습니다.", "answered higher than the answer."),
    "live_slip_low": ("정답보다 작은 값을 답했습니다.", "answered lower than the answer."),
    "live_slip_same_both": (
        "두 이득에서 같은 답을 골랐지만(선형 {linear}, 지수 {exponential}), 이 문제에서는 이득 공식에 따라 답이 바뀝니다.",
        "picked the same under both gains (linear {linear}, exponential {exponential}), but here the gain changes the verdict.",
    ),
    "live_slip_picks": ("'선형 {linear}, 지수 {exponential}' 조합을 골랐습니다.", "picked linear {linear}, exponential {exponential}."),
    "live_slip_order": (
        "등급 {low} 항목을 등급 {high} 항목보다 위에 두었습니다.",
        "put an item of grade {low} above an item of grade {high}.",
    ),
}

_INDEX = {"ko": 0, "en": 1}


def translate(key: str, lang: str, **params) -> str:
    """The text of ``key`` in ``lang`` with its placeholders filled."""
    text = CATALOGUE[key][_INDEX.get(lang, 0)]
    return text.format(**params) if params else text


def T(key: str, **params) -> str:
    """Translate ``key`` into the session's language."""
    from ui import session

    return translate(key, session.language(), **params)


def labeller(prefix: str, zero: str | None = None):
    """A widget format_func that translates option ``x`` as ``prefix + x`` in today's language.

    The language is captured now, so the function gives the same text wherever it runs.
    """
    from ui import session

    language = session.language()

    def label(option) -> str:
        if option == 0 and zero is not None:
            return translate(zero, language)
        key = f"{prefix}{option}"
        return translate(key, language) if key in CATALOGUE else str(option)

    return label


def problem_text(problem: tuple[str, dict]) -> str:
    """A (key, parameters) problem in today's language; a nested ``why`` is translated too.

    ``why`` is either a whole nested problem (key, parameters) or just a key, which then takes
    the outer problem's value and the widest scale (a link's grades are checked against 0–4).
    """
    key, params = problem
    params = dict(params)
    if isinstance(params.get("why"), tuple):
        params["why_text"] = problem_text(params.pop("why"))
    elif "why" in params:
        value = params.get("value", "")
        params["why_text"] = T(params.pop("why"), value=value, scale=max(state.SCALES), max=state.MAX_NAME, name=value)
    return T(key, **params)
