"""The MCP page's exercises as data: predict a ``tools/call`` result; fix a tool that has no ``structuredContent``.

1. *Predict* (``predict-call-result``) — which fields does ``get_weather``'s ``tools/call`` result carry
   for a city the weather data does not know? :func:`lessons.wires.mcp_protocol.check_call_shape` asks the
   lab's MCP server through a real client session and reads the result.
2. *Fix* (``fix-structured-content``) — a tool whose results come back as text only: change it so its
   ``tools/call`` result carries ``structuredContent``. :func:`lessons.wires.mcp_protocol.check_structured_fix`
   builds the tool with the lab's parser (the body is never run), serves it and calls it.

The checks live in :mod:`lessons.wires.mcp_protocol`, which loads LangChain and the ``mcp`` SDK: it is
imported inside the functions only, so the registry can count these exercises without it.
"""

from __future__ import annotations

from typing import Any

from toolcall_lab.checks import Checked
from toolcall_lab.exercises import Choices, Code, Context, Exercise, fixed, inline
from toolcall_lab.i18n import Text

#: The fields a ``tools/call`` result may carry (the options of the predict exercise).
FIELDS: tuple[str, ...] = ("content", "structuredContent", "isError: true")
#: The city asked about in the predict exercise, in each language (one the weather data does not know).
UNKNOWN_CITY = Text("亚特兰蒂斯", "Atlantis")


def _lang(context: Context) -> str:
    return str(context["lang"])


def _check_shape(answer: Any, context: Context) -> Checked:
    from lessons.wires import mcp_protocol

    picked = [str(a) for a in answer] if isinstance(answer, list | tuple) else None
    return mcp_protocol.check_call_shape(picked, _lang(context))


def _shape_words(found: Checked, _context: Context) -> Text:
    shown = found.shown if isinstance(found.shown, dict) else {}
    fields = inline(shown.get("fields") or [])
    content = (shown.get("result") or {}).get("content") or [{}]
    text = inline(str(content[0].get("text", ""))[:200])
    return Text(
        f"服务器的结果带着 {fields}；它的文本：{text}", f"The server's result carried {fields}; its text: {text}"
    )


def _start_source(context: Context) -> str:
    from lessons.wires import mcp_protocol

    return mcp_protocol.BROKEN_SOURCE(_lang(context))


def _check_fix(answer: Any, context: Context) -> Checked:
    from lessons.wires import mcp_protocol

    return mcp_protocol.check_structured_fix(answer if isinstance(answer, str) else None, _lang(context))


def _fix_words(found: Checked, _context: Context) -> Text:
    shown = found.shown if isinstance(found.shown, dict) else {}
    fields, schema = inline(shown.get("fields") or []), inline(shown.get("outputSchema"))
    return Text(
        f"tools/call 的结果带着 {fields}；tools/list 里的 outputSchema：{schema}",
        f"The tools/call result carried {fields}; the outputSchema in tools/list: {schema}",
    )


EXERCISES: tuple[Exercise, ...] = (
    Exercise(
        slug="predict-call-result",
        kind="predict",
        title=Text(
            "预测：这次 tools/call 的结果带哪些字段？", "Predict: which fields will this tools/call result carry?"
        ),
        prompt=Text(
            f'客户端发出 tools/call，调用 get_weather，参数 {{"city": "{UNKNOWN_CITY("zh")}"}}'
            "（天气数据里没有这个城市）。"
            "结果里会有哪些字段？检查会真的调用本页的 MCP 服务器。",
            f'A client sends tools/call for get_weather with {{"city": "{UNKNOWN_CITY("en")}"}} (a city the weather '
            "data does not know). Which fields will the result carry? Check calls this page's MCP server for real.",
        ),
        answer=Choices(Text("字段", "Fields"), fixed(FIELDS)),
        check=_check_shape,
        right=_shape_words,
        wrong=Text(  # where to look, never the fields themselves (they come with the answer)
            "服务器的结果不是这几个字段：看第 1 步记录里 tools/call 的那一行，想想工具回的是一句话还是一个字典。",
            "The server's result does not carry exactly those: read the tools/call line of step 1's transcript, "
            "and ask whether the tool returned a sentence or a dict.",
        ),
        hint=Text(
            "get_weather 声明返回结构化数据；它对不认识的城市回一句话而不是字典。服务器怎样报告一个工具的友好错误？",
            "get_weather declares structured data as its result; for an unknown city it returns a sentence, not a "
            "dict. How does the server report a tool's friendly error?",
        ),
    ),
    Exercise(
        slug="fix-structured-content",
        kind="fix",
        title=Text("修一修：让结果带上 structuredContent", "Fix: make the result carry structuredContent"),
        prompt=Text(
            "这个工具的 tools/call 结果只有 content 里的一段文本，客户端拿不到结构化数据。改写它，让结果带上 "
            "structuredContent（tools/list 里也会有 outputSchema）。检查用实验室的解析器构建它、由本页的 MCP "
            "服务器提供并调用一次，从不执行你的代码。",
            "This tool's tools/call result is one text in content: a client gets no structured data. Change it so "
            "the result carries structuredContent (and tools/list an outputSchema). Check builds it with the lab's "
            "parser, serves it from this page's MCP server and calls it once, never running your code.",
        ),
        answer=Code(Text("Python", "Python"), _start_source, height=140),
        check=_check_fix,
        right=_fix_words,
        wrong=_fix_words,
        hint=Text(
            "服务器从函数的返回类型注解判断结果是不是结构化数据：-> str 是文本，-> dict 是对象。",
            "The server reads the function's return annotation to decide whether a result is structured: "
            "-> str is text, -> dict is an object.",
        ),
    ),
)
