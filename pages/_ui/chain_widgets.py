"""The chain pages' widgets whose values live in the session *and* in the link.

Only pages import this module (it imports Streamlit). :func:`editor`, :func:`line`,
:func:`choice` and :func:`toggle` keep their value under ``stage_value::<key>`` (plain
session state, which survives page switches) and in a query parameter, so
:func:`share_link` reproduces the page. A :class:`SourceEditor` is one such editor with its
example buttons, drawn on one step of a page and peeked on the others. Encoding the text
for the link is pure: :mod:`toolcall_lab.link_state`. :func:`table` is a dataframe with
labelled columns.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

import streamlit as st

from pages._ui import T, lang, resend_choice
from toolcall_lab.i18n import LANGS, Text
from toolcall_lab.link_state import MAX_TEXT, decode_flag, decode_text, encode_flag, encode_text, fits, share_url

OptionKey = TypeVar("OptionKey", bound=str)  # an option's value: str, or a Literal of strings


def _write_param(param: str, value: str | None) -> bool:
    """Put ``value`` in the URL as ``param`` (``None`` removes it); ``False`` when too long for a link."""
    if value is None or not fits(value):
        if param in st.query_params:
            del st.query_params[param]
        return value is None
    if st.query_params.get(param) != value:
        st.query_params[param] = value
    return True


def _seed(key: str, param: str, default: Any, parse: Callable[[str], Any]) -> None:
    """First visit in this session: take the value from the link, else the default.

    The widget key ``<key>`` is refilled from ``stage_value::<key>`` whenever the widget
    was not rendered on the previous run (Streamlit forgets widget state on a page switch).
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


def _follow_default(key: str, default: str, aliases: Sequence[str]) -> None:
    """An untouched field (still another language's default) takes this language's default."""
    store = f"stage_value::{key}"
    if st.session_state.get(store) in aliases and st.session_state.get(store) != default:
        st.session_state[store] = default
        st.session_state[key] = default


def _remember(key: str, value: Any) -> None:
    st.session_state[f"stage_value::{key}"] = value


def peek(
    key: str,
    *,
    default: Any,
    param: str,
    parse: Callable[[str], Any] = decode_text,
    aliases: Sequence[str] = (),
) -> Any:
    """The value of a kept widget that this step of the page does not draw.

    The same value the widget would show: this session's, else the link's (``param``,
    read with ``parse``), else ``default``; an untouched text in the other language's
    default (``aliases``) follows the language. Use it where a page's steps draw the
    editor on one step and use its text on the others.
    """
    _seed(key, param, default, parse)
    if aliases:
        _follow_default(key, default, aliases)
    return st.session_state[f"stage_value::{key}"]


def peek_flag(key: str, *, default: bool, param: str) -> bool:
    """:func:`peek` for a :func:`toggle` (kept in the link as ``1`` / ``0``)."""
    return bool(peek(key, default=default, param=param, parse=decode_flag))


def peek_choice(key: str, *, options: Collection[str], default: str, param: str) -> str:
    """:func:`peek` for a :func:`choice` (an unknown value in the link falls back to ``default``)."""
    value = peek(key, default=default, param=param, parse=lambda raw: raw if raw in options else None)
    return value if value in options else default


def set_value(key: str, value: Any) -> None:
    """Change a synced widget's value (use from a button's ``on_click``)."""
    st.session_state[key] = value
    _remember(key, value)


