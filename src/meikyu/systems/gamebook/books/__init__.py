"""Books shipped with meikyu: ``kaze-no-tou.toml`` (風の塔 / The Tower of Winds), ja and en in one file."""

from __future__ import annotations

from pathlib import Path


def sample_path() -> Path:
    """Where the sample book lives.

    >>> sample_path().name
    'kaze-no-tou.toml'
    """
    return Path(__file__).with_name("kaze-no-tou.toml")
