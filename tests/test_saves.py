"""Every action type of every system saves and loads, through the format each CLI saves in.

Two layers. First, every class in every action registry is built with typed values, dumped, sent
through JSON text and loaded back equal — so a field named like the union's tag (``type`` on
Liberator's ``GenerateMission`` and Meikyuu Kingdom's ``Act``) can no longer overwrite it. Second,
seeded walks through each system play legal actions and arbitrary accepted ones until every action
type has been *played* at least once; each walk is then saved in the CLI's own format (the gamebook
reader's ``save``, the Liberator table's ``save`` command, the Game JSON that ``mk table --save``
writes and the other MK machines share) and loaded again, which replays every step with its dice.
"""

from __future__ import annotations

import dataclasses
import json
import random
import types
import typing
from pathlib import Path
from typing import Any

import pytest

from meikyu.dice import RandomDice, ScriptedDice
from meikyu.engine import Action, Game
from meikyu.errors import InputError
from meikyu.serial import TAG, TypeRegistry
from tests.test_action_fuzz import SYSTEMS, _field_values, _strings, starters, system


def _registries() -> dict[str, TypeRegistry]:
    from meikyu.systems.meikyu_kingdom.kingdom import cycle
    from meikyu.systems.meikyu_kingdom.kingdom import effects as kingdom_effects

    found = {name: system(name)[0].actions for name in SYSTEMS}
    found["mk_cycle"] = cycle.ACTIONS
    found["mk_kingdom_effects"] = kingdom_effects.ACTIONS
    return found


def _typed(tp: Any, rng: random.Random, depth: int = 0) -> Any:
    """A deterministic value of type ``tp`` (never the default, so every field is exercised)."""
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        return _typed(next(a for a in args if a is not type(None)), rng, depth)
    if tp is bool:
        return True
    if tp is int:
        return rng.randint(1, 50)
    if tp is float:
        return 0.5
    if tp is str:
        return rng.choice(["type", "Pass", "turning", "名前", "x"])  # names that once collided
    if tp is Any:
        return {"type": "x"}
    if origin is typing.Literal:
        return args[-1]
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return (_typed(args[0], rng, depth + 1), _typed(args[0], rng, depth + 1))
        return tuple(_typed(a, rng, depth + 1) for a in args)
    if origin in (frozenset, set):
        return origin({_typed(args[0], rng, depth + 1)})
    if origin is list:
        return [_typed(args[0], rng, depth + 1)]
    if origin is dict:
        return {_typed(args[0], rng, depth + 1): _typed(args[1], rng, depth + 1)}
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        hints = typing.get_type_hints(tp)
        return tp(**{f.name: _typed(hints[f.name], rng, depth + 1) for f in dataclasses.fields(tp) if f.init})
    if isinstance(tp, type) and issubclass(tp, __import__("enum").Enum):
        return next(iter(tp))
    raise AssertionError(f"no builder for {tp!r}")


@pytest.mark.parametrize("name", sorted(_registries()))
def test_every_registered_action_round_trips_through_json(name: str) -> None:
    registry = _registries()[name]
    rng = random.Random(name)
    classes = list(registry)
    assert classes
    for cls in classes:
        action = _typed(cls, rng)
        dumped = registry.dump(action)
        assert dumped[TAG].rpartition(".")[2] == cls.__name__  # a sub-registry's types: "battle.Move"
        assert registry.load(json.loads(json.dumps(dumped, ensure_ascii=False))) == action


def test_old_saves_load_with_or_without_the_class_name() -> None:
    """Saves from before the ``@type`` tag: class name under ``type``, or lost to a ``type`` field."""
    from meikyu.systems.liberator.state import ACTIONS, Declare, GenerateMission

    assert ACTIONS.load({"type": "Declare", "card": "swing"}) == Declare("swing")
    assert ACTIONS.load({"type": "turning", "seed": 7}) == GenerateMission("turning", 7)


# -- walks played through each CLI's save format ---------------------------------------------------


