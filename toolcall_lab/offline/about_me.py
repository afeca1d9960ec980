"""Questions about the assistant itself: where its search results come from, whether it cites links, how it
knows the learner's id, how two of its tools differ.

"where do your search results come from?", "你回答的时候会把链接附上吗", "wait is S1001 my id? how do you know
that", "what's the difference between get_weather and search_web here": each is about the model and its tools,
which the tool schemas and the system prompt already answer. A careful model does not send such a question to
its search tool (the web knows nothing about this conversation); it answers from what it was given.
"""

from __future__ import annotations

import re
from typing import Any

from toolcall_lab.i18n import Text
from toolcall_lab.offline import nlu, tool_reach
from toolcall_lab.offline.kinds import function_of, tool_name
from toolcall_lab.offline.schema_facts import gloss, params_of, tool_gloss

_SOURCES = re.compile(
    r"\bwhere (?:do|does) (?:your|the|these|those) (?:search )?(?:results?|answers?|info(?:rmation)?|links?)"
    r"(?: \w+){0,2} come from\b|\bare (?:those|these|they|the results) real (?:websites?|sites?|pages?|links?)\b"
    r"|\b(?:do|will|would) you (?:cite|give|include|add|attach|show) (?:the |your )?(?:sources?|links?|urls?)\b"
    r"|(?:你|您)(?:的)?(?:搜索)?(?:结果|资料|答案)(?:都)?(?:是)?(?:从哪|哪儿|哪里)来"
    r"|(?:你|您).{0,8}(?:会|能)?(?:把|附上|给出|带上|附|给)(?:链接|来源|出处)[^，。]{0,6}(?:吗|么|嘛|伐|不|没|[?？])",
    re.I,
)
_AN_ID = r"(?<![A-Za-z0-9])[A-Za-z]{1,4}\d{3,8}(?![0-9])"  # an id in any tool's shape, not only S1001
_HOW_KNOW_ID = re.compile(
    rf"\bhow (?:do|did) you know (?:that|my id|it|who i am)\b|\bis (?:{_AN_ID}|that) (?:really )?my (?:id|student id)\b"
    rf"|(?:你)?怎么知道(?:我的)?学号|{_AN_ID}\s*是我的学号吗"
    r"|\bif i (?:never|didn'?t|did not|haven'?t) (?:told|tell|given|gave|give) you my (?:student )?id\b"
    r"|\bwhat(?:'s| is) my (?:student )?id\b|我的学号是(?:多少|什么|啥)",
    re.I,
)
#: "what's a search tool even for?", "天气工具是干嘛的": a kind of tool the assistant has, by what it does.
_TOOL_PURPOSE = re.compile(
    r"\bwhat(?:'s| is| are) (?:a|the|your) (?P<en>search|weather|word|dictionary|timetable|schedule) tools?"
    r"(?: \w+)? for\b|(?P<zh>搜索|天气|查词|课表)工具(?:是)?(?:干嘛|干什么|做什么|有什么用)"
    # "lookup_word 这个工具是干什么用的", "what is get_schedule for": a tool named by its identifier
    r"|(?P<ident>[a-z][a-z0-9]*_[a-z0-9_]+)\s*(?:这个工具|这个函数)?(?:是)?(?:干嘛|干什么|做什么|有什么用)"
    r"|\bwhat(?:'s| is) (?P<ident2>[a-z][a-z0-9]*_[a-z0-9_]+) (?:for|used for)\b",
    re.I,
)
_KIND_NAMES = {"dictionary": "word", "timetable": "schedule", "搜索": "search", "天气": "weather", "查词": "word",
               "课表": "schedule"}  # fmt: skip
