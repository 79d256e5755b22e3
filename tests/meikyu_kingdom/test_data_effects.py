"""Data that acts (R-MK-08, R-MK-09): the format skills and items are written in, its errors, the one
order every machine asks for, and constant data applied by the check itself."""

from __future__ import annotations

from dataclasses import replace
from importlib import resources

import pytest

from meikyu.dice import ScriptedDice
from meikyu.engine import Game
from meikyu.errors import DataError
from meikyu.systems.meikyu_kingdom.check.check import CheckRules, CheckState, DeclareCheck
from meikyu.systems.meikyu_kingdom.effects.acts import read_acts
from meikyu.systems.meikyu_kingdom.effects.order import applicable, check_modifiers
from meikyu.systems.meikyu_kingdom.effects.vocabulary import DATA_TYPES, DATA_VOCABULARY
from meikyu.systems.meikyu_kingdom.sheets.character import Character
from meikyu.systems.meikyu_kingdom.sheets.sheet import sample

MIR = {"id": "mir", "name": "Mir", "wit": 1, "charm": 1, "search": 3, "valor": 2, "max_hp": 9}


def _court() -> dict[str, Character]:
    return {c.id: c for c in sample().characters}


def test_the_sample_courts_data_acts_r_mk_08() -> None:
    court = _court()
    hawk = court["mir"].skills[0]
    assert hawk.acts is not None and hawk.acts.timing == "constant" and hawk.acts.stats == ("search",)
    shield = court["doyun"].skills[0]
    assert shield.acts is not None and (shield.acts.timing, shield.acts.trigger) == ("interrupt", "ally_attacked_here")
    salve = next(i for i in court["seoa"].items if i is not None and i.names.get("en") == "Salve")
    assert salve.acts is not None and salve.acts.cost.used_up and salve.acts.effects[0].type == "hp"
    for char in court.values():  # written out and read again, the same sheet
        assert Character.from_data(char.to_data()) == char


def test_old_sheets_still_load_skills_and_items_as_strings_r_mk_08() -> None:
    char = Character.from_data({**MIR, "skills": ["매의 눈"], "items": ["도시락", {}]})
    assert char.skills[0].name == "매의 눈" and char.skills[0].acts is None
    assert char.items[0] is not None and char.items[0].name == "도시락" and char.items[1] is None
    # a skill written before data acted has no effects: nothing applies it
    old = Character.from_data({**MIR, "skills": [{"name": "매의 눈", "type": "auxiliary", "effect": "+1"}]})
    assert check_modifiers([old], "mir", "search", "") == ()


@pytest.mark.parametrize(
    ("skill", "words"),
    [
        ({"name": "x", "type": "interrupt", "effects": [{"type": "cover"}]}, ("trigger", 'trigger = "ally_attacked_here"')),
        ({"name": "x", "type": "constant", "trigger": "self_attacked", "effects": [{"type": "cover"}]}, ("trigger",)),
        ({"name": "x", "effects": [{"type": "achievment", "amount": 1}]}, ("achievment", "achievement")),
        ({"name": "x", "effects": [{"type": "achievement"}]}, ("amount",)),
        ({"name": "x", "cost": {"hope": "one"}, "effects": [{"type": "cover"}]}, ("cost.hope", "hope = 1")),
        ({"name": "x", "cost": {"per": "week"}, "effects": [{"type": "cover"}]}, ("cost.per", "cycle")),
        ({"name": "x", "stats": ["luck"], "effects": [{"type": "cover"}]}, ("stats", "search")),
        ({"name": "x", "where": ["battle"]}, ("where", "effects =")),
    ],
)
def test_bad_data_says_where_what_and_an_example(skill: dict[str, object], words: tuple[str, ...]) -> None:
    with pytest.raises(DataError) as caught:
        Character.from_data({**MIR, "skills": [skill]}, file="court.toml")
    for lang in ("ko", "ja", "en"):
        text = caught.value.message(lang)
        assert "court.toml" in text and "skills[0]" in text
        for word in words:
            assert word in text, (lang, text)


