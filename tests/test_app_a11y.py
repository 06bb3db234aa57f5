"""Accessible and exportable (issue 9): colour-blind-safe colours, every chart's numbers as a table, CSV files."""

from __future__ import annotations

import io
import json

import pandas as pd
import pytest

from ndcg_core import discount_weights, score_ranking
from tests.conftest import open_page
from ui import figures, tables

PALETTE = {c.lower() for c in figures.PALETTE.values()}


def _colours(node) -> set[str]:
    """Every colour string set anywhere in a chart's data."""
    if isinstance(node, dict):
        found = {v.lower() for k, v in node.items() if k in ("color", "outline") and isinstance(v, str)}
        found |= {c.lower() for c in node.get("colors") or ()}
        return found.union(*(_colours(v) for v in node.values()))
    if isinstance(node, list):
        return set().union(*(_colours(v) for v in node))
    return set()


def _charts(at, kind: str = "") -> list[dict]:
    """The data the page sent to its SVG charts (``ndcg_bars`` and ``ndcg_lines``), or to one ``kind`` of them."""
    return [
        json.loads(c.proto.json)
        for c in at.get("bidi_component")
        if c.proto.component_name.endswith(("ndcg_bars", "ndcg_lines")) and c.proto.component_name.endswith(kind)
    ]


def _bar_data(at) -> dict:
    """The data sent to the page's one SVG bar chart."""
    bars = _charts(at, "ndcg_bars")
    assert len(bars) == 1
    return bars[0]


def open_chart_tables(at):
    """Open every "Show as a table" expander, as a click on it does (its table is drawn only while open)."""
    for key in [k for k in at.session_state if k.endswith("_as_table")]:
        at.session_state[key] = True
    return at.run()


def _chart_table(at) -> pd.DataFrame:
    """The table inside the page's one "Show as a table" expander, opened."""
    open_chart_tables(at)
    boxes = [e for e in at.expander if e.label == "Show as a table"]
    assert len(boxes) == 1
    shown = [*boxes[0].table, *boxes[0].dataframe]
    assert len(shown) == 1
    return shown[0].value


# ---------------------------------------------------------------- colours


@pytest.mark.parametrize("page", ["discount", "gain", "cutoff", "limits", "steps"])
def test_every_chart_colour_comes_from_the_palette(page):
    """Each colour a chart on the page uses (lines, markers, bars, vertical lines) is one of the Okabe–Ito palette's,
    and the page draws no plotly chart (its 4.7 MB bundle)."""
    at = open_page(f"lessons/{page}.py", {"rel": "3,0,2,1", "lang": "en"})
    charts = _charts(at)
    used = _colours(charts)
    assert charts and used and used <= PALETTE, used - PALETTE
    assert not at.get("plotly_chart")


def test_the_bar_chart_colours_come_from_the_palette_and_the_ideal_bars_are_hatched():
    """The step page's bar chart takes its colours from the palette, and its two series differ by hatching too."""
    data = _bar_data(open_page("lessons/steps.py", {"rel": "1,3,2", "lang": "en"}))
    assert {s["color"].lower() for s in data["series"]} <= PALETTE
    assert [bool(s.get("hatch")) for s in data["series"]] == [False, True]


def test_curves_differ_by_dash_and_marker_not_only_by_colour():
    """On the discount, nDCG@k and lab charts no two lines share both their dash and their marker symbol."""
    for page in ("discount", "cutoff", "limits"):
        for chart in _charts(open_page(f"lessons/{page}.py", {"rel": "3,0,2,1", "lang": "en"}), "ndcg_lines"):
            lines = [s for s in chart["series"] if s.get("lines", True) and not s.get("bar_width")]
            looks = {(s.get("dash"), s.get("symbol")) for s in lines}
            assert len(looks) == len(lines), (page, chart["title"])


def test_gain_bars_differ_by_pattern_not_only_by_colour():
    """On the gain chart the second gain's bars are hatched, the first's plain."""
    data = _bar_data(open_page("lessons/gain.py", {"rel": "3,0,2,1", "lang": "en"}))
    assert [bool(s.get("hatch")) for s in data["series"]] == [False, True]


def test_ranks_out_of_place_are_marked_with_a_sign_not_a_colour():
    """The actual-order table marks each rank whose grade differs from the ideal order's with ≠, the others with =."""
    at = open_page("lessons/steps.py", {"items": "A,B,C,D", "rel": "3,1,2,0", "lang": "en"})
    table = next(t.value for t in at.table if "vs ideal" in t.value.columns)
    assert table["Item"].tolist() == ["A", "B", "C", "D"]
    assert table["vs ideal"].tolist() == ["=", "≠", "≠", "="]  # ideal grades 3, 2, 1, 0
    assert "A rank marked ≠" in " ".join(c.value for c in at.caption)


