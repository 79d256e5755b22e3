"""The Shin gamebook system: a solo gamebook read through numbered paragraphs (seed 002).

The Python API:

>>> from meikyu.systems.gamebook import Enemy, Fighter, combat_odds, load_book, sample_path
>>> combat_odds(Fighter(5, 4, 5, 5), [Enemy(10, 2, 9, 4)]).win
Fraction(20151120, 20151121)
>>> load_book(sample_path()).id
'kaze-no-tou'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from meikyu.i18n import register_catalog

register_catalog("gb.", "meikyu.systems.gamebook.i18n")

if TYPE_CHECKING:
    from meikyu.systems.gamebook.book import Book, load_book, parse_book
    from meikyu.systems.gamebook.books import sample_path
    from meikyu.systems.gamebook.fighters import Enemy, Fighter
    from meikyu.systems.gamebook.odds import CombatOdds, OddsSolver, combat_odds, memo_odds
    from meikyu.systems.gamebook.odds_dp import DpSolver
    from meikyu.systems.gamebook.rules import GamebookRules, PlayState
    from meikyu.systems.gamebook.validate import check_book

_LAZY = {
    "Book": "book", "load_book": "book", "parse_book": "book", "sample_path": "books",
    "Enemy": "fighters", "Fighter": "fighters", "CombatOdds": "odds", "OddsSolver": "odds",
    "combat_odds": "odds", "memo_odds": "odds", "DpSolver": "odds_dp", "GamebookRules": "rules", "PlayState": "rules", "check_book": "validate",
}

__all__ = [
    "Book", "CombatOdds", "DpSolver", "Enemy", "Fighter", "GamebookRules", "OddsSolver", "PlayState",
    "check_book", "combat_odds", "load_book", "memo_odds", "parse_book", "sample_path",
]


def __getattr__(name: str) -> Any:
    # The pieces load on first use, so importing the package costs nothing.
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(name)
    from importlib import import_module

    return getattr(import_module(f"meikyu.systems.gamebook.{module}"), name)
