"""Which model endpoint a session may use, and whose key goes with it: a pure rule, no I/O.

The operator configures the server's environment; a learner chooses in the sidebar. The rule:

* **The operator's key goes only to the operator's endpoint.** ``LLM_API_KEY`` is sent only to
  ``LLM_BASE_URL`` (or to OpenAI's own URL when the operator set a key and no URL): "the
  school's endpoint".
* **Another endpoint needs the learner's own key.** A learner who picks their own base URL
  sends their own key there, or no key at all (a local Ollama needs none) — never the
  operator's; :attr:`EndpointDecision.note` says why.
* ``LLM_ENDPOINT_LOCKED=1``: the school's endpoint is the only one. Learners see it but cannot
  change it; with no school endpoint configured, only the built-in model is left.
* ``LLM_ALLOWED_BASE_URLS=url,url``: a learner may pick only these (the school's endpoint is
  always allowed); anything else is refused with an explained error.
* **No policy set (the default):** a learner may name any ``http``/``https`` endpoint and give
  their own key for it; the operator's key never goes there. A server that serves a class should
  set the lock or the list: an open box lets anyone make the server send requests to any host it
  can reach.

URLs are compared in a normal form (:func:`normalize_base_url`: the scheme and host in lower
case, the default port dropped, no trailing slash), parsed by ``httpx``, the parser the chat
client itself uses, so ``HTTPS://School.example:443/v1/`` is the school's endpoint and
``http://school.example:443/v1`` or ``https://school.example@evil.example/v1`` are not.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Literal

import httpx

from toolcall_lab.errors import ExplainedError, explain
from toolcall_lab.i18n import Text
from toolcall_lab.redact import redact_url
from toolcall_lab.settings import Provider, Settings

#: Where ``ChatOpenAI`` goes when it is given a key and no base URL.
OPENAI_BASE_URL = "https://api.openai.com/v1"
EndpointChoice = Literal["school", "own"]
_DEFAULT_PORTS = {"http": 80, "https": 443}


class EndpointURLError(ValueError):
    """A base URL that cannot be an endpoint (not http/https, no host, unparseable)."""


@lru_cache(maxsize=512)  # pure; a session's settings are worked out several times a rerun
def normalize_base_url(url: str) -> str:
    """The normal form of a base URL, for comparing two of them.

    >>> normalize_base_url("HTTPS://Gateway.Example:443/v1/")
    'https://gateway.example/v1'
    >>> normalize_base_url("http://127.0.0.1:8740/v1")
    'http://127.0.0.1:8740/v1'

    Raises:
        EndpointURLError: not an ``http``/``https`` URL with a host.
    """
    text = url.strip()
    try:
        parsed = httpx.URL(text)
    except (httpx.InvalidURL, TypeError, ValueError) as exc:
        raise EndpointURLError(f"not a URL: {exc}") from exc
    if parsed.scheme not in ("http", "https"):
        raise EndpointURLError(f"only http:// and https:// endpoints, not {parsed.scheme or 'no scheme'!r}")
    host = parsed.raw_host.decode("ascii").lower()
    if not host:
        raise EndpointURLError("the URL names no host")
    if ":" in host:  # an IPv6 address goes back in its brackets
        host = f"[{host}]"
    userinfo = parsed.userinfo.decode("ascii")
    # httpx drops a scheme's default port only when the scheme was typed in lower case: drop it here
    port = f":{parsed.port}" if parsed.port not in (None, _DEFAULT_PORTS[parsed.scheme]) else ""
    path = parsed.raw_path.decode("ascii").split("?", 1)[0].rstrip("/")
    query = f"?{parsed.query.decode('ascii')}" if parsed.query else ""
    return f"{parsed.scheme}://{userinfo + '@' if userinfo else ''}{host}{port}{path}{query}"


@dataclass(frozen=True)
class EndpointPolicy:
    """The operator's rule for this server, read from :class:`Settings`.

    Attributes:
        school_url: the operator's endpoint in normal form; ``""`` when the operator set neither
            ``LLM_BASE_URL`` nor ``LLM_API_KEY``.
        locked: learners cannot leave the school's endpoint.
        allowed: the base URLs a learner may pick (normal form); empty means any.
    """

    school_url: str
    locked: bool
    allowed: tuple[str, ...]

    def permits(self, url: str) -> bool:
        """May a learner use ``url`` (normal form)?"""
        if url == self.school_url:
            return True
        if self.locked:
            return False
        return not self.allowed or url in self.allowed


@lru_cache(maxsize=32)  # pure, and a server has one base settings object
def policy_of(base: Settings) -> EndpointPolicy:
    """The policy the server's settings set; an allowed entry that is not a URL allows nothing."""
    school = ""
    if base.llm_base_url:
        try:
            school = normalize_base_url(base.llm_base_url)
        except EndpointURLError:
            school = ""  # the operator's own typo: nothing may use it, the key goes nowhere
    elif base.llm_api_key:
        school = OPENAI_BASE_URL
    allowed = []
    for entry in base.allowed_base_urls:
        try:
            allowed.append(normalize_base_url(entry))
        except EndpointURLError:
            continue
    return EndpointPolicy(school_url=school, locked=base.endpoint_locked, allowed=tuple(allowed))


