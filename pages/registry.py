"""Every lesson page, grouped as the sidebar shows them. ``app.py`` lists only files that exist.

Each entry: ``(path, zh title, en title, icon)``; each group: ``((zh, en), entries)``.
"""

from __future__ import annotations

Entry = tuple[str, str, str, str]
Group = tuple[tuple[str, str], list[Entry]]

CHAIN: list[Entry] = [
    ("pages/stage_1_tool.py", "① @tool", "① @tool", ":material/build:"),
    ("pages/stage_2_schema.py", "② JSON Schema", "② JSON Schema", ":material/data_object:"),
    ("pages/stage_3_bind_tools.py", "③ bind_tools", "③ bind_tools", ":material/upload:"),
    ("pages/stage_4_tool_call.py", "④ tool_call", "④ tool_call", ":material/call_made:"),
    ("pages/stage_5_validation.py", "⑤ 校验", "⑤ Validation", ":material/rule:"),
    ("pages/stage_6_kwargs.py", "⑥ func(**kwargs)", "⑥ func(**kwargs)", ":material/functions:"),
    ("pages/stage_7_tool_message.py", "⑦ ToolMessage", "⑦ ToolMessage", ":material/reply:"),
    ("pages/stage_8_round_trip.py", "⑧ 回到模型", "⑧ Round trip", ":material/sync:"),
]

TUTOR: list[Entry] = [
    (
        "pages/tutor_1_model_talks.py",
        "模型动嘴，代码动手",
        "The model talks, your code acts",
        ":material/record_voice_over:",
    ),
    (
        "pages/tutor_2_tools_for_programs.py",
        "工具是写给程序的",
        "Tools are written for programs",
        ":material/handyman:",
    ),
    ("pages/tutor_3_registry.py", "工具清单与 schema 快照", "Registry and schema snapshot", ":material/inventory:"),
    ("pages/tutor_4_loop_guard.py", "循环护栏", "Loop guard", ":material/shield:"),
    ("pages/tutor_5_manual_vs_react.py", "手写循环 vs ReAct", "Manual loop vs ReAct", ":material/compare_arrows:"),
    ("pages/tutor_6_pitfalls.py", "七个坑", "The seven pitfalls", ":material/warning:"),
]

GRAPH: list[Entry] = [
    ("pages/graph_1_workflow_vs_agent.py", "固定工作流 vs Agent", "Fixed workflow vs agent", ":material/account_tree:"),
    ("pages/graph_2_is_tavily_a_tool.py", "Tavily 算工具吗", "Is Tavily a tool?", ":material/travel_explore:"),
    ("pages/graph_3_state.py", "State、节点、边", "State, nodes, edges", ":material/hub:"),
    ("pages/graph_4_threads.py", "thread_id 与 checkpointer", "thread_id and checkpointers", ":material/history:"),
    ("pages/graph_5_code_review.py", "代码审查", "The code review", ":material/rate_review:"),
    ("pages/graph_6_approval.py", "人工审批", "Human approval", ":material/approval:"),
    ("pages/graph_7_context.py", "上下文控制", "Context control", ":material/compress:"),
]

MORE: list[Entry] = [
    ("pages/faults.py", "当模型和工具出错", "When models and tools fail", ":material/bug_report:"),
]


def page_groups() -> list[Group]:
    return [
        (("工具调用链", "The chain"), CHAIN),
        (("小E 助教", "The 小E tutor"), TUTOR),
        (("LangGraph 搜索助手", "LangGraph search assistant"), GRAPH),
        (("可靠性", "Reliability"), MORE),
    ]
