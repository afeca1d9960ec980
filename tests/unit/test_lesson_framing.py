"""Issue 22, point 1: every lesson page's prose opens with its framing, in both languages.

The framing is the lesson file's first part (``lessons/content/<page>.<lang>.md``, before its
``<!-- part 2: … -->`` mark): two to four sentences saying what the learner is looking at and why
it matters. Part 2's mark names what the rest of the lesson holds; the page labels its
expander with it. :func:`sentences` is the one sentence count, shared with tests/app/test_framing.py.
"""

from __future__ import annotations

import re

import pytest

from lessons.content import lesson_frame, lesson_rest, lesson_text
from pages.registry import COURSE

#: An English sentence ends at . ! or ? before a space or the end (a closing quote may come between);
#: a "?" inside brackets, "(can it be read?)", ends nothing.
_END_EN = re.compile(r"[.!?](?=[\"”’]?(?:\s|$))")
#: A Chinese sentence ends at 。！？ that no closing bracket or quote follows.
_END_ZH = re.compile(r"[。！？](?![）)”」’\"])")
#: Code spans are data: a full stop inside `tool.func` or `Command(resume=...)` ends nothing.
_CODE = re.compile(r"`[^`]*`")


def sentences(text: str, lang: str) -> list[str]:
    """The sentences of a framing, in order (each with its own closing mark)."""
    blanked = _CODE.sub(lambda m: "x" * len(m.group()), text)  # same length: the offsets still fit ``text``
    ends = [m.end() for m in (_END_EN if lang == "en" else _END_ZH).finditer(blanked)]
    tail = text[ends[-1] :].strip() if ends else text.strip()
    found = [text[a:b].strip() for a, b in zip([0, *ends], ends, strict=False)]
    return [s for s in found if s] + ([tail] if tail else [])


def test_sentences_counts_what_a_reader_counts():
    assert sentences("Look at `tool.func`. It is yours (really?). Fine!", "en") == [
        "Look at `tool.func`.",
        "It is yours (really?).",
        "Fine!",
    ]
    assert sentences("先看 `a.b`。三道检查：`json.loads`（能不能读？）、工具。", "zh") == [
        "先看 `a.b`。",
        "三道检查：`json.loads`（能不能读？）、工具。",
    ]
    assert sentences("No full stop at the end", "en") == ["No full stop at the end"]


LESSONS = [pytest.param(spec.lesson, id=spec.url_path) for spec in COURSE]


@pytest.mark.parametrize("lesson", LESSONS)
def test_every_lesson_page_has_its_framing_in_both_languages(lesson):
    counts = {}
    for lang in ("en", "zh"):
        frame = lesson_frame(lesson, lang)
        said = sentences(frame, lang)
        assert 2 <= len(said) <= 4, (lang, said)
        assert frame.rstrip()[-1] in ".!?。！？", (lang, frame[-40:])  # whole sentences, no fragment
        assert "\n\n" not in frame and not frame.startswith("#"), lang  # one paragraph, no heading
        counts[lang] = len(said)
        what, rest = lesson_rest(lesson, lang)
        assert what and len(what) <= 90, (lang, what)  # the expander's label says what the rest holds
        assert len(rest) > 2 * len(frame), lang  # the lesson itself is the rest, not a second framing
        assert frame not in rest and rest.split("\n", 1)[0] not in frame
    assert counts["en"] == counts["zh"], counts  # the same framing in two languages, sentence for sentence


@pytest.mark.parametrize("lesson", LESSONS)
def test_the_framing_is_the_first_part_and_the_tutor_title_stays_its_own(lesson):
    text = lesson_text(lesson, "en")
    first_line = text.splitlines()[0]
    if first_line.startswith("# "):  # a tutor lesson: title, then the framing
        assert lesson_frame(lesson, "en") == text.split("\n\n", 2)[1].strip()
    else:
        assert text.startswith(lesson_frame(lesson, "en"))


def test_a_lesson_without_a_part_mark_has_no_framing_and_says_so():
    with pytest.raises(ValueError, match="no framing"):
        lesson_frame("review_chain", "en")  # a section review: one part, shown whole
