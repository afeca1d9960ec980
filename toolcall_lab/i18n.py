"""Two languages, one rule: every string the user reads exists in zh and en, written as one pair.

The rule: a text in two languages is written once, as an inline pair ``Text(zh, en)`` — never as
``zh=`` / ``en=`` keyword pairs, ``{"zh": …, "en": …}`` dicts, ``("中文", "English")`` tuples or an
``a if lang == "zh" else b`` branch. Where each kind of text lives:

* short UI strings: inline in the page, ``T(zh, en)`` (``pages/_ui/session.py``:
  ``Text(zh, en)(lang())``), so a missing translation shows in the diff, not at run time;
* taught prose: ``lessons/content/<lesson>.<lang>.md``, read with ``lessons.content.lesson_text``;
* exercise wording: ``Text`` fields of the ``toolcall_lab.exercises.Exercise`` record;
* ground-floor explanations: ``Text`` passed to ``toolcall_lab.errors.explain(stage, exc,
  title=Text(…), hint=Text(…))`` (and its wrappers ``refuse`` / ``refuse_at`` / ``unexpected`` /
  ``too_long``); any other ground-floor text is a ``Text`` picked with ``text(lang)``.

Stored shapes keep their fields (an explained error's ``{"zh", "en"}`` title and hint, a decision
step's ``en`` / ``zh``), so traces exported before still load. Data that merely differs by edition
(the article's code and data, the built-in model's word lists) is not a text and is not a ``Text``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

Lang = Literal["zh", "en"]
LANGS: tuple[Lang, ...] = ("zh", "en")
DEFAULT_LANG: Lang = "zh"


def normalize_lang(value: str | None, fallback: Lang = DEFAULT_LANG) -> Lang:
    """Map a query parameter or a browser locale ("en-US", "zh-CN") to a supported language.

    >>> normalize_lang("en-GB")
    'en'
    >>> normalize_lang("zh-Hant-TW")
    'zh'
    >>> normalize_lang("fr-FR")
    'zh'
    """
    if not value:
        return fallback
    head = str(value).strip().lower().replace("_", "-").split("-")[0]
    for lang in LANGS:  # compare against the typed constants, so the result is a ``Lang``
        if head == lang:
            return lang
    return fallback


def pick(lang: str, zh: str, en: str) -> str:
    """The text of ``lang``: ``en`` for English, ``zh`` otherwise (the default language).

    >>> pick("en", "你好", "hello"), pick("zh", "你好", "hello")
    ('hello', '你好')
    """
    return en if normalize_lang(lang) == "en" else zh


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """``n`` and an English noun in its number: "1 student", "2 students" (Chinese needs no plural).

    >>> counted(1, "student"), counted(3, "student"), counted(0, "class", "classes")
    ('1 student', '3 students', '0 classes')
    """
    return f"{n} {noun if n == 1 else (plural or noun + 's')}"


@dataclass(frozen=True)
class Text:
    """One text in both languages, kept together: the way data (exercises, lessons, the registry) writes text.

    Pages write short UI strings inline with ``T(zh, en)``; data carries a ``Text`` and the page
    picks the learner's language when it draws it.

    >>> Text("几次？{n}", "How many? {n}").format(n=3)("en")
    'How many? 3'
    """

    zh: str
    en: str

    def __call__(self, lang: str) -> str:
        """The text in ``lang``."""
        return pick(lang, self.zh, self.en)

    def format(self, **values: object) -> Text:
        """Both texts with ``{name}`` fields filled from ``values``."""
        return Text(self.zh.format(**values), self.en.format(**values))

    def join(self, items: Iterable[str]) -> Text:
        """The same items joined by each language's separator.

        >>> Text("、", ", ").join(["a", "b"])
        Text(zh='a、b', en='a, b')
        """
        parts = list(items)
        return Text(self.zh.join(parts), self.en.join(parts))

    def __add__(self, other: Text) -> Text:
        """Both texts joined (``Text("a", "b") + Text("c", "d")``)."""
        return Text(self.zh + other.zh, self.en + other.en)
