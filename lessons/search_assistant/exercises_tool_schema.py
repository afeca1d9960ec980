"""LangGraph page 2 (is Tavily a tool?) — its exercises: the schema's required fields, and arguments that validate.

Each check reads the real ``search_web`` tool: the schema ``bind_tools`` sends, and its own
``args_schema`` (Pydantic) on the learner's JSON. The context carries the schema's property names
(``properties``, the options of the predict) besides ``lang``. LangChain and Pydantic are imported
inside the checks, so the registry can count these exercises without them.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from toolcall_lab.checks import Checked
from toolcall_lab.exercises import Choices, Code, Exercise
from toolcall_lab.i18n import Text
from toolcall_lab.jsonable import json_text

if TYPE_CHECKING:
    from lessons.search_assistant.search import SearchBackend

#: How many results the make exercise asks for.
WANT_LIMIT = 3


def required_fields(picked: Sequence[str] | None, search: SearchBackend | None = None) -> Checked:
    """Predict: which fields does ``search_web``'s schema (as ``bind_tools`` sends it) require?"""
    from lessons.search_assistant.lesson_2_is_tavily_a_tool import search_tool_schema

    params = search_tool_schema(search)["function"]["parameters"]
    expected = sorted(params.get("required", []))
    return Checked(sorted(picked or []) == expected, expected, {"properties": sorted(params["properties"])})


def search_args_valid(text: str | None, want_limit: int, search: SearchBackend | None = None) -> Checked:
    """Make: arguments for ``search_web`` that its own ``args_schema`` accepts, asking ``want_limit`` results."""
    from pydantic import ValidationError

    from lessons.search_assistant.agent import SearchArgs, make_search_web_tool

    if make_search_web_tool(search).args_schema is not SearchArgs:  # the model bind_tools turns into the schema
        raise TypeError("search_web's args_schema is not SearchArgs")
    schema = SearchArgs
    expected = schema.model_validate({"query": "Bangkok weather", "limit": want_limit}).model_dump()
    try:
        parsed = json.loads(text if isinstance(text, str) else "")
        args = schema.model_validate(parsed).model_dump()
    except json.JSONDecodeError as exc:
        return Checked(False, expected, {"stage": "json.loads", "error": str(exc)})
    except ValidationError as exc:
        return Checked(
            False,
            expected,
            {"stage": "validate", "error": str(exc).splitlines()[0], "errors": exc.errors(include_url=False)},
        )
    return Checked(args.get("limit") == want_limit, expected, {"stage": "ok", "args": args})


def _stage_words(found: Checked, _context: Any) -> Text:
    seen = found.shown or {}
    stage = seen.get("stage")
    why = seen.get("error") or json_text(seen.get("args"), indent=None)
    return Text(f"阶段 {stage}：{why}", f"Stage {stage}: {why}")


EXERCISES: tuple[Exercise, ...] = (
    Exercise(
        slug="required-fields",
        kind="predict",
        title=Text("预测：哪些参数必填？", "Predict: which arguments are required?"),
        prompt=Text(
            "bind_tools 发出去的 search_web schema 里，哪些字段是 required？",
            "In the search_web schema bind_tools sends, which fields are required?",
        ),
        answer=Choices(Text("必填字段", "Required fields"), lambda c: list(c["properties"])),
        check=lambda answer, _c: required_fields(answer),
        right=Text("schema 的 required 正是这些。", "The schema's `required` lists exactly these."),
        wrong=Text(
            "再看 parameters.required：有默认值的参数不必填。",
            "Look at parameters.required: a parameter with a default is optional.",
        ),
        hint=Text("SearchArgs 里没有默认值的字段就是必填。", "A SearchArgs field without a default is required."),
    ),
    Exercise(
        slug="valid-arguments",
        kind="make",
        title=Text("动手：写出能通过校验的参数", "Make: arguments that validate"),
        prompt=Text(
            "写出 search_web 的 arguments（JSON）：搜曼谷天气，只要 3 条结果。",
            "Write search_web's arguments (JSON): search Bangkok weather, 3 results only.",
        ),
        answer=Code(Text("arguments", "arguments"), lambda _c: '{"query": "Bangkok weather"}', height=80),
        check=lambda answer, _c: search_args_valid(answer, WANT_LIMIT),
        right=Text("SearchArgs 接受了这些参数，limit = 3。", "SearchArgs accepted them, with limit = 3."),
        wrong=_stage_words,
        hint=Text(
            "limit 必须在 1–10 之间，且不能多写 schema 里没有的键。",
            "limit must be 1–10, and no key the schema does not name.",
        ),
    ),
)
