"""How BCDice's MeikyuKingdomBasic reads a command word, in its order (facts of BCDice 3.16.1).

BCDice tries, for a command its pattern lets through: the tables it holds by exact name; then its own
list of words, each read as a prefix (``NMARX`` rolls NMAR, ``EXIT+2`` the expedition table with +2,
``NNAME2`` two new names); then Meikyuu Kingdom's reading, which Basic inherits (``KDTX`` rolls the
older kingdom-disaster table, ``NAME3`` three names from Basic's exotic list). A few prefix readings
make BCDice raise (``ABUSX``: bcdice-api answers 500); meikyu refuses them plainly.

>>> read("KDT"), read("NMARX"), read("EXIT+2"), read("NNAME2"), read("DFT")
(Reading(kind='table', code='KDT', arg=0), Reading(kind='table', code='NMAR', arg=0), Reading(kind='table', code='EXIT', arg=2), Reading(kind='gen', code='NNAME', arg=2), Reading(kind='gen', code='DFT', arg=0))
>>> read("KDTX"), read("WORD1X"), read("ABUSX"), read("LRT")
(Reading(kind='mk', code='KDTX', arg=0), Reading(kind='table', code='WORD1', arg=0), Reading(kind='raises', code='ABUS', arg=0), None)
"""

from __future__ import annotations

import re
from typing import NamedTuple

from meikyu.systems.meikyu_kingdom_basic.tables import shapes


class Reading(NamedTuple):
    """What a command word is: a ``table`` (code, modifier), a ``gen`` (composite, count), Meikyuu Kingdom's
    reading (``mk``), or a prefix on which BCDice raises (``raises``)."""

    kind: str
    code: str
    arg: int


PREFIXES = (
    "IG", "TT", "NT", "RMS", "CFT", "FWT", "CAT", "KDT", "KCT", "TBT", "CBT", "SBT", "VBT", "FBT", "EBT", "WBT",
    "LBT", "THT", "CHT", "SHT", "VHT", "BDT", "TBO", "CBO", "SBO", "VBO", "ET", "FET", "HET", "SDT", "IEQ", "FRT",
    "T1T", "T2T", "T3T", "T4T", "T5T", "MPT", "KNT", "WORD", "NAME", "NNAME", "NM", "RT", "CIR", "RUIR", "RWIR",
    "WIT", "LIT", "RIT", "SIT", "NRWT", "NRUT", "ARWT", "ARUT", "KET", "TET", "NST", "RET", "FAT", "HRT", "BLT",
    "BUS", "SHS", "ASS", "SUS", "SCS", "LAS", "NES", "COS", "ENS", "TOS", "ABUS", "ASHS", "AASS", "ASUS", "ASCS",
    "ALAS", "ANES", "ACOS", "AENS", "ATOS", "SE", "ARN", "WEN", "NEN", "CEN", "SEN", "OEN", "DFT", "PNT", "MLT",
    "FDBT", "GIFT", "NWST", "EKCT", "KDHT", "KDTT", "CHVT", "RITT", "LIMT", "UNCT", "POET", "KSET", "DODT", "INT1",
    "INT2", "GUCT", "DEMT", "WLDT", "INHT", "NIGT", "RACT", "RNCT", "HBLT", "POWT", "NSET", "ECBT", "CUAT", "CUMT",
    "CUNT", "WEAT", "PAET", "MEDT", "REAT", "HIST", "PRET", "LAPT", "ORIT", "ATRT", "FAMT", "FCNT", "ASNT", "TRMT",
    "BEHT", "DEST", "NAMT", "TTLT", "CMNT", "FPNT", "CSRT", "KSGT", "DRET", "DSET", "DNNT", "DNAT", "HRET", "HSET",
    "HNNT", "HNAT", "MRET", "MSET", "MNNT", "MNAT", "EXIT", "TRET", "TSET", "TNNT", "TNAT", "CABT", "AJTA", "AJTB",
    "FOBT", "KAET", "KART", "TEET", "TERT", "HKRT", "EQDT", "GART", "FUET", "RBLT", "TKET", "GPHT", "TKNT1", "TKNT2",
    "TKNT3", "GES", "ORT",
)
"""The command words BCDice registers for MeikyuKingdomBasic (besides ``nMK`` and ``nR6``), in its order."""
_PREFIX = re.compile("^(?:" + "|".join(PREFIXES) + ")")

