"""Stage ⑥ — func(**kwargs): a validated dict becomes a real Python call."""

from typing import Any

import streamlit as st

from pages import _stage_ui as su
from pages._ui import T
from toolcall_lab.errors import ExplainedError, explain
from toolcall_lab.jsonable import json_text
from toolcall_lab.stages import kwargs as kw_stage
from toolcall_lab.stages.validation import json_stage

PAGE = su.PAGES[5]
DEFAULT_TEXT = json_text(kw_stage.DEFAULT_KWARGS, indent=None)

EXAMPLES: dict[str, tuple[str, str, str]] = {
    "default": ("文章的参数", "The article's arguments", DEFAULT_TEXT),
    "reversed": ("换个顺序", "Another order", '{"days": 3, "city": "Bangkok"}'),
    "location": ("location 代替 city", "location instead of city", '{"location": "Bangkok", "days": 3}'),
    "missing": ("缺少 city", "city missing", '{"days": 3}'),
    "extra": ("多一个键", "One key too many", '{"city": "Bangkok", "days": 3, "units": "celsius"}'),
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
        st.error(T("抛出了异常", "It raised"), icon=":material/error:")
        st.code(f"{error.get('type')}: {error.get('message')}", language="text", wrap_lines=True)


def validated(result: dict[str, Any]) -> None:
    """A ValidationStageResult as a verdict and, when it failed, Pydantic's own error list."""
    if result.get("ok"):
        st.success(T("通过", "valid"), icon=":material/check_circle:")
        st.code(json_text(result.get("kwargs"), indent=None), language="json", wrap_lines=True)
    else:
        st.error(T(f"{len(result['errors'])} 处错误", f"{len(result['errors'])} error(s)"), icon=":material/error:")
        st.code(
            "\n".join(
                f"{'.'.join(str(p) for p in e.get('loc', []))}: {e.get('type')} — {e.get('msg')}"
                for e in result["errors"]
            ),
            language="text",
            wrap_lines=True,
        )


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


su.header(6)
left, right = su.columns()

with right:
    su.chain_live_run("kwargs")

with left:
    su.lesson(6)
    st.subheader(T("校验后的参数字典", "The validated arguments dict"), anchor=False)
    su.example_buttons(6, "stage_kwargs", EXAMPLES, per_row=3)
    text = su.editor("stage_kwargs", label="kwargs (JSON)", default=DEFAULT_TEXT, param="kw", height=90)
    su.share_link(PAGE, ["kw"])

    parsed = json_stage(text)
    if isinstance(parsed, ExplainedError):
        su.show_error(parsed)
    elif not isinstance(parsed.value, dict):
        su.show_error(
            explain(
                "kwargs",
                f"expected a JSON object, got {type(parsed.value).__name__}",
                zh="** 只能展开字典：这里需要一个 JSON 对象 {...}。",
                en="** unpacks a dict only: a JSON object {...} is needed here.",
                hint_zh='例如 {"city": "Bangkok", "days": 3}。',
                hint_en='For example {"city": "Bangkok", "days": 3}.',
            )
        )
    else:
        kwargs = parsed.value

        # ---- the call it becomes
        with st.container(border=True):
            st.markdown(T("#### `weather_func(**kwargs)` 就是这次调用", "#### `weather_func(**kwargs)` is this call"))
            plain = kw_stage.call_plain(kwargs)
            st.code(
                f"weather_func(**{json_text(kwargs, indent=None)})\n# ≡\n{plain['call']}",
                language="python",
                wrap_lines=True,
            )
            if plain["binding"] is not None:
                st.markdown(
                    T(
                        "**按名字绑定**：每个值落到了哪个参数（含默认值）",
                        "**Bound by name**: which value landed in which parameter (defaults included)",
                    )
                )
                st.dataframe(
                    [{"parameter": k, "value": json_text(v, indent=None)} for k, v in plain["binding"].items()],
                    hide_index=True,
                    column_config={"parameter": T("参数", "parameter"), "value": T("值", "value")},
                )
            outcome(plain, ok_text=T("weather_func 返回了它收到的参数", "weather_func returned what it received"))
            su.source(kw_stage.weather_func, T("源码：weather_func", "Source: weather_func"))

        # ---- order does not matter
        with st.container(border=True):
            st.markdown(
                T("#### 顺序无关：同一个字典，两种键序", "#### Order does not matter: one dict, two key orders")
            )
            order = kw_stage.order_demo(kwargs)
            o1, o2 = st.columns(2)
            for col, run in zip((o1, o2), order["orders"]):
                with col:
                    st.code(run["call"], language="python", wrap_lines=True)
                    outcome(run, ok_text=T("返回", "returned"))
            if order["same"]:
                st.success(
                    T(
                        "两次结果完全相同：Python 按名字，不按位置。",
                        "Both results are identical: Python binds by name, not by position.",
                    ),
                    icon=":material/drag_indicator:",
                )

        # ---- every layer on this dict
        with st.container(border=True):
            st.markdown(T("#### 这个字典经过每一层", "#### This dict through every layer"))
            layers(kw_stage.wrong_name_demo(kwargs))
            if "location" not in kwargs:
                with st.expander(
                    T("文章的例子：把 city 写成 location", "The article's case: location written for city"),
                    icon=":material/error:",
                ):
                    st.code(
                        json_text({"location": "Bangkok", "days": 3}, indent=None), language="json", wrap_lines=True
                    )
                    layers(kw_stage.wrong_name_demo())

        # ---- tool.invoke vs calling the decorated object
        with st.container(border=True):
            st.markdown(
                T(
                    "#### `get_weather.invoke(args)` 和直接调用装饰后的对象",
                    "#### `get_weather.invoke(args)` vs calling the decorated object",
                )
            )
            compare = kw_stage.invoke_vs_call(kwargs)
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
                st.code(compare[key]["code"], language="python", wrap_lines=True)
                outcome(compare[key], ok_text=ok_text)

    # ---- three spellings, asked of Python's own parser
    with st.container(border=True):
        st.markdown(T("#### 三种写法，问 Python 自己的解析器", "#### Three spellings, asked of Python's own parser"))
        st.dataframe(
            [
                {
                    "code": row["code"],
                    "valid": row["valid"],
                    "error": ""
                    if row["valid"]
                    else f"{row['error']['msg']} "
                    + T(f"（第 {row['error']['col']} 列）", f"(col {row['error']['col']})"),
                }
                for row in kw_stage.syntax_demo()
            ],
            hide_index=True,
            column_config={
                "code": T("写法", "spelling"),
                "valid": st.column_config.CheckboxColumn(T("合法", "valid")),
                "error": st.column_config.TextColumn(T("解析器的报错", "the parser's message"), width="large"),
            },
        )
    su.source(kw_stage.wrong_name_demo, T("源码：wrong_name_demo", "Source: wrong_name_demo"))

su.footer(6)
