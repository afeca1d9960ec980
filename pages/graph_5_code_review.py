"""LangGraph lesson 5 — the code review: six findings, each original vs fixed on a live run."""

import inspect

import streamlit as st

from pages import _graph_ui as gu
from pages._ui import T, chat_model, settings, show_error
from toolcall_lab.jsonable import json_text

WORDINGS = ("model", "follows_format", "ascii_colon", "trailing_text", "no_label")


@st.cache_data(show_spinner=False, max_entries=2)
def default_findings() -> list:
    """The six findings on the built-in model and the offline corpus (restart demo left out)."""
    from lessons.search_assistant.lessons import review_findings
    from lessons.search_assistant.search import default_offline_search

    return review_findings(gu.builtin_llm(), default_offline_search(), run_processes=False)


@st.cache_data(show_spinner=False, max_entries=8)
def keyword_finding(wording: str) -> dict:
    """Finding 2 with one scripted wording of the model's reply (built-in model, labelled as scripted)."""
    from lessons.search_assistant.lessons import KEYWORD_REPLY_EXAMPLES, finding_keyword_split
    from lessons.search_assistant.search import default_offline_search

    return finding_keyword_split(
        gu.builtin_llm(), default_offline_search(), scripted_reply=KEYWORD_REPLY_EXAMPLES[wording]
    )


@st.cache_data(show_spinner=False, max_entries=2)
def finding_lines() -> dict[int, str]:
    """The lines of ``original.py`` marked ``# FINDING n``, with the few lines that follow each."""
    from lessons.search_assistant import original

    lines = inspect.getsource(original).splitlines()
    out: dict[int, list[str]] = {}
    for i, line in enumerate(lines):
        for n in range(1, 7):
            if f"# FINDING {n}" in line:
                block = [line]
                for nxt in lines[i + 1 : i + 7]:
                    if not nxt.strip():
                        break
                    block.append(nxt)
                out.setdefault(n, []).append("\n".join(f"{i + 1 + k:>4}  {text}" for k, text in enumerate(block)))
    return {n: "\n   ⋮\n".join(blocks) for n, blocks in out.items()}


def yes_no(value: bool) -> str:
    return T("是", "yes") if value else T("否", "no")


def facts(rows: list[tuple[str, object]]) -> None:
    """A two-column table of labelled evidence values."""
    st.dataframe(
        [{"what": k, "value": v if isinstance(v, str) else json_text(v, indent=None)} for k, v in rows],
        hide_index=True,
        column_config={
            "what": st.column_config.TextColumn(T("证据", "evidence"), width="medium"),
            "value": st.column_config.TextColumn(T("值", "value"), width="large"),
        },
    )


def render_1(f: dict) -> None:
    o, x = f["original"], f["fixed"]
    a, b = st.columns(2)
    with a:
        facts(
            [
                (T("用户输入", "typed"), o["typed"]),
                ("user_query", o["user_query"]),
                (T("回答提示词里的“用户问题”", "answer prompt's question line"), o["answer_prompt_question_line"]),
            ]
        )
    with b:
        facts(
            [(T("用户输入", "typed"), x["typed"]), ("user_query", x["user_query"]), ("query_intent", x["query_intent"])]
        )


def render_2(f: dict) -> None:
    o, x = f["original"], f["fixed"]
    a, b = st.columns(2)
    with a:
        st.caption(
            T("模型回复（原样）", "The model's reply (as sent back)")
            + (T(" · 脚本回复", " · scripted reply") if o["scripted"] else "")
        )
        st.code(o["model_reply"], language="text", wrap_lines=True)
        d = o["diagnosis"]
        facts(
            [
                ("status", d["status"]),
                ("search_query", o["search_query"]),
                (
                    T("裸 split(...)[1] 的结果", "bare split(...)[1]"),
                    d["strict_error"] or T("没有异常", "no exception"),
                ),
            ]
        )
        st.caption(gu.tr(d))
    with b:
        st.caption(
            T(
                f"with_structured_output → response_format = {x['response_format']}",
                f"with_structured_output → response_format = {x['response_format']}",
            )
        )
        st.code(x["structured_reply"] or "", language="json", wrap_lines=True)
        facts([("search_query", x["search_query"]), ("query_intent", x["query_intent"])])


