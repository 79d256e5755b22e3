"""Item, treasure and random-encounter tables applied in a game (issue 13 §2): with fixed dice, a treasure
puts its item in the haul and the kingdom, an item table's pick waits for the players, and a random
encounter table yields a battle with the monsters it names (R-MK-43, R-MK-21)."""

from __future__ import annotations

from dataclasses import replace

import pytest

import meikyu.systems.meikyu_kingdom  # noqa: F401
from meikyu.dice import ScriptedDice
from meikyu.engine import Game
from meikyu.errors import DataError, RuleError
from meikyu.systems.meikyu_kingdom.combat.items import load_items
from meikyu.systems.meikyu_kingdom.combat.model import COURT, MONSTERS, Battle, Loot
from meikyu.systems.meikyu_kingdom.expedition import expedition as ex
from meikyu.systems.meikyu_kingdom.kingdom import effects as fx
from meikyu.systems.meikyu_kingdom.labyrinth import finds
from meikyu.systems.meikyu_kingdom.labyrinth.map import read_labyrinth, sample_labyrinth
from meikyu.systems.meikyu_kingdom.session import SessionRules, SessionState, new_session
from meikyu.systems.meikyu_kingdom.session_state import STEPS
from meikyu.systems.meikyu_kingdom.sheets.sheet import sample
from meikyu.systems.meikyu_kingdom.tables.catalog import get_table


def S(*values: int) -> ScriptedDice:
    return ScriptedDice(list(values))


# -- the data ------------------------------------------------------------------------------------
@pytest.mark.parametrize("code", list(finds.CATEGORY_TABLES.values()))
def test_every_item_table_entry_names_its_item_and_category(code: str) -> None:
    category = {v: k for k, v in finds.CATEGORY_TABLES.items()}[code]
    for entry in get_table(code).entries:
        gains = [e for e in entry.effects if e.type == "gain_item"]
        assert len(gains) == 1 and gains[0]["category"] == category, (code, entry.label)
        assert str(gains[0]["item"]) in finds.item_names()
        alternative = gains[0].get("alternative")
        assert alternative is None or str(alternative) in finds.item_names()


def test_item_ids_are_the_ones_the_engines_already_use() -> None:
    names = finds.item_names()
    assert names["boxed_lunch"]["ko"] == "도시락" and ex.BOXED_LUNCH == "boxed_lunch"
    assert names["star_fragment"]["en"] == "Star Shard"
    for revival in ("revival_potion", "grail"):  # the battle engine's revival items (R-MK-34)
        assert revival in names and revival in load_items()


@pytest.mark.parametrize("code", finds.ENCOUNTER_TABLES)
def test_every_random_encounter_entry_lists_known_monsters(code: str) -> None:
    known = finds.encounter_monsters()
    for entry in get_table(code).entries:
        groups = [e for e in entry.effects if e.type == "monsters"]
        assert groups, (code, entry.label)
        for group in groups:
            assert group["species"] in known and group["area"] in finds.AREAS


@pytest.mark.parametrize(("court", "half"), [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3)])
def test_r_mk_21_half_the_court_rounds_up(court: int, half: int) -> None:
    enc, _, _ = finds.random_encounter("1RET", court, S(2))  # front: flame bugs ×court; base: pumpkin heads ×half
    species = [p.species for p in enc.monsters]
    assert species.count("flame_bug") == court and species.count("pumpkin_head") == half
    assert {p.area for p in enc.monsters if p.species == "pumpkin_head"} == {5}


def test_a_monster_without_data_is_a_stand_in_or_refused() -> None:
    enc, beasts, rolled = finds.random_encounter("6RET", 4, S(3))  # a bone dragon in the base
    assert rolled.value == 3 and [(p.species, p.area) for p in enc.monsters] == [("bone_dragon", 5)]
    assert beasts["bone_dragon"].level == 6 and beasts["bone_dragon"].names[0] == "뼈 용"
    assert "moss_rat" in beasts  # the shipped bestiary stays in
    with pytest.raises(RuleError) as err:
        finds.random_encounter("6RET", 4, S(3), stand_ins=False)
    assert "Bone Dragon" in err.value.message("en") and "骨龍" not in err.value.message("ko")
    with pytest.raises(RuleError):
        finds.random_encounter("7RET", 4, S(1))


# -- the kingdom phase: the effects machine ------------------------------------------------------
def _effects(*dice: int) -> Game[fx.EffectState]:
    s = sample()
    return Game(fx.EffectRules(), fx.EffectState(s.kingdom, s.characters), S(*dice))


def test_travel_table_11_rolls_a_common_item_into_the_kingdom() -> None:
    """TT 11 (5+6): a random common item — 1D4 = 3 picks recovery, RIT 13 (1, 3) a panacea."""
    g = _effects()
    before = g.state.kingdom.stored_items
    g.play(fx.RollTable("TT", "haneul"), S(5, 6, 3, 1, 3))
    assert g.state.kingdom.stored_items == (*before, "panacea") and g.state.pending is None


