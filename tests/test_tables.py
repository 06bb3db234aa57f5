"""Table display helpers: whole numbers shown as integers, only those that are safely whole, and any input shape."""

import numpy as np
import pandas as pd
import pyarrow as pa
import pytest

from teach.format import cell
from ui.tables import arrow, top_k


def test_whole_float_columns_become_integers_and_others_stay():
    """Grades 3.0, 1.0 become 3, 1; a column with 0.5, a NaN or a grade of 1e20 stays float (no overflow)."""
    df = pd.DataFrame(
        {"item": ["A", "B"], "grade": [3.0, 1.0], "dg": [0.5, 1.0], "gap": [np.nan, 1.0], "huge": [1e20, 2.0]}
    )
    out = arrow(df)
    assert out.schema.field("grade").type == pa.int64() and out["grade"].to_pylist() == [3, 1]
    assert [pa.types.is_floating(out.schema.field(c).type) for c in ("dg", "gap", "huge")] == [True] * 3
    assert out["huge"].to_pylist() == [1e20, 2.0] and out["item"].to_pylist() == ["A", "B"]
    assert out.column_names == list(df.columns) and df["grade"].dtype == np.float64  # the input is not changed


def test_a_mapping_of_lists_and_arrays_becomes_the_same_table_as_its_dataframe():
    """Lists of floats, NumPy arrays and lists of text give the same Arrow table as the DataFrame made of them."""
    cols = {
        "k": np.arange(1, 4),
        "nDCG": [0.5, 0.75, 1.0],
        "Item": ["가", "<b>", "=1+1"],
        "Grade": np.array([2.0, 0.0, 1.0]),
    }
    assert arrow(cols).equals(arrow(pd.DataFrame(cols)))
    assert arrow(cols).schema.field("Grade").type == pa.int64()


def test_a_column_of_mixed_cells_is_shown_as_text():
    """A column mixing numbers and text (e.g. "—" for a missing value) becomes text instead of failing."""
    out = arrow({"x": [1.5, "—", None]})
    assert out["x"].to_pylist() == ["1.5", "—", None]


def test_top_k_cuts_after_rank_k_and_keeps_short_tables_whole():
    """``top_k`` keeps the first k rows; with k None or k beyond the length it keeps every row."""
    t = arrow({"rank": [1, 2, 3]})
    assert top_k(t, 2)["rank"].to_pylist() == [1, 2]
    assert top_k(t, None).num_rows == top_k(t, 9).num_rows == 3


@pytest.mark.parametrize(
    "text",
    [
        "0.9134",
        "-0.4153",
        "RR@3",
        "trec_eval",
        "평가된 문서 #1",
        "0.0000 – 1.0000",
        "12:30",
        "log₂(2)",
        "1.5",
        "2^rel − 1",
        "≠",
    ],
)
def test_a_plain_cell_is_left_as_it_is(text):
    """Numbers, metric names and ordinary text go into a static table cell unchanged."""
    assert cell(text) == text


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("**b**", r"\*\*b\*\*"),
        ("[l](x)", r"\[l\](x)"),
        ("$x$", r"\$x\$"),
        ("# h", r"\# h"),
        ("- i", r"\- i"),
        ("1. one", r"1\. one"),
        ("_e_", r"\_e\_"),
        (":red[x]", r"\:red\[x\]"),
        ("<b>", r"\<b\>"),
        ("~~s~~", r"\~\~s\~\~"),
        ("http://x.test", "http\u200b://x.test"),
        ("me@x.com", "me@\u200bx.com"),
        ("www.x", "www\u200b.x"),
        ("a\nb", "a b"),
    ],
)
def test_markup_in_a_cell_is_escaped(text, shown):
    """Whatever markdown, LaTeX, a Streamlit directive or an autolink would read in a cell is escaped."""
    assert cell(text) == shown


def test_a_typed_material_icon_name_stays_as_typed():
    """Escaped text never holds ":material/" (Streamlit's markdown turns it into ":material_"), and reads back as typed."""
    from teach.format import plain

    for escaped in (plain(":material/home"), cell(":material/home")):
        assert ":material/" not in escaped
        assert escaped.replace("\\", "") == ":material/home"
