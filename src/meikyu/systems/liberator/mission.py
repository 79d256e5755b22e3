"""Missions: the evaluation table, the budget, the seeded generator and hand-written missions.

Facts (scenario-craft chapter): base = sum of character levels + number of players. A normal
mission's obstacles evaluate to at most the base and carry no enhancement; a turning-point mission
at most base × 2 with one enhancement; the final mission (once per scenario) at most base × 3 with
one to three. Obstacles number from (players − 1) to (players × 2), mixing 2–3 attributes.

Our choices where the text is terse: at least 2 obstacles (mixing attributes needs two, and with
one player the range starts at 0); the generator starts every obstacle at target 1 and raises a
random obstacle's target by 1 while the total still fits, so it spends the budget as fully as the
table allows and can never exceed it.

Party-aware missions (our choice; the rules are silent, but a GM would not set an obstacle the
party can never remove): given the party's action cards, :func:`party_reach` gives, per attribute,
the highest target some card can remove on its own at some die face — its printed power on an
action of that attribute, or the power die's value with a follow-up (追撃) of that attribute on
the other die. Grants, feats and job effects are left out because whether they are at hand is not
certain. The generator then mixes only reachable attributes and never raises an obstacle's target
past its attribute's reach; the budget rule is unchanged.

The worked samples (level 1 × 3 players, base 6) are valid outputs:

>>> [check_targets(t, "normal" if i == 0 else ("turning" if i == 1 else "final"), [1, 1, 1], 3)
...  for i, t in enumerate([(2, 2, 1, 1), (3, 3, 1, 1), (4, 3, 2, 1)])]
[(), (), ()]
>>> m = generate_mission("turning", [1, 1, 1], 3, seed=7)
>>> m.budget, sum(o.evaluation for o in m.obstacles) <= m.budget, len(m.enhancements())
(12, True, 1)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from meikyu.errors import DataError, InputError
from meikyu.files import parse_toml
from meikyu.i18n import translate
from meikyu.systems.liberator.cards import KIND_ATTRIBUTE, ActionCard, CardSet, sample_cards
from meikyu.systems.liberator.effects import ATTRIBUTES

EVALUATION: dict[int, int] = {1: 1, 2: 2, 3: 5, 4: 10, 5: 20, 6: 40, 7: 70, 8: 110, 9: 160, 10: 220}
MISSION_TYPES: tuple[str, ...] = ("normal", "turning", "final")
BUDGET_FACTOR: dict[str, int] = {"normal": 1, "turning": 2, "final": 3}
ENHANCEMENTS: dict[str, tuple[int, int]] = {"normal": (0, 0), "turning": (1, 1), "final": (1, 3)}
MAX_TARGET = 10


@dataclass(frozen=True)
class Obstacle:
    """An obstacle in play; ``uid`` is unique on the table, ``attribute`` may be changed (R-LB-14)."""

    uid: int
    kind: str
    attribute: str
    target: int
    name: str = ""
    enhancement: str = ""

    @property
    def evaluation(self) -> int:
        return EVALUATION[self.target]


@dataclass(frozen=True)
class Mission:
    """A mission: its type, budget (0 for hand-written ones without one) and obstacles."""

    type: str
    obstacles: tuple[Obstacle, ...]
    budget: int = 0

    def enhancements(self) -> tuple[str, ...]:
        return tuple(o.enhancement for o in self.obstacles if o.enhancement)

    def without(self, uids: Sequence[int]) -> Mission:
        return replace(self, obstacles=tuple(o for o in self.obstacles if o.uid not in uids))


def evaluation(target: int) -> int:
    """The evaluation of one obstacle by its target number (1–10)."""
    if target not in EVALUATION:
        raise InputError("lb.error.bad_target", target=target)
    return EVALUATION[target]


def budget(kind: str, levels: Sequence[int], players: int) -> int:
    """The evaluation budget: (sum of levels + players) × 1, 2 or 3."""
    if kind not in BUDGET_FACTOR:
        raise InputError("lb.error.mission_type", type=kind, types=", ".join(MISSION_TYPES))
    if players < 1 or len(levels) != players or any(lv < 1 for lv in levels):
        raise InputError("lb.error.levels", players=players, count=len(levels))
    return (sum(levels) + players) * BUDGET_FACTOR[kind]


def count_range(players: int, total_budget: int) -> tuple[int, int]:
    """How many obstacles: from max(2, players − 1) to players × 2 (and never more than the budget)."""
    low = max(2, players - 1)
    return low, max(low, min(players * 2, total_budget))


def check_targets(targets: Sequence[int], kind: str, levels: Sequence[int], players: int) -> tuple[str, ...]:
    """Problems of a set of target numbers against the generator's rules (empty when valid)."""
    problems = []
    limit = budget(kind, levels, players)
    if sum(evaluation(t) for t in targets) > limit:
        problems.append("over_budget")
    low, high = count_range(players, limit)
    if not low <= len(targets) <= high:
        problems.append("count")
    return tuple(problems)


