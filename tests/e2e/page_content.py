"""What each lesson page must show when it opens: its title, its own artifact, its graph picture.

The first-screen test (``test_first_screen.py``) opens every page of the registry as a new visitor, once per
language; it checks these on that same load, so the walks through the chain, the tutor and the
LangGraph lessons need no page load of their own for them (they keep their interactive walks).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Expected:
    """A page's title (in its ``<h1>``) and a text of its own artifact, per language; its graph's nodes."""

    title: tuple[str, str]
    artifact: tuple[str, str]
    #: node names the page's first Graphviz picture shows (rendered offline, in the page)
    nodes: list[str] = field(default_factory=list)
    #: the artifact's text must be visible (not only attached), e.g. the first of several tabs
    visible: bool = False

    def title_in(self, lang: str) -> str:
        return self.title[0 if lang == "zh" else 1]

    def artifact_in(self, lang: str) -> str:
        return self.artifact[0 if lang == "zh" else 1]


_GRAPH_NODES = ["understand", "search", "answer", "__start__", "__end__"]

#: url_path -> what the page shows when opened without a step
EXPECTED: dict[str, Expected] = {
    "stage_1_tool": Expected(("@tool", "@tool"), ("tool.name", "tool.name"), visible=True),
    # ②'s three schemas are tabs; the first one is on screen
    "stage_2_schema": Expected(
        ("JSON Schema", "JSON Schema"),
        ("tool.args_schema.model_json_schema()", "tool.args_schema.model_json_schema()"),
        visible=True,
    ),
    "stage_3_bind_tools": Expected(("bind_tools", "bind_tools"), ("请求体", "The request body"), visible=True),
    "stage_4_tool_call": Expected(
        ("tool_call", "tool_call"), ("AIMessage.tool_calls", "AIMessage.tool_calls"), visible=True
    ),
    "stage_5_validation": Expected(
        ("JSON 与 Pydantic", "JSON and Pydantic"), ("ValidationError", "model_validate"), visible=True
    ),
    "stage_6_kwargs": Expected(
        ("func(**kwargs)", "func(**kwargs)"),
        ("weather_func(city='Bangkok', days=3)", "weather_func(city='Bangkok', days=3)"),
        visible=True,
    ),
    "stage_7_tool_message": Expected(("ToolMessage", "ToolMessage"), ("tool_call_id", "tool_call_id"), visible=True),
    "stage_8_round_trip": Expected(
        ("第二次请求", "The second request"), ("源码：step_through", "Source: step_through"), visible=True
    ),
    "tutor_1_model_talks": Expected(
        ("模型动嘴，代码动手", "The model talks, your code acts"), ("get_learning_record", "get_learning_record")
    ),
    "tutor_2_tools_for_programs": Expected(
        ("工具是写给程序用的", "Tools are written for programs"),
        ("日期「下周三」格式不对", "The date 'next Wednesday' is invalid"),  # en: the English edition of 小E
    ),
    "tutor_3_registry": Expected(
        ("一份工具清单，一张 schema 快照", "One registry, and a snapshot of what the model reads"), ("丢失", "lost")
    ),
    "tutor_4_loop_guard": Expected(
        ("凡是循环，先回答：它一定会停吗？", "Every loop must first answer: will it stop?"),
        ("StepLimitExceeded", "StepLimitExceeded"),
    ),
    "tutor_5_manual_vs_react": Expected(
        ("手写循环与预置 ReAct 图", "The loop by hand, and the prebuilt one"),
        ("LangGraphDeprecatedSinceV10", "LangGraphDeprecatedSinceV10"),
    ),
    "graph_1_workflow_vs_agent": Expected(
        ("固定工作流 vs Agent", "Fixed workflow vs agent"), ("由代码决定", "decided by the code"), _GRAPH_NODES
    ),
    "graph_2_is_tavily_a_tool": Expected(
        ("Tavily 算工具吗", "Is Tavily a tool?"), ("search_web", "search_web"), _GRAPH_NODES
    ),
    "graph_3_state": Expected(
        ("State、节点、边", "State, nodes, edges"), ("add_messages", "add_messages"), _GRAPH_NODES
    ),
    "graph_4_threads": Expected(
        ("thread_id 与 checkpointer", "thread_id and checkpointers"), ("thread_id", "thread_id"), _GRAPH_NODES
    ),
    "graph_5_code_review": Expected(("代码审查", "The code review"), ("FINDING 1", "FINDING 1"), _GRAPH_NODES),
    "graph_6_approval": Expected(
        ("人工审批", "Human approval"), ("发件箱", "Outbox"), ["model", "approve", "tools", "__start__", "__end__"]
    ),
    "graph_7_context": Expected(
        ("上下文控制", "Context control"), ("配对完整", "pair intact"), ["model", "tools", "__start__", "__end__"]
    ),
}


def graph_nodes(pg: Any, nth: int = 0) -> list[str]:
    """Wait for the ``nth`` Graphviz chart to be an SVG with nodes; return their names."""
    svg = pg.locator("[data-testid=stGraphVizChart] svg").nth(nth)
    svg.locator(".node").first.wait_for(timeout=60000)
    return svg.evaluate("svg => Array.from(svg.querySelectorAll('.node title')).map(t => t.textContent.trim())")


def check_content(pg: Any, url_path: str, lang: str) -> None:
    """Assert the page opened on ``pg`` shows its title, its artifact's text and its graph (when it has them)."""
    expected = EXPECTED.get(url_path)
    if expected is None:
        return
    artifact = expected.artifact_in(lang)
    found = pg.get_by_text(artifact, exact=False)
    if expected.visible:
        found.filter(visible=True).first.wait_for(timeout=30000)
    else:
        found.first.wait_for(state="attached", timeout=30000)
    assert expected.title_in(lang) in pg.locator("h1").first.inner_text(), f"{url_path} ({lang}): title"
    if expected.nodes:
        drawn = graph_nodes(pg)  # the picture is the compiled graph, rendered offline
        assert set(expected.nodes) <= set(drawn), f"{url_path} ({lang}): graph nodes {drawn}"
