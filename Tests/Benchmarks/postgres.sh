#!/usr/bin/env bash
# SQLite vs PostgreSQL, and one instance vs two on one PostgreSQL: one release binary, in one run.
#
#   Tests/Benchmarks/postgres.sh BIN [WORKLOADS="sync query10 exec_onoff"] [ROUNDS=8] [SECONDS=2]
#
# Part 1: two servers of BIN, S on a SQLite file and P on a throwaway PostgreSQL cluster (Deploy/dev-postgres.sh, on
# 127.0.0.1, fsync on), each with the 33-device bench home; for each workload ROUNDS alternating rounds of wrk
# (-t1 -c16, SECONDS each). Per side the medians over rounds of: requests/s, p99 latency, Hearth's CPU µs per request
# (/proc/PID/task/*/schedstat, ns) and, for P, PostgreSQL's own CPU µs per request (every process of the cluster).
# Part 2: a second instance P2 on the same PostgreSQL; the same load (16 connections) sent to P alone, then split
# 8 + 8 over P and P2 at once: requests/s and CPU per request (both Hearths, PostgreSQL).
# Env: SHARED (../shared), HOME_FILE ($SHARED/bench/home-33.json), PORT_BASE (18151: S, P, P2 take it and the next
# two), PG_PORT (55441). Everything listens on 127.0.0.1 and is stopped by PID.
set -euo pipefail
cd "$(dirname "$0")/../.."
BIN=$(cd "$(dirname "${1:?usage: postgres.sh BIN [WORKLOADS] [ROUNDS] [SECONDS]}")" && pwd)/$(basename "$1")
WORKLOADS=${2:-sync query10 exec_onoff}
ROUNDS=${3:-8}
SECONDS_PER_ROUND=${4:-2}
SHARED=$(cd "${SHARED:-../shared}" && pwd)
HOME_FILE=${HOME_FILE:-$SHARED/bench/home-33.json}
PORT_BASE=${PORT_BASE:-18151}
PG_PORT=${PG_PORT:-55441}
WORK=$(mktemp -d /tmp/hearth-pg-bench.XXXX)
chmod 755 "$WORK"  # the cluster runs as another user when this runs as root
pids=()
cleanup() {
    for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
    Deploy/dev-postgres.sh stop "$WORK/pg" >/dev/null 2>&1 || true
}
trap cleanup EXIT
command -v wrk >/dev/null || { echo "postgres.sh: wrk not found (apt-get install wrk)" >&2; exit 2; }

# fsync on (dev-postgres.sh turns it off for tests): PostgreSQL's commits reach the disk, as SQLite's WAL commits do
# at checkpoints with synchronous=NORMAL.
URL=$(DEV_POSTGRES_FSYNC=on Deploy/dev-postgres.sh start "$WORK/pg" "$PG_PORT")
PGDATA_DIR="$WORK/pg/data"
postmaster=$(head -n1 "$PGDATA_DIR/postmaster.pid")

start() {  # name database port
    local dir="$WORK/$1"
    mkdir -p "$dir"
    if [[ "$1" != P2 ]]; then
        "$BIN" devices import "$HOME_FILE" --database "$2" >/dev/null
    fi
    "$BIN" token issue --user bench-user --database "$2" | tail -n1 >"$dir/token"
    (cd "$dir" && HEARTH_DEVICES_SEED_FILE= HEARTH_LOG_LEVEL=warning exec "$BIN" serve --port "$3" --database "$2" \
        >"$dir/serve.log" 2>&1) &
    pids+=("$!")
    echo "$!" >"$dir/pid"
    for _ in $(seq 100); do curl -sf "http://127.0.0.1:$3/healthz" >/dev/null && return; sleep 0.1; done
    echo "server $1 did not start: $(tail -n5 "$dir/serve.log")" >&2
    exit 1
}
start S "$WORK/S/db.sqlite" "$PORT_BASE"
start P "$URL" $((PORT_BASE + 1))
start P2 "$URL" $((PORT_BASE + 2))

