"""The MCP page: the chain's weather tool served over the Model Context Protocol, taken apart.

Everything here is captured from the real libraries, on the lab's own MCP server
(:mod:`toolcall_lab.mcp.server`, built with the official ``mcp`` SDK):

* :func:`transcript` — the JSON-RPC messages of one session as they crossed (``initialize``,
  ``notifications/initialized``, ``tools/list``, ``tools/call``), from a real ``ClientSession``;
* :func:`schema_pair` — the tool's ``inputSchema`` as ``tools/list`` carries it beside the
  ``parameters`` that ``bind_tools`` (``convert_to_openai_tool``) puts in a request, and every
  place where they differ;
* :func:`agent_run` — the server's tools loaded into LangGraph's prebuilt ReAct agent by
  langchain-mcp-adapters (``load_mcp_tools``) and run against the built-in model: the agent's
  messages and the JSON-RPC the adapter sent on the agent's behalf;
* :func:`call_shape` and :func:`check_structured_fix` — the checks of the page's exercises: which
  fields a ``tools/call`` result carries, and whether a learner's tool now answers with
  ``structuredContent`` (the learner's text is parsed, never run).
"""

from __future__ import annotations

import ast
from collections.abc import Sequence
from typing import Any

from lessons.wires.mcp_exercises import UNKNOWN_CITY
from toolcall_lab.checks import Checked
from toolcall_lab.errors import ExplainedError
from toolcall_lab.i18n import Text

#: The city of the page's transcript, in each language (a city the weather data knows).
CITY = Text("北京", "Paris")
#: The question the agent is asked, in each language.
QUESTION = Text("北京今天天气怎么样？", "What is the weather in Paris today?")
#: The longest text of any one message kept for the page (a result is bounded like any hostile text).
MAX_TEXT = 4_000

# zh-only: the specimen of the fix exercise is Python source whose docstring the learner reads in their language
BROKEN_SOURCE = Text(
    'def get_population(city: str) -> str:\n    """查询一个城市的人口（单位：万人）。"""\n'
    '    return json.dumps({"city": city, "population": 2189})\n',
    'def get_population(city: str) -> str:\n    """Look up the population of a city (in thousands)."""\n'
    '    return json.dumps({"city": city, "population": 2161})\n',
)


def weather_tool(lang: str) -> Any:
    """The chain's ``get_weather`` tool, built by the same factory the chain pages use."""
    from toolcall_lab.stages.weather_data import build_weather_tool

    return build_weather_tool(lang=lang)


def _records(records: Sequence[Any]) -> list[dict[str, Any]]:
    keys = ("direction", "method", "id", "raw", "message")
    return [{key: getattr(r, key) for key in keys} for r in records]


def transcript(lang: str, city: str | None = None) -> dict[str, Any]:
    """One MCP session over memory streams: the JSON-RPC messages in order, and the call's result.

    >>> t = transcript("en")
    >>> [r["method"] for r in t["records"]][:3]
    ['initialize', 'initialize', 'notifications/initialized']
    """
    from toolcall_lab.mcp.transcript import capture_in_process

    captured = capture_in_process([weather_tool(lang)], [("get_weather", {"city": city or CITY(lang)})])
    return {"transport": captured.transport, "records": _records(captured.records), "results": captured.results}


def _differences(mcp: Any, bound: Any, path: str = "") -> list[dict[str, Any]]:
    """Every place where two schemas differ: the path, the value MCP lists, the value bind_tools sends."""
    if isinstance(mcp, dict) and isinstance(bound, dict):
        found: list[dict[str, Any]] = []
        for key in sorted(set(mcp) | set(bound), key=lambda k: (k not in mcp, k)):
            where = f"{path}.{key}" if path else key
            if key not in bound or key not in mcp:
                found.append({"path": where, "mcp": mcp.get(key, "—"), "bind_tools": bound.get(key, "—")})
            else:
                found.extend(_differences(mcp[key], bound[key], where))
        return found
    return [] if mcp == bound else [{"path": path or "(root)", "mcp": mcp, "bind_tools": bound}]


def schema_pair(lang: str) -> dict[str, Any]:
    """The tool as ``tools/list`` lists it, the tool as ``bind_tools`` sends it, and where the schemas differ."""
    from langchain_core.utils.function_calling import convert_to_openai_tool

    from toolcall_lab.mcp.server import mcp_tool

    tool = weather_tool(lang)
    listed = mcp_tool(tool).model_dump(mode="json", exclude_none=True, by_alias=True)
    bound = convert_to_openai_tool(tool)
    differences = _differences(listed["inputSchema"], bound["function"].get("parameters") or {})
    return {"mcp": listed, "bind_tools": bound, "differences": differences}


