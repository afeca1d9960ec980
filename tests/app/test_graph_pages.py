"""The seven LangGraph pages under AppTest: each renders in zh and en, draws its graph from
the compiled graph, and shows the artifact its lesson is about.

Every run here uses the built-in teaching model and the offline corpus, so each expected
value can be checked by hand: "How hot is Bangkok today?" is always searched by the
workflow (the edge ``understand → search`` is unconditional) and by the agent (the model
asks for ``search_web``); "Hello" is searched by the workflow only.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from pages.registry import in_section

ROOT = Path(__file__).resolve().parents[2]
PAGES = {n: spec.path for n, spec in enumerate(in_section("graph"), start=1)}
TITLES = {
    1: ("固定工作流 vs Agent", "Fixed workflow vs agent"),
    2: ("Tavily 算工具吗", "Is Tavily a tool?"),
    3: ("State、节点、边", "State, nodes, edges"),
    4: ("thread_id 与 checkpointer", "thread_id and checkpointers"),
    5: ("代码审查", "The code review"),
    6: ("人工审批", "Human approval"),
    7: ("上下文控制", "Context control"),
}
# nodes each page's first picture must contain (from the compiled graph's get_graph())
NODES = {
    1: {"understand", "search", "answer"},
    2: {"understand", "search", "answer"},
    3: {"understand", "search", "answer"},
    4: {"understand", "search", "answer"},
    5: {"understand", "search", "answer"},
    6: {"model", "approve", "tools"},
    7: {"model", "tools"},
}


def texts(at) -> str:
    """Every markdown, code, caption, alert, metric and text value of the page, joined."""
    parts = []
    for group in (
        at.markdown,
        at.code,
        at.caption,
        at.error,
        at.warning,
        at.success,
        at.info,
        at.text,
        at.subheader,
        at.title,
    ):
        parts.extend(str(el.value) for el in group)
    parts.extend(str(m.value) for m in at.metric)
    return "\n".join(parts)


def dots(at) -> list[str]:
    """The DOT text of every Graphviz chart on the page."""
    return [el.proto.spec for el in at.get("graphviz_chart")]


def dot_nodes(dot: str) -> set[str]:
    """Node ids declared in a DOT text (lines like ``"search";`` or ``"model" [...]``)."""
    return set(re.findall(r'^\s*"([^"]+)"(?:\s*\[.*\])?;$', dot, flags=re.M))


def highlighted(dot: str) -> set[str]:
    """Nodes filled amber (the node running now / the step picked)."""
    return set(re.findall(r'^\s*"([^"]+)" \[[^\]]*fillcolor="#ffd54f"', dot, flags=re.M))


def at_step(at, n: int):
    """Go to step ``n`` of a stepped page, as its step pills (or a link with ``?step=N``) do."""
    at.query_params["step"] = str(n)
    at.run()
    assert not at.exception, at.exception
    return at


def open_linked(page: str, lang: str = "en", **params: str):
    """Open ``page`` cold from a link that carries ``params`` (a new session, as a pasted link opens it)."""
    from streamlit.testing.v1 import AppTest

    from tests.app.conftest import ROOT

    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    at.query_params.update({"lang": lang, **params})
    at.run()
    at.switch_page(page).run()
    assert not at.exception, at.exception
    return at


def press(at, label: str):
    """Click the (form submit) button with this label and rerun."""
    matches = [b for b in at.button if b.label == label]
    assert matches, f"no button {label!r} in {[b.label for b in at.button]}"
    matches[0].click().run()
    assert not at.exception, at.exception
    return at


# ---------------------------------------------------------------- every page, both languages


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("n", sorted(PAGES))
def test_each_page_draws_its_graph_from_get_graph(open_page, n, lang):
    at = open_page(PAGES[n], lang)
    assert not at.exception, at.exception
    assert at.title[0].value == TITLES[n][0 if lang == "zh" else 1]
    graphs = dots(at)
    assert graphs, "each page draws at least one graph"
    assert NODES[n] <= dot_nodes(graphs[0])
    assert "__start__" in dot_nodes(graphs[0]) and "__end__" in dot_nodes(graphs[0])
    body = texts(at)
    assert "Traceback" not in body


# ---------------------------------------------------------------- 1. workflow vs agent


def test_page1_shows_both_graphs_and_who_decided(open_page):
    at = open_page(PAGES[1], "en")
    workflow, agent = dots(at)[:2]
    assert {"understand", "search", "answer"} <= dot_nodes(workflow)
    assert {"model", "tools"} <= dot_nodes(agent)
    assert '"model" -> "tools" [style="dashed"]' in agent  # the one conditional edge
    assert '"understand" -> "search";' in workflow  # plain: the code always searches
    assert [m.value for m in at.metric] == ["yes · the code", "yes · the model"]
    assert "decided by the code" in texts(at) and "decided by the model" in texts(at)


def test_page1_hello_only_the_workflow_searches(open_page):
    at = open_page(PAGES[1], "zh")
    at.text_input(key="g1::q").set_value("你好")
    press(at, "两边各跑一次")
    assert [m.value for m in at.metric] == ["搜了 · 代码", "没搜 · 模型"]
    run = at.session_state["g1::run"]["data"]
    assert run["workflow"]["path"] == ["understand", "search", "answer"]
    assert run["agent"]["path"] == ["model"]
    # the step picker ends on the last super-step, and the picture highlights its node
    assert highlighted(dots(at)[0]) == {"answer"} and highlighted(dots(at)[1]) == {"model"}
    labels = [e.label for e in at.expander]
    assert any(label.startswith("超级步 2 · search") for label in labels)


def test_page1_step_picker_moves_the_highlight(open_page):
    at = open_page(PAGES[1], "en")
    at.button_group(key="g1wf::default").set_value(2).run()
    assert not at.exception
    assert highlighted(dots(at)[0]) == {"search"}
    assert "Super-step 2 ran `search`" in texts(at)


def test_page1_empty_question_is_explained_not_run(open_page):
    at = open_page(PAGES[1], "en")
    at.text_input(key="g1::q").set_value("   ")
    press(at, "Run both")
    assert any("Type a question first" in w.value for w in at.warning)
    assert "g1::run" not in at.session_state


# ---------------------------------------------------------------- 2. is Tavily a tool?


@pytest.mark.parametrize(("question", "chose"), [("How hot is Bangkok today?", True), ("Hello", False)])
def test_page2_the_model_chooses_or_skips_the_tool(open_page, question, chose):
    at = open_page(PAGES[2], "en")
    at.text_input(key="g2::q").set_value(question)
    press(at, "Run")
    body = texts(at)
    # the workflow's model requests never carry a tool; the agent's always carry search_web
    assert "`understand` → tools: **none**" in body
    assert "`model` → tools: `search_web`" in body
    if chose:
        assert any("chose" in s.value for s in at.success)
    else:
        assert any("skipped" in i.value for i in at.info)


def test_page2_shows_the_schema_bind_tools_sends(open_page):
    at = open_page(PAGES[2], "zh")
    schemas = [j.value for j in at.json if '"search_web"' in j.value and '"parameters"' in j.value]
    schema = json.loads(schemas[0])
    assert schema["function"]["name"] == "search_web"
    assert schema["function"]["parameters"]["required"] == ["query"]
    assert any("def search_step" in c.value for c in at.code)  # the SDK call inside the node


# ---------------------------------------------------------------- 3. State, nodes, edges


def test_page3_reducer_appends_new_ids_and_replaces_known_ones(open_page):
    at = at_step(open_page(PAGES[3], "en"), 2)  # step 2: State and partial updates
    appended, replaced = at.dataframe[0].value, at.dataframe[1].value
    assert list(appended["role"]) == ["human", "ai", "human"]
    assert list(replaced["role"]) == ["human", "ai"] and list(replaced["content"]) == [
        "How hot is Bangkok today?",
        "26–31°C",
    ]


def test_page3_sent_vs_kept_on_a_two_turn_thread(open_page):
    at = open_page(PAGES[3], "en")
    for question in ("How hot is Bangkok today?", "And tomorrow?"):
        at.text_input(key="g3workflow::q").set_value(question)
        press(at, "Send this turn")
    body = texts(at_step(at, 3))  # step 3: kept vs sent, for the turn just run
    # turn 2, understand: the system prompt + both user turns + the first answer were sent,
    # while State holds the 3 messages (the system prompt is sent, never stored)
    assert "**Super-step 1 · node `understand`** — sent 4, State holds 3" in body
    assert "**Super-step 3 · node `answer`** — sent 4, State holds 4" in body
    assert "1 system message(s): sent, never stored" in body


def test_page3_opens_on_a_run_and_keeps_the_graph_in_the_link(open_page):
    at = open_page(PAGES[3], "en")
    # a cold page shows a real run: the cached second turn, its super-steps and its answer
    assert "**This turn (the second on one thread):** And tomorrow?" in texts(at)
    assert highlighted(dots(at)[0]) == {"answer"}  # the last super-step is picked
    assert at.button_group(key="g3::kind").value == "workflow" and "graph" not in at.query_params
    at.button_group(key="g3::kind").set_value("agent").run()
    assert at.query_params["graph"] == "agent"  # the link now opens the agent
    assert {"model", "tools"} <= dot_nodes(dots(at)[0])
    # that link, opened in a new session, shows the agent's cached run at step 3
    linked = open_linked(PAGES[3], "en", graph="agent", step="3")
    assert linked.button_group(key="g3::kind").value == "agent"
    assert "tools: search_web" in texts(linked)  # the agent's model calls carry its tool; the workflow's none


# ---------------------------------------------------------------- 4. threads and checkpoints


def test_page4_three_turns_on_one_thread_and_the_checkpoint_history(open_page):
    at = open_page(PAGES[4], "en")
    # a cold page opens on a real run of the three turns (issue 11: every page opens with a real run)
    assert "(6 messages, from get_state; 15 checkpoints, see step 2)" in texts(at)
    press(at, "New thread")
    assert "An empty thread." in texts(at)  # the cold run happens once per session, not on every new thread
    thread = at.session_state["g4::thread"]
    assert re.fullmatch(r"lab-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}", thread)  # uuid4
    assert any(c.value == thread for c in at.code)  # the current thread_id is on screen
    assert at.query_params["thread"] == thread  # and in the link
    press(at, "Run the three turns here")
    said = [m.children[0].value for m in at.chat_message if m.name == "user"]
    assert said == ["How hot is Bangkok today?", "And tomorrow?", "Do I need an umbrella?"]
    history = at_step(at, 2).dataframe[0].value  # step 2: the checkpoint history
    # each turn: the input checkpoint, then one before understand, and one after each of 3 nodes
    assert len(history) == 15
    assert list(history["next"])[:4] == ["—", "answer", "search", "understand"]
    assert "`get_state_history` lists **15** checkpoints (newest first):" in texts(at)


def test_page4_replay_and_fork_add_a_branch_and_new_thread_starts_empty(open_page):
    at = open_page(PAGES[4], "en")
    press(at, "New thread")
    press(at, "Run the three turns here")
    at_step(at, 2)
    at.selectbox(key="g4::cp").set_value(at.selectbox(key="g4::cp").options[-1])  # turn 1's checkpoint
    at.selectbox(key="g4::cp").run()
    press(at, "Fork and continue")
    travel = at.session_state["g4::travel"]
    assert travel["kind"] == "fork" and travel["error"] is None
    assert travel["result"]["final"]["user_query"] == "How hot is Bangkok tomorrow?"
    assert len(at.dataframe[0].value) > 15  # the fork's checkpoints joined the history
    old = at.session_state["g4::thread"]
    press(at_step(at, 1), "New thread")
    assert at.session_state["g4::thread"] != old
    assert "An empty thread." in texts(at)


def test_page4_same_thread_vs_new_threads_and_the_store(open_page):
    at = open_page(PAGES[4], "zh")
    body = texts(at_step(at, 3))  # step 3: one thread vs a new one per turn
    assert "第 2 轮不同" in body  # "那明天呢？" searched differently once the city is lost
    store = next(json.loads(j.value) for j in at_step(at, 5).json if '"preferences"' in j.value)
    assert store == [{"namespace": ["users", "alice"], "key": "preferences", "value": {"unit": "F"}}]


def test_page4_restart_demo_sqlite_survives_memory_is_lost(open_page):
    at = at_step(open_page(PAGES[4], "en"), 4)  # step 4: after a restart
    press(at, "Run the restart demo (about 10 s)")
    results = at.session_state["g4::restart"]
    assert results["memory"]["survived"] is False  # the reader process found nothing
    durable = [r for name, r in results.items() if name != "memory"]
    assert [r["survived"] for r in durable] == [True]  # the app's SQLite file: the reader found the thread
    assert durable[0]["writer"]["pid"] != durable[0]["reader"]["pid"]  # two real processes
    assert any("The second process found the thread" in s.value for s in at.success)
    assert any("The second process found nothing" in e.value for e in at.error)


def test_page4_a_link_reopens_the_thread_from_the_checkpointer(open_page):
    """``?thread=`` in the link: a new session (a shared link, a reconnect) reads the same thread back."""
    first = open_page(PAGES[4], "en")
    thread = first.session_state["g4::thread"]
    assert first.query_params["thread"] == thread
    again = open_linked(PAGES[4], "en", thread=thread)
    assert again.session_state["g4::thread"] == thread
    body = texts(again)
    # read back as it was: no second cold run on a thread that already holds the three turns
    assert "(6 messages, from get_state; 15 checkpoints, see step 2)" in body
    assert "This thread was opened from a link" in body
    said = [m.children[0].value for m in again.chat_message if m.name == "user"]
    assert said == ["How hot is Bangkok today?", "And tomorrow?", "Do I need an umbrella?"]
    # a link with anything but this page's own kind of thread id is ignored: a fresh thread, a cold run
    forged = open_linked(PAGES[4], "en", thread="approval-" + thread.removeprefix("lab-"))
    assert forged.session_state["g4::thread"] != thread
    assert "(6 messages, from get_state; 15 checkpoints, see step 2)" in texts(forged)


# ---------------------------------------------------------------- 5. code review


def finding_steps(at):
    """Open each of page 5's steps (one finding per step, ``?step=N`` in the link); yield the page at each."""
    for n in range(1, 7):
        at.query_params["step"] = str(n)
        at.run()
        assert not at.exception, at.exception
        yield n, at


