"""The lessons of the pages around the course: the live run, the faults lesson, home, who decides, the reviews.

One module per page, each returning plain data from real runs:

* :mod:`lessons.course.live_run` — the live run's agent (the lab's weather tool and a system
  prompt in the learner's language) and its exercises' checks (how many model calls does a
  question make; which question makes the model ask for two tools in one reply);
* :mod:`lessons.course.faults` — the faults lesson's checks (how many attempts does the client
  make for a 429; the fewest retries that turn a 500 into an answer; the fewest ``max_tokens``
  that do not cut a tool call);
* :mod:`lessons.course.home` — the course review on home (which ``tool_call_id`` will the
  ``ToolMessage`` carry; the chain's stages in order).
* :mod:`lessons.course.who_decides` — who decides the student: the injected requests, the naive
  tool and the fix (the id from the run); its exercises as data in
  :mod:`lessons.course.who_decides_exercises`, which imports it inside the checks only;
* :mod:`lessons.course.review` — the section reviews' checks, across several pages of a section; the
  reviews as data (each the last exercise of its section's last page) in
  :mod:`lessons.course.review_exercises`.

Every check computes its right answer from the real library call at check time and returns
a :class:`toolcall_lab.checks.Checked`. The live run's, faults' and home's exercises are data: each
module's ``EXERCISES`` (:class:`toolcall_lab.exercises.Exercise`, words as ``Text``), drawn by
``pages/_ui/exercise.draw_exercises``; LangChain loads inside the checks only.
"""

from __future__ import annotations
