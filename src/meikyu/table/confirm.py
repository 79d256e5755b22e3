"""What a page asks before an action that cannot be taken back or affects everyone (issue 26, point 7).

A menu item's ``confirm`` (:class:`~meikyu.table.base.MenuItem`) is the question in the seat's language; the
rules decide what it says, the page only shows it:

- a surrender ends the battle for everyone (R-MK-42);
- hope paid from the Voice of the People (in battle, on a called check, for a monster skill outside battle,
  R-MK-17) that sets off a kingdom disaster roll (R-MK-13, R-MK-20): the voice
  before and after, and the exact chance that the roll lands on one of the kingdom disaster table's worst
  results (those that can take a facility, a territory or a talent away);
- the players' consent to such a spending (the same warning);
- ending a phase while players still have actions offered (the names of those players);
- giving a Liberator scenario up: it fails for the whole table (R-LB-01).

>>> print(voice_warning(5, 2, 4, "en"))
Paying 2 hope from the Voice of the People takes it from 5 to 3, at or under the 4 land makers: a kingdom disaster roll falls due (R-MK-20). 44.44% (4/9) of the disaster table's results (6, 7, 8) can take a facility, a territory or a talent away.
>>> voice_warning(9, 2, 4, "en") is None
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from meikyu.engine import Action
from meikyu.i18n import translate


def voice_warning(voice: int, amount: int, makers: int, lang: str) -> str | None:
    """The warning for paying ``amount`` from ``voice`` with ``makers`` land makers, or None when no disaster
    roll falls due."""
    from meikyu.systems.meikyu_kingdom.check.voice import voice_step, worst_disasters

    if amount <= 0:
        return None
    new, trigger = voice_step(voice, -amount, makers)
    if trigger is None:
        return None
    share, rolls = worst_disasters()
    pct = f"{float(share) * 100:.2f}%"
    return translate("table.confirm.disaster", lang, amount=amount, voice=voice, new=new, makers=makers, pct=pct,
                     frac=f"{share.numerator}/{share.denominator}", rolls=", ".join(map(str, rolls)))


def battle_confirm(state: Any, action: Action, lang: str) -> str | None:
    """The question before ``action`` in Meikyuu Kingdom battle ``state`` (a :class:`~.combat.model.Battle`)."""
    from meikyu.systems.meikyu_kingdom.combat import actions as act
    from meikyu.systems.meikyu_kingdom.combat.model import COURT

    if isinstance(action, act.Surrender):
        return translate(f"table.confirm.surrender_{'court' if action.side == COURT else 'monsters'}", lang)
    pending = state.pending
    choice = pending.choice if pending is not None else None
    if isinstance(action, act.Choose) and choice is not None:
        if choice.kind == "hope_source" and action.option.isdigit():
            return voice_warning(state.voice, int(action.option), state.makers, lang)
        if choice.kind == "voice_consent" and action.option == "agree" and choice.detail:
            return voice_warning(state.voice, int(choice.detail[0]), state.makers, lang)
        return None
    # hope declared with the action: the part the voice must pay when no "how much from voice?" follows
    count = action.count if isinstance(action, act.SpendHope) else getattr(action, "hope", 0)
    who = getattr(action, "actor", "") or getattr(action, "representative", "")
    if isinstance(action, act.SpendHope) and pending is not None:
        who = pending.actor
    if not count or not who:
        return None
    c = next((x for x in state.combatants if x.id == who), None)
    if c is None or c.side != COURT or c.kind == "monster":
        return None
    low, high = max(0, count - c.drive), min(count, state.voice)
    if low == 0 or high != low:
        return None
    return voice_warning(state.voice, low, state.makers, lang)


def session_confirm(state: Any, action: Action, lang: str, actions_left: Sequence[str] = ()) -> str | None:
    """The question before ``action`` in a Meikyuu Kingdom session (outside battle): hope from voice on a
    called check or for a monster skill (R-MK-17), the consent to it, and a phase ended while ``actions_left``
    (players' names) could act."""
    from meikyu.systems.meikyu_kingdom import cycle_data as cd
    from meikyu.systems.meikyu_kingdom import session as ss
    from meikyu.systems.meikyu_kingdom.check import called as cc

    k = state.kingdom
    if isinstance(action, cc.DeclareHope) and "voice" in action.hope:
        return voice_warning(k.voice, action.hope.count("voice"), k.land_makers, lang)
    if isinstance(action, cd.PayMonsterSkill) and action.source == "voice":  # R-MK-17's 1 hope
        return voice_warning(k.voice, 1, k.land_makers, lang)
    if isinstance(action, cc.ConsentVoice) and action.agree and state.called is not None:
        return voice_warning(k.voice, state.called.hope.count("voice"), k.land_makers, lang)
    if isinstance(action, cc.ConsentVoice) and action.agree and state.consent_for:  # a monster skill's hope
        return voice_warning(k.voice, 1, k.land_makers, lang)
    if isinstance(action, (ss.Advance, ss.EndLabyrinth)) and actions_left:
        return translate("table.confirm.actions_left", lang, names=", ".join(actions_left))
    return None
