"""What Chromium really sends to Streamlit, next to what the protocol client sends: the check behind ``protocol.py``.

    .venv/bin/python -m benchmarks.classroom_load.capture http://127.0.0.1:8501          # compare, print both
    .venv/bin/python -m benchmarks.classroom_load.capture http://127.0.0.1:8501 --json   # the browser's frames

Both open ``/live_run?lang=en``, wait for the page, ask one question in the chat input and wait
for the answer. The browser's websocket handshake is read over the DevTools protocol
(``Network.webSocketWillSendHandshakeRequest``) and its frames with Playwright's
``page.on("websocket")`` / ``framesent``, decoded with ``streamlit.proto.BackMsg_pb2``. Each
BackMsg is reduced to its *shape*: which message it is, which ``ClientState`` fields are set,
and each widget's key, kind of value and value. The shapes must be equal, and so must the subprotocol
list (``streamlit, <xsrf token>``); the tokens, ids and hashes differ by nature.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import sys
from typing import Any

from google.protobuf.json_format import MessageToDict

from benchmarks.classroom_load.protocol import DONE, Session
from pages.serving.protocol import BackMsg, ForwardMsg

QUESTION = "What's the weather in Paris?"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
IDLE = "document.querySelector('[data-testid=stApp]')?.dataset.testScriptState === 'notRunning'"
#: Resolves once the browser has drawn two more frames and run the tasks queued before them (a widget tells
#: Streamlit's widget manager its first value from an effect that runs after it is drawn).
FLUSHED = "new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 0))))"


def shape(msg: BackMsg) -> dict[str, Any]:
    """What of a BackMsg must match a browser's: its kind, the fields set, each widget's key, value kind and value."""
    kind = msg.WhichOneof("type") or ""
    out: dict[str, Any] = {"type": kind}
    if kind == "rerun_script":
        cs = msg.rerun_script
        out["fields"] = sorted(f.name for f, _ in cs.ListFields() if f.name != "widget_states")
        out["has_widget_states"] = cs.HasField("widget_states")
        out["context_info"] = sorted(f.name for f, _ in cs.context_info.ListFields())
        out["widgets"] = sorted(
            (re.sub(r"^\$\$ID-[0-9a-f]+-", "", w.id), w.WhichOneof("value") or "", _value(w))
            for w in cs.widget_states.widgets
        )
    return out


def _value(w: Any) -> str:
    d = MessageToDict(w)
    d.pop("id", None)
    return json.dumps(d, sort_keys=True, ensure_ascii=False)


def browser_frames(base: str, browser: Any = None) -> tuple[list[str], list[BackMsg], str]:
    """Open the live run page in Chromium, ask one question; the subprotocols, BackMsgs and answer text it saw.

    Args:
        base: the app's root URL.
        browser: a Playwright ``Browser`` to use (a test's); by default Debian's Chromium is launched here.
    """
    if browser is None:
        from playwright.sync_api import sync_playwright

        with sync_playwright() as pw:
            owned = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"], headless=True)
            try:
                return browser_frames(base, owned)
            finally:
                owned.close()
    handshakes: list[dict[str, str]] = []
    sent: list[BackMsg] = []
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.on("Network.webSocketWillSendHandshakeRequest", lambda e: handshakes.append(e["request"]["headers"]))

    finished = [0]  # runs that really finished, read from the server's script_finished (not those cut short)

    def on_ws(ws: Any) -> None:
        def frame(payload: bytes | str) -> None:
            msg = BackMsg()
            msg.ParseFromString(payload if isinstance(payload, bytes) else payload.encode("latin-1"))
            sent.append(msg)

        def received(payload: bytes | str) -> None:
            msg = ForwardMsg()
            msg.ParseFromString(payload if isinstance(payload, bytes) else payload.encode("latin-1"))
            if msg.WhichOneof("type") == "script_finished" and msg.script_finished in DONE:
                finished[0] += 1

        ws.on("framesent", frame)
        ws.on("framereceived", received)

    def settle(runs: int) -> None:
        """Wait for the server to finish ``runs`` runs and the page to draw the last one (its last widget)."""
        page.wait_for_function(IDLE)
        for _ in range(2400):  # two minutes at most
            if finished[0] >= runs:
                break
            page.wait_for_timeout(50)
        else:
            raise TimeoutError(f"the server finished {finished[0]} of {runs} runs")
        page.wait_for_function(IDLE)
        # on a busy machine exercise 2's input could be drawn before exercise 1's, and a question typed then went
        # out without exercise 1's values (3 of 8 visits with both cores loaded; 0 of 8 with this wait)
        for label in ("Model calls", "Your question"):  # exercise 1's last input; exercise 2's, the page's last widget
            page.get_by_label(label).wait_for(timeout=60_000)
        page.evaluate(FLUSHED)  # and every widget has reported its first value, as a learner's slower hand would see

    page.on("websocket", on_ws)
    try:
        page.goto(f"{base}/live_run?lang=en")
        settle(1)
        box = page.get_by_placeholder("Ask a question…")
        box.fill(QUESTION)
        box.press("Enter")
        settle(2)
        text = page.locator("[data-testid=stChatMessage] [data-testid=stText]").last.inner_text()
    finally:
        context.close()
    protocols = [p.strip() for p in handshakes[0].get("Sec-WebSocket-Protocol", "").split(",")] if handshakes else []
    return protocols, sent, text


def client_frames(base: str) -> tuple[list[str], list[BackMsg], str]:
    """The same visit by :class:`~benchmarks.classroom_load.protocol.Session`."""
    s = Session(base)
    s.wait_run(s.connect("live_run", "lang=en"))
    protocols = s.subprotocols
    s.wait_run(s.chat("live::chat", QUESTION))
    answers = s.chat_answers()
    s.close()
    return protocols, s.sent, answers[-1].text if answers else ""


def compare(base: str, browser: Any = None) -> dict[str, Any]:
    """Both visits, reduced to what must be equal; ``identical`` says whether it is."""
    b_protocols, b_sent, b_text = browser_frames(base, browser)
    c_protocols, c_sent, c_text = client_frames(base)
    b_shapes = [shape(m) for m in b_sent if m.WhichOneof("type") == "rerun_script"]
    c_shapes = [shape(m) for m in c_sent]
    return {
        "browser": {"subprotocols": [b_protocols[0], "<xsrf>"] if b_protocols else [], "backmsgs": b_shapes},
        "client": {
            "subprotocols": [c_protocols[0], "<xsrf>"] if len(c_protocols) == 2 else c_protocols,
            "backmsgs": c_shapes,
        },
        "answers": {"browser": b_text, "client": c_text},
        "identical": b_shapes == c_shapes and len(b_protocols) == len(c_protocols) == 2 and b_text == c_text,
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("url", help="the app's root URL, e.g. http://127.0.0.1:8501")
    ap.add_argument("--json", action="store_true", help="print the browser's BackMsgs in full (JSON) and stop")
    args = ap.parse_args(argv)
    if args.json:
        protocols, sent, _ = browser_frames(args.url.rstrip("/"))
        print(json.dumps({"subprotocols": protocols, "backmsgs": [MessageToDict(m) for m in sent]}, indent=1))
        return 0
    result = compare(args.url.rstrip("/"))
    print(json.dumps(result, indent=1, ensure_ascii=False))
    return 0 if result["identical"] else 1


if __name__ == "__main__":
    sys.exit(main())
