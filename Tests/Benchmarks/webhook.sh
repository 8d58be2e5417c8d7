#!/usr/bin/env bash
# Command delivery benchmark (issue 13), against a release build of this tree (scratch path .build-webhook):
#   1. EXECUTE OnOff and Brightness (the shared harness's exec_onoff / exec_brightness) in registry mode and in
#      webhook mode against `hearth fake-device-backend` answering at once, interleaved round by round (registry,
#      webhook, registry, …): req/s, p50/p99, Hearth's CPU µs per request (the fake's CPU is not counted; it shares
#      the machine);
#   2. the backend answering after 50 ms: wrk with 32, then 256 connections (that many EXECUTEs in flight at once)
#      against a webhook-mode Hearth with two listener threads: every answer must be 200 with SUCCESS
#      (bad_payload 0); p99 ≈ 50 ms + overhead while the CPU keeps up; /healthz is timed while they wait.
#
#   Tests/Benchmarks/webhook.sh [DURATION_S=10] [ROUNDS=2]
#
# Env: PORT_BASE (default 18191: the two fakes, then three Hearths, take it and the next four), SHARED (default
#      ../shared: the wrk harness), HOME_FILE (default $SHARED/bench/home-24.json, user
#      bench-user), THREADS/CONNS for wrk in part 1 (default 1/16). Needs wrk, curl, python3. Servers listen on
#      127.0.0.1 only and are stopped by PID.
set -euo pipefail
cd "$(dirname "$0")/../.."
DURATION=${1:-10}
ROUNDS=${2:-2}
SHARED=${SHARED:-../shared}
HOME_FILE=${HOME_FILE:-$SHARED/bench/home-24.json}
BENCH_USER=${BENCH_USER:-bench-user}
export THREADS=${THREADS:-1} CONNS=${CONNS:-16}
WORK=$(mktemp -d /tmp/hearth-webhook-bench.XXXX)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; }
trap cleanup EXIT
ulimit -n 8192 2>/dev/null || ulimit -n 4096

swift build -c release --scratch-path .build-webhook --product hearth >/dev/null
HEARTH=$(swift build -c release --scratch-path .build-webhook --show-bin-path)/hearth
head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n' >"$WORK/secret"

wait_up() { for _ in $(seq 100); do curl -sf "$1" -o /dev/null -X "${2:-GET}" && return 0; sleep 0.1; done; }
# A fake backend on port $1 answering after $2 ms.
fake() {
    HEARTH_LOG_LEVEL=warning "$HEARTH" fake-device-backend --port "$1" --secret-file "$WORK/secret" --delay-ms "$2" \
        --log-level warning >"$WORK/fake-$1.log" 2>&1 &
    pids+=("$!")
    for _ in $(seq 100); do grep -q listening "$WORK/fake-$1.log" && return 0; sleep 0.1; done
    echo "the fake backend on port $1 did not start: $(cat "$WORK/fake-$1.log")" >&2
    exit 1
}
# A Hearth on port $1 with its own copy of the registry; $2 = registry or the backend's port.
serve() {
    local db="$WORK/hearth-$1.sqlite"
    "$HEARTH" devices import "$HOME_FILE" --database "$db" >/dev/null
    if [ "$2" = registry ]; then
        HEARTH_DEVICES_SEED_FILE= HEARTH_LOG_LEVEL=warning "$HEARTH" serve --port "$1" --database "$db" \
            >"$WORK/hearth-$1.log" 2>&1 &
    else
        HEARTH_DEVICES_SEED_FILE= HEARTH_LOG_LEVEL=warning HEARTH_COMMANDS_DELIVERY=webhook \
            HEARTH_COMMANDS_WEBHOOK_URL="http://127.0.0.1:$2/commands" \
            HEARTH_COMMANDS_WEBHOOK_SECRET="$(cat "$WORK/secret")" HEARTH_HTTP_THREADS=2 \
            "$HEARTH" serve --port "$1" --database "$db" >"$WORK/hearth-$1.log" 2>&1 &
    fi
    pids+=("$!")
    eval "PID_$1=$!"
    eval "TOKEN_$1=$("$HEARTH" token issue --user "$BENCH_USER" --database "$db")"
    wait_up "http://127.0.0.1:$1/healthz" || { echo "Hearth on port $1 did not start: $(tail -3 "$WORK/hearth-$1.log")" >&2; exit 1; }
}

