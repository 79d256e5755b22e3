"""meikyu: a rules engine for six-sided-dice tabletop RPGs.

The front door is :func:`roll` and :func:`odds` (from :mod:`meikyu.front`). They are loaded on
first use, so ``import meikyu`` stays cheap and later calls go straight to the function.

>>> import meikyu
>>> meikyu.roll("2D6+1>=8", dice=[3, 4]).success
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from meikyu.version import __version__

if TYPE_CHECKING:
    from meikyu.front import odds, roll

__all__ = ["odds", "roll", "__version__"]


def __getattr__(name: str) -> Any:
    if name in ("roll", "odds"):
        from meikyu import front

        value = getattr(front, name)
        globals()[name] = value  # later look-ups skip this hook
        return value
    raise AttributeError(f"module 'meikyu' has no attribute {name!r}")
