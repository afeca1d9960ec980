"""Stage ⑦ — ToolMessage: what ToolNode really produced, artifacts, output checks, and broken pairs."""

from typing import Any

import streamlit as st

from pages import _stage_ui as su
from pages._ui import T, lang
from toolcall_lab.errors import ExplainedError, explain
from toolcall_lab.jsonable import json_text
from toolcall_lab.stages import tool_message as tm
from toolcall_lab.stages.models import WeatherResult
from toolcall_lab.stages.validation import json_stage

PAGE = su.PAGES[6]
DEFAULT_ARGS = json_text(tm.DEFAULT_CALL["args"], indent=None)
DEFAULT_ID = tm.DEFAULT_CALL["id"]

EXAMPLES: dict[str, tuple[str, str, str]] = {
    "bangkok": ("曼谷", "Bangkok", DEFAULT_ARGS),
    "days": ("东京 3 天", "Tokyo, 3 days", '{"city": "Tokyo", "days": 3}'),
    "fake": ("FakeCity", "FakeCity", '{"city": "FakeCity"}'),
    "location": ("location 代替 city", "location instead of city", '{"location": "Bangkok"}'),
}


@st.cache_data(show_spinner=False, max_entries=64)
def tool_node(args_text: str, call_id: str, down: bool, handle: str) -> dict[str, Any]:
    """Run the real ToolNode on one call to get_weather (or to a weather tool whose service is down)."""
    parsed = json_stage(args_text)
    if isinstance(parsed, ExplainedError):
        return {"input_error": parsed.to_dict()}
    if not isinstance(parsed.value, dict):
        return {
            "input_error": explain(
                "tool_message",
                f"args must be a JSON object, got {type(parsed.value).__name__}",
                zh="tool_call 的 args 必须是一个字典（JSON 对象）。",
                en="A tool_call's args must be a dict (a JSON object).",
                hint_zh='例如 {"city": "Bangkok"}。',
                hint_en='For example {"city": "Bangkok"}.',
            ).to_dict()
        }
    call = {"name": "get_weather", "args": parsed.value, "id": call_id or DEFAULT_ID, "type": "tool_call"}
    options: dict[str, Any] = {"handle_tool_errors": True} if handle == "true" else {}
    tools = [tm.build_flaky_weather_tool()] if down else None
    return tm.run_tool_node([call], tools, **options).to_dict()


@st.cache_data(show_spinner=False, max_entries=32)
def artifact(city: str) -> dict[str, Any]:
    return tm.artifact_demo(city)


@st.cache_data(show_spinner=False, max_entries=2)
def outputs() -> list[dict[str, Any]]:
    return tm.output_cases()


@st.cache_data(show_spinner=False, max_entries=8)
def pairing(mode: str, question: str, language: str) -> dict[str, Any]:
    return tm.pairing_demo(mode, question=question, lang=language)  # type: ignore[arg-type]


su.header(7)
left, right = su.columns()

with right:
    su.chain_live_run("tool_message")

