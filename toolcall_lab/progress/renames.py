"""Exercise ids that changed, and what they are called now: old attempts and old exports keep their meaning.

Until issue 20 an exercise was stored as ``<url_path>/<n>``, its position on the page; inserting an
exercise would have given every later one another's attempts. Exercises given as data carry a slug
of their own (``lessons/chain/stage_4_tool_call.py``: ``count-calls``), and the stored id is
``<url_path>/<slug>``. Each time a page's exercises become data, its old positions are listed here,
once, in the order they stood on that day; a migration step (:mod:`.schema`) renames the stored
attempts, and an import renames the ids of a file exported before (:func:`current_id`).

A rename, once released, is never edited: it records what a position meant on the day it became a slug.
"""

from __future__ import annotations

#: Issue 20 (2026-12-01): chain pages ①–④ — position on the page → slug.
CHAIN_REQUEST_SLUGS: dict[str, str] = {
    "stage_1_tool/1": "stage_1_tool/required-params",
    "stage_1_tool/2": "stage_1_tool/make-get-time",
    "stage_2_schema/1": "stage_2_schema/visible-rules",
    "stage_2_schema/2": "stage_2_schema/schema-limits",
    "stage_3_bind_tools/1": "stage_3_bind_tools/named-tool-choice",
    "stage_3_bind_tools/2": "stage_3_bind_tools/fix-tool-name",
    "stage_4_tool_call/1": "stage_4_tool_call/count-calls",
    "stage_4_tool_call/2": "stage_4_tool_call/fix-arguments",
}

#: Issue 20 (2026-12-01): chain pages ⑤–⑧ — position on the page → slug. ⑧'s third exercise, the chain
#: section's review, stays numbered (``stage_8_round_trip/3``): it is not renamed.
CHAIN_EXECUTION_SLUGS: dict[str, str] = {
    "stage_5_validation/1": "stage_5_validation/stop-layer",
    "stage_5_validation/2": "stage_5_validation/fix-arguments",
    "stage_6_kwargs/1": "stage_6_kwargs/call-outcomes",
    "stage_6_kwargs/2": "stage_6_kwargs/invoke-not-python",
    "stage_7_tool_message/1": "stage_7_tool_message/predict-status",
    "stage_7_tool_message/2": "stage_7_tool_message/answer-id",
    "stage_8_round_trip/1": "stage_8_round_trip/second-request-size",
    "stage_8_round_trip/2": "stage_8_round_trip/three-tool-messages",
}

#: Issue 20 (2026-12-01): the seven LangGraph pages — position on the page → slug (graph 7's third: the section review).
GRAPH_SLUGS: dict[str, str] = {
    "graph_1_workflow_vs_agent/1": "graph_1_workflow_vs_agent/agent-searches",
    "graph_1_workflow_vs_agent/2": "graph_1_workflow_vs_agent/only-workflow-searches",
    "graph_2_is_tavily_a_tool/1": "graph_2_is_tavily_a_tool/required-fields",
    "graph_2_is_tavily_a_tool/2": "graph_2_is_tavily_a_tool/valid-arguments",
    "graph_3_state/1": "graph_3_state/reducer-count",
    "graph_3_state/2": "graph_3_state/partial-update",
    "graph_4_threads/1": "graph_4_threads/count-checkpoints",
    "graph_4_threads/2": "graph_4_threads/same-thread",
    "graph_5_code_review/1": "graph_5_code_review/split-survivors",
    "graph_5_code_review/2": "graph_5_code_review/parsable-reply",
    "graph_6_approval/1": "graph_6_approval/reject-path",
    "graph_6_approval/2": "graph_6_approval/edit-arguments",
    "graph_7_context/1": "graph_7_context/naive-orphans",
    "graph_7_context/2": "graph_7_context/safe-budget",
    "graph_7_context/3": "graph_7_context/section-review",
}

#: Issue 20 (2026-12-01): the 小E tutor pages — position on the page → slug.
TUTOR_SLUGS: dict[str, str] = {
    "tutor_1_model_talks/1": "tutor_1_model_talks/predict-tools",
    "tutor_1_model_talks/2": "tutor_1_model_talks/make-two-tools",
    "tutor_2_tools_for_programs/1": "tutor_2_tools_for_programs/predict-corrections",
    "tutor_2_tools_for_programs/2": "tutor_2_tools_for_programs/fix-relative-date",
    "tutor_3_registry/1": "tutor_3_registry/predict-description",
    "tutor_3_registry/2": "tutor_3_registry/fix-docstring",
    "tutor_4_loop_guard/1": "tutor_4_loop_guard/predict-model-calls",
    "tutor_4_loop_guard/2": "tutor_4_loop_guard/make-tool-runs",
    "tutor_5_manual_vs_react/1": "tutor_5_manual_vs_react/predict-next-node",
    "tutor_5_manual_vs_react/2": "tutor_5_manual_vs_react/make-script",
}

#: Every rename so far, old id → current id.
RENAMED: dict[str, str] = {**CHAIN_REQUEST_SLUGS, **CHAIN_EXECUTION_SLUGS, **GRAPH_SLUGS, **TUTOR_SLUGS}

#: Issue 20 (2026-12-02): home, the live run and the faults page — position on the page → slug. Faults' third
#: is the truncation exercise (``finish_reason: "length"``), drawn until then by pages/_ui/truncation_view.py.
START_AND_FAULTS_SLUGS: dict[str, str] = {
    "home/1": "home/predict-tool-call-id",
    "home/2": "home/chain-order",
    "live_run/1": "live_run/predict-model-calls",
    "live_run/2": "live_run/two-calls-one-reply",
    "faults/1": "faults/predict-attempts",
    "faults/2": "faults/fewest-retries",
    "faults/3": "faults/fewest-max-tokens",
}
RENAMED.update(START_AND_FAULTS_SLUGS)

#: Issue 20 (2026-12-02): the seven pitfalls, who decides, and the chain section's review (⑧'s third,
#: numbered until then) — position on the page → slug, in course order.
TUTOR_RELIABILITY_REVIEW_SLUGS: dict[str, str] = {
    "stage_8_round_trip/3": "stage_8_round_trip/section-review",
    "tutor_6_pitfalls/1": "tutor_6_pitfalls/predict-pitfall",
    "tutor_6_pitfalls/2": "tutor_6_pitfalls/fix-decorator",
    "tutor_6_pitfalls/3": "tutor_6_pitfalls/section-review",
    "who_decides/1": "who_decides/predict-reads-s1002",
    "who_decides/2": "who_decides/make-context-tool",
    "who_decides/3": "who_decides/section-review",
}
RENAMED.update(TUTOR_RELIABILITY_REVIEW_SLUGS)


def current_id(exercise_id: str) -> str:
    """What an exercise id is called now (itself when it never changed).

    >>> current_id("stage_4_tool_call/1"), current_id("stage_8_round_trip/3"), current_id("nowhere/1")
    ('stage_4_tool_call/count-calls', 'stage_8_round_trip/section-review', 'nowhere/1')
    """
    return RENAMED.get(exercise_id, exercise_id)


def rename_statements(renames: dict[str, str]) -> tuple[str, ...]:
    """The SQL that renames stored attempts (the ids are the lab's own constants, checked by the id pattern)."""
    from toolcall_lab.progress.identity import check_exercise_id

    return tuple(
        f"UPDATE progress_attempts SET exercise_id = '{check_exercise_id(new)}' "
        f"WHERE exercise_id = '{check_exercise_id(old)}'"
        for old, new in renames.items()
    )
