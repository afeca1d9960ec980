"""A protocol-level client for one Streamlit session: what a browser tab says on the websocket, and nothing else.

Streamlit (1.67) talks to the browser over one websocket, ``/_stcore/stream``, in protobuf:
the browser sends ``BackMsg`` (``streamlit/proto/BackMsg.proto``), the server answers with
``ForwardMsg`` (Streamlit's own classes, taken from ``pages/serving/protocol.py``). This client sends what
Chromium sends — checked by ``capture.py`` in this folder, which opens the same page in Chromium and
decodes its frames:

1. ``GET <page>`` (the HTML sets the ``_streamlit_xsrf`` cookie), ``GET /_stcore/health``,
   ``GET /_stcore/host-config``;
2. the websocket, with ``Origin``, that cookie, and ``Sec-WebSocket-Protocol: streamlit, <xsrf token>``
   (Streamlit reuses the subprotocol list to carry the XSRF token and, third, a session id to resume);
3. ``BackMsg.rerun_script`` (a ``ClientState``): the first names the page by ``page_name`` (the URL
   path) with the link's query string; later ones carry the page's ``page_script_hash`` (from
   ``new_session``), the query string the server last wrote (``page_info_changed``), the state of
   every widget on the page, the ``cached_message_hashes`` and ``context_info``;
4. ``auto_rerun`` (a fragment's ``run_every``) starts a timer; on each tick the browser sends ``rerun_script``
   with that ``fragment_id`` and ``is_auto_rerun``, and a widget drawn in a fragment reruns that fragment alone.

ForwardMsgs are applied to a small element tree keyed by ``metadata.delta_path`` (0 = main, 1 = sidebar), so a
caller can read texts and find widgets by their key (``$$ID-<hash>-<key>``).
Large ``new_element`` deltas flagged ``metadata.cacheable`` are kept by hash; their hashes go back
in ``cached_message_hashes`` and the server may then send a ``ref_hash`` message instead, which is
resolved from that cache (Streamlit 1.67 has no ``/_stcore/message`` endpoint any more).

The client is synchronous and single-threaded: :meth:`Session.pump` reads frames until a condition holds, firing
due auto-rerun timers between reads. Under Locust's gevent monkey-patching the socket reads yield to other users.
"""

from __future__ import annotations

import http.cookiejar
import time
import urllib.parse
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import websocket

from benchmarks.classroom_load.page_tree import Node, ProtocolError, Run
from benchmarks.classroom_load.widgets import default_state
from pages.serving.protocol import BackMsg, ForwardMsg, WidgetState

__all__ = ["CACHE_AGE", "CONTEXT", "DONE", "USER_AGENT", "Node", "ProtocolError", "Run", "Session"]

#: What Chromium sends as ``ClientState.context_info`` (besides ``url``), seen by ``capture.py``.
CONTEXT = {"timezone": "UTC", "timezone_offset": 0, "locale": "en-US", "is_embedded": False, "color_scheme": "light"}
USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) tool-call-lab-load/1 (protocol client, like HeadlessChrome)"
#: ``script_finished`` statuses that end a run the browser shows (not the one cut short for a rerun).
DONE = {
    ForwardMsg.FINISHED_SUCCESSFULLY,
    ForwardMsg.FINISHED_WITH_COMPILE_ERROR,
    ForwardMsg.FINISHED_FRAGMENT_RUN_SUCCESSFULLY,
}
#: A cached message the browser has not seen used for this many finished runs is dropped (global.maxCachedMessageAge).
CACHE_AGE = 2


def _origin(base: str) -> str:
    parts = urllib.parse.urlsplit(base)
    return f"{parts.scheme}://{parts.netloc}"


