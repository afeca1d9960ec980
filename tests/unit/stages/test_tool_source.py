"""Stage 1: a @tool built from learner text that is parsed, never run."""

from __future__ import annotations

from pathlib import Path

import pytest
from langchain_core.tools import StructuredTool

from toolcall_lab.errors import ExplainedError
from toolcall_lab.stages._common import MAX_SOURCE_CHARS
from toolcall_lab.stages.tool_source import DEFAULT_SOURCE, ToolSourceResult, parse_tool_source


def ok(source: str, **kw) -> ToolSourceResult:
    result = parse_tool_source(source, **kw)
    assert isinstance(result, ToolSourceResult), result
    return result


def refused(source: str, **kw) -> ExplainedError:
    result = parse_tool_source(source, **kw)
    assert isinstance(result, ExplainedError), result
    assert result.title["zh"] and result.title["en"] and result.hint["zh"] and result.hint["en"]
    return result


# ------------------------------------------------------------------ the default specimen


def test_default_source_gives_the_articles_get_weather():
    r = ok(DEFAULT_SOURCE)
    assert r.name == "get_weather"
    assert r.required == ["city"]
    assert [(f["name"], f["type"], f["json_type"], f["required"], f["default"]) for f in r.fields] == [
        ("city", "str", "string", True, None),
        ("days", "int", "integer", False, 1),
    ]
    assert r.signature == "get_weather(city: str, days: int = 1)"
    assert isinstance(r.tool, StructuredTool)
    assert r.decorator["present"] is True
    assert r.ignored_imports == ["from langchain_core.tools import tool"]
    assert r.func_repr.startswith("<function get_weather")


def test_without_parse_docstring_the_whole_docstring_is_the_description():
    r = ok(DEFAULT_SOURCE, parse_docstring=False)
    assert r.description.startswith("查询指定城市未来几天的天气。")
    assert "Args:" in r.description
    assert all(f["description"] is None for f in r.fields)


def test_parse_docstring_moves_args_lines_into_parameters():
    r = ok(DEFAULT_SOURCE, parse_docstring=True)
    assert r.description == "查询指定城市未来几天的天气。"
    city = r.fields[0]
    assert city["description"].startswith("城市名")
    schema = r.tool.args_schema.model_json_schema()
    assert schema["properties"]["days"]["description"].startswith("查询的天数")


def test_parse_docstring_can_come_from_the_decorator_line():
    src = DEFAULT_SOURCE.replace("@tool\n", "@tool(parse_docstring=True)\n")
    r = ok(src)
    assert r.parse_docstring is True
    assert r.decorator["options"] == {"parse_docstring": True}
    assert r.description == "查询指定城市未来几天的天气。"


def test_decorator_name_is_honoured_and_other_options_listed_as_ignored():
    src = "@tool('weather_lookup', return_direct=True)\ndef get_weather(city: str):\n    '''Weather.'''\n"
    r = ok(src)
    assert r.name == "weather_lookup"
    assert r.decorator["ignored"] == ["return_direct=True"]


def test_invoking_the_tool_runs_the_labs_echo_with_validated_arguments():
    r = ok(DEFAULT_SOURCE)
    # "3" is coerced to 3 by the real args_schema; the default days=1 is filled in.
    assert r.tool.invoke({"city": "Bangkok", "days": "3"})["called_with"] == {"city": "Bangkok", "days": 3}
    assert r.tool.invoke({"city": "Bangkok"})["called_with"] == {"city": "Bangkok", "days": 1}
    assert "def lab_echo" in r.echo_source and "called_with" in r.echo_source


# ------------------------------------------------------------------ annotations


