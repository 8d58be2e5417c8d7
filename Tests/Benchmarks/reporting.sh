#!/usr/bin/env bash
# Reporting benchmark: (a) how many Report State calls per second the outbox drains into the fake HomeGraph
# (`hearth fake-homegraph`), (b) EXECUTE req/s with HomeGraph reporting on vs off, interleaved rounds (off, on,
# off, on, ...), medians and the ratio on/off.
#
#   Tests/Benchmarks/reporting.sh [DURATION_S=10] [ROUNDS=3] [USERS=500]
#
# Env: SHARED (default ../shared), BENCH_HEARTH_BIN (default: a release build of hearth), THREADS/CONNS as
#      shared/bench/load/run.sh takes them. Needs wrk, curl, python3, openssl. Servers listen on 127.0.0.1 only and
#      are stopped by PID.
set -euo pipefail
cd "$(dirname "$0")/../.."
DURATION=${1:-10}
ROUNDS=${2:-3}
USERS=${3:-500}
SHARED=${SHARED:-../shared}
RUN="$SHARED/bench/load/run.sh"
HEARTH_PORT=18180
FAKE_PORT=18190
WORK=$(mktemp -d /tmp/hearth-reporting-bench.XXXX)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; }
trap cleanup EXIT

if [ -z "${BENCH_HEARTH_BIN:-}" ]; then
    swift build -c release --product hearth >/dev/null
    BENCH_HEARTH_BIN=$(swift build -c release --show-bin-path)/hearth
fi
H=$BENCH_HEARTH_BIN

# A service account whose key the fake trusts, and a key file pointing at the fake.
openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out "$WORK/sa.pem" 2>/dev/null
openssl pkey -in "$WORK/sa.pem" -pubout -out "$WORK/sa.pub.pem"
python3 - "$WORK" "$FAKE_PORT" <<'PY'
import json, sys
work, port = sys.argv[1:]
json.dump({"type": "service_account", "client_email": "bench@hearth-bench.iam.gserviceaccount.com",
           "private_key": open(f"{work}/sa.pem").read(), "token_uri": f"http://127.0.0.1:{port}/token"},
          open(f"{work}/key.json", "w"))
PY
"$H" fake-homegraph --port $FAKE_PORT --public-key "$WORK/sa.pub.pem" --log-level warning >"$WORK/fake.log" 2>&1 &
pids+=($!)
for _ in $(seq 50); do curl -sf "http://127.0.0.1:$FAKE_PORT/reports" >/dev/null && break; sleep 0.1; done

start_serve() {  # on|off -> sets SERVE_PID
    local key=""
    [ "$1" = on ] && key="$WORK/key.json"
    HEARTH_HOMEGRAPH_SERVICE_ACCOUNT_KEY_FILE=$key HEARTH_HOMEGRAPH_ENDPOINT="http://127.0.0.1:$FAKE_PORT" \
        HEARTH_DEVICES_SEED_FILE= HEARTH_LOG_LEVEL=warning \
        "$H" serve --port $HEARTH_PORT --database "$WORK/bench.sqlite" >>"$WORK/hearth.log" 2>&1 &
    SERVE_PID=$!
    pids+=("$SERVE_PID")
    for _ in $(seq 100); do curl -sf "http://127.0.0.1:$HEARTH_PORT/healthz" >/dev/null && return; sleep 0.1; done
    echo "hearth serve did not start" >&2; exit 1
}
stop_serve() { kill "$SERVE_PID"; wait "$SERVE_PID" 2>/dev/null || true; }

# (a) Drain rate: USERS users with one light each; every light changed by one import while serve is stopped, so
# USERS reports wait in the outbox; then time from serve's start until the fake has them all.
python3 - "$WORK" "$USERS" <<'PY'
import json, sys
work, users = sys.argv[1], int(sys.argv[2])
def home(on):
    return {"users": [{"agentUserId": f"u{i}", "devices": [{"id": f"light{i}", "name": f"Light {i}",
            "deviceTypes": ["DimmableLight"], "clusters": {"OnOff": {"OnOff": on}}}]} for i in range(users)]}