def test_r_mk_09_constant_then_equipment_then_others_higher_level_first() -> None:
    def owner(ident: str, level: int, *skills: tuple[str, str]) -> Character:
        data = [{"name": n, "type": t, "stats": ["wit"], "effects": [{"type": "achievement", "amount": 1}]} for n, t in skills]
        return Character.from_data({**MIR, "id": ident, "level": level, "skills": data})

    low = owner("low", 1, ("l-support", "support"), ("l-constant", "constant"))
    high = owner("high", 3, ("h-support", "support"), ("h-equip", "equipment"), ("h-support2", "support"))
    everything = ("constant", "equipment", "support")
    names = [a.source for a in applicable([low, high], timings=everything, stat="wit")]
    assert names == ["l-constant", "h-equip", "h-support", "h-support2", "l-support"]


def test_r_mk_09_hawk_eye_shows_in_the_search_checks_line() -> None:
    """Mir's Hawk Eye (constant, +1 on search checks) is applied by the check itself: 3+4 + search 3 +
    1 = 11 meets 11, and the line says why, in every language."""
    s = sample()
    game = Game(CheckRules(), CheckState(s.kingdom, s.characters), ScriptedDice([3, 4]))
    events = game.play(DeclareCheck("mir", "search", 11))
    assert game.state.achievement == 11 and game.state.success
    lines = {lang: [e.render(lang) for e in events] for lang in ("ko", "ja", "en")}
    assert lines["en"][:2] == [
        "mir checks search (+4) against difficulty 11, with 0 hope dice.",
        "Hawk Eye (mir): +1 achievement.",
    ]
    assert lines["ko"][1] == "매의 눈(mir): 달성치 +1." and lines["ja"][1] == "鷹の目（mir）: 達成値 +1。"
    # not on another stat's check, and not for anyone else
    game = Game(CheckRules(), CheckState(s.kingdom, s.characters), ScriptedDice([3, 4]))
    game.play(DeclareCheck("mir", "wit", 11))
    assert game.state.achievement == 8
    game = Game(CheckRules(), CheckState(s.kingdom, s.characters), ScriptedDice([3, 4]))
    game.play(DeclareCheck("seoa", "search", 11))
    assert game.state.achievement == 9


def test_data_works_only_where_it_says() -> None:
    acts = read_acts({"where": ["battle"], "stats": ["search"], "effects": [{"type": "achievement", "amount": 2}]},
                     "constant", file="f", entry="e")
    assert acts is not None
    assert acts.applies_to_check("search", "search", "battle") and not acts.applies_to_check("search", "", "kingdom")


def test_the_format_doc_names_every_type_data_adds() -> None:
    doc = resources.files("meikyu.systems.meikyu_kingdom.data").joinpath("tables/DATA_EFFECTS.md").read_text("utf-8")
    for name in DATA_TYPES:
        assert f"`{name}`" in doc
    assert set(DATA_TYPES) <= set(DATA_VOCABULARY.types)


def test_a_sheet_with_acts_in_a_saved_state_loads_the_same() -> None:
    s = sample()
    state = CheckState(s.kingdom, s.characters)
    assert CheckState.from_data(state.to_data()) == state
    assert replace(state).court[3].skills[0].acts is not None


