"""langchain-tests' standard integration suite for ``ChatAnthropic``, against the built-in model over HTTP.

The same judge as ``test_langchain_standard.py`` (ChatOpenAI), on Anthropic's Messages wire: a stock
``ChatAnthropic(base_url=…)`` pointed at the served model. Capabilities are declared as they are:
tools and tool_choice yes; images, PDFs, audio no (text only); no prompt caching or extended thinking.
Structured output goes through a forced tool call, which the model makes.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pytest
from langchain_anthropic import ChatAnthropic
from langchain_tests.integration_tests import ChatModelIntegrationTests

from toolcall_lab.offline import BUILTIN_MODEL_ID
from toolcall_lab.offline.server import make_server

pytestmark = [
    pytest.mark.asyncio(loop_scope="module"),
    pytest.mark.filterwarnings("ignore:.*is marked with '@pytest.mark.asyncio' but it is not an async function"),
]

_SERVED: dict[str, str] = {}


@pytest.fixture(scope="module", autouse=True)
def served_model() -> Iterator[str]:
    """The built-in model on a free localhost port for the whole module."""
    server = make_server(port=0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    _SERVED["base_url"] = f"http://127.0.0.1:{server.server_address[1]}"
    yield _SERVED["base_url"]
    server.shutdown()
    server.server_close()


class TestBuiltinModelAnthropicStandard(ChatModelIntegrationTests):
    """Every standard test that applies to a text-only tool-calling model on the Messages wire."""

    @property
    def chat_model_class(self) -> type[ChatAnthropic]:
        return ChatAnthropic

    @property
    def chat_model_params(self) -> dict[str, Any]:
        return {"base_url": _SERVED["base_url"], "api_key": "builtin", "model": BUILTIN_MODEL_ID, "max_tokens": 1024}

    @property
    def has_tool_calling(self) -> bool:
        return True

    @property
    def has_tool_choice(self) -> bool:
        return True

    @property
    def has_structured_output(self) -> bool:
        return True

    @property
    def supports_json_mode(self) -> bool:
        return False

    @property
    def supports_image_inputs(self) -> bool:
        return False

    @property
    def supports_image_urls(self) -> bool:
        return False

    @property
    def supports_pdf_inputs(self) -> bool:
        return False

    @property
    def supports_audio_inputs(self) -> bool:
        return False

    @property
    def supports_anthropic_inputs(self) -> bool:
        return True

    @property
    def returns_usage_metadata(self) -> bool:
        return True

    @property
    def supports_model_override(self) -> bool:
        return False
