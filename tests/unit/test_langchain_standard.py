"""langchain-tests' standard integration suite, run against the built-in model served over real HTTP.

The judge here is third-party: ``ChatModelIntegrationTests`` drives a stock ``ChatOpenAI``
pointed at ``python -m toolcall_lab.offline serve`` (started in-process on a free port), the
way anyone would use an OpenAI-compatible endpoint. Capabilities are declared as they are:
tools, tool_choice, structured output and JSON mode yes; images, audio, PDFs no (the model
reads text only and answers such parts with the provider's 400).
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import openai
import pytest
from langchain_core.messages import HumanMessage
from langchain_openai import ChatOpenAI
from langchain_tests.integration_tests import ChatModelIntegrationTests

from toolcall_lab.offline import BUILTIN_MODEL_ID
from toolcall_lab.offline.__main__ import make_server

pytestmark = [
    # ChatOpenAI caches one async HTTP client per base URL, and its keep-alive connections
    # belong to the event loop that opened them: the async tests share one loop.
    pytest.mark.asyncio(loop_scope="module"),
    pytest.mark.filterwarnings("ignore:.*is marked with '@pytest.mark.asyncio' but it is not an async function"),
]

_SERVED: dict[str, str] = {}


@pytest.fixture(scope="module", autouse=True)
def served_model() -> Iterator[str]:
    """The built-in model on a free localhost port for the whole module."""
    server = make_server(port=0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    _SERVED["base_url"] = f"http://127.0.0.1:{server.server_address[1]}/v1"
    yield _SERVED["base_url"]
    server.shutdown()
    server.server_close()


class TestBuiltinModelStandard(ChatModelIntegrationTests):
    """Every standard test that applies to a text-only tool-calling model."""

    @property
    def chat_model_class(self) -> type[ChatOpenAI]:
        return ChatOpenAI

    @property
    def chat_model_params(self) -> dict[str, Any]:
        return {
            "base_url": _SERVED["base_url"],
            "api_key": "builtin",
            "model": BUILTIN_MODEL_ID,
            "use_responses_api": False,
            # ChatOpenAI asks for the usage chunk (stream_options.include_usage) only from
            # api.openai.com unless told: this endpoint supports it, so say so.
            "stream_usage": True,
        }

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
        return True

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
    def returns_usage_metadata(self) -> bool:
        return True

    @property
    def supports_model_override(self) -> bool:
        return False  # one model is served; another id gets the provider's 404


def test_a_text_only_model_refuses_an_image_with_the_providers_400(served_model: str) -> None:
    """The honest side of ``supports_image_inputs = False``: the request is refused, not ignored."""
    llm = ChatOpenAI(base_url=served_model, api_key="builtin", model=BUILTIN_MODEL_ID, max_retries=0)
    image = {"type": "image_url", "image_url": {"url": "data:image/png;base64,iVBORw0KGgo="}}
    with pytest.raises(openai.BadRequestError) as info:
        llm.invoke([HumanMessage(content=[{"type": "text", "text": "What is this?"}, image])])
    assert info.value.status_code == 400
    assert info.value.param == "messages.[0].content.[1].type"
