"""Choosing tools: which of the offered tools fit each ask of the question, scored by their own words.

Each tool is read once: the concepts its name, description and parameter descriptions
speak of, their English stems and Chinese bigrams, and the kind of each parameter. A piece
of the question scores against a tool by

* **concepts** they share, 3 points each (1 when every offered tool has it, so the words
  "调用…工具" that every description contains decide nothing), 2 more when the tool's *name*
  says it (``get_weather`` for a weather question, rather than a search tool that mentions weather);
* **shared words** (stems and bigrams that not every tool has), at most 2 points;
* **things the question names that the tool takes**: a city for a city parameter (2), a
  marked English word for a word parameter (3), an id or a date (1 each);
* **the user asking for it by name** ("use search_web", ``f(3)``): 10; "don't call X" removes X.

A tool is called for a piece scoring :data:`THRESHOLD` or more. Dates, tool names and the word
asked about are taken out of the text before it is scored: "明天" or "lookup_word" alone
never chooses a tool.
"""

from __future__ import annotations

import functools
import json
import re
from dataclasses import dataclass, field
from typing import Any

from toolcall_lab.offline import course_terms, nlu, terms
from toolcall_lab.offline.asking import states_identity, states_situation
from toolcall_lab.offline.clauses import split_segments
from toolcall_lab.offline.dates import find_dates
from toolcall_lab.offline.ids import find_ids
from toolcall_lab.offline.kinds import function_of, kinds_of, properties, tool_name
from toolcall_lab.offline.lexicon import OTHER_SENSES
from toolcall_lab.offline.place_cues import EXAMPLE_SENTENCE, HOW_IS, LOOK_UP, LOOK_UP_ID, SWITCH, place_and_time
from toolcall_lab.offline.policy import tool_request
from toolcall_lab.offline.spans import asks_days

THRESHOLD = 3
# Bigrams every tool description uses about itself: they say nothing about the question.
_BOILERPLATE = frozenset(
    {
        "调用", "用本", "本工", "工具", "查询", "返回", "为准", "一律", "不要", "印象",
        "凭印", "学生", "生问", "时调", "当学", "回答", "问题",
    }
)  # fmt: skip


@dataclass(frozen=True)
class ToolInfo:
    """A tool as the model reads it."""

    name: str
    tool: dict[str, Any]
    concepts: frozenset[str]
    name_concepts: frozenset[str]
    name_stems: frozenset[str]
    stems: frozenset[str]
    bigrams: frozenset[str]
    kinds: dict[str, str]
    id_patterns: tuple[re.Pattern[str], ...]
    id_descriptions: tuple[str, ...] = ()


def _tool_text(tool: dict[str, Any]) -> str:
    fn = function_of(tool)
    parts = [str(fn.get("name") or "").replace("_", " "), str(fn.get("description") or "")]
    for pname, schema in properties(fn.get("parameters")).items():
        parts += [pname.replace("_", " "), str(schema.get("description", ""))]
    return "\n".join(parts)


@functools.lru_cache(maxsize=256)
def _read_tools(key: str) -> tuple[ToolInfo, ...]:
    tools: list[dict[str, Any]] = json.loads(key)
    infos = []
    for tool in tools:
        text = _tool_text(tool)
        name = tool_name(tool)
        kinds = kinds_of(tool)
        patterns = []
        descriptions = []
        for pname, schema in properties(function_of(tool).get("parameters")).items():
            found = nlu.id_pattern_from(str(schema.get("description", ""))) if kinds[pname] == "id" else None
            if found is not None:
                patterns.append(found)
                descriptions.append(str(schema.get("description", "")))
        infos.append(
            ToolInfo(
                name=name,
                tool=tool,
                concepts=nlu.concepts_in(text),
                name_concepts=nlu.concepts_in(name.replace("_", " ")),
                name_stems=frozenset(nlu.en_words(name.replace("_", " ")) - {"get", "set"}),
                stems=frozenset(nlu.en_words(text)),
                bigrams=frozenset(nlu.zh_bigrams(text) - _BOILERPLATE),
                kinds=kinds,
                id_patterns=tuple(patterns),
                id_descriptions=tuple(descriptions),
            )
        )
    return tuple(infos)


