"""The data functions behind the LangGraph lesson pages, each on a live run."""

from __future__ import annotations

import json

import pytest
from langchain_core.messages import HumanMessage

from lessons.search_assistant import lessons as L
from lessons.search_assistant.agent import build_agent
from lessons.search_assistant.workflow import build_workflow


@pytest.fixture
def workflow(llm, offline_search):
    return build_workflow(llm, offline_search)


# ---------------------------------------------------------------- graph pictures


def test_dot_is_emitted_from_the_graph_with_conditional_edges_dashed(llm):
    dot = L.graph_dot(build_agent(llm), highlight="tools")
    assert dot.startswith("digraph G {") and dot.endswith("}")
    assert '"__start__" [label="START", shape="oval", fillcolor="#ffffff"];' in dot
    assert '"tools" [fillcolor="#ffd54f", penwidth="3"];' in dot
    assert '"model" -> "tools" [style="dashed"];' in dot
    assert '"model" -> "__end__" [style="dashed"];' in dot
    assert '"tools" -> "model";' in dot  # a plain edge: solid


def test_mermaid_comes_from_draw_mermaid_and_can_highlight(workflow):
    text = L.graph_mermaid(workflow, highlight="search")
    assert "understand --> search;" in text
    assert text.rstrip().endswith("class search highlight")
    assert L.graph_mermaid(workflow, highlight="nope") == workflow.get_graph().draw_mermaid()


def test_graph_structure_lists_nodes_and_edges(workflow):
    structure = L.graph_structure(workflow)
    assert structure["nodes"] == ["__start__", "understand", "search", "answer", "__end__"]
    assert {"source": "understand", "target": "search", "conditional": False, "label": None} in structure["edges"]


# ---------------------------------------------------------------- trace_run


def test_trace_run_records_each_step_its_update_state_and_model_calls(workflow):
    trace = L.trace_run(workflow, {"messages": [HumanMessage("曼谷今天多少度？")]})
    assert trace["error"] is None
    assert [s["node"] for s in trace["steps"]] == ["understand", "search", "answer"]
    understand, search, answer = trace["steps"]
    assert set(understand["update"]) == {"user_query", "query_intent", "search_query"}
    assert set(search["update"]) == {"search_results", "search_error"}
    # the model was called by understand and answer, never by search
    assert [len(s["model_calls"]) for s in trace["steps"]] == [1, 0, 1]
    assert understand["model_calls"][0]["response_format"] == "QueryUnderstanding"
    # the State after a step contains that step's update
    assert search["state"]["search_results"] == search["update"]["search_results"]
    assert trace["final"]["answer"] == answer["update"]["answer"]
    json.dumps(trace)  # JSON-safe all the way down


def test_trace_run_explains_a_failure_instead_of_raising(offline_search):
    from toolcall_lab.llm import build_chat_model

    # The understand call expects JSON for QueryUnderstanding; this scripted reply is prose.
    llm = build_chat_model(script=[{"content": "曼谷大概很热吧。"}])
    trace = L.trace_run(build_workflow(llm, offline_search), {"messages": [HumanMessage("曼谷今天多少度？")]})
    assert trace["steps"] == []  # understand never finished
    assert trace["error"]["stage"] == "structured_output"
    assert trace["error"]["title"]["en"] == "The model's structured output did not validate"
    assert "曼谷大概很热吧" in trace["error"]["detail"]
    # the reply that broke it is still shown, straight from the wire
    assert trace["failed_calls"][0]["response_message"]["content"] == "曼谷大概很热吧。"


# ---------------------------------------------------------------- who decided


def test_who_decided_weather_question_both_search_for_different_reasons(llm):
    result = L.who_decided(llm, "曼谷今天多少度？")
    assert result["workflow"]["searched"] and result["workflow"]["decided_by"] == "code"
    assert result["workflow"]["edge"]["conditional"] is False
    assert result["agent"]["searched"] and result["agent"]["decided_by"] == "model"
    assert result["agent"]["path"] == ["model", "tools", "model"]
    (call,) = result["agent"]["tool_calls"]
    assert call["type"] == "function" and call["function"]["name"] == "search_web"
    assert isinstance(call["function"]["arguments"], str)  # a JSON string on the wire


