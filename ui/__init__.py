"""Streamlit-side helpers: the ko/en catalogue, the shared example state, and shared widgets."""