def read_tools(tools: list[dict[str, Any]]) -> tuple[ToolInfo, ...]:
    """Each tool read once (cached: a conversation resends the same tools)."""
    return _read_tools(json.dumps(tools, ensure_ascii=False, default=str))


@dataclass
class Score:
    """How well one tool fits one piece of the question, and the words that made it."""

    tool: str
    points: int = 0
    matched: list[str] = field(default_factory=list)

    def add(self, points: int, word: str) -> None:
        self.points += points
        self.matched.append(word)


#: A source the learner quotes ("the internet says", "网上说"): what the web said, not a request to search it.
REPORTED_SOURCE = re.compile(
    r"\b(?:the\s+)?(?:internet|web|google|websites?|some (?:sites|websites|pages)|online sources?)"
    r"\s+(?:says?|said|claims?|shows?|lists?|tells? (?:me|us))\b"
    r"|\b(?:read|saw|seen|found|heard)\s+(?:it\s+)?(?:online|on the (?:internet|web))\b"
    r"|网上(?:都|有人)?(?:说|写着|写的)|在网上(?:看到|查到|读到)",
    re.I,
)


def scrub(text: str, infos: tuple[ToolInfo, ...]) -> str:
    """The text with tool names, dates, marked words and quoted sources taken out, for scoring intents."""
    text = REPORTED_SOURCE.sub(" ", text)
    for info in infos:
        if info.name:
            text = re.sub(rf"{re.escape(info.name)}(?:\s*\([^()]*\))?", " ", text)
    for d in find_dates(text):
        text = text.replace(d.raw, " ")
    text = re.sub(r"\b\d+\s*-\s*[A-Za-z]+\b", " ", text)  # "200-word", "5-day": a size, not a topic
    for term in terms.marked_terms(text):
        text = re.sub(rf"(?<![A-Za-z]){re.escape(term)}(?![A-Za-z])", " ", text)
    return text


def score_tool(piece: str, info: ToolInfo, infos: tuple[ToolInfo, ...]) -> Score:
    """Score one tool against one piece of the question (see the module docstring)."""
    score, piece = Score(info.name), EXAMPLE_SENTENCE.sub(" ", piece)  # an example's London is asked nothing
    ask = tool_request(info.name, piece)
    if ask == "never":
        score.add(-100, f"never:{info.name}")
        return score
    if ask == "call":
        score.add(10, f"asked:{info.name}")
    text = scrub(piece, infos)
    everywhere = len(infos) > 1
    hits = nlu.concept_hits(text)
    if (
        set(hits.get("weather", ())) & _WEATHER_ASKED
        and "word" not in hits  # "what level is forecast": a question about the word
        and not any("weather" in i.concepts for i in infos)
    ):
        score.add(-6, "weather:no weather tool")  # "will it rain for my class?": the class is not the question
    if _LESSON_COUNT.search(piece) and not any(d.kind != "week" for d in find_dates(piece)):
        # "谁剩的课更少", "how many lessons has each of us done": a count over the course, not a day's timetable
        if "date" in info.kinds.values():
            score.add(-4, "date:a count of lessons, no day")
        elif "progress" in info.concepts:
            score.add(3, "progress:a count of lessons")
    student_tool = bool({"progress", "schedule"} & info.concepts)  # a record of the signed-in student takes no id
    if (
        terms.AN_ID.search(piece)
        and not any("id" in i.kinds.values() for i in infos)
        and not student_tool
        and not is_search_tool(info)
    ):
        score.add(-6, "id:no tool takes a student")  # "what's S1003's schedule looking like" to a weather tool
    if is_search_tool(info) and nlu.about_own_record(text):
        score.add(-6, "search:the learner's own record")  # "google my speaking score": no web page knows it
    if is_search_tool(info) and course_terms.mentioned(piece):
        score.add(4, "search:a term the docs explain")  # "look up langgraph checkpointers": the docs, not a word
    for concept, triggers in hits.items():
        if concept in info.concepts:
            shared = everywhere and all(concept in other.concepts for other in infos)
            score.add(1 if shared else 3, f"{concept}:{'/'.join(triggers[:3])}")
            if concept in info.name_concepts:
                score.add(2, f"name:{concept}")
    others = [o for o in infos if o is not info]
    words = [w for w in nlu.en_words(text) & info.stems if not (everywhere and all(w in o.stems for o in others))]
    grams = [g for g in nlu.zh_bigrams(text) & info.bigrams if not (everywhere and all(g in o.bigrams for o in others))]
    if words or grams:
        score.add(min(2, len(words) + len(grams)), f"words:{'/'.join(sorted(words + grams)[:4])}")
    named = nlu.en_words(text) & info.name_stems
    if named and not any(m.startswith("name:") for m in score.matched):
        score.add(min(2, len(named)), f"name:{'/'.join(sorted(named))}")
    things_named(piece, info, score)
    return score


