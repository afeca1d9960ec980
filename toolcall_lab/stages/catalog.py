"""The eight stages of the chain, in order, with their titles and lesson files.

One entry per chain page. The step-through control (:mod:`.round_trip`) walks a run
across these stages; each page reads its lesson prose with
``toolcall_lab.i18n.lesson_text(stage.lesson, lang)``.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any


@dataclass(frozen=True)
class Stage:
    """One stage of the chain.

    Attributes:
        index: 1-based position in the chain.
        key: stable identifier used in step-through artifacts (``"tool_source"`` …).
        module: the module under ``toolcall_lab.stages`` holding its functions.
        lesson: the lesson prose name (``lessons/content/<lesson>.<lang>.md``).
        title: ``{"zh", "en"}`` short title.
        question: ``{"zh", "en"}`` — the one question the stage answers.
    """

    index: int
    key: str
    module: str
    lesson: str
    title: dict[str, str]
    question: dict[str, str]

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


STAGES: tuple[Stage, ...] = (
    Stage(
        1,
        "tool_source",
        "tool_source",
        "stage_1_tool",
        {"zh": "@tool：函数变成工具", "en": "@tool: a function becomes a tool"},
        {"zh": "装饰器从函数里读出了什么？", "en": "What does the decorator read from the function?"},
    ),
    Stage(
        2,
        "schema",
        "schema",
        "stage_2_schema",
        {"zh": "JSON Schema：模型读到的参数说明", "en": "JSON Schema: the arguments as the model reads them"},
        {"zh": "哪些规则能让模型看见？", "en": "Which rules can the model see?"},
    ),
    Stage(
        3,
        "bind_tools",
        "wire",
        "stage_3_bind_tools",
        {"zh": "bind_tools：请求里的 tools", "en": "bind_tools: the tools in the request"},
        {"zh": "真正发出去的请求体长什么样？", "en": "What does the request body really contain?"},
    ),
    Stage(
        4,
        "tool_call",
        "tool_call",
        "stage_4_tool_call",
        {"zh": "tool_call：模型的调用意图", "en": "tool_call: the model's request to call"},
        {"zh": "为什么 arguments 是字符串？", "en": "Why is arguments a string?"},
    ),
    Stage(
        5,
        "validation",
        "validation",
        "stage_5_validation",
        {"zh": "JSON 与 Pydantic：能读、形对、事实对", "en": "JSON and Pydantic: readable, well-shaped, true"},
        {"zh": "参数在哪一层被拦下？", "en": "At which layer are bad arguments stopped?"},
    ),
    Stage(
        6,
        "kwargs",
        "kwargs",
        "stage_6_kwargs",
        {"zh": "func(**kwargs)：字典变成函数调用", "en": "func(**kwargs): a dict becomes a call"},
        {"zh": "参数是怎么对上号的？", "en": "How are arguments matched to parameters?"},
    ),
    Stage(
        7,
        "tool_message",
        "tool_message",
        "stage_7_tool_message",
        {"zh": "ToolMessage：结果回到模型", "en": "ToolMessage: the result goes back"},
        {"zh": "模型怎么知道这是哪次调用的结果？", "en": "How does the model know which call this answers?"},
    ),
    Stage(
        8,
        "round_trip",
        "round_trip",
        "stage_8_round_trip",
        {"zh": "第二次请求：模型写出答案", "en": "The second request: the model answers"},
        {"zh": "第二次请求里到底有什么？", "en": "What exactly is in the second request?"},
    ),
)


def stage(key: str) -> Stage:
    """The stage with this key (``KeyError`` if there is none)."""
    for item in STAGES:
        if item.key == key:
            return item
    raise KeyError(key)
