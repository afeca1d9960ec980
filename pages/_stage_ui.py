"""Shared pieces of the eight chain pages: header, editors kept in the link, Previous / Next, live run.

Only pages import this module (it imports Streamlit). Every artifact the pages show comes
from :mod:`toolcall_lab.stages`; the helpers here only frame it:

* :func:`header` — title, the stage's question and the lesson prose, with Previous / Next;
* :func:`editor`, :func:`choice`, :func:`toggle`, :func:`line` — widgets whose value lives in
  the session *and* in a query parameter, so :func:`share_link` reproduces the page
  (long text is stored as ``z:`` + base64url(zlib(text)));
* :func:`chain_live_run` — the one live run shared by all eight pages (session key
  ``trace::chain``), highlighted at the page's stage;
* :func:`round_trip_from_trace` — that run in the shape of
  :class:`toolcall_lab.stages.round_trip.RoundTrip`, for the step-through on page 8.
"""

from __future__ import annotations

import base64
import binascii
import zlib
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import streamlit as st

from lessons.content import lesson_text
from pages._ui import T, lang, live_run_panel, loading, show_error, source, tr  # noqa: F401

# shared with the tutor and graph pages; re-exported under the names the stage pages use
from pages._ui import lesson_columns as columns  # noqa: F401
from pages.registry import chain_page, in_section, neighbours
from toolcall_lab.errors import ExplainedError
from toolcall_lab.jsonable import json_text

#: The page file of each stage, in chain order, read from ``pages/registry.py``.
PAGES: tuple[str, ...] = tuple(spec.path for spec in in_section("chain"))
CIRCLED = "①②③④⑤⑥⑦⑧"
ROOT = Path(__file__).resolve().parent.parent

#: Editor text longer than this is refused by the stage functions; links never carry more.
MAX_TEXT = 20_000
#: A query parameter longer than this is not written (browsers and proxies cut long URLs).
MAX_PARAM = 6_000
_COMPRESSED = "z:"


# ---------------------------------------------------------------- text <-> query parameter
def encode_text(text: str) -> str:
    """A compact, URL-safe form of ``text`` for a query parameter.

    Short single-line text stays readable; anything else becomes ``z:`` followed by the
    base64url form of its zlib compression (no padding).

    >>> encode_text('{"city": "Bangkok"}')
    '{"city": "Bangkok"}'
    >>> decode_text(encode_text("def f():\\n    pass\\n"))
    'def f():\\n    pass\\n'
    """
    if len(text) <= 80 and "\n" not in text and not text.startswith(_COMPRESSED):
        return text
    packed = base64.urlsafe_b64encode(zlib.compress(text.encode("utf-8"), 9)).decode("ascii").rstrip("=")
    return _COMPRESSED + packed


def decode_text(raw: str) -> str | None:
    """Undo :func:`encode_text`; ``None`` when the parameter is damaged or would unpack too big."""
    if not raw.startswith(_COMPRESSED):
        return raw[: MAX_TEXT * 2]
    body = raw[len(_COMPRESSED) :]
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        unpacker = zlib.decompressobj()
        # A bounded unpack: a tiny link must not expand into megabytes (a "zip bomb").
        data = unpacker.decompress(packed, MAX_TEXT * 4 + 1)
        if len(data) > MAX_TEXT * 4 or unpacker.unconsumed_tail:
            return None
        return data.decode("utf-8")
    except (binascii.Error, zlib.error, UnicodeDecodeError, ValueError):
        return None


def _write_param(param: str, value: str | None) -> bool:
    """Put ``value`` in the URL as ``param`` (``None`` removes it); ``False`` when too long for a link."""
    if value is None or len(value) > MAX_PARAM:
        if param in st.query_params:
            del st.query_params[param]
        return value is None
    if st.query_params.get(param) != value:
        st.query_params[param] = value
    return True


def _seed(key: str, param: str, default: Any, parse: Callable[[str], Any]) -> None:
    """First visit in this session: take the value from the link, else the default.

    The value lives under ``stage_value::<key>`` (plain session state, which survives page
    switches); the widget key ``<key>`` is refilled from it whenever the widget was not
    rendered on the previous run (Streamlit forgets widget state on a page switch).
    """
    store = f"stage_value::{key}"
    if store not in st.session_state:
        raw = st.query_params.get(param)
        value = default
        if raw is not None:
            parsed = parse(raw)
            if parsed is None:
                st.session_state[f"stage_bad_link::{key}"] = True
            else:
                value = parsed
        st.session_state[store] = value
    if key not in st.session_state:
        st.session_state[key] = st.session_state[store]


