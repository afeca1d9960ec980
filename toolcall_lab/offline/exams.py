"""What the built-in model knows about the exams its learners prepare for, without a tool.

"roughly how long does the IELTS speaking test take?" asks about the exam, not about anyone's
record: the tutor's record tool has the word "test" in its description, but calling it with the
learner's own id would answer a question nobody asked. A question about an exam *in general* — the
exam named, a general frame ("how long", "一般", "how is it scored"), and nobody's record (no "my",
no id, no "last test") — is answered from what a tutor knows of the exam's format (:data:`IELTS`),
or, for an exam the model does not know, by saying so.
"""

from __future__ import annotations

import re

from toolcall_lab.i18n import Text

_EXAM = re.compile(r"\b(?:ielts|toefl|gre|gmat|cet-?[46]|kaoyan|gaokao)\b|雅思|托福|考研|四级|六级|高考", re.I)
_IELTS = re.compile(r"\bielts\b|雅思", re.I)
#: A frame asking how the exam goes in general: its length, its parts, how it is scored.
_GENERAL = re.compile(
    r"\bhow long\b|\bhow many (?:parts|sections|minutes|tasks)\b|\b(?:scored|calculated|marked|worked out)\b"
    r"|\b(?:usually|typically|normally|generally|roughly|in general)\b"
    r"|多长时间|多久|几分钟|几个部分|几部分|怎么算|怎么计算|怎么评分|怎么打分|一般|通常|大概"
    r"|差在哪|差别|区别|有什么不同|\bdifference\b|\bdiffer\b",
    re.I,
)
#: Somebody's own exam or record: the learner, a student by id, a sitting ("last test", "上次").
_SOMEBODYS = re.compile(
    r"\b(?:my|i|me|mine|i'm|i've|we|our|us|his|her|their)\b|我|咱|俺|他的|她的|[A-Za-z][\s_\-]?\d{3,}"
    r"|\b(?:last|latest|next|recent)\b|上次|最近|下次|哪天|\bwhen\b",
    re.I,
)

#: The IELTS format: (the part's words, (Chinese, English)).
IELTS: tuple[tuple[re.Pattern[str], tuple[str, str]], ...] = (
    (
        re.compile(r"speaking|口语", re.I),
        (
            "雅思口语考试约 11–14 分钟，分三部分：Part 1 问答约 4–5 分钟；Part 2 先准备 1 分钟，再讲 1–2 分钟"
            "（最多 2 分钟）；Part 3 讨论约 4–5 分钟。",
            "The IELTS Speaking test takes 11–14 minutes in three parts: Part 1 questions (4–5 minutes); Part 2, "
            "1 minute to prepare, then 1–2 minutes of talk (2 at most); Part 3 discussion (4–5 minutes).",
        ),
    ),
    (
        re.compile(r"listening|听力", re.I),
        (
            "雅思听力约 30 分钟（纸笔考试另有 10 分钟誊写答案），共 4 个部分、40 题。",
            "IELTS Listening takes about 30 minutes (plus 10 minutes to transfer answers on paper): 4 parts, "
            "40 questions.",
        ),
    ),
    (
        re.compile(r"reading|阅读", re.I),
        ("雅思阅读 60 分钟，3 篇文章、40 题。", "IELTS Reading takes 60 minutes: 3 passages, 40 questions."),
    ),
    (
        re.compile(r"writing|写作|作文", re.I),
        (
            "雅思写作 60 分钟，两项任务：Task 1 建议约 20 分钟（至少 150 词），Task 2 约 40 分钟（至少 250 词）。",
            "IELTS Writing takes 60 minutes, two tasks: Task 1 about 20 minutes (150 words at least), Task 2 about "
            "40 minutes (250 words at least).",
        ),
    ),
    (
        re.compile(r"overall|total|band score|总分|总成绩|平均", re.I),
        (
            "雅思总分是听力、阅读、写作、口语四项分数的平均分，四舍五入到最近的 0.5 分（如平均 6.25 记作 6.5）。",
            "The IELTS overall band is the average of the four section bands (Listening, Reading, Writing, "
            "Speaking), rounded to the nearest half band (an average of 6.25 becomes 6.5).",
        ),
    ),
)
_WHOLE = (
    "雅思考试共四项：听力约 30 分钟、阅读 60 分钟、写作 60 分钟（这三项约 2 小时 45 分钟，连续进行），"
    "口语 11–14 分钟（常安排在另一时段）。",
    "The IELTS test has four parts: Listening (about 30 minutes), Reading (60), Writing (60) — together about "
    "2 hours 45 minutes in one sitting — and Speaking (11–14 minutes, often at another time).",
)


def general_exam_question(text: str) -> bool:
    """Does ``text`` ask how an exam goes in general, about nobody's record?

    >>> general_exam_question("roughly how long does the IELTS speaking test take?")
    True
    >>> general_exam_question("how long ago was my last IELTS test?"), general_exam_question("S1002 雅思考了多少")
    (False, False)
    """
    return bool(_EXAM.search(text) and _GENERAL.search(text) and not _SOMEBODYS.search(text))


def exam_answer(text: str, lang: str) -> str:
    """What the model knows of the exam asked about, and that it needed no tool; else what it cannot tell."""
    if _IELTS.search(text):
        parts = [said for pattern, said in IELTS if pattern.search(text)] or [_WHOLE]
        lines = [Text(*said)(lang) for said in parts]
        lines.append(
            Text(
                "这是考试本身的常识，不是谁的学习记录，所以不用调用工具（以官方最新说明为准）。",
                "That is about the exam itself, not anyone's record, so no tool is needed (the official "
                "guidance has the final word).",
            )(lang)
        )
        return "\n".join(lines)
    return Text(
        "这是考试本身的问题，不是谁的学习记录，所以我没有查学习记录；但我是内置的教学模型，没有这门考试的资料，说不上来，"
        "也不凭空编，请以官方说明为准。",
        "That is about the exam itself, not anyone's record, so I did not open a record; but I am the built-in "
        "teaching model and hold nothing about this exam, so I can't tell you, and I will not make it up: the "
        "official guidance has the answer.",
    )(lang)
