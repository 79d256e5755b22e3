"""The battle menu a GM reads in the terminal: actions grouped by character, then by kind, each under
a stable key built from what it is — never a list position that changes after every action.

Pieces are numbered by their place on the battlefield record (``#1`` …), which never changes in a
battle (reinforcements are added at the end). A key is the actor's number, a letter for the kind of
action and the numbers it names: ``2f`` piece 2 moves forward, ``2a5`` piece 2 attacks piece 5 with its
first item (``2a5b`` with its second, ``-`` holding back, ``!`` swung as a plain melee item), ``1h2a``
piece 1 helps piece 2's hit, ``3p`` piece 3 passes. Prompts (breakthrough, hope for damage, a choice)
are few and short-lived: their options are ``1`` … ``n``, or ``y``/``n``.

>>> from .bestiary import load_encounter
>>> from .rules import legal_actions, step
>>> from .actions import Begin
>>> from meikyu.dice import ScriptedDice
>>> b, _ = step(load_encounter("sample"), Begin(), ScriptedDice([]))
>>> keys = menu_keys(b, legal_actions(b))
>>> [k for k in keys if k.endswith("t")][:2]
['3t', '4t']
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from meikyu.engine import Action

from .actions import (
    Attack,
    Begin,
    Breakthrough,
    Carry,
    Choose,
    Cooperate,
    Decline,
    Disarm,
    EndTreasure,
    Escape,
    ExtraMove,
    Hide,
    Move,
    OtherSupport,
    Pass,
    Place,
    PlaceTarget,
    Reputation,
    RollTreasure,
    SearchSpot,
    SpendHope,
    StrategyCheck,
    Surrender,
    Swap,
    UseData,
    UseItem,
    UseMonsterSkill,
)
from .model import Battle

COOP_CODES = {"strategy": "t", "hit": "a", "search": "s", "escape": "e", "reputation": "r", "disarm": "d"}
KINDS = ("prompt", "setup", "check", "move", "attack", "support", "special", "other")
"""Display order of the kinds within one character's group."""


def numbers(battle: Battle) -> dict[str, int]:
    """Each piece's number on the field record (1-based), stable for the battle."""
    return {c.id: n for n, c in enumerate(battle.combatants, 1)}


def _slot(n: int) -> str:
    return "" if n == 0 else chr(ord("a") + n)


def action_key(battle: Battle, action: Action, nums: dict[str, int] | None = None) -> str:
    """The stable key of ``action`` (hope left out: it is typed as ``+N``)."""
    nums = nums if nums is not None else numbers(battle)
    p = battle.pending
    if isinstance(action, Choose):
        assert p is not None and p.choice is not None
        if p.choice.options in (("help", "decline"), ("set", "damage"), ("agree", "refuse")):
            return "y" if action.option == p.choice.options[0] else "n"
        return str(p.choice.options.index(action.option) + 1)
    if isinstance(action, Breakthrough):
        return f"{nums[action.payer]}k"
    if isinstance(action, Decline):
        return "n"
    if isinstance(action, SpendHope):
        return f"h{action.count}"
    if isinstance(action, PlaceTarget):
        return f"@{action.area}"
    if isinstance(action, Begin):
        return "go"
    if isinstance(action, Place):
        return f"{nums[action.monster]}@{action.area}"
    if isinstance(action, Hide):
        return f"{nums[action.monster]}v"
    if isinstance(action, Surrender):
        return f"z{action.side[0]}"
    if isinstance(action, RollTreasure):
        return "$" + ".".join(str(nums[m]) for m in action.monsters)
    if isinstance(action, EndTreasure):
        return "$x"
    if isinstance(action, StrategyCheck):
        return f"{nums[action.representative]}t"
    actor = getattr(action, "actor", "")
    me = str(nums[actor]) if actor else ""
    if isinstance(action, Move):
        return me + ("f" if action.step == 1 else "b")
    if isinstance(action, ExtraMove):
        return me + ("xf" if action.step == 1 else "xb")
    if isinstance(action, Attack):
        target = str(nums[action.target]) if action.target else "?"
        return (
            f"{me}a{target}{_slot(action.weapon)}"
            + ("!" if action.improvised else "")
            + ("-" if action.hold_back else "")
        )
    if isinstance(action, Carry):
        return f"{me}c{nums[action.target]}" + ("f" if action.step == 1 else "b")
    if isinstance(action, Swap):
        if action.give >= 0:
            return f"{me}w{nums[action.other]}g{action.give + 1}"
        return f"{me}w{nums[action.other]}k{action.take + 1}"
    if isinstance(action, SearchSpot):
        return me + ("s" if action.stat == "search" else "sw")
    if isinstance(action, Disarm):
        return f"{me}d{[t.id for t in battle.traps].index(action.trap) + 1}"
    if isinstance(action, Cooperate):
        return f"{me}h{nums[action.target]}{COOP_CODES.get(action.action, action.action)}"
    if isinstance(action, Reputation):
        return f"{me}r{nums[action.target]}"
    if isinstance(action, UseMonsterSkill):
        index = next((n for n, d in enumerate(battle.get(action.actor).data, 1) if d.source == action.skill), 0)
        return f"{me}m{index}"
    if isinstance(action, UseData):
        index = next((n for n, u in enumerate(battle.get(action.actor).uses, 1) if u.source == action.data), 0)
        return f"{me}k{index}{nums[action.target or action.actor]}"
    if isinstance(action, UseItem):
        return f"{me}u{nums[action.target or action.actor]}{_slot(action.slot) or 'a'}"
    if isinstance(action, OtherSupport):
        return me + "o"
    if isinstance(action, Escape):
        return me + "e"
    if isinstance(action, Pass):
        return me + "p"
    return type(action).__name__.lower()


