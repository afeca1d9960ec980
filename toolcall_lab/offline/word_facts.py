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
