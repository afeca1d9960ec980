"""Stage ④ — tool_call: you write the model's reply; see it raw on the wire and as AIMessage.tool_calls."""

import json
from typing import Any

import streamlit as st

from pages import _stage_ui as su
from pages._ui import T
from toolcall_lab.errors import ExplainedError, explain
from toolcall_lab.jsonable import json_text
from toolcall_lab.stages import tool_call
from toolcall_lab.stages.tool_call import DEFAULT_ARGUMENTS

PAGE = su.PAGES[3]
MAX_CALLS = 8

EXAMPLES: dict[str, tuple[str, str, str]] = {
    "one": ("一个调用", "One call", DEFAULT_ARGUMENTS),
    "two": ("一次回复两个调用", "Two calls in one reply", '{"city": "Beijing"}\n{"city": "Shanghai", "days": 2}'),
    "broken": ("缺了值", "A missing value", '{"city": "Bangkok", "days": }'),
    "mixed": ("一好一坏", "One good, one broken", '{"city": "Tokyo"}\n{"city": "Paris", "days": 3,}'),
    "quotes": ("单引号", "Single quotes", "{'city': 'Bangkok'}"),
    "array": ("合法 JSON，但不是对象", "Valid JSON, not an object", "[1, 2]"),
}


@st.cache_data(show_spinner=False, max_entries=64)
def scripted(lines: tuple[str, ...], question: str) -> dict[str, Any]:
    """The built-in endpoint returns exactly these calls; what came back, at both levels."""
    result = tool_call.scripted_tool_call(list(lines), question=question)
    if isinstance(result, ExplainedError):
        return {"error": result.to_dict()}
    return result.to_dict()


def short_error(text: str | None) -> str:
    """The line of LangChain's parse error that names the decoder's complaint."""
    lines = [part.strip() for part in (text or "").splitlines() if part.strip()]
    for part in lines:
        if "Error" in part:
            return part
    return lines[0] if lines else ""


su.header(4)
left, right = su.columns()

with right:
    su.chain_live_run("tool_call")

with left:
    su.lesson(4)
    st.subheader(
        T("由你扮演模型：写下 tool_calls 的 arguments", "You play the model: write the arguments of tool_calls"),
        anchor=False,
    )
    su.example_buttons(4, "stage_call_args", EXAMPLES, per_row=3)
    text = su.editor(
        "stage_call_args",
        label=T("arguments 字符串，每行一个调用（get_weather）", "arguments strings, one call per line (get_weather)"),
        default=DEFAULT_ARGUMENTS,
        param="calls",
        height=140,
        help=T(
            "每一行原样成为一个 function.arguments；id 依次是 call_123、call_124……",
            "Each line becomes one function.arguments, as typed; ids are call_123, call_124, …",
        ),
    )
    su.share_link(PAGE, ["calls"])
    lines = tuple(line for line in text.splitlines() if line.strip())

    if not lines:
        st.info(T("写至少一行 arguments。", "Write at least one line of arguments."), icon=":material/edit:")
    elif len(lines) > MAX_CALLS:
        su.show_error(
            explain(
                "tool_call",
                f"{len(lines)} calls > limit {MAX_CALLS}",
                zh=f"一次回复最多演示 {MAX_CALLS} 个调用。",
                en=f"At most {MAX_CALLS} calls per reply here.",
                hint_zh="删掉几行再试。",
                hint_en="Remove a few lines and try again.",
            )
        )
    else:
        data = su.loading(scripted, lines, su.default_question())
        if "error" in data:
            su.show_error(data["error"])
            body = ((data["error"].get("data") or {}).get("response_body")) if isinstance(data["error"], dict) else None
            if body:
                st.markdown(
                    T(
                        "**端点真实返回的响应体**（客户端没能把它变成 AIMessage）",
                        "**The response body the endpoint really returned** (the client could not turn it into "
                        "an AIMessage)",
                    )
                )
                st.json(body, expanded=5)
        else:
            st.markdown(T("**逐个调用**", "**Call by call**"))
            st.dataframe(
                [
                    {
                        "id": c["id"],
                        "name": c["name"],
                        "raw": c["raw_arguments"],
                        "valid": c["valid"],
                        "args": "" if c["args"] is None else json_text(c["args"], indent=None),
                        "error": short_error(c["error"]),
                    }
                    for c in data["calls"]
                ],
                hide_index=True,
                column_config={
                    "id": "id",
                    "name": T("工具", "tool"),
                    "raw": st.column_config.TextColumn(T("arguments（字符串）", "arguments (a string)")),
                    "valid": st.column_config.CheckboxColumn(T("解析成功", "parsed")),
                    "args": st.column_config.TextColumn(T("args（dict）", "args (a dict)")),
                    "error": st.column_config.TextColumn(T("解析错误", "parse error"), width="large"),
                },
            )
            first = data["raw_tool_calls"][0] if data["raw_tool_calls"] else None
            if first is not None:
                raw = first["function"]["arguments"]
                st.markdown(
                    T(
                        "**arguments 是字符串**：在 JSON 响应体里，它是一段带转义引号的文本",
                        "**arguments is a string**: inside the JSON response body it is text with escaped quotes",
                    )
                )
                st.code(f'"arguments": {json.dumps(raw, ensure_ascii=False)}', language="json", wrap_lines=True)
            c1, c2 = st.columns(2)
            with c1:
                st.markdown(
                    T("**线上**：`choices[0].message.tool_calls`", "**On the wire**: `choices[0].message.tool_calls`")
                )
                st.code(json_text(data["raw_tool_calls"]), language="json", wrap_lines=True)
            with c2:
                st.markdown(T("**LangChain**：`AIMessage.tool_calls`", "**LangChain**: `AIMessage.tool_calls`"))
                st.json(data["tool_calls"], expanded=3)
                st.markdown("`AIMessage.invalid_tool_calls`")
                st.json(data["invalid_tool_calls"], expanded=3)
            for bad in data["invalid_tool_calls"]:
                st.error(
                    T(
                        f"{bad.get('id')}：arguments 不是合法 JSON，进了 invalid_tool_calls，不会被执行。",
                        f"{bad.get('id')}: the arguments are not valid JSON; the call went to invalid_tool_calls "
                        f"and will not run.",
                    ),
                    icon=":material/error:",
                )
                st.code(bad.get("error") or "", language="text", wrap_lines=True)
            with st.expander(T("完整响应体", "The whole response body"), icon=":material/download:"):
                st.json(data["response_body"], expanded=4)
            with st.expander(T("这次的请求体", "This request's body"), icon=":material/upload:"):
                st.json(data["request_body"], expanded=2)

    su.source(tool_call.scripted_tool_call, T("源码：scripted_tool_call", "Source: scripted_tool_call"))

su.footer(4)