def _remember(key: str, value: Any) -> None:
    st.session_state[f"stage_value::{key}"] = value


def set_value(key: str, value: Any) -> None:
    """Change a synced widget's value (use from a button's ``on_click``)."""
    st.session_state[key] = value
    _remember(key, value)


def example_buttons(page: int, editor_key: str, examples: dict[str, tuple[str, str, str]], per_row: int) -> None:
    """One button per example (``key -> (zh label, en label, text)``) that loads it into an editor."""
    cols = st.columns(per_row)
    for i, (key, (zh, en, text)) in enumerate(examples.items()):
        cols[i % per_row].button(
            T(zh, en), key=f"stage{page}::example::{key}", on_click=set_value, args=(editor_key, text), width="stretch"
        )


def editor(
    key: str,
    *,
    label: str,
    default: str,
    param: str,
    height: int = 320,
    help: str | None = None,
    reset: bool = True,
    preview: bool = False,
) -> str:
    """A text editor whose content is kept in the session and in the link.

    Args:
        key: the widget key (share it between pages to share the text).
        label: the visible label.
        default: the text of a fresh page; equal text is left out of the link.
        param: the query parameter that carries the text.
        height: the editor height in pixels.
        help: a tooltip.
        reset: show a "reset to default" button under the editor.
        preview: add a collapsed, line-numbered monospace view of the text (for code).

    Returns:
        The current text.
    """
    _seed(key, param, default, decode_text)
    text = st.text_area(label, key=key, height=height, help=help)
    text = "" if text is None else str(text)
    _remember(key, text)
    if st.session_state.pop(f"stage_bad_link::{key}", False):
        st.warning(
            T(
                "链接里的这段内容无法读取（可能被截断了），已换成默认内容。",
                "The text in this link could not be read (it may have been cut short); the default is shown.",
            ),
            icon=":material/link_off:",
        )
    if not _write_param(param, None if text == default else encode_text(text)):
        st.caption(
            T(
                "这段内容太长，放不进链接；分享链接里是默认内容。",
                "This text is too long for a link; the share link carries the default instead.",
            )
        )
    if reset:
        st.button(
            T("恢复默认内容", "Reset to default"),
            key=f"{key}::reset",
            icon=":material/restart_alt:",
            on_click=set_value,
            args=(key, default),
            disabled=text == default,
        )
    if preview and text:
        with st.expander(T("带行号的等宽视图", "Line-numbered view"), icon=":material/format_list_numbered:"):
            st.code(text[:MAX_TEXT], language="python", line_numbers=True)
    return text


def line(
    key: str,
    *,
    label: str,
    default: str,
    param: str,
    max_chars: int = 2000,
    help: str | None = None,
    aliases: Sequence[str] = (),
) -> str:
    """A one-line text input kept in the session and in the link.

    ``aliases`` are other spellings of the default (the default in the other language):
    an untouched field follows the language switch instead of keeping the old default.
    """
    _seed(key, param, default, lambda raw: decode_text(raw))
    store = f"stage_value::{key}"
    if st.session_state.get(store) in aliases and st.session_state.get(store) != default:
        st.session_state[store] = default
        st.session_state[key] = default
    text = st.text_input(label, key=key, max_chars=max_chars, help=help)
    text = "" if text is None else str(text)
    _remember(key, text)
    _write_param(param, None if text == default else encode_text(text))
    return text


def choice(
    key: str,
    *,
    label: str,
    options: Sequence[str],
    default: str,
    param: str,
    format_func: Callable[[str], str] = str,
    widget: str = "segmented",
    help: str | None = None,
) -> str:
    """One option out of ``options`` (segmented control, radio or select box), kept in the link."""
    _seed(key, param, default, lambda raw: raw if raw in options else None)
    if st.session_state.get(key) not in options:
        st.session_state[key] = default
    labels = {o: format_func(o) for o in options}  # computed now: a format_func must not read state later
    if widget == "radio":
        value = st.radio(label, list(options), key=key, format_func=labels.__getitem__, horizontal=True, help=help)
    elif widget == "select":
        value = st.selectbox(label, list(options), key=key, format_func=labels.__getitem__, help=help)
    else:
        value = st.segmented_control(
            label, list(options), key=key, format_func=labels.__getitem__, required=True, help=help
        )
    value = value if value in options else default
    _remember(key, value)
    _write_param(param, None if value == default else value)
    return value


