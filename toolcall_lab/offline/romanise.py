"""What learners really type, rewritten to the words the model reads: pinyin, old romanisations,
abbreviations and chat slang, in both languages.

"chengdu tianqi ruhe", "Peking weather", "wx in nyc 2day", "我的课啥时候", "学习进度咋样了":
each recognised word is replaced by its plain form before the question is read, and every
replacement is kept for the decision record ("tianqi → weather: the pinyin of 天气").

* **Pinyin** is computed, not typed: :mod:`pypinyin` (offline, its dictionary ships with it)
  turns every Chinese trigger of :data:`~.lexicon.CONCEPTS` and every Chinese city name of
  :data:`~.lexicon.CITIES` into toneless pinyin, written together (``tianqi``) or syllable by
  syllable (``tian qi``). Only words of two syllables or more are used: one syllable
  ("re", "leng") is too often an English word or a typo.
* **Old romanisations** (Peking, Canton, Nanking …) and **abbreviations** (wx, 2day, tmrw,
  nyc) are a short table.
* **Chinese slang** (啥 → 什么, 咋样 → 怎么样) is a short table too.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from dataclasses import dataclass

from pypinyin import lazy_pinyin
from rapidfuzz import process
from rapidfuzz.distance import Levenshtein

from toolcall_lab.offline.cantonese import without_pinyin_tones, without_tones
from toolcall_lab.offline.lexicon import CITIES, CONCEPTS, MORE_CITIES, full_weekday
from toolcall_lab.offline.place_names import LOWER_SHORT_NAMES, OLD_NAMES, ZH_PLACE_NICKNAMES
from toolcall_lab.offline.spelled_dates import in_digits
from toolcall_lab.offline.spelling import corrected, is_english

_ALL_CITY_NAMES = frozenset([*CITIES, *MORE_CITIES])
#: Pinyin of a city that is also a place's own English name: written capitalised, the place is meant.
_PLACES_TOO = frozenset({"bali"})
_ALL_CITY_NAMES_EN = frozenset(v.lower().replace(" ", "") for v in [*CITIES.values(), *MORE_CITIES.values()])

_CJK = re.compile(r"[\u3400-\u9fff]")

# Abbreviations and chat spellings → the word they stand for.
EN_SLANG: dict[str, str] = {
    "wx": "weather",
    "doin": "doing",
    "how'm": "how am",
    "cls": "class",
    "ppl": "people",
    "wthr": "weather",
    "temp": "temperature",
    "temps": "temperature",
    "2day": "today",
    "tdy": "today",
    "2nite": "tonight",
    "tonite": "tonight",
    "tmr": "tomorrow",
    "tmrw": "tomorrow",
    "tmw": "tomorrow",
    "tmrow": "tomorrow",
    "2moro": "tomorrow",
    "2morrow": "tomorrow",
    "tomoz": "tomorrow",
    "sched": "schedule",
    "skedule": "schedule",
    "timetbl": "timetable",
    "u": "you",
    "ur": "your",
    "wot": "what",
    "r": "are",
    "pls": "please",
    "plz": "please",
    "thx": "thanks",
    "ty": "thanks",
    "wk": "week",
    "nxt": "next",
    "abt": "about",
    "w/": "with",
    "defn": "definition",
    "def": "definition",
    "hw": "homework",
    "wut": "what",
    "wat": "what",
    "whats": "what's",
    "lvl": "level",
    "lvls": "levels",
    "rn": "right now",
    "nah": "",
    "tmrw's": "tomorrow's",
    "wanna": "want to",
    "gonna": "going to",
    "gimme": "give me",
    "cuz": "because",
    "arvo": "afternoon",
    "hw's": "how's",
    "real quick": "quickly",
    "real fast": "quickly",
    "da": "the",
    "wats": "what's",
    "hrs": "hours",
    "wknd": "weekend",
    "wkend": "weekend",
    "sat": "Saturday",
    "hows": "how's",
    "lookin": "looking",
    "hr": "hour",
    "wots": "what's",
    "wuts": "what's",
    "4cast": "forecast",
    "thru": "through",
    "nite": "night",
}

ZH_SLANG: dict[str, str] = {
    "啥时候": "什么时候",
    "啥时": "什么时候",
    "咋样": "怎么样",
    "咋办": "怎么办",
    "啥": "什么",
    "咋": "怎么",
    "肿么": "怎么",
    "神马": "什么",
    "木有": "没有",
    "米有": "没有",
    "莫有": "没有",
    "伐": "吗",
    "明儿": "明天",
    "今儿": "今天",
    "后儿": "后天",
    "天儿": "天气",
    "啥天": "什么天气",
    "礼拜": "星期",
    "下雨不": "下雨吗",
    "冷不": "冷吗",
    "热不": "热吗",
    "今儿个": "今天",
    "明儿个": "明天",
    "后儿个": "后天",
    "昨儿个": "昨天",
    "昨儿": "昨天",
    "前儿个": "前天",
}

# Pinyin phrases that are question frames and days, not topics: read as the English they mean.
_PINYIN_FRAMES: dict[str, tuple[str, str]] = {
    "ruhe": ("how", "如何"),
    "zenmeyang": ("how is", "怎么样"),
    "zenme": ("how", "怎么"),
    "shenme": ("what", "什么"),
    "jintian": ("today", "今天"),
    "mingtian": ("tomorrow", "明天"),
    "houtian": ("the day after tomorrow", "后天"),
    "xianzai": ("now", "现在"),
    "zhezhou": ("this week", "这周"),
    "benzhou": ("this week", "本周"),
    "xiazhou": ("next week", "下周"),
    "zhoumo": ("this weekend", "周末"),
    "jidu": ("degrees", "几度"),
    "yisi": ("meaning", "意思"),
}
# Pinyin that is also another place or an English word: never rewritten.
_PINYIN_CLASHES = frozenset({"bali", "deke", "jiji", "rema", "keshi", "jifen", "liju"})


@dataclass(frozen=True)
class Rewrite:
    """One word rewritten: what was typed, what it was read as, and why (for the record)."""

    typed: str
    read_as: str
    why: str


def _syllables(chinese: str) -> list[str]:
    return [s for s in lazy_pinyin(chinese) if s.isalpha()]


@functools.cache
def pinyin_table() -> dict[str, tuple[str, str]]:
    """Toneless pinyin (joined, and spaced) → ``(English word, the Chinese it spells)``."""
    table: dict[str, tuple[str, str]] = {}
    for zh, en in (*CITIES.items(), *MORE_CITIES.items()):
        syllables = _syllables(zh)
        if len(syllables) >= 2:
            table["".join(syllables)] = (en, zh)
            table[" ".join(syllables)] = (en, zh)
    for triggers in CONCEPTS.values():
        english = next((t for t in triggers if not _CJK.search(t)), "")
        for trigger in triggers:
            if not re.fullmatch(r"[\u3400-\u9fff]+", trigger):
                continue
            syllables = _syllables(trigger)
            if len(syllables) >= 2 and english:
                table.setdefault("".join(syllables), (english, trigger))
                table.setdefault(" ".join(syllables), (english, trigger))
    for word, (english, zh) in _PINYIN_FRAMES.items():
        table[word] = table[" ".join(_syllables(zh))] = (english, zh)
    words = {t.lower() for ts in CONCEPTS.values() for t in ts if not _CJK.search(t)}
    # a city's spaced pinyin stays even where the joined one is its English name ("bei jing" → Beijing)
    return {
        k: v
        for k, v in table.items()
        if k.replace(" ", "") not in _PINYIN_CLASHES | words or (" " in k and v[1] in _ALL_CITY_NAMES)
    }


@functools.cache
def _city_syllables() -> set[str]:
    """The joined toneless pinyin of every city name."""
    return {k.replace(" ", "") for k, v in pinyin_table().items() if v[1] in _ALL_CITY_NAMES}


@functools.cache
def _latin_pattern() -> re.Pattern[str]:
    spaced = [r"\s?".join(re.escape(s) for s in k.split()) for k in pinyin_table() if " " in k]
    joined = [re.escape(w) for w in [*OLD_NAMES, *EN_SLANG, *(k for k in pinyin_table() if " " not in k)]]
    alternatives = "|".join(sorted(set(spaced + joined), key=len, reverse=True))
    return re.compile(rf"(?<![\w'/])(?:{alternatives})(?!\w|'(?!s\b))", re.I)  # "Chungking's" too


_FULL_WIDTH = {c: c - 0xFEE0 for c in [*range(0xFF10, 0xFF1A), *range(0xFF21, 0xFF3B), *range(0xFF41, 0xFF5B)]}


_ZH_SLANG = re.compile("|".join(sorted([*ZH_SLANG, *ZH_PLACE_NICKNAMES], key=len, reverse=True)))
_ACCENTED = re.compile(r"[\u00c0-\u024f\u1e00-\u1eff]")  # Latin-1 to Extended-B, and Vietnamese (ắ)
_HOW_NEXT = re.compile(r"\s+(?:far|many|much|long|often|r|are|is|am|do|does|did|come|about)\b", re.I)


_N_FOR_AND = re.compile(r"(?<=[a-z]{3}) n (?=[a-z]{3})", re.I)
_TOUCHING_HAN = re.compile(
    r"(?<![A-Za-z])(?P<pre>[\u4e00-\u9fff]?)(?P<name>[A-Z]{2,4})(?P<post>[\u4e00-\u9fff]?)(?![A-Za-z])"
)


#: A word written against Chinese ("Niuyue现在几度", "我tomorrow有class吗"): set apart when it is a word of a tool's
#: topic or of days, or no English word at all (pinyin, perhaps); an English word asked about stays as typed.
_LATIN_TOUCHING = re.compile(
    r"(?<=[\u4e00-\u9fff])([A-Za-z]{3,})(?![A-Za-z])|(?<![A-Za-z])([A-Za-z]{3,})(?=[\u4e00-\u9fff])"
)
_TOPIC_WORDS = {w for ts in CONCEPTS.values() for t in ts for w in re.findall(r"[a-z]{3,}", t.lower())} | {
    "tomorrow", "today", "tonight", "yesterday",
}  # fmt: skip


def _set_apart_topic(m: re.Match[str]) -> str:
    word = m.group(1) or m.group(2)
    # "manggu明天会下雨吗": a word of no English, pinyin perhaps, is set apart too (read as a place below)
    return f" {word} " if word.lower() in _TOPIC_WORDS or not is_english(word.lower()) else m.group(0)


def _set_apart(m: re.Match[str]) -> str:
    """A short place name in capitals ("NYC", "LA") touching Chinese characters, set apart by spaces."""
    if m.group("name").lower() not in OLD_NAMES or not (m.group("pre") or m.group("post")):
        return m.group(0)
    pre, post = m.group("pre"), m.group("post")
    return f"{pre}{' ' if pre else ''}{m.group('name')}{' ' if post else ''}{post}"


def _fold(m: re.Match[str]) -> str:
    """A Latin letter with an accent → the letter alone ("é" → "e")."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", m.group(0)) if not unicodedata.combining(c))
    return plain if plain.isascii() and plain else m.group(0)


