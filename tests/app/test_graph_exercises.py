"""The seven LangGraph pages as a course: English artifacts, and two exercises each, solved right and wrong.

Every expected answer is derived here from the same real call the page's check makes
(the pages' exercise modules, ``lessons/search_assistant/exercises_*.py``), never typed: a wrong
answer earns a warning and a hint, the right one a success.
"""

from __future__ import annotations

import json
import re

import pytest

from lessons.search_assistant import exercises_approval as approval
from lessons.search_assistant import exercises_code_review as review
from lessons.search_assistant import exercises_context as context
from lessons.search_assistant import exercises_state as state
from lessons.search_assistant import exercises_threads as threads
from lessons.search_assistant import exercises_tool_schema as schema
from lessons.search_assistant import exercises_workflow_vs_agent as wva
from lessons.search_assistant.common import turns
from pages._ui import exercise as exercise_ui
from pages.registry import in_section
from toolcall_lab.llm import build_chat_model

SPECS = dict(enumerate(in_section("graph"), start=1))
CJK = re.compile(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]")
# Chinese the English pages may show because it IS the specimen, each with an English gloss beside it
GLOSSED = ("用户问题：", "用户问题", "理解：", "搜索词：", "分析用户的查询", "请完成两个任务")


pytestmark = pytest.mark.usefixtures("memory_store")  # progress in a private in-memory database


@pytest.fixture(scope="module")
def llm():
    return build_chat_model()


def main_texts(at) -> list[str]:
    """Every text a learner reads in the main area (not the sidebar): prose, code, JSON, tables, alerts."""
    main = at.main
    parts: list[str] = []
    for group in (main.markdown, main.caption, main.text, main.title, main.subheader, main.json):
        parts.extend(str(el.value) for el in group)
    # Python source on screen is the specimen as the articles wrote it (inspect.getsource): exempt, not glossed
    parts.extend(str(c.value) for c in main.code if c.language != "python")
    for group in (main.error, main.warning, main.success, main.info):
        parts.extend(str(el.value) for el in group)
    for df in main.dataframe:
        parts.extend(str(v) for v in df.value.astype(str).to_numpy().ravel())
    return parts


def unglossed_cjk(at) -> list[str]:
    """Lines with Chinese that neither is a glossed specimen term nor carries its English beside it (``zh / en``)."""
    bad = []
    for text in main_texts(at):
        for line in text.splitlines():
            if not CJK.search(line):
                continue
            if re.search(r"\s/\s[A-Za-z]", line):  # a bilingual specimen string: 中文 / English
                continue
            stripped = line
            for term in GLOSSED:
                stripped = stripped.replace(term, "")
            if CJK.search(stripped):
                bad.append(line)
    return bad


CHECK = {"en": "Check", "zh": "检查"}
RIGHT = {lang: f"**{exercise_ui.RIGHT(lang)}** " for lang in ("en", "zh")}  # the renderer's verdict, said first
YES, NO = {"en": "yes", "zh": "是"}, {"en": "no", "zh": "否"}
#: Page 1's example questions and page 7's next question, per language (as the pages use them).
EXAMPLES = {
    "zh": ["曼谷今天多少度？", "你好", "LangGraph 的 checkpointer 是做什么的？"],
    "en": ["How hot is Bangkok today?", "Hello", "What does a LangGraph checkpointer do?"],
}
BEIJING = {"zh": "那北京呢？", "en": "What about Beijing?"}


def check_buttons(at, lang: str = "en"):
    return [b for b in at.button if b.label == CHECK[lang]]


def submit(at, n: int, lang: str = "en"):
    """Press exercise n's Check (the exercises are the last forms of the page, in order)."""
    check_buttons(at, lang)[n - 1].click().run()
    assert not at.exception, at.exception
    return at


def key(page: int, n: int) -> str:
    return f"exercise-{SPECS[page].url_path}-{n}::answer"


@pytest.mark.parametrize("page", sorted(SPECS))
def test_english_page_has_no_unglossed_chinese_and_two_exercises(open_page, page):
    at = open_page(SPECS[page].path, "en")
    assert not at.exception, at.exception
    assert unglossed_cjk(at) == []
    # two exercises per page; the section's last page adds the section review (issue 14) as a third
    assert SPECS[page].exercises == (3 if page == max(SPECS) else 2)
    assert len(check_buttons(at)) == SPECS[page].exercises


