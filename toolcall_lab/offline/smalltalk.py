"""Small talk: greetings, thanks, goodbyes and "who are you?" get a short reply and no tool call.

A message is small talk when every piece of it is ("Bye, see you tomorrow!", "谢谢你，小E", "gotta go, ttyl",
"先这样吧，回头聊"): then no tool is called, however the words overlap a tool's description ("tomorrow").
Chatter ("lol", "haha ok", "哈哈") gets a short word back; a learner who does not know what to ask ("idk what
to ask", "不知道问啥") is told what the request's tools can answer (:mod:`.suggest`).
"""

from __future__ import annotations

import re
from typing import Any

from toolcall_lab.i18n import Text
from toolcall_lab.offline.asking import NEWS, STILL_ASKS
from toolcall_lab.offline.suggest import what_to_ask

_KINDS: dict[str, re.Pattern[str]] = {
    "identity": re.compile(
        r"^(?:who are you|what(?:'s| is) your name|what are you|are you (?:a )?(?:bot|robot|human|gpt|chatgpt|ai)"
        r"|你是谁|你系边个|你系乜嘢|你系咩人|你叫什么(?:名字)?|你是什么(?:模型)?|你是(?:机器人|真人|ai|gpt)吗?"
        r"|介绍一下你自己|自我介绍一下|(?:我)?(?:该)?怎么称呼(?:你|您)(?:比较好|好|呢)?"
        r"|what (?:should|do|can) i call you)"
        r"(?:呀|啊|呢|啦|哦)?(?:\s+and what can you do)?$",
        re.I,
    ),
    # "你是谁呀，能帮我干嘛": what the assistant can do, asked beside who it is (alone, the capabilities answer's)
    "abilities": re.compile(
        r"^(?:你|您)?(?:都)?(?:能|可以|会)(?:帮我)?(?:干|做|查)(?:点)?(?:嘛|啥|什么|些什么)(?:呀|呢|啊)?$"
        r"|^what can you do$",
        re.I,
    ),
    "wellbeing": re.compile(
        r"^(?:(?:and|so|just|but) )?(?:how (?:are|r) (?:you|u|ya)(?: (?:doing|going))?(?: (?:today|rn|now|lately))?"
        r"|how'?s it going|what'?s up|wh?at?s+up|sup|how have you been"
        r"|(?:i )?hope (?:you|u|ur|your|you'?re|you r|all is|everything(?:'s| is)|ur day|your day)"
        r"(?: (?:are|is|r|been|going))?(?: (?:doing|keeping))?(?: (?:well|good|ok|okay|fine|great))?(?: today)?"
        r"|希望你一切都好|最近还好吧|你还好吧"
        r"|你最近怎么样|你今天怎么样|你还好吗|你好吗|最近好吗)$",
        re.I,
    ),
    "greeting": re.compile(
        r"^(?:hi|hello|hey|hiya|good (?:morning|afternoon|evening|day)|nice to meet you|morning|evening"
        r"|(?:hi|hello|hey) there|gm(?: gm)*|just (?:saying|wanted to say|stopping by to say|popping in to say) (?:hi"
        r"|hello)(?: .{0,30})?"
        r"|你好|您好|嗨|哈喽|早上好|下午好|晚上好|.{0,10}(?:打个招呼|来打招呼|打声招呼|问个好))$",
        re.I,
    ),
    "thanks": re.compile(
        r"^(?:(?:(?:ok(?:ay)?|great|many|cool|nice|oh+|ah+|wow|alright|perfect|awesome|got it|i see)[ ,]+)*"
        r"(?:thanks?|thank)(?: you| u| ya)?(?: (?:so|very) much| a lot| again| for (?:your|the) help)?"
        r"(?: for (?:the |your |all the |that )?(?:\w+ ){0,3}(?:info|information|help|answers?|update|details|list"
        r"|tips?)(?: earlier| before| today| again)?)?"
        r"|thx|ty|tysm|tyvm|cheers|(?:thanks?|thank you|cheers|ta) for (?:\w+['’]?\s){0,6}\w+(?: earlier| before"
        r"| today)?"
        r"|thanks? (?:you )?for being (?:here|there|around)|(?:it'?s|it is) (?:so )?(?:nice|good|great) (?:having"
        r"|to have) .{0,40}"
        r"|(?:that|this|it) (?:sorted|cleared|figured)(?: out)? (?:my|the|that)\b.{0,40}"
        r"|(?:that|this|it|you) (?:really |totally |so )?help(?:s|ed)(?: (?:a lot|me|so much|loads))*"
        r"|you(?:'ve| have)? been (?:a )?(?:(?:really|very|so|such) )?(?:big |great |huge |real )?(?:help|helpful)"
        r"|great|much appreciated|appreciate it|i appreciate it"
        r"|(?:that|this|it) (?:was|is|has been) (?:(?:very|really|super|so) )?(?:helpful|useful|great|clear)"
        r"|cool|perfect|got it|ok(?:ay)?|nice|awesome|understood|all good"
        r"|no more (?:questions|lookups|look-ups|searches|checks)(?: (?:for now|today|needed))?"
        r"|(?:(?:ok(?:ay)?|cool|great|alright|right) )*(?:that'?s|thats|that is) (?:all|everything|it)"
        r"(?: (?:i needed|i wanted|for (?:now|today)))?(?: (?:about|on|for) (?:the |my )?\w+)?"
        r"|谢谢(?:你|您)?(?:的帮助|(?:这么|那么)?(?:耐心|帮忙))?(?:啦|了)?|多谢|感谢|好的|好|明白了|知道了|懂了|收到"
        r"|太好了|不错|没事了|没有了|就这些|没问题了|辛苦了"
        r"|好的?谢(?:啦|了|谢)|谢啦|谢了|.{0,12}(?:都)?(?:弄清楚|搞清楚|搞定|解决|明白|了解|记下|记住)了|.{0,12}(?:挺|很"
        r"|太|真"
        r"|非常)有(?:帮助|用)(?:的|了|啊)?"
        r")$",
        re.I,
    ),
    "bye": re.compile(
        r"^(?:bye|goodbye|bye bye|bye for now|goodbye for now|see ya|see you(?: (?:tomorrow|later|soon|next time"
        r"|next week|then|around|in class|at class|at school|on (?:mon|tues|wednes|thurs|fri|satur|sun)day))?"
        r"|talk (?:to you )?(?:later|soon)|catch you later"
        r"|good night|take care|later|have a (?:good|nice|great) (?:day|night|one|evening)"
        r"|ttyl|ttys|gtg|g2g|cya|cu|later(?:s| then)?|peace(?: out)?|i'?m off"
        r"|(?:i'?m )?(?:signing|logging) off(?: now)?"
        r"|i'?m out"
        r"|(?:ok(?:ay)? |alright |well )?(?:i )?(?:gotta|got to|have to|need to|must) (?:go|run|head out|bounce|jet)"
        r"(?: now)?(?: (?:bye|ttyl|cya|see ya))?|(?:i'?ll )?talk to you (?:later|soon|tomorrow)"
        r"|再见|拜拜|晚安|回头见|明天见|下次见"
        r"|(?:(?:谢谢|多谢)(?:你|您)?(?:这么|那么)?(?:耐心|帮忙|帮我)?(?:了|啦)?[，, ]*)?"
        r"(?:我|那我)?(?:先|要)?(?:去|得去|该去)(?:上课|上学|学习|吃饭|睡觉|忙)(?:了|啦|咯|喽)?"
        r"|(?:那|好|那好|好吧)?(?:就|我们)?先(?:这样|这样吧|到这|到这儿|到这里)(?:吧|了|啊)?"
        r"|(?:回头|改天|下次|有空)再?聊(?:吧|啦)?|(?:我)?先(?:撤|走|下|闪)了?(?:啊|哈)?|溜了|下线了)$",
        re.I,
    ),
    # "no need to look anything up, just how r u doing": said beside small talk, it asks for nothing either
    "nothing": re.compile(
        r"^(?:(?:there'?s |you have )?no need to (?:look|search|check) (?:anything|it|that) up"
        r"|(?:you )?(?:don'?t|do not|dont) (?:need to |have to )?(?:look|search|check) (?:anything|it|that) up"
        r"|nothing to look up|(?:这次|这回)?(?:不用|别|不要)查(?:了|东西|啥)?|啥都不用查|什么都不用查)$",
        re.I,
    ),
    "stuck": re.compile(
        r"^(?:(?:idk|i (?:really )?(?:don'?t|do not|dont) know|dunno|no idea|not sure)"
        r",? (?:what|wat|wut) (?:to|i should|should i|i (?:can|could)) (?:ask|say)(?: (?:about|you|here))?"
        r"(?: (?:lol|haha|tbh|now))?"
        r"|(?:我)?(?:也|都|还|真)?不知道(?:该|要|能|可以)?(?:问|说)(?:点|些)?(?:啥|什么|哪些)(?:好|呢|了|啊)?"
        r"|随便(?:问问|看看|聊聊|问一下|试试)"
        r"|just (?:browsing|looking around|curious|testing|trying (?:it|you|this) out))$",
        re.I,
    ),
    "news": NEWS,  # "just wanted to share that I passed my driving test 🎉": told, not asked
    "chatter": re.compile(
        r"^(?:(?:(?:lol|lmao|rofl|ha(?:ha)+h?|he(?:he)+|hmm+|mm+|ok(?:ay)?|k+|oh|ah|wow|ya|yeah|yep|yup|sure"
        r"|alright|nice|cool|xd|😂|😄|🙂)\s*){1,4}"
        r"|(?:哈{2,}|嘿{2,}|呵{2,}|嗯+|噢+|哦+|好吧|行吧|这样啊|原来如此|好的?|行)"
        r"(?:\s*(?:哈{2,}|嘿{2,}|嗯+|好的?|行吧?|好吧|哦+))*)$",
        re.I,
    ),
}
_ADDRESS = re.compile(r"\b(?:小e|xiao ?e|there|bot|buddy|teacher|老师)\b|小E|小e", re.I)

