"""The load, the failover and the checks of Deploy/failover-e2e.sh (python3, standard library only).

Clients, each on its own thread and its own keep-alive connection, one instance each:
  EXECUTE   BrightnessAbsolute on a dimmable light, a new brightness each time (A: living-room-ceiling, B:
            bedside-left)
  STATE     PATCH /v1/users/demo-user/devices/D/state with a new CurrentLevel each time (A: hall-dimmer-plug, B:
            patio-speaker)
  QUERY     the four devices above (A and B)
  HEALTH    GET /healthz (A and B)
  STREAM    GET /v1/changes as text/event-stream on A from the cursor before the run, reconnecting after the last
            cursor received whenever the stream ends
Every request's outcome is recorded: its answer (status, Retry-After), no answer (a connection error), or a hang (no
answer within --timeout). A client pauses 0.1 s after a failure and goes on at once after a success; Retry-After is
checked, not obeyed, so that the window is measured to a tenth of a second.
"""

import argparse
import http.client
import json
import subprocess
import sys
import threading
import time

parser = argparse.ArgumentParser()
parser.add_argument("--ports", required=True)
parser.add_argument("--homegraph", type=int, required=True)
parser.add_argument("--token", required=True)
parser.add_argument("--api-key", required=True)
parser.add_argument("--psql", required=True)
parser.add_argument("--pg-ports", required=True)
parser.add_argument("--stop-primary", required=True)
parser.add_argument("--monitor-state", required=True)
parser.add_argument("--timeout", type=float, default=15)
parser.add_argument("--before", type=float, default=5, help="seconds of load before the primary is stopped")
parser.add_argument("--after", type=float, default=8, help="seconds of load after the first success that follows the gap")
args = parser.parse_args()

port_a, port_b = (int(p) for p in args.ports.split(","))
node1, node2 = (int(p) for p in args.pg_ports.split(","))
database = (f"postgresql://postgres@127.0.0.1:{node1},127.0.0.1:{node2}/hearth"
            "?sslmode=disable&target_session_attrs=read-write&connect_timeout=3")
problems = []


def say(message):
    print(f"failover-e2e: {message}", file=sys.stderr, flush=True)


def sql(query):
    """Rows of `query` on whichever node is the primary now."""
    out = subprocess.run([args.psql, database, "-v", "ON_ERROR_STOP=1", "-Atq", "-F", "\t", "-c", query],
                         capture_output=True, text=True, timeout=30)
    if out.returncode != 0:
        raise RuntimeError(f"psql: {out.stderr.strip()}")
    return [line.split("\t") for line in out.stdout.splitlines() if line]


stop = threading.Event()
lock = threading.Lock()
results = []  # dicts: kind, port, status, ok, sent, done, retry_after, outcome ("answer" | "no answer" | "hang")


class Client:
    def __init__(self, port):
        self.port = port
        self.connection = None

    def call(self, method, path, body=None, headers=None):
        """(status, headers, body) or (0, None, error) for no answer, (-1, None, error) for a hang."""
        try:
            if self.connection is None:
                self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=args.timeout)
            self.connection.request(method, path, body=None if body is None else json.dumps(body),
                                    headers=headers or {})
            response = self.connection.getresponse()
            return response.status, response.headers, response.read()
        except TimeoutError as error:
            self.connection = None
            return -1, None, repr(error)
        except (OSError, http.client.HTTPException) as error:
            self.connection = None
            return 0, None, repr(error)


def record(kind, port, status, headers, ok, sent, **extra):
    entry = {"kind": kind, "port": port, "status": status, "ok": ok, "sent": sent, "done": time.monotonic(),
             "retry_after": headers.get("Retry-After") if headers else None}
    entry.update(extra)
    with lock:
        results.append(entry)
    if not ok:
        time.sleep(0.1)  # a failed client's pause before it tries again; not a synchronisation
    return entry


