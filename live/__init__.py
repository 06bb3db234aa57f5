"""The live class: rooms, students, questions and answers shared by the teacher, the students and the projector.

Pure: never imports streamlit.
"""
