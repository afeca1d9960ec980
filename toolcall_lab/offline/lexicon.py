"""The built-in model's vocabulary: concepts, place names, weather words, stop words and filler.

Plain data read by :mod:`toolcall_lab.offline.nlu`. A *concept* bridges a Chinese question and
an English tool description (and the reverse): a tool "has" a concept when its name,
description or parameter text contains one of the concept's triggers, and a question "asks"
for it when its words do. English triggers are compared as stems (``raining`` → ``rain``),
so one form is enough; the lists are general language, not the app's tools.
"""

from __future__ import annotations

from toolcall_lab.offline.other_senses import CHAT_IDIOMS, OTHER_SENSES

__all__ = ["CHAT_IDIOMS", "OTHER_SENSES"]  # re-exported: the vocabulary's readers import them from here


def _words(text: str) -> tuple[str, ...]:
    """Triggers written ``|``-separated (so a multi-word trigger keeps its spaces)."""
    return tuple(w.strip() for w in text.split("|") if w.strip())


CONCEPTS: dict[str, tuple[str, ...]] = {
    "schedule": _words(
        "课表|上课|有课|的课|什么课|几节课|排课|教室|课程安排|哪个老师|哪位老师|谁上课|给我上课|几点上课|哪间|去学校"
        "|上学|没课|跑一趟学校|去趟学校|跑学校|回学校|去一趟学校|到校|几点到学校|need to come in|got anything"
        "|schedule|class|lesson|timetable|classroom|room|teach|course time|start|am i free|am i clear|busy|几点要到"
        "|which teacher|what teacher|teacher have|teacher do|sked|skedule|who teaches"
        "|anything on|what's on|whats on|free on|on for|school day|be anywhere|have to go in|on campus"
        "|要去学校|要上学|下课|who's my teacher|who is my teacher"
        "|what do i have on|what have i got on|what did i have|day like|my day|撞了|跟课|有课没|sleep in|up early"
        "|missing anything at school|who am i seeing|miss something|miss anything|miss a class|alarm"
        "|have 课|got 课|any 课|a 课|show up|turn up|课是几点|课几点|几点的课|课在几点"
        "|有课吗|上完课|下了课|放学|起得更早|起得早|早起|几点起|at school|bump into|到学校"
        "|in school|go to school|lie in|睡懒觉|睡个懒觉"
        "|into school|to school|free day|day off|what time exactly|what time|booked|anything on today"
        "|something on today"
        "|报告厅|闹钟|一大早|线上还是线下|作文课|阅读课|听力课|口语课|写作课|网课|what do i study|what o'clock|o'clock"
        "|where do i need to be|need to be on|where should i be|第一节|第二节|最后一节|几点开始|课多|课少|课满|滴课"
        "|排了课|排课了"
        "|咩课|乜嘢课|what i have on|what i've got on|i'm free|i am free|有安排|有没有安排|安排吗|课吗"
    ),
    "progress": _words(
        "学到哪|进度|课时|学习记录|学习档案|测评|成绩|模考|考了|几分|薄弱|弱项|弱点|短板|学习情况|上了多少|多少节课"
        "|学得怎么样|学完|学过一半|测过|测试过|where am i at|where am i up to|am i behind|student up to|falling behind"
        "|still ahead of me|what percent is|is she at|is he at|完成多少|完成了多少|完成度|my file|according to my file"
        "|class called|course called|percent done|lessons long|lessons in total|lessons overall|'s file"
        "|学得最|学得快|学得多|最靠前|靠前|领先|还剩多少课|没上|剩几节|哪块|比较弱|哪个班|什么班|上次考试|上次测评|考试是哪天"
        "|分儿|考过试|还差几节|结课|报的什么班|哪个课程|的分|分数|分咋样|分怎么样|考得咋样|考得怎么样"
        "|enrolled in|am i enrolled|which course|what course|prog"
        "|progress|how far|learning record|record|score|test|exam result|weak point|weak|doing|finished|lessons done"
        "|furthest along|further along|far along|nearly done|done with the course|ahead|done more|more lessons"
        "|struggle with|struggles with|struggling with|is struggling|am i struggling|struggling|bad at|weak at"
        "|worst at|快上完|快学完|快结课|上完了吗"
        "|has done|have done|my grade|my grades|grade did|grades|marks|sessions left|still have to sit|sit through"
        "|which class are"
        "|what class am|class am i in|last test|last exam|lessons completed|completed|to date|how many sessions"
        "|have i done|i've done|i have done|did i do|remaining|got left|过半|还差得多|还差"
        "|getting on|coming along|keeping up|get on with|lessons left|lessons r left|lessons are left|classes left"
        "|还剩多少|剩多少节|还没上|have left|which class is|学到第几|第几节了"
        "|update on|quick update|class i'm in|class i am in|结业|重点练|该练|focus on|work on|的记录"
        "|halfway|half way|half-way|档案|课上完|上完这门|学完这门"
        "|weakest|weaker|strongest|weak areas|weak spots|最弱|哪方面|percent through|per cent through|how far through"
        "|overall stats|my stats|stats|再上几节|把课程上完|课程上完|才能上完|got through|of the programme"
        "|of the program|of the course have|poor at|weak in|areas am i|areas i'm|areas do i"
        "|where am i up to|up to in the course|with the course so far|at with the course|study is going"
        "|studies are going|did i get in|speaking score"
        "|writing score|reading score|listening score"
        "|study going|studies going|how my study|how my studies|my study so far|my studies so far"
        "|started any lessons|started any classes|any lessons yet|close to the end|to the end am i|the whole course"
        "|through the course|through the whole|lessons have i|classes have i|have i finished|have i completed"
        "|coursework|course work|furthest through|furthest along|through their course|through his course"
        "|through her course"
        "|assessment|assessments|拖后腿|拉分|哪里需要加强|需要加强|要加强|哪里弱|上过几节|上了几节|学了几节|上过多少"
        "|tldr on where|where i'm at|where im at|percentage done|percentage|closer to done|closer to finishing"
        "|close to done|covered more|has covered|have covered|of their course|of the course|百分之几|学到百分"
        "|of my course is left|left before i'm done|left before im done|gotten through|gone through|been through"
        "|midpoint|halfway point|half way point|half-way point"
    ),
    "word": _words(
        "单词|词表|几级|词汇|考研|释义|例句|这个词|这个单词|什么意思|怎么用|要背|考不考|大纲"
        "|cefr|lvl|band|which band"
        "|word|vocabulary|level|meaning|mean|definition|define|syllabus|kaoyan|example sentence|spell"
        "|easiest|most difficult|harder than|easier than|最简单|最难|难度"
        "|词性|part of speech|noun|verb|adjective|adverb|名词|动词|形容词|n or v|english one|english definition"
        "|difficulty|word list|graded word|how difficult|how hard|postgrad|postgraduate|a1|a2|b1|b2|c1|c2"
        "|grade it|which grade|grade is|等级|级别|chinese for|chinese word for|中文意思|中文是|的中文|graded list"
        "|your list|in your list|what grade is|grade of each|which grade|grade of the word|grade is it"
        "|嘅意思|乜嘢意思|咩意思|咩级|几多级|系乜|on the list|in the list|on the word list"
    ),
    "weather": _words(
        "天气|气温|温度|多少度|几度|下雨|降雨|降温|升温|回暖|变冷|变天|带伞|雨伞|(?<!降落)伞|晴|热不热|冷不冷|冷吗|热吗|下雪|刮风"
        "|预报|穿什么|羽绒服|棉袄|大衣|秋裤|划船|野餐|露营|爬山"
        "|带把伞|带个伞|更热|更冷|最热|最冷|暖和|凉快|热(?![门点情心闹爱])|冷(?![静门漠])|外套|短袖|穿衣|淋雨|防晒|晒"
        "|天儿|出门"
        "|weather|temperature|hot|cold|warm|cool|rain|snow|sunny|sunshine|sunglasses|umbrella|forecast|degree"
        "|doing outside|doing out there|like outside|like out there"
        "|jacket|coat|wind|humid|storm|cloud|chilly|freezing|picnic|beach|shorts|sweater|scarf|sunscreen|outdoor"
        "|wet|muggy|foggy|icy|breezy|nippy|drizzle|heatwave|brolly|soaked|get soaked|layers|lookin|looking like"
        "|conditions|outlook|pour|pouring|bucketing down|sky|skies|like there|like over there|like out there"
        "|冻唔冻|几多度|热唔热|落雨|落唔落雨|暖啲|冻啲|凍啲|热啲|熱啲|chucking it down|tipping down|tipping it down"
        "|it looking"
        "|raining cats|how is it there|how's it there|hows it there"
    ),
    "search": _words(
        "搜索|搜一下|搜搜|联网|上网|网上|最新|新闻|资料|查找|文档"
        "|search|web|internet|online|latest|news|google|docs|documentation|release note"
        "|page about|docs page|documentation page"
    ),
    "notify": _words("通知|告诉老师|提醒老师|发消息|notify|tell the teacher|message the teacher"),
}

