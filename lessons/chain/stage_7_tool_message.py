"""Page ⑦ ToolMessage — its exercises: predict the ToolMessage's status, then address the answer to the right call.

The predict check runs the real ``ToolNode``; the fix check sends the real second request to the
endpoint and reads its status. The fix exercise reads the model's first reply, which the page makes
once and hands over as ``reply`` in the context (:func:`first_reply`). LangChain is imported inside the
functions, so the registry can count these exercises without loading it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from lessons.chain.answers import code_list
from toolcall_lab.checks import Checked
from toolcall_lab.exercises import Context, Exercise, Line, Pick, Picks
from toolcall_lab.i18n import Text
from toolcall_lab.jsonable import json_text

#: Calls given to ToolNode for "predict the status": (label, args as JSON, weather service down).
STATUS_CASES: tuple[tuple[str, str, bool], ...] = (
    ("tokyo", '{"city": "Tokyo"}', False),
    ("location", '{"location": "Tokyo"}', False),
    ("fake", '{"city": "FakeCity"}', False),
    ("down", '{"city": "Tokyo"}', True),
)
#: How the predict exercise names each status.
STATUS_NAMES: dict[str, Text] = {
    "success": Text('status="success"', 'status="success"'),
    "error": Text('status="error"', 'status="error"'),
    "stops": Text("没有消息：图停止了", "no message: the graph stops"),
}
#: How the predict exercise names each case.
CASE_NAMES: dict[str, Text] = {
    "tokyo": Text('{"city": "Tokyo"}', '{"city": "Tokyo"}'),
    "location": Text('{"location": "Tokyo"}', '{"location": "Tokyo"}'),
    "fake": Text('{"city": "FakeCity"}', '{"city": "FakeCity"}'),
    "down": Text('{"city": "Tokyo"}，天气服务挂了', '{"city": "Tokyo"}, service down'),
}
#: The question whose first reply the fix exercise reads.
REPLY_QUESTION = Text("东京天气怎么样？", "What's the weather in Tokyo?")


def tool_node_outcome(args_text: str, down: bool, lang: str = "zh") -> str:
    """The real ToolNode's verdict on one call: the message's ``status``, or ``"stops"`` when it raised.

    >>> tool_node_outcome('{"city": "FakeCity"}', False)
    'success'
    """
    from toolcall_lab.stages.tool_node import run_from_text

    run = run_from_text(args_text, "call_1", down, "default", lang)
    if run.get("error") or "input_error" in run:
        return "stops"
    return str(run["messages"][0]["status"])


def check_statuses(answer: Mapping[str, str] | None, lang: str = "zh") -> Checked:
    """Predict: for each of :data:`STATUS_CASES`, the ToolMessage's status (or that the graph stops)."""
    expected = {label: tool_node_outcome(args, down, lang) for label, args, down in STATUS_CASES}
    given = dict(answer or {})
    wrong = [label for label, _, _ in STATUS_CASES if given.get(label) != expected[label]]
    return Checked(bool(answer) and not wrong, expected, {"wrong": wrong})


def first_reply(question: str, lang: str = "zh", *, llm: Any = None) -> dict[str, Any]:
    """Request 1 for real: the model's reply as on the wire, and as LangChain parsed it.

    Returns:
        ``{"question", "raw_tool_calls", "tool_calls"}`` (``raw_tool_calls`` from the
        response body: ``arguments`` still a string).
    """
    from langchain_core.messages import HumanMessage

    from toolcall_lab.capture import recording, response_tool_calls
    from toolcall_lab.llm import build_chat_model
    from toolcall_lab.stages import core
    from toolcall_lab.stages.weather_data import build_weather_tool

    chat = build_chat_model() if llm is None else llm
    with recording() as rec:
        ai = core.ask_with_tools(chat, [build_weather_tool(lang=lang)], [HumanMessage(question)])
    body = rec.exchanges[-1].response_body if rec.exchanges else None
    return {"question": question, "raw_tool_calls": response_tool_calls(body), "tool_calls": list(ai.tool_calls)}


