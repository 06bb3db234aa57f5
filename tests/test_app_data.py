"""The upload page (lessons/data.py) in AppTest: the sample, uploads good and bad, the rules, opening a query, comparing runs.

The numbers on the page are checked against pytrec_eval (trec_eval) on the same files; bad files
must give one sentence that names the file (and the line), keep the good part, and never raise.
"""

from __future__ import annotations

import re

import numpy as np
import pytest
import pytrec_eval
from hypothesis import given
from hypothesis import strategies as st
from streamlit.testing.v1 import AppTest

from ndcg_core.files import load
from tests.conftest import ROOT, open_page
from ui.features.owndata import short_names
from ui.i18n import translate

SAMPLE = ROOT / "samples"
RUN_A, RUN_B, QRELS = ((SAMPLE / n).read_bytes() for n in ("run_a.txt", "run_b.txt", "qrels.txt"))


def data_page(lang: str = "en") -> AppTest:
    return open_page("lessons/data.py", {"lang": lang})


def upload(at: AppTest, runs: list[tuple[str, bytes]], qrels: tuple[str, bytes] | None) -> AppTest:
    """Switch to uploads and give the page these files (names and bytes), then run."""
    at.radio(key="data_source").set_value("upload").run()
    at.file_uploader(key="data_run_files").set_value([(n, b, "text/plain") for n, b in runs])
    if qrels is not None:
        at.file_uploader(key="data_qrels_file").set_value((qrels[0], qrels[1], "text/plain"))
    return at.run()


def unescaped(text: str) -> str:
    """A static table's cell as the reader sees it (ui.tables.literal escapes markdown with backslashes)."""
    return re.sub(r"\\(.)", r"\1", text)


def means(at: AppTest) -> dict[str, list[float]]:
    """The mean table, read by its column labels: run name -> [linear, exponential, counted]."""
    df = at.table[0].value
    lang = "ko" if translate("data_col_run", "ko") in df.columns else "en"
    labels = [translate(key, lang) for key in ("data_gain_linear", "data_gain_exponential", "data_col_counted_n")]
    return {
        unescaped(run): [float(row[label]) for label in labels]
        for run, (_, row) in zip(df[translate("data_col_run", lang)], df.iterrows(), strict=True)
    }


def trec_eval_mean(run: bytes, qrels: bytes, k: int, *, complete: bool = False) -> float:
    """pytrec_eval's mean ndcg_cut_k over the queries in both files (or every qrels query with -c)."""
    r, q = {}, {}
    for line in run.decode().splitlines():
        f = line.split()
        r.setdefault(f[0], {})[f[2]] = float(f[4])
    for line in qrels.decode().splitlines():
        f = line.split()
        q.setdefault(f[0], {})[f[2]] = int(f[3])
    got = pytrec_eval.RelevanceEvaluator(q, {f"ndcg_cut_{k}"}).evaluate(r)
    values = [v[f"ndcg_cut_{k}"] for v in got.values()]
    return sum(values) / (len(q) if complete else len(values))


def warnings(at: AppTest) -> list[str]:
    return [w.value for w in at.warning]


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_the_sample_shows_trec_eval_means_for_both_runs(lang):
    """The bundled sample opens with each run's mean nDCG@10 (linear) equal to trec_eval's, in either language."""
    at = data_page(lang)
    assert not at.exception and not warnings(at)
    got = means(at)
    assert got["run_a.txt"][0] == pytest.approx(trec_eval_mean(RUN_A, QRELS, 10), abs=5e-5)
    assert got["run_b.txt"][0] == pytest.approx(trec_eval_mean(RUN_B, QRELS, 10), abs=5e-5)
    assert [round(v[0], 4) for v in got.values()] == [0.5828, 0.6808]
    assert translate("data_compare", lang) in [s.value for s in at.subheader]


def test_uploaded_trec_files_give_trec_evals_numbers_at_another_k():
    """Uploaded TREC files give trec_eval's mean at the chosen k (here 5), under the default rules."""
    at = upload(data_page(), [("a.run", RUN_A)], ("q.qrels", QRELS))
    at.number_input(key="data_k").set_value(5).run()
    assert means(at)["a.run"][0] == pytest.approx(trec_eval_mean(RUN_A, QRELS, 5), abs=5e-5)
    assert len(at.table) >= 1 and not at.exception


