#!/usr/bin/env bash
# Property-based fuzzing of the public API with schemathesis (PyPI) against the OpenAPI document the
# gateway builds from the services' zod schemas (/api/docs). Fails on any 5xx answer or an answer
# that breaks its documented schema.
# Runs as a visitor and as a newly registered traveller with every method (admin operations answer them
# 401/403, so the shared seed data is safe), then as the seeded provider and admin: with reads only by
# default, since their writes change the seed data (hotels, cities, reviews) whoever uses the system reads;
# with every method when FUZZ_EVERY_ROLE_WRITES=1, as the test command does on a stack nothing reads after.
# FUZZ_ROLES picks the callers (default: visitor traveller provider admin), so two stacks can share the work.
# Logout is left out so a run keeps its token. FUZZ_INSTALL_ONLY=1 installs schemathesis and stops.
# /api/health is left out: its 503 is the documented answer when a service is down.
COMPONENT=fuzz
source "$(dirname "$0")/lib.sh"
VENV="${XDG_CACHE_HOME:-$HOME/.cache}/reproute/venv"
# The test command runs two fuzz stages at once: the first to find no schemathesis installs it while the
# other waits on the lock (on a fresh machine both had made the venv at once, and one found no pip in it).
mkdir -p "$(dirname "$VENV")"
exec 9>"$VENV.lock"
flock 9
if [ ! -x "$VENV/bin/schemathesis" ]; then
  log "installing schemathesis into $VENV"
  apt_install python3-venv
  rm -rf "$VENV"
  python3 -m venv "$VENV" && "$VENV/bin/pip" install -q 'schemathesis>=4,<5' || { rm -rf "$VENV"; die "could not install schemathesis"; }
fi
flock -u 9
[ "${FUZZ_INSTALL_ONLY:-0}" = 1 ] && exit 0
BASE="http://127.0.0.1:$GATEWAY_PORT"
EXAMPLES=${FUZZ_EXAMPLES:-25}
# JUnit reports, one per caller: the test command's summary counts them (FUZZ_REPORT_PREFIX).
REPORT_PREFIX="${FUZZ_REPORT_PREFIX:-$DATA/fuzz/run}"
mkdir -p "$(dirname "$REPORT_PREFIX")"
common=(--url "$BASE" --checks not_a_server_error,response_schema_conformance
  --max-examples "$EXAMPLES" --phases examples,coverage,fuzzing --report junit
  --exclude-path /api/auth/logout --exclude-path /api/auth/sign-out-everywhere --exclude-path /api/health --suppress-health-check all)
sign_in() {
  curl -fsS -X POST "$BASE/api/auth/login" -H 'content-type: application/json' -d "{\"email\":\"$1\",\"password\":\"$2\"}" |
    sed -E 's/.*"token":"([^"]+)".*/\1/'
}
register_traveller() {
  local email="fuzz-$(date +%s)-$RANDOM@reproute.example"
  curl -fsS -X POST "$BASE/api/auth/register" -H 'content-type: application/json' \
    -d "{\"email\":\"$email\",\"password\":\"Fuzz!2345-$RANDOM\",\"firstName\":\"Fuzz\",\"lastName\":\"Traveller\"}" |
    sed -E 's/.*"token":"([^"]+)".*/\1/'
}
# The gateway's document holds a service's operations only once that service has answered for its part within
# 2 s (and says which it lacks): a service still starting, or busy, can miss that, and a run on the partial
# document passed while fuzzing fewer operations (34 of a visitor's 58 once). Wait for all of it, or fail.
complete_docs() {
  local doc="" i
  for i in $(seq 1 60); do
    doc=$(curl -fsS "$BASE/api/docs" 2>/dev/null) || doc=""
    [[ $doc == *'"openapi"'* && $doc != *'Not available right now'* ]] && return 0
    sleep 1
  done
  die "the API document is still incomplete after 60 s: $(echo "$doc" | grep -o 'Not available right now: [^."]*' || echo 'no answer')"
}
complete_docs
rc=0
reads_only=(--include-method GET)
[ "${FUZZ_EVERY_ROLE_WRITES:-}" = 1 ] && reads_only=()
for role in ${FUZZ_ROLES:-visitor traveller provider admin}; do
  only=() auth=()
  case $role in
    visitor) ;;
    # A traveller of its own: with every body documented, the fuzzer's valid bodies succeed, and provider
    # setup or a profile change would otherwise turn the seeded traveller the browser tests use into something else.
    traveller) token=$(register_traveller) ;;
    provider) token=$(sign_in "${SEED_PROVIDER_EMAIL:-provider@reproute.example}" "${SEED_PROVIDER_PASSWORD:-Provider!2345}"); only=("${reads_only[@]}") ;;
    admin) token=$(sign_in "${SEED_ADMIN_EMAIL:-admin@reproute.example}" "${SEED_ADMIN_PASSWORD:-Admin!2345}"); only=("${reads_only[@]}") ;;
    *) die "unknown FUZZ_ROLES caller: $role (visitor, traveller, provider or admin)" ;;
  esac
  if [ "$role" = visitor ]; then
    log "as a visitor ($EXAMPLES examples per operation)"
  else
    [ -n "$token" ] || die "could not sign in the seeded $role"
    auth=(-H "Authorization: Bearer $token")
    log "as a signed-in $role${only:+ (reads)}"
  fi
  "$VENV/bin/schemathesis" run "$BASE/api/docs" "${common[@]}" "${only[@]}" --report-junit-path "$REPORT_PREFIX.$role.junit.xml" "${auth[@]}" || rc=1
done
exit $rc