def check_mission(mission: Mission, levels: Sequence[int], players: int) -> tuple[str, ...]:
    """Problems of a whole mission: budget, count, enhancements and attribute mix."""
    problems = list(check_targets([o.target for o in mission.obstacles], mission.type, levels, players))
    low, high = ENHANCEMENTS[mission.type]
    if not low <= len(mission.enhancements()) <= high:
        problems.append("enhancements")
    if not 2 <= len({o.attribute for o in mission.obstacles}) <= 3:
        problems.append("attributes")
    return tuple(problems)


def party_reach(actions: Iterable[ActionCard]) -> dict[str, int]:
    """Per attribute, the highest target one of ``actions`` can remove alone at some die face.

    A card reaches its own attribute with its best printed power, and a follow-up attribute
    (追撃, on the effect die) with the best power on the other die — both dice are free, so any
    power face pairs with any effect face. Attributes no card reaches are left out.

    >>> c = sample_cards().actions
    >>> party_reach([c["swing"], c["battle_wisdom"]])
    {'P': 6, 'M': 3}
    >>> party_reach([c["magic_sword"]])["M"] >= 1      # reaches M through its follow-up face
    True
    """
    reach: dict[str, int] = {}
    for card in actions:
        best = max(card.power)
        if best < 1:
            continue
        attrs = {card.attribute} | {card.follow_up(face) for face in range(1, 7)} - {""}
        for attr in attrs:
            reach[attr] = max(reach.get(attr, 0), best)
    return reach


def _fill_targets(count: int, limit: int, rng: random.Random, caps: Sequence[int] | None = None) -> list[int]:
    caps = caps if caps is not None else [MAX_TARGET] * count
    targets = [1] * count
    total = count
    while True:
        raisable = [
            i
            for i, t in enumerate(targets)
            if t < min(MAX_TARGET, caps[i]) and total - EVALUATION[t] + EVALUATION[t + 1] <= limit
        ]
        if not raisable:
            return targets
        i = rng.choice(raisable)
        total += EVALUATION[targets[i] + 1] - EVALUATION[targets[i]]
        targets[i] += 1


def generate_mission(
    kind: str,
    levels: Sequence[int],
    players: int,
    seed: int | None = None,
    cards: CardSet | None = None,
    first_uid: int = 1,
    reach: dict[str, int] | None = None,
    met: Iterable[str] = (),
) -> Mission:
    """A random mission within the rules; the same seed gives the same mission.

    Each obstacle is named after a sample card of its kind (:func:`obstacle_name`): no two
    obstacles of the mission share a name, and names in ``met`` (the scenario's earlier
    missions) come back only when the kind has no other left.

    With ``reach`` (from :func:`party_reach`) every obstacle is one the party can remove:

    >>> c = sample_cards()
    >>> party = [c.actions[a] for j in ("warrior", "mage") for a in c.jobs[j].actions]
    >>> reach = party_reach(party)
    >>> m = generate_mission("final", [1, 1], 2, seed=3, reach=reach)
    >>> all(o.target <= reach[o.attribute] for o in m.obstacles)
    True
    """
    cards = cards if cards is not None else sample_cards()
    limit = budget(kind, levels, players)
    rng = random.Random(seed)
    low, high = count_range(players, limit)
    count = rng.randint(low, high)
    if reach is None:
        targets = _fill_targets(count, limit, rng)
        mix = rng.sample(ATTRIBUTES, min(count, rng.choice((2, 3))))
        attrs = mix + [rng.choice(mix) for _ in range(count - len(mix))]
        rng.shuffle(attrs)
    else:
        usable = [a for a in ATTRIBUTES if reach.get(a, 0) >= 1]
        if len(usable) < 2:
            raise InputError("lb.error.party_reach", attributes=", ".join(usable) or "-")
        mix = rng.sample(usable, min(count, rng.choice((2, 3)), len(usable)))
        attrs = mix + [rng.choice(mix) for _ in range(count - len(mix))]
        rng.shuffle(attrs)
        targets = _fill_targets(count, limit, rng, [reach[a] for a in attrs])
    obstacles = []
    seen, taken = set(met), set[str]()
    for i, (target, attr) in enumerate(zip(targets, attrs, strict=True)):
        kind_id = rng.choice([k for k, a in KIND_ATTRIBUTE.items() if a == attr])
        name = obstacle_name(cards, kind_id, target, taken, seen, rng)
        taken.add(name)
        obstacles.append(Obstacle(first_uid + i, kind_id, attr, target, name))
    low_e, high_e = ENHANCEMENTS[kind]
    pool = sorted(cards.enhancements)
    n_enh = min(rng.randint(low_e, high_e), count, len(pool) if pool else 0)
    for index, ident in zip(rng.sample(range(count), n_enh), rng.sample(pool, n_enh), strict=True):
        obstacles[index] = replace(obstacles[index], enhancement=ident)
    return Mission(kind, tuple(obstacles), limit)


