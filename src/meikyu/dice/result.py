"""The structured result of a dice command.

A :class:`RollResult` is an immutable record of everything that happened: every die drawn (with its
sides, in draw order), which dice counted, the total and the judgement flags. It keeps a reference to
the parsed command, which knows how to render the result as BCDice text or as native text in
Korean, Japanese or English.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, NamedTuple, Protocol

from meikyu.errors import InputError
from meikyu.i18n import translate
from meikyu.lang import resolve_lang


class Command(Protocol):
    """What a result needs of the command that made it (a :class:`meikyu.dice.node.Node`): its text and its renderers."""

    @property
    def source(self) -> str: ...

    def render_bcdice(self, result: RollResult, /) -> str: ...

    def render_text(self, result: RollResult, lang: str, /) -> str: ...


class RollResult(NamedTuple):
    """What one command produced. Build it with the command nodes, not by hand."""

    node: Command
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
    default_lang: str = "ja"
    """The system's language when ``lang`` is None and ``$MEIKYU_LANG`` unset (its command set's ``default_lang``)."""

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
        chosen = lang or self.lang
        return chosen if chosen is not None and len(chosen) == 2 else resolve_lang(chosen, self.default_lang)

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
                text = translate("roll.secret", chosen) + " " + text
            return text
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


@dataclass(frozen=True)
class Odds:
    """Exact chances of one command."""

    command: str
    success: Fraction
    critical: Fraction
    fumble: Fraction
    expected_drive: Fraction

    @property
    def failure(self) -> Fraction:
        return 1 - self.success

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"ok": True, "command": self.command}
        for name in ("success", "critical", "fumble"):
            value: Fraction = getattr(self, name)
            out[name] = f"{value.numerator}/{value.denominator}"
            out[f"{name}_pct"] = round(float(value) * 100, 4)
        drive = self.expected_drive
        out["expected_drive"] = f"{drive.numerator}/{drive.denominator}"  # a mean, not a probability
        out["expected_drive_value"] = round(float(drive), 4)
        return out

    def render_text(self, lang: str) -> str:
        def pct(value: Fraction) -> str:
            return f"{percent(value)} ({value.numerator}/{value.denominator})"

        return translate(
            "odds.text",
            lang,
            command=self.command,
            success=pct(self.success),
            critical=pct(self.critical),
            fumble=pct(self.fumble),
            drive=f"{float(self.expected_drive):.3f}",
        )


def percent(value: Fraction, places: int = 2) -> str:
    """A probability as a percentage that never rounds a possible outcome to 0% or a doubtful one to 100%.

    >>> percent(Fraction(1, 3)), percent(Fraction(1, 10**6)), percent(1 - Fraction(1, 10**6)), percent(Fraction(0))
    ('33.33%', '<0.01%', '>99.99%', '0.00%')
    """
    step = Fraction(1, 10 ** (places + 2))
    if 0 < value < step / 2:
        return f"<{float(step) * 100:.{places}f}%"
    if 1 - step / 2 < value < 1:
        return f">{float(1 - step) * 100:.{places}f}%"
    return f"{float(value) * 100:.{places}f}%"