def test_page5_six_findings_each_reproduced_original_vs_fixed(open_page):
    at = open_page(PAGES[5], "en")
    summary = at.dataframe[0].value
    assert list(summary["n"]) == [1, 2, 3, 4, 5, 6]
    assert list(summary["reproduced"])[:5] == [True] * 5  # 6 needs the restart processes (a button)
    marked = 0
    for n, step in finding_steps(at):  # one finding per step (issue 11: steps, not a 6,000 px scroll)
        assert f"### {n} · " in texts(step)
        marked += sum(1 for e in step.expander if e.label.startswith("Where the original marks FINDING"))
    assert marked == 6


def test_page5_live_run_records_each_graph_run_of_original_and_fixed(open_page):
    at = open_page(PAGES[5], "zh")
    press(at, "用当前模型重新复现全部发现")
    run = at.session_state["g5::run"]
    assert run["error"] is None
    assert [f["reproduced"] for f in run["data"]][:5] == [True] * 5
    # every recorded run went understand → search → answer, in the panel of its own graph
    assert {tuple(s["node"] for s in r) for r in run["orig"]} == {("understand", "search", "answer")}
    assert {tuple(s["node"] for s in r) for r in run["fixed"]} == {("understand", "search", "answer")}
    assert all("step" in r[0]["state"] for r in run["orig"])  # the original's State has its `step` key
    assert not any("step" in r[0]["state"] for r in run["fixed"])


