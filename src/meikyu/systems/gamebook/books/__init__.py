"""Books shipped with meikyu, each one TOML file carrying its ja, en and ko editions.

- ``kaze-no-tou`` (風の塔 / The Tower of Winds / 바람의 탑): stamina, a wind counter, flags, fights
  with escape — the default sample;
- ``yami-no-kodo`` (闇の坑道 / The Dark Mine / 어둠의 갱도): attack checks, traps dodged on defense,
  stat / item / ability conditions, a noise counter, a carried weapon to take up.

>>> sample_path().name
'kaze-no-tou.toml'
>>> [book_id for book_id, _ in samples()]
['kaze-no-tou', 'yami-no-kodo']
>>> sample_path("yami-no-kodo").name
'yami-no-kodo.toml'
"""

from __future__ import annotations

from pathlib import Path

from meikyu.errors import InputError

SAMPLES: tuple[str, ...] = ("kaze-no-tou", "yami-no-kodo")
"""The shipped books' ids, the default sample first."""


def samples() -> list[tuple[str, Path]]:
    """Every shipped book as (id, path), the default sample first."""
    return [(book_id, Path(__file__).with_name(f"{book_id}.toml")) for book_id in SAMPLES]


def sample_path(book_id: str | None = None) -> Path:
    """Where a shipped book lives: the default sample, or the one with id ``book_id``."""
    name = SAMPLES[0] if book_id is None else book_id
    if name not in SAMPLES:
        raise InputError("gb.error.unknown_sample", name=name, known=", ".join(SAMPLES))
    return Path(__file__).with_name(f"{name}.toml")
