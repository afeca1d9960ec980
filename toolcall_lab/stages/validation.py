"""Stage 5 — three layers between the model's argument string and a trustworthy call.

The article's rule of thumb, one function per layer:

* :func:`json_stage` — ``json.loads``: *can it be read?* Any well-formed JSON passes,
  ``{"days": 30}`` included; the result is walked to show which Python type each
  JSON value became (object → dict, array → list, number → int/float, null → None …).
* :func:`validate_stage` — ``Model.model_validate``: *is it the right shape?* Required
  fields, types, ranges, lengths, extra keys. Coercions are listed (``"3"`` → ``3``),
  and strict mode shows what happens when they are not allowed.
* :func:`fact_stage` — the tool itself: *is it true?* ``{"city": "FakeCity", "days": 3}``
  is perfectly shaped; only the weather service can say there is no such city.

One module per layer (:mod:`.json_layer`, :mod:`.shape_layer`, :mod:`.fact_layer`);
this module is their index, and runs layers 1 and 2 in a row (:func:`arguments_pipeline`).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel

from toolcall_lab.errors import ExplainedError
from toolcall_lab.stages.fact_layer import FactSubject, fact_stage, weather_subject
from toolcall_lab.stages.json_layer import MAX_TYPE_ROWS, JsonStageResult, json_stage, type_map
from toolcall_lab.stages.shape_layer import (
    EXTRA_SETTINGS,
    ValidationStageResult,
    available_models,
    extra_override,
    validate_stage,
    with_extra,
)

__all__ = [
    "DEFAULT_ARGUMENTS",
    "EXTRA_SETTINGS",
    "MAX_TYPE_ROWS",
    "FactSubject",
    "JsonStageResult",
    "ValidationStageResult",
    "arguments_pipeline",
    "available_models",
    "extra_override",
    "fact_stage",
    "json_stage",
    "passed_both",
    "type_map",
    "validate_stage",
    "weather_subject",
    "with_extra",
]

#: The arguments of the page's first screen: ``days`` as the string ``"3"``, which Pydantic coerces.
DEFAULT_ARGUMENTS = '{"city": "Bangkok", "days": "3"}'


def arguments_pipeline(
    text: str,
    model: str | type[BaseModel] = "WeatherInput",
    *,
    strict: bool = False,
    extra: Literal["ignore", "forbid", "allow"] | None = None,
) -> dict[str, Any]:
    """Layers 1 and 2 in a row, for one argument string: what each stage said.

    Returns:
        ``{"json": <JsonStageResult dict or error dict>, "validation": <... or None>}``;
        validation is ``None`` when ``json.loads`` already failed.
    """
    parsed = json_stage(text)
    if isinstance(parsed, ExplainedError):
        return {"json": parsed.to_dict(), "validation": None}
    checked = validate_stage(parsed.value, model, strict=strict, extra=extra)
    return {"json": parsed.to_dict(), "validation": checked.to_dict()}


def passed_both(
    parsed: JsonStageResult | ExplainedError, checked: ValidationStageResult | ExplainedError | None
) -> dict[str, Any] | None:
    """The arguments that reach layer 3: a JSON object ``json.loads`` read and Pydantic accepted, else ``None``."""
    if isinstance(parsed, ExplainedError) or not isinstance(parsed.value, dict):
        return None
    if not isinstance(checked, ValidationStageResult) or not checked.ok:
        return None
    return parsed.value
