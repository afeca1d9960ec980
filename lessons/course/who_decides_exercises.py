"""The "who decides the student?" page's exercises as data, and the reliability section's review that ends it.

1. *Predict* (``predict-reads-s1002``) — which of the page's texts make the gullible model, with the
   naive tool, read S1002's record? :func:`lessons.course.who_decides.check_reads_other` runs each one.
2. *Make* (``make-context-tool``) — a tool whose schema has no ``student_id`` and which still learns
   the student from the run: :func:`lessons.course.who_decides.check_context_tool` builds it with the
   lab's parser, never running the learner's code.
3. The reliability section's review (:data:`lessons.course.review_exercises.REVIEW_RELIABILITY`): the
   page is the section's last.

The checks, the texts and the runs are :mod:`lessons.course.who_decides`, which loads LangChain and
LangGraph: it is imported inside the functions only, so the registry can count these exercises without it.
"""

from __future__ import annotations

from typing import Any

from lessons.course.review_exercises import REVIEW_RELIABILITY
from toolcall_lab.checks import Checked
from toolcall_lab.exercises import Choices, Code, Context, Exercise, inline
from toolcall_lab.i18n import Text
from toolcall_lab.markdown_text import inert_markdown


def _texts(context: Context) -> tuple[str, ...]:
    from lessons.course import who_decides

    return who_decides.predict_texts(str(context["lang"]))


def _check_reads(answer: Any, context: Context) -> Checked:
    from lessons.course import who_decides

    picked = list(answer) if isinstance(answer, list | tuple) else None
    return who_decides.check_reads_other(picked, str(context["lang"]))


#: Said for a text after which no record came back.
NO_RECORD = Text("没有读任何档案", "no record read")


def _what_was_read(found: Checked, _context: Context) -> Text:
    """What the gullible model read for each text, one line per text (right or wrong: the run is the lesson)."""
    read = found.shown.get("read", {}) if isinstance(found.shown, dict) else {}
    words = Text("易受骗的模型对每段文本读到的档案：", "What the gullible model read for each text:")
    for text, ids in read.items():
        line = f"\n- {inert_markdown(text)} → "
        words += Text(line, line) + (Text(", ".join(ids), ", ".join(ids)) if ids else NO_RECORD)
    return words


def _starting_source(context: Context) -> str:
    from lessons.course import who_decides

    return who_decides.starting_source(str(context["lang"]))


def _check_tool(answer: Any, _context: Context) -> Checked:
    from lessons.course import who_decides

    return who_decides.check_context_tool(answer if isinstance(answer, str) else None)


def _what_was_built(found: Checked, _context: Context) -> Text:
    """The parameters the model is sent, and those the run fills (not in the schema)."""
    shown = found.shown if isinstance(found.shown, dict) else {}
    props, from_run = shown.get("properties") or [], shown.get("from_run") or []
    none = Text("无", "none")
    sent = Text(inline(props), inline(props)) if props else none
    filled = Text(inline(from_run), inline(from_run)) if from_run else none
    return (
        Text("模型收到的参数：", "Parameters the model is sent: ")
        + sent
        + Text("；不在 schema 里、由运行填入的参数：", "; parameters not in the schema, filled by the run: ")
        + filled
        + Text("。", ".")
    )


EXERCISES: tuple[Exercise, ...] = (
    Exercise(
        slug="predict-reads-s1002",
        kind="predict",
        title=Text(
            "预测：哪些文本会让易受骗的模型读到 S1002？", "Predict: which texts make the gullible model read S1002?"
        ),
        prompt=Text(
            "系统提示词只允许 S1001。选出会让易受骗的模型用朴素工具读到 S1002 档案的文本。检查会真的运行每一段。",
            "The system prompt allows S1001 only. Pick the texts for which the gullible model, with the naive "
            "tool, reads S1002's record. Check runs each one.",
        ),
        answer=Choices(Text("文本", "Texts"), _texts),
        check=_check_reads,
        right=_what_was_read,
        wrong=Text(  # where to look, never what the model read for each text (together that is the answer)
            "你选的和真实运行不一样。像模型那样读每段文本：哪些字会让它把 S1002 写进 student_id？",
            "Your picks differ from the real runs. Read each text as the model does: which words could make it "
            "write S1002 as the student_id?",
        ),
        hint=Text(
            "系统提示词只是模型可以不听的一段话；看上面的运行里模型为 student_id 写了什么。",
            "The system prompt is only words the model may overrule; look at what the model wrote for student_id "
            "in the runs above.",
        ),
    ),
    Exercise(
        slug="make-context-tool",
        kind="make",
        title=Text("动手：一个 schema 里没有 student_id 的工具", "Make: a tool whose schema has no student_id"),
        prompt=Text(
            "改写这个工具：模型收到的 schema 里不能有 student_id，函数却仍然知道是哪个学生（从运行拿）。"
            "检查用实验室的解析器构建它，从不执行你的代码。",
            "Rewrite this tool so the schema the model is sent has no student_id, while the function still learns "
            "the student — from the run. Check builds it with the lab's parser and never runs your code.",
        ),
        answer=Code(Text("Python", "Python"), _starting_source, height=260),
        check=_check_tool,
        right=_what_was_built,
        wrong=_what_was_built,
        hint=Text(
            "给函数一个 `config: RunnableConfig` 参数（LangChain 会填入并把它排除在 schema 外），从 config 里读学号。",
            "Give the function a `config: RunnableConfig` parameter (LangChain fills it and leaves it out of the "
            "schema) and read the id from the config.",
        ),
    ),
    REVIEW_RELIABILITY,
)
