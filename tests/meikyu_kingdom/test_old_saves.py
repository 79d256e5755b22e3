"""Games saved before the sixes prompt (session 5) load and replay exactly (R-MK-14, R-MK-15).

The saves in ``data/`` were written by main's code before the battle branch (see
``data/make_old_saves.py``): a sample battle, a session whose GM-called checks answered the old
``convert_sixes`` and ``keep_dice`` prompts, and server games of the battle and session table kinds
(the session's through its labyrinth and a battle there). Their state
lacks ``sixes_prompt``, so it loads as off and the old reading replays; every new game sets it.

The ``asked_*`` saves were written between sessions 5 and 6 (``data/make_asked_saves.py``): they asked
about 6s whenever two readings differed, and answered prompts session 6 no longer asks (both readings
succeed, or both fail with no minion to turn them). They lack ``sixes_stakes``, so it loads as off and
they replay as they were played.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from meikyu.dice import RandomDice, ScriptedDice
from meikyu.engine import Game, Rules
from meikyu.errors import MeikyuError
from meikyu.systems.meikyu_kingdom import session as se
from meikyu.systems.meikyu_kingdom.check import called as cc
from meikyu.systems.meikyu_kingdom.check import check as ck
from meikyu.systems.meikyu_kingdom.combat import BattleRules
from meikyu.systems.meikyu_kingdom.combat.bestiary import load_encounter
from meikyu.systems.meikyu_kingdom.combat.policy import TacticalPolicy
from meikyu.systems.meikyu_kingdom.expedition.battle import start
from meikyu.systems.meikyu_kingdom.labyrinth.map import sample_labyrinth
from meikyu.systems.meikyu_kingdom.sheets.sheet import sample
from meikyu.table import registry

DATA = Path(__file__).with_name("data")
BATTLE_KIND = registry.get("MeikyuKingdom", "battle")
SAVES: dict[str, Rules[Any]] = {
    "old_battle_sample.json": BattleRules(),
    "old_session_checks.json": se.SessionRules(),
    "old_table_battle.json": BATTLE_KIND.rules,
    "old_table_session.json": registry.get("MeikyuKingdom", "session").rules,
}


ASKED: dict[str, Rules[Any]] = {
    "asked_battle_sample.json": BattleRules(),
    "asked_session_checks.json": se.SessionRules(),
    "asked_table_session.json": registry.get("MeikyuKingdom", "session").rules,
}


def _saved(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((DATA / name).read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize("name", sorted(SAVES) + sorted(ASKED))
def test_a_game_saved_before_the_sixes_prompt_replays_exactly(name: str) -> None:
    """Loading replays every stored action with its dice; the end is the state the old code reached
    (the session table's monsters get the opaque ids the code that saved it gave them)."""
    rules, data = {**SAVES, **ASKED}[name], _saved(name)
    game = Game.from_data(rules, data["game"])
    assert len(game.history) == len(data["game"]["history"])
    assert game.state == rules.state_from_data(data["final"])
    again = Game.from_data(rules, json.loads(json.dumps(game.to_data())))  # saved again, it still loads
    assert again.state == game.state


def _switched_on(game: dict[str, Any], switch: str) -> dict[str, Any]:
    """A saved game's data with one of the per-game rule switches turned on in its initial state."""
    initial = game["initial"]
    initial = initial.get("session", initial)  # the session table kind wraps its game's state
    initial.get("options", initial)[switch] = True  # a battle keeps its switches in options
    return game


@pytest.mark.parametrize("name", sorted(SAVES))
def test_the_saves_need_the_old_reading(name: str) -> None:
    """The same history under the new rules is refused: the saves exercise what the switch keeps."""
    rules, data = SAVES[name], _saved(name)
    with pytest.raises(MeikyuError):
        Game.from_data(rules, _switched_on(data["game"], "sixes_prompt"))


@pytest.mark.parametrize("name", ["asked_battle_sample.json", "asked_session_checks.json"])
def test_the_asked_saves_need_their_rule_r_mk_14(name: str) -> None:
    """Under session 6's rule the same history is refused (an answer to a prompt no longer asked):
    the saves exercise what ``sixes_stakes`` off keeps."""
    rules, data = ASKED[name], _saved(name)
    with pytest.raises(MeikyuError):
        Game.from_data(rules, _switched_on(data["game"], "sixes_stakes"))


def test_every_new_game_asks_about_sixes() -> None:
    """New battles, sessions, server games and the labyrinth's battles set the switch."""
    for options in (load_encounter("sample").options, BATTLE_KIND.setup("sample", "en").options,
                    BATTLE_KIND.setup({"encounter": "sample", "seed": 3}, "en").options):
        assert options.sixes_prompt and options.sixes_stakes
    session_kind = registry.get("MeikyuKingdom", "session")
    assert session_kind.setup("sample", "en").session.sixes_prompt
    assert session_kind.setup("sample", "en").session.sixes_stakes
    fresh = se.new_session(sample(), sample_labyrinth())
    assert fresh.sixes_prompt and se.next_session(fresh)[0].sixes_prompt
    assert fresh.sixes_stakes and se.next_session(fresh)[0].sixes_stakes
    room = next(r for r in sample_labyrinth().rooms if r.encounter is not None)
    assert room.encounter is not None
    for switch in (True, False):  # a battle in the labyrinth keeps its game's rules
        seam = start(fresh.court, {}, {}, room.encounter, 5, 0, 4, sixes_prompt=switch, sixes_stakes=switch)
        assert seam.options.sixes_prompt is switch and seam.options.sixes_stakes is switch


def test_a_new_battle_asks_where_the_old_one_read_automatically_r_mk_14() -> None:
    """The saved sample battle's dice, in a new game: the same first 6 now waits on its roller."""
    new = Game(BattleRules(), load_encounter("sample"), RandomDice(3))
    new.run(TacticalPolicy())
    asked = [e for t in new.history for e in t.events if type(e).__name__ == "ChoiceAsked" and e.kind == "sixes"]
    assert asked and new.state.phase == "over"


def test_a_new_session_check_asks_only_a_real_choice_r_mk_14() -> None:
    """6,6 with no hope: a new game reads it as the critical (nothing to ask); a game from before
    session 5 asks ``convert_sixes`` as it did, and a later ``KeepDice`` only it accepts."""
    for switch, stage in ((True, None), (False, "convert_sixes")):
        state = se.new_session(sample(), sample_labyrinth())
        game = Game(se.SessionRules(), state if switch else se.SessionState(state.kingdom, state.court))
        game.play(se.CallCheck("mir", "search", 9))
        game.play(cc.DeclareHope(()), ScriptedDice([6, 6]))
        prompt = game.state.prompt
        assert (prompt.kind if prompt is not None and prompt.kind != "minion_help" else None) == stage
    new = Game(se.SessionRules(), se.new_session(sample(), sample_labyrinth()))
    new.play(se.CallCheck("mir", "search", 9))
    new.play(cc.DeclareHope(("voice",)))
    new.play(cc.ConsentVoice(True), ScriptedDice([5, 2, 1]))
    before = new.state
    with pytest.raises(MeikyuError):
        new.play(ck.KeepDice((1, 2)))
    assert new.state == before


def test_the_monster_shuffle_reads_a_battle_as_the_code_before_it_wrote_it() -> None:
    """The session table kind numbers a battle's monsters in an order seeded by the battle's data; a field added
    to ``Battle`` since (session 6: the 6s rule's switch, an encounter's notes by language) must not move that
    seed, or a replayed save gives its monsters other ids than its recorded actions name (half the labyrinth
    battles of the saved session games swapped theirs). A battle loaded from a save main wrote at f268b5f reads
    into the seed exactly as that code wrote it."""
    import json

    from meikyu.serial import from_data
    from meikyu.systems.meikyu_kingdom.combat.model import Battle
    from meikyu.table.mk_battle_ids import _digested

    saved = _saved("asked_battle_sample.json")["game"]["initial"]
    battle = from_data(Battle, saved)
    assert json.dumps(_digested(battle), sort_keys=True) == json.dumps(saved, sort_keys=True)
