"""What a word lookup's reply says beyond its level: the parts of speech its meaning line marks.

The tutor's ``lookup_word`` answers in Chinese, with the meaning line written as a dictionary does:
``释义：n. 协议；一致  v. 与……相符``. A learner who asks "is accord a noun or a verb?" or "coherent 的
词性" gets the answer read from those marks, first, in their language; the tool's reply follows it.
Nothing here is known beforehand: a word whose reply marks no part of speech gets no such line.
"""

from __future__ import annotations

import re
from typing import Any

from toolcall_lab.i18n import Text

#: A question about a word's part of speech.
ASKS_PART_OF_SPEECH = re.compile(
    r"词性|名词|动词|形容词|副词|part of speech|\bnoun\b|\bverb\b|\badjective\b|\badverb\b|\bn\.? or v\b",
    re.I,
)
#: The dictionary's marks, and their names in both languages.
_MARKS = {
    "n": Text("名词", "a noun"),
    "v": Text("动词", "a verb"),
    "vt": Text("及物动词", "a (transitive) verb"),
    "vi": Text("不及物动词", "an (intransitive) verb"),
    "adj": Text("形容词", "an adjective"),
    "adv": Text("副词", "an adverb"),
    "prep": Text("介词", "a preposition"),
    "conj": Text("连词", "a conjunction"),
}
#: A yes-or-no question about the exam syllabus: "is 'schedule' a kaoyan word?", "diligent 考研要背吗".
ASKS_SYLLABUS = re.compile(r"kaoyan|syllabus|考研|大纲|要背|要不要背|考不考", re.I)
#: Anything else asked about the same word: its meaning, level, use or an example.
_ASKS_MORE = re.compile(
    r"mean|definition|define|level|example|sentence|how (?:do i|to) use|chinese"
    r"|什么意思|啥意思|意思|释义|几级|等级|级别|例句|怎么用|中文",
    re.I,
)
#: A part of the answer the learner says they do not want: "i don't want the meaning of X, only …".
_NOT_WANTED = re.compile(
    r"\b(?:don'?t|do not|no)\s+(?:need|want)\s+(?:the\s+|its\s+|a\s+)?(?:meaning|definition|example|level)s?\b"
    r"|\b(?:skip|forget|never mind|no)\s+(?:the\s+|its\s+)?(?:meaning|definition|example)s?\b"
    r"|(?:不要|不用|不需要)(?:给|说|讲)?(?:释义|例句|意思|中文意思)",
    re.I,
)


def wanted(question: str) -> str:
    """The question without the parts of the answer it says it does not want.

    >>> wanted("i don't want the meaning of ubiquitous, only whether it's on the kaoyan list")
    "i   of ubiquitous, only whether it's on the kaoyan list"
    """
    return _NOT_WANTED.sub(" ", question)


#: The syllabus fact in the tool's Chinese edition or its English one, and the level before it.
_SYLLABUS = re.compile(r"(?P<out>不在考研大纲|NOT in the kaoyan syllabus)|属于考研大纲|in the kaoyan syllabus", re.I)
_LEVEL = re.compile(r"(?:词表等级|level)\s*(?P<level>[ABC][12])\b")
_MEANING = re.compile(r"(?:释义|Meaning)[:：](?P<line>[^\n]*)")  # the tool's Chinese edition, or its English one
_MARK = re.compile(r"(?<![A-Za-z])(?P<mark>adj|adv|prep|conj|vt|vi|n|v)\.\s*(?P<sense>[^A-Za-z\n]*)")


def parts_of_speech(results: list[dict[str, Any]], question: str, lang: str) -> str:
    """For a question about parts of speech, one line per looked-up word: what its meaning line marks.

    >>> reply = {"args": {"word": "accord"}, "content": "accord · B2\\n释义：n. 协议；一致  v. 与……相符"}
    >>> parts_of_speech([reply], "is accord a noun or a verb", "en")
    'accord is a noun and a verb.'
    >>> parts_of_speech([reply], "accord 的词性", "zh")
    'accord 是名词（协议；一致），也是动词（与……相符）。'
    >>> parts_of_speech([reply], "what level is accord", "en")
    ''
    """
    if not ASKS_PART_OF_SPEECH.search(question):
        return ""
    lines = []
    for r in results:
        found = _MEANING.search(str(r.get("content", "")))
        word = " ".join(str(v) for v in r.get("args", {}).values())
        if found is None:
            continue
        named = marked_parts(found.group("line"))
        if not named:
            continue
        zh = "，也是".join(f"{name.zh}（{sense}）" if sense else name.zh for name, sense in named)
        en = " and ".join(name.en for name, _ in named)  # the senses are Chinese: they stay in the reply below
        lines.append(Text(f"{word} 是{zh}。", f"{word} is {en}.")(lang))
    return "\n".join(lines)


