"""What the LangGraph pages' exercises share: inline code in a prompt, the target keyword, a computed answer.

Light on purpose (stdlib only at the top): the registry imports the pages' exercise modules to
count their exercises, and the landing page loads no LangChain.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from langchain_core.language_models import BaseChatModel

#: The search keyword the make exercises of pages 3 and 5 aim at.
TARGET_QUERY = "Bangkok weather"


def code(text: Any) -> str:
    """Inline code for markdown: backticks inside the text cannot end the span early.

    >>> code("a`b")
    "`a'b`"
    """
    return "`" + str(text if text is not None else "").replace("`", "'").replace("\n", " ") + "`"


def first_accepted(candidates: Sequence[Any], works: Callable[[Any], bool]) -> Any:
    """The first candidate the real check accepts (so a "make" exercise's answer is computed, not typed)."""
    return next((c for c in candidates if works(c)), None)


def builtin_llm() -> BaseChatModel:
    """The built-in teaching model (whatever the sidebar says): the checks' runs are the default ones."""
    from toolcall_lab.llm import build_chat_model

    model: BaseChatModel = build_chat_model()
    return model


def as_int(answer: Any) -> int | None:
    """A number widget's answer as an int (``None`` when nothing was typed or it is not a number)."""
    if answer is None or isinstance(answer, bool):
        return None
    try:
        return int(answer)
    except (TypeError, ValueError):
        return None