def test_one_csv_with_run_and_judgments_is_enough():
    """A CSV with query_id, doc_id, score and relevance needs no qrels file; blank relevance means unjudged."""
    rows = ["query_id,doc_id,score,relevance", "q1,a,0.9,0", "q1,b,0.8,3", "q1,c,0.7,", "q2,x,0.5,1"]
    at = upload(data_page(), [("both.csv", "\n".join(rows).encode())], None)
    got = means(at)["both.csv"]
    # q1: DCG = 3/log2(3) = 1.8928, IDCG = 3; q2: 1
    assert got[0] == pytest.approx(((3 / np.log2(3)) / 3 + 1) / 2, abs=5e-5)
    assert got[2] == 2


def test_a_korean_excel_csv_reads():
    """A CP949 CSV with CRLF line ends and Korean query ids (what Korean Excel saves) is read and scored."""
    text = "query_id,doc_id,rank,relevance\r\n질의1,문서가,1,2\r\n질의1,문서나,2,0\r\n"
    at = upload(data_page("ko"), [("엑셀.csv", text.encode("cp949"))], None)
    assert means(at)["엑셀.csv"][0] == pytest.approx(1.0)
    assert not warnings(at)


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_a_wholly_bad_file_names_its_first_bad_line_once(lang):
    """A run with no readable line gets one sentence that names the first bad line once, not "Line 1: line 1:"."""
    at = upload(data_page(lang), [("words.txt", b"q1 Q0 d1 1 high t\n")], ("q.qrels", QRELS))
    text = warnings(at)[0].replace("\\", "")
    line = "줄 1" if lang == "ko" else "line 1"
    assert text.lower().count(line) == 1 and "high" in text, text


@pytest.mark.parametrize(
    ("name", "data", "words"),
    [
        ("bin.txt", b"\x00\x01\x02PK", "binary"),
        ("empty.txt", b"\n\n", "empty"),
        ("three.txt", b"q1 d1 0.5\n", "first line has 3 fields"),
        ("latin.txt", "q1 Q0 d1 1 0.5 caf\xe9\n".encode("latin-1") + bytes([0xFF, 0xFE, 0xFD]), "neither UTF-8"),
        ("words.txt", b"q1 Q0 d1 1 high t\nq1 Q0 d2 2 low t\n", "no line could be read"),
    ],
)
def test_a_file_that_cannot_be_read_gets_one_sentence_naming_it(name, data, words):
    """A binary, empty, wrongly shaped, wrongly encoded or wholly bad run gets one warning naming the file; the page asks for a run."""
    at = upload(data_page(), [(name, data)], ("q.qrels", QRELS))
    assert not at.exception
    assert len(warnings(at)) == 1
    assert name in warnings(at)[0].replace("\\", "") and words in warnings(at)[0].replace("\\", "")
    assert [i.value for i in at.info] == [translate("data_need_run", "en")]


def test_bad_lines_are_left_out_named_and_the_rest_evaluated():
    """A run with a short line, a word for a score and a repeated document is scored without them, and one sentence says so."""
    lines = RUN_A.decode().splitlines()
    bad = [
        lines[0],
        "q01 Q0 q01-d99 2 0.1",
        lines[1].replace(lines[1].split()[4], "high"),
        lines[0].replace(" 1 ", " 3 "),
        *lines[2:],
    ]
    at = upload(data_page(), [("messy.txt", "\n".join(bad).encode())], ("q.qrels", QRELS))
    (sentence,) = warnings(at)
    plain = sentence.replace("\\", "")
    assert "messy.txt" in plain and "3 line(s)" in plain and "line 2 has 5 fields" in plain
    # What is left equals trec_eval on the good lines.
    kept = "\n".join([lines[0], *lines[2:]]).encode()
    assert means(at)["messy.txt"][0] == pytest.approx(trec_eval_mean(kept, QRELS, 10), abs=5e-5)


def test_files_in_the_wrong_box_are_named():
    """Judgments given as a run, and a run given as judgments, are each named in one sentence and not used."""
    at = upload(data_page(), [("q.qrels", QRELS)], ("a.run", RUN_A))
    got = [w.replace("\\", "") for w in warnings(at)]
    assert got == [
        translate("data_not_run", "en", name="q.qrels").replace("\\", ""),
        translate("data_not_qrels", "en", name="a.run"),
    ]


def test_negative_grades_are_explained_not_refused():
    """The sample's spam grades (−1) are counted as gain 0, and the page says so in the user's language."""
    at = data_page("ko")
    assert any("음수" in c.value and "5" in c.value for c in at.caption)


