#!/usr/bin/env bash
# Brings the whole system up on loopback, installing what is missing. Safe to run twice.
COMPONENT=up
source "$(dirname "$0")/lib.sh"
S="$ROOT/infra/scripts"
started=$SECONDS

npm_install
command -v curl >/dev/null || apt_install curl

"$S/postgres.sh" start
"$S/redis.sh" start
"$S/kafka.sh" start
"$S/maildev.sh" start
"$S/trace-sink.sh" start
(cd "$ROOT" && node --import tsx infra/scripts/migrate.ts)
"$S/seed.sh"
if [ "${SKIP_FRONTEND_BUILD:-}" != 1 ]; then "$S/frontend.sh" build; fi
"$S/services.sh" start

cat <<INFO

  RepRoute is up ($((SECONDS - started)) s)
  App                http://127.0.0.1:$GATEWAY_PORT
  API health         http://127.0.0.1:$GATEWAY_PORT/api/health
  API docs           http://127.0.0.1:$GATEWAY_PORT/api/docs
  MailDev (emails)   http://127.0.0.1:$MAILDEV_WEB_PORT
  Traces             http://127.0.0.1:$TRACE_SINK_PORT/traces  (one trace: /traces/<trace id>)
  Metrics, readiness http://127.0.0.1:<ops port>/metrics, /health/ready  (each process's port + 50: gateway $((GATEWAY_PORT + 50)); $(for s in $SERVICES; do printf '%s:%s ' "${s%%:*}" $((${s##*:} + 50)); done))
  Postgres           postgres://postgres@127.0.0.1:$PGPORT/$PGDATABASE
  Redis              $REDIS_URL     Kafka  $KAFKA_BROKERS
  Logs               $LOGS
INFO
if [ "${INSTANCES:-1}" != 1 ]; then
  echo "  Instances          INSTANCES=$INSTANCES (instance N of a process listens on its port + 100*(N-1))"
fi
if [ -f "$DATA/seed-accounts.txt" ]; then echo; cat "$DATA/seed-accounts.txt"; fi
