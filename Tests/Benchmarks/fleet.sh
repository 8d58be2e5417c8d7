#!/usr/bin/env bash
# Many homes on one PostgreSQL, through 1, 2 and 3 instances: how a fleet's throughput grows with instances.
#
#   Tests/Benchmarks/fleet.sh A_BIN [B_BIN]        release binaries (swift build -c release --product hearth)
#
# A throwaway PostgreSQL cluster (Deploy/dev-postgres.sh, 127.0.0.1, fsync on), one database per binary, each with
# the example home (Config/devices.json) plus HOMES more 30-device homes (fleet_homes.py) and a token for each of
# the CONNS loaded homes (B's database starts as a copy of A's: B must be A's version or newer). Three instances of each binary serve their database. The load (wrk, fleet.lua) is
# CONNS connections, each a different home, spread evenly over the homes; with k instances each gets CONNS/k of
# them (one wrk per instance, as many threads as connections). Workloads: exec (EXECUTE OnOff of one light per
# home) and query (QUERY of 10 devices of the home). ROUNDS rounds of ROUND_SECONDS each per configuration, the
# configurations and the binaries alternating (A B, then B A) inside every round.
#
# Prints per workload, binary and instance count the medians over rounds of: requests/s, p99 latency (the slowest
# wrk's p99 when several run), Hearth's CPU µs per request (every loaded instance, /proc/PID/task/*/schedstat) and
# PostgreSQL's (every process of the cluster); then each binary's scaling, 2/1 and 3/1 instances (medians of the
# per-round ratios; targets ≥ 1.7 and ≥ 2.3), and B/A per configuration. A run fails when any answer was not 200
# or carried a protocol error.
# Env: ROUNDS (4), ROUND_SECONDS (5), HOMES (152), CONNS (24, a multiple of 6), WORKLOADS ("exec query"), COPY_BIN, PORT_BASE
# (19200: A's instances take it and the next two, B's the three after), PG_PORT (55620). Everything listens on
# 127.0.0.1 and is stopped by PID. The machine's cores are shared by wrk, the instances and PostgreSQL: say how many
# with the figures.
set -euo pipefail
cd "$(dirname "$0")/../.."
usage="usage: fleet.sh A_BIN [B_BIN]"
absolute() { echo "$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"; }
A_BIN=$(absolute "${1:?$usage}")
B_BIN=${2:+$(absolute "$2")}
ROUNDS=${ROUNDS:-4}
SECONDS_PER_ROUND=${ROUND_SECONDS:-5}
HOMES=${HOMES:-152}
CONNS=${CONNS:-24}
WORKLOADS=${WORKLOADS:-exec query}
PORT_BASE=${PORT_BASE:-19200}
PG_PORT=${PG_PORT:-55620}
((CONNS % 6 == 0)) || { echo "fleet.sh: CONNS must be a multiple of 6 (split over 1, 2 and 3 instances)" >&2; exit 2; }
command -v wrk >/dev/null || { echo "fleet.sh: wrk not found (apt-get install wrk)" >&2; exit 2; }
SIDES=(A)
[[ -n "$B_BIN" ]] && SIDES+=(B)
WORK=$(mktemp -d /tmp/hearth-fleet.XXXX)
chmod 755 "$WORK"  # the cluster runs as another user when this runs as root
pids=()
cleanup() {
    for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
    Deploy/dev-postgres.sh stop "$WORK/pg" >/dev/null 2>&1 || true
    rm -rf "$WORK"
}
trap cleanup EXIT

