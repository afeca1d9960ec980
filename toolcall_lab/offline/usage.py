"""Questions of English usage and requests to write words, which no tool of the course answers.

"is it 'on the weekend' or 'at the weekend'?", "i always confuse affect and effect, which one is the
verb?", "give me three linking words I can use in an IELTS essay": the word tool looks up the level and
meaning of a word the learner names; it does not say which of two phrasings is right, and it does not
write word lists. A careful model does not send "essay" or "effect" to it to look busy. It says what it
understood (the phrases themselves, quoted back), that its tools do not cover it, and what they do.
"""

from __future__ import annotations

import re
from typing import Any

from toolcall_lab.i18n import Text
from toolcall_lab.offline.kinds import kinds_of, tool_name
from toolcall_lab.offline.lexicon import EN_STOP, FILLER
from toolcall_lab.offline.nlu import concept_hits
from toolcall_lab.offline.spelling import doubled_letters, spelling_asked

#: Two quoted phrasings set against each other: "is it 'on the weekend' or 'at the weekend'?".
_EITHER_QUOTED = re.compile(
    r"[\"“'‘「](?P<a>[A-Za-z][A-Za-z' -]{0,30}?)[\"”'’」]\s*(?:or|还是|或者|vs\.?)\s*"
    r"[\"“'‘「](?P<b>[A-Za-z][A-Za-z' -]{0,30}?)[\"”'’」]",
    re.I,
)
#: Two words a learner mixes up: "i always confuse affect and effect", "affect 和 effect 老是分不清".
_MIXED_UP = re.compile(
    r"\b(?:confuse|confusing|mix up|mixing up|mixed up)\s+(?P<a>[a-z]{2,20})\s+(?:and|with|or)\s+(?P<b>[a-z]{2,20})\b"
    r"|(?P<c>[A-Za-z]{2,20})\s*(?:和|跟|与|还是)\s*(?P<d>[A-Za-z]{2,20})\s*(?:老是|总是|经常)?(?:分不清|搞混|弄混|混淆"
    r"|的?\s*用法|在用法上|用起来)",
    re.I,
)
#: "whats the diff between affect and effect again i always mix them up": two words, and the mix-up said after
_DIFFERENCE = re.compile(r"\b(?:diff|difference)\s+between\s+(?P<a>[a-z]{2,20})\s+and\s+(?P<b>[a-z]{2,20})\b", re.I)
_MIX_SAID = re.compile(r"\bmix(?:ing|ed)? (?:them|these|those|it) up\b|\bconfus(?:e|ed|ing)\b|分不清|搞混|弄混", re.I)
#: What a usage question asks of the two: which is the verb, which is right.
_WHICH_ONE = re.compile(
    r"\bwhich (?:one )?is (?:the )?(?:verb|noun|adjective|adverb|right|correct|proper)\b"
    r"|\bwhich (?:one )?(?:do|should) i use\b"
    r"|哪个是(?:动词|名词|形容词|副词|对的)|用哪个|哪个对",
    re.I,
)
#: A request to be given words, not to have a named word looked up.
_WORDS_WANTED = re.compile(
    r"\b(?:give|suggest|recommend|teach|show|list|tell)\s+(?:(?:me|us)\s+)?"
    r"(?:some|a few|a couple of|\d+|one|two|three|four|five|ten)\s+"
    r"(?:[a-z]+\s+){0,2}(?:words|phrases|expressions|synonyms|connectives|idioms)\b"
    r"|(?:给我|帮我)?(?:推荐|列|举|说)(?:几个|一些|\d+个|[两三四五十]个)(?:\S{0,10}?)(?:单词|词|短语|表达|连接词)"
    # "write me 3 example sentences using 'although'", "帮我用 although 造个句": sentences to be written
    r"|\bwrite\s+(?:me\s+)?(?:an?\s+|some\s+|\d+\s+|one\s+|two\s+|three\s+)?(?:example\s+)?sentences?\b"
    r"|造(?:个|一个|几个|[两三四五]个|\d+个)?句",
    re.I,
)


#: What the word tool does answer about two words: their level, meaning or syllabus.
_WORD_FACTS = re.compile(
    r"\b(?:level|levels|mean|meaning|kaoyan|syllabus|harder|easier|difficult|[ABC][12])\b|几级|等级|意思|考研|难", re.I
)


