"""The English words a question asks about: quoted or marked ones, lists of them, the one English
word of a Chinese sentence — and never the question's own frame ("level", "meaning"), a stop word,
filler or a city.
"""

from __future__ import annotations

import re

from toolcall_lab.offline.lexicon import CHAT_IDIOMS, EN_STOP, FILLER, FUNCTION_WORDS, NOT_TERMS
from toolcall_lab.offline.nlu import ALL_CITIES, CJK, EN_CITIES, VOCAB_SET, concept_hits, correct

_QUOTED = re.compile(r"[\"“'‘「]([A-Za-z][A-Za-z\-]*)[\"”'’」]")
#: A quoted phrase of two to six English words ("「I have been to」"): a piece of grammar, never one word
_PHRASE = re.compile(r"[\"“‘「](?P<p>[A-Za-z][A-Za-z']*(?:\s+[A-Za-z][A-Za-z']*){1,5})[\"”’」]")
_MARKED = (
    # "这词 kaoyan 考不考" points back at the word before it: 词 after 这 / 那 marks no word after it
    re.compile(
        r"(?:the (?:english )?word|\benglish word|vocab(?:ulary)? (?:item|entry|word)|(?<![这那])单词|(?<![这那单])词)"
        r"\s*[\"“'‘「]?([A-Za-z][A-Za-z\-]*)",
        re.I,
    ),
    # tried only where a word starts (the lookbehind), and the word is read once (possessive ``*+``):
    # unanchored, "aaaa…" was tried at every letter and read again from each
    re.compile(
        r"(?<![A-Za-z\-])([A-Za-z][A-Za-z\-]++)[\"”'’」]?\s*(?:这个词|这个单词|这词|那个词|一词|是什么意思|什么意思|是几级|几级"
        r"|怎么用)"
    ),
    re.compile(
        r"\b(?:mean(?:ing|s)? of|define|definition of|spell|look up|lookup)\s+[\"“'‘]?([A-Za-z][A-Za-z\-]*)", re.I
    ),
    # "diligent is B2 or C1", "leisure 是 B2 吗": a word given a level is the word asked about
    re.compile(r"(?<![A-Za-z\-])([a-z][a-z\-]{2,})\s*(?:is|was|=|是)\s*(?:an?\s+|at\s+)?(?:level\s+)?[ABC][12]\b"),
    # "what level is schedule": the word after "what level is" is the word, whatever its topic
    re.compile(
        r"\b(?:(?:what(?:'s| is) the )?level of|what level is)\s+(?:the word\s+)?[\"“'‘]?([A-Za-z][A-Za-z\-]*+)(?!\d)",
        re.I,
    ),
    # "is rain a kaoyan word": the word asked about, whatever its topic
    re.compile(
        r"\bis\s+[\"“'‘]?([a-z][a-z\-]+)[\"”'’]?\s+an?\s+(?:kaoyan|cefr|[abc][12]|syllabus|vocab(?:ulary)?)\s+word\b",
        re.I,
    ),
    # "sunny as a vocab word — which level": the word named as a word, whatever its topic
    re.compile(
        r"(?<![A-Za-z\-])([A-Za-z][A-Za-z\-]*)[\"”'’]?\s+as an?\s+(?:vocab(?:ulary)?\s+|english\s+)?word\b", re.I
    ),
    # "forecast - what level is that word", "看到 schedule，它啥含义": the word said first, then pointed back at
    re.compile(
        r"(?<![A-Za-z\-])([A-Za-z][A-Za-z\-]*+)\s*(?:[-—–:：,，]\s*)(?:(?:what|which)\b[^?？]{0,30}\b(?:that|this|the)"
        r" word\b|(?:它|这个)(?:是)?(?:啥|什么)(?:含义|意思))",
        re.I,
    ),
)


