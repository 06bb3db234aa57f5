"""Ready-made examples a teacher opens by name (``?preset=NAME`` or the editor's picker).

Each preset is an ``Example`` plus a catalogue title and a short story in both languages. A
story never types a computed number: its placeholders are filled by ``numbers`` from
``score_ranking``, so the story always says what the page shows. Pure Python (no streamlit).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ndcg_core import score_ranking
from teach.format import fmt, num
from teach.model import DEFAULT, Example, Item, Problem, check


@dataclass(frozen=True)
class Preset:
    example: Example
    title: Problem  # (catalogue key, {})
    story: Problem  # (catalogue key, {}); its number placeholders are filled by ``numbers``


def _items(names, grades, scores=None) -> tuple[Item, ...]:
    """Items with ids 0, 1, ... in ranked order (as a link reads them, so a reload gives the same example)."""
    scores = scores or [None] * len(grades)
    return tuple(
        Item(uid, name, float(g), None if s is None else float(s))
        for uid, (name, g, s) in enumerate(zip(names, grades, scores, strict=True))
    )


PRESETS: dict[str, Preset] = {
    # The app's opening example itself, model scores 0.5, 0.8, 0.2 kept for the scores switch.
    "source": Preset(DEFAULT, ("preset_source_title", {}), ("preset_source_story", {})),
    "shop": Preset(
        Example(
            _items(
                ["Laptop Sleeve 15", "MacBook Air 13", "Laptop Stand", "Cooling Pad", "Galaxy Book4", "LG gram 16"],
                [1, 3, 1, 1, 3, 3],
            ),
            k=5,
        ),
        ("preset_shop_title", {}),
        ("preset_shop_story", {}),
    ),
    "ott": Preset(
        Example(
            _items(["Tenet", "Inception", "Dune", "Interstellar", "Arrival", "Oppenheimer"], [0, 3, 1, 3, 0, 1]), k=5
        ),
        ("preset_ott_title", {}),
        ("preset_ott_story", {}),
    ),
    "legal": Preset(
        Example(
            _items(
                [
                    "Lancet 2019",
                    "Cochrane 2022",
                    "JAMA 2020",
                    "Chest 2015",
                    "BMJ 2018",
                    "Circulation 2016",
                    "NEJM 2021",
                    "Thorax 2014",
                ],
                [2, 3, 1, 0, 2, 1, 3, 0],
            ),
            k=5,
            use_pool=True,
            pool=(3.0, 3.0, 2.0),
        ),
        ("preset_legal_title", {}),
        ("preset_legal_story", {}),
    ),
    "wikipedia": Preset(
        Example(
            _items([f"D{i}" for i in range(1, 7)], [3, 2, 3, 0, 1, 2]),
            gain="linear",
            k=6,
            use_pool=True,
            pool=(3.0, 2.0),
        ),
        ("preset_wikipedia_title", {}),
        ("preset_wikipedia_story", {}),
    ),
    "binary": Preset(
        Example(_items("ABCDEF", [0, 1, 0, 0, 1, 1]), k=6, scale=1),
        ("preset_binary_title", {}),
        ("preset_binary_story", {}),
    ),
    "ties": Preset(
        Example(_items("ABCDE", [2, 0, 3, 1, 1], [0.9, 0.7, 0.7, 0.7, 0.2]), k=3, use_scores=True),
        ("preset_ties_title", {}),
        ("preset_ties_story", {}),
    ),
    "zeros": Preset(Example(_items("ABCD", [0, 0, 0, 0]), k=3), ("preset_zeros_title", {}), ("preset_zeros_story", {})),
    "short": Preset(Example(_items("ABC", [2, 0, 3]), k=10), ("preset_short_title", {}), ("preset_short_story", {})),
}


def numbers(example: Example) -> dict[str, str]:
    """Every number a story may state, computed by ``score_ranking`` from the example's usable rows.

    ``ndcg``, ``dcg``, ``idcg``: the example as the page scores it; ``ndcg_listed`` /
    ``ndcg_judged``: IDCG over the listed items / over every judged item; ``ndcg_linear`` /
    ``ndcg_exponential``: under each gain; ``ndcg_low`` / ``ndcg_high``: ties broken
    pessimistically / optimistically; ``k``, ``n``, ``grades``, ``pool``: the example itself.
    """
    checked = check(example)
    grades = list(checked.grades)
    judged = grades + list(example.pool)

    def score(*, pool: bool = example.use_pool, **overrides):
        kwargs = {"k": example.k, "gain": example.gain, "ties": example.ties, **overrides}
        return score_ranking(grades, checked.scores, ideal_pool=judged if pool else None, **kwargs)

    r = score()
    return {
        "ndcg": fmt(r.ndcg),
        "dcg": fmt(r.dcg),
        "idcg": fmt(r.idcg),
        "ndcg_listed": fmt(score(pool=False).ndcg),
        "ndcg_judged": fmt(score(pool=True).ndcg),
        "ndcg_linear": fmt(score(gain="linear").ndcg),
        "ndcg_exponential": fmt(score(gain="exponential").ndcg),
        "ndcg_low": fmt(score(ties="pessimistic").ndcg),
        "ndcg_high": fmt(score(ties="optimistic").ndcg),
        "k": str(example.k if example.k is not None else len(grades)),
        "n": str(len(grades)),
        "grades": ", ".join(num(g) for g in grades),
        "pool": ", ".join(num(g) for g in example.pool),
    }


def story(name: str) -> Problem:
    """The preset's story as (catalogue key, parameters), its numbers filled from the core."""
    key, params = PRESETS[name].story
    return key, {**params, **_numbers_of(name)}


@cache
def _numbers_of(name: str) -> dict[str, str]:
    # Presets are constants: their numbers are computed once per process (callers copy the dict).
    return numbers(PRESETS[name].example)
