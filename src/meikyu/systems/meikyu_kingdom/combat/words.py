"""Battle text for the terminal: one line per action, the battlefield, the pending prompt, and the
menu grouped by character and kind under stable keys (:mod:`.menu`), in the reader's language.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from meikyu.engine import Action
from meikyu.i18n import translate

from .view import settle


def describe(action: Action, battle: Any, lang: str, role: str = "gm") -> str:
    """One line naming an action, with names instead of ids (for ``role="player"`` a hidden monster
    by its appearance, R-MK-23)."""
    from .view import label

    params: dict[str, Any] = {f.name: getattr(action, f.name) for f in fields(action)}  # type: ignore[arg-type]
    name = type(action).__name__
    if name == "Choose":
        return _describe_choice(action, battle, lang)
    if name == "UseItem":
        params["item"] = battle.get(action.actor).weapons[action.slot].label(lang)  # type: ignore[attr-defined]
        params["target"] = params["target"] or params["actor"]
    if name == "Cooperate":
        params["action"] = translate(f"mk.battle.purpose.{params['action'] or 'hit'}", lang)
    if name == "UseMonsterSkill":
        from .view import data_label

        params["skill"] = data_label(battle, params["actor"], params["skill"], lang)
    if name == "UseData":
        from .view import data_label

        params["data"] = data_label(battle, params["actor"], params["data"], lang)
        params["target"] = params["target"] or params["actor"]
    for key in ("actor", "target", "monster", "payer", "other", "representative", "ghost", "via"):
        if isinstance(params.get(key), str) and params[key]:
            params[key] = label(battle, params[key], lang, role)
    if "monsters" in params:
        params["monsters"] = ", ".join(label(battle, m, lang, role) for m in params["monsters"])
    if "step" in params:
        params["step_text"] = translate(
            f"mk.battle.action.{'forward' if params['step'] == 1 else 'back'}", lang
        )
    if "side" in params:
        params["side"] = translate(f"mk.battle.side.{params['side']}", lang)
    if "area" in params and type(action).__name__ == "PlaceTarget":
        params["area"] = translate(f"mk.battle.area.a{params['area']}", lang)
    if "status" in params:
        params["status"] = translate(f"mk.battle.status.{params['status']}", lang)
    if isinstance(params.get("item"), str):
        from .items import load_items

        known = load_items().get(params["item"])
        params["item"] = known.label(lang) if known else params["item"]
    if isinstance(params.get("stat"), str):
        params["stat"] = translate(f"mk.word.{params['stat']}", lang)
    extra = ""
    if params.get("hope"):
        extra += translate("mk.battle.action.hope", lang, hope=params["hope"])
    if params.get("hold_back"):
        extra += translate("mk.battle.action.hold_back", lang)
    if params.get("improvised"):
        extra += translate("mk.battle.action.improvised", lang)
    if params.get("resist"):
        extra += translate("mk.battle.action.resist", lang)
    params["extra"] = extra
    if "weapon" in params and "actor" in params and isinstance(params["weapon"], int):
        attacker = battle.get(action.actor)  # type: ignore[attr-defined]
        if 0 <= params["weapon"] < len(attacker.weapons):
            params["weapon"] = attacker.weapons[params["weapon"]].label(lang)
        if not params.get("target"):
            params["target"] = "?"
    if name == "Swap":
        return _describe_swap(action, battle, params, lang)
    snake = "".join("_" + ch.lower() if ch.isupper() else ch for ch in name).lstrip("_")
    return settle(translate(f"mk.battle.action.{snake}", lang, **params), lang)


def family_label(action: Any, battle: Any, lang: str) -> str:
    """The heading of a folded family of actions (an exchange, cooperation or search)."""
    from .view import label

    name = type(action).__name__
    actor = label(battle, action.actor, lang, "gm")
    if name == "Swap":
        return settle(translate("mk.battle.cli.family.swap", lang, actor=actor, other=label(battle, action.other, lang, "gm")), lang)
    if name == "Cooperate":
        return settle(translate("mk.battle.cli.family.cooperate", lang, actor=actor, target=label(battle, action.target, lang, "gm")), lang)
    return settle(translate("mk.battle.cli.family.search", lang, actor=actor), lang)


def variant_label(action: Any, battle: Any, lang: str) -> str:
    """One option of a folded family, in a word or two."""
    name = type(action).__name__
    if name == "Swap":
        if action.give >= 0:
            item = battle.get(action.actor).weapons[action.give].label(lang)
            return translate("mk.battle.action.swap_give", lang, item=item)
        item = battle.get(action.other).weapons[action.take].label(lang)
        return translate("mk.battle.action.swap_take", lang, item=item)
    if name == "Cooperate":
        return translate(f"mk.battle.purpose.{action.action or 'hit'}", lang)
    return translate(f"mk.word.{action.stat}", lang)


def _describe_choice(action: Any, battle: Any, lang: str) -> str:
    """An answer to a choice, in words: the option, the item, the skill or the PC it names."""
    from .view import label

    ch = battle.pending.choice
    option = action.option
    if ch.kind in ("minion_help", "cat_set_hp"):
        return translate(f"mk.battle.choice.option.{option}", lang, value=ch.detail[0] if ch.detail else "")
    if ch.kind == "break_item":
        return str(battle.get(battle.pending.actor).weapons[int(option)].label(lang))
    if ch.kind in ("cft_minions", "representative"):
        return label(battle, option, lang, "gm")
    if ch.kind == "sixes":
        return sixes_option(ch.detail, int(option), lang)
    if ch.kind == "hope_source":
        return translate("mk.battle.choice.option.hope_split", lang, voice=option, drive=ch.detail[0] - int(option))
    if ch.kind == "check_hope":
        return translate("mk.battle.choice.option.hope_n" if option != "0" else "mk.battle.choice.option.no_hope",
                         lang, count=option)
    if ch.kind in ("voice_consent", "resist_sleep"):
        return translate(f"mk.battle.choice.option.{option}", lang)
    if ch.kind == "extra_move":
        key = "stay" if option == "stay" else "area"
        return translate(f"mk.battle.choice.option.{key}", lang, area=option)
    if ch.kind in ("interrupt", "interrupt_self", "own_check"):
        from .view import data_label

        if option == "pass":
            return translate("mk.battle.choice.option.pass", lang)
        return data_label(battle, battle.pending.actor, option, lang)
    return str(option)


def sixes_option(detail: tuple[int, ...], converted: int, lang: str, into: str = "drive") -> str:
    """One reading offered by the ``sixes`` prompt (R-MK-14/15), from the choice's detail (modifier,
    difficulty or −1 when hidden, drive that still fits, curse, the dice): the dice used, the
    achievement, the result and the drive gained (``into="voice"``: a national check's, R-MK-18).

    >>> sixes_option((3, 9, 4, 0, 6, 4), 0, "en"), sixes_option((3, 9, 4, 0, 6, 4), 1, "en")
    ('use 6+4 → 13: success', '1×6 into drive, use 4 → 7: failure, +1 drive')
    >>> sixes_option((3, -1, 4, 0, 6, 4), 1, "ko")
    '6 1개를 기력으로, 4 사용 → 7: 성패 미상, 기력 +1'
    """
    from ..check.rolls import evaluate

    modifier, difficulty, room, curse = detail[:4]
    o = evaluate(detail[4:], modifier, None if difficulty < 0 else difficulty, converted, curse=bool(curse))
    if o.success is None:
        result = translate("mk.battle.sixes.unknown", lang)
    else:
        result = translate(f"mk.battle.word.{'success' if o.success else 'failure'}", lang)
    if o.critical or o.fumble:
        result += translate(f"mk.battle.word.{'critical' if o.critical else 'fumble'}", lang)
    kept = "+".join(map(str, reversed(o.kept)))  # high die first, as a player reads a pair
    use = translate(f"mk.battle.sixes.{'use' if kept else 'use_none'}", lang, kept=kept, achievement=o.achievement)
    gain = min(o.drive, room)
    word = translate(f"mk.word.{into}", lang)
    return translate(
        "mk.battle.sixes.option",
        lang,
        turn=translate("mk.battle.sixes.turn", lang, count=converted, into=word) if converted else "",
        use=use,
        result=result,
        drive=translate("mk.battle.sixes.drive", lang, gain=gain, into=word) if gain else "",
    )


def _describe_swap(action: Any, battle: Any, params: dict[str, Any], lang: str) -> str:
    """Name the items that change hands, so two exchanges never read the same."""
    actor, other = battle.get(action.actor), battle.get(action.other)

    def names(who: Any, slots: tuple[int, ...]) -> str:
        return ", ".join(who.weapons[i].label(lang) for i in slots if 0 <= i < len(who.weapons))

    give = names(actor, ((action.give,) if action.give >= 0 else ()) + tuple(action.gives))
    take = names(other, ((action.take,) if action.take >= 0 else ()) + tuple(action.takes))
    parts = []
    if give:
        parts.append(translate("mk.battle.action.swap_give", lang, item=give))
    if take:
        parts.append(translate("mk.battle.action.swap_take", lang, item=take))
    params["items"] = "; ".join(parts)
    return settle(translate("mk.battle.action.swap_items", lang, **params), lang)


def show_field(battle: Any, lang: str, role: str = "gm") -> str:
    """The six areas with everyone in them: HP, ready/acted, condition, statuses.

    ``role="player"`` shows what players may see: a hidden monster (R-MK-23) by its appearance,
    without HP or statuses.
    """
    from .view import label

    phase = translate(f"mk.battle.phase.{battle.phase}", lang)
    active = translate(f"mk.battle.side.{battle.active or 'none'}", lang)
    lines = [translate("mk.battle.cli.field", lang, round=battle.round, phase=phase, active=active)]
    for area in range(6):
        pieces = []
        for n, c in enumerate(battle.combatants, 1):
            if c.area != area:
                continue
            name = label(battle, c.id, lang, role)
            name = name if name.startswith(f"#{n} ") else f"#{n} {name}"  # twins are numbered already
            if c.hidden and role != "gm":
                pieces.append(name + translate("mk.battle.cli.flag.hidden", lang))
                continue
            flags = []
            if c.condition != "ok":
                flags.append(translate(f"mk.battle.cli.flag.{c.condition}", lang))
            elif battle.phase not in ("setup", "over"):
                flags.append(translate(f"mk.battle.cli.flag.{'acted' if c.acted else 'ready'}", lang))
            flags.extend(translate(f"mk.battle.status.{s}", lang) for s in sorted(c.statuses))
            text = translate("mk.battle.cli.piece", lang, name=name, hp=hp_text(c.hp, lang), max_hp=c.max_hp, flags="")
            if flags:
                text += " [" + ", ".join(flags) + "]"
            if c.hidden:
                text += translate("mk.battle.cli.flag.hidden", lang)
            pieces.append(text)
        area_name = translate(f"mk.battle.area.a{area}", lang)
        empty = translate("mk.battle.cli.empty", lang)
        lines.append(f"  {area}. {area_name}: " + (" · ".join(pieces) or empty))
    if battle.voice or battle.disasters:
        lines.append(translate("mk.battle.cli.voice", lang, voice=battle.voice, disasters=battle.disasters))
    if battle.pending is not None:
        lines.append(pending_text(battle, lang))
    return "\n".join(lines)


def hp_text(hp: int, lang: str) -> str:
    """HP as shown: below 0 it says how far below, which the fatal-wound table reads (R-MK-31).

    >>> hp_text(5, "en"), hp_text(-3, "en")
    ('5', '-3 (3 below 0)')
    """
    return str(hp) if hp >= 0 else translate("mk.battle.cli.hp_below", lang, hp=hp, below=-hp)


def pending_text(battle: Any, lang: str) -> str:
    """What the battle waits for, with a choice's question in full."""
    from .view import label

    p = battle.pending
    if p.choice is None:
        kind = translate(f"mk.battle.cli.pending.{p.kind}", lang)
        return translate("mk.battle.cli.waiting", lang, kind=kind)
    ch = p.choice
    actor = translate(f"mk.battle.side.{p.actor}", lang) if p.actor in ("court", "monsters") else label(battle, p.actor, lang, "gm")
    key = ch.kind
    params: dict[str, Any] = {"actor": actor}
    if ch.kind == "minion_help":
        achievement, difficulty, minions = ch.detail
        params.update(achievement=achievement, difficulty=difficulty, minions=minions)
        if difficulty < 0:
            key = "minion_help_secret"
    elif ch.kind == "sixes":
        modifier, difficulty, room = ch.detail[:3]
        hidden = translate("mk.battle.sixes.hidden", lang)
        params.update(dice=",".join(map(str, ch.detail[4:])), modifier=f"{modifier:+d}", room=room,
                      difficulty=hidden if difficulty < 0 else difficulty)  # fmt: skip
    elif ch.kind == "hope_source":
        params.update(count=ch.detail[0], drive=ch.detail[1], voice=ch.detail[2])
    elif ch.kind == "check_hope":
        from .resolve import HAPPENING

        purpose = translate(f"mk.battle.purpose.{HAPPENING[ch.detail[0]]}", lang)
        params.update(purpose=purpose, difficulty=ch.detail[1], drive=ch.detail[2], voice=ch.detail[3])
    elif ch.kind == "voice_consent":
        spender = ch.action.get("actor") or ch.action.get("representative") or (ch.prior.actor if ch.prior else "")
        params.update(value=ch.detail[0], spender=label(battle, spender, lang, "gm") if spender else actor)
    elif ch.kind == "own_check":
        from .view import data_label

        params.update(data=data_label(battle, p.actor, ch.options[0], lang), value=ch.detail[0])
    elif ch.kind == "extra_move":
        params.update(target=label(battle, str(ch.action.get("target", "")), lang, "gm"), value=ch.detail[0])
    elif ch.kind in ("interrupt", "interrupt_self"):
        from .view import data_label

        params.update(data=data_label(battle, p.actor, ch.options[0], lang),
                      attacker=label(battle, ch.action.get("actor", ""), lang, "player"),
                      target=label(battle, ch.action.get("target", ""), lang, "gm"))  # fmt: skip
    elif ch.detail:
        params["value"] = ch.detail[0]
    return settle(translate(f"mk.battle.choice.ask.{key}", lang, **params), lang)


def show_menu(battle: Any, legal: list[Action], lang: str) -> list[str]:
    """The legal actions grouped by character, then kind, each under its stable key (see :mod:`.menu`)."""
    from ..sheets.display import display_width
    from .menu import entries
    from .view import label

    lines: list[str] = []
    nums = {c.id: n for n, c in enumerate(battle.combatants, 1)}
    for owner, kinds in entries(battle, legal):
        if owner:
            c = battle.get(owner)
            where = translate(f"mk.battle.area.a{c.area}", lang)
            head = translate("mk.battle.cli.group", lang, n=nums[owner], name=label(battle, owner, lang, "gm"),
                             area=where, hp=hp_text(c.hp, lang), max_hp=c.max_hp)  # fmt: skip
        else:
            head = translate("mk.battle.cli.group_general", lang)
        lines.append(head)
        for kind, items in kinds:
            title = translate(f"mk.battle.cli.kind.{kind}", lang)
            pad = " " * max(0, 7 - display_width(title))
            for n, e in enumerate(items):
                head = title + pad if n == 0 else " " * 7
                family = type(e.action).__name__ in ("Swap", "Cooperate", "SearchSpot")
                what = family_label(e.action, battle, lang) if family else describe(e.action, battle, lang)
                text = f"    {head} {e.key + ('…' if family else ''):<7} {what}"
                if e.most_hope:
                    text += translate("mk.battle.cli.hope_range", lang, most=e.most_hope)
                if family:
                    options = e.variants
                    if not any(v is e.action for _, v in options):
                        options = (("", e.action), *options)
                    text += ": " + " · ".join(
                        f"{e.key + suffix} {variant_label(v, battle, lang)}" for suffix, v in options
                    )
                for suffix, _variant in () if family else e.variants:
                    word = "hold_back" if suffix.endswith("-") else "improvised"
                    text += translate(f"mk.battle.cli.variant.{word}", lang, key=e.key + suffix)
                lines.append(text)
    return lines
