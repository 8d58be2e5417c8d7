#!/usr/bin/env bash
# State ingestion in bulk: how many device state changes per second two Hearth instances on one PostgreSQL take
# through `POST /v1/state`, what each change costs in CPU (Hearth's, PostgreSQL's), and how fast Report State follows.
#
#   Tests/Benchmarks/ingest.sh A_BIN [B_BIN] [ROUNDS=4] [SECONDS=10]
#
# A throwaway PostgreSQL (Deploy/dev-postgres.sh, on 127.0.0.1, fsync on) holds one database per binary, each a
# generated fleet (USERS users × 30 dimmable lights, every user synced to a fake HomeGraph of its own). Per binary:
# two `hearth serve` instances on its database, reporting to its fake. Per batch size N (SIZES), ROUNDS rounds of
# SECONDS each, A and B alternating (A B, B A, …): CLIENTS client threads post batches of N changes (random users
# and lights, new levels; `Prefer: handling=lenient`), half of them to each instance. Printed per binary and N, as
# medians over rounds: changes/s applied, batch latency p50/p99, Hearth CPU µs per change (both instances,
# /proc/PID/task/*/schedstat), PostgreSQL CPU µs per change (every process of the cluster), and the Report State calls
# and devices reported per second the fake received during the round; then B's changes/s over A's. A binary that
# refuses N (413) prints "refused".
#
# Env: USERS (1000), SIZES ("1000 10000"), CLIENTS (4), PORT_BASE (19310: A 19310/19311, B 19312/19313, fakes
# 19320/19321), PG_PORT (55641). Needs curl, python3 and openssl. Everything listens on 127.0.0.1 and is stopped by
# PID. The machine's other load shows in every figure: compare A and B of the same run only.
set -euo pipefail
cd "$(dirname "$0")/../.."
usage="usage: ingest.sh A_BIN [B_BIN] [ROUNDS] [SECONDS]"
A_BIN=$(cd "$(dirname "${1:?$usage}")" && pwd)/$(basename "$1")
B_BIN=""
if [[ -n "${2:-}" ]]; then B_BIN=$(cd "$(dirname "$2")" && pwd)/$(basename "$2"); fi
ROUNDS=${3:-4}
SECONDS_PER_ROUND=${4:-10}
USERS=${USERS:-1000}
SIZES=${SIZES:-1000 10000}
CLIENTS=${CLIENTS:-4}
PORT_BASE=${PORT_BASE:-19310}
PG_PORT=${PG_PORT:-55641}
WORK=$(mktemp -d /tmp/hearth-ingest-bench.XXXX)
chmod 755 "$WORK"  # the cluster runs as another user when this runs as root
pids=()
cleanup() {
    for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
    Deploy/dev-postgres.sh stop "$WORK/pg" >/dev/null 2>&1 || true
}
trap cleanup EXIT

URL=$(DEV_POSTGRES_FSYNC=on Deploy/dev-postgres.sh start "$WORK/pg" "$PG_PORT")
postmaster=$(head -n1 "$WORK/pg/data/postmaster.pid")
psql -h 127.0.0.1 -p "$PG_PORT" -U postgres -d postgres -q -c "CREATE DATABASE hearth_b OWNER hearth" >/dev/null

# The fleet: USERS users, 30 dimmable lights each.
python3 - "$WORK/fleet.json" "$USERS" <<'PY'
import json, sys
path, users = sys.argv[1], int(sys.argv[2])
json.dump({"users": [{"agentUserId": "u%05d" % u, "devices": [
    {"id": "light-%02d" % d, "name": "Light %d" % d, "room": "Room %d" % (d % 5), "deviceTypes": ["DimmableLight"],
     "clusters": {"OnOff": {"OnOff": False}, "LevelControl": {"CurrentLevel": 1}}} for d in range(30)]}
    for u in range(users)]}, open(path, "w"))
PY

# A service account the fakes trust.
openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out "$WORK/sa.pem" 2>/dev/null
openssl pkey -in "$WORK/sa.pem" -pubout -out "$WORK/sa.pub.pem"

wait_for() {  # url what
    for _ in $(seq 300); do curl -sf -o /dev/null "$1" && return; sleep 0.1; done
    echo "$2 did not start" >&2
    exit 1
}

