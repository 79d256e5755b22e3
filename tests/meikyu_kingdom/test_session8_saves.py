"""Games saved in session 8 load and replay exactly under session 9's rules (``data/make_session8_saves.py``,
made with main at 814ac57): a game whose Grit answered two failed checks of one kingdom cycle and whose
minion help followed a trap search that had already succeeded, and a server game through a labyrinth battle
with the court's data acting (its monsters' ids come from a digest of the battle's data, which the new
fields of a piece's data must not change). They lack ``useful_help`` and ``data_followups``, so both load
off; switched on, the first save's history is refused — it exercises what the switches keep."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from meikyu.engine import Game, Rules
from meikyu.errors import MeikyuError
from meikyu.systems.meikyu_kingdom import session as se
from meikyu.table import registry

DATA = Path(__file__).with_name("data")
SAVES: dict[str, Rules[Any]] = {
    "s8_session_checks.json": se.SessionRules(),
    "s8_table_session.json": registry.get("MeikyuKingdom", "session").rules,
}


def _saved(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((DATA / name).read_text(encoding="utf-8"))
    return data


def _plain(rules: Rules[Any], state: Any) -> Any:
    """The state's data with each battle piece's favor and enmity in one order: the save was written with
    sorted keys, so the replay's sheets list them sorted where the live game kept the sheet's order (main
    replays it so too; nothing reads the order)."""
    data = rules.state_to_data(state)
    battle = (data.get("session") or data).get("battle")
    for piece in battle["combatants"] if battle else ():
        piece["favor"], piece["enmity"] = sorted(piece["favor"]), sorted(piece["enmity"])
    return data


@pytest.mark.parametrize("name", sorted(SAVES))
def test_a_game_saved_in_session_8_replays_exactly(name: str) -> None:
    rules, data = SAVES[name], _saved(name)
    game = Game.from_data(rules, data["game"])
    assert len(game.history) == len(data["game"]["history"])
    assert _plain(rules, game.state) == _plain(rules, rules.state_from_data(data["final"]))
    again = Game.from_data(rules, json.loads(json.dumps(game.to_data())))
    assert again.state == game.state


@pytest.mark.parametrize("switch", ["useful_help", "data_followups"])
def test_the_session_8_save_needs_the_old_rules_r_mk_08_r_mk_19(switch: str) -> None:
    """Minion help after a success (R-MK-19) and Grit's second use in the cycle (R-MK-08) are refused now."""
    data = _saved("s8_session_checks.json")["game"]
    data["initial"][switch] = True
    with pytest.raises(MeikyuError):
        Game.from_data(se.SessionRules(), data)


def test_the_monster_numbering_digest_leaves_out_session_9s_fields_while_they_hold_their_old_values() -> None:
    """The session table numbers a battle's monsters from a digest of its data: a battle of an old game
    (switch off, the court's data with no minions effect) digests as the code that saved it did."""
    from meikyu.systems.meikyu_kingdom.combat.model import Battle, Combatant
    from meikyu.systems.meikyu_kingdom.sheets.sheet import sample
    from meikyu.table.mk_battle_ids import _digested

    pieces = tuple(Combatant.from_character(c) for c in sample().characters)
    assert any(p.uses for p in pieces)  # Rallying Cry, Monsterology … act
    digest = json.dumps(_digested(Battle(pieces)))
    assert '"loss"' not in digest and '"desert"' not in digest and "data_followups" not in digest
