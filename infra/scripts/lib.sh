#!/usr/bin/env bash
# Shared helpers for the local start scripts. Everything binds to 127.0.0.1; all state lives in .data/.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
# shellcheck source=../env.sh
source "$ROOT/infra/env.sh"
# All state of this copy of the system (a named STACK has its own, see infra/env.sh).
DATA="${REPROUTE_DATA:-$ROOT/.data}"
LOGS="$DATA/logs"
RUN="$DATA/run"
mkdir -p "$DATA" "$LOGS" "$RUN"

log() { printf '\033[1;34m[%s]\033[0m %s\n' "${COMPONENT:-reproute}" "$*"; }
die() { printf '\033[1;31m[%s] %s\033[0m\n' "${COMPONENT:-reproute}" "$*" >&2; exit 1; }

# port_open HOST PORT: true when something accepts TCP connections there.
port_open() { (exec 3<>"/dev/tcp/$1/$2") 2>/dev/null && exec 3>&- 3<&- ; }

# wait_port HOST PORT SECONDS [NAME]
wait_port() {
  local deadline=$((SECONDS + $3))
  until port_open "$1" "$2"; do
    [ $SECONDS -ge $deadline ] && die "${4:-$1:$2} did not open port $2 within $3 s (logs: $LOGS)"
    sleep 0.3
  done
}

# wait_http URL SECONDS [NAME]: waits for a 2xx answer.
wait_http() {
  local deadline=$((SECONDS + $2))
  until curl -fsS -o /dev/null --max-time 2 "$1" 2>/dev/null; do
    [ $SECONDS -ge $deadline ] && die "${3:-$1} did not become ready within $2 s (see $LOGS)"
    sleep 0.5
  done
}

pid_alive() { [ -f "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null; }

# stop_pidfile FILE NAME: TERM, wait, then KILL.
stop_pidfile() {
  local file=$1 name=$2
  if pid_alive "$file"; then
    local pid; pid=$(cat "$file")
    kill -TERM "$pid" 2>/dev/null || true
    for _ in $(seq 1 60); do kill -0 "$pid" 2>/dev/null || break; sleep 0.25; done
    kill -0 "$pid" 2>/dev/null && kill -KILL "$pid" 2>/dev/null || true
    log "stopped $name"
  fi
  rm -f "$file"
}

APT_UPDATED=""
# apt_install PACKAGE...: installs Debian packages that are missing (needs root or sudo).
apt_install() {
  local missing=()
  for p in "$@"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
  [ ${#missing[@]} -eq 0 ] && return 0
  local sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
  if [ -z "$APT_UPDATED" ]; then $sudo apt-get update -qq; APT_UPDATED=1; fi
  log "installing ${missing[*]}"
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
}

# as_postgres CMD...: runs a command as the postgres OS user when we are root (initdb refuses root).
as_postgres() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