# side name bin database fake_port port1 port2
setup_side() {
    local name=$1 bin=$2 db=$3 fake=$4 dir="$WORK/$1"
    mkdir -p "$dir"
    python3 - "$WORK/sa.pem" "$fake" "$dir/key.json" <<'PY'
import json, sys
pem, port, out = sys.argv[1:]
json.dump({"type": "service_account", "client_email": "bench@hearth-bench.iam.gserviceaccount.com",
           "private_key": open(pem).read(), "token_uri": "http://127.0.0.1:%s/token" % port}, open(out, "w"))
PY
    "$bin" fake-homegraph --port "$fake" --public-key "$WORK/sa.pub.pem" --log-level warning >"$dir/fake.log" 2>&1 &
    pids+=("$!")
    wait_for "http://127.0.0.1:$fake/fake/tokens" "fake HomeGraph $name"
    "$bin" devices import "$WORK/fleet.json" --database "$db" >/dev/null
    "$bin" apikeys create --name bench --database "$db" | tail -n 1 >"$dir/key"
    python3 - "$fake" "$USERS" <<'PY'
import http.client, json, sys
port, users = int(sys.argv[1]), int(sys.argv[2])
conn = http.client.HTTPConnection("127.0.0.1", port)
for u in range(users):
    body = json.dumps({"agentUserId": "u%05d" % u, "devices": ["light-%02d" % d for d in range(30)]})
    conn.request("POST", "/fake/sync", body, {"Content-Type": "application/json"})
    answer = conn.getresponse(); answer.read()
    assert answer.status == 200, answer.status
PY
    local port
    for port in "${@:5}"; do
        (cd "$dir" && HEARTH_DEVICES_SEED_FILE= HEARTH_LOG_LEVEL=warning \
            HEARTH_HOMEGRAPH_SERVICE_ACCOUNT_KEY_FILE="$dir/key.json" HEARTH_HOMEGRAPH_ENDPOINT="http://127.0.0.1:$fake" \
            exec "$bin" serve --port "$port" --database "$db" >"$dir/serve-$port.log" 2>&1) &
        pids+=("$!")
        echo "$!" >>"$dir/pids"
        wait_for "http://127.0.0.1:$port/healthz" "hearth $name on $port"
    done
    echo "$fake" >"$dir/fake"
    echo "${@:5}" >"$dir/ports"
}
setup_side A "$A_BIN" "$URL" $((PORT_BASE + 10)) "$PORT_BASE" $((PORT_BASE + 1))
sides=(A)
if [[ -n "$B_BIN" ]]; then
    setup_side B "$B_BIN" "${URL/\/hearth\?/\/hearth_b?}" $((PORT_BASE + 11)) $((PORT_BASE + 2)) $((PORT_BASE + 3))
    sides=(A B)
fi

# The client: CLIENTS threads posting prepared batches for SECONDS, round-robin over the side's instances; prints
# "changes batches refused p50_ms p99_ms".
cat >"$WORK/client.py" <<'PY'
import http.client, json, random, sys, threading, time
ports, key, size, users, clients, seconds = sys.argv[1].split(), sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), \
    int(sys.argv[5]), float(sys.argv[6])
rng = random.Random(size * 7919 + int(time.time()))
def body():
    return json.dumps({"changes": [
        {"agentUserId": "u%05d" % rng.randrange(users), "deviceId": "light-%02d" % rng.randrange(30),
         "clusters": {"LevelControl": {"CurrentLevel": rng.randrange(1, 255)}}} for _ in range(size)]}).encode()
bodies = [body() for _ in range(8)]
lock = threading.Lock()
applied, batches, refused, latencies = [0], [0], [0], []
headers = {"Authorization": "Bearer " + key, "Content-Type": "application/json", "Prefer": "handling=lenient"}
def run(index):
    conn = http.client.HTTPConnection("127.0.0.1", int(ports[index % len(ports)]), timeout=120)
    end = time.monotonic() + seconds
    n = index
    while time.monotonic() < end:
        n += 1
        start = time.monotonic()
        conn.request("POST", "/v1/state", bodies[n % len(bodies)], headers)
        answer = conn.getresponse()
        data = answer.read()
        elapsed = (time.monotonic() - start) * 1000
        with lock:
            batches[0] += 1
            latencies.append(elapsed)
            if answer.status == 200:
                applied[0] += json.loads(data)["applied"]
            else:
                refused[0] += 1
        if answer.status == 413:
            return
threads = [threading.Thread(target=run, args=(i,)) for i in range(clients)]
for t in threads: t.start()
for t in threads: t.join()
latencies.sort()
q = lambda p: latencies[min(len(latencies) - 1, int(p * len(latencies)))] if latencies else 0
print(applied[0], batches[0], refused[0], "%.1f" % q(0.5), "%.1f" % q(0.99))
PY

