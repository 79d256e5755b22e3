"""The Meikyuu Kingdom round table and whole session at a table (issue 10 §1; R-MK-01, R-MK-03 … R-MK-06)."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest

from meikyu.dice import RandomDice
from meikyu.engine import TEXT_LIMIT, FirstLegalPolicy, Game
from meikyu.errors import DataError, InputError
from meikyu.systems.meikyu_kingdom import session as ss
from meikyu.systems.meikyu_kingdom.combat.policy import TacticalPolicy
from meikyu.systems.meikyu_kingdom.kingdom import round_table as rt
from meikyu.systems.meikyu_kingdom.session_state import STEPS
from meikyu.systems.meikyu_kingdom.sheets import facilities
from meikyu.table import registry
from meikyu.table.base import GM
from tests.meikyu_kingdom.test_kingdom_effects import play as roll_table
from tests.table.driver import play

ROUND_TABLE = registry.get("MeikyuKingdom", "round_table")
SESSION = registry.get("MeikyuKingdom", "session")


class Court:
    """Players hand out minions, ask for a facility, a passage and an item; the GM answers each."""

    def __init__(self) -> None:
        self.asked: list[str] = []

    def choose(self, state, legal):
        table = state.round_table if isinstance(state, ss.SessionState) else state
        if table is None or table.stage == "done":
            return legal[0]
        if table.pending is not None:
            return rt.Refuse() if isinstance(table.pending, rt.RequestPassage) else legal[0]
        if table.stage == "organization":
            for c in table.court:
                if c.id not in self.asked and table.kingdom.citizens >= 3:
                    self.asked.append(c.id)
                    return rt.AssignMinions(c.id, 3)
            return rt.EndOrganization()
        k = table.kingdom
        if "facility" not in self.asked:
            self.asked.append("facility")
            name = next(f.name for f in facilities.catalog().values() if f.value <= k.budget)
            room = next(r for r in ("A1", "A2", "A3", "B1", "B2", "B3", "C1", "C2", "C3")
                        if not k.maps[0].facilities(r))
            return rt.RequestFacility(name, 0, room)
        if "passage" not in self.asked:
            self.asked.append("passage")
            a, b = next((a, b) for a, b in (("A1", "A2"), ("B1", "B2"), ("C1", "C2"), ("A2", "A3"))
                        if not k.maps[0].joined(a, b))
            return rt.RequestPassage(0, a, b)
        if "item" not in self.asked:
            self.asked.append("item")
            return rt.RequestItem(table.court[0].id, "rope", min(1, k.life))
        return rt.EndBudget()


@pytest.mark.parametrize("lang", ["ko", "ja", "en"])
def test_the_sample_round_table_is_played_to_its_end(lang: str) -> None:
    state = ROUND_TABLE.setup("sample", lang)
    done = play(ROUND_TABLE, state, RandomDice(1), policy=Court(), lang=lang)
    final = done.game.state
    assert final.stage == "done" and final.kingdom.citizens == state.kingdom.citizens - 12
    assert sum(len(final.kingdom.maps[0].facilities(r)) for r in ("A1", "A2", "A3", "B1", "B2", "B3",
                                                                "C1", "C2", "C3")) > \
        sum(len(state.kingdom.maps[0].facilities(r)) for r in ("A1", "A2", "A3", "B1", "B2", "B3", "C1", "C2", "C3"))
    assert all(done.by_seat[s] > 0 for s in ROUND_TABLE.seats(state))  # each player handed out minions
    assert Game.from_data(ROUND_TABLE.rules, done.game.to_data()).state == final
    view = ROUND_TABLE.view(final, "pc:doyun", lang)
    assert view["you"] == "doyun" and view["round_table"]["stage"] == "done"


def test_round_table_seats_forms_and_gm_prompt() -> None:
    state = ROUND_TABLE.setup("sample", "en")
    assert ROUND_TABLE.seats_for(state, rt.AssignMinions("doyun", 2)) == {GM, "pc:doyun"}
    assert ROUND_TABLE.seats_for(state, rt.EndOrganization()) == {GM}
    assert ROUND_TABLE.seats_for(state, rt.RequestPassage(0, "A1", "A2")) == set(ROUND_TABLE.seats(state))
    game = Game(ROUND_TABLE.rules, state, RandomDice(1))
    game.play(rt.EndOrganization())
    haneul = ROUND_TABLE.menu(game.state, "pc:haneul", "en")
    item = next(i for i in haneul if i.action["@type"] == "RequestItem")
    assert item.form["value"]["max"] == state.kingdom.life and item.key == "haneul/request_item"
    assert not any(i.action.get("actor") == "doyun" for i in haneul)
    facility = next(i for i in haneul if i.action["@type"] == "RequestFacility")
    filled = {**facility.action, "room": facility.form["room"]["options"][-1]["value"]}
    game.play(registry.action_from_data(ROUND_TABLE, filled))
    assert ROUND_TABLE.prompt(game.state, "pc:haneul", "en") is None
    prompt = ROUND_TABLE.prompt(game.state, GM, "en")
    assert prompt["kind"] == "gm_approval" and {o["key"] for o in prompt["options"]} <= {"gm/approve", "gm/refuse"}
    assert [i.key for i in ROUND_TABLE.menu(game.state, "pc:haneul", "en")] == []


@pytest.mark.parametrize("seed", [0])
def test_session_is_walked_to_its_end(seed: int) -> None:
    """The sample kingdom on the sample labyrinth, preparation to the end phase, battles included."""
    state = SESSION.setup("sample", "en")
    done = play(SESSION, state, RandomDice(seed), policy=_SessionPolicy(), lang="en",
                until=lambda t: t.session.phase == "over", typed=_name)
    final = done.game.state
    assert final.session.phase == "over"
    assert done.by_seat[GM] > 0 and done.by_seat["pc:haneul"] > 0
    fought = [t.session.battle for t in done.game._states if t.session.battle is not None]
    assert fought and {c.id for b in fought for c in b.combatants if c.side == "monsters"} <= {"m1", "m2", "m3", "m4"}
    assert Game.from_data(SESSION.rules, done.game.to_data()).state == final
    view = SESSION.view(final, "pc:haneul", "ko")
    assert view["phase"] == "over" and view["you"] == "haneul" and view["kingdom"]["label"]


def _name(table: Any) -> Any:
    """A name typed where a table's result asks for one (a talent, a great power): the table's battles
    shuffle their monsters' ids afresh each setup, so some walks meet such a prompt."""
    from meikyu.systems.meikyu_kingdom.kingdom import effects as fx

    prompt = table.session.prompt
    return fx.Choose("Lantern Craft") if prompt is not None and prompt.typed else None