def test_r_mk_09_hawk_eye_in_a_battle_search_check_and_its_line() -> None:
    """In battle, Mir's Hawk Eye adds to her search for traps (R-MK-36): 3+2 + search 3 + 1 = 9 meets
    [2 court + 7]; the check's line names it, for the GM and for the players, in every language."""
    from tests.meikyu_kingdom.combat.battle_helpers import acting, battle, mon, play

    from meikyu.systems.meikyu_kingdom.combat import events as ev
    from meikyu.systems.meikyu_kingdom.combat.actions import SearchSpot
    from meikyu.systems.meikyu_kingdom.combat.model import Combatant, Trap
    from meikyu.systems.meikyu_kingdom.combat.view import render

    court = _court()
    mir = Combatant.from_character(court["mir"], area=2)
    seoa = Combatant.from_character(court["seoa"], area=2)
    assert [(d.source, d.amount, d.stats) for d in mir.data] == [("매의 눈", 1, ("search",))] and not seoa.data
    trap = Trap("t1", "spikes", area=5, stat="search", difficulty=8)
    b = acting(battle(mir, seoa, mon("rat", area=4), traps=(trap,)))
    after, events = play(b, SearchSpot("mir", "search"), 3, 2)
    check = next(e for e in events if isinstance(e, ev.Check))
    assert (check.achievement, check.difficulty, check.success, check.data) == (9, 9, True, (("매의 눈", 1),))
    assert not after.traps[0].hidden
    assert "+1 Hawk Eye" in render(check, after, "en") and "+1 鷹の目" in render(check, after, "ja", "player")
    assert "+1 매의 눈" in render(check, after, "ko")
    # without the skill the same dice miss: 8 < 9
    plain = acting(battle(evolve_data(mir), seoa, mon("rat", area=4), traps=(trap,)))
    _, events = play(plain, SearchSpot("mir", "search"), 3, 2)
    assert not next(e for e in events if isinstance(e, ev.Check)).success


def evolve_data(piece: object) -> object:
    from meikyu.systems.meikyu_kingdom.combat.model import evolve

    return evolve(piece, data=())  # type: ignore[arg-type]


def _shield_wall_battle() -> object:
    from tests.meikyu_kingdom.combat.battle_helpers import acting, battle, mon

    from meikyu.systems.meikyu_kingdom.combat.model import MONSTERS, Combatant, evolve

    court = _court()
    haneul = Combatant.from_character(court["haneul"], area=2)
    doyun = Combatant.from_character(court["doyun"], area=2)
    b = acting(battle(haneul, doyun, mon("rat", area=2, valor=2)), side=MONSTERS)
    return evolve(b, combatants=tuple(evolve(c, acted=c.side != MONSTERS) for c in b.combatants))


def test_r_mk_08_shield_wall_is_offered_to_its_owner_and_takes_the_blow() -> None:
    """A monster attacks Haneul; Doyun, in her area, holds Shield Wall (an interrupt answering an ally
    attacked here): he is asked, his seat answers, and the blow (claw 2 − his armor 1) is his."""
    from tests.meikyu_kingdom.combat.battle_helpers import play

    from meikyu.systems.meikyu_kingdom.combat import events as ev
    from meikyu.systems.meikyu_kingdom.combat.actions import Attack, Choose
    from meikyu.systems.meikyu_kingdom.combat.legal import legal_actions
    from meikyu.systems.meikyu_kingdom.combat.view import render
    from meikyu.systems.meikyu_kingdom.combat.words import pending_text

    b = _shield_wall_battle()
    asked, _ = play(b, Attack("rat", "haneul"))  # no die yet: the interrupt comes before the hit check
    assert asked.pending is not None and asked.pending.actor == "doyun"
    assert asked.pending.choice is not None and asked.pending.choice.kind == "interrupt"
    assert set(legal_actions(asked)) == {Choose("방패막이"), Choose("pass")}
    assert "Shield Wall" in pending_text(asked, "en") and "방패막이" in pending_text(asked, "ko")
    done, events = play(asked, Choose("방패막이"), 5, 5)  # 10 + valor 2 hits Haneul's evasion 8
    assert done.get("haneul").hp == 8 and done.get("doyun").hp == 11
    covered = next(e for e in events if isinstance(e, ev.Covered))
    assert "Shield Wall" in render(covered, done, "en") and "盾になる" in render(covered, done, "ja")
    assert done.get("doyun").used == (("방패막이", b.round),)  # the round it was used in (then a new round began)


def test_r_mk_08_shield_wall_once_per_round_and_declined() -> None:
    from tests.meikyu_kingdom.combat.battle_helpers import play

    from meikyu.systems.meikyu_kingdom.combat.actions import Attack, Choose
    from meikyu.systems.meikyu_kingdom.combat.model import evolve

    b = _shield_wall_battle()
    asked, _ = play(b, Attack("rat", "haneul"))
    done, _ = play(asked, Choose("pass"), 5, 5)
    assert done.get("haneul").hp == 6 and done.get("doyun").hp == 12
    used = evolve(b, combatants=tuple(evolve(c, used=(("방패막이", b.round),)) if c.id == "doyun" else c for c in b.combatants))
    done, _ = play(used, Attack("rat", "haneul"), 5, 5)  # already used this round: not asked
    assert done.pending is None and done.get("haneul").hp == 6


