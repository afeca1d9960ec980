"""What a web search is not for: settled knowledge, and things no web page holds.

The search specimen's system prompt says when to search: "call the search tool when you need
up-to-date information", and ``search_web`` says it finds "up-to-date information (weather, news,
technical documentation)". So a question no other tool fits goes to the search tool only when it
needs something a page would have to be fresh for. Two kinds of question do not:

* **settled knowledge** — "what's the capital of Australia?", "list vs tuple, what's the
  difference?", "用一句话解释下什么是 API": a definition, a difference or a capital, with no word of
  time ("latest", "今天", "price") and no name a documentation page is about (``thread_id``,
  ``ToolNode``, ``LangGraph``). A competent model answers these itself; searching them would
  teach that a tool is for everything, and would send the learner's filler ("quick one") as the
  query. The model answers what it knows (:data:`CAPITALS`) and otherwise says what it cannot tell;
* **a list or record that is the assistant's own** — "what level is 'coherent' in your word list?"
  with only a search tool: no web page knows which list "your" list is.

A learner who asks for a search by name ("search …", "搜一下 …", "look up …") still gets one.
"""

from __future__ import annotations

import re

from toolcall_lab.i18n import Text
from toolcall_lab.offline.spelling import coined_name

#: Words that ask for a search by name, or for reading material: the learner wants the web.
_ASKS_FOR_SEARCH = re.compile(
    r"\b(?:search|google|look (?:it |this |that )?up|lookup|find|read (?:up )?(?:on|about)|docs?|documentation"
    r"|articles?|sources?|links?|online|internet|web)\b|搜|查|资料|文档|网上|上网|链接|来源",
    re.I,
)
#: Words of time, price or news: a page has to be fresh to answer.
_UP_TO_DATE = re.compile(
    r"\b(?:latest|newest|new|current(?:ly)?|now|today|tonight|tomorrow|yesterday|this (?:week|month|year)"
    r"|recent(?:ly)?|price|cost|news|score|result|release[sd]?|version|weather|forecast|\d{4}"
    r"|population|exchange rate|ranking|rank(?:ed)?|stocks?|market)\b"
    r"|最新|现在|目前|今天|明天|昨天|本周|这周|今年|价格|多少钱|新闻|比分|结果|版本|发布|天气|预报|人口|汇率|排名|股价",
    re.I,
)
#: A name a documentation page is about: ``thread_id``, ``extra=forbid``, ``add_messages()``,
#: ``ToolNode``, ``LangGraph`` (a capital inside a word).
_DOCUMENTED_NAME = re.compile(r"\w_\w|\w=\w|\w\(\)|\b[A-Za-z]*[a-z][A-Z]\w*")
#: The shapes of a settled question: a capital, a difference, a definition.
_CAPITAL = re.compile(r"\bcapital\b|首都", re.I)
_SETTLED_FORM = re.compile(
    r"\bcapital (?:city )?of\b|['’]s capital\b|首都"
    r"|\bdifference between\b|\bdiffer(?:ence)?\b|\bvs\.?(?=\s)|\bversus\b|区别|差别|有什么不同|有啥不同"
    r"|什么是|是什么|是啥|解释|\bexplain\b|\bdefine\b|\bwhat(?:'s| is| are| does)\b.{1,40}\bmean\b"
    r"|^\W*(?:\w+ (?:one|question)\s*:\s*)?what(?:'s| is| are)\s+(?:an?\s+)?[\w\s-]{1,30}[?？]?\s*$"
    # "1 加 1 为什么等于 2", "why is 2 + 2 four": arithmetic itself
    r"|\d\s*(?:加|减|乘|除以|plus|minus|times|[+×÷*])\s*\d",
    re.I,
)
#: "your word list", "你们的词表": a list or record of the assistant's own, which no web page holds.
_ASSISTANTS_OWN = re.compile(
    r"\byour (?:own )?(?:word ?list|list|vocab(?:ulary)?(?: list)?|records?|data(?:base)?|syllabus|course)\b"
    r"|(?:你们|你)的(?:词表|单词表|词汇表|记录|数据|大纲|课程)|(?:词表|单词表|词汇表)里",
    re.I,
)


def needs_the_web(text: str) -> bool:
    """Does ``text`` ask for a search by name, for something up to date, or about a documented name (written
    as code, or a name coined from two words, as software is named: "langgraph", "checkpointer")?"""
    if _ASKS_FOR_SEARCH.search(text) or _UP_TO_DATE.search(text) or _DOCUMENTED_NAME.search(text):
        return True
    return any(coined_name(w) for w in re.findall(r"[A-Za-z]{6,24}", text)[:40])