_CLOSE_PINYIN = re.compile(r"(?<![\w'])[a-z]{5,}(?![\w'])")


@functools.cache
def _city_pinyin() -> dict[str, tuple[str, str]]:
    """Joined pinyin of every city name of five letters or more → ``(English name, Chinese)``."""
    return {k: v for k, v in pinyin_table().items() if " " not in k and len(k) >= 5 and v[1] in _ALL_CITY_NAMES}


def _close_city(m: re.Match[str], changes: list[Rewrite]) -> str:
    """A lower-case word one letter off a city's pinyin ("manggu" for mangu, 曼谷) and no English word."""
    typed = m.group(0)
    if corrected(typed) is None and is_english(typed):
        return typed
    table = _city_pinyin()  # the same first letter: "xiang" (想) is no slip for "liang" (里昂)
    best = process.extractOne(
        typed, [k for k in table if k[0] == typed[0]], scorer=Levenshtein.distance, score_cutoff=1
    )
    if best is None:
        return typed
    english, chinese = table[str(best[0])]
    changes.append(Rewrite(typed, english, f"pinyin of {chinese}, one letter off"))
    return english


# pinyin's syllable mark: an apostrophe before a syllable that starts with a vowel ("shou'er", "xi'an")
_SYLLABLE_MARK = re.compile(r"(?<![\w'])([a-z]+)['’]([aeo][a-z]*)(?![\w'])", re.I)


