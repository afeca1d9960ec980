"""A question about one parameter of a bound tool, answered from the schema the request carries.

"does the search query have a minimum length?", "can the city be Chinese characters?", "what days
value covers the weekend if today is Friday?", "what happens if I ask for 10 days?": the answer is a
fact of the schema (:mod:`.schema_facts`) — a range, a ``minLength``, a default, an enum, whether the
parameter is required, the languages its description accepts — or a small sum over one (the days
from a stated weekday to Sunday, checked against the range). The answer is in the learner's language;
a Chinese description is glossed for an English learner (:func:`.schema_facts.gloss`), never pasted.
"""

from __future__ import annotations

import re
from typing import Any

from toolcall_lab.i18n import Text
from toolcall_lab.offline import nlu
from toolcall_lab.offline.dates import ZH_WEEKDAYS
from toolcall_lab.offline.ids import shape_from
from toolcall_lab.offline.lexicon import WEEKDAYS
from toolcall_lab.offline.schema_facts import KIND_WORDS, Param, gloss, params_of

_EN_DAYS = tuple(d.lower() for d in WEEKDAYS)
_ZH_NAMES = "一二三四五六日"

#: Which fact of a parameter a question asks about, tried in this order.
_FACETS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("weekend", re.compile(r"\bweekend\b|周末", re.I)),
    (
        "start",
        re.compile(
            r"start(?:s)? (?:counting|at|from)|count(?:s|ing)? from|includ(?:e|es|ing) today"
            r"|day (?:1|one)\b.{0,30}\btoday|\bday number\b|第几天"
            r"|how many (?:forecast )?days (?:should|would|will|do) (?:i|you|we) get(?: back)?"
            r"|从今天|从明天|包括今天|包含今天|含今天|第一天是|第1天是",
            re.I,
        ),
    ),
    (
        "until",
        re.compile(
            r"\b(?:till|until|through|thru|up to)\s+(?:next\s+)?[a-z]+day\b"
            r"|到(?:下)?(?:周|星期|礼拜)[一二三四五六日天]",
            re.I,
        ),
    ),
    (
        "min_length",
        re.compile(
            r"min(?:imum)?\.? length|minlength|shortest|too short|one (?:letter|char(?:acter)?)|single (?:letter|char)"
            r"|\b(?:a|one|1)[- ]letter|最短|长度|(?:至少|最少)(?:要)?(?:写|输入)?几个字|一个字母|一个字(?!段)",
            re.I,
        ),
    ),
    ("scripts", re.compile(r"chinese|汉字|中文|pinyin|拼音|english|英文", re.I)),
    (
        "default",
        re.compile(
            r"default|默认|leave (?:it |that |\w+ )?(?:out|off|empty|blank)|fall back|\bomit|不填|不写|不传", re.I
        ),
    ),
    (
        "required",
        re.compile(
            r"required|optional|mandatory|have to (?:give|pass|fill|send)|must i|必填|必须填|可选|可以不填|能不能不填",
            re.I,
        ),
    ),
    (
        "range",
        re.compile(
            r"at most|at least|maximum|\bmax\b|minimum|\bmin\b|range|how (?:many|far|much)|biggest|largest|smallest"
            r"|\bthe most\b|\bthe fewest\b|furthest|farthest|how far (?:ahead|out)"
            r"|highest|lowest|\b(?:days|limit|max_results)\s*=\s*\d+"
            r"|最多|最少|上限|下限|最大|最小|范围|几天|多少天|\b\d+\s*[- ]?(?:days?|results?)\b|\d+\s*(?:天|条)"
            r"|(?:填|传|设成?)(?:成|为|个)?\s*\d+|\b(?:pass|set (?:it )?to|put in)\s+\d+\b",
            re.I,
        ),
    ),
    (
        "enum",
        re.compile(r"allowed values|which values|what values|possible values|options|choices|可选值|取值|哪些值", re.I),
    ),
    (
        "format",
        re.compile(
            r"format|shape|look like|written|\balways (?:an?|start|begin)|(?:start|begin)s? with|\bdigits\b"
            r"|\bhow (?:do|should|would|can) (?:i|you|we) (?:have to |need to )?(?:write|type|enter|put in|give)\b"
            r"|\bjust numbers\b|\ba letter (?:in front|first|before)\b"
            r"|格式|长什么样|什么样子|几位|开头|写法|怎么写|啥规则|什么规则|字母加数字|字母还是数字",
            re.I,
        ),
    ),
    ("type", re.compile(r"\btype\b|integer|\bint\b|string|number or|类型|整数|字符串", re.I)),
    (
        "purpose",
        re.compile(
            r"what (?:does|do|is) .{0,60}?\b(?:do|for|mean)\b|有什么用|干嘛用|干什么用|是干嘛的|作用|管什么", re.I
        ),
    ),
)
#: A learner naming a parameter by what it is ("the days setting", "city 这个参数").
_PARAM_WORDS = re.compile(r"\b(?:setting|parameter|param|argument|arg|field|option)s?\b|参数|字段|选项", re.I)
#: Words that ask for a range, not a value given ("at most", "最多").
_RANGE_WORDS = re.compile(
    r"at most|at least|maximum|\bmax\b|minimum|\bmin\b|range|biggest|largest|smallest|highest|lowest"
    r"|\bthe most\b|\bthe fewest\b|最多|最少|上限|下限|最大|最小|范围|furthest|farthest|how far (?:ahead|out)",
    re.I,
)
#: "for get_weather, what days value …": a value of a named parameter asked for, not a look-up.
#: "days 要是填 10 会怎样": what a value would do, asked before any call
_WHAT_HAPPENS = re.compile(r"会怎样|会怎么样|会发生什么|会报错|\bwhat (?:happens|would happen)\b", re.I)
_VALUE_ASKED = re.compile(r"\bvalue\b|\bwhat (?:number|setting)\b|填多少|填几|设成几|传几|传多少", re.I)
#: A learner asking what the model would do with a value ("if I asked you for a 10 day forecast").
_ASKS_THE_MODEL = re.compile(
    r"\bask(?:ed)?\s+(?:you|u)\b|让你|叫你|要你|请你|\bforecast\b|预报|\b(?:passed|pass|sent|send|gave|give)\b", re.I
)