# Comparative and superlative forms that a stemmer keeps: "warmest" → "warm".
COMPARATIVES: dict[str, str] = {
    "warmer": "warm",
    "warmest": "warm",
    "hotter": "hot",
    "hottest": "hot",
    "colder": "cold",
    "coldest": "cold",
    "cooler": "cool",
    "coolest": "cool",
    "rainier": "rain",
    "rainiest": "rain",
    "sunnier": "sunny",
    "sunniest": "sunny",
    "windier": "wind",
    "chillier": "chilly",
    "chilliest": "chilly",
    "wetter": "wet",
    "wettest": "wet",
}

# English words that look like a typo of a trigger but are words of their own.
NOT_TYPOS: frozenset[str] = frozenset(
    _words("whether|leather|feather|heather|wither|train|brain|main|meant|means|range|world|sword|worded")
)

# City names the model can translate to the English form most weather APIs expect.
CITIES: dict[str, str] = {
    "曼谷": "Bangkok",
    "北京": "Beijing",
    "上海": "Shanghai",
    "广州": "Guangzhou",
    "深圳": "Shenzhen",
    "杭州": "Hangzhou",
    "成都": "Chengdu",
    "南京": "Nanjing",
    "武汉": "Wuhan",
    "西安": "Xi'an",
    "重庆": "Chongqing",
    "东京": "Tokyo",
    "首尔": "Seoul",
    "新加坡": "Singapore",
    "伦敦": "London",
    "巴黎": "Paris",
    "纽约": "New York",
    "悉尼": "Sydney",
    "香港": "Hong Kong",
    "台北": "Taipei",
    "柏林": "Berlin",
    "旧金山": "San Francisco",
    "洛杉矶": "Los Angeles",
    "马德里": "Madrid",
    "罗马": "Rome",
    "莫斯科": "Moscow",
    "迪拜": "Dubai",
    "多伦多": "Toronto",
    "哈尔滨": "Harbin",
    "厦门": "Xiamen",
    "天津": "Tianjin",
    "苏州": "Suzhou",
    "青岛": "Qingdao",
    "昆明": "Kunming",
    "大连": "Dalian",
    "长沙": "Changsha",
    "郑州": "Zhengzhou",
    "沈阳": "Shenyang",
    "拉萨": "Lhasa",
    "三亚": "Sanya",
    "桂林": "Guilin",
    "大阪": "Osaka",
    "曼彻斯特": "Manchester",
    "芝加哥": "Chicago",
    "墨尔本": "Melbourne",
}

