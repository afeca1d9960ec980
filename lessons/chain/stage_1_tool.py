"""Page ① @tool — its exercises: predict ``required``, then make a ``get_time`` tool.

Each check runs the real ``@tool`` on parsed text (learner code is parsed, never executed) and
computes the right answer the same way. LangChain is imported inside the checks, so the registry
can count these exercises without loading it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from toolcall_lab.checks import Checked
from toolcall_lab.exercises import Choices, Code, Context, Exercise, Specimen, inline
from toolcall_lab.i18n import Text

if TYPE_CHECKING:
    from toolcall_lab.stages.tool_source import ToolSourceResult

#: Predict: which parameters will ``required`` list? (``str | None`` without a default is still required.)
PREDICT_TOOL_SOURCE = '''from langchain_core.tools import tool


@tool
def book_table(restaurant: str, notes: str | None, people: int = 2, time: str = "19:00") -> str:
    """Book a table at a restaurant."""
    return booking_api.book(restaurant, notes, people, time)
'''

#: Make: start from a function without annotations or defaults.
MAKE_TOOL_START = '''def get_time(zone, offset):
    """What time is it in a time zone?"""
'''
#: The make exercise's goal, worked as a function: ``@tool`` on it gives the args_schema to reach.
MAKE_TOOL_SOLUTION = 'def get_time(zone: str, offset: int = 0) -> str:\n    """What time is it?"""\n'


def _built(source: str) -> ToolSourceResult:
    from toolcall_lab.errors import ExplainedError
    from toolcall_lab.stages.tool_source import parse_tool_source

    built = parse_tool_source(source)
    if isinstance(built, ExplainedError):  # a specimen that stops building is a bug in the lab
        raise ValueError(built.detail)
    return built


def _names(answer: Any) -> list[str]:
    return sorted(str(a) for a in answer) if isinstance(answer, (list, tuple, set)) else []


def tool_parameters(source: str = PREDICT_TOOL_SOURCE) -> list[str]:
    """The parameter names of the specimen's tool, in order (the options of the predict exercise)."""
    return [str(f["name"]) for f in _built(source).fields]


def check_required_prediction(answer: Any, source: str = PREDICT_TOOL_SOURCE) -> Checked:
    """Predict ``required``: the answer (a list of names) against ``tool.args_schema``'s real list.

    >>> check_required_prediction(["restaurant", "notes"]).correct
    True
    """
    expected = sorted(_built(source).required)
    return Checked(_names(answer) == expected, expected, _names(answer))


def _tool_shape(fields: Sequence[dict[str, Any]], name: str, required: Sequence[str]) -> dict[str, Any]:
    offset = next((f for f in fields if f["name"] == "offset"), None)
    return {
        "name": name,
        "required": list(required),
        "offset": None if offset is None else {"type": offset["json_type"], "default": offset["default"]},
    }


def check_make_tool(source: Any) -> Checked:
    """Make: the learner's function must become ``get_time`` requiring ``zone``, with ``offset: int = 0``.

    ``expected`` is what ``@tool`` makes of :data:`MAKE_TOOL_SOLUTION`.
    """
    from toolcall_lab.errors import ExplainedError
    from toolcall_lab.stages.tool_source import parse_tool_source

    solution = _built(MAKE_TOOL_SOLUTION)
    expected = _tool_shape(solution.fields, solution.name, solution.required)
    if not isinstance(source, str):
        return Checked(False, expected)
    built = parse_tool_source(source)
    if isinstance(built, ExplainedError):
        return Checked(False, expected, error=built)
    got = _tool_shape(built.fields, built.name, built.required)
    return Checked(got == expected, expected, got)


def _required_wrong(found: Checked, _context: Context) -> Text:
    return Text(f"`required` 不是 {inline(found.shown)}。", f"`required` is not {inline(found.shown)}.") + Text(
        "看每个参数有没有默认值。", " Look at which parameters have a default."
    )


EXERCISES: tuple[Exercise, ...] = (
    Exercise(
        slug="required-params",
        kind="predict",
        title=Text("预测：哪些参数是必填的？", "Predict: which parameters are required?"),
        prompt=Text("@tool 会把这个函数的哪些参数放进 `required`？", "Which parameters will @tool put in `required`?"),
        specimen=Specimen(lambda _c: PREDICT_TOOL_SOURCE),
        answer=Choices(Text("必填参数", "Required parameters"), lambda _c: tool_parameters()),
        check=lambda answer, _c: check_required_prediction(answer),
        right=Text(
            "args_schema 的 `required` 正是这些。`str | None` 只是允许 null，没有给默认值，所以仍然必填。",
            "That is args_schema's `required`. `str | None` allows null but gives no default, so it is still required.",
        ),
        wrong=_required_wrong,
        hint=Text(
            "没有默认值的参数就是必填，不管它的类型是否允许 None。",
            "A parameter without a default is required, whatever its type allows.",
        ),
    ),
    Exercise(
        slug="make-get-time",
        kind="make",
        title=Text("动手：造一个 get_time 工具", "Make: a get_time tool"),
        prompt=Text(
            "改写这个函数，让 @tool 造出的工具名为 `get_time`，`required` 只有 `zone`，"
            "并且 `offset` 是整数、默认值 0。实验室只解析你的文本，不执行它。",
            "Edit this function so the tool @tool builds is named `get_time`, requires only `zone`, "
            "and has an integer `offset` with the default 0. The lab parses your text; it never runs it.",
        ),
        answer=Code(Text("你的输入", "Your input"), lambda _c: MAKE_TOOL_START, height=120),
        check=lambda answer, _c: check_make_tool(answer),
        right=Text("args_schema 正是目标的样子。", "`args_schema` is exactly the goal."),
        wrong=Text("@tool 造出的是：{shown}", "@tool built: {shown}"),
        hint=Text(
            "类型标注决定 JSON 类型（`offset: int`），默认值决定是否必填（`= 0`）。",
            "The annotation sets the JSON type (`offset: int`); a default makes it optional (`= 0`).",
        ),
    ),
)