def _solve(at, lang: str, n: int, set_answer, wrong, right):
    set_answer(at, wrong)
    submit(at, n, lang)
    assert at.warning and at.info, "a wrong answer gets feedback and a hint"
    set_answer(at, right)
    submit(at, n, lang)
    assert any(s.value.startswith(RIGHT[lang]) for s in at.success), [s.value for s in at.success]


def _widget(kind: str, page: int, n: int):
    def set_answer(at, value):
        getattr(at, kind)(key=key(page, n)).set_value(value)

    return set_answer


def _code(page: int, n: int, lang: str):
    """A code answer's text area: one per language (its key ends with ``::<lang>``)."""

    def set_answer(at, value):
        at.text_area(key=f"{key(page, n)}::{lang}").set_value(value)

    return set_answer


LANGS = pytest.mark.parametrize("lang", ["en", "zh"])


@LANGS
def test_page1_exercises(open_page, llm, lang):
    at = open_page(SPECS[1].path, lang)
    examples = EXAMPLES[lang]
    searched = wva.agent_searches(llm, examples[1], None).expected
    _solve(
        at, lang, 1, _widget("radio", 1, 1), NO[lang] if searched else YES[lang], YES[lang] if searched else NO[lang]
    )
    right = wva.only_workflow_searches(llm, None, examples).expected
    _solve(at, lang, 2, _widget("text_input", 1, 2), examples[0], right)


@LANGS
def test_page2_exercises(open_page, lang):
    at = open_page(SPECS[2].path, lang)
    required = schema.required_fields(None).expected
    _solve(at, lang, 1, _widget("multiselect", 2, 1), ["limit"], required)
    right = json.dumps(schema.search_args_valid(None, 3).expected)
    _solve(at, lang, 2, _code(2, 2, lang), '{"query": "Bangkok", "limit": 30}', right)


@LANGS
def test_page3_exercises(open_page, lang):
    at = open_page(SPECS[3].path, lang)
    count = state.reducer_count("a1", None).expected
    _solve(at, lang, 1, _widget("number_input", 3, 1), count + 1, count)
    right = repr(state.partial_update(None, "Bangkok weather").expected)
    _solve(at, lang, 2, _code(3, 2, lang), "{'search_query': 'Bangkok weather', 'city': 'x'}", right)


@LANGS
def test_page4_exercises(open_page, llm, lang):
    at = open_page(SPECS[4].path, lang)
    count = threads.history_count(llm, lang, None).expected
    _solve(at, lang, 1, _widget("number_input", 4, 1), 3, count)
    pair = threads.same_thread(llm, lang, None).expected

    def set_ids(at, ids):
        at.text_input(key=key(4, 2) + "::1").set_value(ids[0])
        at.text_input(key=key(4, 2) + "::2").set_value(ids[1])

    _solve(at, lang, 2, set_ids, ("one", "two"), pair)


@LANGS
def test_page5_exercises(open_page, lang):
    at = open_page(SPECS[5].path, lang)
    question = turns(lang)[0]
    survivors = review.split_survivors(None, question).expected
    _solve(at, lang, 1, _widget("multiselect", 5, 1), ["ascii_colon", "no_label"], survivors)
    reply = review.parsable_reply(None, question, "Bangkok weather").expected
    _solve(at, lang, 2, _code(5, 2, lang), "搜索词: Bangkok weather", reply)


@LANGS
def test_page6_exercises(open_page, llm, lang):
    at = open_page(SPECS[6].path, lang)
    path = approval.reject_path(llm, lang, None).expected
    _solve(at, lang, 1, _widget("radio", 6, 1), ["approve", "tools", "model"], path)
    edit = json.dumps(approval.valid_edit(None, approval.pending_args(llm, lang)).expected)
    _solve(at, lang, 2, _code(6, 2, lang), '{"mesage": "typo"}', edit)


@LANGS
def test_page7_exercises(open_page, llm, lang):
    at = open_page(SPECS[7].path, lang)
    history = context.three_turn_history(llm, lang, BEIJING[lang])
    orphan = context.naive_orphans(history, 7, None).expected
    _solve(at, lang, 1, _widget("radio", 7, 1), NO[lang] if orphan else YES[lang], YES[lang] if orphan else NO[lang])
    budget = context.safe_budget(history, None).expected
    _solve(at, lang, 2, _widget("number_input", 7, 2), 7, budget)


@pytest.mark.parametrize("page", sorted(SPECS))
def test_chinese_page_opens_with_its_exercises(open_page, page):
    at = open_page(SPECS[page].path, "zh")
    assert not at.exception, at.exception
    assert len([b for b in at.button if b.label == "检查"]) == SPECS[page].exercises