# More places, matched only as written (exactly, or as their pinyin): never the target of a typo
# correction, since short English words lie within an edit of many of them ("others" / "Athens").
# Names that sit inside other Chinese words are left out (京都 in 北京都, 大理 in 大理石, 海口 in 上海口音).
MORE_CITIES: dict[str, str] = {
    "乌鲁木齐": "Urumqi", "兰州": "Lanzhou", "西宁": "Xining", "银川": "Yinchuan", "呼和浩特": "Hohhot",
    "太原": "Taiyuan", "石家庄": "Shijiazhuang", "济南": "Jinan", "合肥": "Hefei", "南昌": "Nanchang",
    "福州": "Fuzhou", "贵阳": "Guiyang", "南宁": "Nanning", "长春": "Changchun", "宁波": "Ningbo", "无锡": "Wuxi",
    "珠海": "Zhuhai", "佛山": "Foshan", "东莞": "Dongguan", "温州": "Wenzhou", "烟台": "Yantai", "洛阳": "Luoyang",
    "扬州": "Yangzhou", "丽江": "Lijiang", "澳门": "Macau", "高雄": "Kaohsiung", "釜山": "Busan", "札幌": "Sapporo",
    "名古屋": "Nagoya", "横滨": "Yokohama", "河内": "Hanoi", "胡志明市": "Ho Chi Minh City",
    "吉隆坡": "Kuala Lumpur", "雅加达": "Jakarta", "马尼拉": "Manila", "清迈": "Chiang Mai", "孟买": "Mumbai",
    "新德里": "New Delhi", "加德满都": "Kathmandu", "多哈": "Doha", "伊斯坦布尔": "Istanbul", "开罗": "Cairo",
    "内罗毕": "Nairobi", "开普敦": "Cape Town", "里斯本": "Lisbon", "巴塞罗那": "Barcelona",
    "阿姆斯特丹": "Amsterdam", "布鲁塞尔": "Brussels", "维也纳": "Vienna", "布拉格": "Prague", "慕尼黑": "Munich",
    "法兰克福": "Frankfurt", "米兰": "Milan", "威尼斯": "Venice", "苏黎世": "Zurich", "日内瓦": "Geneva",
    "斯德哥尔摩": "Stockholm", "奥斯陆": "Oslo", "哥本哈根": "Copenhagen", "赫尔辛基": "Helsinki",
    "都柏林": "Dublin", "爱丁堡": "Edinburgh", "雅典": "Athens", "华沙": "Warsaw", "圣彼得堡": "Saint Petersburg",
    "西雅图": "Seattle", "波士顿": "Boston", "华盛顿": "Washington", "迈阿密": "Miami", "休斯顿": "Houston",
    "温哥华": "Vancouver", "蒙特利尔": "Montreal", "墨西哥城": "Mexico City", "圣保罗": "Sao Paulo",
    "里约热内卢": "Rio de Janeiro", "布宜诺斯艾利斯": "Buenos Aires", "奥克兰": "Auckland", "布里斯班": "Brisbane",
    "檀香山": "Honolulu", "京都": "Kyoto", "奈良": "Nara", "海口": "Haikou", "雷克雅未克": "Reykjavik",
    "班加罗尔": "Bangalore", "利马": "Lima", "圣地亚哥": "Santiago", "波哥大": "Bogota", "拉各斯": "Lagos",
    "哈瓦那": "Havana", "基辅": "Kyiv", "布达佩斯": "Budapest", "塞维利亚": "Seville", "佛罗伦萨": "Florence",
    "马拉喀什": "Marrakech", "卡萨布兰卡": "Casablanca", "珀斯": "Perth", "霍巴特": "Hobart",
    "惠灵顿": "Wellington", "乌兰巴托": "Ulaanbaatar", "普吉岛": "Phuket", "巴厘岛": "Bali", "济州岛": "Jeju",
    "卡拉奇": "Karachi", "德黑兰": "Tehran", "利雅得": "Riyadh", "耶路撒冷": "Jerusalem", "贝鲁特": "Beirut",
    "安克雷奇": "Anchorage", "丹佛": "Denver", "拉斯维加斯": "Las Vegas", "达拉斯": "Dallas", "亚特兰大": "Atlanta",
    "渥太华": "Ottawa", "魁北克": "Quebec City", "利物浦": "Liverpool", "格拉斯哥": "Glasgow", "加的夫": "Cardiff",
    "贝尔法斯特": "Belfast", "里昂": "Lyon", "马赛": "Marseille", "汉堡": "Hamburg", "科隆": "Cologne",
    "波尔图": "Porto", "克拉科夫": "Krakow", "埃德蒙顿": "Edmonton",
    "亚特兰蒂斯": "Atlantis",  # a city of legend: the tool has no data, and says so
}  # fmt: skip

