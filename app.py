"""nDCG teaching app: the entry point lists the pages and keeps the example in the URL."""

import streamlit as st

from ui import widgets as w

st.set_page_config(page_title="nDCG", page_icon="📈", layout="wide")
w.start_session()
w.language_picker()

pages = [st.Page("pages/intro.py", title=w.T("nav_intro"), icon=":material/menu_book:", default=True)]
pages += [
    st.Page(path, title=w.T(key), icon=icon, url_path=path.removeprefix("pages/").removesuffix(".py"))
    for path, key, icon in w.LESSON_PAGES
]
page = st.navigation(pages)
st.sidebar.caption(w.T("sidebar_link"))
with w.app_frame():
    page.run()
