"""The built-in model's reading skills: language, words, concepts and the things a question names.

Everything here is plain, deterministic text processing. The built-in teaching model is not
a neural network: it reads the user's words and the tools' own descriptions with the rules
below. English words are compared as Snowball stems (``raining`` → ``rain``), a misspelt
word is matched to the nearest known one within one or two edits (``wether`` → ``weather``,
with ``rapidfuzz``), and Chinese is compared by its characters.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from typing import Any

import snowballstemmer
from rapidfuzz import process
from rapidfuzz.distance import Levenshtein

from toolcall_lab.offline.dates import iso_dates, relative_dates
from toolcall_lab.offline.learner_language import CJK, is_chinese, learner_language
from toolcall_lab.offline.lexicon import (
    CITIES,
    COMPARATIVES,
    CONCEPTS,
    EN_NUM,
    EN_STOP,
    FILLER,
    LANDMARKS,
    MORE_CITIES,
    NOT_TERMS,
    NOT_TYPOS,
    OTHER_SENSES,
    ZH_FILLER,
    ZH_NUM,
)
from toolcall_lab.offline.place_names import FAR_CITIES
from toolcall_lab.offline.spelling import is_english

# re-exported: older callers read dates and the learner's language from here
__all__ = ["CJK", "is_chinese", "iso_dates", "learner_language", "relative_dates"]

_EN_WORD = re.compile(r"[A-Za-z][A-Za-z']*")
_PUNCT = re.compile(r"[\s，。！？、；：,.!?;:（）()\[\]【】「」『』\"“”'‘’<>《》…—\-]+")
_STEMMER = snowballstemmer.stemmer("english")
ALL_CITIES = {**CITIES, **MORE_CITIES, **FAR_CITIES}
EN_CITIES = {v.lower(): v for v in ALL_CITIES.values()}
# Only the common cities are targets of a typo correction (see lexicon.MORE_CITIES).
_TYPO_CITIES = {v.lower() for v in CITIES.values()}


@functools.lru_cache(maxsize=4096)
def stem(word: str) -> str:
    """The Snowball stem of a lower-case English word, comparatives folded ("warmest" → "warm")."""
    return str(_STEMMER.stemWord(COMPARATIVES.get(word, word)))


def _phrase(trigger: str) -> tuple[str, ...]:
    return tuple(stem(w) for w in _EN_WORD.findall(trigger.lower()))


_EN_TRIGGERS: dict[str, list[tuple[str, ...]]] = {
    c: [_phrase(t) for t in ts if not CJK.search(t)] for c, ts in CONCEPTS.items()
}
_ZH_TRIGGERS: dict[str, re.Pattern[str]] = {
    c: re.compile("|".join(t for t in ts if CJK.search(t))) for c, ts in CONCEPTS.items()
}
_VOCAB = sorted(
    {w for ts in CONCEPTS.values() for t in ts for w in _EN_WORD.findall(t.lower()) if len(w) >= 4}
    | set(COMPARATIVES)
    | {w for c in _TYPO_CITIES for w in c.split()}
)
VOCAB_SET = frozenset(_VOCAB)
#: "teaches" is a form of "teach", never a slip of "teacher": a known word's stem → the word
_VOCAB_STEMS = {stem(v): v for v in sorted(_VOCAB, key=len, reverse=True)}


@functools.lru_cache(maxsize=4096)
def correct(word: str) -> str:
    """A misspelt word → the known word it is nearest to ("wether" → "weather"), else unchanged.

    Only words of five letters or more are corrected, never a stop word or a word in
    :data:`~.lexicon.NOT_TYPOS`; the candidate must start with the same letter and lie
    within one edit (two for words of eight letters or more).
    """
    low = word.lower()
    if len(low) < 5 or low in VOCAB_SET or low in EN_STOP or low in NOT_TYPOS:
        return low
    known = _VOCAB_STEMS.get(stem(low), "")
    if known and low.startswith(known.rstrip("e")):  # "teaches", "scoring"; not "shortly" for "shorts"
        return known
    limit = 1 if len(low) < 8 else 2
    choices = [v for v in _VOCAB if v[0] == low[0] and abs(len(v) - len(low)) <= limit]
    best = process.extractOne(low, choices, scorer=Levenshtein.distance, score_cutoff=limit)
    if best is None:  # "soeul", "sydeny": two letters swapped, one slip of the fingers
        swaps = {low[:i] + low[i + 1] + low[i] + low[i + 2 :] for i in range(1, len(low) - 1)}
        return next((v for v in choices if v in swaps), low)
    return str(best[0])


@functools.lru_cache(maxsize=2048)
def en_stems(text: str) -> tuple[tuple[str, str], ...]:
    """``(surface, stem)`` for each English word, misspellings corrected, stop words kept."""
    out = []
    for w in _EN_WORD.findall(text):
        low = w.lower().strip("'")
        out.append((low, stem(correct(low))))
    return tuple(out)


@functools.lru_cache(maxsize=2048)
def concept_hits(text: str) -> dict[str, tuple[str, ...]]:
    """Each concept the text asks for, with the words that triggered it."""
    text = OTHER_SENSES.sub(" ", text)  # "broke my personal record": no learning record asked
    pairs = en_stems(text)
    content = {s for w, s in pairs if w not in EN_STOP}
    stems = [s for _, s in pairs]
    hits: dict[str, tuple[str, ...]] = {}
    for concept, phrases in _EN_TRIGGERS.items():
        found: list[str] = []
        for phrase in phrases:
            n = len(phrase)
            if n == 1 and phrase[0] in content:
                found.append(phrase[0])
            elif n > 1 and any(tuple(stems[i : i + n]) == phrase for i in range(len(stems) - n + 1)):
                found.append(" ".join(phrase))
        zh = _ZH_TRIGGERS[concept]
        if zh.pattern:
            found += [m.group(0) for m in zh.finditer(text)]
        if found:
            hits[concept] = tuple(dict.fromkeys(found))
    return hits


_ME = re.compile(r"\b(?:my|i|i'm|me|mine)\b|我", re.I)


def about_own_record(text: str) -> bool:
    """Does ``text`` ask about the learner's own timetable or record ("google my last speaking score",
    "上网搜一下我的薄弱项")? The web has no page about that: a search tool is never the way to it.

    >>> about_own_record("can you google what my last speaking score was"), about_own_record("search LangGraph")
    (True, False)
    """
    return bool(_ME.search(text)) and bool({"schedule", "progress"} & set(concept_hits(text)))


def concepts_in(text: str) -> frozenset[str]:
    """The concepts whose triggers appear in ``text``."""
    return frozenset(concept_hits(text))


def zh_bigrams(text: str) -> set[str]:
    """Character bigrams of the Chinese runs in ``text`` (a crude but fair overlap measure)."""
    grams: set[str] = set()
    for run in re.findall(r"[\u3400-\u9fff]+", text):
        grams.update(run[i : i + 2] for i in range(len(run) - 1))
    return grams


def en_words(text: str) -> set[str]:
    """Stems of the English content words (stop words and short words left out)."""
    return {s for w, s in en_stems(text) if w not in EN_STOP and len(w) >= 3}


@functools.lru_cache(maxsize=1024)
def cities_in(text: str) -> tuple[str, ...]:
    """City names in ``text`` in order of appearance, as their English names (typos tolerated)."""
    return tuple(dict.fromkeys(name for _, name in city_positions(text)))


_SHORT_PLACE = re.compile(r"\b(?:in|at|for|to)\s+([A-Z][a-z]{3})\b|\b([A-Z][a-z]{3})(?=\s+(?:weather|forecast)\b)")


@functools.lru_cache(maxsize=1024)
def city_positions(text: str) -> tuple[tuple[int, str], ...]:
    """``(where, English name)`` of each city named in ``text``, in order (a name named twice, twice)."""
    hits: list[tuple[int, str]] = []
    for zh, en in ALL_CITIES.items():
        hits += [(m.start(), en) for m in re.finditer(re.escape(zh), text)]
    low = text.lower()
    for name, en in EN_CITIES.items():
        hits += [  # "hangzhou现在"; not "wellington boots"
            (m.start(), en) for m in re.finditer(rf"(?<![a-z]){re.escape(name)}(?![a-z])(?!\s+boots?\b)", low)
        ]
    for name, en in LANDMARKS.items():  # "外滩", "the Thames": the city they are in
        hits += [(m.start(), en) for m in re.finditer(rf"(?<![a-z]){re.escape(name)}(?![a-z])", low)]
    for m in re.finditer(r"\b[A-Za-z]{5,}\b", text):
        fixed = correct(m.group(0))
        slip = Levenshtein.distance(m.group(0).lower(), fixed) <= 1  # "Sidney"; never "changing" for Chongqing
        if fixed != m.group(0).lower() and fixed in EN_CITIES and (slip or not is_english(m.group(0))):
            hits.append((m.start(), EN_CITIES[fixed]))
    # "temperature in Soul", "Soul weather now": a short capitalised name where a place goes, one letter off a city
    for m in _SHORT_PLACE.finditer(text):
        short = (m.group(1) or m.group(2)).lower()
        near = [c for c in _TYPO_CITIES if c[0] == short[0] and Levenshtein.distance(c, short) == 1]
        if short not in EN_CITIES and len(near) == 1:
            hits.append((m.start(1) if m.group(1) else m.start(2), EN_CITIES[near[0]]))
    return tuple(sorted(hits))


def without_city_names(text: str) -> str:
    """``text`` with the Chinese names of known cities taken out."""
    for zh in ALL_CITIES:
        text = text.replace(zh, " ")
    return text


def is_frame_word(word: str) -> bool:
    """A lower-case English word that carries no topic: a stop word, filler or the question's frame."""
    return word in EN_STOP or word in FILLER or word in NOT_TERMS