def things_named(piece: str, info: ToolInfo, score: Score) -> None:
    """Points for the things a piece names that the tool takes (a city, a word, an id, a date)."""
    kinds = set(info.kinds.values())
    if "city" in kinds and nlu.cities_in(piece):
        score.add(2, f"city:{nlu.cities_in(piece)[0]}")
    if "word" in kinds:
        marked = terms.marked_terms(piece)
        plain = [t for t in terms.english_terms(piece) if t.islower()]
        if marked or (plain and (nlu.CJK.search(piece) or re.search(r"\b[ABC][12]\b", piece))):
            score.add(3, f"word:{(marked or plain)[0]}")
    if "id" in kinds and any(find_ids(piece, d) for d in info.id_descriptions):
        score.add(1, "id")
        if _only_ids_required(info) and place_and_time(piece, LOOK_UP_ID) and not find_dates(piece):
            score.add(2, "id+look up")  # "look up student 7777": the tool an id alone fills, for that id
    if "date" in kinds and any(d.kind != "week" for d in find_dates(piece)):
        score.add(1, "date")
        if _MY_DAY.search(piece):
            score.add(3, "date+my day")  # "what have I got tomorrow": a day and what the learner has on it
        if "id" in kinds and any(find_ids(piece, d) for d in info.id_descriptions):
            score.add(2, "id+date")  # "check S1002's on 2026-07-28": the tool that takes both
    if "days" in kinds and "city" in kinds and nlu.cities_in(piece) and asks_days(piece):
        score.add(1, "days")  # "Hangzhou, rest of the week?": a place and a span of days
    if "city" in kinds and nlu.cities_in(piece) and place_and_time(piece):
        score.add(1, "city+when")  # "Sydney now?", "chongqing jintian re ma": a place at a time, little else
    elif "city" in kinds and nlu.cities_in(piece) and place_and_time(piece, LOOK_UP):
        score.add(1, "city+look up")  # "查查杭州", "skip Paris, look up London": a place to look up, little else
    elif "city" in kinds and nlu.cities_in(piece) and place_and_time(piece, SWITCH):
        score.add(1, "city+instead")  # "forget seoul, how about paris": a place in another's stead
    elif "city" in kinds and nlu.cities_in(piece) and place_and_time(piece, HOW_IS):
        score.add(1, "city+how")  # "how is it in Paris": how a place is, little else