#: "what does lookup_word return?", "what happens if get_weather doesn't know the city", "search_web 返回什么":
#: what a tool the learner names by its identifier gives back, asked about the tool, not of it.
_RETURNS = re.compile(
    r"\bwhat (?:does|do|would|will|did) (?P<en>[a-z][a-z0-9_]*_[a-z0-9_]+) (?:return|give(?: back| you)?|output"
    r"|hand back"
    r"|send back|spit out|reply|say)\b|\bwhat (?:happens|comes back|do (?:i|you) get)\b.{0,60}?"
    r"\b(?P<en2>[a-z][a-z0-9_]*_[a-z0-9_]+)\b"
    r"|(?P<zh>[a-z][a-z0-9_]*_[a-z0-9_]+)\s*(?:会|都)?(?:返回|输出|给出|回)(?:些)?(?:什么|啥|哪些)"
    # "get_weather 这个工具能查课表伐", "can get_weather look up my timetable?": what a named tool can do
    r"|(?P<zh2>[a-z][a-z0-9_]*_[a-z0-9_]+)\s*(?:这个工具)?(?:能不能|能|可以|可不可以)(?:查|用来查|查到)"
    r"|\b(?:can|could|does) (?P<en3>[a-z][a-z0-9_]*_[a-z0-9_]+) (?:check|look up|find|tell|show)\b(?!.*\d)",
    re.I,
)
#: "how do you decide which of your tools to use?", "你怎么知道该用哪个工具": how the model chooses a tool.
_HOW_CHOOSE = re.compile(
    r"\bhow do (?:you|u) (?:decide|choose|pick|know|work out) (?:which|what|when)\b.{0,30}\btools?\b"
    r"|\bhow do (?:you|u) (?:decide|choose|pick) (?:a|the|your) tools?\b"
    r"|(?:你|您)(?:是)?怎么(?:决定|选择|选|知道|判断)(?:该|要)?(?:用|调用)(?:哪个|哪些|什么)工具",
    re.I,
)
#: "which one of your tools tells me what room a class is in? just name it": a tool named, not run
_WHICH_TOOL = re.compile(
    r"\bwhich (?:one )?of (?:your|the|these) tools\b|\bwhich tool (?:tells|gives|shows|finds|would|should|do|can|is)\b"
    r"|哪个工具(?:能|可以|会|是)?(?:查|告诉|用来)|(?:用|调用)哪个工具",
    re.I,
)
#: "why does your weather tool only go up to 7 days?", "why can you only look up words? who decided that?":
#: why the assistant is set up as it is, asked of it (its tools' schemas and its prompt say; no tool does)
_WHY_LIMITED = re.compile(
    r"\bwhy (?:does|do|can|can'?t|cannot|is|are|won'?t) (?:you|u|(?:your|the|this|these) (?:\w+ )?tools?)\s+"
    r"(?:only|just|not|never)\b|\bwho (?:decided|chose|set|made) (?:that|this|those|the limits?)\b"
    r"|为什么(?:你|您|这个工具|工具|[天气查词搜索课表]{2}工具)(?:只能|只会|只|不能|没法)|谁(?:定|规定|决定)的",
    re.I,
)
#: "查学习档案需要什么信息？", "what info do you need to check my progress": what a tool takes, asked before any use
_NEEDS = re.compile(
    r"\bwhat (?:\w+ ){0,2}(?:do|does|would|will) (?:you|u|it|the tool|that tool) (?:need|want|require)\b"
    r"(?! to (?:know )?about)"
    r"|\bwhat (?:info(?:rmation)?|details?|inputs?|params?|parameters?) (?:is|are) (?:needed|required)\b"
    r"|\bwhat do i (?:need to|have to|must) (?:give|tell|provide|send|type)\b"
    r"|\bwhat does (?:the |your )?[\w ]{1,30}? take(?: as (?:input|an? argument|arguments))?\??$"
    r"|\bwhat (?:inputs?|arguments?|args|params?|parameters?) does\b|(?:接收|接受|需要)(?:哪些|什么)(?:参数|输入)"
    r"|(?:需要|要|得)(?:我)?(?:提供|给你|给|告诉你|输入|填)?(?:什么|哪些|啥)(?:信息|参数|资料|东西|输入)"
    r"|(?:要|得|需要)(?:我)?(?:给你)?(?:提供|告诉你|输入|填)(?:什么|哪些|啥)|(?:要|得|需要)(?:我)?给你(?:什么|哪些|啥)",
    re.I,
)
#: "你这个搜索能不能查到我的上课记录？先回答能不能": whether it can, asked before (or instead of) doing it
_WHETHER_ONLY = re.compile(
    r"(?:先|只)(?:回答|告诉我|说)(?:一下)?(?:能不能|能否|可不可以|行不行)"
    r"|\bjust (?:tell me |answer )?(?:if|whether) (?:you|it)"
    r" can\b|\b(?:yes or no|don'?t (?:do|run|check) it),? (?:can|could) (?:you|it)\b",
    re.I,
)
#: "is there a cap on how many words i can ask in one go", "一次最多能查几个词": how many at once
_AT_ONCE = re.compile(
    r"\b(?:cap|limit|max(?:imum)?)\b[^?]{0,40}\bhow many\b|\bhow many\b[^?]{0,40}\b(?:at once|in one go|in one message"
    r"|at a time|per message)\b|一次(?:最多)?(?:能|可以)?(?:问|查)(?:几|多少)个|一次性(?:能|可以)?(?:问|查)(?:几|多少)",
    re.I,
)
_TOOL_USE = re.compile(
    r"查|搜|用|调用|工具|函数|\b(?:look(?:ing)? (?:up|at)|check(?:ing)?|search(?:ing)?|use|call(?:ing)?|run|tool"
    r"|function|pull(?:ing)? up|bring(?:ing)? up|find)\b"
    r"|\b[a-z]+_[a-z_]+\b",
    re.I,
)
_DIFFERENCE = re.compile(r"\bdifference between\b|\bvs\.?\b|\bversus\b|有什么(?:不同|区别)|区别是|差别", re.I)


