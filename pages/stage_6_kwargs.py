"""Stage ⑥ — func(**kwargs): a validated dict becomes a real Python call."""

from typing import Any

import streamlit as st

from lessons.chain import stage_6_kwargs
from lessons.chain.examples import KWARGS_TEXT, KWARGS_TEXTS
from pages._ui import T, Text, lang, lesson_columns, show_error, source
from pages._ui import chain_checks as late
from pages._ui import chain_frame as su
from pages._ui import chain_widgets as sw
from pages._ui.exercise import draw_exercises
from toolcall_lab.errors import ExplainedError
from toolcall_lab.jsonable import json_text
from toolcall_lab.stages import core, tables
from toolcall_lab.stages import kwargs as kw_stage

EXAMPLES = {
    "default": Text("文章的参数", "The article's arguments"),
    "reversed": Text("换个顺序", "Another order"),
    "location": Text("location 代替 city", "location instead of city"),
    "missing": Text("缺少 city", "city missing"),
    "extra": Text("多一个键", "One key too many"),
}


def outcome(result: dict[str, Any], *, ok_text: str) -> None:
    """One real outcome: the value returned, or the exception's type and message as Python raised them."""
    if result.get("ok"):
        st.success(ok_text, icon=":material/check_circle:")
        value = result.get("result")
        if isinstance(value, (dict, list)):
            st.json(value, expanded=1)
        else:
            st.code(repr(value), language="python", wrap_lines=True)
    else:
        error = result.get("error") or {}
        late.expected_box(T("Python 抛出了异常（这一步演示的就是它）", "Python raised (this is what the step shows)"))
        st.code(f"{error.get('type')}: {error.get('message')}", language="text", wrap_lines=True)


def validated(result: dict[str, Any]) -> None:
    """A ValidationStageResult as a verdict and, when it failed, Pydantic's own error list."""
    if result.get("ok"):
        st.success(T("通过", "valid"), icon=":material/check_circle:")
        st.code(json_text(result.get("kwargs"), indent=None), language="json", wrap_lines=True)
    else:
        refused = T(
            f"Pydantic 拒绝：{len(result['errors'])} 处错误", f"Pydantic refused: {len(result['errors'])} error(s)"
        )
        st.info(refused, icon=":material/rule:")
        st.code(tables.error_lines(result["errors"]), language="text", wrap_lines=True)


def layers(data: dict[str, Any]) -> None:
    """A dict sent through every layer: two models, tool.invoke, and Python with Pydantic bypassed."""
    a, b = st.columns(2)
    with a:
        st.markdown(T("**@tool 推断的模型**（多余的键被忽略）", "**@tool's inferred model** (extra keys ignored)"))
        validated(data["signature_model"])
        st.markdown("**get_weather.invoke(kwargs)**")
        outcome(data["tool_invoke"], ok_text=T("工具返回了结果", "the tool returned"))
    with b:
        st.markdown(T('**WeatherInput**（extra="forbid"）', '**WeatherInput** (extra="forbid")'))
        validated(data["forbid_model"])
        st.markdown(T("**绕过 Pydantic**：", "**Pydantic bypassed**: ") + f"`{data['python']['call']}`")
        outcome(data["python"], ok_text=T("Python 接受了这次调用", "Python accepted the call"))


def show_call(kwargs: dict[str, Any]) -> None:
    """The call the dict becomes, bound by name; then the same dict in the other key order."""
    st.markdown(T("#### `weather_func(**kwargs)` 就是这次调用", "#### `weather_func(**kwargs)` is this call"))
    plain = kw_stage.call_plain(kwargs)
    st.code(f"weather_func(**{json_text(kwargs, indent=None)})\n# ≡\n{plain['call']}", language="python")
    if plain["binding"] is not None:
        st.markdown(
            T(
                "**按名字绑定**：每个值落到了哪个参数（含默认值）",
                "**Bound by name**: which value landed in which parameter (defaults included)",
            )
        )
        sw.table(
            tables.binding_rows(plain["binding"]), {"parameter": T("参数", "parameter"), "value": T("值", "value")}
        )
    outcome(plain, ok_text=T("weather_func 返回了它收到的参数", "weather_func returned what it received"))
    source(kw_stage.weather_func, T("源码：weather_func", "Source: weather_func"))
    st.markdown(T("#### 顺序无关：同一个字典，两种键序", "#### Order does not matter: one dict, two key orders"))
    order = kw_stage.order_demo(kwargs)
    for col, run in zip(st.columns(2), order["orders"], strict=True):
        with col:
            st.code(run["call"], language="python", wrap_lines=True)
            outcome(run, ok_text=T("返回", "returned"))
    if order["same"]:
        same = T(
            "两次结果完全相同：Python 按名字，不按位置。",
            "Both results are identical: Python binds by name, not by position.",
        )
        st.success(same, icon=":material/drag_indicator:")


