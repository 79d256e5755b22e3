"""The reading state machine: creation, paragraphs, conditions, effects and combat with fixed dice."""

from __future__ import annotations

from pathlib import Path

import pytest

from meikyu.dice import ScriptedDice
from meikyu.engine import Game
from meikyu.errors import RuleError
from meikyu.systems.gamebook.book import load_book
from meikyu.systems.gamebook.books import sample_path
from meikyu.systems.gamebook.events import (
    AbilityChosen,
    CombatLost,
    CombatWon,
    EnemyDefeated,
    HitsRestored,
    ShinBlocks,
    ShinHits,
    ShinWounded,
    StoryWin,
)
from meikyu.systems.gamebook.rules import (
    Attack,
    Choose,
    ChooseDie,
    Distribute,
    Escape,
    GamebookRules,
    PlayState,
    Proceed,
    RollCreation,
    UseAbility,
)

ARENA = Path(__file__).parent / "books" / "arena.toml"


def arena_game(points: int = 3, spread: tuple[int, int, int] = (1, 1, 1)) -> Game[PlayState]:
    """A game at paragraph 1 with Shin 4+spread (default 5/5/5: the seed's example Shin)."""
    rules = GamebookRules(load_book(ARENA))
    game = Game(rules, rules.initial(), dice=ScriptedDice([]))
    game.play(RollCreation(), ScriptedDice([points, 1]))
    game.play(ChooseDie(0))
    game.play(Distribute(*spread))
    return game


def fight(game: Game[PlayState], choice: int, ability: str | None = None) -> None:
    game.play(Choose(choice))
    game.play(Proceed())
    if ability is not None:
        game.play(UseAbility(ability))


# -- creation (R-GB-01, R-GB-02) ---------------------------------------------------------------------
def test_start_sheet_r_gb_01_r_gb_02() -> None:
    """R-GB-01/02: 4/4/4, hits = stamina, one sword of kill 3; nothing else recorded."""
    rules = GamebookRules(load_book(ARENA))
    s = rules.initial().sheet
    assert (s.attack, s.defense, s.stamina, s.hits, s.weapon, s.kill) == (4, 4, 4, 4, "sword", 3)
    assert s.items == (("sword", 1),) and s.abilities == () and s.progress == () and s.flags == ()


def test_creation_prompts_and_even_spread_r_gb_02() -> None:
    """R-GB-02: roll 2D6, choose a die (prompt), spread it all with the start cap of 6 (prompt)."""
    rules = GamebookRules(load_book(ARENA))
    game = Game(rules, rules.initial(), dice=ScriptedDice([2, 5]))
    game.play(RollCreation())
    assert rules.prompt(game.state).kind == "die"
    assert game.legal_actions()[0] == ChooseDie(1)  # the larger die is recommended
    game.play(ChooseDie(1))
    prompt = rules.prompt(game.state)
    assert prompt.kind == "distribute" and prompt.options[0] == "2/2/1"
    assert all(max(map(int, o.split("/"))) <= 2 for o in prompt.options)
    before = game.state
    with pytest.raises(RuleError) as info:
        game.play(Distribute(3, 1, 1))  # attack would reach 7
    assert info.value.rule == "R-GB-02" and game.state is before
    with pytest.raises(RuleError):
        game.play(Distribute(1, 1, 1))  # must spend all 5 points
    game.play(Distribute(2, 2, 1))
    s = game.state.sheet
    assert (s.attack, s.defense, s.stamina) == (6, 6, 5) and game.state.paragraph == "1"


# -- effects and conditions (R-GB-03..07) -------------------------------------------------------------
def test_effects_items_progress_flags_r_gb_04_05_06() -> None:
    """R-GB-04/05/06: consumables counted, counters from 0, flags as two-digit codes; stat rises uncapped."""
    game = arena_game(points=6, spread=(2, 2, 2))
    assert game.state.sheet.counter("drill") == 0
    game.play(Choose(4))  # train
    s = game.state.sheet
    assert s.count("herb") == 2 and s.flags == ("07",) and s.counter("drill") == 1
    assert s.stamina == 8 and s.hits == 8  # later increases pass 6 (R-GB-02)
    assert s.weapon == "spear" and s.kill == 4  # kill value from the equipped weapon (R-GB-01)
    assert set(s.abilities) == {"guard", "twin"}  # R-GB-03: recorded when learned
    game.play(Choose(1))
    labels = GamebookRules(load_book(ARENA)).open_choices(game.state)
    assert len(labels) == 5  # "Rest" opens once a herb is held
    game.play(Choose(5))  # rest: one herb used, effects once per visit
    game.play(Choose(1))
    game.play(Choose(5))
    s = game.state.sheet
    assert s.count("herb") == 0 and s.counter("drill") == 3
    game.play(Choose(1))
    assert len(GamebookRules(load_book(ARENA)).open_choices(game.state)) == 4  # no herb, no rest


