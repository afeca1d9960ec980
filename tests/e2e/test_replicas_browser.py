"""Two replicas behind nginx, state in PostgreSQL: a tab keeps its replica, and outlives it.

Everything is the real deployment: ``scripts/serve_replicas.sh 2`` starts two replicas
(``scripts/serve.py``) and Debian's nginx with ``deploy/nginx.conf``, on a PostgreSQL schema made
for this module. nginx gives each tab a route cookie (``tcl_route``) and says which replica
answered in an ``X-Upstream`` header; a test pins a browser context to a replica by choosing its
route cookie: it asks ``/_stcore/health`` with candidate cookies until each replica has answered.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import time
import urllib.request
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.e2e.conftest import CHROMIUM, ROOT, new_context, rerun, shot, wait_idle
from tests.e2e.test_course_browser import SOLVED_MARK, _sidebar_entry, _solve_stage4
from toolcall_lab.classroom import ClassroomStore

pytestmark = [pytest.mark.e2e, pytest.mark.postgres]

POSTGRES = "postgresql://postgres@127.0.0.1:5432/test"
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
LOG = ROOT / "test-output" / "replicas-e2e.log"
STAGE_4 = "④ tool_call"


@dataclass
class Cluster:
    url: str  # nginx
    ports: tuple[int, int]  # the replicas
    run_dir: Path
    setting: str  # the CHECKPOINTER both replicas use

    def pid(self, port: int) -> int:
        return int((self.run_dir / f"replica-{port}.pid").read_text())


def _free_ports(n: int) -> int:
    """The first of ``n`` consecutive free ports (the launcher numbers its replicas consecutively)."""
    import socket

    for base in range(18500, 19500, 10):
        try:
            socks = []
            for port in range(base, base + n):
                s = socket.socket()
                socks.append(s)
                s.bind(("127.0.0.1", port))
        except OSError:
            continue
        finally:
            for s in socks:
                s.close()
        return base
    raise RuntimeError("no free ports")


@contextmanager
def running_cluster(run_dir: Path) -> Iterator[Cluster]:
    """``scripts/serve_replicas.sh 2`` on free ports and a PostgreSQL schema of its own; stopped with SIGTERM."""
    import psycopg

    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed (bash scripts/test.sh installs it)")
    if not Path(NGINX).exists():
        pytest.skip("Debian's nginx is not installed (bash scripts/test.sh installs it)")
    try:
        with psycopg.connect(POSTGRES, connect_timeout=2):
            pass
    except psycopg.Error as exc:
        pytest.skip(f"no PostgreSQL on 127.0.0.1:5432 (database 'test', user 'postgres'): {exc}")
    schema = f"replicas_test_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(POSTGRES, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    setting = f"{POSTGRES}?options=-csearch_path%3D{schema}"
    base = _free_ports(3)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LLM_", "TAVILY_", "STREAMLIT_"))}
    env.update(LISTEN=f"127.0.0.1:{base}", FIRST_PORT=str(base + 1), CHECKPOINTER=setting)
    env.update(RUN_DIR=str(run_dir), NGINX_BIN=NGINX)
    LOG.parent.mkdir(parents=True, exist_ok=True)
    with LOG.open("ab") as log:
        start = log.tell()
        proc = subprocess.Popen(
            ["bash", "scripts/serve_replicas.sh", "2"], cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT
        )
        deadline = time.time() + 300  # each replica warms up first (imports, runs, compiles) on a busy machine
        while "Tool Call Lab: http" not in LOG.read_bytes()[start:].decode(errors="replace"):
            if proc.poll() is not None or time.time() > deadline:
                proc.kill()
                pytest.fail("the replicas did not start: " + LOG.read_bytes()[start:].decode(errors="replace")[-3000:])
            time.sleep(0.5)
        try:
            yield Cluster(f"http://127.0.0.1:{base}", (base + 1, base + 2), run_dir, setting)
        finally:
            proc.send_signal(signal.SIGTERM)  # the script stops nginx and both replicas
            try:
                proc.wait(timeout=60)
            except subprocess.TimeoutExpired:
                proc.kill()
            with psycopg.connect(POSTGRES, autocommit=True) as conn:
                conn.execute(f"DROP SCHEMA {schema} CASCADE")


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    """One deployment for this module's tests; the failover test, which kills a replica, runs last."""
    with running_cluster(tmp_path_factory.mktemp("replicas")) as running:
        yield running


