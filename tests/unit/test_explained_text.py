"""Issue 20: the ground floor's explanations are written as ``Text`` pairs; what is stored is unchanged.

An explained error keeps its ``{"zh", "en"}`` title and hint (the trace file's shape), so a trace
exported before the change still loads; a decision step keeps its ``en`` / ``zh`` fields.
"""

from __future__ import annotations

import ast

from toolcall_lab.errors import ExplainedError, explain
from toolcall_lab.i18n import Text
from toolcall_lab.offline import explain as steps
from toolcall_lab.offline.record import DecisionRecord, parse_decision_header, to_header
from toolcall_lab.stages._common import refuse, too_long
from toolcall_lab.trace_schema import ErrorDoc

# An explained error as a trace exported before issue 20 stored it.
OLD_ERROR = {
    "stage": "tool",
    "title": {"zh": "工具出错", "en": "The tool failed"},
    "detail": "RuntimeError: boom",
    "hint": {"zh": "看原始错误", "en": "See the raw error"},
    "kind": "RuntimeError",
    "data": None,
}


def test_an_error_made_from_text_pairs_is_stored_as_before():
    made = explain(
        "tool",
        RuntimeError("boom"),
        title=Text("工具出错", "The tool failed"),
        hint=Text("看原始错误", "See the raw error"),
    )
    assert made.to_dict() == OLD_ERROR
    ErrorDoc.model_validate(made.to_dict())  # the trace schema accepts it
    assert ExplainedError.from_dict(OLD_ERROR) == made
    assert made.text("zh") == ("工具出错", "看原始错误") and made.text("en") == ("The tool failed", "See the raw error")


def test_a_refusal_places_both_titles_at_the_node():
    node = ast.parse("x = 1\n\ny = (2)").body[1]
    refused = refuse("tool_source", node, "detail", title=Text("不行", "No"), hint=Text("改", "Change it"))
    assert refused.error.title == {"zh": "不行（第 3 行第 1 列）", "en": "No (line 3, col 1)"}
    assert refused.error.data == {"line": 3, "col": 1}


def test_too_long_names_what_was_too_long_in_each_language():
    error = too_long("tool_source", "x" * 20_001, Text("函数源码", "function source"))
    assert error is not None
    assert error.title["zh"].startswith("函数源码太长了") and error.title["en"].startswith(
        "The function source is too long"
    )
    assert too_long("tool_source", "short", Text("函数源码", "function source")) is None


def test_a_step_told_as_a_text_keeps_its_en_zh_fields_and_header_form():
    step = steps.not_argument("Bob", Text("学生更正了这一处", "the learner corrected it"))
    assert step.en == '"Bob" was not used as an argument: the learner corrected it.'
    assert step.zh == "「Bob」没有当作参数：学生更正了这一处。"
    assert parse_decision_header(to_header(DecisionRecord(kind="answer", steps=(step,)))).steps == (step,)