def test_supported_annotations_map_to_real_types_and_json_types():
    src = (
        "from typing import Any, Literal, Optional\n"
        "def f(a: str, b: int, c: float, d: bool, e: list[str], g: list[int], h: dict,\n"
        "      i: dict[str, Any], j: Optional[int] = None, k: str | None = None,\n"
        "      m: Literal['c', 'f'] = 'c', n: Any = None, o: 'int' = 0) -> dict:\n"
        "    '''All kinds.'''\n"
    )
    r = ok(src)
    types = {f["name"]: (f["type"], f["json_type"]) for f in r.fields}
    assert types["a"] == ("str", "string")
    assert types["b"] == ("int", "integer")
    assert types["c"] == ("float", "number")
    assert types["d"] == ("bool", "boolean")
    assert types["e"] == ("list[str]", "array")
    assert types["h"] == ("dict", "object")
    assert types["j"] == ("Optional[int]", ["integer", "null"])
    assert types["k"] == ("Optional[str]", ["string", "null"])
    assert types["m"] == ("Literal['c', 'f']", "string")
    assert types["o"] == ("int", "integer")
    assert r.required == ["a", "b", "c", "d", "e", "g", "h", "i"]
    schema = r.tool.args_schema.model_json_schema()
    assert schema["properties"]["m"]["enum"] == ["c", "f"]


def test_missing_annotation_is_any_as_in_langchain():
    r = ok("def f(x, y=2):\n    '''No types.'''\n")
    assert [(f["name"], f["type"], f["required"], f["default"]) for f in r.fields] == [
        ("x", "Any", True, None),
        ("y", "Any", False, 2),
    ]


@pytest.mark.parametrize(
    ("annotation", "col"),
    [
        # "def f(x: " is 9 characters, so the annotation starts at column 10; the error
        # points at the innermost part the lab could not read.
        ("Foo", 10),
        ("np.ndarray", 10),
        ("list[Foo]", 15),
        ("Callable[[int], int]", 10),
        ("set[int]", 10),
        ("Literal[1.5]", 18),
        ("Literal[f(x)]", 18),
        ("list[int, str]", 10),
    ],
)
def test_unmappable_annotation_is_refused_with_position(annotation, col):
    err = refused(f"def f(x: {annotation}):\n    '''Doc.'''\n")
    assert err.stage == "tool_source"
    assert err.data == {"line": 1, "col": col}
    assert f"line 1, col {col}" in err.title["en"]


def test_keyword_only_parameters_are_kept():
    r = ok("def f(a: int, *, b: str = 'x'):\n    '''Doc.'''\n")
    assert r.signature == "f(a: int, *, b: str = 'x')"
    assert r.tool.invoke({"a": 1})["called_with"] == {"a": 1, "b": "x"}


def test_parameters_langchain_drops_are_reported():
    r = ok("def f(city: str, callbacks=None, _private: int = 0):\n    '''Doc.'''\n")
    assert [f["name"] for f in r.fields] == ["city"]
    assert r.dropped == ["callbacks", "_private"]


# ------------------------------------------------------------------ refusals


@pytest.mark.parametrize(
    ("source", "expected_en"),
    [
        ("", "Exactly one function definition is needed; found 0"),
        ("import os\n", "Exactly one function definition is needed; found 0"),
        ("def f():\n '''a'''\ndef g():\n '''b'''\n", "Exactly one function definition is needed; found 2"),
        ("class Weather:\n    pass\n", "Expected a function, found the class `Weather`"),
        ("x = 1\ndef f():\n '''a'''\n", "Only imports and one function definition are allowed at top level"),
        ("print('hi')\n", "Only imports and one function definition are allowed at top level"),
        ("def f(*args):\n '''a'''\n", "A tool function cannot take `*args`"),
        ("def f(**kwargs):\n '''a'''\n", "A tool function cannot take `**kwargs`"),
        ("def f(a, /):\n '''a'''\n", "A tool function cannot have positional-only parameters"),
        ("def f(city=input()):\n '''a'''\n", "The default of `city`, `input()`, is not a literal"),
        ("def f(city: str = CITY):\n '''a'''\n", "The default of `city`, `CITY`, is not a literal"),
        ("@staticmethod\ndef f():\n '''a'''\n", "Only the @tool decorator is understood"),
    ],
)
def test_refusals_say_what_and_where(source, expected_en):
    err = refused(source)
    assert err.title["en"].startswith(expected_en)


