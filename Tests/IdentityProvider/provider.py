#!/usr/bin/env python3
"""A real OpenID Connect provider on loopback for Hearth's tests: canaille, started through pytest-iam's `Server`.

canaille (https://canaille.readthedocs.io) is a complete identity provider: its own login form (login, then
password), its own consent page, authorization code with PKCE S256 and nonce, client_secret_basic and
client_secret_post at the token endpoint, a JWKS with active and inactive keys, RFC 7662 introspection and RFC 7009
revocation. pytest-iam's `Server` runs its Flask app on a loopback port without pytest.

Usage:
  provider.py --port P --key-dir DIR
              --user LOGIN:PASSWORD[:EMAIL] ...
              --client ID:SECRET:REDIRECT_URI[:AUTH_METHOD] ...
              [--alg RS256|ES256] [--rotate] [--no-consent-required] [--access-token-lifetime SECONDS]
              [--stop-on-eof] [--opaque-access-tokens]

  --port 0 binds a free port. The issuer is `http://127.0.0.1:P`. AUTH_METHOD is client_secret_basic (the default)
  or client_secret_post. Every client may use authorization_code and refresh_token, scopes openid profile email,
  and is its own audience (so it may introspect its own tokens). With --no-consent-required every user has already
  consented to every client; by default the user consents on canaille's page, as with a real provider.

State in DIR, kept across restarts: `keys.json` (the active keys, which sign, and the inactive ones, published in
the JWKS only) and `canaille.sqlite` (users, clients, consents, codes and tokens, so tokens issued before a restart
still introspect). A start with --rotate makes a new active key and keeps the old ones published as inactive.
With --alg ES256 the active keys are an EC P-256 key and an RSA key (canaille refuses a key set without RSA: OIDC
requires RS256); every client is registered with `id_token_signed_response_alg` ES256, so ID tokens and access
tokens are signed with the EC key.

Access tokens are JWTs signed like the ID tokens (canaille's way); with --opaque-access-tokens they are random strings
that only introspection can check.

With --stop-on-eof it also stops when its stdin ends (the test process that started it is gone).

When it listens and is seeded, prints one JSON line: {"issuer", "pid", "port", "signing_kid", "kids"}. Runs until
SIGTERM or SIGINT. Access log and errors go to stderr.
"""

import argparse
import datetime
import json
import logging
import os
import shutil
import signal
import socket
import socketserver
import sqlite3
import sys
import threading
import uuid
import wsgiref.simple_server

METHODS = ("client_secret_basic", "client_secret_post")


def parse_user(text):
    login, _, rest = text.partition(":")
    if not login or not rest:
        raise argparse.ArgumentTypeError(f"--user wants LOGIN:PASSWORD[:EMAIL], not {text!r}")
    password, email = rest, None
    head, _, tail = rest.rpartition(":")
    if head and "@" in tail:
        password, email = head, tail
    return {"login": login, "password": password, "email": email or f"{login}@example.com"}


def parse_client(text):
    parts = text.split(":", 2)
    if len(parts) != 3 or not all(parts):
        raise argparse.ArgumentTypeError(f"--client wants ID:SECRET:REDIRECT_URI[:AUTH_METHOD], not {text!r}")
    client_id, secret, rest = parts
    method = "client_secret_basic"
    head, _, tail = rest.rpartition(":")
    if tail in METHODS:
        rest, method = head, tail
    return {"id": client_id, "secret": secret, "redirect_uris": rest.split(","), "method": method}


def generate_key(kind):
    from joserfc.jwk import JWKRegistry

    key = JWKRegistry.generate_key("EC", "P-256") if kind == "EC" else JWKRegistry.generate_key("RSA", 2048)
    key.ensure_kid()
    return key.as_dict(private=True)