def _arbitrary(
    registry: TypeRegistry, legal: list[Action], words: tuple[list[str], list[str]], rng: random.Random,
    unplayed: set[str],
) -> Action:
    """An action of a type not yet played (mostly), its fields from the legal actions and the state."""
    classes = sorted(registry, key=lambda c: c.__name__)
    rare = [c for c in classes if c.__name__ in unplayed]
    cls = rng.choice(rare if rare and rng.random() < 0.8 else classes)
    hints = typing.get_type_hints(cls)
    near = _field_values(legal)
    kwargs: dict[str, Any] = {}
    for f in dataclasses.fields(cls):
        if not f.init:
            continue
        if f.name in near and rng.random() < 0.7:
            kwargs[f.name] = rng.choice(near[f.name])
            continue
        tp = hints[f.name]
        if tp is str:
            ids, others = words
            kwargs[f.name] = rng.choice(ids if ids and rng.random() < 0.5 else others or ["x"])
        elif tp is int:
            kwargs[f.name] = rng.randint(0, 6)
        elif tp is bool:
            kwargs[f.name] = rng.random() < 0.5
        else:
            kwargs[f.name] = _typed(tp, rng) if f.default is dataclasses.MISSING else f.default
    return cls(**kwargs)  # type: ignore[no-any-return]


def _walk(name: str, seed: int, length: int, unplayed: set[str]) -> Game[Any]:
    """A game of legal moves (of types not yet played, when there are) and, now and then, an
    arbitrary action the rules accept."""
    rules, state = system(name)
    rng = random.Random(seed)
    game: Game[Any] = Game(rules, state, dice=RandomDice(seed))
    for _ in range(length):
        legal = list(game.legal_actions()) or starters(name, game.state)
        if not legal and rng.random() < 0.5:
            break
        fresh = [a for a in legal if type(a).__name__ in unplayed]
        if legal and rng.random() < 0.75:
            candidate = rng.choice(fresh or legal)
        else:
            words: set[str] = set()
            ids: set[str] = set()
            _strings(rules.state_to_data(game.state), words, ids)
            candidate = _arbitrary(rules.actions, legal, (sorted(ids), sorted(words)), rng, unplayed)
        try:
            game.play(candidate)
        except InputError:
            continue
    return game


def _save_and_load(name: str, game: Game[Any], tmp: Path) -> Game[Any]:
    """Save ``game`` as the system's CLI does and load it back the same way."""
    path = tmp / f"{name}.json"
    if name == "gamebook":
        from meikyu.systems.gamebook.reader import Session

        session = Session(game.rules.book)  # type: ignore[attr-defined]
        session.game = game
        session.save(path)
        loaded = Session(game.rules.book)  # type: ignore[attr-defined]
        loaded.load(path)
        return loaded.game
    if name == "liberator":
        from meikyu.systems.liberator.play import QueueDice, Table

        out: list[str] = []
        table = Table(game, game.rules, "en", out.append, QueueDice())  # type: ignore[arg-type]
        table.command(f"save {path}")
        fresh = Table.new([("x", "warrior", ["mount"])], write=out.append)
        fresh.command(f"load {path}")
        assert fresh.game is not game, out
        return fresh.game
    path.write_text(json.dumps(game.to_data(), ensure_ascii=False), encoding="utf-8")  # mk table --save
    return Game.from_data(game.rules, json.loads(path.read_text(encoding="utf-8")))


Move = Action | tuple[Action, tuple[int, ...]]


