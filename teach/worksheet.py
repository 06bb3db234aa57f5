"""A printable worksheet: N seeded exercises and their answer key, as Markdown or as one HTML file.

Pure (no streamlit). Exercise j of a worksheet starting at ``seed`` is kind ``KINDS[j % 5]`` with
seed ``seed + j // 5``, so its link on the sheet opens the same exercise in the app.
"""

from __future__ import annotations

import html
from dataclasses import dataclass

from teach import exercises
from teach.catalogue import translate
from teach.exercises import Exercise
from teach.format import ordinal

MAX_EXERCISES = 30


@dataclass(frozen=True)
class Block:
    """One exercise on the sheet: its title, question, table (header + rows) and blank line."""

    title: str
    link: str
    question: str
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    blank: str


def sheet(seed: int, n: int) -> list[Exercise]:
    """The ``n`` exercises of the worksheet that starts at ``seed``."""
    n = max(1, min(int(n), MAX_EXERCISES))
    return [
        exercises.make(exercises.KINDS[j % len(exercises.KINDS)], seed + j // len(exercises.KINDS)) for j in range(n)
    ]


def link(ex: Exercise, base: str) -> str:
    return f"{base}?exercise={ex.kind}&seed={ex.seed}"


def question(ex: Exercise, lang: str) -> str:
    """The question as the page asks it."""
    gain = exercises.gain_name(ex.gain, lang) if ex.gain in exercises.COMPARED else ""
    params = {"at": ex.at, "gain": gain, "tol": exercises.ESTIMATE_TOLERANCE}
    if ex.kind == "term":
        params.update(rank=ex.rank, item=ex.items[ex.rank - 1], nth=ordinal(ex.rank, lang))
    return translate(f"ex_q_{ex.kind}", lang, **params)


def paper_question(ex: Exercise, lang: str) -> str:
    """The question as the printed sheet asks it: nothing to drag and no Check button on paper (G10)."""
    return translate("ex_ws_q_ideal", lang) if ex.kind == "ideal" else question(ex, lang)


def table(ex: Exercise, lang: str) -> tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]:
    """The exercise's ranking as a header and rows: rank, item, grade (A and B side by side for "better")."""
    rank, item, grade = (translate(k, lang) for k in ("col_rank", "col_item", "col_grade"))
    if ex.kind == "better":
        a, b = translate("ex_ranking_a", lang), translate("ex_ranking_b", lang)
        header = (rank, f"{a}: {item}", f"{a}: {grade}", f"{b}: {item}", f"{b}: {grade}")
        rows = tuple(
            (str(r + 1), ex.items[r], str(ex.grades[r]), ex.items[j], str(ex.grades[j]))
            for r, j in enumerate(ex.second)
        )
        return header, rows
    return (rank, item, grade), tuple((str(r + 1), ex.items[r], str(g)) for r, g in enumerate(ex.grades))


def _blank(ex: Exercise, lang: str) -> str:
    """The line the student writes the answer on."""
    if ex.kind == "ideal":
        return translate("ex_ws_order_blank", lang)
    if ex.kind == "better":
        return translate("ex_ws_better_blank", lang)
    if ex.kind == "swap":
        return translate("ex_ws_swap_blank", lang)
    return translate("ex_ws_blank", lang)


def blocks(seed: int, n: int, lang: str, base: str) -> list[Block]:
    out = []
    for j, ex in enumerate(sheet(seed, n), start=1):
        header, rows = table(ex, lang)
        out.append(
            Block(
                f"{j}. {translate(f'ex_kind_{ex.kind}', lang)}",
                link(ex, base),
                paper_question(ex, lang),
                header,
                rows,
                _blank(ex, lang),
            )
        )
    return out


def _md_row(cells) -> str:
    return "| " + " | ".join(str(c).replace("|", "\\|") for c in cells) + " |"


def markdown(seed: int, n: int, lang: str, base: str) -> str:
    """The worksheet as Markdown: questions first, then the answer key."""
    lines = [f"# {translate('ex_ws_title', lang, seed=seed)}", "", translate("ex_ws_intro", lang), ""]
    for b in blocks(seed, n, lang, base):
        lines += [f"## {b.title}", "", b.question, "", _md_row(b.header), _md_row(["---"] * len(b.header))]
        lines += [_md_row(r) for r in b.rows]
        lines += ["", b.blank, "", translate("ex_ws_link", lang, link=f"<{b.link}>"), ""]
    lines += [f"# {translate('ex_ws_key', lang)}", ""]
    for j, ex in enumerate(sheet(seed, n), start=1):
        lines += [f"{j}. **{exercises.answer_text(ex, lang)}**", ""]
        lines += [f"    {line}" for line in exercises.solution(ex, lang)] + [""]
    return "\n".join(lines)


_CSS = """
body { font-family: "Noto Sans CJK KR", "Apple SD Gothic Neo", "Malgun Gothic", sans-serif; max-width: 46rem;
       margin: 2rem auto; line-height: 1.5; color: #111; }
table { border-collapse: collapse; margin: 0.5rem 0; }
th, td { border: 1px solid #888; padding: 0.2rem 0.7rem; text-align: center; }
section { break-inside: avoid; margin-bottom: 1.5rem; }
.key { break-before: page; }
pre { white-space: pre-wrap; }
a { color: #0072B2; }
"""


def html_page(seed: int, n: int, lang: str, base: str) -> str:
    """The worksheet as one printable HTML file; the answer key starts on a new page."""
    e = html.escape
    title = translate("ex_ws_title", lang, seed=seed)
    parts = [
        f'<!doctype html>\n<html lang="{e(lang)}"><head><meta charset="utf-8"><title>{e(title)}</title>',
        f"<style>{_CSS}</style></head><body>",
        f"<h1>{e(title)}</h1>",
        f"<p>{e(translate('ex_ws_intro', lang))}</p>",
    ]
    for b in blocks(seed, n, lang, base):
        head = "".join(f"<th>{e(c)}</th>" for c in b.header)
        body = "".join("<tr>" + "".join(f"<td>{e(c)}</td>" for c in row) + "</tr>" for row in b.rows)
        parts.append(
            f"<section><h2>{e(b.title)}</h2><p>{e(b.question)}</p>"
            f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
            f"<p>{e(b.blank)}</p><p><small>{e(translate('ex_ws_link', lang, link=''))}"
            f'<a href="{e(b.link)}">{e(b.link)}</a></small></p></section>'
        )
    parts.append(f'<div class="key"><h1>{e(translate("ex_ws_key", lang))}</h1><ol>')
    for ex in sheet(seed, n):
        steps = "\n".join(exercises.solution(ex, lang))
        parts.append(f"<li><strong>{e(exercises.answer_text(ex, lang))}</strong><pre>{e(steps)}</pre></li>")
    parts.append("</ol></div></body></html>")
    return "\n".join(parts)