def _named(text: str, param: Param) -> bool:
    """Is the parameter named: by its identifier, its English name, or the words of its kind?"""
    low = text.lower()
    if re.search(rf"(?<![a-z_]){re.escape(param.name.lower())}(?![a-z_])", low):
        return True
    if param.english_name.lower() != param.name.lower() and param.english_name.lower() in low:
        return True
    words = KIND_WORDS.get(param.kind)
    return bool(words and words.search(text))


def _facet(text: str) -> str | None:
    return next((name for name, pattern in _FACETS if pattern.search(text)), None)


def _param_for(text: str, facet: str, tools: list[dict[str, Any]]) -> Param | None:
    """The one parameter a question is about; with several tools, the tool it names first."""
    params = params_of(tools)
    named_tools = {p.tool for p in params if p.tool and p.tool in text}
    pool = [p for p in params if p.tool in named_tools] or params
    hits = [p for p in pool if _named(text, p)]
    if facet in ("weekend", "until", "start"):
        hits = [p for p in hits if p.kind == "days"] or [p for p in pool if p.kind == "days"]
    elif facet == "scripts":
        hits = [p for p in hits if p.type == "string"]
    elif facet == "min_length":
        hits = [p for p in hits if p.type == "string"] or [p for p in pool if p.min_length is not None]
    elif facet == "range":
        hits = [p for p in hits if p.type in ("integer", "number")]
    same = len({(p.name, p.description) for p in hits}) == 1  # student_id, described alike in two tools
    return hits[0] if len({(p.tool, p.name) for p in hits}) == 1 or same or (hits and named_tools) else None