def _scenarios(name: str) -> list[tuple[Any, list[Move]]]:
    """Prepared states and moves for the action types random walks rarely reach (GM moves, the dead,
    traps, the budget meeting's requests …), after the systems' own rule tests. A move with dice
    plays exactly those; others roll seeded dice."""
    if name == "check":
        from meikyu.systems.meikyu_kingdom.check.check import (
            CheckState,
            DeclareCheck,
            FinishCheck,
            MinionHelp,
            UseCheckData,
        )
        from meikyu.systems.meikyu_kingdom.sheets.kingdom import Kingdom
        from tests.meikyu_kingdom.mk_core_helpers import pc as lord

        state = CheckState(Kingdom("k", voice=10, land_makers=4), (lord(minions=3),))
        gritty = CheckState(state.kingdom, (lord(minions=3, skills=(_grit(),)),))
        return [(state, [DeclareCheck("a", "wit", 30), MinionHelp()]), (state, [DeclareCheck("a", "wit", 30), FinishCheck()]),
                (gritty, [(DeclareCheck("a", "search", 30), (2, 3)), (UseCheckData("Grit"), (2,)), FinishCheck()])]
    if name in ("round_table", "session"):
        from meikyu.systems.meikyu_kingdom import session as se
        from meikyu.systems.meikyu_kingdom.kingdom import round_table as rt
        from meikyu.systems.meikyu_kingdom.sheets.sheet import sample

        sheet = sample()
        budget: list[Move] = [
            rt.AssignMinions("doyun", 10), rt.EndOrganization(),
            rt.RequestItem("haneul", "횃불", 2), rt.Approve(),
            rt.RequestFacility("왕좌의 방", 0, "A3"), rt.Refuse(),
            rt.RequestPassage(0, "B3", "C3"), rt.Approve(),
            rt.RequestDestroy("entrance", 0, "B3"), rt.Approve(),
        ]
        if name == "round_table":
            return [(rt.RoundTableState(sheet.kingdom, sheet.characters), budget)]
        return [
            (se.SessionState(sheet.kingdom, sheet.characters), [se.Advance(), se.Advance(), *budget]),
            (se.SessionState(sheet.kingdom, sheet.characters, disasters=1),
             [se.RollDisaster(), se.GmSet("kingdom", "voice", 2)]),
            *_session_scenarios(),
        ]
    if name == "battle":
        from dataclasses import replace

        from meikyu.systems.meikyu_kingdom.combat import actions as ba
        from meikyu.systems.meikyu_kingdom.combat.data import DataBonus, DataUse
        from meikyu.systems.meikyu_kingdom.combat.model import MONSTERS, Options, Trap, Weapon
        from tests.meikyu_kingdom.combat.battle_helpers import acting, battle, mon, pc

        cry = DataUse("cry", "support", effects=("check_bonus",), target="ally_here", per="cycle", amount=1)
        claws = DataBonus("claws", 1, checks=("hit",), monster=True)
        dead = pc("ari", hp=0, condition="dead", acted=True, favor=(("bo", 2),))
        bo = pc("bo", favor=(("ari", 3),))
        trap = Trap("t1", "spikes", area=5, stat="search", difficulty=8, hidden=False)
        return [
            (acting(battle(dead, bo, mon("rat"))), [ba.Revive("ari", 5)]),
            (acting(battle(replace(dead, area=2), replace(bo, area=2), mon("rat", area=4))),
             [ba.Carry("bo", "ari", -1)]),  # the fallen carried back a step (R-MK-36)
            (acting(battle(dead, bo, mon("rat"), options=Options(ghost=True))),
             [ba.BecomeGhost("ari"), ba.GhostAct("ari", "bo")]),
            (acting(battle(pc("ari", area=5), pc("bo", area=1), mon("rat", area=4), traps=(trap,))),
             [ba.Disarm("ari", "t1")]),
            (acting(battle(pc("ari", area=0), pc("bo", area=0), mon("rat", area=3))), [ba.Escape("ari")]),
            (acting(battle(pc("ari", area=3), pc("bo", area=0), mon("rat", area=3)), MONSTERS),
             [ba.Inflict("ari", "sleep")]),
            (acting(battle(pc("ari", area=3), pc("bo", area=0, minions=4), mon("ogre", area=3, valor=3))),
             [ba.Move("ari", 1), ba.Decline()]),
            (acting(battle(pc("ari", area=3), mon("ogre", area=3, hp=20, evasion=30, level=2))),
             [(ba.Attack("ari", "ogre"), (6, 6, 1, 5)), ba.PlaceTarget(1)]),
            (acting(battle(pc("ari", area=3, hp=3, max_hp=9, weapons=(Weapon("salve", heal=1),)), mon("rat"))),
             [(ba.UseItem("ari", 0), (4,)), ba.RestoreHp("ari", 1)]),
            # data that acts (R-MK-08, R-MK-17): a support skill, then a monster skill paid for with hope
            (acting(battle(pc("ari", area=2, drive=1, capacity=2, uses=(cry,), data=(claws,)), pc("bo", area=2),
                           mon("rat"))),
             [ba.UseMonsterSkill("ari", "claws"), ba.UseData("ari", "cry", "bo")]),
            (acting(battle(pc("ari", area=3, drive=1), mon("rat", area=3, hp=30))),  # hope for damage (R-MK-16)
             [(ba.Attack("ari", "rat"), (5, 4)), (ba.SpendHope(1), (3,))]),
        ]
    if name == "gamebook":  # a ruling by hand on the sheet (issue 25): never among the legal actions
        from meikyu.systems.gamebook.rules import Amend

        rules, _ = system(name)
        return [(rules.initial(True), [Amend("gain", "herb", 2), Amend("stat", "attack", -1)])]
    if name == "liberator":
        from dataclasses import replace

        from meikyu.systems.liberator import state as lb
        from tests.liberator.lb_helpers import Mission, edit_char, obstacles, table

        _, state = system(name)
        rich = replace(state, players=tuple(replace(p, exp=10) for p in state.players))
        two = lb.StartMission(Mission("normal", obstacles("P3", "M4")))
        trio = edit_char(table(("ann", "warrior", ["mount"]), ("bob", "mage", ["might"]), ("cy", "priest", ["old_document"])),
                         1, hand=("revelation_magic", "illusion_magic", "might"), discard=("projection_magic",))
        return [
            (rich, [two, lb.GmGrant(0, "advantage"), lb.LevelUp(0, "might")]),
            (rich, [two, lb.GmEffect(1, "付:P+1")]),  # the GM's ruling by hand (issue 25)
            (table(("hana", "hunter", ["might"])),  # advantage, face 6 of the snare: 即:障害-1 picks one of two
             [two, lb.GmGrant(0, "advantage"), (lb.Declare("snare"), (6, 1)), lb.PickEffect(6), lb.PickObstacle(2)]),
            (trio, [two, (lb.Declare("sworn_brothers"), (6, 6)), lb.Resolve(), lb.PickPlayer(1)]),  # 即:他者回復
            # a campaign: between scenarios ann makes a new character and plays it in the next (R-LB-13)
            (replace(table(("ann", "warrior", ["mount"])), phase="over", result="cleared"),
             [lb.NewCharacter(0, "Mira", "mage", "might"), lb.NextScenario((lb.Casting("ann", "Mira"),))]),
        ]
    return []