# ---------------------------------------------------------------- every chart's numbers as a table


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_step_bar_chart_has_its_numbers_in_a_closed_expander(lang):
    """Under the bar chart a closed "Show as a table" expander lists each rank's items and discounted gains."""
    at = open_page("lessons/steps.py", {"items": "A,B,C", "rel": "1,3,2", "lang": lang})
    label = "Show as a table" if lang == "en" else "표로 보기"
    boxes = [e for e in at.expander if e.label == label]
    assert len(boxes) == 1 and not boxes[0].proto.expanded and not boxes[0].table  # closed: no table drawn yet
    boxes = [e for e in open_chart_tables(at).expander if e.label == label]
    df = boxes[0].table[0].value
    r = score_ranking([1, 3, 2], labels=["A", "B", "C"], gain="exponential")
    assert df.iloc[:, 0].tolist() == [1, 2, 3]
    assert df.iloc[:, 1].tolist() == ["A", "B", "C"] and df.iloc[:, 3].tolist() == ["B", "C", "A"]
    assert df.iloc[:, 2].to_numpy() == pytest.approx(r.column("discounted_gain"), rel=1e-12)
    assert df.iloc[:, 4].to_numpy() == pytest.approx(r.column("discounted_gain", ideal=True), rel=1e-12)


def test_the_discount_chart_has_every_curve_in_its_table():
    """The discount chart's table holds each plotted curve's weight per rank and the items at their ranks."""
    at = open_page("lessons/discount.py", {"items": "A,B,C", "rel": "1,3,2", "lang": "en"})
    at.slider(key="discount_base").set_value(10.0).run()
    df = _chart_table(at)
    (chart,) = _charts(at, "ndcg_lines")
    horizon = len(df)
    assert df["Rank i"].tolist() == list(range(1, horizon + 1))
    assert df["Item"].tolist()[:4] == ["A", "B", "C", ""]
    assert df["1/log₂(i+1) (standard)"].to_numpy() == pytest.approx(discount_weights(horizon, "log2"), rel=1e-12)
    assert df["1/i (as in MRR)"].to_numpy() == pytest.approx(discount_weights(horizon, "reciprocal"), rel=1e-12)
    for curve in chart["series"][:-1]:  # every curve, as plotted (the log_b one rescaled); then the items' stars
        assert df[curve["name"]].to_numpy() == pytest.approx(curve["y"], rel=1e-12), curve["name"]


def test_gain_and_cutoff_charts_sit_by_a_table_of_their_numbers_without_a_second_copy():
    """The gain and nDCG@k charts already stand by a table of the same numbers, so they add no expander."""
    at = open_page("lessons/gain.py", {"rel": "3,0,2,1", "lang": "en"})
    grades = next(t.value for t in at.table if "Grade" in t.value.columns)
    for bars in _bar_data(at)["series"]:
        assert grades[bars["name"]].to_numpy(dtype=float) == pytest.approx(bars["values"])
    at = open_page("lessons/cutoff.py", {"rel": "3,0,2,1", "lang": "en"})
    by_k = next(t.value for t in at.table if "k" in t.value.columns)
    (chart,) = _charts(at, "ndcg_lines")
    for curve in chart["series"]:
        assert by_k[curve["name"]].to_numpy(dtype=float) == pytest.approx(curve["y"], rel=1e-12)
    assert not [e for e in at.expander if e.label == "Show as a table"]


# ---------------------------------------------------------------- CSV files


def _read(data: bytes) -> pd.DataFrame:
    return pd.read_csv(io.BytesIO(data), encoding="utf-8-sig", keep_default_na=False)


def test_csv_keeps_korean_text_through_a_round_trip_and_starts_with_a_bom():
    """Korean headers and names survive pandas.read_csv(encoding="utf-8-sig"), and the file starts with a BOM."""
    df = pd.DataFrame({"항목": ["노트북", "가방"], "누적 DCG": [1.0, 2.5]})
    data = tables.csv_bytes(df)
    assert data.startswith(b"\xef\xbb\xbf")
    pd.testing.assert_frame_equal(_read(data), df)


