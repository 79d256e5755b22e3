"""The Shin gamebook's dice commands for the roller and the HTTP API.

The book itself is played by the reader (:mod:`~meikyu.systems.gamebook.reader`); at the dice prompt
the system offers the plain dice language. A fight's attack is ``2D6+戦力値>=防御値``:

>>> import meikyu
>>> meikyu.roll("2D6+5>=9", system="ShinGamebook", dice=[1, 3]).render("bcdice")
'(2D6+5>=9) ＞ 4[1,3]+5 ＞ 9 ＞ 成功'
"""

from __future__ import annotations

from meikyu.dice.node import SystemCommands


class GamebookCommands(SystemCommands):
    system_id = "ShinGamebook"
    sorted_dice = False
    d66_sorted = False
    help_key = "gb.help.dice"


COMMANDS = GamebookCommands()
