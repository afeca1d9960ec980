"""The time zones of the cities the weather data holds: "what time zone is Singapore on", "东京和北京差几个小时".

No tool gives a time zone, but the zone of a big city is settled knowledge, like a unit conversion: a careful
model answers it without a call (a forecast would not say it either). Cities outside this table are not guessed.
Summer time is named where a city keeps it; the date asked about is not worked out.
"""

from __future__ import annotations

import re

from toolcall_lab.i18n import Text
from toolcall_lab.offline import nlu

#: city → (standard offset from UTC in hours, offset in summer time or ``None``, the zone's usual name)
ZONES: dict[str, tuple[float, float | None, str]] = {
    "Bangkok": (7, None, "ICT"), "Beijing": (8, None, "CST"), "Shanghai": (8, None, "CST"),
    "Guangzhou": (8, None, "CST"), "Hangzhou": (8, None, "CST"), "Singapore": (8, None, "SGT"),
    "Tokyo": (9, None, "JST"), "Seoul": (9, None, "KST"), "London": (0, 1, "GMT / BST"),
    "Paris": (1, 2, "CET / CEST"), "New York": (-5, -4, "EST / EDT"), "Sydney": (10, 11, "AEST / AEDT"),
}  # fmt: skip

_ZONE_ASKED = re.compile(r"\btime ?zones?\b|时区|\bwhat (?:utc|gmt) offset\b", re.I)
_GAP_ASKED = re.compile(r"\btime difference\b|\bhours? (?:ahead|behind)\b|时差|差几个小时|差几小时|差多少小时", re.I)


def _utc(offset: float) -> str:
    sign = "+" if offset >= 0 else "−"
    hours = float(abs(offset))
    return f"UTC{sign}{int(hours) if hours.is_integer() else hours}"


def asked(text: str) -> list[str]:
    """The cities of this table whose zone (or the gap between two) the question asks, else ``[]``.

    >>> asked("what time zone is singapore on"), asked("东京和北京差几个小时"), asked("tokyo weather")
    (['Singapore'], ['Tokyo', 'Beijing'], [])
    """
    cities = [c for c in nlu.cities_in(text) if c in ZONES]
    if _ZONE_ASKED.search(text) and cities:
        return cities
    return cities if _GAP_ASKED.search(text) and len(cities) == 2 else []


def answer(text: str, lang: str) -> str:
    """Each city's zone, and the gap between two, as settled knowledge."""
    cities = asked(text)
    lines = []
    for city in cities:
        std, summer, name = ZONES[city]
        extra = Text(f"，夏令时 {_utc(summer)}", f", {_utc(summer)} in summer time") if summer is not None else None
        zh = next((k for k, v in nlu.ALL_CITIES.items() if v == city), city)
        said = Text(f"{zh}：{_utc(std)}（{name}）", f"{city}: {_utc(std)} ({name})")
        lines.append((said + (extra or Text("", "")) + Text("。", "."))(lang))
    if len(cities) == 2:
        gap = abs(ZONES[cities[0]][0] - ZONES[cities[1]][0])
        shifts = any(ZONES[c][1] is not None for c in cities)
        said = Text(f"两地相差 {gap:g} 小时", f"They are {gap:g} hours apart")
        if shifts:
            said += Text("（按标准时间；夏令时期间会差 1 小时）", " in standard time (an hour differs in summer time)")
        lines.append((said + Text("。", "."))(lang))
    why = Text(
        "这是常识，我的工具都不提供时区，所以没有调用工具。",
        "That is general knowledge (none of my tools gives time zones), so no tool was called.",
    )
    return "\n".join([*lines, why(lang)])
