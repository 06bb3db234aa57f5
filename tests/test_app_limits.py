"""The limitations lab (lessons/limits.py) in AppTest: every example in both languages, its settings in the URL, bad links."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.metrics import cohen_kappa_score

from ndcg_core import limits
from teach import lab
from teach.format import plain
from tests.conftest import line_charts, metrics, open_page
from ui.i18n import translate

PAGE = "lessons/limits.py"
HUNDRED = {"items": ",".join(f"d{i}" for i in range(100)), "rel": ",".join(str(i * 7 % 4) for i in range(100))}
EXAMPLES = {
    "default": {},
    "all-zero": {"rel": "0,0,0"},
    "one item": {"rel": "2"},
    "100 items": HUNDRED,
}
SETTINGS = {
    "lab_judge": "llm",
    "lab_noise": "35",
    "lab_seed": "77",
    "lab_alt": "reverse",
    "lab_screen": "pc",
    "lab_hide": "60",
    "lab_empty": "4",
    "lab_weights": "quadratic",
    "lab_second": "2,3,1",
}


def params(at) -> dict[str, str]:
    return {
        k: at.query_params[k][0] if isinstance(at.query_params[k], list) else at.query_params[k]
        for k in at.query_params
    }


@pytest.mark.parametrize("lang", ["ko", "en"])
@pytest.mark.parametrize("example", list(EXAMPLES))
def test_the_lab_runs_on_every_example_in_both_languages(example, lang):
    """Default, all-zero, one-item and 100-item examples open the lab with no exception and no warning, in ko and en."""
    at = open_page(PAGE, {**EXAMPLES[example], "lang": lang})
    assert not at.exception
    assert [t.value for t in at.title] == [translate("limits_title", lang)]
    assert not at.warning
    headers = [h.value for h in at.header]
    for key in ("lab_noise_title", "lab_k_title", "lab_hide_title", "lab_avg_title"):
        assert translate(key, lang) in headers
    assert list(line_charts(at)) == ["limits_noise_chart", "limits_k_chart", "limits_hide_chart", "limits_avg_chart"]
    assert not at.get("plotly_chart")  # SVG charts: the page loads no plotly bundle (issue 27, item 1)


def test_the_k_chart_draws_the_cores_curves_in_palette_colours_with_the_screens_cut():
    """The nDCG@k chart's two lines are ndcg_core.limits' curves of X and reversed Y at k = 1..n, in palette colours
    that also differ by dash and marker, with the PC screen's cut (k = 10, past a 5-item list: at 5) as a line."""
    from ui import figures

    at = open_page(PAGE, {"rel": "0,2,0,0,1", "lab_alt": "reverse", "lab_screen": "pc", "lang": "en"})
    chart = line_charts(at)["limits_k_chart"]
    grades = np.array([0, 2, 0, 0, 1])
    x, y = chart["series"][:2]
    assert x["x"] == y["x"] == [1, 2, 3, 4, 5]
    assert x["y"] == pytest.approx(limits.ndcg_at_every_k(grades).round(4).tolist(), abs=0)
    assert y["y"] == pytest.approx(limits.ndcg_at_every_k(grades[::-1]).round(4).tolist(), abs=0)
    assert {s["color"] for s in chart["series"]} <= set(figures.PALETTE.values())
    assert (x["dash"], x["symbol"]) != (y["dash"], y["symbol"])
    assert chart["vlines"] == [{"x": 5.0, "color": figures.COLORS["marker"], "dash": "dash"}]
    assert chart["x_integer"] and chart["y_range"] == [0.0, 1.05]


