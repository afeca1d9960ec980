"""LangGraph page 5 (the code review) — its exercises: which wordings the original's split survives, a reply it parses.

Each check runs the original's own keyword parser
(:func:`lessons.search_assistant.original.diagnose_keyword_parse`) on the scripted replies or on the
learner's. The context carries the wordings' display names (``names``: example key → name) besides
``lang``. The parser is imported inside the checks, so the registry can count these exercises cheaply.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from lessons.search_assistant.exercise_words import TARGET_QUERY, code, first_accepted
from toolcall_lab.checks import Checked
from toolcall_lab.exercises import Choices, Code, Context, Exercise
from toolcall_lab.i18n import Text


def split_survivors(picked: Sequence[str] | None, question: str) -> Checked:
    """Predict: which scripted wordings does the original's ``split("搜索词：")[1]`` parse correctly?"""
    from lessons.search_assistant.lesson_5_code_review import KEYWORD_REPLY_EXAMPLES
    from lessons.search_assistant.original import diagnose_keyword_parse

    status = {name: diagnose_keyword_parse(text, question).status for name, text in KEYWORD_REPLY_EXAMPLES.items()}
    expected = sorted(name for name, s in status.items() if s == "ok")
    return Checked(sorted(picked or []) == expected, expected, {"status": status})


def parsable_reply(text: str | None, question: str, target: str) -> Checked:
    """Make: a model reply from which the original's parser gets exactly ``target`` as the search keyword."""
    from lessons.search_assistant.lesson_5_code_review import KEYWORD_REPLY_EXAMPLES
    from lessons.search_assistant.original import KEYWORD_MARKER, diagnose_keyword_parse

    template = KEYWORD_REPLY_EXAMPLES["follows_format"]
    head = template.split(KEYWORD_MARKER)[0]
    expected = first_accepted(
        [head + KEYWORD_MARKER + target],
        lambda reply: diagnose_keyword_parse(reply, question).search_query == target,
    )
    reply = text if isinstance(text, str) else ""
    if not reply.strip():
        return Checked(False, expected)
    parse = diagnose_keyword_parse(reply, question)
    return Checked(
        parse.ok and parse.search_query == target,
        expected,
        {"status": parse.status, "search_query": parse.search_query},
    )


def _question(context: Context) -> str:
    from lessons.search_assistant.common import turns

    return turns(str(context["lang"]))[0]


def _wordings(_context: Context) -> list[str]:
    from lessons.search_assistant.lesson_5_code_review import KEYWORD_REPLY_EXAMPLES

    return list(KEYWORD_REPLY_EXAMPLES)


def _status(found: Checked, context: Context) -> str:
    names = context["names"]
    return ", ".join(f"{names[k]}: {v}" for k, v in found.shown["status"].items())


def _parse_words(found: Checked, _context: Any) -> Text:
    s = found.shown or {}
    return Text(
        f"状态 {s.get('status')}，切出了 {code(s.get('search_query'))}",
        f"Status {s.get('status')}; it cut out {code(s.get('search_query'))}",
    )


EXERCISES: tuple[Exercise, ...] = (
    Exercise(
        slug="split-survivors",
        kind="predict",
        title=Text("预测：split 能切对哪几种？", "Predict: which wordings does the split survive?"),
        prompt=Text(
            '原版用 `split("搜索词：")[1]` 取搜索词。下面哪几种模型回复能切出正确的搜索词？',
            'The original takes the keyword with `split("搜索词：")[1]` '
            "(搜索词： = “search keyword:”, full-width colon). "
            "Which model replies give the right keyword?",
        ),
        answer=Choices(Text("能切对的", "Parsed right"), _wordings, format=lambda key, c: str(c["names"][key])),
        check=lambda answer, c: split_survivors(answer, _question(c)),
        right=lambda found, c: Text(f"{_status(found, c)}", f"{_status(found, c)}"),
        wrong=Text(  # where to look, never each reply's parse status (together they are the answer)
            '把每个回复在心里过一遍 `split("搜索词：")[1]`：全角冒号之后，剩下的是不是只有搜索词？',
            'Put each reply through `split("搜索词：")[1]` in your head: after the full-width colon, is only the '
            "keyword left?",
        ),
        hint=Text(
            "半角冒号、多余的句子、没有标签都会出错。",
            "An ASCII colon, an extra sentence or a missing label each break it.",
        ),
    ),
    Exercise(
        slug="parsable-reply",
        kind="make",
        title=Text("动手：写一个原版能解析的回复", "Make: a reply the original parses"),
        prompt=Text(
            f"写一段模型回复，让原版的解析得到搜索词 {code(TARGET_QUERY)}。",
            f"Write a model reply from which the original's parser gets the keyword {code(TARGET_QUERY)}.",
        ),
        # zh-only: the reply starts as a model of the original's format would write it
        answer=Code(Text("模型回复", "Model reply"), lambda _c: "搜索词: Bangkok weather", height=80),
        check=lambda answer, c: parsable_reply(answer, _question(c), TARGET_QUERY),
        right=Text("原版切出了这个搜索词。", "The original cut out exactly this keyword."),
        wrong=_parse_words,
        hint=Text(
            "标签是“搜索词：”，全角冒号；后面不要再有别的行。",
            "The label is “搜索词” with a full-width colon “：”; nothing after the keyword.",
        ),
    ),
)