_CAPABILITIES = re.compile(
    r"^\s*(?:你|您)(?:都)?(?:能|可以|会)(?:帮我)?(?:做|干|查)?(?:些)?(?:什么|啥|哪些)(?:事|事情|忙)?[?？呀啊呢吗]*\s*$"
    r"|(?:你|您)(?:平时)?(?:都)?(?:能|可以|会)(?:帮我)?(?:做|干|查)(?:些)?(?:什么|啥|哪些)"
    r"|\bwhat (?:else )?(?:can|could) you (?:do|help(?: me)?(?: with)?)\b"
    r"|^\s*what (?:can|could) you (?:look up|check)(?: for me)?\??\s*$"
    r"|^\s*(?:what are|which are) your tools\??\s*$|^\s*how can you help(?: me)?\??\s*$"
    r"|服务范围|能做哪些事|\bwhat(?:'s| is) your scope\b|(?:能|可以)(?:帮我)?查哪(?:几|些)类"
    # "你会自己去网上搜东西吗", "do you search the web on your own": whether it acts by itself
    r"|(?:你|您)(?:会|能)自己(?:去)?(?:网上|上网)?(?:搜|查)"
    r"|\b(?:do|would|will|can) you (?:ever )?(?:search|google|browse)\b[^?]{0,25}\b(?:on your own|by yourself)\b"
    # "你能帮上我哪些忙", "哪些信息是你能替我查到的", "你这个天气助手大概能查哪些地方"
    r"|(?:你|您)[^，。？?]{0,8}(?:能|可以|会)(?:帮上?|替)?我?(?:哪些|什么|啥)(?:忙|事)"
    r"|哪些(?:信息|东西|内容|数据|地方|城市)(?:是)?(?:你|您)(?:能|可以)"
    r"|(?:你|您)[^，。？?]{0,8}(?:能|可以)(?:替我|帮我)?查(?:到)?(?:哪些|什么|啥)(?:地方|城市|信息|东西|内容|数据)"
    r"|(?:你|您)(?:都)?(?:能|可以|会)(?:帮我)?(?:干|做)(?:点)?(?:嘛|啥|什么)|(?:一共|总共)?(?:有)?(?:几个|多少个)工具"
    r"|\bhow many tools\b|\b(?:what|which) tools (?:do you have|have you got|can you use)\b|你有(?:哪些|几个|什么)工具"
    r"|\bwhat (?:kinds?|sorts?) of (?:things|stuff|questions) (?:can|could|do) you"
    r" (?:do|answer|look up|check|find|help(?: me)?(?: with)?)\b",
    re.I,
)


