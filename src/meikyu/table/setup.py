"""Reading a setup object: the parts a game is set up from, with errors naming part and field.

>>> data_of("[encounter]\\nvoice = 2\\n", "setup.encounter", "en")
{'encounter': {'voice': 2}}
>>> data_of("voice = ", "setup.encounter", "en")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
meikyu.errors.DataError: ...
>>> known_fields({"seed": 1, "sead": 2}, "setup", ("seed",))
Traceback (most recent call last):
...
meikyu.errors.DataError: setup: unknown field 'sead'; known: seed, files.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from meikyu.errors import DataError
from meikyu.files import check_plain, parse_toml
from meikyu.i18n import translate


def data_of(raw: Any, part: str, lang: str) -> dict[str, Any]:
    """``raw`` as tables: TOML text is parsed, a JSON object taken as it is; anything else is refused."""
    if isinstance(raw, Mapping):
        return dict(check_plain(raw, part))
    if isinstance(raw, str):
        return parse_toml(raw, part)
    raise DataError("table.error.setup_field", part=part.rpartition(".")[0] or part,
                    field=part.rpartition(".")[2], expected=translate("table.expect.tables", lang))


def known_fields(data: Mapping[str, Any], part: str, known: Iterable[str]) -> None:
    """Refuse a field that is not one of ``known`` (a typo must not pass silently). A setup may always
    carry ``files``: the names of the files its parts came from (the web page sends them), so that an
    error names the user's file; a kind that reads no file ignores them."""
    names = (*known, "files") if part == "setup" else tuple(known)
    for key in data:
        if key not in names:
            raise DataError("table.error.setup_unknown", part=part, field=key, known=", ".join(names))
