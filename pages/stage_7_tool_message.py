"""Stage ⑦ — ToolMessage: what ToolNode really produced, artifacts, output checks, and broken pairs."""

from typing import Any

import streamlit as st

from lessons.chain import stage_7_tool_message
from lessons.chain.examples import CALL_ARGS_TEXT, TOOL_NODE_ARGS
from pages._ui import T, Text, lang, lesson_columns, loading, show_error, source
from pages._ui import chain_checks as late
from pages._ui import chain_frame as su
from pages._ui import chain_widgets as sw
from pages._ui.exercise import draw_exercises
from pages._ui.wire_switch import wire_switch
from toolcall_lab.jsonable import json_text
from toolcall_lab.stages import core, tables
from toolcall_lab.stages import tool_message as tm
from toolcall_lab.stages.models import WeatherResult

EXAMPLES = {
    "bangkok": Text("曼谷", "Bangkok"),
    "days": Text("东京 3 天", "Tokyo, 3 days"),
    "fake": Text("FakeCity", "FakeCity"),
    "location": Text("location 代替 city", "location instead of city"),
}
tool_node = st.cache_data(show_spinner=False, max_entries=64)(tm.run_from_text)
artifact = st.cache_data(show_spinner=False, max_entries=32)(tm.artifact_demo)
outputs = st.cache_data(show_spinner=False, max_entries=2)(tm.output_cases)
pairing = st.cache_data(show_spinner=False, max_entries=8)(tm.pairing_demo)


def show_message(message: dict[str, Any]) -> None:
    """One ToolMessage ToolNode returned: its status, its fields, and its content (a string)."""
    ok = message.get("status") == "success"
    icon = ":material/check_circle:" if ok else ":material/error:"
    st.badge(f"status = {message.get('status')}", icon=icon, color="green" if ok else "red")
    sw.table(
        tables.message_fields(message, T("content 的类型", "type of content"), T("字符", "chars")),
        {"field": T("字段", "field"), "value": T("值", "value")},
    )
    content = T(
        "**content**：一个字符串（字典经 json.dumps 变成的 JSON 文本）",
        "**content**: a string (the dict turned into JSON text by json.dumps)",
    )
    st.markdown(content)
    st.code(json_text(message["content"], indent=None), language="json")
    if message.get("content_is_json"):
        with st.expander(
            T("把 content 解析回来看看（只是为了展示）", "content parsed back (for display only)"),
            icon=":material/data_object:",
        ):
            st.json(message["content_json"])


def show_artifact(demo: dict[str, Any]) -> None:
    """content_and_artifact: the short text the model reads next to the table the program keeps."""
    if "message" not in demo:
        return show_error(demo["error"])
    m1, m2, m3 = st.columns(3)
    m1.metric(T("content 字符数（给模型）", "content chars (for the model)"), demo["content_chars"])
    m2.metric(T("artifact 字符数（给程序）", "artifact chars (for the program)"), demo["artifact_chars"])
    m3.metric(T("倍数", "Ratio"), f"× {demo['ratio']}")
    st.code(demo["content"], language="text", wrap_lines=True)
    st.caption(
        T(
            f"artifact 里有 {demo['artifact_rows']} 行逐小时数据，留在 ToolMessage.artifact，不会发给模型。",
            f"The artifact holds {demo['artifact_rows']} hourly rows, kept in ToolMessage.artifact and "
            f"never sent to the model.",
        )
    )
    with st.expander(T("这条 ToolMessage", "This ToolMessage"), icon=":material/reply:"):
        st.json(demo["message"], expanded=1)


def show_pairing(demo: dict[str, Any]) -> None:
    """The next request with the answer paired, missing or mismatched, and what the endpoint said."""
    exchange = demo.get("exchange") or {}
    status = exchange.get("status_code")
    st.markdown(T(f"端点回答：**HTTP {status}**", f"The endpoint answered **HTTP {status}**"))
    if demo.get("error"):
        show_error(demo["error"], expected=True)
        st.json(exchange.get("response_body"), expanded=3)
    else:
        paired = T("配对正确，模型写出了答案：", "Properly paired: the model wrote its answer:")
        st.success(paired, icon=":material/check_circle:")
        st.text(demo.get("answer") or "")
    st.markdown(T("**这次请求里的 messages**（线上原样）", "**messages in this request** (as on the wire)"))
    st.json((exchange.get("request_body") or {}).get("messages", []), expanded=3)


PAGE = late.top(7).path
left, right = lesson_columns()

with right:
    su.chain_live_run("tool_message", mark_artifact=False)

