"""R-MK-23 at its depth: every battle event, rendered for a player seat with a hidden monster as its subject,
says nothing of that monster but its appearance — in every language, through every way an event reaches a
seat (the text line, the table's event list, the event as data).

The events are built from their own field lists, so an event type added later is tested without anyone
writing a case for it; every number a field carries is one no other part of the line can produce
(7301, 7302, …), and the text is searched for those numbers and for the monster's names, kind, skills
and items.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import typing

import pytest

from meikyu.i18n import LANGS
from meikyu.systems.meikyu_kingdom.combat import events as ev
from meikyu.systems.meikyu_kingdom.combat.model import COURT, MONSTERS, Battle, Combatant, Weapon
from meikyu.systems.meikyu_kingdom.combat.view import _ID_FIELDS, event_view, render
from meikyu.table.mk_battle import BattleKind

HIDDEN = Combatant(
    "m1", "Gloomfang", MONSTERS, 3, 8123, 8124, species="gloomfang_kind", names=("글룸팡", "グルームファング", "Gloomfang"),
    level=8125, valor=8126, evasion=8127, armor=8128, skills=("Shadowbite",), hidden=True, appearance="a shadow",
    looks=("그림자", "影", "a shadow"), weapons=(Weapon("Venomclaw", power=8129, names=("독발톱", "毒爪", "Venomclaw")),),
)
PC = Combatant("pc", "Ari", COURT, 3, 9, 9, kind="pc", valor=2)
BATTLE = Battle((HIDDEN, PC))
SECRET_NAMES = ("Gloomfang", "글룸팡", "グルームファング", "gloomfang_kind", "Shadowbite", "Venomclaw", "독발톱", "毒爪",
                "Secretnote", "Secretthing")

# Fields whose values are public whoever the event is about (where things stand, which round, which table
# row: players see the pieces and the table's effect), and the valid words the text translates.
PUBLIC = {"area": 3, "origin": 2, "round": 2, "roll": 7}
OWN_DATA = "Rallying Cry"
# a ``data`` name is its actor's: a land maker's own data, aimed at or answering a hidden monster, is theirs to read;
# when the hidden monster is the actor the whole line is covered, so its skill's name never shows either
WORDS = {"purpose": "hit", "status": "poison", "side": "monsters", "winner": "court", "outcome": "none",
         "cause": "unknown_count", "kind": "sixes", "trigger": "reached", "action": "hit", "deadline": "combat",
         "reason": "roll"}
# Per event, fields that are public even so: a blocking line's count of the mover's allies (pieces players
# see), how many monsters join a fight (they stand on the board); when the hidden monster is the one
# blocked, the valor it is blocked by is the court's own.
PUBLIC_IN = {("Blocked", "allies"), ("Reinforced", "count"), ("Blocked", "valor", "id")}


def _types() -> list[type[ev.BattleEvent]]:
    found, todo = [], list(ev.BattleEvent.__subclasses__())
    while todo:
        cls = todo.pop()
        todo.extend(cls.__subclasses__())
        if dataclasses.is_dataclass(cls):
            found.append(cls)
    return sorted(found, key=lambda c: c.__name__)


def _about_hidden(cls: type[ev.BattleEvent]) -> list[tuple[ev.BattleEvent, list[str]]]:
    """One instance of ``cls`` per way it can name the hidden monster, with the numbers it must not show."""
    hints = typing.get_type_hints(cls)
    fields = dataclasses.fields(cls)
    ids = [f.name for f in fields if f.name in _ID_FIELDS]
    if cls is ev.Reinforced:
        ids = ["species"]
    out = []
    for subject in ids:
        numbers = itertools.count(7301)
        values: dict[str, object] = {}
        secret: list[str] = []
        for f in fields:
            hint = hints[f.name]
            if f.name == subject:
                values[f.name] = HIDDEN.species if cls is ev.Reinforced else HIDDEN.id
            elif f.name in _ID_FIELDS:
                values[f.name] = PC.id
            elif f.name == "data" and hint is str:
                values[f.name] = OWN_DATA
            elif f.name in PUBLIC:
                values[f.name] = PUBLIC[f.name]
            elif f.name in WORDS:
                values[f.name] = WORDS[f.name]
            elif hint is bool:
                values[f.name] = f.name == "success"
            elif hint is int:
                values[f.name] = next(numbers)
                if (cls.__name__, f.name) not in PUBLIC_IN and (cls.__name__, f.name, subject) not in PUBLIC_IN:
                    secret.append(str(values[f.name]))
            elif hint == tuple[int, ...]:
                values[f.name] = (next(numbers), next(numbers))
                secret.extend(str(n) for n in values[f.name])  # type: ignore[attr-defined]
            elif hint == tuple[str, ...]:
                values[f.name] = ()
            elif hint == tuple[tuple[str, int], ...]:  # data that acts on a check: its name and amount
                values[f.name] = (("Shadowbite", next(numbers)),)
            elif f.name in ("weapon", "item"):
                values[f.name] = "Venomclaw"
            elif f.name == "skill":
                values[f.name] = "Shadowbite"
            elif f.name == "note":
                values[f.name] = "Secretnote"
            else:
                values[f.name] = "Secretthing"
        out.append((cls(**values), secret))  # type: ignore[arg-type]
    return out


CASES = [(event, secret) for cls in _types() for event, secret in _about_hidden(cls)]


def test_every_event_type_that_can_name_a_monster_is_covered() -> None:
    """The cases reach every event type but these, which name no combatant: an event added with a
    combatant under a field name the views do not know (not in ``_ID_FIELDS``) shows up here."""
    named = {type(e).__name__ for e, _ in CASES}
    assert {c.__name__ for c in _types()} - named == {
        "Ambush", "BattleOver", "DisasterDue", "EffectsEnded", "Escaped", "QuarterEnded", "RoundEnded",
        "RoundStarted", "SideActs", "SideFellBack", "Surrendered", "TrapAppeared", "Treasure", "VoiceChanged",
    }


def _leaks(text: str, secret: list[str]) -> list[str]:
    return [s for s in (*secret, *SECRET_NAMES) if s in text]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("event", "secret"), CASES, ids=[f"{type(e).__name__}-{i}" for i, (e, _) in enumerate(CASES)])
def test_r_mk_23_no_event_shows_a_hidden_monsters_numbers_or_names(event: ev.BattleEvent, secret: list[str],
                                                                    lang: str) -> None:
    """R-MK-23: the player's line names the hidden monster by its appearance and nothing more."""
    player = render(event, BATTLE, lang, "player")
    assert not _leaks(player, secret), player
    assert "mk.battle" not in player, player  # a key missing from the catalog would print its fields
    seat = BattleKind().events_for(BATTLE, BATTLE, [event], "p1", lang)
    assert not _leaks(json.dumps(seat, ensure_ascii=False), secret), seat
    data = json.dumps(event_view(event, BATTLE, "player"), ensure_ascii=False)
    assert not _leaks(data, secret), data


def test_r_mk_23_gm_heals_a_hidden_monster_players_read_no_hp() -> None:
    """The line a hostile pass found: the GM restores HP to a hidden monster; players read that it
    recovers, not how much nor its HP, in ko, ja and en."""
    healed = ev.HpRestored("m1", 1, 18)
    assert render(healed, BATTLE, "en", "player") == "a shadow regains HP."
    assert render(healed, BATTLE, "ja", "player") == "影のHPが回復した。"
    assert render(healed, BATTLE, "ko", "player") == "그림자의 HP가 회복되었습니다."
    assert render(healed, BATTLE, "en", "gm") == "Gloomfang regains 1 HP (HP 18)."
