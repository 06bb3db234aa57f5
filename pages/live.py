# /live when Streamlit's legacy pages/ mode answers it: run app.py, which shows the lesson (see app.py).
import runpy
from pathlib import Path

runpy.run_path(str(Path(__file__).resolve().parent.parent / "app.py"))