def test_the_rules_change_the_mean_as_trec_eval_c_does():
    """Counting judged queries the run missed as 0 gives trec_eval -c's mean; leaving empty queries out raises the mean."""
    lines = [x for x in RUN_A.decode().splitlines() if not x.startswith(("q49", "q50"))]
    run = "\n".join(lines).encode()
    at = upload(data_page(), [("a.run", run)], ("q.qrels", QRELS))
    skip = means(at)["a.run"]
    assert skip[2] == 48 and skip[0] == pytest.approx(trec_eval_mean(run, QRELS, 10), abs=5e-5)
    at.radio(key="data_missing").set_value("zero").run()
    zero = means(at)["a.run"]
    assert zero[2] == 50 and zero[0] == pytest.approx(trec_eval_mean(run, QRELS, 10, complete=True), abs=5e-5)
    at.radio(key="data_missing").set_value("skip").run()
    at.radio(key="data_no_relevant").set_value("skip").run()
    left_out = means(at)["a.run"]
    assert left_out[2] == 47 and left_out[0] == pytest.approx(skip[0] * 48 / 47, abs=5e-5)  # q17 scored 0


def test_the_retrieved_ideal_is_scikit_learns():
    """With the ideal from retrieved documents only, a query's nDCG@10 equals scikit-learn's ndcg_score on its list.

    The sample has tied scores, which scikit-learn would average; the list is given to it in
    trec_eval's order (score, then docno descending) with distinct scores.
    """
    from sklearn.metrics import ndcg_score

    at = data_page()
    at.radio(key="data_ideal").set_value("retrieved").run()
    table = at.dataframe[0].value
    row = table[table.iloc[:, 0] == "q01"].iloc[0]
    grades = {f.split()[2]: max(int(f.split()[3]), 0) for f in QRELS.decode().splitlines() if f.startswith("q01 ")}
    run = [f.split() for f in RUN_A.decode().splitlines() if f.startswith("q01 ")]
    run.sort(key=lambda f: f[2], reverse=True)
    run.sort(key=lambda f: np.float32(f[4]), reverse=True)
    assert len({f[4] for f in run}) < len(run)  # ties present, so the order matters
    true = [[grades.get(f[2], 0) for f in run]]
    scores = [list(range(len(run), 0, -1))]
    assert row[f"nDCG@10 · {translate('data_gain_linear', 'en')}"] == pytest.approx(
        ndcg_score(true, scores, k=10), abs=1e-9
    )


def test_a_grade_too_large_for_the_exponential_gain_is_one_sentence():
    """Grades too large for 2^rel − 1 stop the page with one error sentence, not a traceback."""
    at = upload(data_page(), [("a.run", b"q1 Q0 d1 1 0.5 t\n")], ("q.qrels", b"q1 0 d1 5000\n"))
    assert not at.exception
    assert len(at.error) == 1 and "cannot be scored" in at.error[0].value


def test_opening_a_query_shows_the_same_ndcg_in_the_step_lesson():
    """Opening a query carries its list and judged pool to the step lesson, whose nDCG@10 equals the table's, with a note."""
    at = data_page()
    table = at.dataframe[0].value
    value = float(table[table.iloc[:, 0] == "q03"].iloc[0][f"nDCG@10 · {translate('data_gain_linear', 'en')}"])
    at.selectbox(key="data_open_query").set_value("q03")
    next(b for b in at.button if b.label == translate("data_open", "en")).click().run()
    assert at.session_state["example"].use_pool and at.session_state["example"].gain == "linear"
    shown = {m.label: m.value for m in at.metric}
    assert shown["nDCG@10"] == f"{value:.4f}"
    assert any("q03" in i.value and "run\\_a\\.txt" in i.value for i in at.info)
    assert not any("shortened" in i.value for i in at.info)  # the sample's ids are short


