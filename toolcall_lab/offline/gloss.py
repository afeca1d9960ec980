"""Tool text in the other language than the learner's: glossed, not pasted verbatim.

An English learner asking the Chinese edition of the tutor's tools gets lines like
"accord · 词表等级 B2 级 · 不在考研大纲词汇内": the model keeps the learner's language and
glosses the tool's labels (:data:`GLOSSARY`), keeping the values (names, Chinese meanings,
example sentences) as they are and saying that it translated the labels. A Chinese learner
given English tool text is told the tool answered in English, and the text follows.
"""

from __future__ import annotations

import re

from toolcall_lab.offline import nlu

# Labels and phrases the tools' Chinese results are written with, and their English. Values (course and
# teacher names, meanings, weak points) are kept as the tool wrote them: they are the facts.
GLOSSARY: tuple[tuple[str, str], ...] = (
    # the timetable's empty day (before its weekday is glossed); its advice is for the school, said in English too
    (r"\s*在\s*(\d{4}-\d{2}-\d{2})\s*（(周.)）\s*没有排课。?", r" has no lesson on \1 （\2）. "),
    (r"没有找到城市[“\"「](.+?)[”\"」]的天气数据", r"there is no weather data for \1 (not in the data)"),
    # an impossible date (2026-11-31): what the tool says, and its advice to check the date
    (
        r"[「“](.+?)[」”]\s*不是一个真实存在的日期[，,]?\s*请核对年、月、日后重新查询。?",
        r"\1 is not a real date: that month has no such day.",
    ),
    # the course's own class names and weak points: English first, the tool's Chinese kept beside it
    (r"雅思冲刺班", "IELTS intensive class (雅思冲刺班)"),
    (r"托福基础班", "TOEFL foundation class (托福基础班)"),
    (r"考研英语强化班", "kaoyan (postgraduate entrance exam) English intensive class (考研英语强化班)"),
    (r"雅思基础班", "IELTS foundation class (雅思基础班)"),
    (r"听力地图题", "listening map questions (听力地图题)"),
    (r"写作\s*Task\s*2\s*开头段", "the opening paragraph of Writing Task 2 (写作 Task2 开头段)"),
    (r"综合口语\s*Task\s*2", "integrated speaking Task 2 (综合口语 Task 2)"),
    (r"新题型排序题", "the new-type sentence ordering questions (新题型排序题)"),
    (r"大作文论证", "the argument of the long essay (大作文论证)"),
    (r"目前可以查询[：:]", "Cities it has: "),
    (r"[（(]中英文名均可[^）)]*[）)]", ""),
    (r"学号\s*(\S+?)\s*不存在[：:]?\s*没有找到这个学生", r"student \1 does not exist: no such student"),
    (r"请让学生核对学号[^。]*。", "please check the student id."),
    (r"分级词表里暂时没有[「“](.+?)[」”]这个词", r"the word list does not have \1 (not in the list)"),
    (r"[，,]?\s*所以无法给出它的等级和考研大纲信息", ", so it has no level or syllabus entry for it"),
    (r"曼谷", "Bangkok"),
    (r"北京", "Beijing"),
    (r"上海", "Shanghai"),
    (r"东京", "Tokyo"),
    (r"新加坡", "Singapore"),
    (r"伦敦", "London"),
    (r"纽约", "New York"),
    (r"巴黎", "Paris"),
    (r"悉尼", "Sydney"),
    (r"广州", "Guangzhou"),
    (r"杭州", "Hangzhou"),
    (r"首尔", "Seoul"),
    (r"词表等级\s*(\S+?)\s*级", r"word-list level \1"),
    (r"不在考研大纲词汇内", "not in the kaoyan syllabus"),
    (r"属于考研大纲词汇", "in the kaoyan syllabus"),
    (r"释义[：:]", "Meaning (Chinese): "),
    (r"例句[：:]", "Example: "),
    (r"已学\s*(\d+)\s*/\s*(\d+)\s*课时", r"\1 of \2 lessons done"),
    (r"进度\s*(\d+)%", r"progress \1%"),
    (r"最近一次测评[：:]\s*暂无测评记录", "Latest test: none yet (no test on record)"),
    (r"最近一次测评[：:]", "Latest test: "),
    (r"暂无测评记录", "no test on record"),
    (r"暂无记录", "none on record"),
    (r"暂无", "none yet"),
    (r"薄弱项[：:]", "Weak points: "),
    (r"共\s*(\d+)\s*节课", r": \1 lesson(s)"),
    (r"（周一）", " (Monday)"),
    (r"（周二）", " (Tuesday)"),
    (r"（周三）", " (Wednesday)"),
    (r"（周四）", " (Thursday)"),
    (r"（周五）", " (Friday)"),
    (r"（周六）", " (Saturday)"),
    (r"（周日）", " (Sunday)"),
    (r"在\s*(\d+)\s*号教室", r"in Room \1"),
    (r"(\d+)\s*号教室", r"Room \1"),
    (r"在\s*线上", "online (线上)"),
    # the timetable's empty day: its advice is for the school, said in English too
    (r"可以安排自习，?或联系教务预约补课。?", "(The timetable suggests self-study, or booking a make-up lesson.)"),
    (r"在\s*报告厅", "in the lecture hall (报告厅)"),
    # the test's subjects (the values stay Chinese elsewhere: course names, weak points)
    (r"阅读\s*(?=\d)", "Reading "),
    (r"写作\s*(?=\d)", "Writing "),
    (r"口语\s*(?=\d)", "Speaking "),
    (r"听力\s*(?=\d)", "Listening "),
    (r"（", " ("),
    (r"）", ")"),
    (r"，", ", "),
    (r"。", ". "),
    (r"、", ", "),
)
_COMPILED = tuple((re.compile(p), r) for p, r in GLOSSARY)


def gloss_to_english(text: str) -> str:
    """Chinese tool text with its labels in English; values the glossary does not know stay as written.

    >>> gloss_to_english("accord · 词表等级 B2 级 · 不在考研大纲词汇内")
    'accord · word-list level B2 · not in the kaoyan syllabus'
    >>> gloss_to_english("S1004 在 2026-07-25（周六）没有排课。可以安排自习，或联系教务预约补课。")
    'S1004 has no lesson on 2026-07-25 (Saturday). (The timetable suggests self-study, or booking a make-up lesson.)'
    >>> gloss_to_english("最近一次测评：2026-07-18，阅读 21.0 / 口语 19.0")
    'Latest test: 2026-07-18, Reading 21.0 / Speaking 19.0'
    """
    for pattern, english in _COMPILED:
        text = pattern.sub(english, text)
    return re.sub(r"[ \t]{2,}", " ", text).strip()


#: A Chinese original the glossary keeps in brackets after its English ("integrated speaking (综合口语)").
_ORIGINAL = re.compile(r"\s*\([^()]*[\u4e00-\u9fff][^()]*\)")


def in_learners_language(text: str, lang: str, english_only: bool = False) -> tuple[str, bool]:
    """``(text, glossed)``: the tool's text made readable in the learner's language.

    English learner, Chinese text → the labels glossed; Chinese learner, English text → as written
    (the caller says it is the tool's English). ``glossed`` tells the caller which happened. A learner who
    asked for English only ("…, in english please") gets the glossed text without the Chinese originals.

    >>> in_learners_language("薄弱项：综合口语 Task 2", "en", english_only=True)
    ('Weak points: integrated speaking Task 2', True)
    """
    if lang == "en" and nlu.is_chinese(text):
        glossed = gloss_to_english(text)
        return (_ORIGINAL.sub("", glossed) if english_only else glossed), True
    return text, False
