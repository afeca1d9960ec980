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
from dataclasses import dataclass

from pypinyin import lazy_pinyin

from toolcall_lab.offline.lexicon import CITIES, CONCEPTS

_CJK = re.compile(r"[\u3400-\u9fff]")

# Romanisations of Chinese place names older than pinyin, and short names of other cities.
OLD_NAMES: dict[str, str] = {
    "peking": "Beijing",
    "peiping": "Beijing",
    "canton": "Guangzhou",
    "nanking": "Nanjing",
    "chungking": "Chongqing",
    "hangchow": "Hangzhou",
    "sian": "Xi'an",
    "xian": "Xi'an",
    "hsian": "Xi'an",
    "shenchen": "Shenzhen",
    "nyc": "New York",
    "new york city": "New York",
    "hk": "Hong Kong",
    "hongkong": "Hong Kong",
    "sf": "San Francisco",
    "frisco": "San Francisco",
    "bkk": "Bangkok",
}

# Abbreviations and chat spellings → the word they stand for.
EN_SLANG: dict[str, str] = {
    "wx": "weather",
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
}
# Pinyin that is also another place or an English word: never rewritten.
_PINYIN_CLASHES = frozenset({"bali", "deke", "jiji", "rema", "keshi", "jidu", "jifen", "liju", "xini"})


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
    for zh, en in CITIES.items():
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
        table[word] = (english, zh)
    return {k: v for k, v in table.items() if k.replace(" ", "") not in _PINYIN_CLASHES}


@functools.cache
def _latin_pattern() -> re.Pattern[str]:
    words = [*pinyin_table(), *OLD_NAMES, *EN_SLANG]
    alternatives = "|".join(re.escape(w) for w in sorted(set(words), key=len, reverse=True))
    return re.compile(rf"(?<![\w'/])(?:{alternatives})(?![\w'])", re.I)


_ZH_SLANG = re.compile("|".join(sorted(ZH_SLANG, key=len, reverse=True)))


@functools.lru_cache(maxsize=1024)
def rewrite(text: str) -> tuple[str, tuple[Rewrite, ...]]:
    """The text as the model reads it, and each word rewritten.

    >>> rewrite("chengdu tianqi ruhe")[0]
    'chengdu weather how'
    >>> rewrite("wx in nyc 2day")[0]
    'weather in New York today'
    >>> rewrite("学习进度咋样了")[0]
    '学习进度怎么样了'
    """
    changes: list[Rewrite] = []
    table = pinyin_table()

    def latin(m: re.Match[str]) -> str:
        typed = m.group(0)
        low = re.sub(r"\s+", " ", typed.lower())
        if low in OLD_NAMES:
            changes.append(Rewrite(typed, OLD_NAMES[low], "place name"))
            return OLD_NAMES[low]
        if low in EN_SLANG:
            if len(low) <= 2 and not typed.islower():  # "U", "R", "SF" written in capitals are names
                return typed
            changes.append(Rewrite(typed, EN_SLANG[low], "abbreviation"))
            return EN_SLANG[low]
        english, chinese = table[low]
        if english.lower() == low:  # a city whose pinyin is its English name already (Chengdu)
            return typed
        changes.append(Rewrite(typed, english, f"pinyin of {chinese}"))
        return english

    out = _latin_pattern().sub(latin, text)

    def chinese(m: re.Match[str]) -> str:
        changes.append(Rewrite(m.group(0), ZH_SLANG[m.group(0)], "colloquial"))
        return ZH_SLANG[m.group(0)]

    out = _ZH_SLANG.sub(chinese, out)
    return out, tuple(changes)