#: Words of a learner's story, never the word asked about ("my tutor keeps going on about negotiate being
#: super important"); kept apart from :data:`FILLER`, which search keywords also drop.
NOT_ASKED: frozenset[str] = frozenset(
    [
        "cheers", "mate", "hype", "hyping", "hyped", "super", "important", "being", "says", "said", "keeps",
        "kept", "thinks", "reckons", "told", "tells", "wants", "wanted", "sent", "sends", "goes", "went",
        "rang", "complaining", "complains", "people", "normal", "memorise", "memorize", "asking", "yyds",
        "rank", "ranks", "graded", "shi", "yao", "bei", "bu", "de", "ne", "le", "ba", "wo", "ni", "tysm",
        "tyvm", "appear", "appears", "item", "haha", "hahaha", "hah", "lol", "literally",
    ]
)  # fmt: skip


#: Something written as an id ("S1003", "s_1003", "S 1002", "student 7777"): a record, not a word.
AN_ID = re.compile(
    r"(?<![A-Za-z])[A-Za-z][\s_\-.#]?\d{3,}|\b(?:student|stu|pupil|learner|id|number|no\.?)\s*[#:]?\s*\d{3,}", re.I
)
_FRAME_WORDS = frozenset(
    {"word", "words", "level", "levels", "meaning", "meanings", "mean", "definition", "list", "it", "this", "that"}
)
#: English words a Chinese sentence uses for its own frame, never as the word it asks about: a language
#: ("'勤奋' 的 English 是哪个词") or the list it asks about ("考研 syllabus 里有它吗").
_CHINESE_FRAME = _FRAME_WORDS | {"english", "chinese", "mandarin", "syllabus", "vocabulary", "vocab", "kaoyan"}


def marked_terms(text: str) -> list[str]:
    """English words the question marks as the word it asks about (quoted, "the word X", "X 这个词").

    A quoted grammar word is asked about only with its level, meaning or listing (the word tool's topic):

    >>> marked_terms("when do I use 'since' and when 'for' with the present perfect?")
    []
    >>> marked_terms("is 'since' on the kaoyan list?")
    ['since']
    """
    out: list[str] = list(_QUOTED.findall(text))
    if "word" not in concept_hits(text):
        out = [w for w in out if w.lower() not in FUNCTION_WORDS]
    out += [w for w in _MARKED[1].findall(text) if w.lower() not in EN_STOP]  # "schedule 这个词" is a word too
    for pattern in (_MARKED[0], *_MARKED[2:]):
        # "the word schedule" marks schedule as the word asked about; only the frame's own words are not
        out += [w for w in pattern.findall(text) if correct(w) not in _FRAME_WORDS and w.lower() not in EN_STOP]
    # "look up London": a capitalised city after "look up" is a place looked up, not a word
    looked = set(_MARKED[2].findall(text)) - set(_QUOTED.findall(text)) - set(_MARKED[0].findall(text))
    out = [w for w in out if not (w in looked and w[:1].isupper() and w.lower() in EN_CITIES)]
    if AN_ID.search(text):  # "lookup progress for s_1003": a record looked up, not the word "progress"
        looked_up = set(_MARKED[2].findall(text)) - set(_QUOTED.findall(text))
        out = [w for w in out if not (w in looked_up and correct(w.lower()) in NOT_TERMS)]
    return list(dict.fromkeys(out))


def grammar_words(text: str) -> list[str]:
    """The grammar words a question quotes to ask how to use them ("when do I use 'since' and when 'for'"):
    every quoted word a function word, and no word of the word tool's topic (level, meaning, list).

    >>> grammar_words("when do I use 'since' and when 'for' with the present perfect?")
    ['since', 'for']
    >>> grammar_words("what does 'for' mean"), grammar_words("'since' or 'leisure'?")
    ([], [])
    >>> grammar_words("「I have been to」和「I have gone to」有什么区别？")
    ['I have been to', 'I have gone to']
    """
    quoted = list(dict.fromkeys(_QUOTED.findall(text)))
    phrases = list(dict.fromkeys(m.group("p") for m in _PHRASE.finditer(text)))
    if len(phrases) >= 2 and not quoted:
        return phrases
    if not quoted or "word" in concept_hits(text) or any(w.lower() not in FUNCTION_WORDS for w in quoted):
        return []
    return quoted


