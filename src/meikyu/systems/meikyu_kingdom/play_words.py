"""How ``mk play`` says a game in words: actions, what the game waits for, and where it stands.

The terminal's words, also used by the web table's session view (``table.mk_session``) so that both
faces say an action alike.

>>> from meikyu.systems.meikyu_kingdom.session import new_session
>>> from meikyu.systems.meikyu_kingdom.sheets.sheet import sample
>>> state = new_session(sample())
>>> print(status_lines(state, "en")[1])
  Haneul: HP 8/8 · drive 1 · minions 0
"""

from __future__ import annotations

from dataclasses import fields, is_dataclass, replace
from typing import Any

from meikyu.engine import Action, Event
from meikyu.i18n import lookup, translate
from meikyu.systems.meikyu_kingdom import session as se
from meikyu.systems.meikyu_kingdom.check import called as cc
from meikyu.systems.meikyu_kingdom.check import check as ck
from meikyu.systems.meikyu_kingdom.events import CheckDeclared
from meikyu.systems.meikyu_kingdom.expedition import camp
from meikyu.systems.meikyu_kingdom.expedition import expedition as ex
from meikyu.systems.meikyu_kingdom.expedition.transport import Transport
from meikyu.systems.meikyu_kingdom.kingdom import cycle as cy
from meikyu.systems.meikyu_kingdom.kingdom import effects as fx
from meikyu.systems.meikyu_kingdom.kingdom import round_table as rt
from meikyu.systems.meikyu_kingdom.kingdom.effect_words import option_label
from meikyu.systems.meikyu_kingdom.kingdom.effect_words import word as _word
from meikyu.systems.meikyu_kingdom.kingdom.facility_use import UseFacility
from meikyu.systems.meikyu_kingdom.labyrinth import finds
from meikyu.systems.meikyu_kingdom.session_state import SessionState
from meikyu.systems.meikyu_kingdom.table_runner import describe_request


def mk_text(key: str, lang: str, **params: Any) -> str:
    """A message of the `mk.` catalog in ``lang``."""
    return str(translate(f"mk.{key}", lang, **params))


class Names:
    """Display names for the ids a game's actions and events carry."""

    def __init__(self, state: SessionState, lang: str) -> None:
        self.lang = lang
        self.people = {c.id: c.label(lang) for c in state.court}
        self.rooms = {r.id: r.label(lang) for r in state.labyrinth.rooms} if state.labyrinth else {}
        self.kingdom = state.kingdom.label(lang)
        """Who rolls a national check (its ``actor`` is empty: the kingdom rolls it, R-MK-18)."""

    def who(self, ident: str) -> str:
        return self.people.get(ident, ident)

    def room(self, ident: str) -> str:
        return self.rooms.get(ident, ident)

    def event(self, event: Event) -> Event:
        """``event`` with character ids replaced by names (text fields only)."""
        if not is_dataclass(event):
            return event
        changes = {f.name: self.people[v] for f in fields(event)
                   if isinstance(v := getattr(event, f.name), str) and v in self.people}
        if isinstance(event, CheckDeclared) and not event.actor:
            changes["actor"] = self.kingdom
        return replace(event, **changes) if changes else event


