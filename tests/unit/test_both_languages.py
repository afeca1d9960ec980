"""Every text a learner reads exists in Chinese and in English, written the one way of its kind.

The kinds and their one way (README, "How to change it"):

* short UI strings and exercise wording: an inline pair, ``T(zh, en)`` in pages (drawn at once) or
  ``Text(zh, en)`` in data and the ground floor (drawn later, in the reader's language);
* explanations made by the ground floor: a ``Text`` pair handed to ``explain`` and its kin;
* taught prose: ``lessons/content/<lesson>.zh.md`` beside ``<lesson>.en.md``, cut into the same parts.

So Chinese appears in code only as the first half of a pair, beside its English half; in English text
that quotes or glosses it; on a line marked ``# zh-only: <why>`` (a specimen's Chinese question, the
article's docstring, a word list); or in the modules listed in :data:`CHINESE_DATA`, whose Chinese is
not UI text at all (the articles' specimens, the built-in model's vocabulary). A Chinese string anywhere
else is a text in one language only. A pair may leave its Chinese half empty (a gloss only an English
page needs); never its English half.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from lessons.content import CONTENT_DIR, lesson_parts

ROOT = Path(__file__).resolve().parents[2]
CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\u3000-\u303f\uff00-\uffef]")
#: The calls that take a text as a pair: (Chinese, English).
PAIRS = {"T", "Text"}
#: Code whose Chinese is data, not UI text: the articles' specimens (shown as the articles wrote them),
#: the built-in model's vocabulary and phrasebook, a tool's Chinese output the lessons discuss.
CHINESE_DATA = (
    # the 小E tutor as the article wrote it: its tools, data, prompt, demo questions, fakes and guard's words
    "lessons/tutor/tools.py",
    "lessons/tutor/data.py",
    "lessons/tutor/data_en.py",  # the English edition's data, keyed by the Chinese originals
    "lessons/tutor/agent.py",
    "lessons/tutor/demo.py",
    "lessons/tutor/fakes.py",
    "lessons/tutor/loop_guard.py",
    "lessons/tutor/registry.py",
    "lessons/tutor/lesson_6_broken.py",
    # the search assistant as the article wrote it: its workflow, prompts, parser, search and preferences
    "lessons/search_assistant/original.py",
    "lessons/search_assistant/workflow.py",
    "lessons/search_assistant/agent.py",
    "lessons/search_assistant/approval.py",
    "lessons/search_assistant/common.py",
    "lessons/search_assistant/preferences.py",
    "lessons/search_assistant/search.py",
    "lessons/search_assistant/tokenize.py",
    "lessons/search_assistant/restart_demo.py",
    # the chain's specimen code as the article wrote it (Chinese docstrings and field descriptions)
    "lessons/chain/examples.py",
    "toolcall_lab/stages/models.py",
    "toolcall_lab/stages/weather_data.py",
    # the built-in model's vocabulary, phrasebook and date words
    "toolcall_lab/offline/",
)
#: The mark of a line whose Chinese is data, with the reason after it.
ZH_ONLY = "# zh-only:"


def _code_files() -> list[Path]:
    files = [ROOT / "app.py"]
    for room in ("pages", "lessons", "toolcall_lab"):
        files += sorted((ROOT / room).rglob("*.py"))
    return files


def _is_pair(call: ast.Call) -> bool:
    func = call.func
    name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
    return name in PAIRS


def _docstrings(tree: ast.AST) -> set[int]:
    """ids of the module's, classes' and functions' docstring constants (prose for programmers)."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def _halves(call: ast.Call) -> set[int]:
    """ids of the string constants that make up a pair's halves (the English one is checked on its own)."""
    halves = [*call.args, *(k.value for k in call.keywords)]
    return {id(n) for half in halves for n in ast.walk(half) if isinstance(n, ast.Constant)}


def _statements(tree: ast.AST) -> dict[int, int]:
    """For each node's id, the first line of the innermost statement holding it."""
    starts: dict[int, int] = {}
    for stmt in ast.walk(tree):
        if isinstance(stmt, ast.stmt):
            for node in ast.walk(stmt):  # inner statements come later in the walk and overwrite: innermost wins
                starts[id(node)] = stmt.lineno
    return starts


def _marked(lines: list[str], node: ast.AST, starts: dict[int, int]) -> bool:
    """Whether the constant's lines, the line above it, its statement's first line or the one above carry the mark."""
    here = getattr(node, "lineno", 1)
    first = starts.get(id(node), here)
    near = {first - 1, first, here - 1, here, getattr(node, "end_lineno", here)}
    return any(ZH_ONLY in lines[n - 1] for n in near if n >= 1)


