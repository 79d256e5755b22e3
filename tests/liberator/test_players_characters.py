"""Experience belongs to the player, not the character (R-LB-13, seed 004 経験点 5: 「経験点はキャラクターではなく
プレイヤーに与えられる」): a campaign keeps each player's characters and experience, a player picks which of
them plays before a scenario (or makes a new one and raises it with their experience), spends on any of
their characters, and the GM — a person of the campaign — spends on their own."""

from __future__ import annotations

from dataclasses import replace

import pytest
from lb_helpers import RULES, step, table

from meikyu.errors import InputError, RuleError
from meikyu.systems.liberator.campaign import next_scenario
from meikyu.systems.liberator.character import create_character
from meikyu.systems.liberator.state import LevelUp, NextScenario, SwapJob

ANN = ("ann", "warrior", ["mount"])
BOB = ("bob", "mage", ["might"])


def over(state: object, **exp: int) -> object:
    """The scenario over, with these players' experience."""
    players = tuple(replace(p, exp=exp.get(p.id, p.exp)) for p in state.players)  # type: ignore[attr-defined]
    return replace(state, players=players, phase="over", result="cleared")  # type: ignore[type-var]


def test_r_lb_13_a_player_brings_a_new_character_with_their_experience() -> None:
    """R-LB-13: ann's 14 experience are hers: she starts scenario 2 with a new mage (level 1), raises it
    with 10 of them to level 2, and her warrior waits in her roster with the level it had."""
    s = over(table(ANN, BOB), ann=14)
    mira = create_character(RULES.cards, "Mira", "mage", ["might"])
    s2 = next_scenario(s, cast={"ann": mira, "bob": None})
    ann = s2.players[0]
    assert (ann.character.name, ann.character.job, ann.exp) == ("Mira", "mage", 14)
    assert [(c.name, c.job, c.level) for c in ann.roster] == [("ann", "warrior", 1)]
    s2, ev = step(s2, LevelUp(0, "battle_wisdom"))
    assert s2.players[0].character.level == 2 and s2.players[0].exp == 4
    assert "battle_wisdom" in s2.players[0].character.hand


def test_r_lb_13_the_player_picks_which_character_plays() -> None:
    """R-LB-13: in scenario 3 ann takes her warrior back; Mira waits, keeping her level; bob plays on (the
    cast names every seat: a player left out sits the scenario out, see below)."""
    s = over(table(ANN, BOB), ann=14)
    s2 = next_scenario(s, cast={"ann": create_character(RULES.cards, "Mira", "mage", ["might"])})
    s2, _ = step(s2, LevelUp(0, "battle_wisdom"))
    s3 = next_scenario(over(s2), cast={"ann": "ann", "bob": None})
    ann = s3.players[0]
    assert ann.character.name == "ann" and [(c.name, c.level) for c in ann.roster] == [("Mira", 2)]
    assert [p.id for p in s3.players] == ["ann", "bob"] and s3.players[1].character.name == "bob"
    with pytest.raises(InputError):
        next_scenario(over(s3), cast={"ann": "Zed"})  # no such character of hers
    with pytest.raises(InputError):
        next_scenario(over(s3), cast={"ann": create_character(RULES.cards, "Mira", "scout", ["mount"])})


def test_r_lb_13_experience_is_spent_on_any_of_the_players_characters() -> None:
    """R-LB-13 「自分のキャラクター1名」: experience goes to a character waiting in the roster too — but only
    the player's own, and never more than the player has."""
    s = over(table(ANN, BOB), ann=12, bob=30)
    s2 = next_scenario(s, cast={"ann": create_character(RULES.cards, "Mira", "mage", ["might"])})
    s2, _ = step(s2, LevelUp(0, "illusion_magic", "ann"))
    ann = s2.players[0]
    assert ann.exp == 2 and ann.character.level == 1 and ann.roster[0].level == 2
    s2, _ = step(s2, SwapJob(0, "scout", "ann"))
    assert s2.players[0].roster[0].job == "scout" and s2.players[0].exp == 0
    with pytest.raises(RuleError) as err:
        step(s2, LevelUp(1, "mount", "ann"))  # bob has no character called ann
    assert err.value.rule == "R-LB-13"


