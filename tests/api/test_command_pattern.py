"""``command_pattern`` as a bot uses it: every command the system accepts matches, followed by anything.

A bot compiles the served pattern case-insensitively and forwards only the chat lines that match, so
a command the pattern misses is silently dropped. Like BCDice's own, the pattern is a prefix pattern;
ordinary chat that BCDice's pattern ignores is ignored too (lines BCDice lets through, such as
``3D printer``, it rolls, and so do we). The lists below are lines people really type at a table in ko / ja / en, on ASCII and
full-width keyboards. R-MK-10 (the nMK check) and the MK tables are covered through their commands.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import meikyu
from meikyu.api.v2 import game_system
from meikyu.errors import InputError
from meikyu.systems import all_systems, find
from meikyu.systems.meikyu_kingdom_basic.reading import PREFIXES as MKB_PREFIXES

SYSTEM_IDS = [s.id for s in all_systems()]

# Commands every system accepts (the plain dice language).
COMMON = [
    "2D6", "2d6+1>=8", "1D100<=50", "D66", "d66", "D6", "S2D6", "s2d6 秘密", "x3 2D6", "rep2 1D6",
    "repeat2 D66", "choice[a,b,c]", "choice(赤,青)", "choice 左 右", "choice[もう一度, やめる]", "(2D6+3)/2U",
    "-1+2D6", "10+2D6>=12", "2D6>=?", "3D6/2R", "1D6*2", "2D6=7", "2D6<>7", "2D6+2D6", "(1D6)",
    "Schoice[a,b]", "Sx2 2D6", "x2 choice[a,b]", "2D6 攻撃", "2d6 명중 판정", "2d6 to hit", "2d6\u3000命中",
    "２Ｄ６＋１＞＝８", "ｄ６６", "Ｓ２Ｄ６", "ｘ３\u3000２ｄ６", "ｃｈｏｉｃｅ［あ，い］", "２ｄ６", "１Ｄ１００＜＝５０",
    "（２Ｄ６）＊２", "4B6>=4", "2b6+4b10>3", "4U6[6]+11>=21", "C(10*3)", "c1/2R", "20TY6",
    "7TZ(1+5/2C)", "choice2[a,b,c]", "choice[A-F]", "choice A-F", "D66A", "d66d", "5D10KH3", "5DKH", "3D6MAX>=4",
    "2D20DH1+1", "(2+3)D6", "D20+3D4", "2D66", "sc1+4*3/2", "x5 s1D6", "4b6>=4 命中", "C(10*3) ダメージ",
]
EXTRA = {
    "MeikyuKingdom": [
        "2MK+3>=9", "3mk", "2MK6", "2R6+1", "2MK-1+2>=10", "2MK=>8", "2MK>=?", "S2MK", "s3mk+2>=9",
        "x2 2MK+1>=9", "２ＭＫ＋３＞＝９", "２ｍｋ", "KDT", "kdt", "T1T", "ET", "TT", "MPT", "SKDT", "x2 KDT",
        "ＫＤＴ", "ｋｄｔ", "Ｔ１Ｔ", "2mk+3>=9 攻撃", "2mk+3>=9 공격", "0MK", "10MK+1>=12", "2D6>=9",
        "Ｓ２ＭＫ＞＝８",
    ],
    "MeikyuKingdomBasic": [
        "2MK+3>=9", "3mk", "2R6+1", "2MK=>8", "S2MK", "x2 2MK+1>=9", "２ＭＫ＋３＞＝９", "MPT", "NAMEA", "PNT2",
        "2D6>=9", "BUS", "ABUS 技", "ＴＥＴ",
    ],
    "ShinGamebook": ["2D6+5>=9", "2d6+3>=8 戦闘"],
    "Liberator": ["2D6", "D66 カード"],
    "DiceBot": ["2D6+1>=8", "1D20 save", "2R6[5]", "2R6>=5", "2r4+2r6[<=2]>=4"],
}
CHAT = [
    # English
    "hello everyone", "ok let's go", "mk is fun", "I rolled a 6 lol", "x2damage on that hit",
    "d&d night?", "brb", "GG", "Let me check the KDT table", "my dex is 12", "S tier",
    "x-ray", "ok 2 more", "Did you roll yet?", "lol", "what?", "(brb)", ":)", "XD", "xD", "x3",
    "rep the kingdom", "mk2 build", "choice", "choices choices", "D&D", "repeat after me", "x2damage", "Dx",
    # Korean
    "안녕하세요", "ㅋㅋㅋㅋ", "다들 준비됐어?", "오늘은 미궁킹덤 해요", "2시에 시작할게요", "주사위 굴려주세요", "ㅠㅠ",
    "잠깐만요", "ㄱㄱ", "s급 아이템",
    # Japanese
    "よろしくお願いします", "こんばんは", "了解です", "ダイス振ってください",
    "ｗｗｗ", "迷宮キングダム楽しい", "Ｓランク", "お疲れさまでした", "SAN値ピンチ", "ちょっと離席します",
    "ｘ２ダメージ",
]


def compiled(system_id: str) -> re.Pattern[str]:
    return re.compile(game_system(system_id, {})["command_pattern"], re.IGNORECASE)


def accepted(command: str, system_id: str) -> bool:
    try:
        meikyu.roll(command, system=system_id)
    except InputError:
        return False
    return True


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_every_listed_command_is_accepted_and_matched(system_id: str) -> None:
    """R-MK-10: checks, tables, repeats, secret, choice, D66 and full-width input all reach the server."""
    pattern = compiled(system_id)
    for command in COMMON + EXTRA[system_id]:
        assert accepted(command, system_id), command
        assert pattern.search(command), command


# BCDice's own command pattern (BCDice 3.16.1, a fact about it): the common commands' prefixes, then
# the system's registered ones, case-insensitive, anything may follow.
_BCDICE_COMMON = (r"[+\-(]*(\d+|D\d+)|\d+B\d+|\d+T[YZ]\d+|C[+\-(]*\d+|choice|D66|(repeat|rep|x)\d+|\d+R\d+|\d+U\d+"
                  r"|BCDiceVersion")
_BCDICE_MK = (r"\d+MK|\d+R6|LRT|ORT|CRT|ART|FRT|TBT|CBT|SBT|VBT|FBT|ABT|WBT|LBT|THT|CHT|SHT|VHT|KDT|KCT|KMT|CAT|FWT"
              r"|CFT|TT|NT|ET|MPT|T1T|T2T|T3T|T4T|T5T|NAME|DFT|IDT|WIT|LIT|RIT|SIT|RWIT|RUIT|IFT|\d+RET|PNT|MLT|KNT|WORD")
_BCDICE_MKB = r"\d+MK|\d+R6|" + "|".join(MKB_PREFIXES)


def bcdice_pattern(system_id: str) -> re.Pattern[str]:
    extra = {"MeikyuKingdom": "|" + _BCDICE_MK, "MeikyuKingdomBasic": "|" + _BCDICE_MKB}.get(system_id, "")
    return re.compile(f"^S?({_BCDICE_COMMON}{extra})", re.IGNORECASE)


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_ordinary_chat_is_not_matched(system_id: str) -> None:
    """Chat that BCDice's pattern ignores is ignored by ours, and the roller refuses it too."""
    pattern = compiled(system_id)
    for line in CHAT:
        assert not pattern.search(line), line
        assert not accepted(line, system_id), line


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_never_broader_than_bcdice_on_ascii_chat(system_id: str) -> None:
    """Where our pattern lets a line through, BCDice's own pattern does too (for ASCII lines)."""
    ours, theirs = compiled(system_id), bcdice_pattern(system_id)
    lines = [*CHAT, "3D printer is done", "2nd floor", "10 minutes break", "+1 from me", "ETA 5 min", "tt?",
             "2d", "6 6 6", "KDT?", "2mk? what's that", "1d6으로 정하자", "1D100で決めよう", "choice is yours"]
    for line in lines:
        if ours.search(line) and line.isascii():
            assert theirs.search(line), line


