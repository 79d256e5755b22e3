"""The seam between a session and its battles: start one from a room's encounter, fold its outcome back.

A battle is a sub-game of the session (R-MK-21 … R-MK-44 live in :mod:`.combat`). It starts with the
court as it stands — HP, drive, minions, statuses, items, formation areas (R-MK-21), incapacitated or
dead members on the field as they are — and the kingdom's voice. While it runs, every voice change it
makes goes through the one voice path (:func:`~meikyu.systems.meikyu_kingdom.check.voice.voice_step`), so kingdom disasters fall due
(R-MK-20) and the kingdom takes them over (:func:`sync`). When it is over, :func:`fold_back` writes HP, drive, minions, statuses, conditions and
fatal-wound deadlines to the sheets, and removes the items that broke.

>>> from meikyu.systems.meikyu_kingdom.sheets.sheet import sample
>>> from meikyu.systems.meikyu_kingdom.labyrinth.map import sample_labyrinth
>>> s = sample()
>>> b = start(s.characters, {}, {"seoa": 1}, sample_labyrinth().room("pantry").encounter, s.kingdom.voice, 0)
>>> [(c.id, c.area) for c in b.combatants], b.voice, b.options.count_unknown
([('haneul', 2), ('doyun', 2), ('seoa', 1), ('mir', 2), ('moss_rat1', 3), ('moss_rat2', 4)], 6, True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from meikyu.engine import Event
from meikyu.systems.meikyu_kingdom.combat import events as bev
from meikyu.systems.meikyu_kingdom.combat.bestiary import Species, load_bestiary, monster
from meikyu.systems.meikyu_kingdom.combat.model import (
    COURT,
    DEAD,
    INCAPACITATED,
    OK,
    Battle,
    Combatant,
    Options,
    Weapon,
)
from meikyu.systems.meikyu_kingdom.labyrinth.map import Encounter
from meikyu.systems.meikyu_kingdom.sheets.character import Character, Item
from meikyu.systems.meikyu_kingdom.sheets.kingdom import Kingdom

DEFAULT_AREA = 2
"""Where a land maker stands when the formation names no area: the court's front (R-MK-21)."""


def start(
    court: Sequence[Character],
    conditions: Mapping[str, str],
    formation: Mapping[str, int],
    encounter: Encounter,
    voice: int,
    uncertain_used: int,
    land_makers: int = 0,
    bestiary: Mapping[str, Species] | None = None,
    sixes_prompt: bool = True,
    sixes_stakes: bool = True,
    seed_review: bool = True,
    ghost: bool = False,
    data_followups: bool = True,
) -> Battle:
    """The setup-phase battle of ``encounter`` against the court as it is now (its monsters read from
    ``bestiary``, the shipped one by default; a random encounter brings its own, :mod:`~meikyu.systems.meikyu_kingdom.labyrinth.finds`).

    The uncertain-encounter limit is the court's average level per game (R-MK-23); hides spent in
    earlier battles of this game are carried in ``uncertain_used``; ``sixes_prompt`` is the game's own
    switch (:attr:`~meikyu.systems.meikyu_kingdom.session_state.SessionState.sixes_prompt`, off in games created before session 5),
    ``sixes_stakes`` its other one (:attr:`~meikyu.systems.meikyu_kingdom.session_state.SessionState.sixes_stakes`, session 6),
    ``seed_review`` the seed review's (:attr:`~meikyu.systems.meikyu_kingdom.session_state.SessionState.seed_review`, session 7),
    ``data_followups`` session 9's (:attr:`~meikyu.systems.meikyu_kingdom.session_state.SessionState.data_followups`).
    """
    beasts = load_bestiary() if bestiary is None else bestiary
    pieces: list[Combatant] = []
    for char in court:
        piece = Combatant.from_character(char, COURT, formation.get(char.id, DEFAULT_AREA))
        state = conditions.get(char.id, OK)
        if state != OK:
            piece = replace(piece, condition=state, acted=True)
        pieces.append(piece)
    levels = [c.level for c in court if c.pc]
    limit = sum(levels) // len(levels) if levels else 0
    # The room's hidden monsters make an uncertain encounter only while the game's allowance lasts
    # (R-MK-23); once it is spent they come out in the open (games created before session 7 kept them hidden).
    spent = seed_review and uncertain_used >= limit
    counts: dict[str, int] = {}
    for place in encounter.monsters:
        counts[place.species] = counts.get(place.species, 0) + 1
        ident = f"{place.species}{counts[place.species]}"
        pieces.append(monster(beasts[place.species], ident, place.area, hidden=place.hidden and not spent))
    hidden = int(any(p.hidden for p in encounter.monsters) and not spent)
    return Battle(
        combatants=tuple(pieces),
        voice=voice,
        land_makers=land_makers,
        options=Options(count_unknown=not encounter.count_known, sixes_prompt=sixes_prompt,
                        sixes_stakes=sixes_stakes, seed_review=seed_review, ghost=ghost,
                        data_followups=data_followups),
        uncertain_limit=limit,
        uncertain_used=min(limit, uncertain_used + hidden),
        traps=encounter.traps,  # the room's combat traps are placed at setup (R-MK-21)
    )