def test_first_listed_condition_wins_r_gb_07() -> None:
    """R-GB-07: at the sample's paragraph 12, with the key AND Wind's Favor ≥ 1, the first (key → 14) wins."""
    book = load_book(sample_path())
    rules = GamebookRules(book)
    from dataclasses import replace

    from meikyu.systems.gamebook.sheet import Sheet

    state = replace(rules.initial(), phase="read", paragraph="12",
                    sheet=Sheet(items=(("key", 1), ("sword", 1)), progress=(("wind", 2),)))
    assert rules.jump_target(state) == "14"
    only_wind = replace(state, sheet=Sheet(progress=(("wind", 1),)))
    assert rules.jump_target(only_wind) == "15"
    assert rules.jump_target(replace(state, sheet=Sheet())) == "16"
    new, _ = rules.step(state, Proceed(), ScriptedDice([]))
    assert new.paragraph == "14" and new.sheet.count("key") == 0


def test_stat_check_r_gb_01() -> None:
    """R-GB-01 (stamina for travel): the sample's wall climb is 2D6 + stamina ≥ 11."""
    rules = GamebookRules(load_book(sample_path()))
    game = Game(rules, rules.initial(), dice=ScriptedDice([3, 1, 1, 1, 1, 5, 6]))
    game.play(RollCreation())
    game.play(ChooseDie(0))
    game.play(Distribute(1, 1, 1))  # stamina 5
    game.play(Choose(1))  # to the tower
    game.play(Choose(2))  # climb
    game.play(Proceed())  # 1+1+5 = 7 < 11
    assert game.state.paragraph == "9" and game.state.sheet.stamina == 4
    game.undo()
    game.play(Proceed(), ScriptedDice([5, 6]))  # 11 ≥ 11
    assert game.state.paragraph == "8" and game.state.sheet.counter("wind") == 1


def test_story_mode_needs_no_dice_r_gb_08() -> None:
    """R-GB-08: story mode — no creation roll, every fight won, every check and condition satisfied."""
    rules = GamebookRules(load_book(sample_path()))
    game = Game(rules, rules.initial(story=True), dice=ScriptedDice([]))
    assert game.state.phase == "read" and game.state.paragraph == "1"
    game.play(Choose(1))
    game.play(Choose(1))  # front hall: the rat fight
    events = game.play(Proceed())
    assert isinstance(events[0], StoryWin) and game.state.paragraph == "10"
    game.play(Choose(1))  # landing
    game.play(Proceed())
    assert game.state.paragraph == "14"  # every condition holds; the first listed wins (R-GB-07)


# -- combat (R-GB-10..16) ---------------------------------------------------------------------------
def test_worked_example_slime_falls_on_second_hit_r_gb_10_11_13() -> None:
    """R-GB-10/11/13, the seed's example: hit on 2D6 ≥ 4; 4 → 3, then 3 ≤ kill 3 → 0 on the second hit."""
    game = arena_game()
    fight(game, 1)
    # Shin 2+1 = 3 +5 = 8 < 9 misses; slime: 2+2 = 4 +5 = 9 < 10 wounds (5 → 4).
    game.play(Attack(0), ScriptedDice([2, 1, 2, 2]))
    assert game.state.combat.foes[0].left == 4 and game.state.combat.hits == 4
    # Shin 2+2 = 4 → 9 ≥ 9 hits (4 → 3); slime 3+2 = 5 → 10 blocked.
    events = game.play(Attack(0), ScriptedDice([2, 2, 3, 2]))
    hit = next(e for e in events if isinstance(e, ShinHits))
    assert (hit.before, hit.after, hit.instant) == (4, 3, False)
    assert any(isinstance(e, ShinBlocks) for e in events)
    events = game.play(Attack(0), ScriptedDice([1, 3]))  # 4 → hit; 3 hits left ≤ kill 3 → 0
    hit = next(e for e in events if isinstance(e, ShinHits))
    assert (hit.before, hit.after, hit.instant) == (3, 0, True)
    assert any(isinstance(e, EnemyDefeated) for e in events) and any(isinstance(e, CombatWon) for e in events)
    assert game.state.paragraph == "90" and game.state.phase == "ended"


