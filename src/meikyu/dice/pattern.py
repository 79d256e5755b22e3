"""The ``command_pattern`` a bot uses to decide which chat lines to send (bcdice-api's ``/v2/game_system/{id}``).

Bots compile the pattern in their own language (JavaScript, Ruby, Python, Java) with the
case-insensitive flag and send a chat line only when it matches, so the pattern must

* match every command the system accepts, including what people type on Japanese and Korean
  keyboards (``２ＭＫ＋３＞＝９``: the roller NFKC-normalizes, a regex cannot, so full-width forms are
  spelled out), the secret prefix ``S``, repeats (``x3 2D6``), ``choice[…]`` and ``D66``;
* match no ordinary chat line: each command head must be followed by what can follow it in a real
  command (``1D100で`` or ``2mkay`` are talk, ``x2 damage`` is not a repeat);
* be portable: no ``\\d``/``\\w`` (ASCII-only in Ruby and JavaScript, Unicode in Python), no named
  groups or inline flags; only classes, ``(?:…)``, lookahead and ``$``.

Each system lists its command *heads* (:meth:`meikyu.dice.command.SystemCommands.pattern_heads`): the
plain language's sums and ``choice``, plus whatever the system adds; :func:`build` wraps them with spaces,
the secret prefix and repeats.

>>> import re
>>> from meikyu.systems import find
>>> mk = re.compile(find("MeikyuKingdom").commands().command_pattern, re.IGNORECASE)
>>> [bool(mk.search(line)) for line in ("２ＭＫ＋３＞＝９", "x3 2mk", "KDT", "2mkay", "x2 damage", "1D100で")]
[True, True, True, False, False, False]
"""

from __future__ import annotations

DIGIT = "[0-9０-９]"
SPACE = "[ \\t\\n\\r\\f\\v\u3000]"
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


def symbols(chars: str) -> str:
    """A character class of ASCII symbols and their full-width forms."""
    return "[" + "".join(_SYMBOLS[c] for c in chars) + "]"


END = f"(?:{SPACE}|$)"
"""A command word ends at a space or at the end of the line (the rest is a comment)."""

# After the first dice term of a sum (2D6…): arithmetic, a comparison, or the end of the word.
_SUM_NEXT = f"(?={symbols('+-*/()<>=')}|{symbols('!')}{symbols('=')}|{END})"
SUM = f"(?:{DIGIT}|{symbols('+-*/()')})*{letters('D')}{DIGIT}+{_SUM_NEXT}"
"""Arithmetic with dice: ``2D6+1>=8``, ``(2D6)*2``, ``D66``, ``1D100<=50``."""
CHOICE = (f"{letters('choice')}(?:{symbols('[')}[\\s\\S]*{symbols(']')}|{symbols('(')}[\\s\\S]*{symbols(')')})"
          f"{SPACE}*$|{letters('choice')}{SPACE}+[^ \\t\\n\\r\\f\\v\u3000]")
"""``choice[a,b]``, ``choice(a,b)`` (nothing after the bracket) or ``choice a b``."""


def repeat(inner: str) -> str:
    """``x3 CMD`` / ``rep3 CMD`` / ``repeat3 CMD`` where CMD is itself a command (no secret, no nesting)."""
    return f"(?:{letters('repeat')}|{letters('rep')}|{letters('x')}){DIGIT}+{SPACE}+(?:{inner})"


def build(heads: list[str]) -> str:
    """The whole pattern: spaces (the roller trims them), an optional secret ``S``, one command (maybe repeated)."""
    inner = "|".join(heads)
    return f"^{SPACE}*(?:{letters('S')}{SPACE}*)?(?:{inner}|{repeat(inner)})"


def words_head(words: tuple[str, ...]) -> str:
    """Whole command words (table codes) that end at a space or the end of the line."""
    alternatives = "|".join(letters(w) for w in sorted(words, key=len, reverse=True))
    return f"(?:{alternatives}){END}"
