"""Hostile text shown as typed inside Streamlit markdown: no markup, no link, no image.

A tool_call_id, a tool name, a question, a learner's display name: any string that came from a
model, a tool, an import or another learner may hold markdown. :func:`inert_markdown` makes it
inert in two steps:

1. every markdown punctuation character gets a backslash (``[``, ``]``, ``(``, ``!``, ``*`` ...),
   so ``[Answers](http://phish.example)`` and ``![t](http://x.example/t.png)`` stay text;
2. the three things GitHub-flavoured markdown turns into links *without* any punctuation —
   ``http://…`` (any ``scheme://``), ``www.…`` and ``name@host.example`` — get an invisible
   word joiner (U+2060) where the autolink would be recognised. Escaping does not stop these
   "autolink literals": in Chromium, Streamlit's markdown linked ``www\\.attacker\\.example`` and
   ``http://phish\\.example`` (``tests/e2e/test_inert_markdown_browser.py``); its bundle also looks
   for them in the text once the escapes are read. A character between ``www`` and ``.``, or
   between ``:`` and ``//``, stops both.

The reader sees the same characters; only a copy keeps the invisible joiner.
"""

from __future__ import annotations

import re

#: The invisible character that splits an autolink: U+2060 WORD JOINER (no line break either).
WORD_JOINER = "\u2060"
#: Characters markdown reads as markup; each is shown as itself after a backslash.
MARKUP = "\\`*_{}[]<>()#+-.!|~$"
_SCHEME = re.compile(r"://")
_WWW = re.compile(r"(?i)(www)(?=\\\.)")  # after step 1 the dot is ``\.``
_AT = re.compile(r"@")


def inert_markdown(text: object) -> str:
    """``text`` as markdown that renders exactly these characters, with no link and no image.

    >>> inert_markdown("[Answers](http://phish.example)")
    '\\\\[Answers\\\\]\\\\(http:\\u2060//phish\\\\.example\\\\)'
    >>> inert_markdown("www.attacker.example") == "www" + WORD_JOINER + "\\\\.attacker\\\\.example"
    True
    """
    out = str(text)
    for ch in MARKUP:
        out = out.replace(ch, "\\" + ch)
    out = _SCHEME.sub(":" + WORD_JOINER + "//", out)
    out = _WWW.sub(r"\1" + WORD_JOINER, out)
    return _AT.sub(WORD_JOINER + "@", out)


def code_span(text: object) -> str:
    """``text`` as one markdown code span: shown literally, in code type, whatever it holds.

    Inside a code span markdown reads nothing (no escape, no emphasis, no link, no autolink), so
    the only care is the fence: one backtick more than the longest run inside, and a space at each
    end when the text starts or ends with a backtick. A line break becomes a space (a span is one
    line).

    >>> code_span("get_weather")
    '`get_weather`'
    >>> code_span("a`b")
    '``a`b``'
    """
    body = " ".join(str(text).splitlines()) or " "
    longest = max((len(run) for run in re.findall(r"`+", body)), default=0)
    fence = "`" * (longest + 1)
    if body.startswith("`") or body.endswith("`"):
        body = f" {body} "
    return f"{fence}{body}{fence}"


def shown_text(markdown: str) -> str:
    """What :func:`inert_markdown` output reads as once rendered: the escapes and joiners removed.

    >>> shown_text(inert_markdown("a_b [c](d) www.e.example x@y.example"))
    'a_b [c](d) www.e.example x@y.example'
    """
    return re.sub(r"\\(.)", r"\1", markdown.replace(WORD_JOINER, ""))
