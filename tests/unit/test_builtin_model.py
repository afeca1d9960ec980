"""The built-in teaching model, end to end over the wire through a real ChatOpenAI.

Each case is a worked example: the question a learner types, and the tool calls a
reader can check by hand against the tools' own descriptions.
"""

from __future__ import annotations

import json

import openai
import pytest
from langchain_core.messages import AIMessage, HumanMessage, SystemMessage, ToolMessage
from langchain_core.tools import tool
from pydantic import BaseModel

from lessons.tutor.agent import SYSTEM_PROMPT
from lessons.tutor.tools import build_tools
from toolcall_lab.capture import recording
from toolcall_lab.llm import build_chat_model
from toolcall_lab.offline import BuiltinModel
from toolcall_lab.offline.tokens import TOKEN_NOTE
from toolcall_lab.stages.weather_data import build_weather_tool


@tool
def search_web(query: str, limit: int = 5) -> dict:
    """搜索互联网中的最新资料。"""
    return {"query": query, "results": []}


TOOLS = [*build_tools(), build_weather_tool(), search_web]

CASES = [
    # (question, expected [(tool, args)])
    (
        "我明天（2026-07-25）有什么课？顺便告诉我我现在学到哪了。",
        [
            ("get_schedule", {"student_id": "S1001", "date": "2026-07-25"}),
            ("get_learning_record", {"student_id": "S1001"}),
        ],
    ),
    ("下周三我有课吗？学号 S1001", [("get_schedule", {"student_id": "S1001", "date": "下周三"})]),
    ("accord 这个词在你们词表里是几级？", [("lookup_word", {"word": "accord"})]),
    (
        "What classes do I have on 2026-07-25, and how far have I got?",
        [
            ("get_schedule", {"student_id": "S1001", "date": "2026-07-25"}),
            ("get_learning_record", {"student_id": "S1001"}),
        ],
    ),
    (
        "Is there class next Wednesday? My id is S1001",
        [("get_schedule", {"student_id": "S1001", "date": "next Wednesday"})],
    ),
    ("What level is the word accord?", [("lookup_word", {"word": "accord"})]),
    ("S1002 的学习进度怎么样", [("get_learning_record", {"student_id": "S1002"})]),
    ("How is student S1003 doing?", [("get_learning_record", {"student_id": "S1003"})]),
    ("2026-07-26 我在哪个教室上课？", [("get_schedule", {"student_id": "S1001", "date": "2026-07-26"})]),
    ("tomorrow do I have lessons?", [("get_schedule", {"student_id": "S1001", "date": "tomorrow"})]),
    ("Does 'abandon' appear in the kaoyan syllabus?", [("lookup_word", {"word": "abandon"})]),
    ("北京天气如何", [("get_weather", {"city": "Beijing"})]),
    ("曼谷天气怎么样？", [("get_weather", {"city": "Bangkok"})]),
    ("Weather in London for 3 days", [("get_weather", {"city": "London", "days": 3})]),
    ("上海和北京今天多少度", [("get_weather", {"city": "Shanghai"}), ("get_weather", {"city": "Beijing"})]),
    ("What's the weather in FakeCity?", [("get_weather", {"city": "FakeCity"})]),
    ("搜索 LangGraph 最新的持久化方式", [("search_web", {"query": "LangGraph 最新 持久化方式"})]),
    ("Search for Pydantic strict mode", [("search_web", {"query": "Pydantic strict mode"})]),
    (
        "帮我查一下 resilient 是什么意思，另外我明天有课吗",
        [("lookup_word", {"word": "resilient"}), ("get_schedule", {"student_id": "S1001", "date": "明天"})],
    ),
    ("曼谷未来三天天气", [("get_weather", {"city": "Bangkok", "days": 3})]),
]


@pytest.fixture(scope="module")
def llm():
    return build_chat_model().bind_tools(TOOLS)


@pytest.mark.parametrize(("question", "expected"), CASES, ids=[c[0][:24] for c in CASES])
def test_tool_choice_and_arguments(llm, question, expected):
    reply = llm.invoke([SystemMessage(SYSTEM_PROMPT), HumanMessage(question)])
    assert [(c["name"], c["args"]) for c in reply.tool_calls] == expected
    assert len({c["id"] for c in reply.tool_calls}) == len(expected)  # one id per call


def test_greeting_gets_no_tool_call(llm):
    reply = llm.invoke([HumanMessage("你好")])
    assert reply.tool_calls == []
    assert "内置教学模型" in reply.content


