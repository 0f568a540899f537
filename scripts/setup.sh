#!/usr/bin/env bash
# Installs what the project needs on a fresh machine, skipping whatever is already there.
#   scripts/setup.sh build   — Rust wasm target, wasm-bindgen-cli (the version Cargo.lock pins),
#                              wasm-pack, the PWA's npm packages
#   scripts/setup.sh test    — the above, plus Debian's chromium and chromium-driver
# Facts behind each step: ../shared/guide/toolchain.md (no --locked, npm install not npm ci).
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:-build}
say() { printf '== setup: %s\n' "$*"; }

if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

bindgen_version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
if [ -z "$bindgen_version" ]; then
  echo "setup: cannot find wasm-bindgen's version in Cargo.lock" >&2
  exit 1
fi
if ! wasm-bindgen --version 2>/dev/null | grep -q " $bindgen_version\$"; then
  say "installing wasm-bindgen-cli $bindgen_version (about 11 minutes on a fresh machine)"
  cargo install wasm-bindgen-cli --version "$bindgen_version" --force
fi
if ! command -v wasm-pack >/dev/null 2>&1; then
  say "installing wasm-pack (about 4 minutes)"
  cargo install wasm-pack
fi

# npm install (not npm ci): the mirror lacks some other-platform optional packages.
stamp=pwa/node_modules/.package-lock.json
if [ ! -f "$stamp" ] || [ pwa/package-lock.json -nt "$stamp" ] || [ pwa/package.json -nt "$stamp" ]; then
  say "installing the PWA's npm packages"
  (cd pwa && npm install --no-audit --no-fund --loglevel=error)
fi

if [ "$mode" = test ]; then
  if ! [ -x /usr/bin/chromium ]; then
    say "installing Debian's chromium and chromium-driver"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq chromium chromium-driver >/dev/null
  fi
fi
