"""Places as learners name them: old romanisations and short names (Peking, Canton, nyc), and the
nicknames of cities in Chinese (魔都 is Shanghai). :mod:`.romanise` reads each as the city's name."""

from __future__ import annotations

from toolcall_lab.offline.cantonese import CANTONESE

# Romanisations of Chinese place names older than pinyin, and short names of other cities.
OLD_NAMES: dict[str, str] = {
    "peking": "Beijing", "peiping": "Beijing", "paree": "Paris", "pusan": "Busan", "canton": "Guangzhou",
    "kanton": "Guangzhou",
    "schanghai": "Shanghai", "nanking": "Nanjing", "chungking": "Chongqing", "hangchow": "Hangzhou",
    "sian": "Xi'an", "xian": "Xi'an", "hsian": "Xi'an", "shenchen": "Shenzhen", "nyc": "New York",
    "new york city": "New York", "hk": "Hong Kong", "hongkong": "Hong Kong", "sf": "San Francisco",
    "frisco": "San Francisco", "bkk": "Bangkok", "krung thep": "Bangkok", "amoy": "Xiamen", "ldn": "London",
    "ny": "New York", "la": "Los Angeles", "tokio": "Tokyo", "pekin": "Beijing", "bombay": "Mumbai",
    "sg": "Singapore", "spore": "Singapore", "s'pore": "Singapore", "syd": "Sydney", "nueva york": "New York",
    "big apple": "New York", "the big apple": "New York", "londres": "London", "seul": "Seoul",
    "singapur": "Singapore", "tientsin": "Tianjin", "kwangchow": "Guangzhou", "tsingtao": "Qingdao",
    "soochow": "Suzhou", "chengtu": "Chengdu", "hankow": "Wuhan", "saigon": "Ho Chi Minh City",
    "hcmc": "Ho Chi Minh City", "kl": "Kuala Lumpur", "bj": "Beijing", "melb": "Melbourne", **CANTONESE,
    "krungthep": "Bangkok", "calcutta": "Kolkata", "madras": "Chennai", "rangoon": "Yangon", "peiching": "Beijing",
    "hangchou": "Hangzhou", "nanching": "Nanjing", "kuangchou": "Guangzhou", "chungching": "Chongqing",
    "suchou": "Suzhou", "hsiamen": "Xiamen", "tienchin": "Tianjin", "chingtao": "Qingdao",
    "krung thep maha nakhon": "Bangkok", "keijo": "Seoul", "hanseong": "Seoul", "bac kinh": "Beijing",
    "batavia": "Jakarta", "lndn": "London",
}  # fmt: skip

# Cities outside the weather data that learners name (and the old names above lead to): the tool is called
# with the English name, and says it has no data for it.
FAR_CITIES: dict[str, str] = {
    "仰光": "Yangon", "金奈": "Chennai", "加尔各答": "Kolkata", "海得拉巴": "Hyderabad", "浦那": "Pune",
    "拉合尔": "Lahore", "达卡": "Dhaka", "科伦坡": "Colombo", "金边": "Phnom Penh", "阿拉木图": "Almaty",
    "塔什干": "Tashkent", "约翰内斯堡": "Johannesburg", "亚的斯亚贝巴": "Addis Ababa", "阿德莱德": "Adelaide",
    "福冈": "Fukuoka", "神户": "Kobe", "仁川": "Incheon", "大邱": "Daegu", "广岛": "Hiroshima", "台中": "Taichung",
    "新竹": "Hsinchu", "台南": "Tainan", "汕头": "Shantou", "惠州": "Huizhou", "西双版纳": "Xishuangbanna",
}  # fmt: skip
# Two-letter short names that are no English word: read in small letters too ("sg rn").
LOWER_SHORT_NAMES = frozenset({"sg", "hk", "sf", "ny", "bj"})

# Nicknames of cities in Chinese (魔都 is Shanghai): read as the city's name. 雾都 is left out: it
# names both London and Chongqing.
ZH_PLACE_NICKNAMES: dict[str, str] = {
    "魔都": "上海",
    "申城": "上海",
    "沪上": "上海",
    "帝都": "北京",
    "京城": "北京",
    "首都北京": "北京",
    "羊城": "广州",
    "花城": "广州",
    "穗城": "广州",
    "狮城": "新加坡",
    "花都巴黎": "巴黎",
    "汉城": "首尔",
    "北上广深": "北京、上海、广州、深圳",
    "北上广": "北京、上海、广州",
    # two cities by their one-character short names, as in "沪杭两地" (not 沪深, which is also a stock index)
    "沪杭": "上海、杭州",
    "杭沪": "杭州、上海",
    "京沪": "北京、上海",
    "京沪穗": "北京、上海、广州",
    "广深": "广州、深圳",
    "北平": "北京",
    "西贡": "胡志明市",
    "鹏城": "深圳",
    "蓉城": "成都",
    "山城重庆": "重庆",
    "江城武汉": "武汉",
    "春城": "昆明",
    "冰城": "哈尔滨",
    "鹭岛": "厦门",
    "泉城": "济南",
    "星城": "长沙",
    "榕城": "福州",
    "金陵": "南京",
    "杭城": "杭州",
}
