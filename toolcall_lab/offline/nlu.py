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

# Concepts let a Chinese question meet an English description and the reverse. A tool
# "has" a concept when its name, description or parameter text contains a trigger.
CONCEPTS: dict[str, tuple[str, ...]] = {
    "schedule": (
        "课表",
        "上课",
        "有课",
        "什么课",
        "几节课",
        "排课",
        "教室",
        "几点",
        "课程安排",
        "schedule",
        "class",
        "classes",
        "lesson",
        "lessons",
        "timetable",
        "classroom",
    ),
    "progress": (
        "学到哪",
        "进度",
        "课时",
        "学习记录",
        "测评",
        "成绩",
        "薄弱",
        "学习情况",
        "progress",
        "how far",
        "learning record",
        "record",
        "score",
        "scores",
        "weak point",
        "doing",
    ),
    "word": (
        "单词",
        "词表",
        "几级",
        "词汇",
        "考研",
        "释义",
        "例句",
        "这个词",
        "这个单词",
        "word",
        "vocabulary",
        "level",
        "meaning",
        "mean",
        "definition",
        "syllabus",
    ),
    "weather": (
        "天气",
        "气温",
        "温度",
        "多少度",
        "下雨",
        "降雨",
        "带伞",
        "雨伞",
        "晴",
        "热不热",
        "冷不冷",
        "weather",
        "temperature",
        "hot",
        "cold",
        "rain",
        "umbrella",
        "forecast",
        "degrees",
    ),
    "search": (
        "搜索",
        "搜一下",
        "联网",
        "最新",
        "资料",
        "网上",
        "查找",
        "search",
        "look up",
        "latest",
        "web",
        "internet",
        "news",
    ),
    "notify": ("通知", "告诉老师", "提醒老师", "发消息", "notify", "tell the teacher", "message the teacher"),
}

# City names the model can translate to the English form most weather APIs expect.
CITIES: dict[str, str] = {
    "曼谷": "Bangkok",
    "北京": "Beijing",
    "上海": "Shanghai",
    "广州": "Guangzhou",
    "深圳": "Shenzhen",
    "杭州": "Hangzhou",
    "成都": "Chengdu",
    "东京": "Tokyo",
    "首尔": "Seoul",
    "新加坡": "Singapore",
    "伦敦": "London",
    "巴黎": "Paris",
    "纽约": "New York",
    "悉尼": "Sydney",
    "香港": "Hong Kong",
    "台北": "Taipei",
    "柏林": "Berlin",
    "旧金山": "San Francisco",
}
_EN_CITIES = {v.lower(): v for v in CITIES.values()}

_EN_STOP = set(
    [
        "a",
        "an",
        "the",
        "is",
        "are",
        "am",
        "was",
        "were",
        "be",
        "been",
        "do",
        "does",
        "did",
        "i",
        "me",
        "my",
        "you",
        "your",
        "we",
        "our",
        "it",
        "its",
        "of",
        "to",
        "in",
        "on",
        "at",
        "for",
        "and",
        "or",
        "but",
        "with",
        "what",
        "which",
        "who",
        "whom",
        "how",
        "when",
        "where",
        "why",
        "there",
        "this",
        "that",
        "these",
        "those",
        "please",
        "can",
        "could",
        "would",
        "should",
        "will",
        "shall",
        "may",
        "might",
        "have",
        "has",
        "had",
        "need",
        "needs",
        "any",
        "some",
        "about",
        "tell",
        "show",
        "give",
        "get",
        "find",
        "check",
        "let",
        "us",
        "also",
        "as",
        "well",
        "then",
        "just",
        "so",
        "if",
        "not",
        "no",
        "yes",
        "hi",
        "hello",
        "thanks",
        "thank",
        "much",
        "many",
        "more",
        "most",
        "than",
        "too",
        "very",
        "really",
        "like",
        "know",
        "want",
        "look",
        "up",
        "search",
        "for",
        "from",
        "by",
        "into",
        "day",
        "days",
        "week",
        "next",
        "last",
        "s",
        "t",
        "going",
        "go",
    ]
)
_ZH_FILLER = (
    "请问",
    "请帮我",
    "帮我",
    "麻烦",
    "能不能",
    "可以",
    "告诉我",
    "一下",
    "搜索",
    "搜一下",
    "查一下",
    "查查",
    "我想知道",
    "我想",
    "顺便",
    "另外",
    "还有",
    "那么",
    "需要",
    "是不是",
    "有没有",
    "怎么样",
    "如何",
    "什么",
    "多少",
    "吗",
    "呢",
    "啊",
    "吧",
    "呀",
    "了",
    "的",
    "我",
    "你",
    "是",
    "在",
    "有",
    "那",
    "和",
    "把",
)
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
        if w in _EN_STOP or len(w) < 3:
            continue
        words.add(w[:-1] if w.endswith("s") and len(w) > 4 else w)
    return words


def split_clauses(text: str) -> list[str]:
    """Split a question that asks several things ("…，顺便…", "… and also …") into clauses."""
    parts = re.split(
        r"[；;]|顺便|另外|还有|同时|以及|并且|(?:,|，)?\s*\band also\b|(?:,|，)\s*and\b(?=\s+(?:how|what|when|where|which|who|is|are|do|does|can|tell|show|check)\b)|(?:,|，)\s*\balso\b|\bas well as\b|\bplus\b",
        text,
        flags=re.I,
    )
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
        if w.lower() not in _EN_STOP
        and not re.match(r"^[A-Z]\d", w)
        and w.lower() not in {"word", "level", "mean", "meaning", "syllabus", "vocabulary", "list"}
    ]
    out: list[str] = []
    for w in [*quoted, *near, *before, *plain]:
        if w.lower() not in (x.lower() for x in out) and w.lower() not in _EN_STOP:
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
        for filler in sorted(_ZH_FILLER, key=len, reverse=True):
            cleaned = cleaned.replace(filler, " ")
        parts = [p for p in _PUNCT.split(cleaned) if p]
        out: list[str] = []
        for part in parts:
            # keep Latin words (LangGraph, thread_id) whole; split Chinese runs at city names
            for city in CITIES:
                part = part.replace(city, f" {city} ")
            out.extend(p for p in part.split() if p)
        return _dedupe(out)
    words = [w for w in re.findall(r"[A-Za-z0-9_][A-Za-z0-9_\-']*", text) if w.lower() not in _EN_STOP]
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
