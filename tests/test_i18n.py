"""The ko/en catalogue is complete: every key the code uses exists, in both languages, with the same fields."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

from ui.i18n import CATALOGUE, translate

ROOT = Path(__file__).resolve().parent.parent
SOURCES = [*ROOT.glob("lessons/*.py"), *ROOT.glob("ui/*.py"), ROOT / "app.py"]


def _fields(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


@pytest.mark.parametrize("key", sorted(CATALOGUE))
def test_both_languages_have_text_and_the_same_fields(key):
    """Each entry has Korean and English text with the same placeholders."""
    ko, en = CATALOGUE[key]
    assert ko.strip() and en.strip()
    assert _fields(ko) == _fields(en)


def test_every_literal_key_in_the_code_exists():
    """Every T("...") key written in pages and ui exists in the catalogue."""
    used = set()
    for path in SOURCES:
        used |= set(re.findall(r"\bT\(\s*\"([a-z0-9_]+)\"", path.read_text(encoding="utf-8")))
    assert used, "no keys found"
    assert sorted(used - CATALOGUE.keys()) == []


def test_korean_text_uses_the_source_terms():
    """The Korean UI uses the source article's terms 관련성, 감쇠, 이상적 and 정규화."""
    korean = " ".join(ko for ko, _ in CATALOGUE.values())
    for term in ("관련성", "감쇠", "이상적", "정규화", "누적 이득", "강조 공식", "표준 공식", "이진", "등급"):
        assert term in korean


def test_translate_fills_placeholders():
    """translate() fills named fields in the chosen language."""
    assert translate("row_problem", "en", row=2, text="x.") == "Row 2: x. This row is left out until it is fixed."
    assert translate("row_problem", "ko", row=2, text="x.").startswith("2행: x.")
