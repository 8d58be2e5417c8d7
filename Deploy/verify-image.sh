#!/usr/bin/env bash
# Checks the container image (Deploy/Dockerfile) as far as a machine without a registry for base images can: builds
# its run stage with podman and runs the production binary from inside the image's file system.
#
# Usage: Deploy/verify-image.sh HEARTH_RELEASE_BINARY WORKDIR
#   HEARTH_RELEASE_BINARY  the production build: swift build -c release --static-swift-stdlib --product hearth
#   WORKDIR                a scratch directory (the base file system, the build context, logs)
#
# What it checks:
#   1. The build stage installs every C library's development package that Package.swift's system-library targets
#      name (their `providers: [.apt([...])]`), and runs the same production build as the one given here.
#   2. The run stage, taken from the Dockerfile line by line, builds (podman, chroot isolation) on a Debian 12
#      minbase file system made here with debootstrap, which stands in for `debian:bookworm-slim`; only the two
#      `COPY --from=builder` lines are replaced by copies of the given binary and of Config/devices.json.
#   3. Inside the built image's file system (a podman container's, entered with chroot as the image's user `hearth`
#      in its working directory /app): every shared library the binary needs resolves; `hearth serve` starts on the
#      image's own configuration (the production one: no seed, the database in the volume directory), answers
#      /healthz, takes the example home through `hearth devices import`, answers a SYNC with a token from
#      `hearth token issue`, and stops on SIGTERM with exit 0.
# What it does not check: the build stage's base image (`swift:<version>-bookworm`, which no Debian package provides)
# and anything about a container runtime (namespaces, cgroups, port publishing, the volume mount).
#
# Needs root (debootstrap, podman, chroot); installs podman and debootstrap with apt-get when missing. The base file
# system is imported once as localhost/hearth-verify-base:bookworm and reused. Exit status 0 only if every check
# passed.
set -euo pipefail

if [[ $# -ne 2 ]]; then
    echo "usage: $0 HEARTH_RELEASE_BINARY WORKDIR" >&2
    exit 2
fi
deploy="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$deploy/.." && pwd)"
binary="$1"
mkdir -p "$2"
workdir="$(cd "$2" && pwd)"
base_image="localhost/hearth-verify-base:bookworm"
image="localhost/hearth-verify:latest"
port="${HEARTH_IMAGE_PORT:-18090}"

log() { echo "verify-image: $*" >&2; }
fail() {
    log "FAILED: $*"
    if [[ -s "$workdir/hearth.log" ]]; then
        echo "----- $workdir/hearth.log (last 40 lines)" >&2
        tail -n 40 "$workdir/hearth.log" >&2
    fi
    exit 1
}
[[ -x "$binary" ]] || fail "$binary is not an executable file (build it: swift build -c release --static-swift-stdlib --product hearth)"
[[ "$(id -u)" == 0 ]] || fail "needs root (debootstrap, podman, chroot)"

dockerfile="$deploy/Dockerfile"
run_stage_from="$(grep -n '^FROM debian:bookworm-slim' "$dockerfile" | cut -d: -f1)"
[[ -n "$run_stage_from" ]] || fail "Deploy/Dockerfile has no 'FROM debian:bookworm-slim' run stage"

# --- 1. the build stage -------------------------------------------------------------------------------------------
build_stage="$(sed -n "1,$((run_stage_from - 1))p" "$dockerfile")"
for package in $(grep -o 'providers: \[\.apt(\[[^]]*\])\]' "$repo/Package.swift" | grep -o '"[^"]*"' | tr -d '"'); do
    grep -qw -- "$package" <<<"$build_stage" || fail "the Dockerfile's build stage does not install $package (Package.swift needs it)"
done
grep -qF 'swift build -c release --static-swift-stdlib --product hearth' <<<"$build_stage" ||
    fail "the Dockerfile's build stage does not run the production build this script was given"
log "ok: the build stage installs every development package Package.swift names and runs the production build"

# --- 2. the run stage ---------------------------------------------------------------------------------------------
if ! command -v podman >/dev/null || ! command -v debootstrap >/dev/null; then
    log "installing podman and debootstrap (apt)"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q podman debootstrap >/dev/null
fi
if ! podman image exists "$base_image"; then
    started=$(date +%s)
    rm -rf "$workdir/rootfs"
    # The mirror is the one debootstrap defaults to for bookworm: Debian's own.
    debootstrap --variant=minbase bookworm "$workdir/rootfs" >"$workdir/debootstrap.log" 2>&1 ||
        fail "debootstrap failed: $(tail -n 5 "$workdir/debootstrap.log")"
    tar -C "$workdir/rootfs" -c . | podman import - "$base_image" >/dev/null
    rm -rf "$workdir/rootfs"
    log "made $base_image with debootstrap in $(($(date +%s) - started)) s"
fi

context="$workdir/context"
rm -rf "$context"
mkdir -p "$context/Config" "$context/Deploy"
cp "$binary" "$context/hearth"
cp "$repo/Config/devices.json" "$context/Config/devices.json"
cp "$deploy/hearth.json" "$context/Deploy/hearth.json"
sed -n "$run_stage_from,\$p" "$dockerfile" |
    sed -e "s|^FROM debian:bookworm-slim.*|FROM $base_image|" \
        -e 's|^COPY --from=builder /usr/local/bin/hearth |COPY hearth |' \
        -e 's|^COPY --from=builder /src/Config/devices.json |COPY Config/devices.json |' >"$context/Containerfile"
if grep -q -- '--from=builder' "$context/Containerfile"; then
    fail "the run stage copies more from the build stage than this script knows: $(grep -- '--from=builder' "$context/Containerfile")"
fi
started=$(date +%s)
podman build --isolation chroot -f "$context/Containerfile" -t "$image" "$context" >"$workdir/build.log" 2>&1 ||
    fail "podman build of the run stage failed: $(tail -n 20 "$workdir/build.log")"
log "ok: the run stage builds ($(($(date +%s) - started)) s)"

# --- 3. the binary inside the image's file system -----------------------------------------------------------------
container="$(podman create "$image")"
root="$(podman mount "$container")"
hearth_pid=""
cleanup() {
    if [[ -n "$hearth_pid" ]] && kill -0 "$hearth_pid" 2>/dev/null; then
        kill -TERM "$hearth_pid" 2>/dev/null || true
        wait "$hearth_pid" 2>/dev/null || true
    fi
    umount "$root/proc" "$root/dev" 2>/dev/null || true
    podman umount "$container" >/dev/null 2>&1 || true
    podman rm -f "$container" >/dev/null 2>&1 || true
}
trap cleanup EXIT
mount -t proc proc "$root/proc"
mount --bind /dev "$root/dev"

missing="$(chroot "$root" ldd /usr/local/bin/hearth | grep 'not found' || true)"
[[ -z "$missing" ]] || fail "libraries the image lacks: $missing"
log "ok: every shared library the binary needs is in the image: $(chroot "$root" ldd /usr/local/bin/hearth |
    awk '{print $1}' | grep -v '^/' | sed 's/\.so.*//' | sort -u | tr '\n' ' ')"