def toggle(key: str, *, label: str, default: bool, param: str, help: str | None = None) -> bool:
    """An on/off switch kept in the link as ``1`` / ``0``."""
    _seed(key, param, default, lambda raw: {"1": True, "0": False}.get(raw))
    value = bool(st.toggle(label, key=key, help=help))
    _remember(key, value)
    _write_param(param, None if value == default else ("1" if value else "0"))
    return value


def share_link(page: str, params: Sequence[str]) -> str:
    """Show the link that reopens this page with its language and editor contents.

    Args:
        page: the page file (``pages/stage_1_tool.py``).
        params: the query parameters this page keeps (``lang`` is always added).

    Returns:
        The link (absolute when the browser told Streamlit its URL, else relative).
    """
    stem = page.rsplit("/", 1)[-1].removesuffix(".py")
    query = {"lang": lang()}
    for name in params:
        value = st.query_params.get(name)
        if value is not None:
            query[name] = value
    base = None
    try:
        base = st.context.url
    except Exception:
        base = None
    if not base:
        base = f"/{stem}"
    elif not base.rstrip("/").endswith(stem):
        base = base.rstrip("/") + f"/{stem}"
    link = f"{base}?{urlencode(query)}"
    with st.expander(
        T("分享这一页（语言和编辑框内容都在链接里）", "Share this page (language and editor contents are in the link)"),
        icon=":material/link:",
    ):
        st.code(link, language="text", wrap_lines=True)
        st.caption(
            T(
                "复制这个链接：别人打开时看到的是同一页、同一种语言、同样的编辑框内容。",
                "Copy this link: whoever opens it sees the same page, language and editor contents.",
            )
        )
    return link


# ---------------------------------------------------------------- page frame
def stage_title(n: int) -> str:
    """``① @tool：函数变成工具`` in the session's language."""
    spec = in_section("chain")[n - 1]
    return f"{CIRCLED[n - 1]} {T(spec.heading_zh, spec.heading_en)}"


def stage_question(stage_key: str) -> str:
    """The one question a chain stage answers, in the session's language."""
    spec = chain_page(stage_key)
    return T(spec.question_zh, spec.question_en)


def prev_next(n: int) -> None:
    """Links to the neighbouring pages along the course (⑧ leads on to the tutor)."""
    page_links(PAGES[n - 1])


def page_links(path: str) -> None:
    """Previous / next links of the page at ``path``, in course order, keeping the language."""
    left, _, right = st.columns([2, 3, 2])
    query = {"lang": lang()}
    before, after = neighbours(path)
    if before is not None:
        left.page_link(
            before.path,
            label=T("上一步：", "Previous: ") + T(before.zh, before.en),
            icon=":material/arrow_back:",
            query_params=query,
        )
    if after is not None:
        right.page_link(
            after.path,
            label=T("下一步：", "Next: ") + T(after.zh, after.en),
            icon=":material/arrow_forward:",
            query_params=query,
        )


def header(n: int) -> None:
    """Previous / Next, the title and the stage's question."""
    prev_next(n)
    st.title(stage_title(n), anchor=False)
    st.caption(
        T("这一步回答的问题：", "The question this stage answers: ")
        + stage_question(in_section("chain")[n - 1].stage or "")
    )


def lesson(n: int, *, expanded: bool = True) -> None:
    """The lesson prose of stage ``n`` (``lessons/content/stage_<n>_*.<lang>.md``)."""
    with st.expander(T("课文", "The lesson"), expanded=expanded, icon=":material/menu_book:"):
        st.markdown(lesson_text(in_section("chain")[n - 1].lesson, lang()))


def footer(n: int) -> None:
    st.divider()
    prev_next(n)


def mark(ok: bool) -> str:
    return "✓" if ok else "✗"


# ---------------------------------------------------------------- the shared live run
CHAIN_KEY = "chain"
TRACE_KEY = f"trace::{CHAIN_KEY}"