def asked(text: str, tools: list[dict[str, Any]]) -> bool:
    """Does the question ask one fact of a parameter: a value of it ("for get_weather, what days value
    covers the weekend"), or a fact of a parameter of a tool it names ("is the limit of search_web
    required?")? Such a question is about the schema, not a look-up; one naming a city is not.

    >>> asked("use get_weather for Tokyo for 3 days", [])
    False
    """
    facet = _facet(text)
    if facet is None or nlu.cities_in(text):
        return False
    tool_named = any(p.tool and p.tool in text for p in params_of(tools))
    # "is a student id always S + 4 digits?", "查课表那个工具，日期是按哪种写法传的": a value's shape, by its kind
    id_shape = facet == "format" and any(KIND_WORDS[k].search(text) for k in ("id", "date"))
    # "what's the max number of days the forecast can cover": a range asked of the tool's days, no tool named
    ranged = (
        facet == "range"
        and bool(_RANGE_WORDS.search(text))
        and bool(re.search(r"\bnumber of\b|几天|多少天|\bforecast\b", text, re.I))
    )
    # "which forecast day number would tomorrow be?": how the forecast's days count, no tool named
    counted = facet == "start" and bool(re.search(r"\bforecast\b|预报", text, re.I))
    # "if i leave out days, what does it fall back to?": a parameter named by its identifier
    ident = facet in ("default", "required", "range") and any(
        re.search(rf"(?<![A-Za-z_]){re.escape(p.name)}(?![A-Za-z_])", text) for p in params_of(tools)
    )
    named = tool_named or _VALUE_ASKED.search(text) or _PARAM_WORDS.search(text) or id_shape or ranged or counted
    if not (named or ident):
        return False
    asks_range = _VALUE_ASKED.search(text) or _RANGE_WORDS.search(text) or _WHAT_HAPPENS.search(text)
    if facet == "range" and not asks_range:
        return False  # "get_weather for 3 days" names a value; it does not ask about the range
    return _param_for(text, facet, tools) is not None or (facet == "required" and bool(_several(text, tools)))


def _several(text: str, tools: list[dict[str, Any]]) -> list[Param]:
    """ "between city and days, which one do I have to pass?": two or more parameters of one tool, named."""
    named = [p for p in params_of(tools) if _named(text, p)]
    return named if len(named) >= 2 and len({p.tool for p in named}) == 1 else []


def _weekday(text: str) -> int | None:
    """The weekday the learner says today is ("today is friday", "今天周五")."""
    en = re.search(rf"(?:today(?:'s| is)|it'?s)\s+(?:a\s+)?({'|'.join(_EN_DAYS)})", text, re.I)
    if en:
        return _EN_DAYS.index(en.group(1).lower())
    zh = re.search(r"今天(?:是)?(?:周|星期|礼拜)([一二三四五六日天])", text)
    return ZH_WEEKDAYS[zh.group(1)] if zh else None


def _until(text: str, facet: str) -> int | None:
    """The weekday the days must reach: Sunday for a weekend, else the one named after "till"."""
    if facet == "weekend":
        return 6
    en = re.search(rf"\b(?:till|until|through|thru|up to)\s+(?:next\s+)?({'|'.join(_EN_DAYS)})", text, re.I)
    if en:
        return _EN_DAYS.index(en.group(1).lower())
    zh = re.search(r"到(?:下)?(?:周|星期|礼拜)([一二三四五六日天])", text)
    return ZH_WEEKDAYS[zh.group(1)] if zh else None


def _range_text(p: Param) -> Text:
    if p.low is not None and p.high is not None:
        return Text(f"{p.low} 到 {p.high}", f"{p.low} to {p.high}")
    if p.high is not None:
        return Text(f"最多 {p.high}", f"at most {p.high}")
    return Text("没有写范围", "no range stated")