def test_three_runs_get_holm_corrected_p_values():
    """With three runs each comparison's table has a Holm row, at least its raw randomization p; a tiny p reads "< 0.0001"."""
    lines = RUN_B.decode().splitlines()
    run_c = "\n".join(" ".join([*f.split()[:4], str(float(f.split()[4]) * -1), "c"]) for f in lines).encode()
    at = upload(data_page(), [("a.run", RUN_A), ("b.run", RUN_B), ("c.run", run_c)], ("q.qrels", QRELS))
    comparisons = [t.value for t in at.table if translate("col_measure", "en") in t.value.columns]
    assert len(comparisons) == 2
    for table in comparisons:
        values = {m: unescaped(v) for m, v in zip(table.iloc[:, 0], table.iloc[:, 1], strict=True)}
        holm, raw = (
            float(values[translate(key, "en")].removeprefix("< ")) for key in ("data_col_p_holm", "data_col_p_rand")
        )
        assert holm >= raw
    shown = [unescaped(t.iloc[:, 1].tolist()[4]) for t in comparisons]  # the t-test's p
    assert "< 0.0001" in shown  # run c (B's scores reversed) is far worse: its tiny p is not written as 0.0000


def test_hostile_file_names_stay_text():
    """A file named like HTML or markdown is shown escaped in the sentence about it, never as markup."""
    name = "<img src=x onerror=alert(1)>**b**.txt"
    at = upload(data_page(), [(name, b"\x00bin")], ("q.qrels", QRELS))
    (sentence,) = warnings(at)
    assert "\\<img" in sentence and "\\*\\*b\\*\\*" in sentence


def test_doc_ids_sharing_their_first_40_characters_open_as_different_items():
    """Two long doc ids that share a 40-character prefix open as two named items, and the step lesson's nDCG equals the table's."""
    stem = "http://example.org/a/very/long/path/to/doc"  # 42 characters, past the 40 a name may hold
    run = "".join(f"q1 Q0 {stem}{s} {r} {1 - r / 10} t\n" for r, s in enumerate(["-one", "-two", "x"], 1)).encode()
    qrels = f"q1 0 {stem}-one 0\nq1 0 {stem}-two 3\nq1 0 {stem}x 1\n".encode()
    at = upload(data_page(), [("a.run", run)], ("q.qrels", qrels))
    table = at.dataframe[0].value
    value = float(
        table[table[translate("data_col_query", "en")] == "q1"].iloc[0][
            f"nDCG@10 · {translate('data_gain_linear', 'en')}"
        ]
    )
    at.selectbox(key="data_open_query").set_value("q1")
    next(b for b in at.button if b.label == translate("data_open", "en")).click().run()
    items = at.session_state["example"].items
    assert len({i.name for i in items}) == 3 and all(len(i.name) <= 40 for i in items)
    assert [i.grade for i in items] == [0.0, 3.0, 1.0]
    assert not at.warning  # no row dropped as a duplicate name
    assert "shortened to their start and end" in at.info[0].value
    assert {m.label: m.value for m in at.metric}["nDCG@10 (list of 3)"] == f"{value:.4f}"  # the table's k (U9)


@given(st.lists(st.text(alphabet="ab …~2", min_size=1, max_size=60), max_size=30, unique=True))
def test_short_names_are_unique_and_fit(ids):
    """Any distinct doc ids give distinct, non-blank names of at most 40 characters; an id that fits keeps its text."""
    names = short_names(ids, 40)
    assert len(set(names)) == len(ids)
    assert all(0 < len(n) <= 40 and n == n.strip() for n in names)
    first = {}
    for d, n in zip(ids, names, strict=True):
        text = " ".join(d.split())
        if text and len(text) <= 40 and text not in first.values():
            first[d] = text
            assert n == text or n.startswith(text)  # kept, or marked because an earlier id took the text


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_each_runs_own_query_rules_are_stated_when_it_is_picked(lang):
    """Two runs that miss different queries: picking each states its own run-only and judged-only counts."""
    extra = RUN_B + b"zz1 Q0 d1 1 1.0 b\nzz2 Q0 d1 1 1.0 b\n"  # two run queries nobody judged
    first_query = RUN_A.decode().split()[0]
    run_a = "\n".join(line for line in RUN_A.decode().splitlines() if line.split()[0] != first_query).encode()
    at = upload(data_page(lang), [("a.run", run_a), ("b.run", extra)], ("q.qrels", QRELS))
    captions = lambda: [unescaped(c.value) for c in at.caption]  # noqa: E731
    assert translate("data_cov_run_only_none", lang) in captions()
    assert translate("data_cov_judged_only_skip", lang, n=1, ids=first_query) in captions()
    at.selectbox(key="data_run").set_value("b.run").run()
    assert translate("data_cov_run_only", lang, n=2, ids="zz1, zz2") in captions()
    assert not any(c.startswith(translate("data_cov_judged_only_skip", lang, n=1, ids="")[:12]) for c in captions())


