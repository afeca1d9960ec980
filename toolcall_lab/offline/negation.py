"""Negation and scope: what the learner says *not* to do, or *not* to read as the question.

"别查课表，我只想问 coherent 什么意思" asks about a word and says not to check the timetable;
"Don't search the web, just check the weather in Paris" asks for the weather; "不是 accord，我说的
是 abandon" and "not Tokyo — Seoul" correct a word. Each negated span is taken out of the text
before it is read (its words never become arguments), and the concepts it names are returned
so the planner can keep tools of those concepts out of this turn.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from toolcall_lab.offline import nlu
from toolcall_lab.offline.lexicon import full_weekday

#: "别" that says *don't*, not the second character of a word ("分别搜一下": search each; "特别", "区别")
_BIE = r"(?<![分特区类级性个告辨识差鉴派])别"
_ZH_NOT = re.compile(
    r"(?:不用|不要|" + _BIE + r"|无需|不必|甭|先别|先不|暂时不|不想|没(?=问))(?:再|去|帮我|给我|上网|网上|在网上|联网)*"
    r"(?P<verb>查|搜索|搜|看|用|调用|问|知道|管)"
    # what is ruled out ends before the next request ("不用查课表了 帮我看下 accord") and never inside a word
    r"(?P<what>(?:(?!\s*(?:帮我|帮忙|麻烦|请你|给我|我想|直接|只|就))[^，,。；;！!？?]){0,12})(?!(?<=[A-Za-z])[A-Za-z])"
)
_ZH_NOT_HOW = re.compile(
    r"(?P<word>[A-Za-z][A-Za-z\-]+)\s*(?:怎么念|怎么读|的发音|怎么拼|的读音)\s*(?:先|就)?(?:不管|不用管|无所谓|不重要)(?:了)?"
)
_ZH_NOT_MEANING = re.compile(
    r"(?:不想|不用|不需要|不要)(?:知道|问|查|看)?\s*(?P<word>[A-Za-z][A-Za-z\-]+)\s*(?:的)?(?:是)?(?:啥|什么)?(?:意思|释义)"
    r"(?=[^A-Za-z]*$)"  # "…，只关心它考研考不考" goes on about the same word; "…，benefit 呢" names another
)
# "曼谷我查过了", "benefit 这个我知道": a thing the learner already has is not asked again
_ZH_DONE = re.compile(
    r"(?P<what>[^，,。；;！!？?\s想只不要]{1,12}?)\s*(?:这个)?(?:"
    r"(?:我|俺)(?:已经)?(?P<verb>知道了?|会了|认识|懂了?|明白了?)|(?:我|俺)?(?:已经|刚|刚刚|之前)?(?P<verb2>查过了?|看过了?"
    r"|问过了?))"
    r"(?=$|[，,。；;！!？?\s])"
)
_EN_DONE = re.compile(
    # not "can I skip memorising 'leisure' for the exam?", which asks whether it may be skipped
    r"(?<!can )(?<!could )(?<!should )(?<!may )\b(?:i\s+)?"
    r"(?P<verb>don'?t care about|do not care about|not interested in|forget about|never mind|(?<!i )(?<!ly )skip|ignore"
    r"|already (?:know|checked|looked up|have)(?!(?:\s+(?:what|how))?\s+\S+\s+(?:means?|stands? for)\b)"
    r"(?: what| how| about)?"
    r"|forget (?:about )?(?:looking up|checking|searching)"
    r"|drop|ditch|scrap)"
    r"\s+(?P<what>(?:(?!\s-\s)[^,.;!?—–]){1,40})",
    re.I,
)
_EN_NOT = re.compile(
    r"\b(?:don'?t|do not|no need to|never|please don'?t|you don'?t need to)\s+(?:bother\s+(?:to\s+)?)?"
    r"(?:actually\s+|really\s+|even\s+|go and\s+)?"
    r"(?P<verb>look(?:ing)? up|look(?:ing)? at|check(?:ing)?|search(?:ing)?|us(?:e|ing)|call(?:ing)?|get(?:ting)?"
    r"|(?<=bother )(?:with|about)"
    r"|open(?:ing)?|run(?:ning)?|googl(?:e|ing)|pull(?:ing)? up|bring(?:ing)? up|fetch(?:ing)?|grab(?:bing)?)\b"
    r"(?P<what>(?:(?!\s-\s)[^,.;!?—–]){0,40})",
    re.I,
)
# "without searching, what does 'async' mean": a search ruled out (not "without getting wet", a weather question)
_EN_WITHOUT = re.compile(
    r"\b(?:without|no)\s+(?P<verb>search(?:ing)?|googl(?:e|ing)|look(?:ing)?\s+(?:(?:it|this|that|anything|stuff)\s+)?up"
    r"|using\s+(?:the\s+|any\s+)?(?:search|tools?|web|internet))(?P<what>[^,.;!?—–]{0,20})",
    re.I,
)
# "dont need the whole week, only today", "don't need the meaning": a part of the answer not wanted
# ("don't want the meaning of ubiquitous": the meaning is not wanted, the word is still the one asked about)
_EN_NOT_NEED = re.compile(
    r"\b(?:don'?t|do not|no)\s+(?:need|want)\s+(?P<verb>)"
    r"(?P<what>(?:(?!\s+of\s|\s+(?:just|only|but)\b)[^,.;!?—–]){1,30})",
    re.I,
)
# "一整周的不用 光看今天": a span of days not wanted, said before its "不用"
# "forget saturday, how's sunday looking", "forget tokyo, how's seoul": a day or a place the learner takes back
_EN_FORGET_DAY = re.compile(
    r"\b(?P<verb>forget|never mind|not)\s+(?:about\s+)?(?P<what>(?:this\s+|next\s+)?[a-z]*day|tomorrow|tmrw)\b"
    r"(?=\s*[,;—–-])"
    r"|\b(?P<verb2>forget|never mind)\s+(?:about\s+)?(?P<place>[A-Za-z]+(?:\s+[A-Z][a-z]+)?)\b"
    r"(?=\s*[,;—–-])",
    re.I,
)
_AFTER_TOMORROW = re.compile(r"(\btomorrow\b[^.?!]{0,25}?\bthe day after)\b(?!\s+tomorrow)", re.I)
# "今天的课就不用查了": the thing named before "不用查"
_ZH_NOT_BEFORE = re.compile(
    # not "benefit 我懂了不用查" (a word already known: _ZH_DONE's)
    # "成绩先不看": a plain 不 after 先 or 就 says the same
    r"(?P<what>[^，,。；;！!？?\s]{1,10}?)(?<![懂道会白了])(?:就?先?(?:不用|不要|不必|甭|"
    + _BIE
    + r")|(?:就|先)不)(?P<verb>查|看|管)了?"
    r"(?=$|[，,。；;！!？?\s])"
)
# "不查北京了，改查广州": a place or a thing the learner no longer wants, said as "不查…了"
_ZH_NO_LONGER = re.compile(
    r"(?:不|" + _BIE + r"|甭)(?P<verb>查|看|问)\s*(?P<what>[^，,。；;！!？?\s了]{1,10})\s*了(?=$|[，,。；;！!？?\s])"
)
# "leave S1002 out of it": someone the learner does not want asked about
_EN_LEAVE_OUT = re.compile(
    r"\b(?P<verb>leave)\s+(?P<what>[A-Za-z]{0,4}\d{3,8})\s+out(?:\s+of\s+(?:it|this))?"
    # "Leave 'benefit' aside, I already know that one": a quoted word set aside
    r"|\b(?:leave|put|set)\s+(?P<what2>['\"‘“][A-Za-z\-]{2,30}['\"’”])\s+aside"
    r"(?:,?\s*i\s+already\s+know\s+(?:that|it)(?: one)?)?",
    re.I,
)
#: Words that take back what came before them in the same message: "class tmrw? nah scratch that, tues".
_RETRACT = re.compile(
    r"\b(?:scratch that|make (?:it|that)|i meant|change (?:it|that) to|no wait|wait no|actually no|no no)\b"
    r"|改成|改到|换成|改为|算了",
    re.I,
)
_ZH_SPAN_NOT = re.compile(
    r"(?P<what>一整周|整周|一周|一星期|七天|7天|这周|本周|未来几天)的?\s*(?P<verb>不用|不要|不需要|就不用了)"
)
# "不要一周的，就今天": the span waved away before the day wanted
_ZH_NOT_SPAN = re.compile(
    r"(?P<verb>不用|不要|不需要|别)(?P<what>一整周|整周|一周|一星期|这周|本周|未来几天|(?:[两二三四五六七]|\d)天)的?"
)
# "我不是要查单词，我说的 schedule 是…的课表": the tool the learner says they did not mean
_ZH_NOT_MEANT = re.compile(r"(?:我)?不是(?:要|想)(?P<verb>查|看|问)(?P<what>单词|词|课表|天气|进度|成绩)")
_EN_NOT_ASKING = re.compile(
    # "not asking about tokyo anymore, …": the "I'm" is often left out at the start of a message
    r"(?:\b(?:i'?m|i am) |^\W*|(?<=[.?!,;])\s*)not (?P<verb>asking|talking|interested)(?: in"
    r"| about)?(?P<what>[^,.;!?—–]{0,40})"
    r"(?:,\s*(?:i\s+)?(?:promise|swear|honest(?:ly)?|for real|lol)\b)?",  # "…, promise": said, not an item
    re.I,
)
# "除了 accord 以外，benefit 跟 leisure 都帮我查下": all but that one ("除了 X，还/也 …" adds X instead)
_ZH_EXCEPT = re.compile(
    r"(?P<verb>除了)\s*(?P<what>[^，,。？?]{1,20}?)\s*(?:以外|之外)?\s*(?:[，,]|(?=都))(?=[^。？?]*都)(?![^。？?]*(?:还|也))"
)
# "我已经知道 accord 是 B2 了": a word the learner already knows is not looked up
_ZH_KNOWN = re.compile(
    r"我(?:已经)?(?P<verb>知道|认识|会)\s*(?P<what>[A-Za-z][A-Za-z\-]*)(?:\s*是\s*[ABCabc][12])?\s*了?"
)
# "except Seoul, which of Tokyo and London …": a thing left out of the list
_EN_EXCEPT = re.compile(
    r"\b(?P<verb>except(?: for)?|other than|excluding|but not)\s+(?P<what>[A-Za-z][\w ]{0,25}?)(?=[,;:]|$)", re.I
)
# "明天的课我自己看课表", "I'll check it myself": what the learner will look up themself
_ZH_MYSELF = re.compile(r"(?P<what>[^，,。；;！!？?]{0,12}?)(?:我)?自己(?P<verb>看|查|来)(?:课表|一下|吧|就行|好了)?")
# "no schedule stuff today, just: what level is negotiate": a topic waved away
_EN_NO_TOPIC = re.compile(
    r"\b(?P<verb>no)\s+(?P<what>schedule|timetable|class|weather|forecast|progress|record|scores?|search(?:ing)?|web)"
    r"\s+(?:stuff|things|questions|talk|chat|please|pls)\b(?:\s+(?:today|for now|right now|this time))?",
    re.I,
)
# "I got a 'class' in my essay marked wrong, what level is 'diligent'": a word the learner tells about, not
# asks (alone, "used 'ubiquitous' and the teacher circled it, is it too advanced?", it is the word asked)
_EN_TOLD_WORD = re.compile(
    r"\b(?P<verb>got|used|wrote|put|had)\s+(?P<what>(?:a|an|the|my)?\s*[\"“'‘][A-Za-z\-]+[\"”'’][^,.;?!]{0,30}?"
    r"\b(?:marked|circled|crossed out|corrected)(?:\s+(?:wrong|as wrong|as an error|red))?)"
    r"(?=.*?[\"“'‘][A-Za-z\-]+[\"”'’])",  # only beside another quoted word, the one asked about
    re.I,
)
# "I'm done with S1002, now S1003", "S1002 看完了，换 S1003": a student the learner has finished with (the id
# alone is taken out; "done with S1002's record, now S1003" keeps "record" for the next one)
# "forget my timetable for a sec, …", "nah forget the weather": a topic taken back at the start of a clause
# (not "I forget the meaning of accord", where the learner forgot something)
_EN_FORGET_TOPIC = re.compile(
    r"(?:^|(?<=[,.;!?—–])|(?<=\bok)|(?<=\bnah)|(?<=\bno))\s*(?P<verb>forget)\s+(?:about\s+)?"
    r"(?P<what>(?:my|the|your|our)\s+[^,.;!?—–]{1,40})",
    re.I,
)
# "上海就不用了，查查杭州", "S1002 就算了": a thing named, then said not to be needed
_ZH_NOT_NEEDED = re.compile(
    r"(?P<what>[^，,。；;！!？?\s]{1,10}?)\s*就?先?(?P<verb>不用了|不需要了|算了|不要了|免了|不算)(?=$|[，,。；;！!？?\s])"
)
# "S1001 不是我，我是 S1002", "S1003 isn't me": an id the learner says is someone else's
_ID_NOT_ME = re.compile(
    r"(?P<what>[A-Za-z]{1,4}[\s\-]?\d{3,8})(?!\d)\s*(?:不是我|(?:is not|isn'?t|'s not)\s+me\b|not me\b)", re.I
)
_EN_FINISHED = re.compile(
    r"\b(?P<verb>(?:(?:i'?m|i am|we'?re|we are)\s+)?(?:all\s+)?(?:done|finished|through)\s+(?:looking\s+at\s+|with\s+)"
    r"|enough\s+(?:about|of|with|on)\s+|that'?s\s+(?:it|all|enough)\s+(?:for|on|with|about)\s+"
    r"|(?:let'?s\s+)?mov(?:e|ing)\s+on\s+from\s+)"
    r"(?P<what>[A-Za-z]{1,4}[\s\-]?\d{3,8}(?!\d))(?:'s\b)?",
    re.I,
)
_ZH_FINISHED = re.compile(
    r"(?P<what>[A-Za-z]{1,4}[\s\-]?\d{3,8}(?!\d))\s*(?:的|这个|同学的?|这位的?)?\s*(?:就|我|已经|先)*"
    r"(?P<verb>看完了?|查完了?|看好了|这样吧?|到这吧?|放一边|放一放|放放|不看了|不查了|可以了|没问题了|OK了"
    r"|(?:不用|不必|别|甭)再?(?:看|查)了?)"
    r"(?=$|[，,。；;！!？?\s])",
    re.I,
)
# "不要 leisure，查 benefit": a word the learner does not want, without a verb
_ZH_NOT_WORD = re.compile(
    r"(?:不要|不用|" + _BIE + r"|不查)\s*(?P<verb>)(?P<what>[A-Za-z][A-Za-z\-]*)(?=\s*(?:[，,。；;]|$))"
)
# "我不是 S1001 哦 我是 S1004", "i'm S1003 not S1001": the id the learner says is not theirs
_ID_CORRECTION = re.compile(r"(?:我?不是|\bnot)\s*(?P<what>[A-Za-z]{1,4}[\s\-]?\d{3,8})(?!\d)\s*[哦啊呀]?")
_ZH_CORRECTION = re.compile(
    r"(?:我)?不是(?:问|说|查|要)?\s*(?P<what>[^，,。；;\s](?:[^，,。；;]{0,18}?[^，,。；;\s])?)(?:[，,]|\s+)\s*(?:而)?"
    r"(?=(?:(?:我)?(?:记错了|搞错了|打错了|说错了|写错了)[，,]?\s*)?(?:我)?(?:说的|问的|要问的|要查的|要的)?是)"
    # "不要北京，查杭州吧": one thing waved away, another asked for in its place
    r"|(?:不要|别|不用)(?:查|看)?(?P<what2>[^，,。；;\s查看]{1,8})(?=[，,]\s*(?:改|换|就)?(?:查|看|要|问))"
    # "不是问我自己的哈，S1003 的进度": not the learner's own
    r"|(?:不是|并不是|不)(?:问|查|说|要)?(?:我|我自己)的?(?:哈|哦|啊|呀|啦)?[，,]"
    # "我不去曼谷了，改去新加坡", "除了我自己，…": a plan given up, the learner left out
    r"|(?:我)?不去(?P<what4>[^，,。；;\s]{1,8})了[，,]\s*(?=(?:改|换)(?:去|成|到)?)|除了我(?:自己)?(?:以外|之外)?[，,]"
    # "东京不去了，改去悉尼": a plan given up for another
    r"|(?P<what3>[^，,。；;\s]{1,8})(?:不去了|去不了了|不去啦)[，,]\s*(?=(?:改|换)(?:去|成|到)?)"
)
_TOLD_SETTING = re.compile(
    r"(?P<told>\b(?:used|said|mentioned|taught|wrote|brought up|explained)\b[^,.;?!]{1,40}?)\s+"
    r"(?:in|during) (?:class|the lesson|today's class|our class)(?: today| yesterday| this morning)?\b"
    # "three vocab words from today's class: …", "going there after class": when, not a timetable asked
    r"|(?P<told2>)\bfrom (?:today's|yesterday's|this morning's|last) (?:class|lesson)\b"
    r"|(?P<told3>)\b(?:after|before) (?:class|school|my lessons?)\b(?!\s+(?:today|tomorrow|on)\b)",
    re.I,
)
#: "oops no, I meant Kyoto, not Tokyo": the one taken back, said last after a comma
_EN_NOT_LAST = re.compile(r",\s*not\s+(?P<what>[A-Za-z][\w-]{0,30})\s*[.!]*\s*$", re.I)
_EN_CORRECTION = re.compile(
    r"\bnot\s+(?:the\s+word\s+)?(?P<what>'[^']{1,30}'|\"[^\"]{1,30}\"|[A-Za-z][\w-]{0,30}(?:\s+(?!but\b)[A-Z][\w-]{0,30}){0,2})"
    r"\s*(?:—|–|-|,|;|(?=\s+i\s+mean)|(?=\s+but\s))\s*"
    r"(?:i meant\s+|i mean\s+|it's\s+|but\s+)?",
    re.I,
)


#: A search asked for in what is left once the negated spans are out: "don't search weather, search X".
_SEARCH_AGAIN = re.compile(r"\b(?:search(?:es|ing)?|google)\b|搜", re.I)


def asked_again(rest: str) -> frozenset[str]:
    """The concepts the rest of a message asks for by its verb alone (English "search" is too common a
    word to be a concept trigger): a search negated for one thing and asked for another is still wanted.

    >>> sorted(asked_again(", search how conditional edges work")), sorted(asked_again(", tell me about X"))
    (['search'], [])
    """
    return frozenset({"search"}) if _SEARCH_AGAIN.search(rest) else frozenset()


@dataclass
class Negated:
    """One span the learner negated: its words, the concepts it names (``search`` for "search"),
    and the tools the planner kept out because of it."""

    words: str
    concepts: frozenset[str]
    correction: bool = False
    tools_named: list[str] = field(default_factory=list)


def _concepts(verb: str, what: str) -> frozenset[str]:
    found = set(nlu.concepts_in(what))
    if verb.lower() in ("搜索", "搜", "search", "searching", "google", "googling") or re.fullmatch(
        r"look(?:ing)?\s+(?:anything|stuff)\s+up", verb.lower()
    ):  # "without looking anything up": no search either
        found.add("search")
    if re.search(r"\bthe (?:word )?list\b|词表", what, re.I):  # "no need to check the list": the word tool
        found.add("word")
    return frozenset(found)


def drop_negated(text: str) -> tuple[str, list[Negated]]:
    """The text without its negated spans, and each span taken out.

    >>> drop_negated("别查课表，我只想问 coherent 什么意思")[0]
    '，我只想问 coherent 什么意思'
    >>> drop_negated("not Tokyo — Seoul. weather?")[0]
    'Seoul. weather?'
    >>> drop_negated("no not tomorrow, the day after — Seoul")[0]
    'no , the day after tomorrow — Seoul'
    >>> drop_negated("不查北京了，改查广州今天的")[0]
    '，改查广州今天的'
    >>> drop_negated("不是S1002，看下S1003的进度")[0]
    '，看下S1003的进度'
    >>> drop_negated("I'm done with S1002, now S1003")[0], drop_negated("S1002 看完了，换 S1003")[0]
    (', now S1003', '，换 S1003')
    """
    out: list[Negated] = []
    text = _AFTER_TOMORROW.sub(r"\1 tomorrow", text)  # "not tomorrow, the day after": after tomorrow
    text = _retracted(text, out)
    # "teacher used meticulus in class today, what's its level": where the word was heard, not a class asked
    text = _TOLD_SETTING.sub(lambda m: m.group("told") or " ", text)
    excepted: list[str] = []
    for m in _ZH_NOT_MEANING.finditer(text):  # "我不想知道 ubiquitous 啥意思": its meaning is not wanted; the word is
        out.append(Negated(m.group(0).strip(), frozenset()))
    text = _ZH_NOT_MEANING.sub(r" \g<word> ", text)
    text = _ZH_NOT_HOW.sub(r" \g<word> ", text)
    for pattern in (
        _EN_FINISHED, _ZH_FINISHED, _ZH_NOT_BEFORE, _ZH_NOT_NEEDED, _ZH_NO_LONGER, _ZH_NOT, _ZH_NOT_WORD, _ZH_SPAN_NOT,
        _ZH_NOT_SPAN, _ZH_NOT_MEANT, _EN_FORGET_DAY, _EN_FORGET_TOPIC, _EN_LEAVE_OUT, _EN_NOT, _EN_WITHOUT,
        _EN_NOT_NEED, _EN_NOT_ASKING,
        _ZH_DONE, _EN_DONE, _ZH_EXCEPT, _EN_NO_TOPIC, _ZH_KNOWN, _EN_EXCEPT, _ZH_MYSELF, _EN_TOLD_WORD,
    ):  # fmt: skip
        for m in pattern.finditer(text):
            if _mid_word(m):
                continue  # the span would end inside a word ("…for the postgrad en|trance exam"): too long to read
            verb = m.group("verb") or m.groupdict().get("verb2") or ""
            # "don't need the meaning": a part of the answer not wanted, no tool ruled out
            plain = pattern in (
                _EN_NOT_NEED, _ZH_SPAN_NOT, _ZH_NOT_SPAN, _EN_FORGET_DAY, _EN_LEAVE_OUT, _ZH_NO_LONGER,
                _EN_FINISHED, _ZH_FINISHED, _ZH_NOT_NEEDED, _ZH_EXCEPT, _ZH_KNOWN, _EN_EXCEPT, _EN_TOLD_WORD,
            )  # fmt: skip
            concepts = frozenset() if plain else _concepts(verb, m.group("what"))
            out.append(Negated(m.group(0).strip(), concepts))
            if pattern is _ZH_EXCEPT:  # "除了 accord 都要查：accord、benefit": out of the list too
                excepted += re.findall(r"[A-Za-z][A-Za-z\-]+", m.group("what"))
        text = pattern.sub(lambda m: m.group(0) if _mid_word(m) else " ", text)
    for word in excepted:
        text = re.sub(rf"(?<![A-Za-z]){re.escape(word)}(?![A-Za-z])\s*[、,，]?", " ", text)
    # "S1003的进度": an id ends where its digits end, Chinese may follow; "S10" is an id given, if misshapen
    ids = re.findall(r"(?<![A-Za-z])[A-Za-z]{1,4}[\s\-]?\d{2,8}(?!\d)", text)
    if len(ids) >= 2:  # one id said not to be theirs, another given: the other is theirs
        for pattern in (_ID_NOT_ME, _ID_CORRECTION):
            for m in pattern.finditer(text):
                out.append(Negated(m.group(0).strip(), frozenset(), correction=True))
            text = pattern.sub(" ", text)
    for pattern in (_ZH_CORRECTION, _EN_CORRECTION, _EN_NOT_LAST):
        for m in pattern.finditer(text):
            out.append(Negated(m.group(0).strip(), frozenset(), correction=True))
        text = pattern.sub(" ", text)
    return re.sub(r"\s{2,}", " ", text).strip(), out


def _mid_word(m: re.Match[str]) -> bool:
    """Does the match end inside a word (a span cut by its length limit)? Such a span is not taken out."""
    text, end = m.string, m.end()
    return 0 < end < len(text) and bool(re.match(r"[A-Za-z]{2}", text[end - 1 : end + 1]))


def _retracted(text: str, out: list[Negated]) -> str:
    """The text without the days a later "scratch that" / "make it" / "改成" takes back.

    >>> _retracted("class tomorrow? nah scratch that, tues", [])
    'class ? nah scratch that, Tuesday'
    """
    from toolcall_lab.offline.dates import find_dates  # dates reads the text this module leaves

    marker = _RETRACT.search(text)
    if marker is None:
        return text
    head, tail = (
        text[: marker.start()],
        _SHORT_DAY.sub(lambda m: full_weekday(m.group(1)), text[marker.end() :]),
    )  # "…, tues"
    places, later_places = nlu.cities_in(head), nlu.cities_in(tail)
    negated_there = re.search(r"别|不要|不用|不查|不看|\bnot\b|\bdon'?t\b|\bno\s+(?!wait)", head, re.I)
    if not negated_there and places and later_places and not set(places) & set(later_places):
        # "tokyo, um, actually no, make it seoul": the place said first is taken back (a place said with its
        # own negation, "别查北京了 换成杭州", is left to the patterns for that)
        for city in places:
            out.append(Negated(city, frozenset(), correction=True))
            names = [city, *(zh for zh, en in nlu.ALL_CITIES.items() if en == city)]
            head = re.sub("|".join(re.escape(n) for n in names), " ", head, flags=re.I)
    before = find_dates(head)
    if not before or not find_dates(tail):
        return head + text[marker.start() :] if head != text[: marker.start()] else text
    for d in before:
        out.append(Negated(d.raw, frozenset(), correction=True))
        head = head.replace(d.raw, "", 1)
    return head + text[marker.start() : marker.end()] + tail


_SHORT_DAY = re.compile(r"\b(mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)\b\.?", re.I)
