"""The battle's plain data: areas, weapons, combatants, pending decisions and the battle state.

Areas are numbered from the court's side (R-MK-21): 0 court HQ · 1 court rear · 2 court front ·
3 monster front · 4 monster rear · 5 monster HQ. "Forward" is +1 for the court and −1 for the
monster side, so each side sees itself on the left exactly as the rule describes.

Records are frozen dataclasses without slots: :func:`evolve` copies one by its ``__dict__``, which is
several times faster than :func:`dataclasses.replace` and keeps the simulation lean.

>>> c = Combatant(id="m1", name="Slime", side=MONSTERS, area=3, hp=5, max_hp=5)
>>> evolve(c, hp=2).hp, c.hp
(2, 5)
>>> distance(c, evolve(c, area=1)), forward(COURT), own_hq(MONSTERS), enemy_hq(COURT)
(2, 1, 5, 5)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, TypeVar

from .data import DataBonus, DataUse, data_bonuses, data_uses

COURT = "court"
MONSTERS = "monsters"
SIDES = (COURT, MONSTERS)
AREAS = range(6)

OK = "ok"
INCAPACITATED = "incapacitated"
DEAD = "dead"

POISON = "poison"
DISTRACTION = "distraction"
OBESITY = "obesity"
CURSE = "curse"
SLEEP = "sleep"
FOOLISH = "foolishness"
BAD_STATUSES = (POISON, DISTRACTION, OBESITY, CURSE, SLEEP, FOOLISH)
"""R-MK-44, in the order the fatal-wound table's random bad status uses (1D6)."""

INCAPACITATED_EVASION = 7
"""Evasion of an incapacitated (R-MK-31) or sleeping (R-MK-44) character."""

T = TypeVar("T")


def evolve(obj: T, **changes: Any) -> T:
    """A copy of the frozen record ``obj`` with ``changes`` (no validation: callers build valid values)."""
    new = object.__new__(type(obj))
    d = new.__dict__
    d.update(obj.__dict__)
    d.update(changes)
    return new


def other(side: str) -> str:
    return MONSTERS if side == COURT else COURT


def forward(side: str) -> int:
    """The step that moves ``side`` toward the enemy (R-MK-26)."""
    return 1 if side == COURT else -1


def own_hq(side: str) -> int:
    return 0 if side == COURT else 5


def enemy_hq(side: str) -> int:
    return 5 if side == COURT else 0


@dataclass(frozen=True)
class Weapon:
    """An item used to attack (R-MK-29). Any item is a melee weapon of range 0 and power 1."""

    name: str
    power: int = 1
    range: int = 0
    ranged: bool = False
    level: int = 0
    """0 when the item has no level (the critical-hit table's "level +1" then does nothing)."""
    broken: bool = False
    breakable: bool = True
    names: tuple[str, ...] = ()
    """Localized names (ko, ja, en) when known; ``name`` stays the stable id-like name events carry."""
    reduction: int = 0
    """Armor: damage reduction while this item is carried and unbroken (R-MK-30)."""
    light: int = -1
    """A Star Fragment: it lights its carrier's area and the areas within ``light`` steps (R-MK-29);
    −1 for an item that gives no light."""
    heal: int = 0
    """A recovery item: using it restores ``heal``D6 HP and uses it up (R-MK-31)."""

    def label(self, lang: str = "en") -> str:
        """The item's name in ``lang`` (``name`` when no translation is known).

        >>> Weapon("long sword", names=("장검", "長剣", "long sword")).label("ko")
        '장검'
        >>> Weapon("club").label("ja")
        'club'
        """
        if len(self.names) == 3:
            return self.names[LANG_INDEX.get(lang, 2)]
        return self.name


LANG_INDEX = {"ko": 0, "ja": 1, "en": 2}

IMPROVISED = Weapon("improvised", names=("즉석 무기", "即席の武器", "improvised weapon"))
"""Any item swung as a melee weapon: range 0, power 1 (R-MK-29)."""