def _court_battle(hidden_rat: bool = False) -> object:
    from tests.meikyu_kingdom.combat.battle_helpers import acting, battle, mon

    from meikyu.systems.meikyu_kingdom.combat.model import Combatant

    court = _court()
    pieces = [Combatant.from_character(court[i], area=2) for i in ("haneul", "doyun", "seoa", "mir")]
    return acting(battle(*pieces, mon("rat", area=3, level=2, hidden=hidden_rat, appearance="a shadow")))


def test_r_mk_08_rallying_cry_is_haneuls_support_action_and_helps_the_next_check() -> None:
    """Haneul's Rallying Cry is offered to her (aimed at an ally in her area), once per cycle; Mir's next
    check gets +1: her search for traps 3+2 + 3 + Hawk Eye 1 + 1 = 10 meets [4 + 7] − 1 … 11 with it."""
    from tests.meikyu_kingdom.combat.battle_helpers import play

    from meikyu.systems.meikyu_kingdom.combat import events as ev
    from meikyu.systems.meikyu_kingdom.combat.actions import SearchSpot, UseData
    from meikyu.systems.meikyu_kingdom.combat.legal import legal_actions
    from meikyu.systems.meikyu_kingdom.combat.words import describe

    b = _court_battle()
    offered = [a for a in legal_actions(b) if isinstance(a, UseData)]
    assert {(a.actor, a.target) for a in offered} == {("haneul", "doyun"), ("haneul", "seoa"), ("haneul", "mir")}
    assert describe(UseData("haneul", "호령", "mir"), b, "en") == "Haneul: Rallying Cry on Mir"
    cried, events = play(b, UseData("haneul", "호령", "mir"))
    assert any(isinstance(e, ev.DataUsed) for e in events) and cried.get("mir").coop == (("haneul", 1, ""),)
    assert not any(isinstance(a, UseData) for a in legal_actions(cried))  # used this cycle (and acted)
    done, events = play(cried, SearchSpot("mir", "search"), 3, 3)  # 6 + 3 + 1 (Hawk Eye) + 1 = 11 ≥ 4 + 7
    check = next(e for e in events if isinstance(e, ev.Check))
    assert (check.achievement, check.difficulty, check.success) == (11, 11, True) and done.get("mir").coop == ()


def test_r_mk_23_monsterology_reveals_a_hidden_monster_on_its_check() -> None:
    """Seoa's Monsterology, aimed at a hidden monster: its own check, wit vs [level 2 + 5], hidden;
    a success reveals the monster's data to the court; a failure leaves it hidden."""
    from tests.meikyu_kingdom.combat.battle_helpers import play

    from meikyu.systems.meikyu_kingdom.combat import events as ev
    from meikyu.systems.meikyu_kingdom.combat.actions import UseData
    from meikyu.systems.meikyu_kingdom.combat.legal import legal_actions

    b = _court_battle(hidden_rat=True)
    assert UseData("seoa", "괴물학", "rat") in legal_actions(b)
    shown, events = play(b, UseData("seoa", "괴물학", "rat"), 2, 2)  # 4 + wit 3 = 7 ≥ 7
    check = next(e for e in events if isinstance(e, ev.Check))
    assert (check.purpose, check.difficulty, check.secret, check.success) == ("reputation", 7, True, True)
    assert not shown.get("rat").hidden and any(isinstance(e, ev.Revealed) for e in events)
    missed, _ = play(b, UseData("seoa", "괴물학", "rat"), 1, 2)
    assert missed.get("rat").hidden
    plain = _court_battle(hidden_rat=False)
    assert UseData("seoa", "괴물학", "rat") not in legal_actions(plain)


