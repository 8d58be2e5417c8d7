#!/usr/bin/env bash
# Sign-in attack benchmark (issue 10 item 16): QUERY latency idle and while attackers POST the sign-in form as fast
# as they can, a new login each time (so no lockout helps: each POST costs a PBKDF2 check unless the attacker's
# budget is spent or the check queue is full). Prints QUERY p50/p99 for:
#   idle; 4 and 32 attacking connections from one client (the per-client budget holds them back); 4 and 32 from
#   many clients (a fresh X-Forwarded-For per request through the trusted proxy 127.0.0.1: no budget helps, the
#   bounded password-check pool does), plus how many sign-in POSTs were answered and how (302/200/429/503); and a
#   control: 32 connections flooding GET /healthz, the cheapest request, to tell a plain request flood (which the
#   per-address limits and nginx are for) from the cost of sign-in itself.
#
#   Tests/Benchmarks/signin-attack.sh [DURATION_S=10]
#
# Env: HEARTH (a built hearth binary; default: swift build -c release), SHARED (default ../shared),
#      HOME_FILE (default $SHARED/bench/home-24.json), BENCH_USER (bench-user).
# Needs curl and python3; the server listens on 127.0.0.1 only and is stopped by PID.
set -euo pipefail
cd "$(dirname "$0")/../.."
DURATION=${1:-10}
SHARED=${SHARED:-../shared}
HOME_FILE=${HOME_FILE:-$SHARED/bench/home-24.json}
BENCH_USER=${BENCH_USER:-bench-user}
PORT=${PORT:-18180}
WORK=$(mktemp -d /tmp/hearth-signin-bench.XXXX)
pid=
cleanup() { [ -n "$pid" ] && kill "$pid" 2>/dev/null || true; }
trap cleanup EXIT

if [ -z "${HEARTH:-}" ]; then
    swift build -c release --product hearth >/dev/null
    HEARTH=$(swift build -c release --show-bin-path)/hearth
fi
"$HEARTH" devices import "$HOME_FILE" --database "$WORK/bench.sqlite" >/dev/null
TOKEN=$("$HEARTH" token issue --user "$BENCH_USER" --database "$WORK/bench.sqlite")
printf '%s' 'correct horse battery staple' |
    "$HEARTH" users add --user "$BENCH_USER" --login bench@example.com --database "$WORK/bench.sqlite" >/dev/null
HEARTH_DEVICES_SEED_FILE= HEARTH_LOG_LEVEL=error HEARTH_OAUTH_CLIENT_SECRET_GOOGLE=bench-secret \
    "$HEARTH" serve --port "$PORT" --database "$WORK/bench.sqlite" >"$WORK/hearth.log" 2>&1 &
pid=$!
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null && break; sleep 0.1; done

echo "# $(date -u +%FT%TZ) $(nproc) cores; $HEARTH; ${DURATION}s per phase; QUERY of 10 devices, one connection"
python3 - "$PORT" "$TOKEN" "$DURATION" <<'PY'
import http.client, json, multiprocessing, re, statistics, sys, threading, time, urllib.parse

port, token, duration = int(sys.argv[1]), sys.argv[2], float(sys.argv[3])
REDIRECT = "https://oauth-redirect.googleusercontent.com/r/hearth-dev"
QUERY_PATH = "/oauth/authorize?" + urllib.parse.urlencode(
    {"response_type": "code", "client_id": "google", "redirect_uri": REDIRECT, "state": "s"})

def connection():
    return http.client.HTTPConnection("127.0.0.1", port, timeout=30)

def query_body():
    c = connection()
    c.request("POST", "/fulfillment", json.dumps({"requestId": "s", "inputs": [{"intent": "action.devices.SYNC"}]}),
              {"Authorization": "Bearer " + token, "Content-Type": "application/json"})
    ids = [d["id"] for d in json.loads(c.getresponse().read())["payload"]["devices"]][:10]
    return json.dumps({"requestId": "q", "inputs": [{"intent": "action.devices.QUERY",
                                                     "payload": {"devices": [{"id": i} for i in ids]}}]})

def measure(body, seconds, out):
    c = connection()
    headers = {"Authorization": "Bearer " + token, "Content-Type": "application/json"}
    latencies, end = [], time.monotonic() + seconds
    while time.monotonic() < end:
        start = time.perf_counter()
        c.request("POST", "/fulfillment", body, headers)
        answer = c.getresponse()
        answer.read()
        latencies.append((time.perf_counter() - start) * 1000)
        assert answer.status == 200, answer.status
    out.put(latencies)

