"""Stage ⑤ — three layers: json.loads (readable?), Pydantic (well-shaped?), the tool (true?)."""

from typing import Any

import streamlit as st

from lessons.chain import stage_5_validation
from lessons.chain.examples import VALIDATION_TEXTS
from lessons.tutor.tools import learning_record_subject
from pages._ui import T, Text, english, lang, lesson_columns, show_error, source
from pages._ui import chain_checks as late
from pages._ui import chain_frame as su
from pages._ui import chain_widgets as sw
from pages._ui.exercise import draw_exercises
from toolcall_lab.errors import ExplainedError
from toolcall_lab.stages import core, tables, validation
from toolcall_lab.stages.models import WeatherInput
from toolcall_lab.stages.validation import DEFAULT_ARGUMENTS, JsonStageResult, ValidationStageResult

EXAMPLES = {
    "coerce": Text('字符串 "3"', 'The string "3"'),
    "range": Text("days 是 30", "days is 30"),
    "empty": Text("空的城市名", "An empty city"),
    "extra": Text("location 代替 city", "location instead of city"),
    "types": Text("各种 JSON 类型", "Every JSON type"),
    "broken": Text("不是合法 JSON", "Not valid JSON"),
    "nan": Text("NaN", "NaN"),
    "fake": Text("FakeCity", "FakeCity"),
}


@st.cache_data(show_spinner=False, max_entries=4)
def fixed_fact_cases(language: str) -> dict[str, Any]:
    """The two shaped-but-false examples: an unknown city (in the learner's language), an unknown student."""
    weather = validation.fact_stage(validation.weather_subject(language))
    return {"weather": weather, "tutor": validation.fact_stage(learning_record_subject())}


def show_fact(case: dict[str, Any] | ExplainedError, gloss: str = "") -> None:
    """One call that reached the tool: the shape and fact verdicts and what the tool answered."""
    if isinstance(case, ExplainedError):
        return show_error(case, warning=True)
    st.code(tables.fact_call_code(case), language="python")
    st.markdown(
        f"{su.mark(case['shape_ok'])} {T('形状（Pydantic）', 'shape (Pydantic)')} · "
        f"{su.mark(case['fact_ok'])} {T('事实（数据里有没有）', 'fact (is it in the data)')}"
    )
    if isinstance(case["result"], str):
        st.code(case["result"], language="text", wrap_lines=True)
        if gloss:
            st.caption(gloss)
    elif case["result"] is not None:
        st.json(case["result"], expanded=1)


def show_parsed(parsed: JsonStageResult) -> None:
    """Layer 1 passed: which Python type each JSON value became."""
    st.markdown(T("JSON 的每个值变成了哪种 Python 类型：", "Which Python type each JSON value became:"))
    sw.table(
        tables.type_rows(parsed.type_map),
        {
            "path": T("位置（JSON 指针）", "path (JSON pointer)"),
            "json": T("JSON 类型", "JSON type"),
            "python": T("Python 类型", "Python type"),
            "value": T("值", "value"),
        },
    )
    if parsed.non_standard:
        odd = T(
            "Python 的 json.loads 接受了 NaN / Infinity，但严格的 JSON 不允许：",
            "Python's json.loads accepted NaN / Infinity, which strict JSON does not allow: ",
        )
        st.warning(odd + ", ".join(parsed.non_standard), icon=":material/warning:")
    if parsed.truncated:
        st.caption(T("内容太多，只列出了前面一部分。", "Too many values: only the first ones are listed."))


def show_checked(checked: ValidationStageResult | ExplainedError, value: Any, strict: bool) -> None:
    """Layer 2's verdict: the kwargs and every conversion, or Pydantic's own errors."""
    if isinstance(checked, ExplainedError):
        return show_error(checked)
    st.code(tables.validate_code(checked.model, value, strict=strict, extra=checked.extra), language="python")
    if not checked.ok:
        show_error(checked.error, expected=True)
        st.markdown(T("**ValidationError.errors()**（原样）", "**ValidationError.errors()** (as raised)"))
        sw.table(tables.error_rows(checked.errors), {"loc": "loc", "type": "type", "msg": "msg", "input": "input"})
        with st.expander("errors() JSON", icon=":material/data_object:"):
            st.json(checked.errors)
        return
    valid = T("校验通过：这就是函数将收到的 kwargs", "Valid: these are the kwargs the function will get")
    st.success(valid, icon=":material/check_circle:")
    st.json(checked.kwargs)
    if checked.coercions:
        st.markdown(T("**Pydantic 做的转换**", "**Conversions Pydantic made**"))
        labels = {"path": T("位置", "path"), "input": T("输入", "input"), "output": T("结果", "result")}
        sw.table(tables.coercion_rows(checked.coercions), labels)
    if checked.defaults_filled:
        st.caption(T("用了默认值：", "Defaults filled in: ") + ", ".join(checked.defaults_filled))
    if checked.dropped:
        ignored = T('被悄悄忽略的键（extra="ignore"）：', 'Keys silently ignored (extra="ignore"): ')
        st.caption(ignored + ", ".join(checked.dropped))


