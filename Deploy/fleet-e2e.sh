#!/usr/bin/env bash
# End-to-end check of several Hearth instances behind nginx on one registry, one of them killed with SIGKILL in the
# middle of a run of requests.
#
# Usage: Deploy/fleet-e2e.sh HEARTH_BINARY WORKDIR [DATABASE]
#   HEARTH_BINARY  a built hearth executable
#   WORKDIR        a scratch directory (certificate, configs, logs, pid files, the SQLite registry)
#   DATABASE       what both instances use: a postgres:// URL (the password in HEARTH_DATABASE_PASSWORD), or by
#                  default WORKDIR/fleet.sqlite (two processes on one SQLite file: one host only)
#
# Steps: a self-signed certificate; an nginx config derived from Deploy/nginx/hearth.conf whose upstream lists two
# instances (as its comment says), with an access log that records which instance answered; the example home
# imported and a token issued with the CLI; instances A and B started with Deploy/hearth.json; then four clients
# send SYNC, QUERY, EXECUTE and GET /healthz through nginx over HTTPS, each its own device, while A is killed with
# SIGKILL a third of the way through. Checks:
#   - every request that failed was a POST nginx had already sent to A when A died (nginx never resends those:
#     an EXECUTE runs at most once), at most one per client; every GET and every request after the kill succeeded;
#   - after the kill B answered everything, and nginx passed requests that could not reach A to B;
#   - each client's last confirmed EXECUTE is what a QUERY through B reports.
# Stops everything it started by PID (also on failure). Ports: HEARTH_FLEET_PORT_A/B (18091/18092),
# HEARTH_FLEET_TLS_PORT (18445). Needs nginx, curl, openssl, python3.
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/e2e-lib.sh"
E2E_LOGS=(hearth-a.log hearth-b.log nginx-error.log nginx-access.log)
e2e_begin fleet-e2e 2 3 "$@"
database="${3:-$workdir/fleet.sqlite}"
port_a="${HEARTH_FLEET_PORT_A:-18091}"
port_b="${HEARTH_FLEET_PORT_B:-18092}"
tls_port="${HEARTH_FLEET_TLS_PORT:-18445}"
config="$deploy/hearth.json"

nginx_binary="$(command -v nginx || echo /usr/sbin/nginx)"
[[ -x "$nginx_binary" ]] || fail "nginx not found (Deploy/nginx-e2e.sh installs it)"
for tool in curl openssl python3; do command -v "$tool" >/dev/null || fail "$tool not found"; done

# --- cleanup: stop what this script started, by PID ----------------------------------------------------------------
trap e2e_stop_pids EXIT
trap 'exit 130' INT TERM

# --- certificate and nginx ---------------------------------------------------------------------------------------
e2e_certificate
source_conf="$deploy/nginx/hearth.conf"
e2e_require "$source_conf" 'listen 443 ssl;' 'listen 80;' 'server 127.0.0.1:8080;' \
    'proxy_next_upstream error timeout;' 'ssl_certificate /etc/ssl/hearth/hearth.crt;' \
    'ssl_certificate_key /etc/ssl/hearth/hearth.key;'
# The upstream as hearth.conf's comment says for several instances; the plain-HTTP redirect server is dropped
# (port 80), IPv6 listeners too.
sed -e "s|listen 443 ssl;|listen 127.0.0.1:$tls_port ssl;|" \
    -e '/listen \[::\]/d' \
    -e "s|server 127.0.0.1:8080;|server 127.0.0.1:$port_a max_fails=1 fail_timeout=5s; server 127.0.0.1:$port_b max_fails=1 fail_timeout=5s;|" \
    -e "s|/etc/ssl/hearth/hearth.crt|$workdir/hearth.crt|" \
    -e "s|/etc/ssl/hearth/hearth.key|$workdir/hearth.key|" \
    "$source_conf" | python3 -c '
import re, sys
text = sys.stdin.read()
# Drop the port-80 server block (the redirect): only the TLS front is tested here.
text = re.sub(r"# Plain HTTP:.*?\n}\n", "", text, count=1, flags=re.S)
sys.stdout.write(text)' >"$workdir/hearth.conf"
grep -q 'listen 80;' "$workdir/hearth.conf" && fail "the port-80 server was not removed from the derived config"
mkdir -p "$workdir/nginx-temp"
user_line=""
[[ "$(id -u)" -eq 0 ]] && user_line="user root;"
cat >"$workdir/nginx.conf" <<CONF
$user_line
worker_processes 1;
daemon off;
pid $workdir/nginx.pid;
error_log $workdir/nginx-error.log info;
events { worker_connections 256; }
http {
    log_format fleet '\$msec|\$request_method|\$uri|\$status|\$upstream_addr|\$upstream_status';
    access_log $workdir/nginx-access.log fleet;
    client_body_temp_path $workdir/nginx-temp/body;
    proxy_temp_path $workdir/nginx-temp/proxy;
    fastcgi_temp_path $workdir/nginx-temp/fastcgi;
    uwsgi_temp_path $workdir/nginx-temp/uwsgi;
    scgi_temp_path $workdir/nginx-temp/scgi;
    include $workdir/hearth.conf;
}
CONF
"$nginx_binary" -t -c "$workdir/nginx.conf" -p "$workdir" >"$workdir/nginx-test.log" 2>&1 ||
    fail "nginx -t: $(cat "$workdir/nginx-test.log")"