# ------------------------------------------------------------------ one session's budget (review 3, X5)


def test_a_file_over_the_query_or_line_budget_is_refused_in_one_sentence_and_the_rest_kept(monkeypatch):
    """A run with more queries than a file may hold gets one sentence naming it and the limit; the other run is scored."""
    from ui.features import owndata

    monkeypatch.setattr(owndata, "MAX_QUERIES", 40)  # the sample's runs hold 50 queries; this one 30
    small, qrels = ("\n".join(x for x in f.decode().splitlines() if int(x[1:3]) <= 30).encode() for f in (RUN_B, QRELS))
    at = upload(data_page(), [("big.run", RUN_A), ("small.run", small)], ("q.qrels", qrels))
    assert not at.exception
    (warning,) = [w.value for w in at.warning]
    assert unescaped(warning) == (
        "big.run holds 50 queries; this page reads at most 40 per file (the command line python -m ndcg_core has no limit)."
    )
    assert list(means(at)) == ["small.run"]
    monkeypatch.setattr(owndata, "MAX_ROWS", 100)
    with pytest.raises(owndata.FileError) as err:
        owndata.within_budget(load(RUN_A, "a.run"))
    assert err.value.code == "rows" and err.value.params["n"] == f"{len(RUN_A.splitlines()):,}"


def test_more_run_files_than_a_session_reads_are_named_and_left_out():
    """Seven run files: the first five are read and scored, one sentence names the two left out."""
    runs = [(f"r{i}.run", RUN_A if i % 2 else RUN_B) for i in range(7)]
    at = upload(data_page(), runs, ("q.qrels", QRELS))
    assert not at.exception
    assert list(means(at)) == [f"r{i}.run" for i in range(5)]
    (warning,) = [w.value for w in at.warning]
    assert (
        unescaped(warning)
        == "Only the first 5 of the 7 run files were read (this page's limit); left out: r5.run, r6.run"
    )


def test_a_session_keeps_a_bounded_number_of_files_and_scores():
    """What one session keeps is bounded: the files one page can use and two option sets of scores."""
    from ui.features import owndata

    assert owndata.KEPT_FILES == owndata.MAX_RUNS + 1 <= 6 and owndata.KEPT_SCORES <= 2 * owndata.MAX_RUNS


def test_the_open_query_box_lists_the_worst_queries_and_a_search_finds_the_others(monkeypatch):
    """With more queries than the box lists, it holds the worst ones with a caption saying so; typing part of an id finds others."""
    from ui.features import owndata

    monkeypatch.setattr(owndata, "OPEN_CHOICES", 10)
    at = data_page()
    box = at.selectbox(key="data_open_query")
    assert len(box.options) == 10
    assert any("Showing 10 of 50 queries, worst first" in c.value for c in at.caption)
    at.text_input(key="data_open_search").input("q3").run()
    assert sorted(o.split(" ")[0] for o in at.selectbox(key="data_open_query").options) == [f"q3{i}" for i in range(10)]
    at.text_input(key="data_open_search").input("zz").run()
    assert at.selectbox(key="data_open_query").options == []
    assert any("No query id contains 'zz'" in c.value for c in at.caption)
    next(b for b in at.button if b.label == translate("data_open", "en")).click().run()
    assert not at.exception and at.session_state["example"] != owndata.sample  # nothing opened, no traceback


def test_a_big_comparison_waits_for_its_button(monkeypatch):
    """More paired queries than AUTO_COMPARE: no test runs until "Compare the runs" is pressed, and then it is kept."""
    from ui.features import owndata

    monkeypatch.setattr(owndata, "AUTO_COMPARE", 10)
    calls = []
    real = owndata.compare
    monkeypatch.setattr(owndata, "compare", lambda *a, **kw: calls.append(1) or real(*a, **kw))
    at = data_page()
    tables = lambda: [t for t in at.table if translate("col_measure", "en") in t.value.columns]  # noqa: E731
    assert calls == [] and tables() == []
    assert any("The runs share 50 queries" in c.value for c in at.caption)
    at.button(key="data_compare_run").click().run()
    assert calls == [1] and len(tables()) == 1
    at.run()
    assert calls == [1] and len(tables()) == 1


