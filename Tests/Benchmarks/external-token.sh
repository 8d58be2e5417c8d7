#!/usr/bin/env bash
# CPU per request of /fulfillment with an identity provider's JWT access token (`auth.externalTokens.*`) against the
# same request with Hearth's own token, on the same server, in many short alternating rounds (as cpu-ab.sh does).
#
#   Tests/Benchmarks/external-token.sh BIN [WORKLOADS="query10 sync"] [ROUNDS=16] [SECONDS=1]
#
# Two servers of BIN on one registry copy each: "cached", the default (a verified token's verdict is kept until its
# `exp`), and "verify" with `auth.externalTokens.cacheEntries` 0 (its RS256 signature and claims are checked on
# every request: the key is cached, the verdict is not). The provider is a static discovery document and JWKS served
# by `python3 -m http.server` on loopback (read once, at the first JWT); the JWT is RS256 with a 2048-bit key, made
# here with `openssl`. Prints, per workload and server, the median CPU µs per request with Hearth's token and with
# the JWT, and the median ratio with a 95 % bootstrap interval. Env: SHARED (default ../shared), HOME_FILE, PIN=1
# (servers on CPU 1, wrk on CPU 0), PORT_BASE (default 18151: ports PORT_BASE..PORT_BASE+2).
set -euo pipefail
cd "$(dirname "$0")/../.."
BIN=${1:?usage: external-token.sh BIN [WORKLOADS] [ROUNDS] [SECONDS]}
WORKLOADS=${2:-query10 sync}
ROUNDS=${3:-16}
SECONDS_PER_ROUND=${4:-1}
SHARED=$(cd "${SHARED:-../shared}" && pwd)
HOME_FILE=${HOME_FILE:-$SHARED/bench/home-33.json}
PORT_BASE=${PORT_BASE:-18151}
IDP_PORT=$PORT_BASE
WORK=$(mktemp -d /tmp/hearth-external-token.XXXX)
SERVER_PIN=
CLIENT_PIN=
if [ -n "${PIN:-}" ]; then SERVER_PIN="taskset -c 1"; CLIENT_PIN="taskset -c 0"; fi
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; }
trap cleanup EXIT
b64url() { openssl base64 -A | tr '+/' '-_' | tr -d '='; }

# The provider: a key, its JWKS and a discovery document, served as static files.
ISSUER="http://127.0.0.1:$IDP_PORT"
mkdir -p "$WORK/idp/.well-known"
openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out "$WORK/key.pem" 2>/dev/null
modulus=$(openssl rsa -in "$WORK/key.pem" -noout -modulus 2>/dev/null | cut -d= -f2 | xxd -r -p | b64url)
printf '{"keys":[{"kty":"RSA","kid":"bench","use":"sig","alg":"RS256","n":"%s","e":"AQAB"}]}' "$modulus" \
    >"$WORK/idp/jwks.json"
printf '{"issuer":"%s","jwks_uri":"%s/jwks.json","authorization_endpoint":"%s/authorize","token_endpoint":"%s/token","response_types_supported":["code"],"subject_types_supported":["public"],"id_token_signing_alg_values_supported":["RS256"]}' \
    "$ISSUER" "$ISSUER" "$ISSUER" "$ISSUER" >"$WORK/idp/.well-known/openid-configuration"
(cd "$WORK/idp" && exec python3 -m http.server "$IDP_PORT" --bind 127.0.0.1 >"$WORK/idp.log" 2>&1) &
pids+=("$!")
for _ in $(seq 100); do curl -sf "$ISSUER/jwks.json" >/dev/null && break; sleep 0.1; done
header=$(printf '{"alg":"RS256","kid":"bench","typ":"at+jwt"}' | b64url)
payload=$(printf '{"iss":"%s","aud":"hearth-bench","sub":"bench-user","iat":%d,"exp":%d}' \
    "$ISSUER" "$(date +%s)" "$(($(date +%s) + 86400))" | b64url)
signature=$(printf '%s.%s' "$header" "$payload" | openssl dgst -sha256 -sign "$WORK/key.pem" -binary | b64url)
printf '%s.%s.%s' "$header" "$payload" "$signature" >"$WORK/jwt"