def test_page5_finding2_with_an_ascii_colon(open_page):
    at = open_page(PAGES[5], "en")
    at.query_params["step"] = "2"
    at.run()
    at.button_group(key="g5::wording").set_value("ascii_colon").run()
    assert not at.exception
    assert "colon_variant" in "\n".join(str(d.value.to_dict()) for d in at.dataframe)


# ---------------------------------------------------------------- 6. human approval


def start_approval(open_page, lang: str = "en"):
    """A cold page starts the default round itself (issue 11: a real run, never "nothing run yet")."""
    at = open_page(PAGES[6], lang)
    m = at.session_state["g6::m"]
    assert m["phase"] == "pending"
    assert m["outbox"] == []  # paused before the side effect
    assert m["started"]["next"] == ["approve"]
    assert highlighted(dots(at)[0]) == {"approve"}
    return at


def test_page6_shows_the_edges_read_from_the_graph(open_page):
    at = open_page(PAGES[6], "en")
    # conditional edges (⇢) leave model and approve; only get_graph() knows approve ⇢ model (a reject)
    assert "approve ⇢ model · approve ⇢ tools" in texts(at)


def test_page6_start_again_then_send_pauses_a_new_round(open_page):
    at = start_approval(open_page)
    first = at.session_state["g6::m"]["thread"]
    press(at, "Approve and resume")
    press(at, "Start again")
    m = at.session_state["g6::m"]
    assert m["phase"] == "idle" and m["started"] is None  # the learner's own round: the form, not a cold run
    assert "A new round: send the agent a request on the right" in texts(at)
    at.text_area[0].set_value("Please tell the teacher that S1002 will be late today.")
    press(at, "Send to the agent")
    m = at.session_state["g6::m"]
    assert m["phase"] == "pending" and m["thread"] != first and m["outbox"] == []
    assert m["started"]["pending"][0]["value"]["tool_calls"][0]["args"]["student_id"] == "S1002"
    assert highlighted(dots(at)[0]) == {"approve"}


