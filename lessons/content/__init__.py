"""Lesson prose: one Markdown file per lesson per language, ``<lesson>.<lang>.md`` beside this file.

Pages read a lesson's prose with :func:`lesson_text`; the machinery (``toolcall_lab``)
never reads it, so the ground floor needs nothing from up here.
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
