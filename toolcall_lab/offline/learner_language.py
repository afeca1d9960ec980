"""The language a learner writes in, which the answer keeps: Chinese, English, or a mix read as one of them.

"what's the 进度 on my course" is an English sentence carrying one Chinese word; "帮我 check 一下 accord 的
level" a Chinese one carrying English words; "is 成都 raining" an English one naming a Chinese city.
"""

from __future__ import annotations

import re

from toolcall_lab.offline.lexicon import CITIES, MORE_CITIES
from toolcall_lab.offline.place_names import FAR_CITIES

CJK = re.compile(r"[\u3400-\u9fff]")


def is_chinese(text: str) -> bool:
    """True when the text is mostly Chinese (decides the answer's language)."""
    cjk = len(CJK.findall(text))
    latin = len(re.findall(r"[A-Za-z]", text))
    return cjk >= 2 or (cjk > 0 and cjk * 3 >= latin)


_LATIN_WORD = re.compile(r"(?<![A-Za-z0-9])[A-Za-z]{2,}(?![A-Za-z0-9])")


#: The grammar words of an English sentence's frame (not its topic words, not a parameter's name).
_EN_FRAME = frozenset(
    re.split(
        r"\s+",
        "is are am was were be do does did what what's whats which who how how's when where why my"
        " your his her its the an of to in on at for and or but has have had can could will would"
        " should this that it i i'm me you there with from about"
        # the glue of a typed English request ("pls check 我的 test scores", "S1004 finished 几个 课时 already?")
        " pls please check then done quick finished already just also yet still any got need want tell show",
    )
)


_QUOTED = re.compile(
    r"「[^」]{1,80}」|『[^』]{1,80}』|“[^”]{1,80}”|\"[^\"]{1,80}\"|(?<![A-Za-z])'[^']{1,80}'(?![A-Za-z])"
)
_ZH_FRAME = re.compile(r"这个|那个|是|的|吗|呢|了|我|你|有|在|几|什么|啥|怎么|一下|帮我|吧")


_CJK_CITY = re.compile(
    "|".join(sorted((k for k in {**CITIES, **MORE_CITIES, **FAR_CITIES} if CJK.match(k)), key=len, reverse=True))
)


def learner_language(text: str) -> str:
    """``"zh"`` or ``"en"``: the language a learner's mixed message is written in, for the answer.

    A message is Chinese when its Chinese characters are at least as many as its English words
    (ids such as ``S1002`` are neither): "what's the 进度 on my course" is an English sentence
    carrying one Chinese word, "帮我 check 一下 accord 的 level" a Chinese one carrying three English.

    >>> learner_language("how many 课时 has she done"), learner_language("ambient 啥意思")
    ('en', 'zh')
    >>> learner_language("my 学号 is S1004, what's my 进度?"), learner_language("我 this Saturday 有几节 class")
    ('en', 'zh')
    >>> learner_language("「I have been to」和「I have gone to」有什么区别？")  # what is quoted is not the frame
    'zh'
    """
    text = _CJK_CITY.sub(" ", text) if _LATIN_WORD.search(text) else text  # "is 成都 raining": a name, not Chinese
    unquoted = _QUOTED.sub(" ", text)
    if CJK.search(unquoted) or _LATIN_WORD.search(unquoted):
        text = unquoted
    cjk = len(CJK.findall(text))
    # a name ("Krung Thep Maha Nakhon 天气") is no English word of the sentence
    latin = len([w for w in _LATIN_WORD.findall(text) if not (w.istitle() and w.lower() not in _EN_FRAME)])
    # an English frame ("my 学号 is S1004, what's my 进度", "is 'accord' a 名词 or a 动词"): at least two of its
    # grammar words, and no more Chinese words than them, make the sentence English whatever it carries
    frame = [w for w in re.findall(r"(?<![A-Za-z0-9_])[A-Za-z']{2,}(?![A-Za-z0-9_])", text) if w.lower() in _EN_FRAME]
    runs = len(re.findall(r"[\u3400-\u9fff]+", text))
    if len(frame) >= 2 and len(frame) >= runs and cjk <= 2 * latin:
        return "en"
    # "ambiguous 这个 word 是 which level": a Chinese frame (这个 … 是) carrying English words
    zh_frame = len(_ZH_FRAME.findall(text))
    return "zh" if cjk and (cjk >= latin or zh_frame > max(1, len(frame))) else "en"