PAGE = late.top(6).path
left, right = lesson_columns()

with right:
    su.chain_live_run("kwargs", mark_artifact=False)

with left:
    sw.example_buttons(6, "stage_kwargs", EXAMPLES, KWARGS_TEXTS, per_row=5)
    text = sw.editor("stage_kwargs", label="kwargs (JSON)", default=KWARGS_TEXT, param="kw", height=70, reset=False)
    labels = [
        T("这次调用", "The call"),
        T("经过每一层", "Through every layer"),
        T("invoke 与直接调用", "invoke vs a call"),
        T("三种写法", "Three spellings"),
    ]
    step = su.stage_steps(6, labels)
    kwargs = kw_stage.kwargs_from_text(text)
    if isinstance(kwargs, ExplainedError) and step < 4:
        with st.container(key="artifact"):
            show_error(kwargs)
    elif step == 1 and not isinstance(kwargs, ExplainedError):
        with st.container(border=True, key="artifact"):  # the step's artifact
            show_call(kwargs)
        su.core_source(core.call_function, T("用字典调用函数", "call the function with the dict"))
        source(kw_stage.call_plain, T("源码：call_plain", "Source: call_plain"))
    elif step == 2 and not isinstance(kwargs, ExplainedError):
        with st.container(border=True, key="artifact"):  # the step's artifact
            st.markdown(T("#### 这个字典经过每一层", "#### This dict through every layer"))
            layers(kw_stage.wrong_name_demo(kwargs, lang()))
            if "location" not in kwargs:
                with st.expander(
                    T("文章的例子：把 city 写成 location", "The article's case: location written for city"),
                    icon=":material/school:",
                ):
                    st.code(json_text({"location": "Bangkok", "days": 3}, indent=None), language="json")
                    layers(kw_stage.wrong_name_demo(lang=lang()))
        source(kw_stage.wrong_name_demo, T("源码：wrong_name_demo", "Source: wrong_name_demo"))
    elif step == 3 and not isinstance(kwargs, ExplainedError):
        with st.container(border=True, key="artifact"):  # the step's artifact
            st.markdown(
                T(
                    "#### `get_weather.invoke(args)` 和直接调用装饰后的对象",
                    "#### `get_weather.invoke(args)` vs calling the decorated object",
                )
            )
            compare = kw_stage.invoke_vs_call(kwargs, lang())
            st.caption(
                T(
                    f"@tool 之后，get_weather 是一个 {compare['type']}，不再是函数。",
                    f"After @tool, get_weather is a {compare['type']}, no longer a function.",
                )
            )
            for key, ok_text in (
                ("invoke", T("先校验，再调用原函数", "validates, then calls the original")),
                ("call", T("可以直接调用", "callable directly")),
                ("func", T("原函数，跳过校验", "the original function, no validation")),
            ):
                st.code(compare[key]["code"], language="python")
                outcome(compare[key], ok_text=ok_text)
    elif step == 4:
        with st.container(border=True, key="artifact"):  # the step's artifact
            st.markdown(
                T("#### 三种写法，问 Python 自己的解析器", "#### Three spellings, asked of Python's own parser")
            )
            sw.table(
                tables.syntax_rows(kw_stage.syntax_demo(), T("（第 {col} 列）", "(col {col})")),
                {
                    "code": T("写法", "spelling"),
                    "valid": T("合法", "valid"),
                    "error": T("解析器的报错", "the parser's message"),
                },
                checks={"valid"},
                wide={"error"},
            )
    sw.share_link(PAGE, ["kw", "step"])

draw_exercises(late.spec(6), stage_6_kwargs.EXERCISES)
late.bottom(6)
