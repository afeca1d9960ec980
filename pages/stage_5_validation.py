"""Stage ⑤ — three layers: json.loads (readable?), Pydantic (well-shaped?), the tool (true?)."""

from typing import Any

import streamlit as st

from lessons.tutor.tools import learning_record_subject
from pages import _stage_ui as su
from pages._ui import T
from toolcall_lab.errors import ExplainedError
from toolcall_lab.jsonable import json_text
from toolcall_lab.stages import validation
from toolcall_lab.stages.models import WeatherInput
from toolcall_lab.stages.validation import DEFAULT_ARGUMENTS, fact_stage, json_stage, validate_stage

PAGE = su.PAGES[4]

EXAMPLES: dict[str, tuple[str, str, str]] = {
    "coerce": ('字符串 "3"', 'The string "3"', DEFAULT_ARGUMENTS),
    "range": ("days 是 30", "days is 30", '{"city": "Bangkok", "days": 30}'),
    "empty": ("空的城市名", "An empty city", '{"city": "", "days": 2}'),
    "extra": ("location 代替 city", "location instead of city", '{"location": "Bangkok", "days": 3}'),
    "types": (
        "各种 JSON 类型",
        "Every JSON type",
        '{"city": "Tokyo", "days": 2, "ok": true, "tags": ["a", 1.5], "note": null}',
    ),
    "broken": ("不是合法 JSON", "Not valid JSON", "{'city': 'Bangkok', 'days': 3,}"),
    "nan": ("NaN", "NaN", '{"city": "Bangkok", "days": NaN}'),
    "fake": ("FakeCity", "FakeCity", '{"city": "FakeCity", "days": 3}'),
}


@st.cache_data(show_spinner=False, max_entries=4)
def fixed_fact_cases() -> dict[str, Any]:
    """The two shaped-but-false examples: an unknown city, an unknown student."""
    return {"weather": fact_stage(), "tutor": fact_stage(learning_record_subject())}


def show_fact(case: dict[str, Any] | ExplainedError) -> None:
    if isinstance(case, ExplainedError):
        su.show_error(case, warning=True)
        return
    st.code(f"{case['tool']}.invoke({json_text(case['args'], indent=None)})", language="python", wrap_lines=True)
    st.markdown(
        f"{su.mark(case['shape_ok'])} {T('形状（Pydantic）', 'shape (Pydantic)')} · "
        f"{su.mark(case['fact_ok'])} {T('事实（数据里有没有）', 'fact (is it in the data)')}"
    )
    result = case["result"]
    if isinstance(result, str):
        st.code(result, language="text", wrap_lines=True)
    elif result is not None:
        st.json(result, expanded=1)


su.header(5)
left, right = su.columns()

with right:
    su.chain_live_run("validation")