#: "你个人觉得学 LangGraph 值不值", "in your opinion, is it worth learning X?": the model's view, not a fact.
OPINION = re.compile(
    r"(?:你|您)(?:个人)?(?:觉得|认为|看来).{0,30}(?:值不值|值得|好不好|有没有必要|怎么样|咋样)|你的看法|你怎么看"
    r"|\bin your (?:own |personal )?opinion\b|\byour (?:personal |own )?(?:opinion|view|take) on\b"
    r"|\bdo (?:you|u) (?:personally )?think\b.{0,40}\b(?:worth|a good idea)\b",
    re.I,
)


def not_for_search(clause: str, question: str, searched_before: bool) -> tuple[str, Text] | None:
    """Why a question no other tool fits is not sent to the search tool either: ``("settled", why)`` or
    ``("own", why)``; ``None`` when a search is the way to it (always, in a conversation already searching)."""
    if assistants_own(clause) and not _ASKS_FOR_SEARCH.search(question):
        return "own", Text(
            "问的是助手自己的词表或记录，没有哪个网页知道它",
            "it asks about the assistant's own list or record, which no web page knows",
        )
    if OPINION.search(clause):
        return "settled", Text("这是问看法，不是网页能回答的事实", "it asks an opinion, not a fact a web page holds")
    if not searched_before and settled_question(clause) and not needs_the_web(question):
        return "settled", Text(
            "这是稳定的常识，不是需要最新资料的问题（系统提示词说需要最新资料时才搜索）",
            "it is settled knowledge, not up-to-date information (the system prompt says to search when "
            "up-to-date information is needed)",
        )
    return None


#: A question about how things are as a rule: "do UK weather reports usually give Celsius", "what makes a word C1"
_AS_A_RULE = re.compile(
    r"\b(?:usually|normally|typically|generally|in general|as a rule|what makes an?)\b|一般来说|通常", re.I
)
#: …unless it is about someone's own data or names a word: "what do I usually have on Mondays", "is 'accord' usually B2"
_ANYONES = re.compile(r"\b(?:i|my|me|mine|we|our)\b|我|[A-Za-z]\d{3,}", re.I)
_KNOWLEDGE_SAID = re.compile(
    r"问(?:的是)?常识|是常识问题|\bgeneral knowledge\b|不是问(?:哪个|某个|具体)(?:城市|地方)"
    r"|\bnot (?:asking )?about (?:a|any|one) (?:city|place|particular city)\b",
    re.I,
)
_QUOTED_ONE = re.compile(r"['\"“‘「][A-Za-z\-]+['\"”’」]")


def as_a_rule(text: str) -> bool:
    """Does ``text`` ask how things are as a rule, about nobody's data and no word named?

    >>> as_a_rule("without looking anything up, what usually makes a word C1 rather than B2?")
    True
    >>> as_a_rule("what do I usually have on Mondays?"), as_a_rule("is 'accord' usually B2?")
    (False, False)
    """
    if _KNOWLEDGE_SAID.search(text):  # "我是问常识，不是问哪个城市": the learner says so
        return True
    return bool(_AS_A_RULE.search(text)) and not _ANYONES.search(text) and not _QUOTED_ONE.search(text)


def settled_question(text: str) -> bool:
    """Is ``text`` a question of settled knowledge, which a search tool is not for (see the module docstring)?

    >>> settled_question("quick one: what's the capital of Australia?")
    True
    >>> settled_question("quick python question: list vs tuple, what's the difference?")
    True
    >>> settled_question("用一句话跟我解释下什么是 API")
    True
    >>> settled_question("what's the difference between thread_id and user_id?")  # a documented name
    False
    >>> settled_question("search: InMemorySaver vs SqliteSaver, whats the difference")  # asked to search
    False
    >>> settled_question("what's the latest iPhone price?")  # up to date
    False
    >>> settled_question("explain what a checkpointer is")  # a coined name: documentation
    False
    """
    return not needs_the_web(text) and bool(_SETTLED_FORM.search(text))


def assistants_own(text: str) -> bool:
    """Does ``text`` ask about a list or record of the assistant's own ("your word list")?

    >>> assistants_own("What level is 'coherent' in your word list?"), assistants_own("search the word list docs")
    (True, False)
    """
    return bool(_ASSISTANTS_OWN.search(text))


