"""Every wire: the same tool, call and result as each provider's wire and MCP carry them.

* :mod:`.tap` — the built-in model served on localhost with a tap that records what crossed the socket;
* :mod:`.extract` — where each wire keeps the tool, the call and the result;
* :mod:`.every_wire` — one question on Chat Completions, Responses, Anthropic Messages, Gemini and MCP,
  each from its real client library (:func:`~.every_wire.every_wire`);
* :mod:`.schema_rules`, :mod:`.schema_inspector` — what each provider receives for a tool's schema, and
  the rules by which each would reject or silently drop a part of it.
"""
