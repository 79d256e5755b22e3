"""Liberator cards for the card maker page (``/cards``): a deck checked as one types, by the engine's own reader
(:func:`~meikyu.systems.liberator.cards.check_card_file`) and card-making rules
(:func:`~meikyu.systems.liberator.cardmaking.check_action`), the effects a card may carry, and the deck as a file.

Every problem has a path, the reader's and the card-making rules' alike, so the page shows each beside its
field: a power that falls at ``actions[0].power[3]``, a positive face 3 at ``actions[0].effects[2]``, an
overspent budget at ``actions[0].recovery`` (the budget is recovery × 3). Card-making warnings (a card that
spends less than its budget) have the level ``warning``: they do not stop a download or a game.

>>> deck = {"actions": [{"id": "cut", "name": "Cut", "attribute": "P", "recovery": 2,
...                      "power": [0, 1, 1, 2, 2, 3], "effects": ["即:捨", "即:P-1", "", "", "", "付:M+1"]}]}
>>> answer = check(deck, "deck.toml", "en")
>>> answer["ok"], answer["actions"][0]["budget"], answer["actions"][0]["spent"]
(False, 6, 9)
>>> [(p["path"], p["level"]) for p in answer["problems"]]
[('actions[0].recovery', 'error')]
>>> deck["actions"][0]["recovery"] = 3
>>> check(deck, "deck.toml", "en")["ok"]
True
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from typing import Any

from meikyu.errors import DataError
from meikyu.files import check_plain, parse_data
from meikyu.i18n import translate
from meikyu.sheetdata.reader import Reader, Report, SheetProblems, findings, sheet_error
from meikyu.sheetdata.template import commented
from meikyu.systems.liberator.cardmaking import Violation, budget_spent, check_action, design_powers
from meikyu.systems.liberator.cards import (
    KIND_ATTRIBUTE,
    SECTIONS,
    Ability,
    ActionCard,
    CardSet,
    Job,
    cards_schema,
    check_card_file,
    read_action,
    sample_cards,
)
from meikyu.systems.liberator.effects import ANY, ATTRIBUTES, Effect, NotationError, describe, parse_effects
from meikyu.systems.liberator.names import card_name

EXPORTS = ("toml", "json")
POWER_CODES = frozenset({"face1_power", "decreasing", "step_too_big", "two_big_steps"})
"""Card-making rules about the power row: shown beside the face's power; the others beside its effects."""


def data_of(raw: Any, file: str) -> dict[str, Any]:
    """A deck as tables: JSON tables as they are; text read as JSON when ``file`` ends in ``.json``, else TOML.

    >>> data_of('[[feats]]\\nid = "x"', "deck.toml"), data_of('{"feats": []}', "deck.json")
    ({'feats': [{'id': 'x'}]}, {'feats': []})
    """
    if isinstance(raw, Mapping):
        return dict(check_plain(raw, file))
    if isinstance(raw, str):
        data = parse_data(raw, file)
        if isinstance(data, dict):
            return data
    raise DataError("table.error.setup_field", part=file, field="cards", expected="[[actions]] …")


def plain(value: Any) -> Any:
    """``value`` as JSON holds it: a TOML date or time (which no card field takes) as its text.

    >>> import datetime
    >>> plain({"a": [datetime.date(2026, 1, 2)], "b": 1.5})
    {'a': ['2026-01-02'], 'b': 1.5}
    """
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    return value.isoformat() if hasattr(value, "isoformat") else str(value)


def _violation_problem(v: Violation, index: int, file: str, name: str) -> DataError:
    if v.face and v.code in POWER_CODES:
        field = f"power[{v.face - 1}]"
    elif v.face:
        field = f"effects[{v.face - 1}]"
    else:  # the budget: recovery × 3 is what the card may spend
        field = "recovery"
    return sheet_error(f"lb.check.{v.code}", file=file, entry=f"actions[{index}]", field=field,
                       card=name, face=v.face, **dict(v.params))


