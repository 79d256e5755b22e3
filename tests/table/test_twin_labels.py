"""No two items of a seat's menu read alike (the full list on the play page): where actions differ only by the
hope spent (a search, a disarm, a reputation check), the label says how much. Walked with fixed dice and a
fixed choice of items through a battle and a labyrinth, in ko/ja/en, for every seat."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator

import pytest

from meikyu.errors import MeikyuError
from tests.table.test_gm_walk import Table, battle, in_labyrinth

UNSAFE = ("surrender", "escape", "gm_set", "undo", "give_up")


def walk(start: Callable[[], Table], steps: int = 25) -> Iterator[Table]:
    """The table after each of ``steps`` items picked with a fixed seed (an item the rules refuse is skipped)."""
    t = start()
    rng = random.Random(7)
    for _ in range(steps):
        yield t
        menu = [i for s in t.kind.seats(t.game.state) for i in t.kind.menu(t.game.state, s, "en")
                if not i.form and not any(word in i.key for word in UNSAFE)]
        if not menu:
            return
        try:
            t.game.play(t.kind.rules.actions.load(rng.choice(menu).action))
        except MeikyuError:  # refused by the dice's outcome: the walk goes on
            continue


def twins(t: Table) -> list[str]:
    found = []
    for seat in t.kind.seats(t.game.state):
        for lang in ("ko", "ja", "en"):
            labels = Counter(i.label for i in t.kind.menu(t.game.state, seat, lang))
            found += [f"{seat} {lang}: {label!r} ×{n}" for label, n in labels.items() if n > 1]
    return found


@pytest.mark.parametrize("start", [battle, in_labyrinth])
def test_no_seat_is_offered_two_items_with_one_label(start: Callable[[], Table]) -> None:
    for t in walk(start):
        assert twins(t) == []


def test_a_search_with_hope_says_how_much() -> None:
    seen: dict[str, str] = {}
    for t in walk(battle, 40):
        seen |= {i.key: i.label for i in t.kind.menu(t.game.state, "pc:hana", "ko")}
    assert seen["hana/search_spot/stat=wit"] == "Hana: 수색 (재치)"
    assert seen["hana/search_spot/stat=wit/hope=1"] == "Hana: 수색 (재치, 희망 1)"