@dataclass(frozen=True)
class EndpointRequest:
    """What a learner chose in the sidebar.

    Attributes:
        provider: the built-in model or an OpenAI-compatible endpoint.
        endpoint: ``"school"`` (the operator's) or ``"own"`` (``base_url``).
        base_url: the learner's own base URL (``""``: OpenAI's).
        model_id: the model name the learner typed (``""``: the operator's, or the default).
        api_key: the learner's own key (``""``: none given).
    """

    provider: Provider = "builtin"
    endpoint: EndpointChoice = "school"
    base_url: str = ""
    model_id: str = ""
    api_key: str = ""


@dataclass(frozen=True)
class EndpointDecision:
    """What the session may use.

    Attributes:
        settings: the settings to build the chat model from. For a real endpoint ``llm_api_key``
            is the key that will be sent (``""`` for none; the operator's key is then in
            ``known_secrets`` only, for redaction); for the built-in model they are the server's
            own settings with the built-in provider (the built-in model sends no key).
        endpoint: ``"builtin"``, ``"school"`` or ``"own"``.
        key_source: ``"operator"``, ``"learner"`` or ``"none"``.
        note: why no key is sent, a :class:`~toolcall_lab.i18n.Text` (``None`` when there is nothing to say).
        refusal: why the learner's choice was refused (the session falls back to the built-in
            model), ``None`` when it was not.
    """

    settings: Settings
    endpoint: Literal["builtin", "school", "own"]
    key_source: Literal["operator", "learner", "none"]
    note: Text | None = None
    refusal: ExplainedError | None = None


def _builtin(base: Settings, refusal: ExplainedError | None = None) -> EndpointDecision:
    # the server's settings with the built-in provider: the built-in model sends no key of them, and
    # the object is the one every built-in session shares (the warm-up builds its chat model for it)
    settings = replace(base, provider="builtin")
    return EndpointDecision(settings=settings, endpoint="builtin", key_source="none", refusal=refusal)


def _operator_keys(base: Settings) -> tuple[str, ...]:
    return tuple(k for k in (base.llm_api_key, *base.known_secrets) if k)


def _refuse(base: Settings, url: str, title: Text, hint: Text) -> EndpointDecision:
    detail = f"refused base URL: {redact_url(url)}"
    refusal = explain("settings", detail, title=title, hint=hint)
    return _builtin(base, refusal)