def test_a_comparison_stops_between_chunks_once_its_tab_is_gone(monkeypatch):
    """The paired tests ask ``stop`` between chunks; a session whose websocket is gone gets nothing kept and no more work."""
    from ndcg_core import stats
    from ui.features import owndata

    asked = []
    with pytest.raises(stats.Stopped):
        stats.compare(np.zeros(1000), np.ones(1000), stop=lambda: asked.append(1) or len(asked) > 2)
    assert len(asked) == 3

    class Ctx:
        session_id = "s1"

    class FakeRuntime:
        active = True

        @staticmethod
        def exists():
            return True

        @classmethod
        def instance(cls):
            return cls

        @classmethod
        def is_active_session(cls, session_id):
            return cls.active and session_id == "s1"

    monkeypatch.setattr(owndata, "Runtime", FakeRuntime)
    monkeypatch.setattr(owndata, "get_script_run_ctx", lambda **kw: Ctx())
    gone = owndata.session_gone()
    assert gone is not None and not gone()
    FakeRuntime.active = False
    assert gone()
    monkeypatch.setattr(owndata, "session_memo", lambda part, memo={}: memo.setdefault(part, {}))
    loaded = owndata.sample()
    scored = {
        run.name: owndata.score_collection(
            run, loaded.judgments, k=10, ideal="judged", missing="skip", no_relevant="zero"
        )
        for run in loaded.runs
    }
    assert owndata.comparisons("run_a.txt", scored, "linear", stop=gone) is None
    assert owndata.comparisons("run_a.txt", scored, "linear", run=False) is None


# ------------------------------------------------------------------ numbers that follow the user (issue 24)


def open_query(at: AppTest, query: str) -> AppTest:
    """Pick ``query`` in the "open step by step" box and press its button."""
    at.selectbox(key="data_open_query").set_value(query)
    return next(b for b in at.button if b.label == translate("data_open", "en")).click().run()


def table_value(at: AppTest, query: str, gain: str = "linear", at_k: str = "nDCG@10") -> float:
    """The per-query grid's value of ``query`` under ``gain``."""
    table = at.dataframe[0].value
    row = table[table[translate("data_col_query", "en")] == query].iloc[0]
    return float(row[f"{at_k} · {translate(f'data_gain_{gain}', 'en')}"])


def headline(at: AppTest) -> dict[str, str]:
    return {m.label: m.value for m in at.metric}


def test_uploads_and_rules_survive_opening_a_query_and_coming_back():
    """Uploaded runs, k, the ideal and the gain are still there after the step page, named in one sentence, not the sample."""
    at = upload(data_page(), [("mine.run", RUN_A), ("other.run", RUN_B)], ("mine.qrels", QRELS))
    at.number_input(key="data_k").set_value(5).run()
    at.radio(key="data_ideal").set_value("retrieved").run()
    at.radio(key="data_gain").set_value("exponential").run()
    before = means(at)
    open_query(at, "q03")
    assert at.session_state["example"].gain == "exponential" and at.session_state["example"].k == 5
    assert any(p.label == translate("data_back", "en") for p in at.get("page_link"))
    at.switch_page("lessons/data.py").run()
    assert at.radio(key="data_source").value == "upload"
    assert at.number_input(key="data_k").value == 5 and at.radio(key="data_ideal").value == "retrieved"
    assert at.radio(key="data_gain").value == "exponential"
    assert means(at) == before and "run_a.txt" not in means(at)
    kept = [unescaped(i.value) for i in at.info]
    assert translate("data_kept_both", "en", runs="mine.run, other.run", qrels="mine.qrels") in kept
    at.button(key="data_kept_clear").click().run()
    assert [i.value for i in at.info] == [translate("data_need_run", "en")]


def test_the_bundled_sample_says_it_is_the_sample():
    """When the bundled sample is shown, a box says so in so many words, in both languages."""
    for lang in ("ko", "en"):
        at = data_page(lang)
        assert translate("data_sample_shown", lang) in [i.value for i in at.info]


def test_the_step_page_shows_the_tables_exponential_ndcg():
    """With exponential gain chosen, the opened query's step page shows the table's exponential nDCG@10 (G4)."""
    at = data_page()
    at.radio(key="data_gain").set_value("exponential").run()
    value = table_value(at, "q21", "exponential")
    assert value != pytest.approx(table_value(at, "q21", "linear"), abs=1e-4)  # the gains differ here
    open_query(at, "q21")
    assert at.session_state["example"].gain == "exponential"
    assert headline(at)["nDCG@10"] == f"{value:.4f}"