def test_the_lab_settings_open_from_the_url_and_stay_in_it():
    """A link's lab_... settings set the widgets, stay in the address, and a changed setting is written back."""
    at = open_page(PAGE, {"items": "A,B,C", "rel": "1,3,2", "lang": "en", **SETTINGS})
    assert not at.exception and not at.warning
    assert at.radio(key="limits_judge").value == "llm"
    assert at.slider(key="limits_noise").value == 35
    assert at.number_input(key="limits_seed").value == 77
    assert at.radio(key="limits_alt").value == "reverse"
    assert at.radio(key="limits_screen").value == "pc"
    assert at.slider(key="limits_hide").value == 60
    assert at.slider(key="limits_empty").value == 4
    assert at.radio(key="limits_weights").value == "quadratic"
    assert at.text_input(key="limits_second").value == "2,3,1"
    assert {k: v for k, v in params(at).items() if k.startswith("lab_")} == SETTINGS
    at.slider(key="limits_noise").set_value(50).run()
    at.radio(key="limits_alt").set_value("shuffle").run()
    assert params(at)["lab_noise"] == "50" and params(at)["lab_alt"] == "shuffle"
    again = open_page(PAGE, params(at))  # the written address, opened in a new session
    assert again.slider(key="limits_noise").value == 50 and again.radio(key="limits_alt").value == "shuffle"
    assert params(again) == params(at)


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_a_bad_lab_value_falls_back_alone_with_one_sentence(lang):
    """lab_noise=abc falls back to its default with one sentence naming it; the link's other settings are kept."""
    at = open_page(PAGE, {"lang": lang, "lab_noise": "abc", "lab_seed": "12"})
    assert [w.value for w in at.warning] == [plain(translate("lab_bad_value", lang, param="lab_noise", value="abc"))]
    assert at.slider(key="limits_noise").value == lab.defaults()["noise"]
    assert at.number_input(key="limits_seed").value == 12
    assert params(at)["lab_noise"] == str(lab.defaults()["noise"]) and params(at)["lab_seed"] == "12"


def test_the_second_annotator_shows_agreement_and_scikit_learns_kappa():
    """Grades of a second annotator give the share graded the same and the weighted kappa that sklearn computes."""
    at = open_page(PAGE, {"items": "A,B,C,D", "rel": "1,3,2,0", "lang": "en"})
    at.text_input(key="limits_second").set_value("1, 2, 2, 1").run()
    shown = metrics(at)
    kappa = cohen_kappa_score([1, 3, 2, 0], [1, 2, 2, 1], labels=[0, 1, 2, 3], weights="linear")
    assert shown[translate("lab_kappa", "en")] == f"{kappa:.4f}"
    assert shown[translate("lab_agreement", "en")] == "50%"
    at.text_input(key="limits_second").set_value("1, 2").run()
    assert [w.value for w in at.warning] == [plain(translate("lab_second_count", "en", count=2, n=4))]


def test_the_page_shows_the_cores_noise_numbers():
    """The interval and flip share on the page are ndcg_core.limits' for the example, seed and noise in the link."""
    at = open_page(
        PAGE, {"items": "A,B,C,D,E", "rel": "3,0,2,1,2", "k": "3", "lang": "en", "lab_seed": "5", "lab_noise": "40"}
    )
    order = limits.shuffled_order(5, 5)
    s = limits.noise_study([3, 0, 2, 1, 2], order, p=0.4, scale=3, draws=lab.DRAWS, seed=5, k=3)
    shown = metrics(at)
    assert shown[translate("lab_interval", "en")] == f"{s.interval_x[0]:.4f} – {s.interval_x[1]:.4f}"
    assert shown[translate("lab_flips", "en")] == f"{s.flip_share:.1%}"


def test_the_cost_is_measured_only_when_the_button_is_pressed(monkeypatch):
    """No run measures until Measure is pressed; then both cost charts and the conclusion show, and a rerun keeps them."""
    calls = []
    fake = pd.DataFrame(
        [(q, d, 0.001 * q / 10, 0.01 * q / 10, 0.0001) for q, d in lab.COST_SIZES],
        columns=["queries", "documents", "vectorized", "loop", "sorts"],
    )
    monkeypatch.setattr(limits, "time_evaluation", lambda *a, **kw: calls.append(1) or fake)
    at = open_page(PAGE, {"lang": "en"})
    at.run()
    assert calls == [] and len(line_charts(at)) == 4
    at.button(key="limits_measure").click().run()
    assert calls == [1] and len(line_charts(at)) == 6
    assert translate("lab_cost_conclusion", "en") in [i.value for i in at.info]
    cost = line_charts(at)["limits_cost_queries"]
    assert cost["x_log"] and cost["y_log"] and [s["x"] for s in cost["series"]] == [list(lab.COST_QUERIES)] * 3
    at.run()
    assert calls == [1] and len(line_charts(at)) == 6


