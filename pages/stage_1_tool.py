"""Stage ① — @tool: a function the learner types becomes a real StructuredTool (parsed, never run)."""

import streamlit as st

from pages import _stage_ui as su
from pages._ui import T
from toolcall_lab.errors import ExplainedError, explain
from toolcall_lab.jsonable import json_text
from toolcall_lab.stages import tool_source
from toolcall_lab.stages.tool_source import DEFAULT_SOURCE, parse_tool_source

PAGE = su.PAGES[0]

# Inputs a learner can load with one click: each one is a lesson the page explains in place.
EXAMPLES: dict[str, tuple[str, str, str]] = {
    "default": ("文章里的 get_weather", "The article's get_weather", DEFAULT_SOURCE),
    "syntax": ("语法错误", "A syntax error", "def get_weather(city: str\n    return city\n"),
    "two": (
        "两个函数",
        "Two functions",
        'def get_weather(city: str) -> dict:\n    """Weather."""\n\n\ndef get_time(city: str) -> str:\n'
        '    """Time."""\n',
    ),
    "annotation": (
        "认不出的类型标注",
        "An annotation it cannot map",
        'import numpy as np\n\n\ndef get_weather(city: np.ndarray) -> dict:\n    """Weather."""\n',
    ),
    "oversized": ("超长文本", "Oversized text", DEFAULT_SOURCE + "\n# " + "padding " * 2600 + "\n"),
    "hostile": (
        "危险的函数体",
        "A hostile body",
        "import os\n\nfrom langchain_core.tools import tool\n\n\n@tool\n"
        "def get_weather(city: str, days: int = 1) -> dict:\n"
        '    """查询指定城市未来几天的天气。"""\n'
        "    # None of this ever runs: the lab reads the text, it does not execute it.\n"
        '    open("pwned.txt", "w").write("owned")\n'
        '    os.system("echo pwned > pwned-too.txt")\n'
        "    while True:\n"
        "        pass\n",
    ),
}

su.header(1)
left, right = su.columns()

with right:
    su.chain_live_run("tool", before=su.show_run_tool_schema)