def render_3(f: dict) -> None:
    o, x = f["original"], f["fixed"]
    a, b = st.columns(2)
    with a:
        facts(
            [
                ("thread_ids", o["thread_ids"]),
                (T("第二个线程里的用户消息", "user turns in the 2nd thread"), o["user_turns_in_second_thread"]),
                (T("第二轮的搜索词", "2nd turn's search keyword"), o["second_search_query"]),
            ]
        )
    with b:
        facts(
            [
                ("thread_ids", x["thread_ids"]),
                (T("第二个线程里的用户消息", "user turns in the 2nd thread"), x["user_turns_in_second_thread"]),
                (T("第二轮的搜索词", "2nd turn's search keyword"), x["second_search_query"]),
            ]
        )


def render_4(f: dict) -> None:
    o, x = f["original"], f["fixed"]
    a, b = st.columns(2)
    for col, side in ((a, o), (b, x)):
        with col:
            facts(
                [
                    (T("State 里的消息数", "messages in State"), str(side["messages_in_state"])),
                    (
                        T("请求里有第一轮的问题吗", "first question in the request?"),
                        yes_no(side["first_question_sent"]),
                    ),
                ]
            )
            st.caption(
                T(
                    "understand 这次请求发出去的 messages（线上原样）",
                    "messages the understand call sent (as on the wire)",
                )
            )
            gu.message_table(side["understand_call_sent"])


def render_5(f: dict) -> None:
    o, x = f["original"], f["fixed"]
    a, b = st.columns(2)
    for col, side in ((a, o), (b, x)):
        with col:
            st.dataframe(
                [
                    {
                        "node": n,
                        "annotation": v["annotation"],
                        "returned": ", ".join(v["returned"]),
                        "missing": ", ".join(v["missing"]) or "—",
                    }
                    for n, v in side["nodes"].items()
                ],
                hide_index=True,
                column_config={
                    "node": T("节点", "node"),
                    "annotation": T("返回类型标注", "annotated return"),
                    "returned": T("实际返回的键", "keys returned"),
                    "missing": T("标注要求却没返回", "required but missing"),
                },
            )


def render_6(f: dict) -> None:
    o, x = f["original"], f["fixed"]
    a, b = st.columns(2)
    for col, side in ((a, o), (b, x)):
        with col:
            st.markdown(f"checkpointer: {gu.code(side['checkpointer'])}")
            restart = side.get("restart")
            if not restart:
                st.caption(
                    T("重启演示还没运行：点下面的按钮。", "The restart demo has not run yet: press the button below.")
                )
            elif restart.get("error"):
                show_error(restart["error"])
            else:
                box = st.success if restart["survived"] else st.error
                box(
                    T(
                        f"写入进程 pid {restart['writer']['pid']} → 读取进程 pid {restart['reader']['pid']}："
                        + ("找到了线程" if restart["survived"] else "什么也没找到"),
                        f"writer pid {restart['writer']['pid']} → reader pid {restart['reader']['pid']}: "
                        + ("found the thread" if restart["survived"] else "found nothing"),
                    )
                )


RENDER = {1: render_1, 2: render_2, 3: render_3, 4: render_4, 5: render_5, 6: render_6}

gu.title(5)
gu.prose("graph_5_code_review")
apps = gu.specimen_apps()

c1, c2 = st.columns([3, 2], vertical_alignment="bottom")
with c1:
    gu.setup_caption()
    run_all = st.button(
        T("用当前模型重新复现全部发现", "Reproduce all findings with the active model"),
        icon=":material/play_arrow:",
        key="g5::run::btn",
    )
with c2:
    run_restart = st.button(
        T("运行发现 6 的重启进程（几秒）", "Run finding 6's restart processes (a few seconds)"),
        icon=":material/restart_alt:",
        key="g5::restart",
    )
run_area = st.container()
g1, g2 = st.columns(2, gap="large")
with g1:
    st.markdown(T("#### :material/history_edu: 原版", "#### :material/history_edu: The original"))
    original_panel = gu.panel(
        "g5orig", apps["original"], accepts=lambda node, inputs: isinstance(inputs, dict) and "step" in inputs
    )
with g2:
    st.markdown(T("#### :material/build_circle: 修正版", "#### :material/build_circle: The fixed version"))
    fixed_panel = gu.panel(
        "g5fixed", apps["workflow"], accepts=lambda node, inputs: isinstance(inputs, dict) and "step" not in inputs
    )
st.caption(
    T(
        "两张图的结构一模一样：问题不在架构，在节点里的几行代码。",
        "The two graphs have the same structure: the problems are not in the architecture but in a few lines "
        "inside the nodes.",
    )
)


from toolcall_lab.checkpointers import parse_setting


def fixed_side_setting(setting: str) -> str | None:
    """The store for the fixed side: the configured one, unless it is memory (then the SQLite default)."""
    try:
        return None if parse_setting(setting).kind == "memory" else setting
    except ValueError:  # an unknown setting: let the run itself explain it
        return setting


