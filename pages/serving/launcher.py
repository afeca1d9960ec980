"""What the launcher (``scripts/serve.py``) asks of Streamlit itself, kept where Streamlit may be imported.

The house rule is that nothing outside ``app.py`` and ``pages/`` imports streamlit. The launcher is a
script beside the app, so its Streamlit-facing steps live here and it calls them:

* :func:`quiet_cache_data_warnings` — while the launcher warms up, ``st.cache_data`` decorators are
  imported with no runtime running, and each one logs a warning about it; this keeps them quiet;
* :func:`nodelay_listening_socket` — ``TCP_NODELAY`` on Streamlit's listening socket;
* :func:`theme_messages_once` — the theme part of each run's new-session message built once per parsed config;
* :func:`hand_over` — Streamlit's own command line, ``streamlit run <app> <options>``;
* :func:`post_script_gc` — the ``runner.postScriptGC`` option in this process (``benchmarks/serve_cost.py``
  sets it the way ``--runner.postScriptGC`` would, for the sessions it runs in-process).

Streamlit's modules are imported inside each function, never at the top of this file: the
launcher's warm-up imports every page helper (``pages.serving.warm``), and importing this one must load
nothing a server would not load anyway (Streamlit's command line is imported only to hand over).
"""

from __future__ import annotations

import logging
import socket
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

#: The logger of the module whose ``st.cache_data`` decorators warn "No runtime found" at import.
CACHE_DATA_LOGGER = "streamlit.runtime.caching.cache_data_api"


@contextmanager
def quiet_cache_data_warnings() -> Iterator[logging.Logger]:
    """Inside the block, ``st.cache_data``'s logger reports errors only; its level comes back after.

    Streamlit sets its loggers' level when it makes them, so the module is imported first (which makes
    the logger), then the level is lowered: a level set before Streamlit made the logger would be reset.

    Yields:
        The quietened logger.
    """
    import importlib

    module = importlib.import_module(CACHE_DATA_LOGGER)
    quiet = logging.getLogger(module.__name__)
    level = quiet.level
    quiet.setLevel(logging.ERROR)
    try:
        yield quiet
    finally:
        quiet.setLevel(level)


def nodelay_listening_socket() -> bool:
    """Make Streamlit's listening socket (and so every connection it accepts) use ``TCP_NODELAY``.

    Streamlit 1.67 binds its listening socket itself (``starlette_server._bind_socket``), without
    ``IPPROTO_TCP``, so asyncio does not switch Nagle's algorithm off on the accepted connections and
    a small message can wait for a delayed ACK (up to 40 ms). The wrapper sets ``TCP_NODELAY`` on the
    listening socket; Linux hands it on to every accepted connection. Wrapping twice wraps once.

    Returns:
        ``False`` when this Streamlit has no ``_bind_socket`` to wrap (the launcher then starts
        without it and says so).
    """
    from streamlit.web.server.starlette import starlette_server

    bind: Callable[..., socket.socket] | None = getattr(starlette_server, "_bind_socket", None)
    if bind is None:
        return False
    if getattr(bind, "_tcl_nodelay", False):
        return True

    def bind_nodelay(*args: Any, **kwargs: Any) -> socket.socket:
        sock = bind(*args, **kwargs)
        if sock.family in (socket.AF_INET, socket.AF_INET6):
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        return sock

    bind_nodelay._tcl_nodelay = True  # type: ignore[attr-defined]
    starlette_server._bind_socket = bind_nodelay
    return True


def theme_messages_once() -> bool:
    """Build the theme sections of Streamlit's new-session message once per parsed config, not at every run.

    Streamlit 1.67 starts every script run (a fragment's too: each answer of a class) with a new-session
    message, and fills its six ``[theme…]`` sections by reading every option of each under the config lock:
    3–4 % of the server's time while a class of 60 asked at once (py-spy, ``--gil``). The wrapper fills a
    section once, keeps it with the options it was read from, and copies it into each message; when Streamlit
    parses its config again (a new options object), the sections are read again. Wrapping twice wraps once.

    Returns:
        ``False`` when this Streamlit has no ``_populate_theme_msg`` to wrap (nothing is changed).
    """
    from streamlit import config
    from streamlit.runtime import app_session

    populate: Callable[..., None] | None = getattr(app_session, "_populate_theme_msg", None)
    if populate is None:
        return False
    if getattr(populate, "_tcl_once", False):
        return True
    made: dict[str, tuple[object, Any]] = {}  # section -> (the options it was read from, the filled section)

    def populate_once(msg: Any, section: str = "theme") -> None:
        options = config.get_config_options()
        kept = made.get(section)
        if kept is None or kept[0] is not options:
            filled = type(msg)()
            populate(filled, section)
            kept = made[section] = (options, filled)
        msg.MergeFrom(kept[1])

    populate_once._tcl_once = True  # type: ignore[attr-defined]
    app_session._populate_theme_msg = populate_once
    return True


def hand_over(app: Path, args: Sequence[str]) -> None:
    """Run ``streamlit run <app> <args>`` in this process, with Streamlit's own command line.

    Streamlit's command line (a ``click`` program) serves until it is stopped, then exits the process.

    Args:
        app: The app's script (the router, ``app.py``).
        args: Any ``streamlit run`` options, passed on as given.
    """
    from streamlit.web import cli

    cli.main(["run", str(app), *args], prog_name="streamlit")


def post_script_gc(on: bool) -> None:
    """Set Streamlit's ``runner.postScriptGC`` in this process (a full ``gc.collect(2)`` after every script run)."""
    from streamlit import config

    config.set_option("runner.postScriptGC", on)
