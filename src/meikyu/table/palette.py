"""A seat's chat palette: ready dice lines made from its character, with ``{variables}`` read from the live
state when a line is sent (a stat or HP the rules changed changes the roll).

Meikyuu Kingdom: a check per stat with 0 to 3 hope dice (``2MK+{才覚}>=9`` … ``5MK+{才覚}>=9``), a hit and a
damage line per weapon, and the tables — the lines :func:`meikyu.systems.meikyu_kingdom.ccfolia.palette` writes
into the ccfolia export. The gamebook: a 2D6 check and its stats; Liberator: a 2D6 line per card in the seat's
hand (read when the palette is asked for, so it follows the hand; the rules play the cards from the menu). A variable is any label the seat's character has, in ko, ja
or en (``{才覚}``, ``{재치}``, ``{wit}``, ``{HP}``); an unknown one stays as written, so the dice grammar says
what is wrong.

>>> resolve("2MK+{wit}>=9 {mood}", {"wit": 3})
'2MK+3>=9 {mood}'
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from meikyu.i18n import LANGS, lookup, translate

STATS = ("wit", "charm", "search", "valor")
MAX_LINES = 100
MAX_LINE = 200
_VARIABLE = re.compile(r"\{([^{}]{1,40})\}")


def resolve(text: str, values: Mapping[str, int]) -> str:
    """``text`` with each ``{label}`` known in ``values`` (case-insensitive) replaced by its value."""
    folded = {str(k).casefold(): v for k, v in values.items()}

    def one(found: re.Match[str]) -> str:
        value = folded.get(found.group(1).strip().casefold())
        return found.group(0) if value is None else str(value)

    return _VARIABLE.sub(one, text)


def character(kind: Any, state: Any, seat: str) -> Any:
    """The character a seat plays (None for the GM, a spectator, or a kind without one)."""
    if kind.system == "MeikyuKingdom" and seat.startswith("pc:"):
        cid = seat[3:]
        if kind.kind == "battle":
            pool = state.combatants
        elif kind.kind == "session":
            pool = state.session.court
        else:
            pool = state.court
        return next((c for c in pool if c.id == cid), None)
    if kind.system == "Liberator" and seat.startswith("player:"):
        return next((p.character for p in state.table.players if f"player:{p.id}" == seat), None)
    if kind.system == "ShinGamebook" and seat in ("reader", "gm"):
        return state.play.sheet
    return None


def values(kind: Any, state: Any, seat: str) -> dict[str, int]:
    """The seat's variables by every label they go by (ko, ja, en and the field name)."""
    char = character(kind, state, seat)
    if char is None:
        return {}
    out: dict[str, int] = {}

    def put(field: str, value: Any, *keys: str) -> None:
        if isinstance(value, int) and not isinstance(value, bool):
            out[field] = value
            for key in keys:
                for lang in LANGS:
                    out[translate(key, lang)] = value

    if kind.system == "MeikyuKingdom":
        for stat in STATS:
            put(stat, getattr(char, stat, None), f"mk.word.{stat}")
        put("hp", getattr(char, "hp", None))
        put("max_hp", getattr(char, "max_hp", None))
        for field in ("drive", "minions", "evasion", "level"):
            put(field, getattr(char, field, None), f"mk.ccfolia.{field}")
    else:  # the gamebook's sheet, a Liberator character: their whole-number fields by name (and the
        # gamebook's stats by their words in each language, as its palette writes them)
        for field in getattr(char, "__dataclass_fields__", {}):
            words = (f"gb.stat.{field}",) if kind.system == "ShinGamebook" and lookup(f"gb.stat.{field}", "en") else ()
            put(field, getattr(char, field, None), *words)
    return out


def default_lines(kind: Any, state: Any, seat: str, lang: str) -> list[str]:
    """The palette made from the seat's character (see the module docstring)."""
    char = character(kind, state, seat)
    if kind.system == "MeikyuKingdom":
        if char is None:  # the GM, a spectator: the tables and a plain roll
            from meikyu.systems.meikyu_kingdom.ccfolia import TABLES

            return ["2D6", *(f"{t} {translate(f'mk.ccfolia.table.{t}', lang)}" for t in TABLES)]
        return _mk_lines(char, lang)
    if kind.system == "ShinGamebook" and char is not None:
        return ["2D6", "1D6", *(f"2D6+{{{translate(f'gb.stat.{stat}', lang)}}}" for stat in ("attack", "defense"))]
    if kind.system == "Liberator" and char is not None:
        return [*_card_lines(state, char, lang), "2D6", "1D6"]
    return ["2D6", "1D6", "D66"]


def _card_lines(state: Any, char: Any, lang: str) -> list[str]:
    """A Liberator seat's hand as roll lines: 2D6 and the card (its attribute and recovery target), as a table
    that plays the cards by hand would roll them; the same cards are played by the rules from the menu."""
    from meikyu.systems.liberator.names import localize
    from meikyu.table.liberator import card_set

    cards = card_set(state)
    out = []
    for ident in char.hand:
        card = cards.actions.get(ident)
        if card is not None:
            out.append("2D6 " + translate("table.palette.card", lang, name=localize(card.name, lang),
                                          attribute=card.attribute, recovery=card.recovery))
    return out


def _mk_lines(char: Any, lang: str) -> list[str]:
    from meikyu.systems.meikyu_kingdom.ccfolia import TABLES, palette
    from meikyu.systems.meikyu_kingdom.sheets.character import Character

    if isinstance(char, Character):
        base = palette(char, lang)
    else:  # a battle's combatant: the same lines from its weapons
        base = [translate("mk.ccfolia.check", lang, stat=translate(f"mk.word.{s}", lang)) for s in STATS]
        valor = translate("mk.word.valor", lang)
        for weapon in getattr(char, "weapons", ()):
            name = weapon.label(lang)
            base.append(translate("mk.ccfolia.hit", lang, stat=valor, item=name))
            base.append(translate("mk.ccfolia.damage", lang, power=weapon.power, item=name))
        base += [f"{t} {translate(f'mk.ccfolia.table.{t}', lang)}" for t in TABLES]
    checks, rest = base[:len(STATS)], base[len(STATS):]
    lines = []
    for line in checks:
        lines.append(line)
        for hope in (1, 2, 3):
            lines.append(line.replace("2MK", f"{2 + hope}MK", 1) + " " + translate("table.palette.hope", lang,
                                                                                    n=hope))
    return lines + rest


def clean_lines(lines: Any) -> list[str]:
    """An edited palette as kept: at most :data:`MAX_LINES` lines of at most :data:`MAX_LINE` characters."""
    from meikyu.table.talk import TalkError

    if (not isinstance(lines, list) or len(lines) > MAX_LINES
            or not all(isinstance(x, str) and len(x) <= MAX_LINE for x in lines)):
        raise TalkError("table.palette.error.lines", most=MAX_LINES, length=MAX_LINE)
    return [x.strip() for x in lines if x.strip()]
