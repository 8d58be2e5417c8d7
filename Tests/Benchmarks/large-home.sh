#!/usr/bin/env bash
# Large-home timings and memory: a release build of Hearth serving one user with N devices (copied round-robin from
# a template home), timed by large_home.py over one keep-alive connection. Prints the server's memory idle, after one
# SYNC of every device, after three more and after the timed rounds (VmRSS, and VmHWM: the peak RSS so far), then
# medians and p90s in ms. ROUNDS=0 measures memory only.
#
#   Tests/Benchmarks/large-home.sh [N=1000] [ROUNDS=200]
#
# Env: SHARED (default ../shared), TEMPLATE (default $SHARED/bench/home-33.json), PORT (default 18081), BIN: one or
# more release binaries (space-separated) to measure instead of building this tree; with several, each serves its
# own copy of the same home in turn, in one run (the first is the baseline the others are read against).
# Servers listen on 127.0.0.1 only and are stopped by PID.
set -euo pipefail
cd "$(dirname "$0")/../.."
COUNT=${1:-1000}
ROUNDS=${2:-200}
SHARED=${SHARED:-../shared}
TEMPLATE=${TEMPLATE:-$SHARED/bench/home-33.json}
PORT=${PORT:-18081}
WORK=$(mktemp -d /tmp/hearth-large.XXXX)
pid=
cleanup() { [ -n "$pid" ] && kill "$pid" 2>/dev/null || true; }
trap cleanup EXIT

if [ -n "${BIN:-}" ]; then
    BINARIES=$BIN
else
    swift build -c release --product hearth >/dev/null
    BINARIES=$(swift build -c release --show-bin-path)/hearth
fi
python3 Tests/Benchmarks/large_home.py generate "$TEMPLATE" "$COUNT" large-user "$WORK/home.json"
memory() {  # label
    awk -v label="$1" '/^VmRSS/{rss=$2} /^VmHWM/{hwm=$2}
        END {printf "# %-24s RSS %6.1f MiB  peak %6.1f MiB\n", label, rss/1024, hwm/1024}' "/proc/$pid/status"
}
echo "# $(date -u +%FT%TZ) $(nproc) cores (shared with other work); $COUNT devices from $(basename "$TEMPLATE")"
side=0
for HEARTH in $BINARIES; do
    side=$((side + 1))
    dir="$WORK/$side"
    mkdir -p "$dir"
    "$HEARTH" devices import "$WORK/home.json" --database "$dir/large.sqlite" >/dev/null
    TOKEN=$("$HEARTH" token issue --user large-user --database "$dir/large.sqlite")
    HEARTH_DEVICES_SEED_FILE= HEARTH_LOG_LEVEL=warning "$HEARTH" serve --port "$PORT" --database "$dir/large.sqlite" \
        >"$dir/hearth.log" 2>&1 &
    pid=$!
    for _ in $(seq 100); do curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null && break; sleep 0.1; done
    URL="http://127.0.0.1:$PORT/fulfillment"
    echo "## $HEARTH"
    memory "idle"
    python3 Tests/Benchmarks/large_home.py sync "$URL" "$TOKEN" 1
    memory "after one SYNC"
    python3 Tests/Benchmarks/large_home.py sync "$URL" "$TOKEN" 3
    memory "after three more"
    if [ "$ROUNDS" -gt 0 ]; then
        python3 Tests/Benchmarks/large_home.py time "$URL" "$TOKEN" "$ROUNDS"
        memory "after the timed rounds"
    fi
    kill "$pid"
    wait "$pid" 2>/dev/null || true
    pid=
done
