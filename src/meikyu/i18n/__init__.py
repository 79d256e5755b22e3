"""Message catalogs in Korean, Japanese and English.

Messages live in TOML files (one per language) next to the code that owns them. The core catalog
is this package; a game system registers its own with :func:`register_catalog` under a key prefix
(``"gb."`` for the gamebook, say). Files are read on first use, never at import time.

>>> translate("word.success", "ja")
'成功'
"""

from __future__ import annotations

from typing import Any

LANGS: tuple[str, ...] = ("ko", "ja", "en")
FALLBACK_LANGS: tuple[str, ...] = ("en", "ko", "ja")
"""Where a text a data file gives in some of :data:`LANGS` only is read when the reader's language is
missing from it: English, else Korean, else Japanese (an encounter's notes, an item's notes)."""

_catalogs: dict[str, str] = {"": "meikyu.i18n"}  # key prefix -> package holding {lang}.toml
_loaded: dict[tuple[str, str], dict[str, str]] = {}


def register_catalog(prefix: str, package: str) -> None:
    """Serve keys starting with ``prefix`` from ``package``'s ``ko.toml`` / ``ja.toml`` / ``en.toml``."""
    _catalogs[prefix] = package


def _flatten(prefix: str, table: dict[str, Any], out: dict[str, str]) -> None:
    for key, value in table.items():
        full = f"{prefix}{key}"
        if isinstance(value, dict):
            _flatten(full + ".", value, out)
        else:
            out[full] = str(value)


def _catalog(package: str, lang: str) -> dict[str, str]:
    cached = _loaded.get((package, lang))
    if cached is None:
        import tomllib  # only when a message is first rendered: `meikyu roll 2D6` never parses TOML
        from importlib import resources

        cached = {}
        path = resources.files(package).joinpath(f"{lang}.toml")
        if path.is_file():
            _flatten("", tomllib.loads(path.read_text(encoding="utf-8")), cached)
        _loaded[(package, lang)] = cached
    return cached


def _package_for(key: str) -> tuple[str, str]:
    """The package serving ``key`` and the key inside its files (the prefix stripped)."""
    best = ""
    for prefix in _catalogs:
        if key.startswith(prefix) and len(prefix) > len(best):
            best = prefix
    return _catalogs[best], key[len(best) :]


def lookup(key: str, lang: str) -> str | None:
    """The raw template for ``key`` in ``lang`` (falling back to English), or ``None``."""
    package, local = _package_for(key)
    # A system's files hold keys without the prefix ("mk.error.x" is [error] x in mk's ko.toml);
    # the full key is accepted too.
    for code in (lang, "en") if lang != "en" else ("en",):
        catalog = _catalog(package, code)
        template = catalog.get(local) or catalog.get(key)
        if template is not None:
            return template
    return None


def entries(prefix: str, lang: str) -> dict[str, str]:
    """Every raw template whose key starts with ``prefix`` (a whole section, such as ``"mk.battle.area."``),
    in ``lang`` with English for any key ``lang`` lacks.

    >>> entries("word.", "ja")["word.success"]
    '成功'
    """
    package, local = _package_for(prefix)
    full = prefix[: len(prefix) - len(local)]
    out: dict[str, str] = {}
    for code in ("en", lang) if lang != "en" else ("en",):
        for key, template in _catalog(package, code).items():
            if key.startswith(local):
                out[full + key] = template
    return out


def translate(key: str, lang: str, /, **params: Any) -> str:
    """Format the message ``key`` in ``lang`` with ``params``; an unknown key shows itself."""
    template = lookup(key, lang)
    if template is None:
        details = ", ".join(f"{k}={v}" for k, v in params.items())
        return f"{key} ({details})" if details else key
    try:
        text = template.format(**params)
    except (KeyError, IndexError, ValueError):
        return template
    if lang == "ko" and params:
        # Korean templates write both particles ("{name}이(가)"); keep the one the filled-in word takes.
        from meikyu.i18n.hangul import settle_particles

        text = settle_particles(text)
    return text
