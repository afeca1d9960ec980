"""Errors explained, not dumped: which stage, what went wrong, what to try.

Every failure that reaches a page is turned into an :class:`ExplainedError` first.
The page renders it with ``st.error`` / ``st.warning``; a raw traceback is a bug.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from toolcall_lab.i18n import LANGS, Text
from toolcall_lab.redact import redact, redact_text


@dataclass(frozen=True)
class ExplainedError:
    """A failure told in both languages.

    Attributes:
        stage: the chain stage where it happened (e.g. ``"model_call"``, ``"json.loads"``,
            ``"validation"``, ``"tool"``, ``"editor"``).
        title: one-line summary, stored as ``{"zh": ..., "en": ...}`` (:func:`explain` is given a ``Text``).
        detail: the real error text as the library produced it (not translated).
        hint: what to try next, stored the same way.
        kind: the exception class name, or a short code.
        data: structured details (e.g. ``ValidationError.errors()``), JSON-serializable.

    ``detail`` and ``data`` pass through :func:`toolcall_lab.redact.redact` when the error is made
    (an endpoint's error may echo the key it was sent, or the URL's credentials), so neither the
    "Raw error" box, an exported trace nor a published run can show one.
    """

    stage: str
    title: dict[str, str]
    detail: str
    hint: dict[str, str]
    kind: str = ""
    data: Any = field(default=None)

    def __post_init__(self) -> None:
        # frozen: the scrubbed values are set the way dataclasses itself sets fields
        object.__setattr__(self, "detail", redact_text(str(self.detail)))
        if self.data is not None:
            object.__setattr__(self, "data", redact(self.data))

    def text(self, lang: str) -> tuple[str, str]:
        """Return ``(title, hint)`` in ``lang``."""
        return _loaded(self.title)(lang), _loaded(self.hint)(lang)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ExplainedError:
        return cls(**data)


def _stored(text: Text) -> dict[str, str]:
    """A :class:`Text` in the stored shape of an explained error (the trace file's ``{"zh", "en"}``)."""
    return {lang: text(lang) for lang in LANGS}


def _loaded(stored: dict[str, str]) -> Text:
    """The :class:`Text` of a stored ``{"zh", "en"}`` pair."""
    return Text(stored["zh"], stored["en"])


def explain(
    stage: str,
    exc: BaseException | str,
    title: Text,
    hint: Text,
    *,
    data: Any = None,
) -> ExplainedError:
    """Build an :class:`ExplainedError` from an exception (or a message), its title and its hint.

    ``title`` and ``hint`` are :class:`~toolcall_lab.i18n.Text` pairs; callers pass them as the
    keywords ``title=Text(zh, en), hint=Text(zh, en)``. The error stores them as ``{"zh", "en"}``
    dicts, the shape of the trace file.

    >>> err = explain("tool", "boom", title=Text("坏了", "Broken"), hint=Text("再试", "Retry"))
    >>> err.title, err.text("en")
    ({'zh': '坏了', 'en': 'Broken'}, ('Broken', 'Retry'))
    """
    detail = exc if isinstance(exc, str) else f"{type(exc).__name__}: {exc}"
    kind = "" if isinstance(exc, str) else type(exc).__name__
    return ExplainedError(
        stage=stage,
        title=_stored(title),
        detail=detail,
        hint=_stored(hint),
        kind=kind,
        data=data,
    )


def explain_exception(exc: BaseException) -> ExplainedError:
    """The one explainer: which stage failed, what went wrong, what to try — for any exception a run raises.

    It reads the exception's HTTP status (from the ``openai`` client), its class name
    (timeouts, connection errors, LangGraph's recursion limit, Pydantic's and LangChain's
    parsing errors) and falls back to "calling the model failed" with the raw text.

    >>> explain_exception(TimeoutError("slow")).title["en"]
    'Timed out waiting for the model.'
    """
    status = getattr(exc, "status_code", None)
    body = getattr(exc, "body", None)
    name = type(exc).__name__
    if status == 400:
        return explain(
            "model_call",
            exc,
            title=Text(
                "模型接口拒收了这次请求（HTTP 400）：请求体不合规。",
                "The model endpoint rejected the request (HTTP 400): the body is not valid.",
            ),
            hint=Text(
                "看报错里的 param：它指出了哪条消息或哪个字段有问题；每个 tool 消息都要对应前面某个 tool_call 的 id。",
                "Look at 'param' in the error: it names the message or field at fault. "
                "Every tool message must answer an earlier tool_call id.",
            ),
            data=body,
        )
    if status in (401, 403):
        return explain(
            "model_call",
            exc,
            title=Text("密钥无效或没有权限（401/403）。", "The key is invalid or lacks permission (401/403)."),
            hint=Text(
                "在侧边栏重新填写 API Key，或切回内置教学模型。",
                "Re-enter the API key in the sidebar, or switch back to the built-in model.",
            ),
        )
    if status == 404:
        return explain(
            "model_call",
            exc,
            title=Text("找不到模型或接口地址（404）。", "Model or endpoint URL not found (404)."),
            hint=Text(
                "检查 Base URL（通常以 /v1 结尾）和模型名。",
                "Check the base URL (usually ending in /v1) and the model id.",
            ),
        )
    if status == 429:
        return explain(
            "model_call",
            exc,
            title=Text("请求太频繁，被限流了（429）。", "Rate limited (429)."),
            hint=Text(
                "稍等几秒再试；重试次数可以在设置里调。", "Wait a few seconds and retry; the retry count is a setting."
            ),
        )
    if status is not None and status >= 500:
        return explain(
            "model_call",
            exc,
            title=Text(f"模型服务端出错（{status}）。", f"The model server failed ({status})."),
            hint=Text("这是对方的问题，稍后重试。", "A server-side problem: retry later."),
        )
    if "Timeout" in name:
        return explain(
            "model_call",
            exc,
            title=Text("等待模型回复超时。", "Timed out waiting for the model."),
            hint=Text("调大超时时间，或换一个更快的端点。", "Raise the timeout or use a faster endpoint."),
        )
    if "Connection" in name:
        return explain(
            "model_call",
            exc,
            title=Text("连不上模型接口。", "Could not connect to the model endpoint."),
            hint=Text(
                "检查 Base URL 和网络；离线时请用内置教学模型。",
                "Check the base URL and network; offline, use the built-in model.",
            ),
        )
    if "Recursion" in name:
        return explain(
            "loop",
            exc,
            title=Text("循环步数达到上限，运行被叫停。", "The loop hit its step limit and was stopped."),
            hint=Text(
                "模型一直在调用工具；看时间线里重复的调用。",
                "The model kept calling tools; look for repeated calls in the timeline.",
            ),
        )
    if name in {"ValidationError", "OutputParserException"}:
        return explain(
            "structured_output",
            exc,
            title=Text("模型的结构化输出没有通过校验", "The model's structured output did not validate"),
            hint=Text(
                "换个问法再试，或换一个支持 JSON Schema 输出的模型。",
                "Rephrase the question, or use a model that supports JSON Schema output.",
            ),
        )
    if isinstance(exc, ValueError):
        return explain(
            "model_call",
            exc,
            title=Text("模型回复无法解析（格式不对）。", "The model reply could not be parsed."),
            hint=Text(
                "端点返回的不是合法的 chat.completion；看原始响应。",
                "The endpoint did not return a valid chat.completion; see the raw response.",
            ),
        )
    return explain(
        "model_call",
        exc,
        title=Text("调用模型时出错。", "Calling the model failed."),
        hint=Text("看下面的原始错误信息。", "See the raw error below."),
    )
