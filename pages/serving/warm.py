"""Warm a server before its first student: load the heavy libraries and fill the shared caches.

Called by the launcher (``scripts/serve.py``) before Streamlit starts, never by a page: the
landing page must still load no heavy module under a plain ``streamlit run app.py``.

What it does, in the server's own process (so every session finds the result in place):

* imports every module of ``toolcall_lab``, ``lessons`` and the page helpers (``pages/_*.py``), so
  LangChain, LangGraph, the openai SDK and pydantic are loaded before any session (on a cold
  server the first question used to import them for ~4 s while no other session progressed);
* runs each shared live panel's first example once per language on the built-in model, with the
  very model object and tool set the sessions will use (``st.cache_resource``), so the traced
  agent of each panel is compiled here once and LangChain's lazily imported parts are loaded;
* compiles graph page 4's search workflow on the app's checkpointer.

Then the launcher can ``gc.freeze()`` all of it out of the collector's way.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from typing import Any

#: The packages whose modules are imported; page files (pages/<page>.py) are scripts, never imported.
PACKAGES = ("toolcall_lab", "lessons", "pages")


def import_everything() -> list[str]:
    """Import every module of :data:`PACKAGES` (page helpers only under ``pages``); returns their names."""
    names: list[str] = []
    for package in PACKAGES:
        root = importlib.import_module(package)
        for info in pkgutil.walk_packages(root.__path__, f"{package}."):
            leaf = info.name.rsplit(".", 1)[-1]
            if leaf == "__main__" or (package == "pages" and not leaf.startswith("_") and leaf != "registry"):
                continue  # a __main__ runs a program; a page file draws a page
            importlib.import_module(info.name)
            names.append(info.name)
    return names


def warm_runs() -> list[str]:
    """Run each shared panel's first example once per language; returns what ran (``panel/lang: stop reason``).

    Each panel's run goes through the two caches a session uses: the panel's default run
    (``default_trace``, what a cold page shows) and the session model's compiled agent (what a
    learner's own question runs on). Nothing runs when the environment configures a real model:
    a server does not spend a provider's tokens (or wait on its network) at start.
    """
    from lessons.course import live_run as lesson
    from lessons.search_assistant.search import make_search
    from pages._ui import chain_frame as _stage_ui
    from pages._ui import graph_lesson as gu
    from pages._ui import graph_threads as threads
    from pages._ui import live_run as _live
    from pages._ui.session import base_settings, cached_chat_model
    from toolcall_lab.live import run_traced

    base = base_settings()
    if base.uses_real_model:
        return []
    llm = cached_chat_model(base.with_overrides(provider="builtin"))  # the object settings() gives every session
    done: list[str] = []
    for language in ("zh", "en"):
        panels = [  # (panel key, tool factory, system prompt, first example, streamed)
            ("live", _weather(lesson, language), lesson.system_prompt(language), lesson.EXAMPLES[0](language), True),
            (
                _stage_ui.CHAIN_KEY,
                _chain_tools(_stage_ui, language),
                _stage_ui.system_prompt(language),
                _stage_ui.DEFAULT_QUESTION(language),
                False,
            ),
        ]
        for key, factory, system, question, stream in panels:
            tools = _live.shared_tools(key, language, factory)
            shown = _live.default_trace(key, question, system, language, lambda t=tools: t, stream)
            model = _live.with_stream_usage(id(llm), llm) if stream else llm
            sink = (lambda _step, _text: None) if stream else None
            run_traced(question, model, list(tools), system=system, lang=language, on_token=sink)
            done.append(f"{key}/{language}: {shown.stop_reason}")
    try:
        saver = gu.checkpointer_for(base.checkpointer)
    except Exception as exc:  # the page explains it to the learner; the server starts without it
        done.append(f"graph_4 workflow: not compiled ({type(exc).__name__})")
    else:
        threads.workflow_app(llm, make_search(base), saver)
        done.append("graph_4 workflow: compiled")
    return done


def _weather(lesson: Any, language: str) -> Callable[[], Any]:
    return lambda: lesson.weather_tools(language)


def _chain_tools(stage_ui: Any, language: str) -> Callable[[], Any]:
    return lambda: stage_ui.weather_tools(language)
