"""What one parameter of a bound tool allows, read from the schema the request carries.

A schema says a parameter's ``type``, its range (``minimum`` / ``maximum``, or "1 到 7" / "1-10" in its
description), ``minLength``, ``default``, ``enum``, whether it is ``required``, and in its description
which languages a name may be written in ("中文或英文均可") and the shape a value takes. This module
reads those facts; :mod:`.schema_questions` finds which one a learner asks about and answers it.

The descriptions may be in Chinese: :func:`gloss` says what a description asks for in English from
the pieces a schema's description is made of (the English name in brackets, the languages accepted,
the examples, the range, the format), so an English learner never gets the Chinese pasted verbatim.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from toolcall_lab.offline.ids import shape_from
from toolcall_lab.offline.kinds import function_of, param_kind, properties, required, tool_name

_RANGE = re.compile(r"(\d+)\s*(?:到|至|to|-|–|~|～)\s*(\d+)")
_BOTH_SCRIPTS = re.compile(
    r"中文或英文|中英文|英文或中文|中文、英文|Chinese or English|English or Chinese|either language", re.I
)
_ENGLISH_ONLY = re.compile(r"英文单词|English word|英文名|in English|只能(?:用|写)?英文|English only", re.I)
_EXAMPLES = re.compile(r"(?:例如|比如|如|e\.g\.|for example)[:：]?\s*(.+?)(?:[。.]\s*|$)", re.I)
_GLOSSED = re.compile(r"[（(]([A-Za-z][A-Za-z _-]*)[）)]")
_FORMAT = re.compile(r"\b(YYYY-MM-DD|YYYY/MM/DD|HH:MM|DD/MM/YYYY)\b")
_LATIN_PART = re.compile(r"(?:^|[/｜|]\s*|[。.]\s*)([A-Za-z][A-Za-z0-9 ,;:'()\-]{6,}[.]?)")


#: The words a learner calls a parameter of each kind by.
KIND_WORDS: dict[str, re.Pattern[str]] = {
    "city": re.compile(r"\bcity\b|\bcities\b|城市", re.I),
    "days": re.compile(r"\bdays?\b|天数|几天|多少天|\bforecast\b|预报", re.I),
    "date": re.compile(r"\bdate\b|日期", re.I),
    "id": re.compile(r"\bstudent[ _]?id\b|\bid\b|学号", re.I),
    "word": re.compile(r"\bword\b|单词", re.I),
    "query": re.compile(r"\bquery\b|\bsearch (?:terms?|words?|keywords?)\b|\bkeywords?\b|关键词|搜索词", re.I),
    "count": re.compile(r"\blimit\b|\bresults\b|几条|多少条", re.I),
}


@dataclass(frozen=True)
class Param:
    """One parameter of one tool, with the facts its schema states."""

    tool: str
    name: str
    kind: str
    schema: dict[str, Any]
    is_required: bool

    @property
    def description(self) -> str:
        return str(self.schema.get("description", "")).strip()

    @property
    def type(self) -> str:
        return str(self.schema.get("type", "string"))

    @property
    def low(self) -> int | None:
        """The smallest value a number allows: ``minimum``, or "1 到 7" in its description."""
        if isinstance(self.schema.get("minimum"), (int, float)):
            return int(self.schema["minimum"])
        found = _RANGE.search(self.description) if self.type in ("integer", "number") else None
        return int(found.group(1)) if found else None

    @property
    def high(self) -> int | None:
        """The largest value a number allows: ``maximum``, or "1 到 7" in its description."""
        if isinstance(self.schema.get("maximum"), (int, float)):
            return int(self.schema["maximum"])
        found = _RANGE.search(self.description) if self.type in ("integer", "number") else None
        return int(found.group(2)) if found else None

    @property
    def min_length(self) -> int | None:
        value = self.schema.get("minLength")
        return int(value) if isinstance(value, int) else None

    @property
    def scripts(self) -> str | None:
        """``both`` when the description takes Chinese or English, ``en`` when only English, else ``None``."""
        if _BOTH_SCRIPTS.search(self.description):
            return "both"
        if _ENGLISH_ONLY.search(self.description):
            return "en"
        return None

    @property
    def examples(self) -> str | None:
        """The examples the description gives, as written ("Bangkok" 或 "曼谷" → "Bangkok" or "曼谷")."""
        found = _EXAMPLES.search(self.description)
        if not found:
            return None
        said = re.sub(r"\s*(?:或|或者)\s*", " or ", found.group(1).strip().rstrip("。.，,"))
        return said.replace("、", ", ")

    @property
    def english_name(self) -> str:
        """The English name the description glosses itself with ("城市名（city）" → city), else the identifier."""
        found = _GLOSSED.search(self.description)
        return found.group(1).strip() if found else self.name.replace("_", " ")


def params_of(tools: list[dict[str, Any]]) -> list[Param]:
    """Every parameter of every tool, in order."""
    out: list[Param] = []
    for tool in tools:
        schema = function_of(tool).get("parameters")
        needed = set(required(schema))
        for name, prop in properties(schema).items():
            out.append(Param(tool_name(tool), name, param_kind(name, prop), prop, name in needed))
    return out


def _english_part(description: str) -> str | None:
    """The English half of a bilingual description ("要搜索的关键词 / the search keywords")."""
    found = _LATIN_PART.search(description)
    return found.group(1).strip() if found else None


def gloss(param: Param) -> str:
    """What a parameter's description asks for, said in English (never the Chinese pasted).

    >>> said = "城市名（city），中文或英文均可，例如 'Bangkok' 或 '曼谷'。"
    >>> p = Param("get_weather", "city", "city", {"type": "string", "description": said}, True)
    >>> gloss(p)
    "the city; a Chinese or an English name both work; e.g. 'Bangkok' or '曼谷'"
    """
    own = _english_part(param.description)
    named = "number of days" if param.kind == "days" and param.english_name == "days" else param.english_name
    bits = [own.rstrip(".") if own else f"the {named}"]
    if param.scripts == "both":
        bits.append("a Chinese or an English name both work")
    elif param.scripts == "en":
        bits.append("written in English")
    if param.low is not None and param.high is not None and not own:
        bits.append(f"from {param.low} to {param.high}")
    fmt = _FORMAT.search(param.description)
    if fmt:
        bits.append(f"in the format {fmt.group(1)}")
    shape = shape_from(param.description) if param.kind == "id" else None
    if shape is not None:
        bits.append(f"{shape.letters} followed by {shape.digits} digits")
    if param.examples and not fmt:
        bits.append(f"e.g. {param.examples}")
    return "; ".join(bits)


def tool_gloss(tool: dict[str, Any]) -> str:
    """What a tool does, in English: the English sentence of its description, else its name read out."""
    description = str(function_of(tool).get("description") or "")
    lines = [ln.strip() for ln in description.splitlines() if ln.strip()]
    english = [ln for ln in lines if not re.search(r"[\u3400-\u9fff]", ln)]
    if english:
        return english[0]
    own = _english_part(description)
    if own:
        return own
    # a Chinese-only description: the name read out, and what it takes ("get weather; it takes city, days")
    props = properties(function_of(tool).get("parameters"))
    takes = ", ".join(
        f"{p} (default {s['default']})" if isinstance(s, dict) and "default" in s else p for p, s in props.items()
    )
    return tool_name(tool).replace("_", " ") + (f"; it takes {takes}" if takes else "")