def test_page6_approve_resumes_and_sends_once(open_page):
    at = start_approval(open_page)
    press(at, "Approve and resume")
    m = at.session_state["g6::m"]
    assert m["phase"] == "done"
    assert m["resumed"]["path"] == ["approve", "tools", "model"]
    assert [entry["student_id"] for entry in m["outbox"]] == ["S1001"]
    assert any("side effect happened" in s.value for s in at.success)


def test_page6_reject_resumes_and_sends_nothing(open_page):
    at = start_approval(open_page, "zh")
    at.button_group(key="g6::choice::1").set_value("reject").run()
    press(at, "拒绝并继续")
    m = at.session_state["g6::m"]
    assert m["phase"] == "done" and m["outbox"] == []
    assert m["resumed"]["path"] == ["approve", "model"]
    tool_replies = [x for x in m["resumed"]["final"]["messages"] if x["type"] == "tool"]
    assert tool_replies[0]["content"].startswith("未发送：")  # the call still got its ToolMessage


def test_page6_edit_explains_bad_json_then_runs_the_corrected_arguments(open_page):
    at = start_approval(open_page)
    at.button_group(key="g6::choice::1").set_value("edit").run()
    at.text_area(key="g6::args::1").set_value('{"message": ').run()
    press(at, "Resume with these arguments")
    assert at.session_state["g6::m"]["phase"] == "pending"  # nothing resumed
    assert any("json.loads" in e.value for e in at.error)
    at.text_area(key="g6::args::1").set_value('{"message": ""}').run()
    press(at, "Resume with these arguments")
    assert any("NotifyArgs" in e.value for e in at.error)  # empty message fails the tool's own schema
    at.text_area(key="g6::args::1").set_value('{"mesage": "typo in the key"}').run()
    press(at, "Resume with these arguments")
    assert at.session_state["g6::m"]["phase"] == "pending"  # an unknown key is refused, not ignored
    assert any("NotifyArgs" in e.value for e in at.error)
    at.text_area(key="g6::args::1").set_value('{"message": "S1001 is ill today."}').run()
    press(at, "Resume with these arguments")
    m = at.session_state["g6::m"]
    assert m["phase"] == "done"
    assert m["outbox"] == [{"student_id": "S1001", "message": "S1001 is ill today."}]


