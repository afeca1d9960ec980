"""A separate process for the progress tests: write attempts and visits, or read them back.

    python -m tests.unit.progress.worker SETTING LEARNER write PREFIX COUNT SHARED
    python -m tests.unit.progress.worker SETTING LEARNER read

``write`` opens the store, prints ``READY``, waits for a line on stdin (so two writers can
be released together), then records COUNT attempts with ids ``PREFIX-<n>``, SHARED more
with ids ``shared-<n>`` (which another writer may submit too) and one visit per attempt,
and prints how many attempts it recorded. ``read`` prints the learner's progress as JSON.
"""

from __future__ import annotations

import json
import sys

from toolcall_lab.progress import ProgressStore

PAGE = "pages/stage_4_tool_call.py"
EXERCISE = "stage_4_tool_call/1"


def main(argv: list[str]) -> int:
    setting, learner, command, *rest = argv
    with ProgressStore.open(setting) as store:
        if command == "read":
            states = store.exercise_states(learner)
            print(
                json.dumps(
                    {
                        "attempts": {e: s.attempts for e, s in states.items()},
                        "solved": sorted(e for e, s in states.items() if s.solved),
                        "visits": {p: g.visits for p, g in store.page_progress(learner).items()},
                        "last_page": store.last_page(learner),
                        "attempt_ids": sorted(a["attempt_id"] for a in store.export_json(learner)["attempts"]),
                    }
                )
            )
            return 0
        prefix, count, shared = rest[0], int(rest[1]), int(rest[2])
        print("READY", flush=True)
        sys.stdin.readline()
        ids = [f"{prefix}-{n}" for n in range(count)] + [f"shared-{n}" for n in range(shared)]
        recorded = 0
        for n, attempt_id in enumerate(ids):
            store.record_visit(learner, PAGE)
            recorded += store.record_attempt(learner, EXERCISE, attempt_id, n, n % 7 == 0, page_path=PAGE).recorded
        print(json.dumps({"recorded": recorded}), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