def test_worked_example_kill_four_first_hit_wins_r_gb_13() -> None:
    """R-GB-13: with a kill-4 weapon the first successful attack fells the slime (4 ≤ 4)."""
    game = arena_game()
    game.play(Choose(4))  # train: spear (kill 4)
    game.play(Choose(1))
    fight(game, 1, ability="")
    events = game.play(Attack(0), ScriptedDice([3, 1]))
    assert game.state.paragraph == "90"
    assert next(e for e in events if isinstance(e, ShinHits)).instant


def test_worked_example_shin_falls_on_fourth_failed_block_r_gb_12_13() -> None:
    """R-GB-12/13: blocks need 2D6 ≥ 5; the slime's kill 2 fells Shin on the 4th failure (5→4→3→2→0)."""
    game = arena_game()
    fight(game, 1)
    afters = []
    for _ in range(4):
        events = game.play(Attack(0), ScriptedDice([1, 1, 2, 2]))  # miss (7), fail block (9 < 10)
        afters += [e.after for e in events if isinstance(e, ShinWounded)]
    assert afters == [4, 3, 2, 0]
    assert game.state.paragraph == "91" and game.state.ending == "bad"


def test_blocks_on_five_r_gb_12() -> None:
    """R-GB-12: 2D6 + defense 5 ≥ attack 10 blocks — 5 blocks, 4 does not."""
    game = arena_game()
    fight(game, 1)
    events = game.play(Attack(0), ScriptedDice([1, 1, 4, 1]))
    assert any(isinstance(e, ShinBlocks) for e in events)
    events = game.play(Attack(0), ScriptedDice([1, 1, 3, 1]))
    assert any(isinstance(e, ShinWounded) for e in events)


def test_several_enemies_target_prompt_and_order_r_gb_14() -> None:
    """R-GB-14: one attack per exchange at a chosen target; every standing enemy attacks, in listed order."""
    game = arena_game()
    rules = game.rules
    fight(game, 3)
    assert rules.prompt(game.state).kind == "target"
    assert game.legal_actions()[:2] == [Attack(0), Attack(1)]
    # Shin hits the goblin (kill 3 ≥ 2: down); then only the orc attacks.
    events = game.play(Attack(0), ScriptedDice([3, 3, 6, 6]))
    attackers = [e.enemy for e in events if isinstance(e, (ShinBlocks, ShinWounded))]
    assert [a.get("en") for a in attackers] == ["Orc"]
    with pytest.raises(RuleError) as info:
        game.play(Attack(0), ScriptedDice([3, 3]))
    assert info.value.rule == "R-GB-14"
    # A fresh fight: Shin misses; the goblin then the orc attack, in that order.
    game = arena_game()
    fight(game, 3)
    events = game.play(Attack(1), ScriptedDice([1, 1, 6, 6, 6, 6]))
    attackers = [e.enemy.get("en") for e in events if isinstance(e, (ShinBlocks, ShinWounded))]
    assert attackers == ["Goblin", "Orc"]


def test_escape_timing_and_thresholds_r_gb_15() -> None:
    """R-GB-15: only where allowed, only between exchanges, 1D6 4+ against one enemy; failure fights on."""
    game = arena_game()
    fight(game, 1)
    assert Escape() not in game.legal_actions()
    with pytest.raises(RuleError) as info:
        game.play(Escape(), ScriptedDice([6]))
    assert info.value.rule == "R-GB-15"
    game = arena_game()
    fight(game, 2)
    assert Escape() not in game.legal_actions()  # not before the first exchange
    game.play(Attack(0), ScriptedDice([1, 1, 6, 6]))
    assert Escape() in game.legal_actions()
    game.play(Escape(), ScriptedDice([3]))  # 3 < 4: fails, the fight goes on
    assert game.state.phase == "combat" and Escape() not in game.legal_actions()
    game.play(Attack(0), ScriptedDice([1, 1, 6, 6]))
    events = game.play(Escape(), ScriptedDice([4]))
    assert game.state.paragraph == "92" and any(isinstance(e, HitsRestored) for e in events)