# ---------------------------------------------------------------- 7. context control


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_page7_paired_cut_keeps_a_pair_intact_naive_cut_orphans_one(open_page, lang):
    at = open_page(PAGES[7], lang)
    body = texts(at)
    intact = "pair intact" if lang == "en" else "配对完整"
    orphan = "orphaned ToolMessage" if lang == "en" else "孤立的 ToolMessage"
    assert intact in body and orphan in body
    # the naive cut is rejected by the endpoint with the real HTTP 400, the paired cut is accepted
    # a deliberate demo: framed as the lesson (show_error(expected=True)), not as a red failure
    assert any("HTTP 400" in i.value for i in at.info)
    assert not any("HTTP 400" in e.value for e in at.error)
    assert any(("accepted" if lang == "en" else "接受") in s.value for s in at.success)
    kept, naive, paired = (d.value for d in at.dataframe[:3])
    assert len(kept) == 12 and len(naive) == 7 and len(paired) == 6
    assert naive.iloc[0]["role"] == "tool"  # the cut starts with a reply whose call was dropped
    pairs = paired[paired["pair"] != ""]
    assert list(pairs["role"]) == ["ai", "tool"] and pairs.iloc[0]["pair"] == pairs.iloc[1]["pair"]
    # the cold page's graph panel shows the cached run's three turns, super-step by super-step
    assert len(at.selectbox(key="g7agent::run").options) == 3


