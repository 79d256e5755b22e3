"""Dice: sources of values, the command language, and exact odds."""

from meikyu.dice.source import Dice, RandomDice, RecordingDice, Roll, ScriptedDice, parse_dice_list

__all__ = ["Dice", "RandomDice", "RecordingDice", "Roll", "ScriptedDice", "parse_dice_list"]
