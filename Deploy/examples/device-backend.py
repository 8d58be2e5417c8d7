#!/usr/bin/env python3
"""An example device backend for Hearth's /v1 API (Python 3 standard library only).

It follows the change stream (GET /v1/changes as Server-Sent Events), starting from a snapshot of every user's
devices, keeps its own table of device state, and for each `command` event (an EXECUTE Google sent and Hearth
carried out) "applies" the command to the device -- here: to its table, where a real backend would publish to its
MQTT broker or device shadow -- and reports the resulting state back with PATCH /v1/users/{u}/devices/{d}/state.

    BACKEND_HEARTH_URL=http://10.0.0.5:8080 BACKEND_API_KEY=... python3 device-backend.py

Environment: BACKEND_HEARTH_URL (default http://127.0.0.1:8080), BACKEND_API_KEY (from `hearth apikeys create`),
BACKEND_CURSOR_FILE (optional: where the last cursor is kept, so a restarted backend resumes where it stopped),
BACKEND_EXIT_AFTER (optional, for tests: exit after this many command events).
"""
import http.client
import json
import os
import sys
import time
import urllib.parse

URL = urllib.parse.urlsplit(os.environ.get("BACKEND_HEARTH_URL", "http://127.0.0.1:8080"))
KEY = os.environ["BACKEND_API_KEY"]
CURSOR_FILE = os.environ.get("BACKEND_CURSOR_FILE")
EXIT_AFTER = int(os.environ.get("BACKEND_EXIT_AFTER", "0"))

# Our own view of every device: (agentUserId, deviceId) -> {endpoint number: {cluster: {attribute: value}}}.
# Endpoints are numbered from 1 in the order the device object lists them (a device without "endpoints" has one).
devices = {}
commands_handled = 0


def connect():
    cls = http.client.HTTPSConnection if URL.scheme == "https" else http.client.HTTPConnection
    # The stream sends a heartbeat comment every 15 s, so a read that waits 60 s means the connection is dead.
    return cls(URL.hostname, URL.port, timeout=60)


def load_cursor():
    if CURSOR_FILE and os.path.exists(CURSOR_FILE):
        with open(CURSOR_FILE) as f:
            return f.read().strip() or None
    return None


def save_cursor(cursor):
    # Keep the cursor only after the event was handled: after a crash the event comes again (at least once).
    if CURSOR_FILE:
        with open(CURSOR_FILE + ".tmp", "w") as f:
            f.write(cursor)
        os.replace(CURSOR_FILE + ".tmp", CURSOR_FILE)


def remember(user, device):
    """Stores a device object (the device-file format) in our table."""
    endpoints = device.get("endpoints") or [device]
    devices[(user, device["id"])] = {n: dict(e.get("clusters", {})) for n, e in enumerate(endpoints, start=1)}


def report_state(user, device_id, endpoint, clusters):
    """PATCH .../state: tells Hearth (and through it Google) what the device now reports."""
    path = "/v1/users/%s/devices/%s/state" % (urllib.parse.quote(user, safe=""), urllib.parse.quote(device_id, safe=""))
    body = json.dumps({"endpoint": endpoint, "clusters": clusters}).encode()
    conn = connect()
    conn.request("PATCH", path, body, {"Authorization": "Bearer " + KEY, "Content-Type": "application/json"})
    answer = conn.getresponse()
    text = answer.read().decode()
    conn.close()
    if answer.status != 200:
        # 4xx is our mistake (e.g. a value out of range): the error says which field. Log it, do not retry.
        print("state report for %s/%s refused: %d %s" % (user, device_id, answer.status, text), flush=True)


def handle(kind, event):
    global commands_handled
    if kind == "snapshot":
        for device in event["devices"]:
            remember(event["agentUserId"], device)
        print("snapshot: user %s, %d devices" % (event["agentUserId"], len(event["devices"])), flush=True)
        return
    key = (event["agentUserId"], event.get("deviceId"))
    if kind == "device":
        if event["change"] == "removed":
            devices.pop(key, None)
        elif "device" in event:
            remember(event["agentUserId"], event["device"])
    elif kind == "user" and event["change"] == "removed":
        for k in [k for k in devices if k[0] == event["agentUserId"]]:
            del devices[k]
    elif kind == "state":
        # Someone (Google, the CLI, or we ourselves: by "api") changed attributes; keep our table in step.
        endpoint = devices.setdefault(key, {}).setdefault(event.get("endpoint", 1), {})
        for cluster, attributes in event.get("clusters", {}).items():
            endpoint.setdefault(cluster, {}).update(attributes)
    elif kind == "command":
        # A real backend sends the Matter command to the device here and reports what the device then says.
        # `changed` is what Hearth expects the command to do, in Matter names and units.
        endpoint = devices.setdefault(key, {}).setdefault(event["endpoint"], {})
        for cluster, attributes in event["changed"].items():
            endpoint.setdefault(cluster, {}).update(attributes)
        print("command %s %s/%s endpoint %d %s -> %s" % (
            event["command"], event["agentUserId"], event["deviceId"], event["endpoint"],
            json.dumps(event["arguments"], sort_keys=True), json.dumps(event["changed"], sort_keys=True)), flush=True)
        report_state(event["agentUserId"], event["deviceId"], event["endpoint"], event["changed"])
        commands_handled += 1


def follow(cursor):
    """Reads the stream until it ends; returns the last cursor handled (None: start over with a snapshot)."""
    headers = {"Authorization": "Bearer " + KEY, "Accept": "text/event-stream"}
    if cursor:
        headers["Last-Event-ID"] = cursor  # resume: no gap, no duplicate
        path = "/v1/changes"
    else:
        path = "/v1/changes?snapshot=true"  # first start: every user's devices, then the changes after them
    conn = connect()
    conn.request("GET", path, headers=headers)
    answer = conn.getresponse()
    if answer.status == 410:
        # Our cursor is older than Hearth keeps changes (changes.retentionHours): take a new snapshot.
        print("cursor %s expired: %s" % (cursor, answer.read().decode()), flush=True)
        return None
    if answer.status != 200:
        raise RuntimeError("GET %s: %d %s" % (path, answer.status, answer.read().decode()))
    kind, data, event_id = "message", [], None
    for raw in answer:  # one line at a time, as the server sends them
        line = raw.decode("utf-8").rstrip("\r\n")
        if line == "":  # a blank line ends an event
            if data:
                handle(kind, json.loads("\n".join(data)))
                if kind != "snapshot" and event_id:
                    # Snapshots (one per user) are not kept as a cursor: a stream cut between two of them would
                    # resume without the rest. Until a change follows them, a reconnect takes a new snapshot.
                    cursor = event_id
                    save_cursor(cursor)
                if EXIT_AFTER and commands_handled >= EXIT_AFTER:
                    sys.exit(0)
            kind, data, event_id = "message", [], None
        elif line.startswith(":"):
            pass  # heartbeat comment
        else:
            field, _, value = line.partition(":")
            value = value[1:] if value.startswith(" ") else value
            if field == "event":
                kind = value
            elif field == "data":
                data.append(value)
            elif field == "id":
                event_id = value
    return cursor  # the server closed the stream (e.g. it restarted): resume from here


def main():
    cursor = load_cursor()
    delay = 1
    while True:
        try:
            cursor = follow(cursor)
            delay = 1
        except (OSError, http.client.HTTPException, RuntimeError) as error:
            print("stream interrupted (%s); reconnecting in %d s" % (error, delay), flush=True)
            time.sleep(delay)
            delay = min(delay * 2, 30)


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        pass
