#!/usr/bin/env bash
# make bench: measured figures, not timed tests. Each section prints its own block.
# Runs the optimised binary on loopback with a fresh database; the load generator is wrk.
set -euo pipefail
cd "$(dirname "$0")/.."

# ---- Section: PWA bundle sizes per route entry (needs pwa/dist, which `make bench` builds) ----
echo "== PWA bundle sizes per route entry (gzip -9; wasm excluded)"
node pwa/scripts/bundle-report.mjs
echo

# ---- Section: HTTP on loopback ----
command -v wrk >/dev/null 2>&1 || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null; }
cargo build --release --quiet -p centre-server
bin=target/release/centre
work=$(mktemp -d)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
url="http://127.0.0.1:$port"
RUST_LOG=warn "$bin" serve --addr "127.0.0.1:$port" --db "$work/centre.db" --demo >"$work/server.log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null; wait $pid 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 100); do curl -fs "$url/api/health" >/dev/null && break; sleep 0.1; done

# load NAME PATH [extra wrk args]: requests/s, p50 and p99 over 10 s with 32 connections.
load() {
  local name=$1 path=$2; shift 2
  wrk -t2 -c32 -d10s --latency "$@" "$url$path" >"$work/wrk.out"
  awk -v name="$name" '
    /Requests\/sec/ { rps = $2 }
    /^ +50%/ { p50 = $2 }
    /^ +99%/ { p99 = $2 }
    END { printf "%-28s %10s req/s   p50 %8s   p99 %8s\n", name, rps, p50, p99 }' "$work/wrk.out"
}

echo "== HTTP on loopback (wrk, 2 threads, 32 connections, 10 s each)"
load "GET /api/health" /api/health
load "GET / (index, brotli)" / -H "Accept-Encoding: br"
echo "server peak memory (VmHWM): $(awk '/VmHWM/ { print $2, $3 }' /proc/$pid/status)"
