"""The shape of a request: a question asking for a fact, or a task asking the model to *do* something.

A tool answers questions ("what is the weather in Paris", "best pizza places in naples", "搜一下 X");
it does not write, translate or book. The planner reads each clause's shape before it lets a tool
take it: a statement ("I'm S1001") asks nothing, and a task no tool does is declined in words.
"""

from __future__ import annotations

import re
from typing import Any

from toolcall_lab.offline.ids import spelled_digits

#: "can't", "can’t", "cannot", "couldn't", "don't": an inability or a refusal, in the spellings learners type.
CANT = r"(?:can['’]?t|cannot|can not|couldn['’]?t|could not|don['’]?t|dont)"
_TASK = re.compile(
    r"^\s*(?:please\s+|can you\s+|could you\s+|帮我|请|给我|麻烦)?\s*"
    r"(?:write|compose|draft|translate|book|order|buy|draw|sing|make|create|generate|tell me a joke|"
    r"写|翻译|订|预订|买|画|唱|讲个|讲一个|编|作一首|生成)"
    r"|(?:帮我|替我|给我).{0,8}请(?:个|一天|半天)?假",  # "帮我跟赵老师请个假": an errand
    re.I,
)
_QUESTION = re.compile(
    r"[?？]|^\s*(?:what|which|who|when|where|why|how|is|are|do|does|did|can|will|tell me)\b"
    # "ok now find the one about add_messages", "lookup X backends"; not "cant find a weather app"
    r"|(?<!n't )(?<!n’t )(?<!cant )(?<!not )(?<!never )\b(?:find|search|look up|lookup)\b"
    # a request for reading ("smth on checkpointer backends pls", "what should I read up on", "do ubiquitous")
    r"|\b(?:smth|sth|something|anything|stuff|info|material|docs?|articles?|resources?)\s+(?:on|about)\b"
    r"|\bread (?:up )?(?:on|about)\b|\blearn (?:more )?about\b|\bnow do\b|\bnow\s+[A-Za-z]+_[A-Za-z_]+"
    # "best pizza places in naples", "top 10 universities in the uk": a ranking of things somewhere
    r"|^\s*(?:the\s+)?(?:best|top(?: \d+)?|cheap(?:est)?|good|nice|great|decent|popular|recommended)\s+\w+"
    r".*\b(?:in|near|around)\s+\w"
    r"|什么|哪|谁|多少|几|吗|呢|是否|怎么|如何|为什么|告诉我|搜|查",
    re.I,
)


def is_task(clause: str) -> bool:
    """A request to *do* something (write, translate, book …) rather than to find a fact."""
    return bool(_TASK.search(clause))


def is_question(text: str) -> bool:
    """Something asking for a fact, as opposed to a greeting or a statement."""
    return bool(_QUESTION.search(text)) and len(text.strip()) >= 2


#: A clause that only says who the learner is: "我学号1001", "my id is S1003", "I'm S1002 btw".
_SELF_ID = re.compile(
    r"^\s*(?:我(?:的)?(?:学号|id|ID)(?:是|为)?|我是|学号(?:是|为)?|(?:my )?(?:student )?(?:id|number|no\.?|#)"
    r"(?: is|'s|:)?|i'?m|i am|this is|it'?s)\s*(?:student\s*)?[#]?[A-Za-z]?\s*\d{3,5}"
    r"\s*(?:btw|here)?\s*[,，.。!！]?\s*$",
    re.I,
)


def states_identity(clause: str) -> bool:
    """Whether a clause only says who the learner is (it asks nothing of its own).

    >>> states_identity("我学号1001"), states_identity("my id is S1003"), states_identity("S1003 的进度")
    (True, True, False)
    """
    return bool(_SELF_ID.match(spelled_digits(clause)))  # "我学号是一零零二" too


#: A clause that tells the learner's situation: "cant find a weather app", "我手机上的天气软件打不开".
_SITUATION = re.compile(
    rf"^\W*(?:(?:i|we|my phone)\s+)?{CANT}\s+(?:find|get|open|access|load|have)\s+(?:a|the|my|any)?\s*"
    r"(?:\w+\s+)?(?:app|apps|application|website|site)\b|(?:找不到|打不开|没装|没有)(?:天气)?(?:软件|app|应用)"
    # "ok so basically i've got a test next month": the learner's plans, told before the question
    r"|^\W*(?:(?:ok|so|basically|well|like|anyway)\s+)*(?:i'?ve got|i have|i got|i'?ve)\s+(?:a|an|my)\s+"
    r"(?:test|exam|class|lesson|interview|trip|flight)\b[^,.!?，。？！]{0,30}[,.!]?\s*$",
    re.I,
)