def one_language_texts(path: Path) -> list[str]:
    """Where ``path`` holds Chinese outside a pair or a gloss, or a pair missing its English half."""
    source = path.read_text(encoding="utf-8")
    tree, lines = ast.parse(source), source.splitlines()
    allowed, spans = _docstrings(tree), _statements(tree)
    problems = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and _is_pair(node):
            allowed |= _halves(node)
            if len(node.args) + len(node.keywords) != 2:
                problems.append(f"line {node.lineno}: a pair with {len(node.args) + len(node.keywords)} halves")
                continue
            halves = [*node.args, *(k.value for k in node.keywords)]
            chinese, english = halves
            if _empty(english) and not _empty(chinese):
                problems.append(f"line {node.lineno}: the English half is empty")
            for n in ast.walk(english):
                if isinstance(n, ast.Constant) and isinstance(n.value, str) and not _glossed(n.value):
                    problems.append(f"line {n.lineno}: Chinese in the English half: {n.value[:40]!r}")
    for node in ast.walk(tree):
        text = node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else ""
        if id(node) not in allowed and CJK.search(text) and not _glossed(text) and not _marked(lines, node, spans):
            problems.append(f"line {node.lineno}: Chinese outside a pair: {node.value[:40]!r}")
    return problems


def _empty(half: ast.expr) -> bool:
    return isinstance(half, ast.Constant) and half.value == ""


#: Chinese an English text may hold: the tutor's name, a word in quotes or code (a datum), a word glossed in brackets.
GLOSSED = re.compile(
    r"小E"
    r"|[“\"'`「（(][^”\"'`」）)]*[\u3400-\u9fff\u3000-\u303f\uff00-\uffef][^”\"'`」）)]*[”\"'`」）)]"  # quoted, in code
    r"|[\u4e00-\u9fff\uff0c\u3001]+\s*\([^)]*[A-Za-z][^)]*\)"  # glossed: 下周三 (next Wednesday)
)


def _glossed(text: str) -> bool:
    """Whether every Chinese run of an English text is the tutor's name or quoted (a datum, not a phrase)."""
    rest = GLOSSED.sub("", text)
    return not CJK.search(rest)


def test_the_checker_finds_a_text_in_one_language_and_passes_a_pair(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text(
        'T("你好", "hello")\n'
        'LABELS = {"a": ("曼谷", "Bangkok")}\n'
        'Text("天气", "")\n'
        'T("一", "only 中文 here")\n'
        'Text("说“东京”", "say “东京”")\n'
        'ASK = "明天我有课吗？"  # zh-only: the article said it\n'
        'Text("", "a gloss for English pages")\n',
        encoding="utf-8",
    )
    found = one_language_texts(sample)
    assert any("line 2: Chinese outside a pair" in p for p in found)  # the tuple pair of the old way
    assert any("line 3: the English half is empty" in p for p in found)
    assert any("line 4: Chinese in the English half" in p for p in found)
    # a pair; a quoted datum; a marked specimen; a gloss only English pages show
    assert not any(p.startswith(("line 1:", "line 5:", "line 6:", "line 7:")) for p in found)


def test_no_code_holds_a_text_in_one_language():
    problems = {}
    for path in _code_files():
        rel = path.relative_to(ROOT).as_posix()
        if rel.startswith(CHINESE_DATA):
            continue
        found = one_language_texts(path)
        if found:
            problems[rel] = found[:5]
    assert not problems, "\n".join(f"{f}: {p}" for f, ps in problems.items() for p in ps)


def test_every_lesson_has_both_languages_in_the_same_parts():
    zh = {p.name.removesuffix(".zh.md") for p in CONTENT_DIR.glob("*.zh.md")}
    en = {p.name.removesuffix(".en.md") for p in CONTENT_DIR.glob("*.en.md")}
    assert zh == en, f"only Chinese: {sorted(zh - en)}; only English: {sorted(en - zh)}"
    for lesson in sorted(zh):
        parts_zh, parts_en = lesson_parts(lesson, "zh"), lesson_parts(lesson, "en")
        assert len(parts_zh) == len(parts_en) >= 1, lesson
        headings = [len(re.findall(r"^#+ ", p, re.MULTILINE)) for p in parts_zh]
        assert headings == [len(re.findall(r"^#+ ", p, re.MULTILINE)) for p in parts_en], lesson
        english = (CONTENT_DIR / f"{lesson}.en.md").read_text(encoding="utf-8")
        for line in english.splitlines():
            assert _glossed(line), f"{lesson}.en.md: Chinese in English prose: {line[:60]!r}"
