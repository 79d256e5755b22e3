"""The page's files and words, without a browser: one catalog per language with the same keys, every
key the scripts ask for present, no inline script, and each file sent gzipped with a strict CSP."""

from __future__ import annotations

import re
from importlib import resources

import pytest
from starlette.applications import Starlette
from starlette.testclient import TestClient

from meikyu.web import routes
from meikyu.web.assets import BORROWED, catalog

STATIC = resources.files("meikyu.web").joinpath("static")
SCRIPTS = sorted(p.name for p in STATIC.joinpath("js").iterdir() if p.name.endswith(".js"))
PAGES = ("home.html", "play.html", "sheets.html", "cards.html")
client = TestClient(Starlette(routes=routes()))


def test_catalogs_have_the_same_keys_in_ko_ja_en() -> None:
    keys = {lang: set(catalog(lang)) for lang in ("ko", "ja", "en")}
    assert keys["ko"] == keys["en"] and keys["ja"] == keys["en"]
    for lang in ("ko", "ja"):
        same = [k for k, v in catalog(lang).items()
                if v == catalog("en")[k] and re.search("[a-z]{4}", re.sub(r"\{\w+\}", "", v))]
        assert not same, f"{lang} words left in English: {same[:5]}"


def _static_keys() -> set[str]:
    found: set[str] = set()
    for name in SCRIPTS:
        text = STATIC.joinpath("js", name).read_text(encoding="utf-8")
        found |= set(re.findall(r'\bt\("([a-z_.A-Z0-9]+)"', text))
    for name in PAGES:
        found |= set(re.findall(r'data-t(?:-label|-placeholder)?="([^"]+)"', STATIC.joinpath(name).read_text("utf-8")))
    return found


def test_every_key_the_page_asks_for_exists() -> None:
    known = set(catalog("en"))
    assert _static_keys() <= known, sorted(_static_keys() - known)


@pytest.mark.parametrize("name", PAGES)
def test_pages_have_no_inline_script_or_style(name: str) -> None:
    text = STATIC.joinpath(name).read_text("utf-8")
    assert re.findall(r"<script(?![^>]*\bsrc=)", text) == []
    assert " style=" not in text and "<style" not in text and " on" + "click=" not in text


def test_scripts_never_write_html() -> None:
    for name in SCRIPTS:
        text = STATIC.joinpath("js", name).read_text(encoding="utf-8")
        assert "innerHTML" not in text and "insertAdjacentHTML" not in text and "eval(" not in text, name


@pytest.mark.parametrize("path", ["/", "/play/some-game", "/sheets", "/cards", "/web/app.css", "/web/js/play.js", "/web/i18n/ko.json"])
def test_files_are_gzipped_with_a_strict_policy_and_revalidate(path: str) -> None:
    reply = client.get(path, headers={"accept-encoding": "gzip"})
    assert reply.status_code == 200
    assert reply.headers["content-encoding"] == "gzip"
    assert "script-src 'self'" in reply.headers["content-security-policy"]
    again = client.get(path, headers={"if-none-match": reply.headers["etag"]})
    assert again.status_code == 304


@pytest.mark.parametrize("path", ["/web/../assets.py", "/web/js/nope.js", "/web/i18n/fr.json", "/web/assets.py",
                                  "/web/.hidden.js"])
def test_nothing_else_is_served(path: str) -> None:
    assert client.get(path).status_code == 404


def test_every_word_of_the_page_is_used() -> None:
    """No dead strings: each key of the page's own catalog is asked for by a script or a page (keys
    built at run time — ``kind.*``, ``game.*`` … — are named by their prefix in the scripts)."""
    text = "\n".join(STATIC.joinpath("js", n).read_text("utf-8") for n in SCRIPTS)
    text += "\n".join(STATIC.joinpath(n).read_text("utf-8") for n in PAGES)
    dynamic = (set(re.findall(r"`([a-z_.]+)\.\$\{", text)) | set(re.findall(r'word\("([a-z_.]+)"', text))
               | set(re.findall(r'said\("([a-z_.]+)"', text)))  # the editor's said(prefix, key)
    borrowed = {k for k in catalog("en") if k.startswith(BORROWED)}
    literals = set(re.findall(r'"([a-z_]+\.[a-zA-Z_.0-9]+)"', text))
    unused = [k for k in set(catalog("en")) - borrowed - _static_keys() - literals
              if not any(k.startswith(prefix + ".") for prefix in dynamic)]
    assert not unused, sorted(unused)
