"""The demo script prints each run in the article's shape."""

from __future__ import annotations

from lessons.tutor import demo
from lessons.tutor.agent import AgentResult, StepRecord


def test_format_run_shows_question_answer_stop_and_steps():
    result = AgentResult(
        question="下周三我有课吗？学号 S1001",
        answer="请告诉我具体日期。",
        steps=[
            StepRecord(
                1, [{"name": "get_schedule", "args": {"student_id": "S1001", "date": "下周三"}}], ["格式不对\n请换算"]
            )
        ],
        stop_reason="final",
    )
    assert demo.format_run(result, "run_manual").splitlines() == [
        "── run_manual ──",
        "问 / Q: 下周三我有课吗？学号 S1001",
        "答 / A: 请告诉我具体日期。",
        "停止原因 / stop: final",
        "  第 1 步 / step 1 · 意图 / intent:",
        "    → get_schedule(student_id='S1001', date='下周三')",
        "    ← 格式不对",
        "    ← 请换算",
    ]


def test_main_runs_the_three_questions_through_both_loops(capsys):
    demo.main()
    out = capsys.readouterr().out
    assert out.count("── run_manual") == 3 and out.count("── run_react") == 3
    assert "→ get_schedule(student_id='S1001', date='2026-07-25')" in out
    assert "→ get_learning_record(student_id='S1001')" in out
    assert "← accord · 词表等级 B2 级 · 不在考研大纲词汇内" in out
    assert "→ get_schedule(student_id='S1001', date='下周三')" in out
