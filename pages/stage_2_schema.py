"""Stage ② — JSON Schema: three views of one tool side by side, and what an argument model can show the model."""

from typing import Any

import streamlit as st
from langchain_core.tools import BaseTool
from pydantic import BaseModel

from pages import _stage_exercises as ex
from pages import _stage_ui as su
from pages import _stage_widgets as sw
from pages._ui import T, lang, lesson_columns, show_error, source
from toolcall_lab.errors import ExplainedError
from toolcall_lab.jsonable import json_text
from toolcall_lab.stages import core, model_rules, schema, tables
from toolcall_lab.stages.args_model import (
    DEFAULT_MODEL_SOURCE,
    DEFAULT_MODEL_SOURCE_EN,
    ArgsModelResult,
    default_model_source,
    parse_args_model,
)
from toolcall_lab.stages.examples import model_sources
from toolcall_lab.stages.weather_data import build_weather_tool

PAGE = su.PAGES[1]
HIDDEN = ":material/visibility_off:"
MODEL_EXAMPLES = {
    "article": ("文章的 WeatherInput", "The article's WeatherInput"),
    "rich": ("Enum、嵌套、pattern", "Enum, nesting, pattern"),
    "syntax": ("语法错误", "A syntax error"),
    "statement": ("类外面的语句", "A statement outside the class"),
}
OP_MARK = {"added": T("+ 新增", "+ added"), "removed": T("− 删除", "− removed"), "changed": T("~ 改变", "~ changed")}


def show_model(built: ArgsModelResult) -> None:
    """The learner's argument model: each rule, where it went, and what the model never sees."""
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
    sw.table(
        tables.rule_rows(built.rules, sw.why_words(), T("（整个模型）", "(whole model)")),
        {
            "field": T("字段", "field"),
            "rule": T("规则", "rule"),
            "value": T("值", "value"),
            "keyword": T("Schema 关键字", "schema keyword"),
            "in_schema": T("模型看得见", "model sees it"),
            "in_strict": "strict=True",
            "note": T("说明", "note"),
        },
        checks={"in_schema", "in_strict"},
        wide={"note"},
    )
    if built.invisible:
        never = T(
            "**模型永远看不到的规则**（只在工具运行时生效）：",
            "**Rules the model never sees** (they act only when the tool runs):",
        )
        st.warning(f"{never}\n\n{tables.invisible_lines(built.invisible, sw.why_words())}", icon=HIDDEN)
    for record in built.validators:
        with st.expander(
            T(
                f"记录下来的验证器 {record['name']}（第 {record['line']} 行，没有运行）",
                f"Validator recorded: {record['name']} (line {record['line']}, not run)",
            ),
            icon=":material/rule:",
        ):
            st.code(record["source"], language="python")
    if built.strict_changes:
        required = ", ".join(f"`{c['field']}`" for c in built.strict_changes)
        st.info(T("严格模式下变成必填：", "Required in strict mode: ") + required, icon=":material/lock:")
    if built.enums:
        st.caption(T("Enum：", "Enums: ") + "; ".join(f"{k} = {tables.one_line(v)}" for k, v in built.enums.items()))
    if built.nested:
        st.caption(T(f"嵌套模型：{built.nested}（进了 $defs）", f"Nested model: {built.nested} (in $defs)"))
    for warning in built.warnings:
        st.caption(f"⚠ {warning}")
    with st.expander(
        T(f"{built.name} 的真实 Schema：model_json_schema() 与 strict=True", f"The real schemas of {built.name}"),
        icon=":material/data_object:",
    ):
        st.markdown(f"`{built.name}.model_json_schema()`")
        st.code(json_text(built.json_schema), language="json")
        st.markdown(f"`convert_to_openai_tool({built.name}, strict=True)`")
        refused = T("（严格模式不接受这个模型）", "(strict mode does not accept this model)")
        st.code(refused if built.openai_strict is None else json_text(built.openai_strict), language="json")


