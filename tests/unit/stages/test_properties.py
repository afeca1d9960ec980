"""Property tests: whatever a learner types, the parsers and the validation stage answer
with a result or an ExplainedError — never an uncaught exception, never non-JSON data.
"""

from __future__ import annotations

import json
import math

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from toolcall_lab.errors import ExplainedError
from toolcall_lab.stages._common import MAX_SOURCE_CHARS
from toolcall_lab.stages.args_model import ArgsModelResult, parse_args_model
from toolcall_lab.stages.models import WeatherInput
from toolcall_lab.stages.tool_source import ToolSourceResult, parse_tool_source
from toolcall_lab.stages.validation import JsonStageResult, ValidationStageResult, json_stage, validate_stage

SETTINGS = settings(
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
)


def strict_json(data) -> str:
    """Everything a stage returns must serialise as strict JSON (no NaN, no objects)."""
    return json.dumps(data, allow_nan=False, ensure_ascii=False)


# ------------------------------------------------------------------ building blocks

names = st.sampled_from(["city", "days", "x", "_p", "args", "kwargs", "callbacks", "城市", "self", "a1", "class_"])
annotations = st.sampled_from(
    [
        "str",
        "int",
        "float",
        "bool",
        "dict",
        "list",
        "Any",
        "list[str]",
        "list[int]",
        "dict[str, Any]",
        "Optional[int]",
        "int | None",
        "Literal['a', 'b']",
        "Literal[1, True, None]",
        "Foo",
        "list[Foo]",
        "'int'",
        "'not valid ('",
        "Annotated[str, 'note']",
        "Annotated[str]",
        "Union[int, str]",
        "typing.Optional[str]",
        "set[int]",
        "Callable[[int], int]",
        "lambda: 1",
        "1 + 2",
        "Literal[1.5]",
        "dict[str]",
        "Units",
        "Loc",
    ]
)
literals = st.sampled_from(
    [
        "1",
        "0",
        "-1",
        "1.5",
        "1e999",
        "-1e999",
        "'c'",
        '""',
        "None",
        "True",
        "[1, 2]",
        "{'a': 1}",
        "(1,)",
        "{1, 2}",
        "b'\\xff'",
        "1j",
        "...",
        "float('nan')",
        "open('x')",
        "CITY",
        "-(-(-1))",
        "'x' * 3",
    ]
)
deep = st.integers(min_value=1, max_value=3000).map(lambda n: "list[" * n + "int" + "]" * n)
deep_parens = st.integers(min_value=1, max_value=3000).map(lambda n: "(" * n + "1" + ")" * n)
deep_unary = st.integers(min_value=1, max_value=3000).map(lambda n: "-" * n + "1")


@st.composite
def parameter(draw) -> str:
    text = draw(names)
    if draw(st.booleans()):
        # Mostly ordinary annotations and defaults; now and then a pathologically deep one.
        text += ": " + draw(st.one_of(annotations, annotations, annotations, deep))
    if draw(st.booleans()):
        text += " = " + draw(st.one_of(literals, literals, literals, deep_parens, deep_unary))
    return text


@st.composite
def function_source(draw) -> str:
    params = draw(st.lists(parameter(), max_size=5))
    if draw(st.integers(0, 9)) == 0:
        params.append(draw(st.sampled_from(["*args", "**kw", "/", "*"])))
    deco = draw(st.sampled_from(["", "@tool\n", "@tool(parse_docstring=True)\n", "@tool('n', x=f())\n", "@other\n"]))
    doc = draw(
        st.sampled_from(
            [
                "'''Doc.'''",
                "'''Doc.\n\n    Args:\n        city: the city\n    '''",
                "",
                "'''Doc.\n\n    Args:\n        zz: nope\n    '''",
            ]
        )
    )
    body = draw(st.sampled_from(["pass", "return open('x').read()", "while True: pass", "import os; os.system('x')"]))
    head = draw(
        st.sampled_from(["", "from langchain_core.tools import tool\n", "x = 1\n", "class A: pass\n", '"""mod"""\n'])
    )
    name = draw(st.sampled_from(["get_weather", "f", "天气", "async_fn"]))
    kw = draw(st.sampled_from(["def", "async def"]))
    return f"{head}{deco}{kw} {name}({', '.join(params)}):\n    {doc}\n    {body}\n"


random_text = st.text(max_size=400)
huge_text = st.integers(min_value=MAX_SOURCE_CHARS - 5, max_value=MAX_SOURCE_CHARS + 50).map(lambda n: "x" * n)


def assert_tool_source_outcome(result) -> None:
    assert isinstance(result, (ToolSourceResult, ExplainedError))
    if isinstance(result, ToolSourceResult):
        strict_json(result.to_dict())
        assert set(result.required) <= {f["name"] for f in result.fields}
    else:
        strict_json(result.to_dict())
        assert result.title["zh"] and result.title["en"]


