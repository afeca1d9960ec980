"""Two paths for a class led from a projector, 90 and 45 minutes: pages and steps in order, minutes, questions.

How they were timed (README, "Leading a class"): ``benchmarks/class_path_walk.py`` walked every stop in Chromium
as a projecting teacher and estimated it as the words on its screens read aloud at 130 words a minute, 3 minutes
for the one exercise the class tries together (a page's other exercises are homework: the lesson plan says so)
and 1.5 for the key question; each stop's minutes are that estimate, rounded, and a stop shows the steps that fit
(``step`` to ``last_step``). The self-paced course is timed by ``toolcall_lab.classroom.paths.self_paced_minutes``.
A stop without its own question asks the page's own (the chain pages' ``question`` in ``pages/registry.py``).
"""

from __future__ import annotations

from toolcall_lab.classroom.paths import CoursePath, Stop
from toolcall_lab.i18n import Text

#: The question of a stop on a page that has none of its own.
FALLBACK_ASK = Text(
    "这一页的产物告诉了我们什么？它是真实库调用产生的哪一步？",
    "What does this page's artifact tell us, and which real library call produced it?",
)

_LIVE = Stop(
    "live_run",
    8,
    ask=Text(
        "模型调用了几次？哪一步是模型，哪一步是你的代码？",
        "How many model calls were there? Which step was the model, which was your code?",
    ),
)
_LOOP_GUARD = Stop(
    "tutor_4_loop_guard",
    10,
    ask=Text("如果模型一直要调用工具，谁来让循环停下？", "If the model keeps asking for tools, who stops the loop?"),
)
_GRAPH = Stop(
    "graph_1_workflow_vs_agent",
    8,
    ask=Text("固定流程和智能体：哪一条边是模型决定的？", "Workflow or agent: which edge does the model decide?"),
)
CLASS_90 = CoursePath(
    "class90",
    Text("90 分钟课堂", "90-minute class"),
    (
        _LIVE,
        Stop("stage_1_tool", 9, step=1, last_step=2),
        Stop("stage_2_schema", 9, step=1, last_step=2),
        Stop("stage_3_bind_tools", 8, step=1),
        Stop("stage_4_tool_call", 7, step=2),
        Stop("stage_5_validation", 9),
        Stop("stage_7_tool_message", 9, step=1, last_step=2),
        Stop("stage_8_round_trip", 13, step=1, last_step=8),
        _LOOP_GUARD,
        _GRAPH,
    ),
)

CLASS_45 = CoursePath(
    "class45",
    Text("45 分钟课堂", "45-minute class"),
    (
        _LIVE,
        Stop("stage_2_schema", 10, step=1, last_step=2),
        Stop("stage_4_tool_call", 7, step=2),
        Stop("stage_7_tool_message", 9, step=1, last_step=2),
        Stop("stage_8_round_trip", 11, step=8),
    ),
)

CLASS_PATHS = (CLASS_90, CLASS_45)