_RUN_GLUE = re.compile(
    # "帮我看看广州、新加坡": a request's opening words before the items are glue too
    r"^\s*(?:(?:请|麻烦)?(?:帮我|给我)?(?:看看|看一下|查查|查一下|查下|瞅瞅)|check|look up|tell me about"
    r"|i meant|i mean|(?:no )?sorry,? i meant|make (?:it|that)|我是说|我说的是)?"
    r"[\s、,，/&+]*(?:and|or|vs\.?|versus|和|跟|与|以及|还有|或)?[\s、,，/&+]*$",
    re.I,
)


def term_run(text: str) -> list[str]:
    """English words written as one list ("meticulous ubiquitous leisure", "coherent、abandon 还有 negotiate"):
    the longest run of :func:`english_terms` with only separators or a conjunction between them.

    >>> term_run("meticulous ubiquitous leisure 分别几级"), term_run("benefit 这个我懂 accord 呢")
    (['meticulous', 'ubiquitous', 'leisure'], ['benefit'])
    """
    terms = sorted(english_terms(text), key=lambda w: (text.find(w) < 0, text.find(w)))  # as written
    best: list[str] = []
    run: list[str] = []
    at = 0
    for term in terms:
        found = text.find(term, at)
        if found < 0:
            break
        run = [*run, term] if run and _RUN_GLUE.match(text[at:found]) else [term]
        at = found + len(term)
        best = run if len(run) > len(best) else best
    return best


def only_items(text: str) -> bool:
    """Is ``text`` nothing but a list of things (English words, cities) and separators ("coherent、abandon")?
    Such a clause is items of the ask that follows it; "我在北京" is not.

    >>> only_items("coherent、abandon"), only_items("东京，首尔"), only_items("我在北京")
    (True, True, False)
    >>> only_items("帮我看看广州、新加坡")  # a request's opening words are glue
    True
    """
    rest = text
    for term in term_run(text):
        rest = rest.replace(term, " ", 1)
    for zh, en in ALL_CITIES.items():
        rest = rest.replace(zh, " ")
        rest = re.sub(rf"\b{re.escape(en)}\b", " ", rest, flags=re.I)
    return rest != text and bool(_RUN_GLUE.match(rest))


def english_terms(text: str) -> list[str]:
    """English words a learner might ask about ("accord"): marked ones first, then plain lower-case words.

    A plain word is never a stop word, a word of the question's frame ("level", "meaning",
    misspelt or not), a city, a tool name with ``_`` or a capitalised name ("LangGraph").

    >>> english_terms("benefit's level in your list?")
    ['benefit']
    """
    marked = marked_terms(text)
    if marked:  # "look up the word meticulous for me, thanks a lot": the marked word, not "lot"
        return marked
    text = CHAT_IDIOMS.sub(" ", text)
    plain = [
        w
        # a word with its possessive 's ("benefit's level"), not one cut by an apostrophe ("isn't")
        for m in re.finditer(r"(?<![A-Za-z0-9_.'])([a-z][a-z\-]{2,}+)(?![A-Za-z0-9_(]|['’](?!s\b))", text)
        if (w := m.group(1)) not in FUNCTION_WORDS
        and not _KIND_OF_WORDS.match(text, m.end())  # "three linking words": a kind of words, not a word
        and w not in FILLER
        and w not in NOT_ASKED
        and w not in _CONJUNCTIONS
        and correct(w) not in NOT_TERMS
        and w not in EN_CITIES
        and correct(w) not in VOCAB_SET
        and not _CALENDAR.fullmatch(w)  # "next tuesday": a day, never a word asked about
        and not _AFTER_SUBJECT.search(text[: m.start()])  # "I prepare kaoyan next year": the learner's own verb
    ]
    if not plain and WORD_LIST_FRAME.search(text):
        plain = _topic_words_as_words(text)
    # "is diligent 考研 word or not, my roommate says yes": a word after "my" is the learner's life, not a
    # word asked (a word asked about is quoted or marked: "what does 'roommate' mean")
    owned = _owned_words(text)
    plain = [w for w in plain if w.lower() not in owned]
    return with_listed(text, list(dict.fromkeys(plain)))