#: A word's level asked ("is sunny a b1 word?", "what level is 'haze'", "sunny 是几级"): the word tool's question.
_LEVEL_ASKED = re.compile(
    r"\b(?:is|are)\s+['\"“]?(?P<a>[a-z]{2,24})['\"”]?\s+(?:an?\s+)?(?:[abc][12]|kaoyan|cefr)\s+word\b"
    r"|\bwhat level is\s+(?:the word\s+)?['\"“]?(?P<b>[a-z]{2,24})"
    r"|(?P<c>[a-z]{2,24})['\"”]?\s*(?:这个词|这个单词)?\s*(?:是|算)?(?:几级|什么级别|哪个级别)"
    r"|(?P<d>[a-z]{2,24})['\"”]?\s*在?[^，。？?]{0,8}?(?:词表|单词表|词汇表)[里中]?(?:是|算)?(?:几级|什么级别)",
    re.I,
)


def level_without_word_tool(text: str, tools: list[dict[str, Any]]) -> str | None:
    """The word whose level is asked when no offered tool looks words up ("is sunny a b1 word?" to a
    weather assistant): not a weather question for its word "sunny", and nothing to call.

    >>> level_without_word_tool("is sunny a b1 word?", [])
    'sunny'
    """
    if any("word" in kinds_of(t).values() for t in tools):
        return None
    found = _LEVEL_ASKED.search(text)
    return next((w for w in found.group("a", "b", "c", "d") if w), None) if found else None


#: Which of some words is harder or easier: their levels compared ("which is harder, leisure or meticulous").
_HARDER = re.compile(
    r"\b(?:harder|easier|more difficult|tougher|hardest|easiest|most difficult|more advanced)\b"
    r"|更难|最难|更简单|最简单",
    re.I,
)
#: Things a learner calls hard that are no words of a word list: skills, subjects, exams.
_NOT_WORDS = frozenset((
    "speaking", "writing", "listening", "reading", "grammar", "vocabulary", "vocab", "pronunciation", "spelling",
    "maths", "math", "physics", "ielts", "toefl", "kaoyan", "gaokao", "cet", "english", "chinese", "essay", "essays",
    "test", "tests", "exam", "exams", "course", "courses", "class", "classes",
))  # fmt: skip


def compared_words(text: str) -> list[str]:
    """The words whose difficulty a question compares, when it names two or more and nothing else to compare.

    >>> compared_words("which is harder, leisure or meticulous"), compared_words("which is harder, speaking or writing")
    (['leisure', 'meticulous'], [])
    """
    if not _HARDER.search(text) or not re.search(r",|\bor\b|\band\b|\bvs\b|还是|和|跟", text):
        return []
    quoted = re.findall(r"['\"‘“]([a-z][a-z\-]{2,23})['\"’”]", text.lower())
    words = quoted if len(quoted) >= 2 else re.findall(r"\b[a-z]{3,24}\b", text.lower())
    found = [w for w in words if w not in EN_STOP | FILLER | _FRAME]
    if not 2 <= len(found) <= 4 or any(w in _NOT_WORDS for w in found):
        return []
    return list(dict.fromkeys(found))


_FRAME = frozenset((
    "which", "what", "harder", "easier", "tougher", "hardest", "easiest", "difficult", "advanced", "compare", "first",
    "learn", "one", "word", "words", "out", "level", "levels", "band", "grade", "list",
))  # fmt: skip


def phrases(text: str) -> list[str]:
    """The two phrasings or words a usage question sets against each other, else ``[]``.

    >>> phrases("is it 'on the weekend' or 'at the weekend'? my teacher said both")
    ['on the weekend', 'at the weekend']
    >>> phrases("i always confuse affect and effect, which one is the verb?")
    ['affect', 'effect']
    >>> phrases("although 跟 though 用法上到底差在哪"), phrases("whats the diff between lay and lie, i mix them up")
    (['although', 'though'], ['lay', 'lie'])
    >>> phrases("which is harder, accord or benefit?"), phrases("'accord' or 'benefit', which is B2?")
    ([], [])
    """
    if "word" in concept_hits(text) and not _WHICH_ONE.search(text):
        return []  # "'accord' or 'benefit', which is B2?": a level asked, the word tool's question
    quoted = _EITHER_QUOTED.search(text)
    if quoted and not _WORD_FACTS.search(text):
        return [quoted.group("a").strip(), quoted.group("b").strip()]
    mixed = _MIXED_UP.search(text)
    if mixed and (_WHICH_ONE.search(text) or mixed.group("c")):
        return [w for w in mixed.group("a", "b", "c", "d") if w]
    apart = _DIFFERENCE.search(text)
    if apart and _MIX_SAID.search(text):
        return [apart.group("a"), apart.group("b")]
    return []