# Weather conditions in Chinese, for a Chinese answer quoting an English condition.
CONDITIONS_ZH: dict[str, str] = {
    "sunny": "晴",
    "clear": "晴",
    "cloudy": "多云",
    "overcast": "阴",
    "rain": "有雨",
    "showers": "阵雨",
    "thunderstorm": "雷阵雨",
    "snow": "有雪",
    "fog": "有雾",
    "haze": "有霾",
    "windy": "有风",
}

# Landmarks and districts a learner names instead of their city ("外滩", "the Thames", "Shibuya"): read as
# the city, by the model's general knowledge.
LANDMARKS: dict[str, str] = {
    "外滩": "Shanghai", "东方明珠": "Shanghai", "陆家嘴": "Shanghai", "南京路": "Shanghai",
    "故宫": "Beijing", "天安门": "Beijing", "长城": "Beijing", "颐和园": "Beijing", "三里屯": "Beijing",
    "西湖": "Hangzhou", "宽窄巷子": "Chengdu", "春熙路": "Chengdu", "小蛮腰": "Guangzhou", "广州塔": "Guangzhou",
    "兵马俑": "Xi'an", "大雁塔": "Xi'an", "鼓浪屿": "Xiamen", "维港": "Hong Kong", "铜锣湾": "Hong Kong",
    "涩谷": "Tokyo", "新宿": "Tokyo", "银座": "Tokyo", "浅草": "Tokyo", "明洞": "Seoul", "江南区": "Seoul",
    "泰晤士河": "London", "大本钟": "London", "埃菲尔铁塔": "Paris", "卢浮宫": "Paris", "时代广场": "New York",
    "中央公园": "New York", "邦迪海滩": "Sydney", "悉尼歌剧院": "Sydney", "滨海湾": "Singapore", "圣淘沙": "Singapore",
    "考山路": "Bangkok", "大皇宫": "Bangkok", "维多利亚港": "Hong Kong", "白金汉宫": "London", "樟宜": "Singapore",
    "the bund": "Shanghai", "forbidden city": "Beijing", "great wall": "Beijing", "west lake": "Hangzhou",
    "shibuya": "Tokyo", "shinjuku": "Tokyo", "ginza": "Tokyo", "asakusa": "Tokyo", "akihabara": "Tokyo",
    "myeongdong": "Seoul", "gangnam": "Seoul", "hongdae": "Seoul", "thames": "London", "big ben": "London",
    "london eye": "London", "soho": "London", "eiffel tower": "Paris", "louvre": "Paris", "montmartre": "Paris",
    "champs-elysees": "Paris", "times square": "New York", "central park": "New York", "brooklyn": "New York",
    "manhattan": "New York", "bondi": "Sydney", "opera house": "Sydney", "marina bay": "Singapore",
    "sentosa": "Singapore", "orchard road": "Singapore", "khao san": "Bangkok", "victoria harbour": "Hong Kong",
    "buckingham palace": "London", "changi": "Singapore", "hyde park": "London", "tower bridge": "London",
}  # fmt: skip