def test_refuses_plainly_when_no_tool_fits():
    only_weather = build_chat_model().bind_tools([build_weather_tool()])
    reply = only_weather.invoke([HumanMessage("What is the capital of France?")])
    assert reply.tool_calls == []
    assert "get_weather" in reply.content and "not make an answer up" in reply.content


def test_tool_choice_none_and_named_and_parallel_off():
    model = build_chat_model()
    question = [SystemMessage(SYSTEM_PROMPT), HumanMessage("我明天（2026-07-25）有什么课？顺便告诉我我现在学到哪了。")]
    assert model.bind_tools(TOOLS, tool_choice="none").invoke(question).tool_calls == []
    named = model.bind_tools(TOOLS, tool_choice="lookup_word").invoke([HumanMessage("accord")])
    assert [c["name"] for c in named.tool_calls] == ["lookup_word"]
    single = model.bind_tools(TOOLS, parallel_tool_calls=False).invoke(question)
    assert [c["name"] for c in single.tool_calls] == ["get_schedule"]


def _round_trip(question: str, tools=TOOLS):
    """Ask, run the calls the model made with the real tools, send the results back."""
    model = build_chat_model().bind_tools(tools)
    by_name = {t.name: t for t in tools}
    messages = [SystemMessage(SYSTEM_PROMPT), HumanMessage(question)]
    first = model.invoke(messages)
    messages.append(first)
    for call in first.tool_calls:
        messages.append(by_name[call["name"]].invoke(call))  # a ToolCall in -> a ToolMessage out
    return model.invoke(messages)


def test_answer_quotes_the_tool_results():
    answer = _round_trip("我明天（2026-07-25）有什么课？顺便告诉我我现在学到哪了。").content
    for fact in ("雅思写作精讲", "王老师", "3 号教室", "Anna", "42", "52%"):
        assert fact in answer


def test_relative_date_gets_an_honest_answer_without_invented_times():
    answer = _round_trip("下周三我有课吗？学号 S1001").content
    assert "下周三" in answer and "YYYY-MM-DD" in answer
    assert "09:00" not in answer and "教室" not in answer


def test_english_question_gets_an_english_answer():
    answer = _round_trip("What level is the word accord?").content
    assert answer.startswith("Here is what the tools returned") and "B2" in answer


def test_structured_output_over_json_schema():
    class QueryUnderstanding(BaseModel):
        intent: str
        search_query: str

    model = build_chat_model().with_structured_output(QueryUnderstanding)
    with recording() as rec:
        result = model.invoke([HumanMessage("曼谷今天多少度？")])
    assert isinstance(result, QueryUnderstanding)
    assert "曼谷" in result.search_query and "今天" in result.search_query
    assert rec.exchanges[0].request_body["response_format"]["type"] == "json_schema"


def test_follow_up_is_resolved_from_history():
    class QueryUnderstanding(BaseModel):
        intent: str
        search_query: str

    model = build_chat_model().with_structured_output(QueryUnderstanding)
    history = [HumanMessage("曼谷今天多少度？"), AIMessage("曼谷今天 31°C。"), HumanMessage("那明天呢？")]
    assert model.invoke(history).search_query.split()[:2] == ["曼谷", "明天"]
    history += [AIMessage("明天 32°C。"), HumanMessage("需要带伞吗？")]
    query = model.invoke(history).search_query
    assert "曼谷" in query and "明天" in query and "带伞" in query
    english = [HumanMessage("How hot is Bangkok today?"), AIMessage("31°C."), HumanMessage("And tomorrow?")]
    assert model.invoke(english).search_query.split()[:2] == ["Bangkok", "tomorrow"]


def test_answer_from_documents_cites_sources():
    docs = {
        "results": [
            {
                "title": "Bangkok weather tomorrow",
                "url": "https://weather.example/bangkok/tomorrow",
                "content": "Tomorrow in Bangkok: 32°C, 80% chance of rain; take an umbrella.",
            }
        ]
    }
    reply = build_chat_model().invoke(
        [
            SystemMessage("Answer from these search results:\n" + json.dumps(docs)),
            HumanMessage("Do I need an umbrella in Bangkok tomorrow?"),
        ]
    )
    assert "umbrella" in reply.content and "https://weather.example/bangkok/tomorrow" in reply.content


def test_scripted_replies_replay_in_order_then_the_model_decides():
    script = [
        {
            "content": None,
            "tool_calls": [
                {
                    "id": "call_a",
                    "type": "function",
                    "function": {"name": "get_weather", "arguments": '{"city": "Paris"}'},
                }
            ],
        }
    ]
    model = build_chat_model(script=script).bind_tools(TOOLS)
    first = model.invoke([HumanMessage("北京天气如何")])
    assert first.tool_calls[0]["args"] == {"city": "Paris"} and first.tool_calls[0]["id"] == "call_a"
    second = model.invoke([HumanMessage("北京天气如何")])
    assert second.tool_calls[0]["args"] == {"city": "Beijing"}