with left:
    su.lesson(1)
    st.subheader(T("你的函数（只解析，不执行）", "Your function (parsed, never run)"), anchor=False)
    su.example_buttons(1, "stage_tool_src", EXAMPLES, per_row=3)
    src = su.editor(
        "stage_tool_src",
        label=T("函数源码", "Function source"),
        default=DEFAULT_SOURCE,
        param="src",
        height=340,
        preview=True,
        help=T("用 ast 解析；函数体永远不会运行。", "Parsed with ast; the body never runs."),
    )
    use_pd = su.toggle(
        "stage_tool_pd",
        label="parse_docstring=True",
        default=False,
        param="pd",
        help=T(
            "打开：把文档字符串的 Args: 段落分给各个参数。关闭：跟随 @tool(...) 那一行（默认关）。",
            "On: hand each Args: line of the docstring to its parameter. Off: follow the "
            "@tool(...) line (off by default).",
        ),
    )
    su.share_link(PAGE, ["src", "pd"])

    result = parse_tool_source(src, parse_docstring=True if use_pd else None)
    if isinstance(result, ExplainedError):
        su.show_error(result)
        su.point_at(src, result)
    else:
        tool = result.tool
        st.success(
            T(
                f"StructuredTool.from_function 造出了一个 {type(tool).__name__}。",
                f"StructuredTool.from_function built a {type(tool).__name__}.",
            ),
            icon=":material/build:",
        )
        c1, c2 = st.columns(2)
        with c1:
            st.markdown("**tool.name**")
            st.code(result.name, language="text")
            st.markdown(
                T("**tool.description**（模型将读到的描述）", "**tool.description** (what the model will read)")
            )
            st.code(result.description, language="text", wrap_lines=True)
        with c2:
            st.markdown(T("**必填参数** `required`", "**Required** `required`"))
            st.code(json_text(result.required, indent=None), language="json", wrap_lines=True)
            st.markdown(T("**默认值**", "**Defaults**"))
            st.code(
                json_text({f["name"]: f["default"] for f in result.fields if not f["required"]}, indent=None),
                language="json",
                wrap_lines=True,
            )
            st.markdown("**tool.func**")
            st.code(result.func_repr, language="text", wrap_lines=True)
            st.caption(T(f"parse_docstring = {result.parse_docstring}", f"parse_docstring = {result.parse_docstring}"))

        st.markdown(
            T(
                "**tool.args_schema 的字段**（一个真实的 Pydantic 模型）",
                "**Fields of tool.args_schema** (a real Pydantic model)",
            )
        )
        st.dataframe(
            [
                {
                    "name": f["name"],
                    "type": f["type"],
                    "json_type": json_text(f["json_type"], indent=None),
                    "required": f["required"],
                    "default": "" if f["required"] else json_text(f["default"], indent=None),
                    "description": f["description"] or "",
                }
                for f in result.fields
            ],
            hide_index=True,
            column_config={
                "name": st.column_config.TextColumn(T("参数", "parameter")),
                "type": st.column_config.TextColumn(T("Python 类型", "Python type")),
                "json_type": st.column_config.TextColumn(T("JSON 类型", "JSON type")),
                "required": st.column_config.CheckboxColumn(T("必填", "required")),
                "default": st.column_config.TextColumn(T("默认值", "default")),
                "description": st.column_config.TextColumn(T("参数说明", "description"), width="large"),
            },
        )
        st.code(f"{result.signature}", language="python", wrap_lines=True)
        notes = []
        if result.decorator.get("present"):
            notes.append(T("读到了 @tool 这一行（没有调用它）", "read the @tool line (it was not called)"))
        if result.decorator.get("ignored"):
            notes.append(
                T("忽略的装饰器参数：", "decorator arguments ignored: ") + ", ".join(result.decorator["ignored"])
            )
        if result.ignored_imports:
            notes.append(
                T("读到但没有执行的 import：", "imports read, never run: ") + " · ".join(result.ignored_imports)
            )
        if result.dropped:
            notes.append(
                T("LangChain 没放进 args_schema 的参数：", "parameters LangChain left out of args_schema: ")
                + ", ".join(result.dropped)
            )
        if result.is_async:
            notes.append(
                T(
                    "async def：Schema 相同；实验室的替身函数是同步的",
                    "async def: same schema; the lab's stand-in is sync",
                )
            )
        for note in notes:
            st.caption(note)

        # The body that really runs: the lab's echo, never the learner's text.
        with st.container(border=True):
            st.markdown(
                T(
                    "**调用这个工具**：真正运行的是实验室自己的回声函数，它只把收到的参数原样交回",
                    "**Invoke the tool**: what really runs is the lab's echo, which hands back the arguments "
                    "it received",
                )
            )
            guess = {
                f["name"]: ("Bangkok" if f["json_type"] == "string" else 3 if f["json_type"] == "integer" else None)
                for f in result.fields
                if f["required"]
            }
            args_text = st.text_input(
                T("tool.invoke 的参数（JSON）", "Arguments for tool.invoke (JSON)"),
                value=json_text(guess, indent=None),
                key=f"stage1::invoke::{result.name}",
                max_chars=2000,
            )
            from toolcall_lab.stages.validation import json_stage

            parsed = json_stage(args_text)
            if isinstance(parsed, ExplainedError):
                su.show_error(parsed)
            else:
                st.code(
                    f"{result.name}.invoke({json_text(parsed.value, indent=None)})",
                    language="python",
                    wrap_lines=True,
                )
                try:
                    st.json(tool.invoke(parsed.value))
                except Exception as exc:
                    su.show_error(
                        explain(
                            "tool_source",
                            exc,
                            zh="tool.invoke 拒绝了这些参数。",
                            en="tool.invoke refused these arguments.",
                            hint_zh="参数先经过 args_schema 校验；必填参数不能少，类型要对得上。",
                            hint_en="Arguments are validated by args_schema first: required ones must "
                            "be there, with matching types.",
                        )
                    )
            st.caption(
                T(
                    "真正运行的函数体（实验室自己的代码，inspect.getsource）：",
                    "The body that really runs (the lab's own code, via inspect.getsource):",
                )
            )
            st.code(result.echo_source, language="python", wrap_lines=True)

    su.source(
        tool_source._parse_tool_source,
        T("源码：实验室怎样从文本造出工具", "Source: how the lab builds the tool from text"),
    )

su.footer(1)