def _joined(m: re.Match[str], table: dict[str, tuple[str, str]], changes: list[Rewrite]) -> str:
    """The syllables of a pinyin name written with its apostrophe, as the city they spell."""
    joined = (m.group(1) + m.group(2)).lower()
    if joined not in table or table[joined][1] not in _ALL_CITY_NAMES:
        return m.group(0)  # "don't", "it's": English
    changes.append(Rewrite(m.group(0), table[joined][0], f"pinyin of {table[joined][1]}"))
    return table[joined][0]


_PAIRED_DAY = re.compile(
    r"\b((?:mon|tues|wednes|thurs|fri|satur|sun)day)(\s*(?:or|and|&|/|,)\s*)(mon|tues?|wed|thu|thurs?|fri|sun)\b",
    re.I,
)


#: Wade–Giles writes a name's syllables with a hyphen ("Hang-chou", "Shang-hai")
_HYPHENATED = re.compile(r"(?<![\w\-])([A-Za-z]{2,8})-([A-Za-z]{2,8})(?![\w\-])")


def _unhyphenated(m: re.Match[str], table: dict[str, tuple[str, str]]) -> str:
    """ "Hang-chou" → "Hangchou" when the joined syllables name a place; other hyphenated words stay."""
    joined = m.group(1) + m.group(2)
    low = joined.lower()
    known = low in OLD_NAMES or low in table or low in _ALL_CITY_NAMES_EN
    return joined if known else m.group(0)


