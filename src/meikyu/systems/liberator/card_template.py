"""A commented card file to start from (``meikyu liberator cards new``): one card of every kind.

The comments come from :func:`~meikyu.systems.liberator.cards.cards_schema` (the reader run on no
data), so the template never offers a field the reader refuses; its cards keep the card-making rules.

>>> import tomllib
>>> from meikyu.systems.liberator.cards import read_cards
>>> cards = read_cards(tomllib.loads(cards_template("en")), "template.toml")
>>> sorted(cards.actions), list(cards.jobs)
(['my_c', 'my_m', 'my_p'], ['my_job'])
"""

from __future__ import annotations

from typing import Any

from meikyu.i18n import LANGS, translate
from meikyu.sheetdata.template import commented
from meikyu.systems.liberator.cards import SECTIONS, cards_schema


def _word(key: str, lang: str) -> str:
    return translate(f"lb.cards.tpl.{key}", lang)


def _names(key: str) -> dict[str, str]:
    """A name in each language (the card shows the one of its table's language)."""
    return {lang: _word(key, lang) for lang in LANGS}


def example_cards(lang: str) -> dict[str, list[dict[str, Any]]]:
    """The template's cards: a job with its three actions (rows the card-making rules allow), a feat,
    an obstacle and an enhancement, each named in every language too."""
    def action(attribute: str, effects: list[str]) -> dict[str, Any]:
        return {"id": f"my_{attribute.lower()}", "name": _word(f"action_{attribute.lower()}", lang),
                "names": _names(f"action_{attribute.lower()}"), "job": "my_job",
                "attribute": attribute, "recovery": 3, "power": [0, 1, 1, 2, 2, 3], "effects": effects}

    return {
        "jobs": [{"id": "my_job", "name": _word("job", lang), "names": _names("job"), "actions": ["my_p", "my_m", "my_c"],
                  "effect_id": "my_job_effect", "effect_name": _word("job_effect", lang),
                  "effect_names": _names("job_effect"), "effect": "P威力+2",
                  "effect_cost": "", "effect_text": _word("job_effect_text", lang)}],
        "actions": [action("P", ["即:捨", "即:P-1", "", "", "", "付:P+1"]),
                    action("M", ["即:捨", "即:M-1", "", "", "", "付:P+1"]),
                    action("C", ["即:捨", "即:C-1", "", "", "", "即:他者回復"])],
        "feats": [{"id": "my_feat", "name": _word("feat", lang), "names": _names("feat"), "effect": "P威力+1", "cost": "",
                   "text": _word("feat_text", lang)}],
        "obstacles": [{"id": "my_obstacle", "name": _word("obstacle", lang), "names": _names("obstacle"), "kind": "combat", "attribute": "P",
                       "target": 3}],
        "enhancements": [{"id": "my_enhancement", "name": _word("enhancement", lang), "names": _names("enhancement"),
                          "bonus": "即:経験+1"}],
    }


def cards_template(lang: str = "en") -> str:
    """A commented card file in ``lang``'s words: every field of every kind, said what it is."""
    schema = cards_schema(lang)
    defs = schema["$defs"]
    lines = [f"# {_word('head', lang)}", f"# {_word('help', lang)}"]
    for name, cards in example_cards(lang).items():
        kind = SECTIONS[name][0]
        lines += ["", f"# {schema['properties'][name].get('description', '')}"]
        for card in cards:
            commented(lines, f"[[{name}]]", card, defs[kind], defs, lang)
    return "\n".join(lines) + "\n"
