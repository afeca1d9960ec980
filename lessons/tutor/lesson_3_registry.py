"""Tutor lesson 3 -- one registry, a schema snapshot, and the parse_docstring pitfall it catches.

Exercises: :func:`check_predict_description` (what does a bare ``@tool`` keep as the
description?) and :func:`check_fix_docstring` (complete a docstring so every parameter is
described); the second builds a real tool from the learner's text without running it. They are
:data:`EXERCISES`; LangChain is imported inside the functions only, so the registry can count them
without loading it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from toolcall_lab.checks import Checked
from toolcall_lab.exercises import Choice, Code, Exercise
from toolcall_lab.i18n import Text

if TYPE_CHECKING:
    from langchain_core.tools import BaseTool

    from toolcall_lab.errors import ExplainedError


def __getattr__(name: str) -> Any:
    """``parse_docstring_comparison``, from :mod:`lessons.tutor.docstring_comparison` on first use (LangChain)."""
    if name == "parse_docstring_comparison":
        from lessons.tutor.docstring_comparison import parse_docstring_comparison

        return parse_docstring_comparison
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def lesson3_registry(tools: Sequence[BaseTool] | None = None, lang: str = "zh") -> dict[str, Any]:
    """The snapshot of every schema, a lookup miss, and the parse_docstring comparison.

    ``lang`` picks the default tools' edition (``"zh"``, the article's, or ``"en"``).

    Returns:
        ``{"snapshot", "names", "lookup_error", "comparison"}``; ``lookup_error`` is the
        real ``KeyError`` text ``get_tool`` raises for an unknown name.
    """
    from lessons.tutor.docstring_comparison import parse_docstring_comparison
    from lessons.tutor.lesson_common import tools_for
    from lessons.tutor.registry import get_tool, schema_snapshot

    pool = list(tools) if tools is not None else tools_for(lang)
    try:
        get_tool("get_weather", pool)
        lookup_error = ""
    except KeyError as exc:
        lookup_error = str(exc.args[0])
    snapshot = schema_snapshot(pool)
    return {
        "snapshot": snapshot,
        "names": [entry["name"] for entry in snapshot],
        "lookup_error": lookup_error,
        "comparison": parse_docstring_comparison("get_schedule", pool),
    }


# ---------------------------------------------------------------- exercises
#: The two answers of the predict exercise: what a bare @tool keeps as the description.
DESCRIPTION_CHOICES: tuple[str, ...] = ("first_paragraph", "whole_docstring")
#: Those two answers in words.
DESCRIPTION_WORDS: dict[str, Text] = {
    "first_paragraph": Text("只有第一段（Args 段被拆走了）", "only the first paragraph (the Args section moved out)"),
    "whole_docstring": Text("整段文档字符串，连 Args 段一起", "the whole docstring, Args section included"),
}


def check_predict_description(answer: str | None, lang: str = "zh") -> Checked:
    """Predict: with a bare ``@tool``, is the description the first paragraph or the whole docstring?

    Computed from the real bare tool: its description still holds the ``Args:`` section or not.
    """
    from lessons.tutor.docstring_comparison import parse_docstring_comparison

    without = parse_docstring_comparison("get_schedule", lang=lang)["without"]["description"]
    expected = "whole_docstring" if "Args:" in without else "first_paragraph"
    return Checked(answer == expected, expected, without)


#: The learner's starting point: the date line of the Args section is missing.
# zh-only: the article's code, and its English edition
FIX_SOURCE: dict[str, str] = {
    "zh": '''@tool(parse_docstring=True)
def get_schedule(student_id: str, date: str) -> str:
    """查询某个学生在指定日期的课表。

    Args:
        student_id: 学号（student id），大写 S 开头加四位数字，例如 S1001。
    """
''',
    "en": '''@tool(parse_docstring=True)
def get_schedule(student_id: str, date: str) -> str:
    """Look up a student's timetable for one day.

    Args:
        student_id: the student id, an upper-case S and four digits, e.g. S1001.
    """
''',
}


def undescribed(source: str) -> list[str] | ExplainedError:
    """The parameters the tool built from ``source`` leaves without a description (parsed, never run)."""
    from toolcall_lab.errors import ExplainedError
    from toolcall_lab.stages.tool_source import parse_tool_source

    built = parse_tool_source(source)
    if isinstance(built, ExplainedError):
        return built
    return [str(row["name"]) for row in built.fields if not row.get("description")]


def check_fix_docstring(source: str | None, lang: str = "zh") -> Checked:
    """Fix: complete the docstring so that every parameter of the built tool has a description.

    ``got`` is the undescribed parameters of the learner's tool (or the explained refusal);
    ``expected`` is the real specimen's parameter descriptions, the shape to reach.
    """
    from lessons.tutor.lesson_common import tools_for
    from lessons.tutor.registry import get_tool, schema_snapshot

    snapshot = schema_snapshot([get_tool("get_schedule", tools_for(lang))])[0]["parameters"]["properties"]
    expected = {pname: schema.get("description") for pname, schema in snapshot.items()}
    got = undescribed(source if isinstance(source, str) else "")
    return Checked(isinstance(got, list) and not got, expected, got)


#: Tutor 3's exercises; the page hands over ``ed``, the edition of 小E it runs.
EXERCISES: tuple[Exercise, ...] = (
    Exercise(
        slug="predict-description",
        kind="predict",
        title=Text(
            "预测：裸 @tool 的 description 是什么？", "Predict: what does a bare @tool keep as the description?"
        ),
        prompt=Text(
            "不加 parse_docstring=True 时，`get_schedule` 的 description 里是什么？",
            "Without parse_docstring=True, what is in `get_schedule`'s description?",
        ),
        answer=Choice(
            Text("description", "description"),
            lambda _c: DESCRIPTION_CHOICES,
            start=0,
            format=lambda choice, c: DESCRIPTION_WORDS[choice](str(c["lang"])),
        ),
        check=lambda answer, c: check_predict_description(answer, str(c["ed"])),
        right=Text("真实的 description 是：{shown}", "The real description is: {shown}"),
        wrong=Text(  # where to look, never the description itself (it would say which choice is right)
            "把上面「@tool」一栏的 description 和函数的 docstring 逐段对照：它留下了哪几段？",
            "Compare the description in the “@tool” column above with the function's docstring, paragraph by "
            "paragraph: which paragraphs did it keep?",
        ),
        hint=Text("看上面「@tool」一栏的 description。", "Look at the description in the “@tool” column above."),
        needs=("ed",),
    ),
    Exercise(
        slug="fix-docstring",
        kind="fix",
        title=Text("修复：让每个参数都有说明", "Fix it: give every parameter a description"),
        prompt=Text(
            "改这段源码（只解析、不运行），让建出的工具里每个参数都有 description。",
            "Edit this source (parsed, never run) so that every parameter of the built tool has a description.",
        ),
        answer=Code(Text("source", "source"), lambda c: FIX_SOURCE[str(c["ed"])], height=200),
        check=lambda answer, c: check_fix_docstring(answer, str(c["ed"])),
        right=Text("每个参数都有说明。", "Every parameter is described."),
        wrong=Text("还没有说明的参数：{shown}", "Parameters still without a description: {shown}"),
        hint=Text("Args 段里每个参数一行：`名字: 说明`。", "One line per parameter in the Args section: `name: text`."),
        needs=("ed",),
    ),
)
