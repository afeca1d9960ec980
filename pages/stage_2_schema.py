"""Stage ② — JSON Schema: three views of one tool side by side, and what an argument model can show the model."""

import difflib

import streamlit as st

from pages import _stage_ui as su
from pages._ui import T, lang
from toolcall_lab.errors import ExplainedError
from toolcall_lab.jsonable import json_text
from toolcall_lab.stages import model_rules
from toolcall_lab.stages.args_model import DEFAULT_MODEL_SOURCE, parse_args_model
from toolcall_lab.stages.schema import schema_views
from toolcall_lab.stages.tool_source import DEFAULT_SOURCE, parse_tool_source

PAGE = su.PAGES[1]

RICH_MODEL = '''from enum import Enum
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator


class Units(str, Enum):
    celsius = "celsius"
    fahrenheit = "fahrenheit"


class Location(BaseModel):
    """Where to look."""

    city: str = Field(min_length=1, description="城市名，例如 Bangkok")
    country: str = Field(default="TH", description="两位国家代码，例如 TH")


class WeatherQuery(BaseModel):
    """查询天气的参数：嵌套模型、Enum、Literal、pattern、范围、strict 和一个自定义验证器。"""

    model_config = ConfigDict(extra="forbid")

    location: Location
    days: int = Field(default=1, ge=1, le=7, strict=True, description="查询的天数，1 到 7")
    start: str = Field(default="2026-07-25", pattern=r"^\\d{4}-\\d{2}-\\d{2}$", description="开始日期 YYYY-MM-DD")
    units: Units = Field(default=Units.celsius, description="温度单位")
    detail: Literal["brief", "full"] = "brief"

    @field_validator("days")
    @classmethod
    def within_forecast(cls, value: int) -> int:
        if value > 5:
            raise ValueError("只有 5 天内的预报可信")
        return value
'''

MODEL_EXAMPLES: dict[str, tuple[str, str, str]] = {
    "article": ("文章的 WeatherInput", "The article's WeatherInput", DEFAULT_MODEL_SOURCE),
    "rich": ("Enum、嵌套、pattern", "Enum, nesting, pattern", RICH_MODEL),
    "syntax": ("语法错误", "A syntax error", "class WeatherInput(BaseModel)\n    city: str\n"),
    "statement": (
        "类外面的语句",
        "A statement outside the class",
        "import os\nos.system('echo hi')\n\nclass WeatherInput(BaseModel):\n    city: str\n",
    ),
}

VIEWS = ("args_schema", "openai", "openai_strict")
VIEW_CODE = {
    "args_schema": "tool.args_schema.model_json_schema()",
    "openai": "convert_to_openai_tool(tool)",
    "openai_strict": "convert_to_openai_tool(tool, strict=True)",
}
PAIRS = (
    ("model_vs_openai", "args_schema", "openai"),
    ("openai_vs_strict", "openai", "openai_strict"),
    ("model_vs_strict", "args_schema", "openai_strict"),
)
OP_MARK = {"added": T("+ 新增", "+ added"), "removed": T("− 删除", "− removed"), "changed": T("~ 改变", "~ changed")}


def unified(before: object, after: object, a: str, b: str) -> str:
    """A line diff of two JSON documents, for reading the differences in place."""
    lines = difflib.unified_diff(
        json_text(before).splitlines(), json_text(after).splitlines(), fromfile=a, tofile=b, lineterm="", n=2
    )
    return "\n".join(lines) or T("（完全相同）", "(identical)")


su.header(2)
left, right = su.columns()

with right:
    su.chain_live_run("schema", before=su.show_run_tool_schema)

with left:
    su.lesson(2)
    st.subheader(T("同一个工具的三份 Schema", "Three schemas of one tool"), anchor=False)
    subject = su.choice(
        "stage_schema_subject",
        label=T("看哪一个？", "Which one?"),
        options=["weather", "page1", "model"],
        default="weather",
        param="subj",
        format_func={
            "weather": T("实验室的 get_weather", "the lab's get_weather"),
            "page1": T("第 ① 页你写的函数", "your function from page ①"),
            "model": T("下面编辑器里的参数模型", "the argument model below"),
        }.__getitem__,
    )
    subject_box = st.container()
    share_slot = st.container()

