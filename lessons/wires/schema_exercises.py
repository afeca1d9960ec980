"""The schema inspector's exercises on ② as data: make a schema strict-compatible; predict what Gemini drops.

``lessons.chain.stage_2_schema.EXERCISES`` ends with these two. The checks are
:mod:`lessons.wires.schema_lesson`'s (the real converters on a model the lab parses, never runs), imported
inside the functions only, so the registry counts the exercises without LangChain.
"""

from __future__ import annotations

from typing import Any

from toolcall_lab.checks import Checked
from toolcall_lab.exercises import Choices, Code, Context, Exercise, Specimen, inline
from toolcall_lab.i18n import Text


def _specimen(_context: Context) -> str:
    from lessons.wires.schema_lesson import SPECIMEN

    return SPECIMEN


def _check_strict(answer: Any, context: Context) -> Checked:
    from lessons.wires.schema_lesson import check_strict_compatible

    return check_strict_compatible(answer if isinstance(answer, str) else None, str(context["lang"]))


def _strict_words(found: Checked, _context: Context) -> Text:
    shown = found.shown if isinstance(found.shown, dict) else {}
    rejected = "; ".join(r["text"] for r in shown.get("rejections") or []) or "—"
    fields = inline(shown.get("fields") or [])
    return Text(
        f"严格模式会拒绝：{rejected}（字段：{fields}）", f"Strict mode would refuse: {rejected} (fields: {fields})"
    )


def _options(_context: Context) -> list[str]:
    from lessons.wires.schema_lesson import keyword_options

    return keyword_options()


def _check_gemini(answer: Any, _context: Context) -> Checked:
    from lessons.wires.schema_lesson import check_gemini_drops

    return check_gemini_drops([str(a) for a in answer] if isinstance(answer, list | tuple) else None)


def _gemini_words(found: Checked, _context: Context) -> Text:
    shown = found.shown if isinstance(found.shown, dict) else {}
    dropped, kept = inline(shown.get("dropped") or []), inline(shown.get("kept") or [])
    return Text(f"转换丢掉了 {dropped}，保留了 {kept}。", f"The conversion dropped {dropped} and kept {kept}.")


INSPECTOR_EXERCISES: tuple[Exercise, ...] = (
    Exercise(
        slug="strict-compatible",
        kind="make",
        title=Text("动手：让这个 schema 兼容严格模式", "Make: make this schema strict-compatible"),
        prompt=Text(
            "改写这个参数模型（保留 city 和 days 两个字段），让 OpenAI 严格模式（strict: true）不拒绝它。"
            "检查用实验室的解析器构建它，跑真实的转换和检查规则。",
            "Rewrite this argument model (keep its two fields, city and days) so OpenAI's strict mode "
            "(strict: true) refuses nothing in it. Check builds it with the lab's parser and runs the real "
            "conversion and the inspector's rules.",
        ),
        answer=Code(Text("参数模型", "Argument model"), _specimen, height=240),
        check=_check_strict,
        right=_strict_words,
        wrong=_strict_words,
        hint=Text(
            "严格模式要求每个属性都必填、每个对象 additionalProperties: false，并且不接受 default 和 maxLength："
            "把 days 改成必填且可为 null，长度限制放进函数里检查。",
            "Strict mode wants every property required, additionalProperties: false on every object, and accepts "
            "neither default nor maxLength: make days required and nullable, and check the length in the function.",
        ),
    ),
    Exercise(
        slug="gemini-drops",
        kind="predict",
        title=Text("预测：Gemini 丢掉了什么？", "Predict: what does Gemini drop?"),
        prompt=Text(
            "这个参数模型转换成 Gemini 的函数声明（langchain-google-genai）时，哪些关键字被丢掉、模型看不见？",
            "When this argument model is converted to a Gemini function declaration (langchain-google-genai), "
            "which keywords are dropped, never reaching the model?",
        ),
        specimen=Specimen(_specimen),
        answer=Choices(Text("被丢掉的关键字", "Dropped keywords"), _options),
        check=_check_gemini,
        right=_gemini_words,
        wrong=Text(  # where to look, never the dropped keywords themselves (they come with the answer)
            "这不是 Gemini 丢掉的那一组：把 Gemini 那一栏的函数声明和这个模型自己的 JSON Schema 逐个关键字对比。",
            "That is not the set Gemini drops: compare the Gemini tab's declaration with this model's own JSON "
            "Schema, keyword by keyword.",
        ),
        hint=Text(
            "Gemini 只接受 JSON Schema 的一个 OpenAPI 子集：看 ② 的检查器里 Gemini 那一栏和规则列表。",
            "Gemini accepts an OpenAPI subset of JSON Schema: look at the Gemini tab and the rule list of ②'s "
            "inspector.",
        ),
    ),
)
