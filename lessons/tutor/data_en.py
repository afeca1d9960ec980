"""The English edition of the 小E tutor's default data: the same students, days and facts, in English.

:mod:`lessons.tutor.data` is the article's original (Chinese course names, teachers,
glosses). This module holds the same facts for the English pages, so the tools built
with ``lang="en"`` (:mod:`lessons.tutor.tools_en`) answer an English learner in English.
Every fact matches the original: accord is B2 and not in the kaoyan syllabus; S1001 has
two lessons on Saturday 2026-07-25; 42 of 80 lessons done.
"""

from __future__ import annotations

from typing import Any, Final

from lessons.tutor import data as _zh

# Word -> level, kaoyan flag and example are the original's; only the gloss is English.
_MEANINGS_EN: Final[dict[str, str]] = {
    "accord": "n. an agreement; harmony  v. to match, to agree with",
    "abandon": "v. to give up; to leave behind",
    "ambiguous": "adj. open to more than one reading; unclear",
    "benefit": "n. an advantage  v. to do good to",
    "coherent": "adj. logically connected; clear",
    "diligent": "adj. hard-working; careful",
    "leisure": "n. free time",
    "meticulous": "adj. extremely careful about detail",
    "negotiate": "v. to discuss to reach an agreement",
    "schedule": "n. a timetable  v. to arrange for a time",
    "ubiquitous": "adj. found everywhere",
}

WORDS: Final[dict[str, dict[str, Any]]] = {
    word: {**entry, "meaning": _MEANINGS_EN[word]} for word, entry in _zh.WORDS.items()
}

# Course, teacher and room names in English; times and days are the original's.
_NAMES_EN: Final[dict[str, str]] = {
    "雅思阅读精练": "IELTS Reading Practice",
    "雅思写作精讲": "IELTS Writing Intensive",
    "口语陪练": "Speaking Practice",
    "雅思听力专项": "IELTS Listening Focus",
    "托福口语": "TOEFL Speaking",
    "托福阅读": "TOEFL Reading",
    "考研英语长难句": "Kaoyan English: Long Sentences",
    "考研英语作文": "Kaoyan English: Essay Writing",
    "赵老师": "Ms Zhao",
    "王老师": "Mr Wang",
    "外教 Anna": "Anna (native teacher)",
    "李老师": "Ms Li",
    "外教 Mark": "Mark (native teacher)",
    "周老师": "Mr Zhou",
    "陈老师": "Ms Chen",
    "2 号教室": "Room 2",
    "3 号教室": "Room 3",
    "5 号教室": "Room 5",
    "1 号教室": "Room 1",
    "4 号教室": "Room 4",
    "线上": "the online classroom",
    "报告厅": "Lecture Hall",
}

SCHEDULES: Final[dict[str, dict[str, list[dict[str, str]]]]] = {
    sid: {
        day: [{key: _NAMES_EN.get(value, value) for key, value in lesson.items()} for lesson in lessons]
        for day, lessons in days.items()
    }
    for sid, days in _zh.SCHEDULES.items()
}

RECORDS: Final[dict[str, dict[str, Any]]] = {
    "S1001": {
        "name": "Zhang Yiming",
        "class_name": "IELTS Sprint Class",
        "lessons_done": 42,
        "lessons_total": 80,
        "last_test": {"date": "2026-07-20", "scores": {"Writing": 6.0, "Speaking": 6.5}},
        "weak_points": ["Listening: map questions", "Writing Task 2 introductions"],
    },
    "S1002": {
        "name": "Li Siyu",
        "class_name": "TOEFL Foundation Class",
        "lessons_done": 12,
        "lessons_total": 60,
        "last_test": {"date": "2026-07-18", "scores": {"Reading": 21.0, "Speaking": 19.0}},
        "weak_points": ["Integrated Speaking Task 2"],
    },
    "S1003": {
        "name": "Wang Hao",
        "class_name": "Kaoyan English Intensive",
        "lessons_done": 30,
        "lessons_total": 40,
        "last_test": {"date": "2026-07-15", "scores": {"Reading": 32.0, "Writing": 18.0}},
        "weak_points": ["Paragraph ordering", "Essay argument"],
    },
    "S1004": {
        "name": "Chen Ke",
        "class_name": "IELTS Foundation Class",
        "lessons_done": 0,
        "lessons_total": 48,
        "last_test": None,
        "weak_points": [],
    },
}
