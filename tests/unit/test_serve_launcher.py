"""The launcher (scripts/serve.py; its Streamlit-facing steps: pages/serving/launcher.py) and the nginx template.

Figures (what freezing saves per collection) belong to ``benchmarks/serve_cost.py``; these tests
check the behaviour each step promises: what warm-up loads, what freezing removes from the
collector's view, that accepted connections get TCP_NODELAY, that the cache_data warnings are quiet
only while warming, what the launcher prints and hands over to Streamlit's command line, that the
template (deploy/nginx.conf) is a valid nginx configuration once filled in.
"""

from __future__ import annotations

import gc
import importlib.util
import shutil
import socket
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _launcher() -> ModuleType:
    spec = importlib.util.spec_from_file_location("tcl_serve", ROOT / "scripts" / "serve.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_warm_up_loads_the_heavy_libraries_and_compiles_the_shared_agents_in_a_fresh_process():
    code = (
        "import json, sys; sys.path.insert(0, 'scripts'); import serve; done = serve.warm();"
        "heavy = ('langchain_core', 'langgraph', 'langchain_openai', 'openai');"
        "from toolcall_lab import live;"
        "print(json.dumps({'runs': done['runs'], 'heavy': sorted(h for h in heavy if h in sys.modules),"
        " 'graphs': len(live._GRAPHS)}))"
    )
    env = {"PATH": "/usr/bin:/bin", "CHECKPOINTER": "memory"}
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=300, env=env)
    assert out.returncode == 0, out.stderr[-3000:]
    import json

    done = json.loads(out.stdout.strip().splitlines()[-1])
    assert done["heavy"] == ["langchain_core", "langchain_openai", "langgraph", "openai"]
    assert done["runs"][:4] == ["live/zh: final", "chain/zh: final", "live/en: final", "chain/en: final"]
    assert done["runs"][-1] == "graph_4 workflow: compiled"
    # per language: the live panel's streamed and cached runs, the chain's; compiled once each, before any session
    assert done["graphs"] >= 4


def test_freeze_takes_the_warm_objects_out_of_a_full_collection():
    launcher = _launcher()
    warm = [{"n": i, "more": [i]} for i in range(50_000)]  # containers the collector tracks
    try:
        before = len(gc.get_objects())
        frozen = launcher.freeze()
        assert frozen >= len(warm)
        assert len(gc.get_objects()) < before - len(warm)  # a full collection no longer walks them
        assert warm[49_999]["more"] == [49_999]  # frozen, not freed
    finally:
        gc.unfreeze()


def test_connections_accepted_by_streamlits_socket_get_tcp_nodelay():
    from streamlit.web.server.starlette import starlette_server

    from pages.serving import launcher as _serve

    assert _launcher().nodelay_listening_socket is _serve.nodelay_listening_socket  # the launcher's own name for it
    original = starlette_server._bind_socket
    try:
        plain = original("127.0.0.1", 0, 8)
        assert _serve.nodelay_listening_socket()
        wrapper = starlette_server._bind_socket
        assert _serve.nodelay_listening_socket() and starlette_server._bind_socket is wrapper  # wrapped once
        patched = wrapper("127.0.0.1", 0, 8)
        for listener, expected in ((plain, 0), (patched, 1)):
            with listener, socket.create_connection(listener.getsockname()):
                listener.setblocking(True)
                accepted, _ = listener.accept()
                with accepted:
                    assert accepted.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) == expected
    finally:
        starlette_server._bind_socket = original


def test_the_nginx_template_filled_in_is_a_valid_configuration(tmp_path):
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    if not Path(nginx).exists():
        pytest.skip("Debian's nginx is not installed (bash scripts/test.sh installs it)")
    text = (ROOT / "deploy" / "nginx.conf").read_text()
    for name, value in {
        "${TCL_LISTEN}": "127.0.0.1:18499",
        "${TCL_UPSTREAMS}": "server 127.0.0.1:18501; server 127.0.0.1:18502;",
        "${TCL_RUN_DIR}": str(tmp_path),
    }.items():
        assert name in text
        text = text.replace(name, value)
    assert "${" not in text
    conf = tmp_path / "nginx.conf"
    conf.write_text(text)
    out = subprocess.run(
        [nginx, "-t", "-p", str(tmp_path), "-e", "stderr", "-c", str(conf)], capture_output=True, text=True, timeout=30
    )
    assert out.returncode == 0, out.stderr
    assert "test is successful" in out.stderr


def test_the_launcher_turns_the_post_run_collection_off_unless_asked_and_keeps_the_callers_choice():
    serve = _launcher()
    args, paced = serve.streamlit_args(["--server.port", "8601"])
    assert paced and args[-2:] == ["--runner.postScriptGC", "false"] and args[:2] == ["--server.port", "8601"]
    for given, off in ((["--runner.postScriptGC", "true"], False), (["--runner.postScriptGC=false"], True)):
        args, paced = serve.streamlit_args(given)
        assert args == given and paced is off  # the caller's choice is passed on untouched


def test_the_paced_collection_runs_full_collections_on_its_own_thread():
    import threading

    serve = _launcher()
    seen = threading.Event()

    def on_gc(phase: str, info: dict[str, int]) -> None:
        if phase == "stop" and info["generation"] == 2 and threading.current_thread().name == "tcl-paced-gc":
            seen.set()

    stop = threading.Event()
    gc.callbacks.append(on_gc)
    try:
        thread = serve.paced_collection(every_s=0.05, stop=stop)
        assert thread.daemon and thread.is_alive()
        assert seen.wait(timeout=30), "no full collection came from the launcher's thread"
    finally:
        stop.set()
        gc.callbacks.remove(on_gc)
    thread.join(timeout=5)
    assert not thread.is_alive()