class _SessionPolicy:
    """The round table as above, battles by the tactical policy, everything else the first legal answer."""

    def __init__(self) -> None:
        self.court = Court()
        self.first = FirstLegalPolicy()
        self.battle = TacticalPolicy()

    def choose(self, table, legal):
        state = table.session
        if state.battle is not None:
            return self.battle.choose(state.battle, legal)
        if state.round_table is not None and state.round_table.stage != "done":
            return self.court.choose(state, legal)
        exp = state.expedition
        if exp is not None and exp.stage == "choose":  # explore every room, then go home
            new = [a for a in legal if type(a).__name__ == "MoveTo" and a.room not in exp.explored]
            home = [a for a in legal if type(a).__name__ == "GoHome"]
            return (new or home or legal)[0]
        return self.first.choose(state, legal)


def test_session_gm_rulings_are_the_gms() -> None:
    state = SESSION.setup("sample", "en")
    for action in (ss.GmSkip(), ss.GmSet("kingdom", "budget", 3), ss.SetGoal(True), ss.Advance()):
        assert SESSION.seats_for(state, action) == {GM}
    gm = [i.action["@type"] for i in SESSION.menu(state, GM, "en")]
    assert {"GmSkip", "GmSet", "SetGoal", "Advance"} <= set(gm)


@pytest.mark.parametrize("kind", [ROUND_TABLE, SESSION])
def test_sheet_setup_errors_name_part_and_field(kind) -> None:
    from meikyu.systems.meikyu_kingdom.sheets.sheet import sample

    sheet = sample().to_data()
    made = kind.setup({"sheet": sheet}, "en")
    assert getattr(made, "session", made).kingdom.maps == sample().kingdom.maps
    for setup, word in [({"sheet": {"characters": sheet["characters"]}}, "kingdom"),
                        ({"sheet": "[kingdom\n"}, "setup.sheet"), ({"shet": {}}, "shet"), (3, "sample")]:
        with pytest.raises(DataError) as err:
            kind.setup(setup, "en")
        assert word in err.value.message("en"), err.value.message("en")


def test_players_do_not_see_the_labyrinths_secrets() -> None:
    """A player's session view holds only the rooms reached, without traps, encounters or events."""
    state = SESSION.setup("sample", "en")
    lab = state.session.labyrinth
    secret = {p.species for r in lab.rooms if r.encounter for p in r.encounter.monsters}
    secret |= {r.trap.names.get("en", "") for r in lab.rooms if r.trap} - {""}
    assert secret
    done = play(SESSION, state, RandomDice(0), policy=_SessionPolicy(), lang="en",
                until=lambda t: t.session.phase == "labyrinth")
    for seat in SESSION.seats(state)[1:]:
        view = json.dumps(SESSION.view(done.game.state, seat, "en"), ensure_ascii=False)
        assert not any(word in view for word in secret), seat
        rooms = SESSION.view(done.game.state, seat, "en")["labyrinth"]["rooms"]
        assert all(set(r) == {"id", "names", "text", "exits"} for r in rooms)
    assert any(word in json.dumps(SESSION.view(done.game.state, GM, "en"), ensure_ascii=False) for word in secret)


