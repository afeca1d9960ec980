"""What a learner could ask, from the tools bound in the request: the reply to "idk what to ask" / "不知道问啥".

A learner stuck for a question gets a short list of things the tools of *this* request answer, each with an
example in the learner's language, never a tool call. A tool of a known concept (weather, words, timetable,
record, web search) gets an example question; any other tool is named with the first line of its description.
"""

from __future__ import annotations

from typing import Any

from toolcall_lab.i18n import Text
from toolcall_lab.offline import nlu
from toolcall_lab.offline.kinds import function_of, tool_name
from toolcall_lab.offline.schema_facts import tool_gloss

_EXAMPLES: dict[str, Text] = {
    "weather": Text(
        "查某个城市的天气（比如「东京明天天气怎么样」）",
        'the weather in a city ("what\'s the weather in Tokyo tomorrow?")',
    ),
    "word": Text("查单词的等级和意思（比如「accord 是几级」）", 'a word\'s level or meaning ("what level is accord?")'),
    "schedule": Text("查某天的课表（比如「我明天有课吗」）", 'your schedule on a day ("do I have class tomorrow?")'),
    "progress": Text(
        "查学习进度和测评成绩（比如「我学到哪了」）", 'your progress and test scores ("how far have I got?")'
    ),
    "search": Text(
        "上网搜最新资料（比如「搜一下 LangGraph 的 checkpointer」）",
        'search the web for up-to-date information ("search LangGraph checkpointers")',
    ),
}


def _line(tool: dict[str, Any], lang: str) -> str:
    name = tool_name(tool)
    concepts = nlu.concepts_in(name.replace("_", " "))
    example = next((_EXAMPLES[c] for c in _EXAMPLES if c in concepts), None)
    if example is not None:
        return f"- {example(lang)}"
    first = str(function_of(tool).get("description") or "").strip().splitlines()
    if lang == "en" and first and nlu.CJK.search(first[0]):
        return f"- {name}: {tool_gloss(tool)}"  # a Chinese description is glossed for an English learner, not pasted
    return f"- {name}" + (Text("：", ": ")(lang) + first[0] if first else "")


def what_to_ask(tools: list[dict[str, Any]], lang: str) -> str:
    """A short reply for a learner who does not know what to ask: what the bound tools can answer.

    >>> tool = {"type": "function", "function": {"name": "get_weather", "description": "查询天气"}}
    >>> print(what_to_ask([tool], "en"))
    No problem! You could ask me about:
    - the weather in a city ("what's the weather in Tokyo tomorrow?")
    """
    if not tools:
        return Text("没关系！想到什么随时问我就好。", "No problem! Ask me whenever something comes to mind.")(lang)
    head = Text("没关系！你可以问我这些：", "No problem! You could ask me about:")(lang)
    return "\n".join([head, *(_line(t, lang) for t in tools)])