# Full width from here: three JSON documents side by side need the room.
views_box = st.container()
model_box = st.container()

# ---- the args-model editor (shown second, parsed first: the views may use it)
with model_box:
    st.divider()
    st.subheader(
        T("参数模型编辑器：哪些规则模型看得见", "Argument-model editor: which rules the model can see"), anchor=False
    )
    edit_col, result_col = st.columns(2, gap="large")
    with edit_col:
        su.example_buttons(2, "stage_model_src", MODEL_EXAMPLES, per_row=2)
        model_src = su.editor(
            "stage_model_src",
            label=T("参数模型（Pydantic，只解析不执行）", "Argument model (Pydantic, parsed, never run)"),
            default=DEFAULT_MODEL_SOURCE,
            param="model",
            height=460,
            preview=True,
        )
        su.source(model_rules.analyse, T("源码：逐条核对规则", "Source: checking each rule against the schema"))
    built = parse_args_model(model_src)
    with result_col:
        if isinstance(built, ExplainedError):
            su.show_error(built)
            su.point_at(model_src, built)
        else:
            st.success(
                T(f"pydantic.create_model 造出了 {built.name}", f"pydantic.create_model built {built.name}"),
                icon=":material/data_object:",
            )
            st.markdown(
                T(
                    "**你写下的每条规则，和它在真实 Schema 里的去向**",
                    "**Every rule you wrote, and where it went in the real schema**",
                )
            )
            st.dataframe(
                [
                    {
                        "field": r["field"] or T("（整个模型）", "(whole model)"),
                        "rule": r["rule"],
                        "value": "" if r["value"] is None else json_text(r["value"], indent=None),
                        "keyword": r["schema_keyword"] or "—",
                        "in_schema": r["in_schema"],
                        "in_strict": r["in_strict"],
                        "note": (r["note"] or {}).get(lang(), ""),
                    }
                    for r in built.rules
                ],
                hide_index=True,
                column_config={
                    "field": st.column_config.TextColumn(T("字段", "field")),
                    "rule": st.column_config.TextColumn(T("规则", "rule")),
                    "value": st.column_config.TextColumn(T("值", "value")),
                    "keyword": st.column_config.TextColumn(T("Schema 关键字", "schema keyword")),
                    "in_schema": st.column_config.CheckboxColumn(T("模型看得见", "model sees it")),
                    "in_strict": st.column_config.CheckboxColumn("strict=True"),
                    "note": st.column_config.TextColumn(T("说明", "note"), width="medium"),
                },
            )
            if built.invisible:
                st.warning(
                    T(
                        "**模型永远看不到的规则**（只在工具运行时生效）：",
                        "**Rules the model never sees** (they act only when the tool runs):",
                    )
                    + "\n\n"
                    + "\n".join(
                        f"- `{item['field'] or '*'}` · `{item['rule']}` — {item['why'][lang()]}"
                        for item in built.invisible
                    ),
                    icon=":material/visibility_off:",
                )
            for record in built.validators:
                with st.expander(
                    T(
                        f"记录下来的验证器 {record['name']}（第 {record['line']} 行，没有运行）",
                        f"Validator recorded: {record['name']} (line {record['line']}, not run)",
                    ),
                    icon=":material/rule:",
                ):
                    st.code(record["source"], language="python", wrap_lines=True)
            if built.strict_changes:
                st.info(
                    T("严格模式下变成必填：", "Required in strict mode: ")
                    + ", ".join(f"`{c['field']}`" for c in built.strict_changes),
                    icon=":material/lock:",
                )
            if built.enums:
                st.caption(
                    T("Enum：", "Enums: ")
                    + "; ".join(f"{k} = {json_text(v, indent=None)}" for k, v in built.enums.items())
                )
            if built.nested:
                st.caption(T(f"嵌套模型：{built.nested}（进了 $defs）", f"Nested model: {built.nested} (in $defs)"))
            for warning in built.warnings:
                st.caption(f"⚠ {warning}")
            with st.expander(
                T(
                    f"{built.name} 的真实 Schema：model_json_schema() 与 strict=True",
                    f"The real schemas of {built.name}: model_json_schema() and strict=True",
                ),
                icon=":material/data_object:",
            ):
                st.markdown(f"`{built.name}.model_json_schema()`")
                st.code(json_text(built.json_schema), language="json", wrap_lines=True)
                st.markdown(f"`convert_to_openai_tool({built.name}, strict=True)`")
                if built.openai_strict is None:
                    st.caption(T("严格模式不接受这个模型。", "Strict mode does not accept this model."))
                else:
                    st.code(json_text(built.openai_strict), language="json", wrap_lines=True)