URL=$(DEV_POSTGRES_FSYNC=on Deploy/dev-postgres.sh start "$WORK/pg" "$PG_PORT")
postmaster=$(head -n1 "$WORK/pg/data/postmaster.pid")
python3 Tests/Benchmarks/fleet_homes.py "$HOMES" "$WORK/fleet.json" >"$WORK/devices"
# The loaded homes, spread over the fleet; the devices each request names.
python3 - "$HOMES" "$CONNS" "$WORK" <<'PY'
import json, sys
homes, conns, work = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
open(f"{work}/homes", "w").write("".join(f"home-{1 + i * homes // conns:04d}\n" for i in range(conns)))
devices = json.load(open("Config/devices.json"))["users"][0]["devices"]
light = next(d["id"] for d in devices if d.get("deviceTypes", [""])[0].endswith("Light"))
query = [{"id": devices[i * len(devices) // 10]["id"]} for i in range(10)]
open(f"{work}/device", "w").write(light)
open(f"{work}/query", "w").write(json.dumps(query, separators=(",", ":")))
PY

database() { [[ "$1" == A ]] && echo "$URL" || echo "${URL/\/hearth\?/\/hearth_b?}"; }
binary() { [[ "$1" == A ]] && echo "$A_BIN" || echo "$B_BIN"; }
port() {  # side instance(1-3)
    local offset=0
    [[ "$1" == B ]] && offset=3
    echo $((PORT_BASE + offset + $2 - 1))
}
# The registry: imported into SQLite by A (one transaction, fast there) and moved into PostgreSQL by COPY_BIN's
# `hearth db copy` (A's by default; a build whose copy is linear when A's is not, of the same schema version); B's
# database is a copy PostgreSQL makes of A's (CREATE DATABASE … TEMPLATE), which B migrates on opening: B must be
# A's version or newer.
"$A_BIN" devices import "$WORK/fleet.json" --database "$WORK/fleet.sqlite" >/dev/null
"${COPY_BIN:-$A_BIN}" db copy --from "$WORK/fleet.sqlite" --to "$URL" >"$WORK/copied"
if [[ -n "$B_BIN" ]]; then
    psql -h 127.0.0.1 -p "$PG_PORT" -U postgres -d postgres -q -v ON_ERROR_STOP=1 \
        -c "CREATE DATABASE hearth_b TEMPLATE hearth OWNER hearth" >/dev/null
fi
for side in "${SIDES[@]}"; do
    bin=$(binary "$side"); db=$(database "$side")
    mkdir -p "$WORK/$side"
    while read -r home; do "$bin" token issue --user "$home" --database "$db" | tail -n1; done \
        <"$WORK/homes" >"$WORK/$side/tokens"
    for i in 1 2 3; do
        dir="$WORK/$side/$i"
        mkdir -p "$dir"
        (cd "$dir" && HEARTH_DEVICES_SEED_FILE= HEARTH_LOG_LEVEL=warning exec "$bin" serve --port "$(port "$side" "$i")" \
            --database "$db" >"$dir/serve.log" 2>&1) &
        pids+=("$!")
        echo "$!" >"$dir/pid"
    done
done
for side in "${SIDES[@]}"; do
    for i in 1 2 3; do
        for _ in $(seq 100); do curl -sf "http://127.0.0.1:$(port "$side" "$i")/healthz" >/dev/null && continue 2; sleep 0.1; done
        echo "instance $side$i did not start: $(tail -n5 "$WORK/$side/$i/serve.log")" >&2
        exit 1
    done
done

cpu_us() { cat /proc/"$1"/task/*/schedstat 2>/dev/null | awk '{ns += $1} END {printf "%d", ns / 1000}'; }
pg_cpu_us() {  # every process of the cluster: the postmaster and its children
    local total=0 p
    for p in "$postmaster" $(pgrep -P "$postmaster"); do total=$((total + $(cpu_us "$p"))); done
    echo "$total"
}

# One round: CONNS connections over k instances of a side. Prints "req/s p99_ms hearth_us/req pg_us/req".
round() {  # side k workload seconds
    local side=$1 k=$2 w=$3 seconds=$4 per=$(($CONNS / $2)) i h0=0 h1=0 g0 g1 waits=()
    for i in $(seq "$k"); do h0=$((h0 + $(cpu_us "$(cat "$WORK/$side/$i/pid")"))); done
    g0=$(pg_cpu_us)
    for i in $(seq "$k"); do
        FLEET_TOKENS="$WORK/$side/tokens" FLEET_FIRST=$(((i - 1) * per)) FLEET_WORKLOAD=$w \
            FLEET_DEVICE=$(cat "$WORK/device") FLEET_QUERY=$(cat "$WORK/query") \
            wrk -t"$per" -c"$per" -d"${seconds}s" --timeout 5s --latency -s Tests/Benchmarks/fleet.lua \
            "http://127.0.0.1:$(port "$side" "$i")/fulfillment" >"$WORK/wrk.$i" 2>&1 &
        waits+=("$!")
    done
    wait "${waits[@]}"
    for i in $(seq "$k"); do h1=$((h1 + $(cpu_us "$(cat "$WORK/$side/$i/pid")"))); done
    g1=$(pg_cpu_us)
    for i in $(seq "$k"); do
        grep -q '^RESULT ' "$WORK/wrk.$i" || { echo "wrk failed: $(cat "$WORK/wrk.$i")" >&2; exit 1; }
    done
    cat "$WORK"/wrk.[1-"$k"] | awk -v s="$seconds" -v h=$((h1 - h0)) -v g=$((g1 - g0)) -v label="$side$k $w" '
        /^RESULT / {n += $2; if ($3 > p99) p99 = $3; failed += $4 + $5 + $6}
        END {
            if (failed > 0) {print "fleet.sh: " label ": " failed " failed answers or socket errors" > "/dev/stderr"; exit 1}
            printf "%.0f %.2f %.1f %.1f\n", n / s, p99 / 1000, h / n, g / n
        }'
}

echo "# $(date -u +%FT%TZ) fleet of $((HOMES + 1)) homes (+ guest), $CONNS connections each a different home, $ROUNDS rounds x ${SECONDS_PER_ROUND}s"
echo "# A: $A_BIN${B_BIN:+; B: $B_BIN}"
echo "# PostgreSQL $(psql --version | awk '{print $3}') on 127.0.0.1 (fsync on); $(nproc) cores shared by wrk, every instance and PostgreSQL"
for w in $WORKLOADS; do
    for side in "${SIDES[@]}"; do for k in 1 2 3; do round "$side" "$k" "$w" 1 >/dev/null; done; done  # warm-up
    for r in $(seq "$ROUNDS"); do
        order=("${SIDES[@]}")
        ((r % 2 == 0 && ${#SIDES[@]} == 2)) && order=(B A)
        for k in 1 2 3; do
            for side in "${order[@]}"; do
                echo "$r $(round "$side" "$k" "$w" "$SECONDS_PER_ROUND")" >>"$WORK/$w.$side.$k"
            done
        done
    done
done

python3 - "$WORK" "$WORKLOADS" "${SIDES[*]}" <<'PY'
import statistics, sys
work, workloads, sides = sys.argv[1], sys.argv[2].split(), sys.argv[3].split()
def rows(w, side, k):
    return {int(r[0]): [float(v) for v in r[1:]] for r in (line.split() for line in open(f"{work}/{w}.{side}.{k}"))}
med = lambda values: statistics.median(values)
print("%-8s %-4s %9s %9s %8s %10s %10s" % ("workload", "bin", "instances", "req/s", "p99 ms", "hearth us", "pg us"))
for w in workloads:
    for side in sides:
        for k in (1, 2, 3):
            data = rows(w, side, k).values()
            print("%-8s %-4s %9d %9.0f %8.2f %10.1f %10.1f" % (w, side, k, *[med([r[i] for r in data]) for i in range(4)]))
print()
print("scaling, req/s of k instances over 1 instance (median of per-round ratios; targets 2/1 >= 1.7, 3/1 >= 2.3)")
for w in workloads:
    for side in sides:
        one = rows(w, side, 1)
        ratios = [med([rows(w, side, k)[r][0] / one[r][0] for r in one]) for k in (2, 3)]
        print("%-8s %-4s 2/1 %5.2f   3/1 %5.2f" % (w, side, *ratios))
if len(sides) == 2:
    print()
    print("B/A per configuration (median of per-round ratios): req/s, p99, hearth us/req, pg us/req")
    for w in workloads:
        for k in (1, 2, 3):
            a, b = rows(w, "A", k), rows(w, "B", k)
            print("%-8s %d instance(s)  %5.2f %6.2f %6.2f %6.2f" % (w, k, *[med([b[r][i] / a[r][i] for r in a]) for i in range(4)]))
PY
