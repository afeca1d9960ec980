"""What the built-in model knows about the course's words by itself, as any language model would.

The tutor's ``lookup_word`` answers one thing: a word's level, whether the kaoyan syllabus has it, a
Chinese meaning and an example. Learners also ask what no tool answers — the opposite of "diligent",
a synonym for "meticulous", how many syllables "ubiquitous" has, which syllable is stressed, how
"schedule" is said, the plural — and an English learner wants the meaning in English. A real model
answers those from what it learnt, without a call; so does this one, for the words of the course (and
"forecast"), from the small lexicon below. Anything else it does not pretend to know.

>>> asked("whats the 反义词 of diligent", [])
('opposite', 'diligent')
>>> print(answer("opposite", "diligent", "en"))
The opposite of "diligent" is "lazy" (also: idle, negligent). That is general knowledge, so no tool is needed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from toolcall_lab.i18n import Text
from toolcall_lab.offline.terms import marked_terms
from toolcall_lab.offline.usage import NOT_CARED
from toolcall_lab.offline.word_facts import marked_parts


@dataclass(frozen=True)
class Entry:
    """One word as the model knows it."""

    en: str  # a short English meaning, by part of speech
    zh: str  # a Chinese meaning
    syllables: str  # split with "·", the stressed syllable in capitals
    synonyms: tuple[str, ...]
    antonyms: tuple[str, ...]
    plural: str = ""  # nouns only
    say: Text | None = None  # how it is said, where British and American English differ


KNOWN: dict[str, Entry] = {
    "abandon": Entry("(v.) to give up; to leave behind", "放弃；抛弃", "a·BAN·don", ("give up", "desert", "quit"),
                     ("keep", "continue", "maintain", "persist")),
    "accord": Entry("(n.) an agreement; harmony; (v.) to match, to agree with", "协议；一致；与……相符", "ac·CORD",
                    ("agreement", "treaty", "harmony"), ("disagreement", "conflict", "discord"), "accords"),
    "ambiguous": Entry("(adj.) open to more than one meaning; unclear", "模棱两可的；含糊的", "am·BIG·u·ous",
                       ("unclear", "vague", "equivocal"), ("clear", "unambiguous", "definite")),
    "benefit": Entry("(n.) an advantage, something good; (v.) to do good to", "好处；使受益", "BEN·e·fit",
                     ("advantage", "gain", "good"), ("harm", "disadvantage", "drawback"), "benefits"),
    "coherent": Entry("(adj.) logically connected and clear; making sense as a whole", "连贯的；条理清楚的",
                      "co·HER·ent", ("logical", "consistent", "clear"), ("incoherent", "confused", "disjointed")),
    "diligent": Entry("(adj.) hard-working and careful", "勤奋的；勤勉的", "DIL·i·gent",
                      ("hard-working", "industrious", "conscientious"), ("lazy", "idle", "negligent")),
    "leisure": Entry("(n.) free time, when you are not working", "空闲；闲暇", "LEI·sure",
                     ("free time", "spare time", "rest"), ("work", "labour", "toil"), "",
                     Text("英式多读 /ˈleʒə/（lezh-er），美式多读 /ˈliːʒər/（lee-zhur），两种都对。",
                          "British English mostly says /ˈleʒə/ (lezh-er), American English /ˈliːʒər/ (lee-zhur): "
                          "both are right.")),
    "meticulous": Entry("(adj.) very careful about every detail", "一丝不苟的；极仔细的", "me·TIC·u·lous",
                        ("careful", "thorough", "precise", "painstaking"), ("careless", "sloppy", "slapdash")),
    "negotiate": Entry("(v.) to discuss something to reach an agreement", "谈判；协商", "ne·GO·ti·ate",
                       ("bargain", "discuss", "work out"), ("refuse", "dictate")),
    "schedule": Entry("(n.) a timetable, a plan of times; (v.) to arrange for a certain time", "时间表；安排",
                      "SCHED·ule", ("timetable", "plan", "agenda"), ("improvise",), "schedules",
                      Text("英式多读 /ˈʃedjuːl/（shed-yool），美式读 /ˈskedʒuːl/（sked-yool），两种都对。",
                           "British English often says /ˈʃedjuːl/ (shed-yool), American English /ˈskedʒuːl/ "
                           "(sked-yool): both are right.")),
    "ubiquitous": Entry("(adj.) found everywhere; very common", "无处不在的；普遍存在的", "u·BIQ·ui·tous",
                        ("everywhere", "omnipresent", "widespread", "pervasive"), ("rare", "scarce", "uncommon")),
    "forecast": Entry("(n.) a statement of what will probably happen, as the weather tomorrow; (v.) to predict",
                      "预报；预测", "FORE·cast", ("prediction", "outlook"), ("hindsight",), "forecasts"),
}  # fmt: skip

_ASKS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("opposite", re.compile(r"反义词|相反|opposite|antonym", re.I)),
    ("synonym", re.compile(r"近义词|同义词|synonym|another word for|similar word", re.I)),
    ("syllables", re.compile(r"how many syllables|几个音节|多少个音节|音节数", re.I)),
    # "where is the stress in meticulous" — not "I'm stressed about meticulous"
    ("stress", re.compile(r"重音|the stress\b|\bstressed (?:on|syllable)|which syllable", re.I)),
    # "is schedule said shed-yool or sked-yool" — not "my teacher said leisure is B1"
    (
        "say",
        re.compile(
            r"(?:怎么读|怎么念|发音|读音)(?!\s*(?:先|就)?(?:不管|不用管|无所谓|不重要))|pronounc|\bis\s+\w+\s+said\b"
            r"|how do (?:i|you) say the word|sound like",
            re.I,
        ),
    ),
    ("plural", re.compile(r"复数|plural", re.I)),
    # "is 'meticulous' an adjective?", "is forecast a noun or a verb", "accord 是名词还是动词", "词性"
    (
        "pos",
        re.compile(
            r"词性|part of speech|是(?:不是)?(?:名词|动词|形容词|副词)|(?:名词|动词|形容词|副词)\s*(?:or|还是)"
            r"|\b(?:is|it'?s)\b[^?.。？]*?\ban?\s+(?:noun|verb|adjective|adverb)\b"
            r"|\b(?:noun|verb|adjective|adverb)\s+or\s+(?:an?\s+)?(?:noun|verb|adjective|adverb)\b",
            re.I,
        ),
    ),
)

_NOT_WANTED = re.compile(r"(?:\bno|\bnot|don'?t need|不用|不要|不需要|别)\s*(?:the\s+|an?\s+|说|看)?$", re.I)
_ENGLISH = re.compile(r"英文解释|用英文|用英语|英英|in (?:plain )?english|english (?:meaning|one|definition)", re.I)
_CHINESE = re.compile(r"中文|汉语|chinese", re.I)
_MEANING = re.compile(r"意思|释义|解释|\bmeans?\b|meaning|definition|\bdefine\b|translate|翻译|\bword for\b", re.I)
_WORDS = re.compile(r"[A-Za-z]+")
_CJK = re.compile(r"[\u4e00-\u9fff]")
_QUOTED_SENTENCE = re.compile(r"(?<![A-Za-z])['\"“‘「][^'\"”’」]*\s[^'\"”’」]*\s[^'\"”’」]*['\"”’」](?![A-Za-z])")


def word_in(text: str, history: list[str]) -> str | None:
    """The known word the text names, else the latest one named in earlier user turns ("and its opposite?")."""
    if _QUOTED_SENTENCE.search(text):  # "translate 'my schedule is busy'": a sentence, not a word of the lexicon
        return None
    marked = marked_terms(text)  # "what does 'haze' mean in a forecast?": the word in quotes is the one asked
    if marked:
        return next((w.lower() for w in marked if w.lower() in KNOWN), None)
    for where in (text, *reversed(history)):
        for w in _WORDS.findall(where):
            if w.lower() in KNOWN:
                return str(w).lower()
    return None


def asked(text: str, history: list[str], *, word_tool: bool = False) -> tuple[str, str] | None:
    """``(kind, word)`` when the question asks about a known word what no tool answers, else ``None``.

    ``word_tool``: a tool looks words up (its reply gives a Chinese meaning): then a Chinese or an
    English meaning is that tool's question, not this lexicon's.
    """
    word = word_in(text, history)
    if word is None:
        return None
    for kind, pattern in _ASKS:
        if kind == "pos" and word_tool:
            continue  # a word tool's reply gives the part of speech with the meaning ("释义：adj. …")
        found = pattern.search(text)
        if kind == "say" and NOT_CARED.search(text):
            continue  # "ubiquitous 怎么读我不管, 它考研考不考": the sound waved away
        if found and not _NOT_WANTED.search(text[max(0, found.start() - 14) : found.start()]):
            return kind, word  # "no opposite needed, just the level": not asked
    if not word_tool and _MEANING.search(text):
        in_chinese = _CHINESE.search(text) or (_CJK.search(text) and not _ENGLISH.search(text))  # "benefit 是啥意思"
        return ("chinese" if in_chinese else "english"), word
    return None


_NO_CHINESE = re.compile(
    r"don'?t (?:need )?(?:translate|the chinese)|no (?:need to )?translat|(?:don'?t|do not) need the chinese"
    r"|不用翻译|不要翻译|不用(?:中文|汉语)|in english please|english please|用英文|用英语|\bin english(?: only)?\W*$"
    r"|\bin english only\b|\benglish only\b|\bonly in english\b"
    r"|(?:don'?t|do not) need (?:the |its )?meaning|\b(?:just|only) (?:tell me )?(?:the |its )?level\b"
    r"|\b(?:skip|forget) (?:the |its )?meaning\b"
    r"|只要(?:等级|级别)|不用(?:释义|解释意思)",
    re.I,
)
_MEANING_LINE = re.compile(r"^释义[:：][^\n]*\n?", re.M)


def without_chinese_meaning(text: str, question: str) -> str:
    r"""A word tool's reply without its Chinese meaning line when the learner said they do not want it
    ("in English please", "don't translate it", "不用翻译"); the reply as it is otherwise.

    >>> without_chinese_meaning("leisure · B1\n释义：n. 空闲\n例句：…", "leisure's meaning in english please")
    'leisure · B1\n例句：…'
    """
    return _MEANING_LINE.sub("", text) if _NO_CHINESE.search(question) else text


def english_only(question: str) -> str:
    """The words asking for the answer in English only ("…, in english please", "用英文回答"), else ``""``.

    >>> english_only("S1003's weak points, in english"), english_only("what does leisure mean")
    ('in english', '')
    """
    found = _NO_CHINESE.search(question)
    return found.group(0) if found else ""


def english_meaning(word: str) -> str:
    """ "In English, "leisure" means (n.) free time …" — for an English learner after a Chinese lookup."""
    entry = KNOWN.get(word.lower())
    return f'In English, "{word}" means {entry.en}.' if entry else ""


def english_meanings(results: list[dict[str, Any]], question: str, lang: str) -> str:
    """After a word tool's Chinese reply, the meaning in English for a learner who wants it (asked in
    English, or asked for English): one line per word the lexicon knows.

    >>> english_meanings([{"args": {"word": "leisure"}, "content": "释义：n. 空闲"}], "what does leisure mean", "en")
    'In English, "leisure" means (n.) free time, when you are not working.'
    """
    if not (_ENGLISH.search(question) or (lang == "en" and _MEANING.search(question))):
        return ""
    chinese = [r for r in results if _CJK.search(str(r.get("content", "")))]  # the English edition says it already
    words = [str(v).lower() for r in chinese for k, v in r.get("args", {}).items() if k == "word"]
    return "\n".join(english_meaning(w) for w in dict.fromkeys(words) if w in KNOWN)


def answer(kind: str, word: str, lang: str) -> str:
    """The answer from the lexicon, saying it needed no tool."""
    e = KNOWN[word]
    known = Text("这是常识，不用调用工具。", "That is general knowledge, so no tool is needed.")(lang)
    others = ", ".join(e.antonyms[1:] if kind == "opposite" else e.synonyms[1:])
    parts = e.syllables.split("·")
    stressed = next(i for i, p in enumerate(parts, start=1) if p.isupper())
    said: dict[str, Text] = {
        "opposite": Text(f"「{word}」的反义词是 {e.antonyms[0]}（还有：{others}）。",
                         f'The opposite of "{word}" is "{e.antonyms[0]}" (also: {others}).'),
        "synonym": Text(f"「{word}」的近义词是 {e.synonyms[0]}（还有：{others}）。",
                        f'A synonym for "{word}" is "{e.synonyms[0]}" (also: {others}).'),
        "syllables": Text(f"「{word}」有 {len(parts)} 个音节：{e.syllables.lower()}。",
                          f'"{word}" has {len(parts)} syllables: {e.syllables.lower()}.'),
        "stress": Text(f"「{word}」的重音在第 {stressed} 个音节：{e.syllables}。",
                       f'"{word}" is stressed on syllable {stressed}: {e.syllables}.'),
        "say": e.say if e.say is not None else Text(f"「{word}」读作 {e.syllables}（重音在大写的音节）。",
                                            f'"{word}" is said {e.syllables} (the stress on the capitals).'),
        "plural": Text(f"「{word}」的复数是 {e.plural or word}。", f'The plural of "{word}" is "{e.plural or word}".'),
        "chinese": Text(f"「{word}」的中文意思是：{e.zh}。", f'In Chinese, "{word}" is {e.zh}.'),
        "english": Text(f"「{word}」的英文释义：{e.en}。", f'"{word}" means {e.en}.'),
        "pos": _part_of_speech(word, e),
    }  # fmt: skip
    return f"{said[kind](lang)} {known}" if lang == "en" else f"{said[kind](lang)}{known}"


def _part_of_speech(word: str, entry: Entry) -> Text:
    """What part of speech a word is, read from the marks of its English meaning ("(n.) …; (v.) …").

    >>> _part_of_speech("forecast", KNOWN["forecast"])("en").split(":")[0]
    '"forecast" is a noun and a verb'
    """
    names = list({name.en: name for name, _ in marked_parts(entry.en)}.values())  # "(n.) …; (v.) …", each once
    zh = "，也是".join(name.zh for name in names)
    en = " and ".join(name.en for name in names)
    return Text(f"「{word}」是{zh}：{entry.en}（{entry.zh}）。", f'"{word}" is {en}: {entry.en}.')


# "'勤奋' 的 English 是哪个词": a Chinese word, then "its English"
_ITS_ENGLISH = re.compile(
    r"(?P<zh>[\u4e00-\u9fff]+)['\"”’」]?\s*的\s*(?:english|英文|英语)(?!\s*(?:解释|释义|意思))", re.I
)


def english_named(text: str) -> tuple[str, list[tuple[str, str]]]:
    """The text with a course word asked for by its Chinese meaning written in English, and each
    ``(Chinese, English)`` so replaced: the English word is what a word tool takes.

    >>> english_named("'勤奋' 的 English 是哪个词，考研要不要背")
    ("'diligent' 的 English 是哪个词，考研要不要背", [('勤奋', 'diligent')])
    """
    meanings = {m.removesuffix("的"): w for w, e in KNOWN.items() for m in re.split("[；;，,]", e.zh) if m}
    found: list[tuple[str, str]] = []

    def english(m: re.Match[str]) -> str:
        run = m.group("zh")
        zh = next((run[i:] for i in range(len(run)) if run[i:].removesuffix("的") in meanings), None)
        if zh is None:
            return m.group(0)
        found.append((zh, meanings[zh.removesuffix("的")]))
        return m.group(0).replace(zh, found[-1][1], 1)

    return _ITS_ENGLISH.sub(english, text), found
