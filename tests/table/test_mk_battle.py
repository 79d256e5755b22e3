"""A Meikyuu Kingdom battle at a table (issue 10 §1): seats, views and events without hidden data (R-MK-23)."""

from __future__ import annotations

import json
import re
from fractions import Fraction

import pytest

from meikyu.dice import RandomDice, ScriptedDice
from meikyu.engine import Game
from meikyu.errors import DataError, RuleError
from meikyu.systems.meikyu_kingdom.check.odds import check_odds
from meikyu.systems.meikyu_kingdom.combat import actions as act
from meikyu.systems.meikyu_kingdom.combat import events as ev
from meikyu.systems.meikyu_kingdom.combat.bestiary import load_bestiary, load_encounter
from meikyu.systems.meikyu_kingdom.combat.policy import TacticalPolicy
from meikyu.systems.meikyu_kingdom.combat.view import label
from meikyu.table import registry
from meikyu.table.base import GM
from tests.table.driver import play

KIND = registry.get("MeikyuKingdom", "battle")
PLAYERS = {"pc:hana", "pc:mio"}  # two players at the table; the GM plays Toru and Sora for the absent


def hidden_sample(seed: int, lang: str = "en") -> Game:
    """The sample battle with every monster hidden by the GM through the GM's menu (R-MK-23)."""
    game = Game(KIND.rules, KIND.setup({"encounter": "sample", "seed": seed}, lang), dice=RandomDice(seed))
    for mid in [c.id for c in game.state.combatants if c.side == "monsters"]:
        item = next(i for i in KIND.menu(game.state, GM, lang) if i.key == f"gm/hide/{mid}")
        game.play(registry.action_from_data(KIND, item.action))
    return game


@pytest.mark.parametrize("seed", range(4))
def test_gm_and_two_players_play_the_sample_battle_to_its_end(seed: int) -> None:
    state = KIND.setup("sample", "en")
    done = play(KIND, state, RandomDice(seed), policy=TacticalPolicy(), present=PLAYERS)
    final = done.game.state
    assert final.phase == "over"
    assert done.by_seat["pc:hana"] > 0 and done.by_seat["pc:mio"] > 0 and done.by_seat[GM] > 0
    assert done.by_seat["pc:toru"] == done.by_seat["pc:sora"] == 0
    view = KIND.view(final, "pc:hana", "en")
    assert view["phase"] == "over" and view["winner"] == final.winner and view["you"] == "hana"
    again = Game.from_data(KIND.rules, done.game.to_data())
    assert again.state == final


@pytest.mark.parametrize("lang", ["en", "ko", "ja"])
def test_no_player_byte_names_a_hidden_monster(lang: str) -> None:
    """Every view, menu, prompt and event two player seats receive over a whole hidden battle: no name,
    species, original id, weapon or skill name of a hidden monster; no numbers of theirs (R-MK-23)."""
    forbidden: set[str] = set()
    beasts = load_bestiary()
    for c in load_encounter("sample").combatants:
        if c.side == "monsters":
            sp = beasts[c.species]
            forbidden |= {c.id, c.species, c.name, *c.names, *sp.skills}
            for wp in sp.attacks:
                forbidden |= {wp.name, *wp.names}
    for seed in range(3):
        game = hidden_sample(seed, lang)
        done = play(KIND, game.state, RandomDice(100 + seed), policy=TacticalPolicy(), present=PLAYERS, lang=lang)
        hidden = {c.id for c in done.game.state.combatants if c.hidden}
        assert hidden and done.game.state.phase == "over"
        for seat in sorted(PLAYERS):
            stream = done.stream(seat).decode("utf-8")
            for word in forbidden:
                assert word not in stream, (seat, word)
            for chunk in done.received[seat]:
                data = json.loads(chunk)
                for piece in data.get("view", {}).get("combatants", []):
                    if piece["id"] in hidden:
                        assert set(piece) == {"id", "number", "name", "side", "area", "condition", "acted", "hidden", "seat"}
            looks = {KIND.view(done.game.state, seat, lang)["combatants"][i]["name"]
                     for i, c in enumerate(done.game.state.combatants) if c.id in hidden}
            for event in done.events(seat):
                if event["kind"] in ("critical_hit", "combat_fumble", "placed", "moved"):
                    continue
                named = [look for look in looks if look in event["text"]]
                if named and not any(c.id in event["text"] for c in done.game.state.combatants if c.kind == "pc"):
                    # a line about a hidden monster alone carries no number (HP, damage, dice, valor)
                    assert not re.search(r"\d", event["text"].replace(named[0], "")), event
                    assert "dice" not in event and "line" not in event
        # the GM's stream does name them
        gm = done.stream(GM).decode("utf-8")
        assert any(name in gm for name in forbidden)