_REPLIES = {
    "identity": Text(
        "我是内置教学模型：一个离线、确定性的规则模型，借助工具回答问题；我不是 GPT，也不会凭空编答案。",
        "I am the built-in teaching model: an offline, deterministic, rule-based model that answers with "
        "the help of tools. I am not GPT, and I do not make answers up.",
    ),
    "greeting": Text(
        "你好！我是内置教学模型，可以借助工具回答问题。",
        "Hello! I am the built-in teaching model; I answer questions with the help of tools.",
    ),
    "wellbeing": Text(
        "我很好，谢谢关心！我是内置教学模型，有想查的随时问我。",
        "I'm doing well, thanks for asking! I am the built-in teaching model; ask me anything my tools can look up.",
    ),
    "thanks": Text("不客气！还有别的问题随时问我。", "You're welcome! Ask me anything else any time."),
    "bye": Text("再见！有问题随时回来问我。", "Goodbye! Come back any time you have a question."),
    "news": Text(
        "谢谢你跟我分享！有想查的随时问我。",
        "Thanks for sharing that with me! Anything you'd like me to look up, just ask.",
    ),
    "chatter": Text("😄 还有什么想查的，随时告诉我。", "😄 Anything you'd like me to look up, just ask."),
}


def smalltalk_kind(text: str) -> str | None:
    """``identity``, ``greeting``, ``thanks`` or ``bye`` when the whole message is small talk, else ``None``."""
    pieces = [p.strip() for p in re.split(r"[,，.。!！?？~～;；]+", _ADDRESS.sub(" ", text)) if p.strip()]
    if not pieces:
        return None
    kinds = []
    for piece in pieces:
        piece = re.sub(r"\s+", " ", piece)
        kind = next((k for k, pattern in _KINDS.items() if pattern.match(piece)), None)
        if kind is None:
            return None
        kinds.append(kind)
    if "abilities" in kinds and "identity" not in kinds:
        return None
    for wanted in ("stuck", "identity", "wellbeing", "news", "greeting", "bye", "thanks", "chatter"):
        if wanted in kinds:
            return wanted
    return None  # "no need to look anything up" alone asks nothing and says nothing: read on


