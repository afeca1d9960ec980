"""Two languages, one rule: every string the user reads exists in zh and en.

Pages call ``T(zh, en)`` (``pages/_ui/session.py``) with both texts side by side, so a missing
translation is visible in the diff rather than at run time. Lesson prose lives in
``lessons/content/<lesson>.<lang>.md`` and is read with ``lessons.content.lesson_text``.
"""

from __future__ import annotations

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

    def __add__(self, other: Text) -> Text:
        """Both texts joined (``Text("a", "b") + Text("c", "d")``)."""
        return Text(self.zh + other.zh, self.en + other.en)
