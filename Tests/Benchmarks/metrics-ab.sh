#!/usr/bin/env bash
# The cost of metrics and the per-request log line: ONE release binary, run A/B by cpu-ab.sh through two wrapper
# "binaries" that only set its configuration. A (baseline): metrics.enabled=false, log.level=warning (no request
# line). B: what is measured. Each figure is the median over alternating rounds of CPU µs per request (cpu-ab.sh).
#
#   [PORT_A=… PORT_B=…] Tests/Benchmarks/metrics-ab.sh BIN [WORKLOADS="query10 exec_onoff"] [ROUNDS=16] [SECONDS=1]
#
# Runs three comparisons, each against the same baseline side:
#   off-vs-off      the noise floor (the same configuration twice)
#   metrics         metrics on, log.level=warning (metrics alone)
#   metrics+log     metrics on, log.level=info (the default: metrics and one line per request, to a file)
#   before-vs-this  (only with BEFORE=BIN0) A: BIN0 with metrics and the line, B: BIN the same: a change's effect
# Env as cpu-ab.sh (SHARED, HOME_FILE); LOG_FORMAT=text|json for the B side's lines (default text).
set -euo pipefail
cd "$(dirname "$0")/../.."
BIN=$(cd "$(dirname "${1:?usage: metrics-ab.sh BIN [WORKLOADS] [ROUNDS] [SECONDS]}")" && pwd)/$(basename "$1")
WORKLOADS=${2:-query10 exec_onoff}
ROUNDS=${3:-16}
SECONDS_PER_ROUND=${4:-1}
WRAP=$(mktemp -d /tmp/hearth-metrics-ab.XXXX)
trap 'rm -rf "$WRAP"' EXIT

wrapper() {  # name metrics_enabled log_level [binary]
    # exec keeps the PID cpu-ab.sh measures; these variables come after cpu-ab.sh's own HEARTH_LOG_LEVEL.
    printf '#!/bin/sh\nexport HEARTH_METRICS_ENABLED=%s HEARTH_LOG_LEVEL=%s HEARTH_LOG_FORMAT=%s\nexec "%s" "$@"\n' \
        "$2" "$3" "${LOG_FORMAT:-text}" "${4:-$BIN}" >"$WRAP/$1"
    chmod +x "$WRAP/$1"
}
wrapper off false warning
wrapper off2 false warning
wrapper metrics true warning
wrapper metrics-log true info

for pair in "off-vs-off off2" "metrics metrics" "metrics+log metrics-log"; do
    set -- $pair
    echo "## B = $1"
    Tests/Benchmarks/cpu-ab.sh "$WRAP/off" "$WRAP/$2" "$WORKLOADS" "$ROUNDS" "$SECONDS_PER_ROUND"
done
if [ -n "${BEFORE:-}" ]; then
    wrapper before-log true info "$(cd "$(dirname "$BEFORE")" && pwd)/$(basename "$BEFORE")"
    echo "## A = BEFORE ($BEFORE), B = this binary, both with metrics and the line"
    Tests/Benchmarks/cpu-ab.sh "$WRAP/before-log" "$WRAP/metrics-log" "$WORKLOADS" "$ROUNDS" "$SECONDS_PER_ROUND"
fi
