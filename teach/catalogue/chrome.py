"""Streamlit's own words inside the pages: key -> (Korean, English).

Each English text is exactly what Streamlit 1.67 writes (it has no Korean of its own); the browser
replaces it with the Korean in a Korean page (``ui.components.chrome``). ``{x}`` is the part of a
text that varies ("Help for {x}": the widget's label).
"""

from __future__ import annotations

STRINGS: dict[str, tuple[str, str]] = {
    "chrome_add_row": ("행 추가", "Add row"),
    "chrome_delete_rows": ("행 삭제", "Delete row(s)"),
    "chrome_clear_selection": ("선택 해제", "Clear selection"),
    "chrome_columns": ("열 보이기/숨기기", "Show/hide columns"),
    "chrome_csv": ("CSV로 내려받기", "Download as CSV"),
    "chrome_search": ("검색", "Search"),
    "chrome_fullscreen": ("전체 화면", "Fullscreen"),
    "chrome_close_fullscreen": ("전체 화면 닫기", "Close fullscreen"),
    "chrome_pages": ("앱 페이지", "App pages"),
    "chrome_sidebar": ("사이드바", "Sidebar"),
    "chrome_collapse_sidebar": ("사이드바 접기", "Collapse sidebar"),
    "chrome_expand_sidebar": ("사이드바 펼치기", "Expand sidebar"),
    "chrome_heading_link": ("이 제목으로 가는 링크", "Link to heading"),
    "chrome_running": ("실행 중…", "Running..."),
    "chrome_stop": ("중지", "Stop"),
    "chrome_stop_script": ("실행 중지", "Stop script"),
    "chrome_open": ("열기", "Open"),
    "chrome_clear_value": ("값 지우기", "Clear value"),
    "chrome_close": ("닫기", "Close"),
    "chrome_add_files": ("파일 추가", "Add files"),
    "chrome_upload": ("올리기", "Upload"),
    "chrome_drop_file": ("파일을 여기에 끌어다 놓으세요", "Drag and drop a file here"),
    "chrome_drop_files": ("파일을 여기에 끌어다 놓으세요", "Drag and drop files here"),
    "chrome_enter_apply": ("Enter 키를 누르면 적용됩니다", "Press Enter to apply"),
    "chrome_enter_submit": ("Enter 키를 누르면 보냅니다", "Press Enter to submit form"),
    "chrome_help": ("도움말", "Help"),
    "chrome_decrement": ("줄이기", "Decrement"),
    "chrome_increment": ("늘리기", "Increment"),
    # Texts with a varying part {x}
    "chrome_help_for": ("{x} 도움말", "Help for {x}"),
    "chrome_per_file": ("파일당 최대 {x}", "{x} per file"),
    "chrome_upload_what": ("{x} 올리기", "Upload {x}"),
    "chrome_press_apply": ("{x} 키를 누르면 적용됩니다", "Press {x} to apply"),
}