def test_a_free_text_prompt_gets_a_form_and_labyrinth_answers_are_prompts() -> None:
    """KMT 2 (R-MK-20 tables): the GM names the great power the kingdom now serves. The rules list no
    action for a name to type (a typed prompt); the GM's menu offers one with a text field, under the prompt's question.
    In the labyrinth the court's answers are offered as prompts, labelled in words."""
    table = SESSION.setup("sample", "en")
    effects = roll_table("KMT", [1, 1, 6], voice=5)
    assert effects.state.prompt is not None and effects.state.prompt.kind == "name_great_power"
    waiting = replace(table, session=replace(table.session, index=STEPS.index(("end", "kingdom_change")),
                                            change_rolled=True, effects=effects.state))
    assert SESSION.rules.legal_actions(waiting) == [] and waiting.session.prompt.typed
    for lang, word in (("ko", "대국"), ("ja", "大国"), ("en", "great power")):
        prompt = SESSION.prompt(waiting, GM, lang)
        assert prompt["kind"] == "name_great_power" and word in prompt["text"]
    item = next(i for i in SESSION.menu(waiting, GM, "en") if i.key == "gm/choose")
    assert item.kind == "prompt" and item.form == {"option": {"type": "text"}}
    assert SESSION.prompt(waiting, "pc:haneul", "en") is None
    game = Game(SESSION.rules, waiting, RandomDice(0))
    game.play(registry.action_from_data(SESSION, {**item.action, "option": "Black Empire"}))
    assert game.state.session.kingdom.vassal_of == "Black Empire"

    done = play(SESSION, table, RandomDice(0), policy=_SessionPolicy(), lang="en",
                until=lambda t: t.session.prompt is not None and t.session.prompt.kind == "trap_search")
    state = done.game.state
    menu = SESSION.menu(state, "pc:doyun", "en")
    assert {i.kind for i in menu} == {"prompt"} and "doyun searches (search)" in [i.label.lower() for i in menu]
    assert "who searches for traps" in SESSION.prompt(state, "pc:doyun", "en")["text"]


@pytest.mark.parametrize(("lang", "words"), [("ko", "도윤의 아이템 rope"), ("ja", "ドユンのアイテムrope"),
                                             ("en", "item rope (value 1) for Doyun")])
def test_the_sessions_approval_prompt_names_the_request_r_mk_05(lang: str, words: str) -> None:
    """In a whole session the GM's approval prompt says what is asked for, its cost and the budget (as the
    round-table kind and `mk play` say it), not only "approve or refuse"."""
    game = Game(SESSION.rules, SESSION.setup("sample", lang), RandomDice(0))
    while game.state.session.round_table is None:
        game.play(ss.Advance())
    game.play(rt.EndOrganization())
    game.play(rt.RequestItem("doyun", "rope", 1))
    prompt = SESSION.prompt(game.state, GM, lang)
    assert prompt is not None and prompt["kind"] == "gm_approval" and not prompt["typed"]
    assert words in prompt["text"] and "6 MG" in prompt["text"], prompt["text"]
    assert SESSION.prompt(game.state, "pc:doyun", lang) is None


@pytest.mark.parametrize("lang", ["ko", "ja", "en"])
def test_an_action_carrying_too_long_a_text_is_refused_before_the_rules(lang: str) -> None:
    """An item, a name or a ruling's value is stored and shown to every seat: a text longer than
    ``TEXT_LIMIT`` in any field of a posted action (nested too) is refused, naming the field."""
    kind = registry.get("MeikyuKingdom", "round_table")
    for data, field in (({"@type": "RequestItem", "actor": "doyun", "item": "y" * 201, "value": 1}, "item"),
                        ({"@type": "GmSet", "target": "kingdom", "field": "names",
                          "value": {"ko": "z" * 5000}}, "value.ko")):
        session = registry.get("MeikyuKingdom", "session") if data["@type"] == "GmSet" else kind
        with pytest.raises(InputError) as info:
            registry.action_from_data(session, data)
        assert info.value.key == "table.error.text_too_long" and info.value.params["field"] == field
        assert str(TEXT_LIMIT) in info.value.message(lang)
    ok = registry.action_from_data(kind, {"@type": "RequestItem", "actor": "doyun", "item": "y" * 200, "value": 1})
    assert isinstance(ok, rt.RequestItem)
