"""The live run page's agent and its two exercises, run on the built-in model.

The agent is the standard LangGraph loop (:func:`toolcall_lab.live.run_traced`) with the
lab's ``get_weather`` built in the learner's language (``build_weather_tool(lang=...)``), so
on an English page the schema, the request body, the ``ToolMessage`` and the answer are
real and English; the system prompt is in the same language.

The exercises (:data:`EXERCISES`):

1. *Predict* (``predict-model-calls``) — how many model calls does a question make?
   :func:`model_calls` runs the question and counts the ``ModelCall`` events of its trace.
2. *Make* (``two-calls-one-reply``) — a question that makes the model ask for two tool calls in
   one reply. :func:`two_calls_in_one_reply` runs the learner's question and reads each reply's
   ``tool_calls``.

LangChain and LangGraph are imported inside the functions only, so the registry can count the
exercises (and home can show the course's progress) without loading them.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from toolcall_lab.checks import Checked
from toolcall_lab.exercises import Context, Exercise, Line, Number, Part, Parts, Select
from toolcall_lab.i18n import Text, normalize_lang
from toolcall_lab.markdown_text import inert_markdown

if TYPE_CHECKING:
    from langchain_core.language_models import BaseChatModel
    from langchain_core.tools import BaseTool

    from toolcall_lab.trace import RunTrace

#: The agent's system prompt.
SYSTEM_PROMPT = Text(
    "你是天气助手。需要天气数据时调用工具，只根据工具结果回答。",
    "You are a weather assistant. Call the tool for weather data and answer only from its result.",
)

#: The example questions of the page (the first one is the cold page's run).
EXAMPLES: tuple[Text, ...] = (
    Text("曼谷天气怎么样？", "What's the weather in Bangkok?"),
    Text("曼谷和东京未来3天的天气", "Weather in Bangkok and Tokyo for the next 3 days"),
    Text("FakeCity 的天气", "What's the weather in FakeCity?"),
    Text("你好", "Hello"),
)

#: The questions of the "predict" exercise: no tool, one tool, two tools.
PREDICT_QUESTIONS: tuple[Text, ...] = (
    Text("你好", "Hello"),
    Text("东京天气怎么样？", "What's the weather in Tokyo?"),
    Text("北京天气，顺便看看上海", "Weather in Beijing, and also Shanghai"),
)

#: Questions the "make" exercise tries, in order, to compute its answer (the first that works is shown).
TWO_CALL_CANDIDATES: tuple[Text, ...] = (
    Text("北京和上海的天气", "Weather in Paris and London"),
    Text("巴黎天气，再对比一下伦敦", "Weather in Paris, then compare with London"),
)


# ---------------------------------------------------------------- the tool sets a learner gives the model
#: The tool sets of the page, by the name its link carries (``?tools=``); ``all`` is every one of them.
#: The first three are ``lessons.toolsets.TOOLSETS`` (the MCP server's), built by the same factories.
TOOLSETS: tuple[str, ...] = ("weather", "tutor", "search", "all")
#: The tool set of a link without ``tools`` (every link made before there was a choice).
DEFAULT_TOOLSET = "weather"

#: Each tool set's name on the page (short: one row on a phone; the page lists the set's tools beside it).
#: The wires the live run can reach the model by (``?wire=``; ``toolcall_lab.wires.live_wires``).
WIRE_LABELS: dict[str, Text] = {
    "chat": Text("Chat Completions", "Chat Completions"),
    "responses": Text("Responses API", "Responses API"),
    "anthropic": Text("Anthropic Messages（内置模型）", "Anthropic Messages (built-in model)"),
    "gemini": Text("Gemini（内置模型）", "Gemini (built-in model)"),
}
TOOLSET_LABELS: dict[str, Text] = {
    "weather": Text("天气", "Weather"),
    "tutor": Text("小E 助教", "小E (Xiao E) tutor"),
    "search": Text("搜索", "Search"),
    "all": Text("全部", "All"),
}

#: The system prompt of each tool set but the tutor's (which is 小E's own, ``lessons.tutor.agent``).
_PROMPTS: dict[str, Text] = {
    "search": Text(
        "你是搜索助手：需要资料时调用 search_web，只根据搜索结果回答，并注明来源链接。",
        "You are a search assistant: call search_web for facts and answer only from its results, citing the links.",
    ),
    "all": Text(
        "你是一个有天气、学校和搜索工具的助手。和你对话的学生学号是 S1001。"
        "天气、词汇级别、课表、学习进度和事实都先调用工具，只根据工具结果回答。",
        "You are an assistant with weather, school and search tools. The student you are talking to has the id "
        "S1001. Call a tool for weather, word levels, timetables, progress and facts, and answer only from what "
        "it returns.",
    ),
}

#: The example questions of each tool set but the weather tool's (:data:`EXAMPLES`).
_EXAMPLES: dict[str, tuple[Text, ...]] = {
    "tutor": (
        Text("我 2026-07-25 有什么课？", "What's on my schedule on 2026-07-25?"),
        Text("accord 这个词是几级？", "What level is accord?"),
        Text("我现在学到哪了？", "How far have I got?"),
    ),
    "search": (
        Text("ToolNode 是什么？", "What is ToolNode?"),
        Text("LangGraph 的 checkpointer 是做什么的？", "What does a LangGraph checkpointer do?"),
    ),
    "all": (
        Text("曼谷天气，还有我 2026-07-25 的课", "Weather in Bangkok, and my schedule on 2026-07-25"),
        Text("我 2026-07-25 有什么课？", "What's on my schedule on 2026-07-25?"),
        Text("曼谷天气怎么样？", "What's the weather in Bangkok?"),
    ),
}


def toolset(name: object) -> str:
    """The tool set a link names (``?tools=tutor``); anything else (no ``tools``, a typo) is the weather tool.

    >>> toolset("tutor"), toolset(None), toolset("nonsense")
    ('tutor', 'weather', 'weather')
    """
    return name if isinstance(name, str) and name in TOOLSETS else DEFAULT_TOOLSET


#: What the run's outcome adds when no tool fits the question, by whether another tool set is left to pick.
_NO_FIT = {
    "another set": Text("在上面换一组工具再问一次。", "Pick another set of tools above and ask again."),
    "every tool": Text(
        "模型已经有全部工具了。每个问题都是一次新的运行，模型看不到你之前问过什么：把问题问完整，"
        "例如“巴黎天气怎么样？”",
        "The model already has every tool. Each question is a new run and the model does not see what you "
        "asked before: ask the whole question, e.g. “What's the weather in Paris?”",
    ),
}


def no_fit_hint(name: str) -> Text:
    """What to do when none of tool set ``name``'s tools fits a question: pick another set, or (``all``) ask it whole.

    >>> no_fit_hint("weather")("en")
    'Pick another set of tools above and ask again.'
    >>> no_fit_hint("all")("en").startswith("The model already has every tool.")
    True
    """
    return _NO_FIT["every tool" if toolset(name) == "all" else "another set"]


def toolset_tools(name: str, lang: str) -> list[BaseTool]:
    """The tools of tool set ``name`` in ``lang``, from ``lessons.toolsets`` (``all``: every set, in order)."""
    from lessons.toolsets import TOOLSETS as FACTORIES

    language = normalize_lang(lang)
    names = list(FACTORIES) if toolset(name) == "all" else [toolset(name)]
    return [tool for n in names for tool in FACTORIES[n](language)]


def toolset_prompt(name: str, lang: str) -> str:
    """The system prompt of tool set ``name`` in ``lang`` (the tutor's is 小E's own, naming the student S1001)."""
    language, chosen = normalize_lang(lang), toolset(name)
    if chosen == "tutor":
        from lessons.tutor.agent import system_prompt as tutor_prompt

        return tutor_prompt(language)
    return _PROMPTS[chosen](language) if chosen in _PROMPTS else system_prompt(language)


def toolset_examples(name: str, lang: str) -> tuple[str, ...]:
    """The example questions of tool set ``name`` in ``lang`` (the first one is a cold page's run)."""
    return in_lang(_EXAMPLES.get(toolset(name), EXAMPLES), lang)


def in_lang(texts: tuple[Text, ...], lang: str) -> tuple[str, ...]:
    """Each of ``texts`` in ``lang``, in order (``in_lang(EXAMPLES, "en")[0]`` is the cold page's question)."""
    language = normalize_lang(lang)
    return tuple(t(language) for t in texts)


def system_prompt(lang: str) -> str:
    """The live run's system prompt in ``lang``."""
    return SYSTEM_PROMPT(normalize_lang(lang))


def weather_tools(lang: str) -> list[BaseTool]:
    """The live run's tools: the lab's ``get_weather``, in ``lang``."""
    from toolcall_lab.stages.weather_data import build_weather_tool

    return [build_weather_tool(lang=normalize_lang(lang))]


@functools.lru_cache(maxsize=1)
def builtin_model() -> BaseChatModel:
    """The built-in teaching model (deterministic: the exercises' runs are reproducible)."""
    from toolcall_lab.llm import build_chat_model
    from toolcall_lab.settings import load_settings

    return build_chat_model(load_settings().with_overrides(provider="builtin"))


@functools.lru_cache(maxsize=2)
def _tools(lang: str) -> tuple[BaseTool, ...]:
    return tuple(weather_tools(lang))  # one tool object per language: the compiled agent is reused


def run(question: str, lang: str, llm: BaseChatModel | None = None) -> RunTrace:
    """Run ``question`` through the live run's agent (the built-in model unless ``llm`` is given)."""
    from toolcall_lab.live import run_traced

    language = normalize_lang(lang)
    return run_traced(
        question,
        builtin_model() if llm is None else llm,
        list(_tools(language)),
        system=system_prompt(language),
        lang=language,
    )


def tool_calls_per_reply(trace: RunTrace) -> list[int]:
    """How many tool calls each model reply of ``trace`` asked for, in order."""
    return [len((call.ai_message or {}).get("tool_calls") or []) for call in trace.model_calls]


def _seen(trace: RunTrace) -> dict[str, Any]:
    return {
        "question": trace.question,
        "model_calls": len(trace.model_calls),
        "tool_calls_per_reply": tool_calls_per_reply(trace),
        "tool_calls": [
            {"name": e.tool_name, "args": e.parsed_args, "tool_call_id": e.tool_call_id} for e in trace.tool_executions
        ],
        "stop_reason": trace.stop_reason,
    }


def model_calls(question: str | None, predicted: int | None, lang: str, llm: BaseChatModel | None = None) -> Checked:
    """Predict: how many model calls will ``question`` make? Runs every question of the exercise.

    Only the exercise's questions (:data:`PREDICT_QUESTIONS`, in either language) are run: an
    answer naming another one (an imported file's) is not judged right, and nothing is run for it.

    Returns:
        ``expected`` maps each question of :data:`PREDICT_QUESTIONS` (in ``lang``) to its real
        number of model calls; ``shown`` is what the run of ``question`` recorded.
    """
    language = normalize_lang(lang)
    counts = {q: len(run(q, language, llm).model_calls) for q in in_lang(PREDICT_QUESTIONS, language)}
    asked = {t(each) for t in PREDICT_QUESTIONS for each in ("zh", "en")}
    if not question or question not in asked or not isinstance(predicted, int | float) or isinstance(predicted, bool):
        return Checked(False, counts)
    seen = _seen(run(question, language, llm))
    return Checked(int(predicted) == seen["model_calls"], counts, seen)


def two_calls_in_one_reply(question: str | None, lang: str, llm: BaseChatModel | None = None) -> Checked:
    """Make: a question whose run has a model reply with two (or more) tool calls.

    Returns:
        ``expected`` is the first of :data:`TWO_CALL_CANDIDATES` whose real run does it;
        ``shown`` is what the run of the learner's question recorded.
    """
    language = normalize_lang(lang)

    def works(q: str) -> bool:
        return max(tool_calls_per_reply(run(q, language, llm)), default=0) >= 2

    expected = next((q for q in in_lang(TWO_CALL_CANDIDATES, language) if works(q)), None)
    text = (question or "").strip()
    if not text:
        return Checked(False, expected)
    seen = _seen(run(text[:500], language, llm))
    return Checked(max(seen["tool_calls_per_reply"], default=0) >= 2, expected, seen)


# ---------------------------------------------------------------- the exercises as data
def _replies(seen: dict[str, Any]) -> Text:
    """Each reply's number of tool calls, in words."""
    counts = list(enumerate(seen.get("tool_calls_per_reply", []), 1))
    return Text(
        "，".join(f"第 {i} 次回复要 {n} 个工具调用" for i, n in counts),
        ", ".join(f"reply {i} asked for {n}" for i, n in counts),
    )


#: Why a question costs the model calls it costs (said after every prediction).
ONE_MORE_CALL = Text(
    "有工具调用就要再问一次模型，让它读 ToolMessage；一次回复里的几个调用只多一次模型调用。",
    "A reply with tool calls needs one more model call to read the ToolMessages; several calls in one reply cost one.",
)


def _count_words(found: Checked, _context: Context) -> Text:
    seen = found.shown or {}
    if not seen:
        return Text("先选一个问题并写下预测。", "Pick a question and write your prediction.")
    question, n, replies = seen["question"], seen["model_calls"], _replies(seen)  # one of the exercise's questions
    said = Text(
        f"“{question}”这次运行有 {n} 次模型调用（{replies.zh}）。",
        f"The run of “{question}” made {n} model call(s) ({replies.en}).",
    )
    return said + Text(" ", " ") + ONE_MORE_CALL


def _count_wrong(found: Checked, _context: Context) -> Text:
    """Where to look after a miss: the question's replies, never how many calls its run made (the answer)."""
    seen = found.shown or {}
    if not seen:
        return Text("先选一个问题并写下预测。", "Pick a question and write your prediction.")
    question = seen["question"]  # one of the exercise's own questions
    return Text(
        f"把“{question}”的时间线在心里走一遍：第一次回复会要工具吗？要了的话，谁来读 ToolMessage？",
        f"Walk through the timeline of “{question}” in your head: does the first reply ask for a tool? If it does, "
        "who reads the ToolMessages?",
    )


def _calls_words(found: Checked, _context: Context) -> Text:
    seen = found.shown or {}
    if not seen:
        return Text("先写一个问题。", "Write a question first.")
    calls = "; ".join(f"{c['name']}({c['args']})" for c in seen["tool_calls"]) or "—"
    replies = _replies(seen)
    said = Text(f"真实运行：{replies.zh}。工具调用：{calls}", f"The real run: {replies.en}. Tool calls: {calls}")
    return Text(inert_markdown(said.zh), inert_markdown(said.en))  # the calls carry the learner's words


def _check_count(answer: Any, context: Context) -> Checked:
    question, predicted = answer if isinstance(answer, list | tuple) and len(answer) == 2 else (None, None)
    return model_calls(question if isinstance(question, str) else None, predicted, str(context["lang"]))


EXERCISES: tuple[Exercise, ...] = (
    Exercise(
        slug="predict-model-calls",
        kind="predict",
        title=Text("预测：这个问题会调用模型几次？", "Predict: how many model calls will this question make?"),
        prompt=Text(
            "选一个问题，写下你预测的模型调用次数（时间线上“模型调用”的个数），再检查：页面会真的运行它。",
            "Pick a question and predict its number of model calls (the “model call” steps of its timeline); "
            "Check runs it for real.",
        ),
        answer=Parts(
            (
                Part(
                    "question", Select(Text("问题", "Question"), lambda c: in_lang(PREDICT_QUESTIONS, c["lang"])), "q"
                ),
                Part("model_calls", Number(Text("模型调用次数", "Model calls"), 0, 10, 0), "n"),
            ),
            as_tuple=True,  # the answer is (question, calls), as it was stored before it was data
        ),
        check=_check_count,
        right=_count_words,
        wrong=_count_wrong,
        hint=Text(
            "模型每回复一次就是一次调用；要了工具，就还得再问它一次。",
            "Each reply is one call; a reply that asks for tools is followed by one more call.",
        ),
    ),
    Exercise(
        slug="two-calls-one-reply",
        kind="make",
        title=Text("动手：让模型在一次回复里要两个工具调用", "Make: one reply with two tool calls"),
        prompt=Text(
            "写一个问题，让模型在同一次回复里请求两个工具调用（两个 tool_calls）。检查会用内置教学模型真的运行它。",
            "Write a question that makes the model ask for two tool calls in the same reply (two entries in "
            "tool_calls). Check runs it on the built-in teaching model.",
        ),
        answer=Line(Text("你的问题", "Your question"), max_chars=500),
        check=lambda answer, c: two_calls_in_one_reply(answer if isinstance(answer, str) else None, str(c["lang"])),
        right=_calls_words,
        wrong=_calls_words,
        hint=Text("一次问两个城市的天气。", "Ask for the weather of two cities at once."),
    ),
)