with left:
    su.lesson(7)
    st.subheader(T("给 ToolNode 一次调用", "Give ToolNode one call"), anchor=False)
    su.example_buttons(7, "stage_msg_args", EXAMPLES, per_row=4)
    c1, c2 = st.columns([3, 1])
    with c1:
        args_text = su.editor(
            "stage_msg_args",
            label=T("tool_call 的 args（JSON）", "The tool_call's args (JSON)"),
            default=DEFAULT_ARGS,
            param="targs",
            height=90,
        )
    with c2:
        call_id = su.line("stage_msg_id", label="tool_call id", default=DEFAULT_ID, param="tid", max_chars=64)
    down = su.toggle(
        "stage_msg_down",
        label=T("天气服务挂了（工具抛异常）", "Weather service down (the tool raises)"),
        default=False,
        param="down",
    )
    handle = su.choice(
        "stage_msg_hte",
        label="handle_tool_errors",
        options=["default", "true"],
        default="default",
        param="hte",
        format_func={"default": T("默认", "default"), "true": "True"}.__getitem__,
    )

    share_slot = st.container()  # filled at the end, once every switch has written its parameter
    run = su.loading(tool_node, args_text, call_id, down, handle)
    if "input_error" in run:
        su.show_error(run["input_error"])
    else:
        st.code(
            f"ToolNode([get_weather]{', handle_tool_errors=True' if handle == 'true' else ''})"
            f".invoke(AIMessage(tool_calls={json_text(run['ai_message']['tool_calls'], indent=None)}))",
            language="python",
            wrap_lines=True,
        )
        if run.get("error"):
            su.show_error(run["error"])
        for message in run["messages"]:
            status = message.get("status")
            st.badge(
                f"status = {status}",
                icon=":material/check_circle:" if status == "success" else ":material/error:",
                color="green" if status == "success" else "red",
            )
            st.dataframe(
                [
                    {"field": "type", "value": message["type"]},
                    {"field": "name", "value": message["name"]},
                    {"field": "tool_call_id", "value": message["tool_call_id"]},
                    {"field": "status", "value": status},
                    {
                        "field": T("content 的类型", "type of content"),
                        "value": f"{message['content_type']} · {message['content_chars']} " + T("字符", "chars"),
                    },
                ],
                hide_index=True,
                column_config={"field": T("字段", "field"), "value": T("值", "value")},
            )
            st.markdown(
                T(
                    "**content**：一个字符串（字典经 json.dumps 变成的 JSON 文本）",
                    "**content**: a string (the dict turned into JSON text by json.dumps)",
                )
            )
            st.code(json_text(message["content"], indent=None), language="json", wrap_lines=True)
            if message.get("content_is_json"):
                with st.expander(
                    T("把 content 解析回来看看（只是为了展示）", "content parsed back (for display only)"),
                    icon=":material/data_object:",
                ):
                    st.json(message["content_json"])

    # ---- content_and_artifact
    with st.container(border=True):
        st.markdown(
            T(
                "#### content_and_artifact：大结果不进模型的上下文",
                "#### content_and_artifact: a large result stays out of the model's context",
            )
        )
        parsed = json_stage(args_text)
        city = (
            parsed.value.get("city")
            if not isinstance(parsed, ExplainedError) and isinstance(parsed.value, dict)
            else None
        )
        demo = artifact(city if isinstance(city, str) and city.strip() else "Bangkok")
        if demo.get("error") or "message" not in demo:
            su.show_error(
                demo.get("error")
                or explain(
                    "tool_message",
                    "no message",
                    zh="没有结果。",
                    en="No result.",
                    hint_zh="换一个城市。",
                    hint_en="Try another city.",
                )
            )
        else:
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
        su.source(tm.build_report_tool, T("源码：build_report_tool", "Source: build_report_tool"))

    # ---- output validation
    with st.container(border=True):
        st.markdown(
            T(
                "#### 用结果模型校验输出：-> dict 只是提示",
                "#### Validate the output with a result model: -> dict is only a hint",
            )
        )
        labels = {
            "real": T("真实结果", "a real result"),
            "unknown_city": T("查无此城（文本）", "unknown city (text)"),
            "wrong_type": T("类型错误", "wrong type"),
            "shaped_but_false": T("形状对、事实错", "right shape, false fact"),
        }
        rows = outputs()
        st.dataframe(
            [
                {
                    "case": labels.get(r["label"], r["label"]),
                    "result": json_text(r["result"], indent=None),
                    "ok": r["ok"],
                    "fact_ok": r["fact_ok"],
                    "errors": "; ".join(
                        f"{'.'.join(str(p) for p in e.get('loc', []))}: {e.get('msg')}" for e in r["errors"]
                    ),
                }
                for r in rows
            ],
            hide_index=True,
            column_config={
                "case": T("情形", "case"),
                "result": st.column_config.TextColumn(T("工具返回", "tool returned")),
                "ok": st.column_config.CheckboxColumn(T("通过 WeatherResult", "passes WeatherResult")),
                "fact_ok": st.column_config.CheckboxColumn(T("事实对", "true")),
                "errors": st.column_config.TextColumn("errors()", width="large"),
            },
        )
        su.source(WeatherResult, T("源码：WeatherResult", "Source: WeatherResult"))

    # ---- a missing or mismatched ToolMessage
    with st.container(border=True):
        st.markdown(
            T(
                "#### 下一次请求：ToolMessage 缺了或 id 对不上",
                "#### The next request: a ToolMessage missing or mismatched",
            )
        )
        mode = su.choice(
            "stage_msg_pair",
            label=T("第二次请求里", "In the second request"),
            options=["paired", "missing", "mismatch"],
            default="missing",
            param="pair",
            format_func={
                "paired": T("正确配对 call_123", "properly paired call_123"),
                "missing": T("没有 ToolMessage", "no ToolMessage"),
                "mismatch": T("tool_call_id = call_999", "tool_call_id = call_999"),
            }.__getitem__,
        )
        st.caption(
            T(
                "发给内置教学模型：它像 OpenAI 的端点一样检查 tool_call_id 是否成对。",
                "Sent to the built-in teaching model, whose endpoint checks tool_call_id pairs as OpenAI's does.",
            )
        )
        demo = su.loading(pairing, mode, su.default_question(), lang())
        exchange = demo.get("exchange") or {}
        st.markdown(
            T(
                f"端点回答：**HTTP {exchange.get('status_code')}**",
                f"The endpoint answered **HTTP {exchange.get('status_code')}**",
            )
        )
        if demo.get("error"):
            su.show_error(demo["error"])
            st.json(exchange.get("response_body"), expanded=3)
        else:
            st.success(
                T("配对正确，模型写出了答案：", "Properly paired: the model wrote its answer:"),
                icon=":material/check_circle:",
            )
            st.text(demo.get("answer") or "")
        st.markdown(T("**这次请求里的 messages**（线上原样）", "**messages in this request** (as on the wire)"))
        st.json((exchange.get("request_body") or {}).get("messages", []), expanded=3)

    with share_slot:
        su.share_link(PAGE, ["targs", "tid", "down", "hte", "pair"])

su.footer(7)
