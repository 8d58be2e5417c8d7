#!/usr/bin/env bash
# Device backend API benchmark (issue 12), against a release build of this tree:
#   1. throughput and p50/p99 of PATCH /v1/users/{u}/devices/{d}/state (one change a request) and POST /v1/state
#      (batches of 100 changes) next to EXECUTE (the shared harness's exec_onoff), interleaved round by round
#      (exec, patch, batch, exec, …) so that the ratios come from the same run;
#   2. change stream delivery latency, commit → event at the consumer (the event's `occurred`, stamped in the
#      writing transaction, against the consumer's clock on the same host), p50/p99 over 10 consumers following
#      GET /v1/changes?types=command as Server-Sent Events while wrk runs EXECUTE load;
#   3. Hearth's RSS idle and with 1,000 open streams (each has read its headers, then sits idle).
#
#   Tests/Benchmarks/device-api.sh [DURATION_S=10] [ROUNDS=3]
#
# Env: SHARED (default ../shared: the wrk harness, shared/bench/load), HOME_FILE (default
#      $SHARED/bench/home-24.json, user bench-user), THREADS/CONNS for wrk (default 1/16), STREAMS (default 1000).
# Needs wrk, curl and python3. Servers listen on 127.0.0.1 only and are stopped by PID.
set -euo pipefail
cd "$(dirname "$0")/../.."
DURATION=${1:-10}
ROUNDS=${2:-3}
SHARED=${SHARED:-../shared}
HOME_FILE=${HOME_FILE:-$SHARED/bench/home-24.json}
BENCH_USER=${BENCH_USER:-bench-user}
THREADS=${THREADS:-1}
CONNS=${CONNS:-16}
STREAMS=${STREAMS:-1000}
PORT=18082
WORK=$(mktemp -d /tmp/hearth-device-api-bench.XXXX)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; }
trap cleanup EXIT
# 1,000 streams are 1,000 sockets on each side.
ulimit -n 8192 2>/dev/null || ulimit -n 4096

swift build -c release --product hearth >/dev/null
HEARTH=$(swift build -c release --show-bin-path)/hearth
DB="$WORK/bench.sqlite"

# The home, plus a user with 200 plugs for the batches (100 distinct devices a batch, alternating halves).
python3 - "$WORK/api-home.json" <<'PY'
import json, sys
devices = [{"id": "plug-%03d" % i, "name": "Plug %d" % i, "room": "Lab", "deviceTypes": ["OnOffPlugInUnit"],
            "clusters": {"OnOff": {"OnOff": False}}} for i in range(200)]
json.dump({"users": [{"agentUserId": "api-bench-user", "devices": devices}]}, open(sys.argv[1], "w"))
PY
"$HEARTH" devices import "$HOME_FILE" --database "$DB" >/dev/null
"$HEARTH" devices import "$WORK/api-home.json" --database "$DB" >/dev/null
TOKEN=$("$HEARTH" token issue --user "$BENCH_USER" --database "$DB")
KEY=$("$HEARTH" apikeys create --name bench --database "$DB" | tail -n 1)
HEARTH_DEVICES_SEED_FILE= HEARTH_LOG_LEVEL=warning "$HEARTH" serve --port $PORT --database "$DB" \
    >"$WORK/hearth.log" 2>&1 &
HEARTH_PID=$!
pids+=("$HEARTH_PID")
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null && break; sleep 0.1; done
BASE="http://127.0.0.1:$PORT"
code=$(curl -s -o /dev/null -w '%{http_code}' -H "Authorization: Bearer $KEY" "$BASE/v1/users/$BENCH_USER/devices")
[ "$code" = 200 ] || { echo "GET /v1/users/$BENCH_USER/devices answered $code: is /v1 there?" >&2; exit 1; }

echo "# $(date -u +%FT%TZ) $(nproc) cores; home $(basename "$HOME_FILE") + 200 plugs; $ROUNDS rounds x ${DURATION}s"
echo "# the harness's correctness checks (EXECUTE, QUERY) and its wrk scripts:"
OUT_DIR="$WORK/check" WORKLOADS=exec_onoff WARMUP=0 SERVER_PID=$HEARTH_PID LABEL=hearth \
    "$SHARED/bench/load/run.sh" "$BASE/fulfillment" "$TOKEN" 1 | grep -E '^CHECK' | sed 's/^/#   /'

# wrk scripts for the two /v1 writes, in the harness's style (RESULT line; non-200 answers count as bad).
python3 - "$WORK" "$HOME_FILE" "$BENCH_USER" <<'PY'
import json, sys
work, home, user = sys.argv[1:]
devices = [d["id"] for u in json.load(open(home))["users"] if u["agentUserId"] == user for d in u["devices"]
           if "endpoints" not in d and "OnOff" in d.get("clusters", {})]
