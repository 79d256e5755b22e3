"""The action picker in Chromium (issue 26, point 1): the sample battle played by four players through
the picker — one small question at a time, at most 12 controls per step, an ordinary attack in at most
4 taps (a piece tapped on the battlefield as its target) — on a desktop and on a 390 px phone."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.api.conftest import Server
from tests.web.conftest import Seat, create_game, live_at, open_seat, seat_url
from tests.web.mk_play import confirmed, gm_do, sync

CONTROLS = "() => document.querySelectorAll('.picker button, .picker input, .picker select').length"
STEP = "() => { const p = document.querySelector('.picker'); return p ? p.dataset.step : null; }"
KINDS = "() => [...document.querySelectorAll('.picker [data-pick]')].map((b) => b.dataset.pick)"
PREFER = ("attack", "check", "other", "support", "hope", "move")


def drive(seat: Seat, counts: list[int], taps: list[int]) -> bool:
    """One action through ``seat``'s picker, if it shows one; False when it does not. Attacks are preferred:
    a piece of the other side is tapped on the battlefield as the target, weapon and hope left as offered."""
    page = seat.page
    if page.evaluate(STEP) is None:
        return False
    before = live_at(seat)
    tapped, attacking = 0, False
    for _ in range(8):
        step = page.evaluate(STEP)
        if step is None or int(page.get_attribute("#main", "data-version") or -1) > before:
            break
        counts.append(page.evaluate(CONTROLS))
        if step == "who":
            page.locator(".picker button.pick").first.click()
        elif step == "kind":
            offered = page.evaluate(KINDS)
            kind = next(k for k in PREFER if k in offered)
            attacking = kind == "attack"
            page.locator(f'.picker button.pick[data-pick="{kind}"]').click()
        elif step == "target":
            if page.locator("#board .piece.monsters.pick-target").count():
                page.locator("#board .piece.monsters.pick-target .piece-name").first.click()
            else:
                page.locator(".picker button.pick").first.click()
        else:
            page.locator(".picker button.pick-go").first.click()
            tapped += confirmed(page)  # hope from the voice that sets a disaster off is asked first
            tapped += 1
            break
        tapped += 1
    live_at(seat, before + 1)
    if attacking:
        taps.append(tapped)
    return True


def answer(seat: Seat) -> bool:
    """A prompt stays a direct question (6s, minion help, breakthrough): its first answer is taken."""
    button = seat.page.locator("#actions .prompt button.act:not([disabled])")
    if not button.count():
        return False
    before = live_at(seat)
    button.first.click()
    confirmed(seat.page)  # the voice's consent, when it sets a kingdom disaster off
    live_at(seat, before + 1)
    return True


@pytest.mark.parametrize(("lang", "viewport"), [("en", {"width": 1280, "height": 900}),
                                                ("ko", {"width": 390, "height": 844})])
def test_the_sample_battle_is_played_through_the_picker(web_server: Server, browser: object, lang: str,
                                                        viewport: dict[str, int]) -> None:
    game = create_game(web_server, "MeikyuKingdom", "battle", setup={"encounter": "sample", "seed": 5}, lang=lang)
    gm = open_seat(browser, seat_url(web_server, game, "gm"), lang, viewport)
    live_at(gm)
    gm_do(gm, "gm/begin")
    gm.page.check("#auto-toggle")  # the monsters by the tactical policy
    players = [open_seat(browser, seat_url(web_server, game, f"pc:{pc}"), lang, viewport)
               for pc in ("hana", "toru", "mio", "sora")]
    counts: list[int] = []
    taps: list[int] = []
    for _ in range(60):
        sync([gm, *players], live_at(gm))
        if gm.page.locator(".battle .outcome").count() or len(taps) >= 4:
            break
        if not (any(answer(p) for p in [*players, gm]) or any(drive(p, counts, taps) for p in players)):
            gm.page.wait_for_timeout(300)  # the monsters' turn: the policy plays it
    assert taps, "no attack was made through the picker"
    assert max(counts) <= 12, counts
    assert max(taps) <= 4, taps
    assert not any(s.errors for s in [gm, *players]), [s.errors for s in [gm, *players]]
    out = os.environ.get("MEIKYU_PICKER_COUNTS")
    if out:  # for BENCHMARKS.md
        with Path(out).open("a") as f:
            f.write(json.dumps({"lang": lang, "width": viewport["width"], "max_controls": max(counts),
                                "steps": len(counts), "attack_taps": taps}) + "\n")