def describe(action: Action, state: SessionState, lang: str) -> str:
    """One menu line for ``action`` in ``lang``.

    >>> from meikyu.systems.meikyu_kingdom.sheets.sheet import sample
    >>> from meikyu.systems.meikyu_kingdom.labyrinth.map import sample_labyrinth
    >>> s = se.new_session(sample(), sample_labyrinth())
    >>> describe(ex.MoveTo("hall"), s, "en"), describe(ex.SearchTrap("mir", "wit"), s, "ja")
    ('go to Pillar Hall', 'ミルが探す(才覚)')
    """
    names = Names(state, lang)
    a = action
    if state.battle is not None and isinstance(a, se.BATTLE_ACTIONS) and not isinstance(a, se.CYCLE_ACTIONS):
        from meikyu.systems.meikyu_kingdom.combat.words import describe as battle_describe

        return str(battle_describe(a, state.battle, lang))
    act = "lab.action."
    if isinstance(a, cc.DeclareHope):
        if not a.hope:
            return mk_text(act + "declare_hope", lang)
        source = "+".join(sorted({_word(h, lang) for h in a.hope}))
        return mk_text(act + "declare_hope_n", lang, count=len(a.hope), source=source)
    if isinstance(a, cc.ConsentVoice):
        return mk_text(act + ("consent" if a.agree else "refuse"), lang)
    called = _called(state)
    if isinstance(a, ck.ConvertSixes) and called is not None and called.check is not None:
        if not called.check.options.sixes_prompt:  # games created before session 5: the pair comes next
            into = _word("voice" if called.check.national else "drive", lang)
            return mk_text(act + "convert", lang, count=a.count, into=into)
        return _reading(called.check, a.count, lang)
    if isinstance(a, ck.KeepDice):  # games created before session 5
        return mk_text(act + "keep", lang, dice="+".join(map(str, a.values)))
    simple: dict[type, str] = {
        ck.MinionHelp: "minion_help", ck.FinishCheck: "finish", ex.EnterLabyrinth: "enter", camp.Camp: "camp",
        ex.GoHome: "go_home", ex.SkipSearch: "skip_search", ex.LeaveTrap: "leave_trap", cy.Resolve: "cycle_resolve",
        se.Advance: "advance", se.SettleIncome: "settle_income", se.RollKingdomChange: "roll_change",
        se.RollDisaster: "roll_disaster", se.NextSession: "next_session", se.RollTravel: "roll_travel", rt.EndOrganization: "end_organization",
        rt.EndBudget: "end_budget", rt.Approve: "approve", rt.Refuse: "refuse_request", camp.EndQuarter: "end_quarter",
    }
    if isinstance(a, ck.FinishCheck) and called is not None and called.check is not None and called.check.stage == "data":
        return mk_text(act + "finish_data", lang)  # data answering a failed check declined (R-MK-08)
    if type(a) in simple:
        return mk_text(act + simple[type(a)], lang)
    if isinstance(a, ex.SetFormation):
        return mk_text(act + "set_formation", lang, actor=names.who(a.actor), area=mk_text(f"battle.area.a{a.area}", lang))
    if isinstance(a, ex.MoveTo):
        return mk_text(act + "move", lang, room=names.room(a.room))
    if isinstance(a, ex.SearchTrap):
        return mk_text(act + "search_trap", lang, actor=names.who(a.actor), stat=_word(a.stat, lang))
    if isinstance(a, camp.Eat):
        return mk_text(act + "eat", lang, actor=names.who(a.actor), food=_word(a.food, lang))
    if isinstance(a, ex.TakeMaterial):
        return mk_text(act + "take_material", lang, material=_word(a.material, lang))
    if isinstance(a, finds.TakeItem):
        return mk_text(act + "take_material", lang, material=finds.option_label(a.option, lang))
    if isinstance(a, cy.Act):
        return mk_text(act + "act", lang, actor=names.who(a.actor), type=_word(a.type, lang), name=a.name)
    if isinstance(a, ck.UseCheckData):
        called_now = _called(state)
        actor = called_now.call.actor if called_now is not None else ""
        return mk_text(act + "use_check_data", lang, data=_data_label(state, actor, a.data, lang))
    if isinstance(a, UseFacility):
        from meikyu.systems.meikyu_kingdom.sheets.facilities import label as facility_label

        return mk_text(act + "use_facility", lang, actor=names.who(a.actor), facility=facility_label(a.facility, lang))
    if type(a).__name__ == "PayMonsterSkill":  # a monster skill paid for outside battle (R-MK-17)
        skill = _data_label(state, a.actor, a.skill, lang)  # type: ignore[attr-defined]
        return mk_text(act + "pay_monster_skill", lang, actor=names.who(a.actor), skill=skill,  # type: ignore[attr-defined]
                       source=_word(a.source, lang))  # type: ignore[attr-defined]
    if type(a).__name__ == "FallOutside":
        return mk_text(act + "fall", lang, actor=names.who(a.actor))  # type: ignore[attr-defined]
    if isinstance(a, camp.Trade):
        return mk_text(act + "trade", lang, actor=names.who(a.actor), partner=_partner(a.partner, lang), stat=_word(a.stat, lang),
                  difficulty=a.difficulty)
    if isinstance(a, camp.UseItem):
        item = state.character(a.actor).items[a.slot] if 0 <= a.slot < len(state.character(a.actor).items) else None
        return mk_text(act + "use_item", lang, actor=names.who(a.actor), target=names.who(a.target),
                  item=item.label(lang) if item is not None else "?")
    if isinstance(a, (rt.RequestItem, rt.RequestFacility, rt.RequestPassage, rt.RequestDestroy)):
        return describe_request(a, state.court, lang)  # the budget meeting's offers, in words
    if isinstance(a, camp.HandOver):
        item = state.character(a.owner).items[a.slot] if 0 <= a.slot < len(state.character(a.owner).items) else None
        return mk_text(act + "hand_over", lang, owner=names.who(a.owner), to=names.who(a.to),
                  item=item.label(lang) if item is not None else "?")
    if isinstance(a, cy.Cooperate):
        return mk_text(act + "cooperate", lang, actor=names.who(a.helper), target=names.who(a.target), name=a.action)
    if isinstance(a, se.EndLabyrinth):
        return mk_text(act + "end_labyrinth", lang, reason=_word(a.reason, lang))
    if isinstance(a, fx.Choose):
        effects = state.effects
        if effects is not None and effects.pending is not None:
            return mk_text(act + "choose_option", lang, option=option_label(effects, effects.pending.kind, a.option, lang))
        return mk_text(act + "choose_option", lang, option=_word(a.option, lang))
    if isinstance(a, Transport):
        cargo = [haul_label(i, lang) for i in a.items] + [f"{material_label(m, lang)} × {n}" for m, n in a.materials]
        return mk_text(act + "transport", lang, actor=names.who(a.actor), minions=a.minions, cargo=", ".join(cargo))
    with_actor = {camp.Rest: "rest", ex.TryDisarm: "try_disarm", ex.ChooseRoller: "choose_roller",
                  camp.GoHungry: "go_hungry", cy.Pass: "pass"}
    if type(a) in with_actor:
        return mk_text(act + with_actor[type(a)], lang, actor=names.who(a.actor))  # type: ignore[attr-defined]
    return type(a).__name__


