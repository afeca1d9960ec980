"""The one list of pages: path, titles, icon, section, lesson prose and chain stage, in course order.

``app.py`` builds the navigation from it, the home page its course map, the chain pages
their headings, every page its previous / next links, and the tests their page lists.
A page named here whose file is missing fails the tests; nothing hides it silently.

This module imports no Streamlit, so tests and benchmarks can read it.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import TypeVar

from toolcall_lab.course_pages import ROOT, PageSpec, Section
from toolcall_lab.exercises import Exercise, rejudge
from toolcall_lab.i18n import Text

T = TypeVar("T")
__all__ = [
    "COURSE",
    "PAGES",
    "ROOT",
    "SECTIONS",
    "PageSpec",
    "Section",
    "chain_page",
    "in_section",
    "neighbours",
    "numbered",
    "page",
    "page_by_url",
    "page_of",
    "section",
]


SECTIONS: tuple[Section, ...] = (
    Section("start", Text("开始", "Start")),
    Section("chain", Text("工具调用链", "The chain"), Text("工具调用链，一站一页", "The chain, one stage per page")),
    Section(
        "wires",
        Text("其他线路与 MCP", "Other wires and MCP"),
        Text("同一个工具，别的线路：MCP", "One tool, other wires: MCP"),
    ),
    Section(
        "tutor",
        Text("小E 助教", "The 小E tutor"),
        Text("小E 助教：手写循环、护栏与七个坑", "The 小E tutor: the hand-written loop, its guard, seven pitfalls"),
    ),
    Section(
        "graph",
        Text("LangGraph 搜索助手", "LangGraph search assistant"),
        Text(
            "LangGraph 搜索助手：State、边、checkpointer", "The LangGraph search assistant: State, edges, checkpointers"
        ),
    ),
    Section("reliability", Text("可靠性", "Reliability"), Text("可靠性", "Reliability")),
)


def _stage(
    n: int,
    name: str,
    short: Text,
    icon: str,
    key: str,
    heading: Text,
    question: Text,
) -> PageSpec:
    # the chain pages' exercises are data (lessons/chain/stage_<n>_<name>.py); ⑧'s end with the section review
    return PageSpec(
        f"pages/stage_{n}_{name}.py",
        short,
        icon,
        "chain",
        stage=key,
        heading=heading,
        question=question,
        exercise_module=f"lessons.chain.stage_{n}_{name}",
    )


PAGES: tuple[PageSpec, ...] = (
    PageSpec("pages/home.py", Text("首页", "Home"), ":material/home:", "start", exercise_module="lessons.course.home"),
    PageSpec(
        "pages/live_run.py",
        Text("实时运行", "Live run"),
        ":material/play_circle:",
        "start",
        exercise_module="lessons.course.live_run",
    ),
    # the teacher's view of a class (issue 15): not a lesson, so no exercises and no place on the course path
    PageSpec("pages/class_results.py", Text("班级成绩", "Class results"), ":material/leaderboard:", "start"),
    # the teacher's projector view of the join (issue 25): the code, the QR code and the short link, screen-sized
    PageSpec("pages/class_join.py", Text("投影加入方式", "Project the join"), ":material/qr_code_2:", "start"),
    _stage(
        1,
        "tool",
        Text("① @tool", "① @tool"),
        ":material/build:",
        "tool_source",
        Text("@tool：函数变成工具", "@tool: a function becomes a tool"),
        Text("装饰器从函数里读出了什么？", "What does the decorator read from the function?"),
    ),
    _stage(
        2,
        "schema",
        Text("② JSON Schema", "② JSON Schema"),
        ":material/data_object:",
        "schema",
        Text("JSON Schema：模型读到的参数说明", "JSON Schema: the arguments as the model reads them"),
        Text("哪些规则能让模型看见？", "Which rules can the model see?"),
    ),
    _stage(
        3,
        "bind_tools",
        Text("③ bind_tools", "③ bind_tools"),
        ":material/upload:",
        "bind_tools",
        Text("bind_tools：请求里的 tools", "bind_tools: the tools in the request"),
        Text("真正发出去的请求体长什么样？", "What does the request body really contain?"),
    ),
    _stage(
        4,
        "tool_call",
        Text("④ tool_call", "④ tool_call"),
        ":material/call_made:",
        "tool_call",
        Text("tool_call：模型的调用意图", "tool_call: the model's request to call"),
        Text("为什么 arguments 是字符串？", "Why is arguments a string?"),
    ),
    _stage(
        5,
        "validation",
        Text("⑤ 校验", "⑤ Validation"),
        ":material/rule:",
        "validation",
        Text("JSON 与 Pydantic：能读、形对、事实对", "JSON and Pydantic: readable, well-shaped, true"),
        Text("参数在哪一层被拦下？", "At which layer are bad arguments stopped?"),
    ),
    _stage(
        6,
        "kwargs",
        Text("⑥ func(**kwargs)", "⑥ func(**kwargs)"),
        ":material/functions:",
        "kwargs",
        Text("func(**kwargs)：字典变成函数调用", "func(**kwargs): a dict becomes a call"),
        Text("参数是怎么对上号的？", "How are arguments matched to parameters?"),
    ),
    _stage(
        7,
        "tool_message",
        Text("⑦ ToolMessage", "⑦ ToolMessage"),
        ":material/reply:",
        "tool_message",
        Text("ToolMessage：结果回到模型", "ToolMessage: the result goes back"),
        Text("模型怎么知道这是哪次调用的结果？", "How does the model know which call this answers?"),
    ),
    _stage(
        8,
        "round_trip",
        Text("⑧ 回到模型", "⑧ Round trip"),
        ":material/sync:",
        "round_trip",
        Text("第二次请求：模型写出答案", "The second request: the model answers"),
        Text("第二次请求里到底有什么？", "What exactly is in the second request?"),
    ),
    # issue 24: the chain's tool served over the Model Context Protocol, right after ⑧
    PageSpec(
        "pages/mcp.py",
        Text("MCP：同一个工具", "The same tool over MCP"),  # short enough for the sidebar, whole
        ":material/lan:",
        "wires",
        heading=Text("MCP：同一个工具，走协议", "MCP: the same tool over a protocol"),
        exercise_module="lessons.wires.mcp_exercises",
    ),
    PageSpec(
        "pages/tutor_1_model_talks.py",
        Text("模型动嘴，代码动手", "The model talks, your code acts"),
        ":material/record_voice_over:",
        "tutor",
        exercise_module="lessons.tutor.lesson_1_model_talks",
    ),
    PageSpec(
        "pages/tutor_2_tools_for_programs.py",
        Text("工具是写给程序的", "Tools are written for programs"),
        ":material/handyman:",
        "tutor",
        exercise_module="lessons.tutor.lesson_2_tools_for_programs",
    ),
    PageSpec(
        "pages/tutor_3_registry.py",
        Text("工具清单与 schema 快照", "Registry and schema snapshot"),
        ":material/inventory:",
        "tutor",
        exercise_module="lessons.tutor.lesson_3_registry",
    ),
    PageSpec(
        "pages/tutor_4_loop_guard.py",
        Text("循环护栏", "Loop guard"),
        ":material/shield:",
        "tutor",
        exercise_module="lessons.tutor.lesson_4_loop_guard",
    ),
    PageSpec(
        "pages/tutor_5_manual_vs_react.py",
        Text("手写循环 vs ReAct", "Manual loop vs ReAct"),
        ":material/compare_arrows:",
        "tutor",
        exercise_module="lessons.tutor.lesson_5_manual_vs_react",
    ),
    PageSpec(
        "pages/tutor_6_pitfalls.py",
        Text("七个坑", "The seven pitfalls"),
        ":material/warning:",
        "tutor",
        exercise_module="lessons.tutor.lesson_6_exercises",
    ),
    PageSpec(
        "pages/graph_1_workflow_vs_agent.py",
        Text("固定工作流 vs Agent", "Fixed workflow vs agent"),
        ":material/account_tree:",
        "graph",
        exercise_module="lessons.search_assistant.exercises_workflow_vs_agent",
    ),
    PageSpec(
        "pages/graph_2_is_tavily_a_tool.py",
        Text("Tavily 算工具吗", "Is Tavily a tool?"),
        ":material/travel_explore:",
        "graph",
        exercise_module="lessons.search_assistant.exercises_tool_schema",
    ),
    PageSpec(
        "pages/graph_3_state.py",
        Text("State、节点、边", "State, nodes, edges"),
        ":material/hub:",
        "graph",
        exercise_module="lessons.search_assistant.exercises_state",
    ),
    PageSpec(
        "pages/graph_4_threads.py",
        Text("thread_id 与 checkpointer", "thread_id and checkpointers"),
        ":material/history:",
        "graph",
        exercise_module="lessons.search_assistant.exercises_threads",
    ),
    PageSpec(
        "pages/graph_5_code_review.py",
        Text("代码审查", "The code review"),
        ":material/rate_review:",
        "graph",
        exercise_module="lessons.search_assistant.exercises_code_review",
    ),
    PageSpec(
        "pages/graph_6_approval.py",
        Text("人工审批", "Human approval"),
        ":material/approval:",
        "graph",
        exercise_module="lessons.search_assistant.exercises_approval",
    ),
    PageSpec(
        "pages/graph_7_context.py",
        Text("上下文控制", "Context control"),
        ":material/compress:",
        "graph",
        exercise_module="lessons.search_assistant.exercises_context",
    ),
    PageSpec(
        "pages/faults.py",
        Text("当模型和工具出错", "When models and tools fail"),
        ":material/bug_report:",
        "reliability",
        exercise_module="lessons.course.faults",
    ),
    PageSpec(
        "pages/who_decides.py",
        Text("谁决定是哪个学生？", "Who decides the student?"),
        ":material/admin_panel_settings:",
        "reliability",
        exercise_module="lessons.course.who_decides_exercises",
    ),
)

#: The course path, in order: the chain, other wires (MCP), the tutor, LangGraph, reliability
#: (home and live run stand before it).
COURSE: tuple[PageSpec, ...] = tuple(p for p in PAGES if p.section != "start")


def _only(found: list[T], key: object) -> T:
    """The one entry found (``KeyError`` naming ``key`` when there is none)."""
    if not found:
        raise KeyError(str(key))
    return found[0]


def page(path: str) -> PageSpec:
    """The page whose file is ``path`` (``KeyError`` when there is none)."""
    return _only([s for s in PAGES if s.path == path], path)


def page_of(file: str | Path) -> PageSpec:
    """The entry of the page script ``file`` (a page passes its own ``__file__``): by file, never by position.

    >>> page_of(ROOT / "pages" / "stage_4_tool_call.py").stage
    'tool_call'
    """
    return _only([s for s in PAGES if s.file == Path(file).resolve()], file)


def page_by_url(url_path: str) -> PageSpec:
    """The page whose URL path is ``url_path`` (``""`` is home, the default page)."""
    return _only([s for s in PAGES if s.url_path == url_path or (not url_path and s.path == "pages/home.py")], url_path)


def section(key: str) -> Section:
    """The section with this key (``KeyError`` when there is none)."""
    return _only([s for s in SECTIONS if s.key == key], key)


def in_section(key: str) -> tuple[PageSpec, ...]:
    """The pages of one section, in course order."""
    return tuple(p for p in PAGES if p.section == key)


def numbered(section_key: str, number: int) -> PageSpec:
    """The page of a section whose file carries ``number`` (``numbered("tutor", 4)`` → ``tutor_4_loop_guard``).

    The number is part of the page's own file name, so inserting a page elsewhere changes nothing here.
    """
    return _only([s for s in PAGES if s.section == section_key and s.number == number], (section_key, number))


def data_exercise(exercise_id: str) -> Exercise | None:
    """The exercise given as data whose stored id is ``exercise_id`` (``None`` for a numbered or unknown id)."""
    url_path, _, slug = exercise_id.rpartition("/")
    try:
        spec = page_by_url(url_path)
    except KeyError:
        return None
    if not spec.exercise_module:
        return None
    items = importlib.import_module(spec.exercise_module).EXERCISES
    return next((item for item in items if item.slug == slug), None)


def recheck_from_data(exercise_id: str, answer: object, lang: str = "en") -> bool | None:
    """The progress store's re-check hook for exercises given as data that need no page context."""
    item = data_exercise(exercise_id)
    return None if item is None else rejudge(item, answer, lang)


def chain_page(stage: str) -> PageSpec:
    """The chain page of a stage key (``"tool_call"`` → ④)."""
    return _only([s for s in PAGES if s.stage == stage], stage)


def neighbours(path: str) -> tuple[PageSpec | None, PageSpec | None]:
    """The previous and next page along :data:`COURSE` (``None`` at either end).

    >>> [p.path if p else None for p in neighbours("pages/stage_8_round_trip.py")]
    ['pages/stage_7_tool_message.py', 'pages/mcp.py']
    """
    paths = [p.path for p in COURSE]
    if path not in paths:
        return None, COURSE[0]
    i = paths.index(path)
    return (COURSE[i - 1] if i > 0 else None), (COURSE[i + 1] if i + 1 < len(COURSE) else None)