LAB_TEXT = st.text(st.characters(codec="utf-8"), max_size=30) | st.sampled_from(
    ["²", "٣", "9" * 5000, " 20 ", "-1", "1e3", "0x10", "20%", "", "１２"]
)


@given(st.dictionaries(st.sampled_from(sorted(lab.PARAMS) + ["lab_other", "rel"]), LAB_TEXT, max_size=6))
@settings(max_examples=300, deadline=None)
def test_any_lab_link_gives_settings_in_range_or_one_named_problem(params):
    """Whatever a link's lab_ values hold, read gives each setting one of its own values, and a bad one is a
    problem naming its parameter, never an exception."""
    got, problem = lab.read(params)
    for name, (default, allowed) in lab.SETTINGS.items():
        assert got[name] in allowed if allowed is not None else isinstance(got[name], str)
    assert problem is None or (problem[0] == "lab_bad_value" and problem[1]["param"] in lab.PARAMS)


@given(LAB_TEXT | st.lists(LAB_TEXT, max_size=5).map(",".join), st.integers(1, 6), st.integers(1, 4))
@settings(max_examples=300, deadline=None)
def test_any_second_annotators_text_gives_grades_or_one_named_problem(text, n, scale):
    """A second annotator's typed grades are n whole numbers on the scale, or a problem, never an exception."""
    grades, problem = lab.second_grades(text, n, scale)
    assert grades is None or (len(grades) == n and all(0 <= g <= scale for g in grades) and problem is None)
    assert problem is None or problem[0] in ("lab_second_bad", "lab_second_count")


@pytest.mark.parametrize("lang", ["ko", "en"])
@pytest.mark.parametrize("value", ["²", "9" * 5000, "١٢"])
def test_a_lab_link_with_an_odd_digit_falls_back_with_one_sentence(lang, value):
    """?lab_noise=² (a digit only to str.isdigit) or a 5,000-digit number falls back to the default, named once."""
    at = open_page("lessons/limits.py", {"rel": "1,3,2", "lab_noise": value, "lang": lang})
    assert not at.exception
    assert at.session_state["lab_settings"]["noise"] == lab.SETTINGS["noise"][0]
    assert [w.value for w in at.warning] == [
        plain(translate("lab_bad_value", lang, param="lab_noise", value=value[:20]))
    ]


