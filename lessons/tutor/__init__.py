"""The 小E tutor specimen: three local tools, a loop guard, a hand-written loop and ReAct.

Modules, in reading order:

* :mod:`lessons.tutor.data` -- the default data (plain mappings, no logic).
* :mod:`lessons.tutor.tools` -- tool factories over injected data, friendly error text.
* :mod:`lessons.tutor.registry` -- the one list of tools, lookup by name, schema snapshot.
* :mod:`lessons.tutor.loop_guard` -- step limit and repeated-call detection.
* :mod:`lessons.tutor.agent` -- ``run_manual`` (the loop by hand) and ``run_react`` (LangGraph).
* :mod:`lessons.tutor.fakes` -- a scripted chat model that records what it was sent.
* :mod:`lessons.tutor.run_counter` -- a callback that counts how many times tools really ran.

One lesson module per tutor page, each returning plain data from real runs (keys and
values; the pages word them): ``lesson_1_model_talks`` ... ``lesson_6_pitfalls`` (with
``lesson_6_broken``, the broken code the pitfalls run) and ``lesson_common`` (what they
share). Each also exports its page's exercises as ``EXERCISES`` (lesson 6's checks are in
``lesson_6_exercises``) and imports LangChain only inside its functions, so the course registry
can count a page's exercises without loading it. :mod:`lessons.tutor.lessons` is their index and
re-exports every public name.
"""