def states_situation(clause: str) -> bool:
    """Whether a clause only tells the learner's situation ("cant find a weather app"): beside a question,
    it asks nothing of its own.

    >>> states_situation("cant find a weather app"), states_situation("find the weather in Paris")
    (True, False)
    """
    return bool(_SITUATION.search(clause))


#: News the learner shares: "just wanted to share that I passed my driving test", "guess what, I got the job!"
NEWS = re.compile(
    r"^\W*(?:(?:i\s+)?just\s+)?(?:wanted|want(?:ed)?)\s+to\s+(?:share|say|let you know|tell (?:you|u))\b"
    r"|^\W*(?:guess what|good news|great news|fyi)\b"
    r"|^\W*i\s+(?:just\s+|finally\s+)?(?:passed|failed|aced|bombed|smashed)\s+my\s+(?:driving|driver'?s|swimming"
    r"|piano)\b"
    r"|^\W*(?:告诉你个好消息|跟你分享|好消息)",
    re.I,
)


def shares_news(clause: str) -> bool:
    """Whether a clause only shares the learner's news (no question in it): it asks no tool anything.

    >>> shares_news("just wanted to share that I passed my driving test yesterday 🎉"), shares_news("guess what?")
    (True, False)
    """
    return bool(NEWS.search(clause)) and not re.search(r"[?？]", clause)


#: A clause that tells, not asks: "My teacher reckons it's a basic word.", "北京今天下雨，我不想出门".
_STATEMENT = re.compile(
    r"^\W*(?:(?:and|but|so|also|ok|anyway|lol|haha|btw)[,\s]+)*"
    r"(?:(?:i|we|he|she|they)(?:'m|'ve|'ll|'d|'re| am| was| were| have| had)?|it'?s|that'?s|there'?s"
    r"|my \w+(?:'s)? (?:says?|said|reckons?|thinks?|told|keeps?|always|is|are|was|were|just)"
    r"|fingers crossed|thinking (?:about|of)|planning|hoping to|heading (?:to|out|off)|off to)\b"
    r"|^\W*(?:我|我们|他|她)(?:想|要去|打算|准备|待会儿|不想|刚|已经|明天要|周末想|也想)"
    r"|^\W*\S{0,6}?(?:今天|外面|现在)(?:在)?(?:下雨|下雪|天气不错|挺冷|挺热|好冷|好热|很冷|很热)(?:了|呢|啊)?(?:[，,。.!！]|$|(?=我))",
    re.I,
)
#: What still makes a told clause a request: "I want to know …", "我想查…", "I'm wondering whether …".
STILL_ASKS = re.compile(
    r"\b(?:want|wanna|need|would like|'d like|wonder|wondering|curious|please|pls|can you|could you|let me know"
    r"|whether|not sure|don'?t know|dunno|idk|right\W*$|isn't it|don't i|aren't i|correct\W*$)\b|不知道|不确定|忘了"
    r"|对吧|是吧|对不对"
    r"|查|搜|帮|看看|看一下|告诉我|吗|呢|几|什么|啥|多少|哪|怎么|是否",
    re.I,
)


def is_statement(clause: str) -> bool:
    """Whether a clause tells something rather than asks: beside a question, it asks nothing of its own.

    >>> is_statement("My teacher reckons it's a basic word."), is_statement("I want to know my progress")
    (True, False)
    >>> is_statement("北京今天下雨"), is_statement("我想报一个周三晚上的游泳班"), is_statement("北京明天下雨吗")
    (True, True, False)
    """
    return bool(_STATEMENT.search(clause)) and not STILL_ASKS.search(clause) and not re.search(r"[?？]", clause)