# What the weather words a forecast uses mean: the model's own knowledge, said without a call when a
# learner asks what one means and no tool looks words up ("overcast 是什么意思").
WEATHER_TERMS: dict[str, tuple[str, str]] = {
    "sunny": ("晴：阳光充足，云很少", "bright sunshine with few clouds"),
    "clear": ("晴朗：天上几乎没有云", "almost no clouds in the sky"),
    "cloudy": ("多云：云多，但还能看到一些阳光", "a lot of cloud, with some sun between"),
    "overcast": ("阴：天空完全被云遮住，看不到太阳", "the sky is completely covered by cloud, with no sun"),
    "showers": ("阵雨：下一阵、停一阵的雨", "short bursts of rain that start and stop"),
    "drizzle": ("毛毛雨：雨点很细的小雨", "very light rain in fine drops"),
    "thunderstorm": ("雷阵雨：有雷电的阵雨，通常雨很大", "a storm with thunder and lightning, usually heavy rain"),
    "fog": ("雾：贴近地面的云，水滴让能见度变低", "cloud at ground level: tiny water drops that cut visibility"),
    "haze": (
        "霾：空气里的灰尘、烟或污染颗粒让天空发灰、能见度变低",
        "dust, smoke or pollution particles in the air that make it grey and cut visibility",
    ),
    "humid": ("潮湿：空气里水汽多，感觉闷", "a lot of water vapour in the air, so it feels sticky"),
    "windy": ("有风：风比较大", "strong wind"),
}

