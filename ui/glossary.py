"""The glossary: one line per term the lessons use, for tooltips (``help=``) and the intro's full list.

Each catalogue line reads "term — meaning"; the tooltip bolds the term, the glossary table splits it.
These are our own strings, never user text, so markdown in a tooltip is safe.
"""

from __future__ import annotations

import pandas as pd

from ui.i18n import T

SEPARATOR = " — "


def _table(T):  # keys written as T("...") so the catalogue check sees each one
    return {
        "relevance": T("gloss_relevance"),
        "gain_linear": T("gloss_gain_linear"),
        "gain_exponential": T("gloss_gain_exponential"),
        "burges": T("gloss_burges"),
        "discount": T("gloss_discount"),
        "jarvelin": T("gloss_jarvelin"),
        "cg": T("gloss_cg"),
        "dcg": T("gloss_dcg"),
        "ideal_order": T("gloss_ideal_order"),
        "idcg": T("gloss_idcg"),
        "ndcg": T("gloss_ndcg"),
        "cutoff": T("gloss_cutoff"),
        "judged_pool": T("gloss_judged_pool"),
        "trec_eval": T("gloss_trec_eval"),
        "sklearn": T("gloss_sklearn"),
        "tie_average": T("gloss_tie_average"),
        "tie_optimistic": T("gloss_tie_optimistic"),
        "tie_pessimistic": T("gloss_tie_pessimistic"),
        "mrr": T("gloss_mrr"),
        "map": T("gloss_map"),
        "precision": T("gloss_precision"),
        "recall": T("gloss_recall"),
    }


TERMS: dict[str, str] = _table(lambda key: key)  # term id -> catalogue key, in glossary order


def parts(term: str) -> tuple[str, str]:
    """(term, meaning) of one glossary line in today's language."""
    name, meaning = T(TERMS[term]).split(SEPARATOR, 1)
    return name, meaning


def help_for(*terms: str) -> str:
    """A tooltip with one line per term: "**term** — meaning", separated by blank lines."""
    return "\n\n".join(f"**{name}**{SEPARATOR}{meaning}" for name, meaning in map(parts, terms))


def frame() -> pd.DataFrame:
    """Every term and its meaning, as a two-column table in today's language."""
    rows = [parts(term) for term in TERMS]
    return pd.DataFrame({T("gloss_col_term"): [n for n, _ in rows], T("gloss_col_meaning"): [m for _, m in rows]})
