"""The lab's tools over MCP, the Model Context Protocol, with the official ``mcp`` SDK.

    python -m toolcall_lab.mcp serve [--tools weather,tutor,search] [--lang zh|en]
                                     [--transport stdio|streamable-http] [--port N]
                                     [--toolsets lessons.toolsets:TOOLSETS]

* :mod:`.toolsets` — where the tools come from: a ``module:attribute`` spec (as uvicorn's ``main:app``)
  naming a mapping ``{"weather": factory, …}`` of factories taking ``lang``; resolved with importlib at
  run time, so the ground floor imports no lesson (the default spec names ``lessons/toolsets.py``);
* :mod:`.server` — the MCP server over LangChain tools: ``inputSchema`` from each ``args_schema``,
  ``structuredContent`` + ``outputSchema`` for tools that return structured data, friendly errors
  as ``isError: true``, wrong-typed arguments as an error result;
* :mod:`.transcript` — the JSON-RPC messages of one session (``initialize``, ``tools/list``,
  ``tools/call``) captured as they went over the wire, in process or over stdio.
"""
