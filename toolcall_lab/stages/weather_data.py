"""The subject of the chain pages: a weather tool over a small local dataset.

The article follows one tool, ``get_weather(city, days=1)``, from ``@tool`` all the way to
the model's answer. The lab needs that tool to *really run*, offline and deterministically,
so its "weather service" is the table below: a handful of cities, each with a current
reading and a seven-day forecast. The numbers are made up but fixed, so a test can say
"Bangkok → 31 °C, rain" and mean it.

Public API (kept small on purpose; the live-run agent reuses it):

* :data:`CITIES` — the dataset, a tuple of :class:`CityWeather`.
* :func:`find_city` — match a user-typed name (English or Chinese, any case) to a city.
* :func:`lookup_weather` — the business logic: a dict for a known city, friendly text otherwise.
* :func:`build_weather_tool` — the ``get_weather`` tool (a real ``StructuredTool``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from langchain_core.tools import StructuredTool, tool

from toolcall_lab.i18n import Text

#: How many days of forecast every city carries (``days`` is clamped to this).
MAX_DAYS = 7

#: Chinese names of the weather conditions, for the one-line summary.
CONDITION_ZH: dict[str, str] = {
    "sunny": "晴",
    "cloudy": "多云",
    "overcast": "阴",
    "rain": "有雨",
    "showers": "阵雨",
    "thunderstorm": "雷阵雨",
    "snow": "有雪",
    "fog": "有雾",
    "haze": "有霾",
    "windy": "有风",
}


@dataclass(frozen=True)
class DayForecast:
    """One day of forecast: the condition and the day's high / low in °C."""

    condition: str
    high_c: int
    low_c: int


@dataclass(frozen=True)
class CityWeather:
    """One city in the dataset.

    Attributes:
        name: the English name the tool reports (``"Bangkok"``).
        name_zh: the Chinese name (``"曼谷"``).
        aliases: other spellings a user might type (``"NYC"``, ``"北平"`` …).
        temperature_c: the current temperature.
        forecast: :data:`MAX_DAYS` days, today first.
    """

    name: str
    name_zh: str
    aliases: tuple[str, ...]
    temperature_c: int
    forecast: tuple[DayForecast, ...]


def _city(name: str, name_zh: str, aliases: tuple[str, ...], now: int, days: str) -> CityWeather:
    # Each forecast day is written "condition high low", days separated by commas:
    # compact to read here, turned into DayForecast records once at import (pure, no I/O).
    forecast = tuple(
        DayForecast(cond, int(high), int(low)) for cond, high, low in (day.split() for day in days.split(","))
    )
    return CityWeather(name, name_zh, aliases, now, forecast)


