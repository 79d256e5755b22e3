"""A Liberator table of three (issue 10 §1): private hands, seats per player, public events (R-LB-06…12)."""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction

import pytest

from meikyu.dice import RandomDice
from meikyu.engine import Game
from meikyu.errors import DataError
from meikyu.systems.liberator import state as st
from meikyu.systems.liberator.names import sample_names
from meikyu.systems.liberator.odds import removal_odds
from meikyu.systems.liberator.strategy import StrategicPolicy
from meikyu.table import registry
from meikyu.table.base import GM
from meikyu.table.liberator import Scenario, _rules
from tests.table.driver import dump, play

KIND = registry.get("Liberator", "scenario")


class Strategic:
    """The terminal table's strategic automatic player, over a table scenario."""

    def __init__(self, state: Scenario) -> None:
        self.policy = StrategicPolicy(_rules(state.cards))

    def choose(self, state: Scenario, legal):
        return self.policy.choose(state.table, legal)


@pytest.mark.parametrize("seed", range(4))
def test_three_players_play_the_sample_scenario_to_its_end(seed: int) -> None:
    state = KIND.setup({"players": [{"id": "ann", "job": "warrior", "extras": ["mount"]},
                                    {"id": "bob", "job": "mage", "extras": ["might"]},
                                    {"id": "cho", "job": "priest", "extras": ["old_document"]}],
                        "seed": seed}, "en")
    done = play(KIND, state, RandomDice(seed), policy=Strategic(state))
    final = done.game.state.table
    assert final.phase == "over" and final.result
    assert all(done.by_seat[f"player:{p}"] > 0 for p in ("ann", "bob", "cho"))
    assert Game.from_data(KIND.rules, done.game.to_data()).state == done.game.state
    assert KIND.view(done.game.state, "player:ann", "en")["result"] == final.result


def _names(card: str) -> set[str]:
    cards = _rules("").cards
    found = cards.actions.get(card) or cards.feats.get(card)
    return {card, found.name, *sample_names().get(card, {}).values()} if found else {card}


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
def test_no_player_byte_names_a_card_in_another_players_hand(lang: str) -> None:
    """Every view, menu and prompt a player receives over whole scenarios: a card in another player's
    hand is never named (by id or in any language) unless it was already shown face up — played,
    paid, discarded or recovered, in an event every seat saw. Events themselves are public."""
    checked = 0
    for seed in range(3):
        state = KIND.setup({**_sample(), "seed": seed}, lang)
        done = play(KIND, state, RandomDice(10 + seed), policy=Strategic(state), lang=lang)
        states = [state, *(_after(done, k) for k in range(len(done.game.history)))]
        shown: set[str] = set()
        for k, at in enumerate(states):
            if k:
                shown |= {v for e in done.game.history[k - 1].events for v in vars(e).values()
                          if isinstance(v, str)}
            for index, seat in enumerate(KIND.seats(state)[1:]):
                mine = set(at.table.players[index].character.actions) | set(at.table.players[index].character.feats)
                secret = {c for j, p in enumerate(at.table.players) if j != index for c in p.character.hand}
                secret = {c for c in secret - mine if not _names(c) & shown}
                received = _without_level_ups(done.received[seat][4 * k: 4 * k + 3])
                for card in secret:
                    for name in _names(card):
                        assert name not in received, (k, seat, card, name)
                        checked += 1
    assert checked > 100


def _without_level_ups(chunks: list[bytes]) -> str:
    """The chunks as text, minus level-up and new-character offers: they name every card of the set (the
    catalogue, not anybody's hand)."""
    out = []
    for chunk in chunks:
        data = json.loads(chunk)
        if "menu" in data:
            data["menu"] = [i for i in data["menu"] if i["action"]["@type"] not in ("LevelUp", "NewCharacter")]
        out.append(json.dumps(data, ensure_ascii=False))
    return "\n".join(out)


def _after(done, k: int) -> Scenario:
    return done.game._states[k + 1]


def test_a_players_stream_does_not_change_with_another_players_hand() -> None:
    """Indistinguishability: swap bob's hand for other cards of the same count — what ann receives
    (view, menu, prompt) is byte for byte the same."""
    state = KIND.setup("sample", "en")
    game = Game(KIND.rules, state, RandomDice(5))
    policy = Strategic(state)
    for _ in range(30):
        s = game.state
        bob = s.table.players[1]
        swapped_hand = tuple(f"x_{i}" for i in range(len(bob.character.hand)))
        other = replace(s, table=replace(s.table, players=(
            s.table.players[0], replace(bob, character=replace(bob.character, hand=swapped_hand)),
            *s.table.players[2:])))
        for seat in ("player:ann", "player:cho"):
            if s.table.turn is not None and s.table.turn.player == 1:
                continue  # bob's own turn: his declare options are his menu, not ann's
            assert dump(KIND.view(s, seat, "en")) == dump(KIND.view(other, seat, "en"))
        legal = KIND.rules.legal_actions(game.state)
        if not legal:
            break
        game.play(policy.choose(game.state, legal))