def show_views(views: dict[str, Any] | ExplainedError) -> None:
    """The three schemas (one tab each, the first open), then every difference between them (folded)."""
    if isinstance(views, ExplainedError):
        return show_error(views)
    for tab, (name, code) in zip(st.tabs(list(tables.SCHEMA_VIEWS.values())), tables.SCHEMA_VIEWS.items(), strict=True):
        with tab:
            st.caption(f"`{code}`")
            st.code(json_text(views[name]), language="json")
    differences = T(
        "差异（JSON 指针；+ 新增，− 删除，~ 改变）", "Differences (JSON pointers; + added, − removed, ~ changed)"
    )
    with st.expander(differences, icon=":material/difference:"):
        tabs = st.tabs([f"{a} → {b}" for _, a, b in tables.VIEW_PAIRS])
        for tab, (key, a, b) in zip(tabs, tables.VIEW_PAIRS, strict=True):
            with tab:
                sw.table(
                    tables.diff_rows(views["diffs"][key], OP_MARK),
                    {
                        "op": T("变化", "change"),
                        "path": T("位置", "path"),
                        "before": T("之前", "before"),
                        "after": T("之后", "after"),
                    },
                )
                st.code(tables.unified_diff(views, key, a, b) or T("（完全相同）", "(identical)"), language="diff")
    for warning in views.get("warnings", []):
        st.caption(f"⚠ {warning}")


su.header(2)
left, right = lesson_columns()

with right:
    su.chain_live_run("schema")

with left:
    subject = sw.choice(
        "stage_schema_subject",
        label=T("同一个工具的三份 Schema：看哪一个？", "Three schemas of one tool: which tool?"),
        options={
            "weather": T("实验室的 get_weather", "the lab's get_weather"),
            "page1": T("第 ① 页你写的函数", "your function from page ①"),
            "model": T("下面编辑器里的参数模型", "the argument model below"),
        },
        default="weather",
        param="subj",
    )
    views_box = st.container()  # the artifact first: filled once the editor below has been read
    subject_box = st.container()
    share_slot = st.container()
    su.lesson(2)

with st.container():  # the args-model editor: shown second, parsed first (the views may use it)
    st.divider()
    st.subheader(
        T("参数模型编辑器：哪些规则模型看得见", "Argument-model editor: which rules the model can see"), anchor=False
    )
    sw.example_buttons(2, "stage_model_src", MODEL_EXAMPLES, model_sources(lang()), per_row=4)
    model_src = sw.editor(
        "stage_model_src",
        label=T("参数模型（Pydantic，只解析不执行）", "Argument model (Pydantic, parsed, never run)"),
        default=default_model_source(lang()),
        aliases=(DEFAULT_MODEL_SOURCE, DEFAULT_MODEL_SOURCE_EN),
        param="model",
        height=380,
        preview=True,
    )
    built = parse_args_model(model_src)
    if isinstance(built, ExplainedError):
        show_error(built, expected=model_src in model_sources(lang()).values())
        su.point_at(model_src, built)
    else:
        show_model(built)  # full width: the rules table has seven columns
    source(model_rules.analyse, T("源码：逐条核对规则", "Source: checking each rule against the schema"))

with subject_box:
    target: BaseTool | type[BaseModel] | None = None
    if subject == "weather":
        target = build_weather_tool(lang=lang())
        source(build_weather_tool, T("源码：get_weather 的定义", "Source: how get_weather is defined"))
    elif subject == "page1":
        target = su.tool_from_page_one()
    elif isinstance(built, ExplainedError):
        st.caption(T("参数模型有错误，见下方。", "The argument model has an error; see below."))
    else:
        target = built.model

with views_box:
    if target is not None:
        show_views(schema.schema_views(target))

with left:
    su.core_source(core.openai_tool, ("工具变成线上的样子", "the tool as the wire carries it"))
    source(
        schema.schema_views,
        T("源码：schema_views（三份 Schema 与差异）", "Source: schema_views (three schemas, their diffs)"),
    )

with share_slot:
    sw.share_link(PAGE, ["subj", "model"])

ex.stage_2()
su.footer(2)