def _days_to(p: Param, text: str, facet: str) -> Text | None:
    today, until = _weekday(text), _until(text, facet)
    if until is None:
        return None
    if today is None:
        return Text(
            f"{p.name} 从今天算起，今天算第 1 天；要一直看到星期{_ZH_NAMES[until]}，"
            "得先知道今天星期几。告诉我今天星期几，我就能算出来。",
            f"{p.name} counts from today (today is day 1); to reach {WEEKDAYS[until]} I need to know what day "
            "today is. Tell me and I can work it out.",
        )
    n = (until - today) % 7 + 1
    fits = p.high is None or n <= p.high
    limit = Text(
        f"在允许的范围（{_range_text(p).zh}）之内。"
        if fits
        else f"超出了允许的范围（{_range_text(p).zh}），只能用 {p.high}。",
        f"That is within its range ({_range_text(p).en})."
        if fits
        else f"That is beyond its range ({_range_text(p).en}), so {p.high} is the most.",
    )
    return Text(
        f"如果今天是星期{_ZH_NAMES[today]}，{p.name}={n} 就能覆盖到星期{_ZH_NAMES[until]}"
        f"（今天算第 1 天，共 {n} 天）。{limit.zh}",
        f"If today is {WEEKDAYS[today]}, {p.name}={n} covers it through {WEEKDAYS[until]} (today is day 1, so {n} days "
        f"in all). {limit.en}",
    )


def _asked_number(text: str, p: Param) -> int | None:
    unit = r"days?|天" if p.kind == "days" else r"results?|条|hits?"
    found = re.search(
        rf"(\d+)\s*[- ]?(?:{unit})|\b{re.escape(p.name)}\s*=\s*(\d+)"
        r"|(?:填|传|设成?|\bpass|\bset (?:it )?to)\s*(?:成|为|个)?\s*(\d+)",
        text,
        re.I,
    )
    return int(found.group(1) or found.group(2) or found.group(3)) if found else None


def _range(p: Param, text: str) -> Text:
    n = _asked_number(text, p)
    said = Text(f"{p.tool} 的 {p.name} 取值 {_range_text(p).zh}", f"{p.tool}'s {p.name} takes {_range_text(p).en}")
    if n is not None and p.high is not None and n > p.high:
        return Text(
            f"{said.zh}，最多 {p.high}。要 {n} 的话超出了上限：我会用 {p.high}（能给的最多），并告诉你后面的查不到。",
            f"{said.en}, so {p.high} at most. Asked for {n}, that is over the limit: I would use {p.high} (the most it "
            f"gives) and tell you the rest is not available.",
        )
    if n is not None and p.low is not None and n < p.low:
        return Text(f"{said.zh}，{n} 小于下限 {p.low}。", f"{said.en}; {n} is below its minimum of {p.low}.")
    default = p.schema.get("default")
    tail = Text(f"，默认 {default}。", f"; default {default}.") if default is not None else Text("。", ".")
    return said + tail


