#!/usr/bin/env bash
# End-to-end check of Hearth on a PostgreSQL primary and synchronous standby managed by pg_auto_failover, the
# primary stopped (immediate shutdown, as a crash) in the middle of a steady mix of requests.
#
# Usage: Deploy/failover-e2e.sh HEARTH_BINARY WORKDIR
#   HEARTH_BINARY  a built hearth executable
#   WORKDIR        a scratch directory (the monitor's and both nodes' data, configs, logs)
#
# Needs (installed by CI, not here): postgresql-15, postgresql-15-auto-failover, pg-auto-failover-cli, openssl,
# python3. Steps: a pg_auto_failover monitor and two nodes on 127.0.0.1 (synchronous replication: the standby
# confirms every commit), the monitor's health checks shortened so a failover takes seconds; the example home
# imported, a bearer token and an API key made with the CLI; a fake HomeGraph; two Hearth instances A and B on the
# multi-host URL postgres://…@127.0.0.1:P1,127.0.0.1:P2/hearth?target_session_attrs=read-write. Then Python clients
# send EXECUTE (BrightnessAbsolute), QUERY, PATCH /v1/…/state (CurrentLevel) and GET /healthz to both instances,
# and a consumer follows GET /v1/changes as a stream, while the primary's node is stopped with
# `pg_autoctl stop --immediate`; the load goes on until well after the standby was promoted. Checks:
#   - no 5xx other than 503, every 503 with Retry-After, no request without an answer (a hang: no answer within
#     HEARTH_FAILOVER_REQUEST_TIMEOUT seconds, default 15), every request after the window answered;
#   - no acknowledged write lost: each writer's last acknowledged value is in the database (or a value of a later
#     write whose outcome it was not told), and each device has a change row for every acknowledged write;
#   - the stream delivered every change after its start cursor exactly once, in increasing cursor order, across
#     its reconnections (compared with the `change` table);
#   - the outbox drained: nothing left queued, and the fake HomeGraph holds each written device's final state.
# Prints the unavailability window (first failure to the first success after it) and the failures by kind and
# status. Exits non-zero on any violation. Stops everything it started by PID, also on failure.
# Ports: HEARTH_FAILOVER_PORT (19400: A; +1 B; +2 the fake HomeGraph), HEARTH_FAILOVER_PG_PORT (55660: the
# monitor; +1, +2 the nodes).
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/e2e-lib.sh"
E2E_LOGS=(hearth-a.log hearth-b.log homegraph.log node1.log node2.log monitor.log)
E2E_TAIL=20
e2e_begin failover-e2e 2 2 "$@"
port_a="${HEARTH_FAILOVER_PORT:-19400}"
port_b=$((port_a + 1))
port_homegraph=$((port_a + 2))
pg_monitor="${HEARTH_FAILOVER_PG_PORT:-55660}"
pg_node1=$((pg_monitor + 1))
pg_node2=$((pg_monitor + 2))
config="$deploy/hearth.json"
started_at=$(date +%s)

bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
[[ -n "$bin" && -x "$bin/pg_ctl" ]] || fail "PostgreSQL is not installed (apt-get install postgresql)"
command -v pg_autoctl >/dev/null || fail "pg_autoctl not found (apt-get install pg-auto-failover-cli postgresql-15-auto-failover)"
for tool in openssl python3 curl; do command -v "$tool" >/dev/null || fail "$tool not found"; done

# PostgreSQL and pg_autoctl refuse root: as root they run as `postgres` (or `nobody`), as dev-postgres.sh does.
as_owner=()
if [[ "$(id -u)" -eq 0 ]]; then
    owner="postgres"
    getent passwd postgres >/dev/null || owner="nobody"
    as_owner=(runuser -u "$owner" --)
fi
pgdir="$workdir/pg"
mkdir -p "$pgdir"
chmod a+x "$workdir"
[[ "${#as_owner[@]}" -gt 0 ]] && chown "$owner" "$pgdir"
# pg_autoctl keeps its configuration and state under XDG directories: inside the work directory, not a home.
pgenv=(env "XDG_CONFIG_HOME=$pgdir/config" "XDG_DATA_HOME=$pgdir/share" "PATH=$bin:$PATH")
autoctl() { (cd / && exec "${as_owner[@]}" "${pgenv[@]}" pg_autoctl "$@"); }
psql_at() { "$bin/psql" -h 127.0.0.1 -p "$1" -U postgres -d "$2" -v ON_ERROR_STOP=1 -Atq -c "$3"; }