def test_r_mk_05_the_free_item_is_picked_from_the_common_item_catalog_and_a_salve_heals() -> None:
    """The round table offers each character the catalog's items of value ≤ life level (2 in the sample);
    a Salve asked for and approved is the catalog's Salve: in battle it heals 1D6 (R-MK-31)."""
    from tests.meikyu_kingdom.combat.battle_helpers import acting, battle, mon, play

    from meikyu.errors import RuleError
    from meikyu.systems.meikyu_kingdom.combat.actions import UseItem
    from meikyu.systems.meikyu_kingdom.combat.legal import legal_actions
    from meikyu.systems.meikyu_kingdom.combat.model import Combatant, evolve
    from meikyu.systems.meikyu_kingdom.kingdom.round_table import (
        Approve,
        EndOrganization,
        RequestItem,
        RoundTableRules,
        RoundTableState,
    )

    s = sample()
    game = Game(RoundTableRules(), RoundTableState(s.kingdom, s.characters), ScriptedDice([]))
    game.play(EndOrganization())
    offered = {(a.actor, a.item) for a in game.legal_actions() if isinstance(a, RequestItem)}
    assert ("haneul", "salve") in offered and ("haneul", "armor") in offered
    assert ("haneul", "revival_potion") not in offered  # value 3 > life 2
    before = game.state
    with pytest.raises(RuleError):
        game.play(RequestItem("haneul", "salve", 2, common=True))  # not the catalog's value
    with pytest.raises(RuleError):
        game.play(RequestItem("haneul", "elixir", 1, common=True))
    assert game.state is before
    game.play(RequestItem("haneul", "salve", 1, common=True))
    game.play(Approve())
    haneul = game.state.character("haneul")
    salve = haneul.items[2]
    assert salve is not None and salve.label("en") == "Salve" and salve.heal == 1 and salve.acts is not None
    assert not any(isinstance(a, RequestItem) and a.actor == "haneul" for a in game.legal_actions())
    piece = evolve(Combatant.from_character(haneul, area=2), hp=3)
    b = acting(battle(piece, mon("rat", area=4)))
    assert UseItem("haneul", 2, "haneul") in legal_actions(b)
    healed, _ = play(b, UseItem("haneul", 2, "haneul"), 4)
    assert healed.get("haneul").hp == 7 and len(healed.get("haneul").weapons) == 2


def test_r_mk_09_the_bestiarys_skills_act() -> None:
    """The sample bestiary's skills written as data act: the ink slime's Cling adds 1 to its hit checks
    (and the line names it); the rust beetle's hide reduces damage; the candle knight's Wax Guard is an
    interrupt asked of the GM's seat when another monster in its area is attacked."""
    from tests.meikyu_kingdom.combat.battle_helpers import acting, battle, pc, play

    from meikyu.systems.meikyu_kingdom.combat import events as ev
    from meikyu.systems.meikyu_kingdom.combat.actions import Attack
    from meikyu.systems.meikyu_kingdom.combat.bestiary import load_bestiary, monster
    from meikyu.systems.meikyu_kingdom.combat.model import MONSTERS
    from meikyu.systems.meikyu_kingdom.combat.view import render

    book = load_bestiary()
    assert book["rust_beetle"].armor == 1
    slime = monster(book["ink_slime"], "slime", 2)
    b = acting(battle(pc("ari", area=2, evasion=9), slime), side=MONSTERS)
    _, events = play(b, Attack("slime", "ari"), 3, 3)  # 6 + valor + 1 (Cling)
    check = next(e for e in events if isinstance(e, ev.Check))
    assert check.data == (("cling", 1),) and check.achievement == 6 + slime.valor + 1
    assert "+1 Cling" in render(check, b, "en") and "+1 달라붙기" in render(check, b, "ko")
    knight, rat = monster(book["candle_knight"], "knight", 3), monster(book["moss_rat"], "rat", 3)
    b = acting(battle(pc("ari", area=3), knight, rat))
    asked, _ = play(b, Attack("ari", "rat"))
    assert asked.pending is not None and asked.pending.actor == "knight" and asked.pending.choice.kind == "interrupt"
    from meikyu.table.mk_battle import BattleKind

    assert BattleKind.owner(asked, "knight") == "gm"


