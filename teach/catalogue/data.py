"""Strings of your own data (lessons/data.py): key -> (Korean, English)."""

from __future__ import annotations

STRINGS: dict[str, tuple[str, str]] = {
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
    # Upload work runs in a worker process (issue 23): one sentence while the page waits for it.
    "data_work_queued": (
        "다른 사용자의 파일을 먼저 계산하고 있습니다. 끝나는 대로 이 파일을 계산합니다…",
        "Another user's files are being worked on first; yours are next…",
    ),
    "data_work_working": (
        "서버의 별도 작업 프로세스에서 계산하고 있습니다. 끝나면 결과가 여기에 나타납니다…",
        "Working in a separate process on the server; the results appear here when it is done…",
    ),
    "data_file_time": (
        "파일 '{name}': 계산이 이 서버가 한 세션에 주는 {seconds}초를 넘어 멈췄습니다. 더 작은 파일로 해 보세요.",
        "{name}: the work on it took longer than the {seconds} seconds this server gives one session, so it was "
        "stopped; try a smaller file.",
    ),
    "data_file_memory": (
        "파일 '{name}': 계산에 이 서버가 한 세션에 주는 메모리보다 많이 필요해 멈췄습니다. 더 작은 파일로 해 보세요.",
        "{name}: the work on it needed more memory than this server gives one session, so it was stopped; "
        "try a smaller file.",
    ),
    "data_need_run": ("런 파일을 올려 주세요.", "Upload at least one run file."),
    "data_need_qrels": (
        "판정(qrels) 파일을 올려 주세요. 런이 relevance 열이 있는 CSV·TSV라면 그 판정을 씁니다.",
        "Upload a judgments (qrels) file, or a CSV or TSV run with a relevance column.",
    ),
    "data_file_binary": (
        "파일 '{name}': 이진 파일이어서 읽을 수 없습니다. 텍스트 파일(TREC, CSV, TSV)을 올려 주세요.",
        "{name} is a binary file, not text: upload a TREC, CSV or TSV text file.",
    ),
    "data_file_encoding": (
        "파일 '{name}': UTF-8도 CP949(EUC-KR)도 아닌 인코딩이어서 읽을 수 없습니다.",
        "{name} is neither UTF-8 nor CP949 (EUC-KR) text, so it cannot be read.",
    ),
    "data_file_empty": (
        "파일 '{name}': 비어 있습니다(빈 줄, # 주석, 머리글뿐).",
        "{name} is empty (no lines but blank, # comment or header lines).",
    ),
    "data_file_fields": (
        "파일 '{name}': 첫 줄의 필드 수 {n}개. TREC 런은 6개, 판정은 4개이고, CSV·TSV는 query_id와 doc_id를 적은 머리글이 필요합니다.",
        "{name}: the first line has {n} {n:field|fields}; a TREC run line has 6, a qrels line 4, and a CSV or TSV file needs "
        "a header naming query_id and doc_id.",
    ),
    "data_file_columns": (
        "파일 '{name}': 머리글에 score, rank, relevance 중 어느 열도 없습니다.",
        "{name}: the header names none of score, rank or relevance.",
    ),
    "data_file_nothing": (
        "파일 '{name}': 읽을 수 있는 줄이 하나도 없습니다. 첫 번째는 {why_text}",  # why_text names its line
        "{name}: no line could be read. The first: {why_text}",
    ),
    "data_file_malformed": (
        "파일 '{name}': 줄 {line}: CSV로 나눌 수 없는 줄입니다({detail}).",
        "{name}: line {line} cannot be split as CSV ({detail}).",
    ),
    "data_file_rows": (
        "파일 '{name}': 줄이 {n}개입니다. 이 페이지는 파일 하나에 {max}줄까지 읽습니다(명령줄 python -m ndcg_core는 제한이 없습니다).",
        "{name} has {n} lines; this page reads at most {max} per file (the command line python -m ndcg_core has no limit).",
    ),
    "data_file_queries": (
        "파일 '{name}': 쿼리가 {n}개입니다. 이 페이지는 파일 하나에 쿼리 {max}개까지 읽습니다(명령줄 python -m ndcg_core는 제한이 없습니다).",
        "{name} holds {n} queries; this page reads at most {max} per file (the command line python -m ndcg_core has no limit).",
    ),
    "data_file_mixed": (
        "파일 '{name}': 줄 {line}: UTF-8인데 파일의 다른 줄은 CP949(EUC-KR)여서, 문서 ID가 잘못 읽힐 수 있어 읽지 않았습니다. 파일 전체를 한 인코딩(UTF-8)으로 저장해 주세요.",
        "{name}: line {line} is UTF-8 but other lines are CP949 (EUC-KR), so ids would be misread; save the whole file in one encoding (UTF-8).",
    ),
    "data_too_many_runs": (
        "런 파일 {n}개 중 앞의 {max}개만 읽었습니다(이 페이지의 한도). 빠진 파일: {names}",
        "Only the first {max} of the {n} run files were read (this page's limit); left out: {names}",
    ),
    "data_open_search": ("쿼리 ID로 찾기", "Find a query by id"),
    "data_open_shown": (
        "쿼리 {total}개 중 {shown}개를 보여 줍니다(점수가 낮은 순). 다른 쿼리는 위 칸에 ID 일부를 입력해 찾으세요.",
        "Showing {shown} of {total} {total:query|queries}, worst first; type part of an id above to find another.",
    ),
    "data_open_none": ("'{text}' 문자열이 들어간 쿼리 ID가 없습니다.", "No query id contains '{text}'."),
    "data_compare_big": (
        "두 런이 함께 센 쿼리가 {n}개여서 검정(부트스트랩 {boot}회, 부호 뒤집기 {perm}회)에 시간이 걸립니다. 버튼을 누르면 계산합니다.",
        "The runs share {n} queries, so the tests ({boot} bootstraps, {perm} sign flips) take a while; press the button to run them.",
    ),
    "data_compare_run": ("런 비교 계산하기", "Compare the runs"),
    "data_dropped": (
        "파일 '{name}': 읽을 수 없는 줄 {count}개를 빼고 나머지로 평가했습니다. 첫 번째는 {why_text}",
        "{name}: {count} line(s) could not be read and were left out; the rest is evaluated. The first: {why_text}",
    ),
    "data_line_fields": (
        "줄 {line}: 필드가 {n}개인데 {what} 줄은 {need}개가 필요합니다.",
        "line {line} has {n} {n:field|fields}, but a {what} line needs {need}.",
    ),
    "data_line_width": (
        "줄 {line}: 필드가 {n}개인데 머리글의 열은 {need}개입니다.",
        "line {line} has {n} {n:field|fields}, but the header names {need}.",
    ),
    "data_line_number": (
        "줄 {line}: {column} 값 '{value}': 숫자가 아닙니다.",
        "line {line}: the {column} '{value}' is not a number.",
    ),
    "data_line_infinite": (
        "줄 {line}: {column} 값 '{value}': 유한한 숫자가 아닙니다.",
        "line {line}: the {column} '{value}' is not a finite number.",
    ),
    "data_line_duplicate": (
        "줄 {line}: 쿼리 '{query}'에 문서 '{doc}' 항목이 또 나옵니다(처음은 줄 {first}).",
        "line {line}: query '{query}' lists document '{doc}' again (first on line {first}).",
    ),
    "data_line_comment": ("줄 {line}: # 주석 줄입니다.", "line {line} is a # comment."),
    "data_line_blank": ("줄 {line}: {column} 값이 비어 있습니다.", "line {line}: the {column} is blank."),
    "data_not_run": (
        "파일 '{name}': 런이 아니라 판정(qrels) 파일로 보여 런에서 뺐습니다(한 줄에 필드 4개).",
        "{name} looks like judgments (4 fields per line), not a run, so it was not used as a run.",
    ),
    "data_not_qrels": (
        "파일 '{name}': 판정이 아니라 런 파일로 보여 판정으로 쓰지 않았습니다.",
        "{name} looks like a run, not judgments, so it was not used as the qrels.",
    ),
    "data_rules": ("규칙", "Rules"),
    "data_k": ("k (0 = 전체)", "k (0 = all)"),
    "data_k_help": (
        "상위 k개 문서만 셉니다. 0이면 검색된 문서 전부를 셉니다(trec_eval의 ndcg).",
        "Only the top k documents count; 0 counts every retrieved document (trec_eval's ndcg).",
    ),
    "data_ideal": ("이상적 순서(IDCG)의 문서", "Documents in the ideal (IDCG)"),
    "data_ideal_judged": ("판정된 문서 전부 (trec_eval)", "Every judged document (trec_eval)"),
    "data_ideal_retrieved": (
        "검색된 문서만 (scikit-learn의 이상적 순서, 동점은 여전히 문서 ID 역순)",
        "Retrieved documents only (scikit-learn's ideal; ties still by document id)",
    ),
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
    "data_cov_counted": (
        "평균은 쿼리 {counted}개에 대한 값입니다(런과 판정 모두에 있는 쿼리 {scored}개 중).",
        "The mean is over {counted} {counted:query|queries} ({scored} {scored:is|are} in both the run and the judgments).",
    ),
    "data_cov_run_only_none": (
        "런의 쿼리는 모두 판정이 있습니다(판정이 없는 쿼리가 있다면 trec_eval처럼 뺍니다).",
        "Every run query has judgments (one without any would be left out, as trec_eval does).",
    ),
    "data_cov_run_only": (
        "런에만 있고 판정이 없는 쿼리 {n}개는 뺐습니다(trec_eval과 같음): {ids}",
        "Run queries with no judgments ({n}) are left out, as trec_eval does: {ids}",
    ),
    "data_cov_judged_only_skip": (
        "판정은 있지만 런에 없는 쿼리 {n}개는 뺐습니다(trec_eval 기본값): {ids}",
        "Judged queries missing from the run ({n}) are left out (trec_eval's default): {ids}",
    ),
    "data_cov_judged_only_zero": (
        "판정은 있지만 런에 없는 쿼리 {n}개는 0으로 셌습니다(trec_eval -c): {ids}",
        "Judged queries missing from the run ({n}) count as 0 (trec_eval -c): {ids}",
    ),
    "data_cov_no_rel_zero": (
        "관련 문서가 없는 쿼리 {n}개는 nDCG 0으로 셌습니다(trec_eval과 같음): {ids}",
        "Queries with no relevant document ({n}) count as nDCG 0, as in trec_eval: {ids}",
    ),
    "data_cov_no_rel_skip": (
        "관련 문서가 없는 쿼리 {n}개는 평균에서 뺐습니다(trec_eval은 0으로 셉니다): {ids}",
        "Queries with no relevant document ({n}) are left out of the mean (trec_eval counts them as 0): {ids}",
    ),
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
    "data_opened": (
        "내 데이터의 쿼리 '{query}' (런 '{run}'): 문서 {n}개 전부입니다. 순서는 trec_eval과 같습니다(점수, 동점이면 문서 ID 역순).",
        "Query '{query}' of run '{run}' from your data: all {n} {n:document|documents}, in trec_eval's order (by score, ties by document id descending).",
    ),
    "data_opened_cut": (
        "내 데이터의 쿼리 '{query}' (런 '{run}'): 검색된 문서 {total}개 중 앞의 {n}개입니다. 순서는 trec_eval과 같습니다.",
        "Query '{query}' of run '{run}' from your data: the first {n} of its {total} retrieved documents, in trec_eval's order.",
    ),
    "data_ids_short": (
        "{max}자가 넘는 문서 ID는 앞과 끝만 보이게 줄였습니다(가운데 …). 표의 CSV와 주소에도 줄인 이름이 들어갑니다.",
        "Document ids longer than {max} characters are shortened to their start and end (… in between); the tables, their CSV and the link use the shortened names.",
    ),
    "data_opened_other_k": (
        "내 데이터의 쿼리 '{query}' (런 '{run}'): 검색된 문서 {total}개 중 앞의 {n}개입니다. 순서는 trec_eval과 같습니다. "
        "단계별 계산은 문서를 {n}개까지만 담으므로 {shown_at} 값을 보여 줍니다. 표의 {table_at} 값은 {table_value}입니다.",
        "Query '{query}' of run '{run}' from your data: the first {n} of its {total} retrieved documents, in "
        "trec_eval's order. The step view holds at most {n} documents, so it shows {shown_at}; the table's "
        "{table_at} is {table_value}.",
    ),
    "data_back": ("내 데이터로 돌아가기", "Back to your data"),
    "data_sample_shown": (
        "지금 보이는 것은 앱에 들어 있는 예제 데이터입니다. 내 파일을 평가하려면 위에서 '파일 올리기'를 고르세요.",
        "You are looking at the bundled sample, not your own files. To evaluate your files, choose "
        "'Upload files' above.",
    ),
    "data_kept_both": (
        "이 세션에서 올린 파일을 그대로 평가합니다. 런: {runs} · 판정: {qrels}. 칸에 새 파일을 고르면 그 칸의 파일을 바꿉니다.",
        "Evaluating the files you uploaded earlier in this session. Runs: {runs} · judgments: {qrels}. "
        "Choosing files in a box replaces that box's files.",
    ),
    "data_kept_runs": (
        "이 세션에서 올린 런 파일을 그대로 평가합니다: {runs}. 칸에 새 파일을 고르면 바꿉니다.",
        "Evaluating the run files you uploaded earlier in this session: {runs}. Choosing files in the box "
        "replaces them.",
    ),
    "data_kept_qrels": (
        "이 세션에서 올린 판정 파일을 그대로 씁니다: {qrels}. 칸에 새 파일을 고르면 바꿉니다.",
        "Using the judgments file you uploaded earlier in this session: {qrels}. Choosing a file in the box "
        "replaces it.",
    ),
    "data_kept_clear": ("올린 파일 지우기", "Clear the uploads"),
    "data_compare": ("런 비교", "Compare runs"),
    "data_compare_one": (
        "런을 두 개 이상 올리면 여기에서 비교합니다.",
        "Upload two or more runs to compare them here.",
    ),
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
    "data_col_p_holm": ("p (무작위화 검정, Holm 보정)", "p (randomization test, Holm-corrected)"),
    "data_col_effect": ("효과 크기 d_z", "Effect size d_z"),
    "data_delta_title": (
        "쿼리별 Δ('{run}' − '{base}'), 작은 값부터:",
        "Δ per query ('{run}' − '{base}'), smallest first:",
    ),
    "data_axis_sorted": ("쿼리 (Δ 순)", "Queries, sorted by Δ"),
    "data_p_title": ("p-값이 말하는 것과 말하지 않는 것", "What a p-value says here, and what it does not"),
    "data_p_text": (
        "**말하는 것.** 두 런이 이 쿼리들에서 평균적으로 똑같이 좋다고 가정할 때, 지금만큼 큰 평균 차이가 우연히 나올 확률입니다. "
        "무작위화 검정은 쿼리마다 두 런의 점수를 무작위로 바꾸어 보기를 {permutations}번 반복하여(시드 고정) 이 확률을 셉니다. "
        "t검정은 차이가 정규분포에 가깝다고 가정하고 같은 것을 계산합니다.\n\n"
        "**말하지 않는 것.** p-값은 '이 런이 더 좋을 확률'이 아닙니다. 차이가 얼마나 큰지도 말하지 않습니다. 그것은 평균 Δ, "
        "구간, 효과 크기가 말합니다. 쿼리가 많으면 아주 작은 차이도 p가 작아지고, 쿼리가 적으면 큰 차이도 p가 클 수 있습니다. "
        "결과는 이 쿼리 집합과 이 판정에 대한 것이며, 다른 쿼리나 다른 판정자에게 그대로 옮겨지지 않습니다. "
        "런을 여러 개 비교하면 우연히 작은 p가 나오기 쉬우므로 'p (무작위화 검정, Holm 보정)' 행을 보세요. "
        "무작위화 검정의 p를 Holm–Bonferroni 방법으로 보정한 값입니다.",
        "**What it says.** If the two runs were equally good on these queries on average, how often would a mean "
        "difference as large as this one appear by chance? The randomization test counts it directly: it swaps the two "
        "runs' scores at random, query by query, {permutations} times (seeded). The t-test computes the same from a "
        "normal approximation of the differences.\n\n"
        "**What it does not say.** A p-value is not the probability that one run is better, and it says nothing about "
        "how large the difference is: the mean Δ, its interval and the effect size say that. With many queries even a "
        "tiny difference gets a small p; with few, a large one may not. The result holds for these queries and these "
        "judgments, not for other queries or other assessors. Comparing several runs makes a small p by chance more "
        "likely, so read the row 'p (randomization test, Holm-corrected)': the randomization test's p, corrected by "
        "Holm–Bonferroni.",
    ),
}
