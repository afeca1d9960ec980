"""What a page of the course is: its section, its file, its titles and the exercises it ends with.

``pages/registry.py`` lists the pages (it re-exports these types); app.py, home, the headings,
previous / next and the tests read that list. Nothing here imports Streamlit or a lesson: a page
whose exercises are data names its lesson module as a string, imported when its ids are first asked for.
"""

from __future__ import annotations

import functools
import importlib
from dataclasses import dataclass
from pathlib import Path

from toolcall_lab.exercises import ids
from toolcall_lab.i18n import Text

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Section:
    """A group of pages in the sidebar and on the course map.

    Attributes:
        key: the section's key (``PageSpec.section``).
        title: its name in the sidebar.
        summary: its heading on the course map (``None`` for a section the map does not show: start).
    """

    key: str
    title: Text
    summary: Text | None = None


@dataclass(frozen=True)
class PageSpec:
    """One page of the app.

    Attributes:
        path: the page file, relative to the repository (``pages/stage_4_tool_call.py``).
        title: the short title in the sidebar.
        icon: a Material icon name (``:material/call_made:``).
        section: the :class:`Section` key it belongs to.
        stage: the chain stage key (``toolcall_lab.stages.catalog``), for chain pages.
        heading: the page's long title, when it differs from the short one (chain pages).
        question: the one question the page answers (chain pages).
        exercise_module: the lesson module whose ``EXERCISES`` (``toolcall_lab.exercises.Exercise``
            records) the page ends with; their ids are ``<url_path>/<slug>`` and their count is derived
            from that data (the module imports LangChain only inside its checks, so counting is cheap).
            A page without one has no exercises.
    """

    path: str
    title: Text
    icon: str
    section: str
    stage: str | None = None
    heading: Text | None = None
    question: Text | None = None
    exercise_module: str = ""

    @property
    def url_path(self) -> str:
        """The page's URL path: the file stem without its leading number (``stage_4_tool_call``)."""
        return Path(self.path).stem.lstrip("0123456789_")

    @property
    def lesson(self) -> str:
        """The page's prose: ``lessons/content/<lesson>.<lang>.md``, named after the page file."""
        return Path(self.path).stem

    @property
    def file(self) -> Path:
        return ROOT / self.path

    @property
    def exercise_ids(self) -> tuple[str, ...]:
        """The stored ids of the page's exercises, in the page's order."""
        return _data_exercise_ids(self.exercise_module, self.url_path) if self.exercise_module else ()

    @property
    def exercises(self) -> int:
        """How many exercises the page ends with."""
        return len(self.exercise_ids)

    @property
    def number(self) -> int:
        """A numbered page's number, from its file name (``stage_4_tool_call`` → 4; 0 for unnumbered pages)."""
        parts = Path(self.path).stem.split("_")
        return int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else 0


@functools.cache
def _data_exercise_ids(module: str, url_path: str) -> tuple[str, ...]:
    """The ids of the exercises a lesson module exports as data (``EXERCISES``), imported by name."""
    return tuple(ids(url_path, importlib.import_module(module).EXERCISES))