#: The learner says nothing is to be looked up: "不用查什么", "no need to look anything up".
_NOTHING = re.compile(
    r"(?<!别的)(?<!其他)(?<!其它)(?:查|搜|看)(?:点)?(?:什么|啥)(?!别的|其他|其它)|(?<!别的)(?<!其他)(?<!其它)(?:什么|啥)都不"
    r"|\b(?:look|search|check)\s+(?:up\s+)?anything\b(?!\s+else)|\banything up\b"
    r"|\bwithout (?:looking|searching|checking) (?:it |that |them )?up\b",
    re.I,
)
_THANKS = re.compile(r"谢谢|感谢|多谢|\bthanks?\b|\bthank you\b|\bcheers\b", re.I)


#: "我只是吐槽一下北京真冷", "just venting, tokyo is so hot": a remark, which asks nothing
JUST_SAYING = re.compile(
    r"(?:只是|就是|就|随便)(?:在)?(?:随便)?(?:吐槽|说说|感慨|抱怨|随口|发牢骚)|随便说说|随口一说"
    r"|\bjust (?:saying|venting|complaining|ranting|sharing)\b",
    re.I,
)


def nothing_asked(negated_words: list[str], rest: str) -> bool:
    """Whether, after what the learner ruled out, nothing is asked: they ruled out looking anything up
    ("随便聊聊，不用查什么"), or ruled out the lookup and only thank ("不用查天气啦，就想跟你说声谢谢").

    >>> nothing_asked(["不用查什么"], "你觉得早上背单词好还是晚上好？随便聊聊"), nothing_asked(["别查课表"], "accord")
    (True, False)
    """
    if any(_NOTHING.search(w) for w in negated_words):
        return True
    remark = bool(_THANKS.search(rest)) or bool(JUST_SAYING.search(rest))  # "…，我只是吐槽一下北京真冷"
    return bool(negated_words) and remark and not is_question(rest)


def nothing_asked_reply(text: str, lang: str) -> str:
    """The reply when nothing is to be looked up: no call, thanks returned, an opinion not made up."""
    said = ["好的，这次什么都不查。", "OK, I won't look anything up this time."]
    if _THANKS.search(text):
        said = [said[0] + "也谢谢你！", said[1] + " And thank you!"]
    rest = re.sub(
        r"(?:不用|别|不要|甭)(?:帮我|给我|再|去)*查[^，,。！!？?]*|我?自己查过了?"
        r"|\b(?:no need to|don'?t) (?:look|search|check)\b[^,.!?]*",
        " ",
        text,
    )
    if is_question(rest):
        said = [
            said[0] + "你问的这个没有工具能查，我也没有可靠的依据，就不凭空下结论了。",
            said[1] + " What you ask is no fact a tool holds, and I have nothing reliable to go on, so I won't make "
            "an answer up.",
        ]
    return said[0] if lang == "zh" else said[1]


# Doing, not finding: the verbs of an action a look-up tool cannot take.
_ACTION = re.compile(
    r"预订|预约|订一下|帮我订|订个|订间|取消(?!了)|(?:记得|请|帮我|到时候|到时)提醒我|退掉|改到|调到|换到|挪到|对调"
    r"|调换|互换"
    # not the learner's own plan ("just checking before I book a haircut")
    r"|(?<!before i )(?<!i'll )(?<!i will )(?<!going to )(?<!want to )"
    r"\b(?:book|order)(?=\s+(?:me|us|a|an|the|my|some)\b)"
    r"|(?<!to )(?<!want )\b(?:reserve|cancel|reschedule|buy|move my|switch my|change my|swap my)\b"
    r"|\b(?:schedule|arrange|set up|book in)\s+(?:a|an|me a|us a)\s+(?:meeting|call|session|appointment|chat)\b"
    r"|\b(?:(?:can|could|would|will) you (?:please )?|please |pls )set (?:an?|my) (?:alarm|reminder|timer)\b"
    r"|(?:帮我|给我)写(?:一|几|三|两|个)?(?:句|段|篇|封|份)"
    # "text my mum that …", "给家长发个消息": sending a message, which no tool of the course does
    r"|\b(?:text|message|email|e-mail|sms|ring|notify|remind)\s+(?:my|our|the|his|her)\s+(?:mum|mom|mother|dad|father"
    r"|parents?|teacher|tutor|friend|class)\b|发(?:个)?(?:短信|消息|微信|邮件)给|给(?:我)?(?:妈|爸|家长|老师)发",
    re.I,
)


