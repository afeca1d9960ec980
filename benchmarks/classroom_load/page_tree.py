"""What the protocol client (:mod:`.protocol`) keeps of a page: its elements and blocks, and its script runs."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


class ProtocolError(RuntimeError):
    """The server said something this client cannot follow (or nothing, in time)."""


@dataclass
class Node:
    """One element or block of the page, as the last delta at its path left it."""

    kind: str  # "element" or "block"
    type: str  # the oneof inside Element / Block: "markdown", "text", "chat_input", "chat_message", ...
    proto: Any  # streamlit.proto Element or Block
    run: int  # which run (this client's count of new_session messages) wrote it
    at: float  # time.perf_counter() when it arrived
    fragment: str = ""  # the st.fragment that drew it (Delta.fragment_id), "" outside any fragment

    @property
    def widget(self) -> Any:
        """The widget proto (``Element.<type>``) when this element has an ``id``, else None."""
        if self.kind != "element":
            return None
        inner = getattr(self.proto, self.type)
        return inner if "id" in inner.DESCRIPTOR.fields_by_name and inner.id else None

    @property
    def text(self) -> str:
        """The visible text of an element (markdown, text, heading, alert, code), ``""`` otherwise."""
        if self.kind != "element":
            return ""
        inner = getattr(self.proto, self.type)
        for name in ("body", "code_text"):
            if name in inner.DESCRIPTOR.fields_by_name:
                return str(getattr(inner, name))
        return ""


@dataclass
class Run:
    """One script run as this client saw it: from the BackMsg that asked for it to its ``script_finished``."""

    sent_at: float
    number: int = -1  # the new_session count when it started
    finished_at: float | None = None
    status: str = ""
    fragment: str = ""