@dataclass(frozen=True)
class Combatant:
    """One piece on the battlefield, with just what the battle rules read and change."""

    id: str
    name: str
    side: str
    area: int
    hp: int
    max_hp: int
    kind: str = "monster"
    """``"pc"``, ``"npc"`` (same data as a PC) or ``"monster"``."""
    important: bool = False
    """PCs and important NPCs roll the fatal-wound table at HP ≤ 0 (R-MK-31)."""
    species: str = ""
    """Bestiary id for monsters: same-kind treasure summing (R-MK-43), fumble reinforcements."""
    names: tuple[str, ...] = ()
    """Localized names (ko, ja, en) when known."""
    level: int = 1
    wit: int = 0
    charm: int = 0
    search: int = 0
    valor: int = 0
    evasion: int = 7
    weapons: tuple[Weapon, ...] = ()
    armor: int = 0
    """Natural damage reduction (a monster's hide, R-MK-30); armor items add theirs: :attr:`reduction`."""
    minions: int = 0
    drive: int = 0
    capacity: int = 0
    favor: tuple[tuple[str, int], ...] = ()
    enmity: tuple[tuple[str, int], ...] = ()
    skills: tuple[str, ...] = ()
    sealed: tuple[str, ...] = ()
    materials: tuple[str, ...] = ()
    statuses: frozenset[str] = frozenset()
    acted: bool = False
    condition: str = OK
    deadline: str = ""
    """Fatal-wound deadline: ``"combat"``, ``"quarter"`` or ``"quarters:N"`` (dies unless HP ≥ 1 by then)."""
    slept_once: bool = False
    again: bool = False
    """Critical-hit table 3: may act once more after this attack."""
    ghost: bool = False
    ghost_turn: bool = False
    hidden: bool = False
    """Uncertain encounter (R-MK-23): players may not see this monster's data."""
    appearance: str = ""
    """What players are told of a hidden monster."""
    looks: tuple[str, ...] = ()
    """``appearance`` in ko, ja, en when the bestiary gives it (empty when the GM typed their own)."""
    coop: tuple[tuple[str, int, str], ...] = ()
    """Cooperation waiting for this character's next check of the named action: (helper id, bonus,
    action) (R-MK-12). It is used by that check and lapses when the character does anything else
    or the round ends."""
    notes: str = ""
    """GM-only notes."""
    data: tuple[DataBonus, ...] = ()
    """Constant and equipment data that add to this piece's checks by themselves (R-MK-09), in the
    R-MK-09 order."""

    uses: tuple[DataUse, ...] = ()
    """Data this piece chooses to use in battle (R-MK-08), in the R-MK-09 order."""
    used: tuple[tuple[str, int], ...] = ()
    """Data used, by name and the round it was used in: an interrupt is once per cycle (a round) by
    name (R-MK-08)."""

    def data_bonus(self, stat: str, purpose: str, rnd: int = 0) -> int:
        """What this piece's constant and equipment data add to its check of ``stat`` for ``purpose`` in
        round ``rnd`` (a PC's monster skill only in a round it paid for, R-MK-17)."""
        return sum(d.amount for d in self.bonuses(stat, purpose, rnd)) if self.data else 0

    def bonuses(self, stat: str, purpose: str, rnd: int = 0) -> tuple[DataBonus, ...]:
        """This piece's data that add to such a check, in the R-MK-09 order."""
        return tuple(
            d for d in self.data if d.matches(stat, purpose) and (not d.monster or (d.source, rnd) in self.used)
        )

    @property
    def alive(self) -> bool:
        return self.condition == OK

    @property
    def can_act(self) -> bool:
        return self.condition == OK and not self.acted

    @property
    def reduction(self) -> int:
        """Damage reduction: natural (hide) plus every unbroken armor item carried (R-MK-30).

        >>> c = Combatant("a", "A", COURT, 2, 9, 9, armor=1, weapons=(Weapon("mail", reduction=2),))
        >>> c.reduction, evolve(c, weapons=(Weapon("mail", reduction=2, broken=True),)).reduction
        (3, 1)
        """
        total = self.armor
        for wp in self.weapons:
            if wp.reduction and not wp.broken:
                total += wp.reduction
        return total

    @property
    def effective_evasion(self) -> int:
        if self.condition != OK or SLEEP in self.statuses:
            return INCAPACITATED_EVASION
        return self.evasion

    def favor_to(self, other_id: str) -> int:
        for who, value in self.favor:
            if who == other_id:
                return value
        return 0

    def enmity_to(self, other_id: str) -> int:
        for who, value in self.enmity:
            if who == other_id:
                return value
        return 0

    @classmethod
    def from_character(
        cls, character: Any, side: str = COURT, area: int | None = None, *, kind: str | None = None
    ) -> Combatant:
        """A battle piece from a :class:`meikyu.systems.meikyu_kingdom.sheets.character.Character` sheet.

        Every filled item slot becomes an attack option (non-weapons as range-0 power-1 melee items,
        R-MK-29); an armor item keeps its reduction with it, so trading or breaking it changes the
        carrier's reduction (R-MK-30). ``area`` defaults to the side's front line.

        >>> from meikyu.systems.meikyu_kingdom.sheets.character import Character
        >>> sheet = Character.from_data({"id": "sara", "name": "Sara", "wit": 1, "charm": 1,
        ...     "search": 1, "valor": 2, "hp": 8, "max_hp": 9, "capacity": 3, "evasion": 9, "items": [{"name": "spear", "category": "weapon", "attack": "melee", "power": 3},
        ...     {"name": "mail", "category": "armor", "reduction": 1}]})
        >>> c = Combatant.from_character(sheet)
        >>> c.area, c.hp, c.max_hp, c.reduction, [(w.name, w.power) for w in c.weapons]
        (2, 8, 9, 1, [('spear', 3), ('mail', 1)])
        """
        weapons = []
        for item in character.items:
            if item is None:
                continue
            wp = item.as_weapon()
            weapons.append(
                Weapon(
                    name=item.name,
                    power=wp.power,
                    range=wp.range,
                    ranged=wp.attack == "ranged",
                    level=item.level,
                    breakable=item.breakable,
                    reduction=item.reduction if item.category == "armor" else 0,
                    light=item.light,
                    heal=item.heal,
                    names=tuple(item.names.get(lang, item.name) for lang in ("ko", "ja", "en"))
                    if item.names
                    else (),
                )
            )
        return cls(
            id=character.id,
            name=character.name,
            side=side,
            area=(2 if side == COURT else 3) if area is None else area,
            hp=character.hp,
            max_hp=character.max_hp,
            kind=kind or ("pc" if character.pc else "npc"),
            important=True,
            names=tuple(character.names.get(lang, character.name) for lang in ("ko", "ja", "en"))
            if character.names
            else (),
            level=character.level,
            wit=character.wit,
            charm=character.charm,
            search=character.search,
            valor=character.valor,
            evasion=character.evasion,
            weapons=tuple(weapons),
            minions=character.minions,
            drive=character.drive,
            capacity=character.capacity,
            favor=tuple(character.favor.items()),
            enmity=tuple(character.enmity.items()),
            skills=tuple(s.name for s in character.skills),
            statuses=frozenset(character.statuses),
            data=data_bonuses(character),
            uses=data_uses(character),
        )

    def label(self, lang: str = "en") -> str:
        if self.names and len(self.names) == 3:
            return self.names[("ko", "ja", "en").index(lang) if lang in ("ko", "ja", "en") else 2]
        return self.name