def kind_of(action: Action) -> str:
    if isinstance(action, (Choose, Breakthrough, Decline, SpendHope, PlaceTarget)):
        return "prompt"
    if isinstance(action, StrategyCheck):
        return "check"
    if isinstance(action, (Place, Hide)):
        return "setup"
    if isinstance(action, Move):
        return "move"
    if isinstance(action, Attack):
        return "attack"
    if isinstance(action, (ExtraMove, Escape, UseMonsterSkill)):
        return "special"
    if isinstance(action, (Carry, Swap, SearchSpot, Disarm, Cooperate, Reputation, UseItem, OtherSupport, UseData)):
        return "support"
    return "other"


def owner_of(action: Action) -> str:
    """Whose group the action goes in: the character it is for, or "" for the battle as a whole."""
    for name in ("actor", "representative", "monster", "payer"):
        value = getattr(action, name, "")
        if value:
            return str(value)
    return ""


@dataclass(frozen=True)
class Entry:
    """One menu line: its key, the action (with no hope), the most hope it may take, and variants."""

    key: str
    action: Action
    most_hope: int = 0
    variants: tuple[tuple[str, Action], ...] = ()
    """(suffix, action) folded into this line: a held-back or improvised attack (``-``, ``!``); for an
    exchange, cooperation or search the line is only a heading and every option is a variant."""


def fold_base(action: Action, key: str) -> str:
    """The line a variant is folded into: held back / improvised attacks into the plain attack, every
    exchange with one ally into one line, every cooperation on one ally, both search stats.

    >>> fold_base(Swap("a", "b", give=0), "1w2g1"), fold_base(Cooperate("a", "b", "hit"), "1h2a")
    ('1w2', '1h2')
    >>> fold_base(Attack("a", "b", hold_back=True), "1a5-"), fold_base(SearchSpot("a", "wit"), "1sw")
    ('1a5', '1s')
    """
    if isinstance(action, Attack):
        return key.rstrip("-!")
    if isinstance(action, Swap):
        return key[: max(key.rfind("g"), key.rfind("k"))]
    if isinstance(action, Cooperate):
        return key[:-1]
    if isinstance(action, SearchSpot):
        return key.removesuffix("w")
    return key


def menu_keys(battle: Battle, legal: list[Action]) -> dict[str, Action]:
    """Every legal action (hope 0) by its key."""
    nums = numbers(battle)
    out: dict[str, Action] = {}
    for action in legal:
        if getattr(action, "hope", 0):
            continue
        out.setdefault(action_key(battle, action, nums), action)
    return out


def entries(battle: Battle, legal: list[Action]) -> list[tuple[str, list[tuple[str, list[Entry]]]]]:
    """The menu: [(owner id or "", [(kind, [Entry…])…])…], owners in field order, kinds in KINDS order."""
    nums = numbers(battle)
    present = set(legal)
    bases: dict[str, Entry] = {}
    order: list[str] = []
    for action in legal:
        if getattr(action, "hope", 0):
            continue
        key = action_key(battle, action, nums)
        most = 0
        if hasattr(action, "hope"):
            while replace(action, hope=most + 1) in present:  # type: ignore[type-var]
                most += 1
        base = fold_base(action, key)
        if base != key and base in bases:
            old = bases[base]
            bases[base] = replace(old, variants=(*old.variants, (key[len(base) :], action)))
            continue
        if base != key:  # the first of a folded family: it heads the line under the family's key
            bases[base] = Entry(base, action, most, ((key[len(base) :], action),))
            order.append(base)
        elif key not in bases:
            bases[key] = Entry(key, action, most)
            order.append(key)
    groups: dict[str, dict[str, list[Entry]]] = {}
    for key in order:
        e = bases[key]
        groups.setdefault(owner_of(e.action), {}).setdefault(kind_of(e.action), []).append(e)
    owners = sorted(groups, key=lambda o: nums.get(o, 0))
    return [(o, [(k, groups[o][k]) for k in KINDS if k in groups[o]]) for o in owners]


def parse_choice(text: str, battle: Battle, legal: list[Action]) -> Action | None:
    """``"2a5"``, ``"2a5-+2"`` (held back, 2 hope) … to the legal action, or None.

    >>> from .bestiary import load_encounter
    >>> from .rules import legal_actions, step
    >>> from .actions import Begin
    >>> from meikyu.dice import ScriptedDice
    >>> b, _ = step(load_encounter("sample"), Begin(), ScriptedDice([]))
    >>> parse_choice("3t+1", b, legal_actions(b)), parse_choice("3t+99", b, legal_actions(b))
    (StrategyCheck(representative='mio', hope=1), None)
    """
    body, _, extra = text.replace(" ", "").partition("+")
    keys = menu_keys(battle, legal)
    action = keys.get(body) or keys.get(body.lower())
    if action is None:
        return None
    if not extra:
        return action
    if not extra.isdigit() or not hasattr(action, "hope"):
        return None
    hoped = replace(action, hope=int(extra))  # type: ignore[type-var]
    return hoped if hoped in set(legal) else None


__all__ = ["Entry", "action_key", "entries", "menu_keys", "parse_choice", "kind_of", "owner_of"]