def test_known_overlaps_are_commands() -> None:
    """Lines that read as talk but are real commands (so they must match): documented, not hidden."""
    pattern = compiled("MeikyuKingdom")
    # "set …" is the secret emotion table (S + ET) as far as the roller is concerned; "3D printer" is 3D6.
    for line in ("TT", "et cetera", "choice is yours", "D2 is fine", "set the DC to 12", "3D printer is done"):
        assert accepted(line, "MeikyuKingdom") and pattern.search(line), line


def test_mk_only_commands_stay_out_of_other_systems() -> None:
    for system_id in ("ShinGamebook", "Liberator", "DiceBot"):
        pattern = compiled(system_id)
        for command in ("2MK+3>=9", "KDT", "ＫＤＴ"):
            assert not accepted(command, system_id) and not pattern.search(command), (system_id, command)


PORTABLE = re.compile(r"\\[dwDWbB]|\(\?[P<=!]?<|\(\?[aiLmsux]")


def test_pattern_is_portable_to_bot_languages() -> None:
    """No Python-only or Unicode-dependent syntax: \\d and \\w differ between Ruby, JavaScript and Python."""
    for info in all_systems():
        source = info.commands().command_pattern
        assert not PORTABLE.search(source), info.id
        assert source.startswith("^")


_WORDS = st.sampled_from(["2", "10", "D", "d", "6", "66", "MK", "mk", "R6", "+", "-", ">=", "=>", "<=", "?", "(",
                          ")", "*", "/", "U", " ", "S", "x3 ", "rep2 ", "KDT", "T1T", "choice", "[", "]", "a,b",
                          "２", "Ｄ", "ｍｋ", "＋", "＞＝", "\u3000", "で", "한"])


