#!/usr/bin/env bash
# CPU per request with recording off (A) and on (B), one binary, through cpu-ab.sh's alternating rounds: B is the
# same binary started with HEARTH_RECORD_DIRECTORY set (record.sampleRate 1: every intent recorded), so the figure
# includes the writer thread's work (parse, redact, pretty-print, write, rename), which runs in the same process.
#
#   [SAMPLE_RATE=1] Tests/Benchmarks/record-ab.sh BIN [WORKLOADS="query10 exec_onoff"] [ROUNDS=8] [SECONDS=1]
#
# SAMPLE_RATE sets B's record.sampleRate. Calibrate the noise with cpu-ab.sh BIN BIN.
#
# BIN should be a release build in its own scratch path:
#   swift build -c release --scratch-path .build-release --product hearth
#   Tests/Benchmarks/record-ab.sh .build-release/release/hearth
# Env as cpu-ab.sh (SHARED, HOME_FILE). Recordings go to a temporary directory, removed at the end.
set -euo pipefail
cd "$(dirname "$0")/../.."
BIN=$(realpath "${1:?usage: record-ab.sh BIN [WORKLOADS] [ROUNDS] [SECONDS]}")
WORK=$(mktemp -d /tmp/hearth-record-ab.XXXX)
trap 'rm -rf "$WORK"' EXIT
mkdir "$WORK/recorded"
cat >"$WORK/hearth-recording" <<WRAPPER
#!/bin/sh
HEARTH_RECORD_DIRECTORY="$WORK/recorded" HEARTH_RECORD_SAMPLE_RATE="${SAMPLE_RATE:-1}" exec "$BIN" "\$@"
WRAPPER
chmod +x "$WORK/hearth-recording"
Tests/Benchmarks/cpu-ab.sh "$BIN" "$WORK/hearth-recording" "${2:-query10 exec_onoff}" "${3:-8}" "${4:-1}"
echo "# B wrote $(find "$WORK/recorded" -name 'rec-*.json' | wc -l) recordings ($(du -sh "$WORK/recorded" | cut -f1))"
