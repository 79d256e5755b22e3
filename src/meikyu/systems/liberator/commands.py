"""Liberator's dice commands for the roller and the HTTP API.

A Liberator turn rolls 2D6 and splits the dice between power and special effect; the table machine
(:mod:`~meikyu.systems.liberator.rules`) does that. At the dice prompt the system offers the plain
dice language (``2D6``, ``D66``, ``choice[…]``) with BCDice-style text, dice in the order rolled.

>>> import meikyu
>>> meikyu.roll("2D6", system="Liberator", dice=[5, 2]).render("bcdice")
'(2D6) ＞ 7[5,2] ＞ 7'
"""

from __future__ import annotations

from meikyu.dice.node import SystemCommands


class LiberatorCommands(SystemCommands):
    system_id = "Liberator"
    sorted_dice = False  # the two dice are read separately (power / effect): keep their order
    d66_sorted = False
    help_key = "lb.help.dice"


COMMANDS = LiberatorCommands()