#: A form of a word asked ("the past participle of 'swim'", "child 的复数"), or a question the learner labels
#: as grammar ("grammar q: is 'rain' a noun or a verb or both"): grammar, not the word list's level or meaning.
_GRAMMAR_FORM = re.compile(
    r"\b(?:past participle|past tense|participle|plural|comparative|superlative|third person|-?ing form|verb forms?)"
    r"\s+(?:form\s+)?(?:of|for)\b|过去式|过去分词|现在分词|复数(?:形式)?是|比较级|最高级"
    r"|^\W*grammar (?:q|question|qn)\b"
    # "look forward to 后面接 doing 还是 do", "is it to do or doing after stop": the form that follows a phrase
    r"|(?:后面|后边|之后)?(?:接|跟|加|用)\s*(?:doing|do|to do|done)\s*(?:还是|或者|或|or)\s*(?:doing|do|to do|done)"
    r"|\b(?:to do|do|doing) or (?:to do|doing|do)\b(?=.{0,20}\bafter\b)",
    re.I,
)


#: How a word sounds: "shed-yool or sked-yool?", "how do people pronounce X", "schedule 怎么读".
NOT_CARED = re.compile(
    r"(?:怎么读|发音|读音)(?:我)?(?:不管|不在乎|无所谓|不重要|不用管|先不管)|(?:不管|不用管|别管)(?:它)?(?:怎么读"
    r"|发音|读音)"
    r"|\b(?:don'?t|do not|dont) care (?:how|about (?:the |its )?pronunciation)|\bnot (?:asking )?how (?:to|you) say",
    re.I,
)
_PRONOUNCE = re.compile(
    r"\bpronounc\w*|\bhow (?:do )?(?:people|native speakers|you|u|i) say\b(?!.{0,40}\bin (?:chinese|english))"
    r".{0,60}\bor\b|发音|怎么读|读音",
    re.I,
)


def kind_of(text: str) -> str | None:
    """``usage`` for a question of which phrasing is right, ``word_list`` for a request to be given
    words, else ``None``.

    >>> kind_of("give me three linking words I can use in an IELTS essay")
    'word_list'
    >>> kind_of("give me the level of accord") is None
    True
    """
    if spelling_asked(text):
        return "spelling"
    if _PRONOUNCE.search(text) and not NOT_CARED.search(text):  # not "怎么读我不管, 它考研考不考"
        return "pronounce"
    if phrases(text):
        return "usage"
    if _GRAMMAR_FORM.search(text):
        return "grammar_form"
    # sentences with a word named are still to write; "造个句子给我看看" alone points back at a word looked up
    sentences = re.search(r"sentences?|造.{0,3}句", text, re.I)
    frame = re.sub(r"(?i)\b(?:pls|please|write|me|example|sentences?)\b", "", text)
    if sentences and not re.search(r"[A-Za-z]{2,}", frame):
        return None
    if _WORDS_WANTED.search(text) and (sentences or not re.search(r"[\"“'‘「][A-Za-z]+[\"”'’」]", text)):
        return "word_list"
    return None