@settings(max_examples=250, deadline=None, derandomize=True)
@given(st.lists(_WORDS, min_size=1, max_size=7).map("".join), st.sampled_from(SYSTEM_IDS))
def test_whatever_the_roller_accepts_matches(text: str, system_id: str) -> None:
    """Property: a line the system accepts as a command is always matched by its pattern."""
    if accepted(text, system_id):
        assert compiled(system_id).search(text), text


def test_javascript_bots_read_the_pattern_the_same_way() -> None:
    """Discord bots are mostly JavaScript: the same lines match under node's RegExp(…, "i")."""
    import json
    import shutil
    import subprocess

    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    cases = {sid: {"pattern": find(sid).commands().command_pattern, "lines": COMMON + EXTRA[sid] + CHAT} for sid in SYSTEM_IDS}
    script = ("const c = JSON.parse(require('fs').readFileSync(0, 'utf8')); const out = {};"
              "for (const [k, v] of Object.entries(c)) { const p = new RegExp(v.pattern, 'i');"
              " out[k] = v.lines.map(s => p.test(s)); } process.stdout.write(JSON.stringify(out));")
    done = subprocess.run([node, "-e", script], input=json.dumps(cases), capture_output=True, text=True,
                          timeout=30, check=True)
    for sid, results in json.loads(done.stdout).items():
        expected = [True] * len(COMMON + EXTRA[sid]) + [False] * len(CHAT)
        assert results == expected, sid


def test_systems_served_with_the_plain_pattern_have_no_commands_of_their_own() -> None:
    """If a system grows its own commands, it must list their heads in pattern_heads (this fails first)."""
    from meikyu.dice.node import SystemCommands

    for system_id in ("ShinGamebook", "Liberator", "DiceBot"):
        commands = find(system_id).commands()
        assert type(commands).parse is SystemCommands.parse, system_id


def test_hostile_lines_are_matched_in_linear_time() -> None:
    """A bot runs the pattern on every chat line, so long junk must not make it backtrack for seconds."""
    import time

    pattern = compiled("MeikyuKingdom")
    lines = ["1" * 4000 + "x", "choice[" + "] " * 2000 + "x", "x1 " + " " * 4000 + "y", "(" * 4000,
             " " * 4000 + "S" + " " * 4000, "1+" * 2000 + "D", "choice(" + "(" * 4000]
    started = time.process_time()  # CPU time: other processes' load does not count
    for line in lines:
        pattern.search(line)
    assert time.process_time() - started < 1.0


@pytest.mark.parametrize(
    ("name", "system_id"),
    [("MeikyuKingdom.checks.jsonl", "MeikyuKingdom"), ("MeikyuKingdom.tables.jsonl", "MeikyuKingdom"),
     ("DiceBot.checks.jsonl", "DiceBot")],
)
def test_every_oracle_command_the_roller_accepts_is_matched(name: str, system_id: str) -> None:
    """R-MK-10: what BCDice's own tests type, where meikyu rolls it, passes the bot's filter."""
    from tests.conftest import oracle_cases

    pattern = compiled(system_id)
    inputs = {case["input"] for case in oracle_cases(name)}
    missed = [text for text in sorted(inputs) if accepted(text, system_id) and not pattern.search(text)]
    assert not missed, missed[:10]


def test_re2_reads_the_pattern_the_same_way() -> None:
    """Go bots use RE2 (no look-arounds, no backreferences): the pattern compiles there and agrees."""
    re2 = pytest.importorskip("re2")
    options = re2.Options()
    options.case_sensitive = False
    for sid in SYSTEM_IDS:
        source = find(sid).commands().command_pattern
        theirs = re2.compile(source, options)
        ours = compiled(sid)
        for line in COMMON + EXTRA[sid] + CHAT:
            assert bool(theirs.search(line)) == bool(ours.search(line)), (sid, line)