@pytest.mark.parametrize("name", ['=HYPERLINK("x")', "+1", "-1+1", "@SUM(A1)", "\tx", "\rx"])
def test_csv_neutralises_a_cell_a_spreadsheet_would_run(name):
    """A text cell starting with = + - @, a tab or a CR is written with a leading apostrophe (OWASP)."""
    back = _read(tables.csv_bytes(pd.DataFrame({"Item": [name, "B"]})))
    assert back["Item"].tolist() == ["'" + name, "B"]


def test_csv_keeps_full_precision():
    """Numbers are written unrounded, not to the 4 places the tables show."""
    r = score_ranking([1, 3, 2], gain="exponential")
    back = _read(tables.csv_bytes(r.steps.loc[:, ["rank", "dcg", "ndcg"]]))
    assert back["dcg"].tolist() == r.column("dcg").tolist()
    assert back["ndcg"].tolist() == r.column("ndcg").tolist()


def _downloads(at) -> dict[str, object]:
    return {d.proto.id.rsplit("-", 1)[-1]: d.proto for d in at.get("download_button")}


def test_the_step_page_offers_the_cg_dcg_and_idcg_tables_as_csv():
    """Steps 1–3 each have a small "Download CSV" button; at k = 2 its help says the file holds all 3 rows."""
    at = open_page("lessons/steps.py", {"items": "A,B,C", "rel": "1,3,2", "k": "2", "lang": "en"})
    buttons = _downloads(at)
    assert {"steps_cg_csv", "steps_dcg_csv", "steps_idcg_csv"} <= buttons.keys()
    for key in ("steps_cg_csv", "steps_dcg_csv", "steps_idcg_csv"):
        b = buttons[key]
        assert b.label == "Download CSV" and b.type == "tertiary"
        assert "stops at rank 2" in b.help and "all 3 rows" in b.help


def test_the_presenter_view_has_no_download_button():
    """The presenter view (?present=1) shows a step's table without a CSV button."""
    at = open_page("lessons/steps.py", {"rel": "1,3,2", "present": "1", "step": "2", "lang": "en"})
    assert not at.exception
    assert not [k for k in _downloads(at) if k.endswith("_csv")]


def test_the_metrics_and_definitions_tables_offer_csv():
    """The metrics page offers its values and its rank table as CSV, the definitions page its table (in Korean too)."""
    at = open_page("lessons/metrics.py", {"rel": "1,3,2", "lang": "ko"})
    buttons = _downloads(at)
    assert {"metrics_values_csv", "metrics_ranks_csv"} <= buttons.keys()
    assert buttons["metrics_values_csv"].label == "CSV 내려받기"
    at = open_page("lessons/definitions.py", {"rel": "1,3,2", "lang": "en"})
    assert "definitions_csv" in _downloads(at)


@pytest.fixture
def served(monkeypatch):
    """The files the page's download buttons would serve, by file name: (mime type, bytes)."""
    from streamlit.runtime.media_file_manager import MediaFileManager

    files: dict[str, tuple[str, object]] = {}
    original = MediaFileManager.add_deferred

    def spy(self, data_callable, mimetype, coordinates, file_name=None, **kwargs):
        files[file_name] = (mimetype, data_callable)
        return original(self, data_callable, mimetype, coordinates, file_name=file_name, **kwargs)

    monkeypatch.setattr(MediaFileManager, "add_deferred", spy)
    return files


def test_the_dcg_file_holds_every_rank_unrounded_with_a_risky_name_neutralised(served):
    """At k = 2 the DCG file still holds all 3 ranks with the core's exact running DCG, and "=B" arrives as "'=B"."""
    open_page("lessons/steps.py", {"items": "A,=B,C", "rel": "1,3,2", "k": "2", "lang": "ko"})
    mime, make = served["ndcg_steps_dcg.csv"]
    assert mime == "text/csv"
    back = _read(make())
    r = score_ranking([1, 3, 2], labels=["A", "=B", "C"], gain="exponential")
    assert back["항목"].tolist() == ["A", "'=B", "C"]
    assert back["누적 DCG"].tolist() == r.column("dcg").tolist()
    assert {"ndcg_steps_cg.csv", "ndcg_steps_idcg.csv"} <= served.keys()


def test_the_definitions_file_holds_unrounded_values(served):
    """The definitions file gives scikit-learn's nDCG with every digit, where the table shows 4 places."""
    open_page("lessons/definitions.py", {"rel": "1,3,2", "lang": "en"})
    back = _read(served["ndcg_definitions.csv"][1]())
    row = back[back.iloc[:, 0] == "scikit-learn ndcg_score"].iloc[0]
    assert float(row.iloc[1]) == score_ranking([1, 3, 2], [3.0, 2.0, 1.0], gain="linear").ndcg