fulfillment_headers = {"Authorization": f"Bearer {args.token}", "Content-Type": "application/json"}
api_headers = {"Authorization": f"Bearer {args.api_key}", "Content-Type": "application/json"}
writes = {}  # device -> [(value, outcome)] in the order sent; outcome "acked" | "unknown" | "refused"


def execute_writer(port, device):
    client, index = Client(port), 0
    writes[device] = []
    while not stop.is_set():
        brightness = index % 100 + 1
        index += 1
        body = {"requestId": f"{device}-{index}", "inputs": [{"intent": "action.devices.EXECUTE", "payload": {
            "commands": [{"devices": [{"id": device}], "execution": [
                {"command": "action.devices.commands.BrightnessAbsolute", "params": {"brightness": brightness}}]}]}}]}
        sent = time.monotonic()
        status, headers, data = client.call("POST", "/fulfillment", body, fulfillment_headers)
        outcome, answered = "unknown", None
        if status == 200:
            command = json.loads(data)["payload"]["commands"][0]
            if command["status"] == "SUCCESS":
                outcome, answered = "acked", command["states"].get("brightness")
            else:
                outcome = "refused"
        writes[device].append((brightness, outcome, answered))
        record("EXECUTE", port, status, headers, outcome == "acked", sent, device=device)


def state_writer(port, device):
    client, index = Client(port), 0
    writes[device] = []
    while not stop.is_set():
        level = index % 253 + 1
        index += 1
        sent = time.monotonic()
        status, headers, _ = client.call("PATCH", f"/v1/users/demo-user/devices/{device}/state",
                                         {"clusters": {"LevelControl": {"CurrentLevel": level}}}, api_headers)
        outcome = "acked" if status == 200 else ("refused" if 400 <= status < 500 else "unknown")
        writes[device].append((level, outcome, level))
        record("STATE", port, status, headers, status == 200, sent, device=device)


def querier(port):
    client = Client(port)
    body = {"requestId": "q", "inputs": [{"intent": "action.devices.QUERY", "payload": {"devices": [
        {"id": d} for d in ("living-room-ceiling", "bedside-left", "hall-dimmer-plug", "patio-speaker")]}}]}
    while not stop.is_set():
        sent = time.monotonic()
        status, headers, data = client.call("POST", "/fulfillment", body, fulfillment_headers)
        record("QUERY", port, status, headers, status == 200, sent)


def health(port):
    client = Client(port)
    while not stop.is_set():
        sent = time.monotonic()
        status, headers, _ = client.call("GET", "/healthz")
        record("HEALTH", port, status, headers, status == 200, sent)


received = []  # cursors in the order the stream delivered them
stream_opens = []


def stream_consumer(port, start):
    cursor = start
    while not (drain_until[0] and time.monotonic() > drain_until[0]):
        sent = time.monotonic()
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=args.timeout)
        try:
            connection.request("GET", f"/v1/changes?after={cursor}",
                               headers={"Authorization": f"Bearer {args.api_key}", "Accept": "text/event-stream"})
            response = connection.getresponse()
            if response.status != 200:
                response.read()
                record("STREAM", port, response.status, response.headers, False, sent)
                continue
            record("STREAM", port, 200, response.headers, True, sent)
            stream_opens.append(cursor)
            while True:
                line = response.fp.readline()
                if not line:
                    break  # the server ended the stream: reconnect after the last cursor
                if line.startswith(b"id: "):
                    cursor = int(line[4:].strip())
                    with lock:
                        received.append(cursor)
        except TimeoutError:
            pass  # no event nor heartbeat for --timeout seconds: reconnect
        except (OSError, http.client.HTTPException):
            time.sleep(0.1)
        finally:
            connection.close()


drain_until = [0.0]

