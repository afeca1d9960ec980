"""The lessons about other wires: the lab's own tools over MCP, and the same tool on every model wire.

* :mod:`lessons.wires.mcp_protocol` — the MCP page: the JSON-RPC transcript as captured, the
  ``inputSchema`` beside the ``bind_tools`` schema, the tools loaded into a LangGraph agent by
  langchain-mcp-adapters and run against the built-in model, and the checks of its exercises;
* :mod:`lessons.wires.mcp_exercises` — that page's exercises as data (light: LangChain loads inside
  the checks only, so the registry counts them cheaply).
"""
