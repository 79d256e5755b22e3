"""Item names per language (R-MK-29), the GM's typed HP loss (R-MK-32) and the dice prompt (R-MK-11)."""

from __future__ import annotations

import io

import pytest

from meikyu.dice import RandomDice
from meikyu.engine import Game
from meikyu.errors import DataError
from meikyu.systems.meikyu_kingdom.combat import events as ev
from meikyu.systems.meikyu_kingdom.combat.actions import Attack, EndQuarter, ReduceHp
from meikyu.systems.meikyu_kingdom.combat.bestiary import load_bestiary, load_encounter, parse_bestiary
from meikyu.systems.meikyu_kingdom.combat.cli import describe, run_battle
from meikyu.systems.meikyu_kingdom.combat.model import Combatant
from meikyu.systems.meikyu_kingdom.combat.rules import BattleRules, gm_actions
from meikyu.systems.meikyu_kingdom.combat.view import render
from meikyu.systems.meikyu_kingdom.sheets.character import Character

OLD_STYLE = """
[[monster]]
id = "old"
level = 1
names = { ko = "옛것", ja = "古いもの", en = "Old One" }
evasion = 7
hp = 3
attacks = [{ name = "poke", power = 2 }]
"""


def test_r_mk_29_shipped_weapons_have_three_names() -> None:
    """Every shipped attack and weapon carries ko / ja / en names."""
    for species in load_bestiary().values():
        for wp in species.attacks:
            assert len(wp.names) == 3 and wp.label("ko") != wp.label("en"), (species.id, wp.name)
    hana = load_encounter("sample").get("hana")
    assert [w.label(lang) for w in hana.weapons for lang in ("ko", "ja", "en")] == [
        "장검", "長剣", "long sword", "가죽 갑옷", "革鎧", "leather armor"
    ]  # fmt: skip


def test_r_mk_29_old_single_name_files_still_load() -> None:
    """A weapon with only ``name`` loads and shows that name in every language."""
    wp = parse_bestiary(OLD_STYLE, "old.toml")["old"].attacks[0]
    assert wp.names == () and wp.label("ko") == wp.label("ja") == "poke"


def test_r_mk_29_names_need_all_three_languages() -> None:
    bad = OLD_STYLE.replace('name = "poke"', 'names = { ko = "찌르기", en = "poke" }')
    with pytest.raises(DataError) as info:
        parse_bestiary(bad, "old.toml")
    assert "attacks[0]" in info.value.message("en") and "names.ja" in info.value.message("en")


def test_r_mk_29_sheet_item_names_reach_the_battle() -> None:
    sheet = Character.from_data({
        "id": "sara", "name": "Sara", "wit": 1, "charm": 1, "search": 1, "valor": 2, "hp": 8, "max_hp": 9,
        "capacity": 3, "evasion": 9,
        "items": [{"name": "spear", "category": "weapon", "attack": "melee", "power": 3,
                   "names": {"ko": "창", "ja": "槍", "en": "spear"}}],
    })  # fmt: skip
    assert Combatant.from_character(sheet).weapons[0].label("ja") == "槍"


def test_r_mk_29_menu_and_events_show_items_in_the_users_language() -> None:
    battle = load_encounter("sample")
    attack = Attack("hana", "brick_goblin1", 0)
    assert "장검으로" in describe(attack, battle, "ko") and "long sword" not in describe(attack, battle, "ko")
    assert "長剣" in render(ev.ItemBroke("hana", "long sword"), battle, "ja", "player")
    assert "장검" in render(ev.WeaponImproved("hana", "long sword", 2), battle, "ko", "gm")
    # an item not on the sheet (already gone) falls back to the carried name
    assert "club" in render(ev.ItemBroke("hana", "club"), battle, "ko", "gm")


def _gm_number(game: Game, action: object) -> int:
    return gm_actions(game.state).index(action) + 1  # type: ignore[arg-type]


def _run(answers: list[str], lang: str = "en") -> tuple[Game, str, list[str]]:
    prompts: list[str] = []
    queue = iter(answers)

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        return next(queue)

    out = io.StringIO()
    game: Game = Game(BattleRules(), load_encounter("sample"), dice=RandomDice(5))
    run_battle(game, lang, ask, out, fallback=RandomDice(5))
    return game, out.getvalue(), prompts


