"""The built-in model's reading skills: language, concepts, entities and keywords.

Everything here is plain, deterministic text processing over the words of a request. The
built-in teaching model is not a neural network: it reads the user's words and the tools'
own descriptions with the rules below, which is enough to make every lesson happen for
real over the wire, and simple enough to read.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field

from toolcall_lab.offline.lexicon import CITIES, CONCEPTS, EN_STOP, ZH_FILLER

CJK = re.compile(r"[\u3400-\u9fff]")
ISO_DATE = re.compile(r"\b(\d{4}-\d{2}-\d{2})\b")

# Relative dates are passed through raw, the way real models do when they do not know
# today's date (the tutor article's 下周三 lesson depends on it).
_ZH_DAY = "[一二三四五六日天]"
RELATIVE_DATE = re.compile(
    r"(大后天|后天|明天|今天|昨天|前天|今晚|明早|明晚"
    rf"|下下?(?:周|星期|礼拜){_ZH_DAY}|(?:这|本|上)(?:周|星期|礼拜){_ZH_DAY}"
    rf"|(?:周|星期|礼拜){_ZH_DAY}"
    r"|the day after tomorrow|tomorrow|today|tonight|yesterday"
    r"|(?:next|this|last) (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|week)"
    r"|(?:on )?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday))",
    re.I,
)

_EN_CITIES = {v.lower(): v for v in CITIES.values()}
_PUNCT = re.compile(r"[\s，。！？、；：,.!?;:（）()\[\]【】「」『』\"“”'‘’<>《》…—\-]+")


def is_chinese(text: str) -> bool:
    """True when the text is mostly Chinese (decides the answer's language)."""
    cjk = len(CJK.findall(text))
    latin = len(re.findall(r"[A-Za-z]", text))
    return cjk >= 2 or (cjk > 0 and cjk * 3 >= latin)


def _compile_concepts() -> list[tuple[str, tuple[str, ...], re.Pattern[str] | None]]:
    compiled = []
    for concept, triggers in CONCEPTS.items():
        zh = tuple(t for t in triggers if CJK.search(t))
        en = [re.escape(t) for t in triggers if not CJK.search(t)]
        pattern = re.compile(rf"(?<![a-z])(?:{'|'.join(en)})(?![a-z])") if en else None
        compiled.append((concept, zh, pattern))
    return compiled


_CONCEPT_MATCHERS = _compile_concepts()


@functools.lru_cache(maxsize=512)
def concepts_in(text: str) -> frozenset[str]:
    """The concepts whose triggers appear in ``text`` (case-insensitive, word-bounded for English)."""
    low = text.lower()
    found = set()
    for concept, zh, pattern in _CONCEPT_MATCHERS:
        if any(t in text for t in zh) or (pattern is not None and pattern.search(low)):
            found.add(concept)
    return frozenset(found)


def zh_bigrams(text: str) -> set[str]:
    """Character bigrams of the Chinese runs in ``text`` (a crude but fair overlap measure)."""
    grams: set[str] = set()
    for run in re.findall(r"[\u3400-\u9fff]+", text):
        grams.update(run[i : i + 2] for i in range(len(run) - 1))
    return grams


def en_words(text: str) -> set[str]:
    """Lower-cased English content words with a plural ``s`` trimmed."""
    words = set()
    for w in re.findall(r"[A-Za-z][A-Za-z']+", text.lower()):
        if w in EN_STOP or len(w) < 3:
            continue
        words.add(w[:-1] if w.endswith("s") and len(w) > 4 else w)
    return words


# Where a question turns to its next ask: Chinese joiners, "; ", "and also", ", and how …".
_CLAUSE_BREAK = re.compile(
    r"[；;]|顺便|另外|还有|同时|以及|并且|(?:,|，)?\s*\band also\b"
    r"|(?:,|，)\s*and\b(?=\s+(?:how|what|when|where|which|who|is|are|do|does|can|tell|show|check)\b)"
    r"|(?:,|，)\s*\balso\b|\bas well as\b|\bplus\b",
    re.I,
)


def split_clauses(text: str) -> list[str]:
    """Split a question that asks several things ("…，顺便…", "… and also …") into clauses."""
    parts = _CLAUSE_BREAK.split(text)
    clauses = [p.strip(" ，,。.") for p in parts if p and p.strip(" ，,。.?？")]
    return clauses or [text]


def iso_dates(text: str) -> list[str]:
    return ISO_DATE.findall(text)


def relative_dates(text: str) -> list[str]:
    return [m.group(0).strip() for m in RELATIVE_DATE.finditer(text)]


def id_pattern_from(description: str) -> re.Pattern[str] | None:
    """Learn an id's shape from the example in a parameter description ("例如 S1001" → S + 4 digits)."""
    for example in re.findall(r"\b([A-Za-z]{1,4})(\d{2,8})\b", description):
        letters, digits = example
        return re.compile(rf"(?<![A-Za-z0-9])([A-Za-z]{{{len(letters)}}}\d{{{len(digits)}}})(?![A-Za-z0-9])")
    return None


def cities_in(text: str) -> list[str]:
    """City names in ``text`` in order of appearance, as their English names."""
    hits: list[tuple[int, str]] = []
    for zh, en in CITIES.items():
        for m in re.finditer(re.escape(zh), text):
            hits.append((m.start(), en))
    for m in re.finditer(r"[A-Za-z][A-Za-z ]*[A-Za-z]", text):
        for low, en in _EN_CITIES.items():
            for sub in re.finditer(rf"\b{re.escape(low)}\b", m.group(0).lower()):
                hits.append((m.start() + sub.start(), en))
    seen: list[str] = []
    for _, name in sorted(hits):
        if name not in seen:
            seen.append(name)
    return seen


def unknown_place(text: str) -> str | None:
    """A capitalised word that looks like a place name the model does not know ("FakeCity")."""
    m = re.search(r"\b(?:in|for|of|at)\s+([A-Z][A-Za-z]+(?:\s[A-Z][A-Za-z]+)?)", text)
    if m:
        return m.group(1)
    m = re.search(r"([\u4e00-\u9fff]{2,4}?)(?:市)?(?:的)?(?:天气|气温|温度)", text)
    if m and m.group(1) not in ("今天", "明天", "后天", "现在", "这里", "那里", "当地"):
        return m.group(1)
    m = re.search(r"\b([A-Z][a-z]+[A-Z][A-Za-z]+)\b", text)  # CamelCase like FakeCity
    return m.group(1) if m else None


def english_terms(text: str) -> list[str]:
    """English words a learner might ask about ("accord"), quoted ones first."""
    quoted = re.findall(r"[\"“'‘「]([A-Za-z][A-Za-z\-]*)[\"”'’」]", text)
    near = re.findall(r"(?:the word|单词|词)\s*([A-Za-z][A-Za-z\-]*)", text, flags=re.I)
    before = re.findall(r"([A-Za-z][A-Za-z\-]*)\s*(?:这个词|这个单词|一词|是什么意思|什么意思)", text)
    plain = [
        w
        for w in re.findall(r"\b([A-Za-z][A-Za-z\-]{1,})\b", text)
        if w.lower() not in EN_STOP
        and not re.match(r"^[A-Z]\d", w)
        and w.lower() not in {"word", "level", "mean", "meaning", "syllabus", "vocabulary", "list"}
    ]
    out: list[str] = []
    for w in [*quoted, *near, *before, *plain]:
        if w.lower() not in (x.lower() for x in out) and w.lower() not in EN_STOP:
            out.append(w)
    return out


_ZH_NUM = {"一": 1, "两": 2, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10}


def numbers_near(text: str, units: tuple[str, ...]) -> list[int]:
    """Integers written next to one of ``units`` ("3 天", "三天", "5 results")."""
    out: list[int] = []
    unit_re = "|".join(re.escape(u) for u in units)
    for m in re.finditer(rf"(\d+|[一两二三四五六七八九十])\s*(?:{unit_re})", text, flags=re.I):
        raw = m.group(1)
        out.append(int(raw) if raw.isdigit() else _ZH_NUM[raw])
    return out


def keywords(text: str) -> list[str]:
    """Search keywords: the content words of ``text`` with the filler removed, in order."""
    if is_chinese(text):
        cleaned = text.replace("多少度", " 气温 ").replace("几度", " 气温 ")
        for filler in sorted(ZH_FILLER, key=len, reverse=True):
            cleaned = cleaned.replace(filler, " ")
        parts = [p for p in _PUNCT.split(cleaned) if p]
        out: list[str] = []
        for part in parts:
            # keep Latin words (LangGraph, thread_id) whole; split Chinese runs at city names
            for city in CITIES:
                part = part.replace(city, f" {city} ")
            out.extend(p for p in part.split() if p)
        return _dedupe(out)
    words = [w for w in re.findall(r"[A-Za-z0-9_][A-Za-z0-9_\-']*", text) if w.lower() not in EN_STOP]
    return _dedupe(words)


def time_words(text: str) -> list[str]:
    return [*iso_dates(text), *relative_dates(text)]


def _dedupe(items: list[str]) -> list[str]:
    seen: list[str] = []
    for item in items:
        if item and item not in seen:
            seen.append(item)
    return seen


@dataclass
class Context:
    """What the model knows when it reads one request.

    Attributes:
        question: the latest user message.
        history: earlier user messages, oldest first (for follow-ups).
        system: all system / developer text joined.
        lang: ``"zh"`` or ``"en"``, the language of the question.
    """

    question: str
    history: list[str] = field(default_factory=list)
    system: str = ""
    lang: str = "zh"

    @property
    def is_follow_up(self) -> bool:
        """A short question leaning on earlier turns ("那明天呢？", "And tomorrow?")."""
        if not self.history:
            return False
        q = self.question.strip()
        starts = re.match(r"^(那|那么|还有|所以|and\b|what about|how about|then\b|so\b)", q, re.I)
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
            topic += [w for w in keywords(last) if w not in time_words(last) and not cities_in(w) and w not in topic]
        return _dedupe([*city, *times, *topic])


def _city_key(word: str) -> str:
    return CITIES.get(word, word).lower()


def _city_in_lang(city_en: str, lang: str) -> str:
    if lang == "zh":
        for zh, en in CITIES.items():
            if en == city_en:
                return zh
    return city_en
