"""Render every step of every page in both languages with AppTest and write each as masked text.

    .venv/bin/python scripts/page_snapshots.py OUT_DIR            # all pages
    .venv/bin/python scripts/page_snapshots.py OUT_DIR live_run   # pages whose url path contains a word
    .venv/bin/python scripts/page_snapshots.py --tidy OUT_DIR     # re-mask a folder made earlier

One file per page, language and step (``<url_path>.<lang>.step<N>.txt``): each element of the
page as Streamlit sent it (its protobuf in text form), in order, with what changes from run to
run masked — ids, hashes, uuids, times and durations. Two trees rendered this way can be
compared with ``diff -r`` to show that a refactor changed nothing a learner sees (issue 20).
"""

from __future__ import annotations

import codecs
import json
import re
import sys
from pathlib import Path
from typing import Any

import pyarrow as pa

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

#: What differs between two runs of the same page: ids and hashes, uuids, clock times, durations.
MASKS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"), "<uuid>"),
    (re.compile(r"learner=[A-Za-z0-9_-]{22}"), "learner=<learner>"),
    (re.compile(r"step=\d+"), "step=<n>"),  # a link to a step past the last one names it; its content is the last
    # approximate token counts follow the random ids' characters (the built-in model's labelled approximation)
    (re.compile(r"((?:prompt|completion|total|input|output)_tokens\\?\"?:\s?)\d+"), r"\1<n>"),
    (re.compile(r"(Tokens \(approx\.\) \*\*|Token（近似） \*\*|≈\s?)\d+"), r"\1<n>"),
    # measured milliseconds under any *_ms key (latency_ms, wait_before_ms), in JSON and in decoded tables
    (re.compile(r"(_ms\\?\"?:\s?)\d+(?:\.\d+)?"), r"\1<ms>"),
    # a random id has a digit in it; a function name shown in the page's source (run_tool_node) has none
    (re.compile(r"\b(?:chatcmpl|resp|msg|call|run|fc|toolu|lab)[-_](?=[A-Za-z_-]*\d)[A-Za-z0-9_-]{6,}"), "<id>"),
    (re.compile(r"\b[0-9a-f]{12,}\b"), "<hex>"),
    (re.compile(r"\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2})?"), "<time>"),
    (re.compile(r"\b\d+(?:\.\d+)?\s?(?:ms|s)\b"), "<duration>"),
    (re.compile(r"\b1[6-9]\d{8}(?:\.\d+)?\b"), "<epoch>"),
    (re.compile(r"\d+\.\d{3,}"), "<float>"),
    (re.compile(r"0x[0-9a-f]+"), "<addr>"),
    (re.compile(r'(id|key|form_id|fragment_id|script_hash|page_script_hash|run_id): "[^"]*"'), r'\1: "<masked>"'),
)


#: A dataframe's Arrow bytes as protobuf text prints them (``data: "\\377\\377…"``).
ARROW = re.compile(r'^([ \t]*)data: "((?:[^"\\]|\\.)*)"$', re.M)


def _arrow_rows(match: re.Match[str]) -> str:
    """The table in an ``arrow_data`` as readable rows (one JSON line each), or the line as it was."""
    try:
        raw = codecs.escape_decode(match.group(2).encode("utf-8"))[0]
        table = pa.ipc.open_stream(raw).read_all()
    except (ValueError, pa.ArrowException):  # not Arrow (or masked by an older run): leave it
        return match.group(0)
    indent = match.group(1)
    lines = [f"{indent}table_columns: {json.dumps(table.column_names, ensure_ascii=False)}"]
    lines += [f"{indent}table_row: {json.dumps(r, ensure_ascii=False, default=str)}" for r in table.to_pylist()]
    return "\n".join(lines)


def mask(text: str) -> str:
    text = ARROW.sub(_arrow_rows, text)  # before the masks: they would cut into the bytes
    for pattern, repl in MASKS:
        text = pattern.sub(repl, text)
    return text


def _support() -> Any:
    """The AppTest helpers: ``pages.serving.apptest`` (issue 20 moved them), or where a tree from before kept them."""
    import importlib

    try:
        return importlib.import_module("pages.serving.apptest")
    except ImportError:
        return importlib.import_module("tests.apptest_support")


def _walk(node, out: list[str]) -> None:
    children = getattr(node, "children", None)
    proto = getattr(node, "proto", None)
    if proto is not None and not children:
        out.append(mask(str(proto)).strip())
    for child in (children or {}).values():
        _walk(child, out)


def render(file: str, lang: str, step: int) -> str:
    """The page's elements, opened with ``?lang=…&step=…``, as masked text."""
    support = _support()
    AppTest = support.app_test_class()
    with support.router_on_every_run():
        at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
        at.query_params["lang"] = lang
        at.query_params["step"] = str(step)
        at.run()
        if file != "pages/home.py":
            at.switch_page(file).run()
    out: list[str] = []
    _walk(at._tree, out)
    return "\n\n".join(out) + "\n"


def tidy(folder: Path) -> None:
    """Mask a folder rendered earlier with today's masks, and drop the steps that repeat the one before."""
    for file in sorted(folder.glob("*.txt")):
        file.write_text(mask(file.read_text(encoding="utf-8")), encoding="utf-8")
    for first in sorted(folder.glob("*.step1.txt")):
        stem = first.name.removesuffix(".step1.txt")
        previous = first.read_text(encoding="utf-8")
        for step in range(2, 9):
            file = folder / f"{stem}.step{step}.txt"
            if not file.exists():
                break
            text = file.read_text(encoding="utf-8")
            if text == previous:
                for later in range(step, 9):
                    (folder / f"{stem}.step{later}.txt").unlink(missing_ok=True)
                break
            previous = text


def main(argv: list[str]) -> int:
    from pages.registry import PAGES

    if argv[0] == "--tidy":
        tidy(Path(argv[1]))
        return 0
    target = Path(argv[0])
    words = argv[1:]
    target.mkdir(parents=True, exist_ok=True)
    for spec in PAGES:
        if words and not any(w in spec.url_path for w in words):
            continue
        for lang in ("zh", "en"):
            previous = None
            for step in range(1, 9):
                text = render(spec.path, lang, step)
                if text == previous:
                    break  # the page has fewer steps (or none): ?step=N drew the last one again
                previous = text
                (target / f"{spec.url_path}.{lang}.step{step}.txt").write_text(text, encoding="utf-8")
                print(spec.url_path, lang, step, len(text), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
