"""Meikyuu Kingdom's single-roll tables: loading, lookup, texts and the structured effects' vocabulary."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from importlib import resources

import pytest

from meikyu.dice.source import RandomDice, ScriptedDice
from meikyu.errors import CommandError, InputError
from meikyu.formula import evaluate, parse_formula
from meikyu.systems.meikyu_kingdom.tables import catalog as mk_tables
from meikyu.systems.meikyu_kingdom.tables.catalog import TABLE_CODES, get_table, roll_table
from meikyu.systems.meikyu_kingdom.tables.effects import VOCABULARY
from meikyu.tables import LANGS, Effect, Table, load_table

DATA = resources.files("meikyu.systems.meikyu_kingdom").joinpath("data").joinpath("tables")


def _walk(effects: tuple[Effect, ...]) -> Iterator[Effect]:
    for effect in effects:
        yield effect
        for _, value in effect.params:
            if isinstance(value, tuple) and value and isinstance(value[0], Effect):
                yield from _walk(value)


def test_codes_are_bcdices_single_roll_tables() -> None:
    assert TABLE_CODES[:14] == (
        "KDT", "KCT", "KMT", "CAT", "FWT", "CFT", "TT", "T1T", "T2T", "T3T", "T4T", "T5T", "MPT", "ET",
    )
    assert len(TABLE_CODES) == len(set(TABLE_CODES)) == 44


@pytest.mark.parametrize("code", TABLE_CODES)
def test_every_table_file_loads_and_names_itself(code: str) -> None:
    table = get_table(code)
    assert table.id == code
    assert table.dice in ("1D6", "2D6", "D66", "D66N")
    for lang in LANGS:
        assert table.name[lang]
        for entry in table.entries:
            assert entry.text[lang].strip()
    # The file loads on its own too, through the vocabulary it names.
    path = DATA.joinpath(f"{code}.toml")
    assert load_table(f"{code}.toml", path.read_text(encoding="utf-8")) == table


@pytest.mark.parametrize("code", TABLE_CODES)
def test_every_file_says_its_texts_are_ours(code: str) -> None:
    head = DATA.joinpath(f"{code}.toml").read_text(encoding="utf-8").split("\nid =")[0]
    assert "project's own" in head and code in head


def test_lookup_is_case_insensitive_and_cached() -> None:
    assert get_table("kdt") is get_table("KDT") is get_table(" Kdt ")


def test_unknown_code_is_a_command_error_in_three_languages() -> None:
    with pytest.raises(CommandError) as info:
        get_table("XYZ")
    assert isinstance(info.value, InputError)
    for lang in LANGS:
        text = info.value.message(lang)
        assert "XYZ" in text and "KDT" in text and "{" not in text


def test_tables_load_lazily() -> None:
    """Nothing is read at import time: the cache fills on first use."""
    mk_tables._cache.clear()
    assert mk_tables._cache == {}
    get_table("TT")
    assert set(mk_tables._cache) == {"TT"}


def test_kingdom_disaster_famine_is_structured() -> None:
    """R-MK-20: KDT 9 loses 2D6 citizens, each meat saves one."""
    result = roll_table("KDT", ScriptedDice([4, 5]))
    assert result.value == 9
    (effect,) = result.effects
    assert effect.type == "citizens"
    assert evaluate(effect["amount"], ScriptedDice([3, 6])) == -9  # type: ignore[arg-type]
    assert effect.get("saved_by_material") == "meat"
    assert result.bcdice_text().startswith("王国災厄表(9) ＞ ")


def test_kingdom_checks_use_the_standard_difficulty() -> None:
    """R-MK-18: every national check in KDT/KCT/KMT is vs hostile*2 + unfriendly + 9."""
    env = {"hostile_nations": 2, "unfriendly_nations": 1}
    seen = 0
    for code in ("KDT", "KCT", "KMT"):
        for entry in get_table(code).entries:
            for effect in _walk(entry.effects):
                if effect.type == "national_check":
                    seen += 1
                    assert parse_formula(str(effect["difficulty"])).evaluate(ScriptedDice([]), env) == 14
    assert seen == 4 + 4 + 4


def test_critical_hit_power_double_and_instant_kill() -> None:
    """R-MK-29: CAT 5 doubles power; CAT 12 sets the target's HP to 0."""
    cat = get_table("CAT")
    assert cat.entry_for(5).effects == (Effect("damage_multiplier", (("factor", 2),)),)
    kill = cat.entry_for(12).effects[0]
    assert (kill.type, kill.get("who"), kill.get("value")) == ("set_hp", "target", 0)


def test_fatal_wound_minions_shield_has_a_fallback() -> None:
    """R-MK-31, R-MK-19: FWT 9 costs 2D6 minions and cancels the damage; without minions, incapacitated."""
    (effect,) = get_table("FWT").entry_for(9).effects
    assert effect.type == "minions" and effect["amount"] == "-2D6"
    assert [e.type for e in effect.effects("then")] == ["cancel_damage"]
    assert [e.type for e in effect.effects("if_none")] == ["incapacitated"]


def test_combat_fumble_monster_variants() -> None:
    """R-MK-29: CFT entries with a monster-side variant branch on monster_side."""
    cft = get_table("CFT")
    for value in (2, 9, 11, 12):
        branch = cft.entry_for(value).effects[0]
        assert branch.type == "if" and branch["condition"] == "monster_side"


def test_treasure_levels_rise_with_the_table() -> None:
    """R-MK-43: higher treasure tables give more materials."""
    most = []
    for n in range(1, 6):
        amounts = [
            e["amount"] for entry in get_table(f"T{n}T").entries for e in entry.effects if e.type == "materials"
        ]
        most.append(max(amounts))  # type: ignore[type-var]
    assert most == sorted(most) and most[0] == 3 and most[-1] == 15


def test_travel_desertion_sends_minions_home() -> None:
    """R-MK-45: TT 9 failures lose 1D6 minions who desert home."""
    check = get_table("TT").entry_for(9).effects[0]
    (loss,) = check.effects("on_failure")
    assert (loss.type, loss["amount"], loss["desert"]) == ("minions", "-1D6", True)


FULL_ENV = {name: 3 for name in VOCABULARY.variables}


@pytest.mark.parametrize("code", TABLE_CODES)
def test_every_formula_evaluates(code: str) -> None:
    """Every formula in every effect is valid and reads only vocabulary variables."""
    dice = RandomDice(seed=7)
    for entry in get_table(code).entries:
        for effect in _walk(entry.effects):
            spec = VOCABULARY.types[effect.type]
            for name, value in effect.params:
                param = spec.param(name)
                assert param is not None
                if param.kind == "formula":
                    assert isinstance(evaluate(value, dice, FULL_ENV), int)  # type: ignore[arg-type]


def test_effects_md_is_the_vocabulary() -> None:
    """data/tables/EFFECTS.md is VOCABULARY.describe(); regenerate it when the vocabulary changes."""
    assert DATA.joinpath("EFFECTS.md").read_text(encoding="utf-8") == VOCABULARY.describe()


def test_every_effect_type_is_used_or_documented() -> None:
    used = {
        e.type for code in TABLE_CODES for entry in get_table(code).entries for e in _walk(entry.effects)
    }
    assert used <= set(VOCABULARY.types)
    assert len(used) >= 45


def test_rolling_many_times_always_lands_on_an_entry() -> None:
    dice = RandomDice(seed=1)
    for code, _ in itertools.product(TABLE_CODES, range(50)):
        result = roll_table(code, dice)
        assert isinstance(result.table, Table)
        assert result.entry.covers(result.value)
        assert result.render("ko").startswith(result.table.name["ko"])
