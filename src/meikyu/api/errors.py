"""Request-level failures and how they become bcdice-api style JSON errors.

bcdice-api answers ``{"ok": false, "reason": …}`` with a fixed English ``reason`` that bots compare
against; we keep those strings and add ``message``, a sentence in the caller's language saying what was
wrong and what would be right.

>>> err = ApiError(400, "unsupported command", "api.error.missing", name="command")
>>> err.body("en")["reason"], err.body("en")["message"]
('unsupported command', "the parameter 'command' is missing or empty; send a dice command such as command=2MK+3>=9.")
"""

from __future__ import annotations

from typing import Any

from meikyu.errors import CommandError, DataError, DiceError, InputError, UnknownSystem

# Reasons bcdice-api itself uses (clients match these exact strings).
UNSUPPORTED_SYSTEM = "unsupported game system"
UNSUPPORTED_COMMAND = "unsupported command"
NOT_FOUND = "not found"
# Reasons of our own, for cases bcdice-api does not distinguish (or answers with a 500).
UNSUPPORTED_TABLE = "unsupported table"
INVALID_DICE = "invalid dice"
INVALID_PARAMETER = "invalid parameter"


class ApiError(Exception):
    """A request we refuse: HTTP ``status``, bcdice-style ``reason``, localized ``message`` key."""

    def __init__(self, status: int, reason: str, key: str, /, headers: dict[str, str] | None = None,
                 **params: Any):
        super().__init__(reason)
        self.status = status
        self.reason = reason
        self.key = key
        self.params = params
        self.headers = headers or {}

    def message(self, lang: str) -> str:
        from meikyu.i18n import translate

        return translate(self.key, lang, **self.params)

    def body(self, lang: str) -> dict[str, Any]:
        try:
            message = self.message(lang)
        except Exception:
            # A broken message template must not turn a 4xx into a 500; the reason still says enough.
            import logging

            logging.getLogger("meikyu.api").exception("cannot render message %s", self.key)
            message = self.reason
        return {"ok": False, "reason": self.reason, "message": message}


class InputFailure(ApiError):
    """Wraps a core :class:`meikyu.errors.InputError`, keeping its own localized message."""

    def __init__(self, error: InputError, reason: str):
        # The core error keeps its own parameters (which may be named anything, "reason" included).
        super().__init__(400, reason, error.key)
        self.error = error

    def message(self, lang: str) -> str:
        return self.error.message(lang)


def from_input_error(error: InputError, default_reason: str = UNSUPPORTED_COMMAND) -> ApiError:
    """Map a core error to the reason a bcdice-api client expects.

    >>> from meikyu.errors import UnknownSystem
    >>> from_input_error(UnknownSystem("error.system.unknown", name="X", known="Y")).reason
    'unsupported game system'
    """
    if isinstance(error, UnknownSystem):
        reason = UNSUPPORTED_SYSTEM
    elif isinstance(error, DiceError):
        reason = INVALID_DICE
    elif isinstance(error, CommandError):
        reason = UNSUPPORTED_COMMAND
    elif isinstance(error, DataError):
        reason = UNSUPPORTED_TABLE
    else:
        reason = default_reason
    return InputFailure(error, reason)
