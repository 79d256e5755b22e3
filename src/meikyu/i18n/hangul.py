"""Korean particles after a filled-in name: pick 이/가, 을/를, 은/는, 과/와, 으로/로 by the word before.

Catalog texts write both forms (``{actor}이(가)``) because the name is not known in advance; once the
text is filled in, :func:`settle_particles` keeps the one that fits the preceding syllable's final
consonant (받침); after ㄹ, (으)로 is 로.

Digits are read in Sino-Korean by the last one (3 삼 → 3을, 2 이 → 2를; 10 십 and 영 both close).

A Latin word is read the way Korean usually writes English names (the project's choice: one reading per
spelling, so every name gets one particle, never the pair):

- a vowel a, i, o, u, y, or r, w reads open (Hana → 하나가, Mir → 미르가);
- m, n, l and ng close it (Tom → 톰이, Ann → 앤이, Paul → 폴이 and 폴로, King → 킹이);
- b and p close it with ㅂ (Bob → 밥이, Philip → 필립이), and so does ck with ㄱ (Nick → 닉이);
- a final e after n, m, l is silent and the consonant decides (Jane → 제인이, Dale → 데일이); any other
  final e reads open (Mike → 마이크가, Lee → 리가);
- any other consonant is written with 으 and reads open (Mark → 마크가, Robert → 로버트가, Max → 맥스가,
  Fred → 프레드가). Names that Korean writes otherwise (Erik 에릭, Kat 캣) get the open
  particle: it is the common reading of the spelling, and the GM may name a character in Hangul.

>>> settle_particles("도윤이(가) 부하 5명을 데려갑니다; 기력(으)로 변환; 하늘이(가) 마을(으)로")
'도윤이 부하 5명을 데려갑니다; 기력으로 변환; 하늘이 마을로'
>>> settle_particles("미르이(가) 3을(를) 잃음, Mir이(가)")
'미르가 3을 잃음, Mir가'
>>> settle_particles("Tom이(가) Paul(으)로, Hana을(를) Mike이(가), bob이(가) Jane은(는) Nick과(와)")
'Tom이 Paul로, Hana를 Mike가, bob이 Jane은 Nick과'
>>> settle_particles("'하나'은(는) 주사위 눈이 아닙니다")
"'하나'는 주사위 눈이 아닙니다"

A letter standing alone (``도마뱀 A``, ``쥐 M``, ``'x'``) is read by its name (에이, 엠, 엑스): only 엘 (L),
엠 (M) and 엔 (N) end on a consonant:

>>> settle_particles("도마뱀 A은(는) 쓰러졌다; 쥐 M이(가) 공격; 적 B(으)로; 기사 L(으)로; 'x'은(는)")
"도마뱀 A는 쓰러졌다; 쥐 M이 공격; 적 B로; 기사 L로; 'x'는"

What cannot be read (kana, symbols) keeps the written pair, which reads right either way:

>>> settle_particles("ハナ이(가) 왔다; ?은(는)")
'ハナ이(가) 왔다; ?은(는)'

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
_GIYEOK, _NIEUN, _RIEUL, _MIEUM, _BIEUP, _IEUNG = 1, 4, 8, 16, 17, 21
# Last letters of a Latin word that close the syllable; every other letter reads open (see the module's text).
_LATIN_FINAL = {"n": _NIEUN, "m": _MIEUM, "l": _RIEUL, "b": _BIEUP, "p": _BIEUP}
# Letters read by name in Korean: only 엘 (L), 엠 (M) and 엔 (N) end on a consonant.
_LETTER_FINAL = {"l": _RIEUL, "m": _MIEUM, "n": _NIEUN}
_LATIN = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")


def latin_final(word: str) -> int:
    """The 받침 index (0 = none) Korean writes at the end of the Latin ``word``.

    >>> [latin_final(w) for w in ("Hana", "Tom", "Bob", "Nick", "King", "Jane", "Mike", "Mark", "M", "x")]
    [0, 16, 17, 1, 21, 4, 0, 0, 16, 0]
    """
    low = word.lower()
    if len(low) == 1:
        return _LETTER_FINAL.get(low, 0)
    if low.endswith("ng"):
        return _IEUNG
    if low.endswith("ck"):
        return _GIYEOK
    last = low[-2] if low[-1] == "e" and low[-2] in "nml" else low[-1]
    return _LATIN_FINAL.get(last, 0)


def _final(text: str, end: int) -> int | None:
    """The 받침 index (0 = none) of the word ending at ``text[end - 1]``, or None when it cannot be read."""
    char = text[end - 1]
    if "\uac00" <= char <= "\ud7a3":
        return (ord(char) - 0xAC00) % 28
    if char in _DIGIT_FINAL:
        return _DIGIT_FINAL[char]
    start = end
    while start > 0 and text[start - 1] in _LATIN:  # back to the start of the Latin word
        start -= 1
    return latin_final(text[start:end]) if start < end else None


def _settle(match: re.Match[str]) -> str:
    before, closing, pair = match.group(1), match.group(2), match.group(3)
    final = _final(match.string, match.end(1))
    if final is None:
        return match.group(0)
    with_final, without = _PAIRS[pair]
    if pair == "(으)로":
        return before + closing + (without if final in (0, _RIEUL) else with_final)
    return before + closing + (with_final if final else without)


def settle_particles(text: str) -> str:
    """``text`` with every written particle pair resolved where the word before can be read."""
    return _PATTERN.sub(_settle, text) if "(" in text else text
