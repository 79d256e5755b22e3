"""Unit tests of the pieces behind the routes: parameter reading, errors, config, the CLI hook."""

from __future__ import annotations

import argparse

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from meikyu.api.cli import register, run_serve
from meikyu.api.config import ApiConfig, parse_timeout
from meikyu.api.errors import ApiError, from_input_error
from meikyu.api.openapi import docs_html, document
from meikyu.api.params import check_dice_text, format_param, lang_param, parse_body
from meikyu.errors import CommandError, DataError, DiceError, InputError, UnknownSystem


@settings(max_examples=300, deadline=None)
@given(body=st.binary(max_size=300),
       ctype=st.sampled_from([None, "application/json", "application/x-www-form-urlencoded",
                              "multipart/form-data; boundary=b", "multipart/form-data", "text/plain",
                              "application/ld+json", "multipart/form-data; boundary=\"\""]))
def test_parse_body_only_ever_refuses_with_api_errors(body: bytes, ctype: str | None) -> None:
    try:
        fields = parse_body(body, ctype, max_fields=16)
    except ApiError as err:
        assert 400 <= err.status < 500
    else:
        assert all(isinstance(k, str) and isinstance(v, str) for k, v in fields.items())


def test_multipart_keeps_named_text_fields_and_skips_files() -> None:
    body = (b'--b\r\nContent-Disposition: form-data; name="command"\r\n\r\n2MK\r\n'
            b'--b\r\nContent-Disposition: form-data; name="up"; filename="a.txt"\r\n\r\nzzz\r\n--b--\r\n')
    assert parse_body(body, "multipart/form-data; boundary=b", 8) == {"command": "2MK"}


def test_json_values() -> None:
    assert parse_body(b'{"dice": [6, 1], "lang": "ko", "n": 3, "b": true}', "application/json", 8) == {
        "dice": "6,1", "lang": "ko", "n": "3", "b": "true"}
    with pytest.raises(ApiError):
        parse_body(b'{"dice": [true]}', "application/json", 8)
    with pytest.raises(ApiError):
        parse_body(b'{"a": 1, "b": 2, "c": 3}', "application/json", 2)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=60))
def test_dice_text_parses_or_raises_dice_error(text: str) -> None:
    try:
        values = check_dice_text(text)
    except DiceError:
        return
    assert all(1 <= v <= 1_000_000 for v in values)


def test_lang_and_format_params() -> None:
    assert lang_param({"lang": "JA"}, "ko") == "ja"
    assert lang_param({}, "ko") in ("ko", "ja", "en")
    assert format_param({"format": "Text"}) == "text"
    # Our own optional parameters fall back to their defaults instead of refusing the request.
    assert lang_param({"lang": "fr"}, "ko") in ("ko", "ja", "en")
    assert format_param({"format": "xml"}) == "bcdice"


def test_error_reasons_match_bcdice_api() -> None:
    cases = [(UnknownSystem("error.system.unknown", name="X", known="Y"), "unsupported game system"),
             (CommandError("error.command.unknown", command="x"), "unsupported command"),
             (DiceError("error.dice.bad_value", value="x"), "invalid dice"),
             (DataError("error.data", file="f"), "unsupported table"),
             (InputError("error.lang", value="x"), "invalid parameter")]
    for error, reason in cases:
        mapped = from_input_error(error, "invalid parameter")
        assert (mapped.status, mapped.reason) == (400, reason)
        body = mapped.body("ko")
        assert body["ok"] is False and body["message"]


def test_error_message_falls_back_to_reason_when_template_breaks() -> None:
    class Broken(ApiError):
        def message(self, lang: str) -> str:
            raise RuntimeError("boom")

    assert Broken(400, "unsupported command", "x").body("en")["message"] == "unsupported command"


def test_config_from_env_prefers_meikyu_names() -> None:
    env = {"MEIKYU_ADMIN_NAME": "A", "BCDICE_API_ADMIN_NAME": "B", "BCDICE_API_ADMIN_URL": "u",
           "MEIKYU_API_BODY_TIMEOUT": "3"}
    cfg = ApiConfig.from_env(env, admin_email="e@x")
    assert (cfg.admin_name, cfg.admin_url, cfg.admin_email, cfg.body_timeout) == ("A", "u", "e@x", 3.0)
    for bad in ("0", "-1", "abc", "nan", "99999"):
        with pytest.raises(InputError):
            parse_timeout(bad)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser()
    register(parser.add_subparsers())
    return parser


@pytest.mark.parametrize("argv", [["serve", "--port", "70000"], ["serve", "--workers", "0"],
                                  ["serve", "--body-timeout", "never"]])
def test_cli_rejects_bad_options_with_a_message(argv: list[str]) -> None:
    args = _parser().parse_args(argv)
    with pytest.raises(InputError) as info:
        run_serve(args)
    assert info.value.message("ko") and info.value.message("en") != info.value.key


def test_openapi_lists_every_route_and_docs_page_links_it() -> None:
    doc = document()
    assert set(doc["paths"]) == {"/v2/version", "/v2/admin", "/v2/game_system", "/v2/game_system/{id}",
                                 "/v2/game_system/{id}/roll", "/v2/original_table", "/api/kinds", "/api/games",
                                 "/api/games/{id}", "/api/games/{id}/actions", "/api/games/{id}/undo", "/api/games/{id}/settings",
                                 "/api/games/{id}/seats/{seat}/token", "/api/games/{id}/events",
                                 "/api/games/{id}/export", "/api/games/{id}/messages",
                                 "/api/games/{id}/messages/{n}/reveal", "/api/games/{id}/messages/{n}/hide",
                                 "/api/games/{id}/palette", "/api/games/{id}/seats",
                                 "/api/games/{id}/sheet", "/api/games/{id}/cards", "/api/sheets/facilities",
                                 "/api/sheets/schema", "/api/sheets/template", "/api/sheets/check",
                                 "/api/sheets/export", "/api/sheets/import", "/api/cards/choices",
                                 "/api/cards/schema", "/api/cards/template", "/api/cards/check", "/api/cards/export"}
    assert "/openapi.json" in docs_html()


def test_every_message_key_used_has_ko_ja_en_texts() -> None:
    import re
    import tomllib
    from pathlib import Path

    import meikyu.api

    source = "\n".join(p.read_text(encoding="utf-8") for p in Path(meikyu.api.__file__).parent.glob("*.py"))
    keys = set(re.findall(r'"(api\.(?:error|cli)\.[a-z_]+)"', source))
    keys |= {f"api.cli.{k}" for k in re.findall(r'_t\("([a-z_]+)"', source)}
    assert len(keys) > 20
    folder = Path(meikyu.api.__file__).parent / "i18n"
    for lang in ("ko", "ja", "en"):
        data = tomllib.loads((folder / f"{lang}.toml").read_text(encoding="utf-8"))
        for key in sorted(keys):
            section, name = key.removeprefix("api.").split(".")
            assert data.get(section, {}).get(name), (key, lang)
