#!/usr/bin/env bash
# The HTTP contract against the real binary: schemathesis (target/tools/schemathesis, installed by
# `scripts/setup.sh test`) sends generated requests, valid and invalid, for every operation of
# api/openapi.json to `centre serve --demo --dev-login` on a fresh database, first as a visitor,
# then as a signed-in admin. Checks: no 5xx, every status code documented, every body the shape
# the document gives. Bounded: a few examples per operation (CONTRACT_EXAMPLES, default 20).
#
# Left out: the sign-in redirects (login, callback, logout: HTML pages and a provider's flow; a
# logout would end the admin's session mid-run), the development sign-in, and the live stream
# (server-sent events never end). Writes are not rate limited here (--write-limit 0): the run is
# one member sending hundreds of writes a minute on purpose; the limit has its own tests.
set -euo pipefail
cd "$(dirname "$0")/.."

root=$(pwd)
st=$root/target/tools/schemathesis/bin/schemathesis
binary=target/debug/centre
[ -x "$st" ] || { echo "schemathesis is missing: run scripts/setup.sh test"; exit 1; }
cargo build --quiet -p centre-server

dir=$(mktemp -d)
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
url="http://127.0.0.1:$port"
RUST_LOG=warn "$binary" serve --addr "127.0.0.1:$port" --db "$dir/centre.db" --mail-dir "$dir/mail" \
  --demo --dev-login --write-limit 0 >"$dir/server.log" 2>&1 &
server=$!
cleanup() {
  local status=$?
  kill "$server" 2>/dev/null || true
  wait "$server" 2>/dev/null || true
  # A 500 says only "internal" to the client: the cause is in the server's log, so show it.
  [ "$status" -eq 0 ] || grep -E -B 2 -A 8 '\bERROR\b|panicked' "$dir/server.log" | tail -n 80 || true
  rm -rf "$dir"
}
trap cleanup EXIT

for _ in $(seq 1 300); do
  curl -fsS "$url/api/health" >/dev/null 2>&1 && break
  kill -0 "$server" 2>/dev/null || { cat "$dir/server.log"; echo "centre exited before it was healthy"; exit 1; }
  sleep 0.1
done

run() { # run LABEL [HEADER...]
  local label=$1; shift
  echo "-- schemathesis as $label"
  # From the temporary folder: schemathesis keeps a cache of its findings in the working directory.
  # One worker: two threads parsing at once crashed this CPython 3.11 inside schemathesis ("AST
  # constructor recursion depth mismatch") after every case had passed.
  (cd "$dir" && "$st" run "$root/api/openapi.json" --url "$url" \
    --checks not_a_server_error,status_code_conformance,response_schema_conformance \
    --phases examples,coverage,fuzzing \
    --max-examples "${CONTRACT_EXAMPLES:-20}" \
    --seed 15 \
    --workers 1 \
    --request-timeout 10 \
    --exclude-path /api/login --exclude-path /api/callback --exclude-path /api/logout \
    --exclude-path /api/dev-login --exclude-path '/api/events/{id}/tournament/stream' \
    --no-color --warnings off \
    --generation-database none \
    -H "Origin: $url" -H "X-Lang: en" "$@")
}

run visitor

# The dev sign-in gives a session cookie; `centre admin grant` makes that member an admin.
cookie=$(curl -fsS -o /dev/null -D - -X POST "$url/api/dev-login" -H "Origin: $url" \
  -H 'Content-Type: application/json' -d '{"email":"contract@example.org","firstName":"Contract","lastName":"Admin"}' \
  | sed -n 's/^[Ss]et-[Cc]ookie: \([^;]*\).*/\1/p' | head -n 1)
[ -n "$cookie" ] || { echo "no session cookie from /api/dev-login"; exit 1; }
RUST_LOG=error "$binary" admin grant contract@example.org --db "$dir/centre.db" >/dev/null
curl -fsS "$url/api/admin/status" -H "Cookie: $cookie" | grep -q "\"isAdmin\":true" || { echo "the contract admin is not an admin"; exit 1; }
run admin -H "Cookie: $cookie"

if grep -E '\bERROR\b|panicked' "$dir/server.log"; then
  echo "the server logged errors during the run"
  exit 1
fi
