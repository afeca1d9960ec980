"""Questions about how to study, which a model answers with advice of its own: no tool holds it.

"tips for remembering vocabulary", "单词背了就忘有啥好办法", "背单词用艾宾浩斯曲线真的有用吗": a careful model gives a
few ways that work and calls nothing; looking "vocabulary" up in a word list would teach that tools are for everything.
"""

from __future__ import annotations

import re

from toolcall_lab.i18n import Text

#: Asking how to study ("tips for remembering vocabulary", "单词背了就忘有啥好办法"): advice a model gives.
STUDY_TIPS = re.compile(
    r"\b(?:tips?|advice|tricks?)\b.{0,40}\b(?:remember|memori[sz]e|learn|study|vocab|words?|improve)"
    r"|\bhow (?:can|do|should) i (?:remember|memori[sz]e|stop forgetting)\b"
    r"|背了就忘|记不住|老是忘|总是忘|(?:有|有没有)(?:啥|什么)好(?:办法|方法)|怎么(?:才能)?记(?:住|牢)"
    # "背单词用艾宾浩斯曲线真的有用吗", "is spaced repetition worth it": a way of studying, judged
    r"|(?:背|记)单词.{0,16}(?:有用|管用|有效|靠谱)"
    r"|\b(?:spaced repetition|flashcards?|anki)\b.{0,30}\b(?:work|worth|help)"
    r"|\b(?:best|good|easiest|fastest|quickest) ways? to (?:remember|memori[sz]e|learn|study|revise)\b"
    r"|\bhow (?:do|can|should) i (?:make|plan|build|set up) (?:a |my )?(?:study|revision) (?:schedule|plan|timetable)\b"
    r"|(?:怎么|如何)(?:做|定|安排|制定)(?:一个)?(?:学习|复习)(?:计划|时间表)",
    re.I,
)


#: A word's fact asked beside the sigh: "abandon 总记不住，几级来着" asks its level, not for a method.
_FACT_ASKED = re.compile(
    r"几级|什么级|哪个级|等级|考不考|考研|\bwhat level\b|\bwhich level\b|\bin the syllabus\b", re.I
)


def asked(text: str) -> bool:
    """Does the question ask how to study (a method, a tip), rather than for a fact a tool holds?

    >>> asked("any tips to remember new words?"), asked("what level is 'remember'?")
    (True, False)
    """
    return bool(STUDY_TIPS.search(text)) and not _FACT_ASKED.search(text)


def answer(lang: str) -> str:
    """A few ways of studying words that work, and that no tool was needed."""
    return Text(
        "几个常用的办法：1）间隔复习：学完当天、第二天、一周后各复习一次；2）把词放进自己的句子里，大声说出来；"
        "3）每次少背一点（10–20 个），比一次背很多记得牢。这是学习建议，不用调用工具。",
        "A few ways that work: 1) spaced review: go over new words the same day, the next day and a week "
        "later; 2) put each word in a sentence of your own and say it aloud; 3) learn a few at a time "
        "(10–20), which sticks better than many at once. That is study advice, so no tool is needed.",
    )(lang)
