"""Inputs a learner can load with one click on each chain page: each one is a lesson the page explains.

One dict per editor, example key → the text it loads. The buttons' labels belong to the
pages (they are in the learner's language). The texts are the same in both languages, except
where prose sits inside them (docstrings, descriptions): :func:`tool_sources` and
:func:`model_sources` give the English edition of those for an English page.
"""

from __future__ import annotations

from toolcall_lab.i18n import Text
from toolcall_lab.jsonable import json_text
from toolcall_lab.stages.args_model import DEFAULT_MODEL_SOURCE, DEFAULT_MODEL_SOURCE_EN
from toolcall_lab.stages.kwargs import DEFAULT_KWARGS
from toolcall_lab.stages.tool_call import DEFAULT_ARGUMENTS as CALL_ARGUMENTS
from toolcall_lab.stages.tool_message import DEFAULT_CALL
from toolcall_lab.stages.tool_source import DEFAULT_SOURCE, DEFAULT_SOURCE_EN
from toolcall_lab.stages.validation import DEFAULT_ARGUMENTS as VALIDATION_ARGUMENTS

#: The system prompt of the chain's runs: the eight pages' shared live run, page ⑧'s own runs and its exercise.
SYSTEM_PROMPT = Text(
    "你是天气助手。需要天气数据时调用工具，只根据工具结果回答。",
    "You are a weather assistant. Call the tool for weather data and answer only from its result.",
)

# ---------------------------------------------------------------- ① the function editor (pages ① and ③)
#: A name outside ``^[a-zA-Z0-9_-]+$``: LangChain accepts it, the endpoint refuses the request.
BAD_NAME_SOURCE = DEFAULT_SOURCE.replace("@tool\n", '@tool("get weather!")\n')

HOSTILE_SOURCE = (
    "import os\n\nfrom langchain_core.tools import tool\n\n\n@tool\n"
    "def get_weather(city: str, days: int = 1) -> dict:\n"
    '    """查询指定城市未来几天的天气。"""\n'
    "    # None of this ever runs: the lab reads the text, it does not execute it.\n"
    '    open("pwned.txt", "w").write("owned")\n'
    '    os.system("echo pwned > pwned-too.txt")\n'
    "    while True:\n"
    "        pass\n"
)

TOOL_SOURCES: dict[str, str] = {
    "default": DEFAULT_SOURCE,
    "syntax": "def get_weather(city: str\n    return city\n",
    "two": 'def get_weather(city: str) -> dict:\n    """Weather."""\n\n\ndef get_time(city: str) -> str:\n'
    '    """Time."""\n',
    "annotation": 'import numpy as np\n\n\ndef get_weather(city: np.ndarray) -> dict:\n    """Weather."""\n',
    "oversized": DEFAULT_SOURCE + "\n# " + "padding " * 2600 + "\n",
    "hostile": HOSTILE_SOURCE,
    "bad_name": BAD_NAME_SOURCE,
}

#: The English edition: the same functions, English docstrings.
TOOL_SOURCES_EN: dict[str, str] = {
    **TOOL_SOURCES,
    "default": DEFAULT_SOURCE_EN,
    "oversized": DEFAULT_SOURCE_EN + "\n# " + "padding " * 2600 + "\n",
    "hostile": HOSTILE_SOURCE.replace("查询指定城市未来几天的天气。", "Look up the weather of a city."),
    "bad_name": DEFAULT_SOURCE_EN.replace("@tool\n", '@tool("get weather!")\n'),
}


def tool_sources(lang: str) -> dict[str, str]:
    """The function editor's examples in the learner's language."""
    return TOOL_SOURCES_EN if lang == "en" else TOOL_SOURCES


# ---------------------------------------------------------------- ② the argument-model editor
RICH_MODEL = '''from enum import Enum
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator


class Units(str, Enum):
    celsius = "celsius"
    fahrenheit = "fahrenheit"


class Location(BaseModel):
    """Where to look."""

    city: str = Field(min_length=1, description="城市名，例如 Bangkok")
    country: str = Field(default="TH", description="两位国家代码，例如 TH")


class WeatherQuery(BaseModel):
    """查询天气的参数：嵌套模型、Enum、Literal、pattern、范围、strict 和一个自定义验证器。"""

    model_config = ConfigDict(extra="forbid")

    location: Location
    days: int = Field(default=1, ge=1, le=7, strict=True, description="查询的天数，1 到 7")
    start: str = Field(default="2026-07-25", pattern=r"^\\d{4}-\\d{2}-\\d{2}$", description="开始日期 YYYY-MM-DD")
    units: Units = Field(default=Units.celsius, description="温度单位")
    detail: Literal["brief", "full"] = "brief"

    @field_validator("days")
    @classmethod
    def within_forecast(cls, value: int) -> int:
        if value > 5:
            raise ValueError("只有 5 天内的预报可信")
        return value
'''