def test_r_mk_17_a_pc_pays_one_hope_for_a_monster_skill_until_the_round_ends() -> None:
    """A PC holding a constant monster skill (+1 on hit checks, via possession) pays 1 hope to declare
    it: the hit checks of that round get +1; unpaid, or in the next round, they do not."""
    from tests.meikyu_kingdom.combat.battle_helpers import acting, battle, mon, play

    from meikyu.systems.meikyu_kingdom.combat import events as ev
    from meikyu.systems.meikyu_kingdom.combat.actions import Attack, UseMonsterSkill
    from meikyu.systems.meikyu_kingdom.combat.legal import legal_actions
    from meikyu.systems.meikyu_kingdom.combat.model import Combatant, evolve

    claws = {"name": "곰 발톱", "names": {"ko": "곰 발톱", "ja": "熊の爪", "en": "Bear Claws"}, "type": "constant",
             "monster": True, "checks": ["hit"], "effects": [{"type": "achievement", "amount": 1}]}
    sheet = Character.from_data({**MIR, "drive": 1, "capacity": 2, "skills": [claws],
                                 "items": [{"name": "spear", "category": "weapon", "attack": "melee", "power": 2}]})
    mir = Combatant.from_character(sheet, area=3)
    assert check_modifiers([sheet], "mir", "valor", "hit") == ()  # outside battle nothing records it paid
    b = acting(battle(mir, mon("rat", area=3, evasion=9)))
    assert UseMonsterSkill("mir", "곰 발톱") in legal_actions(b)
    _, events = play(b, Attack("mir", "rat"), 3, 3)  # unpaid: 6 + 2 = 8 misses 9
    assert not next(e for e in events if isinstance(e, ev.Check)).success
    paid, events = play(b, UseMonsterSkill("mir", "곰 발톱"))
    assert paid.get("mir").drive == 0 and any(isinstance(e, ev.MonsterSkillPaid) for e in events)
    assert UseMonsterSkill("mir", "곰 발톱") not in legal_actions(paid)
    _, events = play(paid, Attack("mir", "rat"), 3, 3)  # paid: 6 + 2 + 1 = 9 hits
    check = next(e for e in events if isinstance(e, ev.Check))
    assert check.success and check.data == (("곰 발톱", 1),)
    later = evolve(paid, round=paid.round + 1)  # the cycle is over: it no longer works
    _, events = play(later, Attack("mir", "rat"), 3, 3)
    assert not next(e for e in events if isinstance(e, ev.Check)).success


def test_every_problem_of_one_skills_effects_is_told_at_once() -> None:
    """The sheet reader tells every problem of a skill's or an item's acting fields together, each at its path
    (``characters[0].skills[1].effects[2].amount``), as it does for the rest of a sheet — not only the first."""
    import tomllib

    from meikyu.sheetdata.reader import SheetProblems
    from meikyu.systems.meikyu_kingdom.sheets.sheet import read_sheet

    text = resources.files("meikyu.systems.meikyu_kingdom.data").joinpath("sample_kingdom.toml").read_text("utf-8")
    data = tomllib.loads(text)
    haneul = data["characters"][0]
    haneul["skills"].append({"name": "x", "type": "support", "target": "everyone", "cost": {"per": "week"},
                             "effects": [{"type": "achievement"}, {"type": "achievment", "amount": 1},
                                         {"type": "achievement", "amount": "1D"}, {"type": "cover"}]})
    haneul["items"][1]["effects"] = [{"type": "light", "range": "far"}, {"type": "light", "glow": 1}]
    with pytest.raises(SheetProblems) as caught:
        read_sheet(data, file="court.toml")
    paths = [line["path"] for line in caught.value.findings("en") if line["level"] == "error"]
    skill, item = "characters[0].skills[1]", "characters[0].items[1]"
    assert paths == [f"{item}.effects[0].range", f"{item}.effects[1].glow", f"{item}.effects[1].range",
                     f"{skill}.effects[0].amount", f"{skill}.effects[1].type", f"{skill}.effects[2].amount",
                     f"{skill}.target", f"{skill}.cost.per"], paths
