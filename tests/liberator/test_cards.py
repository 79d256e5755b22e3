"""Card data: the effect notation, loading with precise errors, the card-making validator."""

from __future__ import annotations

import json
import tomllib
from dataclasses import replace
from importlib import resources
from importlib.resources import files
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meikyu.errors import DataError
from meikyu.sheetdata.reader import Reader, SheetProblems
from meikyu.sheetdata.schema import fields_markdown
from meikyu.systems.liberator.card_template import cards_template
from meikyu.systems.liberator.cardmaking import budget_spent, check_action, check_cards, design_powers
from meikyu.systems.liberator.cards import (
    SAMPLE_FILES,
    SECTIONS,
    cards_schema,
    check_card_file,
    check_references,
    load_cards,
    sample_cards,
)
from meikyu.systems.liberator.effects import (
    Effect,
    NotationError,
    format_effects,
    parse_effect,
    parse_effects,
)

JOBS = {
    "warrior": [("振り回し", 6), ("戦場の知恵", 3), ("盃兄弟", 3)],
    "hunter": [("仕掛け罠", 5), ("習性把握", 4), ("身振り手振り", 2)],
    "troupe": [("喝采の一撃", 5), ("風のうわさ", 2), ("魅惑の笑み", 4)],
    "mage": [("投射魔術", 4), ("啓示魔術", 5), ("幻影魔術", 2)],
    "artisan": [("弱点看破", 3), ("構造解析", 6), ("率直な提案", 3)],
    "priest": [("賦活魔術", 2), ("癒しの言葉", 5), ("禅問答", 4)],
    "boss": [("わずかの勇気", 4), ("言い伝え", 2), ("はげます言葉", 5)],
    "scout": [("不意打ち", 2), ("鋭い眼光", 4), ("蛇の道は蛇", 5)],
    "merchant": [("使用人", 3), ("知は力なり", 3), ("大取引", 6)],
    "outsider": [("神秘の力", 4), ("異質な知識", 4), ("発想の転換", 4)],
}
COMMON = {"騎獣": 3, "古文書": 3, "記章": 3, "魔剣": 7, "輝晶石": 7, "親衛隊": 7}


def test_sample_jobs_and_actions_match_the_reference() -> None:
    """The ten jobs with their P / M / C actions and recovery targets, and the six common actions."""
    cards = sample_cards()
    assert len(cards.actions) == 36
    for job, expected in JOBS.items():
        actions = [cards.actions[a] for a in cards.jobs[job].actions]
        assert [(a.name, a.recovery) for a in actions] == expected
        assert [a.attribute for a in actions] == ["P", "M", "C"]
    common = {a.name: a.recovery for a in cards.actions.values() if not a.job}
    assert common == COMMON


def test_sample_files_say_they_are_sample_data() -> None:
    package = resources.files("meikyu.systems.liberator.data")
    for name in SAMPLE_FILES:
        text = package.joinpath(name).read_text(encoding="utf-8")
        prose = " ".join(line.lstrip("# ") for line in text.splitlines() if line.startswith("#"))
        assert "SAMPLE DATA" in prose and "in exactly this format" in prose and "sample = true" in text


def test_every_sample_action_obeys_the_card_making_rules() -> None:
    assert check_cards(sample_cards()) == ()
    for card in sample_cards().actions.values():
        assert budget_spent(card) == card.recovery * 3


def test_every_kind_has_obstacles_and_every_bonus_kind_an_enhancement() -> None:
    cards = sample_cards()
    assert {o.kind for o in cards.obstacles.values()} == {
        "combat",
        "athletics",
        "wits",
        "search",
        "lore",
        "negotiation",
        "scene",
        "craft",
    }
    kinds = {e.kind for enh in cards.enhancements.values() for e in enh.bonus}
    assert kinds == {"exp", "recover", "grant"}


effects = st.one_of(
    st.just(Effect("discard_self")),
    st.builds(
        lambda a, n: Effect("discard", attribute=a, amount=n), st.sampled_from("PMC*"), st.integers(1, 3)
    ),
    st.builds(lambda o: Effect("recover", others=o), st.booleans()),
    st.builds(lambda n: Effect("obstacle_down", amount=n), st.integers(1, 3)),
    st.builds(lambda n: Effect("exp", amount=n), st.integers(1, 5)),
    st.builds(
        lambda a, n, o, d: Effect("grant", attribute=a, amount=n, others=o, duration=d, stat="power"),
        st.sampled_from("PMC*"),
        st.integers(1, 3),
        st.booleans(),
        st.sampled_from(["once", "round", "mission"]),
    ),
    st.builds(
        lambda n, o: Effect("grant", amount=n, others=o, stat="recovery"), st.integers(1, 3), st.booleans()
    ),
    st.builds(lambda a: Effect("follow_up", attribute=a), st.sampled_from("PMC")),
    st.builds(
        lambda a, n, o: Effect("power", attribute=a, amount=n, others=o),
        st.sampled_from("PMC*"),
        st.integers(1, 4),
        st.booleans(),
    ),
    st.builds(lambda a: Effect("change_attribute", attribute=a), st.sampled_from("PMC")),
    st.builds(lambda a: Effect("change_obstacle", attribute=a), st.sampled_from("PMC")),
)