def decide(base: Settings, request: EndpointRequest) -> EndpointDecision:
    """Apply the rule to a learner's choice; never raises.

    Args:
        base: the server's settings (from the environment: the operator's key, URL and policy).
        request: what the learner chose in the sidebar.

    >>> school = Settings(provider="openai_compatible", llm_api_key="sk-operator-1", llm_base_url="https://gw.example/v1")
    >>> mine = decide(school, EndpointRequest("openai_compatible", "own", "http://127.0.0.1:8741/v1"))
    >>> mine.endpoint, mine.key_source, mine.settings.llm_api_key
    ('own', 'none', '')
    >>> decide(school, EndpointRequest("openai_compatible", "own", "HTTPS://GW.example:443/v1/")).key_source
    'operator'
    """
    if request.provider != "openai_compatible":
        return _builtin(base)
    policy = policy_of(base)
    if policy.locked and not policy.school_url:
        return _refuse(
            base,
            request.base_url,
            title=Text(
                "学校锁定了模型接口，但没有配置真实接口：只能用内置教学模型。",
                "The school locked the model endpoint but configured none: only the built-in model is available.",
            ),
            hint=Text(
                "请老师或管理员设置 LLM_BASE_URL；现在先用内置教学模型。",
                "Ask the operator to set LLM_BASE_URL; meanwhile use the built-in model.",
            ),
        )
    wants_school = request.endpoint == "school" and bool(policy.school_url)
    target = policy.school_url
    if not wants_school:
        try:
            target = normalize_base_url(request.base_url or OPENAI_BASE_URL)
        except EndpointURLError as exc:
            return _refuse(
                base,
                request.base_url,
                title=Text(f"这个 Base URL 用不了：{exc}", f"This base URL cannot be used: {exc}"),
                hint=Text(
                    "填一个 http:// 或 https:// 开头、以 /v1 结尾的地址。",
                    "Enter an address starting with http:// or https://, usually ending in /v1.",
                ),
            )
    if not policy.permits(target):
        if policy.locked:
            return _refuse(
                base,
                request.base_url,
                title=Text(
                    "学校锁定了模型接口：不能换成别的地址。",
                    "The school locked the model endpoint: it cannot be changed.",
                ),
                hint=Text(
                    "用学校的接口，或切回内置教学模型。",
                    "Use the school's endpoint, or switch back to the built-in model.",
                ),
            )
        allowed = ", ".join(redact_url(u) for u in (policy.school_url, *policy.allowed) if u)
        return _refuse(
            base,
            request.base_url,
            title=Text(
                "这个 Base URL 不在学校允许的列表里。",
                "This base URL is not on the school's list of allowed endpoints.",
            ),
            hint=Text(f"允许的地址：{allowed}", f"Allowed: {allowed}"),
        )
    model_id = request.model_id.strip() or base.llm_model_id
    if target == policy.school_url:
        key = request.api_key or base.llm_api_key
        source: Literal["operator", "learner", "none"] = (
            "learner" if request.api_key else "operator" if base.llm_api_key else "none"
        )
        url = base.llm_base_url or OPENAI_BASE_URL
        settings = replace(
            base,
            provider="openai_compatible",
            llm_api_key=key,
            llm_base_url=url,
            llm_model_id=model_id,
            known_secrets=_operator_keys(base),
        )
        return EndpointDecision(settings=settings, endpoint="school", key_source=source)
    settings = replace(
        base,
        provider="openai_compatible",
        llm_api_key=request.api_key,
        llm_base_url=request.base_url.strip() or OPENAI_BASE_URL,
        llm_model_id=model_id,
        known_secrets=_operator_keys(base),
    )
    note = None
    if not request.api_key:
        note = (
            Text(
                "学校的 Key 只发给学校的接口：发往这个地址的请求不带 Key。要用 Key，请填你自己的。",
                "The school's key only goes to the school's endpoint: requests to this address carry no key. "
                "To use one, enter your own.",
            )
            if base.llm_api_key
            else Text(
                "没有填 Key：请求不带 Key（本地的 Ollama 之类不需要）。",
                "No key given: requests carry none (a local Ollama, for instance, needs none).",
            )
        )
    return EndpointDecision(
        settings=settings, endpoint="own", key_source="learner" if request.api_key else "none", note=note
    )
