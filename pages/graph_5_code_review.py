"""LangGraph lesson 5 — the code review: six findings, each original vs fixed on a live run."""

import streamlit as st

from lessons.search_assistant import exercises_code_review
from lessons.search_assistant.common import turns
from lessons.search_assistant.lesson_5_code_review import (
    KEYWORD_REPLY_EXAMPLES,
    Finding,
    finding_in_memory,
    finding_keyword_split,
    finding_lines,
    fixed_side_setting,
    review_findings,
    review_findings_steps,
)
from lessons.search_assistant.search import default_offline_search
from pages._ui import T, Text, chat_model, inert, lang, resend_choice, settings, show_error, source
from pages._ui import graph_board as gb
from pages._ui import graph_findings as findings_ui
from pages._ui import graph_lesson as gu
from pages._ui.exercise import draw_exercises
from pages._ui.frame import steps
from toolcall_lab.graph_run import attempt

WORDINGS = ("model", *KEYWORD_REPLY_EXAMPLES)
WORDING_NAMES = {
    "model": Text("模型自己的回复", "the model's own"),
    "follows_format": Text("按格式", "follows the format"),
    "ascii_colon": Text("半角冒号", "ASCII colon"),
    "trailing_text": Text("多一句话", "extra sentence"),
    "no_label": Text("没有标签", "no label"),
}


@st.cache_data(show_spinner=False, max_entries=2)
def default_findings(language: str) -> list[Finding]:
    """The six findings on the built-in model and the offline corpus, on the language's turns (no restart demo)."""
    return review_findings(gu.builtin_llm(), default_offline_search(), run_processes=False, lang=language)


@st.cache_data(show_spinner=False, max_entries=8)
def keyword_finding(wording: str, question: str) -> Finding:
    """Finding 2 with one scripted wording of the model's reply (built-in model, labelled as scripted)."""
    reply = KEYWORD_REPLY_EXAMPLES[wording]
    return finding_keyword_split(gu.builtin_llm(), default_offline_search(), question, scripted_reply=reply)


spec = gu.title(5)
apps = gu.specimen_apps()

c1, c2 = st.columns([3, 2], vertical_alignment="bottom")
with c1:
    gu.setup_caption()
    label = T("用当前模型重新复现全部发现", "Reproduce all findings with the active model")
    run_all = st.button(label, icon=":material/play_arrow:", key="g5::run::btn")
with c2:
    label = T("运行发现 6 的重启进程（约 10 秒）", "Run finding 6's restart processes (about 10 s)")
    run_restart = st.button(label, icon=":material/restart_alt:", key="g5::restart")
run_area = st.container()
summary_area = st.container(key="artifact")  # the findings
step_area = st.container()
graphs = st.expander(T("两张图，逐次运行", "The two graphs, run by run"), icon=":material/account_tree:", expanded=True)
g1, g2 = graphs.columns(2, gap="large")
with g1:
    st.markdown(T("#### :material/history_edu: 原版", "#### :material/history_edu: The original"))
    original_panel = gb.panel("g5orig", apps["original"], graphs=["original"])
with g2:
    st.markdown(T("#### :material/build_circle: 修正版", "#### :material/build_circle: The fixed version"))
    fixed_panel = gb.panel("g5fixed", apps["workflow"], graphs=["fixed"])
graphs.caption(
    T(
        "两张图的结构一模一样：问题不在架构，在节点里的几行代码。",
        "The two graphs have the same structure: the problems are not in the architecture but in a few lines "
        "inside the nodes.",
    )
)

if run_all:
    with run_area:
        events = review_findings_steps(chat_model(), gu.search_backend(), run_processes=False, lang=lang())
        ran = gb.run_live(events, panels=[original_panel, fixed_panel])
    st.session_state["g5::run"] = {
        "data": ran.result,
        "error": ran.error,
        "orig": [t["steps"] for t in ran.traces.get("original", [])],
        "fixed": [t["steps"] for t in ran.traces.get("fixed", [])],
    }
    gb.show_result()
