#!/usr/bin/env bash
# What share of the server's CPU per request a piece of code takes, measured directly: one release Hearth under load
# (the shared harness's workloads, wrk -t1 -c16), sampled by `perf record` (cpu-clock, 4 kHz, call graphs), then per
# function pattern the inclusive CPU µs per request and its share of the whole. The A/B scripts (cpu-ab.sh,
# metrics-ab.sh) compare two whole servers and cannot see below their noise floor (±2–4 % on this kind of machine);
# this looks inside one server, so a 1 % piece of code reads as 1 % however busy the machine is. It counts what runs
# inside the functions named (inlined code is counted in its caller), not the cache misses they cause elsewhere: pair
# it with an A/B run.
#
#   Tests/Benchmarks/profile-share.sh BIN [WORKLOADS="query10 exec_onoff"] [PATTERN…]
#
# PATTERN: a regular expression matched against symbol names (mangled Swift names contain the type and function
# names); default: the metrics (HearthMetrics' recording functions and swift-prometheus's) and the per-request
# observer that calls them. Env: SHARED (default ../shared), HOME_FILE (default $SHARED/bench/home-33.json),
# PORT (default 18151), SECONDS_PER_RUN (default 8), CONNS (wrk's connections, default 16; 1 shows what contention
# between the listener's threads adds). Needs perf (Debian's linux-perf), wrk and curl; the server
# listens on 127.0.0.1 only and is stopped by PID.
set -euo pipefail
cd "$(dirname "$0")/../.."
BIN=$(cd "$(dirname "${1:?usage: profile-share.sh BIN [WORKLOADS] [PATTERN…]}")" && pwd)/$(basename "$1")
WORKLOADS=${2:-query10 exec_onoff}
shift $(($# >= 2 ? 2 : 1))
PATTERNS=("$@")
if [ ${#PATTERNS[@]} -eq 0 ]; then
    PATTERNS=('A7MetricsC12recordIntent' 'A7MetricsC14recordResponse' '^\$s10Prometheus' 'RequestObserverV6finish')
fi
SHARED=$(cd "${SHARED:-../shared}" && pwd)
HOME_FILE=${HOME_FILE:-$SHARED/bench/home-33.json}
PORT=${PORT:-18151}
SECONDS_PER_RUN=${SECONDS_PER_RUN:-8}
WORK=$(mktemp -d /tmp/hearth-profile.XXXX)
SERVER=
cleanup() { [ -n "$SERVER" ] && kill "$SERVER" 2>/dev/null || true; rm -rf "$WORK"; }
trap cleanup EXIT

"$BIN" devices import "$HOME_FILE" --database "$WORK/db.sqlite" >/dev/null
"$BIN" token issue --user bench-user --database "$WORK/db.sqlite" >"$WORK/token"
(cd "$WORK" && HEARTH_DEVICES_SEED_FILE= HEARTH_LOG_LEVEL=${LOG_LEVEL:-warning} exec "$BIN" serve --port "$PORT" \
    --database "$WORK/db.sqlite" >"$WORK/serve.log" 2>&1) &
SERVER=$!
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null && break; sleep 0.1; done
SKIP_CHECKS=1 WARMUP=1 OUT_DIR="$WORK/load" "$SHARED/bench/load/run.sh" "http://127.0.0.1:$PORT/fulfillment" \
    "$(cat "$WORK/token")" 1 >/dev/null

echo "# $(date -u +%FT%TZ) $BIN, home $(basename "$HOME_FILE"), ${SECONDS_PER_RUN}s sampled per workload, LOG_LEVEL=${LOG_LEVEL:-warning}"
for w in $WORKLOADS; do
    # The load runs a second longer on each side than the sampling, so every sample falls under load.
    BENCH_TOKEN=$(cat "$WORK/token") wrk -t1 -c"${CONNS:-16}" -d"$((SECONDS_PER_RUN + 2))s" -s "$WORK/load/$w.lua" \
        "http://127.0.0.1:$PORT/fulfillment" >"$WORK/$w.wrk" 2>&1 &
    LOAD=$!
    sleep 1  # not synchronisation: lets the load reach its steady state before sampling starts
    perf record -q -e cpu-clock -F 4000 -g -p "$SERVER" -o "$WORK/$w.data" -- sleep "$SECONDS_PER_RUN" >/dev/null 2>&1
    wait "$LOAD"
    requests=$(grep -o '[0-9]* requests in' "$WORK/$w.wrk" | cut -d' ' -f1)
    seconds=$(grep -o 'requests in [0-9.]*s' "$WORK/$w.wrk" | grep -o '[0-9.]*')
    perf report -i "$WORK/$w.data" --children --sort sym --stdio -g none 2>/dev/null | grep -v '^#' | grep -v '^$' \
        >"$WORK/$w.children"
    samples=$(perf script -i "$WORK/$w.data" -F period 2>/dev/null | wc -l)
    python3 - "$w" "$requests" "$seconds" "$SECONDS_PER_RUN" "$samples" "$WORK/$w.children" "${PATTERNS[@]}" <<'PY'
import re, sys
workload, requests, seconds, sampled, samples, path, *patterns = sys.argv[1:]
# Requests made while sampling: the run's rate times the sampled seconds. One sample is 250 µs of CPU.
per_request = lambda share: share / 100 * int(samples) * 250 / (int(requests) / float(seconds) * float(sampled))
rows = []
for line in open(path):
    fields = line.split()
    if len(fields) >= 4 and fields[0].endswith('%'):
        rows.append((float(fields[0][:-1]), fields[3] if fields[2] == '[.]' or fields[2] == '[k]' else fields[-1]))
total = per_request(100)
print(f"{workload}: {total:.1f} CPU µs per request ({int(requests) / float(seconds):,.0f} req/s, {samples} samples)")
for pattern in patterns:
    matched = [(share, name) for share, name in rows if re.search(pattern, name)]
    # Inclusive shares overlap when one matched function calls another: the largest is the honest figure.
    share = max((s for s, _ in matched), default=0.0)
    print(f"  {pattern:40s} {per_request(share):6.2f} µs  {share:5.2f} %")
PY
done