# The log as clients see it: a change's position (its cursor in the API) is computed from its transaction's id, as
# the registry reads it (PostgreSQLRegistry+Changes.swift), over every row of the transaction.
POSITIONS = ("(SELECT CASE WHEN xid = '0'::xid8 THEN cursor ELSE (SELECT legacy FROM change_origin) "
             "+ xid::text::bigint * 65536 + row_number() OVER (PARTITION BY xid ORDER BY cursor) END AS position, "
             "deviceId, kind FROM change) AS log")
start_cursor = int(sql(f"SELECT coalesce(max(position), 0) FROM {POSITIONS}")[0][0])
threads = [threading.Thread(target=execute_writer, args=(port_a, "living-room-ceiling")),
           threading.Thread(target=execute_writer, args=(port_b, "bedside-left")),
           threading.Thread(target=state_writer, args=(port_a, "hall-dimmer-plug")),
           threading.Thread(target=state_writer, args=(port_b, "patio-speaker")),
           threading.Thread(target=querier, args=(port_a,)), threading.Thread(target=querier, args=(port_b,)),
           threading.Thread(target=health, args=(port_a,)), threading.Thread(target=health, args=(port_b,))]
consumer = threading.Thread(target=stream_consumer, args=(port_a, start_cursor), daemon=True)
for thread in threads + [consumer]:
    thread.daemon = True  # an exception in the driver must end the run, not leave clients running
    thread.start()

began = time.monotonic()
time.sleep(args.before)  # the length of the load before the failure, not a synchronisation
stopped_at = time.monotonic()
out = subprocess.run(["bash", args.stop_primary], capture_output=True, text=True, timeout=60)
if out.returncode != 0:
    problems.append(f"stopping the primary failed: {out.stderr.strip()}")
say(f"primary stopped (pg_autoctl stop --immediate) after {stopped_at - began:.1f} s of load")

# Promotion: node2 takes writes (pg_auto_failover promotes it read-only first, until the old primary is known gone).
promoted_at = None
while time.monotonic() < stopped_at + 90:
    check = subprocess.run([args.psql, f"postgresql://postgres@127.0.0.1:{node2}/hearth?connect_timeout=2",
                            "-Atqc", "SELECT pg_is_in_recovery() OR current_setting('default_transaction_read_only')::bool"],
                           capture_output=True, text=True)
    if check.stdout.strip() == "f":
        promoted_at = time.monotonic()
        break
    time.sleep(0.1)
if promoted_at is None:
    problems.append("node2 was not promoted within 90 s")
    promoted_at = time.monotonic()
say(f"node2 promoted and taking writes {promoted_at - stopped_at:.1f} s after the stop")

# Go on until --after seconds after the first success that followed the last failure so far (at most 60 s).
deadline = promoted_at + 60
while time.monotonic() < deadline:
    with lock:
        failures = [r for r in results if not r["ok"] and r["kind"] != "STREAM"]
        recovered = failures and any(r["ok"] and r["sent"] > max(f["done"] for f in failures) for r in results
                                     if r["kind"] != "STREAM")
        if recovered and time.monotonic() > max(f["done"] for f in failures) + args.after:
            break
    time.sleep(0.1)
stop.set()
for thread in threads:
    thread.join()

# --- checks --------------------------------------------------------------------------------------------------------
requests = [r for r in results if r["kind"] != "STREAM"]
failures = [r for r in requests if not r["ok"]]
say(f"{len(requests)} requests, {len(failures)} failed; monitor: "
    + subprocess.run(["bash", args.monitor_state], capture_output=True, text=True).stdout.strip().replace("\n", " / "))
by = {}
for r in failures:
    by.setdefault((r["kind"], r["status"]), 0)
    by[(r["kind"], r["status"])] += 1
