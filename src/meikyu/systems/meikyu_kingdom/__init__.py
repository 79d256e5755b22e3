"""Meikyuu Kingdom (미궁킹덤 / 迷宮キングダム): checks, kingdom, characters, battle and tables."""

from meikyu.i18n import register_catalog

register_catalog("mk.", "meikyu.systems.meikyu_kingdom.i18n")
