"""What the games service refuses, as errors the faces map to HTTP statuses (403, 401, 422).

>>> Refused(InputError("games.error.after"), rule="R-MK-27").rule
'R-MK-27'
"""

from __future__ import annotations

from meikyu.errors import InputError, MeikyuError


class Forbidden(InputError):
    """The seat may not do this (HTTP 403)."""


class Unauthorized(InputError):
    """The token is no seat of this game (HTTP 401)."""


class Refused(InputError):
    """The rules or the game's settings refuse the request (HTTP 422); ``rule`` names the rule id if any."""

    def __init__(self, error: MeikyuError, rule: str | None = None) -> None:
        super().__init__(error.key, **error.params)
        self.error = error
        self.rule = rule

    def message(self, lang: str | None = None, /) -> str:
        return self.error.message(lang)
