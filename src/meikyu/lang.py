"""The language a user asked for: the argument, else ``MEIKYU_LANG``, else a default.

It sits above :mod:`meikyu.errors` (a wrong choice is an :class:`~meikyu.errors.InputError`), which sits
above :mod:`meikyu.i18n` (an error is a message key the catalogs render); so the catalogs import no error.

>>> resolve_lang("EN")
'en'
"""

from __future__ import annotations

import os

from meikyu.errors import InputError
from meikyu.i18n import LANGS


def resolve_lang(lang: str | None = None, default: str = "ko") -> str:
    """Pick the language: the argument, else ``MEIKYU_LANG``, else ``default``.

    Raises :class:`meikyu.errors.InputError` for anything but ko / ja / en.
    """
    if lang in LANGS:
        return lang
    chosen = (lang or os.environ.get("MEIKYU_LANG") or default).strip().lower()
    if chosen not in LANGS:
        raise InputError("error.lang", lang=chosen, langs=", ".join(LANGS))
    return chosen