cpu_us() { cat /proc/"$1"/task/*/schedstat 2>/dev/null | awk '{ns += $1} END {printf "%d", ns / 1000}'; }
pg_cpu_us() {  # every process of the cluster: the postmaster and its children
    local total=0 p
    for p in "$postmaster" $(pgrep -P "$postmaster"); do total=$((total + $(cpu_us "$p"))); done
    echo "$total"
}
for side in S:$PORT_BASE P:$((PORT_BASE + 1)) P2:$((PORT_BASE + 2)); do
    SKIP_CHECKS=1 WARMUP=1 OUT_DIR="$WORK/${side%%:*}/load" "$SHARED/bench/load/run.sh" \
        "http://127.0.0.1:${side##*:}/fulfillment" "$(cat "$WORK/${side%%:*}/token")" 1 >/dev/null
done

# One round against one side: "req/s p99_ms hearth_us/req pg_us/req".
round() {  # side port workload
    local dir="$WORK/$1" pid c0 c1 g0 g1 n
    pid=$(cat "$dir/pid")
    c0=$(cpu_us "$pid"); g0=$(pg_cpu_us)
    BENCH_TOKEN=$(cat "$dir/token") wrk -t1 -c16 -d"${SECONDS_PER_ROUND}s" --latency -s "$dir/load/$3.lua" \
        "http://127.0.0.1:$2/fulfillment" >"$dir/wrk.txt" 2>&1
    c1=$(cpu_us "$pid"); g1=$(pg_cpu_us)
    n=$(grep -o '[0-9]* requests in' "$dir/wrk.txt" | cut -d' ' -f1)
    python3 - "$dir/wrk.txt" "$n" "$c0" "$c1" "$g0" "$g1" "$SECONDS_PER_ROUND" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
n, c0, c1, g0, g1, seconds = (float(v) for v in sys.argv[2:])
def ms(value, unit):
    return float(value) * {"us": 0.001, "ms": 1, "s": 1000}[unit]
p99 = re.search(r"99%\s+([\d.]+)(us|ms|s)", text)
print("%.0f %.2f %.1f %.1f" % (n / seconds, ms(*p99.groups()) if p99 else -1, (c1 - c0) / n, (g1 - g0) / n))
PY
}
summarize() {  # label -> medians of the rows on stdin
    python3 -c '
import statistics, sys
rows = [list(map(float, line.split())) for line in sys.stdin if line.strip()]
med = [statistics.median(r[i] for r in rows) for i in range(4)]
print("%-26s %9.0f %8.2f %10.1f %10.1f" % (sys.argv[1], *med))' "$1"
}

echo "# $(date -u +%FT%TZ) $BIN, home $(basename "$HOME_FILE"), $ROUNDS alternating rounds x ${SECONDS_PER_ROUND}s, wrk -t1 -c16"
echo "# PostgreSQL $(psql --version | awk '{print $3}') on 127.0.0.1 (fsync on); SQLite synchronous=normal"
printf '%-26s %9s %8s %10s %10s\n' "workload / side" "req/s" "p99 ms" "hearth us" "pg us"
for w in $WORKLOADS; do
    : >"$WORK/S.$w"; : >"$WORK/P.$w"
    for i in $(seq "$ROUNDS"); do
        if ((i % 2)); then round S "$PORT_BASE" "$w" >>"$WORK/S.$w"; round P $((PORT_BASE + 1)) "$w" >>"$WORK/P.$w"
        else round P $((PORT_BASE + 1)) "$w" >>"$WORK/P.$w"; round S "$PORT_BASE" "$w" >>"$WORK/S.$w"; fi
    done
    summarize "$w sqlite" <"$WORK/S.$w"
    summarize "$w postgres" <"$WORK/P.$w"
done

# Part 2: one instance vs two on one PostgreSQL, the same 16 connections.
echo
echo "# one PostgreSQL: 16 connections to one instance, vs 8 + 8 to two instances at once"
printf '%-26s %9s %10s %10s\n' "workload / instances" "req/s" "hearth us" "pg us"
split_round() {  # workload -> "req/s hearth_us/req pg_us/req" with both instances loaded at once
    local w="$1" a b c0a c0b c1a c1b g0 g1 na nb
    a=$(cat "$WORK/P/pid"); b=$(cat "$WORK/P2/pid")
    c0a=$(cpu_us "$a"); c0b=$(cpu_us "$b"); g0=$(pg_cpu_us)
    BENCH_TOKEN=$(cat "$WORK/P/token") wrk -t1 -c8 -d"${SECONDS_PER_ROUND}s" -s "$WORK/P/load/$w.lua" \
        "http://127.0.0.1:$((PORT_BASE + 1))/fulfillment" >"$WORK/P/wrk-split.txt" 2>&1 &
    local first=$!
    BENCH_TOKEN=$(cat "$WORK/P2/token") wrk -t1 -c8 -d"${SECONDS_PER_ROUND}s" -s "$WORK/P2/load/$w.lua" \
        "http://127.0.0.1:$((PORT_BASE + 2))/fulfillment" >"$WORK/P2/wrk-split.txt" 2>&1
    wait "$first"
    c1a=$(cpu_us "$a"); c1b=$(cpu_us "$b"); g1=$(pg_cpu_us)
    na=$(grep -o '[0-9]* requests in' "$WORK/P/wrk-split.txt" | cut -d' ' -f1)
    nb=$(grep -o '[0-9]* requests in' "$WORK/P2/wrk-split.txt" | cut -d' ' -f1)
    awk -v n=$((na + nb)) -v s="$SECONDS_PER_ROUND" -v h=$((c1a - c0a + c1b - c0b)) -v g=$((g1 - g0)) \
        'BEGIN {printf "%.0f %.1f %.1f\n", n / s, h / n, g / n}'
}
for w in $WORKLOADS; do
    : >"$WORK/one.$w"; : >"$WORK/two.$w"
    for i in $(seq "$ROUNDS"); do
        round P $((PORT_BASE + 1)) "$w" | awk '{print $1, $3, $4}' >>"$WORK/one.$w"
        split_round "$w" >>"$WORK/two.$w"
    done
    for kind in one two; do
        python3 -c '
import statistics, sys
rows = [list(map(float, line.split())) for line in sys.stdin if line.strip()]
print("%-26s %9.0f %10.1f %10.1f" % (sys.argv[1], *[statistics.median(r[i] for r in rows) for i in range(3)]))' \
            "$w $kind" <"$WORK/$kind.$w"
    done
done