def distance(a: Combatant, b: Combatant) -> int:
    return abs(a.area - b.area)


def lit_areas(cs: tuple[Combatant, ...] | list[Combatant], room: tuple[int, ...] = ()) -> frozenset[int]:
    """Areas in light: the room's own, plus around every Star Fragment carried on the field (R-MK-29).

    Light comes from who carries it: a fragment lights its carrier's area and the areas within its
    ``light`` steps, whatever the carrier's condition (the item lies where its carrier is), and moves,
    changes hands or goes out (broken) with it.

    >>> star = Weapon("star fragment", light=1)
    >>> sorted(lit_areas([Combatant("a", "A", COURT, 2, 9, 9, weapons=(star,))]))
    [1, 2, 3]
    >>> sorted(lit_areas([Combatant("a", "A", COURT, 0, 9, 9, weapons=(evolve(star, broken=True),))], (5,)))
    [5]
    """
    out = set(room)
    for c in cs:
        for wp in c.weapons:
            if wp.light >= 0 and not wp.broken:
                out.update(range(max(0, c.area - wp.light), min(5, c.area + wp.light) + 1))
    return frozenset(out)


@dataclass(frozen=True)
class Trap:
    """A combat trap in play (R-MK-21, R-MK-36); ``check`` disarm methods use ``stat`` vs ``difficulty``."""

    id: str
    name: str
    area: int = 5
    on: str = ""
    """Id of the monster the trap is set on, if any."""
    hidden: bool = True
    method: str = "check"
    stat: str = "search"
    difficulty: int = 9
    disarmed: bool = False
    effects: tuple[tuple[str, str], ...] = ()
    """What it does when it springs (:mod:`.traps`): ``(kind, value)`` pairs — ``damage`` / ``hp_loss`` /
    ``minions`` with a formula, ``status`` with a bad status. None: the GM applies the book's text."""
    trigger: str = "enter"
    """When it springs: ``enter`` (a character of ``side`` moves into its area) or ``round_end`` (on
    everyone of ``side`` in its area)."""
    side: str = COURT
    """The side it works against: the court for the traps the GM places, the fumbler's for CFT 10's."""
    names: tuple[str, ...] = ()
    """ko, ja, en names (the project's own traps); else ``name``."""


