"""Index of the seven LangGraph lessons: every name the lesson pages (and tests) have always imported here.

Each lesson now lives in its own module, one per page; the graph machinery is on the
ground floor:

=================================  ================================================================
module                             what it runs and returns
=================================  ================================================================
``toolcall_lab.graph``             pictures from ``get_graph()``: ``graph_structure``, ``edges_text``,
                                   ``graph_dot``, ``graph_mermaid``
``toolcall_lab.graph_run``         a run, super-step by super-step: ``trace_run``, ``exchange_summary``
``lesson_1_workflow_vs_agent``     ``who_decided``: who decided to search, the code or the model
``lesson_2_is_tavily_a_tool``      the SDK call in a node vs the same search as a ``@tool``
``lesson_3_state``                 ``sent_vs_kept``: what each model call was sent vs what State keeps
``lesson_4_threads``               ``compare_thread_modes``, ``history_rows``, ``replay_from``,
                                   ``fork_from``, ``time_travel_demo``, ``survives_restart``, ``store_demo``
``lesson_5_code_review``           the six findings (``finding_user_query`` … ``finding_in_memory``),
                                   ``review_findings``
``lesson_6_approval``              ``approval_start``, ``approval_resume``, ``approval_demo``
``lesson_7_context``               ``context_demo``
=================================  ================================================================

Each lesson function that runs graphs also has a ``*_steps`` generator form that yields
the run's records while it goes (see :mod:`toolcall_lab.graph_run`).
"""

from __future__ import annotations

from lessons.search_assistant.common import EN_TURNS, ZH_TURNS
from lessons.search_assistant.lesson_1_workflow_vs_agent import who_decided
from lessons.search_assistant.lesson_3_state import sent_vs_kept
from lessons.search_assistant.lesson_4_threads import (
    compare_thread_modes,
    fork_from,
    history_rows,
    replay_from,
    store_demo,
    survives_restart,
    time_travel_demo,
)
from lessons.search_assistant.lesson_5_code_review import (
    KEYWORD_REPLY_EXAMPLES,
    finding_history_not_sent,
    finding_in_memory,
    finding_keyword_split,
    finding_new_thread,
    finding_partial_updates,
    finding_user_query,
    review_findings,
)
from lessons.search_assistant.lesson_6_approval import (
    APPROVAL_QUESTION,
    approval_demo,
    approval_resume,
    approval_start,
)
from lessons.search_assistant.lesson_7_context import context_demo
from toolcall_lab.graph import edges_text, graph_dot, graph_mermaid, graph_structure
from toolcall_lab.graph_records import exchange_summary
from toolcall_lab.graph_run import trace_run
from toolcall_lab.jsonable import message_to_dict, to_jsonable

__all__ = [
    "APPROVAL_QUESTION",
    "EN_TURNS",
    "KEYWORD_REPLY_EXAMPLES",
    "ZH_TURNS",
    "approval_demo",
    "approval_resume",
    "approval_start",
    "compare_thread_modes",
    "context_demo",
    "edges_text",
    "exchange_summary",
    "finding_history_not_sent",
    "finding_in_memory",
    "finding_keyword_split",
    "finding_new_thread",
    "finding_partial_updates",
    "finding_user_query",
    "fork_from",
    "graph_dot",
    "graph_mermaid",
    "graph_structure",
    "history_rows",
    "message_to_dict",
    "replay_from",
    "review_findings",
    "sent_vs_kept",
    "store_demo",
    "survives_restart",
    "time_travel_demo",
    "to_jsonable",
    "trace_run",
    "who_decided",
]