start() {  # name port cacheEntries
    local dir="$WORK/$1"
    mkdir -p "$dir"
    "$BIN" devices import "$HOME_FILE" --database "$dir/db.sqlite" >/dev/null
    "$BIN" token issue --user bench-user --database "$dir/db.sqlite" >"$dir/token"
    printf '{"auth":{"externalTokens":{"issuer":"%s","audience":"hearth-bench","cacheEntries":%d}}}' \
        "$ISSUER" "$3" >"$dir/hearth.json"
    (cd "$dir" && HEARTH_DEVICES_SEED_FILE= HEARTH_LOG_LEVEL=warning exec $SERVER_PIN "$BIN" serve --port "$2" \
        --config "$dir/hearth.json" --database "$dir/db.sqlite" >"$dir/serve.log" 2>&1) &
    pids+=("$!")
    echo "$!" >"$dir/pid"
    for _ in $(seq 100); do curl -sf "http://127.0.0.1:$2/healthz" >/dev/null && break; sleep 0.1; done
    # Both tokens must work before anything is measured.
    for token in "$(cat "$dir/token")" "$(cat "$WORK/jwt")"; do
        curl -sf -H "Authorization: Bearer $token" -H 'Content-Type: application/json' \
            -d '{"requestId":"1","inputs":[{"intent":"action.devices.SYNC"}]}' \
            "http://127.0.0.1:$2/fulfillment" | grep -q '"agentUserId":"bench-user"' ||
            { echo "server $1: a token was refused" >&2; cat "$dir/serve.log" >&2; exit 1; }
    done
    SKIP_CHECKS=1 WARMUP=1 OUT_DIR="$dir/load" "$SHARED/bench/load/run.sh" \
        "http://127.0.0.1:$2/fulfillment" "$(cat "$dir/token")" 1 >/dev/null
}
start cached $((PORT_BASE + 1)) 10000
start verify $((PORT_BASE + 2)) 0
cpu_us() { cat /proc/"$1"/task/*/schedstat | awk '{ns += $1} END {printf "%d", ns / 1000}'; }
round() {  # server port workload tokenfile -> CPU µs per request
    local dir="$WORK/$1" pid c0 c1 n
    pid=$(cat "$dir/pid")
    c0=$(cpu_us "$pid")
    BENCH_TOKEN=$(cat "$4") $CLIENT_PIN wrk -t1 -c16 -d"${SECONDS_PER_ROUND}s" -s "$dir/load/$3.lua" \
        "http://127.0.0.1:$2/fulfillment" >"$dir/wrk.txt" 2>&1
    c1=$(cpu_us "$pid")
    n=$(grep -o '[0-9]* requests in' "$dir/wrk.txt" | cut -d' ' -f1)
    if grep -q 'Non-2xx' "$dir/wrk.txt"; then echo "non-2xx answers: $(cat "$dir/wrk.txt")" >&2; exit 1; fi
    awk -v a="$c0" -v b="$c1" -v n="$n" 'BEGIN {printf "%.2f", (b - a) / n}'
}
echo "# $(date -u +%FT%TZ) $BIN home $(basename "$HOME_FILE"); $ROUNDS alternating rounds x ${SECONDS_PER_ROUND}s"
printf '%-10s %-8s %12s %12s %14s %18s\n' workload server "own us/req" "JWT us/req" "median JWT/own" "95% CI"
for w in $WORKLOADS; do
    for server in cached:$((PORT_BASE + 1)) verify:$((PORT_BASE + 2)); do
        name=${server%%:*}
        port=${server##*:}
        for i in $(seq "$ROUNDS"); do
            if ((i % 2)); then a=$(round "$name" "$port" "$w" "$WORK/$name/token"); b=$(round "$name" "$port" "$w" "$WORK/jwt")
            else b=$(round "$name" "$port" "$w" "$WORK/jwt"); a=$(round "$name" "$port" "$w" "$WORK/$name/token"); fi
            echo "$a $b"
        done | python3 -c '
import random, statistics, sys
rows = [tuple(map(float, line.split())) for line in sys.stdin]
ratios = [r[1] / r[0] for r in rows]
rng = random.Random(1)
boot = sorted(statistics.median(rng.choices(ratios, k=len(ratios))) for _ in range(4000))
low, high = boot[int(0.025 * len(boot))], boot[int(0.975 * len(boot)) - 1]
print("%-10s %-8s %12.1f %12.1f %13.3fx %8.3f-%.3fx" % (sys.argv[1], sys.argv[2],
      statistics.median(r[0] for r in rows), statistics.median(r[1] for r in rows), statistics.median(ratios),
      low, high))' "$w" "$name"
    done
done
