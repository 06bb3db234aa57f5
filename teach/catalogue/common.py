"""Strings of the frame every page shares: navigation, links, URL and row problems, the editor, summary metrics, chart tables: key -> (Korean, English)."""

from __future__ import annotations

STRINGS: dict[str, tuple[str, str]] = {
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
    "share_qr_caption": (
        "휴대폰 카메라로 찍으면 이 예시가 그대로 열립니다.",
        "Scan with a phone camera to open exactly this example.",
    ),
    "share_qr_too_long": (
        "링크가 너무 길어 QR 코드로 만들 수 없습니다. 위의 링크를 복사해 공유하세요.",
        "The link is too long for a QR code. Copy the link above to share it.",
    ),
    "url_kept_warning": (
        "링크의 값 하나를 쓸 수 없어 그 값만 기본값으로 바꿨습니다: {why} 예시의 나머지는 링크대로 열었습니다.",
        "One value in the link could not be used, so only that value fell back to its default: {why} "
        "The rest of the link's example was opened as it is.",
    ),
    "url_kept_warning_many": (
        "링크의 값 {n}개를 쓸 수 없어 그 값들만 각각 기본값으로 바꿨습니다. {why} 예시의 나머지는 링크대로 열었습니다.",
        "{n} {n:value|values} in the link could not be used, so only those fell back to their defaults, each on its own. "
        "{why} The rest of the link's example was opened as it is.",
    ),
    "url_several": ("{whys_text}", "{whys_text}"),
    "url_reset_warning": (
        "링크의 예시를 쓸 수 없어 기본 예시를 엽니다: {why}",
        "The link's example could not be used, so the default example is shown: {why}",
    ),
    # URL problems (one sentence each)
    "url_long": (
        "URL 매개변수 '{param}': 너무 깁니다({length}자, 최대 {max}자).",
        "URL parameter '{param}' is too long ({length} characters; at most {max}).",
    ),
    "url_too_many": (
        "'{param}'에 항목이 {count}개 있습니다(최대 {max}개).",
        "'{param}' has {count} entries (at most {max}).",
    ),
    "url_grade": (
        "매개변수 '{param}', {pos}번째 값 '{value}': {why_text}",
        "'{param}' value {pos} '{value}': {why_text}",
    ),
    "url_gain": (
        "이득 함수 '{value}': 없는 이름입니다(linear 또는 exponential).",
        "There is no gain '{value}' (use linear or exponential).",
    ),
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
    "row_grade_blank": ("관련성 점수가 비어 있거나 숫자가 아닙니다.", "the grade is blank or not a number."),
    "row_grade_nan": ("관련성 점수 '{value}': 숫자가 아닙니다.", "the grade '{value}' is not a number."),
    "row_grade_negative": (
        "관련성 점수 {value}: 음수입니다(0 이상이어야 함).",
        "the grade {value} is negative (grades are 0 or more).",
    ),
    "row_grade_fraction": (
        "관련성 점수 {value}: 0–{scale} 척도의 정수가 아닙니다.",
        "the grade {value} is not a whole number on the scale 0–{scale}.",
    ),
    "row_grade_above": (
        "관련성 점수 {value}: 척도 0–{scale}보다 큽니다.",
        "the grade {value} is above the scale 0–{scale}.",
    ),
    "row_name_blank": ("이름이 비어 있습니다.", "the name is blank."),
    "row_name_long": ("이름이 {max}자보다 깁니다.", "the name is longer than {max} characters."),
    "row_name_duplicate": (
        "이름 '{name}': {other}행에서 이미 쓰는 이름입니다. 이 행의 이름을 바꾸면 다시 계산에 들어갑니다.",
        "the name '{name}' is already used by row {other}. Rename this row to count it again.",
    ),
    "row_score_nan": (
        "모델 점수 '{value}': 비어 있거나 숫자가 아닙니다.",
        "the model score '{value}' is blank or not a number.",
    ),
    "row_too_many": (
        "항목이 {count}개입니다. 처음 {max}개만 계산합니다.",
        "There are {count} items; only the first {max} are computed.",
    ),
    "row_problem": (
        "{row}행: {text} 고칠 때까지 이 행은 계산에서 빠집니다.",
        "Row {row}: {text} This row is left out until it is fixed.",
    ),
    "more_problems": ("그 밖에 문제가 있는 행: {n}개.", "More rows with problems: {n}."),
    "no_items": (
        "계산할 항목이 없습니다. 표에 항목을 하나 이상 추가하세요.",
        "There is nothing to compute: add at least one item to the table.",
    ),
    # Editor
    "editor_title": ("랭킹 편집", "Ranking editor"),
    "edit_example": ("예시 바꾸기: 순서, 항목, 점수, 설정", "Change the example: order, items, grades, settings"),
    "example_line": ("지금 예시: {items} · 이득 {gain} · k: {k}", "Example: {items} · gain {gain} · k: {k}"),
    "example_more": ("외 {n}개", "{n} more"),
    "editor_help": (
        "목록을 끌거나 ▲▼ 버튼으로 순서를 바꾸고, 표에서 항목을 추가·이름 변경·삭제하고 관련성 점수를 정하세요.",
        "Drag the list or use its ▲▼ buttons to reorder; use the table to add, rename and delete items and set their grades.",
    ),
    # Summary metrics
    "metric_ndcg": ("nDCG{at}", "nDCG{at}"),
    "metric_dcg": ("DCG{at}", "DCG{at}"),
    "metric_idcg": ("IDCG{at}", "IDCG{at}"),
    "metric_cg": ("CG{at}", "CG{at}"),
    # k past the list: the label keeps the k asked for (as trec_eval's ndcg_cut.k) and names the list's length
    "metric_at_list": (" (목록 {n}개)", " (list of {n})"),
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
    # A chart's numbers as a table, and CSV files of the tables (issue 9)
    "chart_as_table": ("표로 보기", "Show as a table"),
    "chart_col_actual_item": ("실제 순서의 항목", "Actual: item"),
    "chart_col_actual_dg": ("실제 순서의 감쇠된 이득", "Actual: discounted gain"),
    "chart_col_ideal_item": ("이상적 순서의 항목", "Ideal: item"),
    "chart_col_ideal_dg": ("이상적 순서의 감쇠된 이득", "Ideal: discounted gain"),
    "csv_download": ("CSV 내려받기", "Download CSV"),
    "first_paint_rest": ("나머지 보기", "Show the rest"),  # hidden: pressed by the first paint's script
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
    "ties_range": (
        "동점 안의 순서에 따른 nDCG 범위: {lo} (비관적) ~ {hi} (낙관적)",
        "nDCG depending on the order within ties: {lo} (pessimistic) to {hi} (optimistic)",
    ),
    "col_tie_group": ("동점 묶음", "Tie group"),
    "col_policy": ("정책", "Policy"),
}
