"""The metrics page's metrics: each one's row in the table, its formula and its worked arithmetic.

Adding a metric to the page takes its value in ``ndcg_core.metrics``, one ``Metric`` row here and
its three strings (``metrics_KEY_title``, ``metrics_KEY_def``, ``metrics_KEY_rewards``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ndcg_core import BinaryMetrics, RankingScore
from teach.format import fmt
from ui import arithmetic
from ui.i18n import T

MAX_TERMS = 12  # AP's sum written out in full up to this many terms


def ap_line(m: BinaryMetrics, at: str) -> str:
    """ "AP@3 = (1/1 + 2/3) / 2 = 0.8333": precision@r of each relevant rank r over R."""
    if m.n_relevant == 0:
        return f"AP{at} = 0  ({T('metrics_no_relevant')})"
    terms = [f"{j}/{r}" for j, r in enumerate(m.relevant_ranks, start=1)]
    if len(terms) > MAX_TERMS:
        terms = [*terms[:6], "…", *terms[-2:]]
    total = " + ".join(terms) if terms else "0"
    return f"AP{at} = ({total}) / {m.n_relevant} = {fmt(m.average_precision)}"


def rr_line(m: BinaryMetrics, at: str, names) -> str:
    """ "RR@3 = 1 / 2 = 0.5000  (first relevant item: B at rank 2)"; item names stay plain text."""
    if m.first_relevant_rank is None:
        return f"RR{at} = 0  ({T('metrics_rr_none', cut=m.cutoff)})"
    rank = m.first_relevant_rank
    first = T("metrics_rr_first", rank=rank, item=str(names[rank - 1]).replace("\n", " "))
    return f"RR{at} = 1 / {rank} = {fmt(m.reciprocal_rank)}  ({first})"


def recall_line(m: BinaryMetrics, at: str) -> str:
    if m.n_relevant == 0:
        return f"R{at} = 0  ({T('metrics_no_relevant')})"
    return f"R{at} = {m.relevant_at_k} / {m.n_relevant} = {fmt(m.recall)}"


def p_line(m: BinaryMetrics, at: str) -> str:
    return f"P{at} = {m.relevant_at_k} / {m.cutoff} = {fmt(m.precision)}"


@dataclass(frozen=True)
class Metric:
    """One metric of the page: its row in the table and its section (strings ``metrics_KEY_title/def/rewards``)."""

    key: str
    symbol: str  # "RR", shown with the cut-off: RR@3
    value: Callable[[BinaryMetrics, RankingScore], float]
    latex: str | None  # its definition as a formula, or None
    term: str  # the glossary entry of its heading's help
    line: Callable[[BinaryMetrics, str, object, RankingScore], str]  # its arithmetic for this ranking


# The page's metrics in order; adding one takes its value in ndcg_core.metrics, a row here and its three strings.
METRICS = (
    Metric(
        "rr",
        "RR",
        lambda m, r: m.reciprocal_rank,
        r"\mathrm{RR@}k = \frac{1}{\mathrm{rank}_{\text{first relevant}}}",
        "mrr",
        lambda m, at, names, r: rr_line(m, at, names),
    ),
    Metric(
        "ap",
        "AP",
        lambda m, r: m.average_precision,
        r"\mathrm{AP@}k = \frac{1}{R}\sum_{i \le k,\ rel_i \ge t} \mathrm{P@}i",
        "map",
        lambda m, at, names, r: ap_line(m, at),
    ),
    Metric(
        "p",
        "P",
        lambda m, r: m.precision,
        r"\mathrm{P@}k = \frac{|\{i \le k : rel_i \ge t\}|}{k}",
        "precision",
        lambda m, at, names, r: p_line(m, at),
    ),
    Metric(
        "r",
        "R",
        lambda m, r: m.recall,
        r"\mathrm{R@}k = \frac{|\{i \le k : rel_i \ge t\}|}{R}",
        "recall",
        lambda m, at, names, r: recall_line(m, at),
    ),
    Metric("ndcg", "nDCG", lambda m, r: r.ndcg, None, "ndcg", lambda m, at, names, r: arithmetic.ndcg_line(r)),
)