def test_r_mk_32_gm_types_the_hp_loss() -> None:
    """``g<n> 4`` takes 4 HP from Hana; armor does not reduce HP loss (it is not damage)."""
    game = Game(BattleRules(), load_encounter("sample"))
    n = _gm_number(game, ReduceHp("hana", 1))
    end = _gm_number(game, EndQuarter())
    game2, text, _ = _run(["g", f"g{n} 4", f"g{n} x", f"g{end} 2", "q"])
    hana = game2.state.get("hana")
    assert hana.reduction == 1 and hana.hp == hana.max_hp - 4
    assert f"[g{n} N: another amount]" in text
    assert text.count("give a whole number of 0 or more") == 2  # a bad number; a line without a value


def test_r_mk_32_negative_typed_loss_is_refused() -> None:
    game = Game(BattleRules(), load_encounter("sample"))
    n = _gm_number(game, ReduceHp("hana", 1))
    game2, text, _ = _run([f"g{n} -3", "q"])
    assert game2.state.get("hana").hp == game2.state.get("hana").max_hp
    assert "give a whole number" in text


@pytest.mark.parametrize(("lang", "word"), [("en", "Dice: 2D6"), ("ko", "주사위 2D6"), ("ja", "ダイス2D6")])
def test_r_mk_11_dice_prompt_names_how_many_dice(lang: str, word: str) -> None:
    """The strategy check (R-MK-24) asks for 2D6, and 3D6 when one hope is spent (R-MK-15)."""
    _, _, prompts = _run(["go", "3t", "", "u", "3t+1", "1", "", "q"], lang)  # 1: the hope from drive
    dice_prompts = [p for p in prompts if "D6" in p]
    assert word in dice_prompts[0]
    assert "3D6" in dice_prompts[1]


def test_r_mk_32_gm_list_asks_for_its_choice_at_once() -> None:
    """After ``g`` the GM answers right below the list; Enter goes back without acting."""
    game = Game(BattleRules(), load_encounter("sample"))
    n = _gm_number(game, ReduceHp("toru", 1))
    game2, text, prompts = _run(["g", "", "g", f"{n} 2", "q"], "ko")
    assert sum("GM 행동 번호" in p for p in prompts) == 2
    toru = game2.state.get("toru")
    assert toru.hp == toru.max_hp - 2 and len(game2.history) == 1


def test_r_mk_34_revival_items_come_from_data() -> None:
    """부활약 and 성배 are data (effect = "revive"); an unknown item's error lists the real ones."""
    from meikyu.errors import RuleError
    from meikyu.systems.meikyu_kingdom.combat.actions import Revive
    from meikyu.systems.meikyu_kingdom.combat.items import parse_items, revival_items
    from meikyu.systems.meikyu_kingdom.combat.model import evolve
    from meikyu.systems.meikyu_kingdom.combat.rules import step

    assert {k: v.revives_ghost for k, v in revival_items().items()} == {
        "grail": True,
        "revival_potion": False,
    }
    with pytest.raises(DataError):
        parse_items('[[item]]\nid = "x"\neffect = "revive"', "t.toml")  # names missing
    battle = load_encounter("sample")
    dead = evolve(battle, combatants=tuple(
        evolve(c, condition="dead", hp=-1) if c.id == "hana" else c for c in battle.combatants
    ))  # fmt: skip
    listed = [a for a in gm_actions(dead) if isinstance(a, Revive)]
    assert [a.item for a in listed] == ["grail", "revival_potion"]
    assert describe(listed[0], dead, "ko") == "GM: Hana 부활, HP 12 (성배)"
    assert "蘇生薬" in describe(listed[1], dead, "ja")
    with pytest.raises(RuleError) as info:
        step(dead, Revive("hana", 3, "bandage"), None)  # type: ignore[arg-type]
    assert "grail, revival_potion" in info.value.message("en")


def test_r_mk_34_gm_types_the_revival_hp() -> None:
    """``g<n> 3`` on a revival line revives with 3 HP instead of the maximum."""
    from meikyu.systems.meikyu_kingdom.combat.actions import Revive
    from meikyu.systems.meikyu_kingdom.combat.cli import _with_value

    assert _with_value(Revive("hana", 12, "grail"), "3") == Revive("hana", 3, "grail")
