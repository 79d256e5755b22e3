"""One word per term (issue 26 §8): no catalog in Korean or Japanese uses a word the reference glossary
(`/work/shared/reference/meikyu-kingdom.md`, "Glossary") replaces by another — 백성 / 民 for citizens (R-MK-04),
백성의 목소리 / 民の声 for the voice — nor, for a gamebook's numbered paragraph, a word other than the one its
books use (패러그래프 / パラグラフ). The browser test `tests/web/test_words.py` holds every screen to the same."""

from __future__ import annotations

from pathlib import Path

import pytest

TERMS: dict[str, dict[str, str]] = {
    "ko": {"국민": "백성", "단락": "패러그래프", "민의 목소리": "백성의 목소리"},
    "ja": {"国民": "民", "段落": "パラグラフ"},
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
