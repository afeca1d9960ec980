"""Serve Tool Call Lab to a class: warm the server, freeze the warm objects, then start Streamlit.

    .venv/bin/python scripts/serve.py                          # like `streamlit run app.py`
    .venv/bin/python scripts/serve.py --server.port 8601       # any `streamlit run` option

It runs the app exactly as ``streamlit run app.py`` does (Streamlit's own command line, the
project's ``.streamlit/config.toml``), after five things that lower the cost of each student:

1. **Warm.** LangChain, LangGraph, the openai SDK and pydantic are imported, and each shared live
   panel runs once and compiles its agent (``pages.serving.warm``), before the first student arrives.
2. **Freeze.** ``gc.freeze()`` moves every object alive at that point into the collector's permanent
   generation. Streamlit runs a full ``gc.collect(2)`` after every script run (``runner.postScriptGC``);
   with LangChain loaded that collection walked ~200,000 objects each time, and it no longer
   walks these. Full collections still run (step 4), so cyclic garbage of the sessions is still freed.
3. **TCP_NODELAY.** Streamlit 1.67 binds its listening socket itself, without ``IPPROTO_TCP``, so
   asyncio does not switch Nagle's algorithm off on the accepted connections and a small message
   can wait for a delayed ACK (up to 40 ms). The launcher sets ``TCP_NODELAY`` on the listening
   socket; Linux hands it on to every accepted connection.

4. **A paced collection.** Streamlit's full collection after *every* script run also follows every
   run of a fragment on a timer: a class of 60 following the teacher (a banner every 2 s) made 30
   full collections a second. ``runner.postScriptGC`` is off (the project's config says so, and the
   launcher passes it too) and the process collects in full every :data:`COLLECT_EVERY_S` seconds
   instead, on its own thread (``toolcall_lab.gc_pacing``), waiting while the process is busy answering;
   Python's own automatic *full* collections are held (they came every second or two while a class asked
   at once, each stopping every thread for ~100 ms), and its young generations are collected as usual.
   Pass ``--runner.postScriptGC true`` to get Streamlit's behaviour back.
5. **The theme read once.** Every script run (each answer's fragment run too) starts with a new-session
   message whose six theme sections Streamlit fills by reading each option under its config lock; the
   launcher fills them once per parsed config and copies them (``theme_messages_once``).

``benchmarks/serve_cost.py`` measures what each step saves; ``benchmarks/classroom_load`` a class.

Every step that asks Streamlit itself for something (the logger kept quiet while warming, the socket
option, the hand-over to Streamlit's command line) lives in ``pages/serving/launcher.py``: nothing outside
``app.py`` and ``pages/`` imports streamlit. This file is the entry point and the steps that are plain Python.
"""

from __future__ import annotations

import gc
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # `python scripts/serve.py` puts scripts/ on the path, not the project
    sys.path.insert(0, str(ROOT))

from pages.serving.launcher import (  # noqa: E402
    hand_over,
    nodelay_listening_socket,
    quiet_cache_data_warnings,
    theme_messages_once,
)
from toolcall_lab.gc_pacing import (  # noqa: E402
    COLLECT_EVERY_S,
    ensure_paced_collection,
    hold_automatic_full_collections,
    paced_collection,
)

__all__ = [
    "COLLECT_EVERY_S",
    "POST_SCRIPT_GC",
    "ROOT",
    "freeze",
    "main",
    "nodelay_listening_socket",
    "paced_collection",
    "streamlit_args",
    "warm",
]

POST_SCRIPT_GC = "--runner.postScriptGC"


def warm() -> dict[str, Any]:
    """Import the app's modules and run its shared panels once (``pages.serving.warm``); returns what was done."""
    from pages.serving import warm as _warm

    # st.cache_data decorators check for a runtime when their module is imported; there is none yet.
    with quiet_cache_data_warnings():
        t0 = time.perf_counter()
        modules = _warm.import_everything()
        imported_s = time.perf_counter() - t0
        runs = _warm.warm_runs()
    return {"modules": len(modules), "import_s": imported_s, "runs": runs, "total_s": time.perf_counter() - t0}


def freeze() -> int:
    """Collect once, then move every surviving object to the permanent generation; returns how many."""
    gc.collect()
    gc.freeze()
    return gc.get_freeze_count()


def streamlit_args(args: Sequence[str]) -> tuple[list[str], bool]:
    """The ``streamlit run`` options, with the post-run collection off unless the caller chose; and whether it is off.

    >>> streamlit_args(["--server.port", "8601"])
    (['--server.port', '8601', '--runner.postScriptGC', 'false'], True)
    >>> streamlit_args(["--runner.postScriptGC", "true"])[1], streamlit_args(["--runner.postScriptGC=false"])[1]
    (False, True)
    """
    args = list(args)
    value: str | None = None
    for i, arg in enumerate(args):
        name, _, inline = arg.partition("=")
        if name == POST_SCRIPT_GC:
            value = inline or (args[i + 1] if i + 1 < len(args) else "true")
    if value is None:
        return [*args, POST_SCRIPT_GC, "false"], True
    return args, value.strip().lower() in ("false", "0", "no")


def main(argv: Sequence[str] | None = None) -> None:
    """Warm, freeze, set TCP_NODELAY, then hand over to ``streamlit run app.py <argv>``."""
    args, paced = streamlit_args(list(sys.argv[1:] if argv is None else argv))
    os.chdir(ROOT)  # the project's .streamlit/config.toml and data/ are found from here, as under `streamlit run`
    done = warm()
    frozen = freeze()
    nodelay = nodelay_listening_socket()
    theme_messages_once()  # each run's new-session message copies its theme sections instead of reading them
    if paced:
        ensure_paced_collection()  # the app's router finds it running and starts no second one
        hold_automatic_full_collections()  # full collections come from that thread alone
    print(
        f"Tool Call Lab: {done['modules']} modules imported in {done['import_s']:.1f} s; "
        f"warm runs: {', '.join(done['runs']) or 'none (a real model is configured)'}; "
        f"{frozen:,} objects frozen out of the per-run collection; "
        f"TCP_NODELAY: {'on' if nodelay else 'not set (this Streamlit binds its socket differently)'}; "
        + (
            f"full collection every {COLLECT_EVERY_S:g} s, when not busy"
            if paced
            else "full collection after every script run"
        ),
        flush=True,
    )
    hand_over(ROOT / "app.py", args)


if __name__ == "__main__":
    main()
