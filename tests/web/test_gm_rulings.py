"""The GM's quick ruling "set a value" (R-MK-01b) from the web page: choosing the kingdom's in the GM's list of
interventions shows its form (which field, each named in the GM's language; the new value); a number typed
there reaches the rules as a number, and every page shows the new budget. A value of the wrong type is refused
in the GM's language and changes nothing."""

from __future__ import annotations

import pytest

from tests.api.conftest import Server
from tests.web.conftest import create_game, live_at, open_seat, seat_url


@pytest.mark.parametrize("lang", ["ko", "ja", "en"])
def test_gm_sets_the_kingdoms_budget_from_the_page(web_server: Server, browser: object, lang: str) -> None:
    game = create_game(web_server, "MeikyuKingdom", "session", lang=lang)
    gm = open_seat(browser, seat_url(web_server, game, "gm"), lang=lang)
    haneul = open_seat(browser, seat_url(web_server, game, "pc:haneul"), lang=lang)
    for seat in (gm, haneul):
        live_at(seat, 0)
    page = gm.page
    form = page.locator('#gm .override-form form.item-form[data-key="gm/gm_set/target=kingdom"]')
    assert form.count() == 0 and page.locator("#gm-override-go").is_visible()
    page.select_option("#gm-override", value="gm/gm_set/target=kingdom")
    assert form.count() == 1 and not page.locator("#gm-override-go").is_visible()
    labels = form.locator(".form-field span").all_inner_texts()
    assert len(labels) == 2 and all(label and label not in ("field", "value") for label in labels)
    assert form.locator('select[name="field"]').input_value() == "budget"
    names = form.locator('select[name="field"] option').all_inner_texts()
    assert len(names) > 10 and ("budget" not in names and "upkeep" not in names or lang == "en"), names
    assert form.locator('input[name="value"]').input_value() == "6"  # the budget now, as JSON

    form.locator('input[name="value"]').fill('"many"')  # text where the budget wants a number
    form.locator("button").click()
    page.wait_for_selector("#actions .refused")
    refused = page.locator("#actions .refused").inner_text()
    assert "many" in refused and live_at(gm) == 0

    page.select_option("#gm-override", value="gm/gm_set/target=kingdom")
    form.locator('input[name="value"]').fill("9")
    form.locator("button").click()
    for seat in (gm, haneul):
        live_at(seat, 1)
        assert "9" in seat.page.locator(".kingdom").inner_text()
    assert "9" in haneul.page.locator("#log-lines").inner_text()
    assert all("422" in e for e in gm.errors) and not haneul.errors, (gm.errors, haneul.errors)  # the refusal only
    print(lang, "|", refused, "|", labels)
    for seat in (gm, haneul):
        seat.page.context.close()


def test_gm_applies_an_effect_ruling_with_a_reason_from_the_page(web_server: Server, browser: object) -> None:
    """The effect form (issue 25, point 4): the GM picks "HP" in the GM panel, names Doyun and −3, types a reason;
    Doyun's page shows the HP and the log line with the reason. A ruling the rules refuse (a budget change of
    "lots") is told on the GM's page and changes nothing."""
    game = create_game(web_server, "MeikyuKingdom", "session", lang="en")
    gm = open_seat(browser, seat_url(web_server, game, "gm"))
    doyun = open_seat(browser, seat_url(web_server, game, "pc:doyun"))
    for seat in (gm, doyun):
        live_at(seat, 0)
    page = gm.page
    page.select_option("#gm-override", value="gm/gm_effect/effect=hp")
    form = page.locator('#gm form.item-form[data-key="gm/gm_effect/effect=hp"]')
    form.locator('select[name="who"]').select_option("doyun")
    form.locator('input[name="effect.amount"]').fill("-3")
    page.fill("#gm-reason", "a poisoned needle")
    form.locator("button.act").click()
    live_at(doyun, 2)  # the ruling, then the GM's reason
    log = doyun.page.locator("#log-lines").inner_text()
    assert "Doyun's HP: 12 → 9 (GM ruling)." in log and "a poisoned needle" in log
    assert "9/12" in doyun.page.locator("#board").inner_text()

    live_at(gm, 2)
    page.select_option("#gm-override", value="gm/gm_effect/effect=budget")
    budget = page.locator('#gm form.item-form[data-key="gm/gm_effect/effect=budget"]')
    budget.locator('input[name="effect.amount"]').fill("lots")
    budget.locator("button.act").click()
    page.wait_for_selector("#actions .refused")
    assert "lots" in page.locator("#actions .refused").inner_text() and live_at(gm) == 2
    for seat in (gm, doyun):
        seat.page.context.close()


def test_the_value_box_follows_the_chosen_character_and_field(web_server: Server, browser: object) -> None:
    """Picking another field (or character) in the "set a value" form shows that field's value now in the value
    box, not the first field's: Doyun's HP is 12, his name "도윤", his favor a mapping; Haneul's level is hers."""
    game = create_game(web_server, "MeikyuKingdom", "session", lang="en")
    gm = open_seat(browser, seat_url(web_server, game, "gm"))
    live_at(gm, 0)
    page = gm.page
    page.select_option("#gm-override", value="gm/gm_set")
    form = page.locator('#gm form.item-form[data-key="gm/gm_set"]')
    value = form.locator('input[name="value"]')
    form.locator('select[name="target"]').select_option("doyun")
    form.locator('select[name="field"]').select_option("hp")
    assert value.input_value() == "12"
    form.locator('select[name="field"]').select_option("name")
    assert value.input_value() == '"도윤"'
    form.locator('select[name="field"]').select_option("favor")
    assert value.input_value() == '{"haneul":3,"seoa":1}'
    form.locator('select[name="target"]').select_option("haneul")
    form.locator('select[name="field"]').select_option("level")
    level = value.input_value()
    form.locator("button.act").click()  # the value shown is the value now: setting it changes nothing
    live_at(gm, 1)
    assert f"→ {level}" in page.locator("#log-lines").inner_text() and not gm.errors
    gm.page.context.close()
