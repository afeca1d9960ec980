"""Putting a tool's JSON result into words, in the language of the question.

The result is read by its shape, not by the tool's name: a name field (``city``, ``name``,
``title``) and its ``*_zh`` twin, a current reading (``temperature_c`` → "13°C"), a
condition word, and a list of day entries (``forecast``) with ``high_c`` / ``low_c``. The
days the question asked for are answered from that list: "tomorrow" from the second entry
(or, when the tool gave only today, a plain "it only has today"), "the next 3 days" entry by
entry. Any other record becomes a sentence of its fields; nothing is dumped as ``key: value``.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from toolcall_lab.i18n import Text
from toolcall_lab.offline import nlu
from toolcall_lab.offline.comparing import day_name, extreme_day
from toolcall_lab.offline.dates import find_dates
from toolcall_lab.offline.later_days import more_days, restated_count
from toolcall_lab.offline.lexicon import CONDITIONS_ZH
from toolcall_lab.offline.romanise import rewrite
from toolcall_lab.offline.spans import NOW_ASKED, days_asked
from toolcall_lab.offline.tool_reach import missing_figure

_NAME_KEYS = ("city", "name", "title", "location", "place")
_UNITS = {"_c": "°C", "_f": "°F", "_pct": "%", "_percent": "%", "_km": " km", "_kmh": " km/h", "_mm": " mm"}
_RAINY = {"rain", "showers", "thunderstorm", "drizzle", "storm"}
_ASKS_RAIN = re.compile(r"rain|umbrella|brolly|wet|下雨|雨|伞")


def _unit(key: str) -> str:
    return next((u for suffix, u in _UNITS.items() if key.endswith(suffix)), "")


def _label(key: str) -> str:
    words = re.sub(r"_(c|f|pct|percent|km|kmh|mm)$", "", key).replace("_", " ")
    return words.strip()


def _condition(value: str, zh: bool) -> str:
    return CONDITIONS_ZH.get(value.lower(), value) if zh else value


def _name(data: dict[str, Any], zh: bool) -> str:
    for key in _NAME_KEYS:
        value = data.get(key)
        if isinstance(value, str):
            local = data.get(f"{key}_zh")
            if zh and isinstance(local, str) and local != value:
                return f"{local}（{value}）"
            return value
    return ""


def _day_list(data: dict[str, Any]) -> list[dict[str, Any]]:
    for value in data.values():
        rows = value if isinstance(value, list) and value and all(isinstance(v, dict) for v in value) else []
        if any(isinstance(x, (int, float)) for v in rows for x in v.values()):
            return rows
    return []


def _day_label(index: int, lang: str, today: dt.date | None = None) -> str:
    return day_name(index, today)(lang)


def _describe_entry(entry: dict[str, Any], lang: str) -> str:
    """One day entry: "rain, 8–13°C" / "有雨，8～13°C"."""
    words = [_condition(v, lang == "zh") for k, v in entry.items() if isinstance(v, str)]
    high = next((v for k, v in entry.items() if k.startswith(("high", "max")) and isinstance(v, (int, float))), None)
    low = next((v for k, v in entry.items() if k.startswith(("low", "min")) and isinstance(v, (int, float))), None)
    unit = next((_unit(k) for k in entry if k.startswith(("high", "max"))), "")
    if high is not None and low is not None:
        words.append(Text(f"{low}～{high}{unit}", f"{low}–{high}{unit}")(lang))
    for key, value in entry.items():
        if isinstance(value, (int, float)) and not key.startswith(("high", "low", "max", "min", "day")):
            words.append(f"{_label(key)} {value}{_unit(key)}")
    return Text("，", ", ").join(words)(lang)


def _rain_verdict(entries: list[dict[str, Any]], lang: str) -> str:
    rainy = any(str(v).lower() in _RAINY for e in entries for v in e.values() if isinstance(v, str))
    if rainy:
        return Text("会下雨，记得带伞。", "Rain is expected, so take an umbrella.")(lang)
    return Text("不会下雨，不用带伞。", "No rain is expected.")(lang)


def _wanted_days(question: str, available: int, today: dt.date | None = None) -> tuple[list[int], int | None]:
    """The day indexes (1 = today) the question asks about, and a day it asks for that is missing.

    Weekdays count from ``today`` when the system prompt states it; two days named ("Saturday or
    Sunday") are both wanted, so the answer can compare them.

    >>> _wanted_days("london: saturday or sunday, which is warmer", 5, dt.date(2026, 7, 22))
    ([4, 5], None)
    """
    mentions = find_dates(rewrite(question)[0], today)  # "明儿个后儿个" as the model read it
    if any(d.kind == "next_day" for d in mentions) and available > 1:  # "I meant the day after": the day asked last
        last = find_dates(rewrite(question.splitlines()[-1])[0], today)  # this message's days, not the earlier
        named = sorted({d.offset for d in last if d.offset is not None and d.offset > 0})
        if named and named[-1] + 2 <= available:  # "london tomorrow and the day after": both days
            return [*(o + 1 for o in named), named[-1] + 2], None
        return [available], None
    offsets = sorted({d.offset for d in mentions if d.offset is not None and d.offset > 0})
    if len(offsets) > 1 and offsets[-1] + 1 <= available:
        return [o + 1 for o in offsets], None
    if offsets:
        day = max(offsets) + 1
        return ([day], None) if day <= available else ([], day)
    if more_days(question.splitlines()[-1]) and available > 1:  # "再加两天": every day the longer call returned
        return list(range(1, available + 1)), None
    # "three days", then "actually make that 6" / "make it the full week": the last line's count first
    count = restated_count(question) or days_asked(question.splitlines()[-1], today) or days_asked(question, today)
    if not count and re.search(r"\bweekend\b|周末", question, re.I):  # today unknown: every day fetched
        count = available
    if count and count > 1:
        return list(range(1, min(count, available) + 1)), None
    return [], None


_IN_FAHRENHEIT = re.compile(r"fahrenheit|华氏|°\s*F\b|\bin F\b", re.I)


def _fahrenheit(celsius: str) -> str:
    """ "15°C" in Fahrenheit: "59°F"."""
    value = float(celsius.removesuffix("°C")) * 9 / 5 + 32
    return f"{value:.0f}°F" if abs(value - round(value)) < 0.05 else f"{value:.1f}°F"


def describe_record(
    data: dict[str, Any], question: str, lang: str, today: dt.date | None = None, *, whole: str = ""
) -> str:
    """A JSON object result in a few natural sentences (see the module docstring); ``today``: the
    date the system prompt states, when it does (weekdays then name forecast days); ``whole``: the whole
    message, when ``question`` is the clause the result answers."""
    zh = lang == "zh"
    name = _name(data, zh)
    entries = _day_list(data)
    days, missing_day = _wanted_days(question, len(entries), today)
    sentences: list[str] = []
    now = [
        f"{v}{_unit(k)}"
        for k, v in data.items()
        if isinstance(v, (int, float)) and not isinstance(v, bool) and _unit(k)
    ]
    if _IN_FAHRENHEIT.search(whole or question):  # "in fahrenheit?": each reading in both units
        now = [f"{n} ({_fahrenheit(n)})" if n.endswith("°C") else n for n in now]
    condition = data.get("condition") if isinstance(data.get("condition"), str) else None
    if missing_day:
        wanted = _day_label(missing_day, lang)
        sentences.append(
            Text(
                f"工具只返回了{name}今天的天气，没有{wanted}的预报。",
                f"The tool only has today for {name}, no forecast for {wanted}.",
            )(lang)
        )
    if len(days) == 1:
        label, entry = _day_label(days[0], lang, today), _describe_entry(entries[days[0] - 1], lang)
        if days[0] == 1 and now:  # today's range, and what it is right now
            entry += Text(f"，现在{'，'.join(now)}", f"; now {', '.join(now)}")(lang)
        sentences.append(Text(f"{name}{label}{entry}。", f"{name} {label}: {entry}.")(lang))
    elif days:
        colon = Text("", ": ")(lang)
        parts = [f"{_day_label(i, lang, today)}{colon}{_describe_entry(entries[i - 1], lang)}" for i in days]
        sentences.append(Text(f"{name}：" + "；".join(parts) + "。", f"{name} — " + "; ".join(parts) + ".")(lang))
    if (
        days and days != [1] and now and NOW_ASKED.search(whole or question)
    ):  # "我明天去广州…那边现在什么情况": now, too
        sentences.append(Text(f"现在{'，'.join(now)}。", f"Now: {', '.join(now)}.")(lang))
    if days:
        if _ASKS_RAIN.search(whole or question):
            sentences.append(_rain_verdict([entries[i - 1] for i in days], lang))
        sentences.append(extreme_day([entries[i - 1] for i in days], question, lang, today))
    else:
        reading = "，".join(filter(None, [_condition(condition, zh) if condition else "", *now]))
        said = Text(f"{name}现在{reading}。", f"{name} now: {reading.replace('，', ', ')}.")
        sentences.append((said if reading else Text(f"{name}。", f"{name}."))(lang))
        if entries:
            first = _describe_entry(entries[0], lang)
            sentences.append(Text(f"今天{first}。", f"Today: {first}.")(lang))
            if _ASKS_RAIN.search(whole or question):
                sentences.append(_rain_verdict(entries[:1], lang))
    unheld = missing_figure(whole or question, data)  # "what's the humidity in Paris": the result has none
    if unheld is not None:
        sentences.append(Text(f"工具的结果里没有{unheld.zh}。", f"The tool's result has no {unheld.en}.")(lang))
    sentences += _other_fields(data, lang)
    # a blank sentence (an empty comparison) adds nothing in Chinese and no double space in English
    return Text("", " ").join(s for s in sentences if s.strip())(lang)


def _other_fields(data: dict[str, Any], lang: str) -> list[str]:
    """Fields not read above, each as words: "note: …" becomes the note itself."""
    zh = lang == "zh"
    out = []
    for key, value in data.items():
        if key in _NAME_KEYS or key.endswith("_zh") or key in ("condition", "summary") or _unit(key):
            continue
        if isinstance(value, str) and nlu.is_chinese(value) == zh:
            out.append(value if value.endswith(("。", ".", "!", "！")) else value + Text("。", ".")(lang))
        elif isinstance(value, str) and key in ("note", "warning", "error", "message"):
            out.append(f"(The tool noted: {value})")
        elif isinstance(value, (int, float)) and not isinstance(value, bool):
            out.append(Text(f"{_label(key)}为 {value}。", f"The {_label(key)} is {value}.")(lang))
    return out


def describe_plain(data: dict[str, Any], lang: str) -> str:
    """Any other JSON object, as one sentence of its scalar fields ("The result is 5.")."""
    parts = []
    for key, value in list(data.items())[:8]:
        if isinstance(value, (dict, list)):
            continue
        parts.append(Text(f"{_label(key)}为 {value}", f"the {_label(key)} is {value}")(lang))
    if not parts:
        return ""
    return Text("，".join(parts) + "。", (", ".join(parts) + ".").capitalize())(lang)


def is_record(data: Any) -> bool:
    """A result this module can describe as a named record (it has a name field and readings)."""
    return isinstance(data, dict) and any(isinstance(data.get(k), str) for k in _NAME_KEYS)
