"""Stage ② — the views of one tool's schema and of the learner's argument model (the page draws them).

Only pages import this module (it imports Streamlit). :func:`show_views` draws the three
schemas of one tool (``toolcall_lab.stages.schema.schema_views``) and every difference
between them; :func:`show_model` draws the argument model the learner typed: each rule
and where it went in the real schema (``toolcall_lab.stages.args_model``).
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from pages._ui import T, show_error
from pages._ui import chain_widgets as sw
from toolcall_lab.errors import ExplainedError
from toolcall_lab.jsonable import json_text
from toolcall_lab.stages import tables
from toolcall_lab.stages.args_model import ArgsModelResult

HIDDEN = ":material/visibility_off:"


def op_marks() -> dict[str, str]:
    """How a difference is marked, in the session's language."""
    return {"added": T("+ 新增", "+ added"), "removed": T("− 删除", "− removed"), "changed": T("~ 改变", "~ changed")}


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
                    tables.diff_rows(views["diffs"][key], op_marks()),
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
