"""Questions a competent model answers without calling a tool, and the answers that answer them.

* **About the tools themselves** — "What arguments does get_schedule take?", "查课表的日期要写成
  什么格式？", "what does the days parameter default to?": the answer is in the schemas the
  request carries, so the model reads them out (names, descriptions, defaults, ranges).
* **Hypotheticals** — "Hypothetically, if Tokyo were 40 degrees…", "如果曼谷下雪了，会怎么样？":
  nothing to look up; the model says so, and which tool it would use for a real question.
* **Translation** — "translate … into Chinese", "…用英语怎么说": no tool translates; the model
  says that plainly instead of calling a tool with words of the sentence.
* **What the model can do** — "你能帮我做什么", "what can you help me with": the tools it has,
  each with the first line of its own description.
* **What the model knows** (:mod:`.knowledge`) — "what's 2 + 2?", "30°C in Fahrenheit?", "is B2
  above B1?": worked out or said, never searched for.
* **Past weather** — "what was the weather like last Tuesday": the tool only forecasts; said so.
* **An action no tool performs** — "帮我订一下 3 号教室", "book me a room": the tools only look
  things up, so the model says it cannot do that instead of looking something up.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from toolcall_lab.i18n import Text
from toolcall_lab.offline import (
    about_me,
    beyond_forecast,
    calendar_facts,
    course_terms,
    glossary,
    nlu,
    schema_questions,
    settled,
    stated_numbers,
    study_tips,
    terms,
    time_zones,
    usage,
    vocabulary,
)
from toolcall_lab.offline.asking import asks_action, asks_translation, nothing_asked_reply
from toolcall_lab.offline.clock_spans import days_apart, days_apart_answer, minutes_between, span_answer
from toolcall_lab.offline.exams import exam_answer, general_exam_question
from toolcall_lab.offline.kinds import function_of, kinds_of, properties, tool_name
from toolcall_lab.offline.knowledge import (
    CEFR,
    CELSIUS,
    CELSIUS_ASKED,
    FAHRENHEIT,
    FAHRENHEIT_ASKED,
    TERMS,
    arithmetic,
    celsius,
    city_name_answer,
    city_name_asked,
    fahrenheit,
    letters_in,
    level_meaning,
    level_meaning_answer,
    levels_answer,
    minutes_in_hours,
    stated_sum,
    unit_conversion,
)
from toolcall_lab.offline.lexicon import FUNCTION_WORDS, WEATHER_TERMS
from toolcall_lab.offline.negation import drop_negated
from toolcall_lab.offline.nlu import ALL_CITIES
from toolcall_lab.offline.schema_facts import tool_gloss
from toolcall_lab.offline.tool_readout import describe_tools
from toolcall_lab.offline.what_if import what_if_answer, what_if_kind

_CJK = re.compile(r"[\u3400-\u9fff]")

_ABOUT = re.compile(
    r"参数|parameter|argument|\bargs?\b|\bparams?\b|schema|格式|format|默认|default|最多能|最多|上限|最大|at most"
    r"|maximum|how (?:many|far)\b[^.?!。？！]{0,30}\b(?:ahead|go|can)|能查哪些|哪些城市|which cities|what cities"
    r"|\bhandle\b|最远|第几天|more than \w+ results|how many results|最多返回|最多能返回|提供哪|哪两样|哪几样"
    r"|哪些信息|什么信息|what info|which info|minimum|min length|最短|最少|at least|year first|day first|month first"
    r"|\d+ results|can i (?:type|write|enter|use)|能不能(?:写|输入|用)"
    r"|支持哪些|能查什么|哪些字段|什么字段|哪几个字段|给它哪些|给它什么",
    re.I,
)
_PURPOSE = re.compile(r"\bwhat(?:'s| is)\b.{0,30}\bfor\b|\bwhat does\b.{0,30}\bdo\b|是干嘛的|有什么用|是做什么的", re.I)
_TOOLISH = re.compile(
    r"工具|\btools?\b|\bfunctions?\b|函数|接口|你能查|you can (?:check|look up)|can you (?:check|look up)", re.I
)
_HYPOTHETICAL = re.compile(
    r"^\s*(?:hypothetically|imagine|suppose|假设|假如)"
    r"|^\s*(?:如果|要是|\bif\b).{0,80}(?:会怎么样|会怎样|会发生什么|会是多少|会显示|会怎么|会如何|\bwould\b)",
    re.I,
)
_FORMULA = re.compile(r"公式|formula|怎么(?:换算|算|转换|换)|how (?:do|to) (?:i |you )?convert", re.I)
_HOW_WOULD_YOU = re.compile(
    r"你打算怎么|你会怎么帮|你准备怎么|你会用哪个工具|用哪个工具查|\bhow would you (?:check|look|find|do)"
    r"|\bwhich (?:of your )?tools? would you (?:use|call|pick)\b",
    re.I,
)
_MEANING = re.compile(
    r"\bmean(?:s|ing)?\b|definition|\bdefine\b|什么意思|啥意思|是什么|指什么|意思是|\bsame (?:thing )?as\b"
    r"|一样吗|一回事"
    r"|\bstands? for\b|\bshort for\b|的缩写|全称",
    re.I,
)


def _word_before_level(text: str) -> bool:
    """Is a level written right after a word asked about ("is accord B2/C1?"), not after the frame ("above B1")?"""
    return any(
        w not in FUNCTION_WORDS and w not in ("level", "levels", "band", "grade", "cefr")
        for w in re.findall(r"\b([a-z]{3,})\s+[ABC][12]\b", text)
    )


def weather_term(text: str, tools: list[dict[str, Any]]) -> str | None:
    """The weather word whose meaning is asked ("what does 'haze' mean in a forecast?") when no
    offered tool looks words up, else ``None``."""
    if not _MEANING.search(text) or any("word" in kinds_of(t).values() for t in tools):
        return None
    return next((w for w in re.findall(r"[A-Za-z]+", text.lower()) if w in WEATHER_TERMS), None)


def _forecasts_only(tools: list[dict[str, Any]]) -> bool:
    """Do the weather tools offered only forecast (from today on), with no past weather?"""
    weather = [
        t for t in tools if "weather" in nlu.concepts_in(f"{tool_name(t)} {function_of(t).get('description', '')}")
    ]
    text = " ".join(str(function_of(t).get("description", "")) for t in weather)
    return bool(weather) and bool(re.search(r"未来|forecast|预报|from today|ahead", text, re.I))


def _tools_text(tools: list[dict[str, Any]]) -> str:
    return " ".join(f"{tool_name(t)} {function_of(t).get('description', '')}" for t in tools)


#: "is kaoyan the same as gaokao", "kaoyan vs gaokao, what's the difference": two course terms set side by side
_TERMS_COMPARED = re.compile(r"same (?:thing )?as|一样吗|区别|\bdiffer(?:ence|ent|s)?\b|\bvs\b|\bversus\b", re.I)
#: "what is an API?", "whats json": the term itself asked, the whole question
_WHAT_IS_TERM = re.compile(
    rf"^\W*(?:so |ok |and |um )?(?:what|wot|wat)(?:'s|s| is| are)\s+(?:an?\s+|the\s+)?(?:{'|'.join(TERMS)})s?\W*$", re.I
)


def about_kind(text: str, tools: list[dict[str, Any]]) -> str | None:
    """``tools``, ``hypothetical``, ``translate``, ``capabilities``, ``arithmetic`` or ``action`` when
    the question needs no call, else ``None``."""
    if mine := about_me.kind_of(text, tools):  # "where do your search results come from": about me, not the web
        return f"about_me:{mine}"
    if about_me.asks_capabilities(text):
        return "capabilities"
    if glossary.translated(text) or glossary.marks_asked(text):  # "“天气预报”用英文怎么讲", "what's adj. short for"
        return "translate"
    if time_zones.asked(text):  # "what time zone is singapore on": settled knowledge, no forecast
        return "time_zone"
    if settled.OPINION.search(text):
        return "settled"  # "你个人觉得学 LangGraph 值不值": an opinion, not a fact any tool or page holds
    if stated := stated_numbers.kind_of(text):  # "一共80节课我已经上了42节 还剩几节": the learner's numbers
        return f"stated:{stated}"
    what_if = what_if_kind(text, tools)  # "if it rains tomorrow what should I bring": advice, no forecast
    if what_if:
        return what_if
    if _HOW_WOULD_YOU.search(text):
        return "hypothetical"
    if (
        _FORMULA.search(text)
        and CELSIUS_ASKED.search(text)
        and FAHRENHEIT_ASKED.search(text)
        and not re.search(r"\d", text)
    ):
        return "formula"  # "摄氏度换成华氏度的公式": the rule itself, no number to convert
    if FAHRENHEIT.search(text) and CELSIUS_ASKED.search(text):
        return "to_celsius"
    if CELSIUS.search(text) and FAHRENHEIT_ASKED.search(text):
        return "convert"
    if minutes_in_hours(text):
        return "minutes"
    if unit_conversion(text):
        return "units"  # "1 公里等于多少英里": a conversion, no tool
    if letters_in(text):
        return "letters"
    if city_name_asked(text, ALL_CITIES):
        return "city_name"  # "whats the chinese name of the city sydney": the model's own list of names
    asks_term = _MEANING.search(text) or _TERMS_COMPARED.search(text) or _WHAT_IS_TERM.search(text)
    other_words = [w for w in terms.english_terms(text) if w.lower() not in TERMS and not _TERMS_COMPARED.match(w)]
    if asks_term and not other_words and any(re.search(rf"\b{t}\b", text, re.I) for t in TERMS):
        return "course_term"
    # two CEFR levels compared ("which is higher, B2 or C1?"), not a word's level stated ("leisure is B2")
    if (
        len(set(CEFR.findall(text))) >= 2
        and not terms.marked_terms(text)
        and not _word_before_level(text)
        and not re.search(r"\b(?!which\b|what\b|that\b|this\b)[a-z]{4,}\b(?= is\b)", text)
    ):
        return "levels"
    if level_meaning(text):
        return "level_meaning"  # "what does B2 mean on those word levels": the scale itself, no word to look up
    if general_exam_question(text):
        return "exam"  # "how long does the IELTS speaking test take": the exam itself, nobody's record
    weather_asked = "weather" in nlu.concepts_in(drop_negated(text)[0])  # not "天气就算了，昨天我几点上的课"
    how_it_works = re.match(r"^\W*(?:why|how come)\b|^\W*为(?:什么|啥)", text) or re.search(
        r"\bdifference between\b|和气候|气候和", text, re.I
    )  # "why is it hotter near the equator", "the difference between weather and climate"
    if ((weather_asked and how_it_works) or settled.as_a_rule(text)) and not nlu.cities_in(text):
        return "settled"  # "why is it hotter near the equator", "what usually makes a word C1": no one's data
    beyond = beyond_forecast.kind_of(text)
    asks_place = beyond == "climate" and bool(nlu.cities_in(text)) and not terms.marked_terms(text)
    if ((beyond == "past" and weather_asked) or asks_place) and _forecasts_only(tools):
        return beyond  # "昨天北京下雨了吗", "北京冬天一般多冷": no forecast holds it
    if weather_term(text, tools):
        return "term"
    if arithmetic(text) is not None:
        return "arithmetic"
    if stated_sum(text) is not None:
        return "sum"
    if minutes_between(text) is not None:
        return "span"  # "from 6:30 to 8, how long": a subtraction
    if days_apart(text) is not None:
        return "days_apart"  # "today is the 24th, my class is on the 29th: how many days away": a subtraction
    if schema_questions.asked(text, tools):
        return "tools"  # "for get_weather, what days value covers the weekend": a value of the schema's
    if _HYPOTHETICAL.search(text):
        return "hypothetical"
    if study_tips.asked(text) and not terms.marked_terms(text):
        return "study_tips"
    if course_terms.explains(text, tools):
        return "course_concept"  # "no need to search, just explain what a thread_id is": the course's own word
    if usage.level_without_word_tool(text, tools):
        return "no_word_tool"  # "is sunny a b1 word?" to a weather assistant: no word tool, no weather question
    if (used := usage.kind_of(text)) and not terms.grammar_words(text):
        return used  # "is it 'on the weekend' or 'at the weekend'?", "give me three linking words"
    if asks_action(text, _tools_text(tools)):
        return "action"
    if asks_translation(text):
        return "translate"
    if terms.grammar_words(text):
        return "grammar"  # "when do I use 'since' and when 'for'": how to use grammar words, no word list's question
    names = [tool_name(t) for t in tools]
    params = {p.lower() for t in tools for p in properties(function_of(t).get("parameters"))}
    mentions_tool = any(n and n in text for n in names) or bool(_TOOLISH.search(text))
    spaced = {p.replace("_", " ") for p in params if "_" in p}
    mentions_param = (
        bool(params & {w.lower() for w in re.findall(r"[A-Za-z_]+", text)})
        or any(p in text.lower() for p in spaced)
        or bool(re.search(r"日期|天数|城市|学号", text))
    )
    searching = re.match(r"\W*(?:search|google|搜一下|搜索|搜)\b\W", text, re.I)  # "search: how does bind_tools …"
    if _ABOUT.search(text) and (mentions_tool or mentions_param) and not searching:
        return "tools"
    if _PURPOSE.search(text) and any(n and n in text for n in names):
        return "tools"  # "what is the tool lookup_word for?", "get_weather 是干嘛的": a named tool's purpose
    return None


def answer_without_call(kind: str, text: str, tools: list[dict[str, Any]], lang: str) -> str:
    """The answer to a question that needs no tool call (see the module docstring)."""
    focused = (
        schema_questions.answer(text, tools, lang, hypothetical=kind == "hypothetical")
        if kind in ("tools", "hypothetical")
        else None
    )
    if focused:  # one fact of one parameter ("does the query have a minimum length?"): that fact, from the schema
        return focused
    if kind == "tools":
        return describe_tools(text, tools, lang)
    if kind == "settled":  # a question of settled knowledge, kept from the search tool (:mod:`.settled`)
        searching = [tool_name(t) for t in tools if "search" in nlu.concepts_in(tool_name(t).replace("_", " "))]
        names = ", ".join(searching or [tool_name(t) for t in tools])
        return settled.answer(text, names, lang, can_search=bool(searching))
    if kind == "exam":
        return exam_answer(text, lang)
    if kind == "grammar":
        return usage.grammar_answer(terms.grammar_words(text), tools, lang)
    if kind == "time_zone":
        return time_zones.answer(text, lang)
    if kind.startswith("calendar:"):
        _, asked, iso = kind.split(":", 2)
        return calendar_facts.answer(asked, text, dt.date.fromisoformat(iso) if iso else None, lang)
    if kind.startswith("about_me:"):
        return about_me.answer(kind.split(":", 1)[1], text, tools, lang)
    if kind.startswith("stated:"):
        return stated_numbers.answer(kind.split(":", 1)[1], text, lang)
    if kind == "course_concept":
        return course_terms.answer(text, lang)
    if kind in ("usage", "word_list", "no_word_tool", "grammar_form", "spelling", "pronounce"):
        return usage.answer(kind, text, tools, lang)
    if kind.startswith("what_if:"):
        return what_if_answer(kind, text, tools, lang)
    if kind.startswith("vocabulary:"):
        _, asked, word = kind.split(":", 2)
        return vocabulary.answer(asked, word, lang)
    names = Text("、", ", ").join(tool_name(t) for t in tools)(lang)
    if kind == "capabilities":
        n = len(tools)
        lines = [Text(f"我有 {n} 个工具，能借助它们回答问题：", f"I have {n} tool(s) to answer questions with:")(lang)]
        for tool in tools:
            desc = str(function_of(tool).get("description") or "").strip().splitlines()
            said = (
                tool_gloss(tool) if lang == "en" else (desc[0] if desc else "")
            )  # never Chinese to an English learner
            lines.append(f"- {tool_name(tool)}" + (Text("：", ": ")(lang) + said if said else ""))
        return "\n".join(lines)
    if kind == "convert":
        found = CELSIUS.search(text)
        degrees = (found.group(1) or found.group(2)) if found else "?"
        return Text(
            f"{degrees}°C 约等于 {fahrenheit(text)}°F（°F = °C × 9/5 + 32）。这是换算，不用调用工具。",
            f"{degrees}°C is about {fahrenheit(text)}°F (°F = °C × 9/5 + 32). "
            "It is a conversion, so no tool is needed.",
        )(lang)
    if kind == "formula":
        return Text(
            "摄氏换华氏：°F = °C × 9/5 + 32（也就是乘 1.8 再加 32）；华氏换摄氏：°C = (°F − 32) × 5/9。"
            "这是常识，不用调用工具。",
            "Celsius to Fahrenheit: °F = °C × 9/5 + 32 (times 1.8, plus 32); Fahrenheit to Celsius: "
            "°C = (°F − 32) × 5/9. That is general knowledge, so no tool is needed.",
        )(lang)
    if kind == "days_apart":
        return days_apart_answer(text, lang)
    if kind == "span":
        return span_answer(text, lang)
    if kind == "study_tips":
        return study_tips.answer(lang)
    if kind == "to_celsius":
        found = FAHRENHEIT.search(text)
        degrees = found.group(1) if found else "?"
        return Text(
            f"{degrees}°F 约等于 {celsius(text)}°C（°C = (°F − 32) × 5/9）。这是换算，不用调用工具。",
            f"{degrees}°F is about {celsius(text)}°C (°C = (°F − 32) × 5/9). It is a conversion, so no tool is needed.",
        )(lang)
    if kind == "units":
        amount, en, zh, value, to_en, to_zh = unit_conversion(text) or ("", "", "", "", "", "")
        return Text(
            f"{amount} {zh}约等于 {value} {to_zh}。这是单位换算，不用调用工具。",
            f"{amount} {en} is about {value} {to_en}. It is a unit conversion, so no tool is needed.",
        )(lang)
    if kind == "minutes":
        return Text(
            f"是 {minutes_in_hours(text)} 分钟（1 小时 = 60 分钟）。", f"That is {minutes_in_hours(text)} minutes."
        )(lang)
    if kind == "city_name":
        return city_name_answer(text, ALL_CITIES, lang)
    if kind == "letters":
        word, n = letters_in(text) or ("", 0)
        return Text(f"「{word}」有 {n} 个字母。", f'"{word}" has {n} letters.')(lang)
    if kind == "course_term":
        named = [t for t in TERMS if re.search(rf"\b{t}\b", text, re.I)]
        # "is kaoyan the same as gaokao?": the comparison answered first, then what each term is
        verdict = [Text("这是两种不同的考试：", "They are two different exams:")(lang)] if len(named) > 1 else []
        return "\n".join([*verdict, *(Text(*TERMS[t])(lang) for t in named)]) + Text(
            "\n这是常识，不用调用工具。", "\nThat is general knowledge, so no tool is needed."
        )(lang)
    if kind == "levels":
        return levels_answer(text, lang)
    if kind == "level_meaning":
        return level_meaning_answer(text, lang)
    if kind in ("past", "climate"):
        forecasting = [tool_name(t) for t in tools if "weather" in nlu.concepts_in(tool_name(t).replace("_", " "))]
        return beyond_forecast.answer(kind, ", ".join(forecasting) or names, lang)
    if kind == "term":
        term = weather_term(text, tools) or ""
        zh, en = WEATHER_TERMS.get(term, ("", ""))
        return Text(
            f"「{term}」是天气预报里的说法，意思是{zh}。这是常识，不用调用工具。",
            f'In a forecast, "{term}" means {en}. That is general knowledge, so no tool is needed.',
        )(lang)
    if kind == "arithmetic":
        return Text(
            f"{text.strip()} 的结果是 {arithmetic(text)}。这是算术，不用调用工具。",
            f"That is {arithmetic(text)}. It is arithmetic, so no tool is needed.",
        )(lang)
    if kind == "sum":
        return Text(
            f"加起来是 {stated_sum(text)}。数字是你给的，只需相加，不用调用工具。",
            f"Together that is {stated_sum(text)}. You gave the numbers, so it is addition and no tool is needed.",
        )(lang)
    if kind == "not_asked":
        return nothing_asked_reply(text, lang)
    if kind == "action":
        return Text(
            f"抱歉，这件事我做不了：我的工具（{names}）只能查询信息，不能替你预订、取消、修改、设提醒或发消息。",
            f"Sorry, I can't do that: my tools ({names}) only look information up; they cannot book, cancel, "
            "set reminders, change or send anything for you.",
        )(lang)
    if kind == "hypothetical":
        return Text(
            f"这是一个假设的问题，没有要查的事实，所以我没有调用工具。真要查的时候，我可以用这些工具：{names}。",
            f"That is a hypothetical question, so there is nothing to look up and I did not call a tool. "
            f"For a real question I can use: {names}.",
        )(lang)
    if glossed := glossary.answer(text, lang) or (
        glossary.marks_answer(text, lang) if glossary.marks_asked(text) else None
    ):
        return glossed
    return Text(
        f"抱歉，我的工具（{names}）都不做翻译，我也不凭空编译文，所以这个没法帮你翻译。",
        f"Sorry, none of my tools ({names}) translates, and I will not make a translation up, "
        "so I can't translate this.",
    )(lang)
