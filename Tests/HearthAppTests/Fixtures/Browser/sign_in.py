#!/usr/bin/env python3
"""Drives a real headless Chromium through Hearth's sign-in page over the DevTools protocol.

It opens the authorization URL, types the login and password, clicks a button ("Sign in and allow" or "Deny"),
and reports whether the browser arrived at the redirect URI. The redirect host (Google's) is intercepted with
Fetch.enable / Fetch.fulfillRequest, so nothing leaves 127.0.0.1. With --replace-csp, the sign-in page's
Content-Security-Policy is replaced at the response stage (the control run: the old header must block the
redirect). Prints one JSON object:
  {"reached": bool, "redirect": url or null, "violations": [...], "console": [...], "error": null or text}
Exit status 0 whenever the run itself worked (whatever the outcome), 2 when the harness failed.

Usage: sign_in.py --browser PATH --url URL --redirect-prefix PREFIX --decision allow|deny
                  [--login L --password P] [--replace-csp POLICY] [--timeout SECONDS]
"""

import argparse
import base64
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

from devtools import DevTools, free_port  # beside this script


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--browser", required=True)
    parser.add_argument("--url", required=True)
    parser.add_argument("--redirect-prefix", required=True)
    parser.add_argument("--decision", choices=["allow", "deny"], required=True)
    parser.add_argument("--login", default="")
    parser.add_argument("--password", default="")
    parser.add_argument("--replace-csp")
    parser.add_argument("--timeout", type=float, default=30)
    args = parser.parse_args()

    deadline = time.monotonic() + args.timeout
    profile = tempfile.mkdtemp(prefix="hearth-chromium-")
    port = free_port()
    command = [
        args.browser, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        f"--remote-debugging-port={port}", "--remote-debugging-address=127.0.0.1", f"--user-data-dir={profile}",
        "about:blank",
    ]
    # Its own process group: Debian's chromium-headless-shell is a shell script that starts the real browser without
    # exec, so ending only the script's process would leave the browser (and its helpers) running.
    browser = subprocess.Popen(
        command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, errors="replace", start_new_session=True
    )

    def signal_group(signal_number):
        try:
            os.killpg(browser.pid, signal_number)
        except ProcessLookupError:
            pass

    # The deadline ends a browser that never gets there: its stderr then ends, and the wait below with it.
    watchdog = threading.Timer(max(0.0, deadline - time.monotonic()), lambda: signal_group(signal.SIGKILL))
    watchdog.daemon = True
    watchdog.start()
    result = {"reached": False, "redirect": None, "violations": [], "console": [], "error": None}
    try:
        # Chromium prints "DevTools listening on ws://…" once the endpoint accepts connections: await that line
        # rather than polling the endpoint, then keep draining stderr so the browser never blocks on the pipe.
        for line in browser.stderr:
            if line.startswith("DevTools listening on "):
                break
        else:
            raise RuntimeError("the browser did not open its DevTools endpoint")
        threading.Thread(target=lambda: [None for _ in browser.stderr], daemon=True).start()
        # A page target of our own: the endpoint answers with its socket once it exists (no waiting for the
        # initial about:blank page to be listed).
        request = urllib.request.Request(f"http://127.0.0.1:{port}/json/new?about:blank", method="PUT")
        with urllib.request.urlopen(request, timeout=10) as answer:
            page_socket = json.load(answer)["webSocketDebuggerUrl"]
        tools = DevTools(page_socket, deadline)
        tools.send("Page.enable")
        tools.send("Runtime.enable")
        tools.send("Log.enable")
        patterns = [{"urlPattern": args.redirect_prefix + "*", "requestStage": "Request"}]
        if args.replace_csp is not None:
            patterns.append({"urlPattern": args.url.split("?")[0] + "*", "requestStage": "Response"})
        tools.send("Fetch.enable", patterns=patterns)
        # Every CSP violation, also reported as an event to the page (console messages may be worded differently).
        tools.send(
            "Page.addScriptToEvaluateOnNewDocument",
            source="document.addEventListener('securitypolicyviolation', e => console.error("
            "'securitypolicyviolation ' + e.effectiveDirective + ' ' + e.blockedURI));",
        )

        def paused(params):
            url = params["request"]["url"]
            if url.startswith(args.redirect_prefix):
                result["reached"] = True
                result["redirect"] = url
                body = "<!doctype html><title>Google</title><p>intercepted</p>"
                tools.send(
                    "Fetch.fulfillRequest", requestId=params["requestId"], responseCode=200,
                    responseHeaders=[{"name": "Content-Type", "value": "text/html"}],
                    body=base64.b64encode(body.encode()).decode(),
                )
            elif "responseStatusCode" in params and params["request"]["method"] == "GET":
                # The control: the sign-in page as served, but with the policy under test.
                headers = [h for h in params.get("responseHeaders", [])
                           if h["name"].lower() != "content-security-policy"]
                headers.append({"name": "Content-Security-Policy", "value": args.replace_csp})
                body = tools.send("Fetch.getResponseBody", requestId=params["requestId"])
                encoded = body["body"] if body.get("base64Encoded") else base64.b64encode(body["body"].encode()).decode()
                tools.send(
                    "Fetch.fulfillRequest", requestId=params["requestId"],
                    responseCode=params["responseStatusCode"], responseHeaders=headers, body=encoded,
                )
            else:
                tools.send("Fetch.continueRequest", requestId=params["requestId"])

        tools.on_paused = paused

        def handle(event):
            method = event.get("method")
            params = event.get("params", {})
            if method == "Runtime.consoleAPICalled":
                text = " ".join(str(a.get("value", a.get("description", ""))) for a in params.get("args", []))
                result["console"].append(text)
                if text.startswith("securitypolicyviolation"):
                    result["violations"].append(text)
            elif method == "Log.entryAdded":
                entry = params.get("entry", {})
                text = entry.get("text", "")
                result["console"].append(text)
                if "Content Security Policy" in text or "Content-Security-Policy" in text:
                    result["violations"].append(text)
            return method

        loaded = {"count": 0}

        def track(method):
            if method == "Page.loadEventFired":
                loaded["count"] += 1

        def pump_until(condition):
            while not condition():
                track(handle(tools.event()))

        tools.send("Page.navigate", url=args.url)
        pump_until(lambda: loaded["count"] >= 1)

        def evaluate(expression):
            answer = tools.send("Runtime.evaluate", expression=expression, returnByValue=True)
            if "exceptionDetails" in answer:
                raise RuntimeError(f"evaluating {expression!r}: {answer['exceptionDetails']}")
            return answer.get("result", {}).get("value")

        if not evaluate("!!document.querySelector('form[action=\"/oauth/authorize\"]')"):
            raise RuntimeError("the sign-in form is not on the page: " + str(evaluate("document.body.innerText")))
        # Type into the fields as a user does: focus, then key text.
        for name, value in (("login", args.login), ("password", args.password)):
            if value:
                evaluate(f"document.querySelector('input[name={name}]').focus()")
                tools.send("Input.insertText", text=value)
        # Click the button with the mouse, at its centre.
        rect = evaluate(
            f"(() => {{ const r = document.querySelector('button[value={args.decision}]').getBoundingClientRect();"
            " return [r.x + r.width / 2, r.y + r.height / 2]; })()"
        )
        for kind in ("mousePressed", "mouseReleased"):
            tools.send("Input.dispatchMouseEvent", type=kind, x=rect[0], y=rect[1], button="left", clickCount=1)
        # Done when the redirect page has loaded, or when a CSP violation stopped the form (and the browser has
        # settled: one more load or a few quiet seconds).
        pump_until(lambda: (result["reached"] and loaded["count"] >= 2) or result["violations"])
        if result["violations"] and not result["reached"]:
            settle = time.monotonic() + 2
            while time.monotonic() < settle and not result["reached"]:
                track(handle(tools.event()))
    except Exception as error:  # reported, not raised: the test prints it
        result["error"] = f"{type(error).__name__}: {error}"
    finally:
        watchdog.cancel()
        signal_group(signal.SIGTERM)
        try:
            browser.wait(timeout=10)
        except subprocess.TimeoutExpired:
            pass
        signal_group(signal.SIGKILL)  # whatever of the group is left (the browser outlives its wrapper script)
        browser.wait()
        shutil.rmtree(profile, ignore_errors=True)
    print(json.dumps(result))
    return 2 if result["error"] else 0


if __name__ == "__main__":
    sys.exit(main())
