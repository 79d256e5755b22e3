"""The Liberator table as a pure state machine (R-LB-01 … R-LB-12, R-LB-14).

A scenario is played in rounds: setup (the GM gives, or the players continue / abandon a mission,
or give up) → one turn per player, clockwise from the mission's first player → cleanup. A turn is
``Declare`` (an action in hand, a normal recovery, or — with an empty hand — a dying revival) →
2D6 → ``Split`` (which die is the power) → after roll (job effects, feats, grants, then
``Resolve`` with the obstacles to remove or actions to recover) → special effects. Clearing the
mission forfeits the round's remaining turns. Choices in the middle of effects (which card to
discard, which obstacle, which other player) are prompts answered by ``PickCard`` /
``PickObstacle`` / ``PickPlayer``.

Choices made where the rules are silent (each one data or an option where it matters):

- Power removes obstacles of its own attribute only; a follow-up (追撃, ``追:X`` on the effect
  die's face) adds a second power of attribute X with the same value (R-LB-14 Q&A); obstacles
  are split between the two powers however fits.
- Normal recovery (:class:`~meikyu.systems.liberator.state.Options` ``normal_recovery``): one die is
  the recovery value, the other is ignored; recovered actions' targets must sum to ≤ it.
- Dying revival: like every roll, one die is the recovery (R-LB-08: the higher, as no effect row
  reads the other), and recovering nothing is allowed when no target fits (R-LB-09). House rules:
  ``Options(dying_revival="sum")`` adds both dice, ``dying_min_one`` always brings back the cheapest.
- "One or more" (R-LB-09): choosing nothing is only legal when no single target fits.
- Advantage / disadvantage: the player declares an action in hand and its effect row is read on
  the chosen die; the player chooses for an advantage, the GM for a disadvantage (option). With
  no action in hand the 2D6 is still rolled and doubles still give experience (R-LB-08, R-LB-12),
  but there is no effect row to read, so nothing else happens.
- ``即:X-N`` with N > 1 discards N cards, one chosen at a time; each finds none → nothing (R-LB-11).
- Job effects and feats are used after the roll by the turn's player; abilities marked "others"
  (``他者威力+2``, ``即:他者回復``) may be used by any other player during the turn, and with a
  single player on oneself (R-LB-09).
- An ability's extra "-1 card" cost (R-LB-11: unusable only with no such card in hand) may be paid
  with the action declared this turn, still in hand. ``Options(pay_with_declared=False)`` is the
  house rule that it needs another card; its errors carry ``R-LB-ruling-cost``.
- The forced normal recovery after the final mission is a recovery like a turn's: recovery
  grants and recovery abilities raise it (R-LB-05). An advantage / disadvantage roll has no power
  and no recovery, so only abilities that need neither (obstacle −1, obstacle attribute, recover,
  grant) may be used before its effect die is picked (R-LB-12).
- Each GM disadvantage needs a warning before it; the warning is used up (R-LB-12).
- The final mission may be abandoned like any other with obstacles left (R-LB-04); the GM then gives
  another final. ``Options(final_stays=True)`` is the house rule that keeps it.
- The same-name rule (R-LB-09) spans a GM's advantage or disadvantage rolled inside the turn: what
  was used on it counts for the turn (``names_span_checks``; saves made before it replay without).
- Grants last until used (or the round / mission, as printed); only the turn's player spends
  theirs; a power grant must match the action's current attribute (R-LB-14).
- The once-per-scenario limit of job effects and feats is a fact from another chapter; its
  errors carry the rule id ``R-LB-X``.

>>> from meikyu.dice import ScriptedDice
>>> from meikyu.systems.liberator.mission import Mission, Obstacle
>>> from meikyu.systems.liberator.state import Declare, Resolve, Split, StartMission
>>> rules = LiberatorRules()
>>> table = new_table([("ann", "warrior", ["mount"])], rules.cards)
>>> mission = Mission("normal", (Obstacle(1, "combat", "P", 3), Obstacle(2, "lore", "M", 1)))
>>> s, _ = rules.step(table, StartMission(mission), ScriptedDice([]))
>>> s, ev = rules.step(s, Declare("swing"), ScriptedDice([5, 3]))
>>> s.turn.step, [a for a in rules.legal_actions(s) if isinstance(a, Split)]
('split', [Split(power=5), Split(power=3)])
>>> s, ev = rules.step(s, Split(5), ScriptedDice([]))
>>> s, ev = rules.step(s, Resolve((1,)), ScriptedDice([]))
>>> [o.uid for o in s.mission.obstacles]
[2]

The machine is in modules, one job each: :mod:`~meikyu.systems.liberator.machine` (dispatch and
step), :mod:`~meikyu.systems.liberator.context` (one step's state, events and effect queue),
:mod:`~meikyu.systems.liberator.flow` (turns, rounds, cleanup, scenario end),
:mod:`~meikyu.systems.liberator.setup_phase`, :mod:`~meikyu.systems.liberator.turn`,
:mod:`~meikyu.systems.liberator.abilities`, :mod:`~meikyu.systems.liberator.checks`,
:mod:`~meikyu.systems.liberator.answers`, :mod:`~meikyu.systems.liberator.experience`,
:mod:`~meikyu.systems.liberator.legal` and :mod:`~meikyu.systems.liberator.guards`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from meikyu.dice.source import Dice
from meikyu.engine import Action, Event
from meikyu.errors import InputError
from meikyu.serial import to_data
from meikyu.systems.liberator import legal, machine, turn
from meikyu.systems.liberator.cards import CardSet, sample_cards
from meikyu.systems.liberator.character import create_character
from meikyu.systems.liberator.guards import wait_phrase, waiting_for
from meikyu.systems.liberator.mission import MISSION_TYPES
from meikyu.systems.liberator.state import ACTIONS, Options, Seat, TableState, table_from_data


def new_table(
    players: Sequence[tuple[str, str, Sequence[str]]],
    cards: CardSet | None = None,
    *,
    dedicated_gm: bool = True,
    plan: Sequence[str] = ("normal", "turning", "final"),
    seed: int = 0,
    options: Options | None = None,
    levels: Sequence[int] | None = None,
) -> TableState:
    """A table ready for its first setup: ``players`` are (name, job, extra cards) in seat order.

    ``levels`` gives each player's level (default 1 each): a level-N character takes N extra cards.

    >>> s = new_table([("ann", "warrior", ["mount"]), ("bob", "mage", ["might", "focus"])], levels=[1, 2])
    >>> [p.character.level for p in s.players], s.players[1].character.feats
    ([1, 2], ('might', 'focus'))
    """
    cards = cards if cards is not None else sample_cards()
    if not players:
        raise InputError("lb.error.no_players")
    levels = list(levels) if levels is not None else [1] * len(players)
    if len(levels) != len(players) or any(lv < 1 for lv in levels):
        raise InputError("lb.error.levels", players=len(players), count=len(levels))
    names = [p[0] for p in players]
    if len(set(names)) != len(names):
        raise InputError("lb.error.duplicate_player")
    for kind in plan:
        if kind not in MISSION_TYPES:
            raise InputError("lb.error.mission_type", type=kind, types=", ".join(MISSION_TYPES))
    seats = tuple(
        Seat(name, create_character(cards, name, job, extras, level))
        for (name, job, extras), level in zip(players, levels, strict=True)
    )
    return TableState(seats, dedicated_gm, options=options or Options(), plan=tuple(plan), seed=seed)


class LiberatorRules:
    """The rules object a :class:`meikyu.engine.Game` drives; ``cards`` defaults to the sample set."""

    id = "liberator"
    actions = ACTIONS

    def __init__(self, cards: CardSet | None = None) -> None:
        self.cards = cards if cards is not None else sample_cards()

    # -- engine protocol -----------------------------------------------------------------------
    def step(self, state: TableState, action: Action, dice: Dice) -> tuple[TableState, tuple[Event, ...]]:
        """The new state and events of ``action`` (see :func:`~meikyu.systems.liberator.machine.step`)."""
        return machine.step(self.cards, state, action, dice)

    def legal_actions(self, state: TableState) -> Sequence[Action]:
        """What may happen next, the recommended answer first (so FirstLegalPolicy plays sensibly)."""
        return legal.legal_actions(self.cards, state)

    def state_to_data(self, state: TableState) -> Any:
        return to_data(state)

    def state_from_data(self, data: Any) -> TableState:
        return table_from_data(data)

    # -- views of the roll in play -------------------------------------------------------------
    def resolve_options(self, s: TableState) -> list[Action]:
        """The ``Resolve`` answers open to the roll in play, largest removal or recovery first."""
        return legal.resolve_options(self.cards, s)

    def turn_value(self, s: TableState) -> int:
        """The turn's power (action) or recovery (normal recovery, dying revival), bonuses included."""
        return turn.turn_value(self.cards, s)

    def pools(self, s: TableState) -> list[tuple[str, int]]:
        """The turn's powers: (attribute, value), plus the follow-up's (R-LB-14)."""
        return turn.pools(self.cards, s)

    def waiting_for(self, s: TableState) -> str:
        """A short code of what the table waits for (used in messages and the terminal table)."""
        return waiting_for(s)

    def waiting_label(self, s: TableState, lang: str) -> str:
        """What the table waits for, as a phrase in ``lang`` (``waiting_for``'s code translated).

        >>> rules = LiberatorRules()
        >>> rules.waiting_label(new_table([("ann", "warrior", ["mount"])], rules.cards), "en")
        "the GM's next mission"
        """
        return wait_phrase(self.waiting_for(s), lang)
