"""Stage ④ — tool_call: you write the model's reply; see it raw on the wire and as AIMessage.tool_calls."""

from typing import Any

import streamlit as st

from lessons.chain import stage_4_tool_call
from lessons.chain.examples import CALL_LINES
from pages._ui import T, Text, lang, lesson_columns, loading, show_error
from pages._ui import chain_frame as su
from pages._ui import chain_widgets as sw
from pages._ui.exercise import draw_exercises
from pages._ui.streaming_view import streaming_view
from pages._ui.wire_switch import wire_switch
from pages.registry import page_of
from toolcall_lab.errors import ExplainedError
from toolcall_lab.jsonable import json_text
from toolcall_lab.stages import core, tables, tool_call
from toolcall_lab.stages.tool_call import DEFAULT_ARGUMENTS

PAGE = page_of(__file__).path
EXAMPLES = {
    "one": Text("一个调用", "One call"),
    "two": Text("一次回复两个调用", "Two calls in one reply"),
    "broken": Text("缺了值", "A missing value"),
    "mixed": Text("一好一坏", "One good, one broken"),
    "quotes": Text("单引号", "Single quotes"),
    "array": Text("合法 JSON，但不是对象", "Valid JSON, not an object"),
}


@st.cache_data(show_spinner=False, max_entries=64)
def scripted(lines: tuple[str, ...], question: str, language: str) -> dict[str, Any]:
    """The built-in endpoint returns exactly these calls; what came back, at both levels."""
    result = tool_call.scripted_tool_call(list(lines), question=question, lang=language)
    if isinstance(result, ExplainedError):
        return {"error": result.to_dict()}
    return result.to_dict()


def show_reply(data: dict[str, Any]) -> None:
    """The reply: the calls on the wire and in LangChain's AIMessage first, then call by call."""
    c1, c2 = st.columns(2)
    with c1:
        st.markdown(T("**线上**：`choices[0].message.tool_calls`", "**On the wire**: `choices[0].message.tool_calls`"))
        st.code(json_text(data["raw_tool_calls"]), language="json")
    with c2:
        st.markdown(T("**LangChain**：`AIMessage.tool_calls`", "**LangChain**: `AIMessage.tool_calls`"))
        st.json(data["tool_calls"], expanded=3)
        st.markdown("`AIMessage.invalid_tool_calls`")
        st.json(data["invalid_tool_calls"], expanded=3)
    for bad in data["invalid_tool_calls"]:
        st.info(
            f"**{T('预期之中：这正是本课要看的', 'Expected: this is the lesson')}** — "
            + T(
                f"{bad.get('id')}：arguments 不是合法 JSON，进了 invalid_tool_calls，不会被执行。",
                f"{bad.get('id')}: the arguments are not valid JSON; the call went to invalid_tool_calls "
                f"and will not run.",
            ),
            icon=":material/school:",
        )
        st.code(bad.get("error") or "", language="text")


def show_string(data: dict[str, Any]) -> None:
    """Step 2: arguments is a string inside the body; call by call; the whole bodies."""
    if data["raw_tool_calls"]:
        st.markdown(
            T(
                "**arguments 是字符串**：在 JSON 响应体里，它是一段带转义引号的文本",
                "**arguments is a string**: inside the JSON response body it is text with escaped quotes",
            )
        )
        raw = data["raw_tool_calls"][0]["function"]["arguments"]
        st.code(tables.arguments_field(raw), language="json")
    st.markdown(T("**逐个调用**", "**Call by call**"))
    sw.table(
        tables.call_rows(data["calls"]),
        {
            "id": "id",
            "name": T("工具", "tool"),
            "raw": T("arguments（字符串）", "arguments (a string)"),
            "valid": T("解析成功", "parsed"),
            "args": T("args（json.loads 的结果）", "args (what json.loads made of it)"),
            "error": T("解析错误", "parse error"),
        },
        checks={"valid"},
        wide={"error"},
    )
    with st.expander(T("完整响应体", "The whole response body"), icon=":material/download:"):
        st.json(data["response_body"], expanded=4)
    with st.expander(T("这次的请求体", "This request's body"), icon=":material/upload:"):
        st.json(data["request_body"], expanded=2)


su.header(4)
left, right = lesson_columns()

with right:
    su.chain_live_run("tool_call", mark_artifact=False)

with left:
    step = su.stage_steps(
        4,
        [
            T("模型的回复，两个层次", "The reply, at both levels"),
            T("arguments 是字符串", "arguments is a string"),
            T("读它的代码", "The code that reads it"),
            T("流式：一块一块到达", "Streamed: piece by piece"),
            T("两条线路", "Two wires"),
        ],
    )
    if step == 4:  # the same reply, streamed: deltas on the wire, and how `+` adds them up
        with st.container(key="artifact"):
            streaming_view("stage4_stream")
    elif step == 5:  # the same call on Chat Completions and on the Responses API
        with st.container(key="artifact"):
            wire_switch("call", key="stage4")
    else:
        artifact = st.container(key="artifact")  # each step's artifact first; on step 1 the lines you write follow
        text = sw.peek("stage_call_args", default=DEFAULT_ARGUMENTS, param="calls")
        if step == 1:
            st.subheader(
                T(
                    "由你扮演模型：写下 tool_calls 的 arguments",
                    "You play the model: write the arguments of tool_calls",
                ),
                anchor=False,
            )
            sw.example_buttons(4, "stage_call_args", EXAMPLES, CALL_LINES, per_row=3)
            text = sw.editor(
                "stage_call_args",
                label=T(
                    "arguments 字符串，每行一个调用（get_weather）",
                    "arguments strings, one call per line (get_weather)",
                ),
                default=DEFAULT_ARGUMENTS,
                param="calls",
                height=120,
                help=T(
                    "每一行原样成为一个 function.arguments；id 依次是 call_123、call_124……",
                    "Each line becomes one function.arguments, as typed; ids are call_123, call_124, …",
                ),
            )
            sw.share_link(PAGE, ["calls", "step"])

        lines = tool_call.calls_from_text(text)
        with artifact:
            if step == 3:
                scripted_source = T("源码：scripted_tool_call", "Source: scripted_tool_call")
                read_args = T("把 arguments 字符串读成 Python", "read the arguments string into Python")
                su.code_step(core.read_arguments, read_args, (tool_call.scripted_tool_call, scripted_source))
            elif isinstance(lines, ExplainedError):
                show_error(lines)
            elif not lines:
                st.info(T("写至少一行 arguments。", "Write at least one line of arguments."), icon=":material/edit:")
            else:
                data = loading(scripted, lines, su.default_question(), lang())
                if "error" in data:
                    show_error(data["error"], expected=text in CALL_LINES.values())
                    body = tables.response_body_of(data["error"])
                    if body:
                        st.markdown(
                            T(
                                "**端点真实返回的响应体**（客户端没能把它变成 AIMessage）",
                                "**The response body the endpoint really returned** (the client could not turn it "
                                "into an AIMessage)",
                            )
                        )
                        st.json(body, expanded=5)
                elif step == 1:
                    show_reply(data)
                else:
                    show_string(data)

draw_exercises(page_of(__file__), stage_4_tool_call.EXERCISES)
su.footer(4)