def long_query(n_docs: int, seed: int = 3) -> tuple[bytes, bytes]:
    """One query of ``n_docs`` retrieved documents with distinct scores, every fifth judged at a seeded grade, and
    five relevant documents nobody retrieved."""
    rng = np.random.default_rng(seed)
    run = "".join(f"q1 Q0 d{i:03d} {i + 1} {1 - i / 1000:.3f} t\n" for i in range(n_docs)).encode()
    judged = [f"q1 0 d{i:03d} {rng.integers(0, 4)}\n" for i in range(0, n_docs, 3)]
    judged += [f"q1 0 x{i} {rng.integers(1, 4)}\n" for i in range(5)]
    return run, "".join(judged).encode()


def pytrec(run: bytes, qrels: bytes, measure: str) -> float:
    r, q = {}, {}
    for line in run.decode().splitlines():
        f = line.split()
        r.setdefault(f[0], {})[f[2]] = float(f[4])
    for line in qrels.decode().splitlines():
        f = line.split()
        q.setdefault(f[0], {})[f[2]] = int(f[3])
    asked = measure.replace("cut_", "cut.")  # ndcg_cut_35 is asked for as ndcg_cut.35
    return pytrec_eval.RelevanceEvaluator(q, {asked}).evaluate(r)["q1"][measure]


@pytest.mark.parametrize(("k", "measure", "label"), [(35, "ndcg_cut_35", "nDCG@35"), (0, "ndcg", "nDCG")])
def test_a_query_of_forty_documents_opens_at_the_tables_k(k, measure, label):
    """A 40-document query opens with every document k reaches: the step page's number is the table's and trec_eval's (G5)."""
    run, qrels = long_query(40)
    at = upload(data_page(), [("a.run", run)], ("q.qrels", qrels))
    at.number_input(key="data_k").set_value(k).run()
    value = table_value(at, "q1", at_k=label)
    assert value == pytest.approx(pytrec(run, qrels, measure), abs=1e-12)
    open_query(at, "q1")
    shown = headline(at)
    assert len(at.session_state["example"].items) == (k or 40)  # every document k reaches, at least 30
    assert shown[label if k else "nDCG"] == f"{value:.4f}"


def test_a_query_longer_than_the_step_page_says_which_number_it_shows():
    """A 150-document query uncut opens at nDCG@100, and the note beside it names that and gives the table's nDCG (G5)."""
    run, qrels = long_query(150)
    at = upload(data_page(), [("a.run", run)], ("q.qrels", qrels))
    at.number_input(key="data_k").set_value(0).run()
    value = table_value(at, "q1", at_k="nDCG")
    open_query(at, "q1")
    assert len(at.session_state["example"].items) == 100 and "nDCG@100" in headline(at)
    note = unescaped(at.info[0].value)
    assert "so it shows nDCG@100; the table's nDCG is " + f"{value:.4f}." in note
    assert headline(at)["nDCG@100"] == f"{pytrec(run, qrels, 'ndcg_cut_100'):.4f}"


def test_the_retrieved_ideal_counts_relevant_documents_past_the_opened_list():
    """Under the retrieved-only ideal, a relevant document at rank 35 of a 40-document query still counts in the step
    page's IDCG@10, as in the table (it was dropped before)."""
    run = "".join(f"q1 Q0 d{i:02d} {i + 1} {1 - i / 100:.2f} t\n" for i in range(40)).encode()
    qrels = b"q1 0 d05 1\nq1 0 d34 3\n"
    at = upload(data_page(), [("a.run", run)], ("q.qrels", qrels))
    at.radio(key="data_ideal").set_value("retrieved").run()
    value = table_value(at, "q1")
    open_query(at, "q1")
    assert headline(at)["nDCG@10"] == f"{value:.4f}"
    assert at.session_state["example"].pool == (3.0,)


def test_the_holm_row_names_the_p_it_corrects():
    """The Holm row says it corrects the randomization test's p, and the explainer calls it a row (G8)."""
    lines = RUN_B.decode().splitlines()
    run_c = "\n".join(" ".join([*f.split()[:4], str(float(f.split()[4]) * -1), "c"]) for f in lines).encode()
    at = upload(data_page(), [("a.run", RUN_A), ("b.run", RUN_B), ("c.run", run_c)], ("q.qrels", QRELS))
    comparisons = [t.value for t in at.table if translate("col_measure", "en") in t.value.columns]
    assert "p (randomization test, Holm-corrected)" in comparisons[0].iloc[:, 0].tolist()
    assert "read the row 'p (randomization test, Holm-corrected)'" in translate("data_p_text", "en", permutations="1")
    assert "열" not in translate("data_p_text", "ko", permutations="1").split("Holm")[-1]


