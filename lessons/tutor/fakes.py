"""A scripted chat model that records every request: the offline tests' model.

langchain-core ships ``FakeListChatModel``, but it cannot take part in tool calling:
it does not implement ``bind_tools``, and the base class's version raises
``NotImplementedError``. It also forgets what it was sent, so a test could never
check that a tool's result really reached the model's next request.

``ScriptedChatModel`` fixes both in a few lines:

* ``responses`` is the script: each call returns the next entry (a string, an
  ``AIMessage``, or a dict of ``AIMessage`` fields such as ``content`` and ``tool_calls``);
* ``requests`` keeps a copy of every message list it received;
* ``bind_tools`` records the tools *on this very object* and returns ``self``. If it
  returned a copy, the copy would start the script from entry 0 again and keep its
  own ``requests``: the object the test holds would see nothing (pitfall 5).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from langchain_core.callbacks import CallbackManagerForLLMRun
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from langchain_core.utils.function_calling import convert_to_openai_tool
from pydantic import Field


def _as_ai_message(entry: Any) -> AIMessage:
    """Turn one script entry into a fresh AIMessage (never hand out the stored object)."""
    if isinstance(entry, AIMessage):
        return entry.model_copy(deep=True)
    if isinstance(entry, str):
        return AIMessage(content=entry)
    if isinstance(entry, dict):
        return AIMessage(**entry)
    raise TypeError(f"script entries must be str, AIMessage or dict, got {type(entry).__name__}")


class ScriptedChatModel(BaseChatModel):
    """Replays a fixed script of replies and records every request.

    Args:
        responses: the replies, in order.

    Attributes:
        requests: every message list received, oldest first.
        bound_tools: the tools given to the last ``bind_tools`` call.
        bound_schemas: those tools as OpenAI tool schemas (what a real API would receive).
        cursor: index of the next reply in ``responses``.
    """

    responses: list[Any]
    requests: list[list[BaseMessage]] = Field(default_factory=list)
    bound_tools: list[Any] = Field(default_factory=list)
    bound_schemas: list[dict[str, Any]] = Field(default_factory=list)
    cursor: int = 0

    @property
    def _llm_type(self) -> str:
        return "scripted-chat-model"

    def bind_tools(self, tools: Sequence[Any], **kwargs: Any) -> ScriptedChatModel:
        """Remember the tools on this object and return this object (not a copy)."""
        self.bound_tools = list(tools)
        self.bound_schemas = [convert_to_openai_tool(t) for t in tools]
        return self

    def _generate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> ChatResult:
        # Keep a copy of the list: the caller goes on appending to its own.
        self.requests.append(list(messages))
        if self.cursor >= len(self.responses):
            raise IndexError(
                f"script exhausted: {len(self.responses)} replies scripted, call #{self.cursor + 1} asked for another"
            )
        reply = _as_ai_message(self.responses[self.cursor])
        self.cursor += 1
        return ChatResult(generations=[ChatGeneration(message=reply)])
