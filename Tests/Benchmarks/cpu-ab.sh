#!/usr/bin/env bash
# CPU per request of two Hearth binaries, measured in many short alternating rounds: the steadier A/B figure on a
# shared machine. ab.sh runs each binary for whole 10-second workloads in turn, so a neighbour's load that comes and
# goes lands on one side; here each round runs A then B (then B then A), a second each, and the figure is the
# median over rounds of B's CPU µs per request divided by A's. CPU time is read in nanoseconds from
# /proc/PID/task/*/schedstat (not clock ticks: at 3,000 SYNC/s a 10 ms tick is 8 % of a one-second round).
#
#   Tests/Benchmarks/cpu-ab.sh BIN_A BIN_B [WORKLOADS="sync query10 exec_onoff exec_brightness"] [ROUNDS=16] [SECONDS=1]
#
# Env: SHARED (default ../shared), HOME_FILE (default $SHARED/bench/home-33.json), PORT_A/PORT_B (default
# 18141/18142: pick others when another run may be using those); PIN=1 runs both servers on CPU 1 and wrk on CPU 0
# (taskset), so the load generator never shares a core with the server it measures. Both servers listen on
# 127.0.0.1 only and are stopped by PID. Calibrate the noise by giving the same binary twice.
#
# Besides the medians, each workload prints a 95 % confidence interval of the median ratio (a percentile bootstrap
# over the rounds, 4,000 resamples, fixed seed): "B costs at most X % more than A" is shown when X is above it.
set -euo pipefail
cd "$(dirname "$0")/../.."
A=${1:?usage: cpu-ab.sh BIN_A BIN_B [WORKLOADS] [ROUNDS] [SECONDS]}
B=${2:?usage: cpu-ab.sh BIN_A BIN_B [WORKLOADS] [ROUNDS] [SECONDS]}
WORKLOADS=${3:-sync query10 exec_onoff exec_brightness}
ROUNDS=${4:-16}
SECONDS_PER_ROUND=${5:-1}
SHARED=$(cd "${SHARED:-../shared}" && pwd)
HOME_FILE=${HOME_FILE:-$SHARED/bench/home-33.json}
PORT_A=${PORT_A:-18141}
PORT_B=${PORT_B:-18142}
WORK=$(mktemp -d /tmp/hearth-cpu-ab.XXXX)
SERVER_PIN=
CLIENT_PIN=
if [ -n "${PIN:-}" ]; then SERVER_PIN="taskset -c 1"; CLIENT_PIN="taskset -c 0"; fi
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; }
trap cleanup EXIT

start() {  # side binary port
    local dir="$WORK/$1"
    mkdir -p "$dir"
    "$2" devices import "$HOME_FILE" --database "$dir/db.sqlite" >/dev/null
    "$2" token issue --user bench-user --database "$dir/db.sqlite" >"$dir/token"
    (cd "$dir" && HEARTH_DEVICES_SEED_FILE= HEARTH_LOG_LEVEL=warning exec $SERVER_PIN "$2" serve --port "$3" \
        --database "$dir/db.sqlite" >"$dir/serve.log" 2>&1) &
    pids+=("$!")
    echo "$!" >"$dir/pid"
    for _ in $(seq 100); do curl -sf "http://127.0.0.1:$3/healthz" >/dev/null && return; sleep 0.1; done
    echo "server $1 did not start" >&2
    exit 1
}
start A "$A" "$PORT_A"
start B "$B" "$PORT_B"
cpu_us() { cat /proc/"$1"/task/*/schedstat | awk '{ns += $1} END {printf "%d", ns / 1000}'; }
round() {  # side port workload -> CPU µs per request
    local dir="$WORK/$1" pid
    pid=$(cat "$dir/pid")
    local c0 c1 n
    c0=$(cpu_us "$pid")
    BENCH_TOKEN=$(cat "$dir/token") $CLIENT_PIN wrk -t1 -c16 -d"${SECONDS_PER_ROUND}s" -s "$dir/load/$3.lua" \
        "http://127.0.0.1:$2/fulfillment" >"$dir/wrk.txt" 2>&1
    c1=$(cpu_us "$pid")
    n=$(grep -o '[0-9]* requests in' "$dir/wrk.txt" | cut -d' ' -f1)
    awk -v a="$c0" -v b="$c1" -v n="$n" 'BEGIN {printf "%.2f", (b - a) / n}'
}
echo "# $(date -u +%FT%TZ) A=$A B=$B home $(basename "$HOME_FILE"); $ROUNDS alternating rounds x ${SECONDS_PER_ROUND}s"
printf '%-16s %10s %10s %12s %18s\n' workload "A us/req" "B us/req" "median B/A" "95% CI of B/A"
for side in "A:$PORT_A" "B:$PORT_B"; do
    # The workload scripts (and the shared harness's correctness checks) come from run.sh, once per server.
    SKIP_CHECKS=1 WARMUP=1 OUT_DIR="$WORK/${side%%:*}/load" "$SHARED/bench/load/run.sh" \
        "http://127.0.0.1:${side##*:}/fulfillment" "$(cat "$WORK/${side%%:*}/token")" 1 >/dev/null
done
for w in $WORKLOADS; do
    for i in $(seq "$ROUNDS"); do
        if ((i % 2)); then a=$(round A "$PORT_A" "$w"); b=$(round B "$PORT_B" "$w")
        else b=$(round B "$PORT_B" "$w"); a=$(round A "$PORT_A" "$w"); fi
        echo "$a $b"
    done | python3 -c '
import random, statistics, sys
rows = [tuple(map(float, line.split())) for line in sys.stdin]
ratios = [r[1] / r[0] for r in rows]
rng = random.Random(1)
boot = sorted(statistics.median(rng.choices(ratios, k=len(ratios))) for _ in range(4000))
low, high = boot[int(0.025 * len(boot))], boot[int(0.975 * len(boot)) - 1]
print("%-16s %10.1f %10.1f %11.3fx %8.3f-%.3fx" % (sys.argv[1], statistics.median(r[0] for r in rows),
      statistics.median(r[1] for r in rows), statistics.median(ratios), low, high))' "$w"
done
