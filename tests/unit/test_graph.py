"""toolcall_lab.graph: a compiled graph described and drawn from its own get_graph().

The graph here is small enough to check by hand::

    START → add_one → route ⇢ double → END
                           ⇢ END            (route picks END once n is 10 or more)
"""

from __future__ import annotations

from typing import Literal, TypedDict

import pytest
from langgraph.graph import END, START, StateGraph

from toolcall_lab.graph import edges_text, graph_dot, graph_mermaid, graph_structure, node_function


class Count(TypedDict):
    n: int


def add_one(state: Count) -> Count:
    return {"n": state["n"] + 1}


def double(state: Count) -> Count:
    return {"n": state["n"] * 2}


def route(state: Count) -> Literal["double", "__end__"]:
    return END if state["n"] >= 10 else "double"


@pytest.fixture(scope="module")
def app():
    builder = StateGraph(Count)
    builder.add_node("add_one", add_one)
    builder.add_node("double", double)
    builder.add_edge(START, "add_one")
    builder.add_conditional_edges("add_one", route)
    builder.add_edge("double", END)
    return builder.compile()


def test_structure_lists_nodes_and_edges_as_get_graph_reports_them(app):
    structure = graph_structure(app)
    assert structure["nodes"] == ["__start__", "add_one", "double", "__end__"]
    assert sorted((e["source"], e["target"], e["conditional"]) for e in structure["edges"]) == [
        ("__start__", "add_one", False),
        ("add_one", "__end__", True),
        ("add_one", "double", True),
        ("double", "__end__", False),
    ]
    assert all(e["label"] is None for e in structure["edges"])


def test_edges_text_names_start_and_end_and_marks_conditional_edges(app):
    text = edges_text(app)
    assert set(text.split(" · ")) == {"START → add_one", "add_one ⇢ double", "add_one ⇢ END", "double → END"}


def test_dot_draws_every_node_and_dashes_only_the_conditional_edges(app):
    dot = graph_dot(app)
    assert dot.startswith("digraph G {") and dot.endswith("}")
    assert '"__start__" [label="START", shape="oval", fillcolor="#ffffff"];' in dot
    assert '"__end__" [label="END", shape="oval", fillcolor="#bfb6fc"];' in dot
    assert '  "add_one";' in dot and '  "double";' in dot  # plain nodes: the default style
    assert '"add_one" -> "double" [style="dashed"];' in dot
    assert '"add_one" -> "__end__" [style="dashed"];' in dot
    assert '"double" -> "__end__";' in dot  # a fixed edge: solid
    assert "#ffd54f" not in dot  # nothing highlighted


def test_dot_highlight_fills_one_node_amber(app):
    dot = graph_dot(app, highlight="double")
    assert '"double" [fillcolor="#ffd54f", penwidth="3"];' in dot
    assert dot.count("#ffd54f") == 1


def test_mermaid_is_langgraphs_own_text_plus_the_highlight_class(app):
    plain = app.get_graph().draw_mermaid()
    assert graph_mermaid(app) == plain
    assert graph_mermaid(app, highlight="nope") == plain  # an unknown node changes nothing
    lit = graph_mermaid(app, highlight="add_one")
    assert lit.startswith(plain.rstrip("\n"))
    assert lit.rstrip().endswith("class add_one highlight")


def test_node_function_is_the_function_given_to_add_node(app):
    assert node_function(app, "add_one") is add_one
    assert node_function(app, "double")({"n": 4}) == {"n": 8}
    with pytest.raises(KeyError):
        node_function(app, "missing")
