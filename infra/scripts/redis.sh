#!/usr/bin/env bash
# Redis 7 from Debian: rate limits, revoked tokens and BullMQ queues. Append-only file on (fsync every
# second), so a restart keeps the email jobs still waiting to be sent.
COMPONENT=redis
source "$(dirname "$0")/lib.sh"
PIDFILE="$RUN/redis.pid"

start() {
  command -v redis-server >/dev/null || apt_install redis-server
  if port_open 127.0.0.1 "$REDIS_PORT"; then log "already running on 127.0.0.1:$REDIS_PORT"; return; fi
  mkdir -p "$DATA/redis"
  redis-server --bind 127.0.0.1 --port "$REDIS_PORT" --daemonize yes --dir "$DATA/redis" --pidfile "$PIDFILE" \
    --logfile "$LOGS/redis.log" --save "" --appendonly yes --appendfsync everysec --maxmemory-policy noeviction
  wait_port 127.0.0.1 "$REDIS_PORT" 30 redis
  log "started on 127.0.0.1:$REDIS_PORT"
}

stop() { stop_pidfile "$PIDFILE" redis; }

case "${1:-start}" in start) start ;; stop) stop ;; *) die "usage: $0 start|stop" ;; esac