cpu_us() { cat /proc/"$1"/task/*/schedstat 2>/dev/null | awk '{ns += $1} END {printf "%d", ns / 1000}'; }
pg_cpu_us() {
    local total=0 p
    for p in "$postmaster" $(pgrep -P "$postmaster"); do total=$((total + $(cpu_us "$p"))); done
    echo "$total"
}
hearth_cpu_us() {  # side
    local total=0 p
    while read -r p; do total=$((total + $(cpu_us "$p"))); done <"$WORK/$1/pids"
    echo "$total"
}
reported() {  # side -> "calls devices" received by its fake so far (answered 200)
    curl -sf "http://127.0.0.1:$(cat "$WORK/$1/fake")/reports" | python3 -c '
import json, sys
reports = [r for r in json.load(sys.stdin)["reports"] if r.get("status") == 200 and "reportState" in r.get("path", "")]
print(len(reports), sum(len(((r.get("body") or {}).get("payload") or {}).get("devices", {}).get("states", {}))
                          for r in reports))'
}

# One round: "changes/s p50 p99 hearth_us/change pg_us/change calls/s devices/s refused"
round() {  # side size
    local side=$1 size=$2 h0 h1 g0 g1 r0 r1 out t0 t1
    h0=$(hearth_cpu_us "$side"); g0=$(pg_cpu_us); r0=$(reported "$side"); t0=$(date +%s.%N)
    out=$(python3 "$WORK/client.py" "$(cat "$WORK/$side/ports")" "$(cat "$WORK/$side/key")" "$size" "$USERS" \
        "$CLIENTS" "$SECONDS_PER_ROUND")
    t1=$(date +%s.%N); h1=$(hearth_cpu_us "$side"); g1=$(pg_cpu_us); r1=$(reported "$side")
    read -r changes _ refused p50 p99 <<<"$out"
    read -r c0 d0 <<<"$r0"
    read -r c1 d1 <<<"$r1"
    awk -v n="$changes" -v a="$t0" -v b="$t1" -v h=$((h1 - h0)) -v g=$((g1 - g0)) -v p50="$p50" \
        -v p99="$p99" -v c=$((c1 - c0)) -v d=$((d1 - d0)) -v r="$refused" \
        'BEGIN {t = b - a; printf "%.0f %s %s %.1f %.1f %.1f %.0f %d\n", n / t, p50, p99, (n ? h / n : 0), (n ? g / n : 0),
                c / t, d / t, r}'
}

echo "# $(date -u +%FT%TZ) $(nproc) cores (shared with other builds: compare A and B of this run only)"
echo "# A $A_BIN${B_BIN:+, B $B_BIN}; PostgreSQL $(psql --version | awk '{print $3}') fsync on; $USERS users x 30 lights;"
echo "# two instances per side, $CLIENTS clients, $ROUNDS rounds x ${SECONDS_PER_ROUND}s per size, alternating"
printf '%-4s %6s %10s %9s %9s %10s %8s %9s %11s\n' side N "changes/s" "p50 ms" "p99 ms" "hearth us" "pg us" \
    "RS call/s" "RS devices/s"
for size in $SIZES; do
    for side in "${sides[@]}"; do : >"$WORK/$side.$size"; done
    for i in $(seq "$ROUNDS"); do
        order=("${sides[@]}")
        if ((i % 2 == 0)) && ((${#sides[@]} == 2)); then order=(B A); fi
        for side in "${order[@]}"; do round "$side" "$size" >>"$WORK/$side.$size"; done
    done
    for side in "${sides[@]}"; do
        python3 - "$side" "$size" "$WORK/$side.$size" <<'PY'
import statistics, sys
side, size, path = sys.argv[1], sys.argv[2], sys.argv[3]
rows = [list(map(float, line.split())) for line in open(path) if line.strip()]
if all(r[0] == 0 and r[7] > 0 for r in rows):
    print("%-4s %6s %10s" % (side, size, "refused"))
else:
    m = [statistics.median(r[i] for r in rows) for i in range(7)]
    print("%-4s %6s %10.0f %9.1f %9.1f %10.1f %8.1f %9.1f %11.0f" % (side, size, *m))
PY
    done
    if ((${#sides[@]} == 2)); then
        python3 - "$WORK/A.$size" "$WORK/B.$size" <<'PY'
import statistics, sys
a, b = ([float(l.split()[0]) for l in open(p) if l.strip()] for p in sys.argv[1:])
ma, mb = statistics.median(a), statistics.median(b)
print("     B/A changes/s: %s" % ("%.2f" % (mb / ma) if ma else "n/a (A refused)"))
PY
    fi
done