sqlite_setting = fixed_side_setting(settings().checkpointer)
if run_all:
    from lessons.search_assistant.lessons import review_findings

    with run_area:
        data, err = gu.run_live(
            review_findings,
            chat_model(),
            gu.search_backend(),
            run_processes=False,
            panels=[original_panel, fixed_panel],
        )
    st.session_state["g5::run"] = {
        "data": data,
        "error": err,
        "orig": gu.recorded(original_panel),
        "fixed": gu.recorded(fixed_panel),
    }
    gu.show_result()
if run_restart:
    from lessons.search_assistant.lessons import finding_in_memory

    with run_area:
        six, err = gu.run_live(
            finding_in_memory,
            chat_model(),
            gu.search_backend(),
            sqlite_setting=sqlite_setting,
            label=T("写入进程、读取进程……", "Writer process, reader process…"),
        )
    st.session_state["g5::six"] = {"data": six, "error": err}
    gu.show_result()

mine = st.session_state.get("g5::run")
if mine and mine["error"]:
    with run_area:
        show_error(mine["error"])
if mine and mine["data"]:
    findings = list(mine["data"])
else:
    findings = list(gu.loading(default_findings))
    with run_area:
        gu.builtin_caption()
six = st.session_state.get("g5::six")
if six and six["error"]:
    with run_area:
        show_error(six["error"])
if six and six["data"]:
    findings[5] = six["data"]

gu.show_recorded(
    original_panel,
    (mine or {}).get("orig"),
    key="g5orig",
    empty_note=T(
        "按上面的按钮，看原版每次运行的超级步。",
        "Press the button above to watch each run of the original, super-step by super-step.",
    ),
)
gu.show_recorded(
    fixed_panel,
    (mine or {}).get("fixed"),
    key="g5fixed",
    empty_note=T("同一次操作里修正版的运行。", "The fixed version's runs in the same action."),
)

st.divider()
st.dataframe(
    [{"n": f["id"], "finding": gu.tr(f["title"]), "reproduced": f["reproduced"]} for f in findings],
    hide_index=True,
    column_config={
        "n": st.column_config.NumberColumn("#", width="small"),
        "finding": st.column_config.TextColumn(T("发现", "finding"), width="large"),
        "reproduced": st.column_config.CheckboxColumn(T("这次运行复现了", "reproduced on this run")),
    },
)

lines = finding_lines()
for f in findings:
    with st.container(border=True):
        head, badge = st.columns([4, 1])
        head.markdown(f"### {f['id']} · {gu.inert(gu.tr(f['title']))}")
        with badge:
            if f["reproduced"]:
                st.badge(T("已复现", "reproduced"), icon=":material/check_circle:", color="red")
            else:
                st.badge(T("这次没复现", "not reproduced this time"), icon=":material/help:", color="gray")
        st.markdown(gu.tr(f["explain"]))
        if f["id"] == 2:
            wording = (
                st.segmented_control(
                    T("原版理解节点收到的模型回复", "The reply the original's understand node gets"),
                    WORDINGS,
                    default="model",
                    key="g5::wording",
                    format_func={
                        "model": T("模型自己的回复", "the model's own"),
                        "follows_format": T("按格式", "follows the format"),
                        "ascii_colon": T("半角冒号", "ASCII colon"),
                        "trailing_text": T("多一句话", "extra sentence"),
                        "no_label": T("没有标签", "no label"),
                    }.__getitem__,
                )
                or "model"
            )
            if wording != "model":
                f = keyword_finding(wording)
                st.caption(
                    T(
                        "脚本回复由内置教学模型原样重放（标注为脚本）。",
                        "The scripted reply is replayed as is by the built-in teaching model (labelled as scripted).",
                    )
                )
        o_col, x_col = st.columns(2)
        o_col.markdown(T("**原版**", "**Original**"))
        x_col.markdown(T("**修正版**", "**Fixed**"))
        RENDER[f["id"]](f)
        if f["id"] in lines:
            with st.expander(
                T(f"原版代码里标着 FINDING {f['id']} 的地方", f"Where the original marks FINDING {f['id']}"),
                icon=":material/code:",
            ):
                st.code(lines[f["id"]], language="python")
        with st.expander(T("完整证据（JSON）", "All the evidence (JSON)"), icon=":material/data_object:"):
            st.json({"original": f["original"], "fixed": f["fixed"]}, expanded=2)

from lessons.search_assistant.lessons import review_findings as _review

gu.source(_review, T("源码：review_findings", "Source: review_findings"))
