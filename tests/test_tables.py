"""Table display helpers: whole numbers shown as integers, and only those that are safely whole."""

import numpy as np
import pandas as pd

from ui.tables import _whole_numbers_as_ints


def test_whole_float_columns_become_integers_and_others_stay():
    """Grades 3.0, 1.0 become 3, 1; a column with 0.5, a NaN or a grade of 1e20 stays float (no overflow)."""
    df = pd.DataFrame({"item": ["A", "B"], "grade": [3.0, 1.0], "dg": [0.5, 1.0], "gap": [np.nan, 1.0],
                       "huge": [1e20, 2.0]})
    out = _whole_numbers_as_ints(df)
    assert out["grade"].dtype == np.int64 and out["grade"].tolist() == [3, 1]
    assert [out[c].dtype.kind for c in ("dg", "gap", "huge")] == ["f", "f", "f"]
    assert out["huge"].tolist() == [1e20, 2.0] and out["item"].tolist() == ["A", "B"]
    assert list(out.columns) == list(df.columns) and df["grade"].dtype == np.float64  # the input is not changed
