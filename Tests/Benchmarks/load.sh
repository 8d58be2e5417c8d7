#!/usr/bin/env bash
# Load benchmark: Hearth (release build) against the canned microhttpd baseline serving Hearth's own answers,
# interleaved (canned, hearth, canned, hearth, ...) per workload, with the shared wrk harness. Prints per
# workload the median req/s, p50/p99 and server CPU µs per request of both, the ratio Hearth/canned, and the
# ratio to the Home Assistant figures measured on this kind of machine (shared/bench/README.md).
#
#   Tests/Benchmarks/load.sh [DURATION_S=10] [ROUNDS=3]
#
# Env: SHARED (default ../shared), HOME_FILE (default $SHARED/bench/home-24.json), BENCH_USER (bench-user),
#      WORKLOADS (default "sync query10 exec_onoff exec_brightness"), THREADS/CONNS as run.sh takes them.
# Needs wrk, curl, python3, cc and libmicrohttpd-dev; servers listen on 127.0.0.1 only and are stopped by PID.
set -euo pipefail
cd "$(dirname "$0")/../.."
DURATION=${1:-10}
ROUNDS=${2:-3}
SHARED=${SHARED:-../shared}
HOME_FILE=${HOME_FILE:-$SHARED/bench/home-24.json}
BENCH_USER=${BENCH_USER:-bench-user}
WORKLOADS=${WORKLOADS:-sync query10 exec_onoff exec_brightness}
RUN="$SHARED/bench/load/run.sh"
HEARTH_PORT=18080
CANNED_PORT=18090
WORK=$(mktemp -d /tmp/hearth-bench.XXXX)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; }
trap cleanup EXIT

swift build -c release --product hearth >/dev/null
HEARTH=$(swift build -c release --show-bin-path)/hearth
cc -O2 -o "$WORK/canned" "$SHARED/bench/baseline/canned.c" $(pkg-config --cflags --libs libmicrohttpd)

"$HEARTH" devices import "$HOME_FILE" --database "$WORK/bench.sqlite" >/dev/null
TOKEN=$("$HEARTH" token issue --user "$BENCH_USER" --database "$WORK/bench.sqlite")
HEARTH_DEVICES_SEED_FILE= HEARTH_LOG_LEVEL=warning "$HEARTH" serve --port $HEARTH_PORT --database "$WORK/bench.sqlite" \
    >"$WORK/hearth.log" 2>&1 &
HEARTH_PID=$!
pids+=("$HEARTH_PID")
for _ in $(seq 50); do curl -sf "http://127.0.0.1:$HEARTH_PORT/healthz" >/dev/null && break; sleep 0.1; done
URL="http://127.0.0.1:$HEARTH_PORT/fulfillment"

echo "# $(date -u +%FT%TZ) $(nproc) cores; home $(basename "$HOME_FILE"); $ROUNDS rounds x ${DURATION}s per workload and target"
echo "# correctness checks and Hearth's own answers (for the canned baseline):"
OUT_DIR="$WORK/check" WORKLOADS=query10 WARMUP=0 SERVER_PID=$HEARTH_PID LABEL=hearth "$RUN" "$URL" "$TOKEN" 1 | grep -E '^CHECK' | sed 's/^/#   /'
# The request bodies the workloads send, answered once by Hearth: those answers are what canned serves.
python3 - "$WORK/check" "$WORK" <<'PY'
import json, sys
check, work = sys.argv[1:]
t = json.load(open(f"{check}/targets.json"))
ref = lambda i: t["refs"][i]
def execute(dev, cmd, params):
    return {"commands": [{"devices": [ref(dev)], "execution": [{"command": "action.devices.commands." + cmd, "params": params}]}]}
bodies = {
    "sync": {"intent": "action.devices.SYNC"},
    "query10": {"intent": "action.devices.QUERY", "payload": {"devices": [ref(i) for i in t["query_ids"]]}},
    "exec_onoff": {"intent": "action.devices.EXECUTE", "payload": execute(t["onoff_id"], "OnOff", {"on": True})},
    "exec_brightness": {"intent": "action.devices.EXECUTE", "payload": execute(t["brightness_id"], "BrightnessAbsolute", {"brightness": 50})},
}
for name, inp in bodies.items():
    json.dump({"requestId": "bench-canned-" + name, "inputs": [inp]}, open(f"{work}/{name}.request.json", "w"))
PY
for w in $WORKLOADS; do
    curl -sf -X POST -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' \
        --data @"$WORK/$w.request.json" "$URL" >"$WORK/$w.answer.json"
    echo "#   $w: Hearth's answer is $(wc -c <"$WORK/$w.answer.json") bytes"
done

