"""The registry of game systems.

Entries are plain data, so listing systems imports nothing; a system's command module is imported the
first time one of its commands is parsed.

>>> find("미궁킹덤").id
'MeikyuKingdom'
>>> [s.id for s in all_systems()]
['DiceBot', 'ShinGamebook', 'MeikyuKingdom', 'MeikyuKingdomBasic', 'Liberator']
"""

from __future__ import annotations

import importlib
import unicodedata
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from meikyu.errors import UnknownSystem

if TYPE_CHECKING:
    from meikyu.dice.node import SystemCommands


@dataclass(frozen=True)
class SystemInfo:
    """What the registry knows of a game system without importing it."""

    id: str
    """BCDice-style identifier (also the bcdice-api ``id``)."""
    name: str
    """Display name as BCDice shows it (Japanese)."""
    names: tuple[tuple[str, str], ...]
    """Localized names: ``(("ko", …), ("ja", …), ("en", …))``."""
    sort_key: str
    aliases: tuple[str, ...]
    default_lang: str
    commands_module: str
    """Module with a ``COMMANDS`` object (a :class:`meikyu.dice.command.SystemCommands`)."""

    def localized_name(self, lang: str) -> str:
        return dict(self.names).get(lang, self.name)

    def commands(self) -> SystemCommands:
        """The system's command set (imports its module on first use)."""
        return _commands(self.commands_module)


@cache
def _commands(module: str) -> SystemCommands:
    commands: SystemCommands = importlib.import_module(module).COMMANDS
    return commands


_SYSTEMS: tuple[SystemInfo, ...] = (
    SystemInfo(
        id="DiceBot",
        name="DiceBot",
        names=(("ko", "다이스봇"), ("ja", "ダイスボット"), ("en", "DiceBot")),
        sort_key="*たいすほつと",  # BCDice lists the plain roller first
        aliases=("dicebot", "dice", "ダイスボット", "다이스봇"),
        default_lang="ja",
        commands_module="meikyu.dice.command",
    ),
    SystemInfo(
        id="MeikyuKingdom",
        name="迷宮キングダム",
        names=(("ko", "미궁킹덤"), ("ja", "迷宮キングダム"), ("en", "Meikyuu Kingdom")),
        sort_key="めいきゆうきんくたむ",
        aliases=("mk", "meikyu", "meikyukingdom", "미궁킹덤", "迷宮キングダム", "迷宮kingdom"),
        default_lang="ko",
        commands_module="meikyu.systems.meikyu_kingdom.commands",
    ),
    SystemInfo(
        id="MeikyuKingdomBasic",
        name="迷宮キングダム 基本ルールブック",
        names=(("ko", "미궁킹덤 기본 룰북"), ("ja", "迷宮キングダム 基本ルールブック"), ("en", "Meikyuu Kingdom Basic Rulebook")),
        sort_key="めいきゆうきんくたむきほんるうるふつく",
        aliases=("mkb", "meikyukingdombasic", "迷宮キングダム基本ルールブック", "미궁킹덤기본룰북"),
        default_lang="ko",
        commands_module="meikyu.systems.meikyu_kingdom_basic.commands",
    ),
    SystemInfo(
        id="Liberator",
        name="リーベラトール",
        names=(("ko", "리베라토르"), ("ja", "リーベラトール"), ("en", "Liberator")),
        sort_key="りいへらとおる",
        aliases=("lb", "liberator", "リーベラトール", "리베라토르"),
        default_lang="ja",
        commands_module="meikyu.systems.liberator.commands",
    ),
    SystemInfo(
        id="ShinGamebook",
        name="幻想迷宮書店ゲームブック",
        names=(("ko", "신 게임북"), ("ja", "シンのゲームブック"), ("en", "Shin gamebook")),
        sort_key="けんそうめいきゆうしよてんけえむふつく",
        aliases=("gb", "gamebook", "shin", "ゲームブック", "게임북"),
        default_lang="ja",
        commands_module="meikyu.systems.gamebook.commands",
    ),
)


def _key(name: str) -> str:
    return unicodedata.normalize("NFKC", name).strip().casefold().replace(" ", "").replace("_", "")


@cache
def _index() -> dict[str, SystemInfo]:
    index: dict[str, SystemInfo] = {}
    for info in _SYSTEMS:
        for name in (info.id, info.name, *info.aliases, *(n for _, n in info.names)):
            index[_key(name)] = info
        index[info.id] = info  # the exact id, found without normalizing
    return index


def find(name: str) -> SystemInfo:
    """Look a system up by id, alias or any localized name (case- and width-insensitive)."""
    index = _index()
    info = index.get(name) or index.get(_key(name))
    if info is None:
        raise UnknownSystem("error.system.unknown", name=name, known=", ".join(s.id for s in _SYSTEMS))
    return info


def all_systems() -> tuple[SystemInfo, ...]:
    """Every registered system, sorted by ``sort_key`` (as bcdice-api lists them)."""
    return tuple(sorted(_SYSTEMS, key=lambda s: s.sort_key))
