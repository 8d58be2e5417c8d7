#!/usr/bin/env bash
# A/B benchmark of two Hearth binaries (e.g. the build before a change and after it) on the same home, interleaved
# A B A B with the shared wrk harness (shared/bench/load/compare.sh): per workload the median req/s, p50/p99 and
# server CPU µs per request of each, and B/A. CPU per request is the steadier figure on a shared machine.
#
#   Tests/Benchmarks/ab.sh BIN_A BIN_B [DURATION_S=10] [ROUNDS=3]
#
# Env: SHARED (default ../shared), HOME_FILE (default $SHARED/bench/home-33.json), BENCH_USER (bench-user),
#      LABEL_A / LABEL_B (default before / after), WORKLOADS, THREADS, CONNS as run.sh takes them.
# Each binary serves its own copy of the registry; both listen on 127.0.0.1 only and are stopped by PID.
set -euo pipefail
cd "$(dirname "$0")/../.."
BIN_A=${1:?usage: ab.sh BIN_A BIN_B [DURATION_S] [ROUNDS]}
BIN_B=${2:?usage: ab.sh BIN_A BIN_B [DURATION_S] [ROUNDS]}
DURATION=${3:-10}
ROUNDS=${4:-3}
SHARED=${SHARED:-../shared}
HOME_FILE=${HOME_FILE:-$SHARED/bench/home-33.json}
BENCH_USER=${BENCH_USER:-bench-user}
WORK=$(mktemp -d /tmp/hearth-ab.XXXX)
SHARED=$(cd "$SHARED" && pwd)
HOME_FILE=$(cd "$(dirname "$HOME_FILE")" && pwd)/$(basename "$HOME_FILE")
BIN_A=$(cd "$(dirname "$BIN_A")" && pwd)/$(basename "$BIN_A")
BIN_B=$(cd "$(dirname "$BIN_B")" && pwd)/$(basename "$BIN_B")
# Both run in the work directory, so neither reads the checkout's Config/hearth.json (an older binary would refuse
# a newer file's keys): each gets its defaults.
cd "$WORK"
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; }
trap cleanup EXIT

start() {  # name binary port -> sets PID_<name>, TOKEN_<name>
    local name=$1 bin=$2 port=$3 db="$WORK/$1.sqlite"
    "$bin" devices import "$HOME_FILE" --database "$db" >/dev/null
    local token
    token=$("$bin" token issue --user "$BENCH_USER" --database "$db")
    HEARTH_DEVICES_SEED_FILE= HEARTH_LOG_LEVEL=warning "$bin" serve --port "$port" --database "$db" \
        >"$WORK/$name.log" 2>&1 &
    local pid=$!
    pids+=("$pid")
    for _ in $(seq 100); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.1; done
    printf -v "PID_$name" %s "$pid"
    printf -v "TOKEN_$name" %s "$token"
}
start A "$BIN_A" 18081
start B "$BIN_B" 18082

echo "# $(date -u +%FT%TZ) A=$BIN_A B=$BIN_B home $(basename "$HOME_FILE"); $ROUNDS rounds x ${DURATION}s"
LABEL_A=${LABEL_A:-before} LABEL_B=${LABEL_B:-after} PID_A=$PID_A PID_B=$PID_B \
    "$SHARED/bench/load/compare.sh" "http://127.0.0.1:18081/fulfillment" "$TOKEN_A" \
    "http://127.0.0.1:18082/fulfillment" "$TOKEN_B" "$DURATION" "$ROUNDS"
for side in A B; do
    pid_var=PID_$side
    echo "RSS $side: $(awk '/VmRSS/{printf "%.1f MiB", $2/1024}' "/proc/${!pid_var}/status")"
done
