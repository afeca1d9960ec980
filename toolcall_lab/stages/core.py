"""The few real lines behind each stage of the chain, written for you to read.

The stage modules around this one do a lot: they read the code you type without running
it, capture HTTP bodies, explain every error. Strip all that away and each stage is a
handful of library calls. Those calls are below, one function per stage, and the stage
machinery calls *these very functions*: what you read here is the code that runs.

=====  =====================  ====================================================
stage  function               the lines that matter
=====  =====================  ====================================================
①      :func:`make_tool`      ``tool(func)`` + ``args_schema.model_json_schema()``
②      :func:`openai_tool`    ``convert_to_openai_tool(tool)``
③      :func:`ask_with_tools` ``llm.bind_tools([tool]).invoke(messages)``
④      :func:`read_arguments` ``json.loads(call["function"]["arguments"])``
⑤      :func:`to_kwargs`      ``Model.model_validate(args).model_dump()``
⑥      :func:`call_function`  ``func(**kwargs)``
⑦      :func:`answer_call`    ``ToolMessage(content=..., tool_call_id=...)``
⑧      :func:`second_request` ``llm.bind_tools(tools).invoke([*history, ai, *answers])``
=====  =====================  ====================================================
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Literal, cast

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage, ToolMessage
from langchain_core.tools import BaseTool, tool
from langchain_core.utils.function_calling import convert_to_openai_tool
from pydantic import BaseModel


def make_tool(func: Callable[..., Any], name: str | None = None, **options: Any) -> tuple[BaseTool, dict[str, Any]]:
    """① What ``@tool`` does to a function: a tool, and the JSON Schema of its arguments.

    >>> def get_weather(city: str, days: int = 1) -> dict:
    ...     '''Weather.'''
    >>> made, schema = make_tool(get_weather)
    >>> made.name, schema["required"]
    ('get_weather', ['city'])
    """
    # `@tool` above a def is just this call: tool(func). `@tool("name", parse_docstring=True)`
    # first makes a decorator with those options, then calls it on the function.
    # (cast only tells the type checker which kind of object came back; it does nothing.)
    decorate = tool(name, **options) if name else tool(**options)
    made = cast(BaseTool, decorate(func))
    # @tool read the signature (and the docstring) and built a Pydantic model of the
    # arguments: args_schema. Its JSON Schema is all the model will learn about them.
    schema = cast(type[BaseModel], made.args_schema).model_json_schema()
    return made, schema


def openai_tool(subject: BaseTool | type[BaseModel], *, strict: bool | None = None) -> dict[str, Any]:
    """② The tool as ``bind_tools`` will send it to the model.

    >>> from toolcall_lab.stages.weather_data import build_weather_tool
    >>> openai_tool(build_weather_tool())["function"]["parameters"]["required"]
    ['city']
    """
    # One library call turns a tool (or a Pydantic model) into the wire shape:
    #   {"type": "function", "function": {"name", "description", "parameters"}}
    # "parameters" is args_schema's JSON Schema with the "title" keys taken out.
    # strict=True (OpenAI's strict mode) makes every property required and adds
    # "additionalProperties": false at every object level; left as None, the tool
    # says nothing about strictness (what bind_tools sends by default).
    return convert_to_openai_tool(subject, strict=strict)


def ask_with_tools(
    llm: BaseChatModel, tools: Sequence[BaseTool], messages: Sequence[BaseMessage], **options: Any
) -> AIMessage:
    """③ Bind the tools and send one request: the tools travel in its JSON body."""
    # bind_tools sends nothing. It returns the same model with the tools remembered, each
    # one converted by convert_to_openai_tool (②), plus options such as
    # tool_choice="required" or parallel_tool_calls=False.
    bound = llm.bind_tools(tools, **options)
    # invoke sends ONE HTTP request. Its JSON body carries
    #   "messages": the conversation so far, and
    #   "tools":    [{"type": "function", "function": {...}}, ...]   (+ the options).
    return bound.invoke(list(messages))


def read_arguments(call: Mapping[str, Any]) -> Any:
    """④ The arguments of one tool call, from the JSON text the model wrote to Python.

    >>> read_arguments({"id": "call_123", "function": {"name": "get_weather", "arguments": '{"days": 3}'}})
    {'days': 3}
    """
    # A tool call as it arrives on the wire (choices[0].message.tool_calls[i]):
    #   {"id": "call_123", "type": "function",
    #    "function": {"name": "get_weather", "arguments": "{\"city\": \"Bangkok\"}"}}
    # "arguments" is a STRING: JSON text the model wrote, token by token.
    text = call["function"]["arguments"]
    # json.loads turns the text into Python: object -> dict, number -> int or float ...
    # Text that is not JSON makes json.loads raise a ValueError saying where it stopped;
    # LangChain then files the call under AIMessage.invalid_tool_calls: it is never run.
    return json.loads(text)


def to_kwargs(model: type[BaseModel], args: Any, *, strict: bool = False) -> dict[str, Any]:
    """⑤ Check the arguments' shape with the argument model; get back the function's kwargs.

    >>> from toolcall_lab.stages.models import WeatherInput
    >>> to_kwargs(WeatherInput, {"city": "Bangkok", "days": "3"})
    {'city': 'Bangkok', 'days': 3}
    """
    # model_validate checks required fields, types, ranges and extra keys. By default it
    # also converts where it safely can ("3" -> 3); strict=True refuses that instead.
    # A broken rule raises pydantic.ValidationError, listing every problem found.
    validated = model.model_validate(args, strict=strict)
    # model_dump turns the validated model back into a plain dict: the kwargs.
    return validated.model_dump()


def call_function(func: Callable[..., Any], kwargs: Mapping[str, Any]) -> Any:
    """⑥ Call the function with the validated dict: plain Python, nothing more.

    >>> call_function(lambda city, days=1: f"{city}: {days}", {"days": 3, "city": "Bangkok"})
    'Bangkok: 3'
    """
    # ** unpacks the dict into keyword arguments, matched BY NAME, so the order of the
    # keys does not matter: {"days": 3, "city": "Bangkok"} is func(days=3, city="Bangkok").
    # A key the function has no parameter for raises TypeError (Pydantic normally stops
    # it one step earlier).
    return func(**kwargs)


def answer_call(
    call: Mapping[str, Any], result: Any, *, status: Literal["success", "error"] = "success", artifact: Any = None
) -> ToolMessage:
    """⑦ The answer to one tool call, in the only form the model reads: a message.

    >>> m = answer_call({"id": "call_123", "name": "get_weather"}, {"city": "Bangkok"})
    >>> m.content, m.tool_call_id
    ('{"city": "Bangkok"}', 'call_123')
    """
    # The model reads text, not Python objects: a dict becomes JSON text (ToolNode does
    # exactly this: json.dumps(result, ensure_ascii=False)); a string stays as it is.
    content = result if isinstance(result, str) else json.dumps(result, ensure_ascii=False)
    # tool_call_id pairs the answer with the call it answers. The next request is refused
    # when a call has no answer, or when an answer names an id no call had.
    return ToolMessage(
        content=content, tool_call_id=call["id"], name=call.get("name"), status=status, artifact=artifact
    )


def second_request(
    llm: BaseChatModel,
    tools: Sequence[BaseTool],
    history: Sequence[BaseMessage],
    ai: AIMessage,
    answers: Sequence[ToolMessage],
) -> AIMessage:
    """⑧ Send everything again, the tools' answers included; the model writes its reply."""
    # The model remembers nothing between requests, so the program sends it all again:
    # the conversation so far, the assistant message with its tool_calls, and one
    # ToolMessage per call (paired by tool_call_id). The tools travel again too.
    messages = [*history, ai, *answers]
    # This reply is usually the answer in words, written from the tools' results
    # (it may also ask for more tools: then the loop goes round once more).
    return llm.bind_tools(tools).invoke(messages)
