"""Cantonese place names as learners type them in jyutping ("Gwong2zau1 而家几度呀", "heung1 gong2 今日天气点样").

Jyutping writes each syllable's tone as a digit; the digits are taken off first, then the toneless name is
read like any other romanised name (:data:`CANTONESE` joins the old-name table of :mod:`.romanise`).
"""

from __future__ import annotations

import re

#: Cantonese romanised with tone digits, two syllables or more ("Gwong2zau1", "heung1 gong2"; never "b2" or "S1003")
_JYUTPING = re.compile(r"\b(?:[A-Za-z]{2,6}[1-6]){2,}\b|\b[A-Za-z]{2,6}[1-6](?:\s+[A-Za-z]{2,6}[1-6])+\b")

#: Toneless jyutping of the cities a learner asks about, written together or syllable by syllable.
CANTONESE: dict[str, str] = {
    "gwongzau": "Guangzhou",
    "gwong zau": "Guangzhou",
    "heunggong": "Hong Kong",
    "heung gong": "Hong Kong",
    "heung kong": "Hong Kong",  # the older spelling of 香港
    "sheung hoi": "Shanghai",
    "seung hoi": "Shanghai",
    "hoenggong": "Hong Kong",
    "hoeng gong": "Hong Kong",
    "soenghoi": "Shanghai",
    "soeng hoi": "Shanghai",
    "bakging": "Beijing",
    "bak ging": "Beijing",
    "samzan": "Shenzhen",
    "sam zan": "Shenzhen",
}


def without_tones(text: str) -> str:
    """The text with the tone digits of jyutping runs taken off.

    >>> without_tones("Gwong2zau1 而家几度呀"), without_tones("heung1 gong2 today"), without_tones("S1003 b2")
    ('Gwongzau 而家几度呀', 'heung gong today', 'S1003 b2')
    """
    return _JYUTPING.sub(_untoned, text)


def without_pinyin_tones(text: str, names: set[str]) -> str:
    """The text with the tone digits of Mandarin pinyin taken off where that spells one of ``names`` (toneless,
    lower case): "Shang3hai3" → "Shanghai".

    >>> without_pinyin_tones("Shang3hai3 now", {"shanghai"}), without_pinyin_tones("mp3 mp4", {"shanghai"})
    ('Shanghai now', 'mp3 mp4')
    """

    def plain(m: re.Match[str]) -> str:
        untoned = re.sub(r"[1-5]", "", m.group(0))
        return untoned if re.sub(r"\s+", "", untoned.lower()) in names else m.group(0)

    return _JYUTPING.sub(plain, text)


def _untoned(m: re.Match[str]) -> str:
    """A run without its tone digits when that spells a name the table knows ("mp3 mp4" stays)."""
    plain = re.sub(r"[1-6]", "", m.group(0))
    return plain if re.sub(r"\s+", " ", plain.lower()) in CANTONESE else m.group(0)
