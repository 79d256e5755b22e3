"""Shared fixtures for the Meikyuu Kingdom core tests."""

from __future__ import annotations

import pytest
from mk_core_helpers import pc

import meikyu.systems.meikyu_kingdom  # noqa: F401  (registers the mk. catalog)
from meikyu.systems.meikyu_kingdom.check.check import CheckOptions, CheckState
from meikyu.systems.meikyu_kingdom.sheets.character import Character
from meikyu.systems.meikyu_kingdom.sheets.kingdom import Kingdom


@pytest.fixture
def make_state():  # type: ignore[no-untyped-def]
    def build(*court: Character, voice: int = 10, land_makers: int = 4, **kingdom: object) -> CheckState:
        chars = court or (pc(),)
        k = Kingdom("k", voice=voice, land_makers=land_makers, **kingdom)  # type: ignore[arg-type]
        return CheckState(k, chars, options=CheckOptions(sixes_prompt=True))  # a new game's check

    return build
