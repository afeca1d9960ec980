"""The reading steps of a turn, explained in both languages for the "why this tool" panel.

Each function returns one :class:`~.record.StepRecord`: what the learner typed, what the model
read it as, and one sentence in both languages (a :class:`~toolcall_lab.i18n.Text`). The planner collects them; the
decision record carries them in its ``steps`` field.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from toolcall_lab.i18n import Text
from toolcall_lab.offline.record import StepRecord
from toolcall_lab.offline.romanise import Rewrite

_WHY_ZH = {
    "place name": "地名的旧拼法或简称",
    "abbreviation": "缩写",
    "colloquial": "口语说法",
    "an earlier turn": "指的是前面对话里的这一位",
    "the English word asked for": "学生问的是它的英文单词",
    "the other one an earlier message named": "前面那条消息提到、还没查过的另一个",
    "the value the model asked for, read with the question before it": "这是模型刚才问学生要的值，和上一句问题合起来读",
}


def rewritten(change: Rewrite) -> StepRecord:
    """A word rewritten before reading (pinyin, an old romanisation, an abbreviation, slang)."""
    why_zh = _WHY_ZH.get(change.why) or change.why.replace("pinyin of ", "拼音，对应").replace(
        ", one letter off", "，差一个字母"
    )
    return StepRecord.of(
        "normalised",
        change.typed,
        change.read_as,
        Text(
            f"把「{change.typed}」读作「{change.read_as}」（{why_zh}）。",
            f'Read "{change.typed}" as "{change.read_as}" ({change.why}).',
        ),
    )


def today_stated(said: str, today: dt.date) -> StepRecord:
    """The learner said what day it is: relative days count from it (the system prompt states none)."""
    return StepRecord.of(
        "computed",
        said,
        today.isoformat(),
        Text(
            f"学生说了今天的日期（「{said}」）：系统提示词里没有日期，"
            f"所以「今天」「明天」从 {today.isoformat()} 算起。",
            f'The learner said what day it is ("{said}"); the system prompt gives no date, so "today" and '
            f'"tomorrow" count from {today.isoformat()}.',
        ),
    )


def spelling_corrected(typed: str, value: str) -> StepRecord:
    """A misspelt word the learner asked about, looked up as the word they meant."""
    return StepRecord.of(
        "normalised",
        typed,
        value,
        Text(
            f"「{typed}」不是一个英文单词，最接近的是 {value}（只差一个字母）：按 {value} 查。",
            f'"{typed}" is not an English word; the nearest one is {value} (one letter off), so I looked up {value}.',
        ),
    )


def id_shaped(typed: str, value: str, param: str) -> StepRecord:
    """An id written another way ("#1003", "S 1002") put into the shape its parameter describes."""
    return StepRecord.of(
        "normalised",
        typed,
        value,
        Text(
            f"把「{typed}」写成 {value}：这是参数 {param} 的说明里给出的格式。",
            f'Wrote "{typed}" as {value}, the shape the description of {param} gives.',
        ),
    )


def date_computed(typed: str, iso: str, today: dt.date | None) -> StepRecord:
    """A date computed from words and today's date (stated in the system prompt)."""
    base = (
        Text(
            f"（根据系统提示里的今天 {today.isoformat()} 推算）",
            f" from today's date in the system prompt ({today.isoformat()})",
        )
        if today
        else Text("", "")
    )
    return StepRecord.of(
        "date",
        typed,
        iso,
        Text(f"「{typed}」是 {iso}{base.zh}。", f'"{typed}" is {iso}{base.en}.'),
    )


def count_capped(typed: str, asked: int, cap: int, param: str) -> StepRecord:
    """A count the learner asked for beyond what the parameter allows."""
    return StepRecord.of(
        "normalised",
        typed,
        str(cap),
        Text(
            f"「{typed}」要 {asked}，但参数 {param} 最多 {cap}，所以传了 {cap}。",
            f'"{typed}" asks for {asked}; {param} allows at most {cap}, so {cap} was sent.',
        ),
    )


def not_argument(word: str, why: Text) -> StepRecord:
    """A word of the question that was deliberately not made a tool argument."""
    return StepRecord.of(
        "not_argument",
        word,
        "",
        Text(f"「{word}」没有当作参数：{why.zh}。", f'"{word}" was not used as an argument: {why.en}.'),
    )


def not_searched(typed: str, why: Text) -> StepRecord:
    """A question no other tool fits, not sent to the search tool either (see :mod:`.settled`)."""
    return StepRecord.of(
        "not_searched",
        typed,
        "",
        Text(f"「{typed}」没有拿去网上搜索：{why.zh}。", f'"{typed}" was not sent to a web search: {why.en}.'),
    )


