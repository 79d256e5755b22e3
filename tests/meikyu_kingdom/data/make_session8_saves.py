"""Make the saves of games created in session 8 (run once, by hand, with that code).

Those games offered minion help after a check had already succeeded, let an auxiliary answer every failed
called check of a cycle, and kept an item's data with its first owner. Session 9 changed each behind a
switch (``useful_help``, ``data_followups``), absent from these saves and so off. The JSON files
``s8_*.json`` were made with main at 814ac57::

    git archive 814ac57 src | tar -x -C /tmp/main_s8
    cd tests/meikyu_kingdom/data && PYTHONPATH=/tmp/main_s8/src python3 make_session8_saves.py 814ac57

Each holds ``game`` (``Game.to_data()``) and ``final`` (the state that code reached), as
``make_old_saves.py`` writes them.
"""

from __future__ import annotations

import contextlib
import sys
from dataclasses import replace
from typing import Any

from make_old_saves import _save  # type: ignore[import-not-found]

from meikyu.dice import RandomDice, ScriptedDice
from meikyu.engine import Game
from meikyu.errors import MeikyuError

GRIT = {"name": "Grit", "type": "auxiliary", "trigger": "own_check_failed", "stats": ["search"],
        "cost": {"minions": "1"}, "effects": [{"type": "achievement", "amount": 2}]}


def session_checks(commit: str) -> None:
    from meikyu.systems.meikyu_kingdom import session as se
    from meikyu.systems.meikyu_kingdom.check import called as cc
    from meikyu.systems.meikyu_kingdom.check import check as ck
    from meikyu.systems.meikyu_kingdom.expedition import expedition as ex
    from meikyu.systems.meikyu_kingdom.kingdom import cycle as cy
    from meikyu.systems.meikyu_kingdom.labyrinth.map import sample_labyrinth
    from meikyu.systems.meikyu_kingdom.session_state import STEPS
    from meikyu.systems.meikyu_kingdom.sheets.character import Character
    from meikyu.systems.meikyu_kingdom.sheets.sheet import sample

    state = se.new_session(sample(), sample_labyrinth())
    mir = state.character("mir")
    grit = Character.from_data({**mir.to_data(), "skills": [GRIT]}).skills[0]
    court = tuple(replace(c, skills=(*c.skills, grit), minions=6) if c.id == "mir" else c for c in state.court)
    state = replace(state, court=court, index=STEPS.index(("kingdom", "actions")),
                    actions=cy.CycleState(tuple(c.id for c in court)))
    game: Game[Any] = Game(se.SessionRules(), state, RandomDice(5))
    moves: list[tuple[Any, list[int] | None]] = [
        # two failed search checks in one kingdom cycle, Grit answering both (session 9: once per cycle)
        (se.CallCheck("mir", "search", 11), None), (cc.DeclareHope(()), [2, 3]), (ck.UseCheckData("Grit"), None),
        (ck.FinishCheck(), None),
        (se.CallCheck("mir", "search", 11), None), (cc.DeclareHope(()), [2, 3]), (ck.UseCheckData("Grit"), None),
        (ck.FinishCheck(), None),
        (se.Advance(), None), (se.Advance(), None),
        (ex.EnterLabyrinth(), None), (ex.SkipSearch(), None), (ex.MoveTo("hall"), None),
        # the hall's trap search succeeds (5+4 + 3 + Hawk Eye 1 = 13 ≥ 11) and minion help is still offered
        (ex.SearchTrap("mir", "search"), None), (cc.DeclareHope(()), [5, 4]), (ck.MinionHelp(), [1]),
        (ck.FinishCheck(), None),
    ]
    for action, dice in moves:
        game.play(action, None if dice is None else ScriptedDice(dice))
    assert game.state.called is None
    _save("s8_session_checks.json", game, commit,
          "Grit twice in a kingdom cycle, minion help after a trap search succeeded (session 8 rules)")


def table_session(commit: str) -> None:
    from meikyu.engine import RandomPolicy
    from meikyu.table import registry

    kind = registry.get("MeikyuKingdom", "session")
    for seed in range(4, 60):
        game: Game[Any] = Game(kind.rules, kind.setup("sample", "en"), RandomDice(seed))
        with contextlib.suppress(MeikyuError):  # a typed prompt (a name to give) ends the walk there
            game.run(RandomPolicy(seed), max_steps=600)
        names = {type(t.action).__name__ for t in game.history}
        if {"Attack", "UseFacility", "Trade"} <= names:
            break
    _save("s8_table_session.json", game, commit,
          f"a server game (MeikyuKingdom/session table kind) through a labyrinth battle with the court's data "
          f"acting, RandomPolicy({seed}), RandomDice({seed})")  # its monsters' ids come from the battle's digest


if __name__ == "__main__":
    made_by = sys.argv[1] if len(sys.argv) > 1 else "unknown"
    session_checks(made_by)
    table_session(made_by)
