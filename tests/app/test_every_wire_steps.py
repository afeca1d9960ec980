"""Every wire on ③ ④ ⑦ (issue 24): the same tool, call and result on five wires, each from its real client.

The panel waits for its toggle (``?every=true``: five real clients take a while); then one tab per wire.
What the tabs must show is read from the same capture the page shows (cached once per language), never typed.
"""

from __future__ import annotations

import json

import pytest

from pages.registry import chain_page
from tests.app.test_chain_5_8 import unglossed_cjk

TABS = ["Chat Completions", "Responses API", "Anthropic Messages", "Gemini", "MCP"]


def _bodies(at) -> list[object]:
    return [json.loads(j.value) if isinstance(j.value, str) else j.value for j in at.json]


def _open(open_page, stage: str, lang: str, **params: str):
    at = open_page(chain_page(stage).path, lang, timeout=240)
    for key, value in params.items():
        at.query_params[key] = value
    at.run(timeout=240)
    assert not at.exception, at.exception
    return at


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_tool_call_and_result_on_every_wire(open_page, lang):
    at = _open(open_page, "bind_tools", lang, step="3")
    assert not [t for t in at.tabs if t.label == "Gemini"], "nothing is captured before the toggle"
    at.toggle(key="every").set_value(True).run(timeout=240)
    assert not at.exception, at.exception
    labels = [t.label for t in at.tabs]
    assert TABS[0] in labels and labels[labels.index(TABS[0]) :][:5] == TABS
    bodies = _bodies(at)
    anthropic = next(b for b in bodies if isinstance(b, dict) and "input_schema" in b)
    mcp = next(b for b in bodies if isinstance(b, dict) and "inputSchema" in b)
    assert anthropic["name"] == mcp["name"] == "get_weather"
    assert set(anthropic["input_schema"]["properties"]) == set(mcp["inputSchema"]["properties"])
    if lang == "en":
        assert unglossed_cjk(at) == []

    at = _open(open_page, "tool_call", lang, step="5", every="true")  # a link opens it on
    bodies = _bodies(at)
    use = next(b for b in bodies if isinstance(b, dict) and b.get("type") == "tool_use")
    gemini = next(b for b in bodies if isinstance(b, dict) and "functionCall" in b)
    assert isinstance(use["input"], dict) and use["id"].startswith("toolu_"), "an object, not a string"
    assert use["input"] == gemini["functionCall"]["args"], "the same call on both wires"

    at = _open(open_page, "tool_message", lang)  # the switch is already drawn (off): the learner turns it on
    at.toggle(key="every").set_value(True).run(timeout=240)
    bodies = _bodies(at)
    result = next(b for b in bodies if isinstance(b, dict) and b.get("type") == "tool_result")
    response = next(b for b in bodies if isinstance(b, dict) and "functionResponse" in b)
    mcp_result = next(b for b in bodies if isinstance(b, dict) and "structuredContent" in b)
    assert json.loads(result["content"]) == response["functionResponse"]["response"] == mcp_result["structuredContent"]
