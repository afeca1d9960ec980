"""The article's Pydantic models for the weather tool, written for the learner to read.

* :class:`WeatherInput` — the explicit argument model: what shape the arguments must have.
* :class:`WeatherResult` — an output model: ``-> dict`` on a function is only a hint, so a
  tool that wants a guaranteed result shape validates it itself.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class WeatherInput(BaseModel):
    """Arguments of get_weather, with the rules the tool insists on."""

    # extra="forbid": an argument the model invents (say "location") is an error,
    # not something silently dropped.
    model_config = ConfigDict(extra="forbid")

    # A city name must contain at least one character.
    city: str = Field(min_length=1, description="城市名，中文或英文，例如 Bangkok")
    # One to seven days; leaving it out means 1. Both bounds reach the JSON Schema
    # as "minimum" / "maximum", so the model can read them.
    days: int = Field(default=1, ge=1, le=7, description="查询的天数，1 到 7")


class WeatherResult(BaseModel):
    """The shape a weather answer must have before it goes back to the model."""

    city: str
    temperature_c: float
    condition: str
