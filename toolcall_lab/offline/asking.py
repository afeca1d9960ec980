"""The shape of a request: a question asking for a fact, or a task asking the model to *do* something.

A tool answers questions ("what is the weather in Paris", "best pizza places in naples", "搜一下 X");
it does not write, translate or book. The planner reads each clause's shape before it lets a tool
take it: a statement ("I'm S1001") asks nothing, and a task no tool does is declined in words.
"""

from __future__ import annotations

import re

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
