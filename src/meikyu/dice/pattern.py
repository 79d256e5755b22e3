"""The ``command_pattern`` a bot uses to decide which chat lines to send (bcdice-api's ``/v2/game_system/{id}``).

Bots compile the pattern in their own language (JavaScript, Ruby, Python, Java, Go's RE2) with the
case-insensitive flag and send a chat line only when ``search`` finds it, so the pattern must

* match every command the system accepts at the start of a line, followed by anything (a comment,
  other text), including what people type on Japanese and Korean keyboards (``２ＭＫ＋３＞＝９``: the
  roller NFKC-normalizes, a regex cannot, so full-width forms are spelled out), the secret prefix
  ``S``, repeats (``x3 2D6``), ``choice`` and ``D66``; a pattern narrower than the roller silently
  ignores players;
* be a *prefix* pattern, as BCDice's own is (``^S?(…)``), and never broader than BCDice's on ASCII
  chat: a line BCDice's pattern lets through may be talk (``3D printer``), and the server answers it
  as BCDice would;
* be portable: no ``\\d``/``\\w`` (ASCII-only in Ruby and JavaScript, Unicode in Python), no
  look-arounds or backreferences (RE2), no named groups or inline flags; only classes, ``(?:…)``,
  ``*``/``+``/``?`` and ``^``.

Each system lists its command *heads* (:meth:`meikyu.dice.node.SystemCommands.pattern_heads`): the
plain language's (:data:`COMMON`) plus whatever the system adds; :func:`build` wraps them with
spaces, the secret prefix and repeats.

>>> import re
>>> from meikyu.systems import find
>>> mk = re.compile(find("MeikyuKingdom").commands().command_pattern, re.IGNORECASE)
>>> [bool(mk.search(line)) for line in ("２ＭＫ＋３＞＝９", "x3 2mk", "KDT 王国", "4B6>=4", "hello", "ok 2 more")]
[True, True, True, True, False, False]
"""

from __future__ import annotations

DIGIT = "[0-9０-９]"
SPACE = "[ \\t\\n\\r\\f\\v\u3000]"
NOT_SPACE = "[^ \\t\\n\\r\\f\\v\u3000]"
_SYMBOLS = {"+": "+＋", "-": "\\-－", "*": "*＊", "/": "/／", "(": "(（", ")": ")）", "<": "<＜",
            ">": ">＞", "=": "=＝", "!": "!！", "?": "?？", "[": "\\[［", "]": "\\]］"}


def letters(word: str) -> str:
    """A word in ASCII or full-width letters, in either case (so the flag is not even needed).

    >>> letters("Mk")
    '[MmＭｍ][KkＫｋ]'
    """
    out = []
    for ch in word:
        if not ch.isalpha():  # a digit inside a table code (T1T)
            out.append(f"[{ch}{chr(ord(ch) + 0xFEE0)}]")
            continue
        up, low = ch.upper(), ch.lower()
        out.append(f"[{up}{low}{chr(ord(up) + 0xFEE0)}{chr(ord(low) + 0xFEE0)}]")
    return "".join(out)


def any_letter(chars: str) -> str:
    """One character class holding each of ``chars`` in ASCII and full width, both cases."""
    body = "".join(f"{c.upper()}{c.lower()}{chr(ord(c.upper()) + 0xFEE0)}{chr(ord(c.lower()) + 0xFEE0)}" for c in chars)
    return f"[{body}]"


def symbols(chars: str) -> str:
    """A character class of ASCII symbols and their full-width forms."""
    return "[" + "".join(_SYMBOLS[c] for c in chars) + "]"


def numeric(family_letters: str) -> str:
    """A command word that starts with a number (maybe after signs or a bracket) and holds one of the
    letters of its family further on: ``2D6``, ``(2+3)D6``, ``4B6``, ``2R6[5]``, ``4U6``, ``20TY6``, ``3MK``."""
    return f"{symbols('+-(')}*{DIGIT}{NOT_SPACE}*{any_letter(family_letters)}"


SUMS = f"{numeric('DBRUT')}|{symbols('+-(')}*{letters('D')}[0-9０-９(（]"
"""Sums, barabara, reroll, upper and tally dice, and ``D6``/``D66``/``D(…)``."""
CALC = f"{letters('C')}{symbols('+-(')}*{DIGIT}"
"""``C(10*3)``, ``c1+2``."""
CHOICE = f"{letters('choice')}{DIGIT}*(?:{symbols('[(')}|{SPACE})"
"""``choice[a,b]``, ``choice(a,b)``, ``choice a b``, ``choice2[…]``."""
REPEAT = f"(?:{letters('repeat')}|{letters('rep')}|{letters('x')}){DIGIT}+{SPACE}+{NOT_SPACE}"
"""``x3 CMD`` / ``rep3 CMD`` / ``repeat3 CMD``: a repeat count, spaces, then anything — BCDice answers every
such line (a message when what follows is not a command), so the bot must send it."""
VERSION = letters("BCDiceVersion")
"""BCDice's version command."""
COMMON = (SUMS, CALC, CHOICE, REPEAT, VERSION)
"""The heads of the plain dice language (BCDice's common commands)."""


def build(heads: list[str]) -> str:
    """The whole pattern: spaces (the roller trims them), an optional secret ``S``, one command."""
    inner = "|".join(heads)
    return f"^{SPACE}*(?:{letters('S')}{SPACE}*)?(?:{inner})"


def words_head(words: tuple[str, ...]) -> str:
    """Command words (table codes) at the start of the line; anything may follow (``NAME3``, ``KDT 王国``)."""
    return "|".join(letters(w) for w in sorted(words, key=len, reverse=True))