def test_tool_message_without_a_call_gets_the_provider_400():
    model = build_chat_model()
    messages = [HumanMessage("hi"), ToolMessage(content="42", tool_call_id="call_nobody")]
    with pytest.raises(openai.BadRequestError) as info:
        model.invoke(messages)
    assert "must be a response to a preceeding message with 'tool_calls'" in str(info.value)


def test_unanswered_tool_call_ids_are_listed_in_the_400():
    status, body = BuiltinModel().complete(
        {
            "model": "m",
            "messages": [
                {"role": "user", "content": "hi"},
                {
                    "role": "assistant",
                    "content": None,
                    "tool_calls": [
                        {"id": "call_1", "type": "function", "function": {"name": "f", "arguments": "{}"}},
                        {"id": "call_2", "type": "function", "function": {"name": "f", "arguments": "{}"}},
                    ],
                },
                {"role": "tool", "tool_call_id": "call_1", "content": "ok"},
            ],
        }
    )
    assert status == 400
    assert body["error"]["message"].endswith("did not have response messages: call_2")
    assert body["error"]["param"] == "messages.[1].role"


def test_usage_counts_are_labelled_approximate():
    status, body = BuiltinModel().complete({"model": "m", "messages": [{"role": "user", "content": "你好"}]})
    usage = body["usage"]
    assert status == 200
    assert usage["total_tokens"] == usage["prompt_tokens"] + usage["completion_tokens"]
    # issue 13: the label left the provider's usage object (no fake field); it travels in a response header
    assert "approximation" not in usage
    assert TOKEN_NOTE.startswith("approximate")


def test_token_counts_are_labelled_approximate_in_a_header_not_in_usage():
    with recording() as rec:
        build_chat_model().invoke([HumanMessage("你好")])
    exchange = rec.exchanges[0]
    usage = exchange.response_body["usage"]
    assert exchange.response_headers["x-builtin-token-count"].startswith("approximate")
    assert set(usage) == {
        "prompt_tokens",
        "completion_tokens",
        "total_tokens",
        "prompt_tokens_details",
        "completion_tokens_details",
    }


@tool
def magic_function(input: int) -> int:
    """Apply a magic function to an input."""
    return input + 2


def test_literal_call_syntax_fills_the_arguments():
    reply = build_chat_model().bind_tools([magic_function]).invoke("What is the value of magic_function(3)?")
    assert [(c["name"], c["args"]) for c in reply.tool_calls] == [("magic_function", {"input": 3})]


def test_tool_choice_required_always_calls_a_tool():
    reply = build_chat_model().bind_tools([build_weather_tool()], tool_choice="required").invoke("Hello!")
    assert [c["name"] for c in reply.tool_calls] == ["get_weather"]
    assert reply.response_metadata["finish_reason"] == "tool_calls"


def test_streaming_over_the_in_process_wire_assembles_the_same_calls(llm):
    question = [SystemMessage(SYSTEM_PROMPT), HumanMessage("上海和北京今天多少度")]
    chunks = list(llm.stream(question))
    full = chunks[0]
    for chunk in chunks[1:]:
        full = full + chunk
    assert len(chunks) > 10  # fragments, not one message
    assert [(c["name"], c["args"]) for c in full.tool_calls] == [
        (c["name"], c["args"]) for c in llm.invoke(question).tool_calls
    ]


def test_json_mode_answers_with_the_keys_the_prompt_asks_for():
    model = build_chat_model().bind(response_format={"type": "json_object"})
    reply = model.invoke("Tell me about cats. Return JSON with 'setup' and 'punchline' keys.")
    assert set(json.loads(reply.content)) == {"setup", "punchline"}


def test_async_calls_reach_the_same_in_process_model():
    """ainvoke / astream stay in process (no network): the same model answers, in small streamed deltas."""
    import asyncio

    async def ask() -> tuple[str, list[str]]:
        llm = build_chat_model()
        reply = await llm.ainvoke([HumanMessage("你好")])
        chunks = [c.content async for c in llm.astream([HumanMessage("你好")])]
        return str(reply.content), [str(c) for c in chunks]

    answer, pieces = asyncio.run(ask())
    assert answer and "".join(pieces) == answer
    assert len([p for p in pieces if p]) > 1  # streamed in several deltas, not one buffered body