def test_page7_the_budget_and_the_question_are_in_the_link(open_page):
    at = open_page(PAGES[7], "en")
    at.slider(key="max_messages").set_value(4).run()
    at.text_input(key="g7::next").set_value("And in Paris?").run()
    assert at.query_params["next"] == "And in Paris?"  # (the browser writes the bound slider's ?max_messages=)
    linked = open_linked(PAGES[7], "en", max_messages="4", next="And in Paris?")
    assert linked.slider(key="max_messages").value == 4
    assert "Next question: **And in Paris?** · budget **4** messages" in texts(linked)
    naive = linked.dataframe[1].value
    assert len(naive) == 4  # the naive cut of the linked budget


def test_page7_live_run_records_the_three_turns(open_page):
    at = open_page(PAGES[7], "en")
    at.slider(key="max_messages").set_value(4).run()
    press(at, "Run three turns with the active model, then send both cuts")
    run = at.session_state["g7::run"]
    assert run["error"] is None and run["params"][0] == 4
    assert [[s["node"] for s in steps] for steps in run["runs"]] == [["model", "tools", "model"]] * 3
    assert all(s["state"] for steps in run["runs"] for s in steps)  # the State after every super-step


def test_page4_a_checkpointer_that_fails_on_read_is_explained(open_page, monkeypatch):
    """The store opened fine but reading the thread back fails (a dropped connection, a lock)."""
    import sqlite3

    import lessons.search_assistant.lesson_4_threads as lesson_4

    def broken(app, config):
        raise sqlite3.OperationalError("database is locked")

    monkeypatch.setattr(lesson_4, "history_rows", broken)  # what read_thread calls to list the checkpoints
    at = open_page(PAGES[4], "en")
    assert not at.exception, at.exception
    errors = [e.value for e in at.error]
    assert any("Stage: `checkpointer`" in e and "Reading this thread back" in e for e in errors), errors
    assert "This thread has no checkpoints yet." in texts(at_step(at, 2))  # the rest of the page still renders


# ---------------------------------------------------------------- a failing provider is explained


