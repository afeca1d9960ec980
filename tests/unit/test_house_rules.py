"""House rule 3 (DESIGN.md): nothing outside ``app.py`` and ``pages/`` imports streamlit.

import-linter checks the packages it knows (``test_import_contract.py``); this test reads every
Python file of the project outside ``app.py``, ``pages/`` and ``tests/`` — scripts/, benchmarks/,
deploy/, the packages too — and parses it with ``ast``, so a script that is no package is held to
the rule as well. An import statement counts wherever it stands (inside a function too), and so
does ``importlib.import_module("streamlit…")`` / ``__import__("streamlit…")`` with a literal name;
a string that merely contains such code (an app file written out by a benchmark) does not.
"""

from __future__ import annotations

import ast
import re
import subprocess
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: Where streamlit may be imported: the router, the pages, and the tests (AppTest, browser tests).
ALLOWED_FILES = ("app.py",)
ALLOWED_FOLDERS = ("pages/", "tests/")
#: Folders that are not the project's code when the tree is walked without git.
NOT_OURS = {".venv", ".git", "data", "test-output", "node_modules", "__pycache__"}


def _is_streamlit(name: str | None) -> bool:
    return name is not None and (name == "streamlit" or name.startswith("streamlit."))


def streamlit_imports(source: str, filename: str = "<source>") -> list[int]:
    """The line numbers at which ``source`` imports streamlit (statements, or a dynamic import of a literal name)."""
    lines: list[int] = []
    for node in ast.walk(ast.parse(source, filename=filename)):
        if isinstance(node, ast.Import):
            hit = any(_is_streamlit(alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            hit = node.level == 0 and _is_streamlit(node.module)
        elif isinstance(node, ast.Call) and node.args:
            func = node.func
            called = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
            first = node.args[0]
            hit = (
                called in ("import_module", "__import__")
                and isinstance(first, ast.Constant)
                and isinstance(first.value, str)
                and _is_streamlit(first.value)
            )
        else:
            hit = False
        if hit:
            lines.append(node.lineno)
    return sorted(lines)


def project_python_files(root: Path = ROOT) -> list[str]:
    """Every ``.py`` file of the project, relative to ``root``: what git tracks and the new files it does not ignore."""
    try:
        out = subprocess.run(
            ["git", "ls-files", "--cached", "--others", "--exclude-standard", "--", "*.py"],
            cwd=root,
            capture_output=True,
            text=True,
            timeout=60,
            check=True,
        ).stdout.splitlines()
    except (OSError, subprocess.SubprocessError):  # no git, or not a checkout: walk the tree
        out = [
            p.relative_to(root).as_posix()
            for p in root.rglob("*.py")
            if not NOT_OURS.intersection(p.relative_to(root).parts)
        ]
    return sorted(path for path in out if (root / path).is_file())


def test_the_checker_finds_every_kind_of_streamlit_import_and_ignores_strings():
    source = textwrap.dedent(
        """
        import os, streamlit.web.cli as cli
        from streamlit.proto.BackMsg_pb2 import BackMsg
        import streamlitish
        from . import streamlit
        APP = "import streamlit as st\\nst.title('x')"

        def later():
            import streamlit as st
            return importlib.import_module("streamlit.testing.v1"), __import__("streamlit")

        def fine():
            return importlib.import_module("json"), "from streamlit import config"
        """
    )
    # line 1 is the blank line dedent keeps: the imports stand on 2, 3, 9 and 10 (twice)
    assert streamlit_imports(source) == [2, 3, 9, 10, 10]


def test_the_walk_finds_the_launcher_and_the_benchmarks():
    files = project_python_files()
    for expected in ("scripts/serve.py", "benchmarks/classroom_load/protocol.py", "toolcall_lab/__init__.py"):
        assert expected in files
    assert not any(f.startswith(".venv/") for f in files)


def test_nothing_outside_app_and_pages_imports_streamlit():
    offending = []
    checked = 0
    for path in project_python_files():
        if path in ALLOWED_FILES or path.startswith(ALLOWED_FOLDERS):
            continue
        checked += 1
        source = (ROOT / path).read_text(encoding="utf-8")
        offending += [f"{path}:{line}" for line in streamlit_imports(source, filename=path)]
    assert checked > 50  # the walk saw the project, not an empty folder
    assert not offending, "streamlit imported outside app.py and pages/ (DESIGN.md principle 3): " + ", ".join(
        offending
    )


# ---------------------------------------------------------------- the rooms of pages/ (issue 20)
#: What may stand at pages/'s top level besides the page scripts the registry names.
PAGES_TOP_LEVEL = {"pages/__init__.py", "pages/registry.py"}
#: The two packages under pages/: the shared UI code, and what drives Streamlit from outside a page.
PAGES_PACKAGES = ("pages/_ui/", "pages/serving/")
#: A module named by a range of pages (``_exercises_5_8``, ``_graph_exercises_late``) instead of what it holds.
RANGED = re.compile(r"_\d+_\d+\.py$|_(late|early)\.py$")
#: A page deciding text by comparing the language (one way to write bilingual text: ``T(zh, en)``).
LANG_BRANCH = re.compile(r"""lang(\(\))? *[!=]= *["'](en|zh)["']""")


def test_pages_holds_page_scripts_registry_and_two_packages():
    from pages.registry import PAGES

    scripts = {spec.path for spec in PAGES}
    strays = [
        path
        for path in project_python_files()
        if path.startswith("pages/") and path not in scripts | PAGES_TOP_LEVEL and not path.startswith(PAGES_PACKAGES)
    ]
    assert not strays, "pages/ holds page scripts, registry.py, _ui/ and serving/ only: " + ", ".join(strays)
    assert all((ROOT / path).is_file() for path in scripts)


def test_no_module_is_named_by_a_range_of_pages():
    ranged = [path for path in project_python_files() if not path.startswith("tests/") and RANGED.search(path)]
    assert not ranged, ranged


def test_pages_do_not_branch_on_the_language():
    found = []
    for path in project_python_files():
        if path == "app.py" or path.startswith("pages/"):
            for n, line in enumerate((ROOT / path).read_text(encoding="utf-8").splitlines(), 1):
                if LANG_BRANCH.search(line):
                    found.append(f"{path}:{n}")
    assert not found, "write both texts with T(zh, en) instead of comparing the language: " + ", ".join(found)


def test_page_scripts_stay_thin_and_modules_small():
    from pages.registry import PAGES

    scripts = {spec.path for spec in PAGES}
    too_long = []
    for path in project_python_files():
        if path.startswith("tests/"):
            continue
        lines = len((ROOT / path).read_text(encoding="utf-8").splitlines())
        limit = 200 if path in scripts else 400
        if lines > limit:
            too_long.append(f"{path}: {lines} > {limit}")
    assert not too_long, too_long


def private_imports(source: str) -> list[str]:
    """``from x import _name``: a name another module keeps to itself (an alias like ``import data as _zh`` is fine)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module != "__future__":
            for alias in node.names:
                if alias.name.startswith("_") and not alias.name.startswith("__"):
                    found.append(f"line {node.lineno}: {node.module}.{alias.name}")
    return found


def test_the_private_name_check_finds_one_and_passes_an_alias():
    sample = "from a import _hidden, shown\nfrom b import data as _data\nfrom __future__ import annotations\n"
    assert private_imports(sample) == ["line 1: a._hidden"]


def test_no_module_imports_another_modules_private_names():
    rooms = ["app.py", "pages", "lessons", "toolcall_lab", "benchmarks", "scripts"]
    files = [ROOT / r for r in rooms if (ROOT / r).is_file()]
    files += [p for r in rooms if (ROOT / r).is_dir() for p in sorted((ROOT / r).rglob("*.py"))]
    found = {str(p.relative_to(ROOT)): private_imports(p.read_text(encoding="utf-8")) for p in files}
    assert not {f: names for f, names in found.items() if names}
