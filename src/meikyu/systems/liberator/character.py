"""Characters: creation, hand and discard, once-per-scenario abilities, and spending experience.

Creation (facts from the character chapter): pick one of the jobs, take its three recommended
actions, then as many extra cards (any job's actions, common actions or feats) as the level; no
card twice. Experience (R-LB-13): every 10 points spent raise the level by 1 and add one action or
feat; 2 points swap the job (the job effect keeps its used/unused state, the action cards stay).
The experience itself belongs to the player and is kept by the table state, not here.

>>> from meikyu.systems.liberator.cards import sample_cards
>>> cards = sample_cards()
>>> hero = create_character(cards, "アリア", "warrior", ["mount"])
>>> hero.level, hero.hand
(1, ('swing', 'battle_wisdom', 'sworn_brothers', 'mount'))
>>> hero = hero.discard_card("swing"); hero.hand, hero.discard
(('battle_wisdom', 'sworn_brothers', 'mount'), ('swing',))
>>> level_up(cards, hero, "might").feats, swap_job(cards, hero, "mage").job
(('might',), 'mage')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from meikyu.errors import InputError, RuleError
from meikyu.systems.liberator.cards import CardSet
from meikyu.systems.liberator.effects import Effect

LEVEL_COST = 10
SWAP_COST = 2


@dataclass(frozen=True)
class HeldGrant:
    """A grant (付:…) a character holds until it is used or expires."""

    effect: Effect
    source: str = ""

    @property
    def name(self) -> str:
        return self.effect.name


@dataclass(frozen=True)
class Character:
    """A character's cards. ``hand`` and ``discard`` hold action ids; every owned action is in one."""

    name: str
    job: str
    level: int = 1
    feats: tuple[str, ...] = ()
    hand: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    job_effect_used: bool = False
    used_feats: tuple[str, ...] = ()
    grants: tuple[HeldGrant, ...] = ()

    @property
    def actions(self) -> tuple[str, ...]:
        """Every action the character owns (hand, then discard)."""
        return self.hand + self.discard

    def owns(self, card: str) -> bool:
        return card in self.hand or card in self.discard or card in self.feats

    def discard_card(self, card: str) -> Character:
        """Move an action from hand to discard."""
        if card not in self.hand:
            raise InputError("lb.error.not_in_hand", card=card)
        return replace(self, hand=tuple(c for c in self.hand if c != card), discard=self.discard + (card,))

    def recover_card(self, card: str) -> Character:
        """Move an action from discard back to hand."""
        if card not in self.discard:
            raise InputError("lb.error.not_in_discard", card=card)
        return replace(self, discard=tuple(c for c in self.discard if c != card), hand=self.hand + (card,))

    def ability_used(self, ident: str, cards: CardSet) -> bool:
        """Whether the job effect or feat ``ident`` was already used this scenario."""
        if ident == cards.jobs[self.job].effect.id:
            return self.job_effect_used
        return ident in self.used_feats

    def fresh_scenario(self) -> Character:
        """Ready for a new scenario: every action in hand, abilities unused, no grants."""
        return replace(self, hand=self.actions, discard=(), job_effect_used=False, used_feats=(), grants=())


def _check_extra(cards: CardSet, owned: set[str], card: str) -> None:
    if card not in cards.actions and card not in cards.feats:
        raise InputError("lb.error.unknown_card", card=card)
    if card in owned:
        raise InputError("lb.error.duplicate_card", card=card)


def create_character(cards: CardSet, name: str, job: str, extras: Sequence[str], level: int = 1) -> Character:
    """A new character: the job's three actions plus ``level`` extra actions or feats, no duplicates."""
    if job not in cards.jobs:
        raise InputError("lb.error.unknown_job", job=job, jobs=", ".join(cards.jobs))
    if level < 1:
        raise InputError("lb.error.bad_level", level=level)
    if len(extras) != level:
        raise InputError("lb.error.extra_count", level=level, count=len(extras))
    owned = set(cards.jobs[job].actions)
    hand = list(cards.jobs[job].actions)
    feats: list[str] = []
    for card in extras:
        _check_extra(cards, owned, card)
        owned.add(card)
        (hand if card in cards.actions else feats).append(card)
    return Character(name, job, level, tuple(feats), tuple(hand))


def level_up(cards: CardSet, character: Character, card: str) -> Character:
    """Level +1 and one new action (into the hand) or feat (R-LB-13); experience is paid by the caller."""
    _check_extra(cards, set(character.actions) | set(character.feats), card)
    if card in cards.actions:
        return replace(character, level=character.level + 1, hand=character.hand + (card,))
    return replace(character, level=character.level + 1, feats=character.feats + (card,))


def swap_job(cards: CardSet, character: Character, job: str) -> Character:
    """Another job; the job effect keeps its used state and the action cards stay (R-LB-13)."""
    if job not in cards.jobs:
        raise InputError("lb.error.unknown_job", job=job, jobs=", ".join(cards.jobs))
    if job == character.job:
        raise RuleError("R-LB-13", "lb.error.same_job", job=job)
    return replace(character, job=job)
