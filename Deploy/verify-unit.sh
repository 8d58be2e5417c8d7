#!/usr/bin/env bash
# Checks Deploy/hearth.service with `systemd-analyze verify`.
#
# Usage: Deploy/verify-unit.sh [BINARY]
#
# systemd-analyze refuses a unit whose ExecStart binary does not exist, and on a build machine
# /usr/local/bin/hearth does not. So the unit is copied to a temporary directory with ExecStart's binary
# replaced by BINARY (an existing executable: a freshly built .build/release/hearth, or by default /bin/true),
# and that copy is verified. Any output line that mentions the unit fails the check, warnings included.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
unit="$here/hearth.service"
binary="${1:-/bin/true}"

if [[ ! -x "$binary" ]]; then
    echo "verify-unit: $binary is not an executable file" >&2
    exit 2
fi
binary="$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")"
command -v systemd-analyze >/dev/null || { echo "verify-unit: systemd-analyze not found" >&2; exit 2; }

workdir="$(mktemp -d)"
trap 'rm -rf "$workdir"' EXIT

grep -q '^ExecStart=/usr/local/bin/hearth ' "$unit" || {
    echo "verify-unit: ExecStart no longer starts with /usr/local/bin/hearth; update this script" >&2
    exit 1
}
sed "s|^ExecStart=/usr/local/bin/hearth |ExecStart=$binary |" "$unit" >"$workdir/hearth.service"

# systemd-analyze exits 0 even for many warnings, so the output decides. Lines about other units (the host's own
# units it happens to load) are ignored; anything naming hearth.service fails.
output="$(systemd-analyze verify "$workdir/hearth.service" 2>&1)" || status=$?
status="${status:-0}"
if [[ -n "$output" ]]; then
    echo "$output"
fi
if [[ "$status" -ne 0 ]] || grep -q 'hearth.service' <<<"$output"; then
    echo "verify-unit: FAILED (exit $status)" >&2
    exit 1
fi
echo "verify-unit: OK ($unit, ExecStart binary $binary)"
