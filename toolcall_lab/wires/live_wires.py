"""The live run's wire (``?wire=chat|responses|anthropic|gemini``): the chat model that speaks it to the built-in model.

* ``chat`` — :func:`toolcall_lab.llm.build_chat_model` as it always was (Chat Completions, in process,
  the wire captured for the timeline), or the session's real endpoint;
* ``responses`` — the same ``ChatOpenAI``, switched to the Responses API (``use_responses_api``);
* ``anthropic`` — ``ChatAnthropic(base_url=…)``; ``gemini`` — ``ChatGoogleGenerativeAI(base_url=…)``:
  both talk HTTP to the built-in model served on localhost by :func:`served_url` (started once per
  process, the first time a page asks for one of them; never at import).

The Anthropic and Gemini wires always reach the built-in model, whatever endpoint the session uses, so
no key ever goes to them; their HTTP bodies are not in the run's timeline (the capture hooks are
``httpx`` hooks on ``ChatOpenAI``'s client), the every-wire panels of ③ ④ ⑦ show them instead.
"""

from __future__ import annotations

import functools
import threading
from typing import Any, Literal

from toolcall_lab.settings import Settings

LiveWire = Literal["chat", "responses", "anthropic", "gemini"]
LIVE_WIRES: tuple[LiveWire, ...] = ("chat", "responses", "anthropic", "gemini")
#: The wires whose runs the timeline can show byte for byte (their client is ``ChatOpenAI``).
CAPTURED: tuple[LiveWire, ...] = ("chat", "responses")


@functools.cache
def served_url() -> str:
    """The built-in model on ``http://127.0.0.1:<free port>``, served by a daemon thread for the process's life."""
    from toolcall_lab.offline.server import make_server

    server = make_server(port=0, quiet=True)
    threading.Thread(target=server.serve_forever, name="builtin-model-wires", daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}"


def wire_chat_model(wire: str, settings: Settings | None = None) -> Any:
    """The chat model of ``wire`` (an unknown wire is ``chat``): see the module docstring."""
    from pydantic import SecretStr

    from toolcall_lab.llm import build_chat_model
    from toolcall_lab.offline import BUILTIN_MODEL_ID

    if wire == "responses":
        return build_chat_model(settings).model_copy(update={"use_responses_api": True})
    if wire == "anthropic":
        from langchain_anthropic import ChatAnthropic

        return ChatAnthropic(model_name=BUILTIN_MODEL_ID, base_url=served_url(), api_key=SecretStr("builtin"),
                             max_retries=0, timeout=30, max_tokens_to_sample=1024, stop=None)  # fmt: skip
    if wire == "gemini":
        from langchain_google_genai import ChatGoogleGenerativeAI

        return ChatGoogleGenerativeAI(model=BUILTIN_MODEL_ID, google_api_key=SecretStr("builtin"),
                                      base_url=served_url(), max_retries=0, timeout=30)  # fmt: skip
    return build_chat_model(settings)