def _grit() -> Any:
    """An auxiliary answering a failed search check: 1D6 minions for +2 (data that acts, R-MK-08)."""
    from meikyu.systems.meikyu_kingdom.sheets.character import Character

    skill = {"name": "Grit", "type": "auxiliary", "trigger": "own_check_failed", "stats": ["search"],
             "cost": {"minions": "1D6"}, "effects": [{"type": "achievement", "amount": 2}]}
    sheet = {"id": "x", "name": "x", "hp": 8, "wit": 1, "charm": 1, "search": 1, "valor": 1, "skills": [skill]}
    return Character.from_data(sheet).skills[0]


def _claws() -> Any:
    """A constant monster skill a PC holds (+1 on search checks once its 1 hope is paid, R-MK-17)."""
    from meikyu.systems.meikyu_kingdom.sheets.character import Character

    skill = {"name": "Claws", "type": "constant", "monster": True, "stats": ["search"],
             "effects": [{"type": "achievement", "amount": 1}]}
    sheet = {"id": "x", "name": "x", "hp": 8, "wit": 1, "charm": 1, "search": 1, "valor": 1, "skills": [skill]}
    return Character.from_data(sheet).skills[0]


def _session_scenarios() -> list[tuple[Any, list[Move]]]:
    """A game's kingdom-phase action cycle, a trap check with minion help, and every battle scenario
    played inside a game's labyrinth (the battle seam)."""
    from dataclasses import replace

    from meikyu.systems.meikyu_kingdom import cycle_data as cd
    from meikyu.systems.meikyu_kingdom import session as se
    from meikyu.systems.meikyu_kingdom.check import called as cc
    from meikyu.systems.meikyu_kingdom.check import check as ck
    from meikyu.systems.meikyu_kingdom.expedition import expedition as ex
    from meikyu.systems.meikyu_kingdom.gm_rulings import GmEffect, GmRollTable
    from meikyu.systems.meikyu_kingdom.kingdom import cycle as cy
    from meikyu.systems.meikyu_kingdom.kingdom.facility_use import UseFacility
    from meikyu.systems.meikyu_kingdom.session_state import STEPS

    _, start = system("session")
    acting = replace(start, index=STEPS.index(("kingdom", "actions")), actions=cy.CycleState(start.able()))
    court = tuple(replace(c, minions=5) if c.id == "mir" else c for c in start.court)
    lab = ex.begin(replace(start, court=court, index=STEPS.index(("labyrinth", ""))))
    out: list[tuple[Any, list[Move]]] = [
        (acting, [cy.Act("haneul", "planned", "speech"), cy.Resolve()]),
        # the GM's quick rulings as effects and a table rolled by ruling (R-MK-01b)
        (acting, [GmEffect({"type": "hp", "amount": "-1D6"}, "mir"), (GmRollTable("KDT"), (2, 2, 3, 4))]),
        (acting, [UseFacility("haneul", "밭")]),  # a facility's action (kingdom.facility_use)
        (replace(acting, court=tuple(replace(c, skills=(*c.skills, _grit()), minions=3) if c.id == "mir" else c
                                     for c in acting.court)),
         [se.CallCheck("mir", "search", 30), (cc.DeclareHope(()), (2, 3)), (ck.UseCheckData("Grit"), (2,)),
          ck.FinishCheck()]),
        (lab, [ex.EnterLabyrinth(), se.EndLabyrinth("returned")]),  # the GM ends the phase by ruling
        (lab, [ex.EnterLabyrinth(), ex.SkipSearch(), ex.MoveTo("hall"), ex.SearchTrap("mir", "search"),
               (cc.DeclareHope(()), (3, 3)), (ck.MinionHelp(), (2,))]),  # 10 + 1 = 11: found, the check over
        # a game created before session 5 (sixes_prompt off): the old keep_dice prompt and KeepDice
        (replace(lab, sixes_prompt=False),
         [ex.EnterLabyrinth(), ex.SkipSearch(), ex.MoveTo("hall"), ex.SearchTrap("mir", "search"),
          cc.DeclareHope(("voice",)), (cc.ConsentVoice(True), (5, 2, 1)), ck.KeepDice((2, 5))]),
        (replace(lab, expedition=replace(lab.expedition, haul_items=("마석",))),  # transport in camp (R-MK-46)
         [ex.EnterLabyrinth(), ex.SkipSearch(), ex.Camp(), ex.Transport("mir", 2, ("마석",)),
          (cc.DeclareHope(()), (3, 4))]),
        # a PC's monster skill paid for outside battle, on the next check of the cycle (R-MK-17)
        (replace(acting, court=tuple(replace(c, skills=(*c.skills, _claws()), drive=1) if c.id == "mir" else c
                                     for c in acting.court)),
         [cd.PayMonsterSkill("mir", "Claws"), se.CallCheck("mir", "search", 9), (cc.DeclareHope(()), (3, 3))]),
    ]
    from meikyu.systems.meikyu_kingdom.labyrinth import finds
    from meikyu.systems.meikyu_kingdom.session_state import Loot

    looting = replace(lab, expedition=replace(lab.expedition, stage="loot", battle_result="won",
                                              loot=(Loot(1, finds.COMMON, "chosen_common", 1),)))
    out.append((looting, [(finds.TakeItem("weapon"), (1, 3))]))  # a treasure's common category, the players' pick
    fighting = replace(lab, expedition=replace(lab.expedition, room="pantry", stage="battle"))
    from meikyu.systems.meikyu_kingdom.combat import actions as ba

    for battle, moves in _scenarios("battle"):
        out.append((replace(fighting, battle=battle), moves))
        if moves == [ba.Move("ari", 1), ba.Decline()]:
            out.append((replace(fighting, battle=battle), [ba.Move("ari", 1), ba.Breakthrough("bo")]))
    return out