def test_who_decided_greeting_workflow_still_searches_agent_does_not(llm):
    result = L.who_decided(llm, "你好")
    assert result["workflow"]["path"] == ["understand", "search", "answer"]
    assert result["agent"]["searched"] is False and result["agent"]["path"] == ["model"]
    assert result["agent"]["tool_calls"] == []


# ---------------------------------------------------------------- sent vs kept


def test_sent_vs_kept_on_the_agent_shows_the_growing_request(llm, memory):
    app = build_agent(llm, checkpointer=memory)
    trace = L.trace_run(app, {"messages": [HumanMessage("曼谷今天多少度？")]}, {"configurable": {"thread_id": "svk"}})
    rows = L.sent_vs_kept(trace)
    # first call: system + question; second call: + the tool call and its reply
    assert [r["sent_count"] for r in rows] == [2, 4]
    assert [m["role"] for m in rows[1]["sent"]] == ["system", "user", "assistant", "tool"]
    assert rows[1]["tools"] == ["search_web"]
    # State never holds the system prompt: it is added per call
    assert rows[-1]["kept_count"] == 4 and rows[-1]["kept"][0]["type"] == "human"


# ---------------------------------------------------------------- threads


def test_same_thread_keeps_the_city_new_threads_lose_it(llm):
    result = L.compare_thread_modes(llm)
    same, fresh = result["same_thread"], result["new_thread_each_turn"]
    assert len({r["thread_id"] for r in same}) == 1 and len({r["thread_id"] for r in fresh}) == 3
    assert [r["messages_in_thread"] for r in same] == [2, 4, 6]
    assert [r["messages_in_thread"] for r in fresh] == [2, 2, 2]
    assert same[1]["top_source"] == "https://weather.example/zh/bangkok/tomorrow"
    assert "曼谷" not in fresh[1]["search_query"]
    assert "bangkok" not in (fresh[1]["top_source"] or "")


def test_history_rows_list_checkpoints_newest_first(llm, offline_search, memory):
    app = build_workflow(llm, offline_search, memory)
    config = {"configurable": {"thread_id": "hist"}}
    app.invoke({"messages": [HumanMessage("曼谷今天多少度？")]}, config)
    rows = L.history_rows(app, config)
    assert [(r["step"], r["next"]) for r in rows] == [
        (3, []),
        (2, ["answer"]),
        (1, ["search"]),
        (0, ["understand"]),
        (-1, ["__start__"]),
    ]
    assert rows[-1]["source"] == "input" and rows[0]["source"] == "loop"
    assert rows[2]["wrote"] == {"search": ["search_error", "search_results"]}
    assert rows[1]["parent_id"] == rows[2]["checkpoint_id"]
    json.dumps(rows)


def test_time_travel_replay_repeats_and_fork_branches(llm):
    result = L.time_travel_demo(llm)
    assert result["checkpoint"]["next"] == ["understand"]
    assert result["replay"]["answer"] == result["original"]["answer"]
    assert result["fork"]["user_query"] == "曼谷明天多少度？"
    assert result["fork"]["sources"][0] == "https://weather.example/zh/bangkok/tomorrow"
    assert result["original"]["sources"][0] == "https://weather.example/zh/bangkok/today"
    sources = [r["source"] for r in result["history"]]
    assert "fork" in sources or "update" in sources
    # three branches ended: original, replay, fork
    assert sum(1 for r in result["history"] if r["next"] == []) == 3


