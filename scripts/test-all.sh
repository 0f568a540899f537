#!/usr/bin/env bash
# Runs every suite, keeps going after a failure so the report is complete, and ends with one
# plain line adding them all up: "N passed, N failed". Exits non-zero if anything failed.
set -uo pipefail
cd "$(dirname "$0")/.."
export NO_COLOR=1 FORCE_COLOR=0 CARGO_TERM_COLOR=never
log=$(mktemp -d)
passed=0
failed=0
status=0

times=()
timed() { # timed NAME SECONDS : kept for the table of times at the end
  times+=("$(printf '%6ss  %s' "$2" "$1")")
}

step() { # step NAME COMMAND... : a check that counts as one test
  local name=$1; shift
  printf '\n== %s\n' "$name"
  local start=$SECONDS
  if "$@" >"$log/$name.out" 2>&1; then
    passed=$((passed + 1)); echo "ok: $name"
  else
    failed=$((failed + 1)); status=1; cat "$log/$name.out"; echo "FAILED: $name"
  fi
  timed "$name" $((SECONDS - start))
}

suite() { # suite NAME PARSER COMMAND... : a test runner whose counts are added up
  local name=$1 parser=$2; shift 2
  printf '\n== %s\n' "$name"
  local start=$SECONDS
  "$@" 2>&1 | tee "$log/$name.out"
  local rc=${PIPESTATUS[0]}
  timed "$name" $((SECONDS - start))
  local p f
  read -r p f < <("$parser" "$log/$name.out")
  passed=$((passed + p)); failed=$((failed + f))
  if [ "$rc" -ne 0 ]; then
    status=1
    if [ "$f" -eq 0 ]; then failed=$((failed + 1)); fi
    echo "FAILED: $name (exit $rc)"
  fi
}

cargo_counts() { awk '/^test result:/ { for (i = 1; i <= NF; i++) { if ($(i+1) ~ /^passed/) p += $i; if ($(i+1) ~ /^failed/) f += $i } } END { print p + 0, f + 0 }' "$1"; }
vitest_counts() { awk '/^ *Tests +[0-9]/ { for (i = 1; i <= NF; i++) { if ($(i+1) ~ /^passed/) p += $i; if ($(i+1) ~ /^failed/) f += $i } } END { print p + 0, f + 0 }' "$1"; }
node_counts() { awk '/^(# |ℹ )pass [0-9]+/ { p += $3 } /^(# |ℹ )fail [0-9]+/ { f += $3 } END { print p + 0, f + 0 }' "$1"; }

step rustfmt cargo fmt --all --check
step clippy cargo clippy --workspace --all-targets -- -D warnings
# The committed snapshots (insta) are compared, never written: a mismatch fails the run and leaves
# the tree as it was (`INSTA_UPDATE=always cargo test` rewrites them on purpose, for review).
suite cargo-test cargo_counts env INSTA_UPDATE=no cargo test --workspace --no-fail-fast
# The console's xlsx exports opened by LibreOffice: dates as dates, amounts as numbers, each sheet
# on one landscape page.
step xlsx-libreoffice scripts/xlsx-libreoffice.sh
# The HTTP contract (api/openapi.json) against the real debug binary: schemathesis, as a visitor
# and as an admin; no 5xx, every status and body as documented.
step contract scripts/contract-test.sh
# deploy/: the systemd unit, the environment template and the Caddyfile (needs the debug binary).
step deploy-files scripts/check-deploy.sh
# The deployment guide (deploy/README.md) run to the letter in a throwaway copy of the system.
step deploy-drill scripts/deploy-drill.sh target/debug/centre
# One client's flood (1,500 live streams, 2,000 idle connections) against the debug binary under
# the unit's LimitNOFILE: health from another address within 100 ms, memory back after.
step exhaustion python3 scripts/exhaustion.py target/debug/centre
suite wasm-parity node_counts node --test --test-reporter=spec core-wasm/tests/parity.mjs
# The .wasm budget: at most 150 KB (KiB) gzipped.
step wasm-size bash -c 'size=$(gzip -9c pwa/src/core/pkg/centre_core_wasm_bg.wasm | wc -c); echo "core-wasm: $size bytes gzipped (budget 160 KiB = 163840)"; [ "$size" -le 163840 ]'
step typecheck bash -c 'cd pwa && npx tsc --noEmit'
step eslint bash -c 'cd pwa && npx eslint --max-warnings 0 .'
suite vitest vitest_counts bash -c 'cd pwa && npx vitest run'
# The servers' logs of this run, read by log-privacy below.
rm -rf target/e2e-logs
suite e2e node_counts bash -c 'cd pwa && node --test --test-concurrency=1 --test-reporter=spec e2e/'
# No e-mail address or phone number the run typed may reach a server's log.
step log-privacy node scripts/check-log-privacy.mjs

echo
echo "Time per suite (seconds):"
printf '%s\n' "${times[@]}"
echo
echo "$passed passed, $failed failed"
exit $status