@dataclass(frozen=True)
class AttackContext:
    """An attack between its hit check and its damage (carried by a pending prompt)."""

    attacker: str
    target: str
    weapon: int
    hold_back: bool = False
    critical: bool = False
    power: int = 0
    """Power after critical-hit effects, before enmity, hope and armor."""
    set_hp: int = 0
    """Critical-hit table 9: the target's HP becomes this instead of taking damage (0 = not used)."""
    zero: bool = False
    """Critical-hit table 12: the target's HP becomes 0."""
    hope_dice: int = 0
    hope_rolls: tuple[int, ...] = ()
    """The dice hope added to the damage (R-MK-16), shown with the damage."""
    cover: str = ""
    """The ally who took the target's place by an interrupt (Shield Wall): the damage is theirs."""


@dataclass(frozen=True)
class Pending:
    """A decision the battle waits for: ``breakthrough``, ``damage_hope``, ``cat_move`` or ``choice``."""

    kind: str
    actor: str
    mover: str = ""
    step: int = 0
    extra: bool = False
    """Breakthrough: True when the blocked move was the extra-move special action."""
    attack: AttackContext | None = None
    choice: Choice | None = None
    """``kind == "choice"``: a player's choice asked in the middle of resolving an action."""


@dataclass(frozen=True)
class Choice:
    """A choice the rules leave to a character, asked part-way through an action (R-MK-14/15 which 6s
    become drive and which dice count, R-MK-19 minion help, which item breaks, the "of choice" entries
    of CAT and CFT).

    The action is not applied yet: the battle keeps the state from before it, with the action, the
    dice it has drawn so far and the answers given so far. Answering replays the action with those
    dice and answers, so the outcome is exactly what resolving it straight through would give, and
    the events already shown (``shown``) are not repeated.
    """

    kind: str
    """``sixes``, ``minion_help``, ``resist_sleep``, ``break_item``, ``cat_set_hp``, ``cat_seal``, ``cft_minions``, ``hope_source``,
    ``check_hope`` or ``voice_consent``."""
    options: tuple[str, ...]
    action: dict[str, Any]
    """The action being resolved (``ACTIONS.dump``)."""
    drawn: tuple[int, ...] = ()
    answers: tuple[str, ...] = ()
    shown: int = 0
    prior: Pending | None = None
    """The decision that was pending when the action began (e.g. hope for damage)."""
    detail: tuple[int, ...] = ()
    """What the prompt shows: minion help (achievement, difficulty or −1 when hidden, minions);
    CAT 9 (the rolled HP); 6s and dice (``sixes``: modifier, difficulty or −1 when hidden, drive that
    still fits, 1 under a curse, then every die rolled)."""
    auto: str = ""
    """The automatic answer, what a policy gives (``sixes``: :func:`~..rolls.readings`' choice); it may
    rest on a hidden difficulty, so players are never shown it."""


@dataclass(frozen=True)
class Loot:
    """A treasure roll's result (R-MK-43)."""

    level: int
    roll: int
    kind: str
    count: int = 0
    item_level: int = 0
    monsters: tuple[str, ...] = ()
    materials: tuple[str, ...] = ()


@dataclass(frozen=True)
class Options:
    """Per-game switches."""

    ghost: bool = False
    """The optional ghost rule (R-MK-35)."""
    escape_blocked: bool = False
    """Something (a trap …) bars the way back: the court's escape fails (R-MK-37)."""
    count_unknown: bool = False
    """The court entered without knowing how many monsters the room holds (ambush cause a, R-MK-22)."""
    lit: tuple[int, ...] = ()
    """Areas the room itself lights (a bright hall); every other light comes from the Star Fragments
    carried on the field (:func:`lit_areas`). Ranged attacks need their target in light (R-MK-29)."""
    break_choice: bool = True
    """Who picks the item that breaks (FWT 8, CFT 9): its owner (default: a choice the rules leave to
    the player, issue 12 §2); ``False`` reads the tables' "a random item" as one die over them."""
    max_rounds: int = 100
    """A safety stop for simulations: the battle is a draw after this many rounds."""
    sixes_prompt: bool = False
    """The roller chooses which 6s become drive (the ``sixes`` prompt, R-MK-14/15). Every new battle
    sets it; the default is off because games created before session 5 lack the field and replay with
    the automatic reading (:func:`~..rolls.best_outcome`) they were played with."""
    sixes_stakes: bool = False
    """The ``sixes`` prompt weighs the achievement only as far as it is at stake (session 6): every
    battle check is success or failure, so only a failure minion help could still turn counts by how
    close it comes (R-MK-19). Every new battle sets it; off, battles saved before weigh every point, as
    they were played (:func:`~..rolls.readings`)."""
    seed_review: bool = False
    """The seed review's fixes (issue 28, session 7): armor reduces every damage — a fall's, poison's,
    obesity's — not only an attack's (R-MK-30/32/33). Every new battle sets it; battles saved before
    lack it and replay as they were played."""
    data_followups: bool = False
    """Session 9's follow-ups of data that acts: support data sending minions home (R-MK-45, through
    :func:`.resolve.send_home`) or costing them is offered, and an item's data goes with the item traded
    (R-MK-36). Every new battle sets it; battles saved before lack it and replay as they were played."""