common = r'''
local key = os.getenv("BENCH_KEY") or ""
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Authorization"] = "Bearer " .. key
local threads = {}
function setup(thread) table.insert(threads, thread) end
function init(args) n = 0; bad = 0 end
function response(status, headers, body) if status ~= 200 then bad = bad + 1 end end
function done(summary, latency, requests)
  local bad_total = 0
  for _, t in ipairs(threads) do bad_total = bad_total + (t:get("bad") or 0) end
  local e = summary.errors
  io.write(string.format("RESULT %.1f %.3f %.3f %d %d %d %d\n", summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, e.status, e.connect + e.read + e.write + e.timeout,
    bad_total, summary.requests))
end
'''
patch = "local paths = {%s}\n" % ", ".join('"/v1/users/%s/devices/%s/state"' % (user, d) for d in devices)
patch += r'''
function request()
  n = n + 1
  local on = (math.floor((n - 1) / #paths) % 2 == 0) and "true" or "false"
  return wrk.format("PATCH", paths[(n - 1) % #paths + 1], nil, '{"clusters": {"OnOff": {"OnOff": ' .. on .. '}}}')
end
''' + common
open(work + "/patch_state.lua", "w").write(patch)
def batch(half, on):
    return json.dumps({"changes": [{"agentUserId": "api-bench-user", "deviceId": "plug-%03d" % (half * 100 + i),
                                    "clusters": {"OnOff": {"OnOff": on}}} for i in range(100)]})
bodies = [batch(0, True), batch(1, True), batch(0, False), batch(1, False)]
lua = "local bodies = {%s}\n" % ", ".join("[==[" + b + "]==]" for b in bodies)
lua += r'''
function request()
  n = n + 1
  return wrk.format("POST", "/v1/state", nil, bodies[(n - 1) % #bodies + 1])
end
''' + common
open(work + "/batch_state.lua", "w").write(lua)
PY

HZ=$(getconf CLK_TCK)
cpu_ticks() { sed 's/^.*) //' "/proc/$HEARTH_PID/stat" | awk '{print $12 + $13}'; }
measure() {  # name lua url token-variable -> "name rps p50 p99 non2xx errors bad requests cpu_us_per_request"
    local name=$1 lua=$2 url=$3 out="$WORK/$1.$4.wrk.txt"
    BENCH_TOKEN=$TOKEN BENCH_KEY=$KEY wrk -t"$THREADS" -c"$CONNS" -d2s --timeout 5s -s "$lua" "$url" >/dev/null 2>&1 || true
    local c0 c1
    c0=$(cpu_ticks)
    BENCH_TOKEN=$TOKEN BENCH_KEY=$KEY wrk -t"$THREADS" -c"$CONNS" -d"${DURATION}s" --timeout 5s --latency -s "$lua" \
        "$url" >"$out" 2>&1 || true
    c1=$(cpu_ticks)
    local r
    r=$(grep '^RESULT ' "$out" | tail -1 || echo "RESULT 0 0 0 0 0 0 0")
    read -r _ rps p50 p99 non2xx errs bad reqs <<<"$r"
    awk -v n="$name" -v rps="$rps" -v p50="$p50" -v p99="$p99" -v a="$non2xx" -v e="$errs" -v b="$bad" -v r="$reqs" \
        -v c="$((c1 - c0))" -v hz="$HZ" \
        'BEGIN { printf "%s %s %s %s %s %s %s %s %.0f\n", n, rps, p50, p99, a, e, b, r, (r > 0 ? c / hz * 1e6 / r : 0) }'
}

echo "# 1. writes: wrk -t$THREADS -c$CONNS, ${DURATION}s each, interleaved"
for round in $(seq "$ROUNDS"); do
    measure exec_onoff "$WORK/check/exec_onoff.lua" "$BASE/fulfillment" "$round"
    measure patch_state "$WORK/patch_state.lua" "$BASE" "$round"
    measure batch_state "$WORK/batch_state.lua" "$BASE" "$round"
done >"$WORK/writes.txt"
python3 - "$WORK/writes.txt" <<'PY'
import statistics, sys
rows = {}
for line in open(sys.argv[1]):
    name, *v = line.split()
    rows.setdefault(name, []).append([float(x) for x in v])
med = {n: [statistics.median(r[i] for r in rs) for i in range(8)] for n, rs in rows.items()}
exec_rps = med["exec_onoff"][0] or 1
print("%-12s %10s %12s %9s %9s %8s %10s %14s" % ("workload", "req/s", "changes/s", "p50 ms", "p99 ms",
                                                  "bad", "µs CPU/req", "req/s ÷ EXEC"))
for name, per in (("exec_onoff", 1), ("patch_state", 1), ("batch_state", 100)):
    rps, p50, p99, non2xx, errs, bad, reqs, cpu = med[name]
    print("%-12s %10.0f %12.0f %9.2f %9.2f %8.0f %10.0f %14.2f" % (name, rps, rps * per, p50, p99,
                                                                  non2xx + errs + bad, cpu, rps / exec_rps))