@dataclass
class Session:
    """One browser tab's worth of Streamlit session, spoken over the websocket.

    Args:
        base_url: the app's root, e.g. ``http://127.0.0.1:8501`` (or an nginx front).
        timeout: seconds to wait for any single expected message before giving up.
    """

    base_url: str
    timeout: float = 120.0
    nodes: dict[tuple[int, ...], Node] = field(default_factory=dict)
    runs: list[Run] = field(default_factory=list)
    query_string: str = ""
    page_script_hash: str = ""
    pages: dict[str, str] = field(default_factory=dict)  # url path -> page_script_hash (from navigation)
    session_count: int = 0  # new_session messages received
    messages: int = 0
    refs: int = 0  # ref_hash messages resolved from the cache
    errors: list[str] = field(default_factory=list)
    cookies: dict[str, str] = field(default_factory=dict)  # the browser's own cookies (the lab's learner id)
    subprotocols: list[str] = field(default_factory=list)  # as offered in the handshake
    sent: list[BackMsg] = field(default_factory=list)  # every BackMsg, for comparing with a browser's
    _ws: Any = None
    _cache: dict[str, tuple[ForwardMsg, int]] = field(default_factory=dict)  # hash -> (message, last run used)
    _values: dict[str, WidgetState] = field(default_factory=dict)  # widget values this user set
    _triggers: dict[str, WidgetState] = field(default_factory=dict)  # one-shot values (chat input, button)
    _timers: dict[str, tuple[float, float]] = field(default_factory=dict)  # fragment id -> (interval, next due)
    _url: str = ""

    # ------------------------------------------------------------------ connecting
    def connect(self, page: str = "", query: str = "", *, session_id: str = "") -> Run:
        """Open the page like a browser tab: HTML, health, host-config, websocket, first ``rerun_script``.

        Args:
            page: the page's URL path (``"live_run"``; ``""`` for the default page).
            query: the link's query string (``"lang=en&class=ABC234"``).
            session_id: a session to resume (third subprotocol entry), as a reconnecting browser does.
        """
        base = self.base_url.rstrip("/")
        self._url = f"{base}/{page}"
        jar = http.cookiejar.CookieJar()
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
        opener.addheaders = [("User-Agent", USER_AGENT)]
        started = time.perf_counter()
        for path in (
            self._url + (f"?{query}" if query else ""),
            f"{base}/_stcore/health",
            f"{base}/_stcore/host-config",
        ):
            with opener.open(path, timeout=self.timeout) as resp:
                resp.read()
        xsrf = next((c.value or "" for c in jar if c.name == "_streamlit_xsrf"), "")
        ws_url = base.replace("http://", "ws://", 1).replace("https://", "wss://", 1) + "/_stcore/stream"
        protocols = ["streamlit", xsrf, session_id] if session_id else ["streamlit", xsrf] if xsrf else ["streamlit"]
        self.subprotocols = protocols
        self._ws = websocket.create_connection(
            ws_url,
            timeout=self.timeout,
            origin=_origin(base),
            cookie="; ".join(f"{k}={v}" for k, v in {**self.cookies, "_streamlit_xsrf": xsrf}.items() if v) or None,
            header=["User-Agent: " + USER_AGENT, "Cache-Control: no-cache", "Pragma: no-cache"],
            subprotocols=protocols,
            enable_multithread=False,
        )
        self.query_string = query
        return self._send_rerun(page_name=page, started=started)

    def close(self) -> None:
        """Close the websocket (the server then ends the session)."""
        if self._ws is not None:
            self._ws.close()
            self._ws = None

    # ------------------------------------------------------------------ sending
    def _send_rerun(
        self, *, page_name: str = "", started: float | None = None, fragment: str = "", auto: bool = False
    ) -> Run:
        msg = BackMsg()
        cs = msg.rerun_script
        cs.query_string = self.query_string
        if page_name or not self.page_script_hash:
            cs.page_name = page_name
        else:
            cs.page_script_hash = self.page_script_hash
        cs.widget_states.SetInParent()  # the browser sends an empty WidgetStates on its first rerun
        if self.session_count:  # the first rerun of a tab carries no widget states yet
            cs.widget_states.widgets.extend(self._widget_states())
            self._triggers.clear()  # a trigger is sent once, as the browser resets it
        if fragment:
            cs.fragment_id = fragment
            cs.is_auto_rerun = auto
        cs.cached_message_hashes.extend(sorted(self._cache))
        for key, value in CONTEXT.items():
            setattr(cs.context_info, key, value)
        cs.context_info.url = self._url
        run = Run(sent_at=time.perf_counter() if started is None else started, fragment=fragment)
        self.runs.append(run)
        self.sent.append(msg)
        self._ws.send_binary(msg.SerializeToString())
        return run

    def _widget_states(self) -> list[WidgetState]:
        """Every widget on the page with its value, as the browser's WidgetStateManager sends them."""
        states: dict[str, WidgetState] = {}
        for node in self.nodes.values():
            w = node.widget
            if w is not None and (state := default_state(node.type, w)) is not None:
                states[w.id] = state
        for wid, state in [*self._values.items(), *self._triggers.items()]:
            if any(n.widget is not None and n.widget.id == wid for n in self.nodes.values()):
                states[wid] = state
        return list(states.values())

    def widget_id(self, key: str) -> str:
        """The id of the widget whose user key is ``key`` (ids end with ``-<key>``)."""
        for node in self.nodes.values():
            w = node.widget
            if w is not None and (w.id == key or w.id.endswith("-" + key)):
                return str(w.id)
        raise ProtocolError(f"no widget with key {key!r} on the page")

    def fragment_of(self, widget_id: str) -> str:
        """The fragment a widget was drawn in ("" outside any): the browser reruns just that fragment."""
        return next((n.fragment for n in self.nodes.values() if n.widget is not None and n.widget.id == widget_id), "")

    def chat(self, key: str, text: str) -> Run:
        """Type ``text`` into the chat input with key ``key`` and press Enter (inside a fragment: reruns it)."""
        state = WidgetState(id=self.widget_id(key))
        state.chat_input_value.data = text
        state.chat_input_value.file_uploader_state.SetInParent()
        self._triggers[state.id] = state
        return self._send_rerun(fragment=self.fragment_of(state.id))

    def set_text(self, key: str, text: str) -> None:
        """Give a text input a value (sent with the next rerun, like typing then leaving the field)."""
        state = WidgetState(id=self.widget_id(key), string_value=text)
        self._values[state.id] = state

    def click(self, key: str) -> Run:
        """Press the button with key ``key`` (a one-shot trigger; inside a fragment: reruns it)."""
        state = WidgetState(id=self.widget_id(key), trigger_value=True)
        self._triggers[state.id] = state
        return self._send_rerun(fragment=self.fragment_of(state.id))

    def navigate(self, url_path: str, query: str) -> Run:
        """Go to another page of the app (as ``st.page_link`` does), with that page's query string."""
        if url_path not in self.pages:
            raise ProtocolError(f"no page {url_path!r} in the navigation: {sorted(self.pages)}")
        self.page_script_hash = self.pages[url_path]
        self.query_string = query
        self._url = f"{self.base_url.rstrip('/')}/{url_path}"
        self._timers.clear()  # the browser cleans up a page's auto-reruns when it leaves it
        self._values.clear()
        return self._send_rerun()

    # ------------------------------------------------------------------ receiving
    def pump(self, until: Callable[[], bool], timeout: float | None = None) -> None:
        """Read and apply ForwardMsgs until ``until()`` holds; fire due auto-rerun timers meanwhile."""
        deadline = time.perf_counter() + (self.timeout if timeout is None else timeout)
        while not until():
            now = time.perf_counter()
            if now > deadline:
                raise ProtocolError("timed out waiting for the server")
            for frag, (every, due) in list(self._timers.items()):
                if due <= now:
                    self._timers[frag] = (every, due + every)
                    self._send_rerun(fragment=frag, auto=True)
            wait = min([deadline - now, *(due - now for _, due in self._timers.values())])
            self._ws.settimeout(max(wait, 0.001))
            try:
                data = self._ws.recv()
            except websocket.WebSocketTimeoutException:
                continue
            if not data:
                raise ProtocolError("the server closed the websocket")
            self._apply(data)

    def wait_run(self, run: Run, timeout: float | None = None) -> Run:
        """Wait until ``run`` has finished (a later run that replaced it counts as its end)."""
        self.pump(lambda: run.finished_at is not None, timeout)
        return run

    def _apply(self, data: bytes) -> None:
        now = time.perf_counter()
        msg = ForwardMsg()
        msg.ParseFromString(data)
        self.messages += 1
        if msg.WhichOneof("type") == "ref_hash":
            if msg.ref_hash not in self._cache:
                raise ProtocolError(f"ref_hash {msg.ref_hash} names a message this client never cached")
            self.refs += 1
            cached, _ = self._cache[msg.ref_hash]
            ref_meta = msg.metadata
            msg = ForwardMsg()
            msg.CopyFrom(cached)
            msg.metadata.CopyFrom(ref_meta)
        kind = msg.WhichOneof("type")
        if kind == "new_session":
            self.session_count += 1
            pending = next((r for r in self.runs if r.number < 0), None)
            if pending is not None:
                pending.number = self.session_count
        elif kind == "delta":
            self._apply_delta(msg, now)
        elif kind == "page_info_changed":
            self.query_string = msg.page_info_changed.query_string
        elif kind == "navigation":  # names the page this run shows (new_session's hash is the main script's)
            if msg.navigation.page_script_hash:
                self.page_script_hash = msg.navigation.page_script_hash
            for p in msg.navigation.app_pages:
                self.pages[p.url_pathname] = p.page_script_hash
        elif kind == "auto_rerun":
            ar = msg.auto_rerun
            if self._timers.get(ar.fragment_id, (None,))[0] != ar.interval:
                self._timers[ar.fragment_id] = (ar.interval, now + ar.interval)
        elif kind == "stop_auto_rerun":
            for frag in msg.stop_auto_rerun.fragment_ids:
                self._timers.pop(frag, None)
        elif kind == "script_finished":
            self._finished(msg.script_finished, now)
        elif kind == "session_event" and msg.session_event.WhichOneof("type") == "script_compilation_exception":
            self.errors.append("script compilation exception")

    def _apply_delta(self, msg: ForwardMsg, now: float) -> None:
        path = tuple(msg.metadata.delta_path)
        delta = msg.delta
        which = delta.WhichOneof("type")
        if which == "new_element":
            el = delta.new_element
            if msg.metadata.cacheable and msg.hash:
                self._cache[msg.hash] = (msg, self.session_count)
            elif msg.hash in self._cache:
                self._cache[msg.hash] = (self._cache[msg.hash][0], self.session_count)
            self._drop_below(path)
            self.nodes[path] = Node(
                "element", el.WhichOneof("type") or "", el, self.session_count, now, delta.fragment_id
            )
            if el.WhichOneof("type") == "exception":
                self.errors.append("exception: " + el.exception.message)
        elif which == "add_block":
            old = self.nodes.get(path)
            if old is None or old.kind != "block":  # an updated block (st.status) keeps its children
                self._drop_below(path)
            blk = delta.add_block
            self.nodes[path] = Node(
                "block", blk.WhichOneof("type") or "", blk, self.session_count, now, delta.fragment_id
            )

    def _drop_below(self, path: tuple[int, ...]) -> None:
        n = len(path)
        for p in [p for p in self.nodes if len(p) > n and p[:n] == path]:
            del self.nodes[p]

    def _finished(self, status: int, now: float) -> None:
        name = ForwardMsg.ScriptFinishedStatus.Name(status)
        current = [r for r in self.runs if r.finished_at is None and r.number >= 0]
        for r in current[:-1]:  # earlier runs were superseded by the one that just ended
            r.finished_at, r.status = now, "SUPERSEDED"
        if status == ForwardMsg.FINISHED_EARLY_FOR_RERUN:
            return  # a server-side st.rerun(): the next new_session continues the same request
        if current:
            current[-1].finished_at, current[-1].status = now, name
        if status == ForwardMsg.FINISHED_SUCCESSFULLY:  # the frontend drops what this run did not redraw
            for p in [p for p, node in self.nodes.items() if node.run != self.session_count]:
                del self.nodes[p]
        elif status == ForwardMsg.FINISHED_FRAGMENT_RUN_SUCCESSFULLY and current and current[-1].fragment:
            frag = current[-1].fragment  # a fragment's run: only what that fragment drew before and did not redraw
            for p in [p for p, node in self.nodes.items() if node.fragment == frag and node.run != self.session_count]:
                del self.nodes[p]
        if status != ForwardMsg.FINISHED_FRAGMENT_RUN_SUCCESSFULLY:
            for h in [h for h, (_, used) in self._cache.items() if self.session_count - used >= CACHE_AGE]:
                del self._cache[h]

    # ------------------------------------------------------------------ reading the page
    def texts_under(self, path: tuple[int, ...]) -> list[str]:
        """The texts of the elements below ``path``, in page order."""
        n = len(path)
        return [self.nodes[p].text for p in sorted(self.nodes) if len(p) > n and p[:n] == path and self.nodes[p].text]

    def block_path(self, key: str) -> tuple[int, ...] | None:
        """The path of the container made with ``st.container(key=key)``, if it is on the page."""
        for p, node in self.nodes.items():
            if node.kind == "block" and (node.proto.id == key or node.proto.id.endswith("-" + key)):
                return p
        return None

    def chat_answers(self) -> list[Node]:
        """The ``st.text`` elements inside the assistant's chat messages of the main area, in page order."""
        blocks = [
            p
            for p, n in self.nodes.items()
            if n.kind == "block" and n.type == "chat_message" and p[0] == 0 and n.proto.chat_message.name == "assistant"
        ]
        return [
            self.nodes[p]
            for p in sorted(self.nodes)
            if self.nodes[p].type == "text" and any(p[: len(b)] == b for b in blocks)
        ]
