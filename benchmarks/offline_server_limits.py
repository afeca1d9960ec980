"""What a hostile or crowded client costs the built-in model's HTTP server (issue 21, finding 9).

    python -m benchmarks.offline_server_limits --port 8720

Starts ``python -m toolcall_lab.offline serve`` as a child process and measures, from the outside:

* the threads the process holds while 200 connections are open and send nothing (``/proc/PID/status``);
* whether a normal request is still answered while they are open;
* the process's peak resident memory (``VmHWM``) after one request declaring and sending a 100 MB body;
* how many of 100 connections opened at once are reset (or refused) before they are answered.

Plain standard library; figures are printed as JSON (README and the issue quote them).
"""

from __future__ import annotations

import argparse
import json
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
_HI = json.dumps({"model": "builtin-teaching-model", "messages": [{"role": "user", "content": "hi"}]}).encode()


def _status(pid: int, field: str) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    return -1


def _request(port: int, body: bytes = _HI, timeout: float = 60.0) -> bytes:
    """One POST /v1/chat/completions on a fresh connection; the reply's status line."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
        head = "POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\n"
        sock.sendall(f"{head}content-length: {len(body)}\r\nconnection: close\r\n\r\n".encode() + body)
        return sock.makefile("rb").readline().strip()


def _big_body(port: int, size: int) -> bytes:
    """Declare and send ``size`` bytes of JSON-ish body; the reply's status line (or the error met)."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=120) as sock:
            head = f"POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\ncontent-length: {size}\r\n\r\n"
            sock.sendall(head.encode())
            chunk = b"a" * (1 << 20)
            sent = 0
            try:
                while sent < size:
                    sock.sendall(chunk[: min(len(chunk), size - sent)])
                    sent += len(chunk)
            except OSError:
                pass  # a server that refuses early closes its side
            return sock.makefile("rb").readline().strip() or b"(closed without a response)"
    except OSError as exc:
        return f"({type(exc).__name__})".encode()


def _burst(port: int, n: int) -> dict[str, int]:
    """Open ``n`` connections at once, each sending one request: how many were answered, reset, refused."""
    counts: dict[str, int] = {"answered": 0, "reset": 0, "refused": 0}
    lock = threading.Lock()
    start = threading.Barrier(n)

    def one() -> None:
        start.wait()
        try:
            kind = "answered" if _request(port).startswith(b"HTTP/1.1") else "no status line"
        except ConnectionResetError:
            kind = "reset"
        except ConnectionRefusedError:
            kind = "refused"
        except OSError as exc:
            kind = type(exc).__name__
        with lock:
            counts[kind] = counts.get(kind, 0) + 1

    threads = [threading.Thread(target=one) for _ in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return counts


def measure(port: int) -> dict[str, object]:
    """Run every measurement against a fresh server process on ``port``."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "toolcall_lab.offline", "serve", "--port", str(port)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )
    try:
        assert proc.stdout is not None
        proc.stdout.readline()
        figures: dict[str, object] = {"threads_idle": _status(proc.pid, "Threads")}
        stalled = [socket.create_connection(("127.0.0.1", port)) for _ in range(200)]
        for s in stalled[:100]:
            s.sendall(b"POST /v1/chat/completions HTTP/1.1\r\n")  # half a head, then nothing
        time.sleep(1.0)
        figures["threads_with_200_stalled"] = _status(proc.pid, "Threads")
        began = time.monotonic()
        figures["normal_request_while_stalled"] = _request(port).decode()
        figures["normal_request_while_stalled_s"] = round(time.monotonic() - began, 2)
        for s in stalled:
            s.close()
        time.sleep(0.5)
        figures["burst_of_100"] = _burst(port, 100)
        rss_before = _status(proc.pid, "VmHWM")
        figures["big_body_reply"] = _big_body(port, 100 * 1024 * 1024).decode()
        time.sleep(0.5)
        figures["peak_rss_kb_before_big_body"] = rss_before
        figures["peak_rss_kb_after_big_body"] = _status(proc.pid, "VmHWM")
        return figures
    finally:
        proc.terminate()
        proc.wait(10)


def main() -> None:
    """Print the figures as JSON."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=8720)
    args = parser.parse_args()
    print(json.dumps(measure(args.port), indent=2))


if __name__ == "__main__":
    main()
