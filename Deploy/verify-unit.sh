#!/usr/bin/env bash
# Checks Deploy/hearth.service and the several-instances template Deploy/hearth@.service with `systemd-analyze verify`.
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

# Each unit, under the name systemd would load it by: the template as an instance (hearth@8081.service), so that %i
# is expanded as it is on a host.
check() {
    local unit="$1" name="$2"
    grep -q '^ExecStart=/usr/local/bin/hearth ' "$unit" || {
        echo "verify-unit: ExecStart of $unit no longer starts with /usr/local/bin/hearth; update this script" >&2
        exit 1
    }
    sed "s|^ExecStart=/usr/local/bin/hearth |ExecStart=$binary |" "$unit" >"$workdir/$name"
    # systemd-analyze exits 0 even for many warnings, so the output decides. Lines about other units (the host's own
    # units it happens to load) are ignored; anything naming the unit fails.
    local output status=0
    output="$(systemd-analyze verify "$workdir/$name" 2>&1)" || status=$?
    if [[ -n "$output" ]]; then
        echo "$output"
    fi
    if [[ "$status" -ne 0 ]] || grep -qF "${name%%@*}" <<<"$output"; then
        echo "verify-unit: FAILED for $unit (exit $status)" >&2
        exit 1
    fi
    echo "verify-unit: OK ($unit as $name, ExecStart binary $binary)"
}
check "$unit" hearth.service
check "$here/hearth@.service" hearth@8081.service