def numbers_near(text: str, units: tuple[str, ...]) -> list[int]:
    """Integers written next to one of ``units`` ("3 天", "三天", "5 results", "two results")."""
    out: list[int] = []
    unit_re = "|".join(re.escape(u) for u in units)
    words = "|".join(EN_NUM)
    pattern = rf"((?<!\d)\d++|[一两二三四五六七八九十]|\b(?:{words})\b)\s*(?:{unit_re})"  # a digit run is tried once
    for m in re.finditer(pattern, text, flags=re.I):
        raw = m.group(1).lower()
        out.append(int(raw) if raw.isdigit() else ZH_NUM.get(raw) or EN_NUM[raw])
    return out


def id_pattern_from(description: str) -> re.Pattern[str] | None:
    """Learn an id's shape from the example in a parameter description ("例如 S1001" → S + 4 digits)."""
    for letters, digits in re.findall(r"\b([A-Za-z]{1,4})(\d{2,8})\b", description):
        return re.compile(rf"(?<![A-Za-z0-9])([A-Za-z]{{{len(letters)}}}\d{{{len(digits)}}})(?![A-Za-z0-9])")
    return None


def keywords(text: str) -> list[str]:
    """Search keywords: the content words of ``text`` with the filler removed, in order."""
    if is_chinese(text):
        cleaned = text.replace("多少度", " 气温 ").replace("几度", " 气温 ")
        for filler in sorted(ZH_FILLER, key=len, reverse=True):
            cleaned = cleaned.replace(filler, " ")
        out: list[str] = []
        for part in (p for p in _PUNCT.split(cleaned) if p):
            # keep Latin words (LangGraph, thread_id) whole; split Chinese runs at city names
            for city in ALL_CITIES:
                part = part.replace(city, f" {city} ")
            out.extend(p for p in part.split() if p)
        return _dedupe(out)
    words = re.findall(r"[A-Za-z0-9_][A-Za-z0-9_\-'.]*[A-Za-z0-9_]|[A-Za-z0-9]", text)
    return _dedupe([w for w in words if w.lower() not in EN_STOP])


