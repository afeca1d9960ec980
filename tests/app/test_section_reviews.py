"""The section reviews (issue 14): "what you learned" and one mixed exercise at the end of each section.

Each review is solved wrong, then right, in both languages; the right answer is derived here from
the real artifacts of the section's pages, never typed.
"""

from __future__ import annotations

import pytest

from lessons.content import lesson_text
from lessons.course import faults, who_decides
from lessons.course import review as rv
from lessons.search_assistant.context import naive_trim, orphaned_tool_replies
from lessons.tutor.lesson_4_loop_guard import STUCK_DATE, STUCK_QUESTION, guard_scenario
from lessons.tutor.lesson_6_pitfalls import PITFALLS
from pages._ui.exercise import verdict_words
from pages.registry import in_section
from tests.app.test_live_faults_home import CHECK, unglossed_cjk

pytestmark = pytest.mark.usefixtures("memory_store")


def _chain(lang: str) -> dict:
    """Each shown artifact, found again in the real run's own fields."""
    trace = rv.chain_run(lang)
    call, execution = trace.model_calls[0], trace.tool_executions[0]
    where = {
        3: {"tools": call.request_body["tools"]},
        4: call.ai_message["tool_calls"][0],
        5: execution.validation.kwargs,
        7: execution.tool_message,
    }
    return {label: next(n for n, v in where.items() if v == art) for label, art in rv.chain_artifacts(lang).items()}


def _tutor(lang: str) -> dict:
    run = guard_scenario((STUCK_DATE(lang),), STUCK_QUESTION(lang), rv.TUTOR_MAX_STEPS, 20, lang)
    return {"pitfall": PITFALLS[rv.TUTOR_PITFALL](True, lang=lang)["n"], "model_calls": run["guarded"]["model_calls"]}


def _graph(lang: str) -> dict:
    history = list(rv.graph_history(lang))
    cut = naive_trim(history, rv.graph_budget(lang))
    return {"next_node": rv.graph_path(lang)[0], "keeps_pairs": not orphaned_tool_replies(cut)}


def _reliability(lang: str) -> dict:
    rows = faults.timeline("rate_limit", rv.RELIABILITY_FAILS, rv.RELIABILITY_RETRIES, lang)
    fixed = who_decides.context_run(who_decides.injections(lang)[0], lang, True)
    return {"attempts": rows["attempts"], "injection_changes": who_decides.OTHER in who_decides.records_read(fixed)}


EXPECTED = {"chain": _chain, "tutor": _tutor, "graph": _graph, "reliability": _reliability}


def _word(value: bool, lang: str) -> str:
    return {"en": ("yes", "no"), "zh": ("是", "否")}[lang][0 if value else 1]


def _set(at, key: str, section: str, answer: dict, lang: str) -> None:
    """Fill the review's widgets with ``answer``."""
    if section == "chain":
        for label, stage in answer.items():
            at.selectbox(key=f"{key}::{label}").set_value(stage)
    elif section == "tutor":
        at.selectbox(key=f"{key}::pitfall").set_value(answer["pitfall"])
        at.number_input(key=f"{key}::calls").set_value(answer["model_calls"])
    elif section == "graph":
        at.selectbox(key=f"{key}::node").set_value(answer["next_node"])
        at.radio(key=f"{key}::keeps").set_value(_word(answer["keeps_pairs"], lang))
    else:
        at.number_input(key=f"{key}::attempts").set_value(answer["attempts"])
        at.radio(key=f"{key}::changes").set_value(_word(answer["injection_changes"], lang))


def _wrong(section: str, right: dict) -> dict:
    """The right answer with one part changed."""
    first = next(iter(right))
    value = right[first]
    if isinstance(value, bool):
        changed = not value
    elif isinstance(value, int):
        changed = value + 1 if section != "chain" else (3 if value != 3 else 4)
    else:
        changed = next(n for n in rv.graph_nodes("en") if n != value)
    return {**right, first: changed}


def right_feedback(at, spec) -> str:
    """The review's last verdict's feedback."""
    return str(at.session_state[f"exercise-{spec.url_path}-{spec.exercises}::verdict"].feedback)


def _judge(at, spec, lang: str, right: bool) -> None:
    n = spec.exercises
    buttons = [b for b in at.button if b.label == CHECK[lang]]
    assert len(buttons) == n, "the review is the page's last exercise"
    at = buttons[n - 1].click().run()
    assert not at.exception, at.exception
    verdict = at.session_state[f"exercise-{spec.url_path}-{n}::verdict"]
    assert verdict.correct is right
    said = verdict_words(right, verdict.feedback, lang)  # the verdict word first, then the exercise's words
    assert any(box.value == said for box in (at.success if right else at.warning))
    if not right:
        assert any(i.value.startswith(("Hint: ", "提示：")) for i in at.info), "a hint follows a wrong try"


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("section", rv.SECTIONS)
def test_the_review_is_solved_wrong_then_right(open_page, section, lang):
    spec = in_section(section)[-1]
    at = open_page(spec.path, lang, timeout=180)
    assert not at.exception, at.exception
    summary = lesson_text(f"review_{section}", lang)
    assert any(m.value.strip() == summary.strip() for m in at.markdown), "the 'what you learned' bullets"
    key = f"exercise-{spec.url_path}-{spec.exercises}::answer"
    right = EXPECTED[section](lang)
    _set(at, key, section, _wrong(section, right), lang)
    _judge(at, spec, lang, right=False)
    _set(at, key, section, right, lang)
    _judge(at, spec, lang, right=True)
    if lang == "en":  # the review's own words and artifacts are English (the page's are tested by its own tests)
        widgets = [*at.selectbox, *at.number_input, *at.radio]
        ours = [f"{w.label} {w.options if hasattr(w, 'options') else ''}" for w in widgets if w.key.startswith(key)]
        assert len(ours) >= 2 and unglossed_cjk(" ".join([summary, *ours, right_feedback(at, spec)])) == []