@SETTINGS
@given(st.one_of(function_source(), random_text, huge_text), st.sampled_from([None, True, False]))
def test_tool_source_parser_never_raises(source, parse_docstring):
    assert_tool_source_outcome(parse_tool_source(source, parse_docstring=parse_docstring))


# ------------------------------------------------------------------ args model parser

field_values = st.one_of(
    literals,
    st.builds(
        lambda kws: "Field(" + ", ".join(kws) + ")",
        st.lists(
            st.builds(
                lambda k, v: f"{k}={v}",
                st.sampled_from(
                    [
                        "default",
                        "ge",
                        "le",
                        "gt",
                        "lt",
                        "min_length",
                        "max_length",
                        "pattern",
                        "description",
                        "strict",
                        "multiple_of",
                        "alias",
                        "title",
                        "examples",
                    ]
                ),
                st.one_of(literals, st.sampled_from(["'^[a-z]+$'", "'('", "'中文'"])),
            ),
            max_size=4,
        ),
    ),
)


@st.composite
def model_source(draw) -> str:
    parts = []
    if draw(st.booleans()):
        parts.append("class Units(str, Enum):\n    C = 'celsius'\n    F = " + draw(literals) + "\n")
    if draw(st.booleans()):
        parts.append("class Loc(BaseModel):\n    lat: float = Field(ge=-90, le=90)\n")
    lines = []
    if draw(st.booleans()):
        lines.append(
            "model_config = "
            + draw(
                st.sampled_from(
                    [
                        "ConfigDict(extra='forbid')",
                        "{'extra': 'ignore'}",
                        "ConfigDict(frozen=True)",
                        "ConfigDict(extra=X)",
                        "ConfigDict(extra='nonsense')",
                        "ConfigDict(strict=True)",
                    ]
                )
            )
        )
    for _ in range(draw(st.integers(0, 5))):
        line = f"{draw(names)}: {draw(st.one_of(annotations, annotations, annotations, deep))}"
        if draw(st.booleans()):
            line += " = " + draw(field_values)
        lines.append(line)
    if draw(st.booleans()):
        lines.append(
            draw(
                st.sampled_from(
                    [
                        "@field_validator('city')\n    @classmethod\n    def v(cls, x):\n        return x",
                        "@model_validator(mode='after')\n    def m(self):\n        return self",
                        "def helper(self):\n        return 1",
                    ]
                )
            )
        )
    body = "\n    ".join(lines) or "pass"
    parts.append(f"class {draw(st.sampled_from(['WeatherInput', 'Q', 'Loc']))}(BaseModel):\n    {body}\n")
    return "from pydantic import BaseModel, Field\n" + "".join(parts)


@SETTINGS
@given(st.one_of(model_source(), random_text, huge_text))
def test_args_model_parser_never_raises(source):
    result = parse_args_model(source)
    assert isinstance(result, (ArgsModelResult, ExplainedError))
    strict_json(result.to_dict())


# ------------------------------------------------------------------ validation stage

json_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=True, allow_infinity=True), st.text()),
    lambda children: st.one_of(
        st.lists(children, max_size=5), st.dictionaries(st.text(max_size=8), children, max_size=5)
    ),
    max_leaves=30,
)
argument_dicts = st.fixed_dictionaries(
    {},
    optional={"city": json_values, "days": json_values, "location": json_values, "units": json_values},
)
json_texts = st.one_of(
    json_values.map(lambda v: json.dumps(v)),  # json.dumps writes NaN / Infinity by default
    argument_dicts.map(lambda v: json.dumps(v)),
    argument_dicts.map(lambda v: json.dumps(v)[:-1]),  # truncated: malformed
    st.integers(1, 6000).map(lambda n: "[" * n + "]" * n),
    st.integers(1, 6000).map(lambda n: '{"a":' * n + "1" + "}" * n),
    random_text,
    huge_text,
)


@SETTINGS
@given(
    json_texts,
    st.sampled_from(["WeatherInput", "signature", WeatherInput]),
    st.booleans(),
    st.sampled_from([None, "forbid", "ignore", "allow"]),
)
def test_validation_stage_never_raises(text, model, strict, extra):
    parsed = json_stage(text)
    assert isinstance(parsed, (JsonStageResult, ExplainedError))
    strict_json(parsed.to_dict())
    if isinstance(parsed, ExplainedError):
        return
    checked = validate_stage(parsed.value, model, strict=strict, extra=extra)
    assert isinstance(checked, ValidationStageResult)
    strict_json(checked.to_dict())
    if checked.ok:
        assert isinstance(checked.kwargs["city"], str)
        assert 1 <= checked.kwargs["days"] <= 7 or model == "signature"
    else:
        assert checked.errors


@SETTINGS
@given(st.one_of(json_values, argument_dicts, st.just(float("nan")), st.just(math.inf)), st.booleans())
def test_validate_stage_on_any_python_value(value, strict):
    checked = validate_stage(value, "WeatherInput", strict=strict)
    assert isinstance(checked, ValidationStageResult)
    strict_json(checked.to_dict())