def test_sqlite_survives_a_restart_and_memory_does_not(tmp_path):
    sqlite = L.survives_restart(str(tmp_path / "restart.sqlite"))
    assert sqlite["setting_kind"] == "sqlite"
    assert sqlite["writer"]["pid"] != sqlite["reader"]["pid"]
    assert sqlite["survived"] is True
    assert sqlite["reader"]["messages"][0] == {"type": "human", "content": "曼谷今天多少度？"}

    memory = L.survives_restart("memory")
    assert memory["writer"]["messages"] == 2  # the writer did have the thread...
    assert memory["survived"] is False and memory["reader"]["messages"] == []  # ...then it died


def test_store_keeps_a_users_preference_across_threads():
    result = L.store_demo()
    alice_a, alice_b, bob = result["runs"]
    assert alice_a["thread_id"] != alice_b["thread_id"]
    assert alice_b["messages_in_thread"] == 2  # thread B has no earlier messages...
    assert "81°F ~ 93°F" in alice_b["reply"]  # ...yet answers in Alice's unit (27→81, 34→93)
    assert "27°C ~ 34°C" in bob["reply"]
    assert result["store"] == [{"namespace": ["users", "alice"], "key": "preferences", "value": {"unit": "F"}}]


# ---------------------------------------------------------------- the six findings


def test_all_six_findings_are_reproduced_live(llm, tmp_path):
    findings = L.review_findings(llm, sqlite_setting=str(tmp_path / "f6.sqlite"), run_processes=False)
    assert [f["id"] for f in findings] == [1, 2, 3, 4, 5, 6]
    assert all(f["reproduced"] for f in findings), [f["key"] for f in findings if not f["reproduced"]]
    # a finding is named by its key; the page words each one in both languages
    # (tests/app/test_graph_pages.py::test_page5_words_every_finding_in_both_languages)
    assert [f["key"] for f in findings] == [
        "user_query",
        "keyword_split",
        "new_thread",
        "history_not_sent",
        "partial_updates",
        "in_memory",
    ]
    json.dumps(findings)


def test_finding_1_the_answer_prompt_carries_the_models_words(llm):
    f = L.finding_user_query(llm)
    assert f["original"]["answer_prompt_question_line"] == "用户问题：" + f["original"]["user_query"]
    assert f["fixed"]["user_query"] == "曼谷今天多少度？"


@pytest.mark.parametrize(
    ("example", "status", "reproduced"),
    [
        ("follows_format", "ok", False),
        ("ascii_colon", "colon_variant", True),
        ("trailing_text", "trailing_text", True),
        ("no_label", "no_marker", True),
    ],
)
def test_finding_2_with_each_scripted_wording(llm, example, status, reproduced):
    f = L.finding_keyword_split(llm, scripted_reply=L.KEYWORD_REPLY_EXAMPLES[example])
    assert f["original"]["scripted"] is True
    assert f["original"]["model_reply"] == L.KEYWORD_REPLY_EXAMPLES[example]
    assert (f["original"]["diagnosis"]["status"], f["reproduced"]) == (status, reproduced)
    assert f["fixed"]["response_format"] == "QueryUnderstanding"


def test_finding_4_history_is_in_state_but_not_in_the_request(llm):
    f = L.finding_history_not_sent(llm, lang="en")
    assert f["original"]["messages_in_state"] == 8
    assert [m["role"] for m in f["original"]["understand_call_sent"]] == ["system"]
    assert f["original"]["first_question_sent"] is False and f["fixed"]["first_question_sent"] is True


def test_finding_5_missing_keys_per_node(llm):
    f = L.finding_partial_updates(llm)
    assert f["original"]["nodes"]["search"]["missing"] == ["final_answer", "search_query", "user_query"]
    assert f["fixed"]["update_required_keys"] == []


# ---------------------------------------------------------------- human approval