say("failed by kind and status: " + (", ".join(f"{k} {s}: {n}" for (k, s), n in sorted(by.items())) or "none"))
other_5xx = [r for r in results if r["status"] >= 500 and r["status"] != 503]
no_retry_after = [r for r in results if r["status"] == 503 and not r["retry_after"]]
hangs = [r for r in results if r["status"] == -1]
no_answer = [r for r in results if r["status"] == 0]
refused = [r for r in requests if r["status"] != 503 and 0 < r["status"] and not r["ok"]]
if failures:
    # From the first failed answer to the first success of a request sent after it (a request already on its way
    # may still succeed just after the first failure).
    first = min(failures, key=lambda r: r["done"])
    last = max(failures, key=lambda r: r["done"])
    after = [r for r in requests if r["ok"] and r["sent"] >= first["done"]]
    back = min(after, key=lambda r: r["done"]) if after else None
    window = (back["done"] - first["done"]) if back else float("nan")
    say(f"unavailability window: {window:.2f} s (first failed answer {first['done'] - stopped_at:+.2f} s from the "
        f"stop, first success after it {back['done'] - stopped_at if back else float('nan'):+.2f} s, last failed "
        f"answer {last['done'] - stopped_at:+.2f} s); longest failed request "
        f"{max(r['done'] - r['sent'] for r in failures):.2f} s")
else:
    say("unavailability window: none (no request failed)")
if not failures:
    problems.append("no request failed: the primary's loss was not exercised")
for name, bad in (("5xx other than 503", other_5xx), ("503 without Retry-After", no_retry_after),
                  ("hangs", hangs), ("requests without an answer", no_answer),
                  ("refusals other than 503", refused)):
    say(f"{name}: {len(bad)}")
    if bad:
        problems.append(f"{len(bad)} {name}, e.g. {bad[:2]}")
late = [r for r in failures if r["sent"] > promoted_at + 10]
if late:
    problems.append(f"{len(late)} requests failed more than 10 s after the promotion, e.g. {late[:2]}")

# Acknowledged writes: the database holds each writer's last acknowledged value (or a later unknown one), and a
# change row for every acknowledged write.
final_query = Client(port_b).call("POST", "/fulfillment", {"requestId": "final", "inputs": [
    {"intent": "action.devices.QUERY", "payload": {"devices": [{"id": d} for d in writes]}}]}, fulfillment_headers)
if final_query[0] != 200:
    problems.append(f"the final QUERY failed: {final_query}")
    final_states = {}
else:
    final_states = json.loads(final_query[2])["payload"]["devices"]
levels = {device: int(value) for device, value in sql(
    "SELECT deviceId, value FROM attribute WHERE userId = 'demo-user' AND cluster = 'LevelControl' "
    "AND name = 'CurrentLevel'")}
change_rows = {}
for device, kind, count in sql(f"SELECT deviceId, kind, count(*) FROM {POSITIONS} WHERE position > {start_cursor} "
                               "AND deviceId IS NOT NULL GROUP BY deviceId, kind"):
    change_rows.setdefault(device, {})[kind] = int(count)
lost = 0
for device, sent in writes.items():
    acked = [w for w in sent if w[1] == "acked"]
    unknown = [w for w in sent if w[1] == "unknown"]
    last_acked = max((i for i, w in enumerate(sent) if w[1] == "acked"), default=-1)
    later_unknown = [w for w in sent[last_acked + 1:] if w[1] == "unknown"]
    if device in ("hall-dimmer-plug", "patio-speaker"):
        actual = levels.get(device)
        allowed = {w[0] for w in later_unknown} | ({sent[last_acked][0]} if last_acked >= 0 else set())
    else:
        actual = final_states.get(device, {}).get("brightness")
        allowed = {w[2] for w in [sent[last_acked]] if last_acked >= 0}
        # An unknown EXECUTE's brightness as Google would be told it: the same conversion, so within one percent.
        allowed |= {w[0] + d for w in later_unknown for d in (-1, 0, 1)}
    if actual not in allowed:
        lost += 1
        problems.append(f"{device}: the database holds {actual}, the last acknowledged write was "
                        f"{sent[last_acked] if last_acked >= 0 else None}, later unknown ones {later_unknown}")
    rows = change_rows.get(device, {})
    for kind, count in rows.items():
        if not len(acked) <= count <= len(acked) + len(unknown):
            lost += 1
            problems.append(f"{device}: {count} '{kind}' change rows for {len(acked)} acknowledged and "
                            f"{len(unknown)} unknown writes")
    if not rows:
        problems.append(f"{device}: no change rows at all")
    say(f"{device}: {len(acked)} acknowledged, {len(unknown)} unknown outcome, change rows {rows}; "
        f"database {actual}")