def test_r_lb_02_r_lb_13_the_gm_spends_on_their_own_characters() -> None:
    """R-LB-02 gives the GM experience, R-LB-13 spends it on one's own characters: the GM is a person of the
    campaign. cho runs scenario 1 (gaining its experience), plays in scenario 2 with a new character while
    ann runs it; each keeps their experience and characters across the change, and a GM spends on theirs."""
    s = over(replace(table(ANN, BOB), gm_name="cho", gm_exp=11), ann=5)
    vera = create_character(RULES.cards, "Vera", "priest", ["mount"])
    s2 = next_scenario(s, cast={"bob": None, "cho": vera}, gm="ann")
    assert [p.id for p in s2.players] == ["bob", "cho"] and s2.players[1].exp == 11
    assert s2.gm_name == "ann" and s2.gm_exp == 5 and [c.name for c in s2.gm_roster] == ["ann"]
    s2, _ = step(s2, SwapJob(-1, "scout", "ann"))  # the GM's own character
    assert s2.gm_exp == 3 and s2.gm_roster[0].job == "scout"
    with pytest.raises(RuleError):
        step(s2, LevelUp(-1, "battle_wisdom", "ann"))  # 3 < 10
    s3 = next_scenario(over(s2), cast={"ann": None, "bob": None, "cho": None}, gm="")
    assert [(p.id, p.character.name, p.exp) for p in s3.players] == [("ann", "ann", 3), ("bob", "bob", 0),
                                                                     ("cho", "Vera", 11)]
    assert s3.players[0].character.job == "scout"
    with pytest.raises(InputError):
        next_scenario(over(s2), cast={"ann": None}, gm="ann")  # the GM cannot also play


def test_r_lb_13_a_player_sitting_out_keeps_everything() -> None:
    s = over(table(ANN, BOB), bob=7)
    s2 = next_scenario(s, cast={"ann": None})
    assert [p.id for p in s2.players] == ["ann"] and [(b.id, b.exp, b.character.name) for b in s2.bench] == [
        ("bob", 7, "bob")]
    s3 = next_scenario(over(s2), cast={"ann": None, "bob": None})
    assert s3.players[1].exp == 7 and not s3.bench


def test_terminal_next_with_a_cast_and_a_gm() -> None:
    """The hot-seat table: ``next PLAYER=new:NAME:JOB:CARD gm=PERSON`` and ``level SEAT CARD CHARACTER``."""
    from meikyu.systems.liberator.play import Table

    out: list[str] = []
    t = Table.new([ANN, BOB], seed=3, write=out.append, dice=[])
    t.game = type(t.game)(t.rules, over(t.game.state, ann=12), t.dice)
    t.command("next ann=new:Mira:mage:might gm=cho")
    s = t.game.state
    assert [p.id for p in s.players] == ["bob", "ann"] or [p.id for p in s.players] == ["ann", "bob"]
    ann = next(p for p in s.players if p.id == "ann")
    assert ann.character.name == "Mira" and ann.roster[0].name == "ann" and s.gm_name == "cho"
    seat = [p.id for p in s.players].index("ann")
    t.command(f"level {seat} illusion_magic ann")
    ann = next(p for p in t.game.state.players if p.id == "ann")
    assert ann.roster[0].level == 2 and ann.exp == 2
    t.command("show")
    assert any("Mira" in line for line in out) and any("ann (" in line for line in out)


