"""A compiled LangGraph graph, described and drawn from its own ``get_graph()``.

Nothing here is typed by hand: nodes and edges are read off the compiled graph, so a
picture can never drift from the code that runs. Three outputs:

* :func:`graph_structure` — the nodes and edges as plain data (and :func:`edges_text`,
  the same edges on one line);
* :func:`graph_dot` — Graphviz DOT text, conditional edges dashed, one node optionally
  highlighted (the node running now, or the super-step a learner picked);
* :func:`graph_mermaid` — LangGraph's own ``draw_mermaid()``, with the same highlight.

:func:`node_function` finds the Python function behind a node, for showing its source.

Example (the fixed search workflow)::

    edges_text(app)
    # 'START → understand · search → answer · understand → search · answer → END'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeAlias, TypedDict, cast

from langgraph.graph.state import CompiledStateGraph

# Any compiled StateGraph, whatever its State, context, input and output types.
CompiledGraph: TypeAlias = CompiledStateGraph[Any, Any, Any, Any]

# How LangGraph names the two ends of every graph, and how the pictures print them.
START_END_NAMES = {"__start__": "START", "__end__": "END"}


class GraphEdge(TypedDict):
    """One edge as ``get_graph()`` reports it.

    Attributes:
        source: the node the edge leaves.
        target: the node it enters.
        conditional: ``True`` when a routing function picks it at run time.
        label: the edge's data as text (``None`` for most edges).
    """

    source: str
    target: str
    conditional: bool
    label: str | None


class GraphStructure(TypedDict):
    """A compiled graph's nodes (in ``get_graph()`` order) and edges."""

    nodes: list[str]
    edges: list[GraphEdge]


def graph_structure(app: CompiledGraph) -> GraphStructure:
    """Nodes and edges exactly as ``app.get_graph()`` reports them.

    Returns:
        ``{"nodes": [id, ...], "edges": [{"source", "target", "conditional", "label"}]}``
    """
    graph = app.get_graph()
    return {
        "nodes": list(graph.nodes),
        "edges": [
            {
                "source": edge.source,
                "target": edge.target,
                "conditional": edge.conditional,
                "label": None if edge.data is None else str(edge.data),
            }
            for edge in graph.edges
        ],
    }


def edges_text(app: CompiledGraph) -> str:
    """The compiled graph's edges on one line, read from ``get_graph()``.

    ``→`` is a fixed edge, ``⇢`` a conditional one; ``__start__`` / ``__end__`` print as
    START / END. For the fixed workflow: ``START → understand · understand → search · ...``.
    """

    def name(node: str) -> str:
        return START_END_NAMES.get(node, node)

    return " · ".join(
        f"{name(e['source'])} {'⇢' if e['conditional'] else '→'} {name(e['target'])}"
        for e in graph_structure(app)["edges"]
    )


def graph_mermaid(app: CompiledGraph, highlight: str | None = None) -> str:
    """``draw_mermaid()`` of the compiled graph, with one node optionally highlighted.

    An unknown ``highlight`` leaves LangGraph's text exactly as it drew it.
    """
    graph = app.get_graph()
    text = graph.draw_mermaid()
    if highlight and highlight in graph.nodes:
        # Mermaid styles a node through a class: define one, then put the node in it.
        text = text.rstrip("\n") + (
            f"\n\tclassDef highlight fill:#ffd54f,stroke:#e65100,stroke-width:3px\n\tclass {highlight} highlight\n"
        )
    return text


def _dot_quote(text: str) -> str:
    """A DOT string literal: quoted, with backslashes and quotes escaped.

    >>> print(_dot_quote('say "hi"'))
    "say \\"hi\\""
    """
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _dot_attrs(attrs: dict[str, str]) -> str:
    """`` [k="v", ...]`` for a DOT statement, or nothing when there are no attributes."""
    rendered = ", ".join(f"{key}={_dot_quote(value)}" for key, value in attrs.items())
    return f" [{rendered}]" if rendered else ""


def graph_dot(app: CompiledGraph, highlight: str | None = None) -> str:
    """Graphviz DOT text for the compiled graph: conditional edges dashed.

    START and END are drawn as ovals; ``highlight`` (a node id) is filled amber,
    e.g. the node a step-through has just run.
    """
    graph = app.get_graph()
    lines = [
        "digraph G {",
        "  rankdir=TB;",
        '  node [shape=box, style="rounded,filled", fillcolor="#f2f0ff", fontname="Helvetica"];',
        '  edge [fontname="Helvetica", fontsize=10];',
    ]
    for node_id in graph.nodes:
        attrs: dict[str, str] = {}
        if node_id == "__start__":
            attrs = {"label": "START", "shape": "oval", "fillcolor": "#ffffff"}
        elif node_id == "__end__":
            attrs = {"label": "END", "shape": "oval", "fillcolor": "#bfb6fc"}
        if node_id == highlight:
            attrs.update({"fillcolor": "#ffd54f", "penwidth": "3"})
        lines.append(f"  {_dot_quote(node_id)}{_dot_attrs(attrs)};")
    for edge in graph.edges:
        attrs = {}
        if edge.conditional:
            attrs["style"] = "dashed"  # a routing function chooses it at run time
        if edge.data is not None:
            attrs["label"] = str(edge.data)
        lines.append(f"  {_dot_quote(edge.source)} -> {_dot_quote(edge.target)}{_dot_attrs(attrs)};")
    lines.append("}")
    return "\n".join(lines)


def node_function(app: CompiledGraph, node: str) -> Callable[..., Any]:
    """The Python function a node runs (what ``add_node(name, func)`` was given).

    Raises:
        KeyError: ``node`` is not a node of the graph.
    """
    # The builder keeps each node's spec; its runnable wraps the function given to add_node.
    runnable = app.builder.nodes[node].runnable
    return cast("Callable[..., Any]", getattr(runnable, "func", runnable))
