"""The checks a battle's menu offers, as the web table shows them: who rolls how many dice against what
(``check_of``), the exact odds shared by every item that rolls the same check (``chances``), and the
BCDice-style line a roll prints (``check_line``).

>>> chances(2, 0, 7, False, False)["success"]  # 2MK>=7, a 6 turned into drive when it need not count
'7/12'
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from meikyu.engine import Action
from meikyu.i18n import translate
from meikyu.systems.meikyu_kingdom.check.odds import check_odds
from meikyu.systems.meikyu_kingdom.combat import actions as act
from meikyu.systems.meikyu_kingdom.combat import events as ev
from meikyu.systems.meikyu_kingdom.combat.attack import hit_modifier
from meikyu.systems.meikyu_kingdom.combat.model import COURT, Battle, Combatant
from meikyu.systems.meikyu_kingdom.combat.rules import strategy_difficulty
from meikyu.table.base import odds_data


@lru_cache(maxsize=4096)
def chances(count: int, modifier: int, difficulty: int, curse: bool, no_drive: bool) -> dict[str, Any]:
    """A battle check's exact success, critical and fumble odds as menu data (R-MK-10, R-MK-14; the automatic
    6→drive choice), remembered by everything they depend on: one dict shared by every menu item that rolls
    the same check (read it, don't change it)."""
    o = check_odds(count, modifier, difficulty, curse=curse, no_drive=no_drive)
    return odds_data(o.success, critical=o.critical, fumble=o.fumble)


def check_of(b: Battle, by_id: dict[str, Combatant], action: Action) -> tuple[str, int, int, int, bool] | None:
    """(roller, dice, modifier before cooperation, difficulty, difficulty hidden) of the check ``action`` rolls."""
    try:
        if isinstance(action, act.Attack) and action.target:
            a, t = by_id[action.actor], by_id[action.target]
            return (a.id, 2 + action.hope, hit_modifier(a, action.hold_back) + a.data_bonus("valor", "hit", b.round), t.effective_evasion,
                    t.hidden and a.side == COURT)
        if isinstance(action, act.StrategyCheck):
            rep = by_id[action.representative]
            return rep.id, 2 + action.hope, rep.wit + rep.data_bonus("wit", "strategy", b.round), strategy_difficulty(b.combatants, b.strategy_bonus), \
                b.hidden_enemy
        if isinstance(action, act.SearchSpot):
            c = by_id[action.actor]
            court = sum(1 for x in b.combatants if x.side == COURT)
            return c.id, 2, getattr(c, action.stat, 0) + c.data_bonus(action.stat, "search", b.round), court + 7, False
        if isinstance(action, act.Disarm):
            c = by_id[action.actor]
            trap = next(t for t in b.traps if t.id == action.trap)
            return c.id, 2, getattr(c, trap.stat, 0) + c.data_bonus(trap.stat, "disarm", b.round), trap.difficulty, False
        if isinstance(action, act.Escape):
            c = by_id[action.actor]
            difficulty = max((x.effective_evasion for x in b.combatants if x.side != c.side and x.condition == "ok"),
                             default=0)
            return c.id, 2, c.search + c.data_bonus("search", "escape", b.round), difficulty, c.side == COURT and b.hidden_enemy
        if isinstance(action, act.Reputation):
            c, t = by_id[action.actor], by_id[action.target]
            return c.id, 2, c.wit + c.data_bonus("wit", "reputation", b.round), t.level + 5, True
    except (StopIteration, KeyError):
        return None
    return None


def check_line(e: ev.Check, lang: str, secret: bool, data: str = "") -> str:
    """A BCDice-style line for a battle check: ``(2MK>=9) ＞ [3,4] ＞ 10 ＞ success``; constant data that
    added to it follow the dice (``[3,2] +1 Hawk Eye``, R-MK-09)."""
    word = translate(f"mk.battle.word.{'success' if e.success else 'failure'}", lang)
    if e.critical or e.fumble:
        word += translate(f"mk.battle.word.{'critical' if e.critical else 'fumble'}", lang)
    target = "" if secret else f">={e.difficulty}"
    return f"({len(e.dice)}MK{target}) ＞ [{','.join(map(str, e.dice))}]{data} ＞ {e.achievement} ＞ {word}"
