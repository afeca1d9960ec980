"""Default data for the 小E tutor tools: plain mappings, no logic.

The tools in :mod:`lessons.tutor.tools` never read this module directly. They are
built by factories that *receive* a mapping, so a test can hand them three rows of
fake data and production can hand them whatever the database returned. This file
is only the default the lessons run on.

The dates are anchored on the article's scene: "today" is Friday 2026-07-24, so the
student's "tomorrow" is Saturday 2026-07-25 and "next Wednesday" is 2026-07-29.
"""

from __future__ import annotations

from typing import Any, Final

# ---------------------------------------------------------------------------
# The graded word list.
#
# word -> level (CEFR, A1..C2), whether the word is in the 考研 (postgraduate
# entrance exam) syllabus, a short Chinese gloss and one example sentence.
# The first entry is the article's: "accord" is B2 and NOT in the 考研 syllabus,
# exactly the two facts the model got wrong when it answered from memory.
# ---------------------------------------------------------------------------
WORDS: Final[dict[str, dict[str, Any]]] = {
    "accord": {
        "level": "B2",
        "kaoyan": False,
        "meaning": "n. 协议；一致  v. 与……相符",
        "example": "The two countries signed a trade accord last spring.",
    },
    "abandon": {
        "level": "B2",
        "kaoyan": True,
        "meaning": "v. 放弃；抛弃",
        "example": "The climbers had to abandon the attempt because of the storm.",
    },
    "ambiguous": {
        "level": "C1",
        "kaoyan": True,
        "meaning": "adj. 模棱两可的；含糊不清的",
        "example": "The second question on the test was ambiguous.",
    },
    "benefit": {
        "level": "B1",
        "kaoyan": True,
        "meaning": "n. 好处  v. 使受益",
        "example": "Daily listening practice will benefit your exam score.",
    },
    "coherent": {
        "level": "C1",
        "kaoyan": True,
        "meaning": "adj. 连贯的；条理清楚的",
        "example": "A coherent essay links every paragraph to the one before it.",
    },
    "diligent": {
        "level": "B2",
        "kaoyan": False,
        "meaning": "adj. 勤奋的；用功的",
        "example": "She is a diligent student who reviews her notes every night.",
    },
    "leisure": {
        "level": "B1",
        "kaoyan": True,
        "meaning": "n. 空闲；闲暇",
        "example": "Reading novels is how he spends his leisure time.",
    },
    "meticulous": {
        "level": "C2",
        "kaoyan": False,
        "meaning": "adj. 一丝不苟的；极仔细的",
        "example": "The editor was meticulous about every comma.",
    },
    "negotiate": {
        "level": "B2",
        "kaoyan": True,
        "meaning": "v. 谈判；协商",
        "example": "The union will negotiate a new contract next month.",
    },
    "schedule": {
        "level": "A2",
        "kaoyan": True,
        "meaning": "n. 日程表；课表  v. 安排",
        "example": "Please check the schedule before you come to class.",
    },
    "ubiquitous": {
        "level": "C2",
        "kaoyan": False,
        "meaning": "adj. 无处不在的",
        "example": "Smartphones have become ubiquitous on university campuses.",
    },
}

# ---------------------------------------------------------------------------
# Timetables.
#
# student id -> ISO date -> the lessons of that day, in order. An empty list and a
# missing date mean the same thing ("no lesson that day"); both occur on purpose.
# S1001's Saturday 2026-07-25 is the article's: writing in the morning with 王老师
# in room 3, speaking practice online with Anna in the evening. There is no
# writing class on a Wednesday afternoon: that was the model's invention.
# ---------------------------------------------------------------------------
SCHEDULES: Final[dict[str, dict[str, list[dict[str, str]]]]] = {
    "S1001": {
        "2026-07-24": [
            {"time": "19:00-20:30", "course": "雅思阅读精练", "teacher": "赵老师", "room": "2 号教室"},
        ],
        "2026-07-25": [
            {"time": "09:00-10:30", "course": "雅思写作精讲", "teacher": "王老师", "room": "3 号教室"},
            {"time": "19:00-20:00", "course": "口语陪练", "teacher": "外教 Anna", "room": "线上"},
        ],
        "2026-07-26": [],
        "2026-07-27": [
            {"time": "18:30-20:00", "course": "雅思听力专项", "teacher": "李老师", "room": "5 号教室"},
        ],
        "2026-07-29": [
            {"time": "10:00-11:30", "course": "雅思听力专项", "teacher": "李老师", "room": "5 号教室"},
        ],
    },
    "S1002": {
        "2026-07-25": [
            {"time": "14:00-15:30", "course": "托福口语", "teacher": "外教 Mark", "room": "1 号教室"},
        ],
        "2026-07-28": [
            {"time": "09:00-11:00", "course": "托福阅读", "teacher": "周老师", "room": "4 号教室"},
        ],
    },
    "S1003": {
        "2026-07-25": [
            {"time": "08:30-11:30", "course": "考研英语长难句", "teacher": "陈老师", "room": "报告厅"},
        ],
        "2026-07-29": [
            {"time": "19:00-21:00", "course": "考研英语作文", "teacher": "陈老师", "room": "线上"},
        ],
    },
    # A student who is enrolled but has nothing scheduled yet.
    "S1004": {},
}

# ---------------------------------------------------------------------------
# Learning records.
#
# student id -> name, class, lessons done / total, the last test (date and band
# scores) and the weak points the teachers noted. S1001 is the article's student:
# 42 of 80 lessons, last test on 2026-07-20 with writing 6.0 and speaking 6.5.
# S1004 has not taken a test yet, so ``last_test`` is None.
# ---------------------------------------------------------------------------
RECORDS: Final[dict[str, dict[str, Any]]] = {
    "S1001": {
        "name": "张一鸣",
        "class_name": "雅思冲刺班",
        "lessons_done": 42,
        "lessons_total": 80,
        "last_test": {"date": "2026-07-20", "scores": {"写作": 6.0, "口语": 6.5}},
        "weak_points": ["听力地图题", "写作 Task2 开头段"],
    },
    "S1002": {
        "name": "李思雨",
        "class_name": "托福基础班",
        "lessons_done": 12,
        "lessons_total": 60,
        "last_test": {"date": "2026-07-18", "scores": {"阅读": 21.0, "口语": 19.0}},
        "weak_points": ["综合口语 Task 2"],
    },
    "S1003": {
        "name": "王浩",
        "class_name": "考研英语强化班",
        "lessons_done": 30,
        "lessons_total": 40,
        "last_test": {"date": "2026-07-15", "scores": {"阅读": 32.0, "写作": 18.0}},
        "weak_points": ["新题型排序题", "大作文论证"],
    },
    "S1004": {
        "name": "陈可",
        "class_name": "雅思基础班",
        "lessons_done": 0,
        "lessons_total": 48,
        "last_test": None,
        "weak_points": [],
    },
}
