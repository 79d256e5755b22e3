"""Every ending of every shipped book, played to the end with fixed dice (R-GB-02, R-GB-07, R-GB-10 … R-GB-16).

The routes are not written here: they come from the validator's own search
(:meth:`Exploration.route`), so the test follows the book when the book changes. Each route is
turned into actions and the dice each roll needs (a check passed on 6+6 or failed on 1+1, a fight won
on sixes, lost on ones, fled after one exchange on a 6), and then played again from the start with
exactly those dice as a :class:`ScriptedDice` list — which must all be used, and must end on the
ending the route was searched for.
"""

from __future__ import annotations

from typing import Any

import pytest

from meikyu.dice import ScriptedDice
from meikyu.engine import Action, Game
from meikyu.systems.gamebook.book import Book, load_book
from meikyu.systems.gamebook.books import samples
from meikyu.systems.gamebook.explore import explore
from meikyu.systems.gamebook.fighters import ROLLING
from meikyu.systems.gamebook.policy import AutoPolicy
from meikyu.systems.gamebook.rules import (
    Attack,
    Choose,
    ChooseDie,
    Distribute,
    Equip,
    Escape,
    GamebookRules,
    PlayState,
    Proceed,
    RollCreation,
    UseAbility,
)

WIN = {"shin_attack": 6, "enemy_attack": 6}
LOSE = {"shin_attack": 1, "enemy_attack": 1}
STALL = {"shin_attack": 1, "enemy_attack": 6}  # nobody is hurt: the exchange ends, escape may be tried


class RouteDice:
    """Dice that make each roll come out as the route needs, by whose roll it is (``ROLLING``)."""

    def __init__(self) -> None:
        self.faces: dict[str, int | list[int]] = {}
        self.drawn: list[int] = []

    def roll(self, sides: int) -> int:
        kind = ROLLING.get()[0].removesuffix("_again")
        face = self.faces[kind]
        face = face.pop(0) if isinstance(face, list) else face
        self.drawn.append(face)
        return face


def script(book: Book, route: list[tuple[str, Any]]) -> tuple[list[Action], list[int], PlayState]:
    """The actions and dice of ``route`` (see the module doc), and the state they reach."""
    rules = GamebookRules(book)
    dice = RouteDice()
    game: Game[PlayState] = Game(rules, rules.initial(), dice=dice)
    actions: list[Action] = []
    policy = AutoPolicy(rules)

    def play(action: Action, **faces: int | list[int]) -> None:
        dice.faces = faces
        game.play(action)
        actions.append(action)

    (_, (kind, spread)), *steps = route
    assert kind == "start"
    play(RollCreation(), creation=[sum(spread), 1])  # keep the first die (R-GB-02)
    play(ChooseDie(0))
    play(Distribute(*spread))
    for pid, way in steps:
        state = game.state
        assert state.paragraph == pid, (pid, state.path)
        para = book.paragraphs[pid]
        if way[0] == "equip":
            play(Equip(way[1]))
        elif way[0] == "choices":
            play(Choose(rules.open_choices(state).index(para.choices[way[1]]) + 1))
        elif way[0] == "jumps":
            play(Proceed())
        elif way[0] == "check":
            play(Proceed(), check=6 if way[1] == 0 else 1)
        else:
            outcome = ("win", "lose", "escape")[way[1]]
            play(Proceed())
            if game.state.phase == "combat" and not game.state.combat.chosen:
                play(UseAbility(way[2]))
            faces = {"win": WIN, "lose": LOSE, "escape": STALL}[outcome]
            while game.state.phase == "combat":
                legal = game.legal_actions()
                if outcome == "escape" and Escape() in legal:
                    play(Escape(), escape=6)
                    continue
                attacks = [a for a in legal if isinstance(a, Attack)]
                play(policy.choose(game.state, attacks) if len(attacks) > 1 else attacks[0], **faces)
    return actions, dice.drawn, game.state


BOOKS = [pytest.param(book_id, path, id=book_id) for book_id, path in samples()]


@pytest.mark.parametrize(("book_id", "path"), BOOKS)
def test_every_ending_plays_with_fixed_dice_r_gb_02_07_10_to_16(book_id: str, path: Any) -> None:
    book = load_book(path)
    found = explore(book)
    assert found.complete
    endings = [pid for pid, p in book.paragraphs.items() if p.ending is not None]
    assert len({book.paragraphs[e].ending for e in endings}) == 3  # good, normal and bad ones
    for ending in endings:
        route = found.route(ending)
        assert route is not None, f"{book_id}: ending {ending} has no route"
        actions, drawn, reached = script(book, route)
        assert reached.phase == "ended" and reached.paragraph == ending, (ending, reached.path)
        # Played again from the start with exactly these dice, as a fixed list: the same ending.
        rules = GamebookRules(book)
        fixed = ScriptedDice(drawn)
        game = Game(rules, rules.initial(), dice=fixed)
        for action in actions:
            game.play(action)
        assert game.state == reached
        assert fixed.remaining == 0
