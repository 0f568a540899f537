#!/usr/bin/env bash
# Runs every suite, keeps going after a failure so the report is complete, and ends with each
# suite's time, then one plain line adding them all up: "N passed, N failed". Exits non-zero if
# anything failed.
#
# First, one after the other, what compiles or measures time (formatting, clippy, the test
# binaries, one client's flood against the server's latency); then two lanes at once: the browser
# suites (mostly waiting on pages, two test files at a time) then the PWA's own checks, and
# everything else.
# Each suite's output is printed whole when it ends, so the lanes never interleave.
set -uo pipefail
cd "$(dirname "$0")/.."
export NO_COLOR=1 FORCE_COLOR=0 CARGO_TERM_COLOR=never
log=$(mktemp -d)
trap 'rm -rf "$log"' EXIT
: >"$log/results"

# record NAME PASSED FAILED SECONDS: one suite's counts and time, in the order suites end.
record() {
  flock "$log/results" bash -c 'printf "%s %s %s %s\n" "$1" "$2" "$3" "$4" >>"$0"' "$log/results" "$@"
}

# show TEXT: prints a finished suite's report in one piece.
show() {
  flock "$log/print.lock" cat "$1"
}

step() { # step NAME COMMAND... : a check that counts as one test
  local name=$1; shift
  local start=$SECONDS report="$log/$name.report"
  printf '\n== %s\n' "$name" >"$report"
  if "$@" >"$log/$name.out" 2>&1; then
    echo "ok: $name" >>"$report"
    record "$name" 1 0 $((SECONDS - start))
  else
    cat "$log/$name.out" >>"$report"; echo "FAILED: $name" >>"$report"
    record "$name" 0 1 $((SECONDS - start))
  fi
  show "$report"
}

suite() { # suite NAME PARSER COMMAND... : a test runner whose counts are added up
  local name=$1 parser=$2; shift 2
  local start=$SECONDS report="$log/$name.report"
  "$@" >"$log/$name.out" 2>&1
  local rc=$?
  local p f
  read -r p f < <("$parser" "$log/$name.out")
  { printf '\n== %s\n' "$name"; cat "$log/$name.out"; } >"$report"
  if [ "$rc" -ne 0 ]; then
    if [ "$f" -eq 0 ]; then f=1; fi
    echo "FAILED: $name (exit $rc)" >>"$report"
  fi
  record "$name" "$p" "$f" $((SECONDS - start))
  show "$report"
}

# The integration tests' modules that touch dates (see other_lane).
DATED_SUITES=(privacy payments waitlist courts daycamps camp_attendance camp_health camp_fields camp_payers rl24
  events event_registrations demo emails answers tournaments caching platform::every_app)

cargo_counts() { awk '/^test result:/ { for (i = 1; i <= NF; i++) { if ($(i+1) ~ /^passed/) p += $i; if ($(i+1) ~ /^failed/) f += $i } } END { print p + 0, f + 0 }' "$1"; }
vitest_counts() { awk '/^ *Tests +[0-9]/ { for (i = 1; i <= NF; i++) { if ($(i+1) ~ /^passed/) p += $i; if ($(i+1) ~ /^failed/) f += $i } } END { print p + 0, f + 0 }' "$1"; }
node_counts() { awk '/^(# |ℹ )pass [0-9]+/ { p += $3 } /^(# |ℹ )fail [0-9]+/ { f += $3 } END { print p + 0, f + 0 }' "$1"; }

step rustfmt cargo fmt --all --check
# ARCHITECTURE.md and README stay short, and name only what exists (scripts/check-docs.py).
step docs python3 scripts/check-docs.py
step clippy cargo clippy --workspace --all-targets -- -D warnings
# The test binaries and the debug server, built before the lanes start (never two builds at once).
step build cargo test --workspace --no-run
# One client's flood (1,500 live streams, 2,000 idle connections) against the debug binary under
# the unit's LimitNOFILE: health from another address within 100 ms, memory back after. Alone:
# it measures the server's latency, which the lanes' load would blur.
step exhaustion python3 scripts/exhaustion.py target/debug/centre

browser_lane() {
  # The servers' logs of this run, read by log-privacy below.
  rm -rf target/e2e-logs
  suite e2e node_counts env CENTRE_E2E_BUILT=1 bash -c 'cd pwa && node --test --test-concurrency=2 --test-reporter=spec e2e/'
  # No e-mail address or phone number the run typed may reach a server's log.
  step log-privacy node scripts/check-log-privacy.mjs
  # The PWA's own checks, here rather than in the other lane: that one is the longer.
  step typecheck bash -c 'cd pwa && npx tsc --noEmit'
  step eslint bash -c 'cd pwa && npx eslint --max-warnings 0 .'
  suite vitest vitest_counts bash -c 'cd pwa && npx vitest run'
}

other_lane() {
  # The committed snapshots (insta) are compared, never written: a mismatch fails the run and
  # leaves the tree as it was (`INSTA_UPDATE=always cargo test` rewrites them on purpose, for review).
  suite cargo-test cargo_counts env INSTA_UPDATE=no cargo test --workspace --no-fail-fast
  # The suites that touch dates once more under two fixed clocks, late in the evening on each
  # side of the autumn's change of time (1 November 2026 at 2:00): a test that depends on the
  # hour or the date it runs at fails here (tests/common: CENTRE_TEST_NOW).
  for clock in 2026-10-31T23:30 2026-11-01T23:30; do
    suite "cargo-test-$clock" cargo_counts env INSTA_UPDATE=no CENTRE_TEST_NOW=$clock \
      cargo test -p centre-server --test server -- "${DATED_SUITES[@]}"
  done
  # The console's xlsx exports opened by LibreOffice: dates as dates, amounts as numbers, each
  # sheet on one landscape page.
  step xlsx-libreoffice scripts/xlsx-libreoffice.sh
  # The HTTP contract (api/openapi.json) against the real debug binary: schemathesis, as a visitor
  # and as an admin; no 5xx, every status and body as documented.
  step contract scripts/contract-test.sh
  # deploy/: the systemd unit, the environment template and the Caddyfile (needs the debug binary).
  step deploy-files scripts/check-deploy.sh
  # The deployment guide (deploy/README.md) run to the letter in a throwaway copy of the system.
  step deploy-drill scripts/deploy-drill.sh target/debug/centre
  suite wasm-parity node_counts node --test --test-reporter=spec core-wasm/tests/parity.mjs
  # The .wasm budget: at most 160 KiB gzipped.
  step wasm-size bash -c 'size=$(gzip -9c pwa/src/core/pkg/centre_core_wasm_bg.wasm | wc -c); echo "core-wasm: $size bytes gzipped (budget 160 KiB = 163840)"; [ "$size" -le 163840 ]'
}

browser_lane &
browser=$!
other_lane &
other=$!
wait $browser $other

passed=$(awk '{ p += $2 } END { print p + 0 }' "$log/results")
failed=$(awk '{ f += $3 } END { print f + 0 }' "$log/results")
echo
echo "Time per suite (seconds; the last two lanes ran side by side):"
awk '{ printf "%6ss  %s\n", $4, $1 }' "$log/results"
echo
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
