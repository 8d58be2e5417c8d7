# What the end-to-end checks share (nginx-e2e.sh, fleet-e2e.sh, failover-e2e.sh); sourced after `set -euo pipefail`.
#
#   E2E_LOGS=(a.log b.log) E2E_TAIL=30    the files `fail` shows (names in the work directory), and how many lines
#   e2e_begin NAME MIN MAX "$@"           checks the arguments (HEARTH_BINARY WORKDIR, MIN to MAX of them), then sets
#                                         deploy, repo, binary (absolute, executable) and workdir (created, absolute)
#   log MESSAGE / fail MESSAGE            to stderr as NAME; fail shows the logs' last lines and exits 1
#   e2e_certificate                       a self-signed certificate for localhost and 127.0.0.1: workdir/hearth.crt
#                                         and hearth.key (mode 0600)
#   e2e_require FILE PATTERN...           fails unless FILE still holds each PATTERN (a fixed string this script
#                                         rewrites in its copy of a shipped file)
#   e2e_await_health NAME PORT PID        waits up to 30 s for Hearth's GET /healthz on 127.0.0.1:PORT; fails if PID
#                                         exits first
#   pids+=(PID); trap e2e_stop_pids EXIT  stops each process and its children: TERM, then KILL after 10 s

e2e_begin() {
    e2e_name="$1"
    local min="$2" max="$3"
    shift 3
    if [[ $# -lt $min || $# -gt $max ]]; then
        local extra=""
        [[ $max -gt 2 ]] && extra=" [DATABASE]"
        echo "usage: $e2e_name.sh HEARTH_BINARY WORKDIR$extra" >&2
        exit 2
    fi
    deploy="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
    repo="$(cd "$deploy/.." && pwd)"
    binary="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
    mkdir -p "$2"
    workdir="$(cd "$2" && pwd)"
    [[ -x "$binary" ]] || fail "$binary is not an executable file"
}

log() { echo "$e2e_name: $*" >&2; }

fail() {
    log "FAILED: $*"
    local file
    for file in "${E2E_LOGS[@]}"; do
        if [[ -s "$workdir/$file" ]]; then
            echo "----- $workdir/$file (last ${E2E_TAIL:-30} lines)" >&2
            tail -n "${E2E_TAIL:-30}" "$workdir/$file" >&2
        fi
    done
    exit 1
}

e2e_certificate() {
    openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=localhost" \
        -addext "subjectAltName=DNS:localhost,IP:127.0.0.1" \
        -keyout "$workdir/hearth.key" -out "$workdir/hearth.crt" >"$workdir/openssl.log" 2>&1 ||
        fail "openssl req: $(cat "$workdir/openssl.log")"
    chmod 600 "$workdir/hearth.key"
}

pids=()
e2e_stop_pids() {
    local pid
    # A child is told directly: runuser, for one, does not pass SIGTERM on.
    for pid in "${pids[@]}"; do
        kill -TERM $(pgrep -P "$pid") "$pid" 2>/dev/null || true
    done
    for pid in "${pids[@]}"; do
        for _ in $(seq 1 100); do
            kill -0 "$pid" 2>/dev/null || break
            sleep 0.1
        done
        kill -KILL "$pid" 2>/dev/null || true
    done
}

e2e_require() {
    local file="$1" pattern
    shift
    for pattern in "$@"; do
        grep -qF "$pattern" "$file" || fail "'$pattern' not found in $file; update this script"
    done
}

e2e_await_health() {
    local name="$1" port="$2" pid="$3"
    for _ in $(seq 1 300); do
        kill -0 "$pid" 2>/dev/null || fail "Hearth $name exited early"
        curl -fsS -o /dev/null "http://127.0.0.1:$port/healthz" 2>/dev/null && return 0
        sleep 0.1
    done
    fail "Hearth $name did not answer GET /healthz within 30 s"
}