#: A piece that asks: a question word or verb first ("weather in Tokyo" has no verb, but is no told piece either)
_ASKS_FIRST = re.compile(
    r"^(?:what|when|where|which|who|whose|how|why|is|are|am|do|does|did|can|could|will|would|should|check|look"
    r"|tell|show|give|find|get|search|any|weather|forecast)\b",
    re.I,
)


def courtesy_with_news(text: str) -> str | None:
    """A greeting, thanks or goodbye beside a piece or two that only tell ("gm gm, class starts soon, just
    popping in to say hello"; "Thanks, that's everything I needed. Have a nice evening!"): the small talk's
    kind. Used only where the model would otherwise ask for a missing argument: nothing was asked.

    >>> courtesy_with_news("gm gm, class starts soon, just popping in to say hello")
    'greeting'
    >>> courtesy_with_news("thanks, and tomorrow?") is None
    True
    """
    if re.search(r"[?？]", text):
        return None
    pieces = [p.strip() for p in re.split(r"[,，.。!！~～;；]+", _ADDRESS.sub(" ", text)) if p.strip()]
    kinds = [next((k for k, pattern in _KINDS.items() if pattern.match(re.sub(r"\s+", " ", p))), None) for p in pieces]
    told = [p for p, k in zip(pieces, kinds, strict=True) if k is None]
    if len(told) > 2 or any(STILL_ASKS.search(p) or _ASKS_FIRST.search(p) for p in told):
        return None
    return next((k for k in ("bye", "thanks", "greeting") if k in kinds), None)


