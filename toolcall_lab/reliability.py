"""Tool-side failures and the three ways to meet them, as small pieces a lesson can run.

A tool can fail in three different ways, and each wants a different answer:

* **bad arguments** — the call itself is wrong (Pydantic rejects it). Retrying the same
  call cannot help; the error goes back to the model so it can fix its arguments.
* **transient failure** — the network blinked (``ConnectionError``, ``TimeoutError``).
  Retrying the *same* call after a short, growing wait usually works: :func:`with_retries`.
* **business refusal** — the call was fine and the answer is "no" (unknown student,
  class full). Never retried; the refusal is the answer.

Write tools (booking a lesson, notifying a teacher) must also be **idempotent**: a retry
after a lost reply must not book twice. :func:`make_booking_tool` shows the difference.
"""

from __future__ import annotations

import functools
import json
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from toolcall_lab.i18n import Text
from toolcall_lab.jsonable import to_jsonable
from toolcall_lab.offline.faults import Fault, FaultInjector, FaultKind

ToolFaultKind = Literal["none", "transient", "bad_arguments", "business_refusal", "raises"]
TRANSIENT = (ConnectionError, TimeoutError)


@dataclass
class AttemptLog:
    """What a retry wrapper did: one entry per attempt, with the wait before it."""

    entries: list[dict[str, Any]] = field(default_factory=list)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def add(self, **entry: Any) -> None:
        with self._lock:
            self.entries.append(to_jsonable(entry))


def with_retries(
    func: Callable[..., Any],
    *,
    attempts: int = 3,
    backoff_s: float = 0.05,
    retry_on: tuple[type[BaseException], ...] = TRANSIENT,
    log: AttemptLog | None = None,
    sleep: Callable[[float], None] = time.sleep,
) -> Callable[..., Any]:
    """Wrap ``func`` so transient errors are retried with exponential backoff.

    Only exceptions in ``retry_on`` are retried; anything else (a bug, a refusal) passes
    straight through. After the last attempt the transient error is raised.

    Example (hand-checkable): a function failing twice, then succeeding, with
    ``backoff_s=0.05`` is attempted 3 times with waits of 0, 0.05 and 0.1 seconds.
    """
    attempts = max(1, min(int(attempts), 10))

    @functools.wraps(func)
    def wrapped(*args: Any, **kwargs: Any) -> Any:
        wait = 0.0
        for n in range(1, attempts + 1):
            if wait:
                sleep(wait)
            t0 = time.perf_counter()
            try:
                result = func(*args, **kwargs)
            except retry_on as exc:
                if log is not None:
                    log.add(
                        attempt=n,
                        wait_before_s=round(wait, 3),
                        outcome=f"{type(exc).__name__}: {exc}",
                        ms=round((time.perf_counter() - t0) * 1000, 2),
                    )
                if n == attempts:
                    raise
                wait = backoff_s * (2 ** (n - 1))
                continue
            if log is not None:
                log.add(
                    attempt=n,
                    wait_before_s=round(wait, 3),
                    outcome="ok",
                    ms=round((time.perf_counter() - t0) * 1000, 2),
                )
            return result
        raise RuntimeError("unreachable")  # pragma: no cover

    return wrapped


