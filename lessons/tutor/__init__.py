"""The 小E tutor specimen: three local tools, a loop guard, a hand-written loop and ReAct.

Modules, in reading order:

* :mod:`lessons.tutor.data` -- the default data (plain mappings, no logic).
* :mod:`lessons.tutor.tools` -- tool factories over injected data, friendly error text.
* :mod:`lessons.tutor.registry` -- the one list of tools, lookup by name, schema snapshot.
* :mod:`lessons.tutor.loop_guard` -- step limit and repeated-call detection.
* :mod:`lessons.tutor.agent` -- ``run_manual`` (the loop by hand) and ``run_react`` (LangGraph).
* :mod:`lessons.tutor.fakes` -- a scripted chat model that records what it was sent.
* :mod:`lessons.tutor.lessons` -- the data the six tutor lesson pages show.
"""