def test_the_cache_data_warnings_are_quiet_while_warming_and_only_then():
    import logging

    from pages.serving import launcher as _serve

    quiet = logging.getLogger(_serve.CACHE_DATA_LOGGER)
    before = quiet.level
    with _serve.quiet_cache_data_warnings() as inside:
        assert inside is quiet
        assert not quiet.isEnabledFor(logging.WARNING) and quiet.isEnabledFor(logging.ERROR)
    assert quiet.level == before
    with pytest.raises(RuntimeError), _serve.quiet_cache_data_warnings():
        raise RuntimeError("a warm run failed")
    assert quiet.level == before  # given back on the way out of a failure too


def test_the_hand_over_runs_streamlits_own_command_line_with_the_options_as_given(monkeypatch):
    from streamlit.web import cli

    from pages.serving import launcher as _serve

    calls: list[tuple[list[str], dict[str, str]]] = []
    monkeypatch.setattr(cli, "main", lambda args, **kwargs: calls.append((args, kwargs)))
    _serve.hand_over(Path("lab") / "app.py", ["--server.port", "8601", "--runner.postScriptGC", "false"])
    run = ["run", str(Path("lab") / "app.py"), "--server.port", "8601", "--runner.postScriptGC", "false"]
    assert calls == [(run, {"prog_name": "streamlit"})]


def test_post_script_gc_sets_streamlits_runner_option_in_this_process():
    from streamlit import config

    from pages.serving import launcher as _serve

    before = config.get_option("runner.postScriptGC")
    try:
        _serve.post_script_gc(not before)
        assert config.get_option("runner.postScriptGC") is (not before)
    finally:
        config.set_option("runner.postScriptGC", before)


def test_the_launcher_warms_freezes_prints_one_line_and_hands_over_the_app(monkeypatch, capsys, tmp_path):
    serve = _launcher()
    steps: list[object] = []

    def step(name: str, result: object) -> object:
        steps.append(name)
        return result

    monkeypatch.chdir(tmp_path)  # main() moves to the project; the fixture moves back
    done = {"modules": 120, "import_s": 3.04, "runs": ["a", "b"]}
    monkeypatch.setattr(serve, "warm", lambda: step("warm", done))
    monkeypatch.setattr(serve, "freeze", lambda: step("freeze", 123_456))
    monkeypatch.setattr(serve, "nodelay_listening_socket", lambda: step("nodelay", True))
    monkeypatch.setattr(serve, "theme_messages_once", lambda: step("theme", True))
    monkeypatch.setattr(serve, "ensure_paced_collection", lambda: step("paced", None))
    monkeypatch.setattr(serve, "hold_automatic_full_collections", lambda: step("held", (700, 10, 10_000)))
    monkeypatch.setattr(serve, "hand_over", lambda app, args: steps.append((app, args)))
    serve.main(["--server.port", "8601"])
    assert steps == [
        "warm",
        "freeze",
        "nodelay",
        "theme",
        "paced",
        "held",
        (ROOT / "app.py", ["--server.port", "8601", "--runner.postScriptGC", "false"]),
    ]
    assert Path.cwd() == ROOT
    assert capsys.readouterr().out == (
        "Tool Call Lab: 120 modules imported in 3.0 s; warm runs: a, b; 123,456 objects frozen out of the per-run "
        "collection; TCP_NODELAY: on; full collection every 10 s, when not busy\n"
    )

    steps.clear()
    serve.main(["--runner.postScriptGC", "true"])  # the caller keeps Streamlit's collection: no paced thread
    assert "paced" not in steps and "held" not in steps
    assert steps[-1] == (ROOT / "app.py", ["--runner.postScriptGC", "true"])
    assert capsys.readouterr().out.endswith("; full collection after every script run\n")


def test_the_theme_sections_are_read_once_per_parsed_config_and_come_out_the_same(monkeypatch):
    """``theme_messages_once``: each new-session message gets the same six theme sections, read from the config once."""
    from streamlit import config
    from streamlit.proto.NewSession_pb2 import CustomThemeConfig
    from streamlit.runtime import app_session

    from pages.serving import launcher

    original = app_session._populate_theme_msg
    monkeypatch.setattr(app_session, "_populate_theme_msg", original)  # put back after the test
    monkeypatch.setattr(config, "_config_options", config.get_config_options())  # the same options object, kept
    sections = ["theme", "theme.dark", "theme.light.sidebar"]
    expected = []
    for section in sections:
        msg = CustomThemeConfig()
        original(msg, section)
        expected.append(msg)
    assert expected[0].primary_color  # the project's own [theme] (.streamlit/config.toml): something to copy
    reads: list[str] = []
    real_read = config.get_options_for_section
    monkeypatch.setattr(config, "get_options_for_section", lambda section: reads.append(section) or real_read(section))
    assert launcher.theme_messages_once() and launcher.theme_messages_once()  # wrapping twice wraps once
    for _ in range(3):  # three runs' messages
        for section, want in zip(sections, expected, strict=True):
            msg = CustomThemeConfig()
            app_session._populate_theme_msg(msg, section)
            assert msg == want
    assert sorted(reads) == sorted(sections)  # each section read once, not at every run
    monkeypatch.setattr(config, "_config_options", dict(config._config_options))  # Streamlit parsed its config again
    app_session._populate_theme_msg(CustomThemeConfig(), "theme")
    assert reads.count("theme") == 2