_TRANSLATE = re.compile(
    r"翻译|translate|翻成|译成|用英语怎么说|用英文怎么说|英文怎么说|英语怎么说|英文点讲|英文点样讲|(?:英文|英语)(?:该"
    r"|应该)?怎么讲"
    r"|how do (?:i|you) say"
    r"|\bhow (?:do|would|should) (?:i|you|u) write\b.{1,40}\bin (?:chinese|english)\b|用中文怎么写|汉字怎么写"
    r"|(?:英文|英语)(?:该|应该)?怎么(?:写|拼)"
    r"|\bhow (?:would|should|can|could) (?:i|you|u) say\b.{1,60}\bin [A-Z]?[a-z]+\b|把.{0,12}(?:改成|换成|调成|挪到)"
    r"|^\W*in (?:chinese|english),? what (?:do|would|is|are)\b|\bwhat (?:do|would) (?:people|you|we|they) call\b"
    r".{1,40}\bin (?:chinese|english)\b"
    # "english word for 天气 is what again": the English for a Chinese word
    r"|\b(?:the\s+)?english (?:word|term|name) for\s*[\u4e00-\u9fff]"
    r"|[\u4e00-\u9fff]+\s*(?:的)?英文(?:单词|词)?是(?:什么|啥)",
    re.I,
)
#: "明天见 in english?" asks for a translation; "S1003's weak points, in english" asks for the answer's
#: language: a student id or a date names a record to look up, not words to translate.
_IN_ENGLISH_END = re.compile(r"\bin english\?*$", re.I)
_RECORD_NAMED = re.compile(r"\b[A-Za-z]\d{4}\b|\d{4}-\d{2}-\d{2}")


def asks_action(text: str, tools_text: str) -> bool:
    """A request to *do* something no look-up tool does (book, cancel, message someone): the verb is not one of
    the tools' own words (``tools_text``: their names and descriptions).

    >>> asks_action("帮我订个会议室", "get_schedule 查询课表"), asks_action("行程取消了", "")
    (True, False)
    """
    action = _ACTION.search(text)
    return action is not None and not re.search(re.escape(action.group(0)), tools_text, re.I)


def asks_translation(text: str) -> bool:
    """A request to translate ("翻译一下", "how do you say X in Chinese", "明天见 in english?"); "S1003's weak points,
    in english" asks for the answer's language instead.

    >>> asks_translation("明天见 in english?"), asks_translation("S1003's weak points, in english")
    (True, False)
    """
    return bool(_TRANSLATE.search(text) or (_IN_ENGLISH_END.search(text) and not _RECORD_NAMED.search(text)))


#: A question pointing back at what the clause before it told ("I'm not sure about accord. what level is it?")
_POINTS_BACK = re.compile(
    r"\b(?:it|them|those|these)\b|\b(?:that|this)\b(?!\s+(?:word|city|student|day|date))|(?:这个|那个)(?![词单城学同天])|它|这俩|那俩",
    re.I,
)


def _names_things(clause: str) -> bool:
    """Does a clause name a thing a tool takes: a city, a date, an id, an English word?"""
    from toolcall_lab.offline import nlu, terms  # the reading skills sit above this module
    from toolcall_lab.offline.dates import find_dates

    found = nlu.cities_in(clause) or find_dates(clause) or re.search(r"[A-Za-z]\d{3,}", clause)
    return bool(found or terms.english_terms(clause))


def without_told(readings: list[Any], asks: list[Any]) -> list[Any]:
    """The asks without those of clauses that only tell ("my teacher reckons it's a basic word", "北京今天下雨"),
    when another clause asks something of its own and does not point back at them."""
    told = [r for r in readings if len(readings) > 1 and is_statement(r.text)]
    asking = [r for r in readings if r not in told and (r.asks or is_question(r.text))]
    if not told or not asking or any(_POINTS_BACK.search(r.text) for r in asking):
        return asks
    if any(not _names_things(r.text) for r in asking) and any(_names_things(r.text) for r in told):
        return asks  # "I have class on Wednesday. what time?": the question leans on what was told
    dropped = [id(a) for r in told for a in r.asks]
    for r in told:
        r.asks = []
    return [a for a in asks if id(a) not in dropped]
