"""Strings of the presenter view (?present=1): key -> (Korean, English)."""

from __future__ import annotations

STRINGS: dict[str, tuple[str, str]] = {
    # Presenter view (?present=1)
    "present_position": ("단계 {step} / {total} · ← → 키로 이동", "Step {step} of {total} · ← → keys move"),
    "present_open": ("발표 모드로 보기", "Present this lesson"),
    "present_open_help": (
        "지금 예시의 단계 1–4를 프로젝터용으로 한 화면에 하나씩 크게 보여 줍니다. ← → 키로 넘기고 Esc로 돌아옵니다.",
        "Shows Steps 1–4 of this example one at a time, large, for a projector: ← → move, Esc comes back.",
    ),
    "present_prev": ("◀ 이전", "◀ Previous"),
    "present_next": ("다음 ▶", "Next ▶"),
    "present_leave": ("발표 모드 끝내기", "Leave presenter view"),
    "present_more_rows": (
        "… 화면에 맞추려고 {last}위까지의 마지막 순위 {more}개를 뺐습니다.",
        "… the last {more} {more:rank|ranks}, down to rank {last}, {more:is|are} left out to fit the screen.",
    ),
    "present_bad_step": (
        "링크의 step 값 '{value}': 1–{total} 사이의 단계가 아니어서 다음 단계를 보여 줍니다: {step}.",
        "The link's step='{value}' is not a step from 1 to {total}, so step {step} is shown.",
    ),
    "present_bad_present": (
        "링크의 present 값 '{value}': 1이 아니어서 전체 페이지를 보여 줍니다(present=1이 발표 모드입니다).",
        "The link's present='{value}' is not 1, so the whole page is shown (present=1 opens the presenter view).",
    ),
    "present_more_lines": ("… 순위 {n}개 더", "… {n} more {n:rank|ranks}"),
    "btn_cap_grades": ("척도에 맞추기: 척도보다 큰 점수 → {scale}", "Fit the scale: grades above it → {scale}"),
    "delta_hint": (
        "순서를 바꾸면 nDCG가 어떻게 달라졌는지 여기에 나옵니다.",
        "Move an item and this line shows how nDCG changed.",
    ),
    "sticky_line": ("**nDCG{at} = {ndcg}**{delta}", "**nDCG{at} = {ndcg}**{delta}"),
    "score_left_out": (
        "이 점수는 유효한 행 {used}개만으로 계산했습니다(전체 {total}개 행). 아래 경고의 행을 고치면 다시 계산에 들어갑니다.",
        "This score counts only the {used} valid {used:row|rows} of {total}. Fix the rows named below to count them again.",
    ),
    "delta_line": ("nDCG {before} → {after} (Δ {delta})", "nDCG {before} → {after} (Δ {delta})"),
}