def check_answer_id(reply: Mapping[str, Any], typed_id: str | None, lang: str = "zh", *, llm: Any = None) -> Checked:
    """Fix: the ToolMessage answering ``reply``'s call is addressed to ``typed_id``; does request 2 go through?

    The check sends the real second request (question, the assistant's reply, ToolNode's
    answer re-addressed to ``typed_id``) and reads the endpoint's status.
    """
    from langchain_core.messages import AIMessage, BaseMessage, HumanMessage

    from toolcall_lab.capture import recording
    from toolcall_lab.llm import build_chat_model
    from toolcall_lab.stages import core
    from toolcall_lab.stages.tool_node import run_tool_node
    from toolcall_lab.stages.weather_data import build_weather_tool
    from toolcall_lab.stages.wire import exchange_summary, model_error

    calls = list(reply.get("tool_calls") or [])
    expected = calls[0]["id"] if calls else None
    typed = (typed_id or "").strip()
    if not typed or not calls:
        return Checked(False, expected)
    answer = run_tool_node(calls[:1], lang=lang).tool_messages[0]
    addressed = core.answer_call({**calls[0], "id": typed}, answer.content, status=answer.status)
    ai = AIMessage(content="", tool_calls=calls[:1])
    messages: list[BaseMessage] = [HumanMessage(str(reply.get("question", ""))), ai, addressed]
    chat = build_chat_model() if llm is None else llm
    error = None
    with recording() as rec:
        try:
            core.ask_with_tools(chat, [build_weather_tool(lang=lang)], messages)
        except Exception as exc:
            error = model_error("tool_message", exc, rec.exchanges)
    status = exchange_summary(rec.exchanges[-1])["status_code"] if rec.exchanges else None
    return Checked(error is None, expected, {"status_code": status, "typed": typed})


def _statuses_wrong(found: Checked, _context: Context) -> Text:
    wrong = (found.shown or {}).get("wrong") or []
    return Text("ToolNode 的结果不同：", "ToolNode says otherwise for: ") + Text(
        code_list([CASE_NAMES[w]("zh") for w in wrong]), code_list([CASE_NAMES[w]("en") for w in wrong])
    )


def _id_right(found: Checked, _context: Context) -> Text:
    status = (found.shown or {}).get("status_code")
    return Text(f"HTTP {status}：id 对上了，模型写出了答案。", f"HTTP {status}: the id pairs, and the model answered.")


def _id_wrong(found: Checked, _context: Context) -> Text:
    status = (found.shown or {}).get("status_code")
    return Text(
        f"端点回答 HTTP {status}：这个 id 没有对应的调用。",
        f"The endpoint answered HTTP {status}: no call has this id.",
    )


EXERCISES: tuple[Exercise, ...] = (
    Exercise(
        slug="predict-status",
        kind="predict",
        title=Text("预测：ToolMessage 的 status", "Predict: the ToolMessage's status"),
        prompt=Text(
            "真实的 ToolNode（默认 handle_tool_errors）运行这些调用：",
            "The real ToolNode (default handle_tool_errors) runs these calls:",
        ),
        answer=Picks(
            lambda _c: [Pick(label, CASE_NAMES[label], str(i)) for i, (label, _, _) in enumerate(STATUS_CASES)],
            lambda _c: STATUS_NAMES,
        ),
        check=lambda answer, c: check_statuses(answer, str(c["lang"])),
        right=Text(
            "查无此城也是一个成功的回答；只有异常才让图停下。",
            "An unknown city is still a successful answer; only an exception stops the graph.",
        ),
        wrong=_statuses_wrong,
        hint=Text(
            "参数错误会变成 error 消息；工具自己回答的'查无此城'不是异常。",
            "Bad arguments become an error message; the tool's own 'no such city' is not an exception.",
        ),
    ),
    Exercise(
        slug="answer-id",
        kind="fix",
        title=Text("修复：给回答写上对的 id", "Fix: address the answer"),
        prompt=Text(
            "ToolNode 的回答要放进第二次请求。它的 tool_call_id 写什么，端点才接受？（检查会真的发出请求）",
            "ToolNode's answer goes into the second request. Which tool_call_id makes the endpoint accept it? "
            "(The check really sends it.)",
        ),
        answer=Line(
            Text("ToolMessage.tool_call_id", "ToolMessage.tool_call_id"),
            max_chars=80,
            caption=Text(
                "模型第一次回复里的 tool_calls（响应体原样）：",
                "tool_calls in the model's first reply (response body as sent):",
            ),
            code=lambda c: json_text(c["reply"]["raw_tool_calls"]),
        ),
        check=lambda answer, c: check_answer_id(c["reply"], answer, str(c["lang"])),
        right=_id_right,
        wrong=_id_wrong,
        hint=Text("看响应体里 tool_calls[0].id。", "Read tool_calls[0].id in the response body."),
        needs=("reply",),
    ),
)