def _answer(p: Param, facet: str, text: str) -> Text | None:
    name = Text(f"{p.tool} 的 {p.name}", f"{p.tool}'s {p.name}")
    if facet in ("weekend", "until"):
        return _days_to(p, text, facet)
    if facet == "start":  # "does days count from today or tomorrow?": what its description says 1 means
        if not re.search(r"今天|today", p.description, re.I):
            return None
        return name + Text(
            " 从今天算起：说明里写着 1 表示只看今天，所以 2 是今天和明天，3 到后天。",
            " counts from today: its description says 1 means today only, so 2 is today and tomorrow, "
            "3 reaches the day after tomorrow.",
        )
    if facet == "min_length":
        if p.min_length is None:
            return name + Text("：schema 没有规定最短长度。", ": the schema sets no minimum length.")
        one = Text("，所以只写一个字母太短，会被工具拒绝。", ", so a single letter is too short: the tool rejects it.")
        return (
            name
            + Text(f" 至少要 {p.min_length} 个字符", f" must be at least {p.min_length} characters long")
            + (one if p.min_length > 1 else Text("。", "."))
        )
    if facet == "scripts":
        if p.scripts == "both":
            eg = Text(f"（例如 {p.examples}）", f" (e.g. {p.examples})") if p.examples else Text("", "")
            return Text(
                f"可以，中文或英文都行：{p.tool} 的 {p.name} 说明里写着中英文均可{eg.zh}。",
                f"Yes, either works: {p.tool}'s {p.name} takes a Chinese or an English name{eg.en}, "
                "as its description says.",
            )
        if p.scripts == "en":
            return name + Text(" 要英文。", " asks for English.")
        return name + Text(
            "：说明里没有写用什么文字。", ": its description does not say which language to write it in."
        )
    if facet == "default":
        if "default" in p.schema:
            return name + Text(
                f" 默认是 {p.schema['default']}（不填就用它）。",
                f": default {p.schema['default']}, used when it is left out.",
            )
        need = (
            Text("必填，没有默认值", "required and has no default")
            if p.is_required
            else Text("可选，没有默认值", "optional, with no default")
        )
        return name + Text(f"{need.zh}。", f" is {need.en}.")
    if facet == "required":
        if p.is_required:
            return name + Text(" 是必填的。", " is required.")
        default = p.schema.get("default")
        extra = (
            Text(f"，不填就用默认 {default}", f"; left out, it is {default}") if default is not None else Text("", "")
        )
        return name + Text(f" 是可选的{extra.zh}。", f" is optional{extra.en}.")
    if facet == "range":
        if p.low is None and p.high is None:
            return None
        return _range(p, text)
    if facet == "enum" and isinstance(p.schema.get("enum"), list):
        values = ", ".join(map(str, p.schema["enum"]))
        return name + Text(f" 只能取这些值：{values}。", f" takes only these values: {values}.")
    if facet == "format":
        fmt = re.search(r"\b(YYYY-MM-DD|YYYY/MM/DD|HH:MM|DD/MM/YYYY)\b", p.description)
        shape = shape_from(p.description) if p.kind == "id" else None
        if fmt:
            return name + Text(f" 要写成 {fmt.group(1)} 格式。", f" must be written as {fmt.group(1)}.")
        if shape is not None:
            return name + Text(
                f" 的格式是 {shape.letters} 加 {shape.digits} 位数字。",
                f" is {shape.letters} followed by {shape.digits} digits.",
            )
        return None
    if facet == "type":
        return name + Text(f" 的类型是 {p.type}。", f" is of type {p.type}.")
    if facet == "purpose":  # what it is for, then the range or whether it must be given
        said = name + Text(f"：{p.description}。", f": {gloss(p)}. ")
        ranged = p.low is not None or p.high is not None
        if ranged and _asked_number(text, p) is not None:
            return said + _range(p, text)  # "what does days do if I ask for 10?": the range, and what 10 gets
        then = _answer(p, "default" if ranged else "required", text)
        return said + then if then is not None else said
    return None


def answer(text: str, tools: list[dict[str, Any]], lang: str, *, hypothetical: bool = False) -> str | None:
    """The answer from the schema when the question asks one fact of one parameter, else ``None``.

    A hypothetical ("if I asked you for a 10 day forecast what would you do") is answered only when
    it asks the model for a value outside a parameter's range."""
    facet = _facet(text)
    if facet is None:
        return None
    p = _param_for(text, facet, tools)
    if p is None and facet == "required" and _several(text, tools):
        said_each = [_answer(q, "required", text) for q in _several(text, tools)]
        return Text("", " ").join(s(lang) for s in said_each if s)(lang) + Text(
            "这在工具的 schema 里，不用调用工具。", " That is in the tool's schema, so no call is needed."
        )(lang)
    if p is None:
        return None
    if hypothetical:
        n = _asked_number(text, p) if facet == "range" else None
        if n is None or not _ASKS_THE_MODEL.search(text) or p.high is None or n <= p.high:
            return None
    said = _answer(p, facet, text)
    if said is None:
        return None
    if facet in ("scripts", "purpose"):
        return said(lang) + Text(
            "这在工具的 schema 里，不用调用工具。", " That is in the tool's schema, so no call is needed."
        )(lang)
    what = Text(f"\n说明原文：{p.description}", f"\nWhat it asks for: {gloss(p)}.")
    return (
        said(lang)
        + Text("这在工具的 schema 里，不用调用工具。", " That is in the tool's schema, so no call is needed.")(lang)
        + what(lang)
    )
