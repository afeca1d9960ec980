"""Hostile text in markdown stays text: no markup, no link, no autolink (issue 21, finding 6)."""

from __future__ import annotations

import re

import pytest

from toolcall_lab.markdown_text import WORD_JOINER, code_span, inert_markdown, shown_text

HOSTILE = [
    "[Answers to all exercises](http://phish.example) ![t](http://x.example/t.png)",
    "www.attacker.example",
    "WWW.Attacker.Example/path",
    "see https://evil.example/a?b=c and ftp://files.example",
    "mail me: bob@attacker.example",
    "<img src=x onerror=alert(1)>",
    "**bold** _it_ `code` # heading | table | ~~strike~~ $x^2$",
    ":red[coloured] :material/home:",
    "call_0 \\[ already escaped \\]",
]

# the autolink literals of GitHub-flavoured markdown, as Streamlit's markdown looks for them in the
# text once the escapes are read (protocol, www, and e-mail literals)
_AUTOLINKS = [re.compile(r"https?://", re.I), re.compile(r"www(?=\.)", re.I), re.compile(r"[-.\w+]@[-\w]")]


@pytest.mark.parametrize("text", HOSTILE)
def test_the_reader_sees_exactly_the_characters_given(text):
    assert shown_text(inert_markdown(text)) == text


@pytest.mark.parametrize("text", HOSTILE)
def test_no_link_image_or_autolink_survives(text):
    md = inert_markdown(text)
    assert "](" not in md and "![" not in md and "<" not in md.replace("\\<", "")
    read = re.sub(r"\\(.)", r"\1", md)  # the text markdown leaves after reading the escapes
    for pattern in _AUTOLINKS:
        assert not pattern.search(read), (pattern.pattern, read)


def test_the_worked_example():
    md = inert_markdown("[Answers](http://phish.example) www.attacker.example")
    assert md == (
        "\\[Answers\\]\\(http:" + WORD_JOINER + "//phish\\.example\\) www" + WORD_JOINER + "\\.attacker\\.example"
    )


def test_the_docstring_examples_hold():
    import doctest

    from toolcall_lab import markdown_text

    assert doctest.testmod(markdown_text).failed == 0


@pytest.mark.parametrize(
    ("text", "span"),
    [
        ("call_0", "`call_0`"),
        ("[x](http://phish.example)", "`[x](http://phish.example)`"),  # a code span reads no link
        ("a``b", "```a``b```"),
        ("`tick", "`` `tick ``"),
        ("two\nlines", "`two lines`"),
        ("", "` `"),
    ],
)
def test_a_code_span_cannot_be_closed_early(text, span):
    assert code_span(text) == span