# --- cleanup: stop what this script started, by PID ----------------------------------------------------------------
cleanup() {
    # runuser's child (pg_autoctl, which stops its postgres in order) is told directly by e2e_stop_pids.
    e2e_stop_pids
    # A node's postgres outlives a killed pg_autoctl: stop what is left by its postmaster.pid.
    for data in "$pgdir/monitor" "$pgdir/node1" "$pgdir/node2"; do
        pid="$(head -n 1 "$data/postmaster.pid" 2>/dev/null || true)"
        [[ -n "$pid" ]] && kill -QUIT "$pid" 2>/dev/null || true
    done
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# Waits up to $1 tenths of a second for the command after it to succeed.
wait_for() {
    local tenths="$1"
    shift
    for _ in $(seq 1 "$tenths"); do
        "$@" >/dev/null 2>&1 && return 0
        sleep 0.1
    done
    return 1
}
state_is() { autoctl show state --pgdata "$pgdir/monitor" 2>/dev/null | grep -Eq "$1"; }

# --- the monitor and two nodes -------------------------------------------------------------------------------------
log "creating the pg_auto_failover monitor and two nodes (PostgreSQL $(basename "$(dirname "$bin")"))"
# Started in the background from / (readable by the owner) as one simple command, so that $! is its own PID.
cd /
"${as_owner[@]}" "${pgenv[@]}" pg_autoctl create monitor --pgdata "$pgdir/monitor" --pgport "$pg_monitor" \
    --listen 127.0.0.1 --hostname 127.0.0.1 --auth trust --no-ssl --run >"$workdir/monitor.log" 2>&1 &
pids+=("$!")
wait_for 600 "$bin/pg_isready" -q -h 127.0.0.1 -p "$pg_monitor" -d pg_auto_failover ||
    fail "the monitor did not accept connections within 60 s"
wait_for 300 psql_at "$pg_monitor" pg_auto_failover "SELECT 1 FROM pgautofailover.formation" ||
    fail "the monitor's extension was not ready within 30 s"
# The monitor's defaults take about 20 s to call a primary unhealthy, and then keep the promoted standby read-only
# for primary_demote_timeout (30 s), the time a lost primary's own pg_autoctl has to notice and demote itself (no
# split brain). Here the old primary's pg_autoctl is stopped with it, so seconds are enough for both; in production
# keep the demote timeout (Deploy/README.md, "A failover pair").
for setting in health_check_period=1000 health_check_timeout=1000 health_check_max_retries=1 \
    health_check_retry_delay=500 node_considered_unhealthy_timeout=2000 primary_demote_timeout=3000; do
    psql_at "$pg_monitor" pg_auto_failover "ALTER SYSTEM SET pgautofailover.${setting%%=*} = ${setting#*=}"
done
psql_at "$pg_monitor" pg_auto_failover "SELECT pg_reload_conf()" >/dev/null
monitor_url="postgres://autoctl_node@127.0.0.1:$pg_monitor/pg_auto_failover?sslmode=disable"
create_node() {
    "${as_owner[@]}" "${pgenv[@]}" pg_autoctl create postgres --pgdata "$pgdir/node$1" --pgport "$2" --listen 127.0.0.1 --hostname 127.0.0.1 \
        --name "node$1" --dbname hearth --auth trust --no-ssl --monitor "$monitor_url" --run \
        >"$workdir/node$1.log" 2>&1 &
    pids+=("$!")
}
create_node 1 "$pg_node1"
wait_for 1200 state_is "node1 .*\| +single +\| +single" || fail "node1 did not become a single primary within 120 s"
create_node 2 "$pg_node2"
# The standby's base backup waits for a checkpoint on the primary; ask for one now rather than wait for the spread one.
for _ in $(seq 1 1200); do
    state_is "node2 .*\| +secondary +\| +secondary" && break
    psql_at "$pg_node1" hearth "CHECKPOINT" >/dev/null 2>&1 || true
    sleep 0.1
done
state_is "node1 .*\| +primary +\| +primary" || wait_for 300 state_is "node1 .*\| +primary +\| +primary" ||
    fail "node1 and node2 did not become primary and secondary within 150 s"
sync_names="$(psql_at "$pg_node1" hearth "SHOW synchronous_standby_names")"
[[ -n "$sync_names" ]] || fail "the primary does not replicate synchronously (synchronous_standby_names is empty)"
log "primary node1 on $pg_node1, synchronous standby node2 on $pg_node2 ($sync_names), after $(($(date +%s) - started_at)) s"

database="postgres://postgres@127.0.0.1:$pg_node1,127.0.0.1:$pg_node2/hearth?sslmode=disable&target_session_attrs=read-write"

# --- the registry, the fake HomeGraph and two instances ------------------------------------------------------------
cd "$repo"
hearth_cli() { "$binary" "$@" --config "$config" --database "$database"; }
hearth_cli devices import "$repo/Config/devices.json" >"$workdir/cli.log" 2>&1 ||
    fail "hearth devices import: $(cat "$workdir/cli.log")"
token="$(hearth_cli token issue --user demo-user 2>"$workdir/cli.log" | tail -n 1)" ||
    fail "hearth token issue: $(cat "$workdir/cli.log")"
api_key="$(hearth_cli apikeys create --name failover-e2e 2>"$workdir/cli.log" | tail -n 1)" ||
    fail "hearth apikeys create: $(cat "$workdir/cli.log")"

openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out "$workdir/sa.pem" 2>/dev/null
openssl pkey -in "$workdir/sa.pem" -pubout -out "$workdir/sa.pub.pem"
python3 - "$workdir" "$port_homegraph" <<'PY'
import json, sys
work, port = sys.argv[1:]
json.dump({"type": "service_account", "client_email": "failover@hearth-e2e.iam.gserviceaccount.com",
           "private_key": open(f"{work}/sa.pem").read(), "token_uri": f"http://127.0.0.1:{port}/token"},
          open(f"{work}/key.json", "w"))
PY
"$binary" fake-homegraph --port "$port_homegraph" --public-key "$workdir/sa.pub.pem" --log-level warning \
    >"$workdir/homegraph.log" 2>&1 &
pids+=("$!")
wait_for 100 curl -fsS "http://127.0.0.1:$port_homegraph/reports" || fail "the fake HomeGraph did not start"
devices_json="$(python3 -c 'import json,sys; print(json.dumps([d["id"] for u in json.load(open(sys.argv[1]))["users"] if u["agentUserId"] == "demo-user" for d in u["devices"]]))' "$repo/Config/devices.json")"
curl -fsS -d "{\"agentUserId\": \"demo-user\", \"devices\": $devices_json}" \
    "http://127.0.0.1:$port_homegraph/fake/sync" >/dev/null || fail "the fake HomeGraph refused /fake/sync"

start() {
    local name="$1" port="$2"
    HEARTH_HOMEGRAPH_SERVICE_ACCOUNT_KEY_FILE="$workdir/key.json" \
        HEARTH_HOMEGRAPH_ENDPOINT="http://127.0.0.1:$port_homegraph" \
        HEARTH_HOMEGRAPH_RETRY_INITIAL_MILLISECONDS=200 HEARTH_HOMEGRAPH_RETRY_MAX_SECONDS=2 \
        "$binary" serve --config "$config" --database "$database" --port "$port" >"$workdir/hearth-$name.log" 2>&1 &
    local pid=$!
    e2e_await_health "$name" "$port" "$pid"
    echo "$pid"
}
pid_a="$(start a "$port_a")"
pids+=("$pid_a")
pid_b="$(start b "$port_b")"
pids+=("$pid_b")
log "instance A pid $pid_a on $port_a, B pid $pid_b on $port_b, on $database"

# What the Python driver runs to stop the primary, and to read the database afterwards.
cat >"$workdir/stop-primary.sh" <<SH
#!/usr/bin/env bash
cd / && exec ${as_owner[*]} ${pgenv[*]} pg_autoctl stop --pgdata "$pgdir/node1" --immediate
SH
cat >"$workdir/state.sh" <<SH
#!/usr/bin/env bash
exec ${as_owner[*]} ${pgenv[*]} pg_autoctl show state --pgdata "$pgdir/monitor"
SH

# --- the run -------------------------------------------------------------------------------------------------------
python3 "$deploy/failover-e2e.py" \
    --ports "$port_a,$port_b" --homegraph "$port_homegraph" --token "$token" --api-key "$api_key" \
    --psql "$bin/psql" --pg-ports "$pg_node1,$pg_node2" --stop-primary "$workdir/stop-primary.sh" \
    --monitor-state "$workdir/state.sh" --timeout "${HEARTH_FAILOVER_REQUEST_TIMEOUT:-15}" ||
    fail "the run found violations (above)"
kill -0 "$pid_a" 2>/dev/null || fail "A died"
kill -0 "$pid_b" 2>/dev/null || fail "B died"
log "PASSED in $(($(date +%s) - started_at)) s (set-up included)"