def example_buttons(
    page: int, editor_key: str, labels: Mapping[str, Text], texts: Mapping[str, str], per_row: int
) -> None:
    """One button per example (``key -> its label``) that loads ``texts[key]`` into an editor."""
    cols = st.columns(per_row)
    here = lang()
    for i, (key, label) in enumerate(labels.items()):
        cols[i % per_row].button(
            label(here),
            key=f"stage{page}::example::{key}",
            on_click=set_value,
            args=(editor_key, texts[key]),
            width="stretch",
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
    aliases: Sequence[str] = (),
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
        aliases: other spellings of the default (the default in the other language): an
            untouched editor follows the language switch.

    Returns:
        The current text.
    """
    _seed(key, param, default, decode_text)
    _follow_default(key, default, aliases)
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


@dataclass(frozen=True)
class SourceEditor:
    """A code editor kept in the session and the link, with its example buttons above it.

    A page draws it on the step that edits the text (:meth:`draw`) and reads the same text
    on its other steps (:meth:`peek`); two pages that use one ``key`` share the text.
    """

    key: str  #: the widget key (the text is kept under ``stage_value::<key>``)
    param: str  #: the query parameter that carries the text
    label: Text  #: the editor's label
    defaults: Callable[[str], str]  #: a language → the text of a fresh editor
    examples: Callable[[str], Mapping[str, str]]  #: a language → the example texts, by example key
    height: int = 300  #: the editor's height in pixels

    @property
    def aliases(self) -> tuple[str, ...]:
        """The fresh text in every language: an untouched editor follows the language switch."""
        return tuple(self.defaults(code) for code in LANGS)

    def default(self) -> str:
        """The text of a fresh editor in the learner's language."""
        return self.defaults(lang())

    def is_example(self, text: str) -> bool:
        """True when ``text`` is one of the examples (an example's error is the demo the learner asked for)."""
        return text in self.examples(lang()).values()

    def draw(
        self,
        page: int,
        buttons: Mapping[str, Text],
        *,
        per_row: int,
        preview: bool = True,
        help: str | None = None,
    ) -> str:
        """The example buttons (``example key -> its label``), then the editor; return its text."""
        example_buttons(page, self.key, buttons, self.examples(lang()), per_row=per_row)
        return editor(
            self.key,
            label=self.label(lang()),
            default=self.default(),
            param=self.param,
            height=self.height,
            help=help,
            preview=preview,
            aliases=self.aliases,
        )

    def peek(self) -> str:
        """The editor's text on a step that does not draw it (see :func:`peek`)."""
        return str(peek(self.key, default=self.default(), param=self.param, aliases=self.aliases))


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
    _seed(key, param, default, decode_text)
    _follow_default(key, default, aliases)
    text = st.text_input(label, key=key, max_chars=max_chars, help=help)
    text = "" if text is None else str(text)
    _remember(key, text)
    _write_param(param, None if text == default else encode_text(text))
    return text


def choice(
    key: str,
    *,
    label: str,
    options: Mapping[str, str],
    default: str,
    param: str,
    widget: str = "segmented",
    help: str | None = None,
) -> str:
    """One option out of ``options`` (value → label), as a segmented control, radio or select box, kept in the link."""
    _seed(key, param, default, lambda raw: raw if raw in options else None)
    if st.session_state.get(key) not in options:
        st.session_state[key] = default
    resend_choice(key)  # its labels are worded in the session's language (resend_choice says why)
    values, show = list(options), dict(options).__getitem__
    value: str | None
    if widget == "radio":
        value = st.radio(label, values, key=key, format_func=show, horizontal=True, help=help)
    elif widget == "select":
        value = st.selectbox(label, values, key=key, format_func=show, help=help, placeholder=T("选一个", "Choose one"))
    else:
        value = st.segmented_control(label, values, key=key, format_func=show, required=True, help=help)
    chosen = value if isinstance(value, str) and value in options else default
    _remember(key, chosen)
    _write_param(param, None if chosen == default else chosen)
    return chosen


def worded_choice(
    key: str,
    label: str,
    words: Mapping[OptionKey, Text],
    default: OptionKey,
    *,
    param: str,
    widget: str = "segmented",
) -> str:
    """:func:`choice` over options worded in both languages (``value -> its Text``), shown in the learner's."""
    here = lang()
    options: dict[str, str] = {value: said(here) for value, said in words.items()}
    return choice(key, label=label, options=options, default=default, param=param, widget=widget)


def toggle(key: str, *, label: str, default: bool, param: str, help: str | None = None) -> bool:
    """An on/off switch kept in the link as ``1`` / ``0``."""
    _seed(key, param, default, decode_flag)
    value = bool(st.toggle(label, key=key, help=help))
    _remember(key, value)
    _write_param(param, None if value == default else encode_flag(value))
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
    query.update({name: str(st.query_params[name]) for name in params if name in st.query_params})
    try:
        base = st.context.url
    except Exception:
        base = None
    link = share_url(base, stem, query)
    with st.expander(
        T("分享这一页（语言和编辑框内容都在链接里）", "Share this page (language and editor contents are in the link)"),
        icon=":material/link:",
    ):
        st.code(link, language="text")
        st.caption(
            T(
                "复制这个链接：别人打开时看到的是同一页、同一种语言、同样的编辑框内容。",
                "Copy this link: whoever opens it sees the same page, language and editor contents.",
            )
        )
    return link


def table(
    rows: Sequence[Mapping[str, Any]],
    labels: Mapping[str, str],
    *,
    checks: Collection[str] = (),
    wide: Collection[str] = (),
) -> None:
    """A dataframe of ``rows`` whose columns carry ``labels``; ``checks`` are ticks, ``wide`` get room."""
    config: dict[str, Any] = {
        key: st.column_config.CheckboxColumn(text)
        if key in checks
        else st.column_config.Column(text, width="large" if key in wide else None)
        for key, text in labels.items()
    }
    st.dataframe(list(rows), hide_index=True, column_config=config, width="stretch")


def why_words() -> dict[str, str]:
    """Stage ②'s reasons a rule is invisible to the model, worded (keys from ``model_rules``)."""
    return {
        "strict_switch": T(
            "strict 是 Pydantic 的验证开关，JSON Schema 没有对应关键字。",
            "strict is a Pydantic validation switch with no JSON Schema keyword.",
        ),
        "not_in_schema": T(
            "这条规则没有出现在 JSON Schema 里，模型看不到。",
            "This rule does not appear in the JSON Schema; the model cannot see it.",
        ),
        "dropped_by_strict": T(
            "严格模式（strict=True）的工具定义里没有这条规则。",
            "The strict (strict=True) tool definition drops this rule.",
        ),
        "runs_only_at_call_time": T(
            "自定义验证器：只在运行时执行，JSON Schema 里看不见（实验室未运行其代码）",
            "custom validator present — enforced only at run time, invisible in the schema "
            "(the lab did not run its code)",
        ),
    }