#: Lessons counted over the course (done, left, not yet taken), compared or added up.
_LESSON_COUNT = re.compile(
    r"\b(?:lessons?|classes|sessions)\b[^.?!]{0,30}\b(?:done|left|remaining|completed|finished|to go)\b"
    r"|\b(?:fewer|more|most|fewest)\s+(?:lessons?|classes|sessions)\b"
    r"|剩(?:的|下的|余的)?课|课剩|还没上的课|没上的课|上了几节|上了多少|学了几节|学了多少节|再上几节|把课程上完"
    # "我还差几节课就能全部上完", "还有几课", "how many lessons till I'm finished": what is left of the course
    r"|还(?:差|有|剩|要上?)(?:几|多少)(?:节|堂)?课|还(?:差|剩|要上?)(?:几|多少)(?:节|堂)"
    r"|(?:全部|都|才能|就能)(?:上|学)完|(?:才|就)能?(?:结束|结课)"
    r"|\b(?:lessons?|classes|sessions)\b[^.?!]{0,30}\b(?:till|until|before)\b[^.?!]{0,20}"
    r"\b(?:finish(?:ed)?|done|through|complete(?:d)?|the end)\b",
    re.I,
)

#: Weather words that make a piece a weather question whatever else it names.
_WEATHER_ASKED = frozenset(
    (
        "天气",
        "气温",
        "下雨",
        "降雨",
        "带伞",
        "雨伞",
        "下雪",
        "weather",
        "rain",
        "snow",
        "umbrella",
        "forecast",
        "temperature",
    )
)

_MY_DAY = re.compile(
    r"\bwhat(?:'ve|\s+have|\s+do|\s+does)\s+(?:i|we|S?\d{3,}(?:\s+and\s+S?\d{3,})?)\s+(?:got|have)\b"
    r"|\b(?:do|have)\s+i\s+(?:have|got)\s+anything\b"
    r"|\bwhen(?:'s|\s+is|\s+are)\s+my\b"
    # "where Saturday's speaking practice is", "周六的课在哪": where something of that day takes place
    r"|\bwhere(?:'s|\s+is|\s+are|\s+do\s+i\s+go)\b|\bwhere\b.{0,40}\b(?:is|are)\W*$|在哪(?:里|儿|间)?(?:上|上课)?"
    r"|^\W*any(?:thing)?\s+(?:on\s+)?(?:today|tonight|tomorrow|this|next|\w+day)\b"
    r"|我.{0,6}有(?:什么|啥)(?!问题|意思|区别)",
    re.I,
)


def _only_ids_required(info: ToolInfo) -> bool:
    """Is every required parameter of the tool an id (it can be called with an id alone)?"""
    required = (function_of(info.tool).get("parameters") or {}).get("required") or list(info.kinds)
    return bool(required) and all(info.kinds.get(p) == "id" for p in required)


_BARE_WORD = re.compile(
    # "…, diligent and schedule each are": a listed word, with the sentence's last small words after it
    r"\s*(?:(?:and|or|和|还有)\s*)?[a-z][a-z\-]+(?:\s+(?:each|both|are|is|pls|please|too|respectively))*"
    r"\s*[?？.]?\s*"
)


@dataclass
class Ask:
    """One thing the question asks a tool for: the tool, its clause and the list items it covers."""

    info: ToolInfo
    clause: int
    segments: list[str]

    @property
    def text(self) -> str:
        """The segments joined back in their own script: "，" between Chinese ones, ", " between others."""
        chinese = any("\u4e00" <= ch <= "\u9fff" for segment in self.segments for ch in segment)
        return ("，" if chinese else ", ").join(self.segments)


@dataclass
class ClauseReading:
    """One clause of the question as scored: each tool's score, and the asks it yields."""

    text: str
    scores: list[Score]
    asks: list[Ask]
    #: the tools that took a piece a web search would have had: a student's record is theirs, not the web's
    instead_of_search: list[str] = field(default_factory=list)