_AFTER_SUBJECT = re.compile(r"(?:^|[,.;!?，。]\s*|\s)(?:i|we|they)\s+$", re.I)
#: "my roommate", "my professor's emails": the owner's things, each word of them
_OWNED = re.compile(r"\b(?:my|his|her|our|their|your)\s+([a-z][a-z\-]{2,})\b(?:'s\s+([a-z][a-z\-]{2,})\b)?", re.I)


#: "I'm reviewing tonight": what the learner is doing, not a word asked
_DOING = re.compile(r"\b(?:i'?m|im|i am|i was|we'?re|we are|been)\s+([a-z]+ing)\b", re.I)


def _owned_words(text: str) -> set[str]:
    owned = {w.lower() for m in _OWNED.finditer(text) for w in m.groups() if w}
    return owned | {m.group(1).lower() for m in _DOING.finditer(text)}


def is_owned(word: str, text: str) -> bool:
    """Is the word said as the learner's own thing ("my roommate", "her flashcards"), not as a word asked?

    >>> is_owned("roommate", "my roommate says yes"), is_owned("diligent", "is diligent a kaoyan word")
    (True, False)
    """
    return word.lower() in _owned_words(text) and word not in marked_terms(text)


#: After a plain word, a plural that makes it a kind of words ("linking words", "transition phrases").
_KIND_OF_WORDS = re.compile(r"\s+(?:words|phrases|expressions|verbs|nouns|adjectives|adverbs)\b", re.I)

#: The question is about words on the graded list: "where does sunny sit on the word list", "这俩词在词表里是几级".
WORD_LIST_FRAME = re.compile(
    r"\bword[\s-]?list\b|\bwordlist\b|词表|这俩词|这两个词|这几个词|\bthese (?:two |three )?words\b"
    r"|考研(?:要)?考|考不考|大纲里|\bin the (?:kaoyan )?syllabus\b|\bon the kaoyan list\b"
)
#: "my class on the word list": a word after a possessive or an article names the thing, not a word asked.
_NAMES_A_THING = re.compile(r"(?:\b(?:my|your|our|his|her|their|the|a|an|this|that)|['’]s)\s+$", re.I)


def _topic_words_as_words(text: str) -> list[str]:
    """Words that also name a tool's topic ("sunny", "cloudy") asked about *as words* in a word-list frame.

    >>> _topic_words_as_words("sunny 和 cloudy 这俩词在词表里是几级"), _topic_words_as_words("my class, word list")
    (['sunny', 'cloudy'], [])
    """
    return [
        m.group(1)
        for m in re.finditer(r"(?<![A-Za-z0-9_.'])([a-z][a-z\-]{2,}+)(?![A-Za-z0-9_(])", text)
        if correct(m.group(1)) in VOCAB_SET
        and correct(m.group(1)) not in NOT_TERMS
        and m.group(1) not in FUNCTION_WORDS
        and not _CALENDAR.fullmatch(m.group(1))
        and not _NAMES_A_THING.search(text[: m.start()])
    ]


_CALENDAR = re.compile(
    r"(?:mon|tues|wednes|thurs|fri|satur|sun)day|january|february|march|april|may|june|july|august|september"
    r"|october|november|december|today|tonight|tomorrow|yesterday|weekend",
)
_LIST_RUN = re.compile(
    r"(?<![A-Za-z])[a-z][a-z\-]+(?:\s*(?:[,，、+]|和|跟|与)\s*(?:and\s+)?[a-z][a-z\-]+|\s+(?:and|or|vs\.?|versus)\s+[a-z][a-z\-]+)+"
    r"(?![A-Za-z])"
    # "benefit leisure schedule 分别几级": words side by side before the Chinese question
    r"|(?<![A-Za-z])[a-z][a-z\-]+(?:\s+[a-z][a-z\-]+){2,}(?=\s*[\u4e00-\u9fff])"
)


_CONJUNCTIONS = frozenset({"and", "or", "vs", "vs.", "versus"})