def sync(kingdom: Kingdom, before: Battle, after: Battle) -> tuple[Kingdom, int]:
    """The kingdom after a battle step: the battle changes voice only through the one voice path
    (:func:`~meikyu.systems.meikyu_kingdom.check.voice.voice_step`, R-MK-20) and counts the disasters that fell due; the kingdom takes its
    voice and those disasters over, and the minions a trap or a skill sent home become its citizens again.

    >>> b = Battle((), voice=5, land_makers=4)
    >>> k, due = sync(Kingdom("k", voice=5, land_makers=4), b, replace(b, voice=3, disasters=2))
    >>> k.voice, due
    (3, 2)
    """
    due = max(0, after.disasters - before.disasters)
    home = sum(n for _, n in after.deserted[len(before.deserted):])  # sent home: citizens again (R-MK-45)
    if home:
        kingdom = replace(kingdom, citizens=kingdom.citizens + home)
    if after.voice == kingdom.voice:
        return kingdom, due
    return replace(kingdom, voice=after.voice), due


def broken_items(events: Sequence[Event]) -> tuple[tuple[str, str], ...]:
    """(character id, item name) of every item a battle step broke (CFT 9/12, FWT 8)."""
    return tuple((e.actor, e.item) for e in events if isinstance(e, bev.ItemBroke))


def _item_of(weapon: Weapon, pool: dict[str, list[Item]]) -> Item:
    """The sheet's item a battle piece carried as ``weapon`` (taken from ``pool``, its level as the
    battle left it), or a plain item made from the weapon when no sheet had it."""
    same = pool.get(weapon.name)
    if same:
        item = same.pop(0)
        return item if item.level == weapon.level else replace(item, level=weapon.level)
    return Item(weapon.name, "weapon" if weapon.power > 1 else "item", level=weapon.level,
                attack=("ranged" if weapon.ranged else "melee") if weapon.power > 1 else None,
                range=weapon.range, power=weapon.power if weapon.power > 1 else 0, heal=weapon.heal)


def fold_back(
    court: Sequence[Character],
    conditions: Mapping[str, str],
    deadlines: Mapping[str, str],
    battle: Battle,
    broken: Sequence[tuple[str, str]],
    *,
    items_kept: bool = False,
) -> tuple[tuple[Character, ...], dict[str, str], dict[str, str]]:
    """Write a finished battle back to the sheets: HP, drive, minions, statuses, conditions, deadlines,
    and broken items (their slots become empty). With ``items_kept`` (games created since session 7)
    every carried item is what the battle left (R-MK-31, R-MK-36): a recovery item used up is gone, an
    item handed over is with its new carrier, a weapon's level raised by a critical hit (CAT 2) stays."""
    pieces = {c.id: c for c in battle.combatants if c.side == COURT}
    pool: dict[str, list[Item]] = {}
    for char in court:
        for item in char.items:
            if item is not None:
                pool.setdefault(item.name, []).append(item)
    new_court: list[Character] = []
    cond = dict(conditions)
    dead_lines = dict(deadlines)
    for char in court:
        piece = pieces.get(char.id)
        if piece is None:
            new_court.append(char)
            continue
        items = list(char.items)
        if items_kept:
            items = [_item_of(w, pool) for w in piece.weapons if not w.broken]
            broken = ()
        for who, name in broken:
            if who != char.id:
                continue
            for index, item in enumerate(items):
                if item is not None and item.name == name:
                    items[index] = None
                    break
        new_court.append(
            replace(
                char,
                hp=piece.hp,
                drive=piece.drive,
                minions=piece.minions,
                statuses=frozenset(piece.statuses),
                items=tuple(items),
            )
        )
        if piece.condition in (INCAPACITATED, DEAD):
            cond[char.id] = piece.condition
        else:
            cond.pop(char.id, None)
        if piece.deadline:
            dead_lines[char.id] = piece.deadline
        else:
            dead_lines.pop(char.id, None)
    return tuple(new_court), cond, dead_lines
