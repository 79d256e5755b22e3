"""The structured result of a dice command.

A :class:`RollResult` is an immutable record of everything that happened: every die drawn (with its
sides, in draw order), which dice counted, the total and the judgement flags. It keeps a reference to
the parsed command, which knows how to render the result as BCDice text or as native text in
Korean, Japanese or English.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from meikyu.dice.node import Node


class RollResult(NamedTuple):
    """What one command produced. Build it with the command nodes, not by hand."""

    node: Node
    system: str
    lang: str | None
    """Language of ``.text``; None means the system's default (or ``$MEIKYU_LANG``) at render time."""
    rands: tuple[tuple[int, int], ...]
    """Every die drawn: ``(sides, value)`` in draw order."""
    total: int | None = None
    kept: tuple[int, ...] = ()
    """The dice that counted (for a Meikyuu Kingdom check: the two used)."""
    success: bool = False
    failure: bool = False
    critical: bool = False
    fumble: bool = False
    secret: bool = False
    drive: int = 0
    """Drive gained (Meikyuu Kingdom): converted 6s plus 2 for a critical."""
    achievement: int | None = None
    """Meikyuu Kingdom checks: dice used + modifier, 0 on a fumble (R-MK-11)."""
    detail: Any = None
    """Node-specific extras (per-term dice, the table entry, the chosen item, …)."""
    parts: tuple[RollResult, ...] = ()
    """The individual results of a repeated command."""

    def __repr__(self) -> str:
        flags = [name for name in ("success", "failure", "critical", "fumble", "secret") if getattr(self, name)]
        return f"<RollResult {self.command!r} dice={list(self.dice)} total={self.total} {' '.join(flags)}>".replace(" >", ">")

    @property
    def command(self) -> str:
        """The command as understood (normalized, without comment)."""
        return self.node.source

    @property
    def dice(self) -> tuple[int, ...]:
        """Every die value drawn, in draw order."""
        return tuple(value for _, value in self.rands)

    def _lang(self, lang: str | None = None) -> str:
        from meikyu.lang import resolve_lang
        from meikyu.systems import find

        chosen = lang or self.lang
        return chosen if chosen is not None and len(chosen) == 2 else resolve_lang(chosen, find(self.system).default_lang)

    @property
    def text(self) -> str:
        """Native text in the result's language."""
        return self.render("text")

    def render(self, fmt: str = "text", lang: str | None = None) -> str:
        """``"bcdice"``: BCDice's exact text; ``"text"``: native text in ``lang`` (default: the result's)."""
        if fmt == "bcdice":
            return self.node.render_bcdice(self)
        if fmt == "text":
            chosen = self._lang(lang)
            text = self.node.render_text(self, chosen)
            if self.secret:  # BCDice text stays as BCDice prints it; ours says the roll was secret
                from meikyu.i18n import translate

                text = translate("roll.secret", chosen) + " " + text
            return text
        from meikyu.errors import InputError

        raise InputError("error.format", format=fmt, formats="text, bcdice")

    def to_json(self, fmt: str = "text") -> dict[str, Any]:
        """The JSON shape of ``meikyu roll --format json`` (``text`` rendered in ``fmt``)."""
        return {
            "ok": True,
            "command": self.command,
            "text": self.render(fmt),
            "total": self.total,
            "dice": list(self.dice),
            "kept": list(self.kept),
            "success": self.success,
            "failure": self.failure,
            "critical": self.critical,
            "fumble": self.fumble,
            "secret": self.secret,
            "drive": self.drive,
            "achievement": self.achievement,
            "rands": [{"kind": "normal", "sides": s, "value": v} for s, v in self.rands],
        }