def with_listed(text: str, terms: list[str]) -> list[str]:
    """The terms, with the other items of a list they are written in ("benefit, diligent and
    schedule": "schedule" is one of the words asked about, though it also names a topic).

    >>> with_listed("levels of benefit, diligent and schedule", ["benefit", "diligent"])
    ['benefit', 'diligent', 'schedule']
    >>> with_listed("coherent vs ambiguous", ["coherent", "ambiguous"])
    ['coherent', 'ambiguous']
    """
    if not terms:
        return terms
    out = list(terms)
    for m in _LIST_RUN.finditer(text):
        items = [w for w in re.split(r"\s*(?:[,，、+]|和|跟|与)\s*(?:and\s+)?|\s+(?:and|or)\s+|\s+", m.group(0)) if w]
        items = [w for w in items if w not in _CONJUNCTIONS and w not in _FRAME_WORDS and w not in _ANSWER_PARTS]
        if any(w in terms for w in items) and not any(w in EN_STOP or w in FILLER for w in items):
            out += [w for w in items if w not in out]
    return _with_sandwiched(text, out)


_SIDE_BY_SIDE = re.compile(r"[a-z][a-z\-]+(?:(?:\s*[,，、/+]\s*|\s+)[a-z][a-z\-]+)+")


def _with_sandwiched(text: str, terms: list[str]) -> list[str]:
    """The terms, with a topic word written among them ("negotiate schedule ambiguous — levels?": "schedule"
    names the timetable's topic, but side by side with two words asked about it is one of them), in the
    order the learner wrote them.

    >>> _with_sandwiched("negotiate schedule ambiguous — what level is each?", ["negotiate", "ambiguous"])
    ['negotiate', 'schedule', 'ambiguous']
    >>> _with_sandwiched("my schedule, benefit", ["benefit"])
    ['benefit']
    """
    added: list[str] = []
    for m in _SIDE_BY_SIDE.finditer(text):
        group: list[str] = []  # the words side by side that are each asked about or a topic word
        for word in [*re.split(r"\s*[,，、/+]\s*|\s+", m.group(0)), ""]:
            if word and (word in terms or _topic_word(word)):
                group.append(word)
                continue
            if sum(w in terms for w in group) >= 2:
                added += [w for w in group if w not in terms and w not in added]
            group = []
    if not added:
        return terms
    return sorted([*terms, *added], key=lambda w: (text.find(w) < 0, text.find(w)))


#: Words that name a tool's topic and are words of the course too: never a word asked about alone, but
#: one of them when written among words asked about.
_TOPIC_NAMES = frozenset({"schedule", "progress", "weather", "record", "lesson", "forecast", "teacher"})


def _topic_word(word: str) -> bool:
    """A course word that also names a tool's topic ("schedule", "sunny"), and nothing of the frame."""
    return word in _TOPIC_NAMES or (
        correct(word) in VOCAB_SET
        and correct(word) not in NOT_TERMS
        and word not in FUNCTION_WORDS
        and word not in FILLER
        and not _CALENDAR.fullmatch(word)
    )


#: A part of the answer asked for in English ("给个 example 呗"), not the word asked about.
_ANSWER_PARTS = frozenset({"example", "examples", "sentence", "sentences", "definition", "usage"})


def lone_latin_word(text: str) -> str | None:
    """The one English word of a Chinese sentence ("forecast 考研考吗", "词汇表里有没有 weather"),
    whatever it is: the learner wrote it to ask about it. ``None`` when there are none or several."""
    if not CJK.search(text):
        return None
    text = CHAT_IDIOMS.sub(" ", text)  # "中文意思 is fine too": how to answer, not a word
    words = [
        w
        for w in re.findall(r"(?<![A-Za-z0-9_])[A-Za-z][A-Za-z\-]+(?![A-Za-z0-9_(])", text)
        if w.lower() not in EN_STOP | FILLER | NOT_ASKED | _ANSWER_PARTS and w.lower() not in _CHINESE_FRAME
    ]
    return words[0].lower() if len(words) == 1 else None