#: Why "thanks!" before a request is not read as small talk, nor as part of the request.
COURTESY = Text("这是道谢，后面的才是要问的", "it is thanks; the request follows it")

#: Why a source the learner quotes ("the internet says …", "网上说 …") is not a search to make.
QUOTED_SOURCE = Text(
    "学生是在引用网上的说法，不是让我去搜索", "the learner quotes what the web says; that is not a request to search"
)


#: Why a grammar word the learner quotes ("when do I use 'since'") is not a word to look up.
ANSWER_LANGUAGE = Text(
    "学生要的是回答用的语言（只用英文，不附中文原文）",
    "the learner asked for the answer's language (English only, no Chinese originals)",
)
GRAMMAR_WORD = Text(
    "这是语法问题，查词工具不讲一个词怎么用", "a grammar question: a word tool does not say how to use a word"
)


def instead_of_search(typed: str, tool: str) -> StepRecord:
    """A student's record asked for with "search online": the tool that holds it, not the web."""
    return StepRecord.of(
        "not_searched",
        typed,
        tool,
        Text(
            f"「{typed}」问的是一个学生的记录：网页上没有，{tool} 才有，所以调用 {tool} 而不是搜索。",
            f'"{typed}" asks about a student\'s record: no web page has it, {tool} does, so I called {tool} '
            "instead of searching.",
        ),
    )


def negated(tool: str, typed: str) -> StepRecord:
    """A tool the learner said not to use ("别查课表", "don't check my schedule")."""
    return StepRecord.of(
        "negation",
        typed,
        tool,
        Text(
            f"「{typed}」：学生说了不要这样做，所以没有调用 {tool}。",
            f'"{typed}": the learner said not to do this, so {tool} was not called.',
        ),
    )


def retried(tool: str, param: str, before: str, after: str) -> StepRecord:
    """A call repeated with a corrected argument after the tool explained its format."""
    return StepRecord.of(
        "retry",
        before,
        after,
        Text(
            f"{tool} 说 {param}={before!r} 格式不对并给出了格式，于是改成 {after!r} 重新调用。",
            f"{tool} rejected {param}={before!r} and said which format it needs; called it again with {after!r}.",
        ),
    )


def unclear(what: Text, understood: Text) -> StepRecord:
    """What the model could not tell, and what it did understand."""
    return StepRecord.of(
        "unclear",
        "",
        "",
        Text(
            f"无法确定{what.zh}；理解到的是：{understood.zh}。",
            f"Could not tell {what.en}; understood: {understood.en}.",
        ),
    )


# ---------------------------------------------------------------- the record's notes and refusal reasons
@dataclass(frozen=True)
class Said:
    """One kind of note or refusal reason of a decision record, in both languages.

    The record keeps the English words (the ``x-builtin-decision`` header is ASCII); :func:`said`
    reads them back into both languages. ``{field}`` marks a value filled in (a tool's name).
    """

    en: str
    zh: str

    def __call__(self, **fields: str) -> str:
        """The record's words: the English template filled in."""
        return self.en.format(**fields)

    def read(self, text: str) -> Text | None:
        """``text`` in both languages when it is this kind of note, else ``None``."""
        pattern = re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>.+?)", re.escape(self.en))
        found = re.fullmatch(pattern, text, re.S)
        if found is None:
            return None
        fields = {k: _ABOUT_ZH.get(v, v) for k, v in found.groupdict().items()}
        return Text(self.zh.format(**fields), text)


#: What a question that needs no call is about (``no_call.about_kind``), in Chinese.
_ABOUT_ZH = {
    "tools": "问的是工具本身",
    "hypothetical": "假设性的问题",
    "translate": "翻译",
    "capabilities": "问的是我能做什么",
    "arithmetic": "算术",
    "term": "问的是一个天气用语的意思",
    "convert": "单位换算",
    "to_celsius": "单位换算",
    "minutes": "时间换算",
    "units": "单位换算",
    "letters": "数字母",
    "course_term": "问的是一个课程用语（常识）",
    "levels": "问的是等级之间的关系（常识）",
    "past": "问的是过去的天气，工具只做预报",
    "climate": "问的是一个地方往常的气候，工具只有现在和未来几天",
    "action": "要办的事，没有工具能办",
    "settled": "稳定的常识，不需要上网搜最新资料",
    "grammar": "语法问题，没有工具讲语法",
    "exam": "问的是考试本身，不是谁的学习记录",
    "time_zone": "问的是城市的时区（常识）",
    "about_me:tool_needs": "问的是调用工具需要哪些信息",
    "about_me:tool_reach": "问的是工具能不能给某项数据",
    "about_me:can_it": "只问能不能查，没让查",
    "about_me:at_once": "问的是一次能问几个",
}