_PIECE = re.compile(r"[^,，.。!！?？~～;；]*(?:[,，.。!！?？~～;；]+|$)")


def without_courtesy(text: str) -> tuple[str, str]:
    """A message that opens with thanks or an "ok" and goes on to ask something ("thanks! and what about
    add_messages?", "好的谢谢，那 interrupt 呢"): the request without the courtesy before it, and the courtesy
    taken out (``""`` when there is none, or when the whole message is courtesy: that is small talk).

    >>> without_courtesy("thanks! and what about add_messages?")
    ('and what about add_messages?', 'thanks!')
    >>> without_courtesy("谢谢，那周五呢"), without_courtesy("thanks, bye")
    (('那周五呢', '谢谢，'), ('thanks, bye', ''))
    """
    at = 0
    for m in _PIECE.finditer(text):
        piece = re.sub(r"\s+", " ", re.sub(r"[,，.。!！?？~～;；]+$", "", m.group(0)).strip())
        if not piece or not _KINDS["thanks"].match(_ADDRESS.sub(" ", piece).strip()):
            break
        at = m.end()
    rest = text[at:].strip()
    if not at or not rest or smalltalk_kind(rest):
        return text, ""
    return rest, text[:at].strip()


#: The role a system prompt gives the model: "你是英语培训机构的助教小E。", "You are Little E, the assistant of …".
_PERSONA = re.compile(r"^\s*(?:你是|您是)(?P<zh>[^，。,.；;\n]{1,30})|^\s*you are (?P<en>[^,.;\n]{1,60})", re.I)


def smalltalk_reply(kind: str, lang: str, tools: list[dict[str, Any]] | None = None, system: str = "") -> str:
    """The reply to small talk, in the language of the message; "idk what to ask" hears what ``tools`` answer;
    "who are you" hears the role the system prompt gives, played by the built-in model."""
    if kind == "stuck":
        return what_to_ask(list(tools or []), lang)
    persona = _PERSONA.search(system or "")
    if kind == "identity" and persona:
        role = persona.group("zh") or persona.group("en")
        named = re.search(r"(?:助教|助手|老师|名叫|叫)(?P<name>[^\s，。,.]{1,6})$", role)  # "助教小E": called 小E
        called = f', called "{named.group("name")}"' if named else ""
        en_role = (
            f"the assistant this conversation's system prompt sets up{called} (its role is written in Chinese)"
            if re.search(r"[\u3400-\u9fff]", role)
            else role
        )
        names = "、".join(str(t.get("function", t).get("name", "")) for t in tools or [])
        with_tools = (
            Text(f"我能用的工具：{names}。", f" The tools I can use: {names.replace('、', ', ')}.") if names else None
        )
        return Text(
            f"我是{role}（由内置教学模型扮演：一个离线、确定性的规则模型，借助工具回答问题，不凭空编答案）。",
            f"I am {en_role}, played by the built-in teaching model: an offline, deterministic, rule-based model that "
            "answers with the help of tools and does not make answers up.",
        )(lang) + (with_tools(lang) if with_tools else "")
    return _REPLIES.get(kind, _REPLIES["greeting"])(lang)
