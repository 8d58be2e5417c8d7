"""A headless Chromium and one page's DevTools session, for the browser drivers (sign_in.py, upstream_sign_in.py).

The browser runs in a process group of its own (Debian's chromium-headless-shell is a shell script that starts the
real browser without exec); a watchdog kills the group at the deadline, and `close()` ends it and removes the
profile.
"""

import json
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
import time
import urllib.request

import websocket  # PyPI websocket-client (Debian: python3-websocket)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class DevTools:
    """One page's DevTools session. Fetch.requestPaused is answered as soon as it arrives, even while a command
    waits for its result (Page.navigate does not return until the paused request goes on)."""

    def __init__(self, url, deadline):
        self.ws = websocket.create_connection(url, timeout=5, suppress_origin=True)
        self.next_id = 0
        self.events = []
        self.results = {}
        self.deadline = deadline
        self.on_paused = None

    def send(self, method, **params):
        self.next_id += 1
        ident = self.next_id
        self.ws.send(json.dumps({"id": ident, "method": method, "params": params}))
        while ident not in self.results:
            self.pump()
        message = self.results.pop(ident)
        if "error" in message:
            raise RuntimeError(f"{method}: {message['error']}")
        return message.get("result", {})

    def pump(self):
        """Reads one message (waiting a few seconds at most): a result is kept for its command, a paused request is
        answered at once, any other event is queued."""
        remaining = self.deadline - time.monotonic()
        if remaining <= 0:
            raise TimeoutError("the browser run took too long")
        self.ws.settimeout(min(remaining, 5))
        try:
            message = json.loads(self.ws.recv())
        except websocket.WebSocketTimeoutException:
            return
        if "id" in message:
            self.results[message["id"]] = message
        elif message.get("method") == "Fetch.requestPaused" and self.on_paused:
            self.on_paused(message["params"])
        else:
            self.events.append(message)

    def event(self):
        """The next event; {} when none came within a few seconds."""
        if not self.events:
            self.pump()
        return self.events.pop(0) if self.events else {}

    def evaluate(self, expression):
        answer = self.send("Runtime.evaluate", expression=expression, returnByValue=True)
        if "exceptionDetails" in answer:
            raise RuntimeError(f"evaluating {expression!r}: {answer['exceptionDetails']}")
        return answer.get("result", {}).get("value")


class Browser:
    """A headless Chromium with a fresh profile, started at once; `page()` opens a page target of our own."""

    def __init__(self, executable, deadline):
        self.deadline = deadline
        self.profile = tempfile.mkdtemp(prefix="hearth-chromium-")
        self.port = free_port()
        command = [
            executable, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
            f"--remote-debugging-port={self.port}", "--remote-debugging-address=127.0.0.1",
            f"--user-data-dir={self.profile}", "about:blank",
        ]
        self.process = subprocess.Popen(
            command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, errors="replace",
            start_new_session=True,
        )
        # The deadline ends a browser that never gets there: its stderr then ends, and the waits below with it.
        self.watchdog = threading.Timer(max(0.0, deadline - time.monotonic()), lambda: self.signal(signal.SIGKILL))
        self.watchdog.daemon = True
        self.watchdog.start()

    def signal(self, signal_number):
        try:
            os.killpg(self.process.pid, signal_number)
        except ProcessLookupError:
            pass

    def page(self):
        """A DevTools session on a new page, once the browser says its endpoint listens (awaited, not polled)."""
        for line in self.process.stderr:
            if line.startswith("DevTools listening on "):
                break
        else:
            raise RuntimeError("the browser did not open its DevTools endpoint")
        threading.Thread(target=lambda: [None for _ in self.process.stderr], daemon=True).start()
        request = urllib.request.Request(f"http://127.0.0.1:{self.port}/json/new?about:blank", method="PUT")
        with urllib.request.urlopen(request, timeout=10) as answer:
            return DevTools(json.load(answer)["webSocketDebuggerUrl"], self.deadline)

    def close(self):
        self.watchdog.cancel()
        self.signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            pass
        self.signal(signal.SIGKILL)  # whatever of the group is left (the browser outlives its wrapper script)
        self.process.wait()
        shutil.rmtree(self.profile, ignore_errors=True)