def time_words(text: str) -> list[str]:
    return [*iso_dates(text), *relative_dates(text)]


def _dedupe(items: list[str]) -> list[str]:
    return list(dict.fromkeys(i for i in items if i))


_FOLLOW_START = re.compile(
    r"^(?:(?:ok(?:ay)?|alright|right|hmm+)[,\s]+)?(那|那么|还有|所以|and\b|what about|how about|then\b|so\b|now\b)",
    re.I,
)
_FOLLOW_SAME = re.compile(
    r"\b(?:do (?:that|the same)|same (?:for|thing|question|q)|too|as well)\b|也(?:查|看)|同样|一样的问题", re.I
)


@dataclass
class Context:
    """What the model knows when it reads one request.

    Attributes:
        question: the latest user message.
        history: earlier user messages, oldest first (for follow-ups).
        system: all system / developer text joined.
        lang: ``"zh"`` or ``"en"``, the language of the question.
        earlier_calls: the tool calls of the last assistant turn before the question,
            ``[(name, args)]``, which a follow-up ("那明天呢？") builds on.
    """

    question: str
    history: list[str] = field(default_factory=list)
    system: str = ""
    lang: str = "zh"
    earlier_calls: list[tuple[str, dict[str, Any]]] = field(default_factory=list)

    @property
    def is_follow_up(self) -> bool:
        """A short question leaning on earlier turns ("那明天呢？", "And tomorrow?")."""
        if not self.history:
            return False
        q = self.question.strip()
        # "now do that for hangzhou too", "ok and over in Paris, same question": the earlier ask, elsewhere
        starts = _FOLLOW_START.match(q) or _FOLLOW_SAME.search(q)
        short = len(q) <= 10 if is_chinese(q) else len(q.split()) <= 4
        return bool(starts) or short or not (cities_in(q) or iso_dates(q))

    def resolved_keywords(self) -> list[str]:
        """Keywords of the question with the city, time and topic carried over from history.

        The result is ordered city, time, topic: "那明天呢？" after "曼谷今天多少度？"
        becomes ``["曼谷", "明天", "气温"]``.
        """
        words = keywords(self.question)
        if not self.is_follow_up:
            return words
        city = [_city_in_lang(c, self.lang) for c in cities_in(self.question)]
        if not city:
            for text in reversed(self.history):
                if cities_in(text):
                    city = [_city_in_lang(cities_in(text)[-1], self.lang)]
                    break
        times = time_words(self.question)
        if not times:
            for text in reversed(self.history):
                if time_words(text):
                    times = [time_words(text)[-1]]
                    break
        topic = [w for w in words if _city_key(w) not in {_city_key(c) for c in city} and w not in times]
        if len(words) <= 1:  # "那明天呢？" carries the topic of the previous turn too
            last = self.history[-1]
            # "what about add_messages?" after "search ToolNode": one code name takes the place of the other
            named = any(_CODE_NAME.fullmatch(w) for w in topic)
            topic += [
                w
                for w in keywords(last)
                if w not in time_words(last)
                and not cities_in(w)
                and w not in topic
                and not (named and _CODE_NAME.fullmatch(w))
            ]
        return _dedupe([*city, *times, *topic])


#: A name from code: ``add_messages``, ``ToolNode``, ``thread_id``, ``bind_tools()``.
_CODE_NAME = re.compile(r"[A-Za-z]+_[A-Za-z_]+(?:\(\))?|[A-Z][a-z]+(?:[A-Z][a-z]+)+(?:\(\))?|[a-z]+(?:[A-Z][a-z]+)+")


def _city_key(word: str) -> str:
    return ALL_CITIES.get(word, word).lower()


def _city_in_lang(city_en: str, lang: str) -> str:
    if lang == "zh":
        for zh, en in ALL_CITIES.items():
            if en == city_en:
                return zh
    return city_en
