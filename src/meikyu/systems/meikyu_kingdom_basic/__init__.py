"""Meikyuu Kingdom Basic Rulebook (迷宮キングダム 基本ルールブック): BCDice's MeikyuKingdomBasic dice face.

The check command and the tables as BCDice's Basic prints them; the rules engine behind a check is
Meikyuu Kingdom's (the seeds' edition). See :mod:`.commands` and :mod:`.tables`.
"""

from meikyu.i18n import register_catalog

register_catalog("mkb.", "meikyu.systems.meikyu_kingdom_basic.i18n")
