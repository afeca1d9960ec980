#!/usr/bin/env bash
# Install everything the test suite needs (Debian's chromium and nginx, the Python packages) and run it.
# Usage: bash scripts/test.sh [pytest args]
set -euo pipefail
cd "$(dirname "$0")/.."

SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
if ! command -v chromium >/dev/null 2>&1; then
  echo "== installing Debian's chromium (browser tests)"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium fonts-noto-cjk >/dev/null
fi
if ! command -v nginx >/dev/null 2>&1 && [ ! -x /usr/sbin/nginx ]; then
  echo "== installing Debian's nginx (the replicas test: several app processes behind nginx)"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq nginx >/dev/null
fi

PY=${PYTHON:-python3.11}
command -v "$PY" >/dev/null 2>&1 || PY=python3
if [ ! -x .venv/bin/python ]; then
  echo "== creating .venv with $PY"
  "$PY" -m venv .venv
fi
echo "== installing Python packages"
.venv/bin/python -m pip install -q --disable-pip-version-check -r requirements-dev.txt

if command -v npm >/dev/null 2>&1 && command -v node >/dev/null 2>&1 && [ ! -d node_modules ]; then
  echo "== installing the npm judges (the MCP Inspector CLI, package-lock.json)"
  npm ci --silent --no-audit --no-fund >/dev/null
fi

mkdir -p test-output
# The house rules (ruff check, ruff format --check, mypy, import contracts) run beside the first pytest run
# (mypy alone takes half a minute of one core); their output is printed when they end, and they fail the script.
echo "== house rules: ruff check, ruff format --check, mypy, import contracts (beside the tests)"
house_log=test-output/house-rules.log
(.venv/bin/ruff check . && .venv/bin/ruff format --check . && .venv/bin/mypy && .venv/bin/lint-imports) \
  >"$house_log" 2>&1 &
house_pid=$!
house_verdict() {
  local rc=0
  wait "$house_pid" || rc=$?
  echo "== house rules: exit $rc"
  cat "$house_log"
  return "$rc"
}
# Two runs, each on ${TEST_WORKERS:-2} pytest-xdist workers (the machine's cores): unit and AppTest tests first,
# then the browser tests in a process of their own (Playwright's sync API keeps an event loop running in
# its process, beside which asyncio tests cannot start). A module sharing a module-scoped fixture runs on one
# worker (tests/conftest.py schedules it so). Naming test files or folders runs just those, in one run
# (the fast run: bash scripts/test.sh tests/unit tests/app).
WORKERS=(-n "${TEST_WORKERS:-2}" --dist loadgroup)
for arg in "$@"; do
  if [[ "$arg" != -* && -e "${arg%%::*}" ]]; then
    echo "== running the named tests"
    named=0
    .venv/bin/python -m pytest "${WORKERS[@]}" "$@" || named=$?
    house=0
    house_verdict || house=$?
    [ "$named" = 0 ] && [ "$house" = 0 ]
    exit
  fi
done
echo "== running the unit and AppTest tests (the fast run)"
fast=0
.venv/bin/python -m pytest "${WORKERS[@]}" tests/unit tests/app "$@" || fast=$?
house=0
house_verdict || house=$?
echo "== running the browser tests"
browser=0
# a browser test that fails is run once more (a real browser on a busy 2-core machine misses a frame now
# and then); the summary line says "N rerun" for every retry, and a test failing twice fails the run
.venv/bin/python -m pytest "${WORKERS[@]}" --reruns 1 --reruns-delay 2 tests/e2e "$@" || browser=$?
echo "== house rules: exit $house; unit and AppTest: exit $fast; browser: exit $browser"
[ "$house" = 0 ] && [ "$fast" = 0 ] && [ "$browser" = 0 ]