def make_faulty_weather_tool(
    kind: ToolFaultKind, *, fail_times: int = 2, retry: bool = False, log: AttemptLog | None = None, lang: str = "zh"
) -> Any:
    """The lab's ``get_weather`` with one kind of tool fault built in.

    Args:
        kind: ``"transient"`` raises ``ConnectionError`` on the first ``fail_times`` calls;
            ``"raises"`` always raises ``RuntimeError`` (a bug); ``"business_refusal"``
            answers that the weather service is closed to this city; ``"bad_arguments"``
            refuses ``days`` over 2 in a validator the schema does not show, so a 3-day question
            fails validation; ``"none"``
            is the plain tool.
        fail_times: how many calls fail for ``"transient"``.
        retry: wrap the function with :func:`with_retries` (transient errors only).
        log: where the retry wrapper records attempts.
        lang: the tool's language (``"zh"`` or ``"en"``): its docstring and schema, the weather
            service's answers and the business refusal's text, as ``build_weather_tool(lang=...)``.
    """
    from pydantic import BaseModel, Field, field_validator

    from toolcall_lab.stages.weather_data import build_weather_tool, lookup_weather

    counter = {"calls": 0}
    lock = threading.Lock()

    def get_weather(city: str, days: int = 1) -> Any:
        with lock:
            counter["calls"] += 1
            n = counter["calls"]
        if kind == "transient" and n <= fail_times:
            raise ConnectionError(f"weather service unreachable (call {n}, injected)")
        if kind == "raises":
            raise RuntimeError("bug in the weather tool: division by zero (injected)")
        if kind == "business_refusal":
            return Text(
                f"天气服务拒绝了这次查询：{city} 不在本账户的可查城市范围内（业务规则，不要重试）。",
                f"The weather service refused this query: {city} is not among the cities this account "
                "may look up (a business rule: do not retry).",
            )(lang)
        return lookup_weather(city, days, lang=lang)

    func: Callable[..., Any] = with_retries(get_weather, log=log) if retry else get_weather
    base = build_weather_tool(lang=lang)
    if kind == "bad_arguments":
        # the same two fields; the weather service now covers only 2 days, a rule its schema does not say
        # (a validator: the model cannot see it, page ②'s lesson), so a 3-day question fails validation
        city_doc = Text("城市名，例如 Bangkok 或 曼谷。", "City name, e.g. Bangkok.")(lang)
        days_doc = Text("查询的天数。", "How many days to look up.")(lang)

        class StrictWeatherArgs(BaseModel):
            city: str = Field(description=city_doc)
            days: int = Field(default=1, ge=1, description=days_doc)

            @field_validator("days")
            @classmethod
            def two_days_at_most(cls, days: int) -> int:
                if days > 2:
                    raise ValueError("the weather service covers 2 days at most")
                return days

        return base.model_copy(update={"func": func, "args_schema": StrictWeatherArgs})
    return base.model_copy(update={"func": func})


@dataclass
class Ledger:
    """A pretend bookings table, to show what a retried write does."""

    rows: list[dict[str, Any]] = field(default_factory=list)
    by_key: dict[str, dict[str, Any]] = field(default_factory=dict)


def make_booking_tool(ledger: Ledger, *, idempotent: bool) -> Any:
    """A write tool: ``book_lesson(student_id, date, idempotency_key)``.

    With ``idempotent=True`` a second call with the same key returns the first booking
    instead of writing another row — so a retry after a lost reply is harmless.
    """
    from langchain_core.tools import tool

    @tool(parse_docstring=True)
    def book_lesson(student_id: str, date: str, idempotency_key: str) -> dict[str, Any]:
        """Book a make-up lesson for a student (a write: it changes data).

        Args:
            student_id: Student id, S + four digits, e.g. S1001.
            date: Lesson date, YYYY-MM-DD, e.g. 2026-07-29.
            idempotency_key: One key per intended booking; a retry reuses the same key.
        """
        if idempotent and idempotency_key in ledger.by_key:
            return {**ledger.by_key[idempotency_key], "replayed": True}
        row = {"booking_id": f"B{len(ledger.rows) + 1:03d}", "student_id": student_id, "date": date}
        ledger.rows.append(row)
        ledger.by_key[idempotency_key] = row
        return {**row, "replayed": False}

    return book_lesson


def retried_write_demo(idempotent: bool) -> dict[str, Any]:
    """The same booking sent twice (the first reply was 'lost'): how many rows exist after?"""
    ledger = Ledger()
    tool = make_booking_tool(ledger, idempotent=idempotent)
    args = {"student_id": "S1001", "date": "2026-07-29", "idempotency_key": "S1001-2026-07-29-makeup"}
    first = tool.invoke(args)
    second = tool.invoke(args)  # the retry after a timeout
    return {"idempotent": idempotent, "first": first, "second": second, "rows": list(ledger.rows)}


def fallback_answer(lang: str) -> str:
    """What the user reads when the model cannot be reached even after retries."""
    return Text(
        "抱歉，模型暂时无法响应，我没法给出经过核实的回答，也不会凭空猜测。请稍后再试。",
        "Sorry — the model is not answering right now, so I cannot give a checked answer. "
        "Nothing was guessed. Please try again in a minute.",
    )(lang)


