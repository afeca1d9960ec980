"""The rules of the schema inspector, as data: what each provider rejects or silently drops in a tool schema.

Each :class:`Rule` names the provider, its effect (``rejects``: the request is refused with a 400;
``drops``: the part never reaches the model; ``warns``: it passes, but a known client stumbles), the
text and the fix in both languages (``{name}`` is the parameter, ``{path}`` its place, ``{keyword}``
the JSON Schema keyword), the provider document it comes from (named in words), and the date it was
checked against that document. The checks that find them live in :mod:`.schema_inspector`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from toolcall_lab.i18n import Text

CHECKED = "2026-12-01"
Effect = Literal["rejects", "drops", "warns"]

OPENAI_STRUCTURED = "OpenAI API docs, Structured Outputs guide, section “Supported schemas” (strict function calling)"
OPENAI_FUNCTIONS = "OpenAI API reference, Chat Completions, `tools[].function.name`"
ANTHROPIC_TOOLS = "Anthropic docs, Tool use, “Specifying client tools” (`name`, `input_schema`)"
GEMINI_SCHEMA = "Google AI for Developers, Function calling guide and the `Schema` reference (an OpenAPI 3.0 subset)"
MCP_INSPECTOR = "MCP Inspector issue #1015 (no form for `$ref` / `anyOf` in `inputSchema`)"

# Keywords OpenAI's strict mode does not accept (the guide lists what *is* supported: for strings
# `pattern` and `format`; for numbers `multipleOf`, `maximum`, `exclusiveMaximum`, `minimum`,
# `exclusiveMinimum`; for arrays `minItems`, `maxItems`; `anyOf`, `$defs`/`$ref`, `enum`, `const`).
STRICT_UNSUPPORTED = (
    "default", "minLength", "maxLength", "minProperties", "maxProperties", "patternProperties",
    "unevaluatedProperties", "propertyNames", "uniqueItems", "contains", "minContains", "maxContains",
    "unevaluatedItems", "oneOf", "allOf", "not", "if", "then", "else", "dependentRequired", "dependentSchemas",
)  # fmt: skip


@dataclass(frozen=True)
class Rule:
    """One thing a provider rejects, drops or stumbles on, with its source and its fix."""

    id: str
    provider: str
    effect: Effect
    text: Text
    fix: Text
    source: str
    checked: str = CHECKED


RULES: tuple[Rule, ...] = (
    Rule(
        "openai_strict.required",
        "openai_strict",
        "rejects",
        Text(
            "严格模式下每个属性都必须列在 `required` 里；`{name}` 没有（位置 {path}）。",
            "In strict mode every property must be listed in `required`; `{name}` is not (at {path}).",
        ),
        Text(
            "把 `{name}` 设为必填且可为 null：`{name}: {type} | None`、不给默认值；模型用 null 表示“没给”，"
            "默认值由函数自己补上。",
            "Make `{name}` required and nullable: `{name}: {type} | None` with no default; the model sends null "
            "for “not given”, and the function applies the default.",
        ),
        OPENAI_STRUCTURED,
    ),
    Rule(
        "openai_strict.optional_became_required",
        "openai_strict",
        "warns",
        Text(
            "LangChain 的严格转换把有默认值的 `{name}` 也放进了 `required`：模型从此每次都必须给出它。",
            "LangChain's strict conversion lists `{name}` in `required` although the tool gives it a default: "
            "the model must now always send it.",
        ),
        Text(
            "在 schema 里直说：`{name}: {type} | None`（必填、可为 null），函数把 null 当作默认值。",
            "Say it in the schema: `{name}: {type} | None` (required, nullable), and treat null as the default.",
        ),
        OPENAI_STRUCTURED,
    ),
    Rule(
        "openai_strict.additional_properties",
        "openai_strict",
        "rejects",
        Text(
            "严格模式下每个对象都要写 `additionalProperties: false`；{path} 处的对象没有。",
            "In strict mode every object needs `additionalProperties: false`; the object at {path} lacks it.",
        ),
        Text(
            '禁止多余的键：在那个模型上写 `model_config = ConfigDict(extra="forbid")`。',
            'Forbid extra keys: `model_config = ConfigDict(extra="forbid")` on that model.',
        ),
        OPENAI_STRUCTURED,
    ),
    Rule(
        "openai_strict.keyword",
        "openai_strict",
        "rejects",
        Text(
            "严格模式不接受关键字 `{keyword}`（位置 {path}）。",
            "Strict mode does not accept the keyword `{keyword}` (at {path}).",
        ),
        Text(
            "把 `{keyword}` 从 schema 里拿掉，改在函数里检查（或用不出现在 schema 里的校验器）；"
            "若是 `default`，就改成必填且可为 null。",
            "Take `{keyword}` out of the schema and check it in the function (or a validator the schema "
            "does not show); for `default`, make the field required and nullable instead.",
        ),
        OPENAI_STRUCTURED,
    ),
    Rule(
        "openai.name",
        "openai",
        "rejects",
        Text(
            "函数名 `{name}` 必须符合 `^[a-zA-Z0-9_-]{{1,64}}$`。",
            "The function name `{name}` must match `^[a-zA-Z0-9_-]{{1,64}}$`.",
        ),
        Text(
            "用 ASCII 字母、数字、`_` 或 `-` 重新命名（最多 64 个）；中文说明写进 description。",
            "Rename the tool with ASCII letters, digits, `_` or `-` (at most 64); keep other words in the description.",
        ),
        OPENAI_FUNCTIONS,
    ),
    Rule(
        "anthropic.name",
        "anthropic",
        "rejects",
        Text(
            "工具名 `{name}` 必须符合 `^[a-zA-Z0-9_-]{{1,128}}$`。",
            "The tool name `{name}` must match `^[a-zA-Z0-9_-]{{1,128}}$`.",
        ),
        Text("用 ASCII 字母、数字、`_` 或 `-` 重新命名。", "Rename the tool with ASCII letters, digits, `_` or `-`."),
        ANTHROPIC_TOOLS,
    ),
    Rule(
        "gemini.name",
        "gemini",
        "rejects",
        Text(
            "函数名 `{name}` 必须以字母或 `_` 开头，只含字母、数字、`_`、`.`、`:`、`-`（最多 64 个）。",
            "The function name `{name}` must start with a letter or `_` and use only letters, digits, `_`, `.`, "
            "`:` or `-` (at most 64).",
        ),
        Text("重新命名工具；其他文字写进 description。", "Rename the tool; keep other words in the description."),
        GEMINI_SCHEMA,
    ),
    Rule(
        "gemini.dropped",
        "gemini",
        "drops",
        Text(
            "转换成 Gemini 函数声明时丢掉了 {path} 处的 `{keyword}`：模型根本看不到它。",
            "The conversion to a Gemini function declaration dropped `{keyword}` at {path}: the model never sees it.",
        ),
        Text(
            "把它写进参数的 description，并在函数里保证（工具运行时 Pydantic 仍会校验）。",
            "Say it in the parameter's description and enforce it in the function (Pydantic still validates "
            "the call when the tool runs).",
        ),
        GEMINI_SCHEMA,
    ),
    Rule(
        "anthropic.dropped",
        "anthropic",
        "drops",
        Text(
            "转换成 Anthropic 工具时丢掉了 {path} 处的 `{keyword}`。",
            "The conversion to an Anthropic tool dropped `{keyword}` at {path}.",
        ),
        Text("写进 description，并在函数里保证。", "Say it in the description and enforce it in the function."),
        ANTHROPIC_TOOLS,
    ),
    Rule(
        "openai.dropped",
        "openai",
        "drops",
        Text(
            "转换成 OpenAI 函数时丢掉了 {path} 处的 `{keyword}`。",
            "The conversion to an OpenAI function dropped `{keyword}` at {path}.",
        ),
        Text("写进 description，并在函数里保证。", "Say it in the description and enforce it in the function."),
        OPENAI_FUNCTIONS,
    ),
    Rule(
        "mcp.ref_anyof",
        "mcp",
        "warns",
        Text(
            "`inputSchema` 在 {path} 处用了 `{keyword}`：它原样到达客户端，但有的客户端"
            "（MCP Inspector 的表单）无法据此生成表单。",
            "`inputSchema` uses `{keyword}` at {path}: it reaches the client as it is, but some clients "
            "(the MCP Inspector's form) cannot build a form from it.",
        ),
        Text(
            "尽量用扁平的参数（嵌套模型拆成字段；`X | None` 改成可为 null 的字段）。",
            "Prefer flat parameters (a nested model becomes its own fields; `X | None` a nullable field).",
        ),
        MCP_INSPECTOR,
    ),
)
BY_ID = {rule.id: rule for rule in RULES}
