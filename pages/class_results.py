"""Class results (the teacher's page): per exercise of the course, tried / solved / the commonest wrong answer, live."""

from __future__ import annotations

import streamlit as st

from lessons.content import lesson_text
from pages._ui import T, inert, lang
from pages._ui import course as _course
from pages._ui.classroom import class_code, classroom, role
from pages._ui.classroom_state import teacher_token
from pages._ui.course import exercise_ids
from pages.registry import PAGES, page
from toolcall_lab.classroom import NotTheTeacher, results_csv
from toolcall_lab.classroom.results import answer_text

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


@st.fragment(run_every=RESULTS_EVERY_S)
def results_table(code: str, names: bool) -> None:
    """The table, refreshed every few seconds: the same few statements whatever the class's size, names or not.

    Read with this session's teacher token (never the learner id): a device that no longer leads is told so.
    """
    titles = course_exercises()
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
                f"Class **{code}** · **{results.students}** students · exercises tried by someone "
                f"**{tried}** / {len(results.rows)}",
            )
        )
        table = []
        for row in results.rows:
            wrong = row.common_wrong_answer
            line = {
                T("练习", "Exercise"): titles[row.exercise_id],
                T("做过", "Tried"): row.tried,
                T("做对", "Solved"): row.solved,
                T("最常见的错误答案", "Commonest wrong answer"): "" if wrong is None else answer_text(wrong.answer),
                T("给出它的人数", "Students who gave it"): 0 if wrong is None else wrong.learners,
            }
            if names:
                line[T("做对的人", "Solved by")] = ", ".join(results.solved_by.get(row.exercise_id, ()))
            table.append(line)
        st.dataframe(table, hide_index=True, width="stretch", height=560)
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
        names = st.toggle(
            T("显示学生自己填的名字", "Show the names students chose to give"),
            key="class_results::names",
            help=T("默认匿名：只有总数。", "Anonymous by default: totals only."),
        )
        results_table(code, names)
with st.expander(T("这一页", "About this page"), icon=":material/menu_book:"):
    st.markdown(lesson_text(SPEC.lesson, lang()))
