#!/usr/bin/env bash
# Property-based fuzzing of the public API with schemathesis (PyPI) against the OpenAPI document the
# gateway builds from the services' zod schemas (/api/docs). Fails on any 5xx answer or an answer
# that breaks its documented schema. Runs as a visitor, then as a signed-in traveller.
# Admin operations answer 401/403 to these callers, so the shared seed data is safe; logout is left out
# so the signed-in run keeps its token. /api/health is left out: its 503 is the documented answer when a service is down.
COMPONENT=fuzz
source "$(dirname "$0")/lib.sh"
VENV="${XDG_CACHE_HOME:-$HOME/.cache}/reproute/venv"
if [ ! -x "$VENV/bin/schemathesis" ]; then
  log "installing schemathesis into $VENV"
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install -q 'schemathesis>=4,<5' || die "could not install schemathesis"
fi
BASE="http://127.0.0.1:$GATEWAY_PORT"
EXAMPLES=${FUZZ_EXAMPLES:-25}
# JUnit reports, one per caller: the test command's summary counts them (FUZZ_REPORT_PREFIX).
REPORT_PREFIX="${FUZZ_REPORT_PREFIX:-$DATA/fuzz/run}"
mkdir -p "$(dirname "$REPORT_PREFIX")"
common=(--url "$BASE" --checks not_a_server_error,response_schema_conformance
  --max-examples "$EXAMPLES" --phases examples,coverage,fuzzing --report junit
  --exclude-path /api/auth/logout --exclude-path /api/health --suppress-health-check all)
log "as a visitor ($EXAMPLES examples per operation)"
visitor_rc=0
"$VENV/bin/schemathesis" run "$BASE/api/docs" "${common[@]}" --report-junit-path "$REPORT_PREFIX.visitor.junit.xml" || visitor_rc=$?
token=$(curl -fsS -X POST "$BASE/api/auth/login" -H 'content-type: application/json' \
  -d "{\"email\":\"${SEED_TRAVELLER_EMAIL:-traveller@reproute.example}\",\"password\":\"${SEED_TRAVELLER_PASSWORD:-Traveller!2345}\"}" | sed -E 's/.*"token":"([^"]+)".*/\1/')
[ -n "$token" ] || die "could not sign in the seeded traveller"
log "as a signed-in traveller"
"$VENV/bin/schemathesis" run "$BASE/api/docs" "${common[@]}" --report-junit-path "$REPORT_PREFIX.traveller.junit.xml" -H "Authorization: Bearer $token"
exit $visitor_rc