def test_escape_needs_five_against_two_r_gb_15() -> None:
    """R-GB-15: two standing enemies → 5 or 6."""
    game = arena_game()
    fight(game, 3)
    game.play(Attack(1), ScriptedDice([1, 1, 6, 6, 6, 6]))
    game.play(Escape(), ScriptedDice([4]))
    assert game.state.phase == "combat"
    game.play(Attack(1), ScriptedDice([1, 1, 6, 6, 6, 6]))
    game.play(Escape(), ScriptedDice([5]))
    assert game.state.paragraph == "92"


def test_one_ability_per_combat_after_seeing_enemies_r_gb_03() -> None:
    """R-GB-03: the ability prompt comes once the enemies are known; the choice is locked for the combat."""
    game = arena_game()
    game.play(Choose(4))
    game.play(Choose(1))
    game.play(Choose(1))
    game.play(Proceed())
    rules = game.rules
    assert rules.prompt(game.state).kind == "ability"
    assert game.state.combat.foes[0].attack == 10  # enemies are visible before choosing
    with pytest.raises(RuleError):
        game.play(Attack(0), ScriptedDice([6, 6]))
    events = game.play(UseAbility("guard"))
    assert isinstance(events[0], AbilityChosen)
    with pytest.raises(RuleError) as info:
        game.play(UseAbility("twin"))
    assert info.value.rule == "R-GB-03"
    # Guard: defense 5+2 = 7, so 1+2 = 3 → 10 now blocks the slime's 10.
    events = game.play(Attack(0), ScriptedDice([1, 1, 1, 2]))
    assert any(isinstance(e, ShinBlocks) for e in events)


def test_extra_attack_ability_r_gb_03() -> None:
    """R-GB-03 (abilities as data): an extra attack gives two attacks before the enemies answer."""
    game = arena_game()
    game.play(Choose(4))
    game.play(Choose(1))
    fight(game, 3, ability="twin")
    events = game.play(Attack(1), ScriptedDice([1, 1]))  # 2+5 < 9 misses the orc; no enemy answers yet
    assert not any(isinstance(e, (ShinBlocks, ShinWounded)) for e in events)
    events = game.play(Attack(1), ScriptedDice([1, 1, 6, 6, 6, 6]))
    assert sum(isinstance(e, (ShinBlocks, ShinWounded)) for e in events) == 2


def test_hits_restored_after_combat_r_gb_16() -> None:
    """R-GB-16: wounds do not carry over; a higher stamina means more hits at the next combat start."""
    game = arena_game()
    fight(game, 2)
    game.play(Attack(0), ScriptedDice([1, 1, 1, 1]))  # wounded: 5 → 4
    assert game.state.combat.hits == 4
    game.play(Escape(), ScriptedDice([6]))
    assert game.state.sheet.hits == 5
    game2 = arena_game()
    game2.play(Choose(4))  # stamina +2
    game2.play(Choose(1))
    fight(game2, 1, ability="")
    assert game2.state.combat.hits == 7


def test_lost_combat_goes_to_lose_paragraph_r_gb_12() -> None:
    game = arena_game(points=1, spread=(0, 0, 1))  # stamina 5, defense 4
    fight(game, 1)
    for _ in range(4):
        events = game.play(Attack(0), ScriptedDice([1, 1, 1, 1]))
    assert any(isinstance(e, CombatLost) for e in events) and game.state.paragraph == "91"


def test_replay_and_save_roundtrip() -> None:
    """A saved game replays to the same state (Game.to_data / from_data with the dice it drew)."""
    game = arena_game()
    fight(game, 3)
    game.play(Attack(0), ScriptedDice([3, 3, 6, 6]))
    data = game.to_data()
    import json

    again = Game.from_data(game.rules, json.loads(json.dumps(data)))
    assert again.state == game.state


def test_hit_removes_one_miss_changes_nothing_r_gb_11() -> None:
    """R-GB-11: a hit removes exactly 1 of the enemy's hits (no instant kill: 4 > kill 3); a miss removes none."""
    game = arena_game()
    fight(game, 1)
    game.play(Attack(0), ScriptedDice([1, 2, 6, 6]))  # 3 + 5 = 8 < 9: miss; the slime is blocked
    assert game.state.combat.foes[0].left == 4 and game.state.combat.hits == 5
    game.play(Attack(0), ScriptedDice([6, 6, 6, 6]))
    assert game.state.combat.foes[0].left == 3