MODEL_SOURCES: dict[str, str] = {
    "article": DEFAULT_MODEL_SOURCE,
    "rich": RICH_MODEL,
    "syntax": "class WeatherInput(BaseModel)\n    city: str\n",
    "statement": "import os\nos.system('echo hi')\n\nclass WeatherInput(BaseModel):\n    city: str\n",
}

#: The prose inside :data:`RICH_MODEL`, in both languages: the English edition swaps each for its English.
_RICH_PROSE = (
    Text("城市名，例如 Bangkok", "The city's name, for example Bangkok"),
    Text("两位国家代码，例如 TH", "A two-letter country code, for example TH"),
    Text(
        "查询天气的参数：嵌套模型、Enum、Literal、pattern、范围、strict 和一个自定义验证器。",
        "Weather query: a nested model, Enum, Literal, pattern, a range, strict and a custom validator.",
    ),
    Text("查询的天数，1 到 7", "How many days, 1 to 7"),
    Text("开始日期 YYYY-MM-DD", "Start date YYYY-MM-DD"),
    Text("温度单位", "Temperature unit"),
    Text("只有 5 天内的预报可信", "Only a 5-day forecast can be trusted"),
)
RICH_MODEL_EN = RICH_MODEL
for _prose in _RICH_PROSE:
    RICH_MODEL_EN = RICH_MODEL_EN.replace(_prose.zh, _prose.en)

#: The English edition: the same models, English descriptions.
MODEL_SOURCES_EN: dict[str, str] = {**MODEL_SOURCES, "article": DEFAULT_MODEL_SOURCE_EN, "rich": RICH_MODEL_EN}


def model_sources(lang: str) -> dict[str, str]:
    """The argument-model editor's examples in the learner's language."""
    return MODEL_SOURCES_EN if lang == "en" else MODEL_SOURCES


# ---------------------------------------------------------------- ④ the model's reply: one arguments string per line
CALL_LINES: dict[str, str] = {
    "one": CALL_ARGUMENTS,
    "two": '{"city": "Beijing"}\n{"city": "Shanghai", "days": 2}',
    "broken": '{"city": "Bangkok", "days": }',
    "mixed": '{"city": "Tokyo"}\n{"city": "Paris", "days": 3,}',
    "quotes": "{'city': 'Bangkok'}",
    "array": "[1, 2]",
}

# ---------------------------------------------------------------- ⑤ the arguments string, through three layers
VALIDATION_TEXTS: dict[str, str] = {
    "coerce": VALIDATION_ARGUMENTS,
    "range": '{"city": "Bangkok", "days": 30}',
    "empty": '{"city": "", "days": 2}',
    "extra": '{"location": "Bangkok", "days": 3}',
    "types": '{"city": "Tokyo", "days": 2, "ok": true, "tags": ["a", 1.5], "note": null}',
    "broken": "{'city': 'Bangkok', 'days': 3,}",
    "nan": '{"city": "Bangkok", "days": NaN}',
    "fake": '{"city": "FakeCity", "days": 3}',
}

# ---------------------------------------------------------------- ⑥ the validated dict
KWARGS_TEXT = json_text(DEFAULT_KWARGS, indent=None)
KWARGS_TEXTS: dict[str, str] = {
    "default": KWARGS_TEXT,
    "reversed": '{"days": 3, "city": "Bangkok"}',
    "location": '{"location": "Bangkok", "days": 3}',
    "missing": '{"days": 3}',
    "extra": '{"city": "Bangkok", "days": 3, "units": "celsius"}',
}

# ---------------------------------------------------------------- ⑦ one call given to ToolNode
CALL_ARGS_TEXT = json_text(DEFAULT_CALL["args"], indent=None)
TOOL_NODE_ARGS: dict[str, str] = {
    "bangkok": CALL_ARGS_TEXT,
    "days": '{"city": "Tokyo", "days": 3}',
    "fake": '{"city": "FakeCity"}',
    "location": '{"location": "Bangkok"}',
}