# --- the registry and the two instances ----------------------------------------------------------------------------
if [[ "$database" != postgres* ]]; then
    rm -f "$database" "$database-wal" "$database-shm"
fi
cd "$repo"
hearth_cli() { "$binary" "$@" --config "$config" --database "$database"; }
hearth_cli devices import "$repo/Config/devices.json" >"$workdir/cli.log" 2>&1 ||
    fail "hearth devices import: $(cat "$workdir/cli.log")"
token="$(hearth_cli token issue --user demo-user 2>"$workdir/cli.log" | tail -n 1)" ||
    fail "hearth token issue: $(cat "$workdir/cli.log")"
log "registry: ${database%%\?*}"

start() {
    local name="$1" port="$2"
    "$binary" serve --config "$config" --database "$database" --port "$port" >"$workdir/hearth-$name.log" 2>&1 &
    local pid=$!
    e2e_await_health "$name" "$port" "$pid"
    echo "$pid"
}
pid_a="$(start a "$port_a")"
pid_b="$(start b "$port_b")"
# `start` ran in a subshell: record the PIDs here for the cleanup.
pids+=("$pid_a" "$pid_b")
log "instance A pid $pid_a on $port_a, B pid $pid_b on $port_b"

"$nginx_binary" -c "$workdir/nginx.conf" -p "$workdir" &
pids+=("$!")
for _ in $(seq 1 50); do
    curl -s -o /dev/null --cacert "$workdir/hearth.crt" "https://127.0.0.1:$tls_port/healthz" && break
    sleep 0.2
done

# --- the run -----------------------------------------------------------------------------------------------------
python3 - "$tls_port" "$workdir/hearth.crt" "$token" "$pid_a" "$port_a" "$port_b" "$workdir/nginx-access.log" <<'PY'
import http.client, json, os, signal, ssl, sys, threading, time

tls_port, cafile, token, pid_a, port_a, port_b, access_log = sys.argv[1:]
pid_a = int(pid_a)
devices = ["hallway", "garden-lights", "coffee-maker", "tv-plug"]
# After the kill the clients go on for longer than the upstream's fail_timeout (5 s), so that nginx tries A again,
# finds it refusing connections, and passes those requests to B.
run_after_kill = 7.0
stop = threading.Event()
context = ssl.create_default_context(cafile=cafile)
results = []  # (client, index, method, kind, status, ok, sent_at, done_at, detail)
lock = threading.Lock()
done = [0]

def request(connection, method, path, body=None):
    headers = {"Authorization": f"Bearer {token}"}
    if body is not None:
        headers["Content-Type"] = "application/json"
    connection.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
    response = connection.getresponse()
    return response.status, response.read()