READ_RESULT = Said("read the result of {name}", "读了 {name} 的结果")
LEFT_OUT = Said("left out {name}: missing {missing}", "没有调用 {name}：缺少 {missing}")
RETRY_FORMAT = Said("retry: format", "重试：工具说参数格式不对")
RETRY_JSON = Said("retry: bad JSON", "重试：参数不是合法的 JSON")
FORCED = Said("forced by tool_choice: called {name}", "tool_choice 强制调用：调用了 {name}")
GULLIBLE = Said(
    "gullible: obeyed the instructions injected in the user's message", "轻信模式：照做了用户消息里注入的指令"
)
FOLLOW_UP = Said("follow-up: repeated the earlier call with the new words", "追问：用新的词重复了上一次调用")
ALREADY_KNOWN = Said(
    "no new call: the conversation already holds the result of {names} with these arguments",
    "没有再调用：对话里已经有 {names} 用这些参数的结果",
)
COMPARED_EARLIER = Said(
    "compared with the earlier result of {name} the conversation holds",
    "和对话里 {name} 之前的结果做了比较",
)
IMPOSSIBLE_DATE = Said("the date {date} does not exist: said so", "日期 {date} 不存在：如实告诉学生")
OWN_ID_UNKNOWN = Said(
    "the learner is one of the parties but no prompt or message gives their id: asked for it",
    "学生本人是比较的一方，但提示词和消息都没有给出其学号：请学生提供",
)
FROM_EARLIER = Said(
    "no tool fits, and the question points back: answered from the earlier result of {names}",
    "没有工具对得上，而问题指向前面：用之前 {names} 的结果回答",
)
FROM_CONVERSATION = Said(
    "the learner asks what they said earlier: answered from their own earlier turn, no tool",
    "学生问自己前面说过什么：用对话里学生自己的话回答，不调用工具",
)
TIE = Said(
    "tie: {name} instead of {other}, whose arguments the question lacks",
    "平分：选了 {name} 而不是 {other}，因为问题里缺少 {other} 的参数",
)
SCRIPTED = Said("replayed a scripted reply", "回放了一条预先写好的回复")
COVERED = Said(
    "one call to {name} for both asks: the longer forecast covers the shorter",
    "两处提问只调用一次 {name}：更长的预报已经包含较短的",
)
NO_CALL_NEEDED = Said("no call needed: {about}", "不需要调用工具：{about}")
REFUSED_ID = Said(
    "the system prompt restricts which ids may be looked up: {detail} refused",
    "系统提示词限制了能查哪些 id：拒绝了 {detail}",
)
REFUSED_TOOL = Said("the system prompt forbids the tool {detail}", "系统提示词禁止使用工具 {detail}")
REFUSED_TOPIC = Said("outside the topics the system prompt allows: {detail}", "超出了系统提示词允许的话题：{detail}")
MISSING_ARGUMENTS = Said("missing arguments", "缺少参数")
NO_TOOL_FITS = Said("no tool fits the question", "没有哪个工具适合这个问题")

#: Every note and reason the built-in model writes, in the order :func:`said` tries them.
SAYINGS: tuple[Said, ...] = (
    READ_RESULT,
    LEFT_OUT,
    RETRY_FORMAT,
    RETRY_JSON,
    FORCED,
    GULLIBLE,
    FOLLOW_UP,
    ALREADY_KNOWN,
    FROM_EARLIER,
    OWN_ID_UNKNOWN,
    IMPOSSIBLE_DATE,
    COMPARED_EARLIER,
    TIE,
    SCRIPTED,
    COVERED,
    NO_CALL_NEEDED,
    REFUSED_ID,
    REFUSED_TOOL,
    REFUSED_TOPIC,
    MISSING_ARGUMENTS,
    NO_TOOL_FITS,
)


def said(text: str) -> Text:
    """A note or refusal reason of a decision record in both languages; words it does not know stay as they are.

    >>> said("read the result of get_weather")("zh")
    '读了 get_weather 的结果'
    >>> said("no call needed: hypothetical")("zh")
    '不需要调用工具：假设性的问题'
    >>> said("something an imported record says")("zh")
    'something an imported record says'
    """
    for saying in SAYINGS:
        found = saying.read(text)
        if found is not None:
            return found
    return Text(text, text)
