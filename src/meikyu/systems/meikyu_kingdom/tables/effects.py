"""The effect vocabulary of Meikyuu Kingdom's tables (KDT, KCT, KMT, CAT, FWT, CFT, TT, T1T–T5T, MPT, ET,
the item tables WIT LIT RIT SIT RWIT RUIT and the random encounter tables 1RET–6RET).

Each table entry in ``data/tables/*.toml`` lists structured effects; this module says which effect
types exist, what each parameter means and which variables formulas may read. The rules code that
applies a rolled entry (kingdom side: KDT, KCT, KMT, TT, treasures; combat side: CAT, CFT, FWT;
items and random encounters: :mod:`~meikyu.systems.meikyu_kingdom.labyrinth.finds`) walks the effects in order and applies each one. ``data/tables/EFFECTS.md`` is this vocabulary
rendered as Markdown (``VOCABULARY.describe()``); a test keeps the two in step.

Conventions shared by all types:

- Effects run in the order listed. Nested lists (``then``, ``otherwise``, ``on_success``,
  ``on_failure``, ``if_none``, ``after``) run only when their condition holds.
- ``who`` names the characters affected. ``self`` is the character the table is about: whoever
  rolled a kingdom table or the travel table, the attacker for CAT, the fumbler for CFT, the wounded
  character for FWT; inside a per-character ``check``'s nested lists, ``self`` is the character who
  made that check. ``target`` is the attack's target (CAT). The other ``who`` values:
  ``each_court`` every land maker of the court, one at a time; ``random_court`` one land maker at
  random; ``random_ally_here`` a random character of self's side in self's area, self included;
  ``random_ready_ally`` a random ready character of self's side; ``own_side`` every character of
  self's side; ``random_on_battlefield`` any character on the battlefield at random;
  ``self_and_admirers`` self and everyone whose favor toward self is 1 or more; ``chosen_pc`` a PC
  the players choose.
- ``amount`` and other ``formula`` parameters are integers or formula texts
  (:mod:`meikyu.formula`): ``-2D6`` rolls two dice and loses their sum; ``/`` rounds down.
- ``pick``: ``random`` — chosen at random by the rules; ``chosen`` — the players (the roller, or the
  character affected) choose; ``gm`` — the GM chooses. A program asks through a prompt for
  ``chosen`` and ``gm``.
- National-power checks (``national_check``) follow R-MK-18; character checks (``check``) R-MK-10.

>>> VOCABULARY.types["citizens"].param("saved_by_material").choices[:3]
('meat', 'fang', 'iron')
>>> sorted(VOCABULARY.variables)[:3]
['budget', 'citizens', 'citizens_home']
"""

from __future__ import annotations

from meikyu.tables import EffectType, Param, Vocabulary

POWERS = ("life", "order", "culture", "military")
STATS = ("wit", "charm", "search", "valor")
MATERIALS = ("meat", "fang", "iron", "mana", "machine", "cloth", "wood", "gunpowder", "information", "leather")
BAD_STATUSES = ("poison", "distraction", "obesity", "curse", "sleep", "foolishness")
WHO = (
    "self", "target", "each_court", "random_court", "random_ally_here", "random_ready_ally",
    "own_side", "random_on_battlefield", "self_and_admirers", "chosen_pc",
)
CONDITIONS = ("goal_met", "known_land", "monster_side", "is_vassal")
EMOTIONS_POSITIVE = ("loyalty", "friendship", "love")
EMOTIONS_NEGATIVE = ("anger", "distrust", "contempt")
LAND_RESULTS = (
    "hostile_nation", "unfriendly_nation", "monster_nest", "dungeon_master_retreat",
    "deep_labyrinth", "great_power_enclave",
)
ITEM_CATEGORIES = (
    "common", "chosen_common", "weapon", "life", "recovery", "search", "rare_general", "rare_weapon", "rare",
)
AREAS = ("front", "rear", "base")


def _p(kind: str, doc: str, *choices: str, required: bool = False) -> Param:
    return Param(kind, doc, required=required, choices=choices)


def _t(doc: str, **params: Param) -> EffectType:
    return EffectType(doc, tuple(params.items()))


_WHO = _p("enum", "the characters affected (default self)", *WHO)
_AMOUNT = _p("formula", "the change; negative loses", required=True)
_THEN = _p("effects", "effects applied afterwards when this one happened")
_IF_NONE = _p("effects", "effects applied instead when there is nothing to lose or break")

