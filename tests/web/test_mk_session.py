"""A whole Meikyuu Kingdom session in three browsers (kind ``session``; R-MK-01, R-MK-03 … R-MK-06, R-MK-23):
the GM and two players (Haneul, Doyun) walk the kingdom phase (the round table: minions, an item the GM
approves), lead the court through the sample labyrinth (the hall's trap, the den's battle, which is the
scenario's goal), come home and close the end phase. The GM plays the two absent players' characters
and lets the tactical policy play the monsters. Every page follows each step; no player page ever holds
what the GM keeps (the labyrinth's traps, the rooms' encounters and events), in the DOM or on the wire.
"""

from __future__ import annotations

import pytest

from tests.api.conftest import Server
from tests.web.conftest import Seat, create_game, live_at, open_seat, seat_url
from tests.web.mk_play import Wish, assert_players_never_hold, play_table, sync

# What the GM's files hold that the players never see: the rooms the court never enters, their encounter
# and their event (the hall's trap they do learn of, when it springs or is found).
GM_ONLY = ("rustles among torn sacks", "Pantry Rats", "Moss Rat", "glowing mushrooms", "Whisper of the Shrine",
           "mushroom spirit")


class Table:
    """What the people at this table want to do, in order, given whether a fight is on the board."""

    def __init__(self) -> None:
        self.fought = False
        self.round_table = [
            Wish(r"^haneul/assign_minions$", once=True, form={"count": "3"}),
            Wish(r"^doyun/assign_minions$", once=True, form={"count": "2"}),
            Wish(r"^gm/end_organization$"),
            Wish(r"^doyun/request_item$", once=True, form={"item": "rope", "value": "1"}),
            Wish(r"^gm/end_budget$"),
        ]
        self.name = Wish(r"^gm/choose$", form={"option": "Black Empire"})  # a great power to name (KMT 2)
        self.answer = Wish(r".", where="prompt")  # a prompt's first answer (no hope spent, no 6 converted)
        self.fight = [Wish(r"/attack/m\d+$"), Wish(r".", kind="check"), Wish(r"/move/1$"), Wish(r"/pass$"),
                      Wish(r"^gm/begin$"), Wish(r"^all/roll_treasure/"),  # the haul, after the win
                      Wish(r".", where="actions"), Wish(r".", where="for-players")]
        self.walk = [Wish(r"^all/enter_labyrinth$"), Wish(r"/search_trap/stat=search$"),
                     Wish(r"^all/take_material/"), Wish(r"/finish_check$"), Wish(r"/go_hungry$"),
                     Wish(r"/roll_disaster$")]  # voice ran low (R-MK-20)
        self.kingdom = [Wish(r"^gm/settle_income"), Wish(r"^gm/roll_kingdom_change$"), Wish(r"^gm/advance$")]

    def wishes(self, battle: bool) -> list[Wish]:
        if battle:
            self.fought = True
            return [self.answer, *self.fight]
        way = ([Wish(r"^all/go_home$"), Wish(r"/move_to/room=gate$"), Wish(r"/move_to/room=hall$")] if self.fought
               else [Wish(r"/move_to/room=den$"), Wish(r"/move_to/room=hall$")])
        return [*way, *self.walk, self.name, self.answer, *self.round_table, *self.kingdom]


def phase(seat: Seat) -> str:
    return seat.page.get_attribute(".session-phase", "data-phase") or ""


def test_gm_and_two_players_play_a_whole_session(web_server: Server, browser: object) -> None:
    game = create_game(web_server, "MeikyuKingdom", "session", lang="en")
    gm = open_seat(browser, seat_url(web_server, game, "gm"))
    haneul = open_seat(browser, seat_url(web_server, game, "pc:haneul"))
    doyun = open_seat(browser, seat_url(web_server, game, "pc:doyun"))
    everyone = [gm, haneul, doyun]
    sync(everyone, 0)
    assert phase(haneul) == "preparation"
    gm.page.check("#auto-toggle")
    table = Table()
    trace: list[str] = []

    # The kingdom phase, up to the round table's end.
    play_table(gm, [haneul, doyun], table.wishes, lambda s: phase(s) == "labyrinth", trace=trace)
    for seat in everyone:
        sheet = seat.page.locator('.sheet[data-id="haneul"]').inner_text().replace("\n", " ")
        assert "minions 3" in sheet, sheet
    assert any(k.endswith(" gm/approve") for k in trace), trace

    # The labyrinth: the court enters, finds the den and fights there.
    version = play_table(gm, [haneul, doyun], table.wishes, lambda s: s.page.locator(".battle").count() > 0,
                         trace=trace)
    for seat in everyone:
        assert seat.page.locator(".battlefield .area").count() == 6
        assert "Brick Thieves' Den" in seat.page.locator(".labyrinth .room-now").inner_text()
    assert doyun.page.locator('.piece[data-id="doyun"] .badge').first.inner_text() == "you"

    version = play_table(gm, [haneul, doyun], table.wishes, lambda s: phase(s) == "over", trace=trace)
    sync(everyone, version)
    assert table.fought
    for seat in everyone:
        assert phase(seat) == "over"
        assert seat.page.locator(".log-line .die").count() > 0
    assert_players_never_hold([haneul, doyun], GM_ONLY)
    assert not any(seat.errors for seat in everyone), [seat.errors for seat in everyone]
    assert live_at(gm) == version


@pytest.mark.parametrize(("lang", "notes"), [("ko", "HP 1D6 회복, 한 번 쓰면 없어진다"), ("ja", "HPを1D6回復し、使えばなくなる"),
                                             ("en", "Restores 1D6 HP and is used up")])
def test_an_items_notes_are_its_badges_title_in_the_readers_language(web_server: Server, browser: object,
                                                                      lang: str, notes: str) -> None:
    game = create_game(web_server, "MeikyuKingdom", "session", lang=lang)
    player = open_seat(browser, seat_url(web_server, game, "pc:haneul"), lang)
    live_at(player, 0)
    titles = player.page.locator(".sheet .items .badge[title]").evaluate_all("(els) => els.map((e) => e.title)")
    assert notes in titles, titles
    assert not player.errors, player.errors
