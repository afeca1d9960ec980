"""Stage 5, layer 3 — the tool itself: is a well-shaped call also true?

``{"city": "FakeCity", "days": 3}`` passes ``json.loads`` and Pydantic; only the weather
service can say there is no such city. :func:`fact_stage` runs the real tool on
well-shaped arguments and reports the shape verdict and the fact verdict side by side.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from toolcall_lab.errors import ExplainedError
from toolcall_lab.stages._common import json_dict
from toolcall_lab.stages.shape_layer import validate_stage


@dataclass(frozen=True)
class FactSubject:
    """A tool whose answers can be checked against the facts its data knows.

    Attributes:
        tool: the real LangChain tool (its ``args_schema`` checks the shape).
        knows: ``knows(args)`` is True when the data has the thing asked about.
        default_args: well-shaped arguments that are wrong in fact (the lesson's example).
    """

    tool: Any
    knows: Callable[[dict[str, Any]], bool]
    default_args: dict[str, Any]


def weather_subject(lang: str = "zh") -> FactSubject:
    """The lab's ``get_weather`` over its local dataset; ``FakeCity`` is the article's wrong fact.

    Args:
        lang: the tool's edition (``"en"``: English docstring and English answers).
    """
    from toolcall_lab.stages.weather_data import build_weather_tool, find_city

    return FactSubject(
        tool=build_weather_tool(lang=lang),
        knows=lambda a: find_city(str(a.get("city", ""))) is not None,
        default_args={"city": "FakeCity", "days": 3},
    )


def fact_stage(
    subject: FactSubject | None = None, args: dict[str, Any] | None = None
) -> dict[str, Any] | ExplainedError:
    """Run the real tool on arguments that are well-shaped but may be wrong in fact.

    Args:
        subject: the tool and its facts; by default :func:`weather_subject`. A specimen
            passes its own (the tutor's ``get_learning_record`` is
            ``lessons.tutor.tools.learning_record_subject()``).
        args: the arguments; by default the subject's ``default_args``
            (``{"city": "FakeCity", "days": 3}`` for the weather).

    Returns:
        ``{"tool", "args", "shape_ok", "shape_errors", "fact_ok", "result"}``: ``shape_ok``
        is the Pydantic verdict, ``fact_ok`` whether the data knows the thing asked
        about, ``result`` what the tool answered (its text for a fact it cannot find).

    Example:
        >>> r = fact_stage()
        >>> r["shape_ok"], r["fact_ok"]
        (True, False)
    """
    chosen_subject = subject or weather_subject()
    chosen, knows = chosen_subject.tool, chosen_subject.knows
    args = dict(chosen_subject.default_args) if args is None else args

    shape = validate_stage(args, chosen.args_schema)
    if isinstance(shape, ExplainedError):
        return shape
    result: Any = None
    if shape.ok:
        try:
            result = chosen.invoke(args)
        except Exception as exc:
            result = f"{type(exc).__name__}: {exc}"
    return json_dict(
        {
            "tool": chosen.name,
            "args": args,
            "shape_ok": shape.ok,
            "shape_errors": shape.errors,
            "fact_ok": bool(shape.ok and knows(args)),
            "result": result,
        }
    )