TYPES: dict[str, EffectType] = {
    # ---- flow -------------------------------------------------------------------------------
    "if": _t(
        "Branch on a fact of the current game.",
        condition=_p("enum", "the fact tested", *CONDITIONS, required=True),
        then=_p("effects", "applied when the fact holds"),
        otherwise=_p("effects", "applied when it does not"),
    ),
    "roll_against": _t(
        "Roll `roll`; `then` applies when the result is at most `at_most`, `otherwise` when it is higher.",
        roll=_p("formula", "what is rolled, e.g. 1D6", required=True),
        at_most=_p("formula", "the value the roll must not exceed, e.g. voice", required=True),
        then=_p("effects", "applied when roll <= at_most"),
        otherwise=_p("effects", "applied when roll > at_most"),
    ),
    "check": _t(
        "A character check (R-MK-10): each character in `who` rolls `stat` against `difficulty`; nested "
        "lists apply per character (there `self` is that character); `after` applies once after all "
        "checks, with `successes` = how many succeeded.",
        who=_WHO,
        stat=_p("enum", "the stat rolled", *STATS, required=True),
        difficulty=_p("formula", "the difficulty", required=True),
        on_success=_p("effects", "applied to a character who succeeded"),
        on_failure=_p("effects", "applied to a character who failed"),
        after=_p("effects", "applied once after every check"),
    ),
    "national_check": _t(
        "A national-power check (R-MK-18) by the court's representative.",
        power=_p("enum", "the kingdom level rolled", *POWERS, required=True),
        difficulty=_p("formula", "the difficulty, usually hostile_nations*2+unfriendly_nations+9", required=True),
        on_success=_p("effects", "applied on success"),
        on_failure=_p("effects", "applied on failure"),
    ),
    "gm_ruling": _t(
        "The GM decides what happens (an event the data cannot list).",
        topic=_p("enum", "what the GM rules on", "land_event", required=True),
    ),
    # ---- kingdom ----------------------------------------------------------------------------
    "citizens": _t(
        "The kingdom's citizens change by `amount` (never below 0).",
        amount=_AMOUNT,
        saved_by_material=_p(
            "enum", "each unit of this material the kingdom spends prevents the loss of 1 citizen", *MATERIALS
        ),
    ),
    "voice": _t("The Voice of the People changes by `amount` (a decrease may trigger KDT, R-MK-20).", amount=_AMOUNT),
    "budget": _t("The kingdom's budget (MG) changes by `amount`.", amount=_AMOUNT),
    "upkeep": _t("The kingdom's upkeep (MG) changes by `amount`.", amount=_AMOUNT),
    "national_power": _t(
        "A kingdom level changes by `amount`.",
        power=_p("enum", "which level; chosen: the players pick one", *POWERS, "chosen", required=True),
        amount=_AMOUNT,
    ),
    "relations": _t(
        "Relations with other nations move `steps` steps (positive: friendlier; hostile <-> allied).",
        nations=_p("enum", "all_known: every nation on the kingdom sheet; chosen / random: one of them",
                   "all_known", "chosen", "random", required=True),
        steps=_p("int", "how many steps; negative is worse", required=True),
    ),
    "envoy": _t(
        "A random other known nation sends an envoy: the players either pay `cost` MG of budget and "
        "relations with it improve one step, or refuse and they worsen one step.",
        nation=_p("enum", "which nation", "random_known", required=True),
        cost=_p("formula", "the budget paid to accept, e.g. nation_territory_maps", required=True),
    ),
    "vassalage": _t(
        "The kingdom leaves its vassalage, or becomes the vassal of a great power.",
        action=_p("enum", "leave (only if a vassal now) or become", "leave", "become", required=True),
        great_power=_p("enum", "which great power when becoming a vassal", "random"),
    ),
    "facility_lost": _t(
        "One facility of the kingdom is destroyed.",
        pick=_p("enum", "how it is picked", "random", "chosen", required=True),
        facility_type=_p("enum", "only facilities of this type (default any)", "any", "room"),
    ),
    "facility_copy": _t(
        "Pick a facility; a copy of it is built in an adjacent room joined to its room by a passage.",
        pick=_p("enum", "how the facility is picked", "chosen", required=True),
    ),
    "territory_lost": _t(
        "One territory (map) of the kingdom is lost together with its facilities.",
        pick=_p("enum", "random: any territory; random_facing_unknown: one bordering an unknown land",
                "random", "random_facing_unknown", required=True),
    ),
    "territory_swap": _t("A random own territory trades places with a random land among the known lands."),
    "annex_land": _t(
        "The players may pay `cost` MG to make an adjacent unknown land a territory; then they draw "
        "`passages` passages in it; rooms not joined by passages do not count as territory.",
        cost=_p("int", "budget paid", required=True),
        passages=_p("formula", "how many passages may be drawn", required=True),
        optional=_p("bool", "whether paying is the players' choice"),
    ),
    "nations_annex": _t(
        "Other nations grow: each nation in `nations` takes one land next to its territory, chosen by the GM.",
        nations=_p("enum", "hostile: every hostile nation; random_known: random other known nations",
                   "hostile", "random_known", required=True),
        count=_p("formula", "for random_known: at most this many nations"),
        land=_p("enum", "which lands may be taken", "adjacent", "adjacent_unknown", required=True),
    ),
    "unknown_land_becomes": _t(
        "The players choose an unknown land on the kingdom sheet; roll `roll` and write the matching result on it.",
        roll=_p("formula", "the roll, e.g. 1D6", required=True),
        results=_p("enums", "result for roll 1, 2, …", *LAND_RESULTS, required=True),
    ),
    "talents": _t(
        "The kingdom gains or loses talents (逸材).",
        amount=_AMOUNT,
        pick=_p("enum", "for a loss: which talent goes", "random", "chosen"),
        job=_p("enum", "for a gain: the new talent's job (random: by the birth table)", "random"),
    ),
    "monster_citizens_leave": _t(
        "Pick a monster species among the kingdom's citizens; citizens drop by that species' level, then "
        "every citizen of that species leaves.",
        pick=_p("enum", "how the species is picked", "random", required=True),
    ),
    "market_price": _t(
        "This game's market: the named material is in demand (none: no material).",
        material=_p("enum", "the material", "none", *MATERIALS, required=True),
    ),
    "emotion": _t(
        "A pair of emotions for a new relationship: the positive one for favor, the negative one for enmity.",
        positive=_p("enum", "the emotion of favor", *EMOTIONS_POSITIVE, required=True),
        negative=_p("enum", "the emotion of enmity", *EMOTIONS_NEGATIVE, required=True),
    ),
    # ---- characters and court ---------------------------------------------------------------
    "favor": _t(
        "Favor of each character in `who` toward another character rises by `amount`.",
        who=_WHO,
        toward=_p("enum", "chosen: the one whose favor rises picks; chosen_by_others: the other players "
                  "agree on one; random", "chosen", "chosen_by_others", "random", required=True),
        amount=_AMOUNT,
    ),
    "drive": _t("Drive of each character in `who` changes by `amount` (capped by capacity).", who=_WHO, amount=_AMOUNT),
    "hp": _t("HP of each character in `who` changes by `amount`; this is not damage (R-MK-32).",
             who=_WHO, amount=_AMOUNT),
    "set_hp": _t(
        "HP of each character in `who` becomes `value`.",
        who=_WHO,
        value=_p("formula", "the new HP (hp/2: half, rounded down)", required=True),
        instead_of_damage=_p("bool", "replaces the attack's damage"),
        optional=_p("bool", "the attacker may decline"),
    ),
    "damage": _t("Each character in `who` takes `amount` damage (damage reduction applies).",
                 who=_WHO, amount=_AMOUNT),
    "minions": _t(
        "Minions of each character in `who` change by `amount` (a loss takes as many as there are).",
        who=_WHO,
        amount=_AMOUNT,
        desert=_p("bool", "lost minions go home: the kingdom's citizens rise by the same number (R-MK-45)"),
        then=_THEN,
        if_none=_IF_NONE,
    ),
    "materials": _t(
        "The court gains materials.",
        material=_p("enum", "chosen: one kind of the players' choice; from_monster: kinds of the players' "
                    "choice from the defeated monster's material list", "chosen", "from_monster", *MATERIALS,
                    required=True),
        amount=_AMOUNT,
    ),
    "gain_item": _t(
        "The court gains an item: a named one (`item`, an id such as boxed_lunch or dagger), or one of a "
        "category (rolled on its item table, or picked by the players).",
        item=_p("str", "the item's id; item tables name the item each entry gives"),
        alternative=_p("str", "the item to take instead when the supplement that adds `item` is not used"),
        category=_p("enum", "common: any common item (1D4 picks weapon, life, recovery or search); chosen_common: "
                    "the players pick a common category; rare: the players pick any rare item; on an item "
                    "table's entry: the category it belongs to", *ITEM_CATEGORIES),
        pick=_p("enum", "random: rolled on the category's table; chosen: the players pick", "random", "chosen"),
        level=_p("int", "the level the item has, if it is an item with levels"),
    ),
    "break_item": _t(
        "An item of the character in `who` is destroyed.",
        who=_WHO,
        item=_p("enum", "which item", "random_equipped", "random_breakable", "weapon_used", "star_fragment",
                required=True),
        then=_THEN,
        if_none=_IF_NONE,
    ),
    "monsters": _t(
        "A random encounter: `count` monsters of `species` stand in `area` of the monster side (R-MK-21).",
        species=_p("str", "the monster's id (the bestiary's, or encounter_monsters.toml's)", required=True),
        count=_p("formula", "how many, e.g. court_size or (court_size+1)/2", required=True),
        area=_p("enum", "front, rear or base (the monster side's headquarters)", *AREAS, required=True),
    ),
    "time": _t("Time passes in the labyrinth.", quarters=_p("formula", "quarters that pass", required=True)),
    "move_court": _t("The whole court moves.", to=_p("enum", "where", "random_known_land", required=True)),
    # ---- combat -----------------------------------------------------------------------------
    "weapon_level": _t("The weapon used rises `amount` levels, if it has a level.", amount=_AMOUNT),
    "extra_action": _t("The attacker may act once more when this attack is resolved.", who=_WHO),
    "bad_status": _t(
        "Each character in `who` gets a bad status (R-MK-44).",
        who=_WHO,
        status=_p("enum", "which (random: one of the six at random)", *BAD_STATUSES, "random", required=True),
    ),
    "damage_multiplier": _t("The attack's power is multiplied by `factor`.",
                            factor=_p("int", "the factor", required=True)),
    "power_bonus": _t("The attack's power rises by `amount`.", amount=_AMOUNT),
    "move": _t(
        "Characters are moved on the battlefield.",
        who=_WHO,
        steps=_p("int", "areas moved toward the enemy; negative moves back"),
        to=_p("enum", "any_area: an area the attacker chooses", "any_area"),
    ),
    "seal_skill": _t(
        "One skill of the character in `who` counts as not learned until the combat ends.",
        who=_WHO,
        pick=_p("enum", "who picks the skill", "chosen", required=True),
    ),
    "cancel_damage": _t("The damage that caused this roll is cancelled."),
    "dead": _t("The character in `who` dies (R-MK-34).", who=_WHO),
    "incapacitated": _t(
        "The character in `who` becomes incapacitated (R-MK-31); with `dies_unless_hp_by` it dies unless "
        "its HP is 1 or more by then.",
        who=_WHO,
        dies_unless_hp_by=_p("enum", "the deadline", "combat_end", "quarter_end", "quarters"),
        quarters=_p("formula", "for dies_unless_hp_by = quarters: how many quarters"),
    ),
    "reinforcements": _t(
        "The enemy side gains `count` more of its lowest-level monster.",
        count=_p("formula", "how many", required=True),
    ),
    "set_acted": _t("The character in `who` becomes acted.", who=_WHO),
    "end_effects": _t("Every effect lasting the whole combat that came from the side's skills and items ends.",
                      side=_p("enum", "whose effects", "own", required=True)),
    "place_trap": _t(
        "A trap is placed on the battlefield.",
        category=_p("enum", "the trap category", "combat", required=True),
        pick=_p("enum", "how it is picked", "random", required=True),
        where=_p("enum", "in the area of self", "self_area", required=True),
    ),
}

VARIABLES: dict[str, str] = {
    "voice": "the current Voice of the People",
    "citizens": "the kingdom's citizens",
    "citizens_home": "citizens who stayed home (not distributed as minions)",
    "budget": "the kingdom's budget (MG)",
    "life": "life level",
    "order": "order level",
    "culture": "culture level",
    "military": "military level",
    "territory_maps": "the number of maps of the kingdom's territory",
    "hostile_nations": "known nations whose relation is hostile",
    "unfriendly_nations": "known nations whose relation is unfriendly",
    "friendly_nations": "known nations whose relation is good or allied",
    "labyrinth_turns": "turns spent in the labyrinth phase of this game",
    "nation_territory_maps": "territory maps of the nation named by the effect (envoy)",
    "damage_taken": "the damage that caused the fatal-wound roll",
    "hp": "current HP of self",
    "weapon_power": "power of the weapon self used",
    "target_level": "level of the attack's target",
    "successes": "inside a check's `after`: how many characters succeeded",
    "court_size": "the number of land makers (PCs) in the court",
}

VOCABULARY = Vocabulary("meikyu_kingdom", TYPES, VARIABLES)
