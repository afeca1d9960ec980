"""Class results (the teacher's page): tried / solved / a bar / the commonest wrong answer, live, struggles first.

By default the exercises of the page the teacher is on (their last published place), the ones where the class
struggles most first; "All pages" lists the course. The commonest wrong answer is in the learner's words and
shows only when at least ``MIN_STUDENTS_FOR_WRONG_ANSWER`` students gave it. Names only when the teacher turns
them on; the projector variant (``?present=1``) never shows them, nor the CSV download.
"""

from __future__ import annotations

import streamlit as st

from lessons.content import lesson_text
from pages._ui import T, counted, inert, lang, page_fragment, resend_choice
from pages._ui import course as _course
from pages._ui.classroom import class_code, classroom, role
from pages._ui.classroom_state import teacher_token
from pages._ui.classroom_teacher import back_to_class_place
from pages._ui.course import exercise_ids
from pages._ui.frame import PRESENT_PARAM, presenting
from pages.registry import PAGES, PageSpec, page, page_by_url
from toolcall_lab.classroom import CLASS_PARAM, ClassResults, NotTheTeacher, results_csv
from toolcall_lab.classroom.live_results import (
    MIN_STUDENTS_FOR_WRONG_ANSWER,
    shown_wrong_answer,
    solved_share,
    struggle_first,
)

SPEC = page("pages/class_results.py")
#: Seconds between two refreshes of the table while the teacher watches.
RESULTS_EVERY_S = 5


def course_exercises() -> dict[str, str]:
    """Every exercise of the course, in course order: id → a readable title ("④ tool_call · 2")."""
    return {
        ex_id: f"{spec.title(lang())} · {n}"
        for spec in PAGES
        if spec.exercises
        for n, ex_id in enumerate(exercise_ids(spec), start=1)
    }


def here_page(code: str) -> PageSpec | None:
    """The page the teacher is on (their last published place), when it has exercises; else ``None``."""
    try:
        position = classroom().position(code)
        spec = page_by_url(position.url_path) if position is not None else None
    except Exception:  # no place yet, a page no longer in the course, or the database away: all exercises
        return None
    return spec if spec is not None and spec.exercises else None


def _table(results: ClassResults, titles: dict[str, str], names: bool) -> list[dict[str, object]]:
    """One line per exercise, the class's struggles first; the wrong answer in the learner's words, from 3 students."""
    table: list[dict[str, object]] = []
    for row in struggle_first(results.rows):
        wrong = shown_wrong_answer(row)
        line: dict[str, object] = {
            T("练习", "Exercise"): titles[row.exercise_id],
            T("做过", "Tried"): row.tried,
            T("做对", "Solved"): row.solved,
            T("做对的比例", "Solved share"): solved_share(row),
            T("最常见的错误答案", "Commonest wrong answer"): "" if wrong is None else wrong[0],
            T("给出它的人数", "Students who gave it"): "" if wrong is None else str(wrong[1]),
        }
        if names:
            line[T("做对的人", "Solved by")] = ", ".join(results.solved_by.get(row.exercise_id, ()))
        table.append(line)
    return table