@given(st.lists(effects, max_size=3))
def test_notation_round_trips(items: list[Effect]) -> None:
    assert parse_effects(format_effects(tuple(items))) == tuple(items)


def test_notation_english_aliases_and_errors() -> None:
    assert parse_effect("grant:other-P+1/R") == parse_effect("付:他者P+1/R")
    assert parse_effect("now:recover").kind == "recover"
    with pytest.raises(NotationError):
        parse_effect("付:Q+1")


def test_loader_errors_name_file_entry_and_field() -> None:
    base = '[[actions]]\nid = "x"\nname = "X"\nattribute = "P"\nrecovery = 3\npower = [0,1,1,2,2,3]\neffects = ["即:捨","即:P-1","","","","付:P+1"]\n'
    assert load_cards(base, "mine.toml").actions["x"].recovery == 3
    cases = {
        base.replace("recovery = 3", "recovery = 9"): "recovery",
        base.replace('attribute = "P"', 'attribute = "Q"'): "attribute",
        base.replace("power = [0,1,1,2,2,3]", "power = [0,1,1]"): "power",
        base.replace('"付:P+1"', '"付:P+x"'): "effects[5]",
        base.replace('"付:P+1"', '"威力+2"'): "effects[5]",
        base.replace('name = "X"\n', ""): "name",
    }
    for text, field in cases.items():
        with pytest.raises(SheetProblems) as err:
            load_cards(text, "mine.toml")
        msg = err.value.message("en")
        assert "mine.toml" in msg and f"actions[0].{field}:" in msg, msg
    with pytest.raises(SheetProblems) as err:
        load_cards(base + base, "mine.toml")
    assert "actions[1].id: 'x' is used twice" in err.value.message("en")
    with pytest.raises(SheetProblems) as err:
        load_cards("[[action]]\nid='a'", "mine.toml")
    assert "(did you mean 'actions'?)" in err.value.message("en")
    with pytest.raises(DataError):
        load_cards("not toml [", "mine.toml")
    with pytest.raises(DataError) as err:
        load_cards(
            '[[obstacles]]\nid = "o"\nname = "O"\nkind = "combat"\nattribute = "M"\ntarget = 2', "o.toml"
        )
    assert "obstacles[0].attribute" in err.value.message("ja")


def test_every_problem_of_a_card_file_at_once_in_ko_ja_en() -> None:
    """Issue 27 §2: a card file with four mistakes gets four findings in one answer, each with an example."""
    text = cards_template("en").replace("recovery = 3", "recovery = 0", 1).replace('"即:P-1"', '"即:P-x"')
    text = text.replace('kind = "combat"', 'kind = "fight"').replace("target = 3", 'targett = 3')
    for lang in ("ko", "ja", "en"):
        with pytest.raises(SheetProblems) as err:
            load_cards(text, "deck.toml")
        paths = [f["path"] for f in err.value.findings(lang)]
        assert paths == ["actions[0].recovery", "actions[0].effects[1]", "obstacles[0].kind", "obstacles[0].target",
                         "obstacles[0].targett"], paths
        assert all(f["example"] for f in err.value.findings(lang))
    assert "did you mean 'target'" in err.value.message("en")


def test_the_card_template_reads_validates_and_keeps_the_card_making_rules() -> None:
    """Issue 27 §1: ``cards new`` passes the reader, meets the schema, spends its budget exactly."""
    from jsonschema import Draft202012Validator

    for lang in ("ko", "ja", "en"):
        data = tomllib.loads(cards_template(lang))
        cards, report = check_card_file(data, "template.toml")
        assert not report.problems and not report.notes
        schema = cards_schema(lang)
        Draft202012Validator.check_schema(schema)
        Draft202012Validator(schema).validate(data)
        assert not [v for v in check_cards(cards) if v.severity == "error"]
    check_references(sample_cards().merged(cards))


def test_every_field_the_card_reader_accepts_is_in_the_schema_the_template_and_the_readme() -> None:
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    schema = cards_schema()
    template = tomllib.loads(cards_template("en"))
    for section, (kind, read) in SECTIONS.items():
        for raw in tomllib.loads("\n".join(
                (files("meikyu.systems.liberator.data") / name).read_text(encoding="utf-8") for name in SAMPLE_FILES
        ) .replace("sample = true", "")).get(section, [])[:1]:
            r = Reader(raw, file="x", entry="")
            read(r)
            assert set(r.known()) == set(schema["$defs"][kind]["properties"]), kind
        assert set(template[section][0]) == set(schema["$defs"][kind]["properties"]), kind
        for name in schema["$defs"][kind]["properties"]:
            assert f"| {kind} | `{name}` |" in readme, (kind, name)
    assert fields_markdown(schema) in readme