def load_keys(directory, alg, rotate):
    """The active and inactive keys in DIR/keys.json, made (or rotated) as asked and written back, with the Flask
    session secret."""
    path = os.path.join(directory, "keys.json")
    keys = None
    if os.path.exists(path):
        with open(path) as file:
            keys = json.load(file)
    fresh = [generate_key("EC"), generate_key("RSA")] if alg == "ES256" else [generate_key("RSA")]
    if keys is None:
        keys = {"alg": alg, "active": fresh, "inactive": [], "secret": uuid.uuid4().hex}
    elif rotate or keys.get("alg") != alg:
        keys = {**keys, "alg": alg, "active": fresh, "inactive": keys["active"] + keys["inactive"]}
    keys.setdefault("secret", uuid.uuid4().hex)
    temporary = path + ".tmp"
    with open(os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "w") as file:
        json.dump(keys, file)
    os.replace(temporary, path)
    return keys


class ThreadingServer(socketserver.ThreadingMixIn, wsgiref.simple_server.WSGIServer):
    """wsgiref's server answers one connection at a time: a browser's idle preconnection would stall the test. One
    thread per connection, as with any real provider."""

    daemon_threads = True
    allow_reuse_address = True


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--key-dir", required=True)
    parser.add_argument("--user", type=parse_user, action="append", default=[])
    parser.add_argument("--client", type=parse_client, action="append", default=[])
    parser.add_argument("--alg", choices=["RS256", "ES256"], default="RS256")
    parser.add_argument("--rotate", action="store_true")
    parser.add_argument("--consent-required", action=argparse.BooleanOptionalAction, default=True)
    parser.add_argument("--access-token-lifetime", type=int, default=3600)
    parser.add_argument("--stop-on-eof", action="store_true")
    parser.add_argument("--opaque-access-tokens", action="store_true")
    args = parser.parse_args()

    os.makedirs(args.key_dir, exist_ok=True)
    keys = load_keys(args.key_dir, args.alg, args.rotate)

    # The port first, so the issuer (SERVER_NAME) is known before the app exists and --port 0 has no race.
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", args.port))
    port = listener.getsockname()[1]
    issuer = f"http://127.0.0.1:{port}"

    # canaille refuses plain http for OAuth unless told this is a test.
    os.environ["AUTHLIB_INSECURE_TRANSPORT"] = "1"
    from canaille import create_app
    from canaille.backends import Backend
    import pytest_iam

    database = os.path.join(os.path.abspath(args.key_dir), "canaille.sqlite")
    # canaille migrates a new database at start (alembic, a hundred DDL statements: seconds on a busy machine). The
    # first provider of this venv keeps an empty migrated copy in the venv; later ones start from that copy.
    template = os.path.join(sys.prefix, "canaille-empty.sqlite")
    if not os.path.exists(database) and os.path.exists(template):
        shutil.copyfile(template, database)
    config = {
        "TESTING": True,
        "ENV_FILE": None,
        "SECRET_KEY": keys["secret"],  # kept across restarts and rotations: a browser's session survives them
        "WTF_CSRF_ENABLED": False,
        "PREFERRED_URL_SCHEME": "http",
        # Cookies are per host, not per port: on 127.0.0.1 the browser sends Hearth's cookies here and this one to
        # Hearth. A name of its own keeps them apart in logs and never collides with Hearth's.
        "SESSION_COOKIE_NAME": "test_idp_session",
        "SERVER_NAME": f"127.0.0.1:{port}",
        "OAUTH2_TOKEN_EXPIRES_IN": {
            "authorization_code": args.access_token_lifetime,
            "refresh_token": args.access_token_lifetime,
        },
        "CANAILLE": {
            "NAME": "Test identity provider",
            "JAVASCRIPT": False,
            "ACL": {"DEFAULT": {"PERMISSIONS": ["use_oidc"]}},
            "LOGGING": {
                "version": 1,
                "disable_existing_loggers": False,
                "handlers": {"stderr": {"class": "logging.StreamHandler", "stream": "ext://sys.stderr"}},
                "loggers": {"canaille": {"level": "WARNING", "handlers": ["stderr"]}},
            },
        },
        "CANAILLE_SQL": {"DATABASE_URI": f"sqlite:///{database}"},
        "CANAILLE_OIDC": {
            "ACTIVE_JWKS": keys["active"],
            "INACTIVE_JWKS": keys["inactive"],
            "TRUSTED_DOMAINS": [],
        },
    }
    if args.opaque_access_tokens:
        # canaille's generator, named by dotted path in the config, makes JWTs; this one a random string (what
        # authlib makes by default), which only introspection can check.
        import canaille.oidc.provider
        from authlib.common.security import generate_token

        canaille.oidc.provider.generate_access_token = lambda client, grant_type, user, scope: generate_token(48)
    app = create_app(config=config, env_file=None, env_prefix="HEARTH_TEST_IDP_")
    if not os.path.exists(template):
        copy = f"{template}.{os.getpid()}"
        with sqlite3.connect(database) as source, sqlite3.connect(copy) as target:
            source.backup(target)
        os.replace(copy, template)
    server = pytest_iam.Server(app, 0, Backend.instance, logging=True)
    # pytest-iam's Server made a one-connection-at-a-time server on a port of its own: ours takes its place.
    server.httpd.server_close()
    server.httpd = ThreadingServer(("127.0.0.1", port), server.httpd.RequestHandlerClass, bind_and_activate=False)
    server.httpd.socket.close()
    server.httpd.socket = listener
    server.httpd.server_bind = lambda: None
    server.httpd.server_name, server.httpd.server_port = "127.0.0.1", port
    server.httpd.setup_environ()
    server.httpd.set_app(app)
    server.port = port
    listener.listen(64)

    with app.app_context():
        models = server.models
        backend = Backend.instance
        now = datetime.datetime.now(datetime.timezone.utc)
        users = []
        for spec in args.user:
            user = backend.get(models.User, user_name=spec["login"]) or models.User(user_name=spec["login"])
            backend.update(
                user, password=spec["password"], emails=[spec["email"]], formatted_name=spec["login"],
                family_name=spec["login"],
            )
            backend.save(user)
            users.append(user)
        clients = []
        for spec in args.client:
            client = backend.get(models.Client, client_id=spec["id"]) or models.Client(
                client_id=spec["id"], client_id_issued_at=now
            )
            backend.update(
                client, client_secret=spec["secret"], client_name=spec["id"], redirect_uris=spec["redirect_uris"],
                grant_types=["authorization_code", "refresh_token"], response_types=["code"],
                scope=["openid", "profile", "email"], token_endpoint_auth_method=spec["method"],
                id_token_signed_response_alg=args.alg,
            )
            backend.save(client)
            backend.update(client, audience=[client])
            backend.save(client)
            clients.append(client)
        if not args.consent_required:
            for user in users:
                for client in clients:
                    consents = backend.query(models.Consent, subject=user, client=client)
                    if not consents:
                        backend.save(
                            models.Consent(
                                consent_id=str(uuid.uuid4()), client=client, subject=user, scope=client.scope,
                                issue_date=now,
                            )
                        )

    def stop(signal_number, frame):
        raise KeyboardInterrupt

    signing = [key for key in keys["active"] if key["kty"] == ("EC" if args.alg == "ES256" else "RSA")][0]
    ready = {
        "issuer": issuer,
        "pid": os.getpid(),
        "port": port,
        "signing_kid": signing["kid"],
        "kids": [key["kid"] for key in keys["active"] + keys["inactive"]],
    }
    signal.signal(signal.SIGTERM, stop)
    try:
        print(json.dumps(ready), flush=True)
        if args.stop_on_eof:
            # The test process holds the other end of stdin: when it ends, even killed, the provider ends with it.
            def watch():
                sys.stdin.buffer.read()
                os.kill(os.getpid(), signal.SIGTERM)

            threading.Thread(target=watch, daemon=True).start()
        server.httpd.serve_forever(poll_interval=0.1)
    except KeyboardInterrupt:
        pass
    finally:
        server.httpd.server_close()
    return 0


if __name__ == "__main__":
    logging.basicConfig(stream=sys.stderr, level=logging.WARNING)
    sys.exit(main())
