"""Playing Meikyuu Kingdom through the pages, shared by the battle and the session browser tests: what a
sensible player clicks, the GM's interventions through the panel's list, and a game played on by the
people at the table (:func:`play_table`: the first wished-for action offered to anyone, the GM playing the
absent players' characters, the tactical policy the monsters), bounded in time at every step."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tests.web.conftest import Seat, live_at

CLICK_MS = 5000
"""How long a click waits for its button: an offered button is there at once, unless a redraw took it away."""


def assert_players_never_hold(players: list[Seat], secrets: tuple[str, ...]) -> None:
    """No player page holds any of ``secrets``: not in a byte it received (as written or JSON-escaped), not in
    its DOM, and no GM panel on it."""
    for player in players:
        received = player.seen()
        dom = player.page.content()
        for text in secrets:
            assert text not in received and text not in dom, text
            assert json.dumps(text)[1:-1] not in received, text
        assert player.page.locator(".gm-hidden, #gm:not([hidden])").count() == 0


def sync(seats: list[Seat], version: int) -> None:
    for seat in seats:
        live_at(seat, version)


def advanced(seat: Seat, version: int) -> bool:
    """Wait (at most 5 s) for the page to show ``version``; False when it did not (the loop then looks again)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        seat.page.wait_for_function("v => Number(document.querySelector('#main').dataset.version) >= v",
                                    arg=version, timeout=5000)
        return True
    except PlaywrightTimeout:
        return False


def confirmed(page: Any) -> bool:
    """Say yes to the confirmation an action asks first (issue 26, point 7), if it asked one (the dialog opens
    in the click's own handler); whether it did."""
    if page.locator("dialog.confirm[open]").count() == 0:
        return False
    page.locator("dialog.confirm .confirm-yes").click()
    return True


def gm_do(gm: Seat, key: str) -> int:
    """The GM takes one intervention from the panel's list (confirming it when asked); the version after it."""
    before = live_at(gm)
    gm.page.select_option("#gm-override", value=key)
    gm.page.click("#gm-override-go")
    confirmed(gm.page)
    return live_at(gm, before + 1)


def open_for_players(gm: Seat) -> None:
    """Open the GM's "act for an absent player" box (it stays open across redraws)."""
    if gm.page.locator(".for-players").count() and gm.page.locator(".for-players[open]").count() == 0:
        gm.page.locator(".for-players summary").click()


OFFERED = """() => {
  const out = [];
  const main = document.querySelector('#main');
  for (const el of document.querySelectorAll('#actions button.act[data-key], #gm button.act[data-key]')) {
    if (el.disabled) continue;
    const kind = [...el.classList, ...(el.closest('form') ? el.closest('form').classList : [])]
      .find((c) => c.startsWith('kind-'));
    out.push({ key: el.dataset.key, kind: kind ? kind.slice(5) : '', form: Boolean(el.closest('form')),
               where: el.closest('.prompt') ? 'prompt' : el.closest('.for-players') ? 'for-players'
                 : el.closest('#gm') ? 'gm' : 'actions' });
  }
  const select = document.querySelector('#gm-override');
  if (select && !select.disabled) {
    for (const o of select.options) out.push({ key: o.value, kind: 'gm', form: false, where: 'override' });
  }
  return { version: Number(main.dataset.version), items: out, busy: main.classList.contains('busy'),
           battle: Boolean(document.querySelector('.battle')) && !document.querySelector('.battle .outcome') };
}"""
"""What a page offers now, in one look: each enabled action's key, kind and where it sits."""


@dataclass
class Wish:
    """An action the table wants taken when it is offered: its key (a regular expression), who may take it
    (a player seat first, then the GM), how often (``once``: then it is struck off), and a form's values."""

    key: str
    once: bool = False
    form: dict[str, str] = field(default_factory=dict)
    kind: str = ""
    where: str = ""
    taken: bool = False


def _pick(looks: list[tuple[Seat, dict[str, Any]]], wishes: list[Wish]) -> tuple[Seat, dict[str, Any], Wish] | None:
    for wish in wishes:
        if wish.taken:
            continue
        for seat, look in looks:
            for item in look["items"]:
                if re.search(wish.key, item["key"]) and (not wish.kind or item["kind"] == wish.kind) \
                        and (not wish.where or item["where"] == wish.where) and not re.search(UNSAFE, item["key"]):
                    return seat, item, wish
    return None


