"""Words that look like a tool's topic but ask nothing of it: set phrases of chat, and other senses of a word.

"asking for a friend" asks nothing; "broke my personal record" is no learning record; "under the weather" is no
weather. :mod:`toolcall_lab.offline.nlu` takes these spans out before it reads which concepts a question asks for.
"""

from __future__ import annotations

import re

#: Set phrases of chat that ask nothing ("asking for a friend", "no offence").
CHAT_IDIOMS = re.compile(
    r"\b(?:asking for a friend|just saying|no offen[cs]e|no worries|no rush|for real|double[- ]check"
    r"|(?:should|do|would|must) (?:i|we) (?:even )?bother)\b"
    # "中文意思 is fine too", "the word I just asked about": how to answer, or a word said before
    r"|\b(?:is|are|would be)\s+(?:fine|ok(?:ay)?|good|alright)(?:\s+(?:too|also|as well))?\b"
    r"|\b(?:the|that|this)\s+(?:first\s+|last\s+|second\s+|other\s+|previous\s+|same\s+)?word\s+(?:that\s+)?"
    r"(?:i|you)\s+(?:just\s+)?(?:asked|looked|mentioned|gave|said|typed)(?:\s+(?:about|up|you|me))?\b",
    re.I,
)

#: A question about the clock, not the weather or a lesson: "what time is it in Tokyo", "is it 3pm in London now",
#: "东京现在几点了" (not "现在几点去上课").
CLOCK = re.compile(
    r"\bwhat time (?:is it|it is)\b|\bwhat(?:'s| is) the time\b|\btime (?:zone|difference)\b"
    r"|\bis it (?:already )?\d{1,2}(?::\d\d)?\s*(?:am|pm)\b|现在几点(?:了|钟)?(?![^，。？?！!]*(?:课|学|校|出门))",
    re.I,
)

#: A topic's word used in another sense: "broke my personal record", "the world record for the 100m",
#: "just testing if you answer", "a word in my essay marked wrong" ask nothing of a learning record.
OTHER_SENSES = re.compile(
    r"\b(?:personal|world|olympic|school|all-time|track|criminal|medical)\s+records?\b|\brecords?\s+for\s+the\b"
    r"|\brecords?\s+for\s+(?:push|sit|pull|chin)[- ]?ups\b|\b(?:push|sit|pull)[- ]?ups?\s+records?\b"
    r"|\b(?:sports?|exercise|running|fitness|gym|workout|swimming|training|step)\s+records?\b"
    # "just finished dinner": a meal or a chore done, no lessons
    r"|\b(?:finished|done with)\s+(?:my\s+)?(?:dinner|lunch|breakfast|work|homework|eating|cooking|workout|shift)\b"
    r"|\bbr(?:oke|eak|eaking)\s+(?:my|the|a|his|her|their)\s+(?:\w+\s+)?record\b|\brecord[- ](?:breaking|high|low)s?\b"
    r"|\boff the record\b|\bjust testing\b|\btesting\s+(?:if|whether|you|this|it|out)\b|进度条|\bprogress bar\b"
    # "spelling prob off", "sorry for my spelling": an apology for the typing, no spelling asked
    r"|\b(?:my\s+)?spelling(?:'s|\s+is)?\s+(?:prob(?:ably)?\s+|might be\s+|may be\s+)?(?:off|wrong|bad|terrible)\b"
    r"|\bsorry (?:for|about) (?:my|the) spelling\b|\bmarked\s+(?:wrong|right|(?:in)?correct|as)\b"
    # "it's raining cats and dogs, what does that idiom mean", "weather or whether": the words, not the weather
    r"|\braining cats and dogs\b|\bunder the weather\b|\bsteal (?:my|your|his|her|their) thunder\b"
    r"|\bweather or whether\b|\bwhether or weather\b|\bweather\s*/\s*whether\b|\b\d+\s?(?:m|k|km)\s+record\b"
    # "what time is it in Tokyo": the clock, not a lesson's time
    rf"|{CLOCK.pattern}",
    re.I,
)
