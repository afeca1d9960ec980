"""Chain pages ⑤–⑧'s exercises: a predict and a make-or-fix per page, worded for the learner.

Only pages import this module (it imports Streamlit). The checks run the real stages
(:mod:`lessons.chain.exercises_execution`) on the learner's answer; here they get their
widgets and their words, and each feedback names what the artifact showed.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from lessons.chain import exercises_execution as ex
from pages._ui import T, lang
from pages._ui.chain_checks import spec
from pages._ui.exercise import Verdict, exercise
from toolcall_lab.jsonable import json_text


def _picks(key: str, samples: list[str], options: dict[str, str], label: str) -> dict[str, Any]:
    """One select box per sample (``None`` until picked); the answer is ``{sample: option}``."""
    answer: dict[str, Any] = {}
    for i, sample in enumerate(samples):
        answer[sample] = st.selectbox(
            f"{label} `{sample}`", list(options), index=None, format_func=options.__getitem__, key=f"{key}::{i}"
        )
    return answer


def _wrong_list(wrong: list[str]) -> str:
    return ", ".join(f"`{w}`" for w in wrong)


# ---------------------------------------------------------------- ⑤
LAYER_NAMES = {
    "json": ("json.loads（读不了）", "json.loads (unreadable)"),
    "shape": ("Pydantic（形状不对）", "Pydantic (wrong shape)"),
    "fact": ("工具（事实不对）", "the tool (not true)"),
    "none": ("三道都通过", "passes all three"),
}


def exercises_5() -> None:
    page, language = spec(5), lang()
    names = {k: T(*v) for k, v in LAYER_NAMES.items()}

    def stops(answer: Any) -> Verdict:
        got = ex.check_stop_layers(answer, language)
        if got.correct:
            return Verdict(
                True,
                T("全对：每一道只回答自己的问题。", "All right: each layer answers its own question."),
                got.expected,
            )
        wrong = got.shown.get("wrong") or list(ex.STOP_SAMPLES)
        return Verdict(
            False,
            T("这些判断不对：", "These are not where it stops: ") + _wrong_list(wrong),
            got.expected,
        )

    exercise(
        page,
        1,
        title=T("预测：在哪一道被拦下？", "Predict: where is it stopped?"),
        prompt=T(
            "每个参数字符串走三道检查（WeatherInput）。它在哪一道停下？",
            "Each argument string goes through the three layers (WeatherInput). Where does it stop?",
        ),
        ask=lambda key: _picks(key, list(ex.STOP_SAMPLES), names, T("参数", "Arguments")),
        check=stops,
        hint=T(
            "json.loads 只管语法；Pydantic 管类型和范围（days 1–7）；只有工具知道城市是否存在。",
            "json.loads checks syntax only; Pydantic checks types and ranges (days 1–7); "
            "only the tool knows whether a city exists.",
        ),
    )

    def fixed(answer: Any) -> Verdict:
        got = ex.check_fixed_arguments(answer, language)
        seen = got.shown
        if got.correct:
            return Verdict(
                True,
                T(
                    f"通过三道：kwargs = {json_text(seen['kwargs'], indent=None)}",
                    f"It passes all three: kwargs = {json_text(seen['kwargs'], indent=None)}",
                ),
                got.expected,
            )
        where = names.get(str(seen.get("layer")), "—")
        detail = ", ".join(f"{'/'.join(map(str, e.get('loc', [])))}: {e.get('type')}" for e in seen.get("errors") or [])
        if seen.get("json_error"):
            detail = str(seen["json_error"].get("msg"))
        if seen.get("layer") == "none":
            detail = T(
                "通过了，但 kwargs 不是东京 5 天：", "it passes, but the kwargs are not Tokyo for 5 days: "
            ) + json_text(seen.get("kwargs"), indent=None)
        return Verdict(False, T("停在：", "Stopped at: ") + f"{where} — {detail}", got.expected)

    exercise(
        page,
        2,
        title=T("修复：让它通过三道", "Fix: make it pass all three"),
        prompt=T(
            "改这段参数，让它通过三道检查，得到东京、5 天：",
            "Edit these arguments so they pass all three layers and ask for Tokyo, 5 days:",
        ),
        ask=lambda key: st.text_area("arguments", value=ex.BROKEN_ARGUMENTS, key=key, height=80),
        check=fixed,
        hint=T(
            "JSON 要双引号、不能有尾逗号；WeatherInput 禁止多余的键。",
            "JSON needs double quotes and no trailing comma; WeatherInput forbids extra keys.",
        ),
    )


# ---------------------------------------------------------------- ⑥
OUTCOME_NAMES = {
    "returns": ("返回结果", "returns"),
    "unexpected": ("TypeError：多出的关键字参数", "TypeError: unexpected keyword argument"),
    "missing": ("TypeError：缺少参数", "TypeError: missing argument"),
}


def exercises_6() -> None:
    page, language = spec(6), lang()
    names = {k: T(*v) for k, v in OUTCOME_NAMES.items()}

    def outcomes(answer: Any) -> Verdict:
        got = ex.check_call_outcomes(answer)
        if got.correct:
            return Verdict(
                True,
                T(
                    "全对：Python 按名字绑定，多一个、少一个都不行。",
                    "All right: Python binds by name; one key too many or too few fails.",
                ),
                got.expected,
            )
        errs = got.shown.get("errors") or {}
        said = "; ".join(f"`{k}` → {e['message'] if e else T('返回', 'returns')}" for k, e in errs.items())
        return Verdict(False, T("Python 实际说：", "What Python really said: ") + said, got.expected)

    exercise(
        page,
        1,
        title=T("预测：weather_func(**d) 会怎样？", "Predict: what does weather_func(**d) do?"),
        prompt=T(
            "`weather_func(city, days=1)` 用每个字典展开调用：",
            "`weather_func(city, days=1)` called with each dict unpacked:",
        ),
        ask=lambda key: _picks(key, list(ex.CALL_SAMPLES), names, "d ="),
        check=outcomes,
        hint=T(
            "键按名字对上参数；没有默认值的参数必须给。",
            "Keys match parameters by name; a parameter without a default must be given.",
        ),
    )

    def invoke_only(answer: Any) -> Verdict:
        got = ex.check_invoke_but_not_python(answer, language)
        seen = got.shown
        if got.correct:
            return Verdict(
                True,
                T(
                    "对：@tool 推断的模型悄悄丢掉了多余的键，而 Python 直接报错：",
                    "Right: @tool's inferred model silently dropped the extra key, while Python raised: ",
                )
                + str((seen.get("python_error") or {}).get("message")),
                got.expected,
            )
        if seen.get("not_object"):
            return Verdict(False, T("需要一个 JSON 对象。", "A JSON object is needed."), got.expected)
        invoke = T("通过", "accepted") if seen.get("invoke_ok") else T("拒绝", "refused")
        python = T("通过", "accepted") if seen.get("python_ok") else T("报错", "raised")
        return Verdict(False, f"get_weather.invoke: {invoke} · weather_func(**d): {python}", got.expected)

    exercise(
        page,
        2,
        title=T("做一个：invoke 接受、Python 拒绝", "Make: invoke accepts, Python refuses"),
        prompt=T(
            "写一个字典：`get_weather.invoke(d)` 能运行，`weather_func(**d)`（绕过 Pydantic）却报错。",
            "Write a dict that `get_weather.invoke(d)` runs but `weather_func(**d)` (Pydantic bypassed) refuses.",
        ),
        ask=lambda key: st.text_area("d (JSON)", value='{"city": "Bangkok"}', key=key, height=68),
        check=invoke_only,
        hint=T("看第 2 步：@tool 推断的模型 extra=ignore。", "See step 2: @tool's inferred model has extra=ignore."),
    )


# ---------------------------------------------------------------- ⑦
STATUS_NAMES = {
    "success": ('status="success"', 'status="success"'),
    "error": ('status="error"', 'status="error"'),
    "stops": ("没有消息：图停止了", "no message: the graph stops"),
}
CASE_NAMES = {
    "tokyo": ('{"city": "Tokyo"}', '{"city": "Tokyo"}'),
    "location": ('{"location": "Tokyo"}', '{"location": "Tokyo"}'),
    "fake": ('{"city": "FakeCity"}', '{"city": "FakeCity"}'),
    "down": ('{"city": "Tokyo"}，天气服务挂了', '{"city": "Tokyo"}, service down'),
}


@st.cache_data(show_spinner=False, max_entries=4)
def _reply(question: str, language: str) -> dict[str, Any]:
    return ex.first_reply(question, language)


def exercises_7() -> None:
    page, language = spec(7), lang()
    names = {k: T(*v) for k, v in STATUS_NAMES.items()}

    def ask_statuses(key: str) -> dict[str, Any]:
        answer: dict[str, Any] = {}
        for i, (label, _, _) in enumerate(ex.STATUS_CASES):
            answer[label] = st.selectbox(
                T(*CASE_NAMES[label]), list(names), index=None, format_func=names.__getitem__, key=f"{key}::{i}"
            )
        return answer

    def statuses(answer: Any) -> Verdict:
        got = ex.check_statuses(answer, language)
        if got.correct:
            return Verdict(
                True,
                T(
                    "全对：查无此城也是一个成功的回答；只有异常才让图停下。",
                    "All right: an unknown city is still a successful answer; only an exception stops the graph.",
                ),
                got.expected,
            )
        wrong = [T(*CASE_NAMES[w]) for w in got.shown.get("wrong") or []]
        return Verdict(
            False, T("ToolNode 的结果不同：", "ToolNode says otherwise for: ") + _wrong_list(wrong), got.expected
        )

    exercise(
        page,
        1,
        title=T("预测：ToolMessage 的 status", "Predict: the ToolMessage's status"),
        prompt=T(
            "真实的 ToolNode（默认 handle_tool_errors）运行这些调用：",
            "The real ToolNode (default handle_tool_errors) runs these calls:",
        ),
        ask=ask_statuses,
        check=statuses,
        hint=T(
            "参数错误会变成 error 消息；工具自己回答的'查无此城'不是异常。",
            "Bad arguments become an error message; the tool's own 'no such city' is not an exception.",
        ),
    )

    reply = _reply(T("东京天气怎么样？", "What's the weather in Tokyo?"), language)

    def answer_id(answer: Any) -> Verdict:
        got = ex.check_answer_id(reply, answer, language)
        status = got.shown.get("status_code")
        if got.correct:
            return Verdict(
                True,
                T(
                    f"HTTP {status}：id 对上了，模型写出了答案。",
                    f"HTTP {status}: the id pairs, and the model answered.",
                ),
                got.expected,
            )
        return Verdict(
            False,
            T(
                f"端点回答 HTTP {status}：这个 id 没有对应的调用。",
                f"The endpoint answered HTTP {status}: no call has this id.",
            ),
            got.expected,
        )

    def ask_id(key: str) -> str:
        st.caption(
            T(
                "模型第一次回复里的 tool_calls（响应体原样）：",
                "tool_calls in the model's first reply (response body as sent):",
            )
        )
        st.code(json_text(reply["raw_tool_calls"]), language="json")
        return str(st.text_input("ToolMessage.tool_call_id", key=key, max_chars=80))

    exercise(
        page,
        2,
        title=T("修复：给回答写上对的 id", "Fix: address the answer"),
        prompt=T(
            "ToolNode 的回答要放进第二次请求。它的 tool_call_id 写什么，端点才接受？（检查会真的发出请求）",
            "ToolNode's answer goes into the second request. Which tool_call_id makes the endpoint accept it? "
            "(The check really sends it.)",
        ),
        ask=ask_id,
        check=answer_id,
        hint=T("看响应体里 tool_calls[0].id。", "Read tool_calls[0].id in the response body."),
    )


# ---------------------------------------------------------------- ⑧
def exercises_8() -> None:
    page, language = spec(8), lang()
    question = T("北京天气，顺便看看上海", "Weather in Beijing, and also Shanghai")

    def size(answer: Any) -> Verdict:
        got = ex.check_second_request_size(answer, question, language)
        roles = ", ".join(got.shown.get("roles") or []) or "—"
        if got.correct:
            return Verdict(
                True, T(f"对：第二次请求是 [{roles}]。", f"Right: the second request is [{roles}]."), got.expected
            )
        return Verdict(
            False, T(f"第二次请求实际是 [{roles}]。", f"The second request really is [{roles}]."), got.expected
        )

    exercise(
        page,
        1,
        title=T("预测：第二次请求有几条消息？", "Predict: how many messages in the second request?"),
        prompt=T(
            f"问内置模型「{question}」。第二次请求的 messages 有几条？",
            f"Ask the built-in model “{question}”. How many messages does the second request carry?",
        ),
        ask=lambda key: st.number_input(T("条数", "messages"), min_value=0, max_value=20, value=None, step=1, key=key),
        check=size,
        hint=T(
            "问题、带 tool_calls 的 assistant 消息，再加每个调用一条 tool 消息。",
            "The question, the assistant message with its tool_calls, and one tool message per call.",
        ),
    )

    def three(answer: Any) -> Verdict:
        got = ex.check_three_tool_messages(answer, language)
        roles = ", ".join(got.shown.get("roles") or []) or T("没有第二次请求", "no second request")
        ok = T("对：三个调用，三条 tool 消息：", "Right: three calls, three tool messages: ")
        no = T("第二次请求是：", "The second request is: ")
        return Verdict(got.correct, (ok if got.correct else no) + f"[{roles}]", got.expected)

    exercise(
        page,
        2,
        title=T("做一个：三条 tool 消息", "Make: three tool messages"),
        prompt=T(
            "写一个问题，让第二次请求里正好有三条 tool 消息。（检查会真的跑一遍）",
            "Write a question whose second request carries exactly three tool messages. (The check runs it for real.)",
        ),
        ask=lambda key: st.text_input(T("问题", "Question"), key=key, max_chars=200),
        check=three,
        hint=T(
            "内置模型为问题里的每个城市调用一次 get_weather。",
            "The built-in model calls get_weather once per city in the question.",
        ),
    )
