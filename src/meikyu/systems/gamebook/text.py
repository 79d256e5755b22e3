"""Texts written in several languages, as books carry them.

>>> t = Text.of({"ja": "剣", "en": "Sword"})
>>> t.get("en"), t.get("ko"), t.get("ja")
('Sword', 'Sword', '剣')
>>> format(t, "ja")
'剣'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

# Fallback order when a text lacks the wanted language.
_FALLBACK: tuple[str, ...] = ("en", "ja", "ko")


@dataclass(frozen=True)
class Text:
    """A short text in one or more languages, as ``(lang, text)`` pairs."""

    by_lang: tuple[tuple[str, str], ...] = ()

    @classmethod
    def of(cls, mapping: dict[str, str]) -> Text:
        return cls(tuple(sorted(mapping.items())))

    @classmethod
    def plain(cls, text: str) -> Text:
        """The same text for every language (names, numbers)."""
        return cls((("*", text),))

    def get(self, lang: str) -> str:
        table = dict(self.by_lang)
        for candidate in (lang, "*", *_FALLBACK):
            if candidate in table:
                return table[candidate]
        return next(iter(table.values()), "")

    def __format__(self, spec: str) -> str:
        return self.get(spec or "en")

    def __bool__(self) -> bool:
        return any(text for _, text in self.by_lang)

    def langs(self) -> tuple[str, ...]:
        return tuple(lang for lang, _ in self.by_lang)


def localize(value: Any, lang: str) -> Any:
    """``value`` as shown in ``lang``: texts pick their language, other values stay as they are."""
    return value.get(lang) if isinstance(value, Text) else value