HIDDEN = re.compile(r'<input type="hidden" name="([^"]+)" value="([^"]*)">')

def flooder(stop, counts, lock, index):
    """The control: the cheapest request there is, as fast as possible, to compare a sign-in flood with."""
    c = connection()
    while not stop.is_set():
        c.request("GET", "/healthz")
        answer = c.getresponse()
        answer.read()
        with lock:
            counts[answer.status] = counts.get(answer.status, 0) + 1

def attacker(stop, counts, lock, many_clients, index):
    if many_clients is None:
        return flooder(stop, counts, lock, index)
    c = connection()
    c.request("GET", QUERY_PATH)
    page = c.getresponse().read().decode()
    n = 0
    while not stop.is_set():
        fields = dict(HIDDEN.findall(page))
        # A new login each time: none ever locks, so every attempt the server accepts costs a PBKDF2 check.
        fields.update({"login": "user-%d-%d@example.com" % (index, n), "password": "guess", "decision": "allow"})
        headers = {"Content-Type": "application/x-www-form-urlencoded"}
        if many_clients:
            n_ip = index * 1_000_000 + n
            headers["X-Forwarded-For"] = "10.%d.%d.%d" % ((n_ip >> 16) & 255, (n_ip >> 8) & 255, n_ip & 255)
        n += 1
        try:
            c.request("POST", "/oauth/authorize", urllib.parse.urlencode(fields), headers)
            answer = c.getresponse()
            page = answer.read().decode()
        except Exception:
            c = connection()
            c.request("GET", QUERY_PATH)
            page = c.getresponse().read().decode()
            continue
        with lock:
            counts[answer.status] = counts.get(answer.status, 0) + 1
        if "csrf_token" not in page:
            c.request("GET", QUERY_PATH)
            page = c.getresponse().read().decode()

def attack_process(connections, many_clients, ready, stop, result):
    counts, lock, threads = {}, threading.Lock(), []
    stop_threads = threading.Event()
    for i in range(connections):
        t = threading.Thread(target=attacker, args=(stop_threads, counts, lock, many_clients, i), daemon=True)
        t.start()
        threads.append(t)
    ready.set()
    stop.wait()
    stop_threads.set()
    for t in threads:
        t.join(timeout=15)
    result.put(counts)

def phase(label, body, connections=0, many_clients=False):
    stop, ready, result, out = (multiprocessing.Event(), multiprocessing.Event(), multiprocessing.Queue(),
                                multiprocessing.Queue())
    attack = None
    if connections:
        attack = multiprocessing.Process(target=attack_process, args=(connections, many_clients, ready, stop, result))
        attack.start()
        ready.wait()
        time.sleep(1)  # let the attack reach its steady state before measuring (warm-up, not synchronisation)
    meter = multiprocessing.Process(target=measure, args=(body, duration, out))
    meter.start()
    latencies = out.get()
    meter.join()
    counts = {}
    if attack:
        stop.set()
        counts = result.get()
        attack.join()
    q = statistics.quantiles(latencies, n=100)
    rate = sum(counts.values()) / (duration + 1) if counts else 0
    answers = " ".join("%s:%d" % kv for kv in sorted(counts.items()))
    print("%-32s %7d %8.2f %8.2f %9.1f  %s" % (label, len(latencies), q[49], q[98], rate, answers), flush=True)
    return q[49], q[98]

body = query_body()
print("%-32s %7s %8s %8s %9s  %s" % ("phase", "queries", "p50 ms", "p99 ms", "POSTs/s", "sign-in answers"))
idle = phase("idle", body)
results = [idle]
for connections in (4, 32):
    results.append(phase("attack %d conns, one client" % connections, body, connections))
for connections in (4, 32):
    results.append(phase("attack %d conns, many clients" % connections, body, connections, True))
results.append(phase("idle again", body))
control = phase("control: 32 conns GET /healthz", body, 32, None)
idle_p99 = min(idle[1], results[-1][1])
for label, r in zip(["4 one", "32 one", "4 many", "32 many"], results[1:-1]):
    print("p99 under attack (%s) / best idle p99: %.2fx (target: within 2x)" % (label, r[1] / idle_p99))
print("control flood p99 / best idle p99: %.2fx" % (control[1] / idle_p99))
PY
