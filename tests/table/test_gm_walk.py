"""Everything a GM can do at the terminal (``mk play``, ``mk table``, ``mk battle``) the web page and the API can
do too (issue 25, point 4). :data:`WALK` lists each terminal command beside the web/API route that does it, and
each row's check takes that route: the menu item the page shows is played through the rules (or the API path is
in the OpenAPI document). The terminals' own command words are read from their source, so a command added there
without a row here fails the test."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

import meikyu.systems.meikyu_kingdom  # noqa: F401
from meikyu.api.openapi import document
from meikyu.dice import RandomDice
from meikyu.engine import Game
from meikyu.table.base import GM, MenuItem
from meikyu.table.mk_battle import BattleKind
from meikyu.table.mk_session import SessionKind

MK = Path(meikyu.systems.meikyu_kingdom.__file__).parent
HELP = {"?", "h", "help"}  # the terminals' help: the page's words are its help


class Table:
    """A game of a table kind played through its menus, as the page and the API play it."""

    def __init__(self, kind: Any, setup: Any = "sample") -> None:
        self.kind = kind
        self.game: Game[Any] = Game(kind.rules, kind.setup(setup, "en"), RandomDice(5))

    def menu(self, seat: str = GM) -> list[MenuItem]:
        return list(self.kind.menu(self.game.state, seat, "en"))

    def item(self, prefix: str, seat: str = GM) -> MenuItem:
        found = [i for i in self.menu(seat) if i.key.startswith(prefix)]
        assert found, (prefix, [i.key for i in self.menu(seat)])
        return found[0]

    def take(self, prefix: str, seat: str = GM, **fields: Any) -> MenuItem:
        """Post the item as the page posts it (form fields filled in, dotted names inside the action)."""
        item = self.item(prefix, seat)
        data = dict(item.action)
        for name, value in fields.items():
            head, _, rest = name.partition("__")
            if rest:
                data[head] = {**data[head], rest: value}
            else:
                data[name] = value
        action = self.kind.rules.actions.load(data)
        assert seat in self.kind.seats_for(self.game.state, action)
        self.game.play(action)
        return item


def session(*keys: str) -> Table:
    t = Table(SessionKind())
    for key in keys:
        t.take(key)
    return t


def in_cycle() -> Table:
    return session("gm/advance", "gm/advance", "gm/gm_skip")


def in_labyrinth() -> Table:
    t = session(*["gm/gm_skip"] * 5)
    t.take("all/enter_labyrinth")
    return t


def battle() -> Table:
    t = Table(BattleKind())
    t.take("gm/begin")
    return t


def api(path: str) -> Callable[[], None]:
    def check() -> None:
        assert path in document()["paths"], path
    return check


# -- the checks -------------------------------------------------------------------------------------
def every_listed_step() -> None:
    """``mk play``'s numbered list is the session's legal actions: each is in the GM's menu (a player's for an
    absent player, marked so), at the round table, in the action cycle and in the labyrinth."""
    for t in (session(), session("gm/advance", "gm/advance"), in_cycle(), in_labyrinth()):
        menu = t.menu()
        types = {i.action["@type"] for i in menu}
        dumped = [i.action for i in menu]
        for action in t.kind.rules.legal_actions(t.game.state):
            data = t.kind.rules.actions.dump(action)
            assert data in dumped or data["@type"] in types, data


def call_check() -> None:
    t = session()
    t.take("gm/call_check", actor="doyun", stat="charm", difficulty=9)
    assert t.game.state.session.called is not None


def declare() -> None:
    t = in_cycle()
    t.take("haneul/act", type="planned", name="speech")
    assert t.game.state.session.actions.stack


def cooperate() -> None:
    t = in_cycle()
    t.take("mir/cooperate", action="search")


def fall() -> None:
    t = in_labyrinth()
    t.take("gm/fall_outside")


def transport() -> None:
    """The web offers the whole haul with one minion or all; another mix is the same action posted to the API."""
    from meikyu.systems.meikyu_kingdom.expedition.transport import Transport

    t = in_labyrinth()
    t.take("all/skip_search")
    t.take("all/camp")
    state = t.game.state.session
    court = tuple(replace(c, minions=3) if c.id == "mir" else c for c in state.court)
    exp = replace(state.expedition, haul_items=("마석", "도시락"), haul_materials={"iron": 2})
    t.game = Game(t.kind.rules, replace(t.game.state, session=replace(state, court=court, expedition=exp)),
                  RandomDice(5))
    offered = [i for i in t.menu() if i.action["@type"] == "Transport"]
    assert offered, [i.key for i in t.menu()]
    mix = Transport("mir", 2, ("마석",), (("iron", 1),))
    assert GM in t.kind.seats_for(t.game.state, mix)
    t.game.play(mix)


def gm_rulings() -> None:
    """R-MK-01b at the web only (the terminal has none of these as commands): effects, a table, a set value."""
    t = session()
    t.take("gm/gm_effect/effect=hp", who="doyun", effect__amount="-2")
    t.take("gm/gm_roll_table", code="KCT")
    t.take("gm/gm_set/target=kingdom", field="budget", value=9)
    t.take("gm/gm_set", target="doyun", field="drive", value=1)
    t.take("gm/gm_set/target=session", field="disasters", value=0)


def battle_gm_actions() -> None:
    """``g`` lists the GM's interventions and ``gN`` takes one: each type is in the GM's menu; ``gN V`` types the
    HP of a loss, a restoration or a revival: a form field."""
    from meikyu.systems.meikyu_kingdom.combat.legal import gm_actions

    t = battle()
    menu = t.menu()
    types = {i.action["@type"] for i in menu if i.kind == "gm"}
    assert {type(a).__name__ for a in gm_actions(t.game.state)} <= types
    t.take("gm/reduce_hp/hana", amount=3)
    assert any(i.form and "amount" in i.form for i in t.menu() if i.key.startswith("gm/restore_hp/hana"))
    t.take("gm/restore_hp/hana", amount=2)


def battle_keys() -> None:
    """A key plays any side's move: the monsters' (and an absent player's) are in the GM's menu."""
    t = battle()
    state = t.game.state
    legal = {t.kind.rules.actions.dump(a)["@type"] for a in t.kind.rules.legal_actions(state)}
    assert legal <= {i.action["@type"] for i in t.menu()}


def autopilot() -> None:
    """``m``: the tactical policy plays the monsters — ``gm/auto`` and the GM panel's switch."""
    t = battle()
    for _ in range(20):
        if any(i.key == "gm/auto" for i in t.menu()):
            t.take("gm/auto")
            return
        t.game.play(t.kind.rules.legal_actions(t.game.state)[0])
    pytest.fail("gm/auto never offered")


def round_table(command: str) -> Callable[[], None]:
    def check() -> None:
        t = session("gm/advance", "gm/advance")
        if command in ("minions", "next"):
            t.take("doyun/assign_minions", count=4) if command == "minions" else t.take("gm/end_organization")
            return
        t.take("gm/end_organization")
        if command in ("facility", "passage", "destroy", "approve", "refuse"):
            request = {"facility": "all/request_facility", "passage": "all/request_passage",
                       "destroy": "all/request_destroy"}.get(command, "all/request_passage")
            assert t.item(request)
            if command in ("approve", "refuse"):
                t.take(request, a="C1", b="C2") if request == "all/request_passage" else None
                t.take(f"gm/{command}")
        elif command == "item":
            t.take("haneul/request_item", item="rope", value=1)
            t.take("gm/approve")
    return check


def seen(check: Callable[[Any], bool], *tables: Callable[[], Table]) -> Callable[[], None]:
    def run() -> None:
        for make in tables:
            t = make()
            assert check(t.kind.view(t.game.state, GM, "en")), t.kind
    return run


ALWAYS = api("/api/games/{id}/actions")  # an answered action is stored; closing the page keeps the game

WALK: dict[tuple[str, str], tuple[str, Callable[[], None]]] = {
    ("mk play", "N"): ("POST /actions: the item of legal_actions (GM panel / actions pane)", every_listed_step),
    ("mk play", "check"): ("gm/call_check form (GM panel)", call_check),
    ("mk play", "act"): ("<pc>/act form (each ready character's declaration)", declare),
    ("mk play", "coop"): ("<pc>/cooperate form", cooperate),
    ("mk play", "fall"): ("gm/fall_outside (GM panel)", fall),
    ("mk play", "transport"): ("all/transport items; other mixes: POST /actions {Transport}", transport),
    ("mk play", "u"): ("POST /undo (GM panel: undo)", api("/api/games/{id}/undo")),
    ("mk play", "s"): ("nothing to do: every answered POST is stored", ALWAYS),
    ("mk play", "q"): ("close the page: the game stays, its links open it again", ALWAYS),
    ("mk play", "g"): ("the GM panel's list of interventions (kind gm)", battle_gm_actions),
    ("mk play", "m"): ("gm/auto and the GM panel's autopilot switch", autopilot),
    ("mk play", "rulings"): ("gm/gm_effect, gm/gm_roll_table, gm/gm_set (GM panel)", gm_rulings),
    ("mk table", "approve"): ("gm/approve", round_table("approve")),
    ("mk table", "refuse"): ("gm/refuse", round_table("refuse")),
    ("mk table", "next"): ("gm/end_organization, gm/end_budget", round_table("next")),
    ("mk table", "minions"): ("<pc>/assign_minions form", round_table("minions")),
    ("mk table", "item"): ("<pc>/request_item form", round_table("item")),
    ("mk table", "facility"): ("all/request_facility form", round_table("facility")),
    ("mk table", "passage"): ("all/request_passage form", round_table("passage")),
    ("mk table", "destroy"): ("all/request_destroy form", round_table("destroy")),
    ("mk table", "undo"): ("POST /undo", api("/api/games/{id}/undo")),
    ("mk table", "map"): ("the board's kingdom maps (GET view.kingdom)", seen(lambda v: "maps" in str(v), session)),
    ("mk table", "status"): ("the board (GET view)", seen(lambda v: "budget" in str(v), session)),
    ("mk table", "quit"): ("close the page", ALWAYS),
    ("mk battle", "key"): ("the monsters' moves in the GM's menu; an absent player's too", battle_keys),
    ("mk battle", "g"): ("the GM panel's interventions; gN V: their HP field", battle_gm_actions),
    ("mk battle", "m"): ("gm/auto and the autopilot switch", autopilot),
    ("mk battle", "u"): ("POST /undo", api("/api/games/{id}/undo")),
    ("mk battle", "p"): ("a player's link from GET /seats opens the players' view", api("/api/games/{id}/seats")),
    ("mk battle", "q"): ("close the page", ALWAYS),
}


def terminal_commands() -> set[tuple[str, str]]:
    """The command words each terminal reads, from its source."""
    play = (MK / "play.py").read_text()
    found = {("mk play", w) for w in re.findall(r'words\[0\]\.lower\(\) == "(\w+)"', play)}
    found |= {("mk play", w) for w in re.findall(r'text\.lower\(\) == "(\w)"', play)}
    found |= {("mk play", w) for w in re.findall(r'command_word\(text\) == "(\w)"', play)}
    found |= {("mk play", "g")} if "is_gm_command(text)" in play else set()
    from meikyu.systems.meikyu_kingdom.table_runner import COMMAND_WORDS

    found |= {("mk table", w) for w in COMMAND_WORDS}
    cli = (MK / "combat" / "cli.py").read_text()
    found |= {("mk battle", w) for w in re.findall(r'word == "(.)"', cli)}
    found |= {("mk battle", "g")} if "is_gm_command(text)" in cli else set()
    return {(t, w) for t, w in found if w not in HELP}


def test_every_terminal_command_has_a_row() -> None:
    missing = terminal_commands() - set(WALK)
    assert not missing, f"terminal GM commands with no web/API route listed: {sorted(missing)}"


@pytest.mark.parametrize("row", sorted(WALK), ids=lambda r: f"{r[0]}:{r[1]}")
def test_the_web_route_does_what_the_terminal_command_does(row: tuple[str, str]) -> None:
    route, check = WALK[row]
    assert route
    check()
