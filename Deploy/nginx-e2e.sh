#!/usr/bin/env bash
# End-to-end check of the nginx TLS front: client --HTTPS--> nginx (Deploy/nginx/hearth.conf) --HTTP--> Hearth.
#
# Usage: Deploy/nginx-e2e.sh HEARTH_BINARY WORKDIR
#   HEARTH_BINARY  a built hearth executable (for example .build/release/hearth)
#   WORKDIR        a scratch directory for the certificate, configs, logs, pid files and e2e.sqlite
#
# Steps: install nginx if missing (apt-get, needs root); make a self-signed certificate; derive an nginx config
# from Deploy/nginx/hearth.conf (ports 18443/18081, upstream 127.0.0.1:18080, the WORKDIR certificate); start
# Hearth on 127.0.0.1:18080 with the production configuration Deploy/hearth.json (no seed) and WORKDIR/e2e.sqlite,
# and nginx with its own -c, pid and logs; import Config/devices.json and add a sign-in account the way
# Deploy/README.md says; link an account through nginx over HTTPS as Google would (the sign-in page, its form, the
# code from the redirect, the token exchange, a refresh) and send SYNC with the access token; check the other
# routes, the TLS versions and the body limit; check that the public front serves no /v1 path and that the device
# API listener (Deploy/nginx/hearth-device-api.conf, on 127.0.0.1:18444) serves /v1 to allowed addresses only; stop
# both by PID (also on failure, through a trap).
#
# Environment:
#   HEARTH_E2E_MDWE=auto|1|0  run Hearth under systemd's MemoryDenyWriteExecute seccomp rules (Deploy/check-mdwe.sh,
#                             violations kill it with SIGSYS). auto (default): when a C compiler is available.
#   HEARTH_E2E_PORT, HEARTH_E2E_TLS_PORT, HEARTH_E2E_HTTP_PORT, HEARTH_E2E_API_PORT  override 18080, 18443, 18081,
#                             18444.
# Hearth sees these HEARTH_E2E_ variables (HEARTH_E2E_PORT always): it must warn about them and start.
# Needs curl, openssl and python3 (to read the sign-in form and the token answers).
# Exit status 0 only if every check passed; the logs in WORKDIR are printed on failure.
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/e2e-lib.sh"
E2E_LOGS=(hearth.log nginx-error.log nginx-access.log)
E2E_TAIL=40
e2e_begin nginx-e2e 2 2 "$@"
upstream_port="${HEARTH_E2E_PORT:-18080}"
tls_port="${HEARTH_E2E_TLS_PORT:-18443}"
http_port="${HEARTH_E2E_HTTP_PORT:-18081}"
api_port="${HEARTH_E2E_API_PORT:-18444}"
mdwe="${HEARTH_E2E_MDWE:-auto}"

config="$deploy/hearth.json"
[[ -f "$config" ]] || fail "$config not found"
[[ -f "$repo/Config/devices.json" ]] || fail "$repo/Config/devices.json not found"
command -v curl >/dev/null || fail "curl not found"
command -v openssl >/dev/null || fail "openssl not found"
command -v python3 >/dev/null || fail "python3 not found"

# --- nginx -------------------------------------------------------------------------------------------------------
nginx_binary="$(command -v nginx || true)"
if [[ -z "$nginx_binary" && -x /usr/sbin/nginx ]]; then
    nginx_binary=/usr/sbin/nginx
fi
if [[ -z "$nginx_binary" ]]; then
    log "installing nginx"
    # Debian's postinst would start the packaged nginx on port 80 unless policy-rc.d forbids it.
    export DEBIAN_FRONTEND=noninteractive
    temporary_policy=""
    if [[ ! -e /usr/sbin/policy-rc.d ]]; then
        printf '#!/bin/sh\n# Temporary, from Deploy/nginx-e2e.sh: do not start services during apt-get install.\nexit 101\n' \
            >/usr/sbin/policy-rc.d
        chmod 755 /usr/sbin/policy-rc.d
        temporary_policy=/usr/sbin/policy-rc.d
        trap 'rm -f /usr/sbin/policy-rc.d' EXIT
    fi
    apt-get install -y nginx >"$workdir/apt.log" 2>&1 ||
        { apt-get update >>"$workdir/apt.log" 2>&1 && apt-get install -y nginx >>"$workdir/apt.log" 2>&1; } ||
        { cat "$workdir/apt.log" >&2; fail "apt-get install nginx failed"; }
    if [[ -n "$temporary_policy" ]]; then
        rm -f "$temporary_policy"
        trap - EXIT
    fi
    nginx_binary="$(command -v nginx || echo /usr/sbin/nginx)"