say(f"lost acknowledged writes: {lost}")

# The stream: every change after the start cursor exactly once, in increasing cursor order.
expected = [int(row[0]) for row in sql(f"SELECT position FROM {POSITIONS} WHERE position > {start_cursor} "
                                             "ORDER BY position")]
deadline = time.monotonic() + 30
while time.monotonic() < deadline:
    with lock:
        if expected and received and max(received) >= expected[-1]:
            break
    time.sleep(0.1)
drain_until[0] = time.monotonic()
with lock:
    got = list(received)
duplicates = len(got) - len(set(got))
disorder = sum(1 for a, b in zip(got, got[1:]) if b <= a)
gaps = sorted(set(expected) - set(got))
extra = sorted(set(got) - set(expected))
sparse = sum(1 for a, b in zip(expected, expected[1:]) if b != a + 1)
say(f"stream: {len(got)} changes received over {len(stream_opens)} connections, {len(expected)} in the table "
    f"({sparse} jumps in the cursor sequence); gaps {len(gaps)}, duplicates {duplicates}, out of order {disorder}, "
    f"not in the table {len(extra)}")
if gaps or duplicates or disorder or extra:
    problems.append(f"stream: gaps {gaps[:5]}, duplicates {duplicates}, out of order {disorder}, extra {extra[:5]}")

# The outbox drains, and HomeGraph ends with each written device's final state.
deadline = time.monotonic() + 60
while time.monotonic() < deadline:
    pending = sum(int(sql(f"SELECT count(*) FROM {table}")[0][0])
                  for table in ("outbox_report", "outbox_sync", "outbox_event"))
    if pending == 0:
        break
    time.sleep(0.2)
if pending:
    problems.append(f"{pending} outbox rows still queued 60 s after the run")
homegraph = Client(args.homegraph)
deadline = time.monotonic() + 30
while True:
    _, _, data = homegraph.call("GET", "/state/demo-user")
    stored = json.loads(data)["devices"]
    mismatched = [d for d in writes if stored.get(d, {}).get("brightness") != final_states.get(d, {}).get("brightness")]
    if not mismatched or time.monotonic() > deadline:
        break
    time.sleep(0.2)
_, _, data = homegraph.call("GET", "/reports")
reports = [r for r in json.loads(data)["reports"] if "reportStateAndNotification" in r["path"]]
per_device = {d: sum(1 for r in reports if r["status"] == 200 and d in json.dumps(r["body"])) for d in writes}
say(f"HomeGraph: {len(reports)} Report State calls ({sum(1 for r in reports if r['status'] == 200)} accepted); "
    f"per written device {per_device}; acknowledged writes per device "
    f"{ {d: sum(1 for w in s if w[1] == 'acked') for d, s in writes.items()} } (coalesced: fewer calls than writes)")
for device in mismatched:
    problems.append(f"{device}: HomeGraph holds {stored.get(device)}, the registry {final_states.get(device)}")
for device, count in per_device.items():
    acked = sum(1 for w in writes[device] if w[1] in ("acked", "unknown"))
    if count == 0 or count > acked:
        problems.append(f"{device}: {count} Report State calls for {acked} writes")

if problems:
    for problem in problems:
        say(f"VIOLATION: {problem}")
    sys.exit(1)
say("ok: no 5xx but 503 (each with Retry-After), no hang, no lost acknowledged write, the stream whole and in "
    "order, the outbox drained")
