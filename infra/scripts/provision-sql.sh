#!/usr/bin/env bash
# Prints the SQL that provisions the database: extensions, and one login role owning one schema per service.
# Used by postgres.sh locally and by the Postgres container's init script in docker-compose.
source "$(dirname "$0")/../env.sh"
echo "CREATE EXTENSION IF NOT EXISTS unaccent; CREATE EXTENSION IF NOT EXISTS pg_trgm; REVOKE CREATE ON SCHEMA public FROM PUBLIC;"
for s in $SERVICES; do
  name=${s%%:*}
  echo "DO \$\$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname='$name') THEN CREATE ROLE $name LOGIN; END IF; END \$\$;"
  echo "CREATE SCHEMA IF NOT EXISTS $name AUTHORIZATION $name; REVOKE ALL ON SCHEMA $name FROM PUBLIC;"
done