def answer(kind: str, text: str, tools: list[dict[str, Any]], lang: str) -> str:
    """What the model understood, that its tools do not cover it, and what they do instead."""
    names = Text("、", ", ").join(tool_name(t) for t in tools)(lang)
    if kind == "pronounce":
        return Text(
            f"你问的是发音。我的工具（{names}）都不讲发音：查词工具只给单词的等级和释义，所以我没有去查，也不凭空说。"
            "可以查一本带音标和录音的词典。",
            f"That is a question of pronunciation. None of my tools ({names}) covers how words sound: a word tool "
            "gives a word's level and meaning, so I did not look anything up, and I will not guess. A dictionary "
            "with phonetic spelling and audio can settle it.",
        )(lang)
    if kind == "spelling":
        typed, right = spelling_asked(text) or ("", "")
        twice = doubled_letters(right)
        doubles = Text(
            "，".join(f"两个 {c}" for c in twice) if twice else "没有双写的字母",
            " and ".join(f"two {c}'s" for c in twice) if twice else "no letter doubled",
        )
        wrote = Text(f"（你写的是 {typed}）", f" (you wrote {typed})") if typed.lower() != right else Text("", "")
        return Text(
            f"正确拼法是 {right}：{doubles.zh}{wrote.zh}。这是拼写常识，不用调用工具。",
            f"It is spelled {right}: {doubles.en}{wrote.en}. That is spelling, so no tool is needed.",
        )(lang)
    if kind == "no_word_tool":
        word = level_without_word_tool(text, tools) or ""
        return Text(
            f"我的工具（{names}）都不查单词等级，所以「{word}」是几级我查不了，也不凭空猜。",
            f"None of my tools ({names}) looks up a word's level, so I can't tell you the level of \"{word}\", "
            "and I will not guess.",
        )(lang)
    if kind == "grammar_form":
        asked = " ".join(text.split())[:120]  # the learner's words, as text, bounded
        return Text(
            f"你问的是语法：「{asked}」。我的工具（{names}）不讲语法：查词工具只给单词的等级和释义，"
            "所以我没有去查，也不凭空编。可以问老师，或查一本学习词典。",
            f'You asked a grammar question: "{asked}". None of my tools ({names}) covers grammar: a word tool '
            "gives a word's level and meaning, so I did not look anything up, and I will not make a rule up. "
            "Your teacher or a learner's dictionary can settle it.",
        )(lang)
    if kind == "word_list" and re.search(r"sentences?|造.{0,3}句", text, re.I):
        named = re.findall(
            r"[A-Za-z]{2,24}",
            re.sub(
                r"(?i)\b(?:pls|please|write|me|an?|some|one|two|three|example|"
                r"sentences?|using|with|for|the|word)\b",
                " ",
                text,
            ),
        )
        words = Text("」「", '", "').join(named[:3]) if named else Text("这个词", "the word")
        return Text(
            f"你想要用「{words.zh}」造的句子。我的工具（{names}）不会写句子：查词工具只查某个单词的等级和释义"
            "（有时带一个例句）。我不凭空编，你可以先自己写一句，我来帮你查里面的词。",
            f'You asked for sentences using "{words.en}". None of my tools ({names}) writes sentences: a word tool '
            "looks up one word's level and meaning (sometimes with one example). I will not make them up; write "
            "one yourself and I can look its words up.",
        )(lang)
    if kind == "word_list":
        return Text(
            f"你是想让我列出一些词。我的工具（{names}）不会生成词表：查词工具只查你点名的某个单词的等级和释义。"
            "告诉我具体的单词，我就帮你查它的等级和意思；我不凭空编词表。",
            f"You asked me to come up with words. None of my tools ({names}) writes word lists: a word tool looks "
            "up the level and meaning of one word you name. Name a word and I will look it up; I will not make a "
            "list up.",
        )(lang)
    both = Text("」和「", '" and "').join(phrases(text))
    return Text(
        f"你问的是用法：「{both.zh}」哪个对、怎么用。我的工具（{names}）不讲用法：查词工具只给单词的等级和释义，"
        "所以我没有拿它们去查，也不凭空编规则。可以问老师，或查一本学习词典里的例句。",
        f'That is a question of usage: which of "{both.en}" is right, and when. None of my tools ({names}) '
        "covers usage: a word tool gives a word's level and meaning, so I did not look them up, and I will not "
        "make a rule up. Your teacher or a learner's dictionary with example sentences can settle it.",
    )(lang)


def grammar_answer(words: list[str], tools: list[dict[str, Any]], lang: str) -> str:
    """Why a question of how to use grammar words ("since" and "for") gets no look-up and no made-up rule."""
    quoted = Text("」和「", '" and "').join(words)
    names = Text("、", ", ").join(tool_name(t) for t in tools)(lang)
    return Text(
        f"这是语法问题（「{quoted.zh}」怎么用）。我的工具（{names}）都不讲语法：查词工具只给单词的等级和释义，"
        "不讲它在句子里怎么用，所以我没有拿这些词去查，也不凭空编规则。",
        f'That is a grammar question (how to use "{quoted.en}"). None of my tools ({names}) covers grammar: '
        "a word tool gives a word's level and meaning, not how to use it in a sentence, so I did not look these "
        "words up, and I will not make a rule up.",
    )(lang)