PAGE = late.top(5).path
left, right = lesson_columns()

with right:
    su.chain_live_run("validation", mark_artifact=False)

with left:
    sw.example_buttons(5, "stage_valid_args", EXAMPLES, VALIDATION_TEXTS, per_row=4)
    text = sw.editor(
        "stage_valid_args", label="function.arguments", default=DEFAULT_ARGUMENTS, param="args", height=80, reset=False
    )
    artifact = st.container(key="artifact")  # where these arguments stop: the verdicts, then layer by layer
    verdicts, layer_1, layer_2 = artifact.container(), artifact.container(border=True), artifact.container(border=True)
    with layer_2:  # layer 2's settings come first in its box: the model, strict, extra
        st.markdown(late.LAYERS[1](lang()))
        c1, c2, c3 = st.columns([5, 2, 4])
    with c1:
        model_name = sw.choice(
            "stage_valid_model",
            label=T("参数模型", "Argument model"),
            options={"WeatherInput": "WeatherInput", "signature": T("@tool 推断的", "inferred by @tool")},
            default="WeatherInput",
            param="m",
        )
    with c2:
        strict = sw.toggle(
            "stage_valid_strict",
            label="strict",
            default=False,
            param="strict",
            help=T('不做 "3" → 3 这类转换。', 'No conversions such as "3" → 3.'),
        )
    with c3:
        extra = sw.choice(
            "stage_valid_extra",
            label="extra",
            options={"model": T("按模型", "model's"), **{s: s for s in validation.EXTRA_SETTINGS}},
            default="model",
            param="extra",
        )

    parsed = validation.json_stage(text)
    checked = None
    if not isinstance(parsed, ExplainedError):
        override = validation.extra_override(extra)
        checked = validation.validate_stage(parsed.value, model_name, strict=strict, extra=override, lang=lang())
    mine = validation.passed_both(parsed, checked)
    fact = None if mine is None else validation.fact_stage(validation.weather_subject(lang()), args=mine)
    with verdicts:
        late.show_verdicts(parsed, checked, fact)

    with layer_1:
        st.markdown(late.LAYERS[0](lang()))
        if isinstance(parsed, ExplainedError):
            show_error(parsed, expected=True)
            caret = tables.decoder_caret(parsed.data)
            if caret:
                st.code(caret, language="text")
        else:
            show_parsed(parsed)

    with layer_2:
        if checked is None or isinstance(parsed, ExplainedError):
            st.caption(T("第一道没通过，这一道不会运行。", "Layer 1 failed, so this layer does not run."))
        else:
            show_checked(checked, parsed.value, strict)
        source(WeatherInput, T("源码：WeatherInput", "Source: WeatherInput"))
        if english():
            st.caption(late.GLOSS_WEATHER_INPUT)

    with artifact.container(border=True):
        st.markdown(late.LAYERS[2](lang()))
        if fact is not None:
            st.markdown(T("**你的参数**交给真实的 get_weather：", "**Your arguments**, given to the real get_weather:"))
            show_fact(fact)
        facts = T("Schema 查不出的两个事实", "Two facts no schema can check")  # fixed cases: one click away
        f1, f2 = st.expander(facts, icon=":material/fact_check:").columns(2)
        cases = fixed_fact_cases(lang())
        with f1:
            st.markdown(T("**不存在的城市**", "**A city that does not exist**"))
            show_fact(cases["weather"])
        with f2:
            st.markdown(T("**不存在的学生**（小E 的工具）", "**A student who does not exist** (小E's tool)"))
            show_fact(cases["tutor"], gloss=T("", late.GLOSS_S9999))
        st.caption(
            T(
                "Schema 只能检查形状；城市、学号是否真实，只有工具背后的数据知道。",
                "A schema checks shape only; whether a city or a student id is real, only the data behind the "
                "tool knows.",
            )
        )
    su.core_source(core.to_kwargs, T("校验形状，得到 kwargs", "check the shape, get the kwargs"))
    source(validation.validate_stage, T("源码：validate_stage", "Source: validate_stage"))
    sw.share_link(PAGE, ["args", "m", "strict", "extra"])

draw_exercises(late.spec(5), stage_5_validation.EXERCISES)
late.bottom(5)
