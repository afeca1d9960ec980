"""Index of the six tutor lessons: one module per lesson page, every public name re-exported here.

Every lesson function runs the real specimen (tools, loops, LangGraph, the chat client
over the wire) and returns plain data: dicts, lists, strings and keys. Pages word the
keys (``T(zh, en)``) and render the data; tests check it. The tools' own texts stay in
Chinese, as the article wrote them.

Models are passed in. Functions that need a model built over the wire take an
``llm_factory`` (default: ``toolcall_lab.llm.build_chat_model``, the built-in teaching
model) because each run should start from a fresh client.

Lessons, one module per page (``pages/tutor_<n>_*.py``):

1. :mod:`~lessons.tutor.lesson_1_model_talks` -- :func:`lesson1_four_steps`: the model talks, your code acts.
2. :mod:`~lessons.tutor.lesson_2_tools_for_programs` -- :func:`lesson2_tools_for_programs`:
   friendly error text; one factory, two data sets.
3. :mod:`~lessons.tutor.lesson_3_registry` -- :func:`lesson3_registry` and
   :func:`parse_docstring_comparison`: the snapshot and its pitfall.
4. :mod:`~lessons.tutor.lesson_4_loop_guard` -- :func:`lesson4_loop_guard`: the guard against a
   model stuck on one bad call.
5. :mod:`~lessons.tutor.lesson_5_manual_vs_react` -- :func:`lesson5_manual_vs_react`: one script
   through both loops, the graph, the warning.
6. :mod:`~lessons.tutor.lesson_6_pitfalls` -- :func:`pitfall_1` ... :func:`pitfall_7`: the seven
   pitfalls, broken and fixed, live (the broken code in :mod:`~lessons.tutor.lesson_6_broken`).

Shared by several: :mod:`~lessons.tutor.lesson_common` (:func:`result_summary`, :func:`q2_script`,
:func:`tools_for`, :class:`~toolcall_lab.checks.Checked`). Each lesson module also holds its page's two exercise checks
(``check_*``; lesson 6's in :mod:`~lessons.tutor.lesson_6_exercises`). Every lesson takes
``lang="zh"`` (the article's original) or ``lang="en"`` (the English edition:
:mod:`~lessons.tutor.tools_en`, :mod:`~lessons.tutor.data_en`).
"""

from __future__ import annotations

from lessons.tutor.lesson_1_model_talks import STEP_KEYS, lesson1_four_steps
from lessons.tutor.lesson_2_tools_for_programs import (
    BAD_INPUT_CASES,
    OTHER_SCHEDULES,
    bad_input_gallery,
    lesson2_tools_for_programs,
)
from lessons.tutor.lesson_3_registry import lesson3_registry, parse_docstring_comparison
from lessons.tutor.lesson_4_loop_guard import (
    REPHRASED_DATES,
    counted_tools,
    guard_scenario,
    lesson4_loop_guard,
    run_unguarded,
)
from lessons.tutor.lesson_5_manual_vs_react import (
    lesson5_manual_vs_react,
    react_deprecation_warning,
    react_graph_mermaid,
)
from lessons.tutor.lesson_6_broken import (
    CopyingScriptedChatModel,
    naive_get_schedule,
    raised_in,
    raising_get_schedule,
    run_rebinding_loop,
)
from lessons.tutor.lesson_6_exercises import check_fix_decorator, check_predict_pitfall
from lessons.tutor.lesson_6_pitfalls import (
    PITFALL_KEYS,
    PITFALLS,
    PitfallResult,
    pitfall_1,
    pitfall_2,
    pitfall_3,
    pitfall_4,
    pitfall_5,
    pitfall_6,
    pitfall_7,
    pitfall_code,
)
from lessons.tutor.lesson_common import LlmFactory, default_llm_factory, q2_script, result_summary, tools_for
from lessons.tutor.run_counter import ToolRunCounter

__all__ = [
    "BAD_INPUT_CASES",
    "OTHER_SCHEDULES",
    "PITFALLS",
    "PITFALL_KEYS",
    "REPHRASED_DATES",
    "STEP_KEYS",
    "CopyingScriptedChatModel",
    "LlmFactory",
    "PitfallResult",
    "ToolRunCounter",
    "bad_input_gallery",
    "check_fix_decorator",
    "check_predict_pitfall",
    "counted_tools",
    "default_llm_factory",
    "guard_scenario",
    "lesson1_four_steps",
    "lesson2_tools_for_programs",
    "lesson3_registry",
    "lesson4_loop_guard",
    "lesson5_manual_vs_react",
    "naive_get_schedule",
    "parse_docstring_comparison",
    "pitfall_1",
    "pitfall_2",
    "pitfall_3",
    "pitfall_4",
    "pitfall_5",
    "pitfall_6",
    "pitfall_7",
    "pitfall_code",
    "q2_script",
    "raised_in",
    "raising_get_schedule",
    "react_deprecation_warning",
    "react_graph_mermaid",
    "result_summary",
    "run_rebinding_loop",
    "run_unguarded",
    "tools_for",
]
