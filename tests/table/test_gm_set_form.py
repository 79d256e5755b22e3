"""The GM's "set a value" forms (R-MK-01b) name every field in the reader's language: one form for the kingdom,
one for a character (which one is chosen), one for the session, each listing only its target's fields — the
rules' field names are the options' values, never their labels."""

from __future__ import annotations

import re

import pytest

from meikyu.systems.meikyu_kingdom.session_state import settable_fields
from meikyu.table.mk_session import SessionKind

LATIN_ID = re.compile(r"^[a-z]+(_[a-z]+)*$")


@pytest.mark.parametrize("lang", ["ko", "ja", "en"])
def test_every_field_of_every_set_form_has_a_name_in_the_readers_language(lang: str) -> None:
    kind = SessionKind()
    state = kind.setup("sample", lang)
    forms = {i.key: i for i in kind.menu(state, "gm", lang) if i.action["@type"] == "GmSet"}
    assert set(forms) == {"gm/gm_set/target=kingdom", "gm/gm_set", "gm/gm_set/target=session"}
    for key, target in (("gm/gm_set/target=kingdom", "kingdom"), ("gm/gm_set", "doyun"),
                        ("gm/gm_set/target=session", "session")):
        form = forms[key].form
        assert form is not None
        options = form["field"]["options"]
        assert [o["value"] for o in options] == list(settable_fields(target))
        labels = [o["label"] for o in options]
        assert len(set(labels)) == len(labels), labels  # no two fields named alike
        for option in options:
            assert not option["label"].startswith("table."), option  # a catalog's text, not its key
            if lang != "en":
                assert not LATIN_ID.match(option["label"]), option  # "goal_met", "max_hp" … not in ko/ja
        assert all(not LATIN_ID.match(spec["label"]) or lang == "en" for spec in form.values())
    court = forms["gm/gm_set"].form["target"]["options"]  # type: ignore[index]
    assert [o["value"] for o in court] == [c.id for c in state.session.court]


def test_the_value_box_knows_every_fields_value_now() -> None:
    """The value follows the field (and, for a character, the target): the form carries each field's value now,
    keyed as the page's choices are, so the box never keeps the first field's value for another field."""
    kind = SessionKind()
    state = kind.setup("sample", "en")
    forms = {i.key: i.form for i in kind.menu(state, "gm", "en") if i.action["@type"] == "GmSet"}
    session = state.session
    kingdom = forms["gm/gm_set/target=kingdom"]["value"]  # type: ignore[index]
    assert kingdom["follows"] == ["field"] and kingdom["defaults"]["upkeep"] == session.kingdom.upkeep
    court = forms["gm/gm_set"]["value"]  # type: ignore[index]
    assert court["follows"] == ["target", "field"]
    for c in session.court:
        assert court["defaults"][c.id]["max_hp"] == c.max_hp and court["defaults"][c.id]["name"] == c.name
        assert set(court["defaults"][c.id]) == set(settable_fields(c.id))
    rest = forms["gm/gm_set/target=session"]["value"]  # type: ignore[index]
    assert rest["defaults"] == {f: getattr(session, f) for f in settable_fields("session")}