if run_restart:
    with (
        run_area,
        st.status(T("写入进程、读取进程（实测 8–15 秒）……", "Writer process, reader process (8–15 s)…")) as status,
    ):
        setting = fixed_side_setting(settings().checkpointer)
        sixth, err = attempt(finding_in_memory, chat_model(), gu.search_backend(), sqlite_setting=setting)
        status.update(label=T("完成", "Done"), state="complete" if err is None else "error")
    st.session_state["g5::six"] = {"data": sixth, "error": err}
    gb.show_result()

mine = st.session_state.get("g5::run") or {}
six = st.session_state.get("g5::six") or {}
with run_area:
    show_error(mine.get("error"))
    show_error(six.get("error"))
    if not mine.get("data"):
        gu.builtin_caption()
findings = list(mine.get("data") or gu.specimen_run(default_findings, lang()))
if six.get("data"):
    findings[5] = six["data"]

gb.show_recorded(
    original_panel,
    mine.get("orig"),
    key="g5orig",
    empty_note=T(
        "按上面的按钮，看原版每次运行的超级步。",
        "Press the button above to watch each run of the original, super-step by super-step.",
    ),
)
gb.show_recorded(
    fixed_panel,
    mine.get("fixed"),
    key="g5fixed",
    empty_note=T("同一次操作里修正版的运行。", "The fixed version's runs in the same action."),
)

lines = finding_lines()
with summary_area:
    table = st.expander(T("六个发现一览", "The six findings at a glance"), icon=":material/checklist:")
    table.dataframe(
        [{"n": f["id"], "finding": findings_ui.title(f), "reproduced": f["reproduced"]} for f in findings],
        hide_index=True,
        column_config={
            "n": st.column_config.NumberColumn("#", width="small"),
            "finding": st.column_config.TextColumn(T("发现", "finding"), width="large"),
            "reproduced": st.column_config.CheckboxColumn(T("这次运行复现了", "reproduced on this run")),
        },
    )
    n = steps("g5::steps", [findings_ui.title(f) for f in findings], page_url_path=spec.url_path)
f = findings[n - 1]
with step_area, st.container(border=True):
    head, badge = st.columns([4, 1])
    if f["key"] == "keyword_split":
        resend_choice("g5::wording")  # worded in the session's language (resend_choice says why)
        wording = (
            st.segmented_control(
                T("原版理解节点收到的模型回复", "The reply the original's understand node gets"),
                WORDINGS,
                default="model",
                key="g5::wording",
                format_func={w: WORDING_NAMES[w](lang()) for w in WORDINGS}.__getitem__,
            )
            or "model"
        )
        if wording != "model":
            f = keyword_finding(wording, turns(lang())[0])
            st.caption(
                T(
                    "脚本回复由内置教学模型原样重放（标注为脚本）。",
                    "The scripted reply is replayed as is by the built-in teaching model (labelled as scripted).",
                )
            )
    head.markdown(f"### {f['id']} · {inert(findings_ui.title(f))}")
    with badge:
        if f["reproduced"]:
            st.badge(T("已复现", "reproduced"), icon=":material/check_circle:", color="red")
        else:
            st.badge(T("这次没复现", "not reproduced this time"), icon=":material/help:", color="gray")
    st.markdown(findings_ui.explanation(f))
    findings_ui.gloss(f)
    findings_ui.evidence(f)
    if f["id"] in lines:
        label = T(f"原版代码里标着 FINDING {f['id']} 的地方", f"Where the original marks FINDING {f['id']}")
        with st.expander(label, icon=":material/code:"):
            st.code(lines[f["id"]], language="python")
    with st.expander(T("完整证据（JSON）", "All the evidence (JSON)"), icon=":material/data_object:"):
        st.json({"original": f["original"], "fixed": f["fixed"]}, expanded=2)

source(review_findings_steps, T("源码：review_findings_steps", "Source: review_findings_steps"))

st.subheader(T("练习", "Exercises"), anchor=False)
names = {w: WORDING_NAMES[w](lang()) for w in KEYWORD_REPLY_EXAMPLES}
draw_exercises(spec, exercises_code_review.EXERCISES, {"names": names})