@functools.lru_cache(maxsize=1024)
def rewrite(text: str) -> tuple[str, tuple[Rewrite, ...]]:
    """The text as the model reads it, and each word rewritten.

    >>> rewrite("chengdu tianqi ruhe")[0]
    'chengdu weather how'
    >>> rewrite("wx in nyc 2day")[0]
    'weather in New York today'
    >>> rewrite("学习进度咋样了")[0]
    '学习进度怎么样了'
    >>> rewrite("anything on sat or sun")[0]
    'anything on Saturday or Sunday'
    >>> rewrite("cold in shou'er? or in bei jing")[0], rewrite("don't")[0]
    ('cold in Seoul? or in Beijing', "don't")
    """
    changes: list[Rewrite] = []
    table = pinyin_table()
    text = in_digits(text.translate(_FULL_WIDTH))  # ｓ１００３ → s1003, "二零二六年七月二十五号" → 2026年7月25号
    text = _ACCENTED.sub(_fold, text)  # Pékin → Pekin, São → Sao: a Latin letter without its accent
    text = without_tones(text)  # "Gwong2zau1" → "Gwongzau"
    text = without_pinyin_tones(text, _city_syllables())  # "Shang3hai3" → "Shanghai"
    text = _TOUCHING_HAN.sub(_set_apart, text)  # "NYC今儿天儿咋样": a place's short name written against Chinese
    # "我tomorrow有class吗": the words of a tool's topic and of days set apart from the Chinese they touch
    text = _LATIN_TOUCHING.sub(_set_apart_topic, text)
    if _N_FOR_AND.search(text):  # "lvls of abandon n diligent": "n" typed for "and" (not "is it n or v")
        changes.append(Rewrite("n", "and", "abbreviation"))
        text = _N_FOR_AND.sub(" and ", text)

    def latin(m: re.Match[str]) -> str:
        typed = m.group(0)
        if re.match(r"['\"“‘「]", text[m.start() - 1 : m.start()]) and re.match(
            r"['\"”’」]", text[m.end() : m.end() + 1]
        ):
            return typed  # 'look up the word "paree"': a quoted word is the word asked, as written
        low = re.sub(r"\s+", " ", typed.lower())
        if low not in OLD_NAMES and low not in EN_SLANG:
            low = next((k for k in table if k.replace(" ", "") == low.replace(" ", "")), low)
        if low in OLD_NAMES:
            if len(low) <= 2 and not typed.isupper() and low not in LOWER_SHORT_NAMES:  # "LA": only in capitals
                return typed
            changes.append(Rewrite(typed, OLD_NAMES[low], "place name"))
            return OLD_NAMES[low]
        if low == "hw" and _HOW_NEXT.match(m.string, m.end()):  # "hw far along", "hw r my scores": how
            changes.append(Rewrite(typed, "how", "abbreviation"))
            return "how"
        if low in EN_SLANG:
            if len(low) <= 2 and not typed.islower():  # "U", "R" written in capitals are letters
                return typed
            changes.append(Rewrite(typed, EN_SLANG[low], "abbreviation"))
            return EN_SLANG[low]
        english, chinese = table[low]
        if english.lower() == typed.lower():  # a city whose pinyin is its English name already (Chengdu)
            return typed
        pinyin_beside = re.search(r"\b(?:tianqi|zenme\w*|ruhe|duoshao|jintian|mingtian|houtian|qiwen)\b", text, re.I)
        if typed[:1].isupper() and typed[1:].islower() and low.replace(" ", "") in _PLACES_TOO and not pinyin_beside:
            return typed  # "Bali 今天 weather": capitalised, the island, not bali (巴黎)
        changes.append(Rewrite(typed, english, f"pinyin of {chinese}"))
        return english

    text = _SYLLABLE_MARK.sub(lambda m: _joined(m, table, changes), text)  # "shou'er" (首尔), "xi'an"
    text = _HYPHENATED.sub(lambda m: _unhyphenated(m, table), text)  # "Hang-chou", "Pei-ching": one name
    out = _latin_pattern().sub(latin, text)

    def paired_day(m: re.Match[str]) -> str:  # "Saturday or sun": a short weekday beside a weekday is one
        full = full_weekday(m.group(3))
        changes.append(Rewrite(m.group(3), full, "abbreviation"))
        return m.group(1) + m.group(2) + full

    out = _PAIRED_DAY.sub(paired_day, out)
    out = _CLOSE_PINYIN.sub(lambda m: _close_city(m, changes), out)

    def chinese(m: re.Match[str]) -> str:
        if m.group(0) in ZH_PLACE_NICKNAMES:
            changes.append(Rewrite(m.group(0), ZH_PLACE_NICKNAMES[m.group(0)], "place name"))
            return ZH_PLACE_NICKNAMES[m.group(0)]
        changes.append(Rewrite(m.group(0), ZH_SLANG[m.group(0)], "colloquial"))
        return ZH_SLANG[m.group(0)]

    out = _ZH_SLANG.sub(chinese, out)
    return out, tuple(changes)