def test_measure_runs_once_per_process_and_concurrent_presses_wait_for_it(monkeypatch):
    """Eight threads asking at once get one shared measurement: time_evaluation runs once, the others wait for its result."""
    import threading
    import time

    from ui.features import lab as lab_state

    calls = []

    def slow(sizes, **kw):
        calls.append(1)
        time.sleep(0.3)
        return pd.DataFrame({"queries": [q for q, _ in sizes]})

    monkeypatch.setattr(limits, "time_evaluation", slow)
    got = []
    threads = [
        threading.Thread(target=lambda: got.append(lab_state.measured(lab.COST_SIZES, k=10, gain="exponential")))
        for _ in range(8)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert calls == [1] and len(got) == 8 and all(g is got[0] for g in got)
    assert lab_state.measured(lab.COST_SIZES, k=10, gain="exponential") is got[0] and calls == [1]


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_the_lab_opens_on_its_ten_item_example_so_every_section_shows_its_point(lang):
    """From the app's opening example the lab opens on A-J: the leader changes between @6 and @10, three of ten
    judgments are hidden, and the noise verdict flips in some draws; a note says so and Undo goes back (U8)."""
    at = open_page(PAGE, {"lang": lang})
    assert not at.exception and not at.warning
    assert translate("lab_opening_note", lang, n=10) in [i.value for i in at.info]
    assert at.query_params["rel"] in ("2,1,0,2,1,1,1,3,1,0", ["2,1,0,2,1,1,1,3,1,0"])
    texts = [m.value for m in at.markdown]
    assert not [c.value for c in at.caption if c.value == translate("lab_screen_short", lang, n=3, cut=6)]
    assert any(t.startswith(translate("lab_screen_line_y", lang, cut=6, x="0.4899", y="0.5888")) for t in texts)
    at.radio(key="limits_screen").set_value("pc").run()
    assert translate("lab_screen_line_x", lang, cut=10, x="0.6966", y="0.6804") in [m.value for m in at.markdown]
    assert any(c.value.startswith(plain(translate("lab_hidden_items", lang, n=3, items=""))) for c in at.caption)
    flips = float(metrics(at)[translate("lab_flips", lang)].rstrip("%"))
    assert 10 < flips < 50
    at.button(key="limits_undo").click().run()  # back to the source's three items, and the lab stays on them
    assert at.query_params["rel"] in ("1,3,2", ["1,3,2"])
    assert translate("lab_opening_note", lang, n=10) not in [i.value for i in at.info]
    at.run()
    assert at.query_params["rel"] in ("1,3,2", ["1,3,2"])


def test_the_lab_keeps_an_example_the_user_brought():
    """A link with its own example, even the source's three items, opens the lab on that example, with no note (U8)."""
    at = open_page(PAGE, {"items": "A,B,C", "rel": "1,3,2", "k": "3", "lang": "en"})
    assert translate("lab_opening_note", "en", n=10) not in [i.value for i in at.info]
    assert at.query_params["rel"] in ("1,3,2", ["1,3,2"])


@pytest.mark.parametrize(("rel", "who"), [("1,3,2", "y"), ("3,2,1", "x"), ("0,0,0", "tie")])
def test_the_noise_question_is_asked_of_the_ranking_that_leads(rel, who):
    """The noise section asks whether the leader stays ahead: Y when Y leads, X when X leads, the tie when tied (G6)."""
    at = open_page(PAGE, {"items": "A,B,C", "rel": rel, "k": "3", "lang": "en", "lab_alt": "reverse"})
    assert translate(f"lab_question_{who}", "en") in [s.value for s in at.subheader]


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_the_lab_credits_the_source_only_with_what_it_says(lang):
    """The lab credits the source's limitations section with its three items and never with the phone/PC reason (G1)."""
    lead, k_lead = translate("limits_lead", lang), translate("lab_k_lead", lang)
    assert (
        ("원문의 7절 '한계점 및 고려사항'은 세 가지를" in lead)
        if lang == "ko"
        else ('section 7, "한계점 및 고려사항"' in lead)
    )
    assert "끝납니다" not in lead and "ends with" not in lead
    assert (
        ("원문은 목록 길이에 따라 값이 크게 변한다고만 씁니다" in k_lead)
        if lang == "ko"
        else ("The source says only" in k_lead)
    )
    assert "원문은 k가 달라지는 이유로" not in k_lead and "The source names mobile" not in k_lead


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_each_lab_section_says_why_it_matters_before_its_lead(lang):
    """Each of the lab's five sections has one plain "why it matters" line between its title and its lead (U8)."""
    at = open_page("lessons/limits.py", {"lang": lang})
    assert not at.exception
    texts = [m.value for m in at.markdown]
    for section in ("noise", "k", "hide", "avg", "cost"):
        why = texts.index(translate(f"lab_{section}_why", lang))
        lead = translate(f"lab_{section}_lead", lang)[:20]
        assert texts[why + 1].startswith(lead), section  # the lead comes right after it
        assert translate(f"lab_{section}_title", lang) in [h.value for h in at.header]