BASE=${PORT_BASE:-18191}
F0=$BASE F50=$((BASE + 1)) R=$((BASE + 2)) W0=$((BASE + 3)) W50=$((BASE + 4))
fake "$F0" 0
fake "$F50" 50
serve "$R" registry
serve "$W0" "$F0"
serve "$W50" "$F50"

echo "# $(date -u +%FT%TZ) $(nproc) cores; home $(basename "$HOME_FILE"); $ROUNDS rounds x ${DURATION}s; wrk -t$THREADS -c$CONNS"
echo "# OutboundHTTP (libcurl multi interface, system OpenSSL) to the fake on loopback"
printf '%-16s %-16s %10s %9s %9s %7s %7s %11s %9s %9s %11s %9s\n' target workload req/s p50_ms p99_ms non2xx errors bad_payload requests srv_cpu% srv_us/req host_cpu%
for round in $(seq "$ROUNDS"); do
    for target in "$R:registry" "$W0:webhook"; do
        port=${target%%:*}
        label=${target#*:}
        pid=$(eval echo "\$PID_$port")
        token=$(eval echo "\$TOKEN_$port")
        OUT_DIR="$WORK/run-$label-$round" WORKLOADS="exec_onoff exec_brightness" SERVER_PID=$pid LABEL=$label \
            SKIP_CHECKS=$([ "$round" = 1 ] && echo "" || echo 1) \
            "$SHARED/bench/load/run.sh" "http://127.0.0.1:$port/fulfillment" "$token" "$DURATION" >"$WORK/run-$label-$round.txt" 2>&1 \
            || { echo "run failed ($label):" >&2; tail -20 "$WORK/run-$label-$round.txt" >&2; exit 1; }
        grep -E '^CHECK FAIL' "$WORK/run-$label-$round.txt" | sed 's/^/# /' || true
        grep -E "^$label +exec_" "$WORK/run-$label-$round.txt"
    done
done

echo
echo "# backend answering after 50 ms: wrk -t2 -c32 and -c256 -d${DURATION}s exec_onoff against webhook-mode Hearth (http.threads 2)"
LUA="$WORK/run-webhook-1/exec_onoff.lua"
printf '%-16s %-16s %10s %9s %9s %7s %7s %11s %9s\n' target workload req/s p50_ms p99_ms non2xx errors bad_payload requests
for conns in 32 256; do
    BENCH_TOKEN=$(eval echo "\$TOKEN_$W50") wrk -t2 -c"$conns" -d"${DURATION}s" --timeout 5s --latency -s "$LUA" \
        "http://127.0.0.1:$W50/fulfillment" >"$WORK/slow-$conns.txt" 2>&1 &
    WRK_PID=$!
    sleep $((DURATION / 2))
    # While the EXECUTEs wait on the backend, the health check answers at once (no listener thread is held).
    health=$(curl -s -o /dev/null -w 'HTTP %{http_code} in %{time_total} s' "http://127.0.0.1:$W50/healthz")
    wait "$WRK_PID" || true
    read -r _ rps p50 p99 non2xx errs bad reqs < <(grep '^RESULT ' "$WORK/slow-$conns.txt" | tail -1)
    printf '%-16s %-16s %10s %9s %9s %7s %7s %11s %9s   /healthz meanwhile: %s\n' "webhook-50ms-c$conns" exec_onoff \
        "$rps" "$p50" "$p99" "$non2xx" "$errs" "$bad" "$reqs" "$health"
    grep -E 'Socket errors' "$WORK/slow-$conns.txt" | sed 's/^/# wrk: /' || true
done
