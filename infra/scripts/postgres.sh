#!/usr/bin/env bash
# PostgreSQL 15 from Debian, data in .data/pg; one database, one role and schema per service.
COMPONENT=postgres
source "$(dirname "$0")/lib.sh"
PGDATA_DIR="$DATA/pg"

pg_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1; }

start() {
  [ -n "$(pg_bin)" ] || apt_install postgresql postgresql-contrib
  local bin; bin=$(pg_bin)
  if [ ! -f "$PGDATA_DIR/PG_VERSION" ]; then
    log "initialising $PGDATA_DIR"
    mkdir -p "$PGDATA_DIR"
    [ "$(id -u)" -eq 0 ] && chown -R postgres:postgres "$PGDATA_DIR"
    as_postgres "$bin/initdb" -D "$PGDATA_DIR" -U postgres --auth-local=trust --auth-host=trust -E UTF8 --locale=C.UTF-8 >"$LOGS/postgres-init.log"
  fi
  if port_open 127.0.0.1 "$PGPORT"; then
    log "already running on 127.0.0.1:$PGPORT"
  else
    [ "$(id -u)" -eq 0 ] && chown postgres:postgres "$LOGS" 2>/dev/null; touch "$LOGS/postgres.log"; [ "$(id -u)" -eq 0 ] && chown postgres "$LOGS/postgres.log"
    as_postgres "$bin/pg_ctl" -D "$PGDATA_DIR" -l "$LOGS/postgres.log" -w -t 60 \
      -o "-c listen_addresses=127.0.0.1 -p $PGPORT -k /tmp -c max_connections=300 -c shared_buffers=256MB -c synchronous_commit=off" start >/dev/null
    log "started on 127.0.0.1:$PGPORT"
  fi
  wait_port 127.0.0.1 "$PGPORT" 60 postgres
  provision
}

# Idempotent: the database, the extensions search needs, and a login role owning each service's schema.
provision() {
  local psql=(env PGOPTIONS=-cclient_min_messages=warning psql -h 127.0.0.1 -p "$PGPORT" -U postgres -v ON_ERROR_STOP=1 -qAt)
  "${psql[@]}" -d postgres -c "SELECT 1 FROM pg_database WHERE datname='$PGDATABASE'" | grep -q 1 ||
    "${psql[@]}" -d postgres -c "CREATE DATABASE $PGDATABASE"
  "$ROOT/infra/scripts/provision-sql.sh" | "${psql[@]}" -d "$PGDATABASE" >/dev/null
}

stop() {
  local bin; bin=$(pg_bin)
  if [ -f "$PGDATA_DIR/postmaster.pid" ]; then
    as_postgres "$bin/pg_ctl" -D "$PGDATA_DIR" -m fast -w stop >/dev/null 2>&1 || true
    log "stopped"
  fi
}

case "${1:-start}" in start) start ;; stop) stop ;; restart) stop; start ;; provision) provision ;; *) die "usage: $0 start|stop|restart" ;; esac