with left:
    labels = [
        T("ToolNode 的回答", "ToolNode's answer"),
        "content_and_artifact",
        T("校验输出", "Checking the output"),
        T("缺了或对不上", "Missing or mismatched"),
    ]
    step = su.stage_steps(7, labels)
    box = st.container(key="artifact")  # each step's artifact first; on step 1 the call you make follows
    args_text = sw.peek("stage_msg_args", default=CALL_ARGS_TEXT, param="targs")
    if step == 1:
        sw.example_buttons(7, "stage_msg_args", EXAMPLES, TOOL_NODE_ARGS, per_row=4)
        c1, c2 = st.columns([3, 1])
        with c1:
            args_label = T("tool_call 的 args（JSON）", "The tool_call's args (JSON)")
            args_text = sw.editor(
                "stage_msg_args", label=args_label, default=CALL_ARGS_TEXT, param="targs", height=70, reset=False
            )
        with c2:
            call_id = sw.line(
                "stage_msg_id", label="tool_call id", default=tm.DEFAULT_CALL["id"], param="tid", max_chars=64
            )
        s1, s2 = st.columns(2)
        down_label = T("天气服务挂了（工具抛异常）", "Weather service down (the tool raises)")
        with s1:
            down = sw.toggle("stage_msg_down", label=down_label, default=False, param="down")
        with s2:
            handle = sw.choice(
                "stage_msg_hte",
                label="handle_tool_errors",
                options={"default": T("默认", "default"), "true": "True"},
                default="default",
                param="hte",
            )
        run = loading(tool_node, args_text, call_id, down, handle, lang())
        with box:
            if "input_error" in run:
                show_error(run["input_error"])
            else:
                for message in run["messages"]:
                    show_message(message)
                show_error(run.get("error"), expected=True)
                code = tables.tool_node_code(run["ai_message"]["tool_calls"], handled=handle == "true")
                st.code(code, language="python")
        with st.expander(T("线路：Chat Completions | Responses API", "Wire: Chat Completions | Responses API")):
            wire_switch("result", key="stage7")  # role: tool + tool_call_id, or function_call_output + call_id
        su.core_source(core.answer_call, T("一次调用的回答：ToolMessage", "the answer to one call: a ToolMessage"))
        source(
            tm.run_tool_node, T("源码：run_tool_node（真实的 ToolNode）", "Source: run_tool_node (the real ToolNode)")
        )
    elif step == 2:
        with box.container(border=True):
            st.markdown(
                T("#### content_and_artifact：大结果不进上下文", "#### content_and_artifact: big results stay out")
            )
            show_artifact(artifact(tm.city_in(args_text), lang()))
        source(tm.build_report_tool, T("源码：build_report_tool", "Source: build_report_tool"))
    elif step == 3:
        with box.container(border=True):
            st.markdown(T("#### 用结果模型校验输出：-> dict 只是提示", "#### Check the output: -> dict is only a hint"))
            labels_out = {
                "real": T("真实结果", "a real result"),
                "unknown_city": T("查无此城（文本）", "unknown city (text)"),
                "wrong_type": T("类型错误", "wrong type"),
                "shaped_but_false": T("形状对、事实错", "right shape, false fact"),
            }
            sw.table(
                tables.output_rows(outputs(lang()), labels_out),
                {
                    "case": T("情形", "case"),
                    "result": T("工具返回", "tool returned"),
                    "ok": T("通过 WeatherResult", "passes WeatherResult"),
                    "fact_ok": T("事实对", "true"),
                    "errors": "errors()",
                },
                checks={"ok", "fact_ok"},
                wide={"errors"},
            )
        source(WeatherResult, T("源码：WeatherResult", "Source: WeatherResult"))
    else:
        with box.container(border=True):
            mode = sw.choice(
                "stage_msg_pair",
                label=T("第二次请求里", "In the second request"),
                options={
                    "paired": T("正确配对 call_123", "properly paired call_123"),
                    "missing": T("没有 ToolMessage", "no ToolMessage"),
                    "mismatch": "tool_call_id = call_999",
                },
                default="missing",
                param="pair",
            )
            st.caption(
                T(
                    "发给内置教学模型：它像 OpenAI 的端点一样检查 tool_call_id 是否成对。",
                    "Sent to the built-in teaching model, whose endpoint checks tool_call_id pairs as OpenAI's does.",
                )
            )
            show_pairing(loading(pairing, mode, question=su.default_question(), lang=lang()))
    sw.share_link(PAGE, ["targs", "tid", "down", "hte", "pair", "step"])

draw_exercises(late.spec(7), stage_7_tool_message.EXERCISES, {"reply": late.first_reply(lang())})
late.bottom(7)
