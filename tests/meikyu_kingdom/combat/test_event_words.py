"""A battle line names a monster species by its pieces' name in the reader's language, never by the
bestiary's id (issue 26 §8: the screens' words test found `moss_rat 4마리가 전투에 합류했습니다.`)."""

from __future__ import annotations

import pytest

from meikyu.systems.meikyu_kingdom.combat import events as ev
from meikyu.systems.meikyu_kingdom.combat.model import COURT, MONSTERS, Battle, Combatant
from meikyu.systems.meikyu_kingdom.combat.view import render


@pytest.mark.parametrize(("lang", "name"), [("ko", "이끼쥐"), ("ja", "苔ネズミ"), ("en", "Moss Rat")])
def test_reinforcements_are_named_by_their_species_words(lang: str, name: str) -> None:
    rat = Combatant("m1", "Moss Rat", MONSTERS, 3, 9, 5, species="moss_rat", names=("이끼쥐", "苔ネズミ", "Moss Rat"))
    battle = Battle((rat, Combatant("pc", "Ari", COURT, 2, 9, 9)))
    line = render(ev.Reinforced("moss_rat", 4), battle, lang)
    assert name in line and "moss_rat" not in line


@pytest.mark.parametrize(("lang", "words"), [("ko", "실수로 생긴 함정"), ("ja", "ファンブルでできた罠"),
                                             ("en", "a trap left by a fumble")])
def test_a_trap_a_fumble_left_is_named_in_words_r_mk_29(lang: str, words: str) -> None:
    from meikyu.systems.meikyu_kingdom.combat.model import Trap

    battle = Battle((Combatant("pc", "Ari", COURT, 4, 9, 9),),
                    traps=(Trap(id="trap1", name="fumble", area=4, hidden=False, method=""),))
    line = render(ev.TrapAppeared("trap1", 4), battle, lang)
    assert words in line and "trap1" not in line and "fumble" not in line.replace(words, "")
