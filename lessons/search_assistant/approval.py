"""Human approval before a side effect: ``interrupt()`` in front of the tools node.

Searching is harmless; sending a message is not. ``notify_teacher`` really "sends"
(it appends to an outbox the caller owns), so the graph stops before running it:

    START → model ──tool_calls──→ approve ──approve/edit──→ tools → model
                  │                  └──────reject─────────────────→ model
                  └──no tool_calls──→ END

The ``approve`` node calls ``interrupt(payload)``. The run pauses there, the
checkpointer saves the thread, and the caller sees the payload (the tool calls the
model wants). A human decides, and the caller resumes the same thread with
``Command(resume=decision)``; ``interrupt()`` then *returns* the decision:

* ``{"action": "approve"}`` — run the calls as the model wrote them;
* ``{"action": "edit", "args": {...}}`` — run them with corrected arguments;
* ``{"action": "reject", "reason": "..."}`` — run nothing; the model is told why.
"""

from __future__ import annotations

from typing import Any, Literal

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, SystemMessage, ToolMessage
from langchain_core.tools import BaseTool, tool
from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.graph import START, MessagesState, StateGraph
from langgraph.prebuilt import ToolNode
from langgraph.types import Command, interrupt
from pydantic import BaseModel, Field

from toolcall_lab.graph import CompiledGraph

APPROVAL_PROMPT = (
    "你是助教助手。需要联系老师时调用 notify_teacher。"
    " / You are a teaching assistant; call notify_teacher when the teacher must be told something."
)


class NotifyArgs(BaseModel):
    """Arguments of ``notify_teacher``."""

    student_id: str = Field(description="学生学号，例如 S1001 / the student's id, e.g. S1001")
    message: str = Field(min_length=1, description="要发给老师的内容 / what to tell the teacher")


def make_notify_teacher_tool(outbox: list[dict[str, str]]) -> BaseTool:
    """Build ``notify_teacher``; every call that runs appends one entry to ``outbox``.

    The outbox stands in for an SMS gateway or an email server: if an entry appears
    there, the message was "sent" and cannot be taken back.
    """

    @tool(args_schema=NotifyArgs)
    def notify_teacher(student_id: str, message: str) -> str:
        """通知老师（真的会发出消息，有副作用）。Notify the teacher (really sends a message)."""
        outbox.append({"student_id": student_id, "message": message})
        return f"已通知老师：{student_id}，内容：{message}"

    return notify_teacher


def build_approval_agent(
    llm: BaseChatModel,
    outbox: list[dict[str, str]],
    checkpointer: BaseCheckpointSaver[Any],
) -> CompiledGraph:
    """Build the agent that asks a human before ``notify_teacher`` runs.

    Args:
        llm: a chat model that supports ``bind_tools``.
        outbox: where sent notifications land (the side effect, made visible).
        checkpointer: required: an interrupted run must be saved to be resumed.
    """
    tools = [make_notify_teacher_tool(outbox)]
    model_with_tools = llm.bind_tools(tools)

    def call_model(state: MessagesState) -> dict[str, Any]:
        reply = model_with_tools.invoke([SystemMessage(APPROVAL_PROMPT), *state["messages"]])
        return {"messages": [reply]}

    def route_after_model(state: MessagesState) -> Literal["approve", "__end__"]:
        last = state["messages"][-1]
        return "approve" if isinstance(last, AIMessage) and last.tool_calls else "__end__"  # "__end__" is END

    def approve(state: MessagesState) -> Command[Literal["tools", "model"]]:
        """Pause for a human; the value given to Command(resume=...) comes back here."""
        request = state["messages"][-1]
        assert isinstance(request, AIMessage)  # approve runs only after a reply that asked for tools
        decision = interrupt(
            {
                "question": "允许执行这些工具调用吗？/ Allow these tool calls?",
                "tool_calls": [{"name": c["name"], "args": c["args"], "id": c["id"]} for c in request.tool_calls],
            }
        )
        if not isinstance(decision, dict):  # a bare "approve" / "reject" string is fine too
            decision = {"action": str(decision)}
        action = decision.get("action", "reject")

        if action == "approve":
            return Command(goto="tools")

        if action == "edit":
            # Same message id: the add_messages reducer *replaces* the model's request
            # with the corrected one, so the tools node runs the edited arguments.
            edited = AIMessage(
                content=request.content,
                id=request.id,
                tool_calls=[
                    {**call, "args": {**call["args"], **decision.get("args", {})}} for call in request.tool_calls
                ],
            )
            return Command(goto="tools", update={"messages": [edited]})

        # Rejected: answer every call with a ToolMessage so each tool_call_id still
        # has its partner, and let the model tell the user nothing was sent.
        reason = decision.get("reason") or "审批人拒绝 / rejected by the reviewer"
        replies = [
            ToolMessage(content=f"未发送：{reason}", tool_call_id=call["id"], name=call["name"])
            for call in request.tool_calls
        ]
        return Command(goto="model", update={"messages": replies})

    builder = StateGraph(MessagesState)
    builder.add_node("model", call_model)
    builder.add_node("approve", approve, destinations=("tools", "model"))
    builder.add_node("tools", ToolNode(tools))
    builder.add_edge(START, "model")
    builder.add_conditional_edges("model", route_after_model)
    builder.add_edge("tools", "model")
    return builder.compile(checkpointer=checkpointer)