def test_player_lines_leave_out_hp_dice_and_valor_of_hidden_monsters() -> None:
    game = hidden_sample(0)
    game.play(act.Begin())  # before it, players are told nothing at all (the GM's reveal)
    b = game.state
    mid = next(c.id for c in b.combatants if c.hidden)
    covered = frozenset(c.id for c in b.combatants if c.hidden)
    events = [ev.Damaged(mid, 4, 7), ev.Check(mid, "hit", (5, 6), 14, 9, True), ev.HpReduced(mid, 3, 4),
              ev.Blocked("hana", b.get(mid).area, 1, 9), ev.SkillSealed(mid, "hide")]
    player = [e["text"] for e in KIND.events_for(b, b, events, "pc:hana", "en")]
    gm = [e["text"] for e in KIND.events_for(b, b, events, GM, "en")]
    looks = label(b, mid, "en", "player")  # twins are numbered: "#5 a shadow"
    assert not any(re.search(r"\d", t.replace(looks, "").replace(mid, "")) for t in player[:3]), player
    assert "valor" not in player[3] and "valor 9" in gm[3]
    assert "hide" not in player[4].lower() and "(HP 7)" in gm[0]
    assert covered


def test_blocked_error_does_not_sum_hidden_valor() -> None:
    """R-MK-27 with R-MK-23: the refusal a player reads gives no valor when a hidden monster blocks."""
    from dataclasses import replace

    from meikyu.systems.meikyu_kingdom.combat.rules import step

    game = hidden_sample(2)
    b = game.state
    court = tuple(replace(c, minions=0, area=3 if c.id == "hana" else c.area) if c.side == "court" else c
                  for c in b.combatants)
    b = replace(b, combatants=court, phase="act", active="court", round=1)
    with pytest.raises(RuleError) as err:
        step(b, act.Move("hana", 1), ScriptedDice([]))
    assert err.value.key == "mk.battle.error.blocked_hidden"
    assert "valor" not in err.value.message("en")


def test_opaque_ids_do_not_name_species_and_are_stable() -> None:
    one = KIND.setup({"encounter": "sample", "seed": 7}, "en")
    two = KIND.setup({"encounter": "sample", "seed": 7}, "en")
    assert one == two
    ids = [c.id for c in one.combatants if c.side == "monsters"]
    assert ids == ["m1", "m2", "m3", "m4"]
    orders = {tuple(c.species for c in KIND.setup({"encounter": "sample", "seed": s}, "en").combatants
                    if c.side == "monsters") for s in range(12)}
    assert len(orders) > 1  # which species is m1 changes from game to game


def test_seats_for_refuses_other_seats_actions() -> None:
    game = Game(KIND.rules, KIND.setup("sample", "en"), dice=RandomDice(3))
    game.play(act.Begin())
    strategy = next(a for a in KIND.rules.legal_actions(game.state) if isinstance(a, act.StrategyCheck))
    allowed = KIND.seats_for(game.state, strategy)
    assert allowed == {GM, f"pc:{strategy.representative}"}
    assert KIND.seats_for(game.state, act.Surrender("monsters")) == {GM}
    assert KIND.seats_for(game.state, act.Surrender("court")) == set(KIND.seats(game.state))
    assert KIND.seats_for(game.state, act.Reveal("m1")) == {GM}
    assert KIND.seats_for(game.state, act.Attack("m1", "hana")) == {GM}
    for seat in KIND.seats(game.state)[1:]:
        for item in KIND.menu(game.state, seat, "en"):
            assert seat in KIND.seats_for(game.state, registry.action_from_data(KIND, item.action))
            assert item.seat == seat or item.seat == ""
    gm_items = [i for i in KIND.menu(game.state, GM, "en") if i.seat.startswith("pc:")]
    assert gm_items and all("(for " in i.label for i in gm_items)