def faulty_chat_model(kind: FaultKind, *, times: int, retries: int, timeout_s: float) -> Any:
    """The built-in model with a fault injected on its endpoint, and a client with its retry budget.

    Args:
        kind: the fault (:data:`toolcall_lab.offline.faults.FAULT_KINDS`).
        times: how many requests in a row fail.
        retries: ``ChatOpenAI``'s ``max_retries``.
        timeout_s: the client's timeout; a ``timeout`` fault stalls a little longer than it.
    """
    from toolcall_lab.llm import build_chat_model

    injector = FaultInjector(Fault(kind, times=times, seconds=timeout_s + 0.2))
    return build_chat_model(faults=injector, max_retries=retries, timeout=timeout_s)


# ---------------------------------------------------------------- finish_reason "length": a call cut mid-JSON
@dataclass
class Truncation:
    """One reply cut off by ``max_tokens``, and what LangChain and LangGraph made of it.

    Attributes:
        max_tokens: the budget the client sent (``ChatOpenAI(max_tokens=...)``).
        request_body: the request as sent (the budget travels as ``max_completion_tokens``).
        response_body: the reply as it came back.
        finish_reason: ``"length"`` when the budget ended the reply, else ``"tool_calls"`` / ``"stop"``.
        arguments: the first tool call's ``arguments`` string as the model left it (``None``: no call).
        json_error: what ``json.loads(arguments)`` raised (``None`` when it parsed).
        tool_calls: ``AIMessage.tool_calls`` (only calls whose arguments parsed).
        invalid_tool_calls: ``AIMessage.invalid_tool_calls`` (the rest, with LangChain's error).
        next_node: where LangGraph's prebuilt ``tools_condition`` routes this message (``"tools"`` or END).
        cut_off: :func:`cut_off` of the message (the check that catches it).
    """

    max_tokens: int
    request_body: Any
    response_body: Any
    finish_reason: str | None
    arguments: str | None
    json_error: str | None
    tool_calls: list[dict[str, Any]]
    invalid_tool_calls: list[dict[str, Any]]
    next_node: str
    cut_off: bool


def cut_off(ai: Any) -> bool:
    """The fix's check: did the model stop because it ran out of tokens (its tool call may be cut mid-JSON)?"""
    # finish_reason comes straight from the wire: "length" means max_tokens ended the reply, not the model
    return bool(ai.response_metadata.get("finish_reason") == "length")


def truncated_call(question: str, tools: Sequence[Any], max_tokens: int) -> Truncation:
    """Ask the built-in model ``question`` with ``tools`` and a ``max_tokens`` budget; keep everything.

    The built-in model counts a tool call's name and argument tokens against the budget, as
    generation does, so a small budget ends the reply inside the arguments' JSON.
    """
    from langchain_core.messages import HumanMessage
    from langgraph.prebuilt import tools_condition

    from toolcall_lab.capture import recording
    from toolcall_lab.llm import build_chat_model

    with recording() as rec:
        ai = build_chat_model(max_tokens=max_tokens).bind_tools(list(tools)).invoke([HumanMessage(question)])
    exchange = rec.exchanges[-1]
    body = exchange.response_body if isinstance(exchange.response_body, dict) else {}
    choice = (body.get("choices") or [{}])[0]
    calls = (choice.get("message") or {}).get("tool_calls") or []
    arguments = calls[0]["function"]["arguments"] if calls else None
    json_error = None
    if arguments is not None:
        try:
            json.loads(arguments)
        except ValueError as exc:
            json_error = f"{type(exc).__name__}: {exc}"
    return Truncation(
        max_tokens=max_tokens,
        request_body=exchange.request_body,
        response_body=exchange.response_body,
        finish_reason=choice.get("finish_reason"),
        arguments=arguments,
        json_error=json_error,
        tool_calls=to_jsonable(list(ai.tool_calls)),
        invalid_tool_calls=to_jsonable(list(ai.invalid_tool_calls)),
        next_node=str(tools_condition({"messages": [ai]})),
        cut_off=cut_off(ai),
    )
