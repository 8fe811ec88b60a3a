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

# ensure_node: the Node.js the project is pinned to (.nvmrc) first on PATH. Where the machine's own is another
# version, that build is fetched once from the npm registry (the node-linux-<arch> package, and npm beside it)
# into the cache and used from there; nothing is downloaded from anywhere else.
NODE_PINNED="$(cat "$ROOT/.nvmrc")"
ensure_node() {
  [ "$(node --version 2>/dev/null)" = "v$NODE_PINNED" ] && return 0
  local arch dir="${XDG_CACHE_HOME:-$HOME/.cache}/reproute/node/$NODE_PINNED"
  case "$(uname -m)" in x86_64) arch=x64 ;; aarch64 | arm64) arch=arm64 ;; *) die "no Node.js build for $(uname -m)" ;; esac
  if [ ! -x "$dir/bin/node" ] || [ ! -f "$dir/lib/node_modules/npm/package.json" ]; then
    log "installing Node.js $NODE_PINNED from the npm registry (first run only)"
    local tmp registry="${NPM_CONFIG_REGISTRY:-https://registry.npmjs.org}"
    tmp=$(mktemp -d)
    curl -fsSL "$registry/node-linux-$arch/-/node-linux-$arch-$NODE_PINNED.tgz" | tar xz -C "$tmp" ||
      die "could not fetch node-linux-$arch@$NODE_PINNED"
    local npm_version; npm_version=$(sed -n 's/.*"packageManager": *"npm@\([^"]*\)".*/\1/p' "$ROOT/package.json")
    mkdir -p "$tmp/npm" && curl -fsSL "$registry/npm/-/npm-${npm_version:?package.json names no packageManager npm@VERSION}.tgz" |
      tar xz -C "$tmp/npm" || die "could not fetch npm@$npm_version"
    rm -rf "$dir" && mkdir -p "$dir/bin" "$dir/lib/node_modules"
    mv "$tmp/package/bin/node" "$dir/bin/node" && mv "$tmp/npm/package" "$dir/lib/node_modules/npm"
    ln -s ../lib/node_modules/npm/bin/npm-cli.js "$dir/bin/npm"
    ln -s ../lib/node_modules/npm/bin/npx-cli.js "$dir/bin/npx"
    rm -rf "$tmp"
  fi
  export PATH="$dir/bin:$PATH"
  hash -r
}

# keep_log FILE: before a process starts writing FILE again, a file past LOG_KEEP_MB (256) is moved to FILE.1 (the
# one before it goes), so a local stack's logs stay bounded across restarts: a load test writes hundreds of MB.
keep_log() {
  local size
  size=$(stat -c %s "$1" 2>/dev/null || echo 0)
  if [ "$size" -gt $((${LOG_KEEP_MB:-256} * 1024 * 1024)) ]; then mv -f "$1" "$1.1"; fi
}

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

# npm_install: the locked npm packages, when node_modules is missing or older than package-lock.json. A fresh
# install is kept in the cache, one copy per lock (its hash with Node's version and the machine's architecture,
# so native builds match), and copied back instead of installing again: on a clean clone 5 s against npm ci's
# 40 s and 58 CPU-seconds. A lock that changes gets its own copy; the three newest are kept.
npm_install() {
  local lock="$ROOT/package-lock.json"
  [ -d "$ROOT/node_modules" ] && [ ! "$lock" -nt "$ROOT/node_modules/.package-lock.json" ] && return 0
  local key store dir
  key=$({ cat "$lock"; node --version; uname -m; } | sha256sum | cut -c1-16)
  store="${XDG_CACHE_HOME:-$HOME/.cache}/reproute/node-modules"
  if [ -f "$store/$key/complete" ] && [ "${NPM_INSTALL_CACHE:-1}" = 1 ]; then
    log "installing npm packages (the copy kept for this lock, $key)"
    while IFS= read -r dir; do
      rm -rf "${ROOT:?}/$dir"
      mkdir -p "$(dirname "$ROOT/$dir")"
      cp -a "$store/$key/tree/$dir" "$ROOT/$dir" || die "could not copy $dir from $store/$key"
    done <"$store/$key/complete"
    touch "$ROOT/node_modules/.package-lock.json"
    return 0
  fi
  log "installing npm packages"
  (cd "$ROOT" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error) || die "npm ci failed"
  [ "${NPM_INSTALL_CACHE:-1}" = 1 ] || return 0
  # Kept as installed, before anything (a build, a test run) writes into node_modules.
  local tmp="$store/.$key.$$"
  rm -rf "$tmp" && mkdir -p "$tmp/tree" || return 0
  (cd "$ROOT" && find . -maxdepth 4 \( -path ./.data -o -path ./.git \) -prune -o -name node_modules -type d -print -prune) |
    sed 's|^\./||' >"$tmp/dirs"
  while IFS= read -r dir; do
    mkdir -p "$(dirname "$tmp/tree/$dir")" && cp -a "$ROOT/$dir" "$tmp/tree/$dir" || { rm -rf "$tmp"; return 0; }
  done <"$tmp/dirs"
  mv "$tmp/dirs" "$tmp/complete"
  rm -rf "${store:?}/$key" && mv "$tmp" "$store/$key" || rm -rf "$tmp"
  # shellcheck disable=SC2012
  ls -1dt "$store"/*/ 2>/dev/null | tail -n +4 | xargs -r rm -rf
}

# as_postgres CMD...: runs a command as the postgres OS user when we are root (initdb refuses root).
as_postgres() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

# Every script runs on the pinned Node.js.
command -v curl >/dev/null || apt_install curl
ensure_node
