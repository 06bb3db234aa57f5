"""The string catalogue is split by feature (teach/catalogue/), and each lesson's key prefix means that lesson only."""

from __future__ import annotations

import pytest

from teach import catalogue
from ui import nav

OWNER = {key: feature.__name__.rsplit(".", 1)[-1] for feature in catalogue.FEATURES for key in feature.STRINGS}


def test_every_feature_module_is_merged():
    """CATALOGUE holds exactly the keys of the feature modules, each from one module."""
    assert sum(len(f.STRINGS) for f in catalogue.FEATURES) == len(catalogue.CATALOGUE) == len(OWNER)


def test_a_key_in_two_features_is_refused(monkeypatch):
    """Two feature modules defining one key stop the catalogue with a sentence naming both modules."""
    monkeypatch.setitem(catalogue.intro.STRINGS, "dcg_title", ("x", "x"))
    with pytest.raises(
        ValueError,
        match=r"'dcg_title' is defined by both teach\.catalogue\.(intro|steps) and teach\.catalogue\.(intro|steps)",
    ):
        catalogue._merge()


def test_a_lessons_prefix_is_its_own():
    """Every key that starts with a lesson's slug and "_" sits in that lesson's catalogue module (architecture review 3, A9).

    So ``gain_…`` means the gain lesson, never the gain choice (``choice_gain_…``); a new lesson
    named like an existing key family (``err``, ``ties``) fails here until one of them is renamed.
    """
    lessons = (nav.INTRO, *nav.LESSONS)
    modules = {f.__name__.rsplit(".", 1)[-1] for f in catalogue.FEATURES}
    assert {lesson.catalogue for lesson in lessons} <= modules
    strays = sorted(
        f"{key} (in {OWNER[key]}, lesson {lesson.slug} is in {lesson.catalogue})"
        for lesson in lessons
        for key in OWNER
        if key.startswith(f"{lesson.slug}_") and OWNER[key] != lesson.catalogue
    )
    assert strays == []
