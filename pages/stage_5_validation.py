"""Stage ⑤ — three layers: json.loads (readable?), Pydantic (well-shaped?), the tool (true?)."""

from typing import Any

import streamlit as st

from lessons.tutor.tools import learning_record_subject
from pages import _stage_ui as su
from pages import _stage_widgets as sw
from pages._ui import T, lesson_columns, show_error, source
from toolcall_lab.errors import ExplainedError
from toolcall_lab.stages import core, tables, validation
from toolcall_lab.stages.examples import VALIDATION_TEXTS
from toolcall_lab.stages.models import WeatherInput
from toolcall_lab.stages.validation import DEFAULT_ARGUMENTS, JsonStageResult, ValidationStageResult

PAGE = su.PAGES[4]
EXAMPLES = {
    "coerce": ('字符串 "3"', 'The string "3"'),
    "range": ("days 是 30", "days is 30"),
    "empty": ("空的城市名", "An empty city"),
    "extra": ("location 代替 city", "location instead of city"),
    "types": ("各种 JSON 类型", "Every JSON type"),
    "broken": ("不是合法 JSON", "Not valid JSON"),
    "nan": ("NaN", "NaN"),
    "fake": ("FakeCity", "FakeCity"),
}


@st.cache_data(show_spinner=False, max_entries=4)
def fixed_fact_cases() -> dict[str, Any]:
    """The two shaped-but-false examples: an unknown city, an unknown student."""
    return {"weather": validation.fact_stage(), "tutor": validation.fact_stage(learning_record_subject())}


def show_fact(case: dict[str, Any] | ExplainedError) -> None:
    if isinstance(case, ExplainedError):
        return show_error(case, warning=True)
    st.code(tables.fact_call_code(case), language="python", wrap_lines=True)
    st.markdown(
        f"{su.mark(case['shape_ok'])} {T('形状（Pydantic）', 'shape (Pydantic)')} · "
        f"{su.mark(case['fact_ok'])} {T('事实（数据里有没有）', 'fact (is it in the data)')}"
    )
    if isinstance(case["result"], str):
        st.code(case["result"], language="text", wrap_lines=True)
    elif case["result"] is not None:
        st.json(case["result"], expanded=1)


def show_parsed(parsed: JsonStageResult) -> None:
    """Layer 1 passed: which Python type each JSON value became."""
    st.markdown(
        T(
            "JSON 的每个值变成了哪种 Python 类型（来自真实的解析结果）：",
            "Which Python type each JSON value became (read from the real result):",
        )
    )
    sw.table(
        tables.type_rows(parsed.type_map),
        {
            "path": T("位置（JSON 指针）", "path (JSON pointer)"),
            "json": T("JSON 类型", "JSON type"),
            "python": T("Python 类型", "Python type"),
            "value": T("值", "value"),
        },
    )
    if parsed.non_standard:
        odd = T(
            "Python 的 json.loads 接受了 NaN / Infinity，但严格的 JSON 不允许：",
            "Python's json.loads accepted NaN / Infinity, which strict JSON does not allow: ",
        )
        st.warning(odd + ", ".join(parsed.non_standard), icon=":material/warning:")
    if parsed.truncated:
        st.caption(T("内容太多，只列出了前面一部分。", "Too many values: only the first ones are listed."))


def show_checked(checked: ValidationStageResult | ExplainedError, value: Any, strict: bool) -> None:
    """Layer 2's verdict: the kwargs and every conversion, or Pydantic's own errors."""
    if isinstance(checked, ExplainedError):
        return show_error(checked)
    st.code(tables.validate_code(checked.model, value, strict=strict, extra=checked.extra), language="python")
    if not checked.ok:
        show_error(checked.error)
        st.markdown(T("**ValidationError.errors()**（原样）", "**ValidationError.errors()** (as raised)"))
        sw.table(tables.error_rows(checked.errors), {"loc": "loc", "type": "type", "msg": "msg", "input": "input"})
        with st.expander("errors() JSON", icon=":material/data_object:"):
            st.json(checked.errors)
        return
    valid = T("校验通过：这就是函数将收到的 kwargs", "Valid: these are the kwargs the function will get")
    st.success(valid, icon=":material/check_circle:")
    st.json(checked.kwargs)
    if checked.coercions:
        st.markdown(T("**Pydantic 做的转换**", "**Conversions Pydantic made**"))
        labels = {"path": T("位置", "path"), "input": T("输入", "input"), "output": T("结果", "result")}
        sw.table(tables.coercion_rows(checked.coercions), labels)
    if checked.defaults_filled:
        st.caption(T("用了默认值：", "Defaults filled in: ") + ", ".join(checked.defaults_filled))
    if checked.dropped:
        ignored = T('被悄悄忽略的键（extra="ignore"）：', 'Keys silently ignored (extra="ignore"): ')
        st.caption(ignored + ", ".join(checked.dropped))


