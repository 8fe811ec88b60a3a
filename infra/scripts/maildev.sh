#!/usr/bin/env bash
# MailDev (npm): SMTP sink on 1025 with a web UI and REST API on 1080.
COMPONENT=maildev
source "$(dirname "$0")/lib.sh"
PIDFILE="$RUN/maildev.pid"

start() {
  if port_open 127.0.0.1 "$SMTP_PORT"; then log "already running (smtp 127.0.0.1:$SMTP_PORT)"; return; fi
  setsid nohup "$ROOT/node_modules/.bin/maildev" --smtp "$SMTP_PORT" --ip 127.0.0.1 --web "$MAILDEV_WEB_PORT" --web-ip 127.0.0.1 \
    --max-emails 5000 >>"$LOGS/maildev.log" 2>&1 &
  echo $! >"$PIDFILE"
  wait_port 127.0.0.1 "$SMTP_PORT" 30 maildev
  wait_port 127.0.0.1 "$MAILDEV_WEB_PORT" 30 maildev
  log "started: smtp 127.0.0.1:$SMTP_PORT, web http://127.0.0.1:$MAILDEV_WEB_PORT"
}

stop() { stop_pidfile "$PIDFILE" maildev; }

case "${1:-start}" in start) start ;; stop) stop ;; *) die "usage: $0 start|stop" ;; esac