def client(number):
    device = devices[number]
    connection = None
    last_confirmed = None
    index = -1
    while not stop.is_set():
        index += 1
        kind = ["EXECUTE", "QUERY", "SYNC", "HEALTH"][index % 4]
        on = (index // 4) % 2 == 0
        request_id = f"c{number}-{index}"
        if kind == "EXECUTE":
            body = {"requestId": request_id, "inputs": [{"intent": "action.devices.EXECUTE", "payload": {"commands": [
                {"devices": [{"id": device}],
                 "execution": [{"command": "action.devices.commands.OnOff", "params": {"on": on}}]}]}}]}
            method, path = "POST", "/fulfillment"
        elif kind == "QUERY":
            body = {"requestId": request_id, "inputs": [{"intent": "action.devices.QUERY",
                    "payload": {"devices": [{"id": device}]}}]}
            method, path = "POST", "/fulfillment"
        elif kind == "SYNC":
            body = {"requestId": request_id, "inputs": [{"intent": "action.devices.SYNC"}]}
            method, path = "POST", "/fulfillment"
        else:
            body, method, path = None, "GET", "/healthz"
        sent = time.monotonic()
        try:
            if connection is None:
                connection = http.client.HTTPSConnection("127.0.0.1", int(tls_port), context=context, timeout=20)
            status, data = request(connection, method, path, body)
            ok = status == 200
            detail = ""
            if ok and kind == "EXECUTE":
                answer = json.loads(data)
                command = answer["payload"]["commands"][0]
                ok = command["status"] == "SUCCESS" and command["states"]["on"] == on
                detail = json.dumps(command)
                if ok:
                    last_confirmed = on
        except Exception as error:  # a connection nginx closed: counted as a failure
            status, ok, detail = 0, False, repr(error)
            connection = None
        with lock:
            results.append((number, index, method, kind, status, ok, sent, time.monotonic(), detail))
            done[0] += 1
    final[number] = last_confirmed

final = {}
threads = [threading.Thread(target=client, args=(n,)) for n in range(len(devices))]
for thread in threads:
    thread.start()
kill_after = 300
while True:
    with lock:
        if done[0] >= kill_after:
            break
    time.sleep(0.01)
killed_at = time.monotonic()
os.kill(pid_a, signal.SIGKILL)
killed_wall = time.time()
time.sleep(run_after_kill)  # the length of the load after the kill, not a synchronisation
stop.set()
for thread in threads:
    thread.join()

failures = [r for r in results if not r[5]]
print(f"fleet-e2e: {len(results)} requests, {len(failures)} failed, A killed after {kill_after}", file=sys.stderr)
problems = []
entries = []
with open(access_log) as lines:
    for line in lines:
        msec, method, uri, status, upstream, upstream_status = line.rstrip("\n").split("|")
        entries.append((float(msec), method, uri, int(status), upstream, upstream_status))
# A failure is acceptable only as nginx's 502 for a POST it had already sent to A (on a connection A's death cut:
# nginx never resends those), within a second of the kill. Every GET, and every request nginx could not hand to A,
# must have succeeded.
for r in failures:
    number, index, method, kind, status, ok, sent, finished, detail = r
    if method != "POST" or status != 502:
        problems.append(f"a request failed other than as a POST already sent to A: {r}")
    if not (killed_at - 1 <= sent and finished <= killed_at + 1):
        problems.append(f"a request failed more than a second away from the kill: {r}")
sent_to_a = [e for e in entries if e[3] == 502 and e[4] == f"127.0.0.1:{port_a}" and e[1] == "POST"]
if len(sent_to_a) != len(failures) or any(e[3] != 200 for e in entries if e not in sent_to_a):
    problems.append(f"nginx logged {len(sent_to_a)} POSTs lost with A and these other failures: "
                    f"{[e for e in entries if e[3] != 200 and e not in sent_to_a][:5]}; the clients saw {len(failures)}")
after = [e for e in entries if e[0] > killed_wall + 1]
if len(after) < 100:
    problems.append(f"only {len(after)} requests more than a second after the kill: the run is too short to tell")
if any(not e[4].endswith(f"127.0.0.1:{port_b}") or e[3] != 200 for e in after):
    problems.append(f"after the kill not everything was answered by B: {[e for e in after if e[3] != 200 or not e[4].endswith(f'127.0.0.1:{port_b}')][:3]}")
retried = [e for e in entries if "," in e[4]]
if not retried or any(e[3] != 200 or not e[4].endswith(f"127.0.0.1:{port_b}") for e in retried):
    problems.append(f"nginx did not pass requests that could not reach A to B: {retried[:3]}")
served_by_b = [e for e in entries if e[4].endswith(f"127.0.0.1:{port_b}")]
print(f"fleet-e2e: {len(sent_to_a)} POSTs were lost with A (in flight, or sent on a connection it had left); nginx "
      f"passed {len(retried)} requests that could not reach A to B; B answered {len(served_by_b)}, "
      f"{len(after)} of them more than a second after the kill", file=sys.stderr)

# Each client's last confirmed EXECUTE is what QUERY reports now (through nginx, so through B).
connection = http.client.HTTPSConnection("127.0.0.1", int(tls_port), context=context, timeout=20)
for number, device in enumerate(devices):
    last_index = max(r[1] for r in results if r[0] == number and r[3] == "EXECUTE")
    last = next(r for r in results if r[0] == number and r[1] == last_index)
    if not last[5]:
        continue  # the very last EXECUTE was the one in flight at the kill: its outcome is unknown to the client
    status, data = request(connection, "POST", "/fulfillment", {"requestId": "final", "inputs": [
        {"intent": "action.devices.QUERY", "payload": {"devices": [{"id": device}]}}]})
    state = json.loads(data)["payload"]["devices"][device]
    if status != 200 or state.get("on") != final[number]:
        problems.append(f"{device}: QUERY says {state}, the last confirmed EXECUTE set on={final[number]}")

if problems:
    for problem in problems:
        print(f"fleet-e2e: {problem}", file=sys.stderr)
    sys.exit(1)
PY
log "ok: A killed mid-run; every failed request was a POST nginx had already sent to A; every later request answered by B"
log "ok: each client's last confirmed EXECUTE is what QUERY through B reports"
kill -0 "$pid_b" 2>/dev/null || fail "B died"
log "PASSED"
