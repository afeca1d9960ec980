"""Tutor lesson 3 — one registry, a schema snapshot, and the parse_docstring pitfall it catches."""

from typing import Any

import streamlit as st

from lessons.tutor import lesson_3_registry as lesson_3
from lessons.tutor.lesson_3_registry import (
    lesson3_registry,
    parse_docstring_comparison,
)
from lessons.tutor.registry import get_tool, schema_snapshot
from pages._ui import T, Text, lesson_columns, show_error, source
from pages._ui import tutor_lesson as tu
from pages._ui.exercise import draw_exercises
from pages.registry import page_of
from toolcall_lab.errors import explain


@st.cache_data(show_spinner=False, max_entries=4)
def registry_data(edition: str = "zh") -> dict[str, Any]:
    """Lesson 3 over the default tools of ``edition``."""
    return lesson3_registry(lang=edition)


tu.lesson_intro(3)
left, right = lesson_columns()
ed = tu.edition()

with left:
    data = tu.run_cached(registry_data, ed)

    # 1. the registry: one list, loud on a wrong name
    with st.container(border=True, key="artifact"):
        st.subheader(T("工具清单 TOOLS", "The registry TOOLS"), anchor=False)
        listed = " ".join(f"`{name}`" for name in data["names"])
        st.markdown(T("两种循环绑定的都是这一份：", "Both loops bind this one list: ") + listed)
        st.markdown(
            T('名字写错时 `get_tool("get_weather")` 当场失败：', 'A wrong name fails, `get_tool("get_weather")`:')
        )
        if data["lookup_error"]:  # the KeyError text get_tool("get_weather") really raised in the lesson
            show_error(
                explain(
                    "registry",
                    f"KeyError: {data['lookup_error']}",
                    title=Text(
                        "没有这个名字的工具：KeyError（故意大声失败）",
                        "No tool by that name: KeyError (a loud failure, on purpose)",
                    ),
                    hint=Text(
                        "名字写错是开发期的 bug：让它炸，别静默兜底，否则模型会拿着错误结果推理好几轮。",
                        "A misspelt name is a development bug: let it fail rather than paper over it "
                        "while the model reasons on a wrong result.",
                    ),
                ),
                expected=True,
            )
        source(get_tool)

    # 2. the snapshot: what the model reads
    with st.container(border=True):
        st.subheader(T("schema 快照：模型读到的全部", "The schema snapshot: all the model reads"), anchor=False)
        snapshot = data["snapshot"]
        rows = []
        for entry in snapshot:
            params = entry["parameters"]
            for pname, schema in params.get("properties", {}).items():
                rows.append(
                    {
                        "tool": entry["name"],
                        "parameter": pname,
                        "type": schema.get("type", ""),
                        "required": pname in params.get("required", []),
                        "description": schema.get("description", ""),
                    }
                )
        st.table(
            [
                {
                    T("工具", "tool"): r["tool"],
                    T("参数", "parameter"): r["parameter"],
                    T("类型", "type"): r["type"],
                    T("必填", "required"): T("是", "yes") if r["required"] else T("否", "no"),
                    T("参数说明", "description"): r["description"],
                }
                for r in rows
            ],
            hide_index=True,
        )
        tabs = st.tabs([entry["name"] for entry in snapshot])
        for tab, entry in zip(tabs, snapshot, strict=True):
            with tab:
                st.markdown(T("**description**（模型据此决定调不调）", "**description** (the model decides from it)"))
                st.code(entry["description"], language="text")
                st.markdown("**parameters** (args_schema.model_json_schema())")
                st.json(entry["parameters"])
        source(schema_snapshot)

    # 3. the comparison: the same function with and without parse_docstring=True
    with st.container(border=True):
        comparison = data["comparison"]
        st.subheader(T("同一个函数，两种 @tool", "One function, two ways through @tool"), anchor=False)
        lost = comparison["lost"]
        if lost:
            st.error(
                T(
                    f"不加 parse_docstring=True，`{comparison['name']}` 丢了 {len(lost)} 条参数说明，"
                    "而且没有任何报错：",
                    f"Without parse_docstring=True, `{comparison['name']}` loses {len(lost)} parameter "
                    "description(s), and nothing raises:",
                ),
                icon=":material/report:",
            )
            for item in lost:
                tu.lost_badge(item)
        props = {
            key: comparison[key]["openai_tool"]["function"]["parameters"].get("properties", {})
            for key in ("without", "with")
        }
        lost_names = {i["parameter"] for i in lost}
        st.table(
            [
                {
                    T("参数", "parameter"): pname,
                    "@tool": props["without"].get(pname, {}).get("description") or "—",
                    "@tool(parse_docstring=True)": props["with"][pname].get("description") or "—",
                    T("状态", "status"): T("丢失", "LOST") if pname in lost_names else T("一致", "same"),
                }
                for pname in props["with"]
            ],
            hide_index=True,
        )
        st.caption(
            T(
                "下面两栏都是 convert_to_openai_tool(...) 的真实输出：发给模型的那份。",
                "Both columns below are the real output of convert_to_openai_tool(...): what the model gets.",
            )
        )
        c1, c2 = st.columns(2)
        badges = {
            "without": f":red-badge[:material/remove_circle: {T('参数说明丢失', 'parameter descriptions lost')}]",
            "with": f":green-badge[:material/check_circle: {T('参数说明齐全', 'every parameter described')}]",
        }
        for col, key, head in ((c1, "without", "`@tool`"), (c2, "with", "`@tool(parse_docstring=True)`")):
            with col:
                st.markdown(f"**{head}**  \n{badges[key]}  \n`parameters.properties`")
                st.json(props[key], expanded=True)
                st.markdown(T("`description`（Args 段去了哪里？）", "`description` (where did the Args section go?)"))
                st.code(comparison[key]["description"], language="text")
                with st.expander(T("完整的工具 schema", "The whole tool schema")):
                    st.json(comparison[key]["openai_tool"])
        source(parse_docstring_comparison)

with right:
    weather = Text("北京天气怎么样？", "What's the weather in Beijing?")(ed)
    tu.tutor_live_run("tutor3", highlight="bind_tools", extra=[weather])

draw_exercises(page_of(__file__), lesson_3.EXERCISES, {"ed": ed})