def _best(piece: str, infos: tuple[ToolInfo, ...], allowed: set[str]) -> tuple[ToolInfo | None, list[Score]]:
    scores = [score_tool(piece, info, infos) for info in infos]
    ranked = sorted((s for s in zip(scores, infos, strict=True) if s[1].name in allowed), key=lambda p: -p[0].points)
    if ranked and ranked[0][0].points >= THRESHOLD:
        return ranked[0][1], scores
    return None, scores


def _topical(segment: str, info: ToolInfo, infos: tuple[ToolInfo, ...]) -> bool:
    """Did words of the tool's own topic (not only a thing it takes) win it this segment?"""
    return any(m.split(":", 1)[0] in info.concepts for m in score_tool(segment, info, infos).matched if ":" in m)


def read_clause(index: int, clause: str, infos: tuple[ToolInfo, ...], allowed: set[str]) -> ClauseReading:
    """The asks of one clause: each list item goes to its best tool; an item naming only a thing
    ("'leisure'", "S1003") joins the ask next to it."""
    best_whole, scores = _best(clause, infos, allowed)
    instead: list[str] = []
    segments = split_segments(OTHER_SENSES.sub(" ", clause).strip() or clause)  # not "raining cats | dogs"
    owners: list[ToolInfo | None] = (
        [_best(s, infos, allowed)[0] for s in segments] if len(segments) > 1 else [best_whole]
    )
    if not any(owners):
        owners = [best_whole] * len(segments)
    whole = next((sc for sc in scores if best_whole and sc.tool == best_whole.name), None)
    if whole and "id+date" in whole.matched and len(segments) > 1:
        # "check S1002 and S1003 for 2026-07-25": one date for every id, so every item goes to the tool taking both
        owners = [
            best_whole if o is not None and not _topical(s, o, infos) else o
            for o, s in zip(owners, segments, strict=True)
        ]
    if len(segments) > 1:  # "我学号1001，…几点上课": saying who you are asks nothing of its own
        kept = [None if states_identity(s) or states_situation(s) else o for o, s in zip(owners, segments, strict=True)]
        owners = kept if any(kept) else owners
    if private_record(clause):  # "帮我查下我和 S1002 的学习进度": no piece of it goes to a web search
        # "search online how many lessons S1002 has done": the tool that holds the record, if one fits
        not_web = {i.name for i in infos if not is_search_tool(i)} & allowed
        web = [o is not None and is_search_tool(o) for o in owners]
        owners = [_best(s, infos, not_web)[0] if w else o for o, s, w in zip(owners, segments, web, strict=True)]
        instead = [o.name for o, w in zip(owners, web, strict=True) if w and o is not None]
    # a bare word listed after words for a word parameter is one more of them ("benefit, diligent and
    # schedule"), even when it also names another tool's topic
    for i in range(1, len(owners)):
        before = owners[i - 1]
        if before is not None and "word" in before.kinds.values() and _BARE_WORD.fullmatch(segments[i]):
            owners[i] = before
    # an item without a tool of its own belongs to the ask before it (or, leading, after it)
    for i in range(len(owners)):
        if owners[i] is None:
            before = next((o for o in reversed(owners[:i]) if o is not None), None)
            owners[i] = before or next((o for o in owners[i + 1 :] if o is not None), None)
    asks: list[Ask] = []
    for segment, owner in zip(segments, owners, strict=True):
        if owner is None:
            continue
        if asks and asks[-1].info is owner:
            asks[-1].segments.append(segment)
        else:
            asks.append(Ask(owner, index, [segment]))
    return ClauseReading(clause, scores, asks, list(dict.fromkeys(instead)))


def private_record(clause: str) -> bool:
    """A student's own timetable or record (the learner's, or one named by id): no web page has it."""
    if nlu.about_own_record(clause):
        return True
    return bool(terms.AN_ID.search(clause)) and bool({"schedule", "progress"} & nlu.concepts_in(clause))


def is_search_tool(info: ToolInfo) -> bool:
    return "search" in info.name_concepts or ("search" in info.concepts and "query" in info.kinds.values())