def test_menu_odds_are_exact_and_secret_difficulties_stay_hidden() -> None:
    game = Game(KIND.rules, KIND.setup({"encounter": "sample", "seed": 1}, "en"), dice=RandomDice(3))
    game.play(act.Begin())
    item = next(i for i in KIND.menu(game.state, "pc:mio", "en") if i.kind == "check")
    mio = game.state.get("mio")
    from meikyu.systems.meikyu_kingdom.combat.rules import strategy_difficulty

    want = check_odds(2 + item.action["hope"], mio.wit, strategy_difficulty(game.state.combatants, 0)).success
    assert Fraction(item.odds["success"]) == want
    hidden = hidden_sample(1)
    hidden.play(act.Begin())
    assert all(i.odds is None for i in KIND.menu(hidden.state, "pc:mio", "en") if i.kind == "check")
    assert any(i.odds for i in KIND.menu(hidden.state, GM, "en") if i.kind == "check")


def test_menu_keys_are_stable_and_grouped() -> None:
    game = Game(KIND.rules, KIND.setup({"encounter": "sample", "seed": 1}, "en"), dice=RandomDice(3))
    game.play(act.Begin())
    first = [(i.key, i.action) for i in KIND.menu(game.state, GM, "en")]
    again = Game.from_data(KIND.rules, game.to_data())
    assert [(i.key, i.action) for i in KIND.menu(again.state, GM, "en")] == first
    groups = [i.group for i in KIND.menu(game.state, GM, "en")]
    assert groups == sorted(groups, key=groups.index)  # each group in one run


def test_setup_objects_and_errors() -> None:
    toml = (
        '[encounter]\nvoice = 1\n[[pc]]\nid = "ari"\nhp = 9\nevasion = 8\n'
        '[[monster]]\nspecies = "moss_rat"\n'
    )
    battle = KIND.setup({"encounter": toml, "seed": 1}, "en")
    assert [c.id for c in battle.combatants] == ["ari", "m1"] and KIND.seats(battle) == [GM, "pc:ari"]
    as_json = {"encounter": {"voice": 1}, "pc": [{"id": "ari", "hp": 9, "evasion": 8}],
               "monster": [{"species": "moss_rat"}]}
    assert KIND.setup({"encounter": as_json, "seed": 1}, "en") == battle
    bestiary = {"monster": [{"id": "cave_crab", "level": 1, "names": {"ko": "게", "ja": "蟹", "en": "Crab"},
                             "evasion": 8, "hp": 5}]}
    crab = {"encounter": {}, "pc": [{"id": "ari", "hp": 9, "evasion": 8}], "monster": [{"species": "cave_crab"}]}
    assert KIND.setup({"encounter": crab, "bestiary": bestiary}, "en").combatants[1].species == "cave_crab"
    cases = [
        ({"encounter": toml, "sed": 1}, "sed"),
        ({"encounter": "[[pc]\n"}, "setup.encounter"),
        ({"encounter": {"encounter": {"court": "/etc/passwd"}}}, "encounter.court"),
        ({"encounter": {"encounter": {"bestiary": "x.toml"}}}, "encounter.bestiary"),
        ({"encounter": {"pc": [{"id": "ari", "evasion": 8}], "monster": [{"species": "moss_rat"}]}}, "hp"),
        ({"encounter": {"pc": [{"id": "ari", "hp": 9, "evasion": 8}], "monster": [{"species": "dragon"}]}},
         "species"),
        ({"encounter": 3}, "encounter"),
        ("nope", "sample"),
    ]
    for setup, word in cases:
        with pytest.raises(DataError) as err:
            KIND.setup(setup, "en")
        assert word in err.value.message("en"), (setup, err.value.message("en"))
        assert err.value.message("ko") != err.value.message("en")


