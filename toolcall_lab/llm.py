"""Chat model factory: a real ``ChatOpenAI``, talking to the built-in model or a real endpoint.

Either way the client is the same class with the same wire format; only the httpx
transport differs. Both clients carry the capture hooks of :mod:`toolcall_lab.capture`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from toolcall_lab.i18n import Text
from toolcall_lab.redact import redact_url
from toolcall_lab.settings import Settings

if TYPE_CHECKING:  # imported lazily: langchain is heavy and the landing page must stay light
    from langchain_openai import ChatOpenAI

    from toolcall_lab.offline.faults import FaultInjector

BUILTIN_BASE_URL = "http://builtin-model.local/v1"
BUILTIN_API_KEY = "builtin-no-key-needed"
DEFAULT_REAL_MODEL = "gpt-4o-mini"
#: What the client is given when the session has no key for its endpoint. ``ChatOpenAI`` needs
#: some key (given none, it would read ``OPENAI_API_KEY`` from the server's environment); the
#: request hook :func:`_drop_placeholder_key` then takes the header off, so no key is sent at all.
NO_KEY = "no-key-sent"


def model_label(settings: Settings | None, lang: str = "en") -> str:
    """What is active, for the sidebar badge and the trace header; never a key or a URL's credentials.

    >>> model_label(Settings(provider="openai_compatible", llm_base_url="https://bob:pw@gw.example/v1?api-key=k"))
    'gpt-4o-mini @ https://***redacted***@gw.example/v1?api-key=***redacted***'
    """
    if settings is None or not settings.uses_real_model:
        return Text("内置教学模型（离线、确定性）", "built-in teaching model (offline, deterministic)")(lang)
    model = settings.llm_model_id or DEFAULT_REAL_MODEL
    return redact_url(f"{model} @ {settings.llm_base_url or 'OpenAI'}", settings.secrets)


def _drop_placeholder_key(request: Any) -> None:
    """An httpx request hook: a request that would carry :data:`NO_KEY` carries no Authorization at all."""
    if request.headers.get("authorization") == f"Bearer {NO_KEY}":
        del request.headers["authorization"]


def build_chat_model(
    settings: Settings | None = None,
    *,
    script: Sequence[dict[str, Any]] | None = None,
    faults: FaultInjector | None = None,
    gullible: bool = False,
    **chat_kwargs: Any,
) -> ChatOpenAI:
    """Build a ``ChatOpenAI`` for ``settings`` (default: the built-in teaching model).

    Args:
        settings: which endpoint; ``None`` or ``provider="builtin"`` means the built-in model.
        script: assistant messages (wire shape) the built-in model replays first, in order.
        faults: a fault injector for the built-in endpoint (see ``toolcall_lab.offline.faults``).
        gullible: the built-in model obeys instructions injected in the user's message
            (for the lesson that shows an injection at work); ignored for a real endpoint.
        **chat_kwargs: passed to ``ChatOpenAI`` (e.g. ``timeout``, ``max_retries``).
    """
    import httpx
    from langchain_openai import ChatOpenAI
    from pydantic import SecretStr

    from toolcall_lab.capture import event_hooks

    if settings is None or not settings.uses_real_model:
        from toolcall_lab.offline import BUILTIN_MODEL_ID, BuiltinModel, BuiltinTransport
        from toolcall_lab.offline.transport import AsyncBuiltinTransport

        model = BuiltinModel(script=list(script or ()), faults=faults, gullible=gullible)
        client = httpx.Client(transport=BuiltinTransport(model), event_hooks=event_hooks())
        # ainvoke / astream reach the same in-process model (they are not captured: the lab records sync calls)
        async_client = httpx.AsyncClient(transport=AsyncBuiltinTransport(model))
        options: dict[str, Any] = {"max_retries": 0, "timeout": 10.0}
        options.update(chat_kwargs)
        return ChatOpenAI(
            model=BUILTIN_MODEL_ID,
            api_key=SecretStr(BUILTIN_API_KEY),
            base_url=BUILTIN_BASE_URL,
            http_client=client,
            http_async_client=async_client,
            use_responses_api=False,
            **options,
        )
    from toolcall_lab.endpoint_policy import OPENAI_BASE_URL

    timeout = chat_kwargs.pop("timeout", settings.timeout_s)
    hooks = event_hooks()
    hooks["request"].insert(0, _drop_placeholder_key)  # before the capture hook: it records what is sent
    # no redirects (httpx's default, said aloud): a key sent to an endpoint never follows a 30x elsewhere
    client = httpx.Client(timeout=timeout, event_hooks=hooks, follow_redirects=False)
    options = {"max_retries": settings.max_retries, "timeout": timeout}
    options.update(chat_kwargs)
    return ChatOpenAI(
        model=settings.llm_model_id or DEFAULT_REAL_MODEL,
        api_key=SecretStr(settings.llm_api_key or NO_KEY),
        # the URL the endpoint policy judged, always said: given none, the client would read OPENAI_BASE_URL
        base_url=settings.llm_base_url or OPENAI_BASE_URL,
        http_client=client,
        use_responses_api=False,
        **options,
    )
