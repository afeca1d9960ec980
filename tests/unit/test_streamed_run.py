"""A streamed traced run (issue 13): tokens arrive during the run, and the trace stays real.

``run_traced(..., on_token=...)`` runs the agent with LangGraph's ``stream_mode="messages"``:
every model call then asks its endpoint for ``stream: true``. These tests hold that the
tokens add up to the answer, that the recorded request and raw response are the streamed
ones (``"stream": true``, the server-sent events), that the tool's raw arguments string is
the one the fragments add up to, and that capture no longer reads a stream before the client.
"""

from __future__ import annotations

import json

from langchain_core.messages import HumanMessage

from toolcall_lab.capture import recording
from toolcall_lab.live import run_traced
from toolcall_lab.llm import build_chat_model
from toolcall_lab.offline.streaming import sse_events, stream_chunks
from toolcall_lab.sse import assemble, sse_data
from toolcall_lab.stages.weather_data import build_weather_tool

QUESTION = "Weather in Bangkok and Tokyo?"


def _runs(**model: object):
    tool = build_weather_tool(lang="en")
    tokens: list[tuple[int, str]] = []
    streamed = run_traced(QUESTION, build_chat_model(**model), [tool], on_token=lambda s, t: tokens.append((s, t)))
    plain = run_traced(QUESTION, build_chat_model(**model), [tool])
    return streamed, plain, tokens


def test_the_tokens_add_up_to_the_answer_of_the_last_model_call():
    streamed, plain, tokens = _runs()
    assert streamed.stop_reason == plain.stop_reason == "final"
    assert "".join(t for _, t in tokens) == streamed.answer == plain.answer
    assert {s for s, _ in tokens} == {len(streamed.model_calls)}  # only the answering call wrote text
    assert len(tokens) > 5  # token by token, not one block


def test_a_streamed_call_is_recorded_as_streamed_and_its_events_are_the_raw_response():
    streamed, plain, _ = _runs()
    for call in streamed.model_calls:
        assert call.request_body["stream"] is True
        assert isinstance(call.response_body, str) and call.response_body.rstrip().endswith("data: [DONE]")
        assert [a["outcome"] for a in call.attempt_log] == ["ok"]  # events are text by design, not a malformed body
    assert all(c.request_body["stream"] is False for c in plain.model_calls)
    # the tool stage still reads the arguments *string*: the one the fragments add up to
    first = assemble(sse_data(streamed.model_calls[0].response_body))
    wire_args = [c["function"]["arguments"] for c in first["choices"][0]["message"]["tool_calls"]]
    assert [e.raw_arguments for e in streamed.tool_executions] == wire_args
    assert [e.raw_arguments for e in streamed.tool_executions] == [e.raw_arguments for e in plain.tool_executions]
    assert [e.parsed_args for e in streamed.tool_executions] == [json.loads(a) for a in wire_args]


def test_a_stream_that_asks_for_usage_records_it_from_its_last_event():
    streamed, _plain, _ = _runs(stream_usage=True)
    usage = [c.usage for c in streamed.model_calls]
    assert all(isinstance(u, dict) and u["total_tokens"] > 0 for u in usage)
    assert streamed.model_calls[0].request_body["stream_options"] == {"include_usage": True}
    assert streamed.total_tokens() == sum(u["total_tokens"] for u in usage)


def test_capture_hands_a_stream_on_as_it_arrives_and_keeps_the_whole_copy():
    llm = build_chat_model()
    with recording() as rec:
        chunks = llm.stream([HumanMessage("Hello")])
        next(chunks)
        exchange = rec.exchanges[0]
        assert exchange.streamed and exchange.status_code == 200
        assert exchange.response_text is None  # the first chunk reached the client before the body was read
        rest = list(chunks)
    assert rest and exchange.response_text is not None and exchange.response_text.endswith("data: [DONE]\n\n")
    assert exchange.latency_ms is not None and exchange.response_body is None


def test_assemble_gives_back_the_completion_the_events_were_written_from():
    tool = build_weather_tool(lang="en")
    with recording() as rec:
        build_chat_model().bind_tools([tool]).invoke([HumanMessage(QUESTION)])
    body = rec.exchanges[0].response_body
    text = b"".join(sse_events(stream_chunks(body, include_usage=True))).decode()
    back = assemble(sse_data(text))
    message = body["choices"][0]["message"]
    assert back["choices"][0]["message"]["tool_calls"] == [
        {"id": c["id"], "type": "function", "function": c["function"]} for c in message["tool_calls"]
    ]
    assert back["choices"][0]["finish_reason"] == body["choices"][0]["finish_reason"]
    assert back["usage"] == body["usage"]


def test_progress_events_arrive_in_the_thread_that_runs_the_graph():
    """ToolNode runs tools on worker threads; run_traced hands their events over in the caller's thread, in order."""
    import threading

    from toolcall_lab.live import run_traced
    from toolcall_lab.llm import build_chat_model
    from toolcall_lab.stages.weather_data import build_weather_tool

    seen: list[tuple[str, int, bool]] = []

    def on_event(event):
        seen.append((type(event).__name__, event.step, threading.current_thread() is threading.main_thread()))

    trace = run_traced("曼谷和东京天气怎么样？", build_chat_model(), [build_weather_tool()], on_event=on_event)
    assert trace.stop_reason == "final"
    assert [name for name, _, _ in seen] == [type(e).__name__ for e in trace.events]  # every event, in order
    assert seen.count(("ToolExecution", 1, True)) == 2  # both tool runs of step 1, reported here though run elsewhere
    assert all(here for _, _, here in seen)