# canned answers every request with one file, so run.sh (which derives its targets from the target's own SYNC)
# cannot drive it; measure it exactly as run.sh does, with the same wrk scripts and flags.
HZ=$(getconf CLK_TCK)
measure_canned() {  # workload pid -> one result line like run.sh's
    local w=$1 pid=$2 lua="$WORK/check/$1.lua" out="$WORK/canned-$1.wrk.txt"
    wrk -t"${THREADS:-1}" -c"${CONNS:-16}" -d"${WARMUP:-2}s" --timeout 5s -s "$lua" "http://127.0.0.1:$CANNED_PORT/fulfillment" >/dev/null 2>&1 || true
    local c0 c1 t0 t1
    c0=$(sed 's/^.*) //' "/proc/$pid/stat" | awk '{print $12 + $13}'); t0=$(date +%s.%N)
    BENCH_TOKEN=$TOKEN wrk -t"${THREADS:-1}" -c"${CONNS:-16}" -d"${DURATION}s" --timeout 5s --latency -s "$lua" \
        "http://127.0.0.1:$CANNED_PORT/fulfillment" >"$out" 2>&1 || true
    c1=$(sed 's/^.*) //' "/proc/$pid/stat" | awk '{print $12 + $13}'); t1=$(date +%s.%N)
    read -r _ rps p50 p99 non2xx errs bad reqs < <(grep '^RESULT ' "$out" | tail -1)
    awk -v w="$w" -v rps="$rps" -v p50="$p50" -v p99="$p99" -v n2="$non2xx" -v e="$errs" -v b="$bad" -v r="$reqs" \
        -v a="$c0" -v b1="$c1" -v hz="$HZ" -v s="$t0" -v f="$t1" \
        'BEGIN{c=(b1-a)/hz; printf "canned %s %s %s %s %s %s %s %s %.0f %.0f -\n", w, rps, p50, p99, n2, e, b, r, 100*c/(f-s), 1e6*c/r}'
}

LOG="$WORK/results.log"
for round in $(seq "$ROUNDS"); do
    for w in $WORKLOADS; do
        "$WORK/canned" "$WORK/$w.answer.json" $CANNED_PORT >/dev/null 2>&1 &
        canned=$!
        pids+=("$canned")
        sleep 0.3
        measure_canned "$w" "$canned" >>"$LOG"
        kill "$canned"; wait "$canned" 2>/dev/null || true
        SKIP_CHECKS=1 WORKLOADS=$w OUT_DIR="$WORK/r$round-hearth-$w" SERVER_PID=$HEARTH_PID LABEL=hearth \
            "$RUN" "$URL" "$TOKEN" "$DURATION" | grep -E '^hearth ' >>"$LOG" || true
    done
done
RSS=$(awk '/VmRSS/{print $2}' "/proc/$HEARTH_PID/status")

python3 - "$LOG" "$RSS" <<'PY'
import statistics, sys
log, rss = sys.argv[1], int(sys.argv[2])
# Home Assistant 2024.3.3 on this kind of machine, wrk -t1 -c16 (shared/bench/README.md).
ha = {"sync": 289, "query10": 2586, "exec_onoff": 1387, "exec_brightness": 1216}
rows = {}
for line in open(log):
    f = line.split()
    rows.setdefault((f[1], f[0]), []).append(f)
print(f"\n{'workload':16s} {'target':7s} {'n':>2s} {'med req/s':>10s} {'p50 ms':>7s} {'p99 ms':>7s} {'us/req':>7s} {'err':>4s}   {'hearth/canned':>13s} {'hearth/HA':>9s}")
for w in dict.fromkeys(k[0] for k in rows):
    med = {}
    for t in ("canned", "hearth"):
        v = rows.get((w, t), [])
        if not v:
            continue
        num = lambda i: statistics.median(float(x[i]) for x in v if x[i] != "-") if any(x[i] != "-" for x in v) else float("nan")
        errs = sum(int(x[5]) + int(x[6]) + int(x[7]) for x in v)
        med[t] = (num(2), num(3), num(4), num(10), errs, len(v))
    for t, (rps, p50, p99, us, errs, n) in med.items():
        extra = ""
        if t == "hearth" and "canned" in med:
            extra = f"   {rps / med['canned'][0]:12.2f}x {rps / ha[w]:8.1f}x" if w in ha else f"   {rps / med['canned'][0]:12.2f}x"
        print(f"{w:16s} {t:7s} {n:2d} {rps:10.0f} {p50:7.2f} {p99:7.2f} {us:7.0f} {errs:4d}{extra}")
print(f"\nhearth RSS after the run: {rss / 1024:.1f} MiB   (err = non-2xx + socket errors + bad payloads, summed over rounds)")
PY
echo "(raw lines: $LOG)"