def test_syntax_error_reports_line_and_column():
    err = refused("def get_weather(city: str\n    '''x'''\n")
    assert err.kind == "SyntaxError"
    assert err.data["line"] >= 1 and "msg" in err.data
    assert err.title["en"].startswith("Syntax error at line")


def test_oversized_source_is_refused_before_parsing():
    err = refused("#" * (MAX_SOURCE_CHARS + 1))
    assert err.data == {"length": MAX_SOURCE_CHARS + 1, "limit": MAX_SOURCE_CHARS}
    assert str(MAX_SOURCE_CHARS) in err.title["en"]


def test_non_text_input_is_refused():
    assert isinstance(parse_tool_source(None), ExplainedError)  # type: ignore[arg-type]


def test_no_docstring_gives_langchains_own_error():
    err = refused("def f(x: int):\n    return x\n")
    assert err.detail == "ValueError: Function must have a docstring if description not provided."


def test_parse_docstring_without_args_section_gives_langchains_error():
    err = refused("def f(x: int):\n    '''Only a summary.'''\n", parse_docstring=True)
    assert err.detail == "ValueError: Found invalid Google-Style docstring."


def test_parse_docstring_with_an_unknown_arg_gives_langchains_error():
    src = "def f(city: str):\n    '''Weather.\n\n    Args:\n        town: the town\n    '''\n"
    err = refused(src, parse_docstring=True)
    assert err.detail == "ValueError: Arg town in docstring not found in function signature."
    # The same text without parse_docstring is fine: the docstring is just a description.
    assert ok(src, parse_docstring=False).name == "f"


# ------------------------------------------------------------------ learner code never runs


def _assert_built_and_echoes(source: str) -> None:
    r = ok(source)
    assert r.tool.invoke({"city": "Bangkok"})["called_with"] == {"city": "Bangkok"}


def test_a_body_that_writes_a_file_is_never_run(tmp_path: Path):
    target = tmp_path / "written.txt"
    _assert_built_and_echoes(
        f"def get_weather(city: str):\n    '''Weather.'''\n    open({str(target)!r}, 'w').write('x')\n"
    )
    assert not target.exists()


def test_os_system_in_the_body_is_never_run(tmp_path: Path):
    target = tmp_path / "touched"
    _assert_built_and_echoes(
        f"import os\ndef get_weather(city: str):\n    '''Weather.'''\n    os.system('touch {target}')\n"
    )
    assert not target.exists()


def test_an_endless_loop_in_the_body_never_runs():
    _assert_built_and_echoes("def get_weather(city: str):\n    '''Weather.'''\n    while True:\n        pass\n")


def test_deep_recursion_in_the_body_never_runs():
    _assert_built_and_echoes("def get_weather(city: str):\n    '''Weather.'''\n    return get_weather(city)\n")


def test_open_in_the_body_is_never_run(tmp_path: Path):
    secret = tmp_path / "secret.txt"
    secret.write_text("top secret")
    r = ok(f"def get_weather(city: str):\n    '''Weather.'''\n    return open({str(secret)!r}).read()\n")
    assert "top secret" not in repr(r.tool.invoke({"city": "x"}))


def test_side_effects_outside_the_body_are_refused_not_run(tmp_path: Path):
    target = tmp_path / "side.txt"
    cases = [
        f"open({str(target)!r}, 'w')\ndef f(city: str):\n    '''d'''\n",
        f"def f(city: str = open({str(target)!r}, 'w')):\n    '''d'''\n",
        f"def f(city: __import__('os').system('touch {target}')):\n    '''d'''\n",
    ]
    for source in cases:
        assert isinstance(parse_tool_source(source), ExplainedError)
    # A decorator argument is read, never evaluated: listed as ignored.
    r = ok(f"@tool(open({str(target)!r}, 'w'))\ndef f(city: str):\n    '''d'''\n")
    assert r.decorator["ignored"]
    assert not target.exists()


def test_async_def_gives_the_same_schema_and_says_so():
    r = ok("async def get_weather(city: str):\n    '''Weather.'''\n    await something()\n")
    assert r.is_async is True and r.required == ["city"]
    assert ok(DEFAULT_SOURCE).is_async is False