def test_reinforcements_get_opaque_ids() -> None:
    """A court fumble's CFT 2 brings monsters of a hidden species: they get free ``m`` ids and the line
    players read does not name the species (R-MK-23)."""
    game = hidden_sample(4)
    game.play(act.Begin(), ScriptedDice([]))
    game.play(act.StrategyCheck("mio", 0), ScriptedDice([6, 5]))
    game.play(act.Choose("0"), ScriptedDice([]))  # keep the 6 for the achievement (R-MK-14): the court first
    game.play(act.Choose("decline"), ScriptedDice([]))  # minion help, asked after a hidden success too (R-MK-23)
    target = next(c.id for c in game.state.combatants if c.side == "monsters" and c.area == 3)
    before = game.state
    events = game.play(act.Attack("mio", target, 0), ScriptedDice([1, 1, 1, 1, 3]))  # fumble, CFT 2, 3 more
    assert any(isinstance(e, ev.Reinforced) for e in events)
    new = [c for c in game.state.combatants if c.id not in {x.id for x in before.combatants}]
    assert [c.id for c in new] == ["m5", "m6", "m7"] and all(c.hidden for c in new)
    lines = KIND.events_for(before, game.state, events, "pc:mio", "en")
    assert lines[-1]["text"] == "3 more monsters join the fight."
    assert new[0].species not in json.dumps(lines + [KIND.view(game.state, "pc:mio", "en")])


def test_gm_auto_offers_the_tactical_policys_pick_on_the_monsters_turns_only() -> None:
    """``gm/auto`` (the web table's "let the tactical policy play the monsters") is the policy's own pick,
    offered only to the GM and only when the pick is the GM's to play; taking it every time it is offered,
    and the policy for the court otherwise, plays the battle to its end."""
    game = Game(KIND.rules, KIND.setup({"encounter": "sample", "seed": 3}, "en"), dice=RandomDice(3))
    policy = TacticalPolicy()
    offered = 0
    for _ in range(500):
        if game.state.phase == "over":
            break
        menu = KIND.menu(game.state, GM, "en")
        auto = [i for i in menu if i.key == "gm/auto"]
        assert all(i.key != "gm/auto" for seat in KIND.seats(game.state)[1:] for i in KIND.menu(game.state, seat, "en"))
        legal = KIND.rules.legal_actions(game.state)
        if auto:
            offered += 1
            action = registry.action_from_data(KIND, auto[0].action)
            assert KIND.seats_for(game.state, action) == frozenset({GM})
            assert action == policy.choose(game.state, [a for a in legal if not isinstance(a, act.Begin)])
            assert auto[0].label.startswith("tactical policy: ")
        else:
            action = policy.choose(game.state, legal) if legal else registry.action_from_data(KIND, menu[0].action)
        game.play(action)
    assert game.state.phase == "over" and offered > 0


def test_views_say_where_a_side_is_blocked_but_not_by_a_hidden_monster() -> None:
    """R-MK-27: fewer allies than the enemies' valor in an area blocks the advance; players are not told
    of a blocking a hidden monster makes (R-MK-23), the GM is."""
    from meikyu.systems.meikyu_kingdom.combat.model import Battle, Combatant, evolve

    pc = Combatant("pc", "Ari", "court", 3, 9, 9, kind="pc", valor=2)
    ogre = Combatant("m1", "Ogre", "monsters", 3, 20, 20, valor=4)
    battle = Battle((pc, ogre), phase="act")
    court = {"area": 3, "side": "court", "allies": 1, "valor": 4}
    monsters = {"area": 3, "side": "monsters", "allies": 1, "valor": 2}
    assert KIND.view(battle, "pc:pc", "en")["blocking"] == [court, monsters]
    hidden = Battle((pc, evolve(ogre, hidden=True, appearance="a shape")), phase="act")
    assert KIND.view(hidden, "pc:pc", "en")["blocking"] == [monsters]
    assert KIND.view(hidden, GM, "en")["blocking"] == [court, monsters]
