"""nDCG teaching app: the entry point lists the pages and keeps the example in the URL."""

import streamlit as st

from ui import widgets as w

st.set_page_config(page_title="nDCG", page_icon="📈", layout="wide")
w.start_session()
w.language_picker()

pages = [
    st.Page("pages/intro.py", title=w.T("nav_intro"), icon=":material/menu_book:", default=True),
    st.Page("pages/steps.py", title=w.T("nav_steps"), icon=":material/calculate:", url_path="steps"),
    st.Page("pages/discount.py", title=w.T("nav_discount"), icon=":material/trending_down:", url_path="discount"),
    st.Page("pages/gain.py", title=w.T("nav_gain"), icon=":material/balance:", url_path="gain"),
    st.Page("pages/cutoff.py", title=w.T("nav_cutoff"), icon=":material/content_cut:", url_path="cutoff"),
]
page = st.navigation(pages)
st.sidebar.caption(w.T("sidebar_link"))
with w.app_frame():
    page.run()