def obstacle_name(
    cards: CardSet, kind: str, target: int, taken: set[str], seen: set[str], rng: random.Random
) -> str:
    """A name for an obstacle of ``kind`` and ``target``, from the obstacle cards of that kind.

    Never one in ``taken`` (this mission's); one in ``seen`` (met earlier this scenario) only
    when no other is left; among the rest the cards nearest in strength (target), a random one
    of them. ``""`` (shown as the plain kind and target) when every name of the kind is taken.

    >>> rng = random.Random(1)
    >>> obstacle_name(sample_cards(), "combat", 2, set(), set(), rng) in ("酔った傭兵", "路地裏のごろつき")
    True
    >>> obstacle_name(sample_cards(), "combat", 2, {"酔った傭兵", "路地裏のごろつき"}, set(), rng)  # a 3 is as near
    '山賊の見張り'
    """
    pool = [c for c in cards.obstacles.values() if c.kind == kind and c.name not in taken]
    fresh = [c for c in pool if c.name not in seen]
    pool = fresh or pool
    if not pool:
        return ""
    gap = min(abs(c.target - target) for c in pool)
    return rng.choice(sorted(c.name for c in pool if abs(c.target - target) == gap))


def mission_to_json(mission: Mission, cards: CardSet | None = None) -> dict[str, Any]:
    """The JSON shape of ``meikyu liberator mission --format json``."""
    cards = cards if cards is not None else sample_cards()
    return {
        "ok": True,
        "type": mission.type,
        "budget": mission.budget,
        "obstacles": [
            {
                "kind": o.kind,
                "attribute": o.attribute,
                "target": o.target,
                "evaluation": o.evaluation,
                "name": o.name,
            }
            for o in mission.obstacles
        ],
        "enhancements": [
            {
                "name": cards.enhancements[o.enhancement].name,
                "bonus": "; ".join(e.notation() for e in cards.enhancements[o.enhancement].bonus),
                "obstacle": i,
            }
            for i, o in enumerate(mission.obstacles)
            if o.enhancement
        ],
    }


def load_mission(
    text: str, file: str = "<mission>", cards: CardSet | None = None, first_uid: int = 1
) -> Mission:
    """A hand-written mission in TOML::

        type = "turning"
        [[obstacles]]
        kind = "combat"
        target = 3
        name = "山賊の見張り"      # optional
        enhancement = "treasure"  # optional, an enhancement id

    >>> load_mission('type = "normal"\\n[[obstacles]]\\nkind = "lore"\\ntarget = 2').obstacles[0].attribute
    'M'
    """
    cards = cards if cards is not None else sample_cards()
    doc = parse_toml(text, file)
    kind = doc.get("type", "normal")
    if kind not in MISSION_TYPES:
        raise DataError(
            "lb.error.data.bad",
            file=file,
            entry="mission",
            field="type",
            value=kind,
            expected=", ".join(MISSION_TYPES),
        )
    raw_list = doc.get("obstacles", [])
    if not isinstance(raw_list, list) or not raw_list:
        raise DataError("lb.error.data.missing", file=file, entry="mission", field="obstacles")
    obstacles = []
    for i, raw in enumerate(raw_list):
        entry = f"obstacles[{i}]"
        if not isinstance(raw, dict) or raw.get("kind") not in KIND_ATTRIBUTE:
            value = raw.get("kind") if isinstance(raw, dict) else raw
            raise DataError(
                "lb.error.data.bad",
                file=file,
                entry=entry,
                field="kind",
                value=value,
                expected=", ".join(KIND_ATTRIBUTE),
            )
        target = raw.get("target")
        if not isinstance(target, int) or isinstance(target, bool) or target not in EVALUATION:
            raise DataError(
                "lb.error.data.bad", file=file, entry=entry, field="target", value=target, expected="1–10"
            )
        enh = raw.get("enhancement", "")
        if enh and enh not in cards.enhancements:
            raise DataError(
                "lb.error.data.unknown_ref", file=file, entry=entry, field="enhancement", value=enh
            )
        obstacles.append(
            Obstacle(
                first_uid + i, raw["kind"], KIND_ATTRIBUTE[raw["kind"]], target, str(raw.get("name", "")), enh
            )
        )
    return Mission(kind, tuple(obstacles), int(doc.get("budget", 0)))


def mission_type(kind: str, lang: str) -> str:
    """A mission type (``normal``, ``turning``, ``final``) in the reader's language.

    >>> mission_type("final", "ko"), mission_type("turning", "en")
    ('최종', 'turning-point')
    """
    return translate(f"lb.mission_type.{kind}", lang)