def making(data: Mapping[str, Any], file: str,
           lang: str) -> tuple[list[dict[str, Any] | None], list[DataError], list[DataError]]:
    """Each action card of ``data`` under the card-making rules, in the file's order: its budget, what it spends
    and each face's effects in ``lang`` (``None`` for a card the reader could not read whole); and the rules'
    errors and warnings as problems with paths.

    >>> cards, errors, warnings = making({"actions": [{"id": "a", "name": "A", "attribute": "M", "recovery": 2,
    ...     "power": [0, 0, 1, 1, 1, 1], "effects": ["即:捨", "即:M-1", "", "", "", "付:P+1"]}, {}]}, "d.toml", "en")
    >>> cards[0]["budget"], cards[0]["spent"], cards[1], errors, [w.params["path"] for w in warnings]
    (6, 4, None, [], ['actions[0].recovery'])
    """
    raw = data.get("actions")
    cards: list[dict[str, Any] | None] = []
    errors: list[DataError] = []
    warnings: list[DataError] = []
    for index, entry in enumerate(raw if isinstance(raw, list) else []):
        report = Report(file)
        card = read_action(Reader(entry, file=file, entry=f"actions[{index}]", report=report))
        if report.problems:
            cards.append(None)
            continue
        name = card_name(card.id, card.name, lang, card.names) or card.id
        for v in check_action(card):
            (errors if v.severity == "error" else warnings).append(_violation_problem(v, index, file, name))
        spent = budget_spent(card)
        cards.append({"budget": card.recovery * 3, "spent": spent, "suggested": suggested(card.recovery, spent - sum(card.power)),
                      "faces": [[_effect(e, lang) for e in card.effects_on(f)] for f in range(1, 7)]})
    return cards, errors, warnings


def suggested(recovery: int, adjustments: int) -> list[int] | None:
    """A power row that spends exactly what the budget leaves once the faces' effects have moved it (the
    engine's :func:`~meikyu.systems.liberator.cardmaking.design_powers`), or ``None`` when no row can.

    >>> suggested(3, 0), suggested(3, -3), suggested(1, 6)
    ([0, 1, 1, 2, 2, 3], [0, 1, 2, 2, 3, 4], None)
    """
    try:
        return list(design_powers(recovery, spend=recovery * 3 - adjustments))
    except ValueError:
        return None


def _effect(e: Effect, lang: str) -> dict[str, str]:
    return {"notation": e.notation(), "text": describe(e, lang)}


def _job_problems(data: Mapping[str, Any], cards: CardSet, file: str) -> list[DataError]:
    """A deck's jobs name actions of the deck or of the sample cards: one P, one M and one C."""
    known = sample_cards().merged(cards).actions
    out: list[DataError] = []
    jobs = data.get("jobs")
    for index, job in enumerate(jobs if isinstance(jobs, list) else []):
        ids = job.get("actions") if isinstance(job, Mapping) else None
        if not isinstance(ids, list) or len(ids) != 3 or not all(isinstance(i, str) for i in ids):
            continue  # the reader said so
        missing = [i for i in ids if i not in known]
        for i in missing:
            out.append(sheet_error("lb.error.sheet.job_action", file=file, entry=f"jobs[{index}]", field="actions",
                                   value=i, example='actions = ["swing", "battle_wisdom", "sworn_brothers"]'))
        attributes = sorted(known[i].attribute for i in ids if i in known)
        if not missing and attributes != sorted(ATTRIBUTES):
            out.append(sheet_error("lb.error.sheet.job_attributes", file=file, entry=f"jobs[{index}]", field="actions",
                                   attributes=", ".join(attributes), example="P, M, C"))
    return out


NOTATION_FIELDS = (("jobs", "effect"), ("feats", "effect"), ("enhancements", "bonus"))
"""Effects written outside the action cards' faces: said in the reader's words beside their boxes."""


