"""Context control: what one model call is sent, cut down without breaking tool pairs.

State may keep the whole conversation; a model call does not have to carry all of
it. The simplest trim, "the last N messages", has a trap: an ``AIMessage`` that
asked for tools and the ``ToolMessage`` replies that answer it (matched by
``tool_call_id``) must travel together. Cut between them and the provider rejects
the request with HTTP 400, because a tool reply answers a call it never saw.

:func:`trim_keeping_pairs` cuts on *unit* boundaries instead. A unit is either one
message, or an ``AIMessage`` with ``tool_calls`` together with the tool replies that
follow it. System messages at the front are always kept and are not counted.
"""

from __future__ import annotations

from collections.abc import Sequence

from langchain_core.messages import AIMessage, BaseMessage, SystemMessage, ToolMessage


def naive_trim(messages: Sequence[BaseMessage], max_messages: int) -> list[BaseMessage]:
    """The tempting trim: keep the last ``max_messages`` messages, whatever they are.

    >>> from langchain_core.messages import HumanMessage
    >>> [m.content for m in naive_trim([HumanMessage("a"), HumanMessage("b")], 1)]
    ['b']
    """
    return list(messages[-max_messages:]) if max_messages > 0 else []


def split_units(messages: Sequence[BaseMessage]) -> list[list[BaseMessage]]:
    """Group messages into units that must not be separated.

    An ``AIMessage`` with tool calls opens a unit, and the ``ToolMessage`` replies
    right after it whose ``tool_call_id`` it issued join that unit. Every other
    message is a unit of its own (an orphan tool reply, too: it has no partner left).
    """
    units: list[list[BaseMessage]] = []
    open_ids: set[str] = set()  # tool_call ids issued by the unit being built
    for message in messages:
        if isinstance(message, ToolMessage) and message.tool_call_id in open_ids:
            units[-1].append(message)  # a reply joins the call it answers
            continue
        units.append([message])
        open_ids = (
            {call["id"] for call in message.tool_calls if call["id"]}  # a call without an id has no reply to pair
            if isinstance(message, AIMessage) and message.tool_calls
            else set()
        )
    return units


def trim_keeping_pairs(messages: Sequence[BaseMessage], max_messages: int) -> list[BaseMessage]:
    """Keep at most ``max_messages`` recent messages without splitting a tool-call pair.

    Leading system messages are kept as they are and do not count. Then whole units
    (see :func:`split_units`) are taken from the newest backwards while they fit. The
    newest unit is always kept, even if it alone is larger than the budget: a call
    without the latest question (or the latest tool replies) would be useless.

    Args:
        messages: the conversation, oldest first.
        max_messages: the budget for non-system messages.

    Returns:
        The trimmed list, oldest first.

    Example (``H`` human, ``A*`` AI with one tool call, ``T`` its reply, ``A`` answer)::

        [H, A*, T, A, H]  with max 3  →  [A, H]        (naive: [T, A, H], T orphaned)
        [H, A*, T, A, H]  with max 4  →  [A*, T, A, H]
    """
    head = 0
    while head < len(messages) and isinstance(messages[head], SystemMessage):
        head += 1
    system, rest = list(messages[:head]), messages[head:]

    kept: list[list[BaseMessage]] = []
    used = 0
    for unit in reversed(split_units(rest)):
        if kept and used + len(unit) > max_messages:
            break
        kept.append(unit)
        used += len(unit)
    return system + [m for unit in reversed(kept) for m in unit]


def orphaned_tool_replies(messages: Sequence[BaseMessage]) -> list[str]:
    """The ``tool_call_id`` of every tool reply whose call is not earlier in the list.

    An empty list means the provider will accept the pairing.
    """
    issued: set[str] = set()
    orphans: list[str] = []
    for message in messages:
        if isinstance(message, AIMessage):
            issued.update(call["id"] for call in message.tool_calls if call["id"])
        elif isinstance(message, ToolMessage) and message.tool_call_id not in issued:
            orphans.append(message.tool_call_id)
    return orphans
