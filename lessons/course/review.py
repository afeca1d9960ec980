"""The section reviews: one mixed exercise per course section, across several of its pages.

Each review asks about real artifacts from more than one page of its section and is checked
against them; the right answer is computed here from the real runs, never typed:

* :func:`check_chain` — the chain (pages ③ ④ ⑤ ⑦): four artifacts of one real built-in-model
  run, shuffled; which stage made each?
* :func:`check_tutor` — the tutor (pages 4 and 6): which pitfall explains a broken run, and how
  many model calls a loop guard with :data:`TUTOR_MAX_STEPS` lets a stuck model make.
* :func:`check_graph` — LangGraph (pages 6 and 7): which node runs first after an approved
  pause, and whether the naive cut to the last :func:`graph_budget` messages keeps every
  tool-call pair.
* :func:`check_reliability` — reliability (both pages): how many attempts the first model call
  makes under :data:`RELIABILITY_FAILS` 429s, and whether an injected request can change the
  student once the id comes from the run.

An answer is a dict of parts; it is right when every part is.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from lessons.course import faults, live_run, who_decides
from lessons.course.review_exercises import RELIABILITY_FAILS as RELIABILITY_FAILS
from lessons.course.review_exercises import RELIABILITY_RETRIES as RELIABILITY_RETRIES
from lessons.course.review_exercises import TUTOR_MAX_STEPS as TUTOR_MAX_STEPS
from lessons.search_assistant.context import naive_trim, orphaned_tool_replies
from lessons.search_assistant.exercises_context import three_turn_history
from lessons.search_assistant.lesson_6_approval import approval_demo
from lessons.tutor.lesson_4_loop_guard import check_predict_model_calls
from lessons.tutor.lesson_6_pitfalls import PITFALLS
from toolcall_lab.checks import Checked
from toolcall_lab.i18n import normalize_lang
from toolcall_lab.jsonable import to_jsonable
from toolcall_lab.llm import build_chat_model
from toolcall_lab.trace import RunTrace

#: The sections that end with a review, by section key.
SECTIONS: tuple[str, ...] = ("chain", "tutor", "graph", "reliability")

#: The chain review's artifacts, in the (shuffled) order shown: label -> the stage that made it.
CHAIN_ORDER: tuple[int, ...] = (7, 3, 5, 4)
CHAIN_LABELS: tuple[str, ...] = ("A", "B", "C", "D")

#: The tutor review: the pitfall whose broken run is shown (the guard's step limit, :data:`TUTOR_MAX_STEPS`, and the
#: reliability review's :data:`RELIABILITY_FAILS` and :data:`RELIABILITY_RETRIES` are in the words of the questions:
#: :mod:`lessons.course.review_exercises`, imported here).
TUTOR_PITFALL = 4


def _parts(answer: Mapping[str, Any] | None, expected: dict[str, Any]) -> Checked:
    """Right when every part equals the expected part; ``shown`` says which parts are right."""
    if answer is None:
        return Checked(False, expected)
    right = {k: answer.get(k) == v for k, v in expected.items()}
    return Checked(all(right.values()), expected, {"right": right})


# ---------------------------------------------------------------- the chain
@functools.lru_cache(maxsize=2)
def chain_run(lang: str) -> RunTrace:
    """The live run page's first example, on the built-in model (one real run per language)."""
    language = normalize_lang(lang)
    return live_run.run(live_run.EXAMPLES[0](language), language)


def _by_stage(trace: RunTrace) -> dict[int, Any]:
    """One artifact of each of the stages ③ ④ ⑤ ⑦, taken from the run where that stage left it."""
    first, execution = trace.model_calls[0], trace.tool_executions[0]
    tool_calls = (first.ai_message or {}).get("tool_calls") or []
    return {
        3: {"tools": to_jsonable(first.request_body["tools"])},
        4: to_jsonable(tool_calls[0]) if tool_calls else None,
        5: to_jsonable(execution.validation.kwargs if execution.validation else None),
        7: to_jsonable(execution.tool_message),
    }


def chain_artifacts(lang: str) -> dict[str, Any]:
    """The shuffled artifacts the learner sees, by label ("A" …)."""
    stages = _by_stage(chain_run(lang))
    return {label: stages[n] for label, n in zip(CHAIN_LABELS, CHAIN_ORDER, strict=True)}


def check_chain(answer: Mapping[str, Any] | None, lang: str) -> Checked:
    """Match each artifact to its stage (an answer maps label -> stage number)."""
    stages = _by_stage(chain_run(lang))
    shown = chain_artifacts(lang)
    expected = {label: next(n for n, value in stages.items() if value == art) for label, art in shown.items()}
    return _parts(answer, expected)


# ---------------------------------------------------------------- the tutor
def tutor_run(lang: str) -> dict[str, Any]:
    """The broken run of :data:`TUTOR_PITFALL`, as the pitfalls page shows it."""
    result = PITFALLS[TUTOR_PITFALL](True, lang=normalize_lang(lang))
    return dict(result["artifact"].get("run") or result["artifact"])


def check_tutor(answer: Mapping[str, Any] | None, lang: str) -> Checked:
    """Which pitfall made :func:`tutor_run`, and the guarded model calls at :data:`TUTOR_MAX_STEPS`."""
    language = normalize_lang(lang)
    pitfall = PITFALLS[TUTOR_PITFALL](True, lang=language)["n"]
    calls = check_predict_model_calls(None, TUTOR_MAX_STEPS, language).expected
    return _parts(answer, {"pitfall": pitfall, "model_calls": calls})


# ---------------------------------------------------------------- LangGraph
@functools.lru_cache(maxsize=2)
def graph_history(lang: str) -> tuple[Any, ...]:
    """The three turns' State of the context page, plus a next question."""
    language = normalize_lang(lang)
    return tuple(three_turn_history(build_chat_model(), language, "?"))


def graph_budget(lang: str) -> int:
    """The smallest last-N cut whose first message is a ToolMessage cut from its call (an orphan)."""
    history = list(graph_history(lang))
    return next(n for n in range(1, len(history)) if orphaned_tool_replies(naive_trim(history, n)))


@functools.lru_cache(maxsize=2)
def graph_path(lang: str) -> tuple[str, ...]:
    """The nodes that run after the approval pause, when the human approves."""
    ran = approval_demo(build_chat_model(), {"action": "approve"}, lang=normalize_lang(lang))
    return tuple(ran["path"])


def graph_nodes(lang: str) -> list[str]:
    """The node names the learner picks from: every node the approval run took, sorted."""
    return sorted(set(graph_path(lang)))


def check_graph(answer: Mapping[str, Any] | None, lang: str) -> Checked:
    """The first node after an approved pause, and whether the naive cut keeps every tool-call pair."""
    history = list(graph_history(lang))
    keeps = not orphaned_tool_replies(naive_trim(history, graph_budget(lang)))
    return _parts(answer, {"next_node": graph_path(lang)[0], "keeps_pairs": keeps})


# ---------------------------------------------------------------- reliability
def check_reliability(answer: Mapping[str, Any] | None, lang: str) -> Checked:
    """Attempts of the first model call under the 429s, and whether the injection reads another record."""
    language = normalize_lang(lang)
    attempts = faults.timeline("rate_limit", RELIABILITY_FAILS, RELIABILITY_RETRIES, language)["attempts"]
    fixed = who_decides.context_run(who_decides.injections(language)[0], language, True)
    changes = who_decides.OTHER in who_decides.records_read(fixed)
    return _parts(answer, {"attempts": attempts, "injection_changes": changes})