def weather_tools() -> list[Any]:
    """The tools of the shared run: the lab's ``get_weather``."""
    from toolcall_lab.stages.weather_data import build_weather_tool

    return [build_weather_tool()]


def system_prompt() -> str:
    return T(
        "你是天气助手。需要天气数据时调用工具，只根据工具结果回答。",
        "You are a weather assistant. Call the tool for weather data and answer only from its result.",
    )


DEFAULT_QUESTIONS = ("曼谷天气怎么样？", "What's the weather in Bangkok?")


def default_question() -> str:
    return T(*DEFAULT_QUESTIONS)


def examples() -> list[str]:
    return [
        default_question(),
        T("北京天气，顺便看看上海", "Weather in Beijing, and also Shanghai"),
        T("FakeCity 的天气", "What's the weather in FakeCity?"),
        T("你好", "Hello"),
    ]


def chain_live_run(highlight: str, *, before: Callable[[Any], None] | None = None) -> Any:
    """The right column: the one run shared by the eight pages, marked at this page's stage.

    Args:
        highlight: this page's stage key from ``pages._ui.STAGES``.
        before: draws something above the timeline from the run (pages 1–2 show the tool
            schema the model received); called after the panel ran, so it sees a new run.

    Returns:
        The shared trace, or ``None`` before the first run.
    """
    with st.container(border=True):
        st.subheader(T("实时运行（八页共用一次运行）", "Live run (one run shared by all eight pages)"), anchor=False)
        st.caption(
            T(
                "在这里提问一次：走到链条的哪一页，这次运行就在哪一页展开到同一阶段，并做上标记。",
                "Ask once here: on every page of the chain, this same run opens at that page's stage, marked.",
            )
        )
        slot = st.container()
        trace = live_run_panel(
            key=CHAIN_KEY, tools_factory=weather_tools, system=system_prompt(), highlight=highlight, examples=examples()
        )
        if before is not None:
            with slot:
                before(trace)
        return trace


def run_tools_on_wire(trace: Any) -> list[dict[str, Any]] | None:
    """The ``tools`` array of the run's first request body, as the model received it."""
    from toolcall_lab.stages.round_trip import tools_on_wire

    return tools_on_wire(trace)


def show_run_tool_schema(trace: Any) -> None:
    """Pages 1–2: the tool as the model received it in the shared run's first request."""
    with st.container(border=True):
        st.markdown(
            T(
                "**这次运行里，模型收到的工具说明**（第一次请求体里的 `tools`）",
                "**In this run, the tool as the model received it** (`tools` in the first request body)",
            )
        )
        tools = run_tools_on_wire(trace)
        if tools is None:
            st.caption(
                T(
                    "还没有运行。在下面提一个问题，这里就会出现请求体里真实的 tools 数组。",
                    "No run yet. Ask a question below and the real tools array of the request body appears here.",
                )
            )
        else:
            st.code(json_text(tools), language="json", wrap_lines=True)


def ensure_chain_run(*, auto: bool) -> Any:
    """The shared run; with ``auto`` and none yet, run the default question into it."""
    from pages._ui import run_question  # the live panel's own runner (status, progress, secrets)

    trace = st.session_state.get(TRACE_KEY)
    if trace is None and auto:
        trace = run_question(default_question(), weather_tools, system_prompt())
        st.session_state[TRACE_KEY] = trace
    return trace


def round_trip_from_trace(trace: Any) -> Any:
    """The shared run as a ``RoundTrip`` (see :func:`toolcall_lab.stages.round_trip.round_trip_from_trace`)."""
    from toolcall_lab.stages.round_trip import round_trip_from_trace as convert

    return convert(trace)


def point_at(text: str, err: ExplainedError) -> None:
    """Under an error with a ``line`` / ``col`` in its data, show that line of ``text`` with a caret."""
    data = err.data if isinstance(err.data, dict) else {}
    try:
        lineno, col = int(data.get("line") or 0), int(data.get("col") or 0)
    except (TypeError, ValueError):
        return
    lines = text.splitlines()
    if not 0 < lineno <= len(lines):
        return
    shown = lines[lineno - 1][:300]
    caret = " " * max(0, min(col - 1, 300)) + "^"
    st.code(f"{lineno:>4} | {shown}\n     | {caret}", language="text")
