"""The live run's tool sets (``lessons.course.live_run``): built by ``lessons.toolsets``' factories, named in a link."""

from __future__ import annotations

import doctest

import pytest

from lessons.course import live_run
from lessons.toolsets import TOOLSETS


def test_the_docstring_examples():
    result = doctest.testmod(live_run)
    assert result.attempted > 0 and result.failed == 0


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_each_set_is_the_mcp_servers_and_all_is_every_one(lang):
    for name, factory in TOOLSETS.items():
        assert [t.name for t in live_run.toolset_tools(name, lang)] == [t.name for t in factory(lang)]
    every = [t.name for factory in TOOLSETS.values() for t in factory(lang)]
    assert [t.name for t in live_run.toolset_tools("all", lang)] == every
    assert live_run.toolset_tools("no-such-set", lang)[0].name == "get_weather", "an unknown name is the weather tool"


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("name", live_run.TOOLSETS)
def test_each_sets_first_example_calls_one_of_its_tools(name, lang):
    from toolcall_lab.live import run_traced

    tools = live_run.toolset_tools(name, lang)
    question = live_run.toolset_examples(name, lang)[0]
    trace = run_traced(question, live_run.builtin_model(), tools, system=live_run.toolset_prompt(name, lang), lang=lang)
    called = {e.tool_name for e in trace.tool_executions}
    assert called and called <= {t.name for t in tools}, (question, called)
    assert trace.stop_reason == "final"
