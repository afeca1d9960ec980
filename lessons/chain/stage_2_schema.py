"""Page ② JSON Schema — its exercises: predict which rules the model sees, put two limits in the schema, then
the schema inspector's two (:mod:`lessons.wires.schema_exercises`): make a schema strict-compatible, predict
what Gemini drops.

Each check runs the real ``model_json_schema()`` on a model parsed from text (never executed).
Pydantic is imported inside the checks, so the registry can count these exercises without it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lessons.wires.schema_exercises import INSPECTOR_EXERCISES
from toolcall_lab.checks import Checked
from toolcall_lab.exercises import Choices, Code, Exercise, Specimen
from toolcall_lab.i18n import Text

if TYPE_CHECKING:
    from toolcall_lab.stages.args_model import ArgsModelResult

#: Predict: which of these rules will the model see in the schema?
PREDICT_MODEL_SOURCE = """from pydantic import BaseModel, Field, field_validator


class TripInput(BaseModel):
    city: str = Field(max_length=20)
    days: int = Field(default=1, gt=0, strict=True)

    @field_validator("city")
    @classmethod
    def known_city(cls, value: str) -> str:
        return value
"""

#: Make: the limits the schema must carry, as the ``Field`` arguments that say them.
SCHEMA_GOAL_FIELDS: dict[str, dict[str, int]] = {"days": {"le": 5}, "city": {"min_length": 2}}


def _built_model(source: str) -> ArgsModelResult:
    from toolcall_lab.errors import ExplainedError
    from toolcall_lab.stages.args_model import parse_args_model

    built = parse_args_model(source)
    if isinstance(built, ExplainedError):
        raise ValueError(built.detail)
    return built


def _names(answer: Any) -> list[str]:
    return sorted(str(a) for a in answer) if isinstance(answer, (list, tuple, set)) else []


def _rule_label(field: str, rule: str) -> str:
    return f"{field}.{rule.removeprefix('field_validator:')}{'()' if rule.startswith('field_validator:') else ''}"


def rule_options(source: str = PREDICT_MODEL_SOURCE) -> dict[str, bool]:
    """Each rule of the model (``"city.max_length"``, ``"city.known_city()"``) → does the schema carry it?"""
    built = _built_model(source)
    out = {_rule_label(r["field"], r["rule"]): bool(r["in_schema"]) for r in built.rules if r["rule"] != "default"}
    for hidden in built.invisible:
        out.setdefault(_rule_label(hidden["field"], hidden["rule"]), False)
    return out


def check_visible_rules(answer: Any, source: str = PREDICT_MODEL_SOURCE) -> Checked:
    """Predict: the rules the model will see, against the rows the real schema was checked against.

    >>> check_visible_rules(["city.max_length", "days.gt"]).correct
    True
    """
    expected = sorted(k for k, seen in rule_options(source).items() if seen)
    return Checked(_names(answer) == expected, expected, _names(answer))


def _limits(schema: dict[str, Any]) -> dict[str, dict[str, Any]]:
    props = schema.get("properties", {}) or {}
    days, city = props.get("days", {}) or {}, props.get("city", {}) or {}
    return {"days": {"maximum": days.get("maximum")}, "city": {"minLength": city.get("minLength")}}


def schema_goal() -> dict[str, dict[str, Any]]:
    """The limits as JSON Schema says them: what Pydantic writes for :data:`SCHEMA_GOAL_FIELDS`.

    >>> schema_goal()
    {'days': {'maximum': 5}, 'city': {'minLength': 2}}
    """
    from pydantic import Field, create_model

    goal = create_model(
        "Goal",
        days=(int, Field(**SCHEMA_GOAL_FIELDS["days"])),  # type: ignore[call-overload]
        city=(str, Field(**SCHEMA_GOAL_FIELDS["city"])),  # type: ignore[call-overload]
    )
    return _limits(goal.model_json_schema())


def check_make_schema_limits(source: Any) -> Checked:
    """Make: edit the argument model so its real ``model_json_schema()`` carries :func:`schema_goal`."""
    from toolcall_lab.errors import ExplainedError
    from toolcall_lab.stages.args_model import parse_args_model

    expected = schema_goal()
    if not isinstance(source, str):
        return Checked(False, expected)
    built = parse_args_model(source)
    if isinstance(built, ExplainedError):
        return Checked(False, expected, error=built)
    got = _limits(built.json_schema)
    return Checked(got == expected, expected, got)


def _start(context: Any) -> str:
    from toolcall_lab.stages.args_model import default_model_source

    return default_model_source(str(context["lang"]))


EXERCISES: tuple[Exercise, ...] = (
    Exercise(
        slug="visible-rules",
        kind="predict",
        title=Text("预测：模型看得见哪些规则？", "Predict: which rules can the model see?"),
        prompt=Text(
            "这个参数模型的哪些规则会出现在 `model_json_schema()` 里（模型读到的只有它）？",
            "Which rules of this model appear in `model_json_schema()` (all the model ever reads)?",
        ),
        specimen=Specimen(lambda _c: PREDICT_MODEL_SOURCE),
        answer=Choices(Text("模型看得见的规则", "Rules the model sees"), lambda _c: list(rule_options())),
        check=lambda answer, _c: check_visible_rules(answer),
        right=Text(
            "这些规则变成了 Schema 关键字；strict 和验证器只在运行时生效。",
            "These became schema keywords; strict and the validator act only at run time.",
        ),
        wrong=Text("Schema 里不是 {shown} 这些。", "The schema does not carry exactly {shown}."),
        hint=Text(
            "有 JSON Schema 关键字（maxLength、exclusiveMinimum……）的规则才看得见。",
            "Only rules with a JSON Schema keyword (maxLength, exclusiveMinimum, …) are visible.",
        ),
    ),
    Exercise(
        slug="schema-limits",
        kind="make",
        title=Text("动手：把限制写进 Schema", "Make: put the limits in the schema"),
        prompt=Text(
            "改写参数模型，让模型读到的 Schema 里 `days` 的 `maximum` 是 5、`city` 的 `minLength` 是 2。",
            "Edit the argument model so the schema the model reads has `maximum` 5 for `days` "
            "and `minLength` 2 for `city`.",
        ),
        answer=Code(Text("你的输入", "Your input"), _start, height=300),
        check=lambda answer, _c: check_make_schema_limits(answer),
        right=Text("model_json_schema() 里正是这两个限制。", "`model_json_schema()` carries both limits."),
        wrong=Text("你的 Schema 里是：{shown}", "Your schema says: {shown}"),
        hint=Text(
            "Field(le=…) 变成 maximum，Field(min_length=…) 变成 minLength；验证器里的检查模型看不见。",
            "Field(le=…) becomes maximum, Field(min_length=…) becomes minLength; a check inside a validator "
            "is invisible.",
        ),
    ),
    *INSPECTOR_EXERCISES,  # the schema inspector's two (issue 24): strict-compatible, what Gemini drops
)
