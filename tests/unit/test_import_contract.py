"""The rooms of the code: the ground floor imports nothing above it, lessons import no pages,
benchmarks reach streamlit only through pages.

The contracts live in pyproject.toml ([tool.importlinter]); import-linter reads every
import, including those inside functions, so a new upward arrow fails here.
(``test_house_rules.py`` checks "no streamlit outside app.py and pages/" on every file, scripts too.)
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LINT = Path(sys.executable).parent / "lint-imports"


def _lint(root: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(LINT), "--no-cache"], cwd=root, capture_output=True, text=True, timeout=300, env={"PYTHONPATH": str(root)}
    )


def test_the_contracts_hold_on_this_tree():
    result = _lint(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]
    assert f"{len(contracts)} kept, 0 broken" in result.stdout


def _tiny_tree(root: Path) -> None:
    """The four root packages, empty, under a copy of the project's contracts."""
    for package in ("toolcall_lab", "lessons", "pages", "benchmarks"):
        (root / package).mkdir()
        (root / package / "__init__.py").write_text("")
    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]
    for contract in contracts:  # every module a contract names exists, empty (pages._ui, the page scripts …)
        for name in contract["source_modules"] + contract["forbidden_modules"]:
            parts = name.split(".")
            if parts[0] not in ("toolcall_lab", "lessons", "pages", "benchmarks"):
                continue
            folder = root.joinpath(*parts[:-1])
            if len(parts) > 1 and not (folder / f"{parts[-1]}.py").exists():
                (folder / parts[-1]).mkdir(parents=True, exist_ok=True)
                (folder / parts[-1] / "__init__.py").write_text("")
    (root / "pyproject.toml").write_text((ROOT / "pyproject.toml").read_text())


def test_an_upward_import_breaks_a_contract(tmp_path):
    """A copy of the contracts over a tiny tree with one upward arrow: the checker must catch it."""
    _tiny_tree(tmp_path)
    (tmp_path / "pages" / "widgets.py").write_text("X = 1\n")
    (tmp_path / "toolcall_lab" / "machine.py").write_text(
        textwrap.dedent(
            """
            def helper():
                from pages.widgets import X  # reaching up, hidden inside a function

                return X
            """
        )
    )
    result = _lint(tmp_path)
    assert result.returncode != 0
    assert "toolcall_lab.machine -> pages.widgets" in result.stdout


def test_a_benchmark_reaches_streamlit_through_pages_but_not_directly(tmp_path):
    """The load client takes Streamlit's classes from a pages module: allowed. Importing streamlit itself: broken."""
    _tiny_tree(tmp_path)
    (tmp_path / "pages" / "_protocol.py").write_text("from streamlit.proto.BackMsg_pb2 import BackMsg\n")
    (tmp_path / "benchmarks" / "client.py").write_text("from pages.serving.protocol import BackMsg\n")
    routed = _lint(tmp_path)
    assert routed.returncode == 0, routed.stdout + routed.stderr
    assert "Benchmarks import streamlit only through pages KEPT" in routed.stdout

    direct_import = "def f():\n    from streamlit.proto.BackMsg_pb2 import BackMsg  # hidden in a function\n"
    (tmp_path / "benchmarks" / "direct.py").write_text(direct_import)
    direct = _lint(tmp_path)
    assert direct.returncode != 0
    assert "benchmarks.direct -> streamlit" in direct.stdout
    assert "benchmarks.client" not in direct.stdout  # the route via pages is still allowed