@dataclass(frozen=True)
class Battle:
    """The whole battle. Plain data; :func:`meikyu.serial.to_data` turns it into JSON."""

    combatants: tuple[Combatant, ...]
    phase: str = "setup"
    """``setup`` → (``ambush``) → ``strategy`` ⇄ ``act`` → (``treasure``) → ``over``."""
    round: int = 0
    first: str = ""
    active: str = ""
    current: str = ""
    """Who has moved and must now take their action (R-MK-25)."""
    moved: bool = False
    pending: Pending | None = None
    voice: int = 0
    """The kingdom's Voice of the People (hope shared by the court, R-MK-13), changed only through
    :func:`meikyu.systems.meikyu_kingdom.check.voice.voice_step` (R-MK-20)."""
    land_makers: int = 0
    """Land makers in this game, for the disaster triggers (R-MK-20); 0 = the court's PCs here."""
    disasters: int = 0
    """Kingdom disaster rolls that fell due during the battle (R-MK-20), for the kingdom to roll."""
    used: tuple[tuple[str, str], ...] = ()
    """(character, interrupt) pairs used this round: each once per cycle (R-MK-08), e.g. breakthrough."""
    traps: tuple[Trap, ...] = ()
    options: Options = field(default_factory=Options)
    uncertain_limit: int = 0
    uncertain_used: int = 0
    deserted: tuple[tuple[str, int], ...] = ()
    """(character, minions) sent home during the battle by a trap's or a skill's effect (R-MK-45): the
    session makes them citizens again and counts them as sent home."""
    strategy_bonus: int = 0
    """Enemy NPCs' cooperation raising the strategy difficulty this round (R-MK-24)."""
    winner: str = ""
    outcome: str = ""
    """``wiped_out``, ``surrender``, ``escape`` or ``draw`` once over."""
    surrendered: str = ""
    escaped: str = ""
    """The side that escaped (R-MK-37): the court goes back one room, a monster is re-placed by the GM."""
    loot: tuple[Loot, ...] = ()
    looted: tuple[str, ...] = ()
    """Defeated monsters whose treasure has been rolled."""
    notes: str = ""
    """GM-only notes: a plain string as the encounter wrote it (shown so in every language), or, when it
    gave them by language, the text to fall back on (English, else Korean, else Japanese)."""
    notes_by_lang: tuple[str, ...] = ()
    """The notes in ko, ja, en (``""`` where the encounter gave none) when it gave a table; empty for a
    plain string and in games saved before the table form. Read them with :func:`.view.gm_notes`."""

    def get(self, cid: str) -> Combatant:
        for c in self.combatants:
            if c.id == cid:
                return c
        from meikyu.errors import RuleError

        raise RuleError("R-MK-21", "mk.battle.error.unknown_combatant", id=cid)

    def side(self, side: str) -> tuple[Combatant, ...]:
        return tuple(c for c in self.combatants if c.side == side)

    def trade_modifier(self, cid: str) -> int:
        """Difficulty change for trade checks with ``cid`` in camp: −2 if its side surrendered and it
        survived (R-MK-42), else 0."""
        c = self.get(cid)
        return -2 if self.surrendered and c.side == self.surrendered and c.condition == OK else 0

    @property
    def makers(self) -> int:
        """Land makers for the disaster triggers: as set, else the court's PCs on the field (R-MK-20)."""
        if self.land_makers:
            return self.land_makers
        return sum(1 for c in self.combatants if c.side == COURT and c.kind == "pc")

    @property
    def hidden_enemy(self) -> bool:
        """True when some monster's data is hidden from the players (R-MK-23)."""
        return any(c.hidden for c in self.combatants if c.side == MONSTERS)
