"""Playing Meikyuu Kingdom through the pages, shared by the battle and the session browser tests: what a
sensible player clicks, the GM's interventions through the panel's list, and a battle played to its end
by the people at the table (the GM playing the monsters and the absent players' characters)."""

from __future__ import annotations

from typing import Any

from tests.web.conftest import Seat, live_at

SAFE = ':not([disabled]):not([data-key*="surrender"]):not([data-key*="escape"]):not([data-key*="/hide"])'
CHOICES = [  # what a sensible player clicks first: answer the prompt, hit, roll strategy, advance, pass
    f"#actions .prompt button.act{SAFE}",
    f"#actions button.kind-attack{SAFE}",
    f"#actions button.kind-check{SAFE}",
    f'#actions button.act[data-key$="/move/1"]{SAFE}',
    f'#actions button.act[data-key$="/pass"]{SAFE}',
    f"#actions button.act{SAFE}",
]


def sync(seats: list[Seat], version: int) -> None:
    for seat in seats:
        live_at(seat, version)


def advanced(seat: Seat, version: int) -> bool:
    """Wait (at most 5 s) for the page to show ``version``; False when it did not (the loop then looks again)."""
    try:
        seat.page.wait_for_function("v => Number(document.querySelector('#main').dataset.version) >= v",
                                    arg=version, timeout=5000)
        return True
    except Exception:
        return False


def gm_do(gm: Seat, key: str) -> int:
    """The GM takes one intervention from the panel's list; the version after it."""
    before = live_at(gm)
    gm.page.select_option("#gm-override", value=key)
    gm.page.click("#gm-override-go")
    return live_at(gm, before + 1)


def open_for_players(gm: Seat) -> None:
    """Open the GM's "act for an absent player" box (it stays open across redraws)."""
    if gm.page.locator(".for-players").count() and gm.page.locator(".for-players[open]").count() == 0:
        gm.page.locator(".for-players summary").click()


def choose(seat: Seat, extra: str = "") -> Any | None:
    """The first sensible action on the seat's page (also looked for under ``extra``), or None."""
    for selector in CHOICES:
        for sel in (selector, selector.replace("#actions", extra)) if extra else (selector,):
            found = seat.page.locator(sel)
            if found.count():
                return found.first
    return None


def battle_over(gm: Seat) -> bool:
    return gm.page.locator(".battle .outcome").count() > 0 or gm.page.locator(".battle").count() == 0


def play_battle(gm: Seat, players: list[Seat], max_steps: int = 400) -> int:
    """Play the battle on the pages to its end: each player plays their own character, the GM the absent
    players' ones (and the monsters, by hand when the policy's switch is off); the last version."""
    everyone = [gm, *players]
    steps = 0
    while True:
        assert steps < max_steps, "the battle did not end"
        version = live_at(gm)
        sync(everyone, version)
        if battle_over(gm):
            return version
        clicker, button = next(((p, b) for p, b in ((p, choose(p)) for p in players) if b is not None), (gm, None))
        if button is None and gm.page.locator('#gm [data-key="gm/auto"]').count() == 0:
            open_for_players(gm)
            button = choose(gm, "#gm .for-players") or choose(gm)
            if button is None:  # the policy's last move may have ended it while we looked
                sync(everyone, live_at(gm))
                if battle_over(gm):
                    continue
            assert button is not None, ("nothing offered to anyone", gm.page.locator("#main").inner_text())
        if button is not None:
            key = button.get_attribute("data-key")
            button.click()
        if not advanced(gm, version + 1) and button is not None:  # the click, or the policy's move
            # Only a race may refuse an offered action: the policy moved for the monsters meanwhile.
            refused = clicker.page.locator(".refused")
            assert refused.count() == 0 or "moved on" in refused.inner_text(), (key, refused.inner_text())
        steps += 1
