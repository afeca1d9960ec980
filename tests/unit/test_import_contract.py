"""The rooms of the code: the ground floor imports nothing above it, lessons import no pages.

The contracts live in pyproject.toml ([tool.importlinter]); import-linter reads every
import, including those inside functions, so a new upward arrow fails here.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
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
    assert "2 kept, 0 broken" in result.stdout


def test_an_upward_import_breaks_a_contract(tmp_path):
    """A copy of the contracts over a tiny tree with one upward arrow: the checker must catch it."""
    for package in ("toolcall_lab", "lessons", "pages"):
        (tmp_path / package).mkdir()
        (tmp_path / package / "__init__.py").write_text("")
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
    (tmp_path / "pyproject.toml").write_text((ROOT / "pyproject.toml").read_text())
    result = _lint(tmp_path)
    assert result.returncode != 0
    assert "toolcall_lab.machine -> pages.widgets" in result.stdout