su.header(5)
left, right = lesson_columns()

with right:
    su.chain_live_run("validation")

with left:
    su.lesson(5)
    st.subheader(T("模型写下的 arguments 字符串", "The arguments string the model wrote"), anchor=False)
    sw.example_buttons(5, "stage_valid_args", EXAMPLES, VALIDATION_TEXTS, per_row=4)
    text = sw.editor(
        "stage_valid_args", label="function.arguments", default=DEFAULT_ARGUMENTS, param="args", height=110
    )
    model_name = sw.choice(
        "stage_valid_model",
        label=T("参数模型", "Argument model"),
        options={
            "WeatherInput": T("文章的 WeatherInput", "the article's WeatherInput"),
            "signature": T("@tool 从签名推断的", "inferred by @tool"),
        },
        default="WeatherInput",
        param="m",
    )
    strict = sw.toggle(
        "stage_valid_strict",
        label="strict",
        default=False,
        param="strict",
        help=T(
            'model_validate(..., strict=True)：不做 "3" → 3 这类转换。',
            'model_validate(..., strict=True): no conversions such as "3" → 3.',
        ),
    )
    extra = sw.choice(
        "stage_valid_extra",
        label="extra",
        options={"model": T("按模型", "as the model says"), **{s: s for s in validation.EXTRA_SETTINGS}},
        default="model",
        param="extra",
    )
    sw.share_link(PAGE, ["args", "m", "strict", "extra"])

    with st.container(border=True):
        st.markdown(T("#### 第一道 · `json.loads`：能不能读？", "#### Layer 1 · `json.loads`: can it be read?"))
        parsed = validation.json_stage(text)
        if isinstance(parsed, ExplainedError):
            show_error(parsed)
            caret = tables.decoder_caret(parsed.data)
            if caret:
                st.code(caret, language="text")
        else:
            show_parsed(parsed)

    with st.container(border=True):
        st.markdown(
            T("#### 第二道 · `model_validate`：形状对不对？", "#### Layer 2 · `model_validate`: is it the right shape?")
        )
        checked = None
        if isinstance(parsed, ExplainedError):
            st.caption(T("第一道没通过，这一道不会运行。", "Layer 1 failed, so this layer does not run."))
        else:
            override = validation.extra_override(extra)
            checked = validation.validate_stage(parsed.value, model_name, strict=strict, extra=override)
            show_checked(checked, parsed.value, strict)
        source(WeatherInput, T("源码：WeatherInput", "Source: WeatherInput"))

    with st.container(border=True):
        st.markdown(T("#### 第三道 · 工具本身：事实对不对？", "#### Layer 3 · the tool itself: is it true?"))
        mine = validation.passed_both(parsed, checked)
        if mine is not None:
            st.markdown(T("**你的参数**交给真实的 get_weather：", "**Your arguments**, given to the real get_weather:"))
            show_fact(validation.fact_stage(args=mine))
        else:
            st.caption(
                T(
                    "你的参数没走到这一道；下面是两个形状正确、事实错误的例子。",
                    "Your arguments did not get this far; here are two well-shaped, wrong-in-fact examples.",
                )
            )
        f1, f2 = st.columns(2)
        with f1:
            st.markdown(T("**不存在的城市**", "**A city that does not exist**"))
            show_fact(fixed_fact_cases()["weather"])
        with f2:
            st.markdown(T("**不存在的学生**（小E 的工具）", "**A student who does not exist** (小E's tool)"))
            show_fact(fixed_fact_cases()["tutor"])
        st.caption(
            T(
                "Schema 只能检查形状；城市、学号是否真实，只有工具背后的数据知道。",
                "A schema checks shape only; whether a city or a student id is real, only the data behind the "
                "tool knows.",
            )
        )
    su.core_source(core.to_kwargs, ("校验形状，得到 kwargs", "check the shape, get the kwargs"))
    source(validation.validate_stage, T("源码：validate_stage", "Source: validate_stage"))

su.footer(5)
