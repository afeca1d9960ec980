"""A misspelt English word a learner asks about, corrected before it becomes an argument.

"ambigous 啥意思", "ubiquitious 是几级", "meticulus - kaoyan or nah": a careful model looks up the
word the learner meant. The judge of "misspelt" is :mod:`spellchecker` (pyspellchecker: an
English word-frequency dictionary that ships with the package, offline): a word it does not
know, with exactly one known word a single edit away that it ranks first, is corrected to that
word. Anything else stays as the learner wrote it — a name, a word in another language, a
word two edits away — and the tool's own "not found" then says so.
"""

from __future__ import annotations

import functools
import itertools
import re

from spellchecker import SpellChecker

_WORD = re.compile(r"[a-z][a-z\-]{3,}")


@functools.cache
def _checker() -> SpellChecker:
    # one edit only: two edits over a long unknown word take hundreds of milliseconds and guess wildly
    checker = SpellChecker(language="en", distance=1)
    checker.word_frequency.load_words(LEARNER_WORDS)  # "vocab" is no typo of "vocal"
    return checker


#: Words learners of this course write that the dictionary lacks: never corrected into another word.
LEARNER_WORDS = ("vocab", "kaoyan", "gaokao", "ielts", "toefl", "cefr", "wx", "tmrw", "pls", "thx")


@functools.lru_cache(maxsize=2048)
def corrected(word: str) -> str | None:
    """The word the learner meant when ``word`` is a misspelling of it, else ``None``.

    >>> corrected("ambigous"), corrected("ubiquitious"), corrected("accord"), corrected("LangGraph")
    ('ambiguous', 'ubiquitous', None, None)
    >>> corrected("vocab")

    """
    if not _WORD.fullmatch(word):
        return None  # a capitalised name, a short word, digits: kept as written
    checker = _checker()
    if word in checker:
        return None
    best = checker.correction(word)
    return best if best and best != word and best in checker else None


def is_english(word: str) -> bool:
    """Is ``word`` (lower case) an English word the dictionary knows?"""
    return word.lower() in _checker()


@functools.lru_cache(maxsize=2048)
def coined_name(word: str) -> bool:
    """Is ``word`` a name coined from two English words, as software is named ("langgraph", "checkpointer")?
    Such a name is what documentation pages are about; "tuple" or "kaoyan" is not one.

    >>> coined_name("langgraph"), coined_name("checkpointer"), coined_name("tuple"), coined_name("meticulous")
    (True, True, False, False)
    """
    word = word.lower()
    if not re.fullmatch(r"[a-z]{6,24}", word) or is_english(word):
        return False
    return any(is_english(word[:i]) and is_english(word[i:]) for i in range(3, len(word) - 2))


_SPELL_ASKED = re.compile(
    r"\bhow (?:do|d'?you|should) (?:i|you|u|we) spell\s+[\"“'‘]?(?P<w>[A-Za-z]{4,24})"
    r"|\bspelling of\s+[\"“'‘]?(?P<w2>[A-Za-z]{4,24})"
    r"|[\"“'‘]?(?P<w3>[A-Za-z]{4,24})[\"”'’]?\s*(?:怎么拼|怎么写|的拼写)",
    re.I,
)


def spelling_asked(text: str) -> tuple[str, str] | None:
    """``(as typed, spelled right)`` when the learner asks how a word is spelled ("how do i spell accomodation").

    >>> spelling_asked("how do i spell accomodation, two m's or one?")
    ('accomodation', 'accommodation')
    >>> spelling_asked("what level is accord") is None
    True
    """
    m = _SPELL_ASKED.search(text)
    if m is None:
        return None
    typed = m.group("w") or m.group("w2") or m.group("w3")
    right = corrected(typed.lower()) or (typed.lower() if is_english(typed.lower()) else None)
    return (typed, right) if right else None  # a string no dictionary knows is not vouched for


def doubled_letters(word: str) -> list[str]:
    """The letters written twice in a row ("accommodation" → ``['c', 'm']``).

    >>> doubled_letters("accommodation"), doubled_letters("necessary")
    (['c', 'm'], ['s'])
    """
    return list(dict.fromkeys(a for a, b in itertools.pairwise(word) if a == b and a.isalpha()))