# English words that carry no topic (never keywords, never a looked-up term).
EN_STOP: frozenset[str] = frozenset(
    _words(
        "a|an|the|is|are|am|was|were|be|been|do|does|did|i|me|my|you|your|we|our|it|its|of|to|in|on|at|for|and"
        "|or|but|with|what|which|who|whom|how|when|where|why|there|this|that|these|those|please|can|could|would"
        "|should|will|shall|may|might|have|has|had|need|needs|any|some|about|tell|show|give|get|find|check|let"
        "|us|also|as|well|then|just|so|if|not|no|yes|hi|hello|thanks|thank|much|many|more|most|than|too|very"
        "|really|like|know|want|look|up|lookup|hmm|search|from|by|into|day|days|week|next|last|s|t|going|go"
        "|what's|whats|who's|how's|it's|i'm|im|anyway|sorry|okay|ok|bye|goodbye|oh|hey|pls|they|them|he|she|instead"
        "|one|ones|both|itself|themselves|total|decided|makes|made|happened|higher-level|lower-level|high-level"
        "|low-level|rather"
    )
)

#: Grammar words (prepositions, conjunctions, articles, auxiliaries, pronouns): the words of a sentence's
#: frame. A learner who quotes one asks how to use it ("when do I use 'since' and when 'for'"), which no word
#: list answers; it is the word asked about only when its level, meaning or listing is asked.
FUNCTION_WORDS: frozenset[str] = EN_STOP | frozenset(
    _words(
        "since|for|during|while|until|till|ago|yet|already|still|although|though|because|unless|whether|whereas"
        "|among|between|despite|towards|toward|upon|within|without|across|through|throughout|against|beside"
        "|besides|above|below|under|over|after|before|onto|per|via|nor|either|neither|both|each|every|few"
        "|little|less|least|whose|must|ought|shan't|won't|can't|don't|doesn't|didn't|isn't|aren't|wasn't"
        "|myself|yourself|himself|herself|itself|ourselves|themselves|his|her|hers|their|theirs|ours|yours"
    )
)