# ---- three views of one tool, differences marked
with subject_box:
    target = None
    if subject == "weather":
        from toolcall_lab.stages.weather_data import build_weather_tool

        target = build_weather_tool()
        su.source(build_weather_tool, T("源码：get_weather 的定义", "Source: how get_weather is defined"))
    elif subject == "page1":
        text = st.session_state.get("stage_value::stage_tool_src", DEFAULT_SOURCE)
        pd = st.session_state.get("stage_value::stage_tool_pd", False)
        tool_result = parse_tool_source(text, parse_docstring=True if pd else None)
        if isinstance(tool_result, ExplainedError):
            su.show_error(tool_result)
            st.page_link(
                su.PAGES[0],
                label=T("回到第 ① 页修改函数", "Back to page ① to fix the function"),
                icon=":material/edit:",
            )
        else:
            target = tool_result.tool
            with st.expander(T("第 ① 页的源码", "The source from page ①"), icon=":material/code:"):
                st.code(text, language="python", wrap_lines=True)
    elif not isinstance(built, ExplainedError):
        target = built.model
    else:
        st.caption(T("参数模型有错误，见下方。", "The argument model has an error; see below."))

with views_box:
    views = schema_views(target) if target is not None else None
    if isinstance(views, ExplainedError):
        su.show_error(views)
    elif views is not None:
        cols = st.columns(3)
        for col, name in zip(cols, VIEWS):
            with col:
                st.markdown(f"`{VIEW_CODE[name]}`")
                st.code(json_text(views[name]), language="json", wrap_lines=True)
        st.markdown(
            T(
                "**差异**（JSON 指针；+ 新增，− 删除，~ 改变）",
                "**Differences** (JSON pointers; + added, − removed, ~ changed)",
            )
        )
        tabs = st.tabs([f"{a} → {b}" for _, a, b in PAIRS])
        for tab, (key, a, b) in zip(tabs, PAIRS):
            with tab:
                changes = views["diffs"][key]
                d1, d2 = st.columns(2)
                with d1:
                    st.dataframe(
                        [
                            {
                                "op": OP_MARK.get(c["op"], c["op"]),
                                "path": c["path"],
                                "before": "" if c["before"] is None else json_text(c["before"], indent=None),
                                "after": "" if c["after"] is None else json_text(c["after"], indent=None),
                            }
                            for c in changes
                        ],
                        hide_index=True,
                        column_config={
                            "op": st.column_config.TextColumn(T("变化", "change"), width="small"),
                            "path": st.column_config.TextColumn(T("位置", "path")),
                            "before": st.column_config.TextColumn(T("之前", "before")),
                            "after": st.column_config.TextColumn(T("之后", "after")),
                        },
                    )
                with d2:
                    before = views[a]
                    after = (
                        views[b] if key == "openai_vs_strict" else views[b].get("function", {}).get("parameters", {})
                    )
                    label = b if key == "openai_vs_strict" else f"{b}.function.parameters"
                    st.code(unified(before, after, a, label), language="diff", wrap_lines=True)
        for warning in views.get("warnings", []):
            st.caption(f"⚠ {warning}")

with share_slot:
    su.share_link(PAGE, ["subj", "model"])

su.footer(2)
