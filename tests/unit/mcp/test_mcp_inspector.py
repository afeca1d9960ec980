"""The MCP Inspector's CLI (``@modelcontextprotocol/inspector --cli``) judges the lab's MCP server.

Over stdio (the Inspector starts ``python -m toolcall_lab.mcp serve`` itself) and over streamable HTTP
(the server started here on a free port). The Inspector is the npm devDependency of ``package.json``,
installed by ``npm ci`` (``scripts/test.sh`` does it); these tests skip only where node/npx are absent.
"""

from __future__ import annotations

import json
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
SERVE = [sys.executable, "-m", "toolcall_lab.mcp", "serve", "--tools", "weather,search", "--lang", "en"]

pytestmark = pytest.mark.skipif(
    shutil.which("npx") is None or shutil.which("node") is None,
    reason="node/npx are not installed: the MCP Inspector CLI (an npm package) cannot run",
)


@pytest.fixture(scope="module")
def inspector() -> list[str]:
    if not (ROOT / "node_modules" / ".bin" / "mcp-inspector").exists():
        subprocess.run(["npm", "ci", "--silent", "--no-audit", "--no-fund"], cwd=ROOT, check=True, timeout=300)
    return ["npx", "--no-install", "@modelcontextprotocol/inspector", "--cli"]


def _run(command: list[str]) -> dict:
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=120)
    start = done.stdout.find("{")
    assert start >= 0, done.stdout + done.stderr
    return json.JSONDecoder().raw_decode(done.stdout[start:])[0]


def test_tools_list_over_stdio(inspector):
    listed = _run([*inspector, *SERVE, "--method", "tools/list"])
    names = [t["name"] for t in listed["tools"]]
    assert names == ["get_weather", "search_web"]
    weather = listed["tools"][0]
    assert weather["inputSchema"]["required"] == ["city"] and weather["outputSchema"]["type"] == "object"


def test_tools_call_over_stdio_structured_and_friendly_error(inspector):
    call = [*inspector, *SERVE, "--method", "tools/call", "--tool-name", "get_weather"]
    ok = _run([*call, "--tool-arg", "city=Paris"])
    assert ok["structuredContent"]["city"] == "Paris" and not ok.get("isError")
    failed = _run([*call, "--tool-arg", "city=Atlantis"])
    assert failed["isError"] is True and "Atlantis" in failed["content"][0]["text"]


@pytest.fixture(scope="module")
def http_url() -> Iterator[str]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen(
        [*SERVE, "--transport", "streamable-http", "--port", str(port)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        assert proc.stdout is not None and "listening on" in proc.stdout.readline()
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.2)
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        proc.terminate()
        proc.wait(10)


def test_tools_list_and_call_over_streamable_http(inspector, http_url):
    base = [*inspector, http_url, "--transport", "http"]
    listed = _run([*base, "--method", "tools/list"])
    assert [t["name"] for t in listed["tools"]] == ["get_weather", "search_web"]
    found = _run([*base, "--method", "tools/call", "--tool-name", "search_web", "--tool-arg", "query=langgraph"])
    assert not found.get("isError") and found["structuredContent"]["results"]