@pytest.fixture
def fresh_cluster(tmp_path: Path) -> Iterator[Cluster]:
    """A deployment of its own, for a test that kills a replica of it."""
    with running_cluster(tmp_path) as running:
        yield running


def upstream(cluster: Cluster, route: str) -> str:
    """The replica (``host:port``) nginx sends the route cookie ``route`` to, from its X-Upstream header."""
    request = urllib.request.Request(f"{cluster.url}/_stcore/health", headers={"Cookie": f"tcl_route={route}"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return str(response.headers["X-Upstream"]).split(",")[-1].strip()  # after a failover: "dead, alive"


def route_to(cluster: Cluster, port: int) -> str:
    """A route cookie that nginx sends to the replica on ``port``."""
    for n in range(200):
        route = f"route-{n}-{uuid.uuid4().hex[:8]}"
        if upstream(cluster, route) == f"127.0.0.1:{port}":
            return route
    raise AssertionError(f"no route reaches port {port} in 200 tries")


def pinned(browser, cluster: Cluster, port: int, **options):
    """A browser context whose route cookie leads to the replica on ``port``; returns (context, its route)."""
    route = route_to(cluster, port)
    context = new_context(browser, viewport={"width": 1440, "height": 900}, locale="en-US", **options)
    context.add_cookies([{"name": "tcl_route", "value": route, "url": cluster.url}])
    return context, route


def served_by(context, cluster: Cluster) -> str:
    """The replica that answers this context's requests now (with its own cookies, through nginx)."""
    response = context.request.get(f"{cluster.url}/_stcore/health")
    return response.headers["x-upstream"].split(",")[-1].strip()


def test_nginx_gives_a_new_tab_a_route_and_keeps_it_on_one_replica(cluster):
    with urllib.request.urlopen(f"{cluster.url}/_stcore/health", timeout=10) as response:
        cookies = response.headers.get_all("Set-Cookie")
        first = response.headers["X-Upstream"]
    routes = [re.fullmatch(r"tcl_route=([0-9a-f]{32}); Path=/; HttpOnly; SameSite=Lax", c) for c in cookies]
    route = next((r for r in routes if r), None)
    assert route, cookies
    assert first in {f"127.0.0.1:{p}" for p in cluster.ports}
    assert {upstream(cluster, route.group(1)) for _ in range(10)} == {first}  # the same replica every time
    # and the routes spread over both replicas
    assert {upstream(cluster, f"spread-{n}") for n in range(40)} == {f"127.0.0.1:{p}" for p in cluster.ports}


def test_progress_made_on_one_replica_is_seen_on_the_other(cluster, browser):
    one, two = cluster.ports
    context, _ = pinned(browser, cluster, one)
    page = context.new_page()
    page.goto(f"{cluster.url}/stage_4_tool_call?lang=en")
    wait_idle(page, timeout=120000)
    assert served_by(context, cluster) == f"127.0.0.1:{one}"
    _solve_stage4(page)
    learner = _learner_cookie(page)
    context.close()

    other, _ = pinned(browser, cluster, two)
    other.add_cookies([{"name": LEARNER_COOKIE, "value": learner, "url": cluster.url}])  # the same browser's learner
    page = other.new_page()
    page.goto(f"{cluster.url}/stage_4_tool_call?lang=en")
    wait_idle(page, timeout=120000)
    assert served_by(other, cluster) == f"127.0.0.1:{two}"
    assert SOLVED_MARK in _sidebar_entry(page, STAGE_4).inner_text()
    assert "You have solved this one before" in page.locator("body").inner_text()
    shot(page, "replicas_progress_on_the_other_replica")
    other.close()


LEARNER_COOKIE = "toolcall_lab_learner"


def _learner_cookie(page) -> str:
    """The learner id this browser keeps (the app writes it once the page has loaded its cookie writer)."""
    page.wait_for_function(f"() => document.cookie.includes('{LEARNER_COOKIE}=')", timeout=30000)
    return next(c["value"] for c in page.context.cookies() if c["name"] == LEARNER_COOKIE)


def _messages(page, thread: str) -> int:
    """Graph page 4 shows ``thread`` as its thread; how many messages its conversation has (from get_state)."""
    assert page.locator("[data-testid=stCode]").filter(has_text=thread).count() >= 1
    heading = page.get_by_text(re.compile(r"The conversation on this thread \(\d+ messages|线程里的对话（\d+ 条消息"))
    return int(re.search(r"(\d+)", heading.inner_text()).group(1))


def test_a_replica_dies_mid_session_and_the_tab_carries_on_on_the_other(cluster, browser):
    """Kill the tab's replica: Streamlit's page reconnects through nginx to the other replica by itself; the
    learner's next action runs there, and finds the solved exercise and the same LangGraph thread (kept in
    the link) read back from PostgreSQL.

    Streamlit's client reruns on a reconnect only when a run was going or a fragment is on a timer (it
    expects to find its session again); otherwise the page stays as drawn until the learner's next action,
    which the new replica serves as a new session from the link (learner, language, thread).
    """
    victim, survivor = cluster.ports
    context, _ = pinned(browser, cluster, victim)
    page = context.new_page()
    page.goto(f"{cluster.url}/stage_4_tool_call?lang=en")
    wait_idle(page, timeout=120000)
    _solve_stage4(page)
    page.goto(f"{cluster.url}/graph_4_threads?lang=en")  # the learner is in the browser's cookie
    wait_idle(page, timeout=120000)  # a cold page runs the three turns on a new thread
    thread = re.search(r"thread=(lab-[0-9a-f-]{36})", page.url)
    assert thread, page.url  # the thread is kept in the link
    messages = _messages(page, thread.group(1))
    assert messages >= 6  # three turns: a question and an answer each
    assert served_by(context, cluster) == f"127.0.0.1:{victim}"

    with page.expect_websocket(timeout=60000):  # the page's own reconnect, through nginx
        os.kill(cluster.pid(victim), signal.SIGKILL)
    page.wait_for_function(
        "() => document.querySelector('[data-testid=stApp]').getAttribute('data-test-connection-state') === 'CONNECTED'"
    )
    assert served_by(context, cluster) == f"127.0.0.1:{survivor}"
    with rerun(page, timeout=120000):  # the learner's next action: the language switch, served by the survivor
        page.get_by_test_id("stSidebar").get_by_text("中文", exact=True).click()
    assert f"thread={thread.group(1)}" in page.url and "lang=zh" in page.url
    assert _messages(page, thread.group(1)) == messages  # the same thread, read back, not run again
    assert SOLVED_MARK in _sidebar_entry(page, STAGE_4).inner_text()  # the progress, from PostgreSQL
    shot(page, "replicas_after_failover_graph4")
    context.close()


def test_a_class_survives_the_students_replica(fresh_cluster, browser):
    """The teacher on one replica, a student on the other; the student's replica dies; the class goes on.

    The class is in the link (``?class=CODE``) and in the database; the banner
    (``st.container(key="class-banner")``) names the teacher's page again after the reconnect.
    """
    cluster = fresh_cluster
    teacher_port, student_port = cluster.ports
    with ClassroomStore.open(cluster.setting) as store:
        teacher_id = "T" * 21 + "A"
        code, token = store.start_class(teacher_id)
    teacher, _ = pinned(browser, cluster, teacher_port)
    # the teacher's browser holds the class's token, as the Class box's "Start" leaves it (the learner id leads nothing)
    teacher.add_cookies([{"name": "tcl_teacher", "value": f"{code}.{token}", "url": cluster.url}])
    teacher.add_cookies([{"name": LEARNER_COOKIE, "value": teacher_id, "url": cluster.url}])  # the teacher's browser
    tpage = teacher.new_page()
    tpage.goto(f"{cluster.url}/stage_4_tool_call?lang=en&learner={teacher_id}&class={code}")
    wait_idle(tpage, timeout=120000)
    student, _ = pinned(browser, cluster, student_port)
    spage = student.new_page()
    spage.goto(f"{cluster.url}/?lang=en&class={code}")
    banner = spage.locator(".st-key-class-banner")
    banner.get_by_text(re.compile(r"The teacher is at .*④ tool_call")).wait_for(timeout=60000)
    assert served_by(student, cluster) == f"127.0.0.1:{student_port}"

    os.kill(cluster.pid(student_port), signal.SIGKILL)
    # the teacher moves on after the student's replica died: only a banner running again (on the other
    # replica, reconnected through nginx) can name the new place; the old text stays drawn until then
    tpage.goto(f"{cluster.url}/stage_5_validation?lang=en&learner={teacher_id}&class={code}")
    wait_idle(tpage, timeout=120000)
    banner.get_by_text(re.compile(r"The teacher is at .*⑤ Validation")).wait_for(timeout=120000)
    assert served_by(student, cluster) == f"127.0.0.1:{teacher_port}"
    assert f"class={code}" in spage.url
    with ClassroomStore.open(cluster.setting) as store:
        assert len(store.members(code)) >= 1  # the student is still a member of the class
    teacher.close()
    student.close()