CITIES: tuple[CityWeather, ...] = (
    _city(
        "Bangkok",
        "曼谷",
        ("Krung Thep",),
        31,
        "rain 33 26, thunderstorm 32 26, showers 33 27, cloudy 34 27, sunny 35 27, rain 32 26, showers 33 26",
    ),
    _city(
        "Beijing",
        "北京",
        ("Peking", "北平"),
        18,
        "sunny 22 9, cloudy 20 10, windy 17 6, sunny 19 7, haze 21 10, overcast 18 11, rain 15 9",
    ),
    _city(
        "Shanghai",
        "上海",
        ("沪",),
        21,
        "cloudy 23 17, rain 21 16, rain 20 15, overcast 22 16, sunny 25 17, sunny 26 18, showers 23 18",
    ),
    _city(
        "Tokyo",
        "东京",
        ("東京",),
        16,
        "sunny 19 11, sunny 20 12, cloudy 18 12, rain 15 10, rain 14 9, cloudy 17 10, sunny 19 11",
    ),
    _city(
        "Singapore",
        "新加坡",
        ("狮城",),
        29,
        "thunderstorm 31 25, showers 31 25, cloudy 32 26, thunderstorm 31 25, showers 30 25, sunny 32 26, cloudy 31 26",
    ),
    _city(
        "London", "伦敦", (), 11, "showers 13 7, overcast 12 8, rain 11 7, cloudy 13 6, fog 10 5, sunny 14 6, rain 12 8"
    ),
    _city(
        "New York",
        "纽约",
        ("NYC", "New York City"),
        14,
        "sunny 17 8, cloudy 16 9, rain 13 8, windy 12 5, sunny 15 6, sunny 18 9, overcast 16 10",
    ),
    _city(
        "Paris", "巴黎", (), 13, "cloudy 15 8, rain 13 8, showers 14 7, sunny 17 7, sunny 18 9, cloudy 16 10, rain 14 9"
    ),
    _city(
        "Sydney",
        "悉尼",
        (),
        24,
        "sunny 26 17, sunny 27 18, cloudy 25 18, showers 22 17, sunny 24 16, windy 23 15, sunny 25 17",
    ),
    _city(
        "Guangzhou",
        "广州",
        ("Canton",),
        27,
        "showers 29 22, thunderstorm 30 23, cloudy 30 23, sunny 31 23, rain 28 22, rain 27 22, cloudy 29 23",
    ),
    _city(
        "Hangzhou",
        "杭州",
        (),
        20,
        "overcast 22 15, rain 20 14, cloudy 23 15, sunny 25 16, sunny 26 17, showers 22 16, cloudy 23 16",
    ),
    _city(
        "Seoul",
        "首尔",
        ("서울",),
        15,
        "sunny 18 8, cloudy 17 9, rain 14 8, sunny 16 6, windy 15 5, sunny 18 8, cloudy 17 9",
    ),
)


def _key(text: str) -> str:
    # Case, surrounding blanks and inner spaces are not part of a city's identity:
    # "  new york " and "NewYork" both become "newyork".
    return "".join(str(text).split()).casefold()


def find_city(name: str, data: Iterable[CityWeather] = CITIES) -> CityWeather | None:
    """Match a user-typed city name to a city of ``data``.

    English, Chinese and alias spellings match, ignoring case and spaces; a trailing
    "市" (``"北京市"``) is tolerated. Anything else is ``None`` — the tool, not the schema,
    is where "FakeCity" is found out.

    >>> find_city("  bangkok ").name_zh
    '曼谷'
    >>> find_city("FakeCity") is None
    True
    """
    wanted = _key(name)
    if wanted.endswith("市") and len(wanted) > 1:
        wanted = wanted[:-1]
    for city in data:
        spellings = (city.name, city.name_zh, *city.aliases)
        if wanted in {_key(s) for s in spellings}:
            return city
    return None


def lookup_weather(
    city: str, days: int = 1, data: Sequence[CityWeather] = CITIES, *, lang: str = "zh"
) -> dict[str, Any] | str:
    """The weather service behind the tool: never raises, always answers.

    Args:
        city: a city name as the model wrote it (``"Bangkok"``, ``"曼谷"``).
        days: how many forecast days to return; values outside 1..7 are clamped and
            the clamping is reported in ``note``.
        data: the dataset (defaults to :data:`CITIES`).
        lang: ``"zh"`` (the article's service, the default) or ``"en"`` (the English edition:
            English summary, note and refusal, and no ``city_zh`` field).

    Returns:
        For a known city, a dict with ``city``, ``city_zh`` (Chinese edition only),
        ``temperature_c``, ``condition``, ``summary`` and ``forecast`` (one entry per day).
        For an unknown city, a short text saying so and listing the cities it knows: a
        wrong *fact* is answered by the business logic, not by a crash.

    >>> lookup_weather("Atlantis", lang="en")[:43]
    'No weather data for the city "Atlantis". Ci'
    >>> lookup_weather("Bangkok", lang="en")["summary"]
    'Bangkok: rain, 31°C now.'
    """
    english = lang == "en"
    found = find_city(city, data)
    if found is None:
        known = Text("、".join(c.name_zh for c in data), ", ".join(c.name for c in data))
        return Text(
            f"没有找到城市“{city}”的天气数据。目前可以查询：{known.zh}（中英文名均可，如 Bangkok）。",
            f'No weather data for the city "{city}". Cities you can ask about: {known.en} (English or Chinese names).',
        )(lang)

    # Clamp the number of days into the range the dataset covers, and say so.
    asked = days
    try:
        days = max(1, min(MAX_DAYS, int(days)))
    except (TypeError, ValueError, OverflowError):
        days = 1
    today = found.forecast[0]
    result: dict[str, Any] = {"city": found.name}
    if not english:
        result["city_zh"] = found.name_zh
    result |= {
        "temperature_c": found.temperature_c,
        "condition": today.condition,
        "summary": Text(
            f"{found.name_zh}现在{CONDITION_ZH.get(today.condition, today.condition)}，{found.temperature_c}°C。",
            f"{found.name}: {today.condition}, {found.temperature_c}°C now.",
        )(lang),
        "forecast": [
            {"day": i + 1, "condition": d.condition, "high_c": d.high_c, "low_c": d.low_c}
            for i, d in enumerate(found.forecast[:days])
        ],
    }
    if asked != days:
        result["note"] = Text(
            f"只能查询 1 到 {MAX_DAYS} 天，已按 {days} 天返回。",
            f"Only 1 to {MAX_DAYS} days are available; returned {days}.",
        )(lang)
    return result