def _partner(ident: str, lang: str) -> str:
    """A trade partner (a monster of the last battle, R-MK-42) by its species' name and its number.

    >>> _partner("moss_rat2", "ko"), _partner("someone", "en")
    ('#2 이끼쥐', 'someone')
    """
    from meikyu.systems.meikyu_kingdom.combat.bestiary import load_bestiary

    species, number = ident.rstrip("0123456789"), ident[len(ident.rstrip("0123456789")):]
    known = load_bestiary().get(species)
    if known is None:
        return ident
    name = known.names[("ko", "ja", "en").index(lang)] if lang in ("ko", "ja", "en") else known.names[2]
    return f"#{number} {name}" if number else name  # twins as the board names them


def _data_label(state: SessionState, actor: str, name: str, lang: str) -> str:
    """A skill's or an item's name in ``lang``, as ``actor``'s sheet gives it."""
    if actor and any(c.id == actor for c in state.court):
        char = state.character(actor)
        held: list[Any] = [*char.skills, *(i for i in char.items if i is not None)]
        for data in held:
            if data.name == name:
                return str(data.names.get(lang, name))
    return name


def _reading(check: ck.CheckState, converted: int, lang: str) -> str:
    """A ``convert_sixes`` answer in words: the dice used, achievement, result and hope gained
    (R-MK-14/15); against a hidden difficulty (R-MK-23) no result, for every seat alike."""
    from meikyu.systems.meikyu_kingdom.combat.words import sixes_option

    decl = check.declaration
    assert decl is not None
    shown = -1 if decl.hidden or decl.difficulty is None else decl.difficulty
    curse = int(check.has_actor() and check.actor().has("curse"))
    detail = (check.bonus, shown, check.room(), curse, *check.dice)
    return sixes_option(detail, converted, lang, "voice" if check.national else "drive")


def _called(state: SessionState) -> cc.CalledCheck | None:
    """The check waiting for its roller: one the rules called, or one inside a table roll."""
    if state.called is not None:
        return state.called
    return state.effects.called if state.effects is not None else None


