"""``BCDiceVersion``: the version of BCDice this language follows (BCDice's common command of that name).

Every system accepts it, as BCDice does; the answer names the BCDice release whose behaviour meikyu
reproduces (bcdice-api's ``/v2/version`` reports the same number).

>>> from meikyu.dice.node import GENERIC
>>> from meikyu.dice.source import ScriptedDice
>>> node = parse_version("bcdiceversion")
>>> node.render_bcdice(node.evaluate(ScriptedDice([]), GENERIC, "en"))
'BCDice 3.16.1'
>>> parse_version("BCDiceVersion2") is None
True
"""

from __future__ import annotations

from meikyu.dice.node import Node, SystemCommands
from meikyu.dice.result import RollResult
from meikyu.dice.source import Dice

BCDICE_VERSION = "3.16.1"
"""The BCDice release whose commands and texts meikyu reproduces."""


class VersionNode(Node):
    __slots__ = ()

    def __init__(self) -> None:
        self.source = "BCDiceVersion"

    def evaluate(self, dice: Dice, system: SystemCommands, lang: str | None) -> RollResult:
        return RollResult(self, system.system_id, lang, (), default_lang=system.default_lang)

    def render_bcdice(self, result: RollResult) -> str:
        return f"BCDice {BCDICE_VERSION}"

    def render_text(self, result: RollResult, lang: str) -> str:
        from meikyu.i18n import translate
        from meikyu.version import __version__

        return str(translate("dice.version", lang, bcdice=BCDICE_VERSION, meikyu=__version__))


def parse_version(word: str) -> VersionNode | None:
    """The node for ``BCDiceVersion`` (any case, the whole word), else None."""
    return VersionNode() if word.upper() == "BCDICEVERSION" else None
