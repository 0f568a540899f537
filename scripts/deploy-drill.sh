#!/usr/bin/env bash
# The deployment guide followed to the letter: every ```sh drill=NAME block of deploy/README.md,
# taken from that file and run as written, as root, from a folder holding what a volunteer copies
# to the VPS (the binary, deploy/, litestream.yml), in a throwaway copy of this machine's /etc,
# /var, /usr/local, /opt and /root (overlays in a mount namespace: the user, the unit files, the
# folders, the venv and the services vanish with it; nothing is left on the machine). systemd is
# played by scripts/drill/systemctl (the units' user, environment file, UMask, LimitNOFILE,
# ProtectSystem=strict with ReadWritePaths, a stop within TimeoutStopSec). After each step the
# drill checks the data: markers written with `centre admin grant` appear, survive or go as a
# restore, an upgrade and a rollback say they should. Last, the replica stops answering and the
# service must still stop within its limit, the data kept.
#
# Usage: scripts/deploy-drill.sh [path/to/centre]   (default target/debug/centre; as root)
set -euo pipefail
cd "$(dirname "$0")/.."
[ "$(id -u)" = 0 ] || { echo "the drill plays the VPS's root: run it as root"; exit 1; }

if [ "${1:-}" != --inside ]; then
  binary=$(realpath "${1:-target/debug/centre}")
  [ -x "$binary" ] || { echo "no $binary: cargo build first"; exit 1; }
  work=$(mktemp -d /tmp/deploy-drill.XXXXXX)
  # What the volunteer copies to the VPS, in one folder.
  mkdir -p "$work/release"
  cp "$binary" "$work/release/centre"
  cp -r deploy litestream.yml "$work/release/"
  status=0
  unshare --mount --propagation private -- "$0" --inside "$work" || status=$?
  rm -rf "$work"
  exit $status
fi

