"""Stage ① — @tool: a function the learner types becomes a real StructuredTool (parsed, never run)."""

import streamlit as st

from lessons.chain import stage_1_tool
from pages._ui import T, Text, lang, lesson_columns, show_error
from pages._ui import chain_frame as su
from pages._ui import chain_widgets as sw
from pages._ui.exercise import draw_exercises
from pages.registry import page_of
from toolcall_lab.errors import ExplainedError
from toolcall_lab.jsonable import json_text
from toolcall_lab.stages import core, tables, tool_source
from toolcall_lab.stages.tool_source import ToolSourceResult, parse_tool_source

PAGE = page_of(__file__).path
EXAMPLES = {
    "default": Text("文章里的 get_weather", "The article's get_weather"),
    "syntax": Text("语法错误", "A syntax error"),
    "two": Text("两个函数", "Two functions"),
    "annotation": Text("认不出的类型标注", "An annotation it cannot map"),
    "oversized": Text("超长文本", "Oversized text"),
    "hostile": Text("危险的函数体", "A hostile body"),
}
DOCSTRING_HELP = Text(
    "打开：把文档字符串的 Args: 段落分给各个参数。关闭：跟随 @tool(...) 那一行（默认关）。",
    "On: hand each Args: line of the docstring to its parameter. Off: follow the @tool(...) line (off by default).",
)
NOTES = {
    "decorator_read": Text("读到了 @tool 这一行（没有调用它）", "read the @tool line (it was not called)"),
    "decorator_ignored": Text("忽略的装饰器参数：", "decorator arguments ignored: "),
    "imports": Text("读到但没有执行的 import：", "imports read, never run: "),
    "dropped": Text("LangChain 没放进 args_schema 的参数：", "parameters LangChain left out of args_schema: "),
    "async": Text(
        "async def：Schema 相同；实验室的替身函数是同步的", "async def: same schema; the lab's stand-in is sync"
    ),
}


def show_tool(result: ToolSourceResult) -> None:
    """Step 1's artifact: the StructuredTool @tool built, its name, description and argument schema."""
    st.success(
        T(f"@tool 造出了一个 {type(result.tool).__name__}。", f"@tool built a {type(result.tool).__name__}."),
        icon=":material/build:",
    )
    c1, c2 = st.columns(2)
    with c1:
        st.markdown("**tool.name**")
        st.code(result.name, language="text")
        st.markdown(T("**tool.description**（模型将读到的描述）", "**tool.description** (what the model will read)"))
        st.code(result.description, language="text")
    with c2:
        st.markdown(T("**必填参数** `required`", "**Required** `required`"))
        st.code(json_text(result.required, indent=None), language="json")
        st.markdown(T("**默认值**", "**Defaults**"))
        st.code(json_text(tables.defaults_of(result.fields), indent=None), language="json")
        st.markdown("**tool.func**")
        st.code(result.func_repr, language="text")
        st.caption(f"parse_docstring = {result.parse_docstring}")
    st.markdown(
        T(
            "**tool.args_schema 的字段**（一个真实的 Pydantic 模型）",
            "**Fields of tool.args_schema** (a real Pydantic model)",
        )
    )
    sw.table(
        tables.field_rows(result.fields),
        {
            "name": T("参数", "parameter"),
            "type": T("Python 类型", "Python type"),
            "json_type": T("JSON 类型", "JSON type"),
            "required": T("必填", "required"),
            "default": T("默认值", "default"),
            "description": T("参数说明", "description"),
        },
        checks={"required"},
        wide={"description"},
    )
    st.code(result.signature, language="python")
    for key, detail in tables.tool_notes(result):
        st.caption(NOTES[key](lang()) + detail)


def show_invoke(result: ToolSourceResult) -> None:
    """Step 2's artifact: tool.invoke on arguments the learner types; the body that runs is the lab's echo."""
    with st.container(border=True):
        st.markdown(
            T(
                "**调用这个工具**：真正运行的是实验室自己的回声函数，它只把收到的参数原样交回",
                "**Invoke the tool**: what really runs is the lab's echo, which hands back the arguments it received",
            )
        )
        st.code(result.signature, language="python")
        args_text = st.text_input(
            T("tool.invoke 的参数（JSON）", "Arguments for tool.invoke (JSON)"),
            value=json_text(tables.invoke_guess(result.fields), indent=None),
            key=f"stage1::invoke::{result.name}",
            max_chars=2000,
        )
        invoked = tool_source.try_invoke(result, args_text)
        if isinstance(invoked, ExplainedError):
            show_error(invoked)
        else:
            st.code(invoked["code"], language="python")
            st.json(invoked["result"])
        st.caption(
            T(
                "真正运行的函数体（实验室自己的代码，inspect.getsource）：",
                "The body that really runs (the lab's own code, via inspect.getsource):",
            )
        )
        st.code(result.echo_source, language="python")


su.header(1)
left, right = lesson_columns()

with right:
    su.chain_live_run("tool", before=su.show_run_tool_schema, mark_artifact=False)

with left:
    labels = [
        T("@tool 造出的工具", "The tool @tool built"),
        T("调用它", "Invoke it"),
        T("读它的代码", "The code behind it"),
    ]
    step = su.stage_steps(1, labels)
    artifact = st.container(key="artifact")  # each step's artifact first; the editor that made the tool follows
    if step == 1:
        st.subheader(T("你的函数（只解析，不执行）", "Your function (parsed, never run)"), anchor=False)
        parsed_never_run = T("用 ast 解析；函数体永远不会运行。", "Parsed with ast; the body never runs.")
        src = su.TOOL_SOURCE.draw(1, EXAMPLES, per_row=3, help=parsed_never_run)
        use_pd = su.docstring_switch(DOCSTRING_HELP(lang()))
        sw.share_link(PAGE, ["src", "pd", "step"])
    else:
        src, use_pd = su.TOOL_SOURCE.peek(), su.peek_docstring_switch()

    result = parse_tool_source(src, parse_docstring=True if use_pd else None)
    with artifact:
        if step == 3:
            built_by = T("源码：实验室怎样从文本造出工具", "Source: how the lab builds the tool from text")
            su.code_step(core.make_tool, T("@tool 做了什么", "what @tool does"), (tool_source.build_tool, built_by))
        elif isinstance(result, ExplainedError):
            # an example's error is the demo the learner asked for; their own edit's error is a real one
            show_error(result, expected=su.TOOL_SOURCE.is_example(src))
            su.point_at(src, result)
        elif step == 1:
            show_tool(result)
        else:
            show_invoke(result)

draw_exercises(page_of(__file__), stage_1_tool.EXERCISES)
su.footer(1)