fi
log "using $("$nginx_binary" -v 2>&1)"

# --- cleanup: stop what this script started, by PID ----------------------------------------------------------------
hearth_pid=""
nginx_pid=""
stop() {
    local name="$1" pid="$2" signal="$3"
    [[ -n "$pid" ]] && kill -0 "$pid" 2>/dev/null || return 0
    kill "-$signal" "$pid" 2>/dev/null || true
    for _ in $(seq 1 50); do
        kill -0 "$pid" 2>/dev/null || return 0
        sleep 0.2
    done
    log "$name (pid $pid) ignored SIG$signal for 10 s; sending SIGKILL"
    kill -KILL "$pid" 2>/dev/null || true
}
cleanup() {
    stop nginx "$nginx_pid" QUIT
    stop hearth "$hearth_pid" TERM
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# --- certificate -------------------------------------------------------------------------------------------------
e2e_certificate

# --- nginx configuration derived from Deploy/nginx/hearth.conf -----------------------------------------------------
source_conf="$deploy/nginx/hearth.conf"
e2e_require "$source_conf" 'listen 443 ssl;' 'listen 80;' 'server 127.0.0.1:8080;' \
    'ssl_certificate /etc/ssl/hearth/hearth.crt;' 'ssl_certificate_key /etc/ssl/hearth/hearth.key;'
# IPv6 listeners are dropped: build machines may have no IPv6.
sed -e "s|listen 443 ssl;|listen 127.0.0.1:$tls_port ssl;|" \
    -e "s|listen 80;|listen 127.0.0.1:$http_port;|" \
    -e '/listen \[::\]/d' \
    -e "s|server 127.0.0.1:8080;|server 127.0.0.1:$upstream_port;|" \
    -e "s|/etc/ssl/hearth/hearth.crt|$workdir/hearth.crt|" \
    -e "s|/etc/ssl/hearth/hearth.key|$workdir/hearth.key|" \
    "$source_conf" >"$workdir/hearth.conf"
# Neither shipped config may proxy Hearth's metrics (metrics.path, /metrics by default): no location naming it.
for conf in "$source_conf" "$deploy/nginx/hearth-device-api.conf"; do
    if grep -nE '^[[:space:]]*location[^{]*metrics' "$conf"; then
        fail "$conf has a location for /metrics: Hearth's metrics must not be proxied (see Sources/HearthApp/HearthApp.docc/Reference/Metrics.md)"
    fi
done
# The public front must not proxy the device backend API: no location that could match /v1.
if grep -nE '^[[:space:]]*location[^{]*/v1' "$source_conf"; then
    fail "$source_conf has a location for /v1: the device API must not be proxied to the internet"
fi
# The device API listener: its private address becomes 127.0.0.1:$api_port, its allow-list 127.0.0.1 only (so a
# client bound to 127.0.0.2 must be refused).
api_conf="$deploy/nginx/hearth-device-api.conf"
e2e_require "$api_conf" 'listen 10.0.0.5:8443 ssl;' 'allow 10.0.0.0/24;' \
    'ssl_certificate /etc/ssl/hearth/hearth.crt;' 'ssl_certificate_key /etc/ssl/hearth/hearth.key;'
sed -e "s|listen 10.0.0.5:8443 ssl;|listen 127.0.0.1:$api_port ssl;|" \
    -e "s|allow 10.0.0.0/24;|allow 127.0.0.1;|" \
    -e "s|/etc/ssl/hearth/hearth.crt|$workdir/hearth.crt|" \
    -e "s|/etc/ssl/hearth/hearth.key|$workdir/hearth.key|" \
    "$api_conf" >"$workdir/hearth-device-api.conf"

mkdir -p "$workdir/nginx-temp"
user_line=""
if [[ "$(id -u)" -eq 0 ]]; then
    # As root, workers would run as "nobody" and could not write the temp paths in WORKDIR.
    user_line="user root;"
fi
cat >"$workdir/nginx.conf" <<CONF
$user_line
worker_processes 1;
daemon off;
pid $workdir/nginx.pid;
error_log $workdir/nginx-error.log info;

events {
    worker_connections 256;
}

http {
    access_log $workdir/nginx-access.log;
    client_body_temp_path $workdir/nginx-temp/body;
    proxy_temp_path $workdir/nginx-temp/proxy;
    fastcgi_temp_path $workdir/nginx-temp/fastcgi;
    uwsgi_temp_path $workdir/nginx-temp/uwsgi;
    scgi_temp_path $workdir/nginx-temp/scgi;
    include $workdir/hearth.conf;
    include $workdir/hearth-device-api.conf;
}
CONF
"$nginx_binary" -t -c "$workdir/nginx.conf" -p "$workdir" >"$workdir/nginx-test.log" 2>&1 ||
    fail "nginx -t: $(cat "$workdir/nginx-test.log")"

# --- Hearth ------------------------------------------------------------------------------------------------------
launcher=()
if [[ "$mdwe" == "auto" ]]; then
    if command -v cc >/dev/null; then mdwe=1; else mdwe=0; fi
fi
if [[ "$mdwe" == "1" ]]; then
    "$deploy/check-mdwe.sh" --build-only "$workdir/mdwe" 2>/dev/null || fail "cannot build the MemoryDenyWriteExecute wrapper"
    launcher=("$workdir/mdwe/mdwe-exec")
    export MDWE_ACTION=kill
    log "Hearth runs under MemoryDenyWriteExecute rules (HEARTH_E2E_MDWE=0 to turn off)"
fi

rm -f "$workdir/e2e.sqlite" "$workdir/e2e.sqlite-wal" "$workdir/e2e.sqlite-shm"
# The OAuth client as Google's console would be set up: its secret in the environment (as in /etc/hearth/hearth.env),
# its redirect URI that of a project "hearth-e2e" (Deploy/hearth.json has a placeholder the operator replaces).
client_secret="$(openssl rand -hex 24)"
redirect_uri="https://oauth-redirect.googleusercontent.com/r/hearth-e2e"
export HEARTH_OAUTH_CLIENT_SECRET_GOOGLE="$client_secret"
export HEARTH_OAUTH_CLIENTS="[{\"id\":\"google\",\"redirectURIs\":[\"$redirect_uri\"]}]"
# Not a Hearth key: Hearth must warn and go on.
export HEARTH_E2E_PORT="$upstream_port"
cd "$repo"
"${launcher[@]}" "$binary" serve --port "$upstream_port" --database "$workdir/e2e.sqlite" \
    --config "$config" >"$workdir/hearth.log" 2>&1 &
hearth_pid=$!
log "started Hearth (pid $hearth_pid) on 127.0.0.1:$upstream_port with $config"

healthy=0
for _ in $(seq 1 150); do
    if ! kill -0 "$hearth_pid" 2>/dev/null; then
        wait "$hearth_pid" && early_status=0 || early_status=$?
        hearth_pid=""
        fail "Hearth exited early with status $early_status (159 = SIGSYS: a MemoryDenyWriteExecute violation)"
    fi
    if curl -fsS -o /dev/null "http://127.0.0.1:$upstream_port/healthz" 2>/dev/null; then
        healthy=1
        break
    fi
    sleep 0.2
done
[[ "$healthy" -eq 1 ]] || fail "Hearth did not answer GET /healthz within 30 s"

"$nginx_binary" -c "$workdir/nginx.conf" -p "$workdir" &
nginx_pid=$!
log "started nginx (pid $nginx_pid) on 127.0.0.1:$tls_port"
for _ in $(seq 1 50); do
    kill -0 "$nginx_pid" 2>/dev/null || fail "nginx exited early"
    if curl -s -o /dev/null --cacert "$workdir/hearth.crt" "https://127.0.0.1:$tls_port/healthz"; then
        break
    fi
    sleep 0.2
done

# --- checks ------------------------------------------------------------------------------------------------------
base="https://127.0.0.1:$tls_port"
tls=(--silent --show-error --cacert "$workdir/hearth.crt" --max-time 20)
checks=0
pass() {
    checks=$((checks + 1))
    log "ok: $*"
}

grep -q 'warning: ignored the environment variable HEARTH_E2E_PORT' "$workdir/hearth.log" ||
    fail "Hearth did not warn about HEARTH_E2E_PORT"
pass "an unknown HEARTH_ variable is warned about, and Hearth runs"

# The production configuration imports nothing: demo-user does not exist until the real home is imported.
hearth_cli() { "$binary" "$@" --config "$config" --database "$workdir/e2e.sqlite"; }
if hearth_cli token issue --user demo-user >"$workdir/cli.log" 2>&1; then
    fail "the production configuration seeded the example home (demo-user exists)"
fi
grep -q 'demo-user' "$workdir/cli.log" || fail "token issue failed for another reason: $(cat "$workdir/cli.log")"
pass "Deploy/hearth.json seeds nothing"

# The real home and a sign-in account, as Deploy/README.md says (while Hearth runs).
hearth_cli devices import "$repo/Config/devices.json" >"$workdir/cli.log" 2>&1 ||
    fail "hearth devices import: $(cat "$workdir/cli.log")"
password="e2e $(openssl rand -hex 12)"
login="e2e@example.com"
printf '%s' "$password" | hearth_cli users add --user demo-user --login "$login" >"$workdir/cli.log" 2>&1 ||
    fail "hearth users add: $(cat "$workdir/cli.log")"
pass "devices imported, sign-in account added (password on stdin)"

# --- account linking through nginx, as Google and the user's browser do it -----------------------------------------
state="$(openssl rand -hex 16)"
verifier="$(openssl rand -hex 32)"
challenge="$(printf '%s' "$verifier" | openssl dgst -sha256 -binary | openssl base64 -A | tr '+/' '-_' | tr -d '=')"
encoded_redirect="$(python3 -c 'import sys, urllib.parse; print(urllib.parse.quote(sys.argv[1], safe=""))' "$redirect_uri")"
query="response_type=code&client_id=google&redirect_uri=$encoded_redirect&state=$state"
query+="&code_challenge=$challenge&code_challenge_method=S256"

# 1. The sign-in page (GET).
status="$(curl "${tls[@]}" -o "$workdir/authorize.html" -D "$workdir/authorize.headers" -w '%{http_code}' \
    "$base/oauth/authorize?$query")" || fail "curl GET /oauth/authorize through nginx failed"
[[ "$status" == "200" ]] || fail "GET /oauth/authorize answered HTTP $status: $(head -c 500 "$workdir/authorize.html")"
grep -qi '^content-security-policy:' "$workdir/authorize.headers" || fail "the sign-in page has no CSP header"
pass "GET /oauth/authorize through nginx: the sign-in page"

# 2. The form, filled in and sent like a browser: every field of the page's form, plus login, password, "allow".
python3 - "$workdir/authorize.html" "$login" "$password" >"$workdir/signin.form" <<'PY' ||
import html.parser, sys, urllib.parse

class Form(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.fields, self.action, self.forms = [], None, 0
    def handle_starttag(self, tag, attributes):
        attributes = dict(attributes)
        if tag == "form":
            self.forms += 1
            self.action = attributes.get("action")
        elif tag == "input" and attributes.get("type") == "hidden":
            self.fields.append((attributes["name"], attributes.get("value", "")))

form = Form()
form.feed(open(sys.argv[1], encoding="utf-8").read())
if form.forms != 1 or not (form.action or "").endswith("/oauth/authorize"):
    sys.exit(f"expected one form posting to /oauth/authorize, found {form.forms} (action {form.action!r})")
if not any(name == "csrf_token" and value for name, value in form.fields):
    sys.exit("the form carries no csrf_token")
fields = form.fields + [("login", sys.argv[2]), ("password", sys.argv[3]), ("decision", "allow")]
print(urllib.parse.urlencode(fields), end="")
PY
    fail "reading the sign-in form: $(head -c 500 "$workdir/authorize.html")"
status="$(curl "${tls[@]}" -o "$workdir/signin.html" -D "$workdir/signin.headers" -w '%{http_code}' \
    -H 'Content-Type: application/x-www-form-urlencoded' --data-binary "@$workdir/signin.form" \
    "$base/oauth/authorize")" || fail "curl POST /oauth/authorize through nginx failed"
[[ "$status" == "302" ]] || fail "the sign-in form answered HTTP $status: $(head -c 500 "$workdir/signin.html")"
location="$(sed -n 's/^[Ll]ocation: *//p' "$workdir/signin.headers" | tr -d '\r')"
code="$(python3 - "$location" "$redirect_uri" "$state" <<'PY'
import sys, urllib.parse
location, redirect_uri, state = sys.argv[1:]
base, _, query = location.partition("?")
fields = urllib.parse.parse_qs(query)
if base != redirect_uri:
    sys.exit(f"redirected to {base!r}, not {redirect_uri!r}")
if fields.get("state") != [state]:
    sys.exit(f"state {fields.get('state')!r}, expected {state!r}")
if len(fields.get("code", [])) != 1 or not fields["code"][0]:
    sys.exit(f"no code in {location!r}")
print(fields["code"][0])
PY
)" || fail "the sign-in redirect: '$location'"
pass "POST /oauth/authorize (CSRF token, login, password): 302 to the redirect URI with code and state"

# 3. The code exchange (Google's servers, client secret by HTTP Basic).
token_field() {
    python3 -c 'import json, sys; answer = json.load(open(sys.argv[1])); print(answer[sys.argv[2]])' "$@"
}
status="$(curl "${tls[@]}" -o "$workdir/token.json" -D "$workdir/token.headers" -w '%{http_code}' \
    -u "google:$client_secret" -d grant_type=authorization_code --data-urlencode "code=$code" \
    --data-urlencode "redirect_uri=$redirect_uri" --data-urlencode "code_verifier=$verifier" \
    "$base/oauth/token")" || fail "curl POST /oauth/token through nginx failed"
[[ "$status" == "200" ]] || fail "the code exchange answered HTTP $status: $(head -c 500 "$workdir/token.json")"
[[ "$(token_field "$workdir/token.json" token_type)" == "Bearer" ]] || fail "token_type: $(cat "$workdir/token.json")"
access_token="$(token_field "$workdir/token.json" access_token)" || fail "no access_token: $(cat "$workdir/token.json")"
refresh_token="$(token_field "$workdir/token.json" refresh_token)" || fail "no refresh_token: $(cat "$workdir/token.json")"
grep -qi '^cache-control: no-store' "$workdir/token.headers" || fail "the token answer is not Cache-Control: no-store"
pass "POST /oauth/token (authorization_code, PKCE): access and refresh tokens"

status="$(curl "${tls[@]}" -o "$workdir/bad-client.json" -w '%{http_code}' -u "google:not-the-secret" \
    -d grant_type=refresh_token --data-urlencode "refresh_token=$refresh_token" "$base/oauth/token")"
[[ "$status" == "401" ]] && grep -q '"invalid_client"' "$workdir/bad-client.json" ||
    fail "a wrong client secret answered HTTP $status: $(head -c 300 "$workdir/bad-client.json")"
pass "a wrong client secret: 401 invalid_client"

# 4. A refresh (client secret in the body this time).
status="$(curl "${tls[@]}" -o "$workdir/refresh.json" -w '%{http_code}' -d grant_type=refresh_token \
    --data-urlencode "refresh_token=$refresh_token" -d client_id=google --data-urlencode "client_secret=$client_secret" \
    "$base/oauth/token")" || fail "curl refresh through nginx failed"
[[ "$status" == "200" ]] || fail "the refresh answered HTTP $status: $(head -c 500 "$workdir/refresh.json")"
token="$(token_field "$workdir/refresh.json" access_token)" || fail "no access_token: $(cat "$workdir/refresh.json")"
[[ -n "$token" && "$token" != "$access_token" ]] || fail "the refresh returned no new access token"
pass "POST /oauth/token (refresh_token): a new access token"

# 5. An intent with the token: SYNC through nginx.
sync_request='{"requestId":"e2e-sync-1","inputs":[{"intent":"action.devices.SYNC"}]}'
status="$(curl "${tls[@]}" -o "$workdir/sync.json" -D "$workdir/sync.headers" -w '%{http_code}' \
    -H "Authorization: Bearer $token" -H 'Content-Type: application/json' \
    --data "$sync_request" "$base/fulfillment")" || fail "curl SYNC through nginx failed"
[[ "$status" == "200" ]] || fail "SYNC answered HTTP $status: $(head -c 500 "$workdir/sync.json")"
grep -Eq '"agentUserId"[[:space:]]*:[[:space:]]*"demo-user"' "$workdir/sync.json" ||
    fail "SYNC answer has no \"agentUserId\":\"demo-user\": $(head -c 500 "$workdir/sync.json")"
grep -Eq '"devices"[[:space:]]*:[[:space:]]*\[[[:space:]]*\{' "$workdir/sync.json" ||
    fail "SYNC answer has no devices: $(head -c 500 "$workdir/sync.json")"
grep -Eq '"requestId"[[:space:]]*:[[:space:]]*"e2e-sync-1"' "$workdir/sync.json" ||
    fail "SYNC answer does not echo the requestId"
pass "SYNC over HTTPS with the linked account's access token: agentUserId demo-user, devices present"
grep -qi '^strict-transport-security: max-age=' "$workdir/sync.headers" || fail "no Strict-Transport-Security header"
pass "HSTS header present"

status="$(curl "${tls[@]}" -o /dev/null -w '%{http_code}' -H 'Content-Type: application/json' \
    --data "$sync_request" "$base/fulfillment")"
[[ "$status" == "401" ]] || fail "SYNC without a token answered HTTP $status, expected 401"
pass "SYNC without a token: 401"

body="$(curl "${tls[@]}" "$base/healthz")" || fail "GET /healthz through nginx failed"
grep -Eq '"status"[[:space:]]*:[[:space:]]*"ok"' <<<"$body" || fail "GET /healthz answered: $body"
pass "GET /healthz through nginx: $body"

for path in / /metrics /fulfillment/x /healthz/ /admin /v1/devices /oauth /oauth/x /v1/openapi.json /v1/changes \
    /v1/users/demo-user/devices; do
    status="$(curl "${tls[@]}" -o /dev/null -w '%{http_code}' "$base$path")"
    [[ "$status" == "404" ]] || fail "GET $path answered HTTP $status, expected 404"
done
pass "other paths (/v1/… among them): 404"

# Metrics: served by Hearth itself on its own address, never through nginx (the public front answered 404 above;
# the device API listener must too).
body="$(curl -fsS "http://127.0.0.1:$upstream_port/metrics")" || fail "GET /metrics from Hearth directly failed"
grep -q '^hearth_build_info{' <<<"$body" || fail "GET /metrics from Hearth has no hearth_build_info"
grep -q '^hearth_http_responses_total{' <<<"$body" || fail "GET /metrics from Hearth has no hearth_http_responses_total"
status="$(curl "${tls[@]}" -o /dev/null -w '%{http_code}' "https://127.0.0.1:$api_port/metrics")"
[[ "$status" == "404" ]] || fail "GET /metrics on the device API listener answered $status, expected 404"
pass "GET /metrics: served by Hearth on 127.0.0.1:$upstream_port, 404 through both nginx listeners"

# The device backend API: never through the public front, even with a valid API key; through the device API
# listener for an allowed address only, and only /v1 there.
api_key="$(hearth_cli apikeys create --name nginx-e2e 2>"$workdir/cli.log" | tail -n 1)" ||
    fail "hearth apikeys create: $(cat "$workdir/cli.log")"
status="$(curl "${tls[@]}" -o /dev/null -w '%{http_code}' -H "Authorization: Bearer $api_key" \
    -H 'Content-Type: application/json' --data '{"changes": []}' "$base/v1/state")"
[[ "$status" == "404" ]] || fail "POST /v1/state with an API key through the public front answered $status, expected 404"
api_base="https://127.0.0.1:$api_port"
status="$(curl "${tls[@]}" -o /dev/null -w '%{http_code}' "$api_base/v1/openapi.json")"
[[ "$status" == "401" ]] || fail "GET /v1/openapi.json without a key on the device API listener answered $status"
status="$(curl "${tls[@]}" -o /dev/null -w '%{http_code}' -H "Authorization: Bearer $api_key" \
    "$api_base/v1/openapi.json")"
[[ "$status" == "200" ]] || fail "GET /v1/openapi.json with a key on the device API listener answered $status"
status="$(curl "${tls[@]}" -o /dev/null -w '%{http_code}' -H "Authorization: Bearer $api_key" \
    "$api_base/fulfillment")"
[[ "$status" == "404" ]] || fail "GET /fulfillment on the device API listener answered $status, expected 404"
status="$(curl "${tls[@]}" -o /dev/null -w '%{http_code}' --interface 127.0.0.2 \
    -H "Authorization: Bearer $api_key" "$api_base/v1/openapi.json")"
[[ "$status" == "403" ]] || fail "the device API listener answered $status to an address not allowed, expected 403"
pass "/v1: 404 through the public front even with an API key; the device API listener: 401 without a key, 200 with one, 403 outside its allow-list, 404 off /v1"

head -c 1100000 /dev/zero | tr '\0' ' ' >"$workdir/big.json"
status="$(curl "${tls[@]}" -o /dev/null -w '%{http_code}' -H "Authorization: Bearer $token" \
    -H 'Content-Type: application/json' --data-binary "@$workdir/big.json" "$base/fulfillment")"
[[ "$status" == "413" ]] || fail "a 1.1 MB body answered HTTP $status, expected 413"
pass "1.1 MB body: 413"

for version in 1.2 1.3; do
    curl "${tls[@]}" -o /dev/null "--tlsv$version" --tls-max "$version" "$base/healthz" ||
        fail "TLS $version handshake failed"
done
# The client lowers its own OpenSSL security level so that a refusal can only come from nginx.
if curl "${tls[@]}" -o /dev/null --tlsv1.1 --tls-max 1.1 --ciphers 'DEFAULT:@SECLEVEL=0' "$base/healthz" 2>/dev/null; then
    fail "TLS 1.1 was accepted"
fi
pass "TLS 1.2 and 1.3 accepted, 1.1 refused"

status="$(curl --silent --max-time 10 -o /dev/null -w '%{http_code} %{redirect_url}' \
    "http://127.0.0.1:$http_port/fulfillment")"
[[ "$status" == "301 https://127.0.0.1/fulfillment" ]] || fail "plain HTTP answered '$status', expected a 301 to https"
pass "plain HTTP redirects to HTTPS"

# --- shutdown ----------------------------------------------------------------------------------------------------
stop nginx "$nginx_pid" QUIT
nginx_pid=""
stop hearth "$hearth_pid" TERM
wait "$hearth_pid" && hearth_status=0 || hearth_status=$?
hearth_pid=""
[[ "$hearth_status" -eq 0 ]] || fail "Hearth exited with status $hearth_status after SIGTERM (expected 0)"
pass "Hearth stopped cleanly on SIGTERM"

log "PASSED ($checks checks)"
