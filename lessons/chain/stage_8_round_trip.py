"""Page ⑧ round trip — its exercises: predict the second request's size, then make one with three tool messages.

Each check runs the real round trip (:func:`toolcall_lab.stages.round_trip.run_round_trip`) and reads
the second request's messages. The page ends with the chain section's review after these two
(:data:`lessons.course.review_exercises.REVIEW_CHAIN`, the last of :data:`EXERCISES`). The stages are
imported inside the functions, so the registry can count these without LangChain.
"""

from __future__ import annotations

from typing import Any

from lessons.chain.answers import first_accepted
from lessons.course.review_exercises import REVIEW_CHAIN
from toolcall_lab.checks import Checked
from toolcall_lab.exercises import Context, Exercise, Line, Number
from toolcall_lab.i18n import Text

#: The question of the predict exercise, in each language.
SIZE_QUESTION = Text("北京天气，顺便看看上海", "Weather in Beijing, and also Shanghai")

#: Questions tried, in order, to compute the answer of the "make" exercise on page ⑧.
# zh-only: questions asked of the model, in either language
THREE_TOOLS_CANDIDATES: tuple[str, ...] = (
    "What's the weather in Bangkok?",
    "Weather in Beijing, Shanghai and Tokyo",
    "北京、上海和东京的天气",
)


def second_request_size(question: str, lang: str = "zh", *, llm: Any = None) -> dict[str, Any]:
    """The real run's second request: how many messages and which roles (0 and ``[]`` when there is none).

    The run is the page's: the chain's system prompt first (:data:`lessons.chain.examples.SYSTEM_PROMPT`),
    so the count is the one the page's table of the second request shows.
    """
    from lessons.chain.examples import SYSTEM_PROMPT  # the examples import the stages: LangChain
    from toolcall_lab.stages.round_trip import run_round_trip

    run = run_round_trip(question, llm=llm, lang=lang, system=SYSTEM_PROMPT(lang))
    roles = [m.get("role") for m in run.second_request_messages or []]
    return {"count": len(roles), "roles": roles, "requests": len(run.exchanges)}


def check_second_request_size(answer: int | None, question: str, lang: str = "zh", *, llm: Any = None) -> Checked:
    """Predict: how many messages will the second request carry for ``question``?"""
    seen = second_request_size(question, lang, llm=llm)
    return Checked(answer is not None and int(answer) == seen["count"], seen["count"], seen)


def check_three_tool_messages(question: str | None, lang: str = "zh", *, llm: Any = None) -> Checked:
    """Make: a question whose second request carries exactly three ``tool`` messages."""

    def tools_in(q: str) -> dict[str, Any]:
        return second_request_size(q, lang, llm=llm)

    expected = first_accepted(THREE_TOOLS_CANDIDATES, lambda q: tools_in(q)["roles"].count("tool") == 3)
    text = (question or "").strip()
    if not text:
        return Checked(False, expected)
    seen = tools_in(text)
    return Checked(seen["roles"].count("tool") == 3, expected, seen)


def _lang(context: Context) -> str:
    return str(context["lang"])


def _roles(found: Checked, none: Text) -> Text:
    roles = ", ".join((found.shown or {}).get("roles") or [])
    return Text(roles or none("zh"), roles or none("en"))


def _size_right(found: Checked, _context: Context) -> Text:
    roles = _roles(found, Text("—", "—"))
    return Text(f"第二次请求是 [{roles('zh')}]。", f"The second request is [{roles('en')}].")


def _size_wrong(_found: Checked, _context: Context) -> Text:
    """Where to look, not the roles (they are the answer, shown with "show me")."""
    return Text(
        "第二次请求的条数不是这个。这个问题问了几个城市？每个调用都有一条 tool 消息。",
        "The second request carries another number of messages. How many cities does the question name? "
        "Each call gets its own tool message.",
    )


def _three_right(found: Checked, _context: Context) -> Text:
    roles = _roles(found, Text("没有第二次请求", "no second request"))
    return Text("三个调用，三条 tool 消息：", "Three calls, three tool messages: ") + Text(
        f"[{roles('zh')}]", f"[{roles('en')}]"
    )


def _three_wrong(found: Checked, _context: Context) -> Text:
    roles = _roles(found, Text("没有第二次请求", "no second request"))
    return Text("第二次请求是：", "The second request is: ") + Text(f"[{roles('zh')}]", f"[{roles('en')}]")


def _size_prompt(context: Context) -> Text:
    question = SIZE_QUESTION(_lang(context))
    return Text(
        f"像这一页的运行一样（带同一条系统提示词），问内置模型「{question}」。第二次请求的 messages 有几条？",
        f"Ask the built-in model “{question}” as this page's runs do (with the same system prompt). "
        "How many messages does the second request carry?",
    )


EXERCISES: tuple[Exercise, ...] = (
    Exercise(
        slug="second-request-size",
        kind="predict",
        title=Text("预测：第二次请求有几条消息？", "Predict: how many messages in the second request?"),
        prompt=_size_prompt,
        answer=Number(Text("条数", "messages"), 0, 20, start=None),
        check=lambda answer, c: check_second_request_size(answer, SIZE_QUESTION(_lang(c)), _lang(c)),
        right=_size_right,
        wrong=_size_wrong,
        hint=Text(
            "看这一页第二次请求的表：系统提示词、问题、带 tool_calls 的 assistant 消息，再加每个调用一条 tool 消息。",
            "Look at the page's table of the second request: the system prompt, the question, the assistant "
            "message with its tool_calls, and one tool message per call.",
        ),
    ),
    Exercise(
        slug="three-tool-messages",
        kind="make",
        title=Text("做一个：三条 tool 消息", "Make: three tool messages"),
        prompt=Text(
            "写一个问题，让第二次请求里正好有三条 tool 消息。（检查会真的跑一遍）",
            "Write a question whose second request carries exactly three tool messages. (The check runs it for real.)",
        ),
        answer=Line(Text("问题", "Question"), max_chars=200),
        check=lambda answer, c: check_three_tool_messages(answer, _lang(c)),
        right=_three_right,
        wrong=_three_wrong,
        hint=Text(
            "内置模型为问题里的每个城市调用一次 get_weather。",
            "The built-in model calls get_weather once per city in the question.",
        ),
    ),
    REVIEW_CHAIN,
)