def prompt_line(state: SessionState, lang: str, players: bool = False) -> str:
    """What the game waits for, in words (empty when nothing in particular); ``players``: as the players
    may read it (a called check's hidden difficulty shown as "?", R-MK-23)."""
    prompt = state.prompt
    table = state.round_table
    if table is not None and table.stage != "done":
        if table.pending is None:
            return str(translate(f"mk.table_runner.stage_{table.stage}", lang))
        return str(translate("mk.table_runner.pending_choice", lang, request=describe_request(table.pending, table.court, lang),
                             cost=table.cost(table.pending), budget=table.kingdom.budget))
    if state.actions is not None and state.step == "actions" and state.called is None and not state.consent_for:
        return mk_text("lab.prompt.actions", lang)
    if state.disasters and state.effects is None and state.called is None and state.battle is None:
        return mk_text("lab.prompt.disaster_due", lang, count=state.disasters)
    if prompt is None or state.battle is not None:
        return ""
    key = f"mk.lab.prompt.{prompt.kind}"
    if lookup(key, lang) is None:
        return ""
    names = Names(state, lang)
    params: dict[str, Any] = {"actor": names.who(prompt.actor or "")}
    called = _called(state)
    call = called.call if called is not None else None
    if state.consent_for:  # a monster skill's hope from the voice (R-MK-13, R-MK-17)
        params["actor"] = names.who(state.consent_for[0])
    if call is not None:
        params.update(actor=names.who(call.actor) if call.actor else names.kingdom, stat=_word(call.stat, lang),
                      difficulty="?" if call.difficulty is None or (players and call.hidden) else call.difficulty)
    if prompt.kind == "convert_sixes" and called is not None and called.check is not None:
        params.update(dice=",".join(map(str, called.check.dice)),
                      into=_word("voice" if called.check.national else "drive", lang))
    exp = state.expedition
    if exp is not None and exp.loot:
        params["count"] = exp.loot[0].count
    text = str(translate(key, lang, **params))
    if exp is not None and state.labyrinth is not None:
        room = state.labyrinth.room(exp.room)
        if prompt.kind == "event" and room.event is not None:
            text = f"{room.event.label(lang)}: {_text(room.event.text, lang)}\n{text}"
        if prompt.kind in ("prepare", "camp"):
            places = ", ".join(f"{names.who(c)} {mk_text(f'battle.area.a{a}', lang)}" for c, a in exp.formation.items())
            text = f"{mk_text('play.formation', lang, formation=places)}\n{text}"
    return text


def material_label(material: str, lang: str) -> str:
    """A material's name (``meat``: 고기), not the word for one unit of it.

    >>> material_label("meat", "ko"), material_label("iron", "en")
    ('고기', 'iron')
    """
    return str(lookup(f"mk.word.material_{material}", lang) or _word(material, lang))


def haul_label(item: str, lang: str) -> str:
    """A haul entry: ``boxed_lunch`` or a treasure kind with its level (``weapon_item:1``), in words."""
    kind, _, level = item.partition(":")
    if lookup(f"mk.battle.treasure.{kind}", lang) is None:
        return _word(item, lang)
    text = str(translate(f"mk.battle.treasure.{kind}", lang))
    return f"{text} (Lv{level})" if level and level != "0" else text


def _text(names: dict[str, str], lang: str) -> str:
    return names.get(lang) or names.get("en") or ""


def status_lines(state: SessionState, lang: str) -> list[str]:
    k = state.kingdom
    phase = _word(state.phase, lang) + (f" · {_word(state.step, lang)}" if state.step else "")
    lines = [mk_text("play.status", lang, phase=phase, voice=k.voice, budget=k.budget, citizens=k.citizens)]
    for c in state.court if state.battle is None else ():  # in battle the field shows them
        condition = state.conditions.get(c.id, "")
        extra = ""
        if c.hp < 0:
            extra = mk_text("play.hp_below", lang, condition=_word(condition or "incapacitated", lang))
        elif condition:
            extra = f" ({_word(condition, lang)})"
        statuses = ", ".join(_word(s, lang) for s in sorted(c.statuses))
        if statuses:
            extra += f" [{statuses}]"
        lines.append(mk_text("play.court_line", lang, name=c.label(lang), hp=c.hp, max_hp=c.max_hp, drive=c.drive,
                        minions=c.minions, extra=extra))
    exp = state.expedition
    if exp is not None and state.labyrinth is not None and state.phase == "labyrinth":
        room = state.labyrinth.room(exp.room)
        lines.append(mk_text("play.room", lang, room=room.label(lang), text=room.describe(lang)))
        haul = [f"{_word(m, lang)} {n}" for m, n in sorted(exp.haul_materials.items()) if n]
        haul += [haul_label(i, lang) for i in exp.haul_items]
        if haul:
            lines.append(mk_text("play.haul", lang, haul=", ".join(haul)))
    return lines