# Words that are never the English word a learner asks about (the question's own frame).
NOT_TERMS: frozenset[str] = frozenset(
    _words(
        "word|words|level|levels|mean|meaning|meanings|definition|syllabus|vocabulary|vocab|list|example|sentence"
        "|tips|tip|advice|sit|sits|remembering|worth|putting|looks|memory|backwards|backward|flashcards"
        "|flashcard|app|apps|wifi|ppt|pdf|good|finish|band|bands|easy|hard|rated|rating|graded|ranked|ranking"
        "|plus|bruh|bro|fam|dude|signing|perfect|year|years|month|months|week|weeks"
        "|exam|kaoyan|look|lookup|use|call|run|tool|function|student|id|number|results|result|top|whole|entire"
        "|overall|far|got|ever|still|only|all|each|every|both|same|today|tomorrow|tonight|yesterday|weekend"
        "|morning|afternoon|evening|night|time|date|now|right|quick|say|said|ask|question|answer|here|mine"
        "|don't|dont|doesn't|isn't|aren't|i'd|i'll|meant|see|soon|later|his|her|him|their|one|two|three|four"
        "|five|six|seven|eight|nine|ten|other|again|class|classes|lesson|lessons|schedule|progress|weather"
        "|spell|define|english|chinese|online|web|internet|news|latest|anyway|teacher|record|level"
        "|higher|lower|easier|harder|easiest|hardest|tougher|toughest|trickier|above|below|then|make|up|more|dumb|silly|stupid|using|used"
        # what a learner does with a word (memorise it, mix it up) and how often: the sentence's frame
        "|always|never|often|usually|sometimes|forget|forgot|remember|confuse|confusing|mix|memorise|memorize"
        "|memorising|memorizing|gotta|learn|learning|study|studying|revise|revising|practise|practice"
        "|difference|diff|differences|stuck|confused|lost|unsure|curious|spelling|highest|lowest"
        "|hour|hours|day|days|week|weeks|month|months|fortnight|next|coming|upcoming|out|ahead"
    )
)

# Chinese filler removed before keywords are read (longest first when applied).
ZH_FILLER: tuple[str, ...] = _words(
    "请问|请帮我|帮我|麻烦|能不能|可以|告诉我|一下|搜索|搜一下|搜搜|改搜|分别|搜|查一下|查查|我想知道|我想|顺便|另外"
    "|还有|那么|需要"
    "|是不是|有没有|怎么样|如何|什么|多少|吗|呢|啊|吧|呀|了|的|我|你|是|在|有|那|和|把"
)

# Chinese numerals up to ten, and the units that mark a count of days or results.
ZH_NUM: dict[str, int] = {
    "一": 1,
    "两": 2,
    "二": 2,
    "三": 3,
    "四": 4,
    "五": 5,
    "六": 6,
    "七": 7,
    "八": 8,
    "九": 9,
    "十": 10,
}
EN_NUM: dict[str, int] = {
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
}

# Filler of chatty English: never the word a learner asks about.
FILLER: frozenset[str] = frozenset(
    _words(
        "um|uh|umm|hmm|like|kinda|sorta|honestly|basically|actually|literally|seriously|maybe|perhaps|probably"
        "|just|lookup|er|erm|uhh|tho|wondering|wonder|mind|lot|lots|nah|yeah|yep|nope|lol|btw|idk|tbh|quick|quickly"
        "|thing|things|stuff"
        "|guess|think|mean|means|meaning|word|words|handle|phrases|phrase|single|only|other|another|either|really"
        "|pretty|very|super|totally|anyway|anyways|alright|cool|thanks|thank|please|okay|hey|hi|wanna|gonna|for"
        "|dumb|silly|stupid|yo|sorry|quick|q|out|higher|lower|easier|harder|easiest|hardest|above|below"
        "|different|same|exactly|safe|skip"
        # chat shorthand and asides: "ngl i forgot what benefit means lmao", "the lvl of abandon asap"
        "|ngl|lmao|lmfao|rofl|asap|imo|imho|fyi|smh|omg|omfg|fr|rn|tbf|afaik|iirc|jk|pls|plz|thx|ty|gimme|lemme"
        "|orz|qaq|tql|yyds|xswl"
        "|explain|band|bands|lvl|saw|novel|book|article|essay|text|somewhere|china|chinese|english"
        "|scratch|even|stand|stands|put|puts|school"
    )
)


#: The days of the week, Monday first (``datetime.date.weekday()`` order), and in Chinese.
WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
WEEKDAYS_ZH = ("周一", "周二", "周三", "周四", "周五", "周六", "周日")


def full_weekday(short: str) -> str:
    """The weekday a short form names: ``"tues"`` → ``"Tuesday"``, ``"sun"`` → ``"Sunday"``."""
    return next(d for d in WEEKDAYS if d.lower().startswith(short.lower()))
