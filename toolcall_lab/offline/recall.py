"""Recall: the learner asks what they themselves said earlier ("which id did I just give you?").

No tool holds the conversation; the model has it in front of it. "我刚才说我叫什么来着？" after
"我叫小林，学号是 S1002。" is answered from that earlier turn, quoted back as the learner wrote it
(bounded, as text), never by a look-up: looking up "S1002" or searching "remind topic said" would
answer a question nobody asked.
"""

from __future__ import annotations

import re

from toolcall_lab.i18n import Text

_EN_ASKS = re.compile(
    r"\b(?:which|what)\s+(?P<what>id|name|topic|city|word|date|day|number|subject|student(?: id)?)\s+"
    r"(?:was it\s+|is it\s+|again\s+)?(?:that\s+)?(?:did|have)\s+i\s+(?:just\s+|already\s+)?"
    r"(?:give|gave|given|tell|told|say|said|mention(?:ed)?|type(?:d)?)\b(?!\s+(?:about|of)\b)"
    r"|\bwhat\s+did\s+i\s+(?:just\s+(?:say|tell you|type)\b"
    r"|(?:say|tell you)\s+(?:earlier|before|just now|a moment ago)\b)"
    r"|\bdo you (?:know|remember) (?:my |what my )(?P<what4>name)\b"
    r"|\bremind me\s+(?:again\s+)?(?:which|what)\s+(?P<what2>id|name|topic|city|word|date|day|number|subject)?\s*"
    r"(?:it was\s+)?(?:that\s+)?i\s+(?:just\s+)?(?:said|told you|gave(?: you)?|mentioned)"
    r"|\bwhat(?:'s| is| was)\s+(?:my|the)\s+(?P<what3>id|name|topic|city|word)\s+(?:that\s+)?i\s+(?:just\s+)?"
    r"(?:gave|told|said|mentioned)",
    re.I,
)
_ZH_ASKS = re.compile(
    r"(?:你(?:知道|记得)(?P<name2>我叫什么|我的名字))|我(?:刚才|刚刚|之前|前面|刚)(?:说|讲|告诉你|给你|提到)(?:的|过)?\s*"
    r"(?:(?P<name>我叫什么|我的?名字)|我?的?(?P<id>学号|id|ID)|(?:的)?(?:是)?(?:什么|哪个|啥|多少))"
)
_ID = re.compile(r"(?<![A-Za-z0-9])[A-Za-z]{1,4}[\s\-]?\d{3,8}(?!\d)")
_NAME = re.compile(
    r"我叫\s*(?P<zh>[^\s，,。.！!？?]{1,8})|\bmy name is\s+(?P<en>[A-Z][a-z]{1,20})"
    r"|\bcall me\s+(?P<en2>[A-Z][a-z]{1,20})"
    r"|\b(?:I'?m|I am|this is)\s+(?!(?:Chinese|English|American|British|Sorry|Fine|Good|Back|Here|Done|Not|Ready)\b)"
    r"(?P<en3>[A-Z][a-z]{1,20})\b"
)
_LONGEST = 160


def asks_back(question: str) -> str | None:
    """What the question asks the learner said before (``"id"``, ``"name"``, ``"said"``), or ``None``.

    >>> asks_back("Sorry, which id did I just give you?"), asks_back("我刚才说我叫什么来着？")
    ('id', 'name')
    >>> asks_back("Could you remind me which topic I said I'm reading up on?"), asks_back("what did I do wrong")
    ('said', None)
    """
    en = _EN_ASKS.search(question)
    if en:
        what = (en.group("what") or en.group("what2") or en.group("what3") or en.group("what4") or "").lower()
        return "id" if "id" in what.split() or what == "student" else "name" if what == "name" else "said"
    zh = _ZH_ASKS.search(question)
    if zh:
        return "name" if zh.group("name") or zh.group("name2") else "id" if zh.group("id") else "said"
    return None


def _quoted(turn: str) -> str:
    turn = " ".join(turn.split())
    return turn if len(turn) <= _LONGEST else turn[: _LONGEST - 1] + "…"


def reply(question: str, history: list[str], lang: str) -> str | None:
    """The answer to a question about what the learner said earlier, from the earlier turns alone.

    >>> reply("我刚才说我叫什么来着？", ["我叫小林，学号是 S1002。"], "zh")
    '你刚才说你叫小林（你的原话：「我叫小林，学号是 S1002。」）。这不用查工具，对话里就有。'
    >>> reply("which id did I just give you?", [], "en")
    "You haven't told me that yet in this conversation; tell me and I will use it."
    """
    kind = asks_back(question)
    if kind is None:
        return None
    for turn in reversed(history):
        quote = _quoted(turn)
        if kind == "id" and (found := _ID.search(turn)):
            said = Text(f"你刚才给的学号是 {found.group(0)}（", f"The id you gave me is {found.group(0)} (")
        elif kind == "name" and (named := _NAME.search(turn)):
            name = named.group("zh") or named.group("en") or named.group("en2") or named.group("en3")
            said = Text(f"你刚才说你叫{name}（", f"You told me your name is {name} (")
        elif kind == "said" and asks_back(turn) is None:
            said = Text("你刚才说的是（", "You said this (")
        else:
            continue
        text = Text(
            f"{said.zh}你的原话：「{quote}」）。这不用查工具，对话里就有。",
            f"{said.en}your words: “{quote}”). No tool is needed for that: it is here in our conversation.",
        )
        return text.zh if lang == "zh" else text.en
    none = Text(
        "这次对话里你还没告诉过我；告诉我之后我就按它来查。",
        "You haven't told me that yet in this conversation; tell me and I will use it.",
    )
    return none.zh if lang == "zh" else none.en
