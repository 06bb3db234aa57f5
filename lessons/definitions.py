"""One ranking, many definitions: the nDCG each well-known implementation reports for this example, and why.

Every value comes from ``ndcg_core.score_ranking`` with the named options that match the library;
tests/test_app_definitions.py checks the rows against scikit-learn and pytrec_eval themselves.
"""

import math

import numpy as np
import pandas as pd
import streamlit as st

from ndcg_core import score_ranking
from teach import predict
from teach.format import fmt, num
from ui import editor, session, tables
from ui.i18n import T
from ui.predict import ask, veiled

view = editor.lesson_header("definitions", compact=True)
ex = session.example()
grades = [float(g) for g in view.checked.grades]
n = len(grades)
# The example's scores if it has them, else scores falling in the listed order.
scores = list(view.checked.scores) if view.checked.scores is not None else [float(n - i) for i in range(n)]
k = view.result.k
pool = grades + [float(g) for g in ex.pool] if ex.use_pool else None
cut_k = k if k is not None else n  # the K of ndcg_cut.K and nDCG@K
hits = min(cut_k, n)  # the hits a search engine returns for size = k


def ndcg(rel, sc=None, **options) -> float:
    return score_ranking(rel, sc, **options).ndcg


# scikit-learn ignore_ties=True ranks by np.argsort(y_score)[::-1], leaving ties as numpy's sort does.
sklearn_order = [int(i) for i in np.argsort(np.asarray(scores))[::-1]]
# trec_eval ranks by score descending, then by doc id descending as strings (d9 before d10).
trec_order = sorted(range(n), key=lambda i: (scores[i], f"d{i + 1}"), reverse=True)
trec_rel = [grades[i] for i in trec_order]
binary = [1.0 if g > 0 else 0.0 for g in grades]
binary_pool = [1.0 if g > 0 else 0.0 for g in pool] if pool is not None else None
tf_low = ndcg(grades, scores, k=k, gain="exponential", ties="pessimistic")
tf_high = ndcg(grades, scores, k=k, gain="exponential", ties="optimistic")
tied = fmt(tf_low) != fmt(tf_high)  # a range only when random tie-breaking can change the value

rows = [
    ("scikit-learn ndcg_score", ndcg(grades, scores, k=k, gain="linear", ties="average"), T("defs_why_sklearn")),
    (
        "scikit-learn ndcg_score(ignore_ties=True)",
        ndcg([grades[i] for i in sklearn_order], k=k, gain="linear"),
        T("defs_why_sklearn_ignore"),
    ),
    ("trec_eval ndcg", ndcg(trec_rel, k=None, gain="linear", ideal_pool=pool), T("defs_why_trec")),
    (f"trec_eval ndcg_cut.{cut_k}", ndcg(trec_rel, k=cut_k, gain="linear", ideal_pool=pool), T("defs_why_trec_cut")),
    ("ranx ndcg", ndcg(grades, scores, k=k, gain="linear", ties="stable", ideal_pool=pool), T("defs_why_ranx")),
    (
        "ranx ndcg_burges",
        ndcg(grades, scores, k=k, gain="exponential", ties="stable", ideal_pool=pool),
        T("defs_why_ranx_burges"),
    ),
    (
        "Elasticsearch rank_eval dcg (normalize: true)",
        ndcg(grades, scores, k=hits, gain="exponential", ties="stable", ideal_pool=pool),
        T("defs_why_es"),
    ),
    (
        "TensorFlow Ranking NDCGMetric",
        (tf_low, tf_high) if tied else tf_low,
        T("defs_why_tfr") if tied else T("defs_why_tfr_one"),
    ),
    (
        "RecBole NDCG",
        # RecBole's NDCG@K divides by the ideal over min(relevant items, K), K its list's length: never longer.
        ndcg(binary, scores, k=cut_k, gain="linear", ties="stable", ideal_pool=binary_pool),
        T("defs_why_recbole"),
    ),
    (
        "Microsoft Recommenders ndcg_at_k",
        ndcg(
            binary,
            scores,
            k=k,
            gain="linear",
            ties="stable",
            ideal_pool=binary_pool,
            discount="log",
            discount_base=math.e,
        ),
        T("defs_why_msr"),
    ),
]


def shown(value) -> str:
    return f"{fmt(value[0])} – {fmt(value[1])}" if isinstance(value, tuple) else fmt(value)


def unrounded(value) -> str | float:
    return f"{float(value[0])!r} – {float(value[1])!r}" if isinstance(value, tuple) else float(value)


same = predict.same_number(view.result.ndcg, rows[0][1], gain_key=ex.gain)
same_pick = ask(same, "definitions")  # before the table
with veiled(same, same_pick, "definitions"):
    st.subheader(T("defs_table_title", at=view.at))
    names, whys = [name for name, _, _ in rows], [why for _, _, why in rows]
    with st.container(key="definitions_table"):  # on a phone a value never breaks mid-number (UX #20, U10: ui.style)
        tables.show(
            pd.DataFrame(
                {
                    T("defs_col_impl"): names,
                    T("defs_col_value"): [shown(value) for _, value, _ in rows],
                    T("defs_col_why"): whys,
                }
            ),
            download="definitions",
            export=pd.DataFrame(
                {  # the file keeps every digit
                    T("defs_col_impl"): names,
                    T("defs_col_value"): [unrounded(value) for _, value, _ in rows],
                    T("defs_col_why"): whys,
                }
            ),
        )
st.caption(T("defs_scores_note") if view.checked.scores is None else T("defs_scores_used"))

st.subheader(T("defs_reproduce_title"))
st.write(T("defs_sklearn_intro"))
y_true = ", ".join(num(g) for g in grades)
y_score = ", ".join(num(s) for s in scores)
k_arg = "" if k is None else f", k={k}"
st.code(
    "from sklearn.metrics import ndcg_score\n\n"
    f"ndcg_score([[{y_true}]], [[{y_score}]]{k_arg})  # {fmt(rows[0][1])}\n"
    f"ndcg_score([[{y_true}]], [[{y_score}]]{k_arg}, ignore_ties=True)  # {fmt(rows[1][1])}",
    language="python",
    wrap_lines=True,  # a phone wraps the long calls instead of cutting them at the right edge (UX #20, U10)
)

st.write(T("defs_trec_intro"))
st.code(f"trec_eval -m ndcg -m ndcg_cut.{cut_k} qrels.txt run.txt", language="bash", wrap_lines=True)
qrels = [f"q1 0 d{i + 1} {num(g)}" for i, g in enumerate(grades)]
qrels += [f"q1 0 j{j + 1} {num(g)}" for j, g in enumerate(ex.pool if ex.use_pool else ())]
run = [f"q1 Q0 d{i + 1} {rank} {n + 1 - rank} defs" for rank, i in enumerate(trec_order, start=1)]
left, right = st.columns(2)
left.download_button(
    T("defs_download_qrels"),
    "\n".join(qrels) + "\n",
    file_name="qrels.txt",
    mime="text/plain",
    key="definitions_qrels",
    icon=":material/download:",
)
right.download_button(
    T("defs_download_run"),
    "\n".join(run) + "\n",
    file_name="run.txt",
    mime="text/plain",
    key="definitions_run",
    icon=":material/download:",
)
st.caption(T("defs_files_note"))

st.write(T("defs_measures_intro"))
suffix = "" if k is None else f"@{k}"
st.code(f"ir_measures: nDCG{suffix}\nranx: ndcg{suffix}, ndcg_burges{suffix}", language="text", wrap_lines=True)
st.caption(T("defs_measures_note"))