@page_fragment(run_every=RESULTS_EVERY_S)
def results_table(code: str, names: bool, here: PageSpec | None = None) -> None:
    """The table, refreshed every few seconds: the same few statements whatever the class's size, names or not.

    ``here``: only that page's exercises (the page the teacher is on); ``None``: every exercise of the course.
    Read with this session's teacher token (never the learner id): a device that no longer leads is told so.
    """
    titles = course_exercises()
    if here is not None:
        titles = {e: t for e, t in titles.items() if e in set(exercise_ids(here))}
    try:
        results = classroom().results(_course.store(), code, list(titles), token=teacher_token(code) or "", names=names)
    except NotTheTeacher:
        st.info(
            T(
                "这台设备不再带这个课堂（交给了另一台设备，或老师的身份不在这个浏览器里）。",
                "This device does not lead this class (it was handed to another device, or the teacher's role "
                "is not in this browser).",
            ),
            icon=":material/lock:",
        )
        return
    except Exception as exc:
        st.warning(T("成绩暂时读不到：", "The results cannot be read just now: ") + inert(exc))
        return
    with st.container(key="class-results"):
        tried = sum(1 for r in results.rows if r.tried)
        st.markdown(
            T(
                f"课堂 **{code}** · **{results.students}** 名学生 · 有人做过的练习 **{tried}** / {len(results.rows)}",
                f"Class **{code}** · **{counted(results.students, 'student')}** · exercises tried by someone "
                f"**{tried}** / {len(results.rows)}",
            )
        )
        share, gave = T("做对的比例", "Solved share"), T("给出它的人数", "Students who gave it")
        wrong, counts = T("最常见的错误答案", "Commonest wrong answer"), (T("做过", "Tried"), T("做对", "Solved"))
        # short headers and narrow counts: every column and its header fit 1024 px beside the sidebar (the long
        # names stay in each header's help and in the CSV)
        st.dataframe(
            _table(results, titles, names),
            hide_index=True,
            width="stretch",
            height="auto" if here is not None else 480,
            column_config={
                share: st.column_config.ProgressColumn(
                    share, min_value=0.0, max_value=1.0, format="percent", width=100
                ),
                wrong: st.column_config.TextColumn(T("常见错误", "Common mistake"), help=wrong),
                gave: st.column_config.TextColumn(T("人数", "Gave it"), help=gave, width="small"),
                **{c: st.column_config.NumberColumn(c, width="small") for c in counts},
            },
        )
        st.caption(
            T(
                "先列全班最卡的练习（做过但没做对的人最多）。"
                f"错误答案至少有 {MIN_STUDENTS_FOR_WRONG_ANSWER} 名学生给出才显示。",
                "The exercises where most students tried without solving come first. A wrong answer shows once "
                f"{MIN_STUDENTS_FOR_WRONG_ANSWER} or more students gave it.",
            )
        )
        if presenting():
            return  # the projector variant: no names, no download
        st.download_button(
            T("下载 CSV", "Download CSV"),
            data=results_csv(results, titles).encode("utf-8"),
            file_name=f"class-{code}-results.csv",
            mime="text/csv",
            icon=":material/download:",
            key="class_results::csv",
        )


st.title(T("班级成绩", "Class results"), anchor=False)
code = class_code()
with st.container(key="artifact"):
    if code is None or role() != "teacher":
        st.info(
            T(
                "这一页是给带课堂的老师看的：班上每道练习的做题和答对人数。"
                "要看你自己的班级，请在侧边栏的“课堂”里点“开始上课”；"
                "如果你是学生，你自己的进度在首页。",
                "This page is for the teacher who leads a class: how many of the class tried and solved each "
                "exercise. To see your own class, start one from the sidebar's “Class” box; "
                "if you are a student, your own progress is on the home page.",
            ),
            icon=":material/school:",
        )
    else:
        here = here_page(code)
        labels = {  # worded here, once: the control's format_func only looks them up
            "here": T("我所在的页面", "The page I am on") + (f" · {here.title(lang())}" if here else ""),
            "all": T("所有页面", "All pages"),
        }
        resend_choice("class_results::scope")  # worded in the session's language (resend_choice says why)
        scope = st.segmented_control(
            T("练习", "Exercises"),
            list(labels),
            default="here",
            key="class_results::scope",
            format_func=labels.__getitem__,
        )
        names = False
        if not presenting():  # the projector variant never shows names
            names = st.toggle(
                T("显示学生自己填的名字", "Show the names students chose to give"),
                key="class_results::names",
                help=T("默认匿名：只有总数。", "Anonymous by default: totals only."),
            )
            st.page_link(
                SPEC.path,
                label=T("投影版（不显示名字）", "Projector view (no names)"),
                icon=":material/co_present:",
                query_params={"lang": lang(), CLASS_PARAM: code, PRESENT_PARAM: "1"},
            )
        back_to_class_place(code)  # no dead end: back to the page (and step) the class is on
        results_table(code, names, here if scope != "all" else None)
with st.expander(T("这一页", "About this page"), icon=":material/menu_book:"):
    st.markdown(lesson_text(SPEC.lesson, lang()))
