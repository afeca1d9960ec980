"""A few everyday words of this course in both languages, for "how do you say X in English / Chinese".

"“天气预报”用英文怎么讲", "课表 - what's the english word for that", "how do you say 'thank you' in chinese",
"what's the chinese character for rain": one common word asked in the other language. No tool translates,
but a careful model knows these words; it answers them and still declines a whole sentence to translate
(it does not make a translation up). Only a word of this list, asked on its own, is answered.
"""

from __future__ import annotations

import re

from toolcall_lab.i18n import Text

#: Chinese → English, words a learner of this course meets (weather, school, the course's own terms).
ZH_EN: dict[str, str] = {
    "天气预报": "weather forecast", "天气": "weather", "下雨": "rain", "雨": "rain", "雪": "snow", "下雪": "snow",
    "雨伞": "umbrella", "伞": "umbrella", "温度": "temperature", "气温": "temperature", "晴天": "sunny day",
    "多云": "cloudy", "刮风": "windy", "阵雨": "showers", "雷阵雨": "thunderstorm", "阴天": "overcast",
    "小雨": "light rain", "大雨": "heavy rain", "雾": "fog", "台风": "typhoon", "课表": "timetable (or schedule)",
    "课程表": "timetable (or schedule)", "教室": "classroom", "老师": "teacher", "学生": "student",
    "作业": "homework", "考试": "exam", "图书馆": "library", "学校": "school", "词典": "dictionary",
    "单词": "word", "进度": "progress", "成绩": "grades (or scores)", "学号": "student ID", "谢谢": "thank you",
    "你好": "hello", "再见": "goodbye", "早上好": "good morning", "明天": "tomorrow", "今天": "today",
    "昨天": "yesterday", "周末": "weekend", "搜索": "search", "工具": "tool", "参数": "parameter", "函数": "function",
}  # fmt: skip
#: English → Chinese: the same words the other way, and a few phrases said in English first.
EN_ZH: dict[str, str] = {
    **{en.split(" (")[0]: zh for zh, en in reversed(ZH_EN.items())},
    "thank you": "谢谢", "thanks": "谢谢", "rain": "雨", "umbrella": "雨伞", "timetable": "课表", "schedule": "课表",
    "weather forecast": "天气预报", "temperature": "温度", "hello": "你好",
}  # fmt: skip

_QUOTE = r"[\"“”'‘’「」]?"
_ZH_ASKED = re.compile(
    rf"{_QUOTE}(?P<zh>[\u4e00-\u9fff]{{1,6}}){_QUOTE}\s*(?:这个词|这个字)?\s*[，,]?\s*(?:用|的|在)?\s*(?:英文|英语)"
    r"(?:里)?(?:一般|通常|该)?(?:怎么说|怎么讲|是什么|是啥|叫什么|咋说)"
    rf"|^\W*{_QUOTE}(?P<zh2>[\u4e00-\u9fff]{{1,6}}){_QUOTE}\s*[-—–:：,，]\s*"
    r"(?:what(?:'s| is|s) )?the english (?:word|for)"
    rf"|\b(?:english|english word) for {_QUOTE}(?P<zh3>[\u4e00-\u9fff]{{1,6}}){_QUOTE}",
    re.I,
)
_EN_ASKED = re.compile(
    rf"\bhow (?:do|would|can) (?:you|i|we) say {_QUOTE}(?P<en>[a-z][a-z ]{{0,24}}?){_QUOTE} in (?:chinese|mandarin)\b"
    rf"|\bchinese (?:word|character|characters) for {_QUOTE}(?P<en2>[a-z][a-z ]{{0,24}}?){_QUOTE}\s*[?？]?\s*$"
    rf"|{_QUOTE}(?P<en3>[a-z][a-z ]{{0,24}}?){_QUOTE}\s*(?:用)?(?:中文|汉语)(?:怎么说|怎么讲|是什么|是啥)",
    re.I,
)


def translated(text: str) -> tuple[str, str] | None:
    """``(asked, its translation)`` when the message asks one word of the list in the other language.

    >>> translated("“天气预报”用英文怎么讲"), translated("how do you say 'thank you' in chinese")
    (('天气预报', 'weather forecast'), ('thank you', '谢谢'))
    >>> translated("whats the chinese character for rain"), translated("帮我把“我明天要去图书馆”翻成英文")
    (('rain', '雨'), None)
    """
    m = _ZH_ASKED.search(text)
    said = m and (m.group("zh") or m.group("zh2") or m.group("zh3"))
    if said and said in ZH_EN:
        return said, ZH_EN[said]
    m = _EN_ASKED.search(text)
    said = m and (m.group("en") or m.group("en2") or m.group("en3") or "").strip().lower()
    if said and said in EN_ZH:
        return said, EN_ZH[said]
    return None


def answer(text: str, lang: str) -> str | None:
    """The word in the other language, and why no tool was called; ``None`` when no listed word is asked."""
    found = translated(text)
    if found is None:
        return None
    asked, other = found
    if lang == "zh":
        return f"「{asked}」是 {other}。这是常用词，不用调用工具。"
    if re.search(r"[\u4e00-\u9fff]", asked):  # the English answer opens in English, the Chinese word after it
        return f'The English for that is "{other}". It is a common word, so no tool is needed. ({asked}: {other})'
    return f'"{asked}" in Chinese, a common word (no tool is needed): {other}'


#: The part-of-speech marks a dictionary entry (and the word tool's 释义) opens with.
MARKS: dict[str, tuple[str, str]] = {
    "n": ("noun", "名词"), "v": ("verb", "动词"), "adj": ("adjective", "形容词"), "adv": ("adverb", "副词"),
    "prep": ("preposition", "介词"), "conj": ("conjunction", "连词"), "pron": ("pronoun", "代词"),
    "vt": ("transitive verb", "及物动词"), "vi": ("intransitive verb", "不及物动词"),
}  # fmt: skip
_MARK = re.compile(r"(?<![A-Za-z])[\"'‘“]?(adj|adv|prep|conj|pron|vt|vi|n|v)\.[\"'’”]?(?![A-Za-z])", re.I)
_MARK_ASKED = re.compile(
    r"\bstand(?:s)? for\b|\bshort for\b|\babbreviation\b|\bwhat (?:does|do|is|are)\b|是什么意思|啥意思|指什么|代表什么"
    r"|是什么的缩写|缩写",
    re.I,
)


def marks_asked(text: str) -> list[str]:
    """The part-of-speech marks a question asks the meaning of ("what does 'adj.' stand for", "释义里的 n. 和 v.").

    >>> marks_asked("what does 'adj.' stand for in a dictionary entry"), marks_asked("释义里的 n. 和 v. 是什么意思")
    (['adj'], ['n', 'v'])
    >>> marks_asked("what does leisure mean")
    []
    """
    if not _MARK_ASKED.search(text) or re.search(r"[A-Za-z]{3,}(?<!adj|adv)(?<!prep|conj|pron)\s+mean", text):
        return []
    return list(dict.fromkeys(m.group(1).lower() for m in _MARK.finditer(text)))


def marks_answer(text: str, lang: str) -> str:
    """What each mark stands for, and why no tool was called."""
    zh = lang == "zh"
    said = [f"{m}. = {MARKS[m][1] if zh else MARKS[m][0]}" for m in marks_asked(text)]
    why = Text(
        "词典释义开头的这些缩写是词性，这是常识，不用调用工具。",
        "These marks at the start of a dictionary entry give the part of speech; that is general knowledge, so no "
        "tool is needed.",
    )
    return ("；" if zh else "; ").join(said) + ("。" if zh else ". ") + why(lang)