def _scripted(name: str, state: Any, moves: list[Move]) -> Game[Any]:
    rules, _ = system(name)
    game: Game[Any] = Game(rules, state, dice=RandomDice(7))
    for move in moves:
        action, dice = move if isinstance(move, tuple) else (move, None)
        game.play(action, ScriptedDice(list(dice)) if dice is not None else None)
    return game


@pytest.mark.parametrize("name", sorted(SYSTEMS))
def test_every_action_type_is_played_saved_and_loaded(name: str, tmp_path: Path) -> None:
    """Every action type of the system, played in a game, saved as the CLI saves and loaded again."""
    rules, _ = system(name)
    wanted = {cls.__name__ for cls in rules.actions}
    games = [_scripted(name, state, moves) for state, moves in _scenarios(name)]
    played = {type(t.action).__name__ for g in games for t in g.history}
    for seed in range(200):
        if played >= wanted:
            break
        games.append(_walk(name, seed, 120, wanted - played))
        played |= {type(t.action).__name__ for t in games[-1].history}
    assert played >= wanted, f"never played: {sorted(wanted - played)}"
    for game in games:
        loaded = _save_and_load(name, game, tmp_path)
        assert rules.state_to_data(loaded.state) == rules.state_to_data(game.state)
        assert [t.action for t in loaded.history] == [t.action for t in game.history]