def test_cli_cards_new_and_schema(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from meikyu.cli import main

    out = tmp_path / "deck.toml"
    assert main(["liberator", "cards", "new", "--lang", "ko", "--out", str(out)]) == 0
    assert main(["liberator", "cards", "check", str(out), "--lang", "en"]) == 0
    assert "0 error(s)" in capsys.readouterr().out
    assert main(["liberator", "cards", "schema"]) == 0
    assert json.loads(capsys.readouterr().out)["$schema"].endswith("2020-12/schema")
    out.write_text(out.read_text(encoding="utf-8").replace("recovery = 3", "recovery = 9"), encoding="utf-8")
    assert main(["liberator", "cards", "check", str(out), "--lang", "en"]) == 2
    err = capsys.readouterr().err
    assert err.count("recovery: 9 is outside") == 3, err


def _card(
    power: tuple[int, ...], effects: tuple[str, ...], recovery: int = 3, attribute: str = "P"
) -> object:
    base = sample_cards().actions["mount"]
    return replace(
        base,
        power=power,
        effects=tuple(parse_effects(e) for e in effects),
        recovery=recovery,
        attribute=attribute,
    )


DEFAULT = ("即:捨", "即:P-1", "", "", "", "付:P+1")


@pytest.mark.parametrize(
    ("power", "effects", "recovery", "codes"),
    [
        ((0, 1, 1, 2, 2, 3), DEFAULT, 3, []),
        ((1, 1, 1, 2, 2, 2), DEFAULT, 3, ["face1_power"]),
        ((0, 1, 2, 1, 2, 3), DEFAULT, 3, ["decreasing"]),
        ((0, 0, 0, 3, 3, 3), DEFAULT, 3, ["step_too_big"]),
        ((0, 2, 2, 4, 4, 4), DEFAULT, 5, ["two_big_steps", "over_budget", "face2_not_discard"]),
        ((0, 1, 1, 2, 2, 3), ("", "即:P-1", "", "", "", "付:P+1"), 3, ["face1_effect"]),
        ((0, 1, 1, 2, 2, 3), ("即:捨", "付:P+1", "", "", "", "付:P+1"), 3, ["face2_positive"]),
        ((0, 1, 1, 2, 2, 3), ("即:捨", "即:P-1", "付:P+1", "", "", "付:P+1"), 3, ["face3_positive"]),
        ((0, 1, 1, 2, 2, 3), ("即:捨", "即:P-1", "", "即:P-1", "", "付:P+1"), 3, ["face4_effect"]),
        ((0, 1, 1, 2, 2, 3), ("即:捨", "即:P-1", "", "", "即:P-1", "付:P+1"), 3, ["face5_negative"]),
        ((0, 1, 1, 2, 2, 3), ("即:捨", "即:P-1", "", "", "", "即:捨"), 3, ["face6_negative"]),
        ((0, 1, 1, 2, 2, 3), ("即:捨", "即:P-1", "", "", "", "即:捨; 付:P+1"), 3, ["mixed"]),
        ((0, 1, 1, 2, 2, 3), ("即:捨", "即:P-1", "", "", "", "追:P"), 3, ["follow_same"]),
        ((0, 1, 2, 3, 4, 5), ("即:捨", "即:P-1", "", "", "", "付:P+1"), 5, ["face2_not_discard"]),
        ((0, 1, 1, 2, 2, 3), ("即:捨", "", "", "", "", "付:P+1"), 3, ["over_budget"]),
        ((0, 1, 2, 2, 3, 4), ("即:捨", "即:P-1", "即:P-1", "", "", "付:P+1"), 3, []),
        ((0, 1, 2, 2, 3, 4), ("即:捨", "即:P-1", "", "", "", ""), 3, []),
        ((0, 1, 1, 2, 2, 3), ("即:捨", "即:P-1", "", "", "", ""), 3, ["under_budget"]),
    ],
)
def test_card_making_rules_report_each_violation(
    power: tuple[int, ...], effects: tuple[str, ...], recovery: int, codes: list[str]
) -> None:
    violations = check_action(_card(power, effects, recovery))  # type: ignore[arg-type]
    assert sorted(v.code for v in violations) == sorted(codes)
    for v in violations:
        assert v.message("ja") and v.message("ko") and "mount" in v.message("en")


@given(st.integers(1, 8), st.integers(-2, 2))
def test_designed_rows_obey_the_curve(recovery: int, delta: int) -> None:
    spend = recovery * 3 + 3 * delta
    try:
        power = design_powers(recovery, spend)
    except ValueError:
        assert spend < 0 or spend > 20  # 0,2,3,4,5,6 is the highest row the curve allows
        return
    card = _card(power, DEFAULT, recovery)
    codes = {v.code for v in check_action(card)} - {"over_budget", "under_budget", "face2_not_discard"}  # type: ignore[arg-type]
    assert not codes and sum(power) == spend
