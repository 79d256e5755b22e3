"""Korean particles after a filled-in name: pick 이/가, 을/를, 은/는, 과/와, 으로/로 by the word before.

Catalog texts write both forms (``{actor}이(가)``) because the name is not known in advance; once the
text is filled in, :func:`settle_particles` keeps the one that fits the preceding syllable's final
consonant (받침). A Latin name is read by its last letter where Korean reads it one way only: a vowel
a, i, o, u, y, or r, w, reads open (Hana → 하나가, Mir → 미르가), m and n close it (Tom → 톰이, Ann → 앤이),
l ends in ㄹ (Paul → 폴이, 폴로). Any other character (e, which may be silent, k, t, s …: Mike is 마이크 but
Jane 제인; Mark 마크 but Bob 밥) keeps the written pair, which reads right either way.

>>> settle_particles("도윤이(가) 부하 5명을 데려갑니다; 기력(으)로 변환; 하늘이(가) 마을(으)로")
'도윤이 부하 5명을 데려갑니다; 기력으로 변환; 하늘이 마을로'
>>> settle_particles("미르이(가) 3을(를) 잃음, Mir이(가)")
'미르가 3을 잃음, Mir가'
>>> settle_particles("Tom이(가) Paul(으)로, Hana을(를) Mike이(가)")
'Tom이 Paul로, Hana를 Mike이(가)'
>>> settle_particles("'하나'은(는) 주사위 눈이 아닙니다")
"'하나'는 주사위 눈이 아닙니다"

A capital letter standing alone after a word (``도마뱀 A``, ``쥐 M``) is read by its name (에이, 엠):

>>> settle_particles("도마뱀 A은(는) 쓰러졌다; 쥐 M이(가) 공격; 적 B(으)로; 기사 L(으)로")
'도마뱀 A는 쓰러졌다; 쥐 M이 공격; 적 B로; 기사 L로'

Every Korean message goes through it: :func:`meikyu.i18n.translate` applies it after filling in a template.
"""

from __future__ import annotations

import re

# (with 받침, without 받침) for each written pair.
_PAIRS: dict[str, tuple[str, str]] = {
    "이(가)": ("이", "가"),
    "을(를)": ("을", "를"),
    "은(는)": ("은", "는"),
    "과(와)": ("과", "와"),
    "(으)로": ("으로", "로"),
}
# The word's last character, then closing quotes or brackets it may sit in ('하나'은(는) → '하나'는).
_PATTERN = re.compile(r"(.)(['\"」』)\]]*)(이\(가\)|을\(를\)|은\(는\)|과\(와\)|\(으\)로)")
# Final consonant of each digit as read in Sino-Korean: 영 일 이 삼 사 오 육 칠 팔 구.
_DIGIT_FINAL = {"0": 21, "1": 8, "2": 0, "3": 16, "4": 0, "5": 0, "6": 1, "7": 8, "8": 8, "9": 0}
_RIEUL = 8
# Latin last letters Korean reads one way only (0: open syllable; 4 ㄴ, 16 ㅁ, 8 ㄹ: a final consonant).
_LATIN_FINAL = {**dict.fromkeys("aiouyrw", 0), "n": 4, "m": 16, "l": _RIEUL}
# Capital letters read by name in Korean: only 엘 (L), 엠 (M) and 엔 (N) end on a consonant.
_LETTER_FINAL = {**dict.fromkeys("ABCDEFGHIJKOPQRSTUVWXYZ", 0), "L": _RIEUL, "M": 16, "N": 4}


def _final(char: str) -> int | None:
    """The 받침 index of ``char`` (0 = none), or None when it cannot be read."""
    if "\uac00" <= char <= "\ud7a3":
        return (ord(char) - 0xAC00) % 28
    return _DIGIT_FINAL.get(char, _LATIN_FINAL.get(char.lower()) if char.isascii() else None)


def _settle(match: re.Match[str]) -> str:
    before, closing, pair = match.group(1), match.group(2), match.group(3)
    final = _final(before)
    start = match.start(1)
    if final is None and before in _LETTER_FINAL and (start == 0 or not match.string[start - 1].isalpha()):
        final = _LETTER_FINAL[before]  # a lone capital: "A" is 에이 (a word like "Mir" stays unread)
    if final is None:
        return match.group(0)
    with_final, without = _PAIRS[pair]
    if pair == "(으)로":
        return before + closing + (without if final in (0, _RIEUL) else with_final)
    return before + closing + (with_final if final else without)


def settle_particles(text: str) -> str:
    """``text`` with every written particle pair resolved where the word before can be read."""
    return _PATTERN.sub(_settle, text) if "(" in text else text