def test_approve_runs_the_side_effect_once(llm):
    result = L.approval_demo(llm, {"action": "approve"})
    (pending,) = result["pending"]
    (requested,) = pending["value"]["tool_calls"]
    assert requested["name"] == "notify_teacher" and requested["args"]["student_id"] == "S1001"
    assert result["outbox_before"] == []  # paused: nothing was sent before the decision
    assert result["path"] == ["approve", "tools", "model"]
    assert result["outbox"] == [requested["args"]]


def test_edit_runs_the_corrected_arguments(llm):
    result = L.approval_demo(llm, {"action": "edit", "args": {"message": "S1001 今天请病假"}})
    assert result["outbox"] == [{"student_id": "S1001", "message": "S1001 今天请病假"}]
    assert "S1001 今天请病假" in result["answer"]


def test_reject_sends_nothing_and_the_model_is_told(llm):
    result = L.approval_demo(llm, {"action": "reject", "reason": "家长已联系老师"})
    assert result["outbox"] == []
    assert result["path"] == ["approve", "model"]
    assert "未发送：家长已联系老师" in result["answer"]


def test_approval_step_by_step_keeps_the_thread_paused(llm, memory):
    from lessons.search_assistant.approval import build_approval_agent

    outbox = []
    app = build_approval_agent(llm, outbox, memory)
    started = L.approval_start(app, L.APPROVAL_QUESTION.en, "appr")
    assert started["next"] == ["approve"] and outbox == []
    resumed = L.approval_resume(app, "appr", {"action": "approve"})
    assert resumed["path"] == ["approve", "tools", "model"] and len(outbox) == 1


# ---------------------------------------------------------------- context control


def test_context_demo_naive_cut_gets_the_real_400_paired_cut_works(llm):
    result = L.context_demo(llm, max_messages=7)
    # each model call was sent the whole thread so far (plus the system prompt)
    assert result["sent_sizes"] == [2, 4, 6, 8, 10, 12]
    assert len(result["kept"]) == 12
    naive, paired = result["naive"], result["paired"]
    assert naive["orphans"] and naive["messages"][0]["type"] == "tool"
    assert naive["result"]["ok"] is False
    assert naive["result"]["wire"][0]["status_code"] == 400
    assert "tool_calls" in naive["result"]["wire"][0]["error"]["message"]
    assert naive["result"]["error"]["stage"] == "model_call"
    assert paired["orphans"] == [] and paired["result"]["ok"] is True
    assert paired["result"]["wire"][0]["status_code"] == 200


def test_time_travel_fork_in_english_answers_about_tomorrow(llm):
    result = L.time_travel_demo(llm, lang="en")
    assert "tomorrow" in result["fork"]["search_query"].lower()
    assert result["fork"]["sources"][0] == "https://weather.example/bangkok/tomorrow"


def test_edges_text_reads_both_graphs_from_get_graph(llm):
    from lessons.search_assistant.agent import build_agent
    from lessons.search_assistant.search import default_offline_search
    from lessons.search_assistant.workflow import build_workflow

    workflow = L.edges_text(build_workflow(llm, default_offline_search()))
    assert workflow == "START → understand · search → answer · understand → search · answer → END"
    agent = L.edges_text(build_agent(llm))
    assert "START → model" in agent and "tools → model" in agent and "model ⇢ tools" in agent


def test_to_jsonable_handles_nested_commands_messages_and_nan():
    from langchain_core.messages import HumanMessage
    from langgraph.types import Command
    from pydantic import BaseModel

    from lessons.search_assistant.lessons import to_jsonable

    class Prefs(BaseModel):
        unit: str = "C"

    value = {
        "steps": [Command(resume="approve", update={"n": float("nan")})],
        "last": HumanMessage("hi", id="h1"),
        "prefs": Prefs(),
        "tags": ("a",),
    }
    out = to_jsonable(value)
    assert out["steps"][0] == {"Command": {"goto": [], "update": {"n": "NaN"}}}
    assert out["last"] == {"type": "human", "content": "hi", "id": "h1"}
    assert out["prefs"] == {"unit": "C"} and out["tags"] == ["a"]