def said(data: Mapping[str, Any], lang: str) -> dict[str, list[dict[str, str]]]:
    """Each job's, feat's and enhancement's effects as notation and words, by path (what cannot be read is left
    out: the reader says what is wrong with it).

    >>> said({"feats": [{"effect": "P威力+1"}, {"effect": "??"}]}, "en")
    {'feats[0].effect': [{'notation': 'P威力+1', 'text': 'P power+1'}]}
    """
    out: dict[str, list[dict[str, str]]] = {}
    for section_name, field in NOTATION_FIELDS:
        entries = data.get(section_name)
        for index, entry in enumerate(entries if isinstance(entries, list) else []):
            text = entry.get(field) if isinstance(entry, Mapping) else None
            if not isinstance(text, str):
                continue
            try:
                out[f"{section_name}[{index}].{field}"] = [_effect(e, lang) for e in parse_effects(text)]
            except NotationError:
                continue
    return out


def _findings(errors: list[DataError], level: str, lang: str) -> list[dict[str, str]]:
    return [{**f, "level": level} for f in findings(errors, lang)] if errors else []


def check(raw: Any, file: str, lang: str) -> dict[str, Any]:
    """Everything the card maker shows as one types: ``ok`` (no problem and no card-making error: a deck to
    download or play), ``problems`` (the reader's, then the card-making rules', each with path, level, message
    and example), ``actions`` (per action card its budget, spent points and effects in ``lang``, or ``None``),
    ``said`` (the other cards' effects in ``lang``, by path: :func:`said`), ``cards`` (the deck's tables as read,
    for the page's forms) and ``table`` (the jobs and extra cards a player
    may take at a table with this deck and the sample cards)."""
    data = data_of(raw, file)
    cards, report = check_card_file(data, file)
    report.problems += _job_problems(data, cards, file)
    actions, errors, warnings = making(data, file, lang)
    problems = (findings(report.problems + report.notes, lang) + _findings(errors, "error", lang)
                + _findings(warnings, "warning", lang))
    return {"ok": not report.problems and not errors, "problems": problems, "actions": actions, "said": said(data, lang),
            "cards": plain(data),
            "table": table_choices(cards if not report.problems else CardSet(), lang)}


def table_choices(cards: CardSet, lang: str) -> dict[str, list[dict[str, Any]]]:
    """The jobs and extra cards (actions and feats) of ``cards`` over the sample cards, each named in ``lang``;
    the deck's own first (``own``).

    >>> choices = table_choices(CardSet(), "en")
    >>> choices["jobs"][0], len(choices["extras"]) > 36
    ({'id': 'warrior', 'name': 'Warrior', 'kind': 'job', 'own': False}, True)
    """
    every = sample_cards().merged(cards)

    def named(card: Job | ActionCard | Ability, kind: str) -> dict[str, Any]:
        return {"id": card.id, "name": card_name(card.id, card.name, lang, card.names), "kind": kind,
                "own": card.id in cards.jobs or card.id in cards.actions or card.id in cards.feats}

    jobs = [named(j, "job") for j in every.jobs.values()]
    extras = [named(a, "action") for a in every.actions.values()]
    extras += [named(f, "feat") for f in every.feats.values()]
    first = lambda x: not x["own"]  # noqa: E731  (a sort key: the deck's own cards first, else as read)
    return {"jobs": sorted(jobs, key=first), "extras": sorted(extras, key=first)}


def read(raw: Any, file: str, lang: str) -> dict[str, Any]:
    """A deck that must be right: every reader problem and card-making error at once otherwise (warnings pass).

    >>> read({"actions": [{"id": "a", "name": "A", "attribute": "P", "recovery": 1, "power": [0, 0, 0, 1, 1, 2],
    ...     "effects": ["即:捨", "即:P-1", "", "", "", "付:P+1"]}]}, "d.toml", "en")
    Traceback (most recent call last):
    ...
    meikyu.sheetdata.reader.SheetProblems: d.toml: 1 problem(s).
    - actions[0].recovery: A: spends 4 points, over its budget of 3 (recovery × 3).
    """
    data = data_of(raw, file)
    cards, report = check_card_file(data, file)
    report.problems += _job_problems(data, cards, file)
    _, errors, _ = making(data, file, lang)
    if report.problems or errors:
        raise SheetProblems(file, report.problems + errors, [])
    return data