def build_weather_tool(
    data: Sequence[CityWeather] | None = None,
    *,
    args_schema: type | None = None,
    lang: str = "zh",
) -> StructuredTool:
    """Build the ``get_weather`` tool the chain pages follow.

    Args:
        data: the dataset to answer from (defaults to :data:`CITIES`).
        args_schema: an explicit Pydantic model for the arguments (for example the
            article's ``WeatherInput`` with ``extra="forbid"`` and ``1 <= days <= 7``).
            ``None`` lets ``@tool`` infer the model from the signature, reading the
            parameter descriptions from the docstring's ``Args:`` section.
        lang: ``"zh"`` (the article's tool, the default) or ``"en"``: the same tool with an
            English docstring and an English service, so an English page's schema, request
            body, ToolMessage and answer are real and English.

    Returns:
        A real ``StructuredTool`` named ``get_weather``; ``tool.invoke({"city": "Bangkok"})``
        returns the dict from :func:`lookup_weather`.
    """
    cities = CITIES if data is None else tuple(data)

    # With no explicit schema, @tool reads types from the signature and, because of
    # parse_docstring=True, each parameter's description from the Args section below.
    decorate = tool(parse_docstring=True) if args_schema is None else tool(args_schema=args_schema)

    build = _english_tool if lang == "en" else _chinese_tool
    built = build(decorate, cities)
    assert isinstance(built, StructuredTool)
    return built


def _chinese_tool(decorate: Callable[[Callable[..., Any]], Any], cities: Sequence[CityWeather]) -> Any:
    """The article's tool: a Chinese docstring, so the schema the model reads is Chinese."""

    @decorate
    def get_weather(city: str, days: int = 1) -> dict[str, Any] | str:
        """查询指定城市未来几天的天气。

        Args:
            city: 城市名（city），中文或英文均可，例如 "Bangkok" 或 "曼谷"。
            days: 查询的天数（days），1 到 7，默认 1 表示只看今天。
        """
        return lookup_weather(city, days, cities)

    return get_weather


def _english_tool(decorate: Callable[[Callable[..., Any]], Any], cities: Sequence[CityWeather]) -> Any:
    """The same tool, English edition: an English docstring over the English service."""

    @decorate
    def get_weather(city: str, days: int = 1) -> dict[str, Any] | str:
        """Look up the weather of a city for the next few days.

        Args:
            city: The city's name (city), in English or Chinese, for example "Bangkok".
            days: How many days to look at (days), 1 to 7; the default 1 means today only.
        """
        return lookup_weather(city, days, cities, lang="en")

    return get_weather