print("# medians of %d rounds; bad = non-2xx + socket errors + protocol errors in 200 answers" % len(rows["exec_onoff"]))
PY

# 2. Delivery latency: 10 SSE consumers of command events, while wrk runs EXECUTE load.
cat >"$WORK/consumers.py" <<'PY'
import datetime, http.client, json, sys, threading, time
port, key, count, seconds, out = int(sys.argv[1]), sys.argv[2], int(sys.argv[3]), float(sys.argv[4]), sys.argv[5]
latencies, ready, lock = [], threading.Barrier(count + 1), threading.Lock()
def consume():
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.request("GET", "/v1/changes?types=command", headers={
        "Authorization": "Bearer " + key, "Accept": "text/event-stream"})
    answer = conn.getresponse()
    assert answer.status == 200, answer.status
    ready.wait()
    end = time.time() + seconds
    mine = []
    for raw in answer:
        if raw.startswith(b"data:"):
            received = time.time()
            occurred = json.loads(raw[5:])["occurred"]
            at = datetime.datetime.fromisoformat(occurred.replace("Z", "+00:00")).timestamp()
            mine.append((received - at) * 1000)
        if time.time() > end:
            break
    conn.close()
    with lock:
        latencies.extend(mine)
# Without a cursor a stream starts at the latest change: each consumer sees what is committed after it connected.
# (Paging the long-poll to the latest cursor first took longer than the wait below after section 1's ~10^5
# changes, so the load ran before the consumers listened and they saw nothing.)
threads = [threading.Thread(target=consume, daemon=True) for _ in range(count)]
for t in threads: t.start()
ready.wait()
print("ready", flush=True)
for t in threads: t.join(seconds + 60)
latencies.sort()
q = lambda p: latencies[min(len(latencies) - 1, int(p * len(latencies)))] if latencies else float("nan")
json.dump({"events": len(latencies), "p50": q(0.5), "p99": q(0.99), "max": latencies[-1] if latencies else None},
          open(out, "w"))
PY
echo "# 2. delivery latency: 10 consumers (GET /v1/changes?types=command, SSE) while wrk runs exec_onoff"
python3 "$WORK/consumers.py" $PORT "$KEY" 10 "$((DURATION + 2))" "$WORK/latency.json" >"$WORK/consumers.log" 2>&1 &
consumers_pid=$!
pids+=("$consumers_pid")
for _ in $(seq 600); do grep -q ready "$WORK/consumers.log" && break; sleep 0.1; done
grep -q ready "$WORK/consumers.log" || { echo "consumers did not connect:" >&2; cat "$WORK/consumers.log" >&2; exit 1; }
measure exec_onoff "$WORK/check/exec_onoff.lua" "$BASE/fulfillment" latency >"$WORK/latency-load.txt"
wait "$consumers_pid" || { echo "consumers failed:" >&2; cat "$WORK/consumers.log" >&2; exit 1; }
python3 - "$WORK/latency.json" "$WORK/latency-load.txt" <<'PY'
import json, sys
l = json.load(open(sys.argv[1]))
load = open(sys.argv[2]).read().split()
print("events received %d (10 consumers); commit → consumer p50 %.1f ms, p99 %.1f ms, max %.1f ms; "
      "EXECUTE meanwhile %s req/s, p99 %s ms" % (l["events"], l["p50"], l["p99"], l["max"] or 0, load[1], load[3]))
PY

# 3. RSS with STREAMS open streams.
rss() { awk '/^VmRSS/ {print $2}' "/proc/$HEARTH_PID/status"; }
echo "# 3. RSS: idle, then with $STREAMS open streams (headers read, then idle), then after they closed"
idle=$(rss)
python3 - $PORT "$KEY" "$STREAMS" "$HEARTH_PID" <<'PY'
import socket, sys, time
port, key, count, pid = int(sys.argv[1]), sys.argv[2], int(sys.argv[3]), sys.argv[4]
request = ("GET /v1/changes HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer %s\r\n"
           "Accept: text/event-stream\r\n\r\n" % key).encode()
socks = []
for _ in range(count):
    s = socket.create_connection(("127.0.0.1", port))
    s.sendall(request)
    socks.append(s)
opened = 0
for s in socks:
    s.settimeout(30)
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = s.recv(4096)
        if not chunk:
            break
        head += chunk
    opened += head.startswith(b"HTTP/1.1 200")
rss = [int(l.split()[1]) for l in open("/proc/%s/status" % pid) if l.startswith("VmRSS")][0]
print("streams open %d of %d; RSS %d KiB" % (opened, count, rss))
for s in socks:
    s.close()
PY
sleep 5  # let Hearth see the closed connections
echo "RSS idle $idle KiB; after the streams closed $(rss) KiB"
kill "$HEARTH_PID"
wait "$HEARTH_PID" || true
