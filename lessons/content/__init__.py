"""Lesson prose: one Markdown file per lesson per language, ``<lesson>.<lang>.md`` beside this file.

Pages read a lesson's prose with :func:`lesson_text`; the machinery (``toolcall_lab``)
never reads it, so the ground floor needs nothing from up here.

A course page's lesson opens with its **framing**: two to four sentences, before the mark
``<!-- part 2: <what the rest holds> -->``, saying what the learner is looking at and why it
matters (:func:`lesson_frame`). The page shows it on the first screen, above the artifact;
the rest (:func:`lesson_rest`) waits one click away, under the name its mark gives it.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

from toolcall_lab.i18n import normalize_lang

CONTENT_DIR = Path(__file__).resolve().parent


@functools.lru_cache(maxsize=128)
def lesson_text(name: str, lang: str) -> str:
    """Read the lesson prose ``lessons/content/<name>.<lang>.md`` (once per process).

    Raises:
        FileNotFoundError: when the lesson has no file for that language, so a
            missing translation fails the tests instead of showing an empty page.
    """
    path = CONTENT_DIR / f"{name}.{normalize_lang(lang)}.md"
    return path.read_text(encoding="utf-8")


#: Where a lesson file that a page shows in two places is cut: ``<!-- part 2: … -->`` on a line of its own.
PART_MARK = re.compile(r"^<!-- part \d+:[^>]*-->$", re.MULTILINE)


def lesson_parts(name: str, lang: str) -> list[str]:
    """The lesson's prose cut at its part marks (one part for most lessons), marks removed."""
    return [part.strip() for part in PART_MARK.split(lesson_text(name, lang)) if part.strip()]


#: A part mark's name: what the part holds (``<!-- part 2: what @tool reads -->`` → ``what @tool reads``).
_PART_NAME = re.compile(r"^<!-- part \d+:\s*([^>]*?)\s*-->$", re.MULTILINE)


def lesson_frame(name: str, lang: str) -> str:
    """The lesson's framing: its first part, without the ``# title`` line a tutor lesson starts with.

    Raises:
        ValueError: when the lesson has no second part, so no framing to tell from the rest.
    """
    parts = lesson_parts(name, lang)
    if len(parts) < 2:
        raise ValueError(f"{name}.{normalize_lang(lang)}.md has no framing: no '<!-- part 2: … -->' mark")
    first = parts[0]
    if first.startswith("# "):
        first = first.partition("\n")[2].strip()
    return first


def lesson_rest(name: str, lang: str) -> tuple[str, str]:
    """What the rest of the lesson holds (part 2's mark) and its prose: every part after the framing."""
    lesson_frame(name, lang)  # the same check: a lesson without a framing fails here too
    names = _PART_NAME.findall(lesson_text(name, lang))
    return names[0], "\n\n".join(lesson_parts(name, lang)[1:])
