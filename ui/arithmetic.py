"""The arithmetic of each step written out with the user's own numbers (plain text lines)."""

from __future__ import annotations

from ndcg_core import RankingScore
from teach import choices
from teach.format import num as _g
from ui import palette
from ui.i18n import T

MAX_LINES = 25


def _name(x: object) -> str:
    return str(x).replace("\n", " ")


def _gain_expr(rel: float, gain: str) -> str:
    return choices.gain(gain).term(_g(rel))


def cut_suffix(r: RankingScore) -> str:
    """The "@k" every label of this result carries: the user's k; with k = whole list, "@n" when
    the ideal order is the list itself, and nothing when judged items beyond the list make the
    IDCG longer than the list (trec_eval's uncut ``ndcg``)."""
    if r.k is not None:
        return f"@{r.k}"
    n, m = len(r.column("rank")), len(r.column("rank", ideal=True))
    return f"@{n}" if m <= n else ""


def cg_lines(r: RankingScore) -> list[str]:
    grades = r.column("relevance")
    n = len(grades) if r.k is None else min(r.k, len(grades))
    terms = " + ".join(_g(g) for g in grades[:n])
    return [f"CG{cut_suffix(r)} = {terms} = {_g(float(grades[:n].sum()))}"]


def dcg_lines(r: RankingScore, *, ideal: bool, limit: int = MAX_LINES) -> tuple[list[str], int]:
    """One line per rank inside k, then the sum; returns the lines and how many ranks were cut."""
    col = lambda name: r.column(name, ideal=ideal)  # noqa: E731
    ranks, items, grades = col("rank"), col("item"), col("relevance")
    gains = r.column("gain_used") if not ideal else col("gain")
    own, weights = col("gain"), col("discount")
    divisor = choices.discount(r.discount).at  # the score's own discount, e.g. log2(i+1)
    n = len(ranks) if r.k is None else min(r.k, len(ranks))
    mean = T("arith_mean")
    lines, terms = [], []
    for i in range(n):
        rank = int(ranks[i])
        log = 1.0 / float(weights[i])
        value = gains[i] / log
        terms.append(f"{value:.4f}")
        if i >= limit:
            continue
        d = divisor(rank, r.discount_base)
        if gains[i] != own[i]:
            expr = f"{mean} {gains[i]:.4f} / {d} = {gains[i]:.4f}"
        else:
            expr = f"{_gain_expr(float(grades[i]), r.gain)} / {d} = {_g(float(own[i]))}"
        lines.append(f"i={rank}  {_name(items[i])}: {expr} / {log:.3f} = {value:.4f}")
    label = "IDCG" if ideal else "DCG"
    total = r.idcg if ideal else r.dcg
    shown = " + ".join(terms) if len(terms) <= 12 else " + ".join(terms[:6]) + " + … + " + " + ".join(terms[-2:])
    lines.append(f"{label}{cut_suffix(r)} = {shown} = {total:.4f}")
    return lines, max(n - limit, 0)


def ndcg_line(r: RankingScore) -> str:
    at = cut_suffix(r)
    if r.idcg_is_zero:
        return f"nDCG{at} = DCG{at} / IDCG{at} = {r.dcg:.4f} / 0  →  0 (IDCG = 0)"
    return f"nDCG{at} = DCG{at} / IDCG{at} = {r.dcg:.4f} / {r.idcg:.4f} = {r.ndcg:.4f}"


def _gain_tex(rel: float, gain: str) -> str:
    """gain(rel) as LaTeX, written out: ``2^{3} - 1`` or ``3``."""
    if gain == "exponential":
        return f"2^{{{_g(rel)}}} - 1"
    if gain == "linear":
        return _g(rel)
    facts = choices.GAIN_FACTS.get(gain)  # a gain registered elsewhere writes its own term (teach/choices.py)
    return r"\text{" + (facts.term(_g(rel)) if facts else _g(rel)) + "}"


def dcg_tex(r: RankingScore, *, ideal: bool, limit: int = MAX_LINES) -> tuple[str, int]:
    r"""The DCG (or IDCG) arithmetic as a textbook would set it: one line per rank inside k, then the sum,
    aligned at the equals signs (LaTeX ``aligned``), the gain, the discount and k each in its colour
    (``ui.palette``). Returns the LaTeX and how many ranks were cut; numbers only, no item names."""
    col = lambda name: r.column(name, ideal=ideal)  # noqa: E731
    ranks, grades = col("rank"), col("relevance")
    gains = r.column("gain_used") if not ideal else col("gain")
    own, weights = col("gain"), col("discount")
    divisor = choices.discount(r.discount).at
    n = len(ranks) if r.k is None else min(r.k, len(ranks))
    lines, terms = [], []
    for i in range(n):
        rank = int(ranks[i])
        log = 1.0 / float(weights[i])
        value = gains[i] / log
        terms.append(f"{value:.4f}")
        if i >= limit:
            continue
        d = rf"\log_2({rank + 1})" if r.discount == "log2" else r"\text{" + divisor(rank, r.discount_base) + "}"
        if gains[i] != own[i]:  # a tie group's mean gain
            top = r"\text{" + T("arith_mean") + "}\\ " + f"{gains[i]:.4f}"
        else:
            top = _gain_tex(float(grades[i]), r.gain)
        frac = r"\frac{" + palette.tex("gain", top) + "}{" + palette.tex("discount", d) + "}"
        lines.append(
            rf"i = {rank}:\quad {frac} &= \frac{{{palette.tex('gain', f'{gains[i]:g}')}}}"
            rf"{{{palette.tex('discount', f'{log:.3f}')}}} = {value:.4f}"
        )
    label = palette.tex("ideal", r"\mathrm{IDCG}") if ideal else r"\mathrm{DCG}"
    total = r.idcg if ideal else r.dcg
    shown = " + ".join(terms) if len(terms) <= 12 else " + ".join(terms[:6]) + r" + \dots + " + " + ".join(terms[-2:])
    at = cut_suffix(r)
    suffix = palette.tex("k", at) if at else ""  # DCG@3, the headline's label, its k in k's colour
    lines.append(rf"{label}{suffix} &= {shown} = {total:.4f}")
    return r"\begin{aligned}" + r" \\[2pt] ".join(lines) + r"\end{aligned}", max(n - limit, 0)