#: Capitals a model knows: (names of the country, English and Chinese) → (capital in English, in Chinese).
CAPITALS: dict[tuple[str, ...], tuple[str, str]] = {
    ("australia", "澳大利亚", "澳洲"): ("Canberra", "堪培拉"),
    ("japan", "日本"): ("Tokyo", "东京"),
    ("china", "中国"): ("Beijing", "北京"),
    ("south korea", "korea", "韩国"): ("Seoul", "首尔"),
    ("united states", "usa", "america", "美国"): ("Washington, D.C.", "华盛顿"),
    ("united kingdom", "uk", "britain", "england", "英国"): ("London", "伦敦"),
    ("france", "法国"): ("Paris", "巴黎"),
    ("germany", "德国"): ("Berlin", "柏林"),
    ("italy", "意大利"): ("Rome", "罗马"),
    ("spain", "西班牙"): ("Madrid", "马德里"),
    ("russia", "俄罗斯"): ("Moscow", "莫斯科"),
    ("canada", "加拿大"): ("Ottawa", "渥太华"),
    ("brazil", "巴西"): ("Brasília", "巴西利亚"),
    ("india", "印度"): ("New Delhi", "新德里"),
    ("thailand", "泰国"): ("Bangkok", "曼谷"),
    ("new zealand", "新西兰"): ("Wellington", "惠灵顿"),
    ("egypt", "埃及"): ("Cairo", "开罗"),
    ("turkey", "türkiye", "土耳其"): ("Ankara", "安卡拉"),
    ("switzerland", "瑞士"): ("Bern", "伯尔尼"),
    ("netherlands", "荷兰"): ("Amsterdam", "阿姆斯特丹"),
    ("vietnam", "越南"): ("Hanoi", "河内"),
    ("malaysia", "马来西亚"): ("Kuala Lumpur", "吉隆坡"),
    ("indonesia", "印度尼西亚", "印尼"): ("Jakarta", "雅加达"),
    ("mexico", "墨西哥"): ("Mexico City", "墨西哥城"),
    ("argentina", "阿根廷"): ("Buenos Aires", "布宜诺斯艾利斯"),
    ("philippines", "菲律宾"): ("Manila", "马尼拉"),
    ("portugal", "葡萄牙"): ("Lisbon", "里斯本"),
    ("greece", "希腊"): ("Athens", "雅典"),
    ("sweden", "瑞典"): ("Stockholm", "斯德哥尔摩"),
    ("norway", "挪威"): ("Oslo", "奥斯陆"),
    ("ireland", "爱尔兰"): ("Dublin", "都柏林"),
    ("austria", "奥地利"): ("Vienna", "维也纳"),
    ("poland", "波兰"): ("Warsaw", "华沙"),
    ("singapore", "新加坡"): ("Singapore", "新加坡"),
}


def capital_asked(text: str) -> tuple[str, str, str, str] | None:
    """(country, capital) in English and Chinese when ``text`` asks a capital the model knows, else ``None``.

    >>> capital_asked("quick one: what's the capital of Australia?")
    ('Australia', '澳大利亚', 'Canberra', '堪培拉')
    >>> capital_asked("what is the capital of Atlantis?") is None
    True
    """
    if not _CAPITAL.search(text):
        return None
    lowered = text.lower()
    for names, (en, zh) in CAPITALS.items():
        if any(re.search(rf"(?<![a-z]){re.escape(n)}(?![a-z])", lowered) for n in names):
            english = next(n for n in names if n.isascii())
            chinese = next(n for n in names if not n.isascii())
            return english.title() if len(english) > 3 else english.upper(), chinese, en, zh
    return None


def answer(text: str, search_tool: str, lang: str, *, can_search: bool = True) -> str:
    """The answer to a settled question: what the model knows, else what it cannot tell, and why no search
    (``can_search``: a search tool is offered; else the tools named look up something else)."""
    why = Text(
        f"这是稳定的常识，不需要最新资料，所以我没有调用 {search_tool} 去搜索。",
        f"That is settled knowledge, not up-to-date information, so I did not call {search_tool} to search it.",
    )
    if not can_search:
        why = Text(
            f"这问的是常识，不是某个地方的实时信息，所以我没有调用 {search_tool}。",
            f"That asks general knowledge, not the current facts of one place, so I did not call {search_tool}.",
        )
    if OPINION.search(text):
        return Text(
            "这是问我的看法，不是网页或工具能查到的事实，所以我没有调用工具。我是内置的教学模型，没有自己的看法，"
            "也不凭空编一个；值不值得，要看你的目标和时间。",
            "That asks my opinion, not a fact a web page or a tool holds, so I called no tool. I am the built-in "
            "teaching model and hold no opinions of my own, and I will not make one up; whether it is worth it "
            "depends on your goals and your time.",
        )(lang)
    known = capital_asked(text)
    if known:
        country_en, country_zh, city_en, city_zh = known
        return Text(
            f"{country_zh}的首都是{city_zh}（{city_en}）。{why.zh}",
            f"The capital of {country_en} is {city_en}. {why.en}",
        )(lang)
    tail = Text("需要查最新资料时，请直接说「搜一下……」。", ' Say "search …" when you want up-to-date pages.')
    return Text(
        f"{why.zh}不过我是内置的教学模型，没有这方面的常识库，所以这个问题的答案我说不上来，也不凭空编；"
        "真正的大模型会直接凭自己的知识回答。",
        f"{why.en} But I am the built-in teaching model and hold no general knowledge about this, so I can't tell "
        "you the answer, and I will not make one up; a full model would answer it from what it knows.",
    )(lang) + (tail(lang) if can_search else "")
