"""What a traced run writes down, as pure functions from the library's objects to trace records.

:mod:`toolcall_lab.live` observes a run; the functions here turn what it observed into
the plain, JSON-safe records of :mod:`toolcall_lab.trace`:

* :func:`normalize_ai_message` — the parts of an ``AIMessage`` a learner needs;
* :func:`validate_arguments` — Pydantic's verdict on a call's arguments, by the same
  function stage ⑤ uses, so a traced run and the stage page never disagree;
* :func:`tool_message_record` — a ``ToolMessage`` as the trace keeps it;
* :func:`kwargs_record` — the kwargs a tool function received, a run's config cut to what it carries;
* :func:`attempt_log` — one row per HTTP attempt of one model call (retries included);
* :func:`decision_dict` — the built-in model's decision record from a response's headers;
* :func:`model_call_event` — one model call, from its captured exchanges;
* :func:`scrub_trace` — a finished trace's errors (and, with a key in play, its messages) redacted.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict
from typing import TYPE_CHECKING, Any, cast

from pydantic import BaseModel

from toolcall_lab.errors import ExplainedError, explain_exception
from toolcall_lab.jsonable import to_jsonable
from toolcall_lab.offline.record import decision_of
from toolcall_lab.redact import redact, redact_text
from toolcall_lab.stages.validation import validate_stage
from toolcall_lab.trace import ModelCall, RunTrace, ToolExecution, Validation

if TYPE_CHECKING:
    from langchain_core.messages import AIMessage
    from langchain_core.tools import BaseTool

    from toolcall_lab.capture import WireExchange


def normalize_ai_message(ai: AIMessage) -> dict[str, Any]:
    """The parts of an ``AIMessage`` a learner needs to see, JSON-safe."""
    meta = ai.response_metadata or {}
    record = {
        "type": ai.type,
        "id": ai.id,
        "content": ai.content,
        "tool_calls": list(ai.tool_calls),
        "invalid_tool_calls": list(ai.invalid_tool_calls),
        "usage_metadata": ai.usage_metadata,
        "response_metadata": {k: meta.get(k) for k in ("finish_reason", "model_name", "id") if k in meta},
    }
    return cast(dict[str, Any], to_jsonable(record))


def validate_arguments(tool: BaseTool, parsed: Any) -> Validation:
    """Run the tool's own ``args_schema`` over the parsed arguments, as ``tool.invoke`` does.

    The verdict is the validation stage's own (:func:`toolcall_lab.stages.validation.validate_stage`),
    so a traced run and stage 5 never disagree. Coercions are the values Pydantic changed
    (``"3"`` → ``3``), nested ones included; defaults are fields the model left out.
    """
    schema = tool.args_schema
    if not (isinstance(schema, type) and issubclass(schema, BaseModel)):
        return Validation(ok=True, kwargs=to_jsonable(parsed) if isinstance(parsed, dict) else None)
    checked = validate_stage(parsed, schema, with_schema=False)
    if isinstance(checked, ExplainedError):  # something other than a ValidationError went wrong
        return Validation(ok=False, errors=[{"type": "unexpected", "loc": [], "msg": checked.detail, "input": None}])
    if not checked.ok:
        return Validation(ok=False, errors=checked.errors)
    coercions = [
        {"field": c["path"].lstrip("/"), **{k: c[k] for k in ("input", "input_type", "output", "output_type")}}
        for c in checked.coercions
    ]
    return Validation(
        ok=True,
        kwargs=to_jsonable(checked.kwargs),
        coercions=coercions,
        defaults=[p.lstrip("/") for p in checked.defaults_filled],
    )


def tool_message_record(message: Any) -> dict[str, Any]:
    """A ``ToolMessage`` as the trace keeps it: content, pairing id, status and artifact."""
    record = {
        "type": message.type,
        "content": message.content,
        "name": message.name,
        "tool_call_id": message.tool_call_id,
        "status": getattr(message, "status", None),
        "artifact": getattr(message, "artifact", None),
    }
    return cast(dict[str, Any], to_jsonable(record))


def _run_config(config: Mapping[str, Any]) -> dict[str, Any]:
    """A run's ``RunnableConfig`` cut to what the caller put there: ``configurable``'s own keys.

    LangGraph adds its machinery (``__pregel_*`` entries, checkpoint ids, callbacks) to the
    config a tool receives; the caller's values (a ``student_id``, a ``thread_id``) are what
    the lesson is about.
    """
    configurable = config.get("configurable")
    own = {
        str(k): v
        for k, v in (configurable.items() if isinstance(configurable, Mapping) else ())
        if not str(k).startswith(("__", "checkpoint"))
    }
    return {"configurable": to_jsonable(own)}


def kwargs_record(kwargs: Mapping[str, Any]) -> dict[str, Any]:
    """The kwargs a tool function received, JSON-safe.

    An injected run config (a ``RunnableConfig`` parameter) or LangGraph ``ToolRuntime`` is
    kept as the values the caller put in ``configurable`` — the rest is the library's own
    machinery, thousands of lines of it.

    >>> kwargs_record({"word": "accord"})
    {'word': 'accord'}
    >>> kwargs_record({"config": {"configurable": {"student_id": "S1001", "__pregel_task_id": "t"}, "tags": []}})
    {'config': {'configurable': {'student_id': 'S1001'}}}
    """
    out: dict[str, Any] = {}
    for name, value in kwargs.items():
        if isinstance(value, Mapping) and "configurable" in value:
            out[name] = _run_config(value)
        elif isinstance(getattr(value, "config", None), Mapping) and hasattr(value, "tool_call_id"):
            out[name] = {"ToolRuntime": {"tool_call_id": str(value.tool_call_id), **_run_config(value.config)}}
        else:
            out[name] = to_jsonable(value)
    return out


def _outcome(exchange: WireExchange) -> str:
    """``ok``, ``HTTP 429``, ``malformed body`` or ``no response`` for one attempt."""
    if exchange.status_code == 200 and exchange.streamed:
        return "ok"  # server-sent events: text by design, not a malformed body
    if exchange.status_code == 200 and exchange.response_text is not None:
        return "malformed body"
    if exchange.status_code == 200 and isinstance(exchange.response_body, dict):
        return "ok"
    return f"HTTP {exchange.status_code}" if exchange.status_code is not None else "no response"


def attempt_log(attempts: Sequence[WireExchange]) -> list[dict[str, Any]]:
    """One row per HTTP attempt of a model call: status, latency, the wait before it, outcome.

    The wait before an attempt is the time between the previous attempt's reply and this
    request: the client's back-off (``Retry-After`` when the endpoint announced one).
    """
    log = []
    for n, exchange in enumerate(attempts, start=1):
        previous = attempts[n - 2] if n > 1 else None
        wait = None
        if previous is not None and previous.latency_ms is not None:
            gap_ms = (exchange.started_at - previous.started_at) * 1000 - previous.latency_ms
            wait = round(max(0.0, gap_ms), 1)
        log.append(
            {
                "attempt": n,
                "status_code": exchange.status_code,
                "latency_ms": exchange.latency_ms,
                "wait_before_ms": wait,
                "outcome": _outcome(exchange),
            }
        )
    return log


def model_call_event(
    step: int,
    attempts: Sequence[WireExchange],
    ai: AIMessage | None,
    error: BaseException | None,
    latency_ms: float,
    secrets: Sequence[str] = (),
) -> ModelCall:
    """One model call as the trace records it, from the exchanges its ``invoke`` produced.

    Args:
        step: the run's step number.
        attempts: the captured HTTP exchanges of this call (one per attempt).
        ai: the ``AIMessage`` LangChain made of the last reply (``None`` when the call failed).
        error: what the call raised, if anything.
        latency_ms: the wall time of the whole call (used when no exchange was captured).
        secrets: the session's keys, scrubbed from the error (an endpoint may echo the key it got).
    """
    last = attempts[-1] if attempts else None
    response = last.response_body if last else None
    return ModelCall(
        step=step,
        request_body=last.request_body if last else None,
        response_body=response if response is not None else (last.response_text if last else None),
        status_code=last.status_code if last else None,
        ai_message=normalize_ai_message(ai) if ai is not None else None,
        latency_ms=last.latency_ms if last and last.latency_ms is not None else latency_ms,
        usage=response.get("usage") if isinstance(response, dict) else None,
        attempts=max(1, len(attempts)),
        attempt_log=attempt_log(attempts),
        error=redact(explain_exception(error).to_dict(), secrets) if error is not None else None,
        decision=decision_dict(last.response_headers) if last else None,
    )


def decision_dict(headers: Mapping[str, str] | None) -> dict[str, Any] | None:
    """The built-in model's decision record in a response's headers, as plain JSON data.

    The record (:class:`toolcall_lab.offline.record.DecisionRecord`) travels in the
    ``x-builtin-decision`` header; a real endpoint sends none, and gets ``None``.

    >>> decision_dict({"x-builtin-decision": '{"kind": "refusal", "lang": "en", "refusal": "only S1001"}'})["refusal"]
    'only S1001'
    >>> decision_dict({"content-type": "application/json"}) is None
    True
    """
    record = decision_of(headers or {})
    return cast(dict[str, Any], to_jsonable(asdict(record))) if record is not None else None


def scrub_trace(trace: RunTrace, secrets: tuple[str, ...]) -> None:
    """Redact what the wire capture did not see: errors, tool failures and, with a key, the messages.

    The request and response bodies were redacted as they were captured. An error text is
    scrubbed always (an endpoint's or a tool's error may echo a key or a URL's credentials).
    With a key in play, the parsed messages, the tool messages and the answer are scrubbed too:
    they are made from the raw reply, so an endpoint that echoed the key would put it there.
    """
    for event in trace.events:
        if isinstance(event, ToolExecution):
            event.error = redact_text(event.error, secrets) if event.error is not None else None
            event.parse_error = redact_text(event.parse_error, secrets) if event.parse_error is not None else None
            if secrets:
                event.result_repr = redact_text(event.result_repr, secrets) if event.result_repr else event.result_repr
                event.tool_message = redact(event.tool_message, secrets) if event.tool_message else event.tool_message
        elif secrets and event.ai_message is not None:
            event.ai_message = redact(event.ai_message, secrets)
    if secrets and trace.answer is not None:
        trace.answer = redact_text(trace.answer, secrets)