with left:
    su.lesson(5)
    st.subheader(T("模型写下的 arguments 字符串", "The arguments string the model wrote"), anchor=False)
    su.example_buttons(5, "stage_valid_args", EXAMPLES, per_row=4)
    text = su.editor(
        "stage_valid_args", label="function.arguments", default=DEFAULT_ARGUMENTS, param="args", height=110
    )
    model_name = su.choice(
        "stage_valid_model",
        label=T("参数模型", "Argument model"),
        options=["WeatherInput", "signature"],
        default="WeatherInput",
        param="m",
        format_func={
            "WeatherInput": T("文章的 WeatherInput", "the article's WeatherInput"),
            "signature": T("@tool 从签名推断的", "inferred by @tool"),
        }.__getitem__,
    )
    strict = su.toggle(
        "stage_valid_strict",
        label="strict",
        default=False,
        param="strict",
        help=T(
            'model_validate(..., strict=True)：不做 "3" → 3 这类转换。',
            'model_validate(..., strict=True): no conversions such as "3" → 3.',
        ),
    )
    extra = su.choice(
        "stage_valid_extra",
        label="extra",
        options=["model", "ignore", "forbid", "allow"],
        default="model",
        param="extra",
        format_func={
            "model": T("按模型", "as the model says"),
            "ignore": "ignore",
            "forbid": "forbid",
            "allow": "allow",
        }.__getitem__,
    )
    su.share_link(PAGE, ["args", "m", "strict", "extra"])

    # ---- layer 1: json.loads
    with st.container(border=True):
        st.markdown(T("#### 第一道 · `json.loads`：能不能读？", "#### Layer 1 · `json.loads`: can it be read?"))
        parsed = json_stage(text)
        if isinstance(parsed, ExplainedError):
            su.show_error(parsed)
            data = parsed.data if isinstance(parsed.data, dict) else {}
            if "line_text" in data:
                st.code(f"{data['line_text']}\n{data['caret']}", language="text")
        else:
            st.markdown(
                T(
                    "JSON 的每个值变成了哪种 Python 类型（来自真实的解析结果）：",
                    "Which Python type each JSON value became (read from the real result):",
                )
            )
            st.dataframe(
                [
                    {
                        "path": r["path"] or "(root)",
                        "json": r["json"],
                        "python": r["python"],
                        "value": json_text(r["value"], indent=None),
                    }
                    for r in parsed.type_map
                ],
                hide_index=True,
                column_config={
                    "path": T("位置（JSON 指针）", "path (JSON pointer)"),
                    "json": T("JSON 类型", "JSON type"),
                    "python": T("Python 类型", "Python type"),
                    "value": T("值", "value"),
                },
            )
            if parsed.non_standard:
                st.warning(
                    T(
                        "Python 的 json.loads 接受了 NaN / Infinity，但严格的 JSON 不允许：",
                        "Python's json.loads accepted NaN / Infinity, which strict JSON does not allow: ",
                    )
                    + ", ".join(parsed.non_standard),
                    icon=":material/warning:",
                )
            if parsed.truncated:
                st.caption(T("内容太多，只列出了前面一部分。", "Too many values: only the first ones are listed."))

    # ---- layer 2: Pydantic
    with st.container(border=True):
        st.markdown(
            T("#### 第二道 · `model_validate`：形状对不对？", "#### Layer 2 · `model_validate`: is it the right shape?")
        )
        checked = None
        if isinstance(parsed, ExplainedError):
            st.caption(T("第一道没通过，这一道不会运行。", "Layer 1 failed, so this layer does not run."))
        else:
            checked = validate_stage(parsed.value, model_name, strict=strict, extra=None if extra == "model" else extra)
            if isinstance(checked, ExplainedError):
                su.show_error(checked)
                checked = None
            elif checked.ok:
                st.code(
                    f"{checked.model}.model_validate({json_text(parsed.value, indent=None)}"
                    f"{', strict=True' if strict else ''})   # extra={checked.extra!r}",
                    language="python",
                    wrap_lines=True,
                )
                st.success(
                    T("校验通过：这就是函数将收到的 kwargs", "Valid: these are the kwargs the function will get"),
                    icon=":material/check_circle:",
                )
                st.json(checked.kwargs)
                if checked.coercions:
                    st.markdown(T("**Pydantic 做的转换**", "**Conversions Pydantic made**"))
                    st.dataframe(
                        [
                            {
                                "path": c["path"],
                                "input": f"{json_text(c['input'], indent=None)} ({c['input_type']})",
                                "output": f"{json_text(c['output'], indent=None)} ({c['output_type']})",
                            }
                            for c in checked.coercions
                        ],
                        hide_index=True,
                        column_config={
                            "path": T("位置", "path"),
                            "input": T("输入", "input"),
                            "output": T("结果", "result"),
                        },
                    )
                if checked.defaults_filled:
                    st.caption(T("用了默认值：", "Defaults filled in: ") + ", ".join(checked.defaults_filled))
                if checked.dropped:
                    st.caption(
                        T('被悄悄忽略的键（extra="ignore"）：', 'Keys silently ignored (extra="ignore"): ')
                        + ", ".join(checked.dropped)
                    )
            else:
                st.code(
                    f"{checked.model}.model_validate({json_text(parsed.value, indent=None)}"
                    f"{', strict=True' if strict else ''})   # extra={checked.extra!r}",
                    language="python",
                    wrap_lines=True,
                )
                su.show_error(checked.error)
                st.markdown(T("**ValidationError.errors()**（原样）", "**ValidationError.errors()** (as raised)"))
                st.dataframe(
                    [
                        {
                            "loc": ".".join(str(p) for p in e.get("loc", [])) or "(root)",
                            "type": e.get("type"),
                            "msg": e.get("msg"),
                            "input": json_text(e.get("input"), indent=None),
                        }
                        for e in checked.errors
                    ],
                    hide_index=True,
                    column_config={
                        "loc": "loc",
                        "type": "type",
                        "msg": st.column_config.TextColumn("msg", width="large"),
                        "input": "input",
                    },
                )
                with st.expander("errors() JSON", icon=":material/data_object:"):
                    st.json(checked.errors)
        su.source(WeatherInput, T("源码：WeatherInput", "Source: WeatherInput"))

    # ---- layer 3: the facts
    with st.container(border=True):
        st.markdown(T("#### 第三道 · 工具本身：事实对不对？", "#### Layer 3 · the tool itself: is it true?"))
        if checked is not None and checked.ok and isinstance(parsed.value, dict):
            mine = fact_stage(args=parsed.value)
            st.markdown(T("**你的参数**交给真实的 get_weather：", "**Your arguments**, given to the real get_weather:"))
            show_fact(mine)
        else:
            st.caption(
                T(
                    "你的参数没走到这一道；下面是两个形状正确、事实错误的例子。",
                    "Your arguments did not get this far; here are two well-shaped, wrong-in-fact examples.",
                )
            )
        cases = fixed_fact_cases()
        f1, f2 = st.columns(2)
        with f1:
            st.markdown(T("**不存在的城市**", "**A city that does not exist**"))
            show_fact(cases["weather"])
        with f2:
            st.markdown(T("**不存在的学生**（小E 的工具）", "**A student who does not exist** (小E's tool)"))
            show_fact(cases["tutor"])
        st.caption(
            T(
                "Schema 只能检查形状；城市、学号是否真实，只有工具背后的数据知道。",
                "A schema checks shape only; whether a city or a student id is real, only the data behind the "
                "tool knows.",
            )
        )
    su.source(validation.validate_stage, T("源码：validate_stage", "Source: validate_stage"))

su.footer(5)
