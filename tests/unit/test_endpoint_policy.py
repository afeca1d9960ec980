"""The endpoint rule: the operator's key goes only to the operator's endpoint (issue 21, finding 1).

Each case is a server's environment, a learner's choice in the sidebar, and what the session
may then use: which endpoint, which key goes with it, or why the choice was refused.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from toolcall_lab.endpoint_policy import (
    OPENAI_BASE_URL,
    EndpointRequest,
    EndpointURLError,
    decide,
    normalize_base_url,
    policy_of,
)
from toolcall_lab.settings import load_settings

OPERATOR_KEY = "sk-operator-0123456789abcdef"
SCHOOL = "https://gw.school.example/v1"


def server(**env: str):
    """The settings a server with this environment loads (no .env file)."""
    return load_settings(env=env, dotenv_path=Path(__file__).with_name("no-such.env"))


def school_server(**extra: str):
    return server(LLM_API_KEY=OPERATOR_KEY, LLM_BASE_URL=SCHOOL, **extra)


def own(url: str, key: str = "", model: str = "") -> EndpointRequest:
    return EndpointRequest(provider="openai_compatible", endpoint="own", base_url=url, model_id=model, api_key=key)


SCHOOL_CHOICE = EndpointRequest(provider="openai_compatible", endpoint="school")


# ---------------------------------------------------------------- the normal form of a URL
@pytest.mark.parametrize(
    ("typed", "normal"),
    [
        ("https://gw.school.example/v1", "https://gw.school.example/v1"),
        ("HTTPS://GW.School.Example:443/v1/", "https://gw.school.example/v1"),  # case, default port, slash
        ("  https://gw.school.example/v1//  ", "https://gw.school.example/v1"),
        ("http://GW.school.example:80/v1", "http://gw.school.example/v1"),
        ("HTTP://Host:443/v1/", "http://host:443/v1"),  # 443 is not http's default: kept
        ("https://host:8443/v1", "https://host:8443/v1"),
        ("http://127.0.0.1:8740/v1", "http://127.0.0.1:8740/v1"),
        ("https://[::1]:443/v1", "https://[::1]/v1"),
        ("https://gw.school.example/v1#frag", "https://gw.school.example/v1"),
        ("https://gw.school.example/v1?region=eu", "https://gw.school.example/v1?region=eu"),
        ("https://gw.school.example\\@evil.example/v1", "https://gw.school.example%5C@evil.example/v1"),
    ],
)
def test_base_urls_are_compared_in_their_normal_form(typed, normal):
    assert normalize_base_url(typed) == normal


@pytest.mark.parametrize(
    "bad", ["", "gw.school.example/v1", "ftp://gw.school.example/v1", "file:///etc/passwd", "https://"]
)
def test_a_url_that_cannot_be_an_endpoint_is_an_error(bad):
    with pytest.raises(EndpointURLError):
        normalize_base_url(bad)


@pytest.mark.parametrize(
    "trick",
    [
        "HTTP://GW.school.example:443/v1/",  # plain http on 443: not the school's https endpoint
        "http://gw.school.example/v1",  # the same host without TLS
        "https://gw.school.example.evil.example/v1",
        "https://gw.school.example@evil.example/v1",  # userinfo: the host is evil.example
        "https://evil.example/gw.school.example/v1",
        "https://gw.school.example/v1/../../elsewhere",
        "https://gw.school.example:444/v1",
        "https://gw.school.example./v1",  # a trailing dot is another name: not trusted as the same
    ],
)
def test_look_alike_urls_are_not_the_school_endpoint(trick):
    decision = decide(school_server(), own(trick))
    assert decision.endpoint == "own" and decision.key_source == "none"
    assert decision.settings.llm_api_key == ""


@pytest.mark.parametrize("same", ["HTTPS://GW.School.Example:443/v1/", "https://gw.school.example/v1/", SCHOOL])
def test_the_school_url_typed_differently_is_still_the_school_endpoint(same):
    decision = decide(school_server(), own(same))
    assert decision.endpoint == "school" and decision.key_source == "operator"
    assert decision.settings.llm_api_key == OPERATOR_KEY


# ---------------------------------------------------------------- the key goes with its endpoint
def test_the_school_endpoint_gets_the_operator_key():
    decision = decide(school_server(), SCHOOL_CHOICE)
    assert (decision.endpoint, decision.key_source) == ("school", "operator")
    assert decision.settings.llm_base_url == SCHOOL and decision.settings.llm_api_key == OPERATOR_KEY
    assert decision.refusal is None and decision.note is None


def test_a_learner_key_for_the_school_endpoint_is_the_learner_key():
    decision = decide(school_server(), EndpointRequest("openai_compatible", "school", api_key="sk-learner-99999999"))
    assert decision.key_source == "learner" and decision.settings.llm_api_key == "sk-learner-99999999"


def test_an_own_endpoint_without_a_key_gets_no_key_and_says_why():
    decision = decide(school_server(), own("http://127.0.0.1:8741/v1"))
    assert (decision.endpoint, decision.key_source) == ("own", "none")
    assert decision.settings.llm_api_key == "" and decision.settings.llm_base_url == "http://127.0.0.1:8741/v1"
    assert decision.note is not None and "school's key only goes to the school's endpoint" in decision.note.en
    # the operator's key is not sent, but it is still known: redaction scrubs it from this session's output
    assert OPERATOR_KEY in decision.settings.secrets


def test_an_own_endpoint_with_the_learner_key_gets_that_key():
    decision = decide(school_server(), own("http://127.0.0.1:8741/v1", key="sk-learner-12345678", model="qwen"))
    assert (decision.endpoint, decision.key_source) == ("own", "learner")
    assert decision.settings.llm_api_key == "sk-learner-12345678" and decision.settings.llm_model_id == "qwen"
    assert decision.note is None


def test_an_operator_key_without_a_url_belongs_to_openai():
    base = server(LLM_API_KEY=OPERATOR_KEY)
    assert policy_of(base).school_url == OPENAI_BASE_URL
    assert decide(base, SCHOOL_CHOICE).settings.llm_base_url == OPENAI_BASE_URL
    assert decide(base, own("")).key_source == "operator"  # an empty box is OpenAI: the operator's endpoint
    assert decide(base, own("http://127.0.0.1:8741/v1")).key_source == "none"


def test_a_server_without_an_endpoint_lets_a_learner_bring_one():
    decision = decide(server(), EndpointRequest("openai_compatible", "school", base_url="http://127.0.0.1:8741/v1"))
    assert decision.endpoint == "own" and decision.settings.llm_base_url == "http://127.0.0.1:8741/v1"
    assert decision.note is not None and "needs none" in decision.note.en


def test_the_built_in_model_sends_no_key():
    decision = decide(school_server(), EndpointRequest(provider="builtin"))
    assert decision.endpoint == "builtin" and not decision.settings.uses_real_model
    assert decision.settings == school_server().with_overrides(provider="builtin")  # one object for every session


# ---------------------------------------------------------------- the lock and the allowed list
def test_the_lock_keeps_every_learner_on_the_school_endpoint():
    base = school_server(LLM_ENDPOINT_LOCKED="1")
    assert base.endpoint_locked
    assert decide(base, SCHOOL_CHOICE).key_source == "operator"
    refused = decide(base, own("http://127.0.0.1:8741/v1", key="sk-learner-12345678"))
    assert refused.endpoint == "builtin" and refused.refusal is not None and not refused.settings.uses_real_model
    assert refused.refusal.title["en"] == "The school locked the model endpoint: it cannot be changed."


@pytest.mark.parametrize("word", ["1", "true", "YES", "on"])
def test_the_lock_reads_the_usual_yes_words(word):
    assert school_server(LLM_ENDPOINT_LOCKED=word).endpoint_locked


@pytest.mark.parametrize("word", ["", "0", "false", "no"])
def test_the_lock_is_off_otherwise(word):
    assert not school_server(LLM_ENDPOINT_LOCKED=word).endpoint_locked


def test_a_lock_without_a_school_endpoint_leaves_the_built_in_model():
    refused = decide(server(LLM_ENDPOINT_LOCKED="1"), own("http://127.0.0.1:8741/v1"))
    assert refused.endpoint == "builtin" and refused.refusal is not None
    assert "configured none" in refused.refusal.title["en"]


def test_the_allowed_list_admits_its_urls_in_any_spelling_and_refuses_the_rest():
    base = school_server(LLM_ALLOWED_BASE_URLS=" http://127.0.0.1:8741/v1 , https://ollama.lab.example/v1/,")
    assert base.allowed_base_urls == ("http://127.0.0.1:8741/v1", "https://ollama.lab.example/v1/")
    assert decide(base, own("HTTPS://Ollama.Lab.Example:443/v1")).endpoint == "own"
    assert decide(base, own("http://127.0.0.1:8741/v1/")).endpoint == "own"
    assert decide(base, SCHOOL_CHOICE).endpoint == "school"  # the school's own endpoint is always allowed
    refused = decide(base, own("http://127.0.0.1:8742/v1", key="sk-learner-12345678"))
    assert refused.endpoint == "builtin" and refused.refusal is not None
    assert refused.refusal.title["en"] == "This base URL is not on the school's list of allowed endpoints."
    assert "https://ollama.lab.example/v1" in refused.refusal.hint["en"]  # the learner is told what is allowed
    assert not refused.settings.uses_real_model


def test_the_database_host_of_a_compose_deployment_is_refused_by_the_list():
    base = school_server(LLM_ALLOWED_BASE_URLS=SCHOOL)
    assert decide(base, own("http://postgres:5432/")).refusal is not None


def test_a_typed_url_that_is_not_a_url_is_refused_with_a_reason():
    refused = decide(school_server(), own("file:///etc/passwd"))
    assert refused.endpoint == "builtin" and refused.refusal is not None
    assert refused.refusal.stage == "settings" and "http:// and https://" in refused.refusal.title["en"]


def test_a_refusal_never_shows_the_credentials_of_the_url_typed():
    refused = decide(school_server(LLM_ENDPOINT_LOCKED="1"), own("https://bob:hunter22@evil.example/v1?api-key=k1"))
    assert refused.refusal is not None
    assert "hunter22" not in refused.refusal.detail and "k1" not in refused.refusal.detail.split("?")[1]


def test_keys_stay_out_of_the_settings_repr():
    text = repr(decide(school_server(), SCHOOL_CHOICE).settings)
    assert OPERATOR_KEY not in text and "gw.school.example" in text
