"""One word per term (issue 26 §8): no catalog in Korean or Japanese uses a word the reference glossary
(`/work/shared/reference/meikyu-kingdom.md`, "Glossary") replaces by another — 백성 / 民 for citizens (R-MK-04),
호의 / 好意 for favor (R-MK-12),
백성의 목소리 / 民の声 for the voice — nor, for a gamebook's numbered paragraph, a word other than the one its
books use (패러그래프 / パラグラフ), and for the GM's ruling (R-MK-01b "빠른 룰링") 룰링 / 裁定 / ruling in every system's
catalog, never 판정 (a check) or ルーリング. The browser test `tests/web/test_words.py` holds every screen to the same."""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

TERMS: dict[str, dict[str, str]] = {
    "ko": {"국민": "백성", "단락": "패러그래프", "민의 목소리": "백성의 목소리", "GM 판정": "GM 룰링",
           "퀵 판정": "빠른 룰링", "호감": "호의"},
    "ja": {"国民": "民", "段落": "パラグラフ", "ルーリング": "裁定"},
    "en": {},
}
"""Per language: the word not to use → the glossary's word."""

SRC = Path(__file__).resolve().parents[1] / "src" / "meikyu"


@pytest.mark.parametrize("lang", ["ko", "ja"])
def test_every_catalog_says_each_term_one_way(lang: str) -> None:
    found = []
    for path in sorted(SRC.rglob(f"i18n/{lang}.toml")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            found += [f"{path.relative_to(SRC)}:{n}: {wrong} → {right}" for wrong, right in TERMS[lang].items()
                      if wrong in line]
    assert not found, "\n".join(found)


RULING = {"ko": "룰링", "ja": "裁定", "en": "ruling"}
"""The one word for a GM's ruling: every ``gm_ruling`` text of a system's catalog says it."""


def _texts(table: dict[str, Any], name: str, at: str = "") -> Iterator[tuple[str, str]]:
    """Every text of a catalog's ``table`` whose key ends in ``name``, with its dotted key."""
    for key, value in table.items():
        if isinstance(value, dict):
            yield from _texts(value, name, f"{at}{key}.")
        elif key == name:
            yield f"{at}{key}", value


@pytest.mark.parametrize("lang", ["ko", "ja", "en"])
def test_a_gm_ruling_is_one_word_in_every_system(lang: str) -> None:
    found = {}
    for path in sorted((SRC / "systems").rglob(f"i18n/{lang}.toml")):
        found |= {f"{path.parts[-3]}:{k}": v for k, v in _texts(tomllib.loads(path.read_text("utf-8")), "gm_ruling")}
    assert len(found) >= 3, found  # Meikyuu Kingdom's word and decision, Liberator's word
    assert all(RULING[lang] in text for text in found.values()), found
