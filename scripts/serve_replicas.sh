#!/usr/bin/env bash
# Serve Tool Call Lab on one machine: N Streamlit replicas behind nginx, all in the foreground.
#
#   bash scripts/serve_replicas.sh        # one replica per core
#   bash scripts/serve_replicas.sh 3      # three
#
# Settings (environment):
#   PORT          where nginx listens, on every interface (default 8500); LISTEN overrides the whole
#                 address, e.g. LISTEN=127.0.0.1:8500
#   FIRST_PORT    the first replica's port; the others follow (default 8501, 8502, ...; on 127.0.0.1)
#   CHECKPOINTER  a postgresql:// URL, so that threads, progress and class state are shared by all
#                 replicas (the default SQLite file under data/ also works on one machine)
#   STREAMLIT_SERVER_COOKIE_SECRET  shared by the replicas (XSRF cookies); a random one when unset
#   RUN_DIR       nginx's pid file, temporary files and the replicas' pid files (default: a new temp dir)
#   NGINX_BIN     the nginx binary (default: nginx on PATH, or /usr/sbin/nginx)
#
# Each replica is `python scripts/serve.py` (warmed, frozen, TCP_NODELAY). nginx keeps each browser tab
# on one replica (deploy/nginx.conf) and moves it to another when its replica dies; a replica that
# dies is not restarted. Ctrl-C (or SIGTERM) stops nginx and every replica.
set -euo pipefail
cd "$(dirname "$0")/.."

N=${1:-$(nproc)}
PORT=${PORT:-8500}
LISTEN=${LISTEN:-$PORT}
FIRST_PORT=${FIRST_PORT:-8501}
PY=${PYTHON:-.venv/bin/python}
NGINX_CMD=${NGINX_BIN:-$(command -v nginx || echo /usr/sbin/nginx)}
[ -x "$NGINX_CMD" ] || { echo "nginx not found: apt-get install nginx (Debian's package)" >&2; exit 1; }
[ -x "$PY" ] || { echo "no $PY: run the quick start's install first" >&2; exit 1; }
case "$N" in '' | *[!0-9]* | 0) echo "replicas: a positive number, not '$N'" >&2; exit 2 ;; esac

OWN_RUN_DIR=""
if [ -z "${RUN_DIR:-}" ]; then
  RUN_DIR=$(mktemp -d -t tcl-replicas.XXXXXX)
  OWN_RUN_DIR=$RUN_DIR
fi
mkdir -p "$RUN_DIR"
chmod 755 "$RUN_DIR"  # when started as root, nginx's workers run as nobody and must reach their temp dirs
if [ -z "${STREAMLIT_SERVER_COOKIE_SECRET:-}" ]; then
  STREAMLIT_SERVER_COOKIE_SECRET=$("$PY" -c 'import secrets; print(secrets.token_urlsafe(32))')
fi
export STREAMLIT_SERVER_COOKIE_SECRET
case "${CHECKPOINTER:-}" in
  postgresql://* | postgres://*) ;;
  *) echo "note: CHECKPOINTER is not a postgresql:// URL; the replicas share the SQLite files under data/" >&2 ;;
esac

PIDS=()
stop() {
  trap - EXIT INT TERM
  for pid in "${PIDS[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
  if [ -n "$OWN_RUN_DIR" ]; then rm -rf "$OWN_RUN_DIR"; fi
}
trap stop EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

UPSTREAMS=""
for ((i = 0; i < N; i++)); do
  port=$((FIRST_PORT + i))
  "$PY" scripts/serve.py --server.port "$port" --server.address 127.0.0.1 --server.headless true &
  PIDS+=("$!")
  echo "$!" >"$RUN_DIR/replica-$port.pid"
  UPSTREAMS+="server 127.0.0.1:$port max_fails=1 fail_timeout=10s; "
done

# await_health ADDRESS PID WHAT: wait (up to 2 minutes) until ADDRESS answers Streamlit's health check; stop if PID exits
await_health() {
  for _ in $(seq 1 600); do
    if "$PY" -c "import urllib.request as u; u.urlopen('http://$1/_stcore/health', timeout=1)" 2>/dev/null; then
      return 0
    fi
    kill -0 "$2" 2>/dev/null || { echo "$3 exited" >&2; exit 1; }
    sleep 0.2
  done
}

# wait until every replica answers its health check (they warm up first)
for ((i = 0; i < N; i++)); do
  port=$((FIRST_PORT + i))
  await_health "127.0.0.1:$port" "${PIDS[$i]}" "replica on port $port"
done

conf=$(<deploy/nginx.conf)
conf=${conf//'${TCL_LISTEN}'/$LISTEN}
conf=${conf//'${TCL_UPSTREAMS}'/$UPSTREAMS}
conf=${conf//'${TCL_RUN_DIR}'/$RUN_DIR}
printf '%s\n' "$conf" >"$RUN_DIR/nginx.conf"
"$NGINX_CMD" -t -q -p "$RUN_DIR" -e stderr -c "$RUN_DIR/nginx.conf"
"$NGINX_CMD" -p "$RUN_DIR" -e stderr -c "$RUN_DIR/nginx.conf" -g 'daemon off;' &
NGINX_PID=$!
PIDS+=("$NGINX_PID")
ADDRESS=$( [[ $LISTEN == *:* ]] && echo "$LISTEN" || echo "127.0.0.1:$LISTEN" )
# announce the address only once nginx answers on it (it binds a moment after it starts)
await_health "${ADDRESS/0.0.0.0/127.0.0.1}" "$NGINX_PID" "nginx"
echo "Tool Call Lab: http://$ADDRESS ($N replicas on ports $FIRST_PORT-$((FIRST_PORT + N - 1)) behind nginx; run dir $RUN_DIR)"
wait "$NGINX_PID"