UNSAFE = r"surrender|escape|/hide|gm_skip|gm_set|set_goal|labyrinth_turn|call_check|/act/|camp|^m\d+/"
"""Never taken by the scripted table: giving up, the GM's quick rulings, a declared cycle action, a camp (a long detour), a monster's
move (the tactical policy plays the monsters)."""


def take(seat: Seat, item: dict[str, Any], wish: Wish, version: int) -> bool:
    """Take ``item`` on ``seat``'s page: a button, a form filled in from the wish, or the GM's list. False when
    it is gone before the click (the page moved on past ``version`` meanwhile: the policy's move came in)."""
    from playwright.sync_api import (
        TimeoutError as PlaywrightTimeout,  # imported here: the tests skip without it
    )

    try:
        _take(seat, item, wish)
        return True
    except PlaywrightTimeout:
        if int(seat.page.get_attribute("#main", "data-version") or -1) > version:
            return False
        raise


def _take(seat: Seat, item: dict[str, Any], wish: Wish) -> None:
    page = seat.page
    key = json.dumps(item["key"], ensure_ascii=False)  # a CSS string (a key may hold hangul)
    if item["where"] == "override":
        page.select_option("#gm-override", value=item["key"], timeout=CLICK_MS)
        page.click("#gm-override-go", timeout=CLICK_MS)
        confirmed(page)
        return
    if item["where"] == "for-players":
        open_for_players(seat)
    scope = "#gm" if item["where"] in ("gm", "for-players") else "#actions"
    if scope == "#actions" and page.locator("#actions details.all-actions:not([open])").count():
        page.locator("#actions details.all-actions > summary").click()  # the full list under the picker
    if item["form"]:
        form = page.locator(f"{scope} form.item-form[data-key={key}]").first
        for name, value in wish.form.items():
            form.locator(f'[name="{name}"]').fill(value, timeout=CLICK_MS)
    page.locator(f"{scope} button.act[data-key={key}]").first.click(timeout=CLICK_MS)
    confirmed(page)


def play_table(gm: Seat, players: list[Seat], wishes: Callable[[bool], list[Wish]], done: Callable[[Seat], bool],
               max_steps: int = 400, trace: list[str] | None = None) -> int:
    """Play on the pages until ``done(gm)``: each step the first wish offered to anyone (``wishes(battle)``,
    battle: a fight is on the board) is taken, a player's page before the GM's; with none, the tactical
    policy's move for the monsters (the GM's switch) is waited for. Never waits unbounded: a step that
    offers nothing wished for fails with what each page offered. The last version."""
    everyone = [gm, *players]
    waited = 0  # looks in a row that found only the policy's move to wait for
    for _ in range(max_steps):
        version = live_at(gm)
        sync(everyone, version)
        if done(gm):
            return version
        looks = [(seat, seat.page.evaluate(OFFERED)) for seat in [*players, gm]]
        if any(look["version"] != version or look["busy"] for _, look in looks):
            # a change came in while we looked, or the GM's page has the autopilot's own move out (every
            # button disabled until its answer is in: a look then finds nothing, which is no dead end)
            continue
        battle = looks[-1][1]["battle"]
        chosen = _pick(looks, wishes(battle))
        if chosen is None:
            if any(i["key"] == "gm/auto" for i in looks[-1][1]["items"]) and waited < 3:
                waited += advanced(gm, version + 1) is False  # the policy plays the monsters
                continue
            refused = [s.page.locator(".refused").all_inner_texts() for s in everyone]
            raise AssertionError(("nothing wished for is offered", (trace or [])[-12:], refused,
                                  gm.page.locator("#board").inner_text()[:1500],
                                  {s.page.url[-12:]: [i["key"] for i in look["items"]] for s, look in looks},
                                  [s.errors for s in everyone], gm.page.locator("#main").get_attribute("class"),
                                  gm.page.locator("#actions").inner_html()[:1500],
                                  gm.page.locator("#gm").inner_html()[:1500]))
        waited = 0
        seat, item, wish = chosen
        if trace is not None:
            trace.append(f"{version} {item['key']}")
        if not take(seat, item, wish, version):
            continue
        wish.taken = wish.once
        if not advanced(gm, version + 1):
            refused = seat.page.locator(".refused")
            assert refused.count() == 0 or "moved on" in refused.inner_text(), (item["key"], refused.inner_text())
    raise AssertionError("the game did not end")