def test_an_unreachable_provider_is_explained_not_a_traceback():
    from streamlit.testing.v1 import AppTest

    from tests.app.conftest import ROOT

    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    at.query_params["lang"] = "en"
    at.session_state["provider"] = "openai_compatible"
    at.session_state["llm_base_url"] = "http://127.0.0.1:9/v1"  # nothing listens on the discard port
    at.session_state["llm_api_key"] = "sk-test"
    at.run()
    at.switch_page(PAGES[1]).run()
    press(at, "Run both")
    assert not at.exception, at.exception
    errors = [e.value for e in at.error]
    assert any("Stage: `graph`" in e or "Stage: `model_call`" in e for e in errors), errors
    assert "Traceback" not in texts(at)


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize(("page", "key"), [(3, "g3workflow::pick"), (4, "g4::pick")])
def test_page_turns_are_the_lessons_turns(open_page, page, key, lang):
    """Pages 3 and 4 offer the lesson's own three turns as their examples; they must not drift from the lesson's."""
    from lessons.search_assistant.lessons import EN_TURNS, ZH_TURNS

    at = open_page(PAGES[page], lang)
    examples = tuple(at.button_group(key=key).options)
    assert examples == (ZH_TURNS if lang == "zh" else EN_TURNS)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_page5_words_every_finding_in_both_languages(open_page, lang):
    """Each finding comes from the lesson as a key; the page gives it a title and an explanation in each language."""
    at = open_page(PAGES[5], lang)
    body = "\n".join(texts(step) for _, step in finding_steps(at))
    titles = re.findall(r"^### (\d) · (.+)$", body, flags=re.M)
    assert [n for n, _ in titles] == ["1", "2", "3", "4", "5", "6"]
    assert all(title.strip() for _, title in titles)
    chinese = [bool(re.search(r"[\u4e00-\u9fff]", title)) for _, title in titles]
    assert chinese == [lang == "zh"] * 6  # every title is in the page's language
    summary = at.dataframe[0].value
    assert all(str(f).strip() for f in summary["finding"])
    for key in ("add_messages", "InMemorySaver", "with_structured_output", "thread_id"):
        assert key in body  # each explanation names what it is about


@pytest.mark.parametrize(("lang", "words"), [("en", "checkpoints are written to"), ("zh", "检查点写入")])
def test_page4_words_where_the_apps_checkpointer_writes(open_page, lang, words):
    """The checkpointer module describes itself as data (kind, target, saver); the page puts it into words."""
    from toolcall_lab.checkpointers import describe, parse_setting
    from toolcall_lab.settings import load_settings

    spec = parse_setting(load_settings().checkpointer)
    at = open_page(PAGES[4], lang)
    described = describe(spec.kind if spec.kind == "memory" else load_settings().checkpointer)
    assert any(words in i.value and described["saver"] in i.value for i in at.info)


def test_page4_keeps_its_thread_in_the_link_and_a_new_session_reopens_it(open_page):
    """Another session with the link (a reload, or another replica after a failover) reopens the same thread."""
    at = open_page(PAGES[4], "en")
    thread = at.session_state["g4::thread"]
    assert at.query_params["thread"] in (thread, [thread])
    cold_run = "(6 messages, from get_state; 15 checkpoints, see step 2)"  # the three turns, run once
    assert cold_run in texts(at)

    again = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    again.query_params.update(lang="en", thread=thread)
    again.run()
    again.switch_page(PAGES[4]).run()
    assert not again.exception, again.exception
    assert again.session_state["g4::thread"] == thread
    assert any(c.value == thread for c in again.code)
    # read back, not run again: a new session whose linked thread has turns does not add the cold run's three
    assert cold_run in texts(again)

    forged = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    forged.query_params.update(lang="en", thread="someone-elses-thread")
    forged.run()
    forged.switch_page(PAGES[4]).run()
    assert forged.session_state["g4::thread"] not in (thread, "someone-elses-thread")  # not the page's shape: new