def asks_capabilities(text: str) -> bool:
    """Does the learner ask what the assistant can do or which tools it has ("what can you do", "你有哪些工具")?"""
    return bool(_CAPABILITIES.search(text))


def kind_of(text: str, tools: list[dict[str, Any]]) -> str | None:
    """``sources``, ``default_id`` or ``tools_compared`` for a question about the assistant, else ``None``.

    >>> search = [{"function": {"name": "search_web", "description": "Search the web."}}]
    >>> kind_of("where do your search results come from, are those real websites?", search)
    'sources'
    >>> kind_of("wait is S1001 my id? how do you know that", []), kind_of("search the web for ToolNode", search)
    ('default_id', None)
    """
    names = [tool_name(t) for t in tools]
    if _SOURCES.search(text) and any("search" in n for n in names):
        return "sources"
    if _purpose_of(text, tools) is not None:
        return "tool_purpose"
    if _HOW_KNOW_ID.search(text):
        return "default_id"
    if tool_reach.asked(text, tools):  # "你这个天气工具能告诉我湿度吗": a figure the schema never mentions
        return "tool_reach"
    if _AT_ONCE.search(text) and tools:
        return "at_once"
    if _WHETHER_ONLY.search(text) and tools:
        return "can_it"
    if _NEEDS.search(text) and _TOOL_USE.search(text) and tools:
        return "tool_needs"
    if _returning(text, tools) is not None:
        return "tool_returns"
    if _HOW_CHOOSE.search(text):
        return "how_choose"
    if _WHY_LIMITED.search(text):
        return "why_limited"
    go_ahead = re.search(r"\bjust (?:check|do|run|look up) it\b|\bgo ahead\b|直接查|帮我查一下吧", text, re.I)
    if _WHICH_TOOL.search(text) and _fitting(text, tools) and not go_ahead:
        return "which_tool"
    if _DIFFERENCE.search(text) and sum(bool(n) and n in text for n in names) >= 2:
        return "tools_compared"
    return None


