#!/usr/bin/env bash
# Runs each service's seed script (services/<name>/scripts/seed.ts) with that service's database role. Idempotent.
COMPONENT=seed
source "$(dirname "$0")/lib.sh"
for s in $SERVICES; do
  name=${s%%:*}
  script="$ROOT/services/$name/scripts/seed.ts"
  [ -f "$script" ] || continue
  (cd "$ROOT/services/$name" && env SERVICE_NAME="$name" DATABASE_URL="$(service_db_url "$name")" DB_SCHEMA="$name" PORT=0 \
    node scripts/seed.ts) || die "seeding $name failed"
done