work=$2
repo=$(pwd)
state=$work/state
mkdir -p "$state" "$work/layers"
mount -t tmpfs tmpfs "$work/layers"
for dir in /etc /var /usr/local /opt /root; do
  name=${dir//\//_}
  mkdir -p "$work/layers/$name/upper" "$work/layers/$name/work"
  mount -t overlay overlay -o "lowerdir=$dir,upperdir=$work/layers/$name/upper,workdir=$work/layers/$name/work" "$dir"
done
export DRILL_STATE=$state PATH="$repo/scripts/drill:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
# A CA bundle in the environment makes Litestream's S3 client refuse to start; the service never
# has one (systemd gives it only its environment file), and neither do the drill's restores.
unset AWS_CA_BUNDLE

# Whatever happens, the services end with the drill.
finish() {
  for pid in "$state"/*.pid; do
    [ -e "$pid" ] && kill -KILL -- "-$(cat "$pid")" 2>/dev/null
  done
  return 0
}
trap finish EXIT

# step NAME: the guide's block NAME, as written, from the release folder.
step() {
  local block
  block=$(python3 - "$repo/deploy/README.md" "$1" <<'PY'
import re, sys, textwrap
text = open(sys.argv[1], encoding="utf-8").read()
found = re.findall(r"^([ \t]*)```sh drill=" + re.escape(sys.argv[2]) + r"\n(.*?)^\1```", text, re.S | re.M)
if len(found) != 1:
    sys.exit(f"deploy/README.md has {len(found)} blocks named drill={sys.argv[2]}")
print(textwrap.dedent(found[0][1]))
PY
  )
  printf '\n== guide: %s\n%s\n' "$1" "$block"
  (cd "$work/release" && bash -euo pipefail -c "$block") || fail "the guide's step $1 failed"
}

fail() { echo "DRILL FAILED: $*"; for log in "$state"/*.log; do [ -e "$log" ] && { echo "-- $log"; tail -n 30 "$log"; }; done; exit 1; }
ok() { echo "drill ok: $*"; }

# The database's admins, read as the centre user (a root reader could leave root-owned -shm files
# the service cannot open).
admins() {
  runuser -u centre -- python3 -c '
import sqlite3, sys
db = sqlite3.connect("file:/var/lib/centre/centre.db?mode=ro", uri=True)
rows = db.execute("SELECT u.email FROM users u JOIN role_grants g ON g.user_id = u.id AND g.role = '"'admin'"' ORDER BY u.email")
print(" ".join(r[0] for r in rows))'
}
has() { admins | tr ' ' '\n' | grep -qx "$1"; }
mark() { runuser -u centre -- centre admin grant "$1" --db /var/lib/centre/centre.db >/dev/null; has "$1" || fail "marker $1 not written"; }
healthy() {
  local addr
  addr=$(sed -n 's/^CENTRE_ADDR=//p' /etc/centre/centre.env)
  curl -fsS --retry 30 --retry-connrefused --retry-delay 1 "http://$addr/api/health" >/dev/null || fail "no health after $1"
  systemctl is-active centre || fail "centre is not running after $1"
}
owner_mode() { stat -c '%U:%G %a' "$1"; }
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
# Litestream has copied everything up to now when a new marker shows in a restore of the replica.
replicated() {
  local probe=/var/lib/centre/replica-probe.db deadline=$((SECONDS + 20))
  set -a; . /etc/centre/centre.env; set +a
  until runuser -u centre -- litestream restore -config /etc/centre/litestream.yml -o "$probe" "$CENTRE_DB" >/dev/null 2>&1 &&
    runuser -u centre -- python3 -c "import sqlite3,sys; sys.exit(0 if sqlite3.connect('$probe').execute(\"SELECT 1 FROM users WHERE email = '$1'\").fetchone() else 1)"; do
    rm -f "$probe"*
    [ $SECONDS -lt $deadline ] || fail "the replica never got $1"
    sleep 1
  done
  rm -f "$probe"*
}

step packages
step install
/usr/local/bin/litestream version | grep -qx 0.5.17 || fail "litestream 0.5.17 is not in /usr/local/bin"
step user
id centre >/dev/null || fail "no centre user"
[ "$(owner_mode /var/lib/centre)" = "centre:centre 700" ] || fail "/var/lib/centre is $(owner_mode /var/lib/centre)"
[ "$(owner_mode /var/backups/centre)" = "centre:centre 700" ] || fail "/var/backups/centre is $(owner_mode /var/backups/centre)"
[ "$(owner_mode /etc/centre/centre.env)" = "root:centre 640" ] || fail "centre.env is $(owner_mode /etc/centre/centre.env)"
ok "user, folders and settings as the guide says"

# Step 4, the volunteer's edits: a free port (this machine may run other servers), the OpenID
# client. The rest of the template stays as shipped (the replica in /var/backups/centre).
port=$(free_port)
sed -i -e "s#^CENTRE_ADDR=.*#CENTRE_ADDR=127.0.0.1:$port#" \
  -e "s#^CENTRE_OIDC_CLIENT_ID=.*#CENTRE_OIDC_CLIENT_ID=drill-client#" \
  -e "s#^CENTRE_OIDC_CLIENT_SECRET=.*#CENTRE_OIDC_CLIENT_SECRET=drill-secret#" /etc/centre/centre.env
(set -a; . /etc/centre/centre.env; [ "$CENTRE_MAIL_FROM" = "Centre plein air de La Pêche <no-reply@centre.example.org>" ]) ||
  fail "the environment file does not read in sh as in systemd"

step start
step check
healthy "the first start"
[ "$(stat -c %U "$(readlink -f /proc/"$(cat "$state/centre.service.pid")"/exe)")" = root ] # the binary is root's
server_user=$(ps -o user= -p "$(pgrep -f '/usr/local/bin/centre serve' | head -n 1)")
[ "$server_user" = centre ] || fail "the server runs as '$server_user'"
[ "$(owner_mode /var/lib/centre/centre.db)" = "centre:centre 600" ] || fail "the database is $(owner_mode /var/lib/centre/centre.db)"
ok "the service runs as centre, its database is its alone (UMask 0077)"

step admin
has ana@example.org || fail "the first admin is not in the database"
replicated ana@example.org
[ -n "$(ls -A /var/backups/centre/replica)" ] || fail "nothing in the replica"
grep -qi 'read-only file system' "$state/centre.service.log" && fail "Litestream could not write its replica"
ok "the first admin, and Litestream's replica written in /var/backups/centre/replica"

step backup
snapshot=$(ls -1 /var/backups/centre/snapshots/centre-*.db | tail -n 1)
[ "$(owner_mode "$snapshot")" = "centre:centre 600" ] || fail "the snapshot is $(owner_mode "$snapshot")"
[ "$(owner_mode /var/backups/centre/snapshots)" = "centre:centre 700" ] || fail "the snapshots' folder is $(owner_mode /var/backups/centre/snapshots)"
ok "the timer's snapshot, readable by centre only"

mark after-snapshot@example.org
replicated after-snapshot@example.org
step restore-replica
healthy "the restore from the replica"
has ana@example.org && has after-snapshot@example.org || fail "the replica's restore lost data: $(admins)"
# Litestream writes with runuser's umask (644): the service owns it, and its folder (700) keeps
# everyone else out.
[ "$(stat -c %U:%G /var/lib/centre/centre.db)" = centre:centre ] || fail "the restored database is $(owner_mode /var/lib/centre/centre.db)"
ok "restored from the replica: every marker back, the service serves it"

step restore-snapshot
healthy "the restore of a snapshot"
has ana@example.org || fail "the snapshot's restore lost the first admin"
has after-snapshot@example.org && fail "the snapshot's restore kept what came after the snapshot"
[ "$(owner_mode /var/lib/centre/centre.db)" = "centre:centre 600" ] || fail "the restored database is $(owner_mode /var/lib/centre/centre.db)"
mark after-restore@example.org
replicated after-restore@example.org
ok "restored from a snapshot: its data, served, and replicated again"

step upgrade
healthy "the upgrade"
[ -x /usr/local/bin/centre.previous ] || fail "the previous binary was not kept"
ls /var/backups/centre/before-upgrade/centre-*.db >/dev/null || fail "no snapshot before the upgrade"
mark after-upgrade@example.org
ok "upgraded, the previous binary and a snapshot kept"

step rollback
healthy "the rollback"
has after-restore@example.org || fail "the rollback lost what came before the upgrade"
has after-upgrade@example.org && fail "the rollback kept what came after the upgrade"
ok "rolled back: the previous binary on the data from before the upgrade"

# The replica stops answering (a network that died, a provider down): the service still stops
# well within TimeoutStopSec, Litestream giving up its last sync after litestream.yml's
# shutdown-sync-timeout instead of being killed mid-sync. The replica is an S3 endpoint on
# loopback (moto's server) behind a relay that, once told, accepts and never answers. Without the
# setting (Litestream's default, 30 s) this stop took 32 s and the drill failed; with it, 13 s.
s3_port=$(free_port)
relay_port=$(free_port)
setsid "$repo/target/tools/moto/bin/moto_server" -H 127.0.0.1 -p "$s3_port" >"$state/moto.log" 2>&1 &
echo $! >"$state/moto.pid"
setsid silent-relay.py "$relay_port" "$s3_port" "$state/replica-silent" >"$state/relay.log" 2>&1 &
echo $! >"$state/relay.pid"
# moto first, on its own port (it takes seconds to start on a busy machine; the relay would
# accept and reset meanwhile), then the bucket through the relay.
curl -sS --retry 60 --retry-connrefused --retry-delay 1 -o /dev/null "http://127.0.0.1:$s3_port/" ||
  fail "the S3 endpoint on loopback did not start"
curl -fsS --retry 10 --retry-all-errors --retry-delay 1 -X PUT "http://127.0.0.1:$relay_port/centre-drill" >/dev/null ||
  fail "the relay to the S3 endpoint did not pass a request"
# Quoted: the file is read by sh too, where a bare & would end the command.
sed -i "s#^REPLICA_URL=.*#REPLICA_URL=\"s3://centre-drill/centre?endpoint=http://127.0.0.1:$relay_port\&region=us-east-1\&forcePathStyle=true\"#" /etc/centre/centre.env
printf 'AWS_ACCESS_KEY_ID=drill\nAWS_SECRET_ACCESS_KEY=drill\n' >>/etc/centre/centre.env
systemctl restart centre
healthy "the switch to an S3 replica"
mark on-s3@example.org
replicated on-s3@example.org
touch "$state/replica-silent"
mark unsent@example.org
sleep 2
stop_started=$SECONDS
systemctl stop centre || fail "the stop with a silent replica went past TimeoutStopSec"
stop_took=$((SECONDS - stop_started))
pgrep -f '/usr/local/bin/centre serve' >/dev/null && fail "the server still runs after the stop"
grep -q 'shutdown sync failed after timeout' "$state/centre.service.log" || fail "Litestream did not give up its last sync"
[ "$stop_took" -le 20 ] || fail "the stop took $stop_took s: Litestream's last sync is not bounded by shutdown-sync-timeout"
has unsent@example.org || fail "the database lost the write the replica never got"
ok "stopped in $stop_took s with a replica that no longer answers, the data kept"
echo "the deployment guide works to the letter"