def test_treasure_with_a_chosen_category_waits_for_the_players() -> None:
    """T3T 4: a common item of the players' chosen category, level 1 — they pick search, SIT 13 is a banner."""
    g = _effects()
    g.play(fx.RollTable("T3T"), S(4))
    assert g.state.prompt is not None and g.state.prompt.kind == "choose_item"
    assert g.state.prompt.options == finds.COMMON
    with pytest.raises(RuleError):
        g.play(fx.Choose("rare_weapon"))
    g.play(fx.Choose("search"), S(1, 3))
    assert g.state.kingdom.stored_items[-1] == "banner:1" and g.state.pending is None


def test_treasure_5_6_any_rare_item_of_choice() -> None:
    g = _effects()
    g.play(fx.RollTable("T5T"), S(6))
    assert g.state.prompt is not None and "grail" in g.state.prompt.options
    g.play(fx.Choose("grail"))
    assert g.state.kingdom.stored_items[-1] == "grail"


def test_treasure_2_5_a_level_1_weapon() -> None:
    g = _effects()
    g.play(fx.RollTable("T2T"), S(5, 6, 5))  # WIT 56: a cannon
    assert g.state.kingdom.stored_items[-1] == "cannon:1"


# -- the labyrinth: treasure after a battle, random encounters -----------------------------------
LABYRINTH = STEPS.index(("labyrinth", ""))


def _in_den() -> Game[SessionState]:
    state = new_session(sample(), sample_labyrinth())
    g = Game(SessionRules(), ex.begin(replace(state, index=LABYRINTH)), S())
    g.play(ex.EnterLabyrinth())
    g.play(ex.SkipSearch())
    g.play(ex.MoveTo("hall"))
    g.play(ex.SkipSearch())
    while g.state.called is not None:  # the hall's trap: everyone steps aside
        from meikyu.systems.meikyu_kingdom.check import called as cc
        from meikyu.systems.meikyu_kingdom.check import check as ck
        if g.state.prompt is not None and g.state.prompt.kind == "minion_help":
            g.play(ck.FinishCheck())
        else:
            g.play(cc.DeclareHope(()), S(5, 5))
    g.play(ex.MoveTo("den"))
    g.play(ex.SkipSearch())
    assert isinstance(g.state.battle, Battle)
    return g


def _won(g: Game[SessionState], *loot: Loot) -> SessionState:
    battle = g.state.battle
    assert battle is not None
    return replace(g.state, battle=replace(battle, phase="over", winner=COURT, outcome="wiped", loot=loot))


def test_r_mk_43_a_treasure_item_is_rolled_into_the_haul_and_stored_at_home() -> None:
    g = _in_den()
    state = ex.battle_over(_won(g, Loot(2, 4, "recovery_item", 1)), [], S(1, 3))  # T2 4: RIT 13
    assert state.expedition is not None and state.expedition.haul_items == ("panacea",)
    events: list = []
    home = ex.leave(state, "returned", events)
    assert home.kingdom.stored_items[-1] == "panacea"


def test_r_mk_43_a_chosen_category_treasure_is_the_players_pick() -> None:
    g = _in_den()
    g2 = Game(SessionRules(), ex.battle_over(_won(g, Loot(3, 4, "common_item", 1, 1)), [], S()), S())
    assert g2.state.expedition is not None and g2.state.expedition.stage == "loot"
    picks = g2.legal_actions()
    assert picks == [finds.TakeItem(c) for c in finds.COMMON]
    before = g2.state
    with pytest.raises(RuleError):
        g2.play(ex.TakeMaterial("meat"))
    assert g2.state == before
    events = g2.play(finds.TakeItem("weapon"), S(1, 3))  # WIT 13: a dagger, level 1
    assert g2.state.expedition is not None and g2.state.expedition.haul_items == ("dagger:1",)
    assert any("Dagger (Lv1)" in e.render("en") for e in events)


def test_r_mk_21_a_random_encounter_room_starts_a_battle_with_the_tables_monsters() -> None:
    lab = read_labyrinth({
        "labyrinth": {"id": "wild", "entrance": "gate"},
        "room": [{"id": "gate", "exits": ["lair"]},
                 {"id": "lair", "exits": ["gate"], "encounter": {"table": "1RET"}}],
    }, file="wild.toml")
    state = new_session(sample(), lab)
    g = Game(SessionRules(), ex.begin(replace(state, index=LABYRINTH)), S())
    g.play(ex.EnterLabyrinth())
    g.play(ex.SkipSearch())
    g.play(ex.MoveTo("lair"))
    events = g.play(ex.SkipSearch(), S(6))  # 1RET 6: imps front and rear, an imp cannon and an imp hero in the base
    battle = g.state.battle
    assert isinstance(battle, Battle)
    court = sum(c.pc for c in g.state.court)
    monsters = [(c.species, c.area) for c in battle.combatants if c.side == MONSTERS]
    assert monsters == [("imp", 3)] * court + [("imp", 4)] * court + [("imp_cannon", 5), ("imp_hero", 5)]
    assert any("小鬼大砲" in e.render("ja") for e in events)


def test_a_random_encounter_room_names_a_table_that_exists() -> None:
    bad = {"labyrinth": {"id": "x", "entrance": "a"}, "room": [{"id": "a", "encounter": {"table": "9RET"}}]}
    with pytest.raises(DataError) as err:
        read_labyrinth(bad, file="x.toml")
    assert "1RET" in err.value.message("en")