def test_r_lb_13_the_next_scenario_at_the_same_table() -> None:
    """At a shared table the campaign goes on in the same game (NextScenario, the GM's once it is over):
    the GM's menu offers everyone playing on, or a player taking up another of their characters; the view
    shows each player's other characters."""
    from meikyu.dice import ScriptedDice
    from meikyu.table import registry
    from meikyu.table.base import GM
    from meikyu.table.liberator import Scenario

    kind = registry.get("Liberator", "scenario")
    first = kind.setup({"players": [{"id": "ann", "job": "warrior", "extras": ["mount"]},
                                    {"id": "bob", "job": "mage", "extras": ["might"]}]}, "en")
    mira = create_character(RULES.cards, "Mira", "mage", ["might"])
    ann = replace(first.table.players[0], roster=(mira,), exp=3)
    done = Scenario(first.cards, over(replace(first.table, players=(ann, first.table.players[1]))))
    with pytest.raises(InputError):
        step(first.table, NextScenario())  # not before the scenario is over
    items = [i for i in kind.menu(done, GM, "en") if i.action["@type"] == "NextScenario"]
    assert [i.label for i in items] == ["Next scenario: everyone plays on with the same character",
                                        "Next scenario: ann plays Mira"]
    assert not [i for i in kind.menu(done, "player:ann", "en") if i.action["@type"] == "NextScenario"]
    second, events = kind.rules.step(done, kind.rules.actions.load(items[1].action), ScriptedDice([]))
    s = second.table
    assert (s.scenario, s.phase, s.players[0].character.name, s.players[0].exp) == (2, "setup", "Mira", 3)
    assert "Scenario 2 begins" in events[-1].render("en")
    view = kind.view(second, "player:bob", "en")
    assert view["players"][0]["roster"] == [{"name": "ann", "job": {"id": "warrior", "name": "Warrior"},
                                             "level": 1}]


def test_r_lb_13_a_new_character_between_scenarios_at_the_table_and_the_terminal() -> None:
    """Once a scenario is over a player makes a new level-1 character for their roster (the web's form: name,
    job, card); the GM's menu then offers the next scenario with it; refused mid-scenario or under a taken
    name, leaving the table as it was."""
    from meikyu.dice import ScriptedDice
    from meikyu.systems.liberator.play import Table
    from meikyu.systems.liberator.state import NewCharacter
    from meikyu.table import registry
    from meikyu.table.base import GM
    from meikyu.table.liberator import Scenario

    kind = registry.get("Liberator", "scenario")
    first = kind.setup({"players": [{"id": "ann", "job": "warrior", "extras": ["mount"]},
                                    {"id": "bob", "job": "mage", "extras": ["might"]}]}, "en")
    with pytest.raises(RuleError):
        step(first.table, NewCharacter(0, "Mira", "mage", "might"))
    done = Scenario(first.cards, over(first.table))
    mine = [i for i in kind.menu(done, "player:ann", "en") if i.action["@type"] == "NewCharacter"]
    assert len(mine) == 1 and set(mine[0].form) == {"name", "job", "card"} and mine[0].action["seat"] == 0
    assert {"value": "mage", "label": "Mage"} in mine[0].form["job"]["options"]
    filled = {**mine[0].action, "name": "Mira", "job": "mage", "card": "might"}
    made, events = kind.rules.step(done, kind.rules.actions.load(filled), ScriptedDice([]))
    assert [(c.name, c.job, c.level) for c in made.table.players[0].roster] == [("Mira", "mage", 1)]
    assert "Mira" in events[-1].render("en")
    with pytest.raises(InputError):
        kind.rules.step(made, kind.rules.actions.load(filled), ScriptedDice([]))  # the name is taken
    labels = [i.label for i in kind.menu(made, GM, "en") if i.action["@type"] == "NextScenario"]
    assert "Next scenario: ann plays Mira" in labels

    out: list[str] = []
    t = Table.new([ANN, BOB], seed=3, write=out.append, dice=[])
    t.game = type(t.game)(t.rules, over(t.game.state), t.dice)
    t.command("new 1 Zed scout mount")
    assert [c.name for c in t.game.state.players[1].roster] == ["Zed"]