# Basic's own words, each a prefix, in BCDice's order: (pattern, kind, code). A kind of "raises" is a
# prefix BCDice reads with a method it does not have (its answer is an error, bcdice-api's a 500).
_OWN: tuple[tuple[re.Pattern[str], str, str], ...] = tuple((re.compile(p), k, c) for p, k, c in (
    (r"^DFT(\d*)$", "gen", "DFT"),
    *((f"^{c}", "raises", c) for c in ("NRWT", "NRUT", "ARWT", "ARUT", "CIR", "RWIR", "RUIR")),
    *((f"^{c}", "table", c) for c in ("NMAR", "NMFO", "NMDN", "NMPL", "NMMA", "NMGO")),
    (r"^NNAME(\d*)", "gen", "NNAME"),
    (r"^RMS", "raises", "RMS"),
    (r"^KNT(\d+)", "table", "KNT"),
    *((f"^{c}", "table", c) for c in ("KET", "TET", "NST", "RET", "FAT", "HRT", "BLT")),
    *((f"^{c}", "raises", c) for c in ("ABUS", "ASHS", "AASS", "ASUS", "ASCS", "ALAS", "ANES", "ACOS", "AENS",
                                       "ATOS")),
    (r"^GUCT", "table", "GUCT"),
    (r"^DEMT(\d+)", "gen", "DEMT"),
    (r"^RNCT(\d*)", "gen", "RNCT"),
    (r"^CUMT", "gen", "CUMT"),
    (r"^CMNT", "gen", "CMNT"),
    *((f"^{c}", "table", c) for c in ("DEST", "TRMT", "BEHT", "NAMT", "TTLT")),
    (r"^EXIT([-+]?\d*)", "table", "EXIT"),
))
_COUNTED = {"NNAME", "RNCT"}
"""Counted words whose count may be left out (one); BCDice's ``DEMT`` needs its digits."""


def _number(text: str, default: int) -> int:
    if text in ("", "+", "-"):
        return default
    return int(text)


def read(body: str) -> Reading | None:
    """BCDice's Basic reading of ``body`` (upper case, no comment), or None where its pattern stops it."""
    if body in shapes():
        return Reading("table", body, 0)
    if not _PREFIX.match(body):
        return None
    for pattern, kind, code in _OWN:
        m = pattern.match(body)
        if m is None:
            continue
        arg = m.group(1) if m.groups() else ""
        if code == "KNT":
            n = int(arg)
            if 1 <= n <= 3:
                return Reading("table", f"KNT{n}", 0)
            break  # BCDice has three kingdom-name tables; any other count falls through to Meikyuu Kingdom's
        if code == "EXIT":
            return Reading("table", "EXIT", _number(arg, 0))
        return Reading(kind, code, _number(arg, 1 if code in _COUNTED else 0))
    return _inherited(body)


def _inherited(body: str) -> Reading:
    """Meikyuu Kingdom's reading, where Basic's lists replace its exotic names and its words."""
    from meikyu.systems.meikyu_kingdom.commands import bcdice_table

    code = bcdice_table(body) or ""
    if code == "NAMEEX" or re.fullmatch(r"WORD[1-4]", code):
        return Reading("table", code, 0)
    m = re.fullmatch(r"NAME(\d+)", code)
    if m is not None or code == "NAME":
        return Reading("gen", "NAME", int(m.group(1)) if m else 1)
    return Reading("mk", body, 0)
