#!/usr/bin/env python3
"""A stand-in for the hearth binary, to exercise Deploy/nginx-e2e.sh where no Hearth is built.

It implements just the command line surface the script uses, with canned answers:
  stand-in-hearth.py serve --port P --database FILE [--config FILE] [--host H]
  stand-in-hearth.py token issue --user ID --database FILE
`token issue` writes the token next to the database (FILE.stand-in-token); `serve` accepts only that bearer token,
answers SYNC for demo-user with one device, GET /healthz with {"status":"ok"}, and exits 0 on SIGTERM.

Usage: Deploy/nginx-e2e.sh Deploy/testing/stand-in-hearth.py /tmp/e2e
"""

import argparse
import json
import secrets
import signal
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


def token_path(database):
    return database + ".stand-in-token"


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    database = ""

    def answer(self, status, body):
        data = json.dumps(body, separators=(",", ":")).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        if self.path == "/healthz":
            self.answer(200, {"status": "ok"})
        else:
            self.answer(404, {"error": "not found"})

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        request = json.loads(self.rfile.read(length) or b"{}")
        if self.path != "/fulfillment":
            self.answer(404, {"error": "not found"})
            return
        try:
            with open(token_path(self.database)) as file:
                token = file.read().strip()
        except OSError:
            token = None
        if token is None or self.headers.get("Authorization") != "Bearer " + token:
            self.answer(401, {"error": "unauthorized"})
            return
        self.answer(200, {
            "requestId": request.get("requestId", ""),
            "payload": {
                "agentUserId": "demo-user",
                "devices": [{
                    "id": "kitchen-ceiling",
                    "type": "action.devices.types.LIGHT",
                    "traits": ["action.devices.traits.OnOff"],
                    "name": {"name": "Kitchen ceiling"},
                    "willReportState": False,
                }],
            },
        })

    def log_message(self, format, *args):
        sys.stderr.write("stand-in-hearth: " + (format % args) + "\n")


def main():
    parser = argparse.ArgumentParser()
    commands = parser.add_subparsers(dest="command", required=True)
    serve = commands.add_parser("serve")
    serve.add_argument("--port", type=int, default=8080)
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--database", default="hearth.sqlite")
    serve.add_argument("--config")
    token = commands.add_parser("token")
    token.add_argument("action", choices=["issue"])
    token.add_argument("--user", required=True)
    token.add_argument("--database", default="hearth.sqlite")
    token.add_argument("--ttl", type=int)
    arguments = parser.parse_args()

    if arguments.command == "token":
        value = secrets.token_urlsafe(32)
        with open(token_path(arguments.database), "w") as file:
            file.write(value)
        print(value)
        return 0

    Handler.database = arguments.database
    server = ThreadingHTTPServer((arguments.host, arguments.port), Handler)
    signal.signal(signal.SIGTERM, lambda *_: threading.Thread(target=server.shutdown).start())
    sys.stderr.write(f"stand-in-hearth: listening on {arguments.host}:{arguments.port}\n")
    server.serve_forever()
    server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