def deck_toml(data: Mapping[str, Any]) -> str:
    """A deck's tables as a card file (its arrays in the reader's order, each field as written).

    >>> print(deck_toml({"feats": [{"id": "x", "name": "X", "effect": "P威力+1"}]}))
    <BLANKLINE>
    [[feats]]
    id = "x"
    name = "X"
    effect = "P威力+1"
    <BLANKLINE>
    """
    lines: list[str] = []
    defs = cards_schema("en")["$defs"]
    for name in SECTIONS:
        for card in data.get(name) or []:
            commented(lines, f"[[{name}]]", dict(card), defs[SECTIONS[name][0]], defs, "en", comments=False)
    return "\n".join(lines) + "\n"


def export(raw: Any, file: str, fmt: str, lang: str) -> tuple[bytes, str, str]:
    """A right deck as ``fmt`` (toml or json): the bytes, their media type and a file name.

    >>> raw, media, name = export('[[obstacles]]\\nid = "o"\\nname = "O"\\nkind = "craft"\\ntarget = 2', "d.toml", "json", "en")
    >>> json.loads(raw), media, name
    ({'obstacles': [{'id': 'o', 'name': 'O', 'kind': 'craft', 'target': 2}]}, 'application/json', 'cards.json')
    """
    if fmt not in EXPORTS:
        raise DataError("table.error.setup_field", part="export", field="to", expected=" | ".join(EXPORTS))
    data = read(raw, file, lang)
    tables = {name: data[name] for name in SECTIONS if data.get(name)}
    if fmt == "json":
        return (json.dumps(tables, ensure_ascii=False, indent=1).encode("utf-8"), "application/json", "cards.json")
    return deck_toml(tables).encode("utf-8"), "application/toml", "cards.toml"


def schema(lang: str) -> dict[str, Any]:
    return cards_schema(lang)


@cache
def choices(lang: str) -> dict[str, Any]:
    """What the page offers to choose, each in ``lang``: effects a face, an ability (a feat or a job effect) and
    an enhancement's bonus may carry (``notation``, ``text``), the obstacle kinds with their attributes.

    >>> c = choices("en")
    >>> c["faces"][0], c["kinds"][0]
    ({'notation': '即:捨', 'text': 'instant: discard this action'}, {'value': 'combat', 'label': 'combat', 'attribute': 'P'})
    """
    attrs = (*ATTRIBUTES, ANY)
    grants = [Effect("grant", a, 1, stat="power") for a in attrs]
    grants += [Effect("grant", a, 1, others=True, stat="power") for a in attrs]
    grants += [Effect("grant", amount=1, stat="recovery"), Effect("grant", amount=1, others=True, stat="recovery")]
    grants += [Effect("grant", ANY, 1, duration=d, stat="power") for d in ("round", "mission")]
    faces = [Effect("discard_self"), *(Effect("discard", a, 1) for a in attrs), Effect("discard", ANY, 2),
             *grants, Effect("recover"), Effect("recover", others=True), Effect("obstacle_down", amount=1),
             Effect("exp", amount=1), *(Effect("follow_up", a) for a in ATTRIBUTES)]
    abilities = [*(Effect("power", a, n) for n in (1, 2) for a in attrs), Effect("recovery", amount=1),
                 Effect("recovery", amount=2), *(Effect("change_attribute", a) for a in ATTRIBUTES),
                 *(Effect("change_obstacle", a) for a in ATTRIBUTES), Effect("recover"), Effect("recover", others=True),
                 Effect("obstacle_down", amount=1), *grants[:4]]
    bonuses = [Effect("exp", amount=1), Effect("exp", amount=2), Effect("recover"), *grants[:4],
               Effect("grant", amount=1, stat="recovery")]
    kinds = [{"value": k, "label": translate(f"lb.kind.{k}", lang), "attribute": a} for k, a in KIND_ATTRIBUTE.items()]
    return {"faces": [_effect(e, lang) for e in faces], "abilities": [_effect(e, lang) for e in abilities],
            "bonuses": [_effect(e, lang) for e in bonuses], "kinds": kinds}