json.dump(home(False), open(f"{work}/drain-off.json", "w"))
json.dump(home(True), open(f"{work}/drain-on.json", "w"))
PY
"$H" devices import "$WORK/drain-off.json" --database "$WORK/bench.sqlite" >/dev/null
start_serve on   # writes the reporting setting; nothing is queued yet
stop_serve
for i in $(seq 0 $((USERS - 1))); do echo "{\"agentUserId\":\"u$i\",\"devices\":[\"light$i\"]}"; done >"$WORK/syncs.jsonl"
while read -r body; do curl -sf -d "$body" "http://127.0.0.1:$FAKE_PORT/fake/sync" >/dev/null; done <"$WORK/syncs.jsonl"
"$H" devices import "$WORK/drain-on.json" --database "$WORK/bench.sqlite" >/dev/null
t0=$(date +%s.%N)
start_serve on
delivered=0
for _ in $(seq 6000); do
    delivered=$(curl -sf "http://127.0.0.1:$FAKE_PORT/reports" | python3 -c \
        'import json,sys; print(sum(1 for r in json.load(sys.stdin)["reports"] if r["status"] == 200))')
    [ "$delivered" -ge "$USERS" ] && break
    sleep 0.1
done
t1=$(date +%s.%N)
stop_serve
echo "# $(date -u +%FT%TZ) $(nproc) cores"
awk -v n="$delivered" -v a="$t0" -v b="$t1" 'BEGIN{printf "drain: %d Report State calls (one per user) in %.2f s (incl. serve start) = %.0f calls/s\n", n, b-a, n/(b-a)}'

# (b) EXECUTE with reporting off vs on, on the shared bench home, interleaved.
"$H" devices import "$SHARED/bench/home-24.json" --database "$WORK/bench.sqlite" >/dev/null
TOKEN=$("$H" token issue --user bench-user --database "$WORK/bench.sqlite")
start_serve on
curl -sf -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' \
    -d '{"requestId":"s","inputs":[{"intent":"action.devices.SYNC"}]}' "http://127.0.0.1:$HEARTH_PORT/fulfillment" |
    python3 -c 'import json,sys; d=json.load(sys.stdin)["payload"]; print(json.dumps({"agentUserId": d["agentUserId"], "devices": d["devices"]}))' \
        >"$WORK/bench-sync.json"
curl -sf -d @"$WORK/bench-sync.json" "http://127.0.0.1:$FAKE_PORT/fake/sync" >/dev/null
stop_serve
LOG="$WORK/results.log"
for round in $(seq "$ROUNDS"); do
    for mode in off on; do
        start_serve $mode
        SKIP_CHECKS=1 WORKLOADS="exec_onoff exec_brightness" OUT_DIR="$WORK/r$round-$mode" SERVER_PID=$SERVE_PID \
            LABEL=$mode "$RUN" "http://127.0.0.1:$HEARTH_PORT/fulfillment" "$TOKEN" "$DURATION" |
            grep -E "^$mode " >>"$LOG" || true
        stop_serve
    done
done
python3 - "$LOG" <<'PY'
import statistics, sys
rows = {}
for line in open(sys.argv[1]):
    f = line.split()
    rows.setdefault((f[1], f[0]), []).append(float(f[2]))
print(f"\n{'workload':16s} {'off req/s':>10s} {'on req/s':>10s} {'on/off':>7s}   (medians of {max(len(v) for v in rows.values())} rounds)")
for w in dict.fromkeys(k[0] for k in rows):
    off, on = statistics.median(rows.get((w, "off"), [float("nan")])), statistics.median(rows.get((w, "on"), [float("nan")]))
    print(f"{w:16s} {off:10.0f} {on:10.0f} {on / off:7.3f}")
PY
echo "(raw lines: $LOG; fake: $(curl -sf "http://127.0.0.1:$FAKE_PORT/fake/tokens"))"
