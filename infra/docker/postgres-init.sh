#!/usr/bin/env bash
# Runs once in the Postgres container: the same roles, schemas and extensions as infra/scripts/postgres.sh.
set -euo pipefail
bash /infra/scripts/provision-sql.sh | psql -v ON_ERROR_STOP=1 -U "$POSTGRES_USER" -d "$POSTGRES_DB"