def marked_parts(line: str) -> list[tuple[Text, str]]:
    """The parts of speech a meaning line marks, each named in both languages, with its sense.

    >>> [(name.en, sense) for name, sense in marked_parts("n. 协议；一致  v. 与……相符")]
    [('a noun', '协议；一致'), ('a verb', '与……相符')]
    """
    marks = [(m.group("mark"), m.group("sense").strip(" ；;()")) for m in _MARK.finditer(line)]
    return [(_MARKS[mark], sense) for mark, sense in marks if mark in _MARKS]


_CLAUSE_BREAK = re.compile(r"[,，;；。?？!！]|\band\b(?= (?:is|are|does|do|what|how)\b)|还有|另外", re.I)


def _asked_of(word: str, question: str) -> bool:
    """Whether the syllabus question is asked of this word: the clauses that name it ask it, or none names it."""
    naming = [c for c in _CLAUSE_BREAK.split(question) if word.lower() in c.lower()]
    # "is negotiate on the kaoyan list? and abandon?": a clause naming only the word asks the same again
    bare = [
        c
        for c in naming
        if not re.sub(rf"(?i)\b(?:and|or|also|what about|how about)\b|{re.escape(word)}|\W|还有|呢", "", c)
    ]
    # "…about negotiate being important, is it even in the kaoyan thing": "it" is the word named before
    pointed = any(ASKS_SYLLABUS.search(c) and re.search(r"\bit\b|它|这个词", c) for c in _CLAUSE_BREAK.split(question))
    return not naming or bool(bare) or pointed or any(ASKS_SYLLABUS.search(c) for c in naming)


def syllabus_verdict(results: list[dict[str, Any]], question: str, lang: str) -> tuple[str, bool]:
    """For a yes-or-no question about the kaoyan syllabus, the answer first: yes or no, per word looked up.

    The second value says whether that answers everything asked (every reply is a word's, and nothing is
    asked about its meaning, level or an example), so the tool's reply need not be pasted after it.

    >>> reply = {"args": {"word": "diligent"}, "content": "diligent · 词表等级 B2 级 · 不在考研大纲词汇内"}
    >>> syllabus_verdict([reply], "is 'diligent' one of the kaoyan words?", "en")
    ('No: diligent is not in the kaoyan syllabus (word-list level B2).', True)
    >>> syllabus_verdict([reply], "diligent 考研要背吗，什么意思", "zh")
    ('不是，diligent 不在考研大纲词汇内（B2 级），考研不用专门背。', False)
    >>> syllabus_verdict([reply], "what level is diligent", "en")
    ('', False)

    Only a word whose own clause asks about the syllabus gets the verdict:

    >>> other = {"args": {"word": "ambiguous"}, "content": "ambiguous · 词表等级 C1 级 · 属于考研大纲词汇"}
    >>> syllabus_verdict([other, reply], "the chinese for ambiguous, and is diligent a kaoyan word", "en")
    ('No: diligent is not in the kaoyan syllabus (word-list level B2).', False)
    """
    if not ASKS_SYLLABUS.search(question):
        return "", False
    lines = []
    for r in results:
        content = str(r.get("content", ""))
        found = _SYLLABUS.search(content)
        word = str(r.get("args", {}).get("word", ""))
        if found is None or not word or not _asked_of(word, question):
            continue
        level = _LEVEL.search(content)
        en_level = f" (word-list level {level.group('level')})" if level else ""
        zh_level = f"（{level.group('level')} 级）" if level else ""
        if found.group("out"):
            said = Text(
                f"不是，{word} 不在考研大纲词汇内{zh_level}，考研不用专门背。",
                f"No: {word} is not in the kaoyan syllabus{en_level}.",
            )
        else:
            said = Text(
                f"是的，{word} 属于考研大纲词汇{zh_level}，考研要背。",
                f"Yes: {word} is in the kaoyan syllabus{en_level}.",
            )
        lines.append(said(lang))
    outs = [r for r in results if (f := _SYLLABUS.search(str(r.get("content", "")))) and f.group("out")]
    if len(results) >= 2 and len(outs) == len(results) and re.search(r"哪个|哪一个|which|either", question, re.I):
        # "meticulous 和 ubiquitous 哪个考研要考": neither, said first
        lines.insert(0, Text("两个都不在考研大纲词汇内。", "Neither is in the kaoyan syllabus.")(lang))
    whole = len(lines) >= len(results) and not _ASKS_MORE.search(ASKS_SYLLABUS.sub(" ", question))
    return "\n".join(lines), bool(lines) and whole  # another tool's reply (a lesson asked too) is still shown