# As the image runs it: USER hearth, WORKDIR /app, the image's Config/hearth.json (the production configuration).
as_image_user() { chroot --userspec=hearth:hearth "$root" /bin/sh -c "cd /app && exec /usr/local/bin/hearth $*"; }
# chroot execs the shell, which execs hearth: the PID is hearth's own (a function in the background would be a subshell's).
chroot --userspec=hearth:hearth "$root" /bin/sh -c \
    "cd /app && exec /usr/local/bin/hearth serve --host 127.0.0.1 --port $port" >"$workdir/hearth.log" 2>&1 &
hearth_pid=$!
for _ in $(seq 1 300); do
    grep -q '^hearth listening on ' "$workdir/hearth.log" && break
    kill -0 "$hearth_pid" 2>/dev/null || fail "hearth serve exited inside the image"
    sleep 0.1
done
grep -q '^hearth listening on ' "$workdir/hearth.log" || fail "hearth serve did not listen within 30 s"
[[ "$(curl -s --max-time 10 "http://127.0.0.1:$port/healthz")" == *'"ok"'* ]] || fail "/healthz did not answer ok"
log "ok: hearth serve runs as the image's user on the image's configuration and answers /healthz"

as_image_user devices import /app/examples/devices.json >"$workdir/import.log" 2>&1 ||
    fail "hearth devices import inside the image: $(cat "$workdir/import.log")"
token="$(as_image_user token issue --user demo-user --ttl 600 2>"$workdir/token.log" | tail -n 1)" ||
    fail "hearth token issue inside the image: $(cat "$workdir/token.log")"
answer="$(curl -s --max-time 10 -H "Authorization: Bearer $token" -H 'Content-Type: application/json' \
    --data '{"requestId":"image-1","inputs":[{"intent":"action.devices.SYNC"}]}' "http://127.0.0.1:$port/fulfillment")"
python3 - "$answer" <<'PY' || fail "SYNC inside the image: ${answer:0:300}"
import json, sys
answer = json.loads(sys.argv[1])
assert answer["requestId"] == "image-1", answer
assert answer["payload"]["agentUserId"] == "demo-user", answer
assert len(answer["payload"]["devices"]) > 0, answer
PY
[[ -s "$root/var/lib/hearth/hearth.sqlite" ]] || fail "the registry is not in the volume directory /var/lib/hearth"
log "ok: the example home imports into /var/lib/hearth and a SYNC answers with its devices"

kill -TERM "$hearth_pid"
set +e
wait "$hearth_pid"
status=$?
set -e
hearth_pid=""
[[ "$status" == 0 ]] || fail "hearth serve exited $status on SIGTERM"
log "ok: SIGTERM stops it with exit 0"
log "passed"
