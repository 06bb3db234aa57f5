"""Strings of the live class (/live): join code, students' answers, the projector: key -> (Korean, English)."""

from __future__ import annotations

STRINGS: dict[str, tuple[str, str]] = {
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
    "live_code_help": ("프로젝터에 보이는 여덟 글자 코드입니다.", "The eight-character code shown on the projector."),
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
    "live_full": (
        "이 방은 이미 {max}명이 참여해 가득 찼습니다.",
        "This room is full: it already holds {max} students.",
    ),
    "live_nickname_taken": (
        "이 방에는 같은 별명('{name}')을 쓰는 학생이 이미 있습니다. 다른 별명을 쓰세요.",
        "A student called '{name}' is already in this room. Choose another nickname.",
    ),
    "live_locked": (
        "선생님이 이 방의 참여를 잠갔습니다. 지금은 새로 참여할 수 없습니다.",
        "The teacher has locked this room: no new student can join now.",
    ),
    "live_paced": (
        "지금 많은 학생이 한꺼번에 참여하고 있습니다. {seconds}초 뒤에 다시 '참여'를 누르세요.",
        "Many students are joining at once. Press Join again in {seconds} seconds.",
    ),
    "live_gone": (
        "이 링크의 학생 정보를 찾을 수 없습니다(방이 끝났거나 링크가 바뀜). 다시 참여하세요.",
        "This link's student could not be found (the room ended, or the link was changed). Please join again.",
    ),
    "live_not_teacher": (
        "이 링크의 교사 키가 맞지 않아 학생 화면을 보여 줍니다. 방을 연 브라우저의 교사 링크를 쓰세요.",
        "This link's teacher key does not match, so the student view is shown. Use the teacher link from the browser that opened the room.",
    ),
    "live_bad_link": (
        "링크의 '{name}' 값을 쓸 수 없어 무시했습니다.",
        "The link's '{name}' value could not be used, so it was ignored.",
    ),
    "live_store_down": (
        "수업 데이터베이스에 연결할 수 없습니다. 잠시 뒤에 다시 시도하세요.",
        "The class database cannot be reached. Please try again in a moment.",
    ),
    "live_store_busy": (
        "서버가 지금 바쁩니다. 잠시 뒤에 같은 버튼을 다시 누르세요. 지금까지의 답은 그대로 있습니다.",
        "The server is busy right now: press the same button again in a moment. Your earlier answers are kept.",
    ),
    "live_store_gone": (
        "서버가 켜져 있는 동안 수업 데이터베이스 파일이 지워져, 이 수업의 방과 답이 사라졌습니다. 선생님이 새 방을 열어야 합니다.",
        "The class database file was deleted while the server ran, so this class's rooms and answers are lost. "
        "The teacher needs to open a new room.",
    ),
    "live_you_are": ("나: {name}", "You: {name}"),
    "live_student_n": ("학생 {n}", "student {n}"),
    "live_student_numbered": ("{name} (#{n})", "{name} (#{n})"),
    "live_waiting": (
        "선생님이 첫 문제를 내기를 기다리는 중입니다. 문제가 나오면 이 화면이 저절로 바뀝니다.",
        "Waiting for the teacher's first question. This screen changes by itself when it comes.",
    ),
    "live_question_no": ("문제 {no}", "Question {no}"),
    "live_q_ideal": (
        "항목을 끌어서(또는 키보드로 옮겨서) 이상적 순서로 놓은 다음 '답 보내기'를 누르세요. 같은 등급끼리는 어느 순서든 정답입니다. "
        "프로젝터에는 각자 만든 순서의 nDCG가 모입니다.",
        "Drag the items (or move them with the keyboard) into the ideal order, then press Send answer. Items with the same "
        "grade may come in any order. The projector gathers the nDCG each order reaches.",
    ),
    "live_q_ideal_board": (
        "학생들이 각자 휴대폰에서 항목을 끌어 이상적 순서로 놓습니다. 같은 등급끼리는 어느 순서든 정답입니다. "
        "그래프에는 각자 만든 순서의 nDCG가 모입니다.",
        "Students drag the items into the ideal order on their phones; items with the same grade may come in any "
        "order. The chart gathers the nDCG each order reaches.",
    ),
    "live_submit": ("답 보내기", "Send answer"),
    "live_sent": (
        "답을 보냈습니다: {answer}. 선생님이 문제를 닫기 전까지 바꿀 수 있습니다.",
        "Your answer is in: {answer}. You can change it until the teacher closes the question.",
    ),
    "live_closed_yours": (
        "답 받기가 끝났습니다. 내 답: {answer}. 정답 공개를 기다리세요.",
        "Answers are closed. Your answer: {answer}. Wait for the reveal.",
    ),
    "live_closed_none": (
        "답 받기가 끝났습니다. 이 문제에는 답하지 않았습니다.",
        "Answers are closed. You did not answer this question.",
    ),
    "live_too_late": (
        "답을 보내기 전에 문제가 닫혔습니다. 보낸 답은 저장되지 않았습니다.",
        "The question closed before your answer arrived, so it was not stored.",
    ),
    "live_bad_answer": ("이 답은 받을 수 없습니다: {why}", "This answer cannot be taken: {why}"),
    "live_answer_range": ("0에서 1 사이의 수를 적으세요.", "Write a number from 0 to 1."),
    "live_answer_positive": ("0에서 {max} 사이의 수를 적으세요.", "Write a number from 0 to {max}."),
    "live_your_answer": ("내 답: {answer}", "Your answer: {answer}"),
    "live_order_answer": ("순서 {order} (nDCG {value})", "order {order} (nDCG {value})"),
    "live_pick_answer": ("선형 {linear}, 지수 {exponential}", "linear {linear}, exponential {exponential}"),
    "live_right_answer": ("정답: {answer}", "The answer: {answer}"),
    # teacher
    "live_room": ("방 {code}", "Room {code}"),
    "live_expires": (
        "이 방은 {when}(UTC)에 답과 함께 삭제됩니다.",
        "This room and its answers are deleted at {when} (UTC).",
    ),
    "live_links": ("링크", "Links"),
    "live_student_link": ("학생 참여 링크(프로젝터에 띄우세요)", "Students' join link (project this)"),
    "live_projector_link": ("프로젝터 화면 링크", "Projector view link"),
    "live_open_projector": ("프로젝터 화면 열기", "Open the projector view"),
    "live_teacher_link": (
        "교사용 비밀 링크(학생에게 보이지 마세요)",
        "Private teacher link (never show it to students)",
    ),
    "live_show_teacher_link": (
        "교사용 비밀 링크 보기(학생에게 보이지 마세요)",
        "Show the private teacher link (never to students)",
    ),
    "live_teacher_link_note": (
        "이 링크가 있으면 누구나 문제를 내고 닫고 답을 내려받을 수 있습니다. 프로젝터에는 이 페이지 말고 프로젝터 화면을 띄우세요. "
        "이 링크를 북마크해 두면 새로 고침하거나 다른 기기에서도 교사 화면으로 돌아올 수 있습니다.",
        "Anyone with this link can start and close questions and download the answers. Project the projector view, "
        "not this page. Bookmark this link to come back to the teacher view after a reload or on another device.",
    ),
    "live_students_count": ("참여한 학생: {n}명", "Students in the room: {n}"),
    "live_lock": ("참여 잠그기", "Lock joining"),
    "live_unlock": ("참여 다시 열기", "Reopen joining"),
    "live_locked_note": (
        "참여가 잠겨 있습니다. 새 학생은 들어올 수 없고, 이미 참여한 학생은 그대로 답할 수 있습니다.",
        "Joining is locked: no new student can come in; those already in the room go on answering.",
    ),
    "live_remove_heading": ("학생 내보내기", "Remove students"),
    "live_remove_note": (
        "내보낸 학생의 답도 함께 삭제됩니다. 참여가 열려 있으면 다시 참여할 수 있으니, 가짜 학생이 몰려오면 먼저 참여를 잠그세요.",
        "Removing a student deletes their answers too. While joining is open they can join again, so if fake "
        "students flood in, lock joining first.",
    ),
    "live_remove_pick": ("내보낼 학생", "Students to remove"),
    "live_remove": ("선택한 학생 내보내기", "Remove the selected students"),
    "live_remove_silent": (
        "문제 {no}에 답하지 않은 학생 모두 내보내기",
        "Remove everyone who has not answered question {no}",
    ),
    "live_ask_heading": ("문제 내기", "Ask a question"),
    "live_kind": ("문제 종류", "Kind of question"),
    "live_seed": ("문제 번호(seed)", "Question number (seed)"),
    "live_seed_help": (
        "같은 번호는 같은 문제를 냅니다. 다음 문제마다 새 번호가 제안됩니다.",
        "The same number gives the same question; each new question suggests a fresh number.",
    ),
    "live_start": ("이 문제 내기", "Start this question"),
    "live_start_note": (
        "새 문제를 내면 지금 열린 문제는 닫힙니다.",
        "Starting a question closes the one that is open.",
    ),
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
    "live_col_bin": ("구간", "range"),
    "live_col_count": ("학생 수", "students"),
    "live_col_right_n": ("맞은 답", "right"),
    "live_col_slip_n": ("가장 흔한 실수", "most common mistake"),
    "live_legend_right": ("맞은 답", "right"),
    "live_legend_slip": ("가장 흔한 실수", "most common mistake"),
    "live_legend_wrong": ("다른 틀린 답", "other wrong"),
    "live_legend_truth": ("정답 {value}", "the answer {value}"),
    "live_badge_code": ("참여 코드", "Join code"),
    # Every wrong answer is named once, so the counts add up (U18).
    "live_mistake": (
        "가장 흔한 실수 — 틀린 답 {wrong}개 중 {count}개: {what}",
        "The most common mistake: {count} of the {wrong} wrong answers {what}",
    ),
    "live_mistake_one": ("틀린 답 1개: {what}", "The one wrong answer {what}"),
    "live_mistake_all": ("틀린 답 {wrong}개 모두: {what}", "All {wrong} wrong answers {what}"),
    "live_mistake_others": ("나머지: {rest}", "The rest: {rest}"),
    "live_mistake_item": ("{count}개 — {what}", "{count} {what}"),
    "live_all_right": ("틀린 답이 없습니다.", "No answer was wrong."),
    "live_chart_failed": (
        "답의 분포를 그릴 수 없었습니다. 답은 모두 그대로 저장되어 있습니다.",
        "The chart of the answers could not be drawn. Every answer is still stored.",
    ),
    "live_slip_other_gain": (
        "다른 이득 공식을 썼습니다(그 값은 {value}).",
        "used the other gain formula (that gives {value}).",
    ),
    "live_slip_no_cutoff": (
        "순위 k 아래까지 모두 더했습니다(그 값은 {value}).",
        "added up the ranks below k too (that gives {value}).",
    ),
    "live_slip_ideal_top_k": (
        "이상적 순서를 보이는 상위 k개로만 만들었습니다(그 값은 {value}). IDCG는 판정된 모든 항목에서 고릅니다.",
        "built the ideal order from the shown top k only (that gives {value}); the IDCG picks from every judged item.",
    ),
    "live_slip_log_rank": (
        "log₂(순위 + 1) 대신 log₂(순위)로 나눴습니다(그 값은 {value}).",
        "divided by log₂(rank) instead of log₂(rank + 1) (that gives {value}).",
    ),
    "live_slip_ln": (
        "log₂ 대신 자연로그 ln으로 나눴습니다(그 값은 {value}).",
        "divided by the natural log ln instead of log₂ (that gives {value}).",
    ),
    "live_slip_no_discount": (
        "감쇠로 나누지 않았습니다(그 값은 {value}).",
        "did not divide by the discount (that gives {value}).",
    ),
    "live_slip_divide_rank": (
        "log₂(순위 + 1) 대신 순위로 나눴습니다(그 값은 {value}).",
        "divided by the rank instead of log₂(rank + 1) (that gives {value}).",
    ),
    "live_slip_high": (
        "정답보다 큰 값을 답했습니다(알려진 실수 어느 것과도 맞지 않음).",
        "answered higher than the answer, near none of the known slips.",
    ),
    "live_slip_low": (
        "정답보다 작은 값을 답했습니다(알려진 실수 어느 것과도 맞지 않음).",
        "answered lower than the answer, near none of the known slips.",
    ),
    "live_slip_same_both": (
        "두 이득에서 같은 답을 골랐지만(선형 {linear}, 지수 {exponential}), 이 문제에서는 이득 공식에 따라 답이 바뀝니다.",
        "picked the same under both gains (linear {linear}, exponential {exponential}), but here the gain changes the verdict.",
    ),
    "live_slip_picks": (
        "'선형 {linear}, 지수 {exponential}' 조합을 골랐습니다.",
        "picked linear {linear}, exponential {exponential}.",
    ),
    "live_slip_order": (
        "등급 {low} 항목을 등급 {high} 항목보다 위에 두었습니다.",
        "put an item of grade {low} above an item of grade {high}.",
    ),
}
