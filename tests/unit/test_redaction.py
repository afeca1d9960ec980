"""One redaction for every string and structure: keys, bearer tokens, URL credentials (issue 21, finding 4)."""

from __future__ import annotations

import pytest

from toolcall_lab.errors import ExplainedError, explain, explain_exception
from toolcall_lab.i18n import Text
from toolcall_lab.llm import model_label
from toolcall_lab.redact import REDACTED, redact, redact_text, redact_url, remember_secrets
from toolcall_lab.settings import Settings


@pytest.mark.parametrize(
    ("url", "clean"),
    [
        ("https://bob:hunter2@gw.example/v1", f"https://{REDACTED}@gw.example/v1"),
        ("https://token-only@gw.example/v1", f"https://{REDACTED}@gw.example/v1"),
        ("https://gw.example/v1?api-key=abc123", f"https://gw.example/v1?api-key={REDACTED}"),
        (
            "https://gw.example/v1?api_key=a&key=b&region=eu",
            f"https://gw.example/v1?api_key={REDACTED}&key={REDACTED}&region=eu",
        ),
        ("https://gw.example/v1?access_token=t1#x", f"https://gw.example/v1?access_token={REDACTED}#x"),
        (
            "https://s3.example/o?X-Amz-Signature=abcd&X-Amz-Date=1",
            f"https://s3.example/o?X-Amz-Signature={REDACTED}&X-Amz-Date=1",
        ),
        (
            "https://gw.example/v1?sig=zz&client_secret=s&password=p",
            f"https://gw.example/v1?sig={REDACTED}&client_secret={REDACTED}&password={REDACTED}",
        ),
        ("postgresql://tcl:pw@postgres:5432/tcl", f"postgresql://{REDACTED}@postgres:5432/tcl"),
    ],
)
def test_credentials_inside_a_url_are_redacted(url, clean):
    assert redact_url(url) == clean


@pytest.mark.parametrize(
    "kept",
    [
        "https://gw.example/v1/chat/completions",
        "https://gw.example/v1?max_tokens=5&monkey=1&region=eu",  # not credentials
        "mailto@example and https://h/path@x",  # an @ in the path is not userinfo
        '{"usage": {"total_tokens": 12}}',
    ],
)
def test_ordinary_urls_and_words_are_kept(kept):
    assert redact_text(kept) == kept


def test_a_key_echoed_in_a_gateway_error_is_redacted_even_unnamed():
    text = "Error code: 401 - {'error': {'message': 'Invalid key sk-operator-0123456789abcdef'}}"
    assert redact_text(text) == f"Error code: 401 - {{'error': {{'message': 'Invalid key {REDACTED}'}}}}"


def test_a_known_secret_of_any_shape_is_redacted_wherever_it_hides():
    key = "gw_live_QWERTY987654"  # not sk-shaped: only knowing it finds it
    assert redact_text(f"key {key} refused", [key]) == f"key {REDACTED} refused"
    assert redact({"a": [f"x{key}y", ("t", key)]}, [key]) == {"a": [f"x{REDACTED}y", ["t", REDACTED]]}


def test_the_operator_keys_are_remembered_for_the_whole_process():
    key = "operatorkey_ZXCVBN24680"
    assert key in redact_text(f"echo {key}")
    remember_secrets([key, "short"])
    assert redact_text(f"echo {key}") == f"echo {REDACTED}"
    assert redact_text("short stays") == "short stays"  # too short to be taken as a key


def test_an_explained_error_never_holds_a_key_or_a_url_credential():
    err = explain(
        "model_call",
        "AuthenticationError: Invalid key sk-operator-0123456789abcdef at https://u:p@gw.example/v1",
        title=Text("z", "e"),
        hint=Text("h", "h"),
        data={"error": {"message": "Invalid key sk-operator-0123456789abcdef", "api_key": "anything"}},
    )
    assert err.detail == f"AuthenticationError: Invalid key {REDACTED} at https://{REDACTED}@gw.example/v1"
    assert err.data == {"error": {"message": f"Invalid key {REDACTED}", "api_key": REDACTED}}
    # an error read back from a trace (an imported or published one) is scrubbed the same way
    again = ExplainedError.from_dict({**err.to_dict(), "detail": "Bearer abcdefghijkl"})
    assert again.detail == f"Bearer {REDACTED}"


def test_explain_exception_redacts_the_exception_text():
    err = explain_exception(RuntimeError("Invalid key sk-operator-0123456789abcdef"))
    assert "sk-operator" not in err.detail


def test_the_model_label_holds_no_url_credentials_and_no_key():
    settings = Settings(
        provider="openai_compatible",
        llm_api_key="sk-operator-0123456789abcdef",
        llm_base_url="https://bob:hunter2@gw.example/v1?api-key=sk-operator-0123456789abcdef",
        llm_model_id="qwen",
    )
    label = model_label(settings)
    assert label == f"qwen @ https://{REDACTED}@gw.example/v1?api-key={REDACTED}"


def test_the_worked_examples_in_the_docstrings_hold():
    import doctest

    from toolcall_lab import endpoint_policy, llm
    from toolcall_lab import redact as redact_module

    for module in (redact_module, endpoint_policy, llm):
        assert doctest.testmod(module).failed == 0, module.__name__
