"""Pieces at the battle table (issue 26 §2-3): numbered and named the same in menu, board and log; light per
area as the rules compute it (R-MK-29); one HP per character on every panel."""

from __future__ import annotations

from meikyu.dice import RandomDice
from meikyu.engine import Game
from meikyu.systems.meikyu_kingdom.combat import actions as act
from meikyu.systems.meikyu_kingdom.combat.model import lit_areas
from meikyu.systems.meikyu_kingdom.combat.policy import TacticalPolicy
from meikyu.table import registry
from meikyu.table.base import GM
from tests.table.driver import play
from tests.table.test_mk_court import _SessionPolicy

BATTLE = registry.get("MeikyuKingdom", "battle")
SESSION = registry.get("MeikyuKingdom", "session")

TWINS = """
[encounter]
names = { ko = "쥐 떼", ja = "ネズミの群れ", en = "Rats" }

[[pc]]
id = "hana"
name = "Hana"
area = 2
hp = 12
valor = 3
evasion = 9
weapons = [{ name = "spear", power = 3, range = 1 }, { name = "star fragment", light = 1 }]

[[monster]]
species = "moss_rat"
area = 3

[[monster]]
species = "moss_rat"
area = 3
"""


def test_twin_monsters_are_numbered_alike_in_menu_board_and_log() -> None:
    game = Game(BATTLE.rules, BATTLE.setup({"encounter": TWINS, "seed": 0}, "en"), dice=RandomDice(1))
    game.play(act.Begin())
    policy = TacticalPolicy()
    while not any(i.kind == "attack" for i in BATTLE.menu(game.state, "pc:hana", "en")):
        game.play(policy.choose(game.state, BATTLE.rules.legal_actions(game.state)))
    view = BATTLE.view(game.state, "pc:hana", "en")
    rats = [c for c in view["combatants"] if c["side"] == "monsters"]
    names = [c["name"] for c in rats]
    assert names == [f"#{c['number']} Moss Rat" for c in rats] and len(set(names)) == 2
    assert [c["number"] for c in view["combatants"]] == [1, 2, 3]
    attacks = [i for i in BATTLE.menu(game.state, "pc:hana", "en") if i.kind == "attack"]
    for rat in rats:  # each rat's attacks name it by its number
        mine = [i.label for i in attacks if i.action["target"] == rat["id"]]
        assert mine and all(rat["name"] in text for text in mine), mine
    before = game.state
    item = next(i for i in attacks if i.action["target"] == rats[1]["id"])
    events = game.play(registry.action_from_data(BATTLE, item.action))
    log = " ".join(e["text"] for e in BATTLE.events_for(before, game.state, events, "pc:hana", "en"))
    assert rats[1]["name"] in log and rats[0]["name"] not in log
    assert "Hana" in BATTLE.view(game.state, GM, "en")["combatants"][0]["name"]  # no number without a twin


def test_the_view_lights_the_areas_the_rules_light_r_mk_29() -> None:
    """The sample storeroom is dark but for Toru's Star Fragment (light 1, in area 2): areas 1-3."""
    game = Game(BATTLE.rules, BATTLE.setup({"encounter": "sample", "seed": 0}, "en"), dice=RandomDice(0))
    game.play(act.Begin())
    for seat in (GM, "pc:hana"):
        assert BATTLE.view(game.state, seat, "en")["lit"] == [1, 2, 3]
    assert sorted(lit_areas(game.state.combatants, game.state.options.lit)) == [1, 2, 3]
    # ranged attacks are offered only into lit areas
    for item in BATTLE.menu(game.state, GM, "en"):
        if item.kind == "attack" and item.action.get("target"):
            attacker = game.state.get(item.action["actor"])
            weapon = attacker.weapons[item.action["weapon"]]
            if weapon.ranged and not item.action.get("improvised"):
                assert game.state.get(item.action["target"]).area in (1, 2, 3)


def test_a_sessions_sheets_show_the_battles_hp() -> None:
    """While a battle runs, the court's sheets and the battlefield give each character one HP."""
    def hurt(t) -> bool:
        b = t.session.battle
        return b is not None and any(c.hp != s.hp for c in b.combatants for s in t.session.court if c.id == s.id)

    done = play(SESSION, SESSION.setup("sample", "en"), RandomDice(0), policy=_SessionPolicy(), lang="en",
                until=hurt, record=False)
    for seat in SESSION.seats(done.game.state):
        view = SESSION.view(done.game.state, seat, "en")
        pieces = {c["id"]: c for c in view["battle"]["combatants"]}
        for sheet in view["court"]:
            if sheet["id"] in pieces:
                assert (sheet["hp"], sheet["max_hp"]) == (pieces[sheet["id"]]["hp"], pieces[sheet["id"]]["max_hp"])


def test_items_that_are_not_weapons_are_offered_as_what_they_are_r_mk_29() -> None:
    """Armor, a Star Fragment, a recovery item or any plain item strike as any item does (range 0, power 1)."""
    encounter = TWINS.replace('{ name = "star fragment", light = 1 }',
                              '{ name = "star fragment", light = 1 }, { name = "mail", reduction = 1 }, '
                              '{ name = "salve", heal = 1 }, { name = "rope" }')
    game = Game(BATTLE.rules, BATTLE.setup({"encounter": encounter, "seed": 0}, "en"), dice=RandomDice(1))
    game.play(act.Begin())
    policy = TacticalPolicy()
    while not any(i.kind == "attack" for i in BATTLE.menu(game.state, "pc:hana", "en")):
        game.play(policy.choose(game.state, BATTLE.rules.legal_actions(game.state)))
    said = {}
    for item in BATTLE.menu(game.state, "pc:hana", "en"):
        if item.kind == "attack" and not item.action.get("hope") and not item.action.get("hold_back"):
            said[game.state.get("hana").weapons[item.action["weapon"]].name] = item.label
    assert "any item" not in said["spear"]
    assert "(armor — strike with any item: power 1)" in said["mail"]
    assert "(a light — strike with any item: power 1)" in said["star fragment"]
    assert "(a recovery item — strike with any item: power 1)" in said["salve"]
    assert said["rope"].endswith("(strike with any item: power 1)")
