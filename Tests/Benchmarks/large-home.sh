#!/usr/bin/env bash
# Large-home timings: a release build of Hearth serving one user with N devices (copied round-robin from a
# template home), timed by large_home.py over one keep-alive connection. Prints medians and p90s in ms.
#
#   Tests/Benchmarks/large-home.sh [N=1000] [ROUNDS=200]
#
# Env: SHARED (default ../shared), TEMPLATE (default $SHARED/bench/home-33.json).
# Servers listen on 127.0.0.1 only and are stopped by PID.
set -euo pipefail
cd "$(dirname "$0")/../.."
COUNT=${1:-1000}
ROUNDS=${2:-200}
SHARED=${SHARED:-../shared}
TEMPLATE=${TEMPLATE:-$SHARED/bench/home-33.json}
PORT=18081
WORK=$(mktemp -d /tmp/hearth-large.XXXX)
pid=
cleanup() { [ -n "$pid" ] && kill "$pid" 2>/dev/null || true; }
trap cleanup EXIT

swift build -c release --product hearth >/dev/null
HEARTH=$(swift build -c release --show-bin-path)/hearth
python3 Tests/Benchmarks/large_home.py generate "$TEMPLATE" "$COUNT" large-user "$WORK/home.json"
"$HEARTH" devices import "$WORK/home.json" --database "$WORK/large.sqlite" >/dev/null
TOKEN=$("$HEARTH" token issue --user large-user --database "$WORK/large.sqlite")
HEARTH_DEVICES_SEED_FILE= HEARTH_LOG_LEVEL=warning "$HEARTH" serve --port $PORT --database "$WORK/large.sqlite" \
    >"$WORK/hearth.log" 2>&1 &
pid=$!
for _ in $(seq 50); do curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null && break; sleep 0.1; done
echo "# $(date -u +%FT%TZ) $(nproc) cores; $COUNT devices from $(basename "$TEMPLATE")"
python3 Tests/Benchmarks/large_home.py time "http://127.0.0.1:$PORT/fulfillment" "$TOKEN" "$ROUNDS"
echo "# hearth RSS: $(awk '/VmRSS/{printf "%.1f MiB", $2/1024}' "/proc/$pid/status")"