def test_the_retrieved_only_option_says_its_ties_follow_trec_eval_and_does_so():
    """The option "Retrieved documents only" names its tie rule; on the review's tied run it gives scikit-learn's value for the
    run in document-id order (0.9079), not scikit-learn's tie-averaged 0.9540 (G9)."""
    from sklearn.metrics import ndcg_score

    assert "ties still by document id" in translate("data_ideal_retrieved", "en")
    run = b"q1 Q0 d1 1 1.0 t\nq1 Q0 d2 2 1.0 t\nq1 Q0 d3 3 0.5 t\nq1 Q0 d4 4 0.5 t\nq1 Q0 x 5 0.2 t\n"
    qrels = b"q1 0 d1 3\nq1 0 d2 2\nq1 0 d3 1\nq1 0 d4 0\nq1 0 d5 3\n"
    at = upload(data_page(), [("tied.run", run)], ("q.qrels", qrels))
    at.radio(key="data_ideal").set_value("retrieved").run()
    value = table_value(at, "q1")
    by_id = ndcg_score([[2, 3, 0, 1, 0]], [[5, 4, 3, 2, 1]], k=10)  # d2, d1, d4, d3, x: ties by doc id descending
    assert value == pytest.approx(by_id, abs=1e-12) and round(value, 4) == 0.9079
    assert round(ndcg_score([[3, 2, 1, 0, 0]], [[1, 1, 0.5, 0.5, 0.2]], k=10), 4) == 0.9540


def test_a_small_upload_reads_well(monkeypatch):
    """Three queries: a grid of three rows, "The 3 worst queries", whole-number count ticks, Δ bars named by query (U11)."""
    import json

    from ui import tables

    heights, show = [], tables.show
    monkeypatch.setattr(tables, "show", lambda data, **kw: (heights.append(kw.get("height")), show(data, **kw))[1])

    keep = ("q01", "q02", "q03")
    a, b, q = (
        "\n".join(x for x in f.decode().splitlines() if x.startswith(keep)).encode() for f in (RUN_A, RUN_B, QRELS)
    )
    at = upload(data_page(), [("x.run", a), ("y.run", b)], ("q.qrels", q))
    heights.clear()  # the sample's grid was drawn before the upload
    at.run()
    assert f"**{translate('data_worst', 'en', n=3)}**" in [m.value for m in at.markdown]
    assert len(at.dataframe[0].value) == 3 and tables.table_height(3) in heights
    assert tables.table_height(12) not in heights  # no grid of twelve rows' height under three queries
    charts = [json.loads(c.proto.json) for c in at.get("bidi_component") if c.proto.component_name.endswith("_bars")]
    histogram, delta = charts
    assert histogram["integer_ticks"] and sum(histogram["series"][0]["values"]) == 3
    assert sorted(delta["categories"]) == list(keep) and sorted(delta["series"][0]["tips"]) == list(keep)
    assert delta["y_title"] == "Δ nDCG@10" and not at.get("plotly_chart")


def test_the_upload_pages_charts_are_svg_bars_with_the_sign_of_each_delta_in_its_colour():
    """The histogram counts the counted queries per nDCG bin in the gain's colour; each Δ bar is green when the run
    gained, vermillion when it lost, grey when equal, sorted by Δ; no plotly chart (its bundle) on the page."""
    import json

    from ui import figures

    at = upload(data_page(), [("x.run", RUN_A), ("y.run", RUN_B)], ("q.qrels", QRELS))
    charts = [json.loads(c.proto.json) for c in at.get("bidi_component") if c.proto.component_name.endswith("_bars")]
    histogram, delta = charts
    assert not at.get("plotly_chart")
    assert histogram["series"][0]["color"] == figures.SERIES[0]["color"] and not histogram["series"][0]["hatch"]
    values = delta["series"][0]["values"]
    assert values == sorted(values) and len(values) == len(delta["categories"])
    sign = {1: figures.PALETTE["green"], -1: figures.PALETTE["vermillion"], 0: figures.PALETTE["grey"]}
    assert delta["series"][0]["colors"] == [sign[(v > 0) - (v < 0)] for v in values]
