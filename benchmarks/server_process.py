"""A Streamlit server started as a child process: wait until it answers its health check, then stop it.

One loop for every place that starts a server and must wait for it (``GET /_stcore/health``), and one
way to stop it: the load benchmark (``benchmarks/classroom_load/run.py``), ``benchmarks/bench.py`` and
the browser tests (``tests/e2e``). Plain standard library, so the tests can import it as well.
"""

from __future__ import annotations

import socket
import subprocess
import time
import urllib.request
from collections.abc import Sequence
from pathlib import Path


class ServerDidNotStart(RuntimeError):
    """The server's process ended, or did not answer in time; the message ends with its log's last lines."""


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now (the OS picks it)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def wait_healthy(
    urls: Sequence[str],
    proc: subprocess.Popen[bytes],
    log: Path | None = None,
    limit_s: float = 180.0,
    poll_s: float = 0.2,
) -> None:
    """Wait until every URL's ``/_stcore/health`` answers (a launcher warms up for seconds first).

    Args:
        urls: The servers' base URLs (``http://127.0.0.1:8501``), asked one after another.
        proc: The process serving them; when it ends first, there is no point in waiting.
        log: Where that process writes its output, quoted in the error (its last 2,000 characters).
        limit_s: How long all of them together may take.
        poll_s: The pause between two asks while a server does not answer yet.

    Raises:
        ServerDidNotStart: ``proc`` ended, or ``limit_s`` passed; ``proc`` has been killed by then.
    """
    deadline = time.monotonic() + limit_s
    for url in urls:
        while True:
            try:
                with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2):
                    break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    proc.kill()
                    tail = log.read_text(errors="replace")[-2000:] if log is not None and log.exists() else ""
                    raise ServerDidNotStart(f"the server at {url} did not start: {tail}") from None
                time.sleep(poll_s)


def stop(proc: subprocess.Popen[bytes], grace_s: float = 15.0) -> None:
    """Ask the server to stop (SIGTERM, Streamlit's clean shutdown); kill it if it is still there after ``grace_s``."""
    proc.terminate()
    try:
        proc.wait(timeout=grace_s)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