def test_seats_for_refuses_other_seats_actions() -> None:
    state = KIND.setup("sample", "en")
    game = Game(KIND.rules, state, RandomDice(2))
    game.play(KIND.rules.legal_actions(game.state)[0])  # the GM's planned mission
    first = game.state.table.players[game.state.table.current].id
    declare = KIND.rules.legal_actions(game.state)[0]
    assert isinstance(declare, st.Declare)
    assert KIND.seats_for(game.state, declare) == {GM, f"player:{first}"}
    for seat in KIND.seats(state)[1:]:
        items = KIND.menu(game.state, seat, "en")
        assert bool(items) == (seat == f"player:{first}")
    assert KIND.seats_for(game.state, st.GmGrant(0, "advantage")) == {GM}
    # giving the scenario up fails it for everyone: the GM's, asked first (issue 26, point 7)
    assert KIND.seats_for(game.state, st.GiveUp()) == {GM}
    gm = [i for i in KIND.menu(game.state, GM, "en") if i.seat != GM]
    assert gm and all(f"(for {first})" in i.label for i in gm)


def test_declare_odds_are_exact() -> None:
    state = KIND.setup("sample", "en")
    game = Game(KIND.rules, state, RandomDice(2))
    game.play(KIND.rules.legal_actions(game.state)[0])
    seat = f"player:{game.state.table.players[game.state.table.current].id}"
    item = next(i for i in KIND.menu(game.state, seat, "en") if i.action["@type"] == "Declare"
                and i.action["card"] in _rules("").cards.actions)
    card = _rules("").cards.actions[item.action["card"]]
    targets = [(o.attribute, o.target) for o in game.state.table.mission.obstacles]
    assert Fraction(item.odds["clear"]) == removal_odds(card, targets)
    assert Fraction(item.odds["success"]) >= Fraction(item.odds["clear"])


def test_setup_errors_name_part_and_field() -> None:
    cases = [
        ({"players": []}, "players"),
        ({"players": [{"id": "ann", "job": "pirate"}]}, "setup.players"),
        ({"players": [{"id": "ann", "job": "warrior", "extra": []}]}, "extra"),
        ({**_sample(), "plan": ["epic"]}, "plan"),
        ({**_sample(), "options": {"normal_recovery": 3}}, "normal_recovery"),
        ({**_sample(), "cards": "[[action]\n"}, "setup.cards"),
        ({**_sample(), "colour": 1}, "colour"),
    ]
    for setup, word in cases:
        with pytest.raises(DataError) as err:
            KIND.setup(setup, "en")
        assert word in err.value.message("en"), (setup, err.value.message("en"))


def _sample() -> dict:
    return json.loads(json.dumps({"players": [{"id": "ann", "job": "warrior", "extras": ["mount"]},
                                              {"id": "bob", "job": "mage", "extras": ["might"]},
                                              {"id": "cho", "job": "priest", "extras": ["old_document"]}]}))


DECK = """
[[jobs]]
id = "blade"
name = "Blade"
names = { ja = "剣士" }
actions = ["swing", "battle_wisdom", "sworn_brothers"]
effect_id = "edge"
effect_name = "Edge"
effect_names = { ko = "날", ja = "刃" }
effect = "P威力+1"

[[actions]]
id = "cut"
name = "Cut"
names = { ko = "베기", ja = "斬り", en = "Cut Down" }
attribute = "P"
recovery = 3
power = [0, 1, 1, 2, 2, 3]
effects = ["即:捨", "即:P-1", "", "", "", "付:M+1"]
"""


@pytest.mark.parametrize(("lang", "cut", "job"), [("ko", "베기", "Blade"), ("ja", "斬り", "剣士"), ("en", "Cut Down", "Blade")])
def test_a_decks_own_cards_are_named_in_the_seats_language(lang: str, cut: str, job: str) -> None:
    """A card's ``names`` entry for the seat's language in views, menus' forms and log lines; its ``name`` where the
    table has none; the sample cards keep their own translations beside them."""
    from meikyu.systems.liberator.events import Declared

    state = KIND.setup({"cards": DECK, "players": [{"id": "ann", "job": "blade", "extras": ["cut"]},
                                                   {"id": "bob", "job": "mage", "extras": ["might"]}]}, lang)
    view = KIND.view(state, GM, lang)
    ann = view["players"][0]
    assert ann["job"]["name"] == job and cut in [c["name"] for c in ann["hand"]]
    assert view["own_deck"] is True and KIND.view(KIND.setup("sample", lang), GM, lang)["own_deck"] is False
    line = KIND.events_for(state, state, [Declared("ann", "Cut")], GM, lang)[0]["text"]
    assert cut in line and ("Cut" not in line or lang == "en"), line
    swing = KIND.events_for(state, state, [Declared("ann", "振り回し")], GM, lang)[0]["text"]
    assert ("振り回し" in swing) == (lang == "ja"), swing