def _purpose_of(text: str, tools: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The offered tool a "what is the X tool for" question names by its kind, else ``None``."""
    m = _TOOL_PURPOSE.search(text)
    if m is None:
        return None
    named = m.group("ident") or m.group("ident2")
    if named:
        return next((t for t in tools if tool_name(t) == named), None)
    said = (m.group("en") or m.group("zh")).lower()
    kind = _KIND_NAMES.get(said, said)
    return next((t for t in tools if kind in tool_name(t)), None)


def _returning(text: str, tools: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The offered tool a "what does X return" question names by its identifier, else ``None``."""
    m = _RETURNS.search(text)
    said = m and next((g for g in m.group("en", "en2", "zh", "zh2", "en3") if g), None)
    return next((t for t in tools if said and tool_name(t) == said.lower()), None)


def _fitting(text: str, tools: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The offered tools whose name and description share a topic with the question ("what room a class is in")."""
    asked = nlu.concepts_in(_WHICH_TOOL.sub(" ", text))
    return [t for t in tools if asked & nlu.concepts_in(f"{tool_name(t)} {function_of(t).get('description', '')}")]


def _described(tool: dict[str, Any], lang: str) -> str:
    """The tool's description, glossed in English for an English learner (never its Chinese half)."""
    said = tool_gloss(tool) if lang == "en" else str(function_of(tool).get("description", "")).strip()[:300]
    return said.rstrip("。.")


def _needs(text: str, tools: list[dict[str, Any]], lang: str) -> str:
    """What the tool the question is about takes (every tool's when none is named), read from its schema."""
    named = [t for t in tools if tool_name(t) in text] or _fitting(text, tools) or tools
    lines = []
    for tool in named:
        bare = "" if params_of([tool]) else Text("：不需要参数", ": no arguments")(lang)
        lines.append(f"- {tool_name(tool)}{bare}")
        for p in params_of([tool]):
            name = p.name if p.is_required else Text(f"{p.name}（可不填）", f"{p.name} (optional)")(lang)
            # a description in the learner's language as written; a Chinese one glossed for an English learner
            own = lang == "zh" or not nlu.CJK.search(p.description)
            said = p.description[:120].rstrip("。.") if own else gloss(p)
            said += f"（{p.type}）" if lang == "zh" else f" ({p.type})"
            lines.append(f"  - {name}{Text('：', ': ')(lang)}{said}")
    return Text(
        "按工具的 schema，调用时需要这些信息：\n" + "\n".join(lines) + "\n你只问需要什么，所以我先不查；"
        "把这些信息告诉我，我就用它们去查。",
        "By the tools' schemas, this is what a call needs:\n"
        + "\n".join(lines)
        + "\nYou only asked what is needed, so I have not called anything; give me these and I will.",
    )(lang)


def answer(kind: str, text: str, tools: list[dict[str, Any]], lang: str) -> str:
    """The answer from what the model was given (tool schemas, the system prompt), and why no tool was called."""
    if kind == "sources":
        search = next(t for t in tools if "search" in tool_name(t))
        return Text(
            f"我的搜索结果来自工具 {tool_name(search)}，它的说明是：「{_described(search, lang)}」。"
            "每条结果都带标题和链接，我回答时会把用到的结果的链接列在后面，你可以自己点开核对。这个问题问的是我自己，不用搜索。",
            f'My search results come from the tool {tool_name(search)}, described as: "{_described(search, lang)}". '
            "Each result has a title and a link, and I list the links of the results I used after my answer, "
            "so you can check them yourself. This question is about me, so no search is needed.",
        )(lang)
    if kind == "tool_purpose":
        tool = _purpose_of(text, tools)
        if tool is None:  # kind_of found it; asked again with other tools, say so rather than name nothing
            return Text("我没有这一类工具。", "I have no tool of that kind.")(lang)
        return Text(
            f"{tool_name(tool)} 的用处，见它的说明：「{_described(tool, lang)}」。我需要它能查到的信息时才调用它；"
            "这个问题问的是工具本身，不用调用。",
            f'{tool_name(tool)} is for what its description says: "{_described(tool, lang)}". I call it when I need '
            "what it can look up; this question is about the tool itself, so no call is needed.",
        )(lang)
    if kind == "tool_returns":
        tool = _returning(text, tools)
        if tool is None:
            return Text("我没有这个名字的工具。", "I have no tool of that name.")(lang)
        return Text(
            f"{tool_name(tool)} 的说明是：「{_described(tool, lang)}」。它返回的就是这些查到的信息；查不到时，"
            "它的结果会直说没找到，我会照实告诉你，不会自己猜一个答案。这个问题问的是工具本身，不用调用它。",
            f'{tool_name(tool)}\'s description says: "{_described(tool, lang)}". It returns what it found for that; '
            "when it finds nothing, its reply says so, and I tell you that plainly rather than guess. This question "
            "is about the tool itself, so no call is needed.",
        )(lang)
    if kind == "which_tool":
        fit = _fitting(text, tools)
        lines = [f"{tool_name(t)}: {_described(t, lang)}" for t in fit]
        return Text(
            "按工具说明，能回答这个的是：\n" + "\n".join(lines) + "\n你只问是哪个工具，所以我没有调用它。",
            "By the tools' descriptions, the one for that is:\n"
            + "\n".join(lines)
            + "\nYou only asked which tool, so I did not run it.",
        )(lang)
    if kind == "how_choose":
        names = Text("、", ", ").join(tool_name(t) for t in tools)(lang)
        return Text(
            f"我读每个工具的名字、说明和参数的 JSON Schema（现在有：{names}），看你的问题要的是哪个工具能查到的信息，"
            "再从你的话里（或系统提示词、前面的对话里）找出它要的参数。没有哪个工具合适，或者缺参数时，我不调用，"
            "直接说明。每次的判断过程都写在“为什么用这个工具”的记录里。这个问题问的是我自己，不用调用工具。",
            f"I read each tool's name, description and the JSON Schema of its parameters (here: {names}), match them "
            "to what your question needs, then find each argument in your words (or the system prompt, or earlier "
            "turns). When no tool fits, or an argument is missing, I call nothing and say so. Each decision is shown "
            'in the "why this tool" record. This question is about me, so no call is needed.',
        )(lang)
    if kind == "why_limited":
        listed = "\n".join(f"- {tool_name(t)}: {_described(t, lang)}" for t in tools)
        return Text(
            "这些限制来自我被设置的方式，而不是我现在临时决定的：搭建这个实验室的人写了每个工具的 schema（它接收什么、"
            "返回什么、参数允许的范围）和我的系统提示词（我该做什么、不该做什么）。我的工具和它们的说明：\n"
            f"{listed}\n工具只能做它的 schema 允许的事。这个问题问的是我自己，不用调用工具。",
            "Those limits come from how I was set up, not from a choice I make now: the people who built this lab "
            "wrote each tool's schema (what it takes, what it returns, the range each parameter allows) and my system "
            f"prompt (what I should and should not do). My tools and their descriptions:\n{listed}\nA tool can only "
            "do what its schema allows. This question is about me, so no call is needed.",
        )(lang)
    if kind == "at_once":
        return Text(
            "没有写死的上限：一条消息里问到几个，我就在同一轮里给每个发一次工具调用，结果都回来后一起回答。"
            "一次问太多，回答会很长，分几次问更好读。这个问题问的是我自己，不用调用工具。",
            "There is no fixed cap: for each thing you ask in one message I make one tool call in the same turn, "
            "then answer once all the results are back. Very many at once makes a long answer, so a few at a time "
            "reads better. This question is about me, so no call is needed.",
        )(lang)
    if kind == "tool_reach":
        return tool_reach.answer(text, tools, lang)
    if kind == "can_it":
        asked = nlu.concepts_in(_WHETHER_ONLY.sub(" ", text)) - {
            "search"
        }  # "你这个搜索能不能…": the tool, not the thing
        fit = [t for t in tools if asked & nlu.concepts_in(f"{tool_name(t)} {function_of(t).get('description', '')}")]
        names = Text("、", ", ").join(tool_name(t) for t in tools)(lang)
        if fit:
            listed = Text("、", ", ").join(tool_name(t) for t in fit)(lang)
            return Text(
                f"能：按工具说明，{listed} 能查这类信息。你只问能不能，所以我还没有查；要查就告诉我。",
                f"Yes: by their descriptions, {listed} can look that up. You only asked whether, so I have not "
                "looked anything up yet; say so and I will.",
            )(lang)
        return Text(
            f"不能：我的工具（{names}）的说明里没有一个能查这个的；搜索工具只搜公开的网页，查不到你个人的记录。"
            "你只问能不能，所以我没有调用工具。",
            f"No: none of my tools ({names}) says it can look that up; a search tool only searches public web pages, "
            "not your own records. You only asked whether, so I called no tool.",
        )(lang)
    if kind == "tool_needs":
        return _needs(text, tools, lang)
    if kind == "default_id":
        said = re.search(_AN_ID, text)
        sid = said.group(0) if said else Text("默认学号", "the default id")(lang)
        return Text(
            f"{sid} 是系统提示词里给的默认学号：你没报学号时，我就按它来查。"
            f"如果你的学号不是 {sid}，告诉我正确的，我用你的学号查。",
            f"{sid} is the default student id the system prompt gives me: when you don't give an id, I use it. "
            f"If yours is not {sid}, tell me your id and I will look things up with it.",
        )(lang)
    named = [t for t in tools if tool_name(t) and tool_name(t) in text]
    lines = [f"- {tool_name(t)}: {_described(t, lang)}" for t in named]
    head = Text(
        "这两个工具的说明（来自它们的 schema，不用调用）：",
        "What the two tools do, from their schemas (no call needed):",
    )
    return "\n".join([head(lang), *lines])
