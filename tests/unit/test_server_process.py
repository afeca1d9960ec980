"""benchmarks/server_process.py: the one wait-for-health loop and the one stop of a started server.

Stand-in servers are tiny Python child processes (no Streamlit): one answers ``/_stcore/health``
after a moment, one exits with an error in its log, one never answers, one ignores SIGTERM.
"""

from __future__ import annotations

import signal
import socket
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from benchmarks.server_process import ServerDidNotStart, stop, wait_healthy

HEALTHY_LATER = textwrap.dedent(
    """
    import http.server, sys, time
    time.sleep(0.5)  # a launcher warms up before it listens

    class Health(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_response(200 if self.path == "/_stcore/health" else 404)
            self.end_headers()
            self.wfile.write(b"ok")

        def log_message(self, *args):
            pass

    http.server.HTTPServer(("127.0.0.1", int(sys.argv[1])), Health).serve_forever()
    """
)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _child(code: str, *args: str, log: Path | None = None, pipe: bool = False) -> subprocess.Popen[bytes]:
    """``python -c code args``, its output to ``log`` (or a pipe, or nowhere)."""
    if log is None:
        out = subprocess.PIPE if pipe else subprocess.DEVNULL
        return subprocess.Popen([sys.executable, "-c", code, *args], stdout=out, stderr=subprocess.STDOUT)
    with log.open("wb") as file:  # the child keeps its own copy of the handle
        return subprocess.Popen([sys.executable, "-c", code, *args], stdout=file, stderr=subprocess.STDOUT)


def test_it_waits_until_the_health_check_answers_and_stop_ends_the_server():
    port = _free_port()
    proc = _child(HEALTHY_LATER, str(port))
    try:
        t0 = time.monotonic()
        wait_healthy([f"http://127.0.0.1:{port}"], proc, limit_s=30, poll_s=0.05)
        assert time.monotonic() - t0 >= 0.3  # it did wait for the warm-up
        assert proc.poll() is None  # and left the server running
    finally:
        stop(proc, grace_s=10)
    assert proc.returncode == -signal.SIGTERM


def test_a_server_that_exits_is_reported_at_once_with_the_end_of_its_log(tmp_path):
    log = tmp_path / "server.log"
    proc = _child("import sys; print('Error: no such option: --server.prot'); sys.exit(2)", log=log)
    t0 = time.monotonic()
    with pytest.raises(ServerDidNotStart, match=r"no such option: --server\.prot"):
        wait_healthy([f"http://127.0.0.1:{_free_port()}"], proc, log, limit_s=60, poll_s=0.05)
    assert time.monotonic() - t0 < 30  # not the whole limit: the process had ended
    assert proc.returncode == 2


def test_a_server_that_never_answers_is_killed_when_the_time_is_up():
    proc = _child("import time; time.sleep(120)")
    with pytest.raises(ServerDidNotStart, match="did not start"):
        wait_healthy([f"http://127.0.0.1:{_free_port()}"], proc, limit_s=0.5, poll_s=0.05)
    assert proc.wait(timeout=10) == -signal.SIGKILL


def test_stop_kills_a_server_that_ignores_sigterm():
    ignore_sigterm = "import signal, time; signal.signal(signal.SIGTERM, signal.SIG_IGN); print('ready', flush=True)"
    proc = _child(ignore_sigterm + "; time.sleep(120)", pipe=True)
    assert proc.stdout is not None and proc.stdout.readline().strip() == b"ready"
    stop(proc, grace_s=0.5)
    assert proc.returncode == -signal.SIGKILL
    proc.stdout.close()
