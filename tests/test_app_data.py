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
    assert {m.label: m.value for m in at.metric}["nDCG@3"] == f"{value:.4f}"


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
        owndata.within_budget(owndata.load(RUN_A, "a.run"))
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
