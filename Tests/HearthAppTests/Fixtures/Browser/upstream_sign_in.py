#!/usr/bin/env python3
"""Drives a real headless Chromium through a sign-in at the manufacturer's identity provider (the test provider,
canaille), the way a user does when Google opens Hearth's authorization URL with `oauth.upstream` set.

From the start URL it follows the chain, page by page, whatever order the pages come in:
  - canaille's login form (`form#loginform`: the login), then its password form (`form#passwordform`);
  - canaille's consent page (`form#authorizeform`: button `accept`, or `deny` with --idp-consent deny), if shown;
  - Hearth's consent page (`<form method=post action=/oauth/consent>`, `<button name=decision value=allow|deny>`);
until a URL starting with the redirect prefix is requested. That request is intercepted (Fetch.enable at the
request stage, answered by the driver), so nothing leaves 127.0.0.1. Fields are typed as a user does (focus, then
key text) and buttons clicked with the mouse at their centre.

Prints one JSON object:
  {"reached": bool, "redirect": url or null, "violations": [...], "console": [...], "error": null or text,
   "pages": [{"url": ..., "kind": "idp-login" | "idp-password" | "idp-consent" | "hearth-consent"}, ...]}
Exit status 0 whenever the run itself worked (whatever the outcome), 2 when the harness failed (an unknown page, a
page that comes back after its form was sent — a wrong password —, or the deadline).

Usage: upstream_sign_in.py --browser PATH --url URL --redirect-prefix PREFIX --login L --password P
                           [--idp-consent accept|deny] [--decision allow|deny] [--timeout SECONDS]
"""

import argparse
import base64
import json
import os
import sys
import time

sys.dont_write_bytecode = True  # nothing written next to the fixtures
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from devtools import Browser  # noqa: E402  (next to this script)

# Which page the browser is on, from its forms (the first match wins).
CLASSIFY = """(() => {
  if (document.querySelector('form[action$="/oauth/consent"] button[name=decision]')) return 'hearth-consent';
  if (document.querySelector('form#authorizeform button#accept')) return 'idp-consent';
  if (document.querySelector('form#passwordform input[name=password]')) return 'idp-password';
  if (document.querySelector('form#loginform input[name=login]')) return 'idp-login';
  return 'unknown';
})()"""

MAX_PAGES = 12


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--browser", required=True)
    parser.add_argument("--url", required=True)
    parser.add_argument("--redirect-prefix", required=True)
    parser.add_argument("--login", required=True)
    parser.add_argument("--password", required=True)
    parser.add_argument("--idp-consent", choices=["accept", "deny"], default="accept")
    parser.add_argument("--decision", choices=["allow", "deny"], default="allow")
    parser.add_argument("--timeout", type=float, default=60)
    args = parser.parse_args()

    deadline = time.monotonic() + args.timeout
    browser = Browser(args.browser, deadline)
    result = {"reached": False, "redirect": None, "violations": [], "console": [], "error": None, "pages": []}
    try:
        tools = browser.page()
        tools.send("Page.enable")
        tools.send("Runtime.enable")
        tools.send("Log.enable")
        tools.send("Fetch.enable", patterns=[{"urlPattern": args.redirect_prefix + "*", "requestStage": "Request"}])
        tools.send(
            "Page.addScriptToEvaluateOnNewDocument",
            source="document.addEventListener('securitypolicyviolation', e => console.error("
            "'securitypolicyviolation ' + e.effectiveDirective + ' ' + e.blockedURI));",
        )

        def paused(params):
            url = params["request"]["url"]
            if url.startswith(args.redirect_prefix) and not result["reached"]:
                result["reached"] = True
                result["redirect"] = url
                body = "<!doctype html><title>Redirect</title><p>intercepted</p>"
                tools.send(
                    "Fetch.fulfillRequest", requestId=params["requestId"], responseCode=200,
                    responseHeaders=[{"name": "Content-Type", "value": "text/html"}],
                    body=base64.b64encode(body.encode()).decode(),
                )
            elif url.startswith(args.redirect_prefix):
                tools.send("Fetch.failRequest", requestId=params["requestId"], errorReason="BlockedByClient")
            else:
                tools.send("Fetch.continueRequest", requestId=params["requestId"])

        tools.on_paused = paused
        loaded = {"count": 0}

        def handle(event):
            method = event.get("method")
            params = event.get("params", {})
            if method == "Page.loadEventFired":
                loaded["count"] += 1
            elif method == "Runtime.consoleAPICalled":
                text = " ".join(str(a.get("value", a.get("description", ""))) for a in params.get("args", []))
                result["console"].append(text)
                if text.startswith("securitypolicyviolation"):
                    result["violations"].append(text)
            elif method == "Log.entryAdded":
                text = params.get("entry", {}).get("text", "")
                result["console"].append(text)
                if "Content Security Policy" in text or "Content-Security-Policy" in text:
                    result["violations"].append(text)

        def wait_for_load(before):
            """Until a page loaded after `before` loads, or a CSP violation stopped the browser (then a few quiet
            seconds, in case the page still arrives)."""
            while loaded["count"] <= before and not result["violations"]:
                handle(tools.event())
            if result["violations"] and loaded["count"] <= before:
                settle = time.monotonic() + 2
                while time.monotonic() < settle and loaded["count"] <= before:
                    handle(tools.event())

        def type_into(selector, text):
            tools.evaluate(f"document.querySelector({json.dumps(selector)}).focus()")
            tools.send("Input.insertText", text=text)

        def click(selector):
            rect = tools.evaluate(
                f"(() => {{ const b = document.querySelector({json.dumps(selector)});"
                " b.scrollIntoView({block: 'center'}); const r = b.getBoundingClientRect();"
                " return [r.x + r.width / 2, r.y + r.height / 2]; })()"
            )
            for kind in ("mousePressed", "mouseReleased"):
                tools.send("Input.dispatchMouseEvent", type=kind, x=rect[0], y=rect[1], button="left", clickCount=1)

        before = loaded["count"]
        tools.send("Page.navigate", url=args.url)
        wait_for_load(before)
        while not result["reached"] and not result["violations"]:
            if len(result["pages"]) >= MAX_PAGES:
                raise RuntimeError(f"no redirect after {MAX_PAGES} pages")
            url = tools.evaluate("location.href")
            kind = tools.evaluate(CLASSIFY)
            if result["pages"] and result["pages"][-1] == {"url": url, "kind": kind}:
                text = tools.evaluate("document.body.innerText")[:500]
                raise RuntimeError(f"the {kind} page came back after its form was sent: {text}")
            result["pages"].append({"url": url, "kind": kind})
            before = loaded["count"]
            if kind == "idp-login":
                type_into("form#loginform input[name=login]", args.login)
                click("form#loginform button[type=submit]")
            elif kind == "idp-password":
                type_into("form#passwordform input[name=password]", args.password)
                click("form#passwordform button[type=submit]")
            elif kind == "idp-consent":
                click(f"form#authorizeform button#{args.idp_consent}")
            elif kind == "hearth-consent":
                click(f'form[action$="/oauth/consent"] button[name=decision][value={args.decision}]')
            else:
                text = (tools.evaluate("document.body ? document.body.innerText : ''") or "")[:500]
                raise RuntimeError(f"an unknown page at {url}: {text}")
            wait_for_load(before)
    except Exception as error:  # reported, not raised: the test prints it
        result["error"] = f"{type(error).__name__}: {error}"
    finally:
        browser.close()
    print(json.dumps(result))
    return 2 if result["error"] else 0


if __name__ == "__main__":
    sys.exit(main())
