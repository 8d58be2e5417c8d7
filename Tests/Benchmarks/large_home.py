#!/usr/bin/env python3
"""Large-home timings for Hearth: SYNC and QUERY on one user with many devices.

    large_home.py generate TEMPLATE_HOME N USER OUT    device file with N devices copied round-robin from TEMPLATE_HOME
    large_home.py time URL TOKEN [ROUNDS]               prints median/p90 latencies (ms) of each measurement
    large_home.py sync URL TOKEN [COUNT]                COUNT SYNCs (default 1), each checked; prints the size and time

Timings use one keep-alive HTTP/1.1 connection (http.client), so a figure is one request's time in the server
plus loopback and Python's parsing of the answer; no process is started per request.
  sync-cached   SYNC again with nothing changed (Hearth serves the payload it built for this registry revision)
  sync-cold     SYNC right after an EXECUTE changed a device (the payload is rebuilt for the new revision: every
                device mapped again; unchanged entries keep their validation and JSON)
  query10       QUERY of 10 devices                      query-all  QUERY of every device
  execute       EXECUTE OnOff of one device (durable: committed before the answer)
"""
import copy, http.client, json, statistics, sys, time, urllib.parse


def generate(template, count, user, out):
    devices = json.load(open(template))["users"][0]["devices"]
    result = []
    for index in range(count):
        device = copy.deepcopy(devices[index % len(devices)])
        device["id"] = f"dev-{index:04d}"
        device["name"] = f"{device['name']} {index}"
        device.pop("otherDeviceIds", None)
        info = device.get("basicInformation")
        if info and "uniqueID" in info:
            info["uniqueID"] = f"{info['uniqueID']}-{index}"[:32]
        result.append(device)
    json.dump({"users": [{"agentUserId": user, "devices": result}]}, open(out, "w"))


class Client:
    def __init__(self, url, token):
        parts = urllib.parse.urlsplit(url)
        self.path = parts.path
        self.connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
        self.headers = {"Authorization": "Bearer " + token, "Content-Type": "application/json"}
        self.counter = 0

    def post(self, inputs):
        self.counter += 1
        body = json.dumps({"requestId": f"large-{self.counter}", "inputs": [inputs]})
        start = time.perf_counter()
        self.connection.request("POST", self.path, body, self.headers)
        response = self.connection.getresponse()
        data = response.read()
        self.last_size = len(data)
        elapsed = (time.perf_counter() - start) * 1000
        if response.status != 200:
            raise SystemExit(f"HTTP {response.status}: {data[:300]!r}")
        return elapsed, json.loads(data)


def summary(name, samples, extra=""):
    samples = sorted(samples)
    p90 = samples[min(len(samples) - 1, int(len(samples) * 0.9))]
    print(f"{name:13s} n={len(samples):4d}  median {statistics.median(samples):8.2f} ms  p90 {p90:8.2f} ms{extra}")


def time_home(url, token, rounds):
    client = Client(url, token)
    first, sync = client.post({"intent": "action.devices.SYNC"})
    devices = sync["payload"]["devices"]
    ids = [device["id"] for device in devices]
    onoff = [device["id"] for device in devices if "action.devices.traits.OnOff" in device["traits"]]
    size = len(json.dumps(sync))
    print(f"# {len(ids)} devices, SYNC answer {size / 1024:.0f} KiB; {rounds} rounds")
    print(f"# first SYNC after start (every entry mapped, validated and written): {first:.2f} ms")

    def execute(on, target):
        return client.post({"intent": "action.devices.EXECUTE", "payload": {"commands": [{
            "devices": [{"id": target}],
            "execution": [{"command": "action.devices.commands.OnOff", "params": {"on": on}}]}]}})

    cached, cold, query10, query_all, executes = [], [], [], [], []
    for round in range(rounds):
        elapsed, answer = execute(round % 2 == 0, onoff[round % len(onoff)])
        assert answer["payload"]["commands"][0]["status"] == "SUCCESS", answer
        executes.append(elapsed)
        elapsed, answer = client.post({"intent": "action.devices.SYNC"})
        assert len(answer["payload"]["devices"]) == len(ids)
        cold.append(elapsed)
        elapsed, answer = client.post({"intent": "action.devices.SYNC"})
        cached.append(elapsed)
        chosen = [ids[(round * 97 + k * 101) % len(ids)] for k in range(10)]
        elapsed, answer = client.post({"intent": "action.devices.QUERY",
                                       "payload": {"devices": [{"id": i} for i in chosen]}})
        assert len(answer["payload"]["devices"]) == len(set(chosen))
        query10.append(elapsed)
        if round % 5 == 0:
            elapsed, answer = client.post({"intent": "action.devices.QUERY",
                                           "payload": {"devices": [{"id": i} for i in ids]}})
            assert len(answer["payload"]["devices"]) == len(ids)
            query_all.append(elapsed)
    summary("sync-cold", cold)
    summary("sync-cached", cached)
    summary("query10", query10)
    summary("query-all", query_all)
    summary("execute", executes)


def sync_only(url, token, count):
    client = Client(url, token)
    for _ in range(count):
        elapsed, answer = client.post({"intent": "action.devices.SYNC"})
        devices = answer["payload"]["devices"]
        assert all("id" in device and "traits" in device for device in devices), "a SYNC entry without id or traits"
        print(f"# SYNC: {len(devices)} devices, {client.last_size / 1024:.0f} KiB, {elapsed:.1f} ms")


if __name__ == "__main__":
    if sys.argv[1] == "generate":
        generate(sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5])
    elif sys.argv[1] == "time":
        time_home(sys.argv[2], sys.argv[3], int(sys.argv[4]) if len(sys.argv) > 4 else 200)
    elif sys.argv[1] == "sync":
        sync_only(sys.argv[2], sys.argv[3], int(sys.argv[4]) if len(sys.argv) > 4 else 1)
    else:
        raise SystemExit(__doc__)