def _message(message: Any) -> dict[str, Any]:
    """One agent message as plain data (its text bounded)."""
    text = str(getattr(message, "text", "") or message.content)[:MAX_TEXT]
    row: dict[str, Any] = {"type": message.type, "content": text}
    if getattr(message, "tool_calls", None):
        row["tool_calls"] = [{"name": c["name"], "args": c["args"], "id": c["id"]} for c in message.tool_calls]
    if getattr(message, "tool_call_id", None):
        row["tool_call_id"] = message.tool_call_id
    if getattr(message, "artifact", None) is not None:
        row["artifact"] = message.artifact
    return row


async def agent_session(question: str, lang: str) -> dict[str, Any]:
    from langchain_core.messages import HumanMessage
    from langchain_mcp_adapters.tools import load_mcp_tools
    from langgraph.prebuilt import create_react_agent

    from toolcall_lab.jsonable import to_jsonable
    from toolcall_lab.llm import build_chat_model
    from toolcall_lab.mcp.transcript import tapped_session

    async with tapped_session([weather_tool(lang)]) as (session, captured):
        await session.initialize()
        tools = await load_mcp_tools(session)
        agent = create_react_agent(build_chat_model(), tools)
        state = await agent.ainvoke({"messages": [HumanMessage(question)]}, {"recursion_limit": 8})
    messages = [_message(m) for m in state["messages"]]
    loaded = [{"name": t.name, "class": type(t).__name__, "args_schema": t.args_schema} for t in tools]
    return to_jsonable({"loaded": loaded, "messages": messages, "records": _records(captured.records)})


def agent_run(question: str, lang: str) -> dict[str, Any]:
    """The MCP server's tools in LangGraph's ReAct agent (langchain-mcp-adapters), on the built-in model."""
    import warnings

    import anyio

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # create_react_agent's deprecation notice (see lessons.tutor.agent)
        result: dict[str, Any] = anyio.run(agent_session, question[:500], lang)
    return result


def call_shape(result: dict[str, Any]) -> list[str]:
    """Which of :data:`lessons.wires.mcp_exercises.FIELDS` a ``tools/call`` result carries (as the client read it)."""
    shape = [f for f in ("content", "structuredContent") if result.get(f)]
    return shape + (["isError: true"] if result.get("isError") else [])


def check_call_shape(answer: Sequence[str] | None, lang: str) -> Checked:
    """Predict: the fields of ``get_weather``'s result for a city the data does not know, over MCP."""
    result = transcript(lang, UNKNOWN_CITY(lang))["results"][0]
    expected = call_shape(result)
    shown = {"fields": expected, "result": result}
    return Checked(answer is not None and sorted(answer) == sorted(expected), expected, shown)


def _return_annotation(source: str) -> Any:
    """The return annotation of the one ``def`` in ``source``, as a real type (read from the tree, not run)."""
    from toolcall_lab.stages.annotations import map_annotation

    tree = ast.parse(source)
    fn = next(n for n in tree.body if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef))
    return None if fn.returns is None else map_annotation(fn.returns)


def served_result(source: str) -> dict[str, Any] | ExplainedError:
    """The learner's tool, built by the lab's parser and served by the lab's MCP server: its listing and a call.

    The body is never run: the lab's stand-in (which echoes its arguments as a dict) wears the learner's
    signature and return annotation, so the server decides from the annotation, as it does for any tool.
    """
    from toolcall_lab.mcp.server import mcp_tool
    from toolcall_lab.stages.tool_source import parse_tool_source

    built = parse_tool_source(source)
    if isinstance(built, ExplainedError):
        return built
    tool = built.tool
    try:
        returned = _return_annotation(source)
    except Exception:  # parse_tool_source accepted it; an unmapped annotation reads as none
        returned = None
    if returned is not None:
        tool.func.__annotations__["return"] = returned
    listed = mcp_tool(tool).model_dump(mode="json", exclude_none=True, by_alias=True)
    arguments = dict.fromkeys(listed["inputSchema"].get("properties") or {}, "Paris")
    from toolcall_lab.mcp.transcript import capture_in_process

    captured = capture_in_process([tool], [(tool.name, arguments)])
    return {"listed": listed, "result": captured.results[0]}


def fixed_source(lang: str) -> str:
    """The specimen with its return annotation naming structured data (the expected fix)."""
    return BROKEN_SOURCE(lang).replace("-> str:", "-> dict:", 1)


def check_structured_fix(source: str | None, lang: str) -> Checked:
    """Fix: a tool whose ``tools/call`` result carries ``structuredContent`` (``tools/list``: an ``outputSchema``)."""
    if not source:
        return Checked(False, fixed_source(lang))
    served = served_result(source)
    if isinstance(served, ExplainedError):
        return Checked(False, fixed_source(lang), {"error": served.to_dict()}, error=served)
    result = served["result"]
    shown = {"fields": call_shape(result), "outputSchema": served["listed"].get("outputSchema")}
    return Checked(bool(result.get("structuredContent")), fixed_source(lang), shown)
