#!/usr/bin/env bash
# make test's check of deploy/: the systemd units pass `systemd-analyze verify` with
# no complaint at all (it only warns on a bad directive, so any output fails), its binaries
# pointed at the ones built here; the Caddyfile passes `caddy validate` and is formatted as
# `caddy fmt` would. Both tools come from Debian's packages (scripts/setup.sh test).
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

centre=$PWD/target/debug/centre
litestream=$PWD/target/tools/venv/bin/litestream
[ -x "$centre" ] || { echo "no $centre: run cargo build first"; exit 1; }
[ -x "$litestream" ] || { echo "no $litestream: make setup-test installs it"; exit 1; }
for unit in centre.service centre-backup.service centre-backup.timer; do
  sed -e "s#/usr/local/bin/centre#$centre#g" -e "s#/usr/local/bin/litestream#$litestream#g" \
    "deploy/$unit" >"$work/$unit"
done
out=$(cd "$work" && systemd-analyze verify centre.service centre-backup.service centre-backup.timer 2>&1) || { echo "$out"; exit 1; }
if [ -n "$out" ]; then echo "$out"; exit 1; fi
echo "systemd-analyze verify: deploy/centre.service, centre-backup.service and centre-backup.timer ok"

# The environment template is read by systemd (EnvironmentFile) and by a POSIX shell (the
# guide's `set -a; . /etc/centre/centre.env`): only lines both read alike, a value quoted with
# "…" when it has a space or < > ; & |, and nothing either would expand ($, `, \).
bad=$(grep -vE '^(#.*|[A-Z_][A-Z0-9_]*=("[^"$`\\]*"|[^][ "'"'"'$`\\<>;&|()]*))$' deploy/centre.env || true)
if [ -n "$bad" ]; then echo "deploy/centre.env lines a shell or systemd would read differently:"; echo "$bad"; exit 1; fi
(set -a; . deploy/centre.env) || { echo "deploy/centre.env cannot be sourced by sh"; exit 1; }
echo "deploy/centre.env reads the same in systemd and sh"

# Every setting of `centre serve` is in the environment template.
for name in $(grep -o 'env = "CENTRE_[A-Z_]*"' server/src/settings.rs | sort -u | sed 's/env = "\(.*\)"/\1/'); do
  grep -q "$name" deploy/centre.env || { echo "deploy/centre.env lacks $name"; exit 1; }
done
echo "deploy/centre.env names every CENTRE_* setting"

caddy validate --config deploy/Caddyfile --adapter caddyfile
caddy fmt deploy/Caddyfile | diff -u deploy/Caddyfile - || { echo "deploy/Caddyfile is not as caddy fmt writes it"; exit 1; }
echo "caddy validate: deploy/Caddyfile ok"
