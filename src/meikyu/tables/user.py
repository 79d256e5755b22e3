"""BCDice's "original table" text (bcdice-api's ``/v2/original_table``): reading and writing it."""

from __future__ import annotations

import re

from meikyu.tables.loading import Where, describe_type
from meikyu.tables.model import (
    LANGS,
    MAX_USER_BYTES,
    MAX_USER_LINES,
    Localized,
    Table,
    TableEntry,
    parse_dice_kind,
)

# --------------------------------------------------------------------------------------------------
# BCDice "original table" text


_ROW = re.compile(r"([0-9]+):(.*)", re.DOTALL)


def parse_user_table(text: str, source: str = "original_table") -> Table:
    """Read BCDice's original-table text: a title line, a dice line, then ``value:text`` lines.

    The dice line may be ``nDm`` (``1D6``, ``2D6``, ``1D3``, ``3D6`` …) or ``D66`` (first die is the
    tens, 36 rows), ``D66N`` (same), ``D66A``/``D66S`` (lower die first, 21 rows) or ``D66D``
    (higher die first, 21 rows). Every possible value needs exactly one line; blank lines are
    skipped and ``\\n`` in a text becomes a line break. At most :data:`MAX_USER_LINES` lines and
    :data:`MAX_USER_BYTES` bytes. Anything else is a :class:`~meikyu.errors.DataError`.

    >>> t = parse_user_table("Coin\\n1D2\\n1:heads\\n2:tails")
    >>> t.name["ja"], [e.text["en"] for e in t.entries]
    ('Coin', ['heads', 'tails'])
    >>> from meikyu.errors import DataError
    >>> try:
    ...     parse_user_table("Coin\\n1D2\\n1:heads\\n1:tails")
    ... except DataError as err:
    ...     print(err.message("en"))
    original_table line 4: roll 1 appears twice (first on line 3).
    """
    where = Where(source)
    if not isinstance(text, str):
        raise where.error("bad_type", "*", "table", describe_type(text), expected="a string")
    if len(text) > MAX_USER_BYTES or len(text.encode("utf-8", "surrogatepass")) > MAX_USER_BYTES:
        raise where.error("too_large", "*", "-", f"{len(text.encode('utf-8', 'surrogatepass'))} bytes",
                          limit=f"{MAX_USER_BYTES} bytes")
    numbered = [(n, line.rstrip()) for n, line in enumerate(text.splitlines(), start=1)]
    if len(numbered) > MAX_USER_LINES:
        raise where.error("too_large", "*", "-", f"{len(numbered)} lines", limit=f"{MAX_USER_LINES} lines")
    lines = [(n, line) for n, line in numbered if line.strip()]
    if not lines:
        raise where.error("user_empty", "*", "-")
    title = lines[0][1].strip()
    if len(lines) < 2:
        raise where.error("user_no_dice", "*", "dice")
    dice_line, dice_text = lines[1][0], lines[1][1].strip().upper()
    try:
        # In original tables a bare D66 reads the first die as the tens (BCDice: no sort).
        kind = parse_dice_kind("D66N" if dice_text == "D66" else dice_text)
    except ValueError:
        raise where.error("user_bad_dice", str(dice_line), "dice", dice_text[:40]) from None
    valid = kind.values()
    valid_set = set(valid)
    seen: dict[int, int] = {}
    entries: list[TableEntry] = []
    for n, line in lines[2:]:
        m = _ROW.fullmatch(line.strip())
        if m is None:
            raise where.error("user_bad_line", str(n), "-", line.strip()[:40])
        digits = m.group(1)
        value = int(digits) if len(digits) <= 9 else -1
        if value not in valid_set:
            raise where.error("user_range", str(n), digits[:12], digits[:12], dice=kind.name,
                              values=_describe_values(valid))
        if value in seen:
            raise where.error("user_duplicate", str(n), str(value), value, value=value, other=seen[value])
        seen[value] = n
        body = m.group(2).replace("\\n", "\n").strip()
        texts = Localized({lang: body for lang in LANGS})
        entries.append(TableEntry(value, value, texts, ()))
    missing = [v for v in valid if v not in seen]
    if missing:
        shown = ", ".join(str(v) for v in missing[:12]) + (" …" if len(missing) > 12 else "")
        raise where.error("gap", "*", "entries", shown, dice=kind.name)
    entries.sort(key=lambda e: e.low)
    name = Localized({lang: title for lang in LANGS})
    return Table("user", kind.name, name, tuple(entries), source=source)


def _describe_values(values: tuple[int, ...]) -> str:
    if len(values) > 1 and values[-1] - values[0] + 1 == len(values):
        return f"{values[0]}–{values[-1]}"
    return ", ".join(str(v) for v in values)


def format_user_table(table: Table, lang: str = "ja") -> str:
    """Write ``table`` as original-table text (the inverse of :func:`parse_user_table`).

    Ranged entries are written out one line per value; line breaks become ``\\n``.

    >>> print(format_user_table(parse_user_table("Coin\\n1D2\\n1:heads\\n2:tails")))
    Coin
    1D2
    1:heads
    2:tails
    """
    dice = "D66S" if table.dice == "D66" else table.dice
    lines = [table.name.pick(lang), dice]
    valid = set(table.kind.values())
    for entry in table.entries:
        body = entry.text.pick(lang).replace("\r\n", "\\n").replace("\n", "\\n")
        lines.extend(f"{value}:{body}" for value in range(entry.low, entry.high + 1) if value in valid)
    return "\n".join(lines)
