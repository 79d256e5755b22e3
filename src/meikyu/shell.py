"""The interactive dice shell: type commands as you would in a chat.

Lines are dice commands (``3MK+2>=9``, ``2D6+1>=8``, ``KDT``) or shell words: ``odds CMD``,
``help``, ``system ID``, ``lang ko|ja|en``, ``format text|bcdice``, ``quit``. Errors are shown in the
chosen language and the shell goes on.

>>> import io
>>> out = io.StringIO()
>>> shell = DiceShell(lang="en", stdin=io.StringIO("2D6+1>=8\\nodds 2MK>=7\\nbogus\\n"), stdout=out, seed=3)
>>> shell.run()
0
>>> lines = out.getvalue().splitlines()
>>> lines[1].startswith("2D6+1>=8 → ")
True
>>> lines[2].startswith("2MK>=7: success 58.33%")
True
>>> lines[3].startswith("error: unknown command: bogus")
True
>>> out = io.StringIO()
>>> DiceShell(lang="en", stdin=io.StringIO("2d6 >= 8\\n"), stdout=out, seed=1).run()
0
>>> out.getvalue().splitlines()[2]
'note: text after a space is a comment. Did you mean 2d6>=8?'

"""

from __future__ import annotations

import contextlib
import sys
from typing import TextIO

from meikyu.dice.source import RandomDice
from meikyu.errors import MeikyuError
from meikyu.i18n import LANGS, translate
from meikyu.lang import resolve_lang

_CONTINUES = set("+-*/<>=")


class DiceShell:
    """A read-eval-print loop over :func:`meikyu.roll`."""

    def __init__(
        self,
        system: str = "MeikyuKingdom",
        lang: str | None = None,
        stdin: TextIO | None = None,
        stdout: TextIO | None = None,
        seed: int | None = None,
    ) -> None:
        from meikyu.systems import find

        self.system = find(system)
        self.lang = resolve_lang(lang, self.system.default_lang)
        self.stdin = stdin or sys.stdin
        self.stdout = stdout or sys.stdout
        self.format = "text"
        self.dice = RandomDice(seed)
        self.interactive = stdin is None and sys.stdin.isatty()

    def say(self, text: str) -> None:
        print(text, file=self.stdout, flush=True)

    def run(self) -> int:
        self.say(translate("shell.welcome", self.lang, system=self.system.localized_name(self.lang)))
        if self.interactive:
            with contextlib.suppress(ImportError):
                import readline  # noqa: F401  (line editing and history when available)
        while True:
            try:
                line = input("> ") if self.interactive else self.stdin.readline()
            except (EOFError, KeyboardInterrupt):
                self.say("")
                return 0
            if not self.interactive and line == "":
                return 0
            if not self.handle(line.strip()):
                return 0

    def handle(self, line: str) -> bool:
        """Run one line; False when the user asked to leave."""
        if not line:
            return True
        word, _, rest = line.partition(" ")
        word = word.lower()
        try:
            if word in ("quit", "exit", "q"):
                return False
            if word in ("help", "?"):
                self.say(translate("shell.help", self.lang))
                self.say(self.system.commands().help(self.lang))
            elif word == "odds" and rest:
                import meikyu

                self.say(meikyu.odds(rest, system=self.system.id).render_text(self.lang))
            elif word == "system" and rest:
                from meikyu.systems import find

                self.system = find(rest)
                self.say(translate("shell.system", self.lang, system=self.system.localized_name(self.lang)))
            elif word == "lang" and rest.strip().lower() in LANGS:
                self.lang = rest.strip().lower()
                self.say(translate("shell.lang", self.lang))
            elif word == "format" and rest.strip() in ("text", "bcdice"):
                self.format = rest.strip()
                self.say(translate("shell.format", self.lang, format=self.format))
            else:
                import meikyu

                result = meikyu.roll(line, system=self.system.id, dice=self.dice, lang=self.lang)
                self.say(result.render(self.format))
                comment = line.split(None, 1)[1] if " " in line.strip() else ""
                if comment[:1] in _CONTINUES and not line.lower().startswith(("x", "rep", "choice")):
                    # "2d6 >= 8": the space made the rest a comment, which is rarely what was meant
                    self.say(translate("shell.space_hint", self.lang, joined=line.replace(" ", "")))
        except MeikyuError as exc:
            self.say(translate("cli.error", self.lang, message=exc.message(self.lang)))
        return True
